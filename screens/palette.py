"""Textual's command palette, with guards against keys typed ahead (crashes in Textual 8.2).

ctrl+p and what follows it typed in one go stopped the app in two ways (found by
tests/reliability/test_burst_keys.py):

- PageUp/PageDown that come before the list of commands is laid out: Textual's
  `OptionList._move_page` reads a line map it builds only once the list has a size
  (KeyError), as in `TableSelect`'s list (screens/widgets/select.py);
- enter twice (`undo`, enter, enter): each enter chose the highlighted command, and the
  second choice dismissed the palette again, taking away the screen under it (with
  `goldrush open ID` the game screen, the only one: ScreenStackError), and would have run
  the command twice;
- escape (or a choice) as its search for what was typed still runs: the search, finishing
  after the palette was taken away, showed its list in a palette whose parts were gone
  (NoMatches).

Until Textual guards these, the app's palette is this one: a page key before the list is
laid out does nothing (the next, a moment later, works), once a command is chosen the
palette takes no other choice, and a search that ends after it closed shows nothing."""

from __future__ import annotations

from textual import on
from textual.command import CommandList, CommandPalette
from textual.message import Message
from textual.widgets import Button, Input, OptionList

from screens.size_classes import NarrowLikeBelow
from screens.widgets.select import laid_out


class Palette(NarrowLikeBelow, CommandPalette):
    """The command palette: a page key waits for the list, and one command is chosen. Over
    a game it is `-narrow` as the game is, as a dialog is (screens/dialog.py): app.tcss
    then shows its toasts where the game's show, under it; at 80 columns an "On opening"
    notice was seen twice, the game's at the top and the palette's own at the bottom (a
    play-test)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_list" and parameters in {("page_up",), ("page_down",)}:
            lists = self.query(CommandList)
            if not lists or not laid_out(lists.first()):
                return False
        return super().check_action(action, parameters)

    def _watch__list_visible(self) -> None:
        """The list shown or hidden by a search: nothing to show once the palette's parts
        are gone (closed while the search ran)."""
        if self.query(CommandList):
            super()._watch__list_visible()

    @on(OptionList.OptionSelected)
    @on(Input.Submitted)
    @on(Button.Pressed)
    def _chosen_once(self, event: Message) -> None:
        """A choice (an enter, a click) queued behind the one that closed the palette
        reaches no handler of Textual's (a subclass's handler runs first)."""
        if not self.is_active:
            event.stop()
            event.prevent_default()
