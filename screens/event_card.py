"""Play an event card a player picks: what it needs (a target, a mine, a town, dice) is asked
here, and the rules check it; a target the card does not allow is refused with the reason.

Opened with ctrl+t (no card named), it first lists the event cards still in the deck:
typing filters them (`new`), enter takes the highlighted one. Then, or at once when the
card was typed in the command field, the targets are listed by player, then mine (town and
number), and typing filters them (`bo 6`, `cold`); enter plays the card once a target is
highlighted (the filter left one, or it was chosen with the arrows); ctrl+g plays it from
anywhere in the dialog."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Select, Static

from companion.amounts import is_number
from companion.games import RuleError
from companion.games.boomtown import (
    EVENTS,
    TOWNS,
    BoomtownState,
    event_choices,
    events_left,
    parse_dice,
)
from companion.journal import Entry
from companion.session import GameSession
from screens.dialog import Dialog
from screens.mine_picker import FilteredChoice, search_key
from screens.widgets.no_scroll import InTurnInput
from screens.widgets.select import TableSelect
from screens.widgets.shown import say

NEEDS: dict[str, str] = {  # what each card asks for
    "dynamite": "choice",
    "expropriation": "choice",
    "new_vein": "choice",
    "saloon_girls": "choice",
    "saloon": "choice",
    "governor": "choice",
    "holdup": "holdup",
}

TARGET_HINT = "type to filter: a name, a town, a number (down: to the list)"
CARD_HINT = "type to filter: new, dyn, holdup (down: to the list)"
#: what each card's list can be filtered by: the Holdup lists players, the Saloon towns
#: (one hint for all, "a name, a town, a number", asked a number of a list of towns: a
#: play-test)
TARGET_HINTS: dict[str, str] = {
    "holdup": "type to filter: a name (down: to the list)",
    "saloon": "type to filter: a town, cc or coyote (down: to the list)",
    "governor": "type to filter: a town, cc or coyote (down: to the list)",
    "saloon_girls": "type to filter: a town, cc or coyote (down: to the list)",
    "new_vein": "type to filter: a town, a number (down: to the list)",
}
#: what a card that asks nothing more does, said before ctrl+g (its name alone told a new
#: player nothing, and "plays it" read as the Mustang ridden at once: a play-test)
NO_TARGET_LINES: dict[str, str] = {
    "card_shark": "Card Shark: every other player pays the bank 4. ctrl+g plays it.",
    "stagecoach": "Stagecoach Robbery: +10 gold from the bank. ctrl+g plays it.",
    "mustang": (
        "Mustang: kept; once, {who} picks right after the auction winner (type m then)."
        " ctrl+g takes it."
    ),
    "telegraph": (
        "Telegraph: kept; once, right after a production roll, {who} may change one die"
        " (t 2 6 makes die 2 a 6). ctrl+g takes it."
    ),
}

#: what the Holdup's number is, said under its field: the rules' "name a number from 2 to
#: 12, roll two dice; on that number or more the player pays you the named amount"
HOLDUP_HINT = "Number: on a roll of it or more, that player pays you that much gold."

HELP_TEXT = """\
The card comes from what you typed (`dynamite`, `holdup`...); the first line changes it
(only the cards still in the deck are offered).

- **ctrl+t** (no card typed) first lists the event cards left: **type** to filter them
  (`new`), **enter** takes the highlighted one (the first line then shows it); then its
  targets are listed, as below. A card that needs no target is then played with **enter**
  or **ctrl+g**.
- **Type** to filter the targets, listed by player then mine: a name (`bo`), a town
  (`cm`, `cold`), a number (`6`). Every word typed must match.
- **enter** plays the card once a target is highlighted: the filter left only one, its
  whole name was typed (`saloon`, not Saloon Girls), or you chose it with **down** and the
  arrows. Enter with several left plays nothing.
- When nothing matches what was typed, the list says so: **backspace** widens the filter.
- **Holdup**: choose whom, then the number named (2-12) and the dice (`3 4`, or `r` to roll);
  enter in the dice plays it. The number is both what the two dice must make (it or more)
  and the gold the player chosen then pays you.
- **ctrl+g** plays the card from anywhere in the dialog; **escape** closes it, nothing played.
- A target the card does not allow is refused here, with the reason.
"""


class Refused(RuleError):
    """A refusal about one field of the dialog (`field`, a selector): the cursor goes there."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


class EventField(InTurnInput):
    """A field of the dialog: enter and ctrl+g are the dialog's at once, in their turn among
    the keys typed (`EventCard.key_in_turn`). Run once the key had bubbled up, the keys typed
    right behind them went into this field first: backspace backspace `7` typed after a
    refused ctrl+g went into the dice, the cursor being sent to the number only after them
    (a play-test)."""

    HANDED = ("enter", "ctrl+g")


class EventCard(Dialog, ModalScreen[Entry | None]):
    CSS_PATH = "event_card.tcss"
    HELP_TITLE = "Play an event card"
    HELP_TEXT = HELP_TEXT
    BINDINGS = [
        # a modal screen hides the app's own f1 (Textual stops its binding chain at it)
        Binding("f1", "app.help", "Help", id="help-event_card"),
        # the action before esc, as in the other dialogs (a play-test)
        Binding("ctrl+g", "play", "Play it", id="play-event"),
        Binding("escape", "cancel", "Cancel", id="cancel-event"),
        Binding("down", "into_list", "To the list", show=False),
        Binding("tab", "tab_on", "Next field", show=False),
    ]

    def __init__(self, session: GameSession, seat: int, card: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.typed = card is not None  # the card was named in the command field
        left = list(events_left(self.state))
        #: the cards the first line offers: those still in the deck (and the one typed)
        self.cards = [c for c in EVENTS if c in left or c == card]
        self.card = card or (self.cards[0] if self.cards else next(iter(EVENTS)))
        self.choosing = not self.typed  # ctrl+t: the list shows the cards until one is taken
        self._filtered = ""  # what the list is filtered by (`_filter_now`)
        #: what the fields held when the refusal shown was made (`_refuse`)
        self._refused_at: tuple[str, ...] = ()

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
                [(EVENTS[card], card) for card in self.cards],
                value=self.card,
                allow_blank=False,
                id="event-card",
                compact=True,
            )
            yield Static("", id="choice-label")
            yield EventField(
                placeholder="",  # what the list is filtered by: set with the list
                id="event-filter",
                compact=True,
            )
            yield OptionList(id="event-choice")
            with Horizontal(id="holdup-row"):
                # labelled: once typed in, the placeholders that named them were gone (a
                # play-test could not tell the fields apart)
                # framed: compact, they read as plain text, and where to type the number
                # could not be told (a play-test)
                yield Static("Number", classes="holdup-label")
                yield EventField(placeholder="2-12", id="holdup-number")
                yield Static("Dice", classes="holdup-label")
                yield EventField(placeholder="e.g. 3 4 (r rolls)", id="holdup-dice")
            # what the number is (the field alone did not say: a play-test)
            yield Static(HOLDUP_HINT, id="holdup-hint", markup=False)
            yield Static("", id="event-error", classes="error", markup=False)
            with Horizontal(id="event-buttons"):
                yield Button("Play it (ctrl+g)", id="event-play", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="event-cancel", compact=True)

    def on_mount(self) -> None:
        self.choice = FilteredChoice(
            self.query_one("#event-filter", Input),
            self.query_one("#event-choice", OptionList),
            self._nothing_line,
        )
        self._show_needs()
        if self.choosing or NEEDS.get(self.card):
            # typing filters what is listed (the focus at once: keys typed ahead follow)
            self.set_focus(self.query_one("#event-filter", Input))
        else:
            self.set_focus(self.query_one("#event-play", Button))

    def _nothing_line(self, typed: str) -> str:
        """What the list says when what was typed matches nothing in it."""
        what = "No event card left" if self.choosing else "Nothing listed"
        return f'{what} matches "{typed}": backspace to widen.'

    def _card_options(self) -> list[tuple[Text, str, str]]:
        """The event cards still in the deck (how many of each), to choose one from."""
        left = events_left(self.state)
        return [
            (
                Text(EVENTS[card] + (f" (x{left[card]} left)" if left.get(card, 0) > 1 else "")),
                f"card:{card}",
                search_key(EVENTS[card], card.replace("_", " ")),
            )
            for card in self.cards
        ]

    def _choices(self) -> tuple[str, list[tuple[Text, str, str]]]:
        """What the card can be played on, by player then mine (town, number): the core
        decides which; a town shows in its colour."""
        state = self.state
        if self.card == "holdup":
            others = [seat for seat in range(len(state.players)) if seat != self.seat]
            others.sort(key=lambda seat: state.name(seat).casefold())
            return "Whom the Holdup is played on", [
                (Text(state.name(seat)), f"target:{seat}", search_key(state.name(seat)))
                for seat in others
            ]
        label, options = event_choices(state, self.seat, self.card)

        def order(option: tuple[str, str]) -> tuple[str, str, int]:
            kind, _, what = option[1].partition(":")
            if kind == "mine":
                mine = state.mines[int(what)]
                return state.name(mine.owner).casefold(), mine.town, mine.roll
            if kind == "saloon":
                saloon = state.saloons[int(what)]
                return state.name(saloon.owner).casefold(), saloon.town, 0
            return "", "", 0  # towns and "keep it": in the card's own order

        def key(text: str, value: str) -> str:
            """A mine is found by its owner, town and number (not its gold)."""
            kind, _, what = value.partition(":")
            if kind == "mine":
                mine = state.mines[int(what)]
                return search_key(state.name(mine.owner), mine.town, str(mine.roll))
            return search_key(text)

        return label, [
            (Text(text, style=TOWNS.get(value.removeprefix("town:"), "")), value, key(text, value))
            for text, value in sorted(options, key=order)
        ]

    def _show_needs(self) -> None:
        need = "card" if self.choosing else NEEDS.get(self.card, "")
        if self.choosing:  # the first line shows no card until one is taken
            label = "Choose the event card: type to filter, enter takes the highlighted one."
            options = self._card_options()
        else:
            label, options = self._choices()
        if not need:
            label = NO_TARGET_LINES.get(
                self.card, f"{EVENTS[self.card]}: nothing more to choose; ctrl+g plays it."
            ).format(who=self.state.name(self.seat))
        field = self.query_one("#event-filter", Input)
        field.value = ""
        field.placeholder = self._filter_hint(options)
        self.choice.fill(options)
        self._filtered = ""
        for selector in ("#event-filter", "#event-choice"):
            self.query_one(selector).display = bool(need)
        self.query_one("#event-card").display = not self.choosing
        self.query_one("#choice-label", Static).update(label)
        self.query_one("#holdup-row").display = need == "holdup"
        self.query_one("#holdup-hint").display = need == "holdup"
        self.query_one("#event-error", Static).update("")

    def _filter_hint(self, options: list[tuple[Text, str, str]]) -> str:
        """What the filter field says: what its list can be filtered by, or, with one choice
        only, that enter takes it."""
        if self.choosing:
            return CARD_HINT
        if len(options) == 1 and options[0][1] in ("none", "discard"):
            return f"enter: {options[0][0].plain.lower()}"
        if len(options) == 1:  # (towns to filter by that were not offered: a play-test)
            return f"enter: {options[0][0].plain} (the only choice)"
        return TARGET_HINTS.get(self.card, TARGET_HINT)

    def _take_card(self, card: str) -> None:
        """The card chosen from the list: its targets next (or Play it, for none)."""
        self.choosing = False
        self.card = card
        self.query_one("#event-card", Select).value = card
        self._show_needs()
        if NEEDS.get(card):
            self.set_focus(self.query_one("#event-filter", Input))
        else:
            self.set_focus(self.query_one("#event-play", Button))  # enter (or ctrl+g) plays it

    @on(Select.Changed, "#event-card")
    def _card_changed(self, event: Select.Changed) -> None:
        if self.card != str(event.value):
            self.choosing = False
            self.card = str(event.value)
            self._show_needs()

    @on(Input.Changed, "#event-filter")
    def _filter(self) -> None:
        self._filter_now()
        self._put_right()

    def action_tab_on(self) -> None:
        """tab from the filter, when a Holdup asks its number and dice and the player is
        chosen, goes to the number (it went to the list, where the number typed next was
        lost: a play-test); elsewhere, to the next field as always."""
        in_filter = self.focused is self.query_one("#event-filter")
        if in_filter:
            self._filter_now()
        if in_filter and self.query_one("#holdup-row").display and self.choice.chosen():
            self.set_focus(self.query_one("#holdup-number", Input))  # (at once: in turn)
            return
        self.focus_next()

    def action_into_list(self) -> None:
        if self.focused is self.query_one("#event-filter"):
            self._filter_now()
            self.choice.into_list()

    def _filter_now(self) -> None:
        """The list filtered by what the field holds now: a key that acts on what is listed
        (tab, enter, ctrl+g) can come before the field's change is handled (`cy` tab sent
        at once found nobody chosen, and the number typed next joined the name: a
        play-test). Unchanged, it is left alone."""
        typed = self.query_one("#event-filter", Input).value
        if typed != self._filtered:
            self._filtered = typed
            self.choice.filter(typed)

    def key_in_turn(self, field: Input, key: str) -> None:
        """Enter or ctrl+g in a field (`EventField`), in its turn among the keys typed."""
        if key == "ctrl+g":
            self.action_play()
        elif field.id == "event-filter":
            self._filter_submitted()
        elif field.id == "holdup-number":
            self._number_submitted()
        else:
            self.action_play()

    def _params(self) -> dict[str, Any]:
        need = NEEDS.get(self.card)
        if not need:
            return {}
        value = self.choice.chosen()
        if value is None:
            left = len(self.choice.shown)
            raise Refused(
                "Choose whom the Holdup is played on."
                if need == "holdup"
                else "Choose what the card is played on: type more, or down to the list."
                if left
                else "Nothing listed matches what was typed: backspace to widen.",
                "#event-filter",
            )
        kind, _, what = value.partition(":")
        if self.card == "holdup":
            number_text = self.query_one("#holdup-number", Input).value.strip()
            dice_text = self.query_one("#holdup-dice", Input).value.strip().lower()
            if not (is_number(number_text) and 2 <= int(number_text) <= 12):
                raise Refused("Name a number from 2 to 12.", "#holdup-number")
            try:
                dice = self.session.rules.roll() if dice_text == "r" else parse_dice(dice_text)  # type: ignore[attr-defined]
            except RuleError as problem:
                raise Refused(str(problem), "#holdup-dice") from None
            return {"target": int(what), "number": int(number_text), "dice": list(dice)}
        if value == "none":
            return {}
        if value == "discard":  # nothing to play it on
            return {"discarded": True}
        return {kind: what if kind == "town" else int(what)}

    @on(OptionList.OptionSelected, "#event-choice")
    def _target_chosen(self, event: OptionList.OptionSelected) -> None:
        if self.choosing:
            self._take_card(str(event.option.id).removeprefix("card:"))
            return
        if self.card == "holdup":  # then the number and the dice
            self.set_focus(self.query_one("#holdup-number", Input))
            return
        self.action_play()

    def _filter_submitted(self) -> None:
        self._filter_now()
        if self.choosing:
            value = self.choice.chosen()
            if value is None:
                if self.choice.shown:  # none left: the list says so, and what to do
                    self._refuse("Choose the event card: type more, or down to the list.")
                return
            self._take_card(value.removeprefix("card:"))
            return
        if self.card == "holdup" and self.choice.chosen() is not None:
            self.set_focus(self.query_one("#holdup-number", Input))
            return
        if self.choice.nothing_matches:  # the list says so, and what to do
            return
        self.action_play()

    def _number_submitted(self) -> None:
        """On to the dice; with the dice typed already, enter plays the card."""
        if self.query_one("#holdup-dice", Input).value.strip():
            self.action_play()
        else:
            self.set_focus(self.query_one("#holdup-dice", Input))

    @on(Input.Changed, "#holdup-number")
    @on(Input.Changed, "#holdup-dice")
    def _holdup_typed(self) -> None:
        self._put_right()

    def _typed(self) -> tuple[str, ...]:
        return tuple(
            self.query_one(name, Input).value
            for name in ("#event-filter", "#holdup-number", "#holdup-dice")
        )

    def _refuse(self, message: str) -> None:
        """Say why nothing was played, under the fields."""
        self._refused_at = self._typed()
        self.query_one("#event-error", Static).update(message)

    def _put_right(self) -> None:
        """A key typed: the refusal goes (the line redrawn only if shown), when what it was
        about has changed since. The change of a key typed before an enter or ctrl+g handled
        in its turn is handled after it, and took the refusal away as it was made."""
        if self._typed() != self._refused_at:
            say(self.query_one("#event-error", Static), "")

    @on(Button.Pressed, "#event-play")
    def action_play(self) -> None:
        """Play the card. The focus moves at once, here and wherever a key moves it:
        `focus()` moves it once the keys already sent have gone to the field that had it."""
        self._filter_now()
        if self.choosing:  # ctrl+g with the cards listed: the highlighted one, if any
            value = self.choice.chosen()
            if value is None:
                self._refuse("Choose the event card first: type to filter, enter takes it.")
                return
            self._take_card(value.removeprefix("card:"))
        try:
            entry = self.session.rules.pick_event(
                self.state, self.seat, self.card, **self._params()
            )  # type: ignore[attr-defined]
        except RuleError as problem:
            self._refuse(str(problem))
            if isinstance(problem, Refused):
                self._to_the_wrong_field(problem.field)
            return
        self.dismiss(entry)

    def _to_the_wrong_field(self, selector: str) -> None:
        """After a refusal, the cursor goes to the field the message is about, its text
        selected: typing replaces it, as in the command field. (After "Choose whom the
        Holdup is played on." it stayed in the dice, and a wrong number or dice took the
        next keys after it, `13` then `7` read 137: a play-test.) At once: `focus()` moves it
        once the keys already sent are handed to the field that had it (backspace backspace
        `7` typed right after ctrl+g went into the dice, the number still 13: a play-test)."""
        field = self.query_one(selector, Input)
        self.set_focus(field)
        if selector == "#event-filter" and self.choice.shown:
            # "type more": what is typed stays, the cursor at its end (selected, " saloon"
            # typed after "ann" replaced it: a play-test)
            field.cursor_position = len(field.value)
            return
        field.select_all()

    @on(Button.Pressed, "#event-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
