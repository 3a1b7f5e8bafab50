"""Boomtown Builders (Schwarzmann & McCollum), 2-4 players."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.amounts import AmountError, is_number, parse_count
from companion.gamefile import Header
from companion.games.base import (
    Fix,
    NumberSpec,
    OptionSpec,
    RuleError,
    Rules,
    SheetOf,
    TableState,
    refuse_unsafe_text,
)
from companion.games.builders_track import (
    CUBE_NAMES,
    SUPPLY,
    Placement,
    check_cube,
    mountain_problem,
    place_token,
    plural,
)
from companion.journal import Entry
from companion.safe_text import quoted

if TYPE_CHECKING:
    from companion.scoring import SheetSpec


def _buildings(player: dict[str, Any]) -> int:
    return sum(i["vp"] * i["cube"] for i in player["investments"] if i["vp"] > 0)


def _goldmines(player: dict[str, Any]) -> int:
    from companion.scoring import investment_points

    return sum(investment_points(i) - i["vp"] * i["cube"] for i in player["investments"])


def _scoring_cubes(player: dict[str, Any]) -> int:
    return sum(1 for investment in player["investments"] if investment["vp"] > 0)


def _sheet() -> SheetSpec:
    """The score sheet (`BuildersRules.sheet`, made when first asked for)."""
    from companion.scoring import Category, Field, SheetSpec, TieBreak

    return SheetSpec(
        game="builders",
        title="Boomtown Builders",
        min_players=2,
        max_players=4,
        fields=(
            Field(
                "investments",
                "Investments",
                "investments",
                "Each invested building: the VP its card shows at its distance from the token",
            ),
        ),
        categories=(
            Category("buildings", "Buildings", _buildings),
            Category("goldmines", "Goldmines (+2 x cube)", _goldmines),
        ),
        tiebreaks=(TieBreak("Investment Cubes on the Scoring Track", _scoring_cubes),),
        tiebreak_sentence=(
            "Ties: most Investment Cubes on the Scoring Track (every size counts 1); "
            "players still tied share the rank."
        ),
    )


TERRAIN = {  # kind -> what is printed; a building goes on none of them
    "mountain-left": "Mountain (arrow left)",
    "mountain-right": "Mountain (arrow right)",
    "lake": "Lake",
    "goldmine": "Goldmine",
    "hideout": "Hideout",  # a Hideout Card (the box's 9, on the board's marked spaces)
    "hideout-terrain": "Hideout Terrain Card",  # one dealt from the Terrain deck
}


#: Each terrain's mark on the board and the word its legend says (a Mountain either way), in
#: the legend's order: the game screen's board and the table display's draw the same.
TERRAIN_MARKS = {
    "mountain-left": ("M<", "Mountain"),
    "mountain-right": ("M>", "Mountain"),
    "lake": ("~~", "Lake"),
    "goldmine": ("$$", "Goldmine"),
    "hideout": ("Hd", "Hideout"),
    "hideout-terrain": ("HT", "Hideout Terrain Card"),
}


def terrain_legend(kinds: set[str]) -> list[str]:
    """The legend's line for each word among these kinds, all its marks first ("M< M>
    Mountain" for either Mountain, "~~ Lake"), in the legend's order."""
    words = {TERRAIN_MARKS[kind][1] for kind in kinds if kind in TERRAIN_MARKS}
    said: dict[str, list[str]] = {}
    for mark, word in TERRAIN_MARKS.values():
        if word in words:
            said.setdefault(word, []).append(mark)
    return [f"{' '.join(marks)} {word}" for word, marks in said.items()]


#: The board sizes the app takes: rows, and locations a row.
MOST_ROWS = MOST_LOCATIONS = 20


def board_problem(widths: object) -> str:
    """Why these rows' widths make no board the app takes, or "" when they do."""
    if not isinstance(widths, list) or not 1 <= len(widths) <= MOST_ROWS:
        return (
            f"The board has 1 to {MOST_ROWS} rows (the usual board has 10, each with its own "
            "Track Token)."
        )
    if not all(type(w) is int and 1 <= w <= MOST_LOCATIONS for w in widths):
        return f"A row of the board has 1 to {MOST_LOCATIONS} locations."
    return ""


def terrain_named(kind: str) -> str:
    """A terrain named in a sentence, the two Hideouts told apart ("in place of the
    Hideout" said neither which one went nor which came): "Hideout Card", "Hideout
    Terrain Card", "Lake", "Mountain (arrow left)"."""
    return "Hideout Card" if kind == "hideout" else TERRAIN.get(kind, kind)


HIDEOUT_CARDS = 9  # rulebook 002, components: "9 x Hideout Cards"
TERRAIN_CARDS = {2: 12, 3: 9, 4: 6}  # advanced game: how many Terrain Cards are placed
TRACK_TOKENS = 10  # in the box; the board has a row for each
#: a round's token or the next round before everyone built; a player with nowhere left to
#: build is a dead end the rules do not name (a play-test found only ctrl+o's way on)
NOT_BUILT = (
    '{name} has not built yet this round (nowhere left to build? ctrl+o, "Whose turn to '
    'build": none).'
)

READINGS = """\
## Our readings where the rules are silent

- Rows are counted from the first row (where the Train Marker starts, in the middle) and
  columns from the left. Each Track Token goes in the next row; the game ends when every
  row has its token.
- A Goldmine is next to a building when it is in the same row one column away, or in the
  same column one row away (not diagonally). Its +2 is added before the cube multiplies.
- The votes and + icons are printed on the board and the cards: type each card's marks
  when it is built (`<<+`) and each row's printed arrows once (`arrows`, remembered with
  the board's size), and the app moves the Train Marker as buildings are placed. Or type
  the totals when the token is placed (`t 3 1 0`).
- A card's + icons count for the side its own arrows vote for ("buildings on the winning
  side"); a card with as many Left as Right arrows adds no + to either side.
- A Building Card covers the arrows printed under it: the votes are "found on Building
  Cards and empty locations", so a built location votes with its card's marks only.
- A Terrain Card covers the arrows printed under it; a Hideout Card's arrows count once it
  is revealed, at the end of the round (type them with the token: `t <`).
- Hideout Cards (`hide`) are not counted among the Terrain Cards: the box's 9 go on their
  marked spaces at the setup of both games, and are remembered with the board. A Hideout
  dealt from the Terrain deck (advanced game) is a Terrain Card: type it with `th`; it is
  counted with them and not remembered for the next game. No building goes on it, a Track
  Token may. It lies face up like every Terrain Card: if it shows arrows, add them with
  the token (`t <`), as for a revealed Hideout Card.
- The Round Track: one Track Token a round, then the stack. With 2 or 4 players two tokens
  are stacked on the second-to-last space and the last space stays empty; with 3 players
  three are stacked on the last space. Either way the stack is the final round's ("in the
  final round, you will take the Place Track Token step multiple times"): with the usual
  10 rows, 9 rounds and 2 tokens at the end (2 or 4 players), or 8 rounds and 3 (3 players).
  Each token of the stack goes in the next row, one after another (`t` for each).
- "Directly ahead" on a row narrower than the previous token's column is the row's last
  location, the nearest one to straight ahead.
- Mountains whose arrows point at each other, or off the edge, could never take a token:
  they are refused when placed. Whatever the votes say, `t at COLUMN REASON` places the
  row's Track Token where the cardboard has it, but never on a Mountain the board tracker
  has there: the tracker's terrain is then what is wrong (`clear ROW COLUMN` takes it away).
"""

#: a Track Token where the tracker has a Mountain: said with the way out (F1 said `t at`
#: places it whatever the board shows: a play-test)
ON_A_MOUNTAIN = (
    "A Track Token is never placed on a Mountain: if the board has no Mountain at row {row}, "
    "column {column}, take it away first (clear {row} {column})."
)

MARKS = "<>+"
#: what a command typed for what is there already says (each was recorded as an entry
#: that changed nothing, one more ctrl+z to take back "nothing": a play-test); refused
#: where the entries are made, not on replay: a journal holding one still opens
UNCHANGED = "nothing changed."
CUBE_WORDS = {"1": 1, "s": 1, "single": 1, "2": 2, "d": 2, "double": 2, "3": 3, "t": 3, "triple": 3}


def whole_word(text: str) -> int:
    """A whole number typed in a correction (ASCII digits, not too large)."""
    return parse_count(text.strip(), what="A number")


def number_in(text: str, low: int, high: int, noun: str, limits: str) -> int:
    """A whole number from `low` to `high` typed in a correction, or the refusal saying
    what was typed and the range (`limits`, e.g. "A round is 1 to 8"): `+1` was told "must
    be a whole number", `-2` "0 or more" while 0 was refused too (a play-test). AmountError
    when it is not a number, RuleError when it is out of range."""
    typed = text.strip()
    if not typed:
        raise AmountError(f"Type the {noun}, {low} to {high}.")
    if re.fullmatch(r"[+-]\s*[0-9]+", typed):  # (the dialog's `+5 adds`, `-3 takes away`
        # are for a count: `-2` read as round -2 was told only the range, a play-test)
        raise AmountError(
            f"The {noun} is set, not added to or taken from: type it as it is, {low} to {high} "
            f"(not {typed})."
        )
    if not re.fullmatch(r"-?\s*[0-9]+", typed):
        raise AmountError(f"{quoted(typed)} is not a number: {limits[0].lower()}{limits[1:]}.")
    digits = typed.lstrip("-").strip()
    if typed.startswith("-") or len(digits.lstrip("0")) > 9 or not low <= int(digits) <= high:
        raise RuleError(f"{limits} (not {typed}).")
    return int(digits)


def cubes_text(cubes: Mapping[int, int]) -> str:
    """`3 Triples, 4 Doubles, 1 Single`."""
    return ", ".join(plural(cubes[size], CUBE_NAMES[size]) for size in (3, 2, 1))


def cubes_typed(text: str) -> list[int]:
    """The Triples, Doubles and Singles left as typed in a correction (`3 4 7`), each
    within the box's count; refused with what was typed (a play-test saw the example only)."""
    words, typed = text.split(), " ".join(text.split())
    shape = "type the Triples, Doubles and Singles left, e.g. 3 4 7"
    if not words:
        raise RuleError(f"{shape[0].upper()}{shape[1:]}.")
    if len(words) == 3 and all(re.fullmatch(r"[+-]?[0-9]+", w) for w in words):
        if any(w[0] in "+-" for w in words):
            raise RuleError(
                f"Cubes left are set, not added to or taken from: {shape} (not {typed})."
            )
    elif len(words) != 3 or not all(is_number(w) for w in words):
        raise RuleError(f"{quoted(typed)} is not three numbers: {shape}.")
    for size, word in zip((3, 2, 1), words, strict=True):
        if len(word.lstrip("0")) > 2 or int(word) > SUPPLY[size]:
            raise RuleError(f"A player has 0 to {SUPPLY[size]} {CUBE_NAMES[size]}s, not {word}.")
    return [int(word) for word in words]


def player_labels(names: list[str]) -> list[str]:
    """Each player's label on the board, told apart: the first letter when every player's
    differs, else the first two ("Be"/"Bo"), else the seat ("P1", "P2"). Punctuation is
    skipped ("[Cy]" read "[" on the board: a play-test), unless a name has nothing else."""

    def letters(name: str) -> str:
        squashed = "".join(name.split())
        kept = "".join(c for c in squashed if not unicodedata.category(c).startswith("P"))
        return kept or squashed

    for size in (1, 2):
        labels = [letters(name)[:size] for name in names]
        if len({label.casefold() for label in labels}) == len(labels) and all(
            len(label) == size for label in labels
        ):
            return labels
    return [f"P{seat + 1}" for seat in range(len(names))]


def card_tables(known: Mapping[str, Any] | None) -> dict[str, dict[int, int]]:
    """The cards' VP by distance as remembered (`[builders.cards]`); bad entries are skipped."""
    tables: dict[str, dict[int, int]] = {}
    cards = (known or {}).get("cards", {})
    if not isinstance(cards, dict):
        return tables
    for name, table in cards.items():
        if not isinstance(table, dict):
            continue
        tables[str(name).lower()] = {
            int(d): vp
            for d, vp in table.items()
            if is_number(str(d)) and isinstance(vp, int) and not isinstance(vp, bool)
        }
    return tables


def built_before(state: BuildersState, seat: int) -> list[int]:
    """Who has built this round once `seat` builds next: everyone before them clockwise from
    the start player, and those after them who have built already (correcting whose turn it
    is had them all build again: a play-test saw a player asked a second time)."""
    count = len(state.players)
    order = [(state.first_player + step) % count for step in range(count)]
    at = order.index(seat)
    return order[:at] + [other for other in order[at + 1 :] if other in state.built]


def _check_token_row(state: BuildersState) -> None:
    """A Track Token needs the board (asked for first: "no row left" said before it was
    typed), a row left, and once everyone built, a token still due this round (said before
    the arrows are asked for: `t` asked for them, and the totals typed were then refused: a
    play-test)."""
    if not state.widths:
        raise RuleError("Enter the board's size first (board ROWSxWIDTH).")
    if state.over:
        raise RuleError("There is no row left for a Track Token.")
    if state.builder is None:  # (before, the token is worked out all the same: a preview)
        _check_token_due(state)


def _check_token_due(state: BuildersState) -> None:
    if not state.tokens_to_place:
        count = state.tokens_this_round
        placed = "it is" if count == 1 else "they are"
        raise RuleError(
            f"Round {state.round} places {plural(count, 'Track Token')} "
            f"(the Round Track) and {placed} placed: n starts round {state.round + 1}."
        )


def parse_marks(text: str, pluses: bool = True) -> str:
    """A card's (or a location's) Vote Arrows and + icons as typed: `<<+`, `>`, `.` for none."""
    marks = "" if text in (".", "-") else text
    allowed = MARKS if pluses else "<>"
    if any(mark not in allowed for mark in marks) or len(marks) > 6:
        what = "< > and +" if pluses else "< and >"
        raise RuleError(  # (no full stop after what was typed: "<>.." read wrong)
            f"Not a set of marks: {text} (type {what} as printed, or . for none)."
        )
    return "".join(sorted(marks, key=MARKS.index))


def known_marks(text: str, pluses: bool = True) -> str | None:
    """Marks as `parse_marks` reads them, or None when they are not marks (refused where
    they are applied, with the reason)."""
    try:
        return parse_marks(text or ".", pluses)
    except RuleError:
        return None


def same_arrows(state: BuildersState, row: int, marks: list[str]) -> bool:
    """Whether `marks` are the printed arrows a row has already (`.` or "" for none)."""
    return state.arrows.get(row) == [known_marks(mark, pluses=False) for mark in marks]


def rows_named(rows: list[int]) -> str:
    """`rows` (in order) as a player says them: "row 4", "rows 2 to 10", "rows 2, 5 to 7"."""
    runs: list[list[int]] = []
    for row in rows:
        if runs and row == runs[-1][-1] + 1:
            runs[-1].append(row)
        else:
            runs.append([row])
    parts = [
        str(run[0])
        if len(run) == 1
        else f"{run[0]} to {run[-1]}"
        if len(run) > 2
        else f"{run[0]}, {run[1]}"
        for run in runs
    ]
    return f"{'row' if len(rows) == 1 else 'rows'} {', '.join(parts)}"


def tally(marks: str) -> tuple[int, int, int]:
    """(Left arrows, Right arrows, + icons) in a set of marks."""
    return marks.count("<"), marks.count(">"), marks.count("+")


@dataclass(frozen=True)
class Votes:
    """A vote's arrows and + icons, per side."""

    left: int
    right: int
    plus_left: int  # + icons on cards voting Left
    plus_right: int

    @property
    def pluses(self) -> int:
        """The + icons on the winning side (none on a tie)."""
        if self.left == self.right:
            return 0
        return self.plus_left if self.left > self.right else self.plus_right


@dataclass
class Building:
    """A building on the board: its place, owner and cube, and its card when told."""

    row: int
    column: int
    owner: int
    cube: int
    marks: str | None = None  # the card's arrows and + icons as typed; None: not told
    card: str = ""  # the card's name, if told: its VP table is remembered by name


@dataclass
class BuildersState(TableState):
    """A Boomtown Builders table: the round, the board, its tokens and buildings."""

    round: int = 1
    widths: list[int] = field(default_factory=list)  # locations per row; empty: no board yet
    tokens: list[int] = field(default_factory=list)  # the token's column in rows 1, 2, ...
    terrain: dict[tuple[int, int], str] = field(default_factory=dict)
    buildings: list[Building] = field(default_factory=list)
    cubes: list[dict[int, int]] = field(default_factory=list)
    built: list[int] = field(default_factory=list)  # seats that built this round
    arrows: dict[int, list[str]] = field(default_factory=dict)  # row -> printed marks
    #: the card (name, marks) of each building ctrl+o took off, by place: added back there,
    #: it has them again (they were lost, though the correction ended where it started: a
    #: play-test); another card built there is its own
    taken_off: dict[tuple[int, int], tuple[str, str | None]] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return len(self.widths)

    @property
    def train_row(self) -> int:
        """The row the next Track Token goes into (the Train Marker's row)."""
        return len(self.tokens) + 1

    @property
    def over(self) -> bool:
        return bool(self.widths) and len(self.tokens) >= self.rows

    @property
    def placing_terrain(self) -> bool:
        """The advanced game's setup: its Terrain Cards are placed before the first build."""
        return bool(self.options.get("terrain")) and not self.buildings

    @property
    def terrain_to_place(self) -> bool:
        """The advanced game's setup with Terrain Cards still to place (fewer than the
        count for the players)."""
        wanted = TERRAIN_CARDS.get(len(self.players), 0)
        return self.placing_terrain and len(self.terrain_card_spots) < wanted

    def tokens_due(self, round_: int) -> int:
        """How many Track Tokens are on the board at the end of round `round_` (the Round
        Track: one a round, then the final round places the stack: two with 2 or 4 players,
        three with 3 players)."""
        total = self.rows
        stack = 3 if len(self.players) == 3 else 2
        schedule = [1] * max(total - stack, 0) + [stack]
        return min(total, sum(schedule[:round_]))

    @property
    def last_round(self) -> int:
        """The round that places the last Track Token."""
        round_ = 1
        while self.tokens_due(round_) < self.rows:
            round_ += 1
        return round_

    @property
    def tokens_this_round(self) -> int:
        return self.tokens_due(self.round) - self.tokens_due(self.round - 1)

    @property
    def tokens_to_place(self) -> int:
        """Track Tokens this round still has to place (0 once they are all down)."""
        return max(self.tokens_due(self.round) - len(self.tokens), 0)

    def previous_token(self) -> int:
        """The column the next token is straight ahead of (row 1: the Train Marker's start)."""
        if self.tokens:
            return self.tokens[-1]
        return (self.widths[0] + 1) // 2

    @property
    def builder(self) -> int | None:
        """Whose turn it is to build, clockwise from the start player; None: all have."""
        count = len(self.players)
        for step in range(count):
            seat = (self.first_player + step) % count
            if seat not in self.built:
                return seat
        return None

    def owned(self, seat: int) -> list[Building]:
        """A player's buildings in the order the rules score them: from the first row,
        left to right (the wizard lists them so; in build order they did not match the
        board a table reads row by row: a play-test)."""
        return sorted(
            (b for b in self.buildings if b.owner == seat), key=lambda b: (b.row, b.column)
        )

    def at(self, row: int, column: int) -> Building | None:
        return next((b for b in self.buildings if (b.row, b.column) == (row, column)), None)

    def empty(self, row: int, column: int) -> bool:
        """Nothing stands there: no building and no terrain (the rules' "empty location")."""
        return (row, column) not in self.terrain and self.at(row, column) is None

    @property
    def hideout_spots(self) -> list[tuple[int, int]]:
        """Where the Hideout Cards lie (row, column), in order."""
        return sorted(spot for spot, kind in self.terrain.items() if kind == "hideout")

    @property
    def hideout_terrain_spots(self) -> list[tuple[int, int]]:
        """Where Hideouts dealt from the Terrain deck lie (row, column), in order: face up,
        any arrows they show added with the token (`t <`)."""
        return sorted(spot for spot, kind in self.terrain.items() if kind == "hideout-terrain")

    @property
    def hideout_rows(self) -> set[int]:
        """The rows with a Hideout on record, a Hideout Card or one dealt from the Terrain
        deck: the rows whose token may add a Hideout's arrows (`t <`)."""
        return {row for (row, _), kind in self.terrain.items() if kind.startswith("hideout")}

    @property
    def terrain_card_spots(self) -> set[tuple[int, int]]:
        """Where the advanced game's Terrain Cards lie (a Hideout dealt from their deck is
        one): Hideout Cards are cards of their own (the basic game's too), not counted."""
        return {spot for spot, kind in self.terrain.items() if kind != "hideout"}

    def next_to_goldmine(self, building: Building) -> bool:
        r, c = building.row, building.column
        return any(
            self.terrain.get(spot) == "goldmine"
            for spot in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c))
        )

    def votes(self, row: int) -> Votes | str:
        """The votes showing in a row (Hideouts not yet revealed), or what is not known yet."""
        if row not in self.arrows:  # an example as wide as the row ("arrows 1 ..." read
            # as a riddle: a play-test), `.` for a location with none
            width = self.widths[row - 1] if 0 < row <= len(self.widths) else 3
            example = " ".join((["<", ".", ">"] + ["."] * width)[:width])
            return f"row {row}'s printed arrows (arrows {row} {example}, . for none)"
        left = right = plus_left = plus_right = 0
        for column, printed in enumerate(self.arrows[row], start=1):
            building = self.at(row, column)
            if building is None:
                if (row, column) in self.terrain:
                    continue  # a Terrain Card covers what is printed there
                marks = printed
            elif building.marks is None:
                where = f"row {row}, column {column}"
                # (a card with none: `.` was said nowhere, and `marks 2 5` refused: a play-test)
                return f"the marks of the card at {where} (marks {row} {column} <+, . for none)"
            else:
                marks = building.marks
            card_left, card_right, plus = tally(marks)
            left, right = left + card_left, right + card_right
            if building is not None and card_left != card_right:
                if card_left > card_right:
                    plus_left += plus
                else:
                    plus_right += plus
        return Votes(left, right, plus_left, plus_right)

    def distance(self, building: Building) -> int | None:
        """How far a building is from its own row's Track Token (None: no token yet)."""
        if building.row > len(self.tokens):
            return None
        return abs(building.column - self.tokens[building.row - 1])


def round_tokens_note(state: BuildersState, round_: int) -> str:
    """What ctrl+o notes beside a round that disagrees with the Track Tokens placed (the
    Round Track places one a round, the stack in the last): the correction is recorded all
    the same, the cardboard wins. "" when they agree, or with no board yet."""
    placed, rows = len(state.tokens), state.rows
    at_end = state.tokens_due(round_)
    if not rows or state.tokens_due(round_ - 1) <= placed <= at_end:
        return ""
    if placed < at_end:  # round 8 with 1 placed: 7 would go down at once
        would = f"its end would place {at_end - placed}"
    else:  # round 2 with 5 placed
        by = next(r for r in range(1, state.last_round + 1) if state.tokens_due(r) >= placed)
        would = f"its end would place none ({placed} are placed by the end of round {by})"
    return (
        f"Round {round_} with {placed} of {plural(rows, 'Track Token')} placed: {would}. It "
        "is recorded all the same."
    )


class BuildersRules(Rules):
    id = "builders"
    title = "Boomtown Builders"
    min_players = 2
    max_players = 4
    numbers = (NumberSpec("vp", "VP", start=0, unit="VP"),)
    sheet = SheetOf(_sheet)
    help = READINGS
    options = (
        OptionSpec("terrain", "Advanced game with Terrain Cards", default=False, short="advanced"),
    )

    def new_state(self, header: Header) -> BuildersState:
        state = BuildersState(**vars(super().new_state(header)))
        state.cubes = [dict(SUPPLY) for _ in state.players]
        return state

    def progress(self, state: TableState) -> str:
        assert isinstance(state, BuildersState)
        if state.finished:
            return "Finished"
        if state.over:
            return "Every Track Token placed: final scoring"
        if state.widths:
            return f"Round {state.round} of {state.last_round}"
        return f"Round {state.round}"

    def not_over(self, state: TableState) -> str | None:
        assert isinstance(state, BuildersState)
        if state.over or state.finished or not state.widths:
            return None  # at the end, or no board typed: the app cannot tell how far it is
        left = state.rows - len(state.tokens)
        return (
            f"It is Round {state.round} of {state.last_round}: "
            f"{plural(left, 'Track Token')} still to place."
        )

    # -- corrections (ctrl+o): every holding the screen shows -------------------------

    def corrections(self, state: TableState) -> list[Fix]:
        """The board's buildings, Track Tokens, each player's cubes left, whose turn it is,
        the round and the start player. Not the VP number: the screen shows none, the
        wizard reads the VP off the cards."""
        assert isinstance(state, BuildersState)
        fixes = [
            Fix(
                "round",
                f"Round ({state.round})",
                "the round's number, e.g. 4",
            ),
            Fix(
                "start",
                f"Start player ({state.name(state.first_player)})",
                "the start player's name",
            ),
        ]
        if state.widths and not state.over:
            builder = state.builder
            fixes.append(
                Fix(
                    "turn",
                    f"Whose turn to build ({'no one' if builder is None else state.name(builder)})",
                    "the name of who builds next, or none when everyone has built",
                )  # (the table's, not a player's: ctrl+o opened on it for the builder)
            )
        for seat, player in enumerate(state.players):
            fixes.append(
                Fix(
                    f"cubes:{seat}",
                    f"{player.name}: cubes left ({cubes_text(state.cubes[seat])})",
                    "Triples, Doubles and Singles left, e.g. 3 4 7",
                    seat=seat,
                )
            )
        for b in sorted(state.buildings, key=lambda b: (b.row, b.column)):
            card = f", {b.card}" if b.card else ""
            fixes.append(
                Fix(
                    f"building:{b.row}:{b.column}",
                    f"Building at row {b.row}, column {b.column}: "
                    f"{state.name(b.owner)}'s {CUBE_NAMES[b.cube]}{card}",
                    "the owner and the cube (e.g. Bo d), or none to take it off the board",
                    seat=b.owner,
                )
            )
        if state.widths:
            fixes.append(
                Fix(
                    "building:add",
                    "A building the board has and the screen does not",
                    "ROW COLUMN OWNER CUBE, e.g. 3 2 Bo d",
                )
            )
        for row, column in enumerate(state.tokens, start=1):
            fixes.append(
                Fix(
                    f"token:{row}",
                    f"Track Token in row {row} (column {column})",
                    "the column the token stands in",
                )
            )
        return fixes

    def correction_note(self, state: TableState, key: str, text: str) -> str:
        """A round typed that disagrees with the Track Tokens placed (round 8 with 1 of 10
        placed: its end would place 7), said as it is typed (`round_tokens_note`)."""
        if key != "round" or not isinstance(state, BuildersState):
            return ""
        try:
            round_ = number_in(text, 1, max(state.last_round, 1), "round", "A round")
        except (AmountError, RuleError):
            return ""  # (refused: the refusal is said instead)
        return round_tokens_note(state, round_)

    @staticmethod
    def _check_cubes_in_the_box(state: BuildersState, seat: int, left: list[int]) -> None:
        """Cubes left and cubes built are one box's count: 7 Singles left beside one built
        was taken, 8 of 7 (a play-test). A building typed with the wrong cube is put right
        first, on its own line of ctrl+o."""
        for size, count in zip((3, 2, 1), left, strict=True):
            built = sum(1 for b in state.buildings if b.owner == seat and b.cube == size)
            if built and count + built > SUPPLY[size]:
                name = CUBE_NAMES[size]
                raise RuleError(
                    f"{state.name(seat)} has {plural(built, name)} on the board: {count} "
                    f"{name}s left makes {count + built}, of {SUPPLY[size]} in the box (a "
                    "building with the wrong cube: correct it first, on its own line here)."
                )

    def correct_text(self, state: TableState, key: str, text: str, reason: str) -> Entry:
        assert isinstance(state, BuildersState)
        kind, _, where = key.partition(":")
        if kind not in ("round", "start", "turn", "cubes", "building", "token"):
            return super().correct_text(state, key, text, reason)
        reason = self.check_reason(reason)
        words = text.split()
        if kind == "round":
            last = max(state.last_round, 1)
            round_ = number_in(text, 1, last, "round", f"A round is 1 to {last}")
            return self._correction(
                state,
                f"the round is {round_} (was {state.round})",
                reason,
                holding="round",
                value=round_,
            )
        if kind == "start":
            seat = self.seat_named(state, text)
            was = state.name(state.first_player)
            return self._correction(
                state,
                f"the start player is {state.name(seat)} (was {was})",
                reason,
                holding="start",
                value=seat,
            )
        if kind == "turn":
            if text.strip().lower() in ("none", "-", "no one"):
                return self._correction(
                    state, "everyone has built this round", reason, holding="turn", value=None
                )
            try:
                seat = self.seat_named(state, text)
            except RuleError as problem:  # `none` said too (only the hint line had it: a
                # play-test typed "no space left")
                raise RuleError(f"{str(problem).removesuffix('.')}; or none.") from None
            return self._correction(
                state,
                f"it is {state.name(seat)}'s turn to build",
                reason,
                holding="turn",
                value=seat,
                built=built_before(state, seat),
            )
        if kind == "cubes":
            seat = self._seat(state, int(where) if where.isdigit() else None)
            left = cubes_typed(text)
            self._check_cubes_in_the_box(state, seat, left)
            return self._correction(
                state,
                f"{state.name(seat)} has {cubes_text(dict(zip((3, 2, 1), left, strict=True)))} "
                f"left (was {cubes_text(state.cubes[seat])})",
                reason,
                holding="cubes",
                player=seat,
                value=left,
            )
        if kind == "token":
            row = int(where) if where.isdigit() else 0
            if 1 <= row <= state.rows:  # (the row's range, with what was typed)
                width = state.widths[row - 1]
                column = number_in(text, 1, width, "column", f"Row {row} has columns 1 to {width}")
            else:
                column = whole_word(text)
            was = state.tokens[row - 1] if 1 <= row <= len(state.tokens) else "none"
            return self._correction(
                state,
                f"the Track Token in row {row} stands in column {column} (was {was})",
                reason,
                holding="token",
                row=row,
                column=column,
            )
        return self._building_correction(state, where, words, reason)

    def _building_correction(
        self, state: BuildersState, where: str, words: list[str], reason: str
    ) -> Entry:
        typed = " ".join(words)
        if where == "add":
            if len(words) < 4 or not is_number(words[0]) or not is_number(words[1]):
                raise RuleError(
                    f"{quoted(typed)} is not a row, a column, an owner and a cube: type them "
                    "as 3 2 Bo d."
                    if typed
                    else "Type the row, the column, the owner and the cube: 3 2 Bo d."
                )
            # each said with the board's range and what was typed (no board: no row)
            row = number_in(words[0], 1, state.rows, "row", f"A row is 1 to {state.rows}")
            width = state.widths[row - 1]
            limits = f"Row {row} has columns 1 to {width}"
            column, words = number_in(words[1], 1, width, "column", limits), words[2:]
            was = "none"
            card, marks = state.taken_off.get((row, column), ("", None))
            if state.at(row, column) is not None:
                card, marks = "", None  # (refused as it is applied: a building is there)
        else:
            row_text, _, column_text = where.partition(":")
            row, column = int(row_text), int(column_text)
            standing = state.at(row, column)
            was = (
                f"{state.name(standing.owner)}'s {CUBE_NAMES[standing.cube]}"
                if standing
                else "none"
            )
        spot = f"the building at row {row}, column {column}"
        if [w.lower() for w in words] in (["none"], ["-"], ["clear"]):
            return self._correction(
                state,
                f"{spot} is taken off the board (was {was})",
                reason,
                holding="building",
                row=row,
                column=column,
                player=None,
            )
        if len(words) < 2 or words[-1].lower() not in CUBE_WORDS:
            raise RuleError(
                f"{quoted(typed)} is not the owner and the cube: type them as Bo d (s, d or "
                "t); or none."
                if typed
                else "Type the owner and the cube (s, d or t): Bo d; or none."
            )
        seat = self.seat_named(state, " ".join(words[:-1]))
        cube = CUBE_WORDS[words[-1].lower()]
        if where != "add":
            card, marks = "", None  # (a building that stands keeps its card as it is)
        named = f", {card}" if card else ""
        return self._correction(
            state,
            f"{spot} is {state.name(seat)}'s {CUBE_NAMES[cube]}{named} (was {was})",
            reason,
            holding="building",
            row=row,
            column=column,
            player=seat,
            cube=cube,
            card=card or None,
            marks=marks,
        )

    def seat_named(self, state: TableState, text: str) -> int:
        """The seat of the player typed: the board's label, or as every game finds one (a
        name, or the start of one that one player only has: `Rules.seat_named`)."""
        names = [player.name for player in state.players]
        typed = " ".join(text.split()).casefold()
        labels = [label.casefold() for label in player_labels(names)]
        if typed in labels and typed not in (name.casefold() for name in names):
            return labels.index(typed)  # ("P2" where no two letters tell the names apart)
        return super().seat_named(state, text)

    def _correction(self, state: BuildersState, what: str, reason: str, **data: Any) -> Entry:
        return self._entry(state, "correct", f"Correction: {what}: {reason}", reason=reason, **data)

    def prefill(
        self, state: TableState, known: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """Each invested building with its cube and Goldmine; its VP is read off its card,
        or from the card's table as typed in an earlier game (`known["cards"]`)."""
        from companion.scoring import UNKNOWN_VP

        assert isinstance(state, BuildersState)
        tables = card_tables(known)

        def investments(seat: int) -> list[dict[str, Any]]:
            """A player's VPs as known; a card not known is UNKNOWN_VP (the wizard shows a
            ? to type over). A 0 filled in for it stood as its score beside a known one (a
            play-test); none filled in while one was not known, a table seldom saw any."""
            owned = state.owned(seat)
            vps = [tables.get(b.card.lower(), {}).get(state.distance(b)) for b in owned]
            vps = [UNKNOWN_VP if vp is None else vp for vp in vps]
            return [
                {"vp": vp, "cube": b.cube, "goldmine": state.next_to_goldmine(b)}
                for vp, b in zip(vps, owned, strict=True)
            ]

        return [
            {"name": player.name, "investments": investments(seat)}
            for seat, player in enumerate(state.players)
        ]

    def learned(
        self, state: TableState, rows: list[dict[str, Any]], known: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The VP each named card showed at its distance, to pre-fill it next time."""
        assert isinstance(state, BuildersState)
        tables = card_tables(known)
        for seat, row in enumerate(rows[: len(state.players)]):
            buildings, typed = state.owned(seat), row.get("investments", [])
            if len(buildings) != len(typed):
                continue  # the table changed the list: no sure pairing
            for building, investment in zip(buildings, typed, strict=True):
                distance = state.distance(building)
                if building.card and distance is not None:
                    table = tables.setdefault(building.card.lower(), {})
                    table[distance] = investment["vp"]
        if not tables:
            return {}
        return {
            "cards": {
                name: {str(d): vp for d, vp in sorted(table.items())}
                for name, table in sorted(tables.items())
            }
        }

    def score_supplies(self, state: TableState) -> list[dict[int, int]]:
        """Each player's cubes left plus those on their buildings: "Cubes left" in the
        wizard counted from the box's 3/4/7 whatever a correction had set (a play-test)."""
        assert isinstance(state, BuildersState)
        supplies = []
        for seat in range(len(state.players)):
            supply = dict(state.cubes[seat])
            for building in state.owned(seat):
                supply[building.cube] = supply.get(building.cube, 0) + 1
            supplies.append(supply)
        return supplies

    def score_places(self, state: TableState) -> dict[str, list[list[object]]]:
        """Each player's buildings' row and column, in the order `prefill` lists them."""
        assert isinstance(state, BuildersState)
        return {
            "investments": [
                [(b.row, b.column) for b in state.owned(seat)] for seat in range(len(state.players))
            ]
        }

    def score_readings(self, state: TableState) -> dict[str, list[list[object]]]:
        """Each player's buildings' distance from the token (None with no token in its
        row), in the order `prefill` lists them: the table reads a building's VP off its
        card at that distance. Not the card's name: a VP typed off the cardboard is the
        card's whatever the app was told of it, and naming the card after the sheet made
        it a ? to type again (a review)."""
        assert isinstance(state, BuildersState)
        return {
            "investments": [
                [state.distance(b) for b in owned]
                for owned in (state.owned(seat) for seat in range(len(state.players)))
            ]
        }

    def score_hints(self, state: TableState) -> dict[str, list[str]]:
        """Beside each player's investments in the wizard: where each building stands."""
        assert isinstance(state, BuildersState)
        hints = []
        for seat in range(len(state.players)):
            spots = []
            for number, b in enumerate(state.owned(seat), start=1):
                distance = state.distance(b)
                far = "no token in its row" if distance is None else f"{distance} from the token"
                what = [b.card] if b.card else []
                what.append(CUBE_NAMES[b.cube])
                if state.next_to_goldmine(b):
                    what.append("Goldmine")
                spots.append(f"{number}) row {b.row} col {b.column} ({', '.join(what)}): {far}")
            hints.append("; ".join(spots))
        return {"investments": hints}

    # -- actions ---------------------------------------------------------------------------

    def board(self, state: BuildersState, widths: list[int]) -> Entry:
        """The board's size, once: typed again, the table is told how to change it (one
        remembered from the game before was refused as if something stood on it). Refused
        here, not on replay: a game that typed it twice before this still opens."""
        if state.widths:
            raise RuleError(
                "The board's size is set already: ctrl+z takes it back (and the printed "
                "arrows with it) to type another, before anything is built."
            )
        rows = plural(len(widths), "row")
        text = f"The board: {rows} of {', '.join(map(str, widths))} locations"
        if len(set(widths)) == 1:
            text = f"The board: {rows} of {plural(widths[0], 'location')}"
        return self._entry(state, "board", text, widths=widths)

    def terrain_note(self, state: BuildersState, row: int, column: int, kind: str) -> str:
        """What the rules say against placing this Terrain Card (the table may know
        better: it is placed all the same): the advanced game's only, and so many a
        player count ("In a 3-player game, place 9 Terrain Cards"); "" when nothing."""
        if kind == "hideout":  # Hideout Cards lie on the board in both games (its marked
            # spaces), apart from the Terrain Cards (one was told it was advanced-only); the
            # box has 9 (a 10th went in without a word: a play-test)
            placed = len(set(state.hideout_spots) | {(row, column)})
            if placed > HIDEOUT_CARDS:
                return f"{placed} Hideout Cards on the board: the box has {HIDEOUT_CARDS}"
            return ""
        if kind == "none":
            return ""
        if not state.options.get("terrain"):
            return "Terrain Cards are for the advanced game (this game was set up without)"
        most = TERRAIN_CARDS.get(len(state.players))
        placed = len(state.terrain_card_spots | {(row, column)})
        if most is not None and placed > most:
            players = len(state.players)
            return f"{placed} Terrain Cards on the board: a {players}-player game places {most}"
        return ""

    def terrain_unplaced_note(self, state: BuildersState) -> str:
        """Before the advanced game's first build, what its count of Terrain Cards lacks
        (the count leaves the round line with that build, and a table that forgot them saw
        none: a play-test); "" when they are all placed, or it is not that moment."""
        if not state.terrain_to_place:
            return ""
        wanted = TERRAIN_CARDS.get(len(state.players), 0)
        placed = len(state.terrain_card_spots)
        return (
            f"{placed} of {wanted} Terrain Cards are placed: the advanced game places them all "
            "before the first build. Those left can still be typed (gold 2 2, lake, m> 2 4, th)."
        )

    def place_terrain(self, state: BuildersState, row: int, column: int, kind: str) -> Entry:
        name = TERRAIN.get(kind, "nothing")
        if kind == "hideout-terrain":  # ("Terrain: Hideout Terrain Card" said it twice)
            name = "Hideout"
        before = state.terrain.get((row, column))
        on_board = 0 < row <= len(state.widths) and 0 < column <= state.widths[row - 1]
        # the same again was taken as a change of its own, one more ctrl+z to take back (a
        # play-test): refused here, not on replay
        if on_board and before is None and kind == "none":  # ("has no terrain already":
            # odd words for a clear with nothing there, a play-test)
            standing = state.at(row, column)
            if standing is not None:  # a building is not terrain: where it is put right
                # said (only "no terrain" was, as if nothing stood there: a play-test)
                raise RuleError(
                    f"Nothing to clear at row {row}, column {column}: "
                    f"{state.name(standing.owner)}'s {CUBE_NAMES[standing.cube]} stands "
                    "there, a building (clear takes away terrain); ctrl+o corrects a "
                    "building or takes it off the board."
                )
            raise RuleError(
                f"Nothing to clear at row {row}, column {column}: no terrain or Hideout is there."
            )
        if on_board and before == kind:
            raise RuleError(
                f"Row {row}, column {column} has a {terrain_named(kind)} already: {UNCHANGED}"
            )
        note = self.terrain_note(state, row, column, kind)
        # what it replaces is said: the log lost a Goldmine without a word (a play-test)
        replaced = (
            f", in place of the {terrain_named(before)}"
            if before is not None and before != kind
            else ""
        )
        if kind == "none":  # said by what it took away ("Terrain: nothing at row 2,
            # column 3, in place of the Lake" read as a nothing placed: a play-test); what
            # it was is kept for an undo or redo to say (`was`)
            return self._entry(
                state,
                "terrain",
                f"Cleared row {row}, column {column}: the {terrain_named(before)} taken away",
                row=row,
                column=column,
                terrain=kind,
                was=before,
            )
        return self._entry(
            state,
            "terrain",
            # (a Hideout Card is no Terrain Card: "Terrain: Hideout" read as one of the
            # count, which did not take it, a play-test; one dealt from the Terrain deck is)
            f"{'Hideout Card' if kind == 'hideout' else f'Terrain: {name}'} at row {row}, "
            f"column {column}{replaced}" + (f" ({note})" if note else ""),
            row=row,
            column=column,
            terrain=kind,
        )

    def build(
        self,
        state: BuildersState,
        seat: int,
        row: int,
        column: int,
        cube: int,
        marks: str | None = None,
        card: str = "",
    ) -> Entry:
        name = CUBE_NAMES.get(cube, "?")
        card = " ".join(card.split())
        what = f"{card} " if card else ""
        text = f"{state.name(seat)} builds {what}at row {row}, column {column} with a {name}"
        if marks is not None:
            text += f"; the card shows {marks or 'no marks'}"
        return self._entry(
            state,
            "build",
            text,
            player=seat,
            row=row,
            column=column,
            cube=cube,
            marks=marks,
            card=card or None,
        )

    def name_card(self, state: BuildersState, row: int, column: int, card: str) -> Entry:
        """Name (or rename) the card of a building, so its VP table can be remembered."""
        refuse_unsafe_text(card, "A card's name")
        card = " ".join(card.split())
        if not card:
            raise RuleError("Type the card's name: card 3 2 Saloon.")
        building = state.at(row, column)
        if building is not None and building.card == card:  # (in another case it is a
            # change: the name is shown as typed)
            raise RuleError(
                f"Row {row}, column {column}'s card is already named {card}: {UNCHANGED}"
            )
        return self._entry(
            state,
            "card",
            f"The card at row {row}, column {column} is {card}",
            row=row,
            column=column,
            card=card,
        )

    def arrows(self, state: BuildersState, row: int, marks: list[str]) -> Entry:
        """The arrows printed on each location of a row (as on the board; remembered). One
        empty mark says the row has none (`arrows 4 .`: a row without any was typed
        `arrows 4 . . . . .` round after round, a play-test)."""
        if marks == [""] and state.widths and 1 <= row <= state.rows:
            marks = [""] * state.widths[row - 1]
        return self.rows_arrows(state, {row: marks})

    def no_arrows_left(self, state: BuildersState) -> Entry:
        """No printed arrows on every row not typed yet, in one entry (`arrows rest .`).
        Only "none" is said for them: what the cardboard prints is typed, never made up."""
        if not state.widths:
            raise RuleError("Enter the board's size first (board ROWSxWIDTH).")
        left = [row for row in range(1, state.rows + 1) if row not in state.arrows]
        if not left:
            raise RuleError(
                "Every row's printed arrows are typed already (arrows 3 < . > . < types one anew)."
            )
        return self.rows_arrows(state, {row: [""] * state.widths[row - 1] for row in left})

    def rows_arrows(self, state: BuildersState, rows: dict[int, list[str]]) -> Entry:
        """Several rows' printed arrows in one entry; the rows with none said together
        (`arrows rest .` said ". . . . ." for each of nine rows)."""
        ordered = sorted(rows)
        if ordered and all(same_arrows(state, row, rows[row]) for row in ordered):
            if len(ordered) > 1:
                said = f"The printed arrows of {rows_named(ordered)} are these already"
            elif any(state.arrows[ordered[0]]):
                typed = " ".join(m or "." for m in state.arrows[ordered[0]])
                said = f"Row {ordered[0]}'s printed arrows are {typed} already"
            else:
                said = f"Row {ordered[0]} already has no printed arrows"
            raise RuleError(f"{said}: {UNCHANGED}")
        said = [
            f"row {row}: {' '.join(m or '.' for m in rows[row])}"
            for row in ordered
            if any(rows[row])
        ]
        bare = [row for row in ordered if not any(rows[row])]
        if bare:
            said.append(f"none in {rows_named(bare)}")
        return self._entry(
            state,
            "arrows",
            f"Printed arrows, {'; '.join(said)}",
            rows=ordered,
            marks=[" ".join(m or "." for m in rows[row]) for row in ordered],
        )

    def card_marks(self, state: BuildersState, row: int, column: int, marks: str) -> Entry:
        """Say (or fix) the arrows and + icons on a card already built."""
        shown = marks or "no marks"
        building = state.at(row, column)
        had = None if building is None else building.marks  # (None: not told, a change)
        if had is not None and had == known_marks(marks):
            raise RuleError(
                f"Row {row}, column {column}'s card already shows {had or 'no marks'}: {UNCHANGED}"
            )
        return self._entry(
            state,
            "marks",
            f"The card at row {row}, column {column} shows {shown}",
            row=row,
            column=column,
            marks=marks,
        )

    def marks_note(self, state: BuildersState, row: int, column: int) -> str:
        """What fixing a card's marks leaves as it was: the row's Track Token, placed from
        the marks before, stays (it moved nothing, and nothing said so: a play-test); ""
        when the row has no token yet."""
        if not 1 <= row <= len(state.tokens):
            return ""
        return f"Row {row}'s Track Token stays at column {state.tokens[row - 1]} (ctrl+o moves it)"

    def preview(self, state: BuildersState) -> Placement | str:
        """Where the Train Marker stands: the token's place if the round ended now."""
        row = state.train_row
        votes = state.votes(row)
        if isinstance(votes, str):
            return votes
        return place_token(
            state.previous_token(),
            state.widths[row - 1],
            votes.left,
            votes.right,
            votes.pluses,
            self.mountains(state, row),
            first=not state.tokens,
        )

    def token_from_board(self, state: BuildersState, hideouts: str = "") -> Entry:
        """The Track Token from the votes tracked on the board, plus revealed Hideouts'."""
        _check_token_row(state)
        votes = state.votes(state.train_row)
        if isinstance(votes, str):
            raise RuleError(f"To count the votes, type {votes}; or type the totals: t 3 1 0.")
        row = state.train_row
        rows = state.hideout_rows
        cards = state.hideout_spots
        if hideouts and cards and row not in rows:  # the table records its Hideout Cards,
            # none here (taken, it moved the token by arrows no card in the row has: a
            # play-test); a table that records none reveals them with `t <` as they come
            raise RuleError(
                f"Row {row} has no Hideout on record (rows with one: "
                f"{', '.join(map(str, sorted(rows)))}): t alone counts its votes; if the board "
                f"has one here, type hide {row} COLUMN first (th {row} COLUMN for one dealt "
                "from the Terrain deck)."
            )
        left, right, _ = tally(hideouts)
        votes = Votes(votes.left + left, votes.right + right, votes.plus_left, votes.plus_right)
        # the Hideout's arrows said (its votes counted unsaid: a play-test); one dealt from
        # the Terrain deck lies face up: not revealed
        face_up = any(r == row for r, _ in state.hideout_terrain_spots) and all(
            r != row for r, _ in cards
        )
        what = "its Hideout Terrain Card shows" if face_up else "a Hideout revealed"
        revealed = f" ({what}: {hideouts})" if hideouts else ""
        return self.token(state, votes.left, votes.right, votes.pluses, revealed)

    def token(
        self, state: BuildersState, left: int, right: int, pluses: int, revealed: str = ""
    ) -> Entry:
        """The round's Track Token from the vote totals; `revealed`: said after the row."""
        _check_token_row(state)
        row = state.train_row
        placement = place_token(
            state.previous_token(),
            state.widths[row - 1],
            left,
            right,
            pluses,
            self.mountains(state, row),
            first=not state.tokens,
        )
        return self._entry(
            state,
            "token",
            f"Track Token in row {row}{revealed}: {placement.sentence}",
            row=row,
            column=placement.column,
        )

    def token_by_hand(self, state: BuildersState, column: int, reason: str) -> Entry:
        """The Track Token where the cardboard has it, whatever the votes say, with a reason:
        the table always has a way to place it."""
        reason = " ".join(reason.split())
        if not reason:
            raise RuleError("Say why: t at COLUMN REASON (e.g. t at 4 as on the board).")
        _check_token_row(state)
        row = state.train_row
        return self._entry(
            state,
            "token",
            f"Track Token in row {row} placed by hand at column {column}: {reason}",
            row=row,
            column=column,
            reason=reason,
        )

    def mountains(self, state: BuildersState, row: int) -> dict[int, str]:
        return {
            c: kind.split("-")[1]
            for (r, c), kind in state.terrain.items()
            if r == row and kind.startswith("mountain")
        }

    def next_round(self, state: BuildersState) -> Entry:
        start = (state.first_player + 1) % len(state.players)
        return self._entry(
            state, "next_round", f"Round {state.round + 1}: {state.name(start)} starts"
        )

    # -- replay ----------------------------------------------------------------------------

    def _spot(self, state: BuildersState, entry: Entry) -> tuple[int, int]:
        row, column = entry.get("row"), entry.get("column")
        if not state.widths:
            raise RuleError("Enter the board's size first (board ROWS WIDTH).")
        if not isinstance(row, int) or not 1 <= row <= state.rows:
            raise RuleError(f"A row is 1 to {state.rows}.")
        width = state.widths[row - 1]
        if not isinstance(column, int) or not 1 <= column <= width:
            raise RuleError(f"Row {row} has columns 1 to {width}.")
        return row, column

    def _apply_board(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        widths = entry.get("widths")
        if state.buildings or state.tokens or state.terrain or state.arrows:
            raise RuleError("The board's size is set before anything is on it.")
        problem = board_problem(widths)
        if problem:
            raise RuleError(problem)
        assert isinstance(widths, list)
        state.widths = list(widths)

    def _apply_terrain(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        row, column = self._spot(state, entry)
        kind = entry.get("terrain")
        if state.at(row, column) is not None:
            raise RuleError(f"A building stands at row {row}, column {column}.")
        if kind == "none":
            state.terrain.pop((row, column), None)
            return
        if kind not in TERRAIN:
            raise RuleError(f"Terrain is one of: {', '.join(TERRAIN)}.")
        if kind.startswith("mountain"):
            mountains = self.mountains(state, row)
            mountains[column] = kind.split("-")[1]
            problem = mountain_problem(mountains, state.widths[row - 1])
            if problem:
                raise RuleError(f"{problem.removesuffix('.')} (row {row}).")
        state.terrain[(row, column)] = kind

    def _apply_build(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        seat = self._seat(state, entry.get("player"))
        row, column = self._spot(state, entry)
        cube = entry.get("cube")
        turn = state.builder
        if turn is None:
            raise RuleError(
                "Everyone has built this round: place the Track Token, then the next round."
            )
        if seat != turn:
            raise RuleError(f"It is {state.name(turn)}'s turn to build.")
        if row <= len(state.tokens):
            raise RuleError(f"Row {row} already has its Track Token: build in a row ahead of it.")
        if (row, column) in state.terrain:
            terrain = TERRAIN[state.terrain[(row, column)]]
            raise RuleError(f"Row {row}, column {column} holds a {terrain}: no building there.")
        if state.at(row, column) is not None:
            raise RuleError(f"Row {row}, column {column} already has a building.")
        check_cube(row - len(state.tokens), cube, state.cubes[seat], state.name(seat))
        marks = entry.get("marks")
        if marks is not None:
            marks = parse_marks(str(marks))
        card = entry.get("card", "")
        if not isinstance(card, str) or len(card) > 40:
            raise RuleError("A card's name is up to 40 characters.")
        state.cubes[seat][cube] -= 1
        state.buildings.append(Building(row, column, seat, cube, marks, card))
        state.taken_off.pop((row, column), None)  # (another card: its own name)
        state.built.append(seat)

    def _apply_arrows(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        rows, marks = entry.get("rows"), entry.get("marks")
        if not isinstance(rows, list) or not isinstance(marks, list) or len(rows) != len(marks):
            raise RuleError("Printed arrows are given row by row.")
        if not state.widths:
            raise RuleError("Enter the board's size first (board ROWSxWIDTH).")
        found: dict[int, list[str]] = {}
        for row, line in zip(rows, marks, strict=True):
            if not isinstance(row, int) or not 1 <= row <= state.rows:
                raise RuleError(f"A row is 1 to {state.rows}.")
            spots = [parse_marks(m, pluses=False) for m in str(line).split()]
            width = state.widths[row - 1]
            if len(spots) != width:
                raise RuleError(
                    f"Row {row} has {plural(width, 'location')}: type one mark for each "
                    f"(<, > or . for none), not {len(spots)}."
                )
            found[row] = spots
        state.arrows.update(found)

    def _apply_card(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        row, column = self._spot(state, entry)
        building = state.at(row, column)
        card = entry.get("card")
        if building is None:
            raise RuleError(f"No building stands at row {row}, column {column}.")
        if not isinstance(card, str) or not 1 <= len(card) <= 40:
            raise RuleError("A card's name is 1 to 40 characters.")
        building.card = card

    def _apply_marks(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        row, column = self._spot(state, entry)
        building = state.at(row, column)
        if building is None:
            raise RuleError(f"No building stands at row {row}, column {column}.")
        building.marks = parse_marks(str(entry.get("marks", "")))

    def _apply_token(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        row, column = self._spot(state, entry)
        if state.builder is not None:
            raise RuleError(NOT_BUILT.format(name=state.name(state.builder)))
        if row != state.train_row:
            raise RuleError(f"The next Track Token goes in row {state.train_row}.")
        _check_token_due(state)
        if state.terrain.get((row, column), "").startswith("mountain"):
            raise RuleError(ON_A_MOUNTAIN.format(row=row, column=column))
        state.tokens.append(column)

    def _apply_correct(self, state: TableState, entry: Entry) -> None:
        """A holding corrected (ctrl+o); a tracked number goes to the base."""
        assert isinstance(state, BuildersState)
        holding = entry.get("holding")
        if holding is None:
            super()._apply_correct(state, entry)
            return
        value = entry.get("value")
        if holding == "round":
            if not isinstance(value, int) or not 1 <= value <= max(state.last_round, 1):
                raise RuleError(f"A round is 1 to {state.last_round}.")
            state.round = value
        elif holding == "start":
            state.first_player = self._seat(state, value)
        elif holding == "turn":
            count = len(state.players)
            if value is None:
                state.built = list(range(count))
            else:
                seat = self._seat(state, value)
                built = entry.get("built")
                if built is None:  # (as entries made before `built` was kept mean it)
                    steps = (seat - state.first_player) % count
                    built = [(state.first_player + step) % count for step in range(steps)]
                if not isinstance(built, list) or seat in built:
                    raise RuleError("Who has built this round is a list of other players.")
                state.built = [self._seat(state, other) for other in built]
        elif holding == "cubes":
            seat = self._seat(state, entry.get("player"))
            if not isinstance(value, list) or len(value) != 3:
                raise RuleError("Cubes left are three numbers: Triples, Doubles, Singles.")
            for size, left in zip((3, 2, 1), value, strict=True):
                if not isinstance(left, int) or not 0 <= left <= SUPPLY[size]:
                    raise RuleError(
                        f"A player has 0 to {SUPPLY[size]} {CUBE_NAMES[size]}s, not {left}."
                    )
            state.cubes[seat] = dict(zip((3, 2, 1), value, strict=True))
        elif holding == "token":
            row, column = self._spot(state, entry)
            if row > len(state.tokens):
                raise RuleError(f"Row {row} has no Track Token yet: place it with t.")
            if state.terrain.get((row, column), "").startswith("mountain"):
                raise RuleError(ON_A_MOUNTAIN.format(row=row, column=column))
            state.tokens[row - 1] = column
        elif holding == "building":
            self._correct_building(state, entry)
        else:
            raise RuleError(f"Boomtown Builders cannot correct {quoted(holding)}.")

    def _correct_building(self, state: BuildersState, entry: Entry) -> None:
        """Put a building right (owner, cube), add one or take one off; the cubes follow."""
        row, column = self._spot(state, entry)
        standing = state.at(row, column)
        owner = entry.get("player")
        if owner is None:
            if standing is None:
                raise RuleError(f"No building stands at row {row}, column {column}.")
            state.cubes[standing.owner][standing.cube] += 1
            state.buildings.remove(standing)
            state.taken_off[(row, column)] = (standing.card, standing.marks)
            return
        seat, cube = self._seat(state, owner), entry.get("cube")
        if cube not in CUBE_NAMES:
            raise RuleError("A cube is a Single, a Double or a Triple.")
        if (row, column) in state.terrain:
            raise RuleError(f"Row {row}, column {column} holds terrain: clear it first.")
        supply = dict(state.cubes[seat])
        if standing is not None:
            if standing.owner == seat:
                supply[standing.cube] += 1
            else:
                state.cubes[standing.owner][standing.cube] += 1
        if supply[cube] < 1:
            raise RuleError(f"{state.name(seat)} has no {CUBE_NAMES[cube]} left.")
        supply[cube] -= 1
        state.cubes[seat] = supply
        if standing is None:
            card, marks = entry.get("card", ""), entry.get("marks")
            if not isinstance(card, str) or len(card) > 40:
                raise RuleError("A card's name is up to 40 characters.")
            if marks is not None:
                marks = parse_marks(str(marks))
            state.buildings.append(Building(row, column, seat, cube, marks, card))
            state.taken_off.pop((row, column), None)  # (added back: remembered no more)
        else:
            standing.owner, standing.cube = seat, cube

    def _apply_next_round(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        if state.builder is not None:
            raise RuleError(NOT_BUILT.format(name=state.name(state.builder)))
        if state.over:
            raise RuleError("Every Track Token is placed: the game is over (ctrl+f scores it).")
        if state.tokens_to_place:
            left = state.tokens_to_place
            raise RuleError(
                f"Place this round's Track Token{'s' if left != 1 else ''} first ({left} to go: t)."
            )
        state.round += 1
        state.first_player = (state.first_player + 1) % len(state.players)
        state.built = []


def __getattr__(name: str) -> Any:
    """SHEET, made when first asked for: opening a game needs no score sheet."""
    if name == "SHEET":
        return BuildersRules.sheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
