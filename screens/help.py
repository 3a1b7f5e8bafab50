"""F1: the help of the screen it was opened from (Markdown written by that screen).

Drawn by Rich's Markdown in one widget: Textual's Markdown widget made a widget of every
paragraph, list item and bullet (about 150 for a game's help), and opening the help took a
second or two at the table (#16).
"""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from screens.dialog import Dialog
from screens.widgets.footer import SteadyFooter


class HelpScreen(Dialog, ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("escape,q", "dismiss", "Close help", id="close-help")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self._title = title
        self._text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(self._title, id="help-title", markup=False)
            yield Static(Markdown(self._text or "No help for this screen yet."), id="help-text")
        yield SteadyFooter()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
