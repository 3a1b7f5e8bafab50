"""The log: the journal's sentences in effect, newest first, shown literally."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.journal import Journal

SHOWN = 200  # the newest entries rendered; older ones stay in the file and in the count


class LogPanel(VerticalScroll):
    DEFAULT_CSS = """
    LogPanel {
        width: 48;
        border-left: tall $primary-muted;
        padding: 0 1;
    }
    LogPanel > #log-title {
        text-style: bold;
        color: $accent;
    }
    LogPanel > #log-lines {
        color: $text;
    }
    """

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("Log (newest first)", id="log-title")
        yield Static("", id="log-lines", markup=False)

    def show(self, journal: Journal) -> None:
        lines = Text()
        entries = journal.last_effective(SHOWN)
        for index, entry in enumerate(entries):
            style = "italic" if entry.kind == "correct" else ""
            lines.append("• ", style="dim")
            lines.append(entry.text, style=style)
            if index < len(entries) - 1:
                lines.append("\n")
        hidden = journal.effective_count - len(entries)
        if hidden > 0:
            lines.append(f"\n… and {hidden} earlier changes", style="dim")
        if not entries:
            lines.append("Nothing has happened yet.", style="dim")
        self.query_one("#log-lines", Static).update(lines)
        self.scroll_home(animate=False)
