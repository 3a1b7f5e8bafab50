"""Helpers for Pilot tests: an app on a temporary store, typing into fields, and a pilot that
waits for the screen's state instead of for the CPU to look idle."""

from __future__ import annotations

import asyncio
import errno
import time
import unicodedata
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from textual import _time, events
from textual.app import App, AutopilotCallbackType
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.widgets import Input

from companion.session import GameSession
from companion.store import Store
from screens.app import GoldrushApp
from screens.widgets import repaint
from screens.widgets.log_panel import LogPanel
from screens.widgets.rows import Rows

SIZE = (120, 40)
S = TypeVar("S")


WAIT_AT_MOST = 30.0  # seconds: generous, for a loaded machine; a wait past it fails the test
MAX_ROUND_TRIPS = 5  # per wait: each one that finds new messages behind it asks for another


def _pumps(app: App[Any]) -> list[MessagePump]:
    """The app and every node mounted in it, on every screen of the stack."""
    return [app, *app._registry]


def _screen_is_drawn(app: App[Any]) -> bool:
    screen = app.screen
    return not (
        app._batch_count
        or screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    )


def _has_work(pump: MessagePump) -> bool:
    return bool(pump._message_queue.qsize() or pump._next_callbacks)


_last_busy: list[weakref.ref[MessagePump]] = []  # the node found busy last, weakly


def _queues_empty(app: App[Any]) -> bool:
    """Polled at every turn of the loop until a key is handled: up to ~200 turns a key while
    a handler awaits (a dialog, a mount), so the node found busy last time is looked at first
    (it mostly still is) instead of walking all of them again. A repaint still to be told
    to its screen (screens/widgets/repaint.py) is work too: told at the loop's next turn."""
    if repaint.untold():
        return False
    last = _last_busy[0]() if _last_busy else None
    if last is not None and (last is app or last in app._registry) and _has_work(last):
        return False
    for pump in (app, *app._registry):
        if _has_work(pump):
            _last_busy[:] = [weakref.ref(pump)]
            return False
    return True


def _busy(app: App[Any]) -> list[str]:
    """What is still going on, for a failure message."""
    screen = app.screen
    busy = [f"{pump!r} has {pump._message_queue.qsize()} messages" for pump in _pumps(app)]
    busy = [line for line in busy if " 0 messages" not in line]
    flags = ("_layout_required", "_scroll_required", "_repaint_required", "_recompose_required")
    busy += [f"{screen!r}.{flag}" for flag in flags if getattr(screen, flag)]
    busy += [f"{screen!r} dirty: {screen._dirty_widgets!r}"] if screen._dirty_widgets else []
    busy += [f"{screen!r} callbacks: {screen._callbacks!r}"] if screen._callbacks else []
    busy += [f"batch {app._batch_count}"] if app._batch_count else []
    busy += [f"{pump!r} next callbacks" for pump in _pumps(app) if pump._next_callbacks]
    busy += [f"{worker!r}" for worker in app.workers if worker.is_running]
    return busy


def _gone(app: App[Any]) -> bool:
    """The app failed or stopped: nothing more to wait for (the test looks at why)."""
    return app._exception is not None or not app.is_running or not app.screen_stack


_GET_MESSAGE = MessagePump._get_message.__code__


def _parked(pump: MessagePump) -> bool:
    """The node waits for its next message, in its loop, with nothing queued: it handles
    none now (a handler that awaits something shows in the chain of awaits of its task) and
    everything sent to it before is done. A closed node waits for nothing either. The app
    runs in a task of its own making (not `_task`): never parked here."""
    if pump._closed:
        return True
    task = pump._task
    if task is None or _has_work(pump) or pump._pending_message is not None:
        return False
    awaiting = task.get_coro()
    while awaiting is not None:
        if getattr(awaiting, "cr_code", None) is _GET_MESSAGE:
            return True
        awaiting = getattr(awaiting, "cr_await", None)
    return False


async def _round_trip(app: App[Any]) -> None:
    """The app and each node of the screen on top handle a callback queued behind whatever
    they were sent: once they all have, every message sent to them before (and every handler
    still running) has finished. A node found waiting for its next message with nothing
    queued (`_parked`) has nothing to finish and is sent no callback (one to each of ~100
    nodes after every key woke each one to dispatch it and an Idle event, ~10% of the CPU
    of a screen test). (The screens below get messages too, but do not run handlers that
    last: their queues are watched.)"""
    done = asyncio.Event()
    waiting = 0

    def one_done() -> None:
        nonlocal waiting
        waiting -= 1
        if not waiting:
            done.set()

    for pump in [app, *app.screen.walk_children(with_self=True)]:
        if not _parked(pump) and pump.call_later(one_done):
            waiting += 1
    if waiting:
        failed = asyncio.ensure_future(app._exception_event.wait())
        finished = asyncio.ensure_future(done.wait())
        await asyncio.wait((finished, failed), return_when=asyncio.FIRST_COMPLETED)
        failed.cancel()
        finished.cancel()


#: frames drawn at once in a row before the screen's timers are let run: a layout that
#: resizes widgets asks for another (a game screen's opening: its footer's keys), drawn at
#: once too; waiting 5 ms for the timer's tick instead was ~5 ms of idle in most tests
DRAWN_AT_ONCE = 3
FRAME = 1 / 60  # s: the animator's tick (Textual's Animator runs at 60 frames a second)


class AnimationClock:
    """The clock of the app's animator in a test: real time plus the frames stepped ahead.

    An animation (a scroll by a page, a tab's underline sliding) lasts 0.1-0.5 s of real
    time, most of it idle between frames: a run of random keys sat ~1.5 s of its ~10 waiting
    so. `until_settled` steps it instead: once everything else is handled and drawn, this
    clock moves on to the next frame and the animator runs that frame at once, so each
    frame of the animation is computed and drawn as at 60 frames a second, in order, but
    with no wait between them; it ends in the same state."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return _time.get_time() + self.ahead

    def next_frame(self) -> None:
        self.ahead += FRAME


def _animation_clock(app: App[Any]) -> AnimationClock | None:
    clock = app.animator._get_time
    return clock if isinstance(clock, AnimationClock) else None


def _step_animations(app: App[Any]) -> bool:
    """Run the next frame of the animations under way, at once (see `AnimationClock`);
    False when none is, or the app runs on real time (not started by `run_settled`)."""
    clock = _animation_clock(app)
    if clock is None or not app.animator._animations:
        return False
    clock.next_frame()
    app.animator()
    return True


def _draw_now(app: App[Any]) -> None:
    """Lay out and draw the screen on top now, as its update timer would at its next tick
    (up to 1/60 s later, a key's worth of idle CPU), and as Textual's own `Pilot.pause`
    does. Called only once every message is handled, so the frame is the one the timer
    would draw."""
    screen = app.screen
    if screen.is_current and not app._batch_count:
        screen._on_timer_update()


async def until_settled(
    app: App[Any], workers: bool = False, timeout: float = WAIT_AT_MOST
) -> None:
    """Wait until the app has handled everything sent to it and drawn the result: every
    message on every screen handled (and every handler that was still running finished, by
    a round trip through the app and the screen on top), animations done (each frame at
    once, see `AnimationClock`; and the workers, if asked: the command palette's search
    polls every 0.1 s), the layout refreshed and the screen drawn (at once, see
    `_draw_now`). Returns at once when the app failed or stopped.

    A round trip itself wakes some widgets (the command palette repaints when idle), so
    another one is made only while the last one found new messages queued behind it."""
    deadline = time.monotonic() + timeout
    trips = 0
    more_work = True
    drawn_now = 0  # frames drawn at once in a row, with nothing to handle between them
    while not _gone(app):
        assert time.monotonic() < deadline, (
            f"the app did not settle within {timeout} s: {_busy(app)}"
        )
        if not _queues_empty(app):
            await asyncio.sleep(0)
            drawn_now = 0
        elif not _screen_is_drawn(app):
            if drawn_now >= DRAWN_AT_ONCE:  # drawing at once left work: timers go first
                await asyncio.sleep(1 / 200)
                drawn_now = 0
            else:  # (a layout that resized widgets lays the screen out once more: at once)
                _draw_now(app)
                await asyncio.sleep(0)
                drawn_now += 1
        elif _step_animations(app):  # a frame, its messages handled and drawn next turn
            await asyncio.sleep(0)
            drawn_now = 0
            more_work = True
        elif more_work and trips < MAX_ROUND_TRIPS:
            if workers:
                await app.workers.wait_for_complete()
            await app.animator.wait_until_complete()
            await _round_trip(app)
            trips += 1
            more_work = not _queues_empty(app)
        else:
            return


SOON = 0.5  # s: a one-shot timer set for longer (a toast's hour) is not waited for


def _timers_due_soon(app: App[Any]) -> list[asyncio.Task[None]]:
    """The tasks of the one-shot timers (`set_timer`) set for at most `SOON` that have not
    fired yet (and are not paused), on every node of the app."""
    return [
        timer._task
        for pump in _pumps(app)
        for timer in list(pump._timers)
        if timer._repeat == 0
        and timer._interval <= SOON
        and timer._task is not None
        and not timer._task.done()
        and timer._active.is_set()
    ]


async def until_timers_fired(app: App[Any], timeout: float = WAIT_AT_MOST) -> None:
    """`until_settled`, then, while one-shot timers are due within `SOON` (a tab's
    underline starts sliding 0.02 s after the tab changes), wait until they fire and
    settle again: the state a short idle wait would reach, without idling the rest."""
    deadline = time.monotonic() + timeout
    await until_settled(app, timeout=timeout)
    while (timers := _timers_due_soon(app)) and not _gone(app):
        assert time.monotonic() < deadline, f"timers still to fire after {timeout} s: {timers}"
        await asyncio.wait(timers, timeout=max(0.0, deadline - time.monotonic()))
        await until_settled(app, timeout=max(0.0, deadline - time.monotonic()))


async def until(pilot: Pilot, holds: Callable[[], object], timeout: float = WAIT_AT_MOST) -> None:
    """Wait until `holds()` is true (checked after each settle and each tick of the screen's
    timers), for a state reached by time passing: a timer that follows a file, say."""
    deadline = time.monotonic() + timeout
    await until_settled(pilot.app)
    while not holds():
        assert time.monotonic() < deadline, f"still not true after {timeout} s"
        await asyncio.sleep(0.01)
        await until_settled(pilot.app)


def key_event(app: App[Any], key: str) -> events.Key:
    """A Key event for `key` (a name or a character) as the terminal sends it, from `app`."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(
            _get_unicode_name_from_key(REPLACED_KEYS.get(key, key))
        )
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    return event


class SettledPilot(Pilot[Any]):
    """`Pilot` whose `press` and `pause()` wait for the app to have handled the keys (see
    `until_settled`) instead of for the CPU to look idle, which sleeps at least 40 ms a key."""

    async def press(self, *keys: str) -> None:
        app = self.app
        for key in keys:
            if key.startswith("wait:"):
                await asyncio.sleep(float(key.split(":")[1]) / 1000)
                continue
            app.post_message(key_event(app, key))
            await until_settled(app)

    async def pause(self, delay: float | None = None) -> None:
        if delay is not None:
            await super().pause(delay)
        else:
            await until_settled(self.app)

    async def resize_terminal(self, width: int, height: int) -> None:
        """Resize the terminal and wait until the screens have taken the size in: Textual
        hands a resize on to them after a 1/120 s timer, which `until_settled` does not wait
        for (tests waited a guessed 0.05-0.3 s after it)."""
        await super().resize_terminal(width, height)
        await until_timers_fired(self.app)

    async def wait_for_scheduled_animations(self) -> None:
        """Every animation run to its end, one still to start too: what a snapshot's auto
        pilot waits for before its screenshot. A tab's underline starts sliding 0.02 s
        after the tab changes, on a timer (`Tabs._highlight_active`), which `until_settled`
        does not wait for: Textual's own pilot let it fire while it waited for the CPU to
        look idle."""
        await until_timers_fired(self.app)


@asynccontextmanager
async def run_settled(app: App[Any], **options: Any) -> AsyncIterator[SettledPilot]:
    """`app.run_test(**options)` with a `SettledPilot`; its animations step on an
    `AnimationClock`."""
    app.animator._get_time = AnimationClock()  # type: ignore[method-assign]
    async with App.run_test(app, **options):
        yield SettledPilot(app)


class SteadyApp(GoldrushApp):
    """The app with a steady text cursor: a blinking one makes a screenshot depend on when
    it is taken (a field whose value a test sets does not restart the blink). Its notices
    stay until dismissed: on a loaded machine a test may look for one after the 5 seconds a
    toast lasts."""

    NOTIFICATION_TIMEOUT = 3600

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = False

    def run_test(self, **options: Any):  # type: ignore[no-untyped-def,override]
        return run_settled(self, **options)

    async def run_async(  # type: ignore[override]
        self, *, auto_pilot: AutopilotCallbackType | None = None, **options: Any
    ) -> Any:
        """`App.run_async` whose auto pilot (the one a snapshot test's `snap_compare` drives
        the app with, through `App.run`) is a `SettledPilot`, its animations stepped on an
        `AnimationClock` as in `run_settled`: Textual's own waits for the CPU to look idle,
        40-60 ms a key, made a snapshot test idle more than it worked."""
        if auto_pilot is None:
            return await super().run_async(**options)
        given = auto_pilot
        self.animator._get_time = AnimationClock()  # type: ignore[method-assign]

        async def settled(pilot: Pilot[Any]) -> None:
            await given(SettledPilot(pilot.app))

        return await super().run_async(auto_pilot=settled, **options)


def make_app(store: Store) -> GoldrushApp:
    return SteadyApp(store)


async def settle(pilot: Pilot) -> None:
    """Wait until the screen has handled what was sent to it: every message queued (a key
    forwarded to the focused field, the messages that key posts in turn), every worker, and
    the layout and drawing they asked for."""
    await until_settled(pilot.app, workers=True)


def send_keys(pilot: Pilot, text: str) -> None:
    """Each character as a terminal sends it: a Key event to the app, which checks its
    bindings and forwards it to the focused widget, exactly as `pilot.press` does but without
    its idle wait after every single key (call `settle` once after them)."""
    for char in text:
        key = events.Key(_character_to_key(char), char)
        key.set_sender(pilot.app)
        pilot.app.post_message(key)


def send_enter(pilot: Pilot) -> None:
    """Enter as a terminal sends it, without waiting for it to be handled."""
    key = events.Key("enter", "\r")
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
    """Type a command in a game's command field, press enter; the refusal shown beside it
    ("" when none: what a command did, said there as a notice, is not a refusal)."""
    await type_into(pilot, "#command", text)
    await pilot.press("enter")
    await settle(pilot)
    if pilot.app.screen.query_one("#command-error").has_class("-notice"):
        return ""
    return text_of(pilot, "#command-error")


async def open_screen(pilot: Pilot, session: GameSession, kind: type[S]) -> S:
    """Open a saved game as the home screen would; its screen, checked to be `kind`."""
    pilot.app.open_game(session.path)  # type: ignore[attr-defined]
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


def record_restyles(monkeypatch: Any) -> list[Any]:
    """From now on, each node whose styles Textual works out again (with all its
    descendants: a class or pseudo-class changed), in order."""
    restyled: list[Any] = []
    update_styles = App.update_styles

    def recorded(app: App[Any], node: Any, animate: bool = True) -> None:
        restyled.append(node)
        update_styles(app, node, animate)

    monkeypatch.setattr(App, "update_styles", recorded)
    return restyled


def disk_full(descriptor: int, data: bytes) -> int:
    """`os.write` as on a full disk: `monkeypatch.setattr(os, "write", disk_full)`."""
    raise OSError(errno.ENOSPC, "No space left on device")
