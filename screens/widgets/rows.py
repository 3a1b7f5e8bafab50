"""Lines that change one at a time: a table's rows, a panel's numbers.

A key at the table changes one number, so one line. A Static holding a Rich Table renders
the whole table again (about 10 ms for a dozen rows) and repaints all of it; `Rows` keeps
each line's drawing and repaints only the lines whose text changed, with a new layout only
when the number of lines (for `height: auto`) or the widest (for `width: auto`) changes
(#16). `columns` lines cells up the way a box-less Rich Table does, at a tenth of its cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.css.scalar import Scalar
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from screens.widgets.no_scroll import recorded_virtual_size
from screens.widgets.repaint import RepaintToScreen

Justify = Literal["left", "right", "center"]


def text_key(text: Text) -> tuple[object, ...]:
    """What decides how a Text looks, to compare what is shown with what would be (Text's
    own == ignores its base style)."""
    return (text.plain, text.style, tuple(text.spans), text.justify)


class Rows(RepaintToScreen, Widget):
    """One line per Text, never wrapped (a line too long ends in an ellipsis)."""

    DEFAULT_CSS = """
    Rows {
        height: auto;
    }
    """

    virtual_size = recorded_virtual_size()  # never scrolls: no second layout (no_scroll.py)

    def __init__(self, lines: Sequence[Text | str] = (), **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._texts = [as_text(line) for line in lines]
        self._keys = [text_key(text) for text in self._texts]
        #: each line as painted (with the widget's style), kept while its text, the
        #: widget's style and its width stay
        self._strips: dict[int, Strip] = {}
        self._drawn_width = 0
        self._style = Style()

    @property
    def texts(self) -> list[Text]:
        """The lines shown, as given."""
        return list(self._texts)

    @property
    def plain(self) -> str:
        return "\n".join(text.plain for text in self._texts)

    def show(self, lines: Sequence[Text | str]) -> None:
        """Show these lines: repaint the ones that changed; lay out anew only when the
        widget's size may change: its height or width is its content's (`auto`) and the
        number of lines or the widest changes. A size the .tcss (or the screen) gives in
        cells or fractions does not depend on the lines: more or fewer are repainted in
        place (Builders' board appearing, #16)."""
        texts = [as_text(line) for line in lines]
        keys = [text_key(text) for text in texts]
        if keys == self._keys:
            return
        resized = (is_auto(self.styles.height) and len(keys) != len(self._keys)) or (
            is_auto(self.styles.width) and _widest(texts) != _widest(self._texts)
        )
        old_keys = self._keys
        self._texts, self._keys = texts, keys
        if resized:
            self._strips.clear()
            self.refresh(layout=True)
            return
        changed = [
            y
            for y in range(max(len(old_keys), len(keys)))
            if y >= len(old_keys) or y >= len(keys) or old_keys[y] != keys[y]
        ]
        width = self.size.width
        for y in changed:
            self._strips.pop(y, None)
        self.refresh(*_runs(changed, width))

    def replace_lines(self, lines: Sequence[Text | str]) -> None:
        """Take these lines while being painted (no refresh, no layout): the widget's
        size already fits them."""
        self._texts = [as_text(line) for line in lines]
        self._keys = [text_key(text) for text in self._texts]
        self._strips.clear()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._texts)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return _widest(self._texts)

    # -- drawing (Textual's line API) ------------------------------------------------------

    #: the widget's width while it is painted (None: not being painted)
    _painted_width: int | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """The widget's style and width are looked up once a paint, not once a line. A
        widget drawn plainly (`_plainly_drawn`) paints its lines itself, as Textual's
        styles cache would: its kept lines, the app's line filters over them."""
        # as Textual's own Static: its visual style, kept until its styles change (the
        # widget's rich_style walks every ancestor's styles at each call)
        style = self.visual_style.rich_style
        # (the size asks the screen where the widget is: a dozen lines of the Builders
        # board asked a dozen times, #16)
        width = self.size.width
        if width != self._drawn_width or style != self._style:
            self._drawn_width, self._style = width, style
            self._strips.clear()
        self._painted_width = width
        try:
            if not self._plainly_drawn():
                return super().render_lines(crop)
            strips = [self.render_line(y) for y in crop.line_range]
        finally:
            self._painted_width = None
        filters = self.get_line_filters()
        if filters:
            background = self.background_colors[1]
            for line_filter in filters:
                strips = [strip.apply_filter(line_filter, background) for strip in strips]
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

    def _plainly_drawn(self) -> bool:
        """True when Textual's styles cache would add nothing to the widget's lines (no
        padding, border, outline, hatching, tint or opacity): they are then painted
        directly. Its way cost about as much a line as the line's own drawing: two dozen
        lines when Builders' board first appears (#16)."""
        styles = self.styles
        return (
            not any(styles.gutter)
            and not any(edge[0] for edge in styles.outline)
            and not styles.tint.a
            and styles.text_opacity == 1.0
            and (not styles.has_rule("hatch") or styles.hatch == "none")
            and self.opacity == 1.0
        )

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            width = self.size.width if self._painted_width is None else self._painted_width
            if y >= len(self._texts):
                strip = Strip.blank(width, self._style)
            else:
                strip = painted_line(self.app.console, self._texts[y], width, self._style)
            self._strips[y] = strip
        return strip


def painted_line(console: Console, text: Text, width: int, style: Style) -> Strip:
    """`line_strip(console, text, width).apply_style(style)`: a line as a widget of that
    `style` paints it. A line that `fits_as_is` is made in one go, each of its segments
    given the style once, padded in it (three Strips a line and their caches were a third
    of a board line's drawing, #16)."""
    if not width or not fits_as_is(text, width):
        return line_strip(console, text, width).apply_style(style)
    segments = segments_as_is(console, text)
    add = style.__add__
    painted = [Segment(piece, add(piece_style)) for piece, piece_style, _ in segments]
    room = width - text.cell_len
    if room:
        painted.append(Segment(" " * room, style))
    return Strip(painted, width)


def line_strip(console: Console, text: Text, width: int) -> Strip:
    """One line of `text`, `width` cells wide, never wrapped (too long: an ellipsis), as
    Rich draws it with no_wrap."""
    if not width:
        return Strip([])
    if fits_as_is(text, width):
        return as_is_strip(console, text, width)
    options = console.options.update(width=width, no_wrap=True, overflow="ellipsis")
    return Strip(console.render_lines(text, options, pad=False)[0]).crop_extend(0, width, None)


def fits_as_is(text: Text, width: int) -> bool:
    """True when Rich would draw `text` as one line left as it is at this width (it fits, no
    line break, tab or justification): `as_is_strip` then draws it quicker."""
    plain = text.plain
    return (
        text.justify in (None, "default")
        and text.cell_len <= width
        and "\n" not in plain
        and "\t" not in plain
    )


def as_is_strip(console: Console, text: Text, width: int) -> Strip:
    """A line that `fits_as_is`, made from the Text's own segments and padded to `width`.
    Rich's whole way (wrap, justify, split into lines, crop) cost ~0.5 ms a line of a dozen
    styled cells, and a board, a table or a log shows dozens of them (#16)."""
    segments = segments_as_is(console, text)
    return Strip(segments).crop_extend(0, width, None)


def segments_as_is(console: Console, text: Text) -> list[Segment]:
    """The segments of a line that `fits_as_is`, as `Text.render` makes them."""
    plain = text.plain
    if text.spans:
        return styled_segments(console, text)
    if plain:  # Text.render leaves out the base style of a Text without spans
        return [Segment(plain, console.get_style(text.style) if text.style else None)]
    return []


def styled_segments(console: Console, text: Text) -> list[Segment]:
    """`Text.render`'s segments, made directly when the spans follow one another without
    overlapping (the lines the screens build: styled cells appended in turn). Rich's way
    stacks and sorts the spans' edges for any overlap: half a board line's drawing, which
    a first draw of the Builders board does a dozen times (#16). Overlapping spans take
    Rich's way."""
    plain = text.plain
    spans = text.spans
    position = 0
    for start, end, _ in spans:
        if start < position or end > len(plain):
            return list(text.render(console))
        position = max(position, end)
    null = Style.null()
    base = console.get_style(text.style, default=null)
    combined: dict[str | Style, Style] = {}  # (a line repeats its few styles)
    # (start, end, style) in turn; pieces alike side by side make one segment: a board line
    # is a dozen cells, most of them dim dots (fewer segments to style, cut and write)
    pieces: list[tuple[int, int, Style]] = []
    position = 0
    for start, end, style in spans:
        if start >= end:  # an empty span draws nothing
            continue
        if start > position:
            _add_piece(pieces, position, start, base)
        span_style = combined.get(style)
        if span_style is None:
            span_style = combined[style] = base + console.get_style(style, default=null)
        _add_piece(pieces, start, end, span_style)
        position = end
    if position < len(plain):
        _add_piece(pieces, position, len(plain), base)
    return [Segment(plain[start:end], style) for start, end, style in pieces]


def _add_piece(pieces: list[tuple[int, int, Style]], start: int, end: int, style: Style) -> None:
    """A piece of a line, joined to the one before when it goes on from it in its style."""
    if pieces:
        last_start, last_end, last_style = pieces[-1]
        if last_end == start and (last_style is style or last_style == style):
            pieces[-1] = (last_start, end, style)
            return
    pieces.append((start, end, style))


def as_text(line: Text | str) -> Text:
    return line if isinstance(line, Text) else Text(line)


def _runs(lines: list[int], width: int) -> list[Region]:
    """The regions of these lines (in order), lines next to each other in one: the
    compositor goes through every region for every widget (a board's first draw is a dozen
    lines side by side)."""
    regions: list[Region] = []
    for y in lines:
        if regions and regions[-1].bottom == y:
            last = regions[-1]
            regions[-1] = Region(0, last.y, width, last.height + 1)
        else:
            regions.append(Region(0, y, width, 1))
    return regions


def is_auto(scalar: Scalar | None) -> bool:
    """True when a width or height is the content's (`auto`; not given, it is the room
    the widget has)."""
    return scalar is not None and scalar.is_auto


def _widest(texts: Sequence[Text]) -> int:
    return max((text.cell_len for text in texts), default=0)


def columns(
    rows: Sequence[Sequence[Text | str]],
    justify: Sequence[Justify] = (),
    gap: int = 1,
    max_widths: Sequence[int | None] = (),
) -> list[Text]:
    """Cells lined up in columns, one Text a row, as wide as each column's widest cell (at
    most its `max_widths`, then an ellipsis). Columns are left-justified unless `justify`
    says otherwise; a cell keeps its own styles."""
    cells = [[as_text(cell) for cell in row] for row in rows]
    count = max((len(row) for row in cells), default=0)
    widths = []
    for column in range(count):
        widest = max((row[column].cell_len for row in cells if column < len(row)), default=0)
        cap = max_widths[column] if column < len(max_widths) else None
        widths.append(widest if cap is None else min(widest, cap))
    lines = []
    for row in cells:
        line = Text()
        for column, cell in enumerate(row):
            width = widths[column]
            shown = cell.copy()
            if shown.cell_len > width:
                shown.truncate(width, overflow="ellipsis")
            side = justify[column] if column < len(justify) else "left"
            room = width - shown.cell_len
            if side == "right":
                shown.pad_left(room)
            elif side == "center":
                shown.pad_left(room // 2)
                shown.pad_right(room - room // 2)
            elif column < len(row) - 1:  # no trailing spaces after the last cell
                shown.pad_right(room)
            if column:
                line.append(" " * gap)
            line.append_text(shown)
        lines.append(line)
    return lines


def water_fill(widths: list[int], room: int, floors: Sequence[int]) -> list[int]:
    """Column widths that fit in `room` cells if they can: the widest cut to one level,
    none below its floor (a floor as wide as the column keeps it whole); cells left under
    the level go back to the cut ones, left first."""

    def cut(level: int) -> list[int]:
        return [
            max(min(width, level), min(width, floor))
            for width, floor in zip(widths, floors, strict=True)
        ]

    level = max(widths, default=0)
    while level > 1 and sum(cut(level)) > room:
        level -= 1
    fitted = cut(level)
    spare = room - sum(fitted)
    for column, width in enumerate(widths):
        if spare > 0 and width > fitted[column]:
            fitted[column] += 1
            spare -= 1
    return fitted
