"""F3 in a game: what each tracked number did over the game, and (finished) the scores as
stacked categories. Read-only: it draws what the journal replays to."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static, TabbedContent, TabPane

from companion.charts import NumberChart, number_charts
from companion.scoring import SheetError
from companion.session import GameSession
from screens.dialog import Dialog
from screens.player_colours import follow_theme, player_colour
from screens.size_classes import size_classes
from screens.widgets.chart import LineChart, legend
from screens.widgets.footer import SteadyFooter

#: the final scores' tab, wide and narrow
FINAL = {False: "Final scores", True: "Scores"}


def tab_label(chart: NumberChart, narrow: bool) -> str:
    """A number's tab: its short name on a narrow terminal, where Coloma's nine full names
    ran off the screen at 80 columns (a play-test); the chart under it says it in full."""
    return (chart.short or chart.label) if narrow else chart.label


class GameCharts(Dialog, ModalScreen[None]):
    CSS_PATH = "charts.tcss"
    BINDINGS = [Binding("escape,q,f3", "close", "Close", id="close-charts")]
    #: (run in their turn: the keys typed behind them go back to the game, screens/dialog.py)
    KEYS_IN_TURN = ("escape", "q", "f3")
    HELP_TITLE = "Charts of this game"
    HELP_TEXT = """\
Each tab is one number the app tracks, replayed from the game's log: a line per player in
the player's colour, a point per round (or per change in a game without rounds). A finished
game shows its final scores first, as stacked categories.

- **left / right** (or a click) changes tab; **escape** closes.
"""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        entries = session.journal.effective()
        self.charts = number_charts(session.rules, session.header, entries)
        self.colours = {p.name: p.colour for p in session.state.players}

    def compose(self) -> ComposeResult:
        title = f"{self.session.title}: charts"
        yield Static(title, id="charts-title", markup=False)
        # a finished game's final scores first, shown at once: the last tab, they were off
        # the tab row at 80 columns, reached only by going left from the first (a play-test)
        narrow = self.has_class("-narrow")
        with TabbedContent(id="charts-tabs"):
            if self.session.state.finished and self.session.state.sheet:
                with TabPane(FINAL[narrow], id="chart-final"):
                    yield LineChart(id="plot-final")
                    yield Static("", id="legend-final", classes="legend", markup=False)
            for index, chart in enumerate(self.charts):
                with TabPane(tab_label(chart, narrow), id=f"chart-{index}"):
                    yield LineChart(id=f"plot-{index}")
                    # who each line is, under the chart: plotext's legend, inside it,
                    # covered the lines (a play-test)
                    yield Static("", id=f"legend-{index}", classes="legend", markup=False)
        yield SteadyFooter()

    def on_resize(self, event: events.Resize) -> None:
        """The tabs' labels of the terminal's width now: short when narrow (the dialogs'
        own `-narrow` is set after this handler, by `NarrowLikeBelow`)."""
        narrow = size_classes(event.size)["-narrow"]
        tabbed = self.query_one("#charts-tabs", TabbedContent)
        labels = {f"chart-{n}": tab_label(chart, narrow) for n, chart in enumerate(self.charts)}
        labels["chart-final"] = FINAL[narrow]
        for pane, label in labels.items():
            tab = tabbed.get_tab(pane) if self.query(f"#{pane}") else None
            if tab is not None and tab.label_text != label:
                tab.label = label

    def on_mount(self) -> None:
        for index, chart in enumerate(self.charts):
            self.query_one(f"#plot-{index}", LineChart).show(
                chart.label, chart.x, chart.lines, self.colours, chart.x_label
            )
        self._show_legends()
        if self.query("#plot-final"):
            self._final_scores()
        # the players' colours for a light theme (each chart draws its own lines anew)
        follow_theme(self, self._show_legends)

    def _show_legends(self) -> None:
        """Under each number's chart, who each line is, in their colour."""
        for index, chart in enumerate(self.charts):
            names = list(chart.lines)
            if names != [chart.label]:  # (a number of the table's own: its title says it)
                colours = [player_colour(self, self.colours.get(name, "")) for name in names]
                self.query_one(f"#legend-{index}", Static).update(legend(names, colours))

    def _final_scores(self) -> None:
        try:
            spec, result = self.session.rules.final_result(self.session.state)
        except SheetError as problem:  # (the tab was empty, unexplained: a play-test)
            self.query_one("#legend-final", Static).update(
                f"Its score sheet cannot be read ({problem}): ctrl+f on the game reopens it "
                "to score it again."
            )
            return
        names = [standing.name for standing in result.standings]
        parts = {
            category.label: [standing.breakdown[category.key] for standing in result.standings]
            for category in spec.categories
        }
        self.query_one("#plot-final", LineChart).show_stacked("Final scores", names, parts)
        # a category below zero for someone (Coloma's Graves) is drawn taken off the bar's
        # end: its swatch says so (it looked like one more part added: a play-test)
        taken = frozenset(
            index for index, values in enumerate(parts.values()) if any(v < 0 for v in values)
        )
        self.query_one("#legend-final", Static).update(legend(list(parts), taken=taken))

    def action_close(self) -> None:
        self.dismiss(None)
