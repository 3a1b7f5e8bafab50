"""Score sheets: one format for the wizard, the saved game, the history and `goldrush score`.

A sheet is `game = "<id>"` and one `[[players]]` table per player, in seat order, with
`name` and the game's fields. Each game declares its sheet (`SheetSpec`): the fields asked,
the categories they score in, and the tie-break chain with a sentence that explains it.
Ranks: players still tied after every tie-break share a rank, and the next rank skips.
"""

from __future__ import annotations

import operator
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import tomli_w

from companion.amounts import is_number, plural, refused_text, whole_digits
from companion.safe_text import quoted

FieldKind = Literal["count", "list", "investments"]
CUBES = {
    3: ("Triple", 3),
    2: ("Double", 4),
    1: ("Single", 7),
}  # size: (name, how many a player has)


class SheetError(ValueError):
    """A sheet that cannot be scored; the message names the player and the field."""


@dataclass(frozen=True)
class Field:
    """One thing asked per player: a count, a list of numbers, or (Builders) investments."""

    key: str
    label: str
    kind: FieldKind = "count"
    prompt: str = ""
    # A count looked up in a chart printed on the components (e.g. Coloma's Frontier Map):
    # the wizard asks the count, the sheet keeps the points. See `KNOWN_CHARTS`.
    chart: str = ""
    # What a sheet without this field means (e.g. Coloma's Hotels when the module is off);
    # None: the field must be there.
    default: int | None = None
    # A list's most numbers, or a count's largest, and why (e.g. Coloma: 4 Rivers a
    # player, 6 Horses); None: no limit. A count past it is refused as typed in the wizard
    # (a sheet kept with one still scores).
    most: int | None = None
    most_why: str = ""

    def too_many(self, count: int) -> str | None:
        """The problem with a list of `count` numbers for this field, or None."""
        if self.most is None or count <= self.most:
            return None
        return f"at most {self.most} numbers ({self.most_why}), not {count}"


@dataclass(frozen=True)
class Category:
    """A column of the standings and how a player's fields turn into its points."""

    key: str
    label: str
    points: Callable[[Mapping[str, Any]], int]


@dataclass(frozen=True)
class TieBreak:
    label: str
    value: Callable[[Mapping[str, Any]], int]


@dataclass(frozen=True)
class SheetSpec:
    game: str
    title: str
    min_players: int
    max_players: int
    fields: tuple[Field, ...]
    categories: tuple[Category, ...]
    tiebreaks: tuple[TieBreak, ...]
    tiebreak_sentence: str
    # a check across players (e.g. Boomtown's 5 mayor pawns in all): the problem, or None
    check: Callable[[list[dict[str, Any]]], str | None] | None = None
    # the field that check is about: the wizard says it at that step (Coloma's Hotels were
    # said at the last step, Horses, beside whoever: a play-test); None: the last step
    check_field: str | None = None
    # what a total counts: "points", or "dollars" (Calamityville: the richest wins)
    unit: str = "points"

    def problem_across(self, rows: list[dict[str, Any]]) -> str | None:
        """`check`'s problem across the players, with what each one has of `check_field`
        ("..., not 7 (Mayors: Ann 4, Bo 2, Cy 1)."): a sheet with too many mayor pawns was
        refused naming no player, so nobody knew which line to look at (a play-test)."""
        problem = self.check(rows) if self.check is not None else None
        if problem is None or self.check_field is None:
            return problem
        key = self.check_field
        held = [f"{row['name']} {row[key]}" for row in rows if _whole(row.get(key)) and row[key]]
        if not held:
            return problem
        label = next((f.label for f in self.fields if f.key == key), key)
        return f"{problem.removesuffix('.')} ({label}: {', '.join(held)})."

    def total(self, player: Mapping[str, Any]) -> int:
        return sum(category.points(player) for category in self.categories)

    def scored_from(self, category: Category, field: Field) -> bool:
        """Whether `category` is scored from `field`: its own (the same key), or, for a
        category named after no field (Builders' buildings and goldmines), any."""
        return category.key == field.key or all(category.key != other.key for other in self.fields)

    def counts_in_total(self, field: Field) -> bool:
        """Whether a category is scored from `field` (Coloma's Horses only break ties)."""
        return any(self.scored_from(category, field) for category in self.categories)

    def amount(self, total: int) -> str:
        """A total in words: "9 points", "1 point", "$2,200"."""
        if self.unit == "dollars":
            return f"${total:,}"
        return plural(total, self.unit.removesuffix("s"), self.unit)


@dataclass
class Standing:
    name: str
    breakdown: dict[str, int]
    total: int
    tiebreaks: tuple[int, ...]
    rank: int = 0


@dataclass
class Result:
    game: str
    standings: list[Standing] = field(default_factory=list)  # in rank order

    @property
    def winners(self) -> list[str]:
        return [standing.name for standing in self.standings if standing.rank == 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "standings": [
                {"name": s.name, "total": s.total, "rank": s.rank, "breakdown": s.breakdown}
                for s in self.standings
            ],
            "winners": self.winners,
        }


def points_key(spec: SheetSpec, key: str) -> str:
    """A category's key as `goldrush score --json` names it: what it holds. A sheet's keys
    name what was counted ("mayors" = 2 pawns), and the breakdown held their points under
    the same key ("mayors": 10 read as ten pawns: a play-test): "mayor_points". A game
    scored in dollars (Calamityville's "money") holds what its key says already."""
    if spec.unit != "points":
        return key
    return f"{key.removesuffix('s')}_points"


def score_json(spec: SheetSpec, result: Result) -> dict[str, Any]:
    """What `goldrush score --json` prints: `Result.to_json` with each breakdown key named
    after what it holds (`points_key`)."""
    data = result.to_json()
    for standing in data["standings"]:
        standing["breakdown"] = {
            points_key(spec, key): points for key, points in standing["breakdown"].items()
        }
    return data


# ------------------------------------------------------------------ helpers for sheets


def total_of(key: str) -> Callable[[Mapping[str, Any]], int]:
    return lambda player: sum(player[key])


def count_of(key: str, times: int = 1) -> Callable[[Mapping[str, Any]], int]:
    return lambda player: times * player[key]


def investment_points(investment: Mapping[str, Any]) -> int:
    """(vp + 2 if next to a Goldmine) x cube, for a building that scores at all."""
    vp = investment["vp"]
    if vp <= 0:
        return 0
    return (vp + (2 if investment.get("goldmine", False) else 0)) * investment["cube"]


# ------------------------------------------------------------------ reading a sheet


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# No cardboard comes near these; they keep a hostile sheet's totals small enough to print
# (Python refuses to print an integer of more than 4,300 digits) and its lists quick to sum.
MAX_SHEET_NUMBER = 1_000_000_000
MAX_SHEET_ITEMS = 1_000


def _shown(value: Any) -> str:
    """A value for a message, cut short (a hostile sheet's value can be huge)."""
    if _whole(value) and abs(value) > MAX_SHEET_NUMBER:
        return f"a number of more than {MAX_SHEET_NUMBER:,}"
    if isinstance(value, list | dict):
        return f"a {type(value).__name__} of {len(value)} items" if len(value) > 5 else repr(value)
    text = quoted(value)  # (a text's backslash once, its control characters escaped)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_number(value: Any, where: str) -> int:
    if not _whole(value):
        raise SheetError(f"{where}: expected a whole number, got {_shown(value)}")
    if value < 0:
        raise SheetError(f"{where}: cannot be negative ({_shown(value)})")
    if value > MAX_SHEET_NUMBER:
        raise SheetError(f"{where}: at most {MAX_SHEET_NUMBER:,}, got {_shown(value)}")
    return value


def _check_field(spec: Field, value: Any, who: str) -> Any:
    where = f"{who}, field {quoted(spec.key)}"
    if spec.kind == "count":
        return _check_number(value, where)
    if spec.kind == "list":
        if not isinstance(value, list):
            raise SheetError(f"{where}: expected a list of whole numbers, got {_shown(value)}")
        if len(value) > MAX_SHEET_ITEMS:
            raise SheetError(f"{where}: at most {MAX_SHEET_ITEMS:,} numbers, got {len(value):,}")
        problem = spec.too_many(len(value))
        if problem:
            raise SheetError(f"{where}: {problem}")
        for number, item in enumerate(value, start=1):
            if not _whole(item):
                raise SheetError(
                    f"{where}: expected a list of whole numbers, item {number} is {_shown(item)}"
                )
            if item < 0:
                raise SheetError(f"{where}: numbers cannot be negative (item {number} is {item})")
            if item > MAX_SHEET_NUMBER:
                raise SheetError(
                    f"{where}: numbers are at most {MAX_SHEET_NUMBER:,} "
                    f"(item {number} is {_shown(item)})"
                )
        return list(value)
    return _check_investments(value, where)


def _check_investments(value: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise SheetError(f"{where}: expected a list of investments (tables with vp and cube)")
    if len(value) > MAX_SHEET_ITEMS:
        raise SheetError(f"{where}: at most {MAX_SHEET_ITEMS:,} investments, got {len(value):,}")
    checked = []
    for number, item in enumerate(value, start=1):
        unknown = set(item) - {"vp", "cube", "goldmine"}
        if unknown:
            keys = ", ".join(quoted(key) for key in sorted(unknown))
            raise SheetError(f"{where}: investment {number} has unknown keys {keys}")
        vp, cube, goldmine = item.get("vp"), item.get("cube"), item.get("goldmine", False)
        if not _whole(vp) or not 0 <= vp <= MAX_SHEET_NUMBER:
            raise SheetError(
                f"{where}: investment {number}: vp must be a whole number from 0 to "
                f"{MAX_SHEET_NUMBER:,}"
            )
        if not _whole(cube) or cube not in CUBES:
            raise SheetError(
                f"{where}: investment {number}: cube must be 1, 2 or 3, not {_shown(cube)}"
            )
        if not isinstance(goldmine, bool):
            raise SheetError(f"{where}: investment {number}: goldmine must be true or false")
        checked.append({"vp": vp, "cube": cube, "goldmine": goldmine})
    for size, (name, most) in CUBES.items():
        used = sum(1 for item in checked if item["cube"] == size)
        if used > most:
            raise SheetError(f"{where}: {used} {name} cubes, but a player has only {most}")
    return checked


def read_sheet(
    doc: Mapping[str, Any], specs: Mapping[str, SheetSpec]
) -> tuple[SheetSpec, list[dict[str, Any]]]:
    """Check a parsed sheet; return its spec and its players with every field checked."""
    game = doc.get("game")
    if not isinstance(game, str):
        raise SheetError("the sheet has no 'game' (one of: " + ", ".join(specs) + ")")
    spec = specs.get(game)
    if spec is None:
        raise SheetError(f"unknown game {quoted(game)} (one of: {', '.join(specs)})")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise SheetError("the sheet has no [[players]] tables")
    if not spec.min_players <= len(players) <= spec.max_players:
        raise SheetError(
            f"{spec.title} is for {spec.min_players}-{spec.max_players} players, "
            f"the sheet has {len(players)}"
        )
    checked: list[dict[str, Any]] = []
    seen: set[str] = set()
    for seat, player in enumerate(players, start=1):
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise SheetError(f"player {seat}: field 'name' is missing or empty")
        who = f"player {quoted(name)}"
        if name.strip().casefold() in seen:
            raise SheetError(f"{who}: the name appears twice")
        seen.add(name.strip().casefold())
        row: dict[str, Any] = {"name": name}
        for spec_field in spec.fields:
            if spec_field.key not in player and spec_field.default is not None:
                row[spec_field.key] = spec_field.default
                continue
            if spec_field.key not in player:
                raise SheetError(f"{who}: field {quoted(spec_field.key)} is missing")
            row[spec_field.key] = _check_field(spec_field, player[spec_field.key], who)
        unknown = set(player) - {"name"} - {f.key for f in spec.fields}
        if unknown:
            raise SheetError(f"{who}: unknown field {quoted(sorted(unknown)[0])}")
        checked.append(row)
    problem = spec.problem_across(checked)
    if problem:
        raise SheetError(problem)
    return spec, checked


def parse_sheet_text(
    text: str | bytes, specs: Mapping[str, SheetSpec]
) -> tuple[SheetSpec, list[dict[str, Any]]]:
    """Parse and check a sheet; anything wrong with it is one SheetError with one line."""
    return read_sheet(_sheet_document(text), specs)


def parse_sheet_as_played(
    text: str | bytes, specs: Mapping[str, SheetSpec]
) -> tuple[SheetSpec, list[dict[str, Any]]]:
    """`parse_sheet_text`, its spec without the fields of a module the game was played
    without: those a sheet may leave out (`Field.default`) that no player has, and their
    categories. `goldrush score` showed a Hotels column of 0s for a Coloma game played
    without the Hotel Building module (a play-test)."""
    doc = _sheet_document(text)
    spec, rows = read_sheet(doc, specs)
    players = doc["players"]
    unused = {
        spec_field.key
        for spec_field in spec.fields
        if spec_field.default is not None and all(spec_field.key not in p for p in players)
    }
    return without_fields(spec, unused), rows


def without_fields(spec: SheetSpec, unused: Iterable[str]) -> SheetSpec:
    """`spec` without these fields and their categories (a module the game was played
    without); `spec` itself when there are none."""
    unused = set(unused)
    if not unused:
        return spec
    return replace(
        spec,
        fields=tuple(f for f in spec.fields if f.key not in unused),
        categories=tuple(c for c in spec.categories if c.key not in unused),
    )


def _sheet_document(text: str | bytes) -> dict[str, Any]:
    """A sheet's TOML as read; SheetError when it cannot be."""
    try:
        return tomllib.loads(text.decode("utf-8") if isinstance(text, bytes) else text)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SheetError(f"not a readable TOML sheet ({error})") from None
    except RecursionError:
        raise SheetError("not a readable TOML sheet (nested too deeply)") from None
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        raise SheetError(f"not a readable TOML sheet ({error})") from None


def sheet_text(spec: SheetSpec, players: list[Mapping[str, Any]]) -> str:
    """The sheet as TOML, fields in the spec's order (what the app saves and the CLI reads)."""
    rows = []
    for player in players:
        row: dict[str, Any] = {"name": player["name"]}
        for spec_field in spec.fields:
            value = player[spec_field.key]
            if spec_field.kind == "investments":
                value = [
                    {
                        "vp": i["vp"],
                        "cube": i["cube"],
                        **({"goldmine": True} if i.get("goldmine") else {}),
                    }
                    for i in value
                ]
            row[spec_field.key] = value
        rows.append(row)
    return tomli_w.dumps({"game": spec.game, "players": rows})


def tracked_numbers(
    spec: SheetSpec,
    tracked: list[Mapping[str, Any]],
    started: list[Mapping[str, Any]],
    sheet: list[Mapping[str, Any]] | None = None,
) -> dict[str, list[Any]]:
    """Per number or list field the game tracked (not a chart's count), each player's
    number (or numbers), for the wizard to question an answer typed over it: a pre-filled
    48 typed over as 64 at the table went in unremarked and changed the winner (a
    play-test). A field whose values are all still those the game `started` with is left
    out: the table kept it on the cardboard, not here, and every answer typed would be
    questioned. `sheet`: a reopened game's answers; one its sheet kept over the app's
    number is None (not questioned again: "The app tracked" stands beside it)."""
    numbers = _tracked_numbers(spec, tracked, started)
    for key, values in numbers.items():
        for seat, row in enumerate((sheet or [])[: len(values)]):
            if not _same_numbers(row.get(key), values[seat]):
                values[seat] = None
    return numbers


def _same_numbers(first: Any, second: Any) -> bool:
    """Two answers alike (a list's numbers in any order)."""
    if isinstance(first, list) and isinstance(second, list):
        return sorted(first) == sorted(second)
    return bool(first == second)


def _tracked_numbers(
    spec: SheetSpec, tracked: list[Mapping[str, Any]], started: list[Mapping[str, Any]]
) -> dict[str, list[Any]]:
    numbers: dict[str, list[Any]] = {}
    for spec_field in spec.fields:
        if spec_field.kind not in ("count", "list") or spec_field.chart:
            continue
        key = spec_field.key
        values = [board.get(key) for board in tracked]
        wanted = int if spec_field.kind == "count" else list
        if not values or not all(type(value) is wanted for value in values):
            continue
        if values != [board.get(key) for board in started]:
            numbers[key] = values
    return numbers


def board_hints(
    spec: SheetSpec,
    tracked: list[dict[str, Any]],
    shown: list[dict[str, Any]],
    hints: dict[str, list[str]],
) -> dict[str, list[str]]:
    """`hints` with, for each answer a reopened game's sheet put over a different number
    the screen tracks, that number ("The app tracked: 18"): a correction made after the finish
    was not seen in the wizard, which offered the old sheet's 13 to be saved again (a
    play-test). A hint the game gives already stays."""
    merged = {key: list(lines) for key, lines in hints.items()}
    for spec_field in spec.fields:
        key = spec_field.key
        for seat, (board, answer) in enumerate(zip(tracked, shown, strict=False)):
            if key not in board or board[key] == answer.get(key):
                continue
            lines = merged.setdefault(key, [])
            lines.extend([""] * (seat + 1 - len(lines)))
            if not lines[seat]:
                value = board[key]
                lines[seat] = " ".join(map(str, value)) if isinstance(value, list) else str(value)
    return merged


@dataclass(frozen=True)
class Followed:
    """An answer a reopened game's wizard took from the game: changed there since its last
    sheet (`was`: the sheet's answer, as the wizard shows one)."""

    seat: int
    key: str
    label: str
    was: str


def follow_since_sheet(
    spec: SheetSpec,
    rules: Any,
    state: Any,
    then: Any,
    rows: list[dict[str, Any]],
    tracked: list[dict[str, Any]],
    known: Mapping[str, Any],
) -> tuple[list[dict[str, Any]], list[Followed]]:
    """`follow_the_board` for a reopened game: `rows` (its last sheet over what the game
    tracks now, `tracked`) with what the game changed since the sheet (`then`: its state at
    that finish) taken from the game; `rules` the game's (`Rules`), `known` what earlier
    games taught it (cards' VP)."""
    return follow_the_board(
        spec,
        rows,
        tracked,
        rules.prefill(then, known),
        rules.score_places(state),
        rules.score_places(then),
        readings_now=rules.score_readings(state),
        readings_then=rules.score_readings(then),
    )


def follow_the_board(
    spec: SheetSpec,
    rows: list[dict[str, Any]],
    now: list[dict[str, Any]],
    then: list[dict[str, Any]],
    places_now: Mapping[str, list[list[Any]]] | None = None,
    places_then: Mapping[str, list[list[Any]]] | None = None,
    *,
    readings_now: Mapping[str, list[list[Any]]] | None = None,
    readings_then: Mapping[str, list[list[Any]]] | None = None,
) -> tuple[list[dict[str, Any]], list[Followed]]:
    """A reopened game's answers (`rows`, its last sheet's) with each number the game
    changed since that sheet was saved (`then`: what the screen tracked when it was; `now`:
    what it tracks) taken from the game, and which they are. A table reopened a game to
    correct a payment and the wizard offered the old sheet, so the old winner was saved
    again (a play-test); an answer the table typed over the board's number at the finish,
    for a number the game has not changed since, stays. `places_now` / `places_then`: per
    investments field, where each player's buildings stand (`Rules.score_places`), so that
    a typed VP follows its building to whoever owns it now; `readings_now` /
    `readings_then`: what each building's VP is read off (`Rules.score_readings`), so that
    a VP typed for a distance the token no longer gives is the game's (a ? to type when
    not known), as another changed answer is."""
    followed = [dict(row) for row in rows]
    taken: list[Followed] = []
    for spec_field in spec.fields:
        key = spec_field.key
        moved = None
        reread: list[bool] = []  # per seat: a building's VP read off anew since the sheet
        if spec_field.kind == "investments" and places_now and places_then:
            spots_now, spots_then = places_now.get(key), places_then.get(key)
            read = (
                _read_at(spots_now, (readings_now or {}).get(key)),
                _read_at(spots_then, (readings_then or {}).get(key)),
            )
            if not all(read):  # (one side not given, or not one a building: none anew)
                read = {}, {}
            moved = _investments_moved(key, followed, now, then, spots_now, spots_then, read)
            reread = _reread(spots_now, *read)
        # (a list's numbers in another order are the same answer: a number taken off and
        # put back is no change since the sheet)
        same = _same_numbers if spec_field.kind == "list" else operator.eq
        for seat, (row, board, before) in enumerate(zip(followed, now, then, strict=False)):
            if key not in board or key not in before:
                continue
            if same(board[key], before[key]) and not (seat < len(reread) and reread[seat]):
                continue
            value = board[key]
            if spec_field.kind == "investments":  # VPs typed off cards: by the buildings'
                value = moved[seat] if moved is not None else None  # places, or as typed
                if value is None:
                    continue
            if not same(row.get(key), value):
                taken.append(Followed(seat, key, spec_field.label, _said(spec_field, row.get(key))))
                row[key] = value
    return followed, taken


def _investments_moved(
    key: str,
    rows: list[dict[str, Any]],
    now: list[dict[str, Any]],
    then: list[dict[str, Any]],
    places_now: list[list[Any]] | None,
    places_then: list[list[Any]] | None,
    read: tuple[dict[Any, Any], dict[Any, Any]] = ({}, {}),
) -> list[list[dict[str, Any]] | None] | None:
    """Each player's buildings now, each with the VP typed for the building at its place
    in the last sheet (whoever owned it then: a Store corrected from Bob's to Zoë's kept its
    VP among Bob's answers, a play-test), its cube and Goldmine as the game has them; a
    building the sheet did not have takes the board's VP (a ? when not known), and so does
    one whose VP is read off anew (`read`, now and then, by place: `_read_at`). None for a
    player whose typed answers cannot be paired with the buildings (another count typed)
    and who gains one; None for all when the places are not given for every player."""
    if (
        places_now is None
        or places_then is None
        or not len(places_now) == len(places_then) == len(rows) == len(now) == len(then)
    ):
        return None
    typed_at: dict[Any, Mapping[str, Any]] = {}
    board_at: dict[Any, Mapping[str, Any]] = {}  # each building as the game had it then
    paired = []
    for row, before, places in zip(rows, then, places_then, strict=True):
        typed, buildings = row.get(key), before.get(key, ())
        if isinstance(buildings, list) and len(buildings) == len(places):
            board_at.update(zip(places, buildings, strict=True))
        pairs = isinstance(typed, list) and len(typed) == len(buildings) == len(places)
        paired.append(pairs)
        if pairs:
            typed_at.update(zip(places, typed, strict=True))
    now_read, then_read = read
    moved: list[list[dict[str, Any]] | None] = []
    for board, places, pairs in zip(now, places_now, paired, strict=True):
        buildings = board.get(key, [])
        if len(buildings) != len(places) or (
            not pairs and any(place not in typed_at for place in places)
        ):
            moved.append(None)
            continue
        moved.append(
            [
                _building_followed(
                    building,
                    typed_at.get(place),
                    board_at.get(place),
                    now_read.get(place) != then_read.get(place),
                )
                for building, place in zip(buildings, places, strict=True)
            ]
        )
    return moved


def _read_at(places: list[list[Any]] | None, readings: list[list[Any]] | None) -> dict[Any, Any]:
    """What each building's VP is read off, by where it stands ({} when not given, or not
    one per building: nothing is then read off anew)."""
    if places is None or readings is None or len(readings) != len(places):
        return {}
    read: dict[Any, Any] = {}
    for spots, read_off in zip(places, readings, strict=True):
        if len(spots) == len(read_off):
            read.update(zip(spots, read_off, strict=True))
    return read


def _reread(
    places_now: list[list[Any]] | None, now_read: dict[Any, Any], then_read: dict[Any, Any]
) -> list[bool]:
    """Per player, whether a building of theirs that stood at the last sheet has its VP
    read off anew since (an unnamed card's VP is a ? both then and now: the token moved
    and nothing else said the building changed)."""
    if places_now is None or not then_read:
        return []
    return [
        any(place in then_read and now_read.get(place) != then_read[place] for place in spots)
        for spots in places_now
    ]


def _building_followed(
    building: Mapping[str, Any],
    typed: Mapping[str, Any] | None,
    then: Mapping[str, Any] | None,
    read_anew: bool = False,
) -> dict[str, Any]:
    """One building's answer in a reopened game: the VP typed for it at the last sheet (the
    board's when it had none), and its cube and Goldmine as typed unless the game changed
    them since. A cube typed over the board's (3x3 on a Double) went back to the board's
    Double as soon as anything of that player's changed, even a card's VP the app had
    learned meanwhile (a ? then): "changed since its last sheet" named an answer the game
    had not changed (a play-test). `read_anew`: what the rules read its VP off (its
    distance from the token) changed since: the board's VP (a ? when not known), as
    for a building the sheet did not have; the typed VP for the old distance stayed,
    unremarked (a play-test)."""
    if typed is None:
        return {
            "vp": building["vp"],
            "cube": building["cube"],
            "goldmine": bool(building.get("goldmine")),
        }

    def follows(name: str, now: Any) -> Any:
        if then is not None and then.get(name) == building.get(name):
            return typed[name]  # the game has it as it had it then: as typed
        return now

    return {
        "vp": building["vp"] if read_anew else typed["vp"],
        "cube": follows("cube", building["cube"]),
        "goldmine": bool(follows("goldmine", bool(building.get("goldmine")))),
    }


def followed_notice(followed: list[Followed], names: list[str]) -> str:
    """The reopened wizard's notice of the answers it took from the game, short: the
    sentence naming each answer and both numbers covered the last answers and the buttons
    at 80x24 (a play-test); each answer says "the game's (sheet: N)" beside it instead."""
    labels = list(dict.fromkeys(item.label for item in followed))
    if len(followed) == 1:
        what = f"{names[followed[0].seat]}'s {followed[0].label}"
    else:
        what = f"{len(followed)} answers ({', '.join(labels)})"
    return f"From the game, changed since its last sheet: {what}."


def _said(spec_field: Field, value: Any) -> str:
    """An answer as the wizard shows it (an investment as VPxCUBE, not Python data)."""
    if spec_field.kind == "investments" and isinstance(value, list):
        return answer_text(spec_field, value) or "none"
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def overlay_sheet(
    spec: SheetSpec,
    rows: list[dict[str, Any]],
    text: str,
    charts: Mapping[str, Mapping[int, int]] | None = None,
) -> list[dict[str, Any]]:
    """`rows` (what the screen tracked) with every answer of a saved sheet laid over them,
    player by player (by name): a reopened game's wizard starts from its last sheet. A
    chart field keeps its count (the sheet has the points) when the chart gives exactly one
    count for them. A sheet that cannot be read changes nothing."""
    if not text.strip():
        return rows
    try:
        _, saved = parse_sheet_text(text, {spec.game: spec})
    except SheetError:
        return rows
    by_name = {str(row["name"]).strip().casefold(): row for row in saved}
    names = {str(row["name"]).strip().casefold() for row in rows}
    overlaid = []
    for seat, row in enumerate(rows):
        row = dict(row)
        last = by_name.get(str(row["name"]).strip().casefold())
        if last is None and len(saved) == len(rows):  # renamed since (ctrl+o): the same seat,
            # when its sheet name is nobody's now (the renamed player lost the saved answers)
            in_seat = saved[seat]
            last = in_seat if str(in_seat["name"]).strip().casefold() not in names else None
        for spec_field in spec.fields if last is not None else ():
            value = last[spec_field.key]
            if spec_field.chart:
                chart = (charts or {}).get(spec_field.chart, {})
                counts = [count for count, points in chart.items() if points == value]
                if len(counts) != 1:
                    continue
                value = counts[0]
            row[spec_field.key] = value
        overlaid.append(row)
    return overlaid


# ------------------------------------------------------------------ standings


def score(spec: SheetSpec, players: list[Mapping[str, Any]]) -> Result:
    """Totals, tie-breaks and shared ranks (1, 1, 3); a surviving tie keeps the sheet's order."""
    standings = [
        Standing(
            name=player["name"],
            breakdown={category.key: category.points(player) for category in spec.categories},
            total=spec.total(player),
            tiebreaks=tuple(tiebreak.value(player) for tiebreak in spec.tiebreaks),
        )
        for player in players
    ]
    keys = [(standing.total, *standing.tiebreaks) for standing in standings]
    for standing, key in zip(standings, keys, strict=True):
        standing.rank = 1 + sum(1 for other in keys if other > key)
    ordered = sorted(standings, key=lambda standing: standing.rank)  # stable: sheet order
    return Result(spec.game, ordered)


def winners_sentence(result: Result) -> str:
    winners = result.winners
    if len(winners) == 1:
        return f"{winners[0]} wins"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the win"


def standings_rows(spec: SheetSpec, result: Result) -> tuple[list[str], list[list[str]]]:
    """The standings' headers and rows: rank, player, a column per category, the total,
    then the tie-break figures (what decided a tie). `goldrush score` and the wizard show
    these same cells."""
    headers = ["Rank", "Player", *(c.label for c in spec.categories), "Total"]
    headers += [t.label for t in spec.tiebreaks]
    rows = [
        [
            str(s.rank),
            s.name,
            *(str(s.breakdown[c.key]) for c in spec.categories),
            str(s.total),
            *(str(value) for value in s.tiebreaks),
        ]
        for s in result.standings
    ]
    return headers, rows


def short_heading(label: str) -> str:
    """A category's heading without what is in brackets, where room is short: "Hotels (8
    each)" -> "Hotels"."""
    return re.sub(r"\s*\([^)]*\)$", "", label) or label


def tie_notes(spec: SheetSpec, result: Result) -> list[str]:
    """A sentence per tie on the total, with the tie-break figures that decided it (or that
    it stands): "Ann and Bo tie on 9 points; Gold Nuggets: Ann 2, Bo 1." """
    notes = []
    totals = [standing.total for standing in result.standings]
    for total in sorted(set(totals), reverse=True):
        tied = [standing for standing in result.standings if standing.total == total]
        if len(tied) < 2:
            continue
        names = [standing.name for standing in tied]
        sentence = f"{', '.join(names[:-1])} and {names[-1]} tie on {spec.amount(total)}"
        for index, tiebreak in enumerate(spec.tiebreaks):
            figures = ", ".join(f"{s.name} {s.tiebreaks[index]}" for s in tied)
            sentence += f"; {tiebreak.label}: {figures}"
            if len({s.tiebreaks[: index + 1] for s in tied}) == len(tied):
                break  # every one of them placed
        if len({s.rank for s in tied}) < len(tied):  # ("still" only after a tie-break)
            if not spec.tiebreaks:
                sentence += ": they share the rank"
            else:  # who is still tied, when the tie-break placed some of them (three tied,
                # Cy placed third: "they share the rank" seemed to take Cy in: a play-test)
                sharing = [s.name for s in tied if [t.rank for t in tied].count(s.rank) > 1]
                who = (
                    "they"
                    if len(sharing) == len(tied)
                    else f"{', '.join(sharing[:-1])} and {sharing[-1]}"
                )
                sentence += f"; still tied, {who} share the rank"
        notes.append(sentence + ".")
    return notes


def totals_first(
    headers: list[str], rows: list[list[str]], categories: int
) -> tuple[list[str], list[list[str]]]:
    """`standings_rows`' cells with the total moved from after the categories to right after
    the player's name."""

    def moved(cells: list[str]) -> list[str]:
        total = 2 + categories
        return [*cells[:2], cells[total], *cells[2:total], *cells[total + 1 :]]

    return moved(headers), [moved(row) for row in rows]


def standings_lines(spec: SheetSpec, result: Result, total_first: bool = False) -> list[str]:
    """The standings' table as lines of plain text (a column per category, the total, the
    tie-breaks; `total_first`: the total right after the name, where it is never cut off)."""
    headers, rows = standings_rows(spec, result)
    if total_first:
        headers, rows = totals_first(headers, rows, len(spec.categories))
    return column_lines([headers, *rows])


def column_lines(rows: list[list[str]]) -> list[str]:
    """Rows of cells lined up in columns, measured in terminal cells (a name with an emoji
    takes two for it: counted as one, it pushed its row's columns out of line)."""
    from rich.cells import cell_len  # (Textual's own measure; the CLI's tables only)

    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))] if rows else []
    return [
        "  ".join(
            cell + " " * (width - cell_len(cell)) for cell, width in zip(row, widths, strict=True)
        ).rstrip()
        for row in rows
    ]


def standings_sentences(spec: SheetSpec, result: Result) -> list[str]:
    """Who won, each tie and how it was broken, and the game's tie-break rule."""
    return [winners_sentence(result) + ".", *tie_notes(spec, result), spec.tiebreak_sentence]


def standings_table(spec: SheetSpec, result: Result) -> str:
    """The standings as plain text: a column per category, the total, the tie-breaks."""
    lines = [f"{spec.title}: final standings", "", *standings_lines(spec, result)]
    return "\n".join([*lines, "", *standings_sentences(spec, result)])


# ------------------------------------------------------------------ charts

#: What the rules text gives of each chart; the rest is read off the user's own components,
#: asked once and remembered in the settings (`[charts.<name>]`).
KNOWN_CHARTS: dict[str, dict[int, int]] = {"coloma-frontier": {0: 0, 3: 12, 5: 25}}
CHART_ITEM = re.compile(r"^([0-9]{1,3})\s*=\s*([0-9]{1,4})$")


def chart_with(name: str, remembered: Mapping[str, Any] | None) -> dict[int, int]:
    """The known points of a chart plus what the user told the app before."""
    chart = dict(KNOWN_CHARTS.get(name, {}))
    for count, points in (remembered or {}).items():
        if re.fullmatch(r"[0-9]{1,3}", str(count)) and _whole(points) and points >= 0:
            chart.setdefault(int(count), points)
    return dict(sorted(chart.items()))


def parse_chart(name: str, text: str) -> dict[int, int]:
    """Read `3=12 4=18 5=25`; the points the rules give cannot be changed."""
    chart: dict[int, int] = {}
    for item in re.split(r"[\s,;]+", text.strip()):
        if not item:
            continue
        match = CHART_ITEM.match(item)
        if not match:
            raise SheetError(f"Not a chart entry: {item}. Type COUNT=POINTS, e.g. 4=18.")
        chart[int(match.group(1))] = int(match.group(2))
    for count, points in KNOWN_CHARTS.get(name, {}).items():
        if chart.get(count, points) != points:
            raise SheetError(f"The rules give {points} for {count}; that cannot change.")
        chart[count] = points
    return dict(sorted(chart.items()))


def chart_text(chart: Mapping[int, int]) -> str:
    return " ".join(f"{count}={points}" for count, points in sorted(chart.items()) if count)


def look_up(spec: Field, chart: Mapping[int, int], count: int) -> int:
    if count not in chart:
        raise SheetError(
            f"The points for {count} are not known yet: read them off your own board and "
            f"add {count}=POINTS to the Map chart above (the up key from the first answer)."
        )
    return chart[count]


# ------------------------------------------------------------------ typed answers (wizard)

_INVESTMENT = re.compile(r"^([0-9]{1,4})\s*[x\u00d7*]\s*([0-9]{1,2})(\s*\+?g)?$", re.IGNORECASE)
_VP_ALONE = re.compile(r"^([0-9]+)(\+?g)?$", re.IGNORECASE)  # a VP on the board's cube


def field_hint(spec: Field) -> str:
    if spec.kind == "count":
        return "a whole number"
    if spec.kind == "list":
        return "numbers separated by spaces, e.g. 3 4 6 (nothing for none)"
    return (
        "the VP on each building's card, in the order below (e.g. 5 3 0); "
        "or VPxCUBE for each, g for a Goldmine next to it (5x3g 2x1 0x2)"
    )


def parse_answer(spec: Field, text: str) -> Any:
    """Read what was typed for one player and one field; SheetError says what is expected:
    of the first token that does not read, "cannot be negative" when a minus before it is
    all that is wrong with it, else what it is not."""
    stripped = text.strip()
    if spec.kind == "count":
        # as printed on money and bills too: "$2,500" and "2,500" read 2500
        digits = whole_digits(stripped)
        if digits is None:
            raise _refusal(
                stripped,
                stripped,
                lambda plain: whole_digits(plain) is not None,
                f"Type {field_hint(spec)} ({refused_text(stripped)}).",
            )
        number = _typed_number(digits)
        if spec.most is not None and number > spec.most:  # (7 Horses was taken: a play-test)
            raise SheetError(f"At most {spec.most} ({spec.most_why}), not {number}.")
        return number
    if spec.kind == "list":
        tokens = [token for token in re.split(r"[\s,;]+", stripped) if token]
        for token in tokens:
            if not is_number(token):
                raise _refusal(
                    token, stripped, is_number, f"Not a number: {token}. Type {field_hint(spec)}."
                )
        problem = spec.too_many(len(tokens))
        if problem:
            raise SheetError(f"{problem[0].upper()}{problem[1:]}.")
        return [_typed_number(token) for token in tokens]
    investments = []
    for token in investment_tokens(stripped):
        match = _INVESTMENT.match(token)
        if not match:
            raise _refusal(
                token,
                stripped,
                lambda plain: _INVESTMENT.match(plain) is not None,
                f"Not an investment: {token}. Type {field_hint(spec)}.",
            )
        vp, cube, goldmine = int(match.group(1)), int(match.group(2)), bool(match.group(3))
        investments.append({"vp": vp, "cube": cube, "goldmine": goldmine})
    return _typed_investments(investments)


def investment_tokens(text: str) -> list[str]:
    """The investments typed (`5x3g, 2 x 1 7`): one token each, a VPxCUBE with spaces in
    it (and a minus before it) one too; anything else up to a space, comma or semicolon.
    The one copy `parse_answer` and `parse_vps` read them with."""
    spaced = re.sub(r"[,;]", " ", text)
    return re.findall(r"(?:-\s*)?[0-9]+\s*[x\u00d7*]\s*[0-9]+(?:\s*\+?g)?|\S+", spaced, re.I)


def _without_minus(token: str) -> str | None:
    """`token` without the minus it starts with (`-2` -> `2`), or None when it has none."""
    match = re.fullmatch(r"-\s*(\S.*)", token, re.DOTALL)
    return match.group(1) if match else None


def _refusal(token: str, typed: str, reads: Callable[[str], bool], otherwise: str) -> SheetError:
    """The refusal of `token`, the first that does not read of what was `typed`: "cannot be
    negative" when it is a minus before what `reads`, else `otherwise` (what it is not).
    Per token, so that the first one decides: a check of the whole text first said "-2 x7"
    was no number and "x7 -2" negative, or the other way round (a play-test, a review)."""
    plain = _without_minus(token)
    if plain is not None and reads(plain):
        return SheetError(f"Numbers cannot be negative here (not {typed}).")
    return SheetError(otherwise)


def _typed_investments(investments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Investments typed in the wizard, checked with a player's sentence: a sheet file's
    wording ("investments: investment 1: cube must be 1, 2 or 3, not 4") was shown under
    a `5x4` typed at the table (a play-test)."""
    for number, item in enumerate(investments, start=1):
        if item["cube"] not in CUBES:
            raise SheetError(
                f"Building {number}'s cube is 1 (Single), 2 (Double) or 3 (Triple), not "
                f"{item['cube']}."
            )
    for size, (name, most) in CUBES.items():
        used = sum(1 for item in investments if item["cube"] == size)
        if used > most:
            raise SheetError(f"{used} {name}s typed: a player has {most} {name} cubes.")
    return _check_investments(investments, "investments")


#: a card's VP the app does not know, in a pre-filled answer only (shown as `?`, refused
#: until the table types it: a 0 there stood as the card's score, a play-test)
UNKNOWN_VP = -1


def parse_vps(text: str, board: list[Mapping[str, Any]]) -> list[dict[str, Any]] | None:
    """The VP read off each building's card, typed in the board's order (`5 3 0`): each
    paired with its cube and Goldmine from `board`; a building typed as VPxCUBE among them
    (`5 3x2 0`) takes the cube typed, and keeps the board's Goldmine. Each one typed as
    VPxCUBE, one per building: see `_paired_by_cube`. None when the text is VPxCUBE alone,
    not one per building (then it is read as such, whatever the board)."""
    tokens = investment_tokens(text.strip())
    if board and not tokens:
        count = len(board)
        raise SheetError(
            f"{count} building{'s' if count != 1 else ''} on the board: type the VP each "
            "card shows (0 for none), in the order below."
        )
    if board and "?" in tokens:  # (an unnamed card is never known: not "from an earlier
        number = tokens.index("?") + 1  # game", a play-test)
        raise SheetError(
            f"Building {number}'s VP is not known (card unnamed or new, or token moved): "
            "type the VP it shows in place of its ?."
        )
    # a VP alone takes the board's cube; with a g (`5g`), a Goldmine beside it too (refused
    # while `5x3g` was taken: a play-test); which they are is told as if without a minus
    # (refused below: "-5 -2" was read as VPxCUBE, "Not an investment: -5", a review)
    alone = [_VP_ALONE.match(token) for token in tokens]
    typed = [_INVESTMENT.match(token) for token in tokens]
    unsigned = [_without_minus(token) or token for token in tokens]
    if not board or (
        not any(_VP_ALONE.match(token) for token in unsigned)
        and not (len(tokens) == len(board) and all(_INVESTMENT.match(t) for t in unsigned))
    ):
        return None
    for token, vp_alone, match in zip(tokens, alone, typed, strict=True):
        if vp_alone is None and match is None:  # VPs with a word among them: that word is
            # named (the first VP was: a play-test)
            raise _refusal(
                token,
                text.strip(),
                lambda plain: bool(_VP_ALONE.match(plain) or _INVESTMENT.match(plain)),
                f"Not a VP: {token}. Type the VP each card shows (0 for none), or VPxCUBE.",
            )
    if len(tokens) != len(board):
        count = len(board)
        raise SheetError(
            f"{count} building{'s' if count != 1 else ''} on the board: type {count} VP "
            f"(one per building, in the order below), or VPxCUBE for each."
        )
    if not any(alone):  # (checked in the order typed: "Building 2's cube" is the 2nd)
        as_typed = [
            {"vp": _typed_number(m.group(1)), "cube": int(m.group(2)), "goldmine": bool(m.group(3))}
            for m in typed
            if m is not None
        ]
        return _paired_by_cube(_typed_investments(as_typed), board)
    investments = []
    for vp_alone, match, building in zip(alone, typed, board, strict=True):
        if vp_alone is not None:
            vp, cube = vp_alone.group(1), building["cube"]
            goldmine = bool(vp_alone.group(2)) or bool(building.get("goldmine"))
        else:  # in its place among VPs: the cube typed; the Goldmine the board's, or one
            # g adds (`5x3` beside one read as none, its +2 dropped: a play-test)
            assert match is not None
            vp, cube = match.group(1), int(match.group(2))
            goldmine = bool(match.group(3)) or bool(building.get("goldmine"))
        investments.append({"vp": _typed_number(vp), "cube": cube, "goldmine": goldmine})
    return _typed_investments(investments)


def _paired_by_cube(
    typed: list[dict[str, Any]], board: list[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Every building typed as VPxCUBE, one per building, in the board's order: each paired
    with the board's building of its cube, at its own place when the cube is the board's
    there, else the first other of that cube; it takes that building's Goldmine (typed in
    another order, `5x3 2x1` gave the +2 of the Single's Goldmine to the Triple: +6, a
    review). Those whose cube the board has nowhere left take the places left, in order,
    with a Goldmine where it is certain: every building left has one (`5x3` over the
    board's Double next to one, a play-test), or none has; else only a g typed (asked
    about beside the answer)."""
    place_of = {
        number: number for number, item in enumerate(typed) if item["cube"] == board[number]["cube"]
    }
    for number, item in enumerate(typed):
        free = [
            place
            for place, building in enumerate(board)
            if building["cube"] == item["cube"] and place not in place_of.values()
        ]
        if number not in place_of and free:
            place_of[number] = free[0]
    left_over = [number for number in range(len(typed)) if number not in place_of]
    places_left = [place for place in range(len(board)) if place not in place_of.values()]
    place_of.update(zip(left_over, places_left, strict=True))
    certain = {bool(board[place].get("goldmine")) for place in places_left} == {True}
    paired: dict[int, dict[str, Any]] = {}
    for number, item in enumerate(typed):
        place = place_of[number]
        goldmine = certain if number in left_over else bool(board[place].get("goldmine"))
        paired[place] = {**item, "goldmine": item["goldmine"] or goldmine}
    return [paired[place] for place in range(len(board))]


def _typed_number(digits: str) -> int:
    """ASCII digits typed in the wizard, refused as too large past 999,999,999."""
    if len(digits.lstrip("0")) > 9:
        raise SheetError(f"{digits[:12]}… is too large (at most 999,999,999).")
    return int(digits)


def answer_text(spec: Field, value: Any) -> str:
    """The text that `parse_answer` reads back as `value` (to pre-fill the wizard)."""
    if spec.kind == "count":
        return str(value)
    if spec.kind == "list":
        return " ".join(str(item) for item in value)
    return " ".join(f"{i['vp']}x{i['cube']}{'g' if i.get('goldmine') else ''}" for i in value)


def cubes_left(
    investments: list[Mapping[str, Any]], supply: Mapping[int, int] | None = None
) -> str:
    """The cubes a player has not invested; `supply`: how many of each they have in all,
    as the game tracks them (a correction changes it), else the box's."""
    parts = []
    for size, (name, most) in CUBES.items():
        most = supply.get(size, most) if supply else most
        left = most - sum(1 for item in investments if item["cube"] == size)
        parts.append(f"{left} {name}{'s' if left != 1 else ''}")
    return "Cubes left: " + ", ".join(parts)
