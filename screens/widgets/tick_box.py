"""Textual's Checkbox, empty when off: `▐ ▌` off, `▐X▌` on.

Textual's draws `▐X▌` in both states, on and off told apart only by colour, so a player saw
an X and believed "Short game" was on (a play-test). Only the inner character changes here:
keys, clicks, messages, width and styles stay Textual's."""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    """A Checkbox whose box is blank when off and holds an X when on."""

    @property  # type: ignore[override]
    def BUTTON_INNER(self) -> str:
        """Read by Textual's `ToggleButton._button` at each draw (a change of `value`
        repaints the widget already)."""
        return "X" if self.value else " "
