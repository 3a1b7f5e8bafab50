"""`goldrush` given hostile input: one line on stderr and exit 2, never a traceback; nothing
from a file reaches the terminal as a control character; a closed pipe ends quietly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w

from companion.gamefile import header_check
from companion.store import Store
from tests.conftest import NewGame
from tests.core.cli_helpers import run

ESCAPE = "\x1b]0;pwned\x07"


def _one_line_failure(code: int, out: str, err: str) -> None:
    assert code == 2, (code, out, err)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("goldrush"), err
    assert "Traceback" not in err and "\x1b" not in err


def _sheet(tmp_path: Path, text: str) -> str:
    path = tmp_path / "sheet.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _boomtown(gold: str = "1", mines: str = "[]", names: tuple[str, ...] = ("A", "B", "C")) -> str:
    rows = "".join(
        f'[[players]]\nname = "{name}"\ngold = {gold}\nmines = {mines}\nmayors = 0\n'
        for name in names
    )
    return f'game = "boomtown"\n{rows}'


@pytest.mark.parametrize(
    "text",
    [
        'game = "boomtown"\nx = ' + "[" * 3000 + "]" * 3000,  # RecursionError in tomllib
        _boomtown(gold="9" * 5000),  # more digits than Python converts
        _boomtown(gold="9" * 4000),  # a total over 4,300 digits is never reached: bounded
        _boomtown(gold="1000000001"),
        _boomtown(mines="[" + ", ".join(["1"] * 1001) + "]"),
        _boomtown(mines="[1, 1000000001]"),
        _boomtown(mines="[[1]]"),
        "\x00\xff binary",
    ],
    ids=[
        "deep",
        "5000-digits",
        "4000-digits",
        "big-count",
        "long-list",
        "big-item",
        "nested",
        "nul",
    ],
)
def test_a_hostile_sheet_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    _one_line_failure(*run(capsys, "score", _sheet(tmp_path, text)))


def test_big_but_bounded_numbers_still_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "score", _sheet(tmp_path, _boomtown(gold="1000000000")))
    assert code == 0 and err == "" and "1000000000" in out


def test_score_refuses_devices_fifos_and_huge_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _one_line_failure(*run(capsys, "score", "/dev/zero"))
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    _one_line_failure(*run(capsys, "score", str(fifo)))  # does not hang: opened non-blocking
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    code, out, err = run(capsys, "score", str(huge))
    _one_line_failure(code, out, err)
    assert "too large" in err
    _one_line_failure(*run(capsys, "score", str(tmp_path)))  # a directory
    _one_line_failure(*run(capsys, "score", str(tmp_path / "missing.toml")))


def test_names_from_a_sheet_are_shown_with_their_escapes_visible(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    names = ("A\\u001b]0;pwned\\u0007", "B\\u202e", "C\\u009b2J")
    path = _sheet(tmp_path, _boomtown(names=names))
    code, out, err = run(capsys, "score", path)
    assert code == 0 and err == ""
    assert "\x1b" not in out and "\u202e" not in out and "\x9b" not in out
    assert "A\\x1b]0;pwned\\x07" in out
    code, out, _ = run(capsys, "score", "--json", path)
    assert code == 0 and out.isascii()
    assert json.loads(out)["standings"][0]["name"] in {"A" + ESCAPE, "B\u202e", "C\x9b2J"}


def test_list_shows_a_crafted_name_visibly(
    capsys: pytest.CaptureFixture[str], store: Store, new_game: NewGame
) -> None:
    """A crafted file carries a valid header check (a CRC is no signature), so the
    name gets through the reading and must be made visible where it is shown."""
    session = new_game()
    head, marker, entries = session.path.read_bytes().partition(b"\n[[entries]]\n")
    table = tomllib.loads(head.decode())
    table["players"][0]["name"] = "Ann\x1b]0;pwned\x07"
    table["check"] = header_check(table)
    session.path.write_bytes(tomli_w.dumps(table).encode() + marker + entries)
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert "Ann\\x1b]0;pwned\\x07" in out


def test_data_dir_naming_a_file_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for command in ("list", "where"):
        _one_line_failure(*run(capsys, "--data-dir", str(a_file), command))


@pytest.mark.parametrize("command", ["open", "sheet"])
@pytest.mark.parametrize("game_id", ["a" * 300, "../../etc/passwd", "a\x1b]0;x\x07"])
def test_odd_game_ids_are_one_line(
    capsys: pytest.CaptureFixture[str], store: Store, command: str, game_id: str
) -> None:
    _one_line_failure(*run(capsys, "--data-dir", str(store.root), command, game_id))


def test_a_closed_pipe_ends_quietly(store: Store, new_game: NewGame) -> None:
    """`goldrush list | head -1`: the reader goes away before the writer has finished."""
    for _ in range(3):
        new_game()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "--data-dir", str(store.root), "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # nobody reads: every write fails with EPIPE
    err = process.stderr.read().decode()
    code = process.wait(timeout=60)
    assert err == "" and code in (0, 141, -13)


def test_the_app_exits_non_zero_after_an_unexpected_error(
    capsys: pytest.CaptureFixture[str],
    store: Store,
    new_game: NewGame,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The app ended on an error (its sentence on the screen): the shell sees status 1."""
    from screens.app import GoldrushApp

    session = new_game()

    def crash(app: GoldrushApp) -> None:
        try:
            raise RuntimeError("a bug")
        except RuntimeError:
            app._fatal_error()

    monkeypatch.setattr(GoldrushApp, "run", crash)
    monkeypatch.setattr(GoldrushApp, "panic", lambda app, *renderables: None)
    monkeypatch.setattr("companion.cli._has_terminal", lambda: True)  # (captured: no tty)
    code, _, _ = run(capsys, "--data-dir", str(store.root), "open", session.game_id)
    assert code == 1
    assert "a bug" in (store.root / "crash.log").read_text(encoding="utf-8")


def test_open_of_a_fifo_named_like_a_game_says_so(
    capsys: pytest.CaptureFixture[str], store: Store
) -> None:
    store.games_dir.mkdir(parents=True)
    os.mkfifo(store.games_dir / "20260101-000000-boomtown.toml")
    code, out, err = run(capsys, "--data-dir", str(store.root), "open", "20260101-000000-boomtown")
    _one_line_failure(code, out, err)
    assert "not a regular file" in err
