"""ctrl+o's What: another thing chosen clears what was typed for the one before, a value
typed on What moves it nowhere, two holdings of one label are told apart, and a sixth
property is noted before it is recorded (a Calamityville play-test of four players)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, Select
from textual.widgets._select import SelectOverlay

from companion.games.calamityville import CalamityState
from companion.session import GameSession
from companion.store import Store
from screens.calamityville import CalamityvilleScreen
from screens.correction import CorrectionDialog
from tests.conftest import NewGame
from tests.screens.helpers import (
    key_event,
    make_app,
    open_screen,
    send_keys,
    settle,
    text_of,
    type_into,
)
from tests.screens.test_correction_dialog_fits import ctrl_o as ctrl_o_on


def four_players(new_game: NewGame) -> GameSession:
    """Ann, Bo, Cy and Dee; Bo owns a $500 mine and two $300 banks, Dee five properties."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Dee"), first=0)
    rules = session.rules
    for seat, kind, value in (
        (1, "mine", 500),
        (1, "bank", 300),
        (1, "bank", 300),
        *((3, kind, 100) for kind in ("store", "store", "hotel", "hotel", "mine")),
    ):
        assert isinstance(session.state, CalamityState)
        session.act(rules.buy(session.state, seat, kind, value))
    return session


async def ctrl_o(pilot: Pilot, session: GameSession) -> CorrectionDialog:
    return await ctrl_o_on(pilot, session, CalamityvilleScreen)


def typed(dialog: CorrectionDialog) -> tuple[str, str]:
    return dialog.query_one("#value", Input).value, dialog.query_one("#reason", Input).value


async def test_another_what_clears_the_value_typed_for_the_one_before(
    store: Store, new_game: NewGame
) -> None:
    """999 and "big win" typed for Ann's money stayed when What moved to Bo's, and ctrl+s
    recorded Bo = 999 without a word (a play-test): the value and its refusal go, the new
    thing's hint and the placeholder show, and ctrl+s records nothing until a value is
    typed. The reason stays (a later play-tester, its reason cleared, typed it again)."""
    session = four_players(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await ctrl_o(pilot, session)
        what = dialog.query_one("#what", Select)
        assert what.value == "0:money"
        entries = len(session.journal)
        await pilot.press(*"999", "enter", *"big win")
        await settle(pilot)
        assert typed(dialog) == ("999", "big win")
        await pilot.press("shift+tab", "shift+tab", "enter", "down", "enter")
        await settle(pilot)
        assert what.value == "1:money"
        assert typed(dialog) == ("", "big win")
        assert text_of(pilot, "#value-label") == dialog.fixes["1:money"].hint
        assert text_of(pilot, "#error-value") == ""
        assert "as the line above says" in dialog.query_one("#value", Input).render_line(0).text
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert pilot.app.screen is dialog and len(session.journal) == entries
        assert text_of(pilot, "#error-value") != ""  # what the field wants, said
        # a refusal beside the value goes with it
        await pilot.press(*"abc")
        await settle(pilot)
        assert "abc" in text_of(pilot, "#error-value")
        what.value = "property:0"  # Bo's mine
        await settle(pilot)
        assert typed(dialog) == ("", "big win")
        assert text_of(pilot, "#error-value") == ""
        assert text_of(pilot, "#value-label") == dialog.fixes["property:0"].hint
        await type_into(pilot, "#value", "cy")  # the value typed anew: recorded, reason kept
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, CalamityvilleScreen)  # (the app's own session of the game)
        assert len(screen.session.journal) == entries + 1
        assert screen.session.journal.entries[-1].text.endswith(": big win")


async def test_a_value_typed_on_what_moves_it_nowhere(store: Store, new_game: NewGame) -> None:
    """`350` and enter typed on What (meant for the value) moved What to "Bo's mine ($500)"
    while `zoe` and `test` stayed, and ctrl+s gave the mine to Zoë (a play-test): a number
    typed in What's list jumps nowhere (its labels' numbers are values, not what the player
    looks for), and the letters of a name still do."""
    session = four_players(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await ctrl_o(pilot, session)
        what = dialog.query_one("#what", Select)
        what.value = "property:0"  # Bo's mine ($500): `3` jumped to his $300 bank
        await settle(pilot)
        dialog.query_one("#value", Input).focus()
        await pilot.press(*"cy", "enter", *"test")
        await settle(pilot)
        assert typed(dialog) == ("cy", "test")
        await pilot.press("shift+tab", "shift+tab")  # to What
        await settle(pilot)
        assert pilot.app.focused is what
        send_keys(pilot, "350")  # its list closed: Textual's Select takes no letters
        await settle(pilot)
        assert what.value == "property:0" and not what.expanded
        await pilot.press("enter")  # its list open: typing searches it
        await settle(pilot)
        assert what.expanded
        for keys in ("350", "$3", "+5", "-3"):
            send_keys(pilot, keys)
            await settle(pilot)
            assert dialog.query_one(SelectOverlay).highlighted == 4, keys  # where it was
        await pilot.press("enter")  # the one it had: no change
        await settle(pilot)
        assert what.value == "property:0" and typed(dialog) == ("cy", "test")
        assert pilot.app.focused is dialog.query_one("#value")
        await pilot.press("shift+tab", "enter")  # the list again: a name's letters jump
        await settle(pilot)
        send_keys(pilot, "dee")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert what.value == "3:money" and typed(dialog) == ("", "test")  # the reason stays


async def test_a_sixth_property_is_noted_beside_the_owner_as_it_is_typed(
    store: Store, new_game: NewGame
) -> None:
    """Bo's bank given to Dee, who owns five, was recorded with its warning only at the end
    of the Done line, cut off at 80 columns (a play-test): it is said beside the owner as it
    is typed, whole, as a note; the correction is recorded all the same."""
    session = four_players(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await ctrl_o(pilot, session)
        dialog.query_one("#what", Select).value = "property:1"
        await settle(pilot)
        dialog.query_one("#value", Input).focus()
        line = dialog.query_one("#error-value")
        await pilot.press("c")  # Cy: four after it, nothing to say
        await settle(pilot)
        assert text_of(pilot, "#error-value") == "" and not line.has_class("-note")
        await pilot.press("backspace", *"dee")
        await settle(pilot)
        said = " ".join(text_of(pilot, "#error-value").split())
        assert said == (
            "Dee would own 6 properties: the rules allow five (mines included). It is "
            "recorded all the same."
        )
        assert line.has_class("-note") and line.region.height >= 2  # wrapped, all of it
        assert line.region.right <= dialog.query_one("#correction-box").region.right
        await pilot.press("enter", *"zeo", "enter")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, CalamityvilleScreen)  # recorded all the same
        assert isinstance(screen.state, CalamityState) and len(screen.state.owned(3)) == 6


async def test_two_banks_of_one_owner_and_value_are_told_apart_in_what(
    store: Store, new_game: NewGame
) -> None:
    """Bo's two $300 banks were listed as "Bo's bank ($300)" twice (a play-test)."""
    session = four_players(new_game)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        dialog = await ctrl_o(pilot, session)
        what = dialog.query_one("#what", Select)
        prompts = [str(prompt) for prompt, _ in what._options]
        assert len(set(prompts)) == len(prompts)
        assert "Bo's bank ($300, bought first)" in prompts
        assert "Bo's bank ($300, bought second)" in prompts


async def test_keys_typed_ahead_with_ctrl_o_go_where_the_player_expects(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+o, 999, enter and "big win" typed in one go (at a table, typing ahead is the
    norm) landed in the wrong place or were lost (a play-test): the value gets 999, the
    reason "big win", and nothing is typed into the game's command field; the command
    typed on after the enter that records it goes there."""
    session = four_players(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        for key in ["ctrl+o", *"999", "enter", *"big win"]:  # all sent before any is handled
            pilot.app.post_message(key_event(pilot.app, key))
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert typed(dialog) == ("999", "big win")
        assert dialog.query_one("#reason", Input).has_focus
        assert screen.query_one("#command", Input).value == ""
        for key in ["enter", *"bo"]:  # recorded; the next command typed on at once
            pilot.app.post_message(key_event(pilot.app, key))
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.session.journal.effective()[-1].text.endswith(": big win")
        assert screen.query_one("#command", Input).value == "bo"
