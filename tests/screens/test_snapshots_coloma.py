"""The Coloma screen with six players (the most Coloma allows) in the middle of a game, at
80x24 (short and narrow: the gold value in one line, the log hidden) and at 120x40.
Deterministic: fixed file times and a chosen Sheriff, like tests/screens/test_snapshots.py."""

from __future__ import annotations

import os

from companion.session import GameSession
from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app

FIXED_TIME = 1_767_268_800  # 2026-01-01 12:00 UTC
NAMES = ("Annabelle", "Bo", "Cyrus McCoy", "Dot", "Eli", "Fran")


def six_player_game(new_game: NewGame) -> GameSession:
    """Round 2 of 1848: the Events, a Tent, the Bust, Gunmen and a Barrel."""
    session = new_game(game="coloma", names=NAMES, first=1)
    rules = session.rules
    for change in (
        lambda state: rules.pools(state, [6, 8, 10]),
        rules.event,
        lambda state: rules.pitch(state, 2, 2),
        lambda state: rules.sites(state, [3, 1, 3, 2, 4, 5], []),
        rules.next_round,
        rules.event,
        lambda state: rules.gunmen(state, 0, 1, 3),
        lambda state: rules.barrel(state, 1, 2),
        lambda state: rules.gunmen(state, 2, 2, 2),
        lambda state: rules.sites(state, [1, 2, 3, 4, 5, 5], []),
    ):
        session.act(change(session.state))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


def _open(session: GameSession):  # type: ignore[no-untyped-def]
    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    return open_game


def test_coloma_six_players_80x24(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = six_player_game(new_game)
    assert snap_compare(
        make_app(store),
        run_before=_open(session),
        press=[*"fran bucks +1", "enter"],
        terminal_size=(80, 24),
    )


def test_coloma_six_players_120x40(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = six_player_game(new_game)
    assert snap_compare(
        make_app(store),
        run_before=_open(session),
        press=[*"fran bucks +1", "enter"],
        terminal_size=(120, 40),
    )
