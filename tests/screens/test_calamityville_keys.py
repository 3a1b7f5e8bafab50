"""A key on the Calamityville screen repaints what it changed, with no new layout (#16)."""

from __future__ import annotations

from companion.store import Store
from screens.calamityville import CalamityvilleScreen
from screens.widgets.wrapped_rows import WrappedRows
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, make_app, open_screen, settle, text_of, type_into
from tests.screens.test_fast_widgets import layouts_during


async def test_a_payment_and_a_purchase_need_no_layout(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        panels = [screen.query_one(f"#player-{seat}", WrappedRows) for seat in range(3)]
        await settle(pilot)
        drawn = [dict(panel._strips) for panel in panels]
        layouts = layouts_during(pilot.app)
        await type_into(pilot, "#command", "pay ann bo 150 rent")
        await pilot.press("enter")
        await settle(pilot)
        assert [screen.state.money(seat) for seat in range(3)] == [1850, 2150, 2000]
        assert layouts[0] == 0
        assert "$1850" in text_of(pilot, "#player-0") and "$2150" in text_of(pilot, "#player-1")
        # the money line alone repainted; Cy's panel not at all
        assert all(panels[0]._strips.get(y) is strip for y, strip in drawn[0].items() if y)
        assert all(panels[2]._strips.get(y) is strip for y, strip in drawn[2].items())
        await type_into(pilot, "#command", "buy cy hotel 300")
        await pilot.press("enter")
        await settle(pilot)
        assert "hotel\u00a0$300" in text_of(pilot, "#player-2")
        assert layouts[0] == 0  # a property more in a panel of fixed height


async def test_the_rent_preview_as_it_is_typed_needs_no_layout(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.buy(session.state, 2, "hotel", 300, 200))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        await settle(pilot)
        layouts = layouts_during(pilot.app)
        await type_into(pilot, "#command", "rent ann hotel 300")
        assert text_of(pilot, "#command-error") == (
            "Ann pays Cy $300 rent: $300 x 1 hotel. Enter collects it."
        )
        assert layouts[0] == 0
