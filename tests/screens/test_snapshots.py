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


def sample_game(store: Store, new_game: NewGame, game: str = "boomtown"):  # type: ignore[no-untyped-def]
    session = new_game(game=game, names=("Ann", "[bold red]Bo[/]", "Cy"), first=1)
    key = session.rules.numbers[0].key
    session.act(session.rules.adjust(session.state, 0, key, parse_amount("+5")))
    session.act(session.rules.correct(session.state, 2, key, parse_amount("7"), "[i]chips[/i]"))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


def test_home(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    sample_game(store, new_game)
    assert snap_compare(make_app(store), terminal_size=SIZE)


def test_home_80x24(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    """Long names at 80 columns: the players and the progress wrap, every column shown."""
    long = ("Annabelle", "Bartholomew", "Cyrus", "Dorothea", "Ezekiel", "Florence")
    games = [("coloma", long), ("calamityville", long[:4]), ("builders", long[:2])]
    for hours, (game, names) in enumerate(games, start=1):  # listed in this order
        session = new_game(game=game, names=names)
        os.utime(session.path, (FIXED_TIME - 3600 * hours, FIXED_TIME - 3600 * hours))
    sample_game(store, new_game)
    assert snap_compare(make_app(store), terminal_size=(80, 24))


def test_new_game_dialog(snap_compare, store: Store) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(store), press=["n", *"Ann", "enter", "A"], terminal_size=SIZE)


def coloma_game(store: Store, new_game: NewGame):  # type: ignore[no-untyped-def]
    """Coloma in Round 3 of 1848: gold taken, a Tent on an Event, Gunmen and a Barrel."""
    session = sample_game(store, new_game, "coloma")
    rules = session.rules
    for change in (
        lambda state: rules.pools(state, [3, 4, 5]),
        rules.event,
        lambda state: rules.pitch(state, 2, 2),
        lambda state: rules.sites(state, [3, 1, 3], []),
        rules.next_round,
        rules.event,
        lambda state: rules.gunmen(state, 0, 1, 3),
        lambda state: rules.barrel(state, 1, 2),
        lambda state: rules.gunmen(state, 2, 2, 2),
    ):
        session.act(change(session.state))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))
    return session


def test_coloma(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = coloma_game(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(
        make_app(store), run_before=open_game, press=[*"bo gun 3 9", "enter"], terminal_size=SIZE
    )


def test_coloma_shootout_tally(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = coloma_game(store, new_game)
    for _ in range(4):
        session.act(session.rules.next_round(session.state))
    session.act(session.rules.chart(session.state, "5 VP / 2 VP / 1 VP / 1 Grave"))
    os.utime(session.path, (FIXED_TIME, FIXED_TIME))

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=open_game, terminal_size=SIZE)


def test_correction_dialog(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = sample_game(store, new_game, "coloma")

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
        await pilot.press("y")  # Boomtown's round 1 is not the end: ctrl+f asks first
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


def boomtown_mid_round(store: Store, new_game: NewGame):  # type: ignore[no-untyped-def]
    from companion.games.boomtown import MineCard

    session = new_game(names=("Ann", "[bold red]Bo[/]", "Cy", "Di"), first=0)
    rules, act = session.rules, session.act
    act(rules.reveal(session.state))
    act(rules.bid(session.state, 0, 4))
    for seat in (1, 2, 3):
        act(rules.pass_(session.state, seat))
    act(rules.pay_split(session.state)[0])
    act(rules.pick_mine(session.state, 0, MineCard("Cold Mountain", 6, 9, True)))
    act(rules.pick_mine(session.state, 1, MineCard("Cold Mountain", 8, 1)))
    return session


def test_boomtown(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = boomtown_mid_round(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(
        make_app(store), run_before=open_game, press=[*"xx 6", "enter"], terminal_size=SIZE
    )


def test_split_calculator(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = boomtown_mid_round(store, new_game)

    async def open_calculator(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        pilot.app.screen.query_one("#split-bid").value = "9"
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=open_calculator, terminal_size=SIZE)


def test_calamityville(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = new_game(game="calamityville", names=("Ann", "[bold red]Bo[/]", "Cy"), first=0)
    rules = session.rules
    session.act(rules.buy(session.state, 0, "bank", 300))
    session.act(rules.buy(session.state, 1, "hotel", 100))
    session.act(rules.pay(session.state, 2, 0, 300, "rent"))
    session.act(rules.newspaper(session.state))

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=open_game, terminal_size=SIZE)


def builders_game(store: Store, new_game: NewGame):  # type: ignore[no-untyped-def]
    session = new_game(
        game="builders", names=("Ann", "[bold red]Bo[/]", "Cy"), first=0, terrain=True
    )
    rules, act = session.rules, session.act
    act(rules.board(session.state, [5] * 6))
    act(rules.place_terrain(session.state, 3, 3, "goldmine"))
    act(rules.build(session.state, 0, 3, 2, 3))
    act(rules.build(session.state, 1, 2, 5, 2))
    act(rules.build(session.state, 2, 1, 3, 1))
    act(rules.token(session.state, 2, 0, 1))
    return session


def test_builders(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = builders_game(store, new_game)

    async def open_game(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=open_game, terminal_size=SIZE)


def test_track_calculator(snap_compare, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    session = builders_game(store, new_game)

    async def open_calculator(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        pilot.app.screen.query_one("#calc-left").value = "3"
        await pilot.pause()

    assert snap_compare(make_app(store), run_before=open_calculator, terminal_size=SIZE)
