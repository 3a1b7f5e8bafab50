"""A Static that lays the screen out again only when its height may have changed.

`Static.update` asks for a new layout of the whole screen by default (its text might now
take more or fewer lines). A refusal replacing another, a step line, a note usually take as
many lines as before: then the Static is redrawn alone (#16).
"""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType, visualize
from textual.widgets import Static

from screens.widgets.no_scroll import recorded_virtual_size
from screens.widgets.rows import text_key


def height_changes(widget: Static, content: VisualType) -> bool:
    """False when `content` takes as many lines as what `widget` shows, at its width: it is
    then redrawn without laying the screen out again. True when not known (not laid out)."""
    width = widget.size.width
    if not width:
        return True
    new = visualize(widget, content, markup=False).get_height(widget.styles, width)
    return new != widget.visual.get_height(widget.styles, width)


def say(line: Static, text: str) -> None:
    """Show `text` in a message line, only when it differs, and lay the screen out again
    only when it takes another number of lines (most keys leave the refusal line as it was,
    or replace one refusal by another)."""
    if str(line.content) != text:
        line.update(text, layout=height_changes(line, text))


class Shown(Static):
    """Redrawn only when what it shows changed; laid out again only when its height may
    have (`fixed`: its .tcss gives it a fixed size, so content never resizes it)."""

    virtual_size = recorded_virtual_size()  # never scrolls: no second layout (no_scroll.py)

    def __init__(self, *args: object, fixed: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fixed = fixed
        self.shown: object = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        key = text_key(content) if isinstance(content, Text) else content
        if key == self.shown:
            return
        layout = layout and not self.fixed and height_changes(self, content)
        self.shown = key
        super().update(content, layout=layout)
