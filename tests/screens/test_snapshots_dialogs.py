"""The dialogs at the smallest supported terminal (80x24) and a common one (120x40): the
new-game dialog (with the players of an earlier game offered), the scoring wizard (an
answer step and the standings with their tie-break figures) and the correction dialog.

Update after an intended change of look: `make snapshots`, then review the SVGs."""

from __future__ import annotations

import os

import pytest

from companion.amounts import parse_amount
from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app

FIXED_TIME = 1_767_268_800  # 2026-01-01 12:00 UTC
SIZES = [(80, 24), (120, 40)]


def sample_game(store: Store, new_game: NewGame, game: str = "coloma"):  # type: ignore[no-untyped-def]
    session = new_game(game=game, names=("Ann", "[bold red]Bo[/]", "Cy"), first=1)
    key = session.rules.numbers[0].key
    session.act(session.rules.adjust(session.state, 0, key, parse_amount("+5")))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_new_game_dialog(snap_compare, store: Store, new_game: NewGame, size) -> None:  # type: ignore[no-untyped-def]
    sample_game(store, new_game)
    # Ann typed, then a name too long (its message on its own line), then "C": Cy offered
    keys = ["n", *"Ann", "enter", *("x" * 25), "ctrl+s", "enter", "C"]
    assert snap_compare(make_app(store), press=keys, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_scoring_wizard_step(snap_compare, store: Store, new_game: NewGame, size) -> None:  # type: ignore[no-untyped-def]
    """The first step, its running totals at the bottom. (Until 2026-11-27 this showed
    the "Score now?" question Boomtown asks in round 1, never the wizard: "y" was missing.)"""
    session = sample_game(store, new_game, "boomtown")

    async def to_step(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=to_step, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_scoring_wizard_standings(snap_compare, store: Store, new_game: NewGame, size) -> None:  # type: ignore[no-untyped-def]
    """Ann and Bo tie on points (9); the tie-break column shows what decided it."""
    session = sample_game(store, new_game, "builders")

    async def to_standings(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        for seat, answer in enumerate(["5x1 4x1", "3x3", "2x1"]):
            pilot.app.screen.query_one(f"#answer-{seat}").value = answer
        await pilot.press("ctrl+n")
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=to_standings, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_correction_dialog(snap_compare, store: Store, new_game: NewGame, size) -> None:  # type: ignore[no-untyped-def]
    session = sample_game(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    # a bad value: its message under the field as it is typed (enter stays there)
    keys = ["ctrl+o", *"x", "enter", "enter"]
    assert snap_compare(make_app(store), run_before=open_game, press=keys, terminal_size=size)
