"""The log's lines: the newest at the bottom, drawn without a scrolling container.

Why not RichLog: each line it writes grows its virtual size, which costs the whole screen a
new layout, and its scroll to the end comes a frame later (with its scrollbar): two frames a
key, the second ~20 ms after the first (#16). Here an append repaints this widget alone, in
the frame that shows the change. Older lines are a mouse wheel or page up/down away (the
game screen's keys: the log never takes the focus, so what is typed always reaches the
command field); a new line brings it back to the newest.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from screens.widgets.no_scroll import recorded_virtual_size
from screens.widgets.rows import text_key

WHEEL = 3  # lines a turn of the mouse wheel moves


class TailLog(Widget):
    """Sentences wrapped at the widget's width, the newest at the bottom."""

    DEFAULT_CSS = """
    TailLog {
        height: 1fr;
    }
    """

    virtual_size = recorded_virtual_size()  # never scrolls: no second layout (no_scroll.py)

    class Scrolled(Message):
        """The view moved away from (or back to) the newest line: `back` lines above it."""

        def __init__(self, back: int) -> None:
            super().__init__()
            self.back = back

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._texts: list[Text] = []
        self._wrapped: list[list[Strip]] = []  # each text's lines at `_width`
        self._flat: list[Strip] | None = None
        self._width = 0
        self._style = Style()
        self.back = 0  # lines scrolled back from the newest

    @property
    def texts(self) -> list[Text]:
        """The sentences shown, oldest first, as given."""
        return list(self._texts)

    @property
    def lines(self) -> list[Strip]:
        """Every line as drawn (the sentences wrapped at the current width), oldest first."""
        self._fit_width()
        if self._flat is None:
            self._flat = [line for lines in self._wrapped for line in lines]
        return self._flat

    def set_texts(self, texts: Sequence[Text]) -> None:
        """Show these sentences instead of what was there (an undo, the first draw). An undo
        shows the same sentences but one: only the one that comes back into view is wrapped."""
        drawn = zip(self._texts, self._wrapped, strict=True)
        known = {text_key(text): lines for text, lines in drawn}
        self._texts = list(texts)
        self._wrapped = [known.get(text_key(text)) or self._wrap(text) for text in self._texts]
        self._flat = None
        self._to_newest()
        self.refresh()

    def append(self, texts: Sequence[Text], keep: int) -> None:
        """Add sentences at the bottom, keeping the newest `keep`: one repaint, no layout.
        Lines already drawn that stay in view are moved, not drawn again: while the log does
        not fill its height nothing moves and only the new lines are repainted (the first
        changes of a game); once it is full, each new line moves the others up one."""
        height = self.size.height
        before = len(self.lines)
        top_before = max(0, before - height - self.back)
        scrolled = self.back
        self._texts.extend(texts)
        self._wrapped.extend(self._wrap(text) for text in texts)
        drop = len(self._texts) - keep
        dropped_lines = 0
        if drop > 0:
            dropped_lines = sum(len(lines) for lines in self._wrapped[:drop])
            del self._texts[:drop]
            del self._wrapped[:drop]
        self._flat = None
        self._to_newest()
        after = len(self.lines)
        if scrolled:
            self.refresh()
            return
        # Where the lines drawn before are now, counted in the lines before the drop.
        moved_up = max(0, after - height) + dropped_lines - top_before
        first_new = before - top_before - moved_up  # the first row showing a new line
        if moved_up == 0:
            self.refresh(Region(0, first_new, self.size.width, max(0, after - before)))
        else:
            self._move_drawn_lines(moved_up, first_new)

    def _move_drawn_lines(self, moved_up: int, first_new: int) -> None:
        """Repaint the whole log (every line moved on the terminal), but keep the styled lines
        already made: row y now shows what row y + moved_up showed. (Textual's styles cache
        keys lines by their row; making 37 styled lines again was most of a key's cost.) Its
        rows are the log's lines only while the log has no border or padding."""
        if self.styles.gutter:
            self.refresh()
            return
        cache = self._styles_cache
        kept = {
            y - moved_up: strip
            for y, strip in cache._cache.items()
            if moved_up <= y < first_new + moved_up and not cache.is_dirty(y)
        }
        self.refresh()
        cache._cache.update(kept)
        cache._dirty_lines.difference_update(kept)

    def _wrap(self, text: Text) -> list[Strip]:
        if self._width <= 0:  # not laid out yet: wrapped once it has a width
            return []
        console = self.app.console
        lines = console.render_lines(text, console.options.update_width(self._width), pad=False)
        return [Strip(line).extend_cell_length(self._width) for line in lines]

    def on_resize(self, event: events.Resize) -> None:
        if self._fit_width():
            self.refresh()  # a paint before this Resize drew the lines at the old width

    def _fit_width(self) -> bool:
        """Sentences are wrapped anew at a new width (the terminal, or f2's wider log). Also
        checked at each paint: a log hidden by f2 while the terminal was resized is given its
        new size without a Resize of its own."""
        if self.size.width != self._width:
            self._width = self.size.width
            self._wrapped = [self._wrap(text) for text in self._texts]
            self._flat = None
            self._scroll_to(self.back)
            return True
        return False

    # -- drawing (Textual's line API) ------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        """The widget's style is looked up once a paint, not once a line (each look-up walks
        the styles; 37 of them were a third of a key's repaint)."""
        self._style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        lines = self.lines
        top = max(0, len(lines) - self.size.height - self.back)
        index = top + y
        if index < len(lines):
            return lines[index].apply_style(self._style)
        return Strip.blank(self.size.width, self._style)

    # -- looking back ------------------------------------------------------------------

    def _to_newest(self) -> None:
        if self.back:
            self.back = 0
            self.post_message(self.Scrolled(0))

    def _scroll_to(self, back: int) -> None:
        most = max(0, len(self.lines) - self.size.height)
        back = min(max(back, 0), most)
        if back != self.back:
            self.back = back
            self.refresh()
            self.post_message(self.Scrolled(back))

    def page(self, pages: int) -> None:
        """Look back (or forward, negative) a page at a time."""
        self._scroll_to(self.back + pages * max(1, self.size.height - 1))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._scroll_to(self.back + WHEEL)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._scroll_to(self.back - WHEEL)
