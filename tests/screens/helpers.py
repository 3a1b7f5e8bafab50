"""Helpers for Pilot tests: an app on a temporary store, typing into fields."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.widgets import Input

from companion.session import GameSession
from companion.store import Store
from screens.app import GoldrushApp
from screens.widgets.log_panel import LogPanel
from screens.widgets.rows import Rows

SIZE = (120, 40)
S = TypeVar("S")


class SteadyApp(GoldrushApp):
    """The app with a steady text cursor: a blinking one makes a screenshot depend on when
    it is taken (a field whose value a test sets does not restart the blink). Its notices
    stay until dismissed: on a loaded machine a test may look for one after the 5 seconds a
    toast lasts."""

    NOTIFICATION_TIMEOUT = 3600

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = False


def make_app(store: Store) -> GoldrushApp:
    return SteadyApp(store)


async def settle(pilot: Pilot) -> None:
    """Wait until the screen has handled what was sent to it: every message queued (a key
    forwarded to the focused field, the messages that key posts in turn), every worker, and
    then until the app stops using the CPU (one short idle check instead of one a key)."""
    await pilot.pause(0)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def send_keys(pilot: Pilot, text: str) -> None:
    """Each character as a terminal sends it: a Key event to the app, which checks its
    bindings and forwards it to the focused widget, exactly as `pilot.press` does but without
    its idle wait after every single key (call `settle` once after them)."""
    for char in text:
        key = events.Key(_character_to_key(char), char)
        key.set_sender(pilot.app)
        pilot.app.post_message(key)


async def type_into(pilot: Pilot, selector: str, text: str) -> None:
    """Focus a field, clear it and type `text` key by key, as a person would."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = ""
    await pilot.pause(0)
    send_keys(pilot, text)
    await settle(pilot)


def text_of(pilot: Pilot, selector: str) -> str:
    widget = pilot.app.screen.query_one(selector)
    if isinstance(widget.parent, LogPanel):  # the log's lines, unwrapped
        return widget.parent.plain()
    if isinstance(widget, Rows):  # its lines as given (a WrappedRows: unwrapped)
        return widget.plain
    return str(widget.render())


async def command(pilot: Pilot, text: str) -> str:
    """Type a command in a game's command field, press enter; the message shown beside it."""
    await type_into(pilot, "#command", text)
    await pilot.press("enter")
    await settle(pilot)
    return text_of(pilot, "#command-error")


async def open_screen(pilot: Pilot, session: GameSession, kind: type[S]) -> S:
    """Open a saved game as the home screen would; its screen, checked to be `kind`."""
    pilot.app.open_game(session.path)  # type: ignore[attr-defined]
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen
