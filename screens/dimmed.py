"""The screen behind a dialog, dimmed with its colours worked out once a style (#16).

A dialog's translucent background shows the screen under it tinted: Textual draws that
screen whole and works out every segment's tinted colours anew (two colour blends and a new
style a segment), at each of the three or so times a dialog is drawn as it opens: ~40 ms of
CPU a dialog. A game screen has a few dozen styles, so each one's tinted style is kept and
looked up; what is drawn is the same, segment for segment.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen

#: (style, tint) -> the tinted style; emptied when it grows past MOST (a theme changed, say)
_TINTED: dict[tuple[Style | None, Color], Style] = {}
MOST = 4096


class DimmedScreen(BackgroundScreen):
    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        """Textual's, each style's tinted style worked out once (by Textual's own code)."""
        if color.a == 0:
            yield from super().process_segments(segments, color)
            return
        if len(_TINTED) > MOST:
            _TINTED.clear()
        for segment in segments:
            text, style, control = segment
            if control:
                yield segment
                continue
            tinted = _TINTED.get((style, color))
            if tinted is None:
                plain = Segment(" ", style)
                tinted = next(iter(super().process_segments([plain], color))).style
                _TINTED[(style, color)] = tinted
            yield Segment(text, tinted, control)


def dimmed(renderable: RenderableType) -> RenderableType:
    """A screen's background: Textual's tinted screen behind, with styles kept."""
    if type(renderable) is BackgroundScreen:
        return DimmedScreen(renderable.screen, renderable.color)
    return renderable
