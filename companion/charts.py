"""What each player's tracked numbers did over a game, replayed from its journal (#14).

A game's numbers (Boomtown gold, Coloma Bucks and VP, Calamityville money, ...) are sampled
at the end of each round where the game has rounds (round 0 is the start), else after each
change (Calamityville: a point a change, newspaper cards included); Coloma's value of gold
and Builders' cubes left and Track Tokens have lines of their own. Pure data: the screens draw it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from companion.gamefile import Header
from companion.games.base import RuleError, Rules, TableState
from companion.journal import Entry


@dataclass
class NumberChart:
    """One number over the game: a line per player (or one line, e.g. the value of gold)."""

    key: str
    label: str
    x_label: str  # "Round" or "Change"
    short: str = ""  # the label on a narrow terminal's tab row, when shorter
    x: list[int] = field(default_factory=list)
    lines: dict[str, list[int]] = field(default_factory=dict)  # a name -> a value per x

    def record(self, x: int, values: dict[str, int], replace: bool) -> None:
        """Add a point at `x`, or (by round) put the round's newest values in its point."""
        if replace and self.x and self.x[-1] == x:
            for name, value in values.items():
                self.lines[name][-1] = value
            return
        self.x.append(x)
        for name, value in values.items():
            self.lines.setdefault(name, []).append(value)


def _coloma_gold(state: TableState) -> int:
    from companion.games.coloma.state import value_of

    return value_of(state)  # type: ignore[arg-type]


def _builders_cubes(state: TableState, seat: int) -> int:
    return sum(state.cubes[seat].values())  # type: ignore[attr-defined]


def _builders_tokens(state: TableState) -> int:
    return len(state.tokens)  # type: ignore[attr-defined]


#: Per game, numbers of the whole table worth a line of their own.
TABLE_NUMBERS: dict[str, tuple[tuple[str, str, Callable[[TableState], int]], ...]] = {
    "coloma": (("gold_value", "Value of a Gold Nugget (Bucks)", _coloma_gold),),
    "builders": (("tokens", "Track Tokens placed", _builders_tokens),),
}
#: Per game, numbers of each player the rules do not track as numbers (a line per player).
PLAYER_NUMBERS: dict[str, tuple[tuple[str, str, Callable[[TableState, int], int]], ...]] = {
    "builders": (("cubes_left", "Cubes left", _builders_cubes),),
}


#: Per game, shorter names of numbers whose full ones make the charts' row of tabs wider than
#: a narrow terminal (Coloma's nine took 96 columns): the chart under a tab names it in full.
SHORT_LABELS: dict[str, dict[str, str]] = {
    "coloma": {"gold": "Nuggets", "gold_value": "Gold value"},
}


def _round(state: TableState) -> int:
    return int(state.round)  # type: ignore[attr-defined]


def _coloma_round(state: TableState) -> int:
    """Coloma counts Rounds within each Year: the chart counts them over the game."""
    from companion.games.coloma.state import ROUNDS, YEARS

    return (state.year - YEARS[0]) * ROUNDS + state.round  # type: ignore[attr-defined]


#: Per game whose rounds start again (Coloma's, each Year), the round over the whole game
#: and what the x axis says of it; other games chart `state.round`.
GAME_ROUNDS: dict[str, tuple[Callable[[TableState], int], str]] = {
    "coloma": (_coloma_round, "Round (1848: 1-5, 1849: 6-10, 1850: 11-15)"),
}
#: Tracked numbers a game's screen does not show (Builders' VP is read off the cards at
#: the end): no chart of a line that never moves.
HIDDEN_NUMBERS: dict[str, frozenset[str]] = {"builders": frozenset({"vp"})}


def number_charts(rules: Rules, header: Header, entries: Iterable[Entry]) -> list[NumberChart]:
    """Every tracked number's chart, replaying `entries` (the ones in effect, in order)."""
    state = rules.new_state(header)
    by_round = hasattr(state, "round")
    round_of, x_label = GAME_ROUNDS.get(rules.id, (_round, "Round" if by_round else "Change"))
    hidden = HIDDEN_NUMBERS.get(rules.id, frozenset())
    short = SHORT_LABELS.get(rules.id, {})
    players = [
        NumberChart(spec.key, spec.label, x_label, short.get(spec.key, ""))
        for spec in rules.numbers
        if spec.key not in hidden
    ]
    own = [
        (NumberChart(key, label, x_label, short.get(key, "")), value)
        for key, label, value in PLAYER_NUMBERS.get(rules.id, ())
    ]
    table = [
        (NumberChart(key, label, x_label, short.get(key, "")), value)
        for key, label, value in TABLE_NUMBERS.get(rules.id, ())
    ]

    # A player's line is kept under their seat while replaying and named at the end, as the
    # game names them now: a name corrected with ctrl+o (a `rename` entry) started a line
    # of its own, or crashed f3 when the round already had its point (a play-test).
    seats = [str(seat) for seat in range(len(state.players))]

    def sample(x: int, replace: bool) -> None:
        for chart in players:
            values = {seats[seat]: numbers[chart.key] for seat, numbers in enumerate(state.numbers)}
            chart.record(x, values, replace)
        for chart, per_seat in own:
            values = {seats[seat]: per_seat(state, seat) for seat in range(len(seats))}
            chart.record(x, values, replace)
        for chart, value in table:
            chart.record(x, {chart.label: value(state)}, replace)

    sample(0, replace=False)
    changes = 0
    for entry in entries:
        try:
            rules.apply(state, entry)
        except RuleError:
            continue  # as the session's replay: what no longer applies is skipped
        changes += 1
        if by_round:
            sample(round_of(state), replace=True)
        else:
            sample(changes, replace=False)
    for chart in [*players, *(chart for chart, _ in own)]:
        chart.lines = {state.players[int(seat)].name: line for seat, line in chart.lines.items()}
    return [*players, *(chart for chart, _ in own), *(chart for chart, _ in table)]
