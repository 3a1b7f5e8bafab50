"""A screen's widgets styled once when it is first shown, not twice (#16).

Textual styles each widget as it is mounted, then, when the screen is shown
(`ScreenResume`), styles the whole screen again: for a screen shown for the first time,
just composed and mounted, that second pass finds the widgets' styles as they are. On a game
screen opened from the command line it was about a tenth of the time to the first frame.
Only the screen itself is styled again then: a pushed screen is styled when Textual takes it
in, before its own stylesheet is read (its widgets are mounted after). Classes and
pseudo-classes changed meanwhile (focus, the `-short` class of a small terminal) restyle their
widgets at once, so nothing waits for the second pass. Later resumes (a dialog closed over
the screen, a theme changed meanwhile) restyle everything as Textual does.
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen


class StyledOnce:
    """Mixed in before a Screen class (or a mixin of one)."""

    _shown_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_before:
            self._shown_before = True
            if event.refresh_styles:
                screen: Screen[object] = self  # type: ignore[assignment]
                screen.app.stylesheet.update_nodes([screen], animate=False)
                event.refresh_styles = False  # its widgets: styled as mounted, just now
        super()._on_screen_resume(event)  # type: ignore[misc]
