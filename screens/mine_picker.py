"""Choose the mine a player takes: from the catalog (what is out is left out), or custom."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from companion.amounts import AmountError, parse_count
from companion.games.boomtown import TOWNS, BoomtownState, MineCard, mine_out
from screens.dialog import Dialog
from screens.widgets.select import TableSelect


class MinePicker(Dialog, ModalScreen[MineCard | None]):
    CSS_PATH = "mine_picker.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel-mine")]

    def __init__(self, who: str, catalog: list[MineCard], state: BoomtownState) -> None:
        super().__init__()
        self.who = who
        self.free = [card for card in catalog if not mine_out(state, card)]

    def compose(self) -> ComposeResult:
        with Vertical(id="mine-box"):
            yield Static(Text(f"The mine {self.who} takes"), id="mine-title")
            yield OptionList(
                *[
                    Option(Text(card.label, style=TOWNS[card.town]), id=str(i))
                    for i, card in enumerate(self.free)
                ],
                id="mine-list",
            )
            yield Static("Or a custom mine, for a deck that differs:", id="custom-title")
            with Horizontal(id="custom-row"):
                yield TableSelect(
                    [(town, town) for town in TOWNS], prompt="Town", id="custom-town", compact=True
                )
                yield Input(placeholder="roll 2-12", id="custom-roll", compact=True)
                yield Input(placeholder="gold", id="custom-value", compact=True)
                yield Checkbox("dangerous", id="custom-dangerous", compact=True)
                yield Button("Take it", id="custom-take", compact=True)
            yield Static("", id="custom-error", classes="error", markup=False)

    def on_mount(self) -> None:
        self.query_one("#mine-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#mine-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.free[int(event.option.id or 0)])

    @on(Button.Pressed, "#custom-take")
    @on(Input.Submitted, "#custom-value")
    def _custom(self) -> None:
        error = self.query_one("#custom-error", Static)
        town = self.query_one("#custom-town", Select).value
        if not isinstance(town, str):
            error.update("Choose the town of the mine.")
            return
        try:
            roll = parse_count(
                self.query_one("#custom-roll", Input).value,
                minimum=2,
                maximum=12,
                what="The production number",
            )
            value = parse_count(
                self.query_one("#custom-value", Input).value,
                maximum=99,
                what="The gold it produces",
            )
        except AmountError as problem:
            error.update(str(problem))
            return
        self.dismiss(
            MineCard(town, roll, value, self.query_one("#custom-dangerous", Checkbox).value)
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
