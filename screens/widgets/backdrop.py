"""Containers that draw one of their own lines instead of all of them.

Textual paints a container's own lines under its children: the whole height of the screen,
its body, its main column and the log panel, in every frame that repaints an area spanning
them (a game's first frame, a key whose changes lie far apart). A container that shows
nothing of its own but its background (and borders at its sides) has all its lines alike:
one is drawn and shown on every row (#16). Textual's `BLANK` flag does the same, but leaves
out the app's line filters (NO_COLOR would still show coloured backgrounds).
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.styles import StylesBase
from textual.geometry import Region
from textual.strip import Strip

NO_EDGE = ("", "none")


def lines_alike(styles: StylesBase) -> bool:
    """True when every row of a container without content of its own looks the same: no
    border or outline at its top or bottom (a title sits there), no hatching, no keylines."""
    return (
        styles.border_top[0] in NO_EDGE
        and styles.border_bottom[0] in NO_EDGE
        and all(edge[0] in NO_EDGE for edge in styles.outline)
        and styles.hatch in (None, "none")
        and styles.keyline[0] in NO_EDGE
    )


class AlikeLines:
    """Mixed into a container (or a screen) that has no content of its own, before its
    Textual class. Not a Widget itself: Textual inherits default CSS and CSS type names
    along the first Widget base only, which must stay the Textual class.

    Each row gets a Strip of its own, kept from frame to frame while the line drawn stays
    the same: the compositor cuts every row at its own places and a Strip keeps only its
    last few cuts, so one Strip shown on every row was cut anew at every frame."""

    styles: StylesBase
    _alike_rows: tuple[Strip, dict[tuple[int, int, int], Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        draw = super().render_lines  # type: ignore[misc]
        if crop.height <= 1 or not lines_alike(self.styles):
            return draw(crop)
        # its first row stands for all: the same Strip, whichever rows are asked for (a
        # repaint of a few changed lines asks for those only), until the styles change
        line = draw(Region(crop.x, 0, crop.width, 1))[0]
        if self._alike_rows is None or self._alike_rows[0] is not line:
            self._alike_rows = (line, {})
        rows = self._alike_rows[1]
        strips = []
        for y in range(crop.y, crop.bottom):
            row = rows.get((y, crop.x, crop.width))
            if row is None:
                row = rows[(y, crop.x, crop.width)] = Strip(list(line), line.cell_length)
            strips.append(row)
        return strips


class PlainHorizontal(AlikeLines, Horizontal):
    """A Horizontal that draws one of its own lines (see the module)."""


class PlainVertical(AlikeLines, Vertical):
    """A Vertical that draws one of its own lines (see the module)."""


class PlainVerticalScroll(AlikeLines, VerticalScroll):
    """A VerticalScroll that draws one of its own lines (see the module; its scrollbar is
    a widget of its own)."""
