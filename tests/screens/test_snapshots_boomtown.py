"""Boomtown at 80x24 and at 120x40 with five players in the middle of a game (#12).

Deterministic: fixed file times, a chosen first player, no dice rolled by chance."""

from __future__ import annotations

import os

from companion.games.boomtown import BoomtownState, MineCard
from companion.session import GameSession
from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app

FIXED_TIME = 1_767_268_800  # 2026-01-01 12:00 UTC
NAMES = ("Annabelle", "Bo", "Cyrus", "Dolores", "Ed")

ROUNDS: tuple[tuple[int, int, tuple[object, ...], tuple[int, int]], ...] = (
    # (winner, bid, picks in pick order, dice)
    (
        0,
        0,
        (
            MineCard("San Narciso", 6, 9, True),
            MineCard("Cactus Junction", 8, 7),
            MineCard("San Narciso", 8, 2),
            MineCard("Cold Mountain", 9, 3),
            MineCard("Coyote City", 5, 5),
        ),
        (4, 4),
    ),
    (
        1,
        3,
        (
            MineCard("Cactus Junction", 9, 2),
            MineCard("Cactus Junction", 4, 6),
            "telegraph",
            MineCard("Dry Gulch", 8, 5),
            MineCard("San Narciso", 10, 3),
        ),
        (3, 3),
    ),
    (
        2,
        4,
        (
            ("saloon", {"town": "San Narciso"}),
            MineCard("Dry Gulch", 9, 4),
            MineCard("San Narciso", 9, 3),
            MineCard("Coyote City", 6, 3),
            "stagecoach",
        ),
        (5, 4),
    ),
)


def five_player_game(store: Store, new_game: NewGame) -> GameSession:
    """Round 4 of five players, in the auction: mines in every town, mayors, a saloon."""
    session = new_game(names=NAMES, first=0)
    rules = session.rules

    def state() -> BoomtownState:
        assert isinstance(session.state, BoomtownState)
        return session.state

    for winner, bid, picks, dice in ROUNDS:
        session.act(rules.reveal(state()))  # type: ignore[attr-defined]
        while state().phase == "auction":
            turn = state().auction_turn
            if turn == winner and state().high_bidder != winner and bid:
                session.act(rules.bid(state(), turn, bid))  # type: ignore[attr-defined]
            else:
                session.act(rules.pass_(state(), turn))  # type: ignore[attr-defined]
        if state().phase == "payment":
            session.act(rules.pay_split(state())[0])  # type: ignore[attr-defined]
        for pick in picks:
            seat = state().next_picker
            if isinstance(pick, MineCard):
                session.act(rules.pick_mine(state(), seat, pick))  # type: ignore[attr-defined]
            elif isinstance(pick, str):
                session.act(rules.pick_event(state(), seat, pick))  # type: ignore[attr-defined]
            else:
                card, params = pick  # type: ignore[misc]
                session.act(rules.pick_event(state(), seat, card, **params))  # type: ignore[attr-defined]
        session.act(rules.produce(state(), dice))  # type: ignore[attr-defined]
        session.act(rules.next_round(state()))  # type: ignore[attr-defined]
    session.act(rules.reveal(state()))  # type: ignore[attr-defined]
    session.act(rules.bid(state(), state().auction_turn, 2))  # type: ignore[attr-defined]
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


def _snapshot(snap_compare, store: Store, new_game: NewGame, size: tuple[int, int]) -> bool:  # type: ignore[no-untyped-def]
    session = five_player_game(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    return snap_compare(make_app(store), run_before=open_game, terminal_size=size)


def test_boomtown_80x24(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    assert _snapshot(snap_compare, store, new_game, (80, 24))


def test_boomtown_120x40(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    assert _snapshot(snap_compare, store, new_game, (120, 40))
