"""The log: the journal's sentences in effect, newest at the bottom, shown literally.

A change appends its line (Textual's RichLog keeps the lines already wrapped, and draws
only the ones in view); only an undo, or a change of many lines at once, draws it anew.
"""

from __future__ import annotations

from bisect import bisect_left

from rich.text import Text
from textual.containers import Vertical
from textual.widgets import RichLog, Static

from companion.journal import Journal

SHOWN = 200  # the newest entries kept on screen; older ones stay in the file and the count


class LogPanel(Vertical):
    DEFAULT_CSS = """
    LogPanel {
        width: 48;
        border-left: tall $primary-muted;
        padding: 0 0 0 1;
    }
    LogPanel > #log-title {
        height: 1;
        text-style: bold;
        color: $accent;
    }
    LogPanel > #log-lines {
        height: 1fr;
        background: transparent;
        border: none;
        padding: 0;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: list[int] = []  # the file places of the entries on screen, oldest first
        self._written = 0  # entries written since the log was last drawn anew
        self._texts: list[str] = []  # the sentences on screen, oldest first (for tests)

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("Log", id="log-title", markup=False)
        yield RichLog(id="log-lines", wrap=True, markup=False, highlight=False, min_width=10)

    def show(self, journal: Journal) -> None:
        """Bring the log in line with the journal: append what is new, else draw it anew."""
        tail = journal.tail(SHOWN)
        places = [place for place, _ in tail]
        lines = self.query_one("#log-lines", RichLog)
        new = self._appended(places)
        if new is not None and self._written + len(new) <= 2 * SHOWN:
            for _, entry in tail[len(tail) - len(new) :]:
                lines.write(self._line(entry))
            self._written += len(new)
        else:  # an undo, or the first time: draw the newest SHOWN anew
            lines.clear()
            if not tail:
                lines.write(Text("Nothing has happened yet.", style="dim"))
            for _, entry in tail:
                lines.write(self._line(entry))
            self._written = len(tail)
        self._shown = places
        self._texts = [entry.text for _, entry in tail]
        title = f"Log · {journal.effective_count} changes, newest last"
        self.query_one("#log-title", Static).update(title, layout=False)

    def _appended(self, places: list[int]) -> list[int] | None:
        """The places added after the ones on screen, or None when it is not only that."""
        if not self._shown:
            return None
        last = self._shown[-1]
        at = bisect_left(places, last)
        if at == len(places) or places[at] != last:
            return None
        if places[: at + 1] != self._shown[len(self._shown) - at - 1 :]:
            return None
        return places[at + 1 :]

    def plain(self) -> str:
        """The sentences on screen, oldest first, a line each (as typed, unwrapped)."""
        return "\n".join(self._texts)

    @staticmethod
    def _line(entry) -> Text:  # type: ignore[no-untyped-def]
        style = "italic" if entry.kind == "correct" else ""
        line = Text("• ", style="dim")
        line.append(entry.text, style=style)
        return line
