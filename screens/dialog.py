"""Dialogs that are pushed once and dismissed once, whatever keys arrive meanwhile.

Enter pressed twice quickly reaches a dialog's handler twice: Textual's `dismiss` pops the
top screen each time, so the second one took away the screen below (with `goldrush open ID`
the game screen was the only one: ScreenStackError). And a key or palette command that
opens a dialog could open a second copy over the first. Every dialog of the app mixes in
`Dialog`; the app (`GoldrushApp.push_screen`) refuses a dialog of a type already open.

Keys typed on behind the key that opens a dialog (ctrl+o `999` enter `big win`, ctrl+f `12`
enter `7`, f3 then a command) reach the field that had the focus, the game's command field,
and went into it (a play-test): the field hands them to the dialog over it in their turn
(`passed_to_focus`, screens/widgets/no_scroll.py), and the dialog to its own field, or to
its keys (`Dialog.on_key`)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual import events
from textual.await_complete import AwaitComplete
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from screens.dimmed import dimmed
from screens.size_classes import NarrowLikeBelow
from screens.styled_once import StyledOnce
from screens.widgets.footer import SteadyFooter
from screens.widgets.no_scroll import hand_on, ran_binding, takes_typed_keys


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

    #: keys typed on behind the key that opened it come here, from the field that had the
    #: focus below, in their turn (`passed_to_focus`, screens/widgets/no_scroll.py)
    TAKES_KEYS_TYPED_AHEAD = True
    #: its own keys run in their turn among the keys typed: by its field with the focus
    #: (`ran_screen_key`, screens/widgets/no_scroll.py: escape typed on with `35`, then
    #: `bo`, put the `bo` in the bid, closed after it), but never a key that types a
    #: character there (q closes the help and the charts, which have no field); and by the
    #: dialog itself when no field has the focus (`on_key`: y or n on a question)
    KEYS_IN_TURN: tuple[str, ...] = ("escape",)

    def _forward_event(self, event: events.Event) -> None:
        """A key sent to the dialog itself, not to a widget in it: typed ahead, before the
        dialog was built, or while nothing in it has the focus. Marked, it goes on to its
        field in `on_key`, in its turn."""
        if isinstance(event, events.Key):
            event._typed_ahead = True  # type: ignore[attr-defined]
        super()._forward_event(event)  # type: ignore[misc]

    async def on_event(self, event: events.Event) -> None:
        """A key that comes once the dialog has closed (typed on behind the escape or the
        answer that closed it) goes where the keys go now: after what its closing does (a
        yes that opens the wizard), which the screen below runs next (`call_next`)."""
        screen: Screen[Any] = self  # type: ignore[assignment]
        if isinstance(event, events.Key) and screen not in screen.app.screen_stack:
            event.stop()
            event.prevent_default()
            screen.app.screen.call_next(hand_on, screen.app, event)
            return
        await super().on_event(event)  # type: ignore[misc]

    async def on_key(self, event: events.Key) -> None:
        """A key typed ahead (`_forward_event`) goes to the field with the focus, as if typed
        there. With no field focused, the dialog's own key runs at once, in its turn (escape
        on the charts, y on a question: run once it had bubbled up, the keys typed behind it
        were the closed dialog's, and lost), unless what has the focus has a use for it;
        the keys after it go where the keys go then (`on_event`)."""
        screen: Screen[Any] = self  # type: ignore[assignment]
        typed_ahead = getattr(event, "_typed_ahead", False)
        focused = screen.focused
        if focused is not None and takes_typed_keys(focused):
            if typed_ahead:  # (a field's own keys came through it: it runs them in turn)
                event.stop()
                event.prevent_default()
                focused.post_message(events.Key(event.key, event.character))
            return
        in_turn = typed_ahead or event.key in self.KEYS_IN_TURN
        if in_turn and not self._bound_below(event.key) and await ran_binding(screen, event.key):
            event.stop()
            event.prevent_default()
            return
        if typed_ahead and focused is not None:
            event.stop()
            event.prevent_default()
            focused.post_message(events.Key(event.key, event.character))

    def _bound_below(self, key: str) -> bool:
        """Whether the widget with the focus, or one it is in, has a key of its own for `key`
        (escape in a Select's open list closes the list, not the dialog)."""
        node = self.focused  # type: ignore[attr-defined]
        while node is not None and node is not self:
            if key in node._bindings.key_to_bindings:
                return True
            node = node.parent
        return False

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
