"""A repaint told to the screen directly, not through the widget's own message queue (#16).

Textual's `refresh()` marks the widget's changed lines and wakes the widget's task (a
Prompt); at its next turn the widget, idle, sends the screen an Update, and the screen, idle
in turn, draws. The key that draws Builders' board repaints eight such widgets: sixteen
messages, each a task woken and its handlers looked up (~0.7 ms of the key in a terminal).
The widgets that mix this in are marked here as Textual marks them, and told to the screen
together, as the screen's Update handler does, at the event loop's next turn: the turn at
which the widgets' own Updates would have been sent. The widgets that still repaint
Textual's way (the command field) send theirs in that same turn, so the screen draws them
all in one frame (told at once, the screen drew before the field's Update came, which
then waited for the next tick of its timer: a second frame, 30 ms later).

A refresh that lays out, recomposes or comes before the widget is mounted is Textual's own.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from textual.dom import NoScreen
from textual.geometry import Region

if TYPE_CHECKING:
    from typing import Self

    from textual.screen import Screen
    from textual.widget import Widget

#: the widgets repainted since the event loop's last turn, by screen, to be told to it at the
#: next (weakly: a screen whose loop has ended goes with what it was not told)
_untold: WeakKeyDictionary[Screen[object], dict[Widget, None]] = WeakKeyDictionary()


def untold() -> bool:
    """True while a repaint is still to be told to its screen (the tests' `settle` waits)."""
    return any(_untold.values())


class RepaintToScreen:
    """Mixed into a widget class, before its Textual class (as `AlikeLines` is)."""

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        widget: Widget = self  # type: ignore[assignment]
        screen = None
        if repaint and not (layout or recompose or widget._closing) and widget._is_mounted:
            try:
                screen = widget.screen
                loop = asyncio.get_running_loop()
            except (NoScreen, RuntimeError):
                screen = None
        if screen is None:  # (Textual's way)
            return super().refresh(  # type: ignore[misc, no-any-return]
                *regions, repaint=repaint, layout=layout, recompose=recompose
            )
        # what Textual's refresh does for a repaint (its Prompt, and the Update its idle
        # sends, are `_tell`)
        widget._layout_cache.clear()
        widget._set_dirty(*regions)
        widget.clear_cached_dimensions()
        widget._rich_style_cache.clear()
        widgets = _untold.get(screen)
        if widgets is None:
            widgets = _untold[screen] = {}
        if not widgets:
            loop.call_soon(_tell, screen)
        widgets[widget] = None
        return self


def _tell(screen: Screen[object]) -> None:
    """The screen is told of its widgets repainted since the last turn, as Textual's
    Updates tell it (`Widget._check_refresh`, `Screen._on_update`)."""
    widgets = _untold.pop(screen, {})
    if screen._closing or screen._closed or screen not in screen._compositor:
        return
    shown = [widget for widget in widgets if widget.display and not widget._closing]
    if shown:
        screen._dirty_widgets.update(shown)
        screen.check_idle()
