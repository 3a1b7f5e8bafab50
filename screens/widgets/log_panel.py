"""The log: the journal's sentences in effect, newest at the bottom, shown literally.

A change appends its line (`TailLog` keeps the lines already wrapped, and repaints itself
alone, without a layout); only an undo, or a change of many lines at once, draws it anew.
"""

from __future__ import annotations

from bisect import bisect_left

from rich.text import Text
from textual.containers import Vertical

from companion.amounts import plural
from companion.journal import Journal
from screens.widgets.backdrop import AlikeLines
from screens.widgets.rows import Rows
from screens.widgets.tail_log import TailLog

BULLET = "• "
SHOWN = 200  # the newest entries kept on screen; older ones stay in the file and the count


class LogPanel(AlikeLines, Vertical):
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
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: list[int] = []  # the file places of the entries on screen, oldest first
        self._count = 0  # the changes in effect, for the title

    def compose(self):  # type: ignore[no-untyped-def]
        # a line of its own (Rows): it changes at every key, and a Static's line cost
        # ~0.5 ms to draw (#16)
        yield Rows(["Log"], id="log-title")
        yield TailLog(id="log-lines")

    def show(self, journal: Journal) -> None:
        """Bring the log in line with the journal: append what is new, else draw it anew."""
        places = journal.tail_places(SHOWN)
        lines = self.query_one("#log-lines", TailLog)
        new = self._appended(places)
        older = self._undone_last(places)
        if new is not None:  # only the new entries are read (a long game's key: #16)
            added = [self._line(entry) for entry in journal.entries_at(new)]
            if added:
                lines.append(added, SHOWN)
        elif older is not None:  # an undo: only what comes back at the top is read
            lines.drop_newest([self._line(entry) for entry in journal.entries_at(older)])
        else:  # the first time, or more than one entry changed: draw the newest SHOWN anew
            texts = [self._line(entry) for entry in journal.entries_at(places)]
            lines.set_texts(texts or [Text("Nothing has happened yet.", style="dim")])
        self._shown = places
        self._count = journal.effective_count
        self._show_title(lines.back)

    def on_tail_log_scrolled(self, event: TailLog.Scrolled) -> None:
        self._show_title(event.back)

    def _show_title(self, back: int) -> None:
        title = f"Log · {plural(self._count, 'change')}, newest last"
        if back:
            # (it said "end: the newest", and End is the command field's: a play-test)
            title = f"Log · {plural(back, 'line')} back (page down: the newest)"
        self.query_one("#log-title", Rows).show([title])

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

    def _undone_last(self, places: list[int]) -> list[int] | None:
        """When the only change is the newest entry shown gone (an undo), the places that
        come back before the first one shown (one, once more than SHOWN are in effect);
        else None."""
        kept = self._shown[:-1]
        if not kept or len(places) - len(kept) not in (0, 1) or places[-len(kept) :] != kept:
            return None
        return places[: len(places) - len(kept)]

    def plain(self) -> str:
        """The sentences on screen, oldest first, a line each (as typed, unwrapped)."""
        if not self._shown:  # only the "nothing has happened" line
            return ""
        texts = self.query_one("#log-lines", TailLog).texts
        return "\n".join(text.plain[len(BULLET) :] for text in texts)

    @staticmethod
    def _line(entry) -> Text:  # type: ignore[no-untyped-def]
        style = "italic" if entry.kind == "correct" else ""
        line = Text(BULLET, style="dim")
        line.append(entry.text, style=style)
        return line
