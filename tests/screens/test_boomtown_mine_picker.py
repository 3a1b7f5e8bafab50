"""The mine list (ctrl+l) and a custom mine of a catalog town and number: that printed
card, counted once (a play-test counted the Cactus Junction 2 twice)."""

from __future__ import annotations

from textual.widgets import Input, Select

from companion.games.boomtown import BoomtownState, MineCard, unseen_mines
from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app, settle, text_of, type_into
from tests.screens.test_dialogs import boomtown_in_the_picks, open_mine_picker


async def test_a_custom_mine_of_a_card_in_play_says_whose_it_is(
    store: Store, new_game: NewGame
) -> None:
    """Cy took the catalog's Cactus Junction 2 in the opening round: `cj 2 7` was told "The
    catalog has Cactus Junction 2 (6 gold)" and went in beside it, the card counted twice.
    It says the card is Cy's; a second enter takes another mine all the same."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        picker = await open_mine_picker(pilot, session)
        await type_into(pilot, "#mine-filter", "cj 2 7")
        await pilot.press("enter")
        await settle(pilot)
        assert picker.query_one("#custom-town", Select).value == "Cactus Junction"
        assert picker.query_one("#custom-value", Input).value == "7"
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is picker
        assert text_of(pilot, "#custom-error") == (
            "Cactus Junction 2 (6 gold) is already in play (Cy's). Enter (or Take it) again "
            "takes a second one all the same."
        )


async def test_a_custom_mine_takes_its_printed_card_out_of_the_list(
    store: Store, new_game: NewGame
) -> None:
    """San Narciso 2 read as 7 gold: the catalog's San Narciso 2 (6 gold) is no longer
    offered, and the list offers as many mines as "Not taken yet" counts."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        picker = await open_mine_picker(pilot, session)
        screen = pilot.app.screen_stack[-2]
        state = screen.session.state  # type: ignore[attr-defined]
        assert isinstance(state, BoomtownState)
        assert len(picker.free) == unseen_mines(state) == 41
        await type_into(pilot, "#mine-filter", "sn 2 7")
        await pilot.press("enter", "enter", "enter")  # to the custom row, said, taken
        await settle(pilot)
        assert pilot.app.screen is screen
        state = screen.session.state  # type: ignore[attr-defined]
        assert (state.mines[-1].town, state.mines[-1].value) == ("San Narciso", 7)
        await pilot.press("ctrl+l")  # Bo's pick: the list opened anew
        await settle(pilot)
        again = pilot.app.screen
        assert MineCard("San Narciso", 2, 6) not in again.free  # type: ignore[attr-defined]
        assert len(again.free) == unseen_mines(state) == 40  # type: ignore[attr-defined]
