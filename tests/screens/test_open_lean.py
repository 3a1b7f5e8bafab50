"""Opening a game imports and does only what its first frame needs (#16).

Each check runs in a fresh interpreter: what a test process has imported already says
nothing about what `goldrush open ID` imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.store import Store
from tests.child import json_of
from tests.conftest import NewGame

ROOT = Path(__file__).resolve().parents[2]

#: Opens a game as `goldrush open ID` does (the collector paused first), waits for the first
#: frame and for the collector to run again, and prints what was imported by then.
OPEN_AND_LIST = """\
import asyncio, gc, json, sys, time
gc.disable()
from companion.cli import _GameIds
from companion.store import Store
from screens.app import GoldrushApp

async def main():
    app = GoldrushApp(Store(sys.argv[1], _GameIds()), open_game=sys.argv[2],
                      collector_paused=True)
    async with app.run_test(size=(120, 40)) as pilot:
        deadline = time.monotonic() + 10
        while not gc.isenabled() and time.monotonic() < deadline:
            await pilot.pause(0.01)
        print(json.dumps({
            "screen": type(app.screen).__name__,
            "collector": gc.isenabled(),
            "frozen": gc.get_freeze_count(),
            "modules": sorted(sys.modules),
        }))

asyncio.run(main())
"""

#: imported only when first used: dialogs, the home screen, scoring, other games, charts, ...
NOT_ON_THE_WAY = (
    "companion.scoring",
    "companion.saved",
    "companion.serve",
    "companion.display",
    "companion.records",
    "screens.home",
    "screens.confirm",
    "screens.correction",
    "screens.scoring",
    "screens.records",
    "screens.charts",
    "screens.help",
    "screens.new_game",
    "screens.mine_picker",
    "screens.event_card",
    "screens.split_calculator",
    "screens.track_calculator",
    "screens.display",
    "plotext",
    "textual_plotext",
)
OTHER_GAMES = {
    "coloma": ("boomtown", "builders", "calamityville"),
    "boomtown": ("coloma", "builders", "calamityville"),
    "builders": ("boomtown", "coloma", "calamityville"),
    "calamityville": ("boomtown", "coloma", "builders"),
}


def opened(store: Store, game_id: str) -> dict[str, object]:
    return json_of(OPEN_AND_LIST, str(store.root), game_id, timeout=120)


@pytest.mark.parametrize("game", ["coloma", "boomtown", "builders", "calamityville"])
def test_opening_a_game_imports_only_what_its_first_frame_needs(
    store: Store, new_game: NewGame, game: str
) -> None:
    """No dialog, no home screen, no scoring and no other game's rules or screen: each is
    imported when first used (a dialog's first opening pays for its own import)."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    seen = opened(store, session.game_id)
    assert seen["screen"].lower().startswith(game[:4])  # type: ignore[union-attr]
    modules = set(seen["modules"])  # type: ignore[arg-type]
    unexpected = [name for name in NOT_ON_THE_WAY if name in modules]
    for other in OTHER_GAMES[game]:
        unexpected += [
            name
            for name in modules
            if name.startswith((f"companion.games.{other}", f"screens.{other}"))
        ]
    assert unexpected == []


def test_the_collector_paused_for_the_start_runs_again_after_the_first_frame(
    store: Store, new_game: NewGame
) -> None:
    """`goldrush` pauses Python's cycle collector while it starts; after the first frame
    it runs again, with what the start made frozen out of its walks."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    seen = opened(store, session.game_id)
    assert seen["collector"] is True
    assert seen["frozen"] > 10_000  # type: ignore[operator]


def test_goldrush_starts_the_app_with_the_collector_paused(store: Store) -> None:
    """The pause begins before the UI's imports (most of what the start creates) and the
    app is told to end it."""
    code = (
        "import gc, sys\n"
        "import screens.app\n"
        "seen = []\n"
        "def run(self):\n"
        "    seen.append((gc.isenabled(), self._collector_paused))\n"
        "screens.app.GoldrushApp.run = run\n"
        "import companion.cli\n"
        "companion.cli._has_terminal = lambda: True\n"  # (captured: as if at a terminal)
        "from companion.cli import main\n"
        "main(['--data-dir', sys.argv[1]])\n"
        "print(seen)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(store.root)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[(False, True)]"


async def test_an_app_not_started_by_goldrush_leaves_the_collector_alone(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tests and other hosts make the app themselves: nothing is frozen for them. (The app's
    freezing is watched, not the freeze count: the tests freeze what each test leaves,
    tests/conftest.py, and a frozen object freed meanwhile lowers the count.)"""
    import gc

    from screens.app import GoldrushApp

    froze: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: froze.append(True))
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with GoldrushApp(store, open_game=session.game_id).run_test() as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert froze == []


async def test_the_collector_waits_while_a_game_is_read_from_home(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a game from home reads it with the cycle collector paused (a long game's
    first read makes a great many objects, none garbage) and resumes it afterwards, also
    when the file is damaged."""
    import gc

    from companion.session import GameSession
    from screens.app import GoldrushApp

    session = new_game(game="coloma", names=("Ann", "Bo"))
    (store.games_dir / "bad.toml").write_text("nope = [")
    seen: list[bool] = []
    opened = GameSession.open_to_play

    def watched(*args: object, **kwargs: object) -> GameSession:
        seen.append(gc.isenabled())
        return opened(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(GameSession, "open_to_play", watched)
    async with GoldrushApp(store).run_test() as pilot:
        app = pilot.app
        assert isinstance(app, GoldrushApp)
        assert app._load(session.path) is not None
        assert app._load(store.games_dir / "bad.toml") is None
        assert seen == [False, False] and gc.isenabled()


def test_an_app_that_ends_before_its_first_frame_leaves_the_collector_running(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`goldrush` run in a process that goes on (an error at start, a test): the collector
    it paused runs again when the app has ended, first frame or not."""
    import gc

    from companion.cli import main
    from screens.app import GoldrushApp

    session = new_game()
    monkeypatch.setattr(GoldrushApp, "run", lambda app: None)
    monkeypatch.setattr("companion.cli._has_terminal", lambda: True)  # (captured: no tty)
    assert gc.isenabled()
    assert main(["--data-dir", str(store.root), "open", session.game_id]) == 0
    assert gc.isenabled()


def test_goldrush_hands_the_interpreter_lock_over_quickly_while_the_app_runs(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's writer thread picks each frame up within half a millisecond of a busy main
    thread (not Python's 5 ms: the first frame reached the terminal that much later); the
    process's own interval is given back when the app ends."""
    from companion.cli import main
    from screens.app import GoldrushApp

    session = new_game()
    seen: list[float] = []
    monkeypatch.setattr(GoldrushApp, "run", lambda app: seen.append(sys.getswitchinterval()))
    monkeypatch.setattr("companion.cli._has_terminal", lambda: True)  # (captured: no tty)
    before = sys.getswitchinterval()
    assert before > 0.0005
    assert main(["--data-dir", str(store.root), "open", session.game_id]) == 0
    assert seen == [pytest.approx(0.0005)]
    assert sys.getswitchinterval() == before
