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
    along the first Widget base only, which must stay the Textual class."""

    styles: StylesBase

    def render_lines(self, crop: Region) -> list[Strip]:
        draw = super().render_lines  # type: ignore[misc]
        if crop.height > 1 and lines_alike(self.styles):
            return draw(Region(crop.x, crop.y, crop.width, 1)) * crop.height
        return draw(crop)


class PlainHorizontal(AlikeLines, Horizontal):
    """A Horizontal that draws one of its own lines (see the module)."""


class PlainVertical(AlikeLines, Vertical):
    """A Vertical that draws one of its own lines (see the module)."""


class PlainVerticalScroll(AlikeLines, VerticalScroll):
    """A VerticalScroll that draws one of its own lines (see the module; its scrollbar is
    a widget of its own)."""
