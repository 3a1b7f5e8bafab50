"""Choose the mine a player takes: from the catalog (what is out is left out), or custom.

Typing filters the list (`cm 6`, `cold`, `9`); enter takes the mine only once one is
highlighted (the filter left one, or it was chosen with the arrows), so a stray enter never
gives the picker the first mine of the list (#12)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from companion.amounts import AmountError, parse_count
from companion.games.boomtown import (
    TOWN_SHORT,
    TOWNS,
    BoomtownState,
    MineCard,
    find_town,
    mine_out,
    plural,
    taken_text,
)
from companion.table import folded
from screens.dialog import Dialog
from screens.widgets.no_scroll import InTurnInput, SteadyInput
from screens.widgets.select import TableSelect
from screens.widgets.shown import say
from screens.widgets.tick_box import TickBox

#: the id of the line a list shows when what was typed matches nothing
NOTHING = "nothing-matches"

INITIALS = {town: short for short, town in TOWN_SHORT.items()}

HELP_TEXT = """\
- **Type** to filter the list: a town (`cm`, `cold`) and its number (`6`): every word typed
  must match. **down** moves into the list, **enter** takes the highlighted one.
- Enter takes nothing until one is highlighted: the filter left only one, or you chose it.
- When no mine matches what was typed, the list says so: **backspace** widens the filter,
  **enter** goes to the custom mine below, with the town and the number typed (`cj 2 7`:
  Cactus Junction, roll 2, gold 7).
- **Or a custom mine**, for a deck that differs from the catalog: town, roll, gold,
  dangerous, then *Take it*. One that differs from the catalog's mine of that town and
  number says so first: *Take it* again takes it in that card's place (the deck has one
  card of each town and number, so the list leaves the catalog's out). One whose town and
  number are in play or gone already says whose: *Take it* again takes a second one.
- **escape** closes the dialog without taking anything.
"""


def nothing_line(typed: str) -> str:
    """What the mine list says when what was typed matches no mine left."""
    return f'No mine matches "{typed}": backspace to widen, or enter for a custom mine.'


def custom_parts(typed: str) -> tuple[str, str, str]:
    """The town, the roll and the gold of a custom mine typed in the filter: `cj 2 7` is
    Cactus Junction's words, roll 2, gold 7; `cj 2` has no gold ("" for what is missing)."""
    words = typed.split()
    numbers: list[str] = []
    while words and words[-1].isdigit() and len(numbers) < 2:
        numbers.insert(0, words.pop())
    roll, gold = [*numbers, "", ""][:2]
    return " ".join(words), roll, gold


def search_key(*parts: str) -> str:
    """What a filter is matched against: the words shown, and the towns' initials."""
    text = " ".join(parts)
    extra = [short for town, short in INITIALS.items() if town in text]
    return folded(" ".join([text, *extra]))  # ("zoe" finds Zoë's mines: a play-test)


def _words(text: str) -> list[str]:
    """The words of a key or of what was typed: `Cy's` is `cy` (as the list shows it); a
    word with signs in it is also its letters (`joe` finds "🤠Joe": a play-test)."""
    for mark in (":", "'s", "\u2019s", "("):
        text = text.replace(mark, " ")
    words = text.split()
    return words + [part for word in words for part in re.findall(r"\w+", word) if part != word]


def same_name(shown: str, typed: str) -> bool:
    """`typed` is the whole name shown (a count after it aside: "Saloon (x2 left)")."""
    name = re.sub(r"\s*\([^)]*\)$", "", shown)
    return bool(typed.strip()) and folded(" ".join(name.split())) == folded(" ".join(typed.split()))


def matches(query: str, key: str) -> bool:
    """Every word typed starts a word of the option's key (a number: is one)."""
    words = _words(key)
    # the possessive taken off before folding (which drops apostrophes: "cy's" read "cys")
    for word in map(folded, _words(query.casefold())):
        if word.isdigit():
            if word not in words:
                return False
        elif not any(candidate.startswith(word) for candidate in words):
            return False
    return True


class FilteredChoice:
    """A filter field over an option list, shared by the mine and event dialogs: what is
    shown, and what enter may take (None until one is highlighted).

    When what was typed matches nothing, the list shows one line instead, `nothing(typed)`
    (what to do): a disabled option, which can be neither highlighted nor taken. The list
    went blank, and only enter said why (a play-test)."""

    def __init__(self, field: Input, options: OptionList, nothing: Callable[[str], str]) -> None:
        self.field, self.options = field, options
        self.nothing = nothing
        self.all: list[tuple[Text, str, str]] = []  # (shown, value, search key)
        self.shown: list[str] = []  # the values listed now, in order

    def fill(self, choices: Sequence[tuple[Text, str, str]]) -> None:
        self.all = list(choices)
        self.filter(self.field.value)

    def filter(self, query: str) -> None:
        kept = [(shown, value) for shown, value, key in self.all if matches(query, key)]
        self.shown = [value for _, value in kept]
        if kept or not query.strip():
            self.options.set_options([Option(shown, id=value) for shown, value in kept])
        else:  # typed text, shown literally (a Text: never read as markup)
            line = Text(self.nothing(query.strip()), style="italic")
            if self.options.option_count == 1 and self.options.options[0].id == NOTHING:
                # still nothing: the line is redrawn, laid out only if its height changes
                self.options.replace_option_prompt(NOTHING, line)
            else:
                self.options.set_options([Option(line, id=NOTHING, disabled=True)])
        if len(kept) == 1:  # the one left is what enter takes
            self.options.highlighted = 0
        elif kept:  # the one named in full, among longer names (`saloon`: Saloon Girls
            # was left too, and "type more" could not pick the Saloon: a play-test)
            named = [i for i, (shown, _) in enumerate(kept) if same_name(shown.plain, query)]
            if len(named) == 1:
                self.options.highlighted = named[0]

    @property
    def nothing_matches(self) -> bool:
        """What was typed matches nothing (the list says so)."""
        return not self.shown and bool(self.field.value.strip())

    def chosen(self) -> str | None:
        index = self.options.highlighted
        return None if index is None or index >= len(self.shown) else self.shown[index]

    def into_list(self) -> None:
        if self.shown:
            self.options.focus()
            if self.options.highlighted is None:
                self.options.highlighted = 0


class MinePicker(Dialog, ModalScreen[MineCard | None]):
    CSS_PATH = "mine_picker.tcss"
    HELP_TITLE = "Choose a mine"
    HELP_TEXT = HELP_TEXT
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel-mine"),
        # a modal screen hides the app's own f1 (Textual stops its binding chain at it)
        Binding("f1", "app.help", "Help", id="help-mine_picker"),
        Binding("down", "into_list", "To the list", show=False),
    ]

    def __init__(self, who: str, catalog: list[MineCard], state: BoomtownState) -> None:
        super().__init__()
        self.who = who
        self.catalog = catalog
        self.state = state
        #: the catalog's mines still to be had (a custom one of a catalog town and number
        #: stands for that card: `stand_in`)
        self.free = [card for card in catalog if not mine_out(state, card, catalog)]
        #: the custom mine that differs from the catalog's, said once: taken at the next
        #: enter (a custom Cactus Junction 2 of 7 gold went in beside the catalog's 6
        #: without a word: a play-test)
        self._differs_said: MineCard | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="mine-box"):
            yield Static(Text(f"The mine {self.who} takes"), id="mine-title")
            yield InTurnInput(  # (its enter in turn: `key_in_turn`)
                placeholder="type to filter: cm 6, cold, 9 (down: to the list)",
                id="mine-filter",
                compact=True,
            )
            yield OptionList(id="mine-list")
            yield Static("", id="mine-error", classes="error", markup=False)
            yield Static("Or a custom mine, for a deck that differs:", id="custom-title")
            with Horizontal(id="custom-row"):
                yield TableSelect(
                    [(town, town) for town in TOWNS], prompt="Town", id="custom-town", compact=True
                )
                yield SteadyInput(placeholder="roll 2-12", id="custom-roll", compact=True)
                yield InTurnInput(placeholder="gold", id="custom-value", compact=True)
                yield TickBox("dangerous", id="custom-dangerous", compact=True)
                yield Button("Take it", id="custom-take", compact=True)
            yield Static("", id="custom-error", classes="error", markup=False)

    def on_mount(self) -> None:
        self.choice = FilteredChoice(
            self.query_one("#mine-filter", Input),
            self.query_one("#mine-list", OptionList),
            nothing_line,
        )
        self.choice.fill(
            [
                (
                    Text(card.label, style=TOWNS[card.town]),
                    str(i),
                    search_key(card.town, str(card.roll)),  # the number typed is the roll
                )
                for i, card in enumerate(self.free)
            ]
        )
        self.set_focus(self.query_one("#mine-filter", Input))  # (at once: keys typed ahead follow)

    #: what the list was last filtered by
    _filtered = ""

    @on(Input.Changed, "#mine-filter")
    def _filter(self, event: Input.Changed) -> None:
        self._filter_now()
        say(self.query_one("#mine-error", Static), "")  # a key typed: redrawn only if shown

    def _filter_now(self) -> None:
        """The list filtered by what the field holds now (an enter in its turn comes before
        the field's change is handled); unchanged, it is left alone."""
        typed = self.query_one("#mine-filter", Input).value
        if typed != self._filtered:
            self._filtered = typed
            self.choice.filter(typed)

    def key_in_turn(self, field: Input, key: str) -> None:
        """Enter in the filter or in the custom mine's gold, in its turn among the keys typed
        (`InTurnInput`): `cm 6`, enter and the next command typed at once took the mine
        only once the command's keys had gone into the filter (a play-test). It takes what
        is highlighted then; keys typed behind it go where the focus is then (the game's
        command field, the picker closed)."""
        if field.id == "mine-filter":
            self._filter_now()
            self._take_highlighted()
        else:
            self._custom()

    def action_into_list(self) -> None:
        if self.focused is self.query_one("#mine-filter"):
            self.choice.into_list()

    @on(Input.Submitted, "#mine-filter")
    def _take_highlighted(self) -> None:
        value = self.choice.chosen()
        if value is None:
            left = len(self.choice.shown)
            if left:
                self.query_one("#mine-error", Static).update(
                    f"{plural(left, 'mine')} match: type more, or down to choose one."
                )
            else:  # none left, as the list says: on to a custom mine, with the town and
                # the roll typed (they were lost, and a town picked blind: a play-test)
                self._custom_from(self.query_one("#mine-filter", Input).value)
            return
        self.dismiss(self.free[int(value)])

    def _custom_from(self, typed: str) -> None:
        """The custom row filled from what was typed in the filter (`cm 2`, `cold 2`, and
        `cj 2 7`: the town, then the roll and the gold), the focus where the table goes on.
        (`cj 2 7` put the 7 in the roll: a play-test.)"""
        town_typed, roll, gold = custom_parts(typed)
        town = find_town(town_typed) if town_typed else None
        if town is not None:
            self.query_one("#custom-town", Select).value = town
        if roll:
            self.query_one("#custom-roll", Input).value = roll
        if gold:
            self.query_one("#custom-value", Input).value = gold
        focus = "#custom-value" if town is not None and roll else "#custom-town"
        self.set_focus(self.query_one(focus))  # (at once: keys typed on follow it)

    @on(OptionList.OptionSelected, "#mine-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.free[int(event.option.id or 0)])

    @on(Input.Changed, "#custom-roll")
    @on(Input.Changed, "#custom-value")
    @on(Select.Changed, "#custom-town")
    def _custom_typed(self) -> None:
        """The mine's refusal goes as soon as it is changed (checked again when taken)."""
        say(self.query_one("#custom-error", Static), "")

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
        mine = MineCard(town, roll, value, self.query_one("#custom-dangerous", Checkbox).value)
        printed = [card for card in self.catalog if (card.town, card.roll) == (town, roll)]
        free = [card for card in printed if card in self.free]
        if printed and mine not in free and self._differs_said != mine:
            self._differs_said = mine  # the table may know better: enter again takes it
            if free:  # it stands for the printed card: that card leaves the list
                said = (
                    f"The catalog has {free[0].label}: enter (or Take it) again takes this "
                    "one in its place."
                )
            else:  # every card of that town and number is out already: one more mine
                said = (
                    f"{taken_text(self.state, printed[0], self.catalog)} Enter (or Take it) "
                    "again takes a second one all the same."
                )
            error.update(said)
            return
        self.dismiss(mine)

    def action_cancel(self) -> None:
        self.dismiss(None)
