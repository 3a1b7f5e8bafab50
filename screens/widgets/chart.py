"""A line chart in the terminal (textual-plotext), a line per player in the player's colour.

Imported only when a chart is shown: plotext is not needed to start the app.
"""

from __future__ import annotations

from textual_plotext import PlotextPlot

#: The app's player colours as plotext names them (plotext has no "orange": its 256-colour
#: number); anything else is drawn in the terminal's default colour.
PLOT_COLOURS: dict[str, str | int] = {
    "red": "red",
    "blue": "blue",
    "green": "green",
    "yellow": "yellow",
    "magenta": "magenta",
    "cyan": "cyan",
    "orange": 208,
    "white": "white",
}


class LineChart(PlotextPlot):
    """`show` draws lines over a shared x axis; the legend names each line."""

    def show(
        self,
        title: str,
        x: list[int],
        lines: dict[str, list[int]],
        colours: dict[str, str],
        x_label: str,
    ) -> None:
        """Lines over one shared x axis."""
        self.show_points(
            title, {name: (x, values) for name, values in lines.items()}, colours, x_label
        )

    def show_points(
        self,
        title: str,
        series: dict[str, tuple[list[int], list[int]]],
        colours: dict[str, str],
        x_label: str,
    ) -> None:
        """A line per name, each with its own points (a player absent from a game has none)."""
        plt = self.plt
        plt.clear_figure()
        plt.title(title)
        plt.xlabel(x_label)
        every_x: set[int] = set()
        for name, (xs, ys) in series.items():
            colour = PLOT_COLOURS.get(colours.get(name, ""), "default")
            plt.plot(xs, ys, label=name, color=colour, marker="braille")
            every_x.update(xs)
        ticks = sorted(every_x)
        if ticks:
            plt.xticks(ticks if len(ticks) <= 20 else ticks[:: max(1, len(ticks) // 10)])
        self.refresh()

    def show_stacked(self, title: str, names: list[str], parts: dict[str, list[int]]) -> None:
        """Stacked bars: a bar per player, a segment per scoring category."""
        plt = self.plt
        plt.clear_figure()
        plt.title(title)
        plt.stacked_bar(names, list(parts.values()), labels=list(parts), orientation="horizontal")
        self.refresh()
