"""A key on the Boomtown screen repaints what it changed, with no new layout (#16)."""

from __future__ import annotations

from companion.store import Store
from screens.boomtown import BoomtownScreen
from screens.widgets.wrapped_rows import WrappedRows
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, command, make_app, open_screen, settle, text_of, type_into
from tests.screens.test_fast_widgets import layouts_during


async def test_a_bid_and_a_pass_need_no_layout(store: Store, new_game: NewGame) -> None:
    session = new_game(names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BoomtownScreen)
        assert await command(pilot, "r") == ""
        panels = [screen.query_one(f"#player-{seat}", WrappedRows) for seat in range(3)]
        drawn = [dict(panel._strips) for panel in panels]
        for typed, turn in (("1", "Bo's turn"), ("p", "Cy's turn")):
            await type_into(pilot, "#command", typed)
            layouts = layouts_during(pilot.app)
            await pilot.press("enter")
            await settle(pilot)
            assert turn in text_of(pilot, "#step")
            assert layouts[0] == 0, typed
        assert screen.state.high_bid == 1
        for panel, before in zip(panels, drawn, strict=True):  # no gold moved: not repainted
            assert all(panel._strips.get(y) is strip for y, strip in before.items())
