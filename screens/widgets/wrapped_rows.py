"""A panel of a few lines that wrap, repainted a line at a time (#16).

A player's panel or a step line is a Static's job, except that a Static repaints all of
itself, and asks the screen for a new layout, whenever any of its text changes. `Rows`
repaints only the lines that changed, but cuts a long line with an ellipsis; `WrappedRows`
wraps each line at the widget's width first, a word at a time as a Static does (Rich's own
wrapping, but a no-break space does not break), so nothing is cut, and a key that changes
one number repaints the one line it is on. A new layout is asked for only when the number
of lines changes (never when the .tcss fixes the widget's height).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich._wrap import divide_line  # Rich's word wrapping: what a Static's text gets
from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.strip import Strip

from screens.widgets.rows import Rows, as_text, is_auto, text_key

NO_BREAK = "\u00a0"
#: the columns a continuation needs beside its indent for the indent to be worth it
MIN_HANGING_ROOM = 8


class WrappedRows(Rows):
    """Lines that wrap at the widget's width; `plain` is the text as given, unwrapped."""

    def __init__(
        self, lines: Sequence[Text | str] = (), *, hanging: int = 0, **kwargs: object
    ) -> None:
        """`hanging`: the columns a wrapped line's continuation is indented by."""
        super().__init__(lines, **kwargs)
        self.hanging = hanging
        self._given = [as_text(line) for line in lines]
        self._width = 0  # the width the lines shown are wrapped at (0: not laid out yet)
        #: each given line's wrapped lines at `_wrapped_at`, by what the line looks like
        self._wrapped: dict[tuple[object, ...], list[Text]] = {}
        self._wrapped_at = 0

    @property
    def plain(self) -> str:
        """The text as given, a line each, unwrapped (what a Static would hold)."""
        return "\n".join(text.plain for text in self._given)

    def show(self, lines: Sequence[Text | str]) -> None:
        """Show these lines, wrapped: repaint the wrapped lines that changed, lay out anew
        only when their number changes (never when the widget's height is fixed)."""
        self._given = [as_text(line) for line in lines]
        width = self._width
        super().show(self._fit(self._wrap(width), width) if width else self._given)

    def on_resize(self, event: events.Resize) -> None:
        """The lines are wrapped anew at a new width (the event's size counts the padding
        and border: the content's is the widget's own)."""
        if self.size.width != self._width or self._fixed_height():
            self._width = self.size.width
            super().show(self._fit(self._wrap(self._width), self._width))

    def render_lines(self, crop: Region) -> list[Strip]:
        """A layout that resized the widget is painted in its own frame, before the resize
        reaches `on_resize`: the lines are wrapped at the new width here, when the layout
        counted them (their number is the widget's height) or they do not count (a height
        in cells or fractions: Builders' notes), so that frame shows them right
        and no second frame follows (Builders' legend, narrowed as the board first
        appeared, was drawn wrapped at the old width, then again)."""
        width = self.size.width
        if width and width != self._width:
            lines = self._fit(self._wrap(width), width)
            if len(lines) == self.size.height or not is_auto(self.styles.height):
                self._width = width
                self.replace_lines(lines)
        return super().render_lines(crop)

    def _fixed_height(self) -> int | None:
        """The lines shown when the .tcss fixes the widget's height, else None."""
        height = self.styles.height
        if height is not None and height.is_cells and self.size.height:
            return self.size.height
        return None

    def _fit(self, lines: list[Text], width: int) -> list[Text]:
        """As many lines as a fixed height shows (cut, or padded with blank ones), so that
        a line more or less changes no size: no layout. Lines cut by the height or the
        .tcss's `max-height` end in an ellipsis: a Coloma Event for six players lost its
        end with no sign of it (a play-test)."""
        height = self._fixed_height()
        most = self._most_lines()
        if most is not None and len(lines) > most:
            lines = _cut(lines, most, width)
        if height is None:
            return lines
        if len(lines) > height:
            lines = _cut(lines, height, width)
        return (lines + [Text()] * height)[:height]

    def _most_lines(self) -> int | None:
        """The lines the .tcss's `max-height` (in cells) gives room for, else None."""
        most = self.styles.max_height
        if most is None or not most.is_cells:
            return None
        return max(1, int(most.value) - self.styles.gutter.height)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The wrapped lines; with a fixed height, the lines it gives room for: a layout
        that sizes its children by their content (a grid's auto rows: Calamityville's
        player panels) gave the panels the lines they had then, and cut the line a new
        property added later (the panel lays out anew only when its height is not fixed)."""
        styled = self.styles.height
        if styled is not None and styled.is_cells:
            return max(0, int(styled.value) - self.styles.gutter.height)
        return len(self._wrap(width))

    def rows_needed(self, lines: Sequence[Text], width: int) -> int:
        """How many lines `lines` take wrapped at `width`."""
        return sum(len(_wrap_line(text, width, self.hanging)) for text in lines)

    def lines_at(self, width: int) -> list[Text]:
        """The lines to wrap at `width`: those given (a subclass may arrange them by the
        width, e.g. put a word on a line where it fits)."""
        return self._given

    def _wrap(self, width: int) -> list[Text]:
        """The given lines wrapped at `width`, each one's wrapping kept for the next call at
        that width (a key changes one line of a panel: the others are not wrapped again)."""
        kept = self._wrapped if width == self._wrapped_at else {}
        self._wrapped, self._wrapped_at = {}, width
        wrapped = []
        for text in self.lines_at(width):
            key = text_key(text)
            lines = kept.get(key)
            if lines is None:
                lines = _wrap_line(text, width, self.hanging)
            self._wrapped[key] = lines
            wrapped.extend(lines)
        return wrapped


def wrapped_height(text: Text, width: int) -> int:
    """The lines `text` takes wrapped at `width` (as `WrappedRows` wraps it, no hanging
    indent), counted without making them (Builders' notes weigh three versions of their
    sentence at each new Train Marker: #16)."""
    plain = text.plain
    if width <= 0 or ("\n" not in plain and text.cell_len <= width):
        return 1
    return sum(
        1
        if cell_len(line) <= width
        else len(divide_line(line.replace(NO_BREAK, "_"), width, fold=True)) + 1
        for line in plain.split("\n")
    )


def _cut(lines: list[Text], count: int, width: int) -> list[Text]:
    """The first `count` lines, the last one ending in an ellipsis (within `width`)."""
    if count <= 0:
        return []
    last = lines[count - 1].copy()
    last.rstrip()
    if width and last.cell_len + 1 > width:
        last.truncate(max(width - 1, 0))
        last.rstrip()
    last.append("…")
    return [*lines[: count - 1], last]


def _wrap_line(text: Text, width: int, hanging: int = 0) -> list[Text]:
    """One given line (it may hold line breaks) as the lines a Static would show, except
    that a no-break space holds its words together, as it says ("store\u00a0$1200"), and
    that a line's continuation is indented by `hanging` columns (where it leaves room)."""
    if width <= 0:
        return [text]
    if "\n" not in text.plain and text.cell_len <= width:
        return [text]
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        if line.cell_len <= width:
            lines.append(line)
            continue
        offsets = divide_line(line.plain.replace(NO_BREAK, "_"), width, fold=True)
        parts = line.divide(offsets)
        if hanging and width - hanging >= MIN_HANGING_ROOM and offsets:
            first = parts[0]
            first.rstrip()
            lines.append(first)
            indent = Text(" " * hanging)
            rest = _wrap_line(line[offsets[0] :], width - hanging)
            lines.extend(indent + part for part in rest)
            continue
        for part in parts:
            part.rstrip()
            lines.append(part)
    return lines
