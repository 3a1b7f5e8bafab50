"""The chart widget (f3 Charts, the Records screen's chart): a count's axis has whole ticks."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from plotext._utility import get_matrix_data
from rich.text import Text
from textual.app import App, ComposeResult

from screens.widgets.chart import LineChart, whole_limits, whole_ticks
from tests.screens.helpers import settle


def dot_colours(chart: LineChart) -> set[str]:
    """The colours of a line chart's dots (braille cells) as drawn."""
    drawn = chart.render()
    assert isinstance(drawn, Text)
    return {
        str(span.style).split(" on ")[0]
        for span in drawn.spans
        if "\u2801" <= drawn.plain[span.start] <= "\u28ff"
    }


@pytest.mark.parametrize("high", [1, 2, 3, 7, 10, 43, 100, 143, 999, 1234, 25_000])
@pytest.mark.parametrize("low", [0, 1, -300])
@pytest.mark.parametrize("cells", [2, 3, 5, 11, 19])
def test_whole_ticks_are_whole_distinct_and_spread(low: int, high: int, cells: int) -> None:
    if low >= high:
        return
    ticks = whole_ticks(low, high, 7, cells)
    assert all(isinstance(t, int) for t in ticks)
    assert len(ticks) >= 2 and ticks == sorted(set(ticks))
    assert low <= ticks[0] and ticks[-1] <= high
    steps = {b - a for a, b in pairwise(ticks)}
    assert len(steps) == 1  # evenly apart
    # spread: the ticks span at least half the axis (no two ticks huddled at one end)
    assert ticks[-1] - ticks[0] >= (high - low) / 2
    assert len(ticks) <= 7
    rows = get_matrix_data(ticks, [low, high], cells)  # where plotext draws them
    assert len(set(rows)) == len(rows)  # no two labels in one row


@pytest.mark.parametrize(
    ("high", "expected"),
    [(1, [0, 1]), (2, [0, 1, 2]), (3, [0, 1, 2, 3]), (7, [0, 2, 4, 6]), (10, [0, 2, 4, 6, 8, 10])],
)
def test_small_counts_are_ticked_at_whole_numbers(high: int, expected: list[int]) -> None:
    assert whole_ticks(0, high, 7, 15) == expected


def test_large_counts_are_ticked_at_round_numbers() -> None:
    assert whole_ticks(0, 143, 7, 15) == [0, 50, 100]
    assert whole_ticks(120, 1234, 7, 15) == [200, 400, 600, 800, 1000, 1200]
    assert whole_ticks(-300, 200, 7, 15) == [-300, -200, -100, 0, 100, 200]


def test_a_short_axis_gets_fewer_ticks_each_in_a_row_of_its_own() -> None:
    assert whole_ticks(0, 7, 7, 3) == [0, 5]
    assert whole_ticks(0, 3, 7, 3) == [0, 2]


def test_limits_of_counts_and_of_fractions() -> None:
    assert whole_limits([0, 3, 1]) == (0, 3)
    assert whole_limits([3, 3, 3]) == (2, 4)  # a flat line in the middle, not 1.5 to 4.5
    assert whole_limits([0, 0]) == (0, 1)  # a count of 0 is not drawn over -1 to 1
    assert whole_limits([-2, -2]) == (-3, -1)
    assert whole_limits([0.5, 1.25]) is None  # fractions keep plotext's own ticks
    assert whole_limits([]) is None


class ChartApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LineChart(id="chart")


def y_labels(chart: LineChart) -> list[str]:
    """The labels left of the y axis, top to bottom."""
    text = chart.render().plain  # type: ignore[union-attr]
    return [line.split("┤")[0].strip() for line in text.splitlines() if "┤" in line]


def x_labels(chart: LineChart) -> list[str]:
    """The labels under the x axis, left to right."""
    text = chart.render().plain  # type: ignore[union-attr]
    return re.findall(r"\S+", text.splitlines()[-1])


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([0, 1, 1], ["1", "0"]),
        ([0, 2], ["2", "1", "0"]),
        ([0, 3, 1], ["3", "2", "1", "0"]),
        ([0, 7, 5], ["6", "4", "2", "0"]),
        ([3, 3, 3], ["4", "3", "2"]),
        ([0, 143, 87], ["100", "50", "0"]),
    ],
)
async def test_a_drawn_count_axis_has_whole_labels(values: list[int], expected: list[str]) -> None:
    async with ChartApp().run_test(size=(70, 20)) as pilot:
        chart = pilot.app.query_one(LineChart)
        xs = list(range(len(values)))
        chart.show_points("Gold", {"Ann": (xs, values)}, {"Ann": "red"}, "Round")
        await settle(pilot)
        assert y_labels(chart) == expected


async def test_a_small_chart_never_repeats_a_label() -> None:
    async with ChartApp().run_test(size=(70, 8)) as pilot:
        chart = pilot.app.query_one(LineChart)
        chart.show("Gold", [0, 1, 2], {"Ann": [0, 7, 5], "Bo": [1, 2, 3]}, {}, "Round")
        await settle(pilot)
        labels = y_labels(chart)
        assert labels == ["5", "0"]


async def test_stacked_scores_have_whole_labels() -> None:
    async with ChartApp().run_test(size=(70, 14)) as pilot:
        chart = pilot.app.query_one(LineChart)
        chart.show_stacked("Final scores", ["Ann", "Bo"], {"Gold": [3, 2], "Claims": [4, 1]})
        await settle(pilot)
        assert x_labels(chart) == ["0", "2", "4", "6"]


async def test_fractions_keep_fractional_labels() -> None:
    async with ChartApp().run_test(size=(70, 20)) as pilot:
        chart = pilot.app.query_one(LineChart)
        chart.show_points("Odds", {"Ann": ([0, 1], [0.5, 1.25])}, {}, "Round")  # type: ignore[dict-item]
        await settle(pilot)
        labels = y_labels(chart)
        assert labels[0] == "1.25" and labels[-1] == "0.50"


async def test_a_name_with_an_emoji_keeps_the_x_label_in_place() -> None:
    """plotext counts characters: 🤠 takes two cells, and the legend's border went onto a
    line of its own, pushing the x axis's label off the chart (a play-test). A line chart
    draws no legend inside now (the screens put it under the chart); the bars' names
    still measure the emoji as two cells."""
    from rich.cells import cell_len

    async with ChartApp().run_test(size=(80, 20)) as pilot:
        chart = pilot.app.query_one(LineChart)
        lines = {"Ann": [2, 3, 4], "Cy🤠": [2, 2, 5]}
        chart.show("Bucks", [0, 1, 2], lines, {}, "Round (1848: 1-5, 1849: 6-10)")
        await settle(pilot)
        text = chart.render().plain  # type: ignore[union-attr]
        rows = text.splitlines()
        assert all(cell_len(row) <= chart.size.width for row in rows), rows
        assert "Round (1848: 1-5, 1849: 6-10)" in rows[-1]
        assert not any("Cy🤠" in row for row in rows)  # (its legend is the screen's)
        chart.show_stacked("Final scores", ["Ann", "Cy🤠"], {"Gold": [3, 2], "Claims": [4, 1]})
        await settle(pilot)
        rows = chart.render().plain.splitlines()  # type: ignore[union-attr]
        assert all(cell_len(row) <= chart.size.width for row in rows), rows


async def test_each_player_colour_is_drawn_in_that_colour() -> None:
    """plotext has no "yellow": a yellow player's line was drawn bright blue (color(12)).
    Each line is the player's colour as the game screen draws the name (`rich_colour`)."""

    from companion.table import COLOURS, rich_colour

    async with ChartApp().run_test(size=(70, 20)) as pilot:
        chart = pilot.app.query_one(LineChart)
        for colour in COLOURS:
            chart.show_points("Gold", {"Ann": ([0, 1], [0, 3])}, {"Ann": colour}, "Round")
            await settle(pilot)
            assert dot_colours(chart) == {rich_colour(colour)}, colour


def bar_rows(chart: LineChart) -> list[list[int]]:
    """Each bar's rows of the drawn chart, top to bottom (a run of rows with a block in)."""
    rows = chart.render().plain.splitlines()  # type: ignore[union-attr]
    runs: list[list[int]] = []
    for number, row in enumerate(rows):
        if "█" in row:
            if runs and runs[-1][-1] == number - 1:
                runs[-1].append(number)
            else:
                runs.append([number])
    return runs


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("height", [12, 14, 17, 19, 20, 24, 35])
async def test_bars_have_a_blank_row_between_them_and_are_as_thick(
    players: int, height: int
) -> None:
    """f3's final scores at 80x24 with four players: plotext's bars (0.8 of their room)
    filled the rows between them, and a game of one scoring category (Calamityville's money)
    has bars of one colour: they read as one block (a play-test). Where there are two rows
    a bar, a blank row parts each from the next, all as thick."""
    async with ChartApp().run_test(size=(80, height)) as pilot:
        chart = pilot.app.query_one(LineChart)
        names = ["Ann", "Bo", "Cy", "Dée", "Ed"][:players]
        chart.show_stacked(
            "Final scores", names, {"Money": [900 + 100 * k for k in range(players)]}
        )
        await settle(pilot)
        runs = bar_rows(chart)
        slot = (chart.size.height - 4) // players  # the canvas's rows a bar
        if slot < 2:
            return  # (plotext's own: too few rows to part them)
        assert len(runs) == players, runs  # none touches the next
        assert len({len(run) for run in runs}) == 1, runs  # all as thick
        assert len(runs[0]) >= min(slot - 1, int(0.8 * slot))  # as plotext's, less a row
        rows = chart.render().plain.splitlines()  # type: ignore[union-attr]
        labels = [row.split("┤")[0].strip() for row in rows if "┤" in row]
        assert labels == names[::-1]  # each bar named, the first at the bottom
        for run in runs:  # each name on a row of its bar
            assert any("┤" in rows[number] for number in run), (run, rows)


def bar_cells(chart: LineChart, name: str) -> tuple[str, list[str]]:
    """The cells of `name`'s bar on the row its name is on (between the axes), and each
    cell's colour as Rich styles it."""
    from rich.text import Text

    drawn = chart.render()
    assert isinstance(drawn, Text)
    lines = drawn.split("\n")
    (line,) = [line for line in lines if line.plain.split("┤")[0].strip() == name]
    start = line.plain.index("┤") + 1
    end = line.plain.rindex("│")
    colours = [""] * len(line.plain)
    for span in line.spans:
        for cell in range(span.start, min(span.end, len(line.plain))):
            colours[cell] = str(span.style).split(" on ")[0]
    return line.plain[start:end], colours[start:end]


@pytest.mark.parametrize("size", [(80, 20), (120, 40)])
async def test_a_negative_category_is_taken_off_the_end_of_the_bar(size: tuple[int, int]) -> None:
    """A Coloma play-test: Cy scored 38 (40, less 2 for Graves) and the bar reached 40, the
    Graves in the legend but not drawn (plotext stacked the -2 under the rest). The solid
    bar ends at the score now, as long as a bar of the same score without Graves, and the
    Graves are shaded after it, in their own colour, up to the sum of the positive parts."""
    from screens.widgets.chart import TAKEN_MARKER, segment_colour

    async with ChartApp().run_test(size=size) as pilot:
        chart = pilot.app.query_one(LineChart)
        parts = {"Buildings": [18, 20], "Frontier": [22, 18], "Graves": [-2, 0]}
        chart.show_stacked("Final scores", ["Cy", "Bo"], parts)  # both 38
        await settle(pilot)
        cy, cy_colours = bar_cells(chart, "Cy")
        bo, _ = bar_cells(chart, "Bo")
        assert cy.rstrip(" ").rstrip(TAKEN_MARKER) == bo.rstrip(" ")  # the same solid length
        taken = cy.rstrip(" ")[len(bo.rstrip(" ")) :]
        assert taken and set(taken) == {TAKEN_MARKER}  # the Graves, after it
        red, green, blue = segment_colour(2)
        graves = {cy_colours[len(bo.rstrip(" ")) + k] for k in range(len(taken))}
        assert graves == {f"#{red:02x}{green:02x}{blue:02x}"}
        assert TAKEN_MARKER not in bo


async def test_a_score_below_zero_is_drawn_left_of_zero() -> None:
    """A bar of Graves alone (a score of -3) reaches from 0 to -3, shaded; the axis shows
    the negative numbers."""
    from screens.widgets.chart import TAKEN_MARKER

    async with ChartApp().run_test(size=(70, 14)) as pilot:
        chart = pilot.app.query_one(LineChart)
        chart.show_stacked("Final scores", ["Ann", "Bo"], {"Track": [0, 6], "Graves": [-3, 0]})
        await settle(pilot)
        assert int(x_labels(chart)[0]) < 0
        ann, _ = bar_cells(chart, "Ann")
        bo, _ = bar_cells(chart, "Bo")
        assert set(ann.strip()) == {TAKEN_MARKER} and ann.startswith(TAKEN_MARKER)
        assert set(bo.strip()) == {"█"}
        assert len(ann.strip()) < len(bo.strip())  # 3 of the axis's 9, 6 of them


def test_bar_segments_stack_the_positive_parts_and_take_the_negative_ones_off() -> None:
    from screens.widgets.chart import bar_segments

    # painted in order: the shaded part first, then each positive part from 0 (cut at the
    # score), the outermost first
    assert bar_segments([8, 18, 0, 3, 5, 6, -2]) == [
        (38, 40, 6, True),
        (0, 38, 5, False),
        (0, 34, 4, False),
        (0, 29, 3, False),
        (0, 26, 1, False),
        (0, 8, 0, False),
    ]
    # two taken off, one after the other, below zero: no solid part (a score of -1)
    assert bar_segments([5, -2, -4]) == [(-1, 3, 2, True), (3, 5, 1, True)]
    assert bar_segments([0, 0]) == []


async def test_a_light_theme_redraws_the_lines_in_the_light_set() -> None:
    """Switched to a light theme while shown, each line is drawn again in the player's
    colour for a light background (the dark one's yellow could not be read there)."""

    from companion.table import rich_colour

    async with ChartApp().run_test(size=(70, 20)) as pilot:
        chart = pilot.app.query_one(LineChart)
        chart.show_points("Gold", {"Ann": ([0, 1], [0, 3])}, {"Ann": "yellow"}, "Round")
        await settle(pilot)
        pilot.app.theme = "textual-light"
        await settle(pilot)
        assert dot_colours(chart) == {rich_colour("yellow", dark=False)}
