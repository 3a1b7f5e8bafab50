"""The saloon fees of a production, as the one-line summary says them (`saloon_fees`),
and a game with fees replayed from its journal to the same state."""

from __future__ import annotations

import pickle

import pytest

from companion.games.base import copy_state
from companion.games.boomtown import BoomtownState, MineCard
from companion.session import GameSession
from tests.conftest import NewGame
from tests.core.test_boomtown import CM7, CM8, CM9, DG8, OPENING, Table


@pytest.fixture
def table(new_game: NewGame) -> Table:
    """Four players after an opening round of mines in which everybody passed."""
    table = Table(new_game(names=("Ann", "Bo", "Cy", "Di"), first=0))
    table.round(0, 0, *OPENING)
    return table


def test_the_fees_said_are_those_the_production_pays(table: Table) -> None:
    table.round(
        0,
        1,
        ("saloon", {"town": "Dry Gulch"}),
        ("saloon", {"town": "Dry Gulch"}),
        DG8,
        MineCard("Dry Gulch", 2, 5),
    )
    table.auction(0, 1)
    table.picks(MineCard("Dry Gulch", 6, 4), CM8, CM9, CM7)
    entry = table.rules.produce(table.state, (4, 4))  # 8: Cy's DG8 (5) pays Ann 2 and Bo 2
    before = copy_state(table.state)
    assert table.rules.saloon_fees(table.state, entry) == [(2, 0, 2, 2), (2, 1, 2, 2)]
    assert pickle.dumps(before) == pickle.dumps(table.state)  # asked before, nothing moved
    table.act(entry)
    assert "Cy pays Ann 2: saloon, Dry Gulch; Cy pays Bo 2: saloon, Dry Gulch" in entry.text


def test_the_fees_follow_the_telegraph(table: Table) -> None:
    """The summary's fees are those of the dice as the Telegraph leaves them."""
    table.round(0, 1, "telegraph", ("saloon", {"town": "Dry Gulch"}), DG8, CM9)
    table.auction(0, 1)
    table.picks(CM7, CM8, MineCard("Dry Gulch", 6, 4), MineCard("San Narciso", 8, 2))
    state = table.state
    assert state.phase == "production", (state.phase, state.picks, state.offered)
    entry = table.rules.produce(state, (1, 2), telegraph=(0, 1, 6))  # 1 + 6 = 7
    assert table.rules.saloon_fees(state, entry) == []  # Ann's CM7: no saloon there
    entry = table.rules.produce(state, (1, 2), telegraph=(0, 0, 6))  # 6 + 2 = 8: Cy's DG8
    assert table.rules.saloon_fees(state, entry) == [(2, 1, 2, 2)]


def test_a_game_with_saloon_fees_replays_to_the_same_state(table: Table) -> None:
    table.round(
        0,
        1,
        ("saloon", {"town": "Dry Gulch"}),
        ("saloon", {"town": "Dry Gulch"}),
        DG8,
        MineCard("Dry Gulch", 2, 5),
        dice=(4, 4),
    )
    played = table.state
    reopened = GameSession.open(table.session.store, table.session.path)
    assert isinstance(reopened.state, BoomtownState)
    for state in (played, reopened.state):
        state.report = []
    assert vars(reopened.state) == vars(played)
    assert played.gold(2) == 10 - 4 + 5 and played.gold(0) == 10 - 1 + 2
