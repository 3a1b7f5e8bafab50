"""The Holdup's Number field says what the number is (a play-test could not tell)."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from companion.store import Store
from tests.conftest import NewGame
from tests.screens.helpers import make_app, send_keys, settle, text_of
from tests.screens.test_boomtown_screen import holdup_played_by_ann
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


def burst(pilot, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Keys as a terminal sends them when typed quickly: all queued before any is handled."""
    for key in keys:
        event = events.Key(key, " " if key == "space" else key if len(key) == 1 else None)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)


async def test_a_holdup_refusal_moves_the_cursor_before_the_next_keys(
    store: Store, new_game: NewGame
) -> None:
    """A play-test (`cy` tab `13` tab `4 4`, ctrl+g, then backspace backspace `7` at once):
    "Name a number from 2 to 12." was shown under the Number, but the cursor moved only after
    the keys typed behind ctrl+g, which went into the dice (`47`, the number still 13). The
    cursor is in the field the refusal names before the next key, its text selected."""
    session = new_game(names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        _, dialog = await holdup_played_by_ann(pilot, session)
        for keys in ("cy", "\t", "13", "\t", "4 4"):
            burst(pilot, *(["tab"] if keys == "\t" else ["space" if c == " " else c for c in keys]))
            await settle(pilot)
        assert dialog.focused is dialog.query_one("#holdup-dice")
        burst(pilot, "ctrl+g", "backspace", "backspace", "7")
        await settle(pilot)
        assert text_of(pilot, "#event-error") == ""  # put right as it was typed: gone
        assert dialog.query_one("#holdup-number", Input).value == "7"
        assert dialog.query_one("#holdup-dice", Input).value == "4 4"
        assert dialog.focused is dialog.query_one("#holdup-number")
        # the dice refused: the same, in the dice
        burst(pilot, "tab", "9", "ctrl+g", "5", "space", "2")
        await settle(pilot)
        assert dialog.query_one("#holdup-dice", Input).value == "5 2"
        assert dialog.query_one("#holdup-number", Input).value == "7"
        assert dialog.focused is dialog.query_one("#holdup-dice")
        burst(pilot, "ctrl+g")
        await settle(pilot)
        assert "Cy pays Ann 7: Holdup" in text_of(pilot, "#log-lines")


async def test_the_holdup_typed_in_one_burst_goes_field_by_field(
    store: Store, new_game: NewGame
) -> None:
    """The play-test's keys typed at once, then enter: `cy` tab found nobody chosen yet (the
    list was filtered only after), the number went after the name (`cy13`); and enter in the
    number, after the 7, plays the card with it."""
    session = new_game(names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen, _ = await holdup_played_by_ann(pilot, session)
        keys = ["c", "y", "tab", "1", "3", "tab", "4", "space", "4", "ctrl+g"]
        burst(pilot, *keys, "backspace", "backspace", "7", "enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert "Cy pays Ann 7: Holdup" in text_of(pilot, "#log-lines")


async def test_the_holdup_typed_with_its_command_in_one_burst_does_not_stop_the_app(
    store: Store, new_game: NewGame
) -> None:
    """A play-test typed `holdup`, enter and the dialog's keys in one go: ctrl+g reached the
    dialog before it was built, and the app stopped on an unexpected error. Keys that come
    before the dialog is built do nothing there; the game goes on, and the card can be played
    once it shows."""
    from screens.event_card import EventCard
    from tests.screens.test_boomtown_screen import ROUND_ONE, played

    session = new_game(names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await played(pilot, session, *ROUND_ONE, "r", "1", "p", "p", "y")
        screen.query_one("#command", Input).focus()
        keys = ["h", "o", "l", "d", "u", "p", "enter", "c", "y", "tab", "1", "3", "tab"]
        burst(pilot, *keys, "4", "space", "4", "ctrl+g", "ctrl+g", "enter", "escape", "ctrl+g")
        await settle(pilot)
        assert pilot.app.is_running and pilot.app.return_code is None
        dialog = pilot.app.screen
        if isinstance(dialog, EventCard):  # still open: it plays as typed from now on
            dialog.query_one("#holdup-number", Input).value = "7"
            dialog.query_one("#holdup-dice", Input).value = "4 4"
            await pilot.press("ctrl+g")
            await settle(pilot)
        assert pilot.app.screen is screen
