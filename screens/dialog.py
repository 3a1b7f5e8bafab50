"""Dialogs that are pushed once and dismissed once, whatever keys arrive meanwhile.

Enter pressed twice quickly reaches a dialog's handler twice: Textual's `dismiss` pops the
top screen each time, so the second one took away the screen below (with `goldrush open ID`
the game screen was the only one: ScreenStackError). And a key or palette command that
opens a dialog could open a second copy over the first. Every dialog of the app mixes in
`Dialog`; the app (`GoldrushApp.push_screen`) refuses a dialog of a type already open."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual.await_complete import AwaitComplete
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from screens.dimmed import dimmed
from screens.size_classes import NarrowLikeBelow
from screens.styled_once import StyledOnce
from screens.widgets.footer import SteadyFooter


class Dialog(NarrowLikeBelow, StyledOnce):
    """Mixed in first (`class X(Dialog, ModalScreen[T])`): a screen shown over another,
    dismissed at most once, and never two of one type, styled once when shown
    (screens/styled_once.py). A plain mixin, not a Screen:
    Textual takes a screen's CSS from its first DOMNode base, which must stay ModalScreen."""

    @property
    def DIALOGS_FOLLOW_ITS_WIDTH(self) -> bool:  # read as GameScreen's class attribute
        """A dialog over this one (F1's help over a correction) follows the same width."""
        return self._sized_like_below is not None

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        """Its own footer at the bottom line, when its compose yields none: the dimmed screen
        behind showed the game's footer, whose keys (ctrl+z Undo...) did nothing in the
        dialog (a play-test). What the bottom line lists is what the keys do: f1 and ctrl+q,
        then the dialog's own keys (esc Close...)."""
        if not any(isinstance(widget, Footer) for widget in widgets):
            widgets = [*widgets, SteadyFooter()]
        await super().mount_composed_widgets(widgets)  # type: ignore[misc]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts on a dialog before it is built: keys typed on with the command that
        opened it (`holdup`, enter, the card's fields and ctrl+g, all at once) reached its
        bindings before its fields were there, and the app stopped on the error (a
        play-test). Such a key does nothing; once it shows, keys act as usual."""
        screen: Screen[Any] = self  # type: ignore[assignment]
        if not screen.is_mounted:
            return False
        return super().check_action(action, parameters)  # type: ignore[misc,no-any-return]

    def render(self) -> RenderableType:
        """The screen behind, dimmed: each style's tint worked out once (screens/dimmed.py)."""
        return dimmed(super().render())  # type: ignore[misc]

    def dismiss(self, result: Any = None) -> AwaitComplete:
        screen: Screen[Any] = self  # type: ignore[assignment]
        if not screen.is_active:  # already dismissed (or covered): nothing to take away
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]
