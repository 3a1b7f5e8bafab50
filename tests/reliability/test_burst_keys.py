"""Random keys typed ahead, in bursts, on each game screen: the app never stops on an error.

`test_random_keys` lets the app settle after every key, so a key never arrives before what
the key before it opened is built. A player types ahead (a command, enter and the dialog's
keys in one go): here keys are queued in bursts of 5 to 30, all posted before any is
handled, as a terminal sends them; the app settles only between bursts. The pools are
`test_random_keys`' own, plus a few commands typed with the keys that follow them. Seeded,
so a failure replays: the message lists the bursts sent.

To hunt for more, raise BURSTS_PER_RUN and SEEDS by hand (a few seconds a game as it is:
the suite runs in parallel)."""

from __future__ import annotations

import random

import pytest

from companion.session import GameSession
from companion.store import Store
from screens.app import GoldrushApp
from tests.conftest import NewGame
from tests.reliability.test_random_keys import CONTROL, PRINTABLE, SPECIAL, WORDS, _crash_log
from tests.screens.helpers import SIZE, key_event, run_settled, until_settled

GAMES = ("boomtown", "coloma", "builders", "calamityville")
BURSTS_PER_RUN = 12
SEEDS = (1, 2)
BURST_SIZES = (5, 30)

TYPED_AHEAD = [  # a command or a dialog's key, and what follows it, in one go
    [*"holdup", "enter", "c", "y", "tab", "1", "3", "tab", "4", "space", "4", "ctrl+g"],
    ["ctrl+o", "tab", "1", "enter", "enter"],
    ["ctrl+t", "enter", "tab", "5", "ctrl+g"],
    ["f3", "tab", "right", "escape"],
    ["f1", "pagedown", "escape", "f1"],
    ["ctrl+p", *"quit", "escape", "escape"],
    ["ctrl+f", "y", "enter", "5", "enter", "escape"],
    ["n", "enter", *"ann", "tab", "enter"],
    ["h", "tab", *"zo", "enter", "escape"],
]


def _next_burst(rng: random.Random) -> list[str]:
    size = rng.randint(*BURST_SIZES)
    keys: list[str] = []
    while len(keys) < size:
        roll = rng.random()
        if roll < 0.3:
            keys.append(rng.choice(PRINTABLE))
        elif roll < 0.6:
            keys.append(rng.choice(SPECIAL))
        elif roll < 0.75:
            keys.append(rng.choice(CONTROL))
        elif roll < 0.88:
            keys.extend(rng.choice(WORDS))
        else:
            keys.extend(rng.choice(TYPED_AHEAD))
    return keys


async def _send_bursts(app: GoldrushApp, store: Store, rng: random.Random, count: int) -> None:
    sent: list[list[str]] = []
    async with run_settled(app, size=SIZE):
        for _ in range(count):
            keys = _next_burst(rng)
            sent.append(keys)
            for key in keys:
                app.post_message(key_event(app, key))
            await until_settled(app)
            crash = _crash_log(store)
            assert not crash and app._exception is None and app.return_code in (None, 0), (
                f"crash after bursts {sent[-3:]}:\n{crash or app._exception!r}"
            )
            if not app.is_running:  # a legitimate way out (e.g. "quit" from the palette)
                return


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
async def test_keys_typed_ahead_never_crash_the_app(
    store: Store, new_game: NewGame, game: str, seed: int
) -> None:
    names = ("Ann", "Bo", "Cy", "Di") if game != "coloma" else ("Ann", "Bo", "Cy")
    session: GameSession = new_game(game, names)
    rng = random.Random(f"burst-{game}-{seed}")
    # odd seeds: as `goldrush open ID` (the game screen is the only one); even: from home
    app = GoldrushApp(store, open_game=session.game_id) if seed % 2 else GoldrushApp(store)
    await _send_bursts(app, store, rng, BURSTS_PER_RUN)


# -- the crashes bursts found, each replayed on purpose ----------------------------------------


async def _typed_ahead(store: Store, new_game: NewGame, *keys: str) -> list[str]:
    """The keys sent at once to a Boomtown game opened as `goldrush open ID`; the screens
    open once the app has handled them all."""
    session = new_game("boomtown", ("Ann", "Bo", "Cy"))
    app = GoldrushApp(store, open_game=session.game_id)
    async with run_settled(app, size=SIZE):
        await until_settled(app)
        for key in keys:
            app.post_message(key_event(app, key))
        await until_settled(app)
        assert app.is_running and app._exception is None and not _crash_log(store)
        return [type(screen).__name__ for screen in app.screen_stack]


async def test_a_page_key_as_the_palette_opens_does_nothing(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+p, then PageDown at once: the palette's list paged through lines it had not laid
    out yet (KeyError inside Textual's OptionList), as a Select's list did."""
    await _typed_ahead(store, new_game, "ctrl+p", "pagedown", "pageup", "escape")


async def test_a_palette_command_chosen_twice_is_taken_once(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+p, `r`, enter, enter: both enters chose a command; the second dismissed the palette
    again and took away the game screen under it (ScreenStackError)."""
    screens = await _typed_ahead(store, new_game, "ctrl+p", "r", "enter", "enter")
    assert screens[0] == "BoomtownScreen" and "Palette" not in screens


async def test_a_question_answered_before_it_says_why_a_key_answered_nothing(
    store: Store, new_game: NewGame
) -> None:
    """A key typed on as a question came up is answered by a note after the next refresh; in a
    burst the question may be answered (escape) and gone by then: the note found no place
    (NoMatches on the confirm dialog, from bursts on Coloma). Replayed directly: the note
    comes after the dialog is gone."""
    from screens.confirm import ConfirmDialog

    app = GoldrushApp(store)
    async with run_settled(app, size=SIZE):
        dialog = ConfirmDialog("Delete it?")
        await app.push_screen(dialog)
        await until_settled(app)
        dialog.dismiss(False)
        await until_settled(app)
        dialog._say_typed_on()  # as the refresh's callback, due after the answer
        await until_settled(app)
        assert app.is_running and app._exception is None and not _crash_log(store)
