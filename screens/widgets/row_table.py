"""A table of rows to pick from, where home and end go to the first and the last row.

Textual's DataTable with a row cursor takes home and end for the leftmost and rightmost
columns: on the home screen's list, end then enter opened the game highlighted before, not
the last one listed (a play-test). ctrl+home and ctrl+end do the same as home and end here.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import DataTable


class RowTable(DataTable[object]):
    BINDINGS = [
        Binding("home", "scroll_top", "First row", show=False),
        Binding("end", "scroll_bottom", "Last row", show=False),
    ]
