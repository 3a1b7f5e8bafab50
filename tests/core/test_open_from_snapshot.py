"""Opening a game from its snapshot does only what it needs (#16): no TOML, no JSON, no
pattern compiled; and what it leaves out is still checked wherever it could matter.

The import checks run in a fresh interpreter: what the test process imported says nothing
about what an open imports."""

from __future__ import annotations

from unittest import mock

import pytest

from companion.amounts import parse_amount
from companion.gamefile import RECENT, EntryList, recent_entries
from companion.session import GameSession
from companion.store import DamagedFile, Store
from tests.child import json_of
from tests.conftest import NewGame

#: Opens a game the way `goldrush open ID` does before its screen is made, and says what
#: was imported and whether the snapshot was used.
OPEN = """\
import re, sys
from companion.cli import _GameIds
from companion.store import Store

compiled = []  # the patterns the app's own code compiled
original = re.compile


def watched(*args, **kwargs):
    if "/companion/" in sys._getframe(1).f_code.co_filename:
        compiled.append(str(args[0]))
    return original(*args, **kwargs)


re.compile = watched
from companion.session import GameSession

store = Store(sys.argv[1], _GameIds())
session = GameSession.open_to_play(store, store.games_dir / f"{sys.argv[2]}.toml")
session.journal.tail(200)  # what the log shows first
session.journal.undo_target()
modules = sorted(sys.modules)
import json

print(json.dumps({
    "from_snapshot": session.record.snapshot is not None,
    "modules": modules,
    "compiled": compiled,
    "numbers": session.state.numbers,
}))
"""


def opened(store: Store, game_id: str) -> dict[str, object]:
    return json_of(OPEN, str(store.root), game_id, timeout=60)


def played(new_game: NewGame, game: str = "coloma", changes: int = 60) -> GameSession:
    session = new_game(game=game)
    key = "gold" if game == "boomtown" else "bucks" if game == "coloma" else "money"
    for step in range(changes):
        seat = step % 3
        session.act(session.rules.adjust(session.state, seat, key, parse_amount("+1")))
    session.close()  # writes the snapshot
    return session


@pytest.mark.parametrize("game", ["coloma", "boomtown"])
def test_an_open_from_the_snapshot_parses_no_toml_and_compiles_no_pattern(
    new_game: NewGame, store: Store, game: str
) -> None:
    """The snapshot covers the whole file: nothing is parsed, the header's check was
    verified when the file was first read (the bytes it covers hash the same), and the
    snapshot keeps the newest entries the log shows first, so neither tomllib nor json is
    imported, and the core compiles no pattern. (Nor are Coloma's chart grammar and
    Boomtown's split of a bid imported: a chart typed, a Shootout resolved or a bid paid
    imports them.)"""
    session = played(new_game, game)
    seen = opened(store, session.game_id)
    assert seen["from_snapshot"] is True
    modules = set(seen["modules"])  # type: ignore[arg-type]
    later = {"companion.games.coloma.chart", "companion.games.boomtown_split"}
    assert {"tomllib", "json", "tomli_w", *later} & modules == set()
    assert seen["compiled"] == []


def test_an_entry_appended_after_the_snapshot_is_read_and_replayed(
    new_game: NewGame, store: Store
) -> None:
    """The tail after the snapshot is parsed (its patterns compiled then) and replayed."""
    session = played(new_game, "boomtown")
    again = GameSession.open(store, session.path)
    again.act(again.rules.adjust(again.state, 1, "gold", parse_amount("+5")))
    again._unsaved = 0  # leave the snapshot behind the file: the next open reads a tail
    again.close()
    seen = opened(store, session.game_id)
    assert seen["from_snapshot"] is True
    assert seen["numbers"] == again.state.numbers


def test_a_header_changed_on_disk_is_reported_though_a_snapshot_exists(
    new_game: NewGame, store: Store
) -> None:
    """The header's check is skipped only while the snapshot's bytes are the file's: a
    header changed since is no longer covered, so the file is read whole and refused."""
    session = played(new_game, "boomtown", changes=3)
    assert store._snapshot_path(session.path).is_file()
    text = session.path.read_text()
    session.path.write_text(text.replace('"Ann"', '"Anx"', 1))
    with pytest.raises(DamagedFile, match="header was changed on disk"):
        store.read_game(session.path)


def test_the_entries_a_snapshot_keeps_are_the_files(new_game: NewGame, store: Store) -> None:
    """The newest entries come from the snapshot, checked as strictly as the file's, and
    are the very entries a read of the file gives (undone ones left out, as in the log)."""
    session = new_game(game="boomtown")
    for step in range(300):
        session.act(session.rules.adjust(session.state, step % 3, "gold", parse_amount("+2")))
    session.undo()
    session.close()
    opened_again = GameSession.open(store, session.path)
    assert opened_again.record.snapshot is not None
    assert len(opened_again.record.snapshot.recent) == RECENT
    from_snapshot = opened_again.journal.tail(RECENT)
    store._snapshot_path(session.path).unlink()
    from_file = GameSession.open(store, session.path).journal.tail(RECENT)
    assert from_snapshot == from_file
    assert [place for place, _ in from_file][-1] == 298  # 299 (the 300th) was undone


def test_kept_entries_that_do_not_check_are_read_from_the_file(
    new_game: NewGame, store: Store
) -> None:
    """A kept entry that is not one this app can use is not used: the file is read."""
    session = played(new_game, "boomtown", changes=5)
    record = store.read_game(session.path)
    assert record.snapshot is not None
    record.snapshot.recent[0][2] = 7  # a text that is not text
    assert recent_entries(record.snapshot) == []
    record.snapshot.recent = [[10**6, "adjust", "x", {}, "at"]]  # a place past the end
    assert recent_entries(record.snapshot) == []


def test_a_first_read_keeps_the_newest_entries_it_read(new_game: NewGame, store: Store) -> None:
    """Without a snapshot the whole file is read and replayed: the newest entries, as read
    then, are what the log is given (not read from the file a second time), and they are
    the file's."""
    session = played(new_game, "boomtown", changes=300)
    store._snapshot_path(session.path).unlink()
    again = GameSession.open_to_play(store, session.path, snapshot_later=True)  # as the app
    assert again.record.snapshot is None and again.snapshot_due
    assert isinstance(again.journal.entries, EntryList)
    with (
        mock.patch("companion.gamefile._entries_in_bulk") as bulk,
        mock.patch("companion.gamefile._entry_of_content") as one_by_one,
    ):
        tail = again.journal.tail(200)
    assert not bulk.called and not one_by_one.called
    from_file = list(store.read_game(session.path).entries)[100:300]
    assert tail == list(zip(range(100, 300), from_file, strict=True))
