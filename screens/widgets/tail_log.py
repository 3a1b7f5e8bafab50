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

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from screens.widgets.no_scroll import recorded_virtual_size
from screens.widgets.repaint import RepaintToScreen
from screens.widgets.rows import as_is_strip, fits_as_is, text_key

WHEEL = 3  # lines a turn of the mouse wheel moves


class TailLog(RepaintToScreen, Widget):
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
        # each text's lines at `_width`; None until they are needed (a long log's first
        # paint wraps only the sentences it shows: a warm open of a long game, #16)
        self._wrapped: list[list[Strip] | None] = []
        self._view: list[Strip | None] | None = None  # the rows as shown, top first
        self._width = 0
        self._style = Style()
        self.back = 0  # lines scrolled back from the newest
        # blank rows left at the bottom by undos in a full log: the undone line goes, the
        # rows above stay where they are, and the next lines fill the gap (#16: the rows all
        # moved down one at each undo, the whole log repainted; a key cost ~3 ms more at
        # 10,000 entries than at 10). At most a third of the height, then it is closed.
        self._gap = 0

    @property
    def texts(self) -> list[Text]:
        """The sentences shown, oldest first, as given."""
        return list(self._texts)

    @property
    def lines(self) -> list[Strip]:
        """Every line (the sentences wrapped at the current width), oldest first."""
        self._fit_width()
        return [line for index in range(len(self._texts)) for line in self._lines_of(index)]

    def set_texts(self, texts: Sequence[Text]) -> None:
        """Show these sentences instead of what was there (an undo, the first draw). An undo
        shows the same sentences but one: only the one that comes back into view is wrapped,
        and the rows that only moved are not made again."""
        drawn = self._rows()
        self._gap = self._gap_after(texts, drawn)
        wrapped = zip(self._texts, self._wrapped, strict=True)
        known = {text_key(text): lines for text, lines in wrapped if lines is not None}
        self._texts = list(texts)
        self._wrapped = [known.get(text_key(text)) for text in self._texts]
        self._changed(drawn)

    def drop_newest(self, older: Sequence[Text]) -> None:
        """An undo: the newest sentence goes, and `older` ones (from before the first one
        shown) come back at the top; nothing else is made again (a long game's undo built
        and compared all 200 sentences: #16)."""
        drawn = self._rows()
        self._gap = self._undo_gap(drawn)
        del self._texts[-1]
        del self._wrapped[-1]
        self._texts[:0] = older
        self._wrapped[:0] = [None] * len(older)
        self._changed(drawn)

    def _gap_after(self, texts: Sequence[Text], drawn: list[Strip | None]) -> int:
        """The blank rows to leave at the bottom once `texts` replace the sentences shown:
        as `_undo_gap` when they are the same but the newest (an undo; an older one may
        come back at the top); else none."""
        old = self._texts
        kept = [text_key(text) for text in old[:-1]]
        if len(old) < 2 or [text_key(text) for text in texts[len(texts) - len(kept) :]] != kept:
            return 0
        return self._undo_gap(drawn)

    def _undo_gap(self, drawn: list[Strip | None]) -> int:
        """One more sentence's lines (the newest, undone) when the log fills its height,
        up to a third of it; else none."""
        if self.back or len(self._texts) < 2 or None in drawn[: len(drawn) - self._gap]:
            return 0
        gap = self._gap + len(self._lines_of(len(self._texts) - 1))
        return gap if gap <= self.size.height // 3 else 0

    def append(self, texts: Sequence[Text], keep: int) -> None:
        """Add sentences at the bottom, keeping the newest `keep`: one repaint, no layout.
        Rows that show what they showed are not repainted (while the log does not fill its
        height, only the new lines are); rows that only moved up are not made again."""
        drawn = self._rows()
        self._texts.extend(texts)
        self._wrapped.extend(None for _ in texts)
        if self._gap:  # the new lines fill the gap left by undos first
            new = range(len(self._texts) - len(texts), len(self._texts))
            self._gap = max(0, self._gap - sum(len(self._lines_of(index)) for index in new))
        drop = len(self._texts) - keep
        if drop > 0:
            del self._texts[:drop]
            del self._wrapped[:drop]
        self._changed(drawn)

    def _changed(self, drawn: list[Strip | None]) -> None:
        """The sentences changed: back to the newest, and repaint what moved or is new."""
        scrolled = self.back
        self._to_newest()
        self._view = None
        rows = self._rows()
        if scrolled or len(rows) != len(drawn) or self.styles.gutter:
            self.refresh()
            return
        moved = _moved_by(drawn, rows)
        if moved is None:
            self.refresh()
            return
        if moved == 0:
            pairs = enumerate(zip(drawn, rows, strict=True))
            changed = [y for y, (old, new) in pairs if old is not new]
            if changed:
                top, bottom = changed[0], changed[-1] + 1
                self.refresh(Region(0, top, self.size.width, bottom - top))
            return
        # Every row moved on the terminal: all are repainted, but Textual's styles cache keys
        # the styled lines by row: the ones that only moved are moved with their rows instead
        # of made again (37 of them were most of a key's cost at 10,000 entries).
        cache = self._styles_cache
        kept = {
            y - moved: strip
            for y, strip in cache._cache.items()
            if 0 <= y - moved < len(rows)
            and y < len(drawn)
            and not cache.is_dirty(y)
            and drawn[y] is not None
            and rows[y - moved] is drawn[y]
        }
        self.refresh()
        cache._cache.update(kept)
        cache._dirty_lines.difference_update(kept)

    def _lines_of(self, index: int) -> list[Strip]:
        lines = self._wrapped[index]
        if lines is None:
            lines = self._wrapped[index] = self._wrap(self._texts[index])
        return lines

    def _newest(self, count: int) -> list[Strip]:
        """The newest `count` lines (all of them if there are fewer), oldest first, wrapping
        only the sentences they come from."""
        newest: list[Strip] = []
        for index in range(len(self._texts) - 1, -1, -1):
            newest.extend(reversed(self._lines_of(index)))
            if len(newest) >= count:
                break
        newest.reverse()
        return newest[-count:] if count else []

    def _rows(self) -> list[Strip | None]:
        """What each row shows, top first (None: a blank row): the newest lines at the
        bottom once they fill the height (`back` lines back), from the top before that."""
        self._fit_width()
        if self._view is None:
            height = self.size.height
            room = height - min(self._gap, height)  # (the gap is 0 while looking back)
            wanted = room + self.back
            newest = self._newest(wanted)
            top = max(0, len(newest) - wanted)
            shown: list[Strip | None] = list(newest[top : top + room])
            self._view = shown + [None] * (height - len(shown))
        return self._view

    def _wrap(self, text: Text) -> list[Strip]:
        if self._width <= 0:  # not laid out yet: wrapped once it has a width
            return []
        return wrapped(self.app.console, text, self._width)

    def on_resize(self, event: events.Resize) -> None:
        self._view = None
        if self._fit_width():
            self.refresh()  # a paint before this Resize drew the lines at the old width

    def _fit_width(self) -> bool:
        """Sentences are wrapped anew at a new width (the terminal, or f2's wider log). Also
        checked at each paint: a log hidden by f2 while the terminal was resized is given its
        new size without a Resize of its own."""
        if self.size.width != self._width:
            self._width = self.size.width
            self._wrapped = [None] * len(self._texts)
            self._view = None
            self._gap = 0
            self._scroll_to(self.back)
            return True
        if self._view is not None and len(self._view) != self.size.height:
            self._view = None
            self._gap = 0
        return False

    # -- drawing (Textual's line API) ------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        """The widget's style is looked up once a paint, not once a line (each look-up walks
        the styles; 37 of them were a third of a key's repaint)."""
        # as Textual's own Static: its visual style, kept until its styles change (the
        # widget's rich_style walks every ancestor's styles at each call)
        self._style = self.visual_style.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        rows = self._rows()
        line = rows[y] if y < len(rows) else None
        if line is not None:
            return line.apply_style(self._style)
        return Strip.blank(self.size.width, self._style)

    # -- looking back ------------------------------------------------------------------

    def _to_newest(self) -> None:
        if self.back:
            self.back = 0
            self._view = None
            self.post_message(self.Scrolled(0))

    def _scroll_to(self, back: int) -> None:
        height = self.size.height
        most = max(0, len(self._newest(height + max(back, 0))) - height)
        back = min(max(back, 0), most)
        if back != self.back:
            self._gap = 0  # looking back shows full pages; coming back, the newest at the end
            self.back = back
            self._view = None
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


def wrapped(console: Console, text: Text, width: int) -> list[Strip]:
    """A sentence's lines at `width`, as Rich wraps it (most fit on one line: drawn the
    quick way)."""
    if fits_as_is(text, width):
        return [as_is_strip(console, text, width)]
    lines = console.render_lines(text, console.options.update_width(width), pad=False)
    return [Strip(line).extend_cell_length(width) for line in lines]


def _moved_by(drawn: Sequence[Strip | None], rows: Sequence[Strip | None]) -> int | None:
    """How many rows up (negative: down) what was drawn moved, or None when no row shows a
    line drawn before. Rows are compared by identity: a sentence's lines are made once and
    kept, so a row that `is` a drawn line shows the same thing (a sentence typed twice may
    share its lines: the guess may then be poorer, never wrong, as each kept row is checked).
    """
    if [row is old for row, old in zip(rows, drawn, strict=True)].count(True) * 2 > len(rows):
        return 0  # most rows show what they showed: only the others are repainted
    anchor = next((y for y, row in enumerate(rows) if row is not None), None)
    if anchor is None:
        return None
    for y, old in enumerate(drawn):
        if old is rows[anchor]:
            return y - anchor
    return None
