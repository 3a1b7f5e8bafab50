"""The auction-split calculator on its own: any bid, 3-5 players, without touching a game."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Select, Static

from companion.amounts import AmountError, parse_count
from companion.games.boomtown_split import describe_split, split_bid
from screens.dialog import Dialog
from screens.widgets.no_scroll import SteadyInput
from screens.widgets.select import TableSelect
from screens.widgets.shown import say


class SplitCalculator(Dialog, ModalScreen[None]):
    CSS_PATH = "split_calculator.tcss"
    BINDINGS = [Binding("escape", "close", "Close", id="close-split")]

    def __init__(self, bid: int = 0, players: int = 4, leftover: str = "keep") -> None:
        super().__init__()
        self._bid, self._players, self._leftover = bid, players, leftover

    def compose(self) -> ComposeResult:
        with Vertical(id="split-box"):
            yield Static("Auction split calculator", id="split-title")
            with Horizontal(classes="split-field"):
                yield Static("Winning bid", classes="split-label")
                yield SteadyInput(str(self._bid), id="split-bid", compact=True)
            with Horizontal(classes="split-field"):
                yield Static("Players", classes="split-label")
                yield TableSelect(
                    [(str(n), n) for n in (3, 4, 5)],
                    value=self._players,
                    allow_blank=False,
                    id="split-players",
                    compact=True,
                )
            with Horizontal(classes="split-field"):
                yield Static("At 4-5 players", classes="split-label")
                yield TableSelect(
                    [
                        ("the left neighbour keeps the rest (official)", "keep"),
                        ("the rest goes to the bank (Dutch)", "bank"),
                    ],
                    value=self._leftover,
                    allow_blank=False,
                    id="split-leftover",
                    compact=True,
                )
            yield Static(
                "3 players: the bank always gets the rest; this choice is for 4-5.",
                id="split-three",
            )
            yield Static("", id="split-result", markup=False)
            yield Static("escape closes; nothing in the game changes.", id="split-hint")

    def on_mount(self) -> None:
        self._show()
        self.set_focus(self.query_one("#split-bid", Input))  # (at once: keys typed ahead follow)

    @on(Input.Changed)
    @on(Select.Changed)
    def _show(self) -> None:
        result = self.query_one("#split-result", Static)
        try:
            bid = parse_count(self.query_one("#split-bid", Input).value, what="The bid")
        except AmountError as error:
            say(result, str(error))
            return
        players = self.query_one("#split-players", Select).value
        self._leftover_for(int(players))  # type: ignore[arg-type]
        leftover = self.query_one("#split-leftover", Select).value
        split = split_bid(bid, int(players), leftover)  # type: ignore[arg-type]
        say(result, "\n".join(describe_split(split)))

    def _leftover_for(self, players: int) -> None:
        """With 3 players the 4-5 player choice changes nothing: greyed and skipped, and a
        line says why (it could be switched, and "the left neighbour keeps the rest" showed
        beside a split giving the bank the rest: a play-test)."""
        three = players == 3
        self.query_one("#split-leftover", Select).disabled = three
        self.query_one("#split-three", Static).display = three

    def action_close(self) -> None:
        self.dismiss(None)
