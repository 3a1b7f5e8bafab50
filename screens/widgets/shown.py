"""Message lines (a refusal beside a field): shown with `say`, which redraws a line only
when its text changes and lays the screen out again only when its height does.

`Static.update` asks for a new layout of the whole screen by default (its text might now
take more or fewer lines). A refusal replacing another usually takes as many lines as
before: then the line is redrawn alone (#16).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.visual import VisualType, visualize
from textual.widgets import Static

from screens.widgets.no_scroll import recorded_virtual_size
from screens.widgets.repaint import RepaintToScreen
from screens.widgets.rows import text_key


def height_changes(widget: Static, content: VisualType) -> bool:
    """False when `content` takes as many lines as what `widget` shows, at its width: it is
    then redrawn without laying the screen out again. True when not known (not laid out)."""
    width = widget.size.width
    if not width:
        return True
    if one_line(content, width) and one_line(widget.content, width):  # (most keys: the
        return False  # line emptied, or a refusal for another; neither is made to count)
    new = visualize(widget, content, markup=False).get_height(widget.styles, width)
    return new != widget.visual.get_height(widget.styles, width)


def one_line(content: object, width: int) -> bool:
    """True when `content` is plain text that takes one line at `width` (nothing in it
    breaks or widens a line: a line break, a tab), as a Static shows it."""
    if isinstance(content, Text):
        content = content.plain
    return isinstance(content, str) and content.isprintable() and cell_len(content) <= width


def say(line: Static, text: str | Text) -> None:
    """Show `text` in a message line, only when it differs (a Text: in its words or its
    styles), and lay the screen out again only when it takes another number of lines (most
    keys leave the refusal line as it was, or replace one refusal by another)."""
    if not _same(line.content, text):
        line.update(text, layout=height_changes(line, text))


def _same(shown: object, text: str | Text) -> bool:
    if isinstance(text, Text) or isinstance(shown, Text):
        return (
            isinstance(text, Text) and isinstance(shown, Text) and text_key(shown) == text_key(text)
        )
    return isinstance(shown, str) and shown == text


class Shown(RepaintToScreen, Static):
    """A message line shown with `say` (redrawn only when its text changes, laid out only
    when its height does), which never scrolls: a new height is one layout, not two."""

    virtual_size = recorded_virtual_size()  # never scrolls: no second layout (no_scroll.py)
