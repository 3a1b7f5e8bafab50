"""Calamityville's screen at 80x24 and at 120x40, four players in the middle of a game.

Deterministic: a fixed first player and file time. Update after an intended change of look
with `--snapshot-update -k calamityville`, then review the SVGs.
"""

from __future__ import annotations

import os

from companion.games.calamityville import BANK
from companion.session import GameSession
from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app

FIXED_TIME = 1_767_268_800  # 2026-01-01 12:00 UTC


def middle_of_a_game(new_game: NewGame) -> GameSession:
    """Four players, a long name and one with markup, properties of every type, payments,
    rent and three newspaper cards read."""
    session = new_game(
        game="calamityville", names=("Ann", "[bold red]Bo[/]", "Cy Wellington", "Di"), first=1
    )
    rules = session.rules
    for seat, kind, value in (
        (0, "bank", 300),
        (0, "hotel", 150),
        (0, "store", 1200),
        (0, "mine", 50),
        (0, "mine", 75),
        (1, "hotel", 100),
        (2, "bank", 200),
        (3, "store", 100),
    ):
        session.act(rules.buy(session.state, seat, kind, value))
    session.act(rules.pay(session.state, 2, 0, 300, "rent"))
    session.act(rules.pay(session.state, 3, BANK, 150, "doctor"))
    session.act(rules.rent(session.state, 1, 1, None))
    for _ in range(3):
        session.act(rules.newspaper(session.state))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


def snapshot(snap_compare, store: Store, new_game: NewGame, size: tuple[int, int]) -> bool:  # type: ignore[no-untyped-def]
    session = middle_of_a_game(new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    return snap_compare(make_app(store), run_before=open_game, terminal_size=size)


def test_calamityville_80x24(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    assert snapshot(snap_compare, store, new_game, (80, 24))


def test_calamityville_120x40(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    assert snapshot(snap_compare, store, new_game, (120, 40))
