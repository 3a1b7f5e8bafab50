"""Notices that can be taken back before their time (Textual's `notify` returns nothing to
take back): the game screen's "scores kept" notice, the wizard's "not saved yet"."""

from __future__ import annotations

import threading

from textual.app import App
from textual.notifications import Notification, Notify, SeverityLevel
from textual.widgets._toast import ToastRack


def show_toast(
    app: App[object],
    message: str,
    title: str = "",
    timeout: float | None = None,
    severity: SeverityLevel = "information",
    replacing: Notification | None = None,
) -> Notification:
    """A notice shown as `notify` shows it (text as typed, never markup), kept to be taken
    away early with `take_back`; `replacing`: the notice of the same kind still shown, taken
    back first (alike notices stacked: the wizard's questions, the form's problems)."""
    take_back(app, replacing, refresh=False)
    toast = Notification(
        message, title, severity, timeout or app.NOTIFICATION_TIMEOUT, markup=False
    )
    if app._thread_id == threading.get_ident():
        # shown now, as the app shows a `Notify`: posted, a `take_back` before it came (an
        # enter typed on in the same burst) found nothing, and it stayed (a review)
        app._on_notify(Notify(toast))
    else:
        app.post_message(Notify(toast))
    return toast


def take_back_all(app: App[object], but_titled: str) -> None:
    """Every toast shown, but those of this title, taken back (`take_back`): Textual lists
    the toasts shown only in its private `_notifications`, read here alone."""
    for toast in list(app._notifications):
        if toast.title != but_titled:
            take_back(app, toast, refresh=False)


def take_back(app: App[object], toast: Notification | None, refresh: bool = True) -> None:
    """A toast taken away before its time, with the holder it sits in: Textual's toast
    rack removes a stale toast but leaves its holder, and that empty holder put the next
    toast a line lower for its whole life (at 80x24 over the round line, not the header).
    None: nothing to take back."""
    if toast is None:
        return
    app._unnotify(toast, refresh=refresh)
    holder = f"#{ToastRack._toast_id(toast)}"
    for screen in app.screen_stack:
        for rack in screen.query_children(ToastRack):
            for shown in rack.query_children(holder):
                shown.remove()
