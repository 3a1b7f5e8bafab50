"""`make bench` cannot rot: its pty harness drives the bare app once, its long games open,
and its table marks a missed target. No timing is asserted (the machine is shared)."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import run  # noqa: E402
from pty_harness import PtyProgram, child_environment  # noqa: E402

from companion.games import GAMES  # noqa: E402
from companion.session import GameSession  # noqa: E402
from companion.store import Store  # noqa: E402


def test_the_harness_times_a_key_on_the_bare_app() -> None:
    with PtyProgram(run.BARE, child_environment()) as bare:
        assert bare.wait_for_text(run.FIRST_TEXT, timeout=60) > 0
        bare.settle()
        bare.send("hello")
        assert bare.key_to_frame("enter", timeout=30) > 0
        assert bare.frame_ends, "the synchronized-output query was not answered"
        assert b"hello" in bare.output[bare.frame_ends[0][0] :]
        assert bare.peak_memory() > 0
    assert bare.process.returncode is not None


def test_the_environment_keeps_bytecode_caching_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    env = child_environment()
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["TERM"] == "xterm-256color"


@pytest.mark.parametrize("game", sorted(run.FILLER_NUMBER))
def test_the_long_games_are_valid(tmp_path: Path, game: str) -> None:
    store = Store(tmp_path / "data", GAMES)
    game_id = run.make_game(store, game, 25, ("Ann", "Bo", "Cy"))
    session = GameSession.open(store, store.games_dir / f"{game_id}.toml")
    assert len(session.journal) == 25
    assert not session.notices
    key = run.FILLER_NUMBER[game]
    start = next(spec.start for spec in session.rules.numbers if spec.key == key)
    assert session.state.numbers[0][key] == start + 1  # the 25th entry: Ann's +1
    assert session.state.numbers[1][key] == start  # each earlier +1 has its -1


def test_a_missed_target_is_marked() -> None:
    over = run.Row("open", "300 ms", "200 ms", 1.5, 1.2)
    within = run.Row("open", "210 ms", "200 ms", 1.05, 1.2)
    assert over.cells()[-1] == "<= 1.2 OVER TARGET"
    assert within.cells()[-1] == "<= 1.2"


def test_interleaved_measures_take_turns_going_first_and_after_each_other() -> None:
    order: list[str] = []

    def measure(name: str, took: float) -> Callable[[], float]:
        def timed() -> float:
            order.append(name)
            return took

        return timed

    medians = run.interleaved(6, measure("bare", 1.0), measure("warm", 2.0), measure("cold", 3.0))
    assert medians == [1.0, 2.0, 3.0]
    assert sorted(order) == sorted(["bare", "warm", "cold"] * 6)
    rounds = [order[start : start + 3] for start in range(0, len(order), 3)]
    assert {tuple(each) for each in rounds} == {
        ("bare", "warm", "cold"),
        ("warm", "cold", "bare"),
        ("cold", "bare", "warm"),
    }
    follows = {(before, after) for before, after in itertools.pairwise(order)}
    assert ("bare", "cold") in follows and ("warm", "cold") in follows


def test_a_game_screen_is_recognised_and_its_typed_command_timed(tmp_path: Path) -> None:
    """Coloma's grammar is settled; the other screens share the footer and the field (one
    app started here, not four: the suite stays quick)."""
    game = "coloma"
    data = tmp_path / "data"
    store = Store(data, GAMES)
    game_id = run.make_game(store, game, 10, ("Ann", "Bo", "Cy"))
    path = store.games_dir / f"{game_id}.toml"
    before = GameSession.open(store, path).state.numbers
    with PtyProgram(run.goldrush(data, "open", game_id), child_environment()) as app:
        app.wait_for_text(run.GAME_TEXT, timeout=60)
        app.settle()
        what, sample = run._game_keys(game, app, path)
        assert sample() > 0
        assert what == "`ann bucks +1` + enter"
        assert sample() > 0  # and back: `ann bucks -1`
    after = GameSession.open(store, path)
    assert after.state.numbers == before  # every command was put back
    assert len(after.journal) == 14  # ... by a command of its own: 10 + 2 tried + 2 timed


def test_a_cold_open_forgets_every_cache_of_the_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "data", GAMES)
    store.cache_dir.mkdir(parents=True)
    (store.cache_dir / "game-1.json").write_text("{}")
    (store.cache_dir / "snapshots" / "game-1").mkdir(parents=True)
    (store.cache_dir / "snapshots" / "game-1" / "100.json").write_text("{}")
    (store.cache_dir / "game-2.json").write_text("{}")
    run.forget_caches(store, "game-1")
    left = sorted(p.relative_to(store.cache_dir).as_posix() for p in store.cache_dir.rglob("*"))
    assert left == ["game-2.json", "snapshots"]
