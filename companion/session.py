"""One open game: its rules, its journal, its file, and the state replayed from them.

`act` is the only way a change happens: the rules check the entry against a copy of the
state, the store appends and fsyncs it, and only then does the state move on. So an entry
is on disk before its effect is shown, and a refused action leaves everything as it was.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from companion.games import RuleError, Rules, rules_for
from companion.games.base import TableState
from companion.journal import Entry, Journal, now_stamp
from companion.store import DamagedFile, GameRecord, Header, SaveError, Store


class GameSession:
    def __init__(self, store: Store, record: GameRecord) -> None:
        self.store = store
        self.path: Path = record.path
        self.header: Header = record.header
        self.rules: Rules = rules_for(record.header.game)
        self.journal = Journal(record.entries)
        self.notices: list[str] = list(record.notices)
        if record.torn is not None:
            self.notices.append(record.torn.notice())
        if record.damage is not None:
            self.notices.append(record.damage.notice())
        self.record = record
        #: The file's length as this session last wrote or read it (see Store.append_entry).
        self.known_length = record.good_length
        #: Why changes are refused (a damaged file, a repair refused), or None.
        self.read_only_reason: str | None = record.read_only_reason
        self.state: TableState = self._replay(report=True)

    @classmethod
    def create(cls, store: Store, header: Header) -> GameSession:
        path = store.create_game(header)
        return cls(store, store.read_game(path))

    @classmethod
    def open(cls, store: Store, path: Path) -> GameSession:
        """Open a saved game; a torn last entry is cut off (a copy of the file is kept).

        A file damaged further up, or one that could not be repaired, opens read-only
        with a copy of it kept where possible."""
        record = store.read_game(path)
        if record.torn is not None:
            try:
                record = store.repair_torn(record)
            except SaveError as error:
                record.read_only_reason = error.sentence
        if record.damage is not None:
            record = store.keep_damaged_copy(record)
        return cls(store, record)

    def continue_from_readable(self) -> None:
        """The table's say-so after damage: cut the file back to what was read (a copy of
        the whole file exists), and allow changes again. Raises SaveError when it cannot."""
        self.store.cut_to_readable(self.record)
        self.known_length = self.record.good_length
        self.read_only_reason = None

    @property
    def game_id(self) -> str:
        return self.path.stem

    @property
    def title(self) -> str:
        return self.rules.title

    def act(self, entry: Entry) -> None:
        """Check, write (fsync), then apply one entry. Raises RuleError when refused."""
        trial = copy.deepcopy(self.state)
        self.rules.apply(trial, entry)
        self._append(entry)
        self.journal.append(entry)
        self.state = trial

    def undo(self) -> Entry | None:
        """Take back the newest change in effect; returns it, or None when there is none."""
        target = self.journal.undo_target()
        entry = self.journal.undo_entry()
        if entry is None:
            return None
        self._write_and_replay(entry)
        return target

    def redo(self) -> Entry | None:
        target = self.journal.redo_target()
        entry = self.journal.redo_entry()
        if entry is None:
            return None
        self._write_and_replay(entry)
        return target

    def progress(self) -> str:
        changes = self.journal.effective_count
        phrase = self.rules.progress(self.state)
        return f"{phrase} · {changes} change{'s' if changes != 1 else ''}"

    def record_in_history(self) -> None:
        """Add this finished game to the history file (flat: names and the sheet as TOML)."""
        state = self.state
        self.store.record_finished(
            {
                "game": self.rules.id,
                "title": self.rules.title,
                "file": self.path.name,
                "finished": now_stamp(),
                "players": [player.name for player in state.players],
                "sheet": state.sheet,
            }
        )

    def recall(self, key: str, default: Any = None) -> Any:
        """A number this game's table told the app before (e.g. the bonus rent), or default."""
        try:
            return self.store.read_settings().get(self.rules.id, {}).get(key, default)
        except DamagedFile:
            return default

    def known(self) -> dict[str, Any]:
        """Everything this game's table told the app before (its settings section)."""
        try:
            section = self.store.read_settings().get(self.rules.id, {})
        except DamagedFile:
            return {}
        return dict(section) if isinstance(section, dict) else {}

    def remember(self, key: str, value: Any) -> None:
        """Keep it in the settings; raises DamagedFile rather than replace a damaged file."""
        settings = self.store.read_settings()
        settings.setdefault(self.rules.id, {})[key] = value
        self.store.write_settings(settings)

    def charts(self) -> dict[str, dict[int, int]]:
        """The charts this game's sheet uses: what the rules give plus what was remembered."""
        from companion.scoring import chart_with

        try:
            remembered = self.store.read_settings().get("charts", {})
        except DamagedFile:
            remembered = {}
        return {
            field.chart: chart_with(field.chart, remembered.get(field.chart))
            for field in self.rules.sheet.fields
            if field.chart
        }

    def remember_charts(self, charts: dict[str, dict[int, int]]) -> None:
        """Keep what the user read off their own board (not what the rules already give)."""
        from companion.scoring import KNOWN_CHARTS

        settings = self.store.read_settings()
        saved = settings.setdefault("charts", {})
        for name, chart in charts.items():
            known = KNOWN_CHARTS.get(name, {})
            saved[name] = {
                str(count): points for count, points in chart.items() if count not in known
            }
        self.store.write_settings(settings)

    def _append(self, entry: Entry) -> None:
        """Write one entry where this session left the file; SaveError when it cannot."""
        if self.read_only_reason is not None:
            raise SaveError(self.read_only_reason)
        self.known_length = self.store.append_entry(self.path, entry, self.known_length)

    def _write_and_replay(self, entry: Entry) -> None:
        self._append(entry)
        self.journal.append(entry)
        self.state = self._replay()

    def _replay(self, report: bool = False) -> TableState:
        """The state from the header and the entries in effect; skips what no longer applies."""
        state = self.rules.new_state(self.header)
        skipped = 0
        for entry in self.journal.effective():
            try:
                self.rules.apply(state, entry)
            except RuleError as error:
                skipped += 1
                if report and skipped <= 3:
                    self.notices.append(
                        "A saved change could not be replayed and was skipped: "
                        f"{entry.text} ({error})"
                    )
        return state
