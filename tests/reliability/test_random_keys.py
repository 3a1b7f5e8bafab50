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
from tests.screens.helpers import SIZE, run_settled

GAMES = ("boomtown", "coloma", "builders", "calamityville")
KEYS_PER_RUN = 400
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
    async with run_settled(app, size=SIZE) as pilot:
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


# -- the crashes random keys found, each replayed on purpose ----------------------------------


async def test_page_down_as_a_select_opens_does_not_crash(store: Store, new_game: NewGame) -> None:
    """Calamityville: Enter opened "From", PageDown at once (KeyError inside Textual's list);
    the screen has a command field now, and the same keys still must not crash it."""
    session = new_game("calamityville", ("Ann", "Bo", "Cy"))
    app = GoldrushApp(store, open_game=session.game_id)
    async with run_settled(app, size=SIZE) as pilot:
        await pilot.press("enter", "pagedown", "pagedown", "pageup", "escape")
        await pilot.pause()
        assert app.is_running and app._exception is None and not _crash_log(store)


async def test_a_dialog_is_dismissed_once_and_opened_once(store: Store, new_game: NewGame) -> None:
    """`goldrush open ID`: the game screen is the only one under a dialog; a second dismiss
    (Enter twice quickly) took it away (ScreenStackError); a second ctrl+o stacked a copy."""
    from screens.correction import CorrectionDialog
    from screens.game import GameScreen

    session = new_game()
    app = GoldrushApp(store, open_game=session.game_id)
    async with run_settled(app, size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        game_screen = app.screen_stack[0]
        assert isinstance(game_screen, GameScreen)
        game_screen.action_correct()  # ctrl+o again, from the palette say
        app.push_screen(CorrectionDialog(session, 0))  # a palette command, say
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == [
            "BoomtownScreen",
            "CorrectionDialog",
        ]
        dialog = app.screen
        dialog.dismiss(None)
        dialog.dismiss(None)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and len(app.screen_stack) == 1
        assert app._exception is None and not _crash_log(store)


async def test_a_late_change_in_the_scoring_wizard_is_ignored(
    store: Store, new_game: NewGame
) -> None:
    """A change event that arrives after the last step was left read a field past the end
    (IndexError)."""
    from screens.scoring import ScoringWizard

    session = new_game("calamityville", ("Ann", "Bo", "Cy"))
    app = GoldrushApp(store, open_game=session.game_id)
    async with run_settled(app, size=SIZE) as pilot:
        await pilot.press("ctrl+f")  # before the gold runs out: asked first (y)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        wizard = app.screen
        assert isinstance(wizard, ScoringWizard)
        wizard.action_step(1)
        await pilot.pause()
        assert wizard.at_standings
        assert wizard._check(0)
        await pilot.press("1", "enter", "backspace")
        await pilot.pause()
        assert app._exception is None and not _crash_log(store)


async def test_a_screenshot_due_after_the_app_ended_is_dropped(store: Store) -> None:
    """The palette's Screenshot fires 0.1 s after it is chosen; the app may have ended."""
    app = GoldrushApp(store)
    async with run_settled(app, size=SIZE) as pilot:
        await pilot.pause()
    assert not app.screen_stack
    assert app.deliver_screenshot() is None  # it raised ScreenStackError
