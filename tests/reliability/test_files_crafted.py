"""Crafted files in the data folder: each is refused or repaired with one plain reason,
never a hang, a crash, a trusted cache or an escape sequence on the way to the terminal."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from companion.gamefile import entry_chunk, header_check
from companion.games.boomtown import load_catalog
from companion.journal import Entry
from companion.saved import list_saved
from companion.session import GameSession
from companion.store import DamagedFile, SaveError, Store
from companion.table import COLOURS

ROOT = Path(__file__).resolve().parents[2]
DEEP = "x = " + "[" * 2000 + "]" * 2000 + "\n"
ESC_NAME = "\x1b]0;pwned\x07Ann\u202e"


def header(**changes: Any) -> dict[str, Any]:
    """A boomtown header table, changed as asked; `write_game` gives it a check that
    matches, so the only thing wrong is what the test crafted."""
    table: dict[str, Any] = {
        "format": 2,
        "game": "boomtown",
        "created": "2026-01-01",
        "first_player": 0,
        "options": {},
        "players": [{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}],
    }
    table.update(changes)
    return table


def gold(seat: int, delta: int, text: str = "") -> Entry:
    return Entry(
        "adjust",
        text or f"seat {seat} {delta:+} gold",
        {"player": seat, "number": "gold", "delta": delta},
        "2026-01-01T10:00:00+00:00",
    )


def checked_chunk(body: bytes) -> bytes:
    """An entry of any bytes, with the check line the app would write for them."""
    return b"\n[[entries]]\n" + body + b'check = "%08x"\n' % zlib.crc32(body)


def write_game(store: Store, name: str, head: dict[str, Any], *chunks: bytes) -> Path:
    head = dict(head)
    head["check"] = header_check(head)
    store.games_dir.mkdir(parents=True, exist_ok=True)
    path = store.games_dir / name
    path.write_bytes(tomli_w.dumps(head).encode() + b"".join(chunks))
    return path


def finishes(call: Any, seconds: float = 20) -> Any:
    """The result of `call()`, failing the test if it does not return in time (a hang)."""
    result: list[Any] = []
    worker = threading.Thread(target=lambda: result.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "it hung"
    return result[0]


def goldrush(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "--data-dir", str(root), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


# ------------------------------------------------------------------- not regular files


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda path: os.mkfifo(path), "is not a regular file (a pipe)"),
        (lambda path: os.symlink("/dev/zero", path), "is not a regular file (a device)"),
        (lambda path: path.mkdir(), "is not a regular file (a folder)"),
    ],
    ids=["fifo", "dev-zero", "folder"],
)
def test_a_file_that_is_not_a_file_is_listed_as_damaged_without_hanging(
    store: Store, make: Any, reason: str
) -> None:
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "20260101-000000-boomtown.toml"
    make(path)
    saved = finishes(lambda: list_saved(store))
    [damaged] = saved.damaged
    assert saved.games == [] and reason in damaged.reason
    done = goldrush(store.root, "list")
    assert reason in done.stdout + done.stderr and "Traceback" not in done.stderr


def test_a_file_too_large_is_refused_with_its_size(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_game(store, "big.toml", header(), *(entry_chunk(gold(0, 1)) for _ in range(20)))
    monkeypatch.setattr("companion.store.GAME_LIMIT", 1000)
    with pytest.raises(DamagedFile, match=r"is too large \(\d+ KiB; at most 1000 bytes\)"):
        store.read_game(path)


# ------------------------------------------------------------------- nesting, numbers, types


def test_deep_nesting_is_a_one_line_reason_everywhere(store: Store) -> None:
    head = tomli_w.dumps(header()).encode()
    nested = write_game(store, "nested-header.toml", header())
    nested.write_bytes(DEEP.encode() + head)
    with pytest.raises(DamagedFile, match="nested too deeply"):
        store.read_game(nested)
    body = b'kind = "adjust"\ntext = "deep"\n' + DEEP.encode() + b'at = "x"\n'
    chunk = checked_chunk(body)
    path = write_game(store, "nested-entry.toml", header(), entry_chunk(gold(0, 1)), chunk)
    record = store.read_game(path)
    assert len(record.entries) == 1 and record.damage is not None
    assert record.damage.number == 2 and "nested too deeply" in record.damage.what
    store.settings_path.write_text(DEEP)
    with pytest.raises(DamagedFile, match="nested too deeply"):
        store.read_settings()
    store.history_path.write_text(DEEP)
    with pytest.raises(DamagedFile, match="nested too deeply"):
        store.read_history()
    catalog = store.root / "boomtown_mines.toml"
    catalog.write_text(DEEP)
    with pytest.raises(ValueError, match="nested too deeply"):
        load_catalog(catalog)
    assert [game.path.name for game in list_saved(store).games] == ["nested-entry.toml"]


@pytest.mark.parametrize(
    ("delta", "why"),
    [("1" + "0" * 5000, "Exceeds the limit"), ("10" * 10, "too large a number")],
    ids=["5000-digits", "20-digits"],
)
def test_huge_integers_are_damage_not_a_crash(store: Store, delta: str, why: str) -> None:
    body = (
        f'kind = "adjust"\ntext = "big"\nplayer = 0\nnumber = "gold"\ndelta = {delta}\n'
        'at = "2026-01-01T10:00:00+00:00"\n'
    ).encode()
    chunk = checked_chunk(body)
    path = write_game(store, "big.toml", header(), entry_chunk(gold(0, 1)), chunk)
    session = GameSession.open(store, path)
    assert [n["gold"] for n in session.state.numbers] == [11, 10]
    assert session.read_only_reason and why in session.notices[-1]


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"players": "Ann"}, "no players"),
        ({"players": [{"name": 5}]}, "player 1 in the header has no name"),
        ({"players": [{"name": "Ann", "colour": 3}]}, "colour that is not text"),
        ({"first_player": 10**40}, "first_player"),
        ({"first_player": True}, "first_player"),
        ({"options": 3}, "'options' is not a table"),
        ({"format": 99}, "newer version"),
    ],
)
def test_wrong_types_in_a_header_are_one_line(
    store: Store, changes: dict[str, Any], reason: str
) -> None:
    path = write_game(store, "typed.toml", header(**changes))
    with pytest.raises(DamagedFile, match=reason):
        store.read_game(path)


def test_a_header_changed_on_disk_is_reported(store: Store) -> None:
    path = write_game(store, "changed.toml", header())
    path.write_text(path.read_text().replace('"Ann"', '"Ann2"'))
    with pytest.raises(DamagedFile, match="header was changed on disk"):
        store.read_game(path)


def test_a_byte_order_mark_an_editor_added_is_said_as_such(store: Store) -> None:
    """A play-test saved a game file with an editor that adds a byte-order mark: "not
    valid TOML (Invalid statement (at line 1, column 1))" did not say what was wrong. The
    settings file says it the same way."""
    path = write_game(store, "marked.toml", header())
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    with pytest.raises(DamagedFile, match="starts with an invisible byte-order mark"):
        store.read_game(path)
    settings = store.root / "settings.toml"
    settings.write_bytes(b"\xef\xbb\xbf[coloma]\n")
    with pytest.raises(DamagedFile, match="save it again as UTF-8 without BOM"):
        store.read_settings()


def test_bytes_between_two_entries_are_said_as_such(store: Store) -> None:
    """A play-test put a line of garbage after entry 3's check line: "Entry 3 has no check
    line" sent it looking for a check line that was there. The notice says what follows
    it, and counts "1 entry" in the singular; a follower's does not promise a copy that
    its writer makes only when it opens the game."""
    chunks = [entry_chunk(gold(seat % 2, 1)) for seat in range(4)]
    chunks[1] += b"GARBAGE LINE !!!\x00\xff\n"
    path = write_game(store, "junk.toml", header(), *chunks)
    damage = store.read_game(path).damage
    assert damage is not None
    notice = damage.notice()
    assert notice.startswith(
        "Entry 2 of this game file is followed by 19 bytes that belong to no entry: the game "
        "shows only the 1 entry before it. The 2 entries after it read well."
    )
    follower = damage.notice(follower=True)
    assert "keeps a copy" not in follower
    assert "until the window that plays the game goes on from it (ctrl+p there)" in follower


# ------------------------------------------------------------------- caches are checked


def test_a_summary_cache_with_players_null_is_rebuilt(store: Store) -> None:
    path = write_game(store, "g.toml", header(), entry_chunk(gold(0, 1)))
    [game] = list_saved(store).games
    summary = store.cache_dir / "g.summary.json"
    cached = json.loads(summary.read_text())
    for bad in (None, [1, 2], "Ann"):
        cached["summary"]["players"] = bad
        summary.write_text(json.dumps(cached))
        assert list_saved(store).games[0].players == ["Ann", "Bo"]
    cached["summary"]["players"] = [ESC_NAME]
    cached["summary"]["title"] = "\x1b[2J"
    summary.write_text(json.dumps(cached))
    [shown] = list_saved(store).games
    assert shown.players == ["\\x1b]0;pwned\\x07Ann\\u202e"] and shown.title == "\\x1b[2J"
    summary.write_text("[" * 5000 + "]" * 5000)
    assert list_saved(store).games[0].title == game.title
    assert path.exists()


class _Runs:
    """Unpickled, this would run a command: a snapshot must never get that far."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, ("touch PWNED",))


def test_a_damaged_or_crafted_snapshot_is_ignored_and_replaced(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parse cache became a snapshot of the replayed state (issue #16): whatever is in
    it, the game opens with the state its file gives, and nothing in it is run."""
    monkeypatch.chdir(tmp_path)
    path = write_game(store, "g.toml", header(), *(entry_chunk(gold(0, 1)) for _ in range(60)))
    expected = GameSession.open(store, path).state.numbers  # replays all and keeps a snapshot
    snapshot = store.cache_dir / "g.snapshot"
    good = snapshot.read_bytes()
    record = store.read_game(path)
    assert record.snapshot is not None and record.fresh == [] and len(record.entries) == 60
    fields = pickle.loads(good[len(b"goldrush-snapshot 1\n") + 32 :])

    def sealed(payload: bytes) -> bytes:
        """A snapshot whose own checksum holds, around any payload."""
        return b"goldrush-snapshot 1\n" + hashlib.sha256(payload).digest() + payload

    flipped = bytearray(good)
    flipped[len(good) // 2] ^= 1
    for bad in (
        b"",
        good[:-1],
        bytes(flipped),
        b"[" * 5000,
        sealed(pickle.dumps(_Runs())),
        sealed(pickle.dumps(dict(fields, state=pickle.dumps(_Runs())))),
        sealed(pickle.dumps(dict(fields, state=pickle.dumps({"numbers": [{"gold": 99}]})))),
        sealed(pickle.dumps(dict(fields, fingerprint="another version of the rules"))),
        sealed(pickle.dumps(dict(fields, length=len(path.read_bytes()) + 1))),
        sealed(pickle.dumps(dict(fields, digest="0" * 64))),
        sealed(pickle.dumps(dict(fields, done=b"\xff" * 8))),
        sealed(pickle.dumps(dict(fields, checkpoints={10**6: b""}))),
        sealed(pickle.dumps(dict(fields, header=dict(fields["header"], game="\x1b[2J")))),
    ):
        snapshot.write_bytes(bad)
        reopened = GameSession.open(store, path)
        assert len(reopened.journal) == 60 and reopened.state.numbers == expected
        assert reopened.journal.entries[0].text == "seat 0 +1 gold"
        assert store.read_game(path).snapshot is not None  # made again
    assert not (tmp_path / "PWNED").exists()


# ------------------------------------------------------------------- what reaches the screen


def test_colours_outside_the_palette_fall_back_with_a_notice(store: Store) -> None:
    players = [
        {"name": "Ann", "colour": "link file:///etc/passwd"},
        {"name": "Bo", "colour": "red"},
        {"name": "Cy", "colour": "[bold]chartreuse"},
    ]
    path = write_game(store, "colours.toml", header(players=players))
    session = GameSession.open(store, path)
    colours = [player["colour"] for player in session.header.players]
    assert colours == ["blue", "red", "green"] and all(c in COLOURS for c in colours)
    assert any("link file:///etc/passwd" in notice for notice in session.notices)
    assert sum("is not one the app knows" in notice for notice in session.notices) == 2


def test_text_read_from_files_has_its_control_characters_made_visible(store: Store) -> None:
    players = [{"name": ESC_NAME, "colour": "red"}, {"name": "Bo", "colour": "blue"}]
    sheet = "[[rows]]\nname = 'Ann\x1b[31m'\n\tnote = 1\n"
    finish = Entry("finish", "Game over \x1b]52;c;cHduZWQ=\x07", {"sheet": sheet}, "x")
    path = write_game(store, "esc.toml", header(players=players), entry_chunk(finish))
    record = store.read_game(path)
    assert record.header.players[0]["name"] == "\\x1b]0;pwned\\x07Ann\\u202e"
    [entry] = record.entries
    assert entry.text == "Game over \\x1b]52;c;cHduZWQ=\\x07"
    assert entry.get("sheet") == "[[rows]]\nname = 'Ann\\x1b[31m'\n\tnote = 1\n"
    store.history_path.write_text(
        tomli_w.dumps({"games": [{"players": [ESC_NAME], "sheet": sheet, "title": "\x9b2J"}]})
    )
    [game] = store.read_history()
    assert game["players"] == ["\\x1b]0;pwned\\x07Ann\\u202e"] and game["title"] == "\\x9b2J"
    assert game["sheet"] == entry.get("sheet")


def test_deleting_in_a_read_only_folder_says_why(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tests run as root here, for whom chmod does not stop an unlink: the refusal the
    kernel gives a read-only folder is simulated."""
    path = write_game(store, "g.toml", header())

    def refused(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "unlink", refused)
    with pytest.raises(SaveError, match=r"could not be deleted \(Permission denied\)"):
        store.delete_game(path)
    monkeypatch.undo()
    assert path.exists()


@pytest.mark.parametrize(
    "text",
    ["boomtown = 3\n", "[charts]\nfrontier = 5\n", "[boomtown]\nprice = 1" + "0" * 30 + "\n"],
)
def test_settings_of_the_wrong_shape_are_kept_and_not_used(store: Store, text: str) -> None:
    store.root.mkdir(parents=True)
    store.settings_path.write_text(text)
    with pytest.raises(DamagedFile):
        store.read_settings()
    with pytest.raises(DamagedFile):
        store.write_settings({"boomtown": {"price": 1}})
    assert store.settings_path.read_text() == text
