"""`goldrush` from the shell, without starting the UI."""

from __future__ import annotations

import pytest

from companion import __version__
from companion.cli import main
from companion.store import Store
from tests.conftest import NewGame


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"goldrush {__version__}\n", "")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "list" in out and "--data-dir" in out


@pytest.mark.parametrize("args", [["--bogus"], ["lst"], ["list", "extra"], ["open"]])
def test_unknown_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("goldrush")


def test_list_prints_one_game_a_line_and_damaged_files(
    capsys: pytest.CaptureFixture[str], new_game: NewGame, store: Store
) -> None:
    new_game(names=("[red]Ann[/]", "Bo", "Cy"))
    new_game(game="coloma", names=("Di", "Ed"))
    (store.games_dir / "broken.toml").write_text("[[[")
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert any("Boomtown" in line and "[red]Ann[/], Bo, Cy" in line for line in lines)
    assert lines[-1].startswith("damaged: ") and "broken.toml" in lines[-1]


def test_list_with_no_games(capsys: pytest.CaptureFixture[str], store: Store) -> None:
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and out.startswith("No saved games")


def test_open_an_unknown_game(capsys: pytest.CaptureFixture[str], store: Store) -> None:
    code, _, err = run(capsys, "--data-dir", str(store.root), "open", "nope")
    assert code == 2 and "no saved game 'nope'" in err
