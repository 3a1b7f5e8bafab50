"""What every game shares: the table, tracked numbers, corrections, options, finishing.

A game's rules turn validated actions into journal entries and replay entries into state.
`apply` checks everything before it changes anything, so a refused entry leaves the state
as it was, and replaying the journal never half-applies an entry.
"""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from companion.amounts import Amount, parse_amount
from companion.gamefile import Header
from companion.journal import Entry, make_entry
from companion.safe_text import quoted, text_problem
from companion.table import Player, folded, name_problem, starts_name

if TYPE_CHECKING:
    from companion.scoring import Result, SheetSpec


#: What a finished game still takes: the table's corrections (the saved sheet is the
#: scores; a change of play would leave the screen and the sheet apart), and reopening.
#: Going on after damage in the middle of the file (companion/going_on.py): an entry of its
#: own, in every game, that changes nothing.
WENT_ON = "went_on"
#: The changes a finished game takes that leave its sheet behind (ctrl+f scores it again).
CORRECTIONS = frozenset({"correct", "adjust", "option"})
AFTER_THE_END = CORRECTIONS | {"reopen", "finish", WENT_ON}
FINISHED = "The game is finished: ctrl+f reopens it."
REASON_LIMIT = 80  # characters: a reason is a few words for the log, read at the table


class RuleError(ValueError):
    """An action the rules (or the app's limits) refuse; the message says why."""


def refuse_unsafe_text(text: str, what: str = "Text") -> None:
    """Raise RuleError when typed `text` holds control or direction characters.

    Typed text kept in a game is shown in the log later; an ESC in it would reach the
    terminal (see `companion.safe_text`)."""
    problem = text_problem(text, what)
    if problem:
        raise RuleError(problem)


def check_reason_length(reason: str) -> None:
    """RuleError when a reason is longer than the log can show in a line or two."""
    if len(reason) > REASON_LIMIT:
        raise RuleError(
            f"A reason is at most {REASON_LIMIT} characters (this one has {len(reason)})."
        )


@dataclass(frozen=True)
class OptionSpec:
    """One table option chosen at setup: a yes/no, or one of a few choices."""

    key: str
    label: str
    default: bool | str
    choices: tuple[tuple[str, str], ...] = ()  # (value, label); empty for yes/no
    player_counts: tuple[int, ...] = ()  # only offered at these counts; empty: always
    help: str = ""
    #: a word or two for the saved games' list when the option is not its default (two
    #: games of one table could not be told apart: a play-test)
    short: str = ""

    def applies_to(self, count: int) -> bool:
        return not self.player_counts or count in self.player_counts

    def check(self, value: Any) -> str | None:
        """Why `value` is not valid for this option, or None."""
        if self.choices:
            allowed = [choice for choice, _ in self.choices]
            if value not in allowed:
                return f"{self.label}: choose one of {', '.join(allowed)}."
        elif not isinstance(value, bool):
            return f"{self.label}: yes or no."
        return None


@dataclass(frozen=True)
class NumberSpec:
    """A number tracked per player (gold, money, VP, ...)."""

    key: str
    label: str
    start: int = 0
    minimum: int = 0
    unit: str = ""  # as in "5 gold"; defaults to the label in lower case

    def amount(self, value: int) -> str:
        return f"{value} {self.unit or self.label.lower()}"

    @property
    def named(self) -> str:
        """The number's name in a sentence, cased as the game's own sentences write it: the
        label where they capitalise it (Coloma's "5 Gold Nuggets", VP), else in lower case
        (Boomtown's "10 gold"). A correction said "gold nuggets" (a play-test)."""
        word = self.unit or self.label.lower()
        return self.label if self.label.isupper() or word[:1].isupper() else self.label.lower()


@dataclass(frozen=True)
class Fix:
    """One thing ctrl+o can correct: a number or a holding the screen shows.

    `key` is what `Rules.correct_text` is given back: "SEAT:NUMBER" for a tracked number
    (e.g. "0:gold"); a game's own holdings use their own prefix (e.g. "mine:San Narciso").
    `label` names it with its value now, as the screen shows it; `hint` says what to type."""

    key: str
    label: str
    hint: str = "12 sets it, +5 adds, -3 takes away"
    seat: int | None = None  # whose it is, so the dialog can start at the selected player


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def told_apart(labels: list[str], how: str) -> list[str]:
    """`labels` with each one that repeats told apart by its order, `how` said: "Bo's bank
    ($300, bought first)" and "($300, bought second)" (ctrl+o listed "Bo's bank ($300)"
    twice, and no one could tell which was which: a play-test), "Bo's saloon in Dry Gulch,
    built first" where a label ends in no bracket; the others as they are."""
    repeats = {label for label, count in Counter(labels).items() if count > 1}
    seen: dict[str, int] = {}
    told = []
    for label in labels:
        if label in repeats:
            seen[label] = count = seen.get(label, 0) + 1
            order = ORDINALS[count - 1] if count <= len(ORDINALS) else f"no. {count}"
            said = f"{how} {order}"
            label = f"{label[:-1]}, {said})" if label.endswith(")") else f"{label}, {said}"
        told.append(label)
    return told


@dataclass
class TableState:
    """The state every game has; games extend it with their own fields."""

    players: list[Player]
    first_player: int
    options: dict[str, Any]
    numbers: list[dict[str, int]]
    finished: bool = False
    # the final score sheet, as TOML text, once the game is finished; kept on reopening
    # (the wizard starts from it), replaced when the game is finished again
    sheet: str = ""
    #: fields that say what the last entry did, not what the game is (Boomtown's report)
    TRANSIENT: ClassVar[tuple[str, ...]] = ()

    def name(self, seat: int) -> str:
        return self.players[seat].name


class SheetOf:
    """A game's score sheet (`Rules.sheet`), made the first time it is asked for: scoring
    (companion.scoring, its dataclasses and TOML) is for the end of a game, and opening one
    does without it."""

    def __init__(self, make: Callable[[], SheetSpec]) -> None:
        self._make = make
        self._sheet: SheetSpec | None = None

    def __get__(self, instance: object, owner: type | None = None) -> SheetSpec:
        if self._sheet is None:
            self._sheet = self._make()
        return self._sheet


class Rules:
    """The base of each game's rules. Subclasses set the class attributes and may add kinds."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    numbers: ClassVar[tuple[NumberSpec, ...]] = ()
    help: ClassVar[str] = ""
    sheet: ClassVar[SheetSpec]
    #: words of the game's commands that would be read as something else than a player
    #: (Calamityville's `pay bank ann 100`): refused as a name, at setup and in ctrl+o
    reserved_names: ClassVar[tuple[str, ...]] = ()

    # -- setup ------------------------------------------------------------------

    def default_options(self, count: int) -> dict[str, Any]:
        return {spec.key: spec.default for spec in self.options if spec.applies_to(count)}

    def new_state(self, header: Header) -> TableState:
        players = [Player(p["name"], p.get("colour", "white")) for p in header.players]
        options = self.default_options(len(players))
        options.update(header.options)
        return TableState(
            players=players,
            first_player=header.first_player,
            options=options,
            numbers=[{spec.key: spec.start for spec in self.numbers} for _ in players],
        )

    def sheet_for(self, state: TableState) -> SheetSpec:
        """The score sheet of this table (a game may leave out what its options do not use)."""
        return self.sheet

    def final_result(self, state: TableState) -> tuple[SheetSpec, Result]:
        """The finished game's standings, scored from its sheet as the wizard saved it (the
        export, the display and the charts show them); SheetError when it cannot be read."""
        from companion.scoring import parse_sheet_text, score

        spec, rows = parse_sheet_text(state.sheet, {self.id: self.sheet_for(state)})
        return spec, score(spec, rows)

    @cached_property
    def _specs_by_key(self) -> dict[str, NumberSpec]:
        """The game's numbers by key: looked up for every number a replay sets."""
        return {spec.key: spec for spec in self.numbers}

    def number_spec(self, key: str) -> NumberSpec:
        spec = self._specs_by_key.get(key) if type(key) is str else None
        if spec is None:
            raise RuleError(f"{self.title} tracks no number called {quoted(key)}.")
        return spec

    def prefill(
        self, state: TableState, known: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """The score sheet's rows as far as this screen tracked them; the rest empty.
        `known`: this game's settings, where a game keeps what it read off the cardboard."""
        rows = []
        for seat, player in enumerate(state.players):
            row: dict[str, Any] = {"name": player.name}
            for spec in self.sheet.fields:
                row[spec.key] = [] if spec.kind != "count" else 0
                if spec.key in state.numbers[seat]:
                    row[spec.key] = state.numbers[seat][spec.key]
            rows.append(row)
        return rows

    def learned(
        self, state: TableState, rows: list[dict[str, Any]], known: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Settings to remember from a finished sheet (e.g. a card's VP at a distance)."""
        return {}

    def score_hints(self, state: TableState) -> dict[str, list[str]]:
        """Per sheet field, a line per player for the wizard (e.g. a building's distance)."""
        return {}

    def score_supplies(self, state: TableState) -> list[dict[int, int]]:
        """Per player, the cubes of each size they have in all (Builders: those left and
        those built), as the game tracks them after any correction; [] where none."""
        return []

    def score_places(self, state: TableState) -> dict[str, list[list[object]]]:
        """Per investments field, where each of a player's items stands, in the order
        `prefill` lists them (Builders: each building's row and column): a reopened game's
        wizard pairs the VPs typed with the buildings by it. {} where none."""
        return {}

    def score_readings(self, state: TableState) -> dict[str, list[list[object]]]:
        """Per investments field, what each of a player's items' VP is read off by the
        rules, in the order `prefill` lists them (Builders: each building's distance from
        its row's Track Token): a reopened game's wizard takes the VP typed at
        the last sheet only where this is as it was then (a token corrected since kept the
        VP typed for the old distance, unremarked: a play-test). {} where none."""
        return {}

    def score_counts(self, state: TableState) -> dict[str, list[int]]:
        """Per list field, how many numbers each player's board has (Coloma: a River
        Canyon's VP per River surveyed); the wizard says so when another count is typed,
        and takes it (the table may know better)."""
        return {}

    def not_over(self, state: TableState) -> str | None:
        """Why the game is not at its end yet (e.g. "It is Round 3 of 1849."), or None when
        it is, or when the app cannot tell: ctrl+f asks before scoring a game not over."""
        return None

    def progress(self, state: TableState) -> str:
        """A few words on how far the game is, for the saved-games list."""
        return "Finished" if state.finished else "In play"

    # -- actions: each returns an entry, or raises RuleError ---------------------

    def _entry(self, state: TableState, kind: str, text: str, **data: Any) -> Entry:
        """An entry checked against a copy of the state: a refusal raises, nothing changes."""
        entry = make_entry(kind, text, **data)
        self.apply(copy_state(state), entry)
        return entry

    def adjust(self, state: TableState, seat: int, key: str, amount: Amount) -> Entry:
        spec = self.number_spec(key)
        self._seat(state, seat)
        before = state.numbers[seat][key]
        after = amount.applied_to(before)
        delta = after - before
        if delta == 0:
            raise RuleError(f"{state.name(seat)} already has {spec.amount(before)}.")
        sign = "+" if delta > 0 else "-"
        unit = spec.unit or spec.label.lower()
        text = f"{state.name(seat)} {sign}{abs(delta)} {unit} ({before} → {after})"
        entry = make_entry("adjust", text, player=seat, number=key, delta=delta)
        self.apply(copy_state(state), entry)
        return entry

    def correct(self, state: TableState, seat: int, key: str, amount: Amount, reason: str) -> Entry:
        """Set or adjust any tracked number because the cardboard says otherwise."""
        spec = self.number_spec(key)
        self._seat(state, seat)
        reason = self.check_reason(reason)
        before = state.numbers[seat][key]
        after = amount.applied_to(before)
        name, named = state.name(seat), spec.named
        text = f"Correction: {name}'s {named} set to {after} (was {before}): {reason}"
        entry = make_entry("correct", text, player=seat, number=key, value=after, reason=reason)
        self.apply(copy_state(state), entry)
        return entry

    def variants(self, options: Mapping[str, Any]) -> list[str]:
        """The options a game was set up with that are not their default, in a word or two
        each ("short game", "Hotels"): the saved games' list and an export name them."""
        return [
            spec.short
            for spec in self.options
            if spec.short and spec.key in options and options[spec.key] != spec.default
        ]

    def holdings(self, state: TableState, seat: int) -> list[str]:
        """What a player has beside their numbers, in words (an export says it: Boomtown's
        showed the gold alone, not the mines and mayor pawns that score with it); none
        unless a game says."""
        return []

    def corrections(self, state: TableState) -> list[Fix]:
        """Everything ctrl+o can correct, in the order the screen shows it. Games add their
        holdings (mines, cards, properties, trackers) after these numbers."""
        return [
            Fix(
                f"{seat}:{spec.key}",
                f"{player.name}: {spec.label} ({state.numbers[seat][spec.key]})",
                seat=seat,
            )
            for seat, player in enumerate(state.players)
            for spec in self.numbers
        ]

    def name_corrections(self, state: TableState) -> list[Fix]:
        """Each player's name, for ctrl+o after the game's own corrections: a name misspelt
        at setup (Gsu for Gus) was on the screen and in every command all game (a
        play-test). None once the game is finished: Records renames in earlier games."""
        if state.finished:
            return []
        return [
            Fix(f"{seat}:name", f"{player.name}: name", "the name as it should be", seat=seat)
            for seat, player in enumerate(state.players)
        ]

    def correct_text(self, state: TableState, key: str, text: str, reason: str) -> Entry:
        """The correction entry for one of `corrections` (or `name_corrections`), from the
        value as typed.

        Raises AmountError when the value is not one (said beside the value), RuleError
        otherwise. Games handle their own keys and pass the rest to this."""
        seat_text, _, number = key.partition(":")
        if not seat_text.isdigit():
            raise RuleError(f"{self.title} cannot correct {quoted(key)}.")
        if number == "name":
            return self.rename(state, int(seat_text), text, reason)
        return self.correct(state, int(seat_text), number, parse_amount(text), reason)

    def correction_note(self, state: TableState, key: str, text: str) -> str:
        """A sentence beside a correction's value as it is typed (`key` as `correct_text`
        takes it), when the rules take the value but it disagrees with something else the
        screen shows or the rules (Builders: a round and the Track Tokens placed;
        Calamityville: a sixth property): a note, not a
        refusal, the correction is recorded all the same. "" when there is nothing to say
        (none unless a game says); the dialog asks only about a value the rules take."""
        return ""

    def seat_named(self, state: TableState, text: str) -> int:
        """The seat of a player typed in a correction (`seat_named`)."""
        return seat_named(state, text)

    def rename(self, state: TableState, seat: int, name: str, reason: str) -> Entry:
        """A player's name put right; the game file's header keeps the name typed then."""
        self._seat(state, seat)
        reason = self.check_reason(reason)
        name = " ".join(name.split())
        old = state.name(seat)
        if name == old:
            raise RuleError(f"That is the name already: {old}.")
        text = f"Correction: {old} is called {name}: {reason}"
        return self._entry(state, "rename", text, player=seat, name=name, reason=reason)

    def check_reason(self, reason: str) -> str:
        """The reason of a correction, tidied; RuleError when it is missing or unsafe."""
        refuse_unsafe_text(reason, "A reason")
        reason = " ".join(reason.split())
        if not reason:
            raise RuleError("Say why: a correction needs a reason (e.g. 'counted again').")
        check_reason_length(reason)
        return reason

    def set_option(self, state: TableState, key: str, value: Any) -> Entry:
        spec = self._option(key)
        if not spec.applies_to(len(state.players)):
            counts = ", ".join(map(str, spec.player_counts))
            raise RuleError(f"{spec.label} is for {counts} players, not {len(state.players)}.")
        problem = spec.check(value)
        if problem:
            raise RuleError(problem)
        shown = dict(spec.choices).get(
            value, "yes" if value is True else "no" if value is False else value
        )
        return make_entry(
            "option", f"Table option changed: {spec.label}: {shown}", key=key, value=value
        )

    def finish(self, state: TableState, sheet: str = "", winners: str = "") -> Entry:
        """End the game; `sheet` is the final score sheet as TOML text (kept in the entry)."""
        if state.finished:
            raise RuleError("This game is already finished.")
        text = f"The game is over: {winners}." if winners else "The game is over."
        return make_entry("finish", text, sheet=sheet or None)

    def reopen(self, state: TableState) -> Entry:
        if not state.finished:
            raise RuleError("This game is not finished.")
        return make_entry("reopen", "The game was reopened to correct it.")

    # -- replay -----------------------------------------------------------------

    @cached_property
    def _handlers(self) -> dict[str, Callable[[TableState, Entry], None]]:
        """Each kind's `_apply_KIND` as it is first met (a replay meets a few kinds again
        and again)."""
        return {}

    def apply(self, state: TableState, entry: Entry) -> None:
        """Replay one entry onto `state`; checks first, so a RuleError changes nothing."""
        handler = self._handlers.get(entry.kind)
        if handler is None:
            handler = getattr(self, f"_apply_{entry.kind}", None)
            if handler is None:
                raise RuleError(f"{self.title} has no change of kind {entry.kind!r}.")
            self._handlers[entry.kind] = handler
        if state.finished and entry.kind not in AFTER_THE_END:
            raise RuleError(FINISHED)
        handler(state, entry)

    def changes_nothing(self, state: TableState, entry: Entry) -> bool:
        """Whether `entry` leaves the game as it is (a correction to the value it has: one
        was saved as a change, "(was 2 3 5)" to 2 3 5, a play-test). What an entry says of
        itself as it is applied (`TableState.TRANSIENT`) does not count."""
        after = copy_state(state)
        self.apply(after, entry)
        before = copy_state(state)
        for copied in (before, after):
            for name in copied.TRANSIENT:
                setattr(copied, name, None)
        return pickle.dumps(before) == pickle.dumps(after)

    def _apply_adjust(self, state: TableState, entry: Entry) -> None:
        data = entry.data  # (entry.get, a call each, was most of a long game's first replay)
        seat, key = self._seat(state, data.get("player")), data.get("number")
        delta = data.get("delta")
        if not isinstance(delta, int):
            raise RuleError("An adjustment needs a whole number.")
        self._set_number(state, seat, key, state.numbers[seat].get(key, 0) + delta)

    def _apply_correct(self, state: TableState, entry: Entry) -> None:
        seat, key, value = (
            self._seat(state, entry.get("player")),
            entry.get("number"),
            entry.get("value"),
        )
        if not isinstance(value, int):
            raise RuleError("A correction needs a whole number.")
        self._set_number(state, seat, key, value)

    def _apply_rename(self, state: TableState, entry: Entry) -> None:
        seat, name = self._seat(state, entry.get("player")), entry.get("name")
        if not isinstance(name, str):
            raise RuleError("A name is text.")
        others = [player.name for other, player in enumerate(state.players) if other != seat]
        problem = name_problem(name, others, self.reserved_names)
        if problem:
            raise RuleError(problem)
        state.players[seat] = Player(name.strip(), state.players[seat].colour)

    def _apply_option(self, state: TableState, entry: Entry) -> None:
        spec = self._option(entry.get("key"))
        problem = spec.check(entry.get("value"))
        if problem:
            raise RuleError(problem)
        state.options[spec.key] = entry.get("value")

    def _apply_finish(self, state: TableState, entry: Entry) -> None:
        state.finished = True
        state.sheet = str(entry.get("sheet", ""))

    def _apply_went_on(self, state: TableState, entry: Entry) -> None:
        """Going on after damage in the middle of the file (companion/going_on.py): what it
        dropped, said in the log and kept in the file. It changes nothing in the game; like
        any entry, undo takes it out of the log (and nothing else), redo puts it back."""

    def _apply_reopen(self, state: TableState, entry: Entry) -> None:
        """Open again; the last sheet stays in the state as the wizard's starting values
        (`last_sheet_rows`), so that finishing again does not mean typing it all anew."""
        state.finished = False

    # -- helpers ------------------------------------------------------------------

    def _seat(self, state: TableState, seat: Any) -> int:
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not 0 <= seat < len(state.players)
        ):
            raise RuleError(f"There is no player in seat {seat!r}.")
        return seat

    def _set_number(self, state: TableState, seat: int, key: Any, value: int) -> None:
        spec = self.number_spec(key)
        if value < spec.minimum:
            raise RuleError(
                f"{state.name(seat)} cannot have {spec.amount(value)} "
                f"(the least is {spec.minimum})."
            )
        state.numbers[seat][spec.key] = value

    def _option(self, key: Any) -> OptionSpec:
        for spec in self.options:
            if spec.key == key:
                return spec
        raise RuleError(f"{self.title} has no table option {key!r}.")


def copy_state(state: TableState) -> TableState:
    """A deep copy to check an entry against, so that a refusal changes nothing: a pickle
    round trip, three to five times quicker than deepcopy on a game's state (plain data and
    dataclasses; a Coloma state 0.25 -> 0.06 ms, and a key makes one or two); deepcopy for
    anything a pickle cannot hold."""
    try:
        copied = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(state)
    return copied  # type: ignore[no-any-return]


def seat_named(state: TableState, text: str) -> int:
    """The seat of a player typed in a correction: a whole name, or the start of a name
    or of a word of it that one player only has, case and accents aside, as `history
    --player` and Records' filter find a player (`starts_name`: "zo" finds "Zoë 🤠",
    "cy" "🐻 Cy"). RuleError when it names nobody, or more than one player."""
    typed = " ".join(text.split())
    names = [player.name for player in state.players]
    if not typed:
        raise RuleError(f"Type a player's name: {', '.join(names)}.")
    whole = [seat for seat, name in enumerate(names) if folded(name) == folded(typed)]
    if len(whole) > 1:  # "Zoe" and "Zoë": the accents typed tell them apart
        whole = [seat for seat in whole if names[seat].casefold() == typed.casefold()]
    if len(whole) == 1:  # (Bo, although Bob starts so too)
        return whole[0]
    starting = [seat for seat, name in enumerate(names) if starts_name(name, typed)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        *most, last = (names[seat] for seat in starting)
        raise RuleError(f"{quoted(typed)} could be {', '.join(most)} or {last}: type more of it.")
    raise RuleError(f"No player is called {quoted(typed)}: {', '.join(names)}.")
