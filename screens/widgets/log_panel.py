"""The log: the journal's sentences in effect, newest at the bottom, shown literally.

A change appends its line (Textual's RichLog keeps the lines already wrapped, and draws
only the ones in view); only an undo, or a change of many lines at once, draws it anew.
"""

from __future__ import annotations

from bisect import bisect_left

from rich.text import Text
from textual import events
from textual.containers import Vertical
from textual.widgets import RichLog, Static

from companion.amounts import plural
from companion.journal import Journal

BULLET = "• "
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
        self._lines: list[Text] = []  # the sentences on screen, oldest first, as drawn
        self._drawn_width = 0

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
            added = [self._line(entry) for _, entry in tail[len(tail) - len(new) :]]
            for line in added:
                lines.write(line)
            self._written += len(new)
            self._lines = (self._lines + added)[-SHOWN:]
        else:  # an undo, or the first time: draw the newest SHOWN anew
            self._lines = [self._line(entry) for _, entry in tail]
            lines.clear()
            if not tail:
                lines.write(Text("Nothing has happened yet.", style="dim"))
            for line in self._lines:
                lines.write(line)
            self._written = len(tail)
            self._to_the_newest(lines)
        self._shown = places
        title = f"Log · {plural(journal.effective_count, 'change')}, newest last"
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

    def on_resize(self, event: events.Resize) -> None:
        """RichLog keeps lines wrapped at the width they were written at: a log shown again
        wider (or narrower) is drawn anew at its new width."""
        width = event.size.width
        if width != self._drawn_width and self._shown and width > 0:
            self._drawn_width = width
            lines = self.query_one("#log-lines", RichLog)
            lines.clear()
            for line in self._lines:
                lines.write(line)
            self._to_the_newest(lines)

    def _to_the_newest(self, lines: RichLog) -> None:
        """Show the newest line once the log has its size (written before it, the lines
        were drawn from the top)."""
        self.call_after_refresh(lines.scroll_end, animate=False, immediate=True)

    def plain(self) -> str:
        """The sentences on screen, oldest first, a line each (as typed, unwrapped)."""
        return "\n".join(line.plain[len(BULLET) :] for line in self._lines)

    @staticmethod
    def _line(entry) -> Text:  # type: ignore[no-untyped-def]
        style = "italic" if entry.kind == "correct" else ""
        line = Text(BULLET, style="dim")
        line.append(entry.text, style=style)
        return line
