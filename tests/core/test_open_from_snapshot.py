"""Opening a game from its snapshot does only what it needs (#16): no TOML, no JSON, no
pattern compiled; and what it leaves out is still checked wherever it could matter.

The import checks run in a fresh interpreter: what the test process imported says nothing
about what an open imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.amounts import parse_amount
from companion.session import GameSession
from companion.store import DamagedFile, Store
from tests.conftest import NewGame

ROOT = Path(__file__).resolve().parents[2]

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
    done = subprocess.run(
        [sys.executable, "-c", OPEN, str(store.root), game_id],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


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
    verified when the file was first read (the bytes it covers hash the same), so neither
    tomllib nor json is imported, and the core compiles no pattern."""
    session = played(new_game, game)
    seen = opened(store, session.game_id)
    assert seen["from_snapshot"] is True
    modules = set(seen["modules"])  # type: ignore[arg-type]
    assert {"tomllib", "json", "tomli_w"} & modules == set()
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
