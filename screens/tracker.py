"""A simple per-player tracker of one number, for games whose own screen is not built yet.

It goes through the same journal as every game screen: typed amounts, undo, corrections.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Input, Static

from companion.amounts import AmountError, parse_amount
from companion.games import RuleError
from screens.game import COMMON_HELP, GameScreen
from screens.widgets.log_panel import LogPanel


class TrackerScreen(GameScreen):
    CSS_PATH = "tracker.tcss"
    HELP_TITLE = "Tracker"
    HELP_TEXT = (
        """\
A tracker of one number per player, until this game's own screen arrives.

- **up / down** choose the player.
- Type an amount and press **enter**: `12` sets it, `+5` adds, `-3` takes away.
"""
        + COMMON_HELP
    )
    BINDINGS = [
        Binding("up", "seat(-1)", "Previous player", id="previous-player", show=False),
        Binding("down", "seat(1)", "Next player", id="next-player", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="status", markup=False)
                table: DataTable[str | Text] = DataTable(id="players", cursor_type="row")
                yield table
                with Horizontal(id="entry"):
                    yield Static(id="amount-label", markup=False)
                    yield Input(id="amount", placeholder="12 sets · +5 adds · -3 takes away")
                yield Static("", id="amount-error", classes="error", markup=False)
            yield LogPanel(id="log")
        yield Footer()

    def on_mount(self) -> None:
        """Runs before GameScreen.on_mount (Textual calls each class's handler, derived first)."""
        spec = self.session.rules.numbers[0]
        table = self.query_one("#players", DataTable)
        table.add_columns("", "Player", spec.label)
        self.query_one("#amount", Input).focus()

    @property
    def number_key(self) -> str:
        return self.session.rules.numbers[0].key

    def selected_seat(self) -> int:
        return max(0, self.query_one("#players", DataTable).cursor_row)

    def render_state(self) -> None:
        state = self.session.state
        table = self.query_one("#players", DataTable)
        seat = self.selected_seat()
        table.clear()
        for index, player in enumerate(state.players):
            marker = "▶" if index == state.first_player else ""
            table.add_row(
                marker,
                Text(player.name, style=f"bold {player.colour}"),
                str(state.numbers[index][self.number_key]),
                key=str(index),
            )
        table.move_cursor(row=min(seat, len(state.players) - 1))
        first = state.name(state.first_player)
        finished = "  ·  FINISHED (ctrl+f reopens)" if state.finished else ""
        self.query_one("#status", Static).update(
            f"{self.session.title}  ·  first player: {first}{finished}"
        )
        self._label()

    def _label(self) -> None:
        spec = self.session.rules.numbers[0]
        name = self.session.state.name(self.selected_seat())
        self.query_one("#amount-label", Static).update(Text(f"{spec.label} for {name}: "))

    @on(DataTable.RowHighlighted, "#players")
    def _highlighted(self) -> None:
        self._label()

    def action_seat(self, step: int) -> None:
        table = self.query_one("#players", DataTable)
        table.move_cursor(row=(self.selected_seat() + step) % table.row_count)
        self._label()

    @on(Input.Submitted, "#amount")
    def _apply_amount(self, event: Input.Submitted) -> None:
        error = self.query_one("#amount-error", Static)
        try:
            amount = parse_amount(event.value)
            entry = self.session.rules.adjust(
                self.session.state, self.selected_seat(), self.number_key, amount
            )
        except (AmountError, RuleError) as problem:
            error.update(str(problem))
            return
        if self.run(entry):
            error.update("")
            event.input.value = ""
