"""A line chart in the terminal (textual-plotext), a line per player in the player's colour.

Imported only when a chart is shown: plotext is not needed to start the app.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual_plotext import PlotextPlot

from screens.player_colours import follow_theme, player_line_rgb

#: The colours of a stacked bar's segments, a scoring category each, in order (RGB: the
#: legend under the chart names each category in its own).
SEGMENT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 130, 200),
    (60, 180, 75),
    (230, 25, 75),
    (255, 225, 25),
    (245, 130, 48),
    (145, 30, 180),
    (70, 240, 240),
    (240, 50, 230),
)


def segment_colour(index: int) -> tuple[int, int, int]:
    return SEGMENT_COLOURS[index % len(SEGMENT_COLOURS)]


#: A legend's blank that does not break a line (U+2800, the empty braille cell the lines are
#: drawn with: a no-break space is a space to Textual's wrapping), between a swatch and its
#: label and inside a label: a wrapped legend keeps each swatch and its label whole, on
#: one line (a swatch at the end of a line, its name at the start of the next, or a name cut
#: in two, read as two entries).
NO_BREAK_BLANK = "\u2800"

#: A part taken off a bar (a negative category): shaded, not solid, in its colour.
TAKEN_MARKER = "▒"


def legend(
    labels: list[str], colours: list[str] | None = None, taken: frozenset[int] = frozenset()
) -> Text:
    """Each label after a swatch of its colour (as Rich names it; by default the stacked
    bars' segments', `segment_colour`, in order): for under a chart, as plotext's own legend,
    drawn inside it, covered a bar (f3) or lines (Records). It wraps at the widget's width,
    between labels (`NO_BREAK_BLANK`). The labels at the indexes `taken` are parts taken off
    the bars (negative points): their swatch is shaded as the bars draw them
    (`TAKEN_MARKER`), and they say "taken off"."""
    text = Text()
    for index, label in enumerate(labels):
        if index:
            text.append("  ")
        if colours is None:
            red, green, blue = segment_colour(index)
            colour = f"rgb({red},{green},{blue})"
        else:
            colour = colours[index]
        if index in taken:
            label = f"{label} (taken off)"
        text.append(TAKEN_MARKER * 2 if index in taken else "██", style=colour)
        text.append(NO_BREAK_BLANK + label.replace(" ", NO_BREAK_BLANK))
    return text


#: Most ticks on a count's axis, as plotext puts on an axis of its own (7 up, 5 across).
MOST_Y_TICKS = 7
MOST_X_TICKS = 5
#: Rows of a line chart that are not its canvas: title, x label, x tick labels, two axes.
LINE_CHART_FRAME_ROWS = 5
#: Rows of a chart of horizontal bars that are not its canvas: title, two axes, x ticks.
BAR_CHART_FRAME_ROWS = 4
#: plotext's own bar width (of the room a bar has), the widest a bar is drawn.
WIDEST_BAR = 0.8


def bar_layout(bars: int, rows: int) -> tuple[float, float, float] | None:
    """Horizontal bars (at 1, 2, ... `bars`) on a canvas `rows` high, all as thick and a
    blank row between two: plotext's own width (0.8) filled the gaps at 80x24 with four
    players, and the bars of a game of one scoring category, all of one colour, read as
    one block (a play-test). The bars' width and the y axis's limits, or None where there
    are not two rows a bar (plotext's own then).

    Each bar gets `slot` whole rows and is `slot - 1` thick (at most 0.8 of it, as
    plotext's), centred on the canvas. plotext draws a value in the row `(rows - 1) *
    (value - low) / (high - low)` rounds to (a half up): a bar's edges fall in the middle
    of a row, never a hair either side of where two rows meet."""
    slot = rows // bars if bars > 0 else 0
    if slot < 2:
        return None
    thick = min(slot - 1, math.floor(WIDEST_BAR * slot))
    span = slot * (bars - 1) + thick - 1  # rows from the first bar's edge to the last's
    first = ((rows - 1) - span) // 2 + (thick - 1) / 2  # the first bar's middle
    low = 1 - first / slot
    return (thick - 1) / slot, low, low + (rows - 1) / slot


def whole_limits(values: Iterable[float]) -> tuple[int, int] | None:
    """The axis limits of whole numbers (counts), or None if any is fractional (or none).

    A flat line gets an axis one either side of it (plotext would make 0.5 to 1.5 of a line
    at 1), not below 0 for a count that is not negative."""
    numbers = list(values)
    if not numbers or any(not float(n).is_integer() for n in numbers):
        return None
    low, high = int(min(numbers)), int(max(numbers))
    if low == high:
        low, high = (max(low - 1, 0), high + 1) if low >= 0 else (low - 1, high + 1)
    return low, high


def _cell(tick: int, low: int, high: int, cells: int) -> int:
    """The row (or column) of the canvas plotext draws `tick` in (its get_matrix_data)."""
    return math.floor(round(0.5 + (cells - 1) * (tick - low) / (high - low), 8))


def whole_ticks(low: int, high: int, most: int, cells: int) -> list[int]:
    """Ticks for an axis of whole numbers from `low` to `high` (low < high): whole numbers a
    round step apart (1, 2, 5, 10, 20, 50, ...), at most `most`, each in a row (column) of its
    own of the `cells` the axis has: no label twice in a row, none on top of another. Where
    there is room for two ticks only, and two round ones would huddle at one end, the ends
    of the axis are its ticks."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            size = step * factor
            first = -(-low // size) * size  # the first multiple of the step from `low` up
            ticks = list(range(first, high + 1, size))
            distinct = len({_cell(t, low, high, cells) for t in ticks}) == len(ticks)
            if len(ticks) <= most and distinct and len(ticks) > 2:
                return ticks
            if len(ticks) <= 2:  # room for two only: round ones if they span half the axis
                spread = len(ticks) == 2 and distinct and ticks[1] - ticks[0] >= (high - low) / 2
                return ticks if spread else [low, high]
        step *= 10


def plotext_text(text: str) -> str:
    """`text` as plotext measures it: it counts characters, and a character two cells wide
    (an emoji in a name) pushed the legend's border onto a line of its own, and the x axis's
    label off the chart (a play-test). A zero-width space per extra cell makes the count
    the width."""
    extra = cell_len(text) - len(text)
    return text + "\u200b" * extra if extra > 0 else text


def bar_segments(values: list[int]) -> list[tuple[float, float, int, bool]]:
    """One player's bar, a category's points each (`values`, in the categories' order), as
    segments to paint in order (a later one over an earlier where they share a cell):
    (start, end, the category's index, taken off).

    The positive parts are stacked from 0; the negative ones are taken back from the end of
    them, one after another, each shaded: the bar's solid part ends at the score (at 0 if
    it is below it) and a shaded part reaches from the score to the positive sum. plotext
    draws a segment from 0 to its running sum, the first ones last: the cell two segments
    share is the inner one's; so is the cell where the solid bar meets the shaded part."""
    positive = sum(value for value in values if value > 0)
    score = sum(values)
    segments: list[tuple[float, float, int, bool]] = []
    end = positive
    taken: list[tuple[float, float, int, bool]] = []
    for index, value in enumerate(values):
        if value < 0:
            taken.append((end + value, end, index, True))
            end += value
    segments += reversed(taken)  # the first taken off (nearest the end) painted last
    solid_end = max(score, 0)
    sums: list[tuple[float, int]] = []
    running = 0
    for index, value in enumerate(values):
        if value > 0:
            running += value
            sums.append((min(running, solid_end), index))
    # each from 0 to its running sum (cut at the score), the outermost first
    segments += [(0, reach, index, False) for reach, index in reversed(sums) if reach > 0]
    return segments


class LineChart(PlotextPlot):
    """`show` draws lines over a shared x axis; the legend names each line.

    A count's axis (every value whole) gets whole ticks when drawn, as many as its size
    allows; plotext on its own spreads 7 ticks evenly (0.5, 1.5, ... for a count of 0 to 3)."""

    #: Which axis counts ("y" for lines, "x" for horizontal bars) and the values it spans.
    _count_axis: tuple[str, list[float]] | None = None
    #: The longest name beside horizontal bars (the canvas is what is left of the width).
    _names_width = 0
    #: The stacked bars shown (`show_stacked`: title, names, parts), drawn when rendered.
    _stacked: tuple[str, list[str], dict[str, list[int]]] | None = None
    #: The lines shown (`show_points`' arguments), drawn anew in a new theme's colours.
    _points: tuple[str, dict[str, tuple[list[int], list[int]]], dict[str, str], str] | None = None

    def on_mount(self) -> None:
        """(After plotext's own, which follows the theme's background.) The players'
        lines are drawn anew in the new theme's set of colours."""
        follow_theme(self, self._recolour)

    def _recolour(self) -> None:
        if self._points is not None and self._stacked is None:
            self.show_points(*self._points)

    def show(
        self,
        title: str,
        x: list[int],
        lines: dict[str, list[int]],
        colours: dict[str, str],
        x_label: str,
    ) -> None:
        """Lines over one shared x axis."""
        series = {name: (x, values) for name, values in lines.items()}
        self.show_points(title, series, colours, x_label)

    def show_points(
        self,
        title: str,
        series: dict[str, tuple[list[int], list[int]]],
        colours: dict[str, str],
        x_label: str,
    ) -> None:
        """A line per name, each with its own points (a player absent from a game has none).
        No legend: plotext draws it inside the chart, over the lines (a play-test); the
        screen puts `legend` under the chart."""
        self._stacked = None
        self._points = (title, series, colours, x_label)
        plt = self.plt
        plt.clear_figure()
        plt.title(title)
        plt.xlabel(x_label)
        every_x: set[int] = set()
        for name, (xs, ys) in series.items():
            colour = player_line_rgb(self, colours.get(name, ""))  # (RGB, as drawn)
            plt.plot(xs, ys, color=colour, marker="braille")
            every_x.update(xs)
        ticks = sorted(every_x)
        if ticks:
            plt.xticks(ticks if len(ticks) <= 20 else ticks[:: max(1, len(ticks) // 10)])
        self._count_axis = ("y", [y for _, ys in series.values() for y in ys])
        self.refresh()

    def show_stacked(self, title: str, names: list[str], parts: dict[str, list[int]]) -> None:
        """Stacked bars: a bar per player, a segment per scoring category in its colour
        (`segment_colour`). No legend: plotext draws it inside the chart, where it covered
        the first bar at 80x24 (a play-test); the screen says it beside the chart. The bars
        are drawn when rendered, a blank row between two (`bar_layout`).

        A negative part (Coloma's Graves) is taken back from the end of the positive ones,
        shaded (`TAKEN_MARKER`) in its colour: the solid bar ends at the score, the shaded
        part after it is what was taken off (`bar_segments`). plotext stacked it as it
        does a positive one, under the others: a score of 38 was a solid bar to 40, the -2
        of its Graves nowhere (a play-test)."""
        self._stacked = (title, names, parts)
        ends = [0.0]  # the axis spans every segment's ends (0, the positive sum, the score)
        for seat in range(len(names)):
            for start, end, _, _ in bar_segments([values[seat] for values in parts.values()]):
                ends += [start, end]
        self._count_axis = ("x", ends)
        self._names_width = max((cell_len(name) for name in names), default=0)
        self.refresh()

    def _draw_stacked(self, rows: int) -> None:
        """The stacked bars over a canvas `rows` high, a blank row between two
        (`bar_layout`), each segment a rectangle (`bar_segments`)."""
        assert self._stacked is not None
        title, names, parts = self._stacked
        layout = bar_layout(len(names), rows)
        half = (WIDEST_BAR if layout is None else layout[0]) / 2
        plt = self.plt
        plt.clear_figure()
        plt.title(title)
        for seat in range(len(names)):
            values = [values[seat] for values in parts.values()]
            for start, end, index, taken in bar_segments(values):
                plt.rectangle(
                    [start, end],
                    [seat + 1 - half, seat + 1 + half],
                    marker=TAKEN_MARKER if taken else "sd",
                    color=segment_colour(index),
                    fill=True,
                )
        plt.yticks(list(range(1, len(names) + 1)), [plotext_text(name) for name in names])
        if layout is not None:
            plt.ylim(layout[1], layout[2])

    def render(self) -> RenderableType:
        """The plot, its count axis with whole ticks fitted to the size it is drawn at."""
        if self._stacked is not None:
            self._draw_stacked(max(self.size.height - BAR_CHART_FRAME_ROWS, 1))
        if self._count_axis is not None:
            axis, values = self._count_axis
            limits = whole_limits(values)
            if limits is not None:
                low, high = limits
                if axis == "y":
                    cells = max(self.size.height - LINE_CHART_FRAME_ROWS, 2)
                    ticks = whole_ticks(low, high, MOST_Y_TICKS, cells)
                    self.plt.ylim(low, high)
                    self.plt.yticks(ticks, [str(t) for t in ticks])
                else:
                    label = max(len(str(low)), len(str(high))) + 2  # a label and a gap
                    canvas = self.size.width - self._names_width - 3  # names, axes, a space
                    cells = max(canvas // label, 2)
                    ticks = whole_ticks(low, high, MOST_X_TICKS, cells)
                    self.plt.xlim(low, high)
                    self.plt.xticks(ticks, [str(t) for t in ticks])
        return super().render()
