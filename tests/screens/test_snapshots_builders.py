"""Boomtown Builders at 80x24 and at 120x40 with four players, in the middle of round 3.

Deterministic: fixed file times, a chosen first player. Update after an intended change of
look: `pytest tests/screens/test_snapshots_builders.py --snapshot-update`, then review.
"""

from __future__ import annotations

import os

from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app
from tests.screens.test_snapshots import FIXED_TIME


def four_player_game(store: Store, new_game: NewGame):  # type: ignore[no-untyped-def]
    """Bea and Bob (told apart), a long name; arrows, terrain, cards' marks, two tokens (one
    on a building), round 3 under way."""
    session = new_game(
        game="builders", names=("Bea", "Bob", "Cy", "Dianne Longname"), first=0, terrain=True
    )
    rules, act = session.rules, session.act
    act(rules.board(session.state, [5] * 10))
    arrows = {1: ["<", "", ">", "", ""], 2: ["", ">", "", "<", ""], 3: ["<", "", "", "", ">"]}
    act(rules.rows_arrows(session.state, arrows))
    act(rules.place_terrain(session.state, 3, 3, "goldmine"))
    act(rules.place_terrain(session.state, 5, 4, "mountain-right"))
    for seat, row, column, cube, marks in (
        (0, 3, 2, 3, "<+"),
        (1, 2, 5, 2, ">"),
        (2, 1, 3, 1, ""),
        (3, 1, 2, 1, "<"),
    ):
        act(rules.build(session.state, seat, row, column, cube, marks))
    act(rules.token_from_board(session.state))
    act(rules.next_round(session.state))
    for seat, row, column, cube, marks in (
        (1, 4, 1, 3, ">"),
        (2, 2, 2, 1, "<"),
        (3, 3, 4, 2, ">"),
        (0, 2, 3, 1, ""),
    ):
        act(rules.build(session.state, seat, row, column, cube, marks))
    act(rules.token_from_board(session.state))
    act(rules.next_round(session.state))
    act(rules.build(session.state, 2, 3, 1, 1, "<"))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


def snapshot(snap_compare, store: Store, new_game: NewGame, size: tuple[int, int]) -> bool:  # type: ignore[no-untyped-def]
    session = four_player_game(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    return bool(snap_compare(make_app(store), run_before=open_game, terminal_size=size))


def test_builders_80x24(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    assert snapshot(snap_compare, store, new_game, (80, 24))


def test_builders_120x40(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    assert snapshot(snap_compare, store, new_game, (120, 40))
