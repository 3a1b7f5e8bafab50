"""F1: the help of the screen it was opened from (Markdown written by that screen).

Drawn by Rich's Markdown in one widget: Textual's Markdown widget made a widget of every
paragraph, list item and bullet (about 150 for a game's help), and opening the help took a
second or two at the table (#16). The Markdown is drawn once for a width and its lines kept:
held by a Static, Rich drew it anew at every layout and every frame (about 25 ms a time for
a game's help, five or six times as the help opened).
"""

from __future__ import annotations

import functools

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region, Size
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from screens.dialog import Dialog
from screens.widgets.footer import SteadyFooter


class HelpScreen(Dialog, ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("escape,q", "dismiss", "Close help", id="close-help")]
    #: (run in their turn: the keys typed behind them go back, screens/dialog.py)
    KEYS_IN_TURN = ("escape", "q")

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self._title = title
        self._text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(self._title, id="help-title", markup=False)
            yield DrawnOnce(parsed(self._text or "No help for this screen yet."), id="help-text")
        yield SteadyFooter()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)

    #: said once that typing goes nowhere while the help is open
    _typing_said = False

    def on_key(self, event: events.Key) -> None:
        """Letters typed while the help is open go nowhere: said once (a command typed
        there was lost without a word: a play-test)."""
        if event.is_printable and event.key != "q" and not self._typing_said:
            self._typing_said = True
            self.notify(
                "The help is open: what is typed here goes nowhere. escape (or q) closes it.",
                markup=False,
            )


@functools.cache
def parsed(text: str) -> Markdown:
    """A help text parsed once a process (a screen's help does not change; ~7 ms each)."""
    return Markdown(text)


class DrawnOnce(Widget):
    """A Rich renderable drawn once for a width (as a Static draws it), its lines kept for
    every later layout and frame at that width."""

    DEFAULT_CSS = """
    DrawnOnce {
        height: auto;
    }
    """

    def __init__(self, renderable: RenderableType, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._renderable = renderable
        self._width = -1
        self._lines: list[Strip] = []
        self._style = Style()

    def lines_at(self, width: int) -> list[Strip]:
        if width != self._width:
            console = self.app.console
            options = self.app.console_options.update(highlight=False, width=width, height=None)
            self._lines = [
                Strip(line) for line in console.render_lines(self._renderable, options, pad=False)
            ]
            self._width = width
        return self._lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines_at(width))

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = self.visual_style.rich_style  # once a paint (see Rows.render_lines)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self.lines_at(width)
        strip = lines[y] if y < len(lines) else Strip([])
        # as Textual pads a Static's short lines: with the background alone
        return strip.apply_style(self._style).extend_cell_length(
            width, Style(bgcolor=self._style.bgcolor)
        )
