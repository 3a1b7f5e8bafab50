"""One snapshot per screen. Deterministic: fixed file times, chosen first players.

Update after an intended change of look: `make snapshots`, then review the SVGs.
"""

from __future__ import annotations

import os

from companion.amounts import parse_amount
from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, make_app

FIXED_TIME = 1_767_268_800  # 2026-01-01 12:00 UTC


def sample_game(store: Store, new_game: NewGame):  # type: ignore[no-untyped-def]
    session = new_game(names=("Ann", "[bold red]Bo[/]", "Cy"), first=1)
    session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+5")))
    session.act(session.rules.correct(session.state, 2, "gold", parse_amount("7"), "[i]chips[/i]"))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


def test_home(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    sample_game(store, new_game)
    assert snap_compare(make_app(store), terminal_size=SIZE)


def test_new_game_dialog(snap_compare, store: Store) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(store), press=["n", *"Ann", "enter", "A"], terminal_size=SIZE)


def test_tracker(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = sample_game(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(
        make_app(store), run_before=open_game, press=["down", *"x", "enter"], terminal_size=SIZE
    )


def test_correction_dialog(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = sample_game(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=open_game, press=["ctrl+o"], terminal_size=SIZE)


def test_help(snap_compare, store: Store) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(store), press=["f1"], terminal_size=SIZE)


def test_scoring_standings(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = sample_game(store, new_game)

    async def to_standings(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        pilot.app.screen.query_one("#answer-1").value = "9"
        await pilot.press("ctrl+n")
        await pilot.pause()
        pilot.app.screen.query_one("#answer-0").value = "3 4"
        await pilot.press("ctrl+n", "ctrl+n")
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=to_standings, terminal_size=SIZE)


def test_confirm_delete(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    sample_game(store, new_game)
    assert snap_compare(make_app(store), press=["d"], terminal_size=SIZE)
