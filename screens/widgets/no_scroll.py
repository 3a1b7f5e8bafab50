"""A widget that never scrolls has no use for a new layout when its virtual size changes.

Textual's `Widget.virtual_size` is a reactive that asks the whole screen for a layout when it
changes, and a layout sets it on every widget whose size changed: so each layout that resizes
anything was followed by a second one, and by a second frame repainting what the first had
just drawn (Builders' board appearing cost two full layouts and two frames, #16). The
virtual size only matters to a widget that scrolls (its scrollbars); the widgets and
containers here never do, so theirs only records the size (a new size repaints the widget
anyway, in the layout's own frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Input

from screens.widgets.backdrop import AlikeLines

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode


def recorded_virtual_size() -> Reactive[Size]:
    """`virtual_size` for a widget that never scrolls: set without a layout or a repaint."""
    return Reactive(Size(0, 0), layout=False, repaint=False)


class NoScrollHorizontal(AlikeLines, Horizontal):
    """A Horizontal whose overflow is hidden (never scrolls)."""

    virtual_size = recorded_virtual_size()


class NoScrollVertical(AlikeLines, Vertical):
    """A Vertical (its overflow hidden: it never scrolls)."""

    virtual_size = recorded_virtual_size()


def takes_typed_keys(widget: object) -> bool:
    """Whether keys typed before the focus moved to `widget` are passed on to it: a field,
    or a widget that says it types like one (the new-game colour list)."""
    return isinstance(widget, Input) or getattr(widget, "TAKES_TYPED_KEYS", False)


def passed_to_focus(widget: Widget, event: events.Key) -> bool:
    """Pass a key that reached `widget` once the focus had moved on to where the focus is
    now, in its turn among the keys typed (they all reach the widget that had the focus
    when they came); True when it was passed on. A screen pushed over the widget's that
    says it takes keys typed ahead (`TAKES_KEYS_TYPED_AHEAD`: every dialog, screens/dialog.py:
    ctrl+o's, ctrl+f's wizard, f3's charts...) gets them itself, in order, and hands them to
    its field."""
    top = widget.app.screen
    if top is not widget.screen and getattr(top, "TAKES_KEYS_TYPED_AHEAD", False):
        event.stop()
        event.prevent_default()
        top._forward_event(events.Key(event.key, event.character))
        return True
    if widget.screen not in widget.app.screen_stack:  # its dialog closed (by an enter
        # typed with them): the keys go where the focus is then, after what its closing
        # does (the mine taken, which the screen below runs next: `call_next`; ctrl+l typed
        # on behind the enter that took a mine listed them for the same picker again)
        event.stop()
        event.prevent_default()
        top.call_next(hand_on, widget.app, event)
        return True
    focused = widget.screen.focused
    if focused is widget or not takes_typed_keys(focused):
        return False
    assert focused is not None
    event.stop()
    event.prevent_default()
    focused.post_message(events.Key(event.key, event.character))
    return True


def hand_on(app: App[Any], key: events.Key) -> None:
    """A key that reached a dialog, or a field of it, once it had closed (typed on behind
    the key that closed it: escape, y, an enter that took a mine): to the screen on top
    now, as if typed there (a dialog on top takes it as typed ahead; a game screen's
    command field types it)."""
    top = app.screen
    again = events.Key(key.key, key.character)
    if getattr(top, "TAKES_KEYS_TYPED_AHEAD", False):
        top._forward_event(again)
    else:
        (top.focused or top).post_message(again)


async def ran_binding(node: DOMNode, key: str) -> bool:
    """`node`'s own binding for `key` run now, in the key's turn among the keys typed; True
    when one ran. As a binding, it ran once the key had bubbled up to the app, after the
    keys typed behind it had reached the widget that had the focus (and went into a field,
    or into a list that had been closed by then). Not a priority binding: the app runs
    those as the key reaches it, before it comes here."""
    for binding in node._bindings.key_to_bindings.get(key, ()):
        if not binding.priority and await node.app.run_action(binding.action, node):
            return True
    return False


#: the screen's keys a widget with the focus runs in their turn (`ran_screen_key`), besides
#: the screen's own `KEYS_IN_TURN`: moving the focus
MOVES = ("tab", "shift+tab")


async def ran_screen_key(widget: Widget, event: events.Key) -> bool:
    """The screen's tab, shift+tab, or a key of its `KEYS_IN_TURN`, reaching `widget`, run
    now: as a binding it ran once the key had bubbled up, after the keys typed behind it had
    gone into this field (`3 3 5` tab `recount` made the value `3 3 5recount`; ctrl+o `999`
    enter `big win` typed the number and the reason as a command: play-tests). True when
    one ran. Never a key that types a character (a dialog's `q`, which closes the help when
    no field has the focus, is typed in a field), nor once another screen covers this one
    (ctrl+o typed on behind ctrl+p opened its dialog over the palette, and the next ctrl+p
    a second palette)."""
    screen = widget.screen
    if event.is_printable or screen is not widget.app.screen:
        return False
    if event.key not in (*MOVES, *getattr(screen, "KEYS_IN_TURN", ())):
        return False
    return await ran_binding(screen, event.key)


class SteadyInput(Input):
    """An Input whose typing repaints the field alone. Input sets its virtual size to its
    text's width at every key, and Widget's reactive lays the whole screen out each time
    (the bare app pays it too). The field's size never depends on its text (it scrolls the
    text itself), so here it lays out nothing."""

    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.validators:  # always valid: Input adds the class at its first check,
            self.add_class("-valid", update=False)  # which restyled the field as it opened

    async def _on_key(self, event: events.Key) -> None:
        """A key that reaches the field once the focus has moved on goes where the focus is
        (`passed_to_focus`); the rest are the field's (`_own_key`)."""
        if passed_to_focus(self, event):  # typed after a move
            return
        await self._own_key(event)

    async def _own_key(self, event: events.Key) -> None:
        """The field's own keys (backspace, ctrl+u, the arrows, ...) in their turn among the
        keys typed. As bindings, they ran once the key had bubbled up to the app: keys typed
        behind them were in the field by then (ctrl+u then `dee rivers +1`, arriving at
        once, cleared all but `s +1`: a play-test). A priority binding never comes here (the
        app runs it first); the field's binding is the first the app would try. tab,
        shift+tab and the screen's `KEYS_IN_TURN` run in their turn too (`ran_screen_key`).
        Subclasses handle their keys here: the key is not passed on again."""
        if await ran_binding(self, event.key) or await ran_screen_key(self, event):
            event.stop()
            event.prevent_default()
        # (else Input's own `_on_key` follows, to type a character: Textual calls each
        # class's handler down the classes it derives from, until one prevents the default)

    def _on_paste(self, event: events.Paste) -> None:
        """The first line with something on it goes in the field (over the selection), as
        Textual's Input does with the first line, even an empty one; more lines left out
        are said (`pasted_more`), not dropped silently."""
        lines = [line for line in event.text.splitlines() if line.strip()]
        event.stop()
        event.prevent_default()  # Textual would call Input's own handler after this one
        if lines:
            selection = self.selection
            if selection.is_empty:
                self.insert_text_at_cursor(lines[0])
            else:
                self.replace(lines[0], *selection)
        if len(lines) > 1:
            self.pasted_more(len(lines) - 1)

    def pasted_more(self, left_out: int) -> None:
        """A paste of several lines: a notice says how many were left out (a field takes
        one line)."""
        more = "line was" if left_out == 1 else "lines were"
        self.notify(
            f"Only the first line was pasted ({left_out} more {more} left out).",
            severity="warning",
            markup=False,
        )


class InTurnInput(SteadyInput):
    """One of several fields a person types through with keys (enter to the next): the
    keys in `HANDED` go to the screen's `key_in_turn(field, key)` at once, in their turn
    among the keys typed, and a key that reaches the field once the focus has moved on
    goes where the focus is. Keys sent at once all reach the field that had the focus when
    they came: moved with `focus()`, later, `12 enter 11` gave Ann 1211 in the scoring
    wizard, and names typed with enter between them all went into the first (play-tests).
    The screen moves the focus with `set_focus`, at once."""

    HANDED: ClassVar[tuple[str, ...]] = ("enter",)

    async def _own_key(self, event: events.Key) -> None:
        key_in_turn = getattr(self.screen, "key_in_turn", None)
        if event.key in self.HANDED and key_in_turn is not None:
            event.stop()
            event.prevent_default()
            key_in_turn(self, event.key)
            return
        await super()._own_key(event)
