"""Textual's Select with a guard against a crash in Textual itself.

Textual 8.2's option list pages up or down through a line map it builds only once it has a
size. Right after a Select opens (Enter, then PageDown at once) the map is still empty and
`OptionList._move_page` raises KeyError. Until Textual fixes it, every Select of the app is
this one: its list ignores a page key that comes before the list has been laid out (the
next key press, a moment later, works as usual)."""

from __future__ import annotations

from typing import Any, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay

from companion.table import folded
from screens.widgets.no_scroll import passed_to_focus, ran_binding, ran_screen_key

#: how a typed number starts (`$350`, `+5`, `-3`)
NUMBER_START = frozenset("0123456789$+-")


def laid_out(options: OptionList) -> bool:
    """Whether a list has its line map for the option highlighted (or the first): a page key
    reads it, and it is built only once the list has been given a size."""
    return (options.highlighted or 0) in options._index_to_line


def from_its_list(event: events.Key) -> bool:
    """Whether `event` bubbles up from a Select's open list, which had it (a Select passing
    it on to the list, where the focus is, sent it round again and again)."""
    return getattr(event, "_from_list", False)


class _SteadyOverlay(SelectOverlay):
    #: whether a search may start with a digit (`TableSelect`'s `search_by_number`)
    by_number = True

    #: keys typed on that reach a field once the list has the focus are its own (a search)
    TAKES_TYPED_KEYS = True

    def _move_page(self, direction: Any) -> None:
        if not laid_out(self):
            return
        super()._move_page(direction)

    async def _on_key(self, event: events.Key) -> None:
        """The list's keys (down, up, home, end, the page keys, enter, escape) run in their
        turn among the keys typed, and the keys behind them go where the focus is then. (As
        bindings they ran once the key had bubbled up: `down down enter` typed in one go
        took the option highlighted before the downs, and keys typed on behind an enter,
        `1450` enter `miscount` meant for ctrl+o's value and reason, reached the list, which
        still had the focus, and were lost: a review and a play-test.) Textual's
        type-to-search follows, for the rest."""
        event._from_list = True  # type: ignore[attr-defined]  # (bubbling up: `TableSelect`)
        if passed_to_focus(self, event):  # typed on after the list closed: to the field
            return
        if not self.has_focus:  # closed, the focus on something that is not a field
            event.stop()
            event.prevent_default()
            focused = self.screen.focused
            if focused is not None:
                focused.post_message(events.Key(event.key, event.character))
            return
        if await ran_binding(self, event.key) or await ran_screen_key(self, event):
            event.stop()
            event.prevent_default()
        # (else SelectOverlay's own `_on_key` follows: Textual calls each class's handler)

    @property
    def _select(self) -> TableSelect:
        """The Select whose list this is (only a `TableSelect` composes one)."""
        return cast("TableSelect", self.parent)

    def action_select(self) -> None:
        """enter (or a click): the option highlighted taken now (`choose_in_turn`), not
        by a message that came after the keys typed behind it."""
        index = self.highlighted
        if index is not None and not self._options[index].disabled:
            self._select.choose_in_turn(index)

    def action_dismiss(self) -> None:
        """escape: the list closed now, the focus back on its Select (by a message, it came
        after the keys typed behind it: an escape behind it closed the list, not the
        dialog, and the letters after them were lost)."""
        select = self._select
        select.expanded = False
        self.screen.set_focus(select)

    def _find_search_match(self, query: str) -> int | None:
        """Textual's search (the option whose text holds what was typed earliest), case
        and accents aside: `bo` jumped past "Bö's cubes left" (a play-test)."""
        typed = folded(query)
        if not self.by_number and typed[:1] in NUMBER_START:
            return None
        best: tuple[int, int] | None = None  # (where in the text, which option)
        for index, option in enumerate(self._options):
            prompt = option.prompt
            text = prompt.plain if isinstance(prompt, Text) else prompt
            if not isinstance(text, str):
                continue
            found = folded(text).find(typed)
            if found != -1 and (best is None or found < best[0]):
                best = (found, index)
        return None if best is None else best[1]


class TableSelect(Select[Any]):
    """A `Select` whose drop-down list survives PageUp/PageDown pressed as it opens.

    `search_by_number=False`: typing in its open list jumps by words alone, a digit typed
    first jumps nowhere, where the numbers in its options are values, not what the player
    looks for: ctrl+o's What lists "Bo: Money (2900)", "Bo's mine ($500)", and `350` typed
    there as the new value moved What to another thing (a play-test)."""

    def __init__(self, *args: Any, search_by_number: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._by_number = search_by_number

    #: keys typed on behind the key that moved the focus here (shift+tab, then enter to
    #: open the list) reach the field they were typed in: passed on here, in their turn
    TAKES_TYPED_KEYS = True
    #: the keys that open the list (Select's binding)
    OPENING = ("enter", "down", "space", "up")

    async def _on_key(self, event: events.Key) -> None:
        """A key that opens the list does it in its turn among the keys typed, the focus
        moved to the list at once: the keys typed on behind it (`bo` enter) search and
        choose in it (as a binding it ran once the key had bubbled up, after they had
        reached the closed Select, and been lost). A key typed on once the focus has moved
        on goes where the focus is."""
        if from_its_list(event):  # its list's own key, bubbling up
            return
        if passed_to_focus(self, event):
            return
        await self._own_key(event)

    async def _own_key(self, event: events.Key) -> None:
        """A key of this Select's, the focus on it (subclasses handle theirs here: it is
        not passed on again). tab, shift+tab and the screen's `KEYS_IN_TURN` (the dialog's
        escape) run in their turn too: as bindings, the keys typed on behind them reached
        this Select first, and were lost (escape, escape and `ab` typed in one go into
        ctrl+o's open What list closed the list only, and the `ab` was lost: a review)."""
        if event.key in self.OPENING and not self.expanded:
            event.stop()
            event.prevent_default()
            self.action_show_overlay()
            self.screen.set_focus(self.query_one(SelectOverlay))
        elif await ran_screen_key(self, event):
            event.stop()
            event.prevent_default()

    def choose_in_turn(self, index: int) -> None:
        """The option at `index` taken (its list's enter), at once: the list closed and
        the focus back here, or where the screen's `chosen_in_turn(select)` moves it (the
        field that follows, for the keys typed on). As Textual's own pick does, but now:
        its messages came after the keys typed behind the enter."""
        value = self._options[index][1]
        if value != self.value:
            self.value = value
        self.expanded = False
        self.screen.set_focus(self)
        chosen_in_turn = getattr(self.screen, "chosen_in_turn", None)
        if chosen_in_turn is not None:
            chosen_in_turn(self)

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        overlay = _SteadyOverlay(type_to_search=self._type_to_search)
        overlay.by_number = self._by_number
        yield overlay.data_bind(compact=Select.compact)
