"""The Builders board drawn as lines: one drawing for the game screen and the table display,
so that what the table reads across the room is what the players typed into (the display had
its own copy, which had drifted once already)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text

from companion.games.builders_board import BoardView

#: what ends the Train Marker's row
TRAIN_MARK = " ◀"


def centred(mark: str, width: int) -> str:
    """`mark` centred in `width` terminal cells (an emoji takes two: `cell_len`)."""
    room = max(width - cell_len(mark), 0)
    return " " * (room // 2) + mark + " " * (room - room // 2)


def cell_width(labels: Sequence[str]) -> int:
    """The cells a location's mark takes (a player's label and a cube), without the space
    on each side."""
    return max(2, max((cell_len(label) for label in labels), default=1) + 1)


def board_width(labels: Sequence[str], columns: int) -> int:
    """The cells the board's widest line takes: the row number, the locations, the ◀."""
    return 3 + columns * (cell_width(labels) + 2) + len(TRAIN_MARK)


def board_lines(
    board: BoardView,
    colour_of: Callable[[int], str | None],
    *,
    marker: int | None = None,
    spaced: bool = False,
    dim_numbers: bool = False,
) -> list[Text]:
    """The board, row 1 at the bottom, under its column numbers: a building is its owner's
    label and cube in their colour (`colour_of(seat)`, None: not drawn in a colour), terrain
    is italic, =..= around a location is its row's Track Token, and the Train Marker's row
    ends in ◀. `marker`: the Train Marker's column, lit in its row (the game screen, when the
    votes can be counted). `spaced`: a blank line between rows (the display, read from
    further away, where it has the room). `dim_numbers`: the row numbers dim but the Train
    Marker's, bold (the display: the buildings stand out)."""
    inner = cell_width(board.labels)
    numbers = Text(" " * 3)
    for column in range(1, board.columns + 1):
        numbers.append(centred(str(column), inner + 2), style="dim")
    lines = [numbers]
    for row in board.rows:
        # the number on its own style: a style the line starts with carries over to every
        # cell appended (the buildings of all rows but the marker's were drawn dim on the
        # display, their colours too dark to read across the table: a play-test)
        line = Text()
        number_style = ("bold" if row.train else "dim") if dim_numbers else ""
        line.append(f"{row.number:>2} ", style=number_style)
        for column, cell in enumerate(row.cells, start=1):
            colour = colour_of(cell.owner) if cell.owner is not None else None
            if colour is not None:
                style = f"bold {colour}"
            elif cell.kind in ("terrain", "token"):
                style = "bold" if cell.kind == "token" else "italic"
            else:
                style = "dim"
            if cell.token and cell.kind != "token":  # the token beside what stands there
                line.append(centred(f"={cell.mark}=", inner + 2), style=f"{style} bold")
            elif row.train and column == marker:
                line.append(" ")
                line.append(centred(cell.mark, inner), style=f"{style} reverse")
                line.append(" ")
            else:
                line.append(centred(cell.mark, inner + 2), style=style)
        if row.train:
            line.append(TRAIN_MARK, style="bold")
        if spaced:
            lines.append(Text())
        lines.append(line)
    return lines
