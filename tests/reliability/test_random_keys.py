"""Random keys on each game screen: whatever is pressed, the app never stops on an error.

Seeded, so a failure replays: the message lists the keys pressed. The pool reaches the
dialogs (correction, confirmations, the scoring wizard, the command palette, help) and the
game's own forms. ctrl+q and ctrl+c are left out: they quit, which is not a crash."""

from __future__ import annotations

import random

import pytest

from companion.session import GameSession
from companion.store import Store
from screens.app import GoldrushApp
from tests.conftest import NewGame
from tests.screens.helpers import SIZE

GAMES = ("boomtown", "coloma", "builders", "calamityville")
KEYS_PER_RUN = 200
SEEDS = (1, 2)

PRINTABLE = [*"abcdefghijklmnopqrstuvwxyz0123456789+-", "space", "full_stop", "comma"]
SPECIAL = [
    "enter",
    "enter",
    "enter",
    "enter",
    "escape",
    "escape",
    "pagedown",
    "pageup",
    "tab",
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "pageup",
    "pagedown",
    "home",
    "end",
    "backspace",
    "delete",
    "f1",
]
CONTROL = [f"ctrl+{letter}" for letter in "zyofpltsngbr"]
WORDS = [
    ["p"],
    ["y"],
    ["r"],
    ["n"],
    ["1", "0"],
    ["5"],
    ["y", "enter"],
    ["enter", "enter"],  # a dialog's button pressed twice quickly
    ["enter", "pagedown"],  # a Select opened, then paged at once
    ["ctrl+p", "c", "o", "r", "enter"],  # the palette's "Game: Correct"
    ["ctrl+f", "enter", "enter"],  # into the scoring wizard
]


def _next_keys(rng: random.Random) -> list[str]:
    roll = rng.random()
    if roll < 0.35:
        return [rng.choice(PRINTABLE)]
    if roll < 0.7:
        return [rng.choice(SPECIAL)]
    if roll < 0.9:
        return [rng.choice(CONTROL)]
    return list(rng.choice(WORDS))


def _crash_log(store: Store) -> str:
    path = store.root / "crash.log"
    return path.read_text(encoding="utf-8") if path.exists() else ""


async def _press_randomly(app: GoldrushApp, store: Store, rng: random.Random, count: int) -> None:
    pressed: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        while len(pressed) < count:
            keys = _next_keys(rng)
            pressed.extend(keys)
            await pilot.press(*keys)
            crash = _crash_log(store)
            assert not crash and app._exception is None, (
                f"crash after keys {pressed[-40:]}:\n{crash or app._exception!r}"
            )
            if not app.is_running:  # a legitimate way out (e.g. "quit" from the palette)
                return


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
async def test_random_keys_never_crash_the_app(
    store: Store, new_game: NewGame, game: str, seed: int
) -> None:
    names = ("Ann", "Bo", "Cy", "Di") if game != "coloma" else ("Ann", "Bo", "Cy")
    session: GameSession = new_game(game, names)
    rng = random.Random(f"{game}-{seed}")
    # seed 1: as `goldrush open ID` (the game screen is the only one); seed 2: from home
    app = GoldrushApp(store, open_game=session.game_id) if seed == 1 else GoldrushApp(store)
    await _press_randomly(app, store, rng, KEYS_PER_RUN)
