"""What the table display shows of a game: each player's main numbers, whose turn, the log.

The display (`goldrush display`, and `goldrush serve` for browsers) is read from across the
table, so it shows only a few large numbers a player, the sentence of whose turn it is, and
the newest sentences of the log; for Boomtown Builders, the board too (where the Track Tokens
stand, the Train Marker's row, who built where). This module picks them from a game's state
(pure: no Textual), one small function a game; the screen only lays them out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.games.base import TableState
from companion.games.builders_board import BoardView, builders_board
from companion.journal import REDO, UNDO, Journal

if TYPE_CHECKING:
    from companion.scoring import Result, SheetSpec

LOG_LINES = 4  # the newest sentences of the log the display shows


@dataclass(frozen=True)
class Figure:
    """One number in large type, e.g. ("Gold", "23"). `value` holds only what a seven-
    segment font draws (digits, $, -, +, spaces)."""

    label: str
    value: str
    #: the label in a narrow card (beside the Builders board), "" to keep `label` there
    short: str = ""


@dataclass(frozen=True)
class SeatView:
    name: str
    colour: str
    figures: tuple[Figure, ...]
    turn: bool = False  # it is this player's turn (to bid, pick, build...)
    label: str = ""  # the player's label on the board (Builders: "A"), "" with no board


@dataclass(frozen=True)
class DisplayView:
    title: str  # the game's name
    progress: str  # how far the game is, as the saved-games list says it ("": the turn says)
    turn: str  # whose turn it is, as a sentence ("" when the app cannot tell)
    seats: tuple[SeatView, ...]
    table: tuple[Figure, ...]  # the table's own numbers (Coloma's value of gold, ...)
    log: tuple[str, ...]  # the newest sentences, oldest first
    finished: bool = False
    board: BoardView | None = None  # the board, for a game that has one to show


#: Per seat its figures, the table's figures, whose turn (a sentence), the seat whose turn it is.
Picked = tuple[list[list[Figure]], list[Figure], str, int | None]


def _number(value: int) -> str:
    return str(value)


def _boomtown(state: TableState) -> Picked:
    from companion.games.boomtown import BoomtownState

    assert isinstance(state, BoomtownState)
    figures = [
        [
            Figure("Gold", _number(state.gold(seat))),
            Figure("Mayors", _number(len(state.mayor_of(seat)))),
        ]
        for seat in range(len(state.players))
    ]
    table = [Figure("Cards left", _number(state.cards_left))]
    seat: int | None = None
    turn = ""
    if state.phase == "reveal":
        turn = f"Round {state.round}: the cards are being revealed."
    elif state.phase == "auction":
        seat = state.auction_turn
        if seat is not None:
            turn = f"Round {state.round}: {state.name(seat)} to bid or pass."
        else:
            turn = f"Round {state.round}: the auction is ending."
    elif state.phase == "payment" and state.winner is not None:
        seat = state.winner
        turn = f"Round {state.round}: {state.name(seat)} won the auction and pays."
    elif state.phase == "picks":
        seat = state.next_picker
        if seat is not None:
            turn = f"Round {state.round}: {state.name(seat)} picks a card."
    elif state.phase == "production":
        turn = f"Round {state.round}: the dice for production."
        if state.rolled is not None:
            first, second = state.rolled
            turn = (
                f"Round {state.round}: rolled {first} + {second} = {first + second}; "
                "the Telegraph may change one die."
            )
    elif state.phase == "next" and state.cards_left > 0 and state.winner is not None:
        # as the table says it, with who opens it ("is over: the next one starts": a
        # play-test)
        turn = (
            f"Round {state.round} is over. Round {state.round + 1} starts: "
            f"{state.name(state.winner)} is the first player."
        )
    elif state.phase == "next":  # (the deck corrected to 0 at the round's end)
        turn = f"Round {state.round} is over: the deck is used up."
    elif state.phase == "over":
        turn = "The deck is used up: final scoring."
    return figures, table, turn, seat


def _coloma(state: TableState) -> Picked:
    from companion.games.coloma.state import ColomaState, value_of

    assert isinstance(state, ColomaState)
    figures = [
        [
            Figure("VP", _number(numbers["track"])),
            Figure("Bucks", _number(numbers["bucks"])),
            Figure("Nuggets", _number(numbers["gold"])),
        ]
        for numbers in state.numbers
    ]
    table = [Figure("A Nugget is worth", f"${value_of(state)}")]
    sheriff = state.name(state.sheriff)
    if state.phase == "over":
        turn = "The third Shootout is over: final scoring."
    elif state.phase == "rounds":
        turn = f"{state.year}, Round {state.round}. Sheriff: {sheriff}."
        if state.bust_line:
            turn += f" {state.bust_line[0].upper()}{state.bust_line[1:]}."
    elif state.phase == "cleanup":  # (said "the Shootout" all through Clean Up: a play-test)
        turn = f"{state.year}: Clean Up. Sheriff: {sheriff}."
    else:
        turn = f"{state.year}: the Shootout. Sheriff: {sheriff}."
    if state.phase != "rounds" or state.rows:
        # the tally the table counts to, as the game screen shows it (the display had
        # none: a play-test): from the first Gunmen placed in the Year (it showed only at
        # the Shootout, while the game screen counted all Year: a play-test), kept through
        # Clean Up and the final scoring: the round's result (it went as Clean Up began)
        tally = state.tally()
        table += [
            Figure("Gunmen", _number(tally.gunmen)),
            Figure("Outlaws", _number(tally.outlaws)),
        ]
    return figures, table, turn, None


#: Builders' cubes left, largest first, as the display names them (and in a narrow card).
BUILDERS_CUBES = ((3, "Triples", "T"), (2, "Doubles", "D"), (1, "Singles", "S"))


def _builders(state: TableState) -> Picked:
    from companion.games.builders import BuildersState

    assert isinstance(state, BuildersState)
    figures = [  # by size, as the game screen tracks them ("T3 D4 S7 left")
        [Figure(label, _number(cubes[size]), short) for size, label, short in BUILDERS_CUBES]
        for cubes in state.cubes
    ]
    table: list[Figure] = []
    seat: int | None = None
    if state.over:
        turn = "Every Track Token is placed: final scoring."
    else:
        table.append(Figure("Train Marker row", _number(state.train_row)))
        rounds = f" of {state.last_round}" if state.widths else ""
        seat = state.builder
        if seat is not None:
            turn = f"Round {state.round}{rounds}: {state.name(seat)} builds."
        elif state.tokens_to_place:
            turn = f"Round {state.round}{rounds}: the Track Token for row {state.train_row}."
        else:
            turn = f"Round {state.round}{rounds}: the Track Token is placed; next round."
    return figures, table, turn, seat


def _calamityville(
    state: TableState,
) -> Picked:
    from companion.games.calamityville import CalamityState

    assert isinstance(state, CalamityState)
    figures = [
        [
            Figure("Money", f"${state.money(seat)}"),
            Figure("Properties", _number(len(state.owned(seat)))),
        ]
        for seat in range(len(state.players))
    ]
    table = [Figure("Boom", _number(state.boom_left)), Figure("Bust", _number(state.bust_left))]
    if state.gold_out:
        turn = "The gold has run out: final scoring."
    else:
        turn = f"The {state.card_up} card is up."
        # who went first, all game (it went with the first purchase or card: a play-test)
        went = "goes first" if state.at_start else "went first"
        turn = f"{state.name(state.first_player)} {went}. {turn}"
    return figures, table, turn, None


def _tracked(state: TableState) -> Picked:
    """A game this module does not know yet: every tracked number."""
    figures = [
        [Figure(key.capitalize(), _number(value)) for key, value in numbers.items()]
        for numbers in state.numbers
    ]
    return figures, [], "", None


_PICKERS: dict[str, Callable[[TableState], Picked]] = {
    "boomtown": _boomtown,
    "coloma": _coloma,
    "builders": _builders,
    "calamityville": _calamityville,
}
#: The games whose board the display shows, and how it reads it.
_BOARDS: dict[str, Callable[[TableState], BoardView | None]] = {"builders": builders_board}


def _final_result(game: str, state: TableState) -> tuple[SheetSpec, Result] | None:
    """The finished game's standings from its sheet; None when it has none, or it cannot
    be scored (the numbers tracked show)."""
    if not state.sheet:
        return None
    from companion.games import rules_for
    from companion.scoring import SheetError

    try:
        return rules_for(game).final_result(state)
    except (SheetError, KeyError, ValueError):
        return None


#: Per game, the figures a score sheet has a field for (label -> the sheet's key): a
#: finished game shows the sheet's number (the cards showed the 1 Nugget tracked under a
#: tie broken on the 4 typed in the scoring wizard: a play-test).
_SHEET_FIGURES: dict[str, dict[str, str]] = {
    "coloma": {"Bucks": "bucks", "Nuggets": "gold"},
    "boomtown": {"Mayors": "mayors"},
}
#: Per game, how many of a player's first figures the final score is counted from, and takes
#: the place of (one elsewhere: Money, VP, Gold); Builders' cubes left are three figures.
_SCORED_FROM: dict[str, int] = {"builders": len(BUILDERS_CUBES)}


def _sheet_rows(game: str, state: TableState) -> dict[str, dict[str, object]]:
    """Each player's row of the finished game's score sheet, by name ({} when it has none
    or it cannot be read)."""
    from companion.games import rules_for
    from companion.scoring import SheetError, parse_sheet_text

    try:
        _spec, rows = parse_sheet_text(state.sheet, {game: rules_for(game).sheet_for(state)})
    except (SheetError, KeyError, ValueError):
        return {}
    return {str(row["name"]): row for row in rows}


def _as_on_sheet(game: str, figures: list[Figure], row: dict[str, object]) -> list[Figure]:
    """A player's figures with the sheet's numbers where it has them: the numbers the
    standings were computed from, so that the table never sees two different ones."""
    keys = _SHEET_FIGURES.get(game, {})
    return [
        Figure(figure.label, _number(value))
        if isinstance(value := row.get(keys.get(figure.label, "")), int)
        else figure
        for figure in figures
    ]


def _final_totals(spec: SheetSpec, result: Result) -> dict[str, str]:
    """Each player's final score, as shown ("$" before dollars)."""
    standings = result.standings
    dollars = "$" if spec.amount(0).startswith("$") else ""
    return {standing.name: f"{dollars}{standing.total}" for standing in standings}


def _log(journal: Journal, lines: int) -> tuple[str, ...]:
    """The newest `lines` sentences as the table saw them, oldest first: the changes in
    effect, and each undo and redo as its entry says it ("Undone: ..."); a change taken back
    is said by its undo (the display showed the log without it, and nobody watching saw that
    anything was taken back: a play-test)."""
    if lines <= 0:
        return ()
    in_effect = set(journal.tail_places(lines))
    # each change left out (taken back) has its undo among the newer ones: 3 x `lines`
    # entries hold the newest `lines` said
    count = len(journal)
    places = list(range(max(0, count - 3 * lines), count))
    said = [
        entry.text
        for place, entry in zip(places, journal.entries_at(places), strict=True)
        if place in in_effect or entry.kind in (UNDO, REDO)
    ]
    return tuple(said[-lines:])


def view_of(
    game: str,
    title: str,
    progress: str,
    state: TableState,
    journal: Journal,
    lines: int = LOG_LINES,
) -> DisplayView:
    """What the display shows of a game of kind `game` (a rules id) in `state`."""
    figures, table, turn, seat = _PICKERS.get(game, _tracked)(state)
    log = _log(journal, lines)
    if state.finished:  # its finish sentence, with the winner (only the log had it: a
        # play-test)
        finish = journal.newest_of("finish")
        turn = finish.text if finish is not None else "The game is finished."
        if log and log[-1] == turn and journal.newest_of("reopen") is None:
            # said once, above the log (it was said twice: a play-test); a game finished
            # again keeps each end in its log, as the game's log has them (it lost the
            # second, and ended on "The game was reopened" as if it still were)
            log = _log(journal, lines + 1)[:-1]
        seat = None
        final = _final_result(game, state)
        totals: dict[str, str] = {}
        if final is not None:
            from companion.scoring import tie_notes

            # how a tie for a place was broken (the display named a winner on 9 points
            # beside another on 9, and not why: a play-test)
            turn = " ".join([turn, *tie_notes(*final)])
            totals = _final_totals(*final)
        if totals:  # the final score first (Coloma's showed the VP track, 9 and 9, under
            # "Ann wins": a play-test), in place of the figure it is counted from (Money,
            # VP, Gold, the cubes left): beside it, the card's last figure was cut off
            rows = _sheet_rows(game, state)
            scored_from = _SCORED_FROM.get(game, 1)
            figures = [
                [
                    Figure("Final score", totals[player.name], "Score"),
                    *_as_on_sheet(game, figures[index][scored_from:], rows.get(player.name, {})),
                ]
                if player.name in totals
                else figures[index]
                for index, player in enumerate(state.players)
            ]
    elif turn.endswith("final scoring."):  # said once: the title said it too (a play-test)
        progress = ""
    board = _BOARDS[game](state) if game in _BOARDS else None
    labels = board.labels if board is not None else ()
    seats = tuple(
        SeatView(
            player.name,
            player.colour,
            tuple(figures[index]),
            turn=index == seat,
            label=labels[index] if index < len(labels) else "",
        )
        for index, player in enumerate(state.players)
    )
    return DisplayView(
        title=title,
        progress=progress,
        turn=turn,
        seats=seats,
        table=tuple(table),
        log=log,
        finished=state.finished,
        board=board,
    )
