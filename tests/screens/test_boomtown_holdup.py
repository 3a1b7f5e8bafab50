"""The Holdup's Number field says what the number is (a play-test could not tell)."""

from __future__ import annotations

from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app, send_keys, settle, text_of
from tests.screens.test_dialogs import boomtown_in_the_picks, open_event_card


async def test_the_holdups_number_is_explained_under_its_field(
    store: Store, new_game: NewGame
) -> None:
    """The rules: name a number from 2 to 12 and roll two dice; on that number or more the
    player pays you the named amount. Said under the field, shown with it at 80x24; the
    other cards do not show it."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await open_event_card(pilot, session)
        assert not dialog.query_one("#holdup-hint").display  # the card list first
        send_keys(pilot, "holdup")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert dialog.card == "holdup"
        hint = dialog.query_one("#holdup-hint")
        assert hint.display and text_of(pilot, "#holdup-hint") == (
            "Number: on a roll of it or more, that player pays you that much gold."
        )
        box, region = dialog.query_one("#event-box").region, hint.region
        assert region.height == 1 and region.bottom <= box.bottom <= 24
        assert region.y > dialog.query_one("#holdup-number").region.y  # under the field
        for part in ("#holdup-number", "#holdup-dice", "#event-play"):  # all still shown
            assert dialog.query_one(part).region.bottom <= box.bottom, part
        dialog.query_one("#event-card").value = "dynamite"  # type: ignore[attr-defined]
        await settle(pilot)
        assert not dialog.query_one("#holdup-hint").display
