"""Play an event card a player picks: what it needs (a target, a mine, a town, dice) is asked
here, and the rules check it; a target the card does not allow is refused with the reason."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select, Static

from companion.amounts import is_number
from companion.games import RuleError
from companion.games.boomtown import (
    EVENTS,
    TOWNS,
    BoomtownState,
    event_choices,
    parse_dice,
)
from companion.journal import Entry
from companion.session import GameSession
from screens.dialog import Dialog
from screens.widgets.select import TableSelect

NEEDS: dict[str, str] = {  # what each card asks for
    "dynamite": "choice",
    "expropriation": "choice",
    "new_vein": "choice",
    "saloon_girls": "choice",
    "saloon": "choice",
    "governor": "choice",
    "holdup": "holdup",
}


class EventCard(Dialog, ModalScreen[Entry | None]):
    CSS_PATH = "event_card.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel-event")]

    def __init__(self, session: GameSession, seat: int, card: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.card = card or "stagecoach"

    @property
    def state(self) -> BoomtownState:
        assert isinstance(self.session.state, BoomtownState)
        return self.session.state

    def compose(self) -> ComposeResult:
        with Vertical(id="event-box"):
            yield Static(
                Text(f"The event card {self.state.name(self.seat)} takes"), id="event-title"
            )
            yield TableSelect(
                [(name, card) for card, name in EVENTS.items()],
                value=self.card,
                allow_blank=False,
                id="event-card",
                compact=True,
            )
            yield Static("", id="choice-label")
            yield TableSelect([], id="event-choice", compact=True, prompt="Choose")
            with Horizontal(id="holdup-row"):
                yield TableSelect(
                    [
                        (Text(p.name), seat)
                        for seat, p in enumerate(self.state.players)
                        if seat != self.seat
                    ],
                    prompt="Whom",
                    id="holdup-target",
                    compact=True,
                )
                yield Input(placeholder="number 2-12", id="holdup-number", compact=True)
                yield Input(placeholder="dice, e.g. 3 4 (r rolls)", id="holdup-dice", compact=True)
            yield Static("", id="event-error", classes="error", markup=False)
            with Horizontal(id="event-buttons"):
                yield Button("Play it", id="event-play", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="event-cancel", compact=True)

    def on_mount(self) -> None:
        self._show_needs()
        self.query_one("#event-card", Select).focus()

    def _choices(self) -> tuple[str, list[tuple[Text, str]]]:
        """What the card can be played on (the core decides; a town shows in its colour)."""
        label, options = event_choices(self.state, self.seat, self.card)
        return label, [
            (Text(text, style=TOWNS.get(value.removeprefix("town:"), "")), value)
            for text, value in options
        ]

    def _show_needs(self) -> None:
        need = NEEDS.get(self.card, "")
        label, options = self._choices()
        choice = self.query_one("#event-choice", Select)
        choice.set_options(options)
        choice.display = need == "choice"
        self.query_one("#choice-label", Static).update(label)
        self.query_one("#holdup-row").display = need == "holdup"
        self.query_one("#event-error", Static).update("")

    @on(Select.Changed, "#event-card")
    def _card_changed(self, event: Select.Changed) -> None:
        self.card = str(event.value)
        self._show_needs()

    def _params(self) -> dict[str, Any]:
        if self.card == "holdup":
            target = self.query_one("#holdup-target", Select).value
            number_text = self.query_one("#holdup-number", Input).value.strip()
            dice_text = self.query_one("#holdup-dice", Input).value.strip().lower()
            if not isinstance(target, int):
                raise RuleError("Choose whom the Holdup is played on.")
            if not is_number(number_text):
                raise RuleError("Name a number from 2 to 12.")
            dice = self.session.rules.roll() if dice_text == "r" else parse_dice(dice_text)  # type: ignore[attr-defined]
            return {"target": target, "number": int(number_text), "dice": list(dice)}
        if NEEDS.get(self.card) != "choice":
            return {}
        value = self.query_one("#event-choice", Select).value
        if not isinstance(value, str):
            raise RuleError("Choose what the card is played on.")
        if value == "none":
            return {}
        kind, _, what = value.partition(":")
        return {kind: what if kind == "town" else int(what)}

    @on(Button.Pressed, "#event-play")
    @on(Input.Submitted)
    def _play(self) -> None:
        error = self.query_one("#event-error", Static)
        try:
            entry = self.session.rules.pick_event(
                self.state, self.seat, self.card, **self._params()
            )  # type: ignore[attr-defined]
        except RuleError as problem:
            error.update(str(problem))
            return
        self.dismiss(entry)

    @on(Button.Pressed, "#event-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
