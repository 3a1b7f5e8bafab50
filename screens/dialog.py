"""Dialogs that are pushed once and dismissed once, whatever keys arrive meanwhile.

Enter pressed twice quickly reaches a dialog's handler twice: Textual's `dismiss` pops the
top screen each time, so the second one took away the screen below (with `goldrush open ID`
the game screen was the only one: ScreenStackError). And a key or palette command that
opens a dialog could open a second copy over the first. Every dialog of the app mixes in
`Dialog`; the app (`GoldrushApp.push_screen`) refuses a dialog of a type already open."""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete
from textual.screen import Screen


class Dialog(Screen[Any]):
    """A screen shown over another: dismissed at most once, and never two of one type."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:  # already dismissed (or covered): nothing to take away
            return AwaitComplete.nothing()
        return super().dismiss(result)
