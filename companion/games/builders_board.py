"""The Builders board as rows of cells: what the game screen draws and the table display
shows, made once from the game's state (screens/builders_board.py draws it). A module of
its own, light to import: the game screen's first frame needs it, not the rest of the
display (companion/display.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from companion.games.base import TableState


class BoardCell(NamedTuple):
    """One location of a board, as the game screen's board shows it: `mark` is a building's
    owner label and cube ("A3"), a terrain mark ("~~"), a printed arrow, "==" for a Track
    Token on nothing, "." for nothing. (Tuples: the game screen makes its board of them at
    every key, a third of the time frozen dataclasses took, #16.)"""

    mark: str
    kind: str = "empty"  # "building", "terrain", "token", "arrow" or "empty"
    owner: int | None = None  # a building's owner (their seat: the colour it is drawn in)
    token: bool = False  # the row's Track Token stands here


class BoardRow(NamedTuple):
    number: int  # row 1 is the first (the bottom of the board)
    cells: tuple[BoardCell, ...]
    train: bool = False  # the Train Marker's row: the next Track Token goes here


@dataclass(frozen=True)
class BoardView:
    """A board as rows of cells, the last row first (as drawn: row 1 at the bottom)."""

    rows: tuple[BoardRow, ...]
    labels: tuple[str, ...]  # each seat's label on the board
    legend: tuple[str, ...]  # what the marks on it stand for, a short line each

    @property
    def columns(self) -> int:
        return max((len(row.cells) for row in self.rows), default=0)


def builders_board(state: TableState) -> BoardView | None:
    """The Builders board as the game screen draws it: each location's building (its
    owner's label and cube), terrain or printed arrow, each row's Track Token, the Train
    Marker's row while tokens are still to place. None before the board's size is typed."""
    from companion.games.builders import (
        TERRAIN_MARKS,
        BuildersState,
        Building,
        player_labels,
        terrain_legend,
    )

    assert isinstance(state, BuildersState)
    if not state.widths:
        return None
    labels = tuple(player_labels([player.name for player in state.players]))
    # where each building stands, looked up once (`state.at` looks through all of them: a
    # full board, a location at a time, at every key of the game screen)
    standing: dict[tuple[int, int], Building] = {}
    for building in state.buildings:  # (the first, as `at` finds it)
        standing.setdefault((building.row, building.column), building)
    rows = []
    for row in range(state.rows, 0, -1):
        token = state.tokens[row - 1] if row <= len(state.tokens) else None
        printed = state.arrows.get(row, [])
        cells = []
        for column in range(1, state.widths[row - 1] + 1):
            on_token = token == column
            building = standing.get((row, column))
            terrain = state.terrain.get((row, column))
            if building is not None:
                mark = f"{labels[building.owner]}{building.cube}"
                cell = BoardCell(mark, "building", building.owner, on_token)
            elif terrain is not None:
                mark = TERRAIN_MARKS.get(terrain, ("??", ""))[0]
                cell = BoardCell(mark, "terrain", token=on_token)
            elif on_token:
                cell = BoardCell("==", "token", token=True)
            elif printed and column <= len(printed) and printed[column - 1]:
                cell = BoardCell(printed[column - 1], "arrow")
            else:
                cell = BoardCell(".")
            cells.append(cell)
        train = row == state.train_row and not state.over and not state.finished
        rows.append(BoardRow(row, tuple(cells), train))
    legend = ["=..= Track Token"]
    if not state.over and not state.finished:
        legend.append("◀ Train Marker")
    legend += terrain_legend(set(state.terrain.values()))
    return BoardView(tuple(rows), labels, tuple(legend))
