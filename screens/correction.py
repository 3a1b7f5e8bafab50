"""The correction dialog: set or adjust any tracked number, with a reason. The cardboard wins."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select, Static

from companion.amounts import AmountError, parse_amount
from companion.games import RuleError
from companion.journal import Entry
from companion.safe_text import text_problem
from companion.session import GameSession
from screens.dialog import Dialog
from screens.widgets.select import TableSelect


class CorrectionDialog(Dialog, ModalScreen[Entry | None]):
    """Returns the correction entry, already checked by the rules, or None when cancelled."""

    CSS_PATH = "correction.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel-correction")]

    def __init__(self, session: GameSession, seat: int = 0) -> None:
        super().__init__()
        self.session = session
        self.seat = seat

    def compose(self) -> ComposeResult:
        state, rules = self.session.state, self.session.rules
        choices = [
            (
                Text(f"{player.name}: {spec.label} ({state.numbers[seat][spec.key]})"),
                f"{seat}:{spec.key}",
            )
            for seat, player in enumerate(state.players)
            for spec in rules.numbers
        ]
        first = f"{self.seat}:{rules.numbers[0].key}" if rules.numbers else None
        with Vertical(id="correction-box"):
            yield Static("Correct a number", id="correction-title")
            yield Static("Which number", classes="label")
            yield TableSelect(choices, value=first, allow_blank=False, id="what")
            yield Static("New value (12 sets it, +5 adds, -3 takes away)", classes="label")
            yield Input(id="value", placeholder="e.g. 12")
            yield Static("", id="error-value", classes="error", markup=False)
            yield Static("Why (what the cardboard says)", classes="label")
            yield Input(id="reason", placeholder="e.g. counted the chips")
            yield Static("", id="error-reason", classes="error", markup=False)
            with Horizontal(id="correction-buttons"):
                yield Button("Record correction", id="record", variant="warning")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#value", Input).focus()

    @on(Input.Submitted, "#value")
    def _to_reason(self) -> None:
        self.query_one("#reason", Input).focus()

    @on(Input.Submitted, "#reason")
    @on(Button.Pressed, "#record")
    def record(self) -> None:
        value_error = self.query_one("#error-value", Static)
        reason_error = self.query_one("#error-reason", Static)
        value_error.update("")
        reason_error.update("")
        seat_text, _, key = str(self.query_one("#what", Select).value).partition(":")
        try:
            amount = parse_amount(self.query_one("#value", Input).value)
        except AmountError as error:
            value_error.update(str(error))
            self.query_one("#value", Input).focus()
            return
        reason = self.query_one("#reason", Input).value
        try:
            entry = self.session.rules.correct(
                self.session.state, int(seat_text), key, amount, reason
            )
        except RuleError as error:
            reason_at_fault = not reason.strip() or text_problem(reason) is not None
            target = reason_error if reason_at_fault else value_error
            target.update(str(error))
            return
        self.dismiss(entry)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
