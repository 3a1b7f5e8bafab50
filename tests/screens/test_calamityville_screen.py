"""The Calamityville screen: a few turns typed in the command field, from $2000 each to the
gold running out; refusals beside the field; nothing repeats; a finished game refuses play."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input, Select

from companion.games.calamityville import BANK
from companion.store import Store
from screens.calamityville import CalamityvilleScreen
from screens.confirm import ChoiceDialog, ConfirmDialog
from screens.correction import CorrectionDialog
from screens.scoring import ScoringWizard
from tests.conftest import NewGame
from tests.screens.helpers import (
    SIZE,
    command,
    make_app,
    open_screen,
    send_keys,
    settle,
    text_of,
    type_into,
)


async def correct_with_ctrl_o(pilot, what: str, value: str, reason: str) -> None:  # type: ignore[no-untyped-def]
    """ctrl+o, the thing to correct, its new value and the reason, each field's enter."""
    await pilot.press("ctrl+o")
    await settle(pilot)
    assert isinstance(pilot.app.screen, CorrectionDialog)
    pilot.app.screen.query_one("#what", Select).value = what
    await type_into(pilot, "#value", value)
    await pilot.press("enter")
    await type_into(pilot, "#reason", reason)
    await pilot.press("enter")
    await settle(pilot)


async def test_a_few_turns_to_the_gold_running_out(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "[b]Bo[/b]", "Cy", "Di"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)

        def money() -> list[int]:
            return [screen.state.money(seat) for seat in range(4)]

        # a payment to the bank, then one too large: refused with the shortfall
        assert await command(pilot, "pay ann bank 150 [i]doctor[/i]") == ""
        assert money() == [1850, 2000, 2000, 2000]
        assert "Ann pays the bank $150: [i]doctor[/i]" in text_of(pilot, "#log-lines")
        problem = await command(pilot, "pay ann bo 5000 rent")
        assert problem.startswith("Ann has $1850: $3150 short.")
        assert money() == [1850, 2000, 2000, 2000]
        assert screen.query_one("#command").value == "pay ann bo 5000 rent"  # kept to fix it
        # the bank pays a player; a reason may be left out
        assert await command(pilot, "pay bank cy 500 found gold") == ""
        assert await command(pilot, "pay di [b]bo 25") == ""
        assert money() == [1850, 2025, 2500, 1975]
        assert "Di pays [b]Bo[/b] $25: payment" in text_of(pilot, "#log-lines")
        # Ann buys three hotels
        for value in ("300", "200", "100"):
            assert await command(pilot, f"buy ann hotel {value}") == ""
        assert money()[0] == 1250 and len(screen.state.owned(0)) == 3
        # rent with all three: the bonus is asked once, then remembered
        await type_into(pilot, "#command", "rent bo hotel 300")
        assert "bonus rent" in text_of(pilot, "#command-error")
        await type_into(pilot, "#command", "rent bo hotel 300 bonus 100")
        assert text_of(pilot, "#command-error") == (  # who pays whom, and how (a play-test)
            "[b]Bo[/b] pays Ann $1000 rent: $300 x 3 hotels + $100 bonus for all three. "
            "Enter collects it."
        )
        # typed over with another command, the rent's line goes (enter then paid $5, the
        # line still saying "Enter collects it": a play-test); the rent typed again, back
        await type_into(pilot, "#command", "pay cy bo 5")  # (a payment's own line now)
        assert text_of(pilot, "#command-error") == "Cy pays [b]Bo[/b] $5: payment. Enter pays it."
        await type_into(pilot, "#command", "")
        assert text_of(pilot, "#command-error") == ""
        await type_into(pilot, "#command", "buy bo hotel 50")  # a refusal previewed: it goes too
        assert "three hotels" in text_of(pilot, "#command-error")
        await type_into(pilot, "#command", "news")
        assert text_of(pilot, "#command-error") == ""
        await type_into(pilot, "#command", "rent bo hotel 300 bonus 100")
        assert text_of(pilot, "#command-error").endswith("Enter collects it.")
        await pilot.press("enter")
        await settle(pilot)
        assert money()[:2] == [2250, 1025]
        assert store.read_settings()["calamityville"]["bonus_rent"] == 100
        assert "$300 x 3 hotels + $100 bonus for all three" in text_of(pilot, "#log-lines")
        assert await command(pilot, "rent cy hotel 100") == ""  # the bonus remembered
        assert money()[:3] == [2650, 1025, 2100]
        # the newspaper deck, by key and by word, then the gold runs out: the richest wins
        await pilot.press("ctrl+n", "ctrl+n")
        assert await command(pilot, "news") == ""
        await settle(pilot)
        assert screen.state.boom_left == 26
        assert "26 Boom, 20 Bust cards left" in text_of(pilot, "#round-line")
        assert "red Bust card" in await command(pilot, "gold")  # said beside the field
        assert "Type news alone" in await command(pilot, "news 2")
        await pilot.press("ctrl+g")  # refused: the card is red, under the Boom cards
        await settle(pilot)
        assert pilot.app.screen is screen and not screen.state.gold_out
        # beside the field, not in a toast over the deck's line (a play-test)
        said = text_of(pilot, "#command-error")
        assert "red Bust card" in said and "26 left" in said
        await type_into(pilot, "#command", "x")  # a key's refusal goes at the first key (it
        assert text_of(pilot, "#command-error") == ""  # stayed under the next command typed:
        await type_into(pilot, "#command", "")  # a play-test)
        for _ in range(26):
            screen.session.act(screen.rules.newspaper(screen.state))
        screen.refresh_view()
        await type_into(pilot, "#command", "gold")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot)
        # the card's own payments come first: the wizard waits for ctrl+f (it opened at
        # once, before the table could record them: a play-test)
        assert pilot.app.screen is screen and screen.state.gold_out
        assert text_of(pilot, "#command-error") == (
            "Gold ran out: record the card's payments with pay, then ctrl+f."
        )
        for key in ("ctrl+n", "ctrl+g"):  # not offered, but pressed: said why not (they
            await pilot.press(key)  # did nothing: a play-test)
            await settle(pilot)
            assert pilot.app.screen is screen
            assert text_of(pilot, "#command-error").startswith("The gold has ")
        assert await command(pilot, "pay bank bo 100 the card") == ""
        assert money()[1] == 1125
        await pilot.press("ctrl+f")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ScoringWizard)
        await pilot.press("ctrl+s", "ctrl+s")
        await settle(pilot)
        assert screen.session.state.finished
        # what changes the result (it said "ctrl+o corrects it", which leaves the score
        # sheet's winners as they were: a play-test)
        assert text_of(pilot, "#round-line").endswith(" ctrl+f reopens it to change the result.")
        assert text_of(pilot, "#step") == (
            "ctrl+o still corrects a number; only ctrl+f changes the result."
        )
        # the newspaper's keys are no longer offered (the footer kept them: a play-test)
        keys = {active.binding.action for active in screen.active_bindings.values()}
        assert "newspaper" not in keys and "gold_out" not in keys
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == (
            "The gold has run out: the game is over, no more newspaper cards."
        )
    [record] = store.read_history()
    assert "money = 2650" in record["sheet"]


async def test_a_short_name_that_could_be_the_bank_is_asked_and_pay_previews(
    store: Store, new_game: NewGame
) -> None:
    """`pay b ann 10` paid from Bo, not the bank, without a word, and a payment said
    nothing until enter (a play-test): `b` could be either, and what a payment does shows
    as it is typed, as a purchase's does."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "pay b ann 10") == (
            "b could be the bank or Bo: type bank, or more of the name."
        )
        assert screen.state.money(1) == 2000
        await type_into(pilot, "#command", "pay bo ann 10")
        assert text_of(pilot, "#command-error") == "Bo pays Ann $10: payment. Enter pays it."
        await type_into(pilot, "#command", "pay bo ann 5000")
        assert "Bo" in text_of(pilot, "#command-error")  # short: said as typed
        assert "Enter pays it" not in text_of(pilot, "#command-error")
        assert await command(pilot, "pay ba ann 10") != ""  # (no player: not the bank)
        assert await command(pilot, "pay bank ann 10") == ""
        assert screen.state.money(0) == 2010


async def test_the_property_limit_is_refused_beside_the_field(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        for kind in ("bank", "store", "hotel", "mine", "mine"):
            assert await command(pilot, f"buy bo {kind} 100") == ""
        assert len(screen.state.owned(1)) == 5
        assert await command(pilot, "buy bo mine 100") == (
            "Bo already owns five properties (mines included)."
        )
        assert "must be a whole number" in await command(pilot, "buy bo mine lots")
        assert "A property is a bank, a store, a hotel or a mine." in await command(  # (it read
            pilot,
            "buy bo castle 1",  # "a bank, store, hotel, mine": a play-test)
        )


async def test_a_second_enter_repeats_nothing(store: Store, new_game: NewGame) -> None:
    """The forms kept their values: a second enter bought a second $300 bank, or paid
    again. The field is cleared after each change; an empty enter says what to type."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "buy ann bank 300") == ""
        assert screen.query_one("#command").value == ""
        entries = len(screen.session.journal)
        for _ in range(3):
            await pilot.press("enter")
            await settle(pilot)
        assert len(screen.session.journal) == entries
        assert len(screen.state.owned(0)) == 1 and screen.state.money(0) == 1800
        assert text_of(pilot, "#command-error") == (  # gold too (left out: a play-test)
            "Nothing typed: pay, buy, rent, pass, news or gold (F1 lists them all)."
        )
        # each payment names its payer: nothing sticky from the one before
        assert await command(pilot, "pay ann bo 100 rent") == ""
        assert await command(pilot, "pay cy bo 50 rent") == ""
        assert [screen.state.money(s) for s in range(3)] == [1700, 2150, 1950]
        # up brings the last command back; only a second enter repeats it, on purpose
        await pilot.press("up")
        assert screen.query_one("#command").value == "pay cy bo 50 rent"


async def test_rent_and_pass_name_the_space(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    rules = session.rules
    session.act(rules.buy(session.state, 0, "bank", 300))
    session.act(rules.buy(session.state, 1, "bank", 300))
    session.act(rules.buy(session.state, 1, "store", 100))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await type_into(pilot, "#command", "rent cy bank 300")  # said as it is typed
        assert text_of(pilot, "#command-error").startswith("Which one? Add its owner's name")
        problem = await command(pilot, "rent cy bank 300")
        # the value is typed, and both are $300: only the owner tells them apart
        assert problem.startswith(
            "Which one? Add its owner's name before its type (… ann bank 300): Ann's bank"
        )
        # passed to Ann: Ann's own bank is not the one meant (asked which: a play-test)
        await type_into(pilot, "#command", "pass bank 300 to ann")
        assert text_of(pilot, "#command-error") == (
            "Bo's bank ($300) passes to Ann. Enter passes it."
        )
        assert await command(pilot, "rent cy bo bank") == ""
        assert screen.state.money(2) == 1700 and screen.state.money(1) == 1900
        # Bo landed: Bo's own bank is not the one meant (it was offered, a play-test)
        assert await command(pilot, "rent bo bank 300") == ""
        assert screen.state.money(1) == 1600 and screen.state.money(0) == 1800 + 300
        assert "No hotel in play" in await command(pilot, "rent cy hotel")
        assert await command(pilot, "rent bo store") == "Bo owns it: no rent."
        assert await command(pilot, "pass bo store to bo") == (
            "Bo already owns it: a property is passed to another player."
        )
        # said as typed, as a purchase and a rent are (nothing until enter: a play-test)
        await type_into(pilot, "#command", "pass store 100 to bo")
        assert text_of(pilot, "#command-error") == (
            "Bo already owns it: a property is passed to another player."
        )
        await type_into(pilot, "#command", "pass store 100 to an")
        assert text_of(pilot, "#command-error") == (
            "Bo's store ($100) passes to Ann. Enter passes it."
        )
        await type_into(pilot, "#command", "pay ann bo 5")  # typed over: it goes (the
        assert text_of(pilot, "#command-error").startswith("Ann pays Bo $5")  # payment's own)
        assert await command(pilot, "pass store 100 to ann") == ""
        assert screen.state.owned(0)[-1].kind == "store"
        assert "Bo's store ($100) passes to Ann" in text_of(pilot, "#log-lines")
        assert "Not a command: sell" in await command(pilot, "sell ann bank")
        assert "Not a command: rnet. Did you mean rent?" in await command(pilot, "rnet ann bank 1")


async def test_refusals_beside_the_field(store: Store, new_game: NewGame) -> None:
    """Issue 13: a fourth bank, a long reason, and nothing after the gold ran out."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Di"), first=0)
    rules = session.rules
    for seat in (0, 1, 2):
        session.act(rules.buy(session.state, seat, "bank", 100))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert "three banks" in await command(pilot, "buy di bank 100")
        assert not screen.state.owned(3)
        assert "at most 80 characters" in await command(pilot, "pay ann bo 5 " + "x" * 90)
        for _ in range(29):
            screen.session.act(rules.newspaper(screen.state))
        screen.session.act(rules.gold_runs_out(screen.state))
        screen.refresh_view()
        await type_into(pilot, "#command", "rent bo ann bank")
        assert "$0" not in text_of(pilot, "#command-error")
        await pilot.press("enter")
        await settle(pilot)
        assert "no rent is due" in text_of(pilot, "#command-error")
        assert "none is bought" in await command(pilot, "buy di store 100")
        await type_into(pilot, "#command", "pass ann bank")  # said as typed, as buy and rent
        assert text_of(pilot, "#command-error").endswith("none is passed.")
        assert "none is passed" in await command(pilot, "pass ann bank to di")
        assert await command(pilot, "pay ann bo 50 the card said") == ""  # still settles


async def test_a_finished_game_takes_only_corrections(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    session.act(session.rules.buy(session.state, 0, "bank", 300))
    session.act(session.rules.finish(session.state, "", "Ann wins"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        entries = len(screen.session.journal)
        for typed in ("pay ann bo 100 rent", "buy bo store 100", "news"):
            assert (await command(pilot, typed)).startswith("The game is finished")
        # nothing previewed as typed: enter's reason is the one (a preview gave another)
        for typed in ("buy bo store 100", "rent bo bank 300", "pass bank 300 to bo"):
            await type_into(pilot, "#command", typed)
            assert text_of(pilot, "#command-error") == "", typed
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert len(screen.session.journal) == entries
        assert text_of(pilot, "#command-error").startswith("The game is finished")  # said
        assert "ctrl+o still corrects" in text_of(pilot, "#step")
        # ctrl+o still corrects: the property was Bo's all along
        await correct_with_ctrl_o(pilot, "property:0", "bo", "the deed was Bo's")
        assert pilot.app.screen is screen and screen.session.state.finished
        assert screen.state.owned(1)[0].value == 300 and not screen.state.owned(0)
        assert "Correction: Ann's bank ($300) belongs to Bo" in text_of(pilot, "#log-lines")
        assert "bank\u00a0$300" in text_of(pilot, "#player-1")


async def test_ctrl_f_before_the_gold_runs_out_asks(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await pilot.press("ctrl+f")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert '"Gold Has Run Out!" has not been read' in text_of(pilot, "#confirm-question")
        await pilot.press("n")
        await settle(pilot)
        assert pilot.app.screen is screen and not screen.state.finished


async def test_a_refused_command_goes_when_the_game_is_finished(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: after the wizard finished the game, the command refused before it was
    still in the field, selected, as though waiting to be put right."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "zzz") != ""  # refused: it stays to be put right
        assert screen.query_one("#command", Input).value == "zzz"
        await pilot.press("ctrl+f")
        await settle(pilot)
        await pilot.press("y")  # yes, before the gold has run out
        await settle(pilot)
        await pilot.press("ctrl+s")  # to the standings
        await settle(pilot)
        await pilot.press("ctrl+s")  # saved: the game is finished
        await settle(pilot)
        assert pilot.app.screen is screen and screen.session.state.finished
        assert screen.query_one("#command", Input).value == ""
        assert text_of(pilot, "#command-error") == ""


async def test_a_refused_command_goes_when_a_key_changes_the_game(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: `gold` refused, then ctrl+n read the Boom cards; the field still held
    `gold`, and a stray enter minutes later ran it. A command being typed stays."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        field = screen.query_one("#command", Input)
        assert await command(pilot, "gold") != ""  # refused: Boom cards are left
        assert field.value == "gold"
        await pilot.press("ctrl+n")  # a newspaper card read by its key
        await settle(pilot)
        # the refusal went; the card read is said in its place (a new table saw nothing
        # happen at ctrl+n: a play-test)
        assert field.value == ""
        assert text_of(pilot, "#command-error") == (
            "Boom card read; 28 Boom, 20 Bust left. Record it: pay, rent, pass."
        )
        send_keys(pilot, "pay ann")  # being typed: a key changing the game leaves it
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert field.value == "pay ann"


async def test_a_misspelt_name_is_corrected_with_ctrl_o(store: Store, new_game: NewGame) -> None:
    """The play-test's Gsu stayed Gsu all game: ctrl+o now puts a name right."""
    session = new_game(game="calamityville", names=("Eve", "Fay", "Gsu"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await correct_with_ctrl_o(pilot, "2:name", "Gus", "typo at setup")
        assert pilot.app.screen is screen
        assert "Gus" in text_of(pilot, "#player-2") and "Gsu" not in text_of(pilot, "#player-2")
        assert "Correction: Gsu is called Gus: typo at setup" in text_of(pilot, "#log-lines")
        assert await command(pilot, "pay gus eve 10") == ""  # the commands know the name


async def test_four_players_fit_80_by_24(store: Store, new_game: NewGame) -> None:
    """Each player's money and properties, the step line, the field and its message are all
    on screen at 80x24 with all 13 properties owned, five each by the two longest names (the
    forms were clipped off to the right). (Until the box's four mines were counted, this
    table had 20 properties, more than the box holds.)"""
    names = ("Annabel Lee", "Bo", "Cy Wellington", "Di")
    session = new_game(game="calamityville", names=names, first=0)
    rules = session.rules
    owned = {
        0: (("bank", 1200), ("store", 950), ("hotel", 75), ("mine", 50), ("mine", 1200)),
        1: (("bank", 300), ("store", 300)),
        2: (("bank", 950), ("store", 1200), ("hotel", 1200), ("mine", 950), ("mine", 75)),
        3: (("hotel", 300),),
    }
    for seat, properties in owned.items():
        for kind, value in properties:
            session.act(rules.buy(session.state, seat, kind, value, 10))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await settle(pilot)
        for selector in ("#round-line", "#step", "#command", "#command-error"):
            region = screen.query_one(selector).region
            assert region.right <= 80 and region.bottom <= 23 and region.height >= 1, selector
        for seat in range(4):
            panel = screen.query_one(f"#player-{seat}")
            assert panel.region.right <= 80 and panel.region.bottom <= 23
            shown = [strip.text for strip in panel.render_lines(panel.region.reset_offset)]
            assert names[seat] in shown[0] and f"${screen.state.money(seat)}" in shown[0]
            everything = " ".join(line.strip() for line in shown)
            for p in screen.state.owned(seat):
                assert f"{p.kind}\u00a0${p.value}" in everything, (seat, shown)


async def test_names_complete_as_they_are_typed(store: Store, new_game: NewGame) -> None:
    """A payment in about 15 keys: p tab, a tab, the rest; names and words complete."""
    session = new_game(game="calamityville", names=("Annabel", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        field = screen.query_one("#command")
        field.focus()
        for keys in ("pa", "tab", " ", "an", "tab", " ", *"ba", "tab", " 150"):
            if keys == "tab":
                await settle(pilot)
                await pilot.press("tab")
            else:
                send_keys(pilot, keys)
        await settle(pilot)
        assert field.value == "pay Annabel bank 150"
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.money(0) == 1850 and field.value == ""
        # a command's word only as the first word (`rent b` and tab gave `rent buy`)
        send_keys(pilot, "rent ba")
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        assert field.value == "rent bank"
        await pilot.press("ctrl+u")
        send_keys(pilot, "rent bu")
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        assert field.value == "rent bu"


async def test_the_price_is_remembered_as_typed(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "buy ann bank 300") == ""
        assert screen.state.money(0) == 1800  # $200 unless the table says otherwise
        await type_into(pilot, "#command", "buy ann store 100 for 250")
        assert text_of(pilot, "#command-error").startswith(  # what it costs, and that it
            # is kept, before enter (a play-test learnt it after)
            "Ann buys a store ($100 space) for $250, kept as the price from now on"
        )
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.money(0) == 1550
        assert store.read_settings()["calamityville"]["price"] == 250
        # kept for later purchases and games: said, not silent (a play-test)
        assert any("costs $250 from now on" in str(n.message) for n in pilot.app._notifications)
        assert "The price must be a whole number" in await command(pilot, "buy bo mine 5 for")
        await type_into(pilot, "#command", "buy bo hotel 100")
        assert text_of(pilot, "#command-error") == (
            "Bo buys a hotel ($100 space) for $250 (the price kept: for 200 changes it). "
            "Enter buys it."
        )
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.money(1) == 1750
        assert "Bo buys a hotel ($100 space) for $250" in text_of(pilot, "#log-lines")
        # undoing the purchase that changed the price puts the price before back (it stayed
        # $0 after a typo was undone: a play-test); redoing it keeps its own again
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert store.read_settings()["calamityville"]["price"] == 200
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert store.read_settings()["calamityville"]["price"] == 250
        # short of money: said as it is typed, with the way round it
        await type_into(pilot, "#command", "buy ann mine 100 for 5000")
        assert text_of(pilot, "#command-error").startswith("Ann has $1550: $3450 short.")
        assert "ctrl+o" in await command(pilot, "buy ann mine 100 for 5000")


async def test_a_price_for_one_purchase_only_keeps_the_price(
    store: Store, new_game: NewGame
) -> None:
    """A play-test: a one-off price (a card's deal) became the price of every purchase
    after it, in later games too. `for 150 once` pays it for that purchase only."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await type_into(pilot, "#command", "buy ann store 100 for 150 once")
        assert text_of(pilot, "#command-error") == (
            "Ann buys a store ($100 space) for $150 (this purchase only); the price kept "
            "stays $200. Enter buys it."
        )
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.money(0) == 1850
        assert "price" not in store.read_settings().get("calamityville", {})
        assert not any("from now on" in str(n.message) for n in pilot.app._notifications)
        assert await command(pilot, "buy bo hotel 100") == ""
        assert screen.state.money(1) == 1800  # the price kept: $200
        # the usage names the one-off form; a mine's value is asked as a bank's is
        assert "for 150 once, for this purchase only" in await command(
            pilot, "buy bo bank 300 for 250 now"
        )
        assert await command(pilot, "buy bo mine") == (
            "Type the value printed on the mine's space too: buy ann mine 300."
        )
        # the rulebook's hint once the Bust cards have started, where a purchase is typed
        screen.session.act(screen.rules.correct_text(screen.state, "deck:boom", "0", "counted"))
        screen.refresh_view()
        await type_into(pilot, "#command", "buy bo bank 300")
        assert text_of(pilot, "#command-error") == (
            "Bo buys a bank ($300 space) for $200; the red Bust cards have started, so "
            'properties are worth nothing once "Gold Has Run Out!" is read. Enter buys it.'
        )
        # with a price kept too: one sentence, one bracket (they were two: a play-test)
        await type_into(pilot, "#command", "buy bo bank 300 for 250")
        assert text_of(pilot, "#command-error") == (
            "Bo buys a bank ($300 space) for $250, kept as the price from now on, in later "
            "games too (for 200 goes back, for 250 once is for this purchase only); the red "
            'Bust cards have started, so properties are worth nothing once "Gold Has Run Out!" '
            "is read. Enter buys it."
        )
        for typed in ("buy bo bank 300 once", "buy bo bank 300 for once"):  # (the price left
            # out: "(not once)", "(not nothing)", a play-test)
            assert await command(pilot, typed) == (
                "The price must be a whole number, typed after for: buy ann bank 300 for 250 "
                "(and once after it for this purchase only)."
            ), typed


async def test_a_player_with_nothing_is_not_told_to_pay_0(store: Store, new_game: NewGame) -> None:
    """A play-test: Dee at $0 was told "To pay all they have: pay dee bo 0 rent", which is
    refused (an amount is 1 or more)."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    session.act(session.rules.pay(session.state, 0, BANK, 2000, "all of it"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "pay ann bo 100 rent") == (
            "Ann has $0: $100 short. Nothing to pay with; anything else the table agrees: "
            "ctrl+o sets a player's money (never below $0)."
        )


def shown_lines(screen: CalamityvilleScreen, selector: str) -> list[str]:
    """The lines a widget shows on screen, as drawn."""
    widget = screen.query_one(selector)
    return [strip.text.strip() for strip in widget.render_lines(widget.region.reset_offset)]


async def test_the_gold_run_out_line_shows_whole_beside_the_log(
    store: Store, new_game: NewGame
) -> None:
    """The play-test's status line stopped at 'ctrl+f scores the' at 120x40 with the log."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    rules = session.rules
    for _ in range(29):
        session.act(rules.newspaper(session.state))
    session.act(rules.gold_runs_out(session.state))
    for size in (SIZE, (80, 24)):
        async with make_app(store).run_test(size=size) as pilot:
            screen = await open_screen(pilot, session, CalamityvilleScreen)
            await settle(pilot)
            assert screen.query_one("#log").display == (size == SIZE)
            line = screen.query_one("#round-line")
            assert line.region.bottom <= size[1] - 1, size
            shown = " ".join(shown_lines(screen, "#round-line"))
            assert shown == (
                "The gold has run out: properties are worth nothing. ctrl+f scores the game."
            ), size
            for seat in range(3):  # the players' panels still in sight under it
                assert screen.query_one(f"#player-{seat}").region.bottom <= size[1] - 1


async def test_a_misspelt_property_is_said_to_be_no_property(
    store: Store, new_game: NewGame
) -> None:
    """`rent bo bnak 300` said 'Not a player: bnak' (the word was where the type goes)."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.buy(session.state, 0, "bank", 300))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "rent bo bnak 300") == (
            "Not a property: bnak. The properties are bank, store, hotel and mine."
        )
        assert (await command(pilot, "pass bnak 300 to cy")).startswith("Not a property: bnak.")
        # a name where the owner goes is still a player's: a wrong one says so
        assert "Not a player: anx" in await command(pilot, "rent bo anx bank 300")
        # a misspelt name gets a guess, or the players (pay evee bob 10: a play-test)
        assert (await command(pilot, "pay cyy bo 10")).endswith("Did you mean Cy?")
        assert (await command(pilot, "pay zed bo 10")).endswith(  # the bank goes there too
            "The players: Ann, Bo and Cy, or bank."
        )
        assert await command(pilot, "rent bo ann bank 300") == ""
        assert screen.state.money(1) == 1700


async def test_the_usage_examples_name_this_tables_players(store: Store, new_game: NewGame) -> None:
    """`pay ann bo 200 rent` was the example at every table (a play-test)."""
    session = new_game(game="calamityville", names=("Di", "Eve"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        assert "pay di eve 200 rent" in await command(pilot, "pay")
        assert "buy di bank 300" in await command(pilot, "buy")


async def test_undoing_a_rent_takes_its_typed_bonus_back(store: Store, new_game: NewGame) -> None:
    """A typo in the bonus is undone with its rent, in the game and in what is remembered
    for later games; redone, it is back (a play-test: `bonus 2000` kept charging)."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        for value in ("100", "200", "300"):
            assert await command(pilot, f"buy ann store {value}") == ""
        assert await command(pilot, "rent bo store 100 bonus 150") == ""
        assert "1 or more (not 0)" in await command(pilot, "rent cy store 100 bonus 0")
        await pilot.press("ctrl+u")
        assert await command(pilot, "rent cy store 100 bonus 1000") == ""
        assert store.read_settings()["calamityville"]["bonus_rent"] == 1000
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert store.read_settings()["calamityville"]["bonus_rent"] == 150
        await type_into(pilot, "#command", "rent cy store 100")
        assert "$100 x 3 stores + $150 bonus" in text_of(pilot, "#command-error")
        await pilot.press("ctrl+u", "ctrl+z")
        await settle(pilot)
        assert "bonus_rent" not in store.read_settings().get("calamityville", {})
        assert screen.state.bonus_rent is None
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert store.read_settings()["calamityville"]["bonus_rent"] == 150
        assert screen.state.bonus_rent == 150


async def test_a_rent_asking_for_its_bonus_stays_to_be_added_to(
    store: Store, new_game: NewGame
) -> None:
    """ "Add it at the end of the command: bonus 100": the refused rent stayed selected, so
    what was typed replaced it (`bonus 200` alone, "Not a command: bonus": a play-test). It
    stays with the cursor at its end."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    for value in (300, 200, 100):
        session.act(session.rules.buy(session.state, 0, "hotel", value))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        # a bonus of 0 or less refused in one way (-50 was "0 or more", 0 then refused)
        assert "1 or more (not -50)" in await command(pilot, "rent bo hotel 300 bonus -50")
        assert "1 or more (not 0)" in await command(pilot, "rent bo hotel 300 bonus 0")
        assert "Add it at the end" in await command(pilot, "rent bo hotel 300")
        field = screen.query_one("#command", Input)
        assert field.value == "rent bo hotel 300" and field.selection.is_empty
        await pilot.press(*" bonus 200", "enter")
        await settle(pilot)
        assert screen.state.money(1) == 2000 - 900 - 200
        # any other refusal stays selected, to be typed over
        assert await command(pilot, "zz") != ""
        assert not field.selection.is_empty


async def test_a_rent_that_cannot_be_paid_says_what_it_is(store: Store, new_game: NewGame) -> None:
    """ "Bo has $950: $150 short" left the table to work out the rent it owed (a play-test)."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    for value in (300, 200, 100):
        session.act(session.rules.buy(session.state, 0, "store", value))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        problem = await command(pilot, "rent bo store 300 bonus 1200")
        assert problem.startswith(
            "Bo owes $2100 rent ($300 x 3 stores + $1200 bonus for all three) and has $2000: "
            "$100 short."
        )
        assert screen.state.money(1) == 2000


async def test_a_space_worth_nothing_is_refused_in_one_way(store: Store, new_game: NewGame) -> None:
    """-100 was "0 or more", and 0 then refused as "more than $0" (a play-test)."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        assert "must be 1 or more (not -100)" in await command(pilot, "buy ann store -100")
        assert "must be 1 or more (not 0)" in await command(pilot, "buy ann store 0")


async def test_a_hint_names_an_owner_by_a_word_a_keyboard_types(
    store: Store, new_game: NewGame
) -> None:
    """Two $300 banks: "add its owner's name (… 🤠 bank 300)" (a play-test): `zed` it is."""
    session = new_game(game="calamityville", names=("🤠 Zed", "Bo", "Cy"), first=0)
    session.act(session.rules.buy(session.state, 0, "bank", 300))
    session.act(session.rules.buy(session.state, 1, "bank", 300))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        problem = await command(pilot, "rent cy bank 300")
        assert "(… zed bank 300)" in problem
        assert await command(pilot, "rent cy zed bank 300") == ""


async def test_the_decks_keys_say_a_refusal_beside_the_field(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+n with only "Gold Has Run Out!" left: a toast covered the deck's line, and the
    line under the field still said the last card read (a play-test)."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    for _ in range(29 + 19):
        session.act(session.rules.newspaper(session.state))
    async with make_app(store).run_test(size=SIZE, notifications=True) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert "ctrl+g (or gold) reads it" in text_of(pilot, "#command-error")
        assert not pilot.app._notifications


async def test_ctrl_o_after_a_refused_payment_starts_at_the_payer(
    store: Store, new_game: NewGame
) -> None:
    """ "Bo has $300: $200 short. ... record it as a correction (ctrl+o)": ctrl+o opened on
    Ann's money (a play-test). It starts at the player the command in the field names."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    session.act(session.rules.buy(session.state, 1, "bank", 100))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        assert "short" in await command(pilot, "pay bo ann 5000 rent")
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert dialog.query_one("#what", Select).value == "1:money"


async def test_a_price_kept_holds_in_the_game_when_the_settings_cannot_take_it(
    store: Store, new_game: NewGame
) -> None:
    """With the settings not saved (a full disk, a damaged file), "Price kept ... from now
    on, in later games too" was said and the next purchase cost $200 (a play-test): the
    price kept is the newest purchase's, and only this game is promised."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    store.settings_path.write_text("this is [not toml")
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await type_into(pilot, "#command", "buy ann bank 300 for 250")  # said so as typed
        assert "kept as the price from now on in this game" in text_of(pilot, "#command-error")
        await pilot.press("enter")
        await settle(pilot)
        notices = [str(n.message) for n in pilot.app._notifications]
        assert any("from now on in this game (buy ... for 200 goes back)" in n for n in notices)
        assert not any("in later games too" in n for n in notices)
        await type_into(pilot, "#command", "buy bo bank 200")
        assert text_of(pilot, "#command-error").startswith("Bo buys a bank ($200 space) for $250")
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.money(1) == 2000 - 250
        await pilot.press("ctrl+z", "ctrl+z")  # both undone: the price of earlier games
        await settle(pilot)
        await type_into(pilot, "#command", "buy bo bank 200")
        assert text_of(pilot, "#command-error").startswith("Bo buys a bank ($200 space) for $200")
    assert store.settings_path.read_text() == "this is [not toml"  # kept as it was


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_who_went_first_is_said_all_game(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """The drawn first player was said once, in a toast, then nowhere (a play-test): their
    panel said it until the first purchase or card, and then nothing on screen said who
    starts the turns around the table (a play-test). It says "goes first" until then and
    "went first" after, for the rest of the game (not "whose turn": the app does not follow
    turns), whole on their panel's first line, the panel repainted, not laid out anew."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=1)

    def panel(seat: int) -> str:
        return text_of(pilot, f"#player-{seat}").replace("\u00a0", " ")

    async with make_app(store).run_test(size=size) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        region = screen.query_one("#player-1").region
        assert "goes first" in panel(1)
        assert "first" not in panel(0) + panel(2)
        assert await command(pilot, "pay ann bo 5") == ""  # a payment: not yet play
        assert "goes first" in panel(1)
        assert await command(pilot, "buy bo bank 300") == ""
        assert panel(1).startswith("Bo  $1805  1/5  went first\n")
        assert "first" not in panel(0) + panel(2)
        assert await command(pilot, "news") == ""
        assert await command(pilot, "buy ann bank 200") == ""
        assert "went first" in panel(1)
        assert "went\u00a0first" in text_of(pilot, "#player-1")  # (whole on a line)
        assert screen.query_one("#player-1").region == region
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # back to the start: goes first
        await settle(pilot)
        assert "goes first" in panel(1)


@pytest.mark.parametrize(
    ("size", "said"),
    [
        ((80, 24), "started"),
        ((120, 40), "went first"),
        ((120, 24), None),
        ((100, 24), "went first"),
    ],
)
async def test_who_went_first_never_cuts_a_property(
    store: Store, new_game: NewGame, size: tuple[int, int], said: str | None
) -> None:
    """Said on the first line, a long name's mark wrapped and cut the last of five
    properties at 80x24. It goes where it fits whole: "went first" on the name's line,
    else "started" there, else on a line of its own where the panel has room for one,
    else nowhere (120x24: the panel's three lines are the name's and the properties')."""
    names = ("Ann", "Bo", "Cy Wellington", "Di")
    session = new_game(game="calamityville", names=names, first=2)
    rules = session.rules
    for kind, value in (("bank", 950), ("store", 1200), ("hotel", 1200), ("mine", 950)):
        session.act(rules.buy(session.state, 2, kind, value))
    session.act(rules.buy(session.state, 2, "mine", 75))
    async with make_app(store).run_test(size=size) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await settle(pilot)
        panel = screen.query_one("#player-2")
        shown = [strip.text.strip("▎ ") for strip in panel.render_lines(panel.region.reset_offset)]
        everything = " ".join(shown)
        assert "…" not in everything, shown
        for p in screen.state.owned(2):
            assert f"{p.kind}\u00a0${p.value}" in everything, shown
        if said is None:
            assert "first" not in everything and "started" not in everything, shown
        else:
            assert any(line.endswith(said.replace(" ", "\u00a0")) for line in shown), shown
        assert "first" not in text_of(pilot, "#player-0")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_newspaper_card_undone_is_said_whole_with_the_deck_the_header_shows(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """A play-test at 80x24 read a card with news and undid it: "Undone: A Boom newspaper
    card is read (28 Boom, 20… ctrl+y does it again." while the header said 29 Boom. The
    undo says the card whole, with the deck as the header has it; so does the redo."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=size) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "news") == ""
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert "Newspaper: 29 Boom, 20 Bust cards left" in text_of(pilot, "#round-line")
        said = "Undone: Boom card read; 29 Boom, 20 Bust left. ctrl+y does it again."
        assert shown_lines(screen, "#command-error") == [said]
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert "Newspaper: 28 Boom, 20 Bust cards left" in text_of(pilot, "#round-line")
        assert shown_lines(screen, "#command-error") == [
            "Redone: Boom card read; 28 Boom, 20 Bust left."
        ]


async def test_the_gold_read_with_news_is_counted_once(store: Store, new_game: NewGame) -> None:
    """A play-test read "Gold Has Run Out!" with `news` (the line offered nothing for it),
    then ctrl+g: "(16 Bust cards left)", the card counted twice. The line says what to type
    for it, and gold then counts the card read."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Dee"), first=0)
    for _ in range(29 + 2):
        session.act(session.rules.newspaper(session.state))
    for size in (SIZE, (80, 24)):  # said whole, beside the log and at 80x24
        async with make_app(store).run_test(size=size) as pilot:
            screen = await open_screen(pilot, session, CalamityvilleScreen)
            assert await command(pilot, "news") == ""
            assert text_of(pilot, "#command-error") == (
                'Bust card read; 17 left. Record: pay, rent, pass; "Gold Has Run Out!": gold.'
            ), size
            if size == (80, 24):  # on one line there (no layout at the next key)
                assert len(shown_lines(screen, "#command-error")) == 1
            if size == SIZE:
                await pilot.press("ctrl+z")
                await settle(pilot)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await pilot.press("ctrl+g")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert text_of(pilot, "#confirm-question").startswith(
            'Was the Bust card just read with news "Gold Has Run Out!"? Then it is that '
            "card: 17 Bust left. If another card was drawn since, answer Not yet and read "
            "that one with news first."  # ("(Another card drawn since: not yet, and news
            # reads it first.)" puzzled a play-tester)
        )
        await pilot.press("y")
        await settle(pilot)
        assert screen.state.gold_out and screen.state.bust_left == 17
        assert '"Gold Has Run Out!" was the Bust card just read (17 Bust cards left)' in text_of(
            pilot, "#log-lines"
        )
        # once the gold ran out, an empty enter offers only what is left to do
        await pilot.press("enter")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == (
            "Nothing typed: pay, or ctrl+f to score the game (F1 lists the keys)."
        )


async def ask_gold(pilot) -> None:  # type: ignore[no-untyped-def]
    """`gold` typed, its enter: the question comes up."""
    await type_into(pilot, "#command", "gold")
    await pilot.press("enter")
    await settle(pilot)


async def test_gold_after_a_red_card_and_a_payment_asks_which_card(
    store: Store, new_game: NewGame
) -> None:
    """A play-test read a red card with `news`, recorded `pay bo bank 50 tax`, then typed
    gold: asked only "Was it read?", y counted one card more ("17 Bust cards left", the card
    read already counted at 18). The app cannot know: it asks whether it was the red card
    read or a new one, with a key for each and Not yet; Not yet says nothing was recorded."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Dee"), first=0)
    for _ in range(29 + 1):
        session.act(session.rules.newspaper(session.state))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "news") == ""
        assert await command(pilot, "pay bo bank 50 tax") == ""
        for key, left in (("n", 18), ("y", 18), ("a", 17)):
            await ask_gold(pilot)
            dialog = pilot.app.screen
            assert isinstance(dialog, ChoiceDialog)
            assert text_of(pilot, "#confirm-question") == (
                'Was "Gold Has Run Out!" the red card read before the payments (18 Bust '
                "left), or a new card (17 left)? Properties become worthless and the richest "
                "player wins."
            )
            box = dialog.query_one("#confirm-box").region
            buttons = list(dialog.query(Button).results(Button))
            assert [str(button.label) for button in buttons] == [
                "That card (y)",
                "A new card (a)",
                "Not yet (n)",
            ]
            for button in buttons:  # whole, in the box, at 80x24
                assert box.contains_region(button.region)
                assert button.region.width >= len(str(button.label)) + 2
            await pilot.press(key)
            await settle(pilot)
            assert pilot.app.screen is screen
            assert screen.state.bust_left == left
            if key == "n":
                assert not screen.state.gold_out
                assert text_of(pilot, "#command-error") == (
                    "Nothing recorded: the gold has not run out."
                )
                continue
            assert screen.state.gold_out
            said = (
                '"Gold Has Run Out!" was the last Bust card read (18 Bust cards left)'
                if key == "y"
                else '"Gold Has Run Out!" is read (17 Bust cards left)'
            )
            assert said in text_of(pilot, "#log-lines")
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert not screen.state.gold_out and screen.state.bust_left == 18
        # escape is Not yet too
        await ask_gold(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen and not screen.state.gold_out
        assert text_of(pilot, "#command-error") == "Nothing recorded: the gold has not run out."


async def test_not_yet_to_the_gold_says_nothing_was_recorded(
    store: Store, new_game: NewGame
) -> None:
    """Answering Not yet (n) left the line under the field blank (a play-test)."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    for _ in range(29 + 1):
        session.act(session.rules.newspaper(session.state))
    session.act(session.rules.buy(session.state, 0, "bank", 300))  # not the card read
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await ask_gold(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert not isinstance(pilot.app.screen, ChoiceDialog)
        assert text_of(pilot, "#confirm-question").startswith('Was "Gold Has Run Out!" read?')
        await pilot.press("n")
        await settle(pilot)
        assert pilot.app.screen is screen and not screen.state.gold_out
        assert text_of(pilot, "#command-error") == "Nothing recorded: the gold has not run out."
        assert await command(pilot, "pay bank bank 5") == "The bank cannot pay itself."


async def test_the_last_red_card_read_says_the_one_left_is_the_gold(
    store: Store, new_game: NewGame
) -> None:
    """With one red card left it is the gold: gold reads that one, and the line says so."""
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    for _ in range(29 + 18):
        session.act(session.rules.newspaper(session.state))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "news") == ""
        assert text_of(pilot, "#command-error") == (
            'Bust card read. Record: pay, rent, pass. The last, "Gold Has Run Out!": gold.'
        )
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert text_of(pilot, "#confirm-question").startswith('Was "Gold Has Run Out!" read?')
        await pilot.press("y")
        await settle(pilot)
        assert screen.state.gold_out and screen.state.bust_left == 0


async def test_tab_completes_a_command_first_and_for_only_after_a_value(
    store: Store, new_game: NewGame
) -> None:
    """`f` and tab gave `for`, and enter said it is not a command (a play-test): the first
    word completes only to a command; `for` where a purchase's price goes."""
    session = new_game(game="calamityville", names=("Ann", "Fay"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        field = screen.query_one("#command", Input)

        async def tab_after(typed: str) -> str:
            await type_into(pilot, "#command", typed)
            field.focus()
            await pilot.press("tab")
            await settle(pilot)
            return field.value

        assert await tab_after("f") == "f"  # no command starts with f
        assert await tab_after("b") == "buy"
        assert await tab_after("buy ann bank 300 f") == "buy ann bank 300 for"
        assert await tab_after("buy f") == "buy Fay"  # a player, not `for`
        assert await tab_after("pay ann f") == "pay ann Fay"
        assert await tab_after("pass bank 300 t") == "pass bank 300 to"
        assert await tab_after("buy ann bank 300 for 150 o") == "buy ann bank 300 for 150 once"
        assert await tab_after("rent fay bank 300 bo") == "rent fay bank 300 bonus"
        assert await tab_after("pay ann t") == "pay ann t"  # `to` only in a pass


async def test_a_value_and_a_receiver_that_cannot_be_are_said_while_typing(
    store: Store, new_game: NewGame
) -> None:
    """`buy ann hotel 300buy ...` and `pass ... to bank` were explained only at enter (a
    play-test), where a misspelt name is said as it is typed."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Gus"), first=0)
    session.act(session.rules.buy(session.state, 2, "bank", 300))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        await type_into(pilot, "#command", "buy ann hotel 300buy bo hotel 300 for 250")
        assert text_of(pilot, "#command-error") == (
            "The value on its space must be a whole number (not 300buy)."
        )
        for typing in ("buy ann hotel 3", "buy ann hotel $", "buy ann hotel 3,"):  # a number
            await type_into(pilot, "#command", typing)  # on its way: no refusal yet
            assert "whole number" not in text_of(pilot, "#command-error"), typing
        await type_into(pilot, "#command", "pass gus bank 300 to bank")
        assert text_of(pilot, "#command-error").startswith("Not a player: bank (for who gets it).")
        for typing in ("pass gus bank 300 t", "pass gus bank 300 to"):  # `to` on its way
            await type_into(pilot, "#command", typing)
            assert text_of(pilot, "#command-error") == "", typing
        await type_into(pilot, "#command", "pass gus bank 300 to bo")
        assert text_of(pilot, "#command-error").endswith("Enter passes it.")


async def test_a_misspelt_bank_is_said_where_the_bank_goes(store: Store, new_game: NewGame) -> None:
    """`pay ann bnak 300` said 'Not a player: bnak', the players listed, the bank not (a
    play-test); where the bank cannot go (a pass), it is not offered."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Dee"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "pay ann bnak 300") == (
            "Not a player or the bank: bnak (for who is paid). Did you mean bank?"
        )
        assert await command(pilot, "pay xyz bank 300") == (
            "Not a player or the bank: xyz (for who pays). The players: Ann, Bo, Cy and Dee, "
            "or bank."
        )
        assert await command(pilot, "pay ann anne 300") == (
            "Not a player or the bank: anne (for who is paid). Did you mean Ann?"
        )
        await type_into(pilot, "#command", "pay ann bnak 300")  # said as it is typed too
        assert text_of(pilot, "#command-error").endswith("Did you mean bank?")
        assert await command(pilot, "buy ann bank 300") == ""
        assert await command(pilot, "pass bank 300 to bnak") == (
            "Not a player: bnak (for who gets it). The players: Ann, Bo, Cy and Dee."
        )


async def test_a_name_that_is_no_players_is_said_as_soon_as_it_is_typed(
    store: Store, new_game: NewGame
) -> None:
    """`pass gus bank 300`, gus no player, was said only at enter, as was a payment's, a
    purchase's or a rent's name: said under the field once the word is typed (a space or
    the next word after it); a word still being typed (`ba` on its way to `bank`) is not."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.buy(session.state, 0, "bank", 300))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        entries = len(screen.session.journal)
        players = "The players: Ann, Bo and Cy."
        said = {
            "pass gus bank 300": f"Not a player: gus (for whose property). {players}",
            "pass gus bank": f"Not a player: gus (for whose property). {players}",
            "pay gus ": "Not a player or the bank: gus (for who pays). The players: Ann, Bo and "
            "Cy, or bank.",
            "pay ann gus ": "Not a player or the bank: gus (for who is paid). The players: Ann, "
            "Bo and Cy, or bank.",
            "pay ann gus 300 rent": "Not a player or the bank: gus (for who is paid). The "
            "players: Ann, Bo and Cy, or bank.",
            "buy gus ": f"Not a player: gus (for who buys). {players}",
            "buy gus bank 300": f"Not a player: gus (for who buys). {players}",
            "rent gus ": f"Not a player: gus (for who landed). {players}",
            "rent gus bank 300": f"Not a player: gus (for who landed). {players}",
            "rent bo gus bank 300": f"Not a player: gus (for whose property). {players}",
            "rent bo cyy bank 300": "Not a player: cyy (for whose property). Did you mean Cy?",
            "pass gus ": "Not a property or a player: gus. The properties are bank, store, "
            f"hotel and mine. {players}",
            "pass bnak 300": "Not a property: bnak. The properties are bank, store, hotel and "
            "mine.",
        }
        for typed, sentence in said.items():
            await type_into(pilot, "#command", typed)
            assert text_of(pilot, "#command-error") == sentence, typed
            assert screen.query_one("#command", Input).value == typed  # nothing done
        for typing in (
            "pay gu",
            "pay ba",
            "pay ann ba",
            "buy g",
            "rent bo ho",
            "pass ba",
            "pass a",
        ):
            await type_into(pilot, "#command", typing)  # a word on its way: nothing yet
            assert text_of(pilot, "#command-error") == "", typing
        await type_into(pilot, "#command", "pass ann bank 300 to bo")  # the name fixed: gone
        assert text_of(pilot, "#command-error").endswith("Enter passes it.")
        assert len(screen.session.journal) == entries
        assert [screen.state.money(seat) for seat in range(3)] == [1800, 2000, 2000]


async def test_a_correction_after_the_finish_is_scored_again_with_one_ctrl_f(
    store: Store, new_game: NewGame
) -> None:
    """A play-test corrected Zoë's money after the finish: the line kept saying who won, as
    the sheet had it, and ctrl+f only reopened the game (a second ctrl+f scored it). The
    line says the result is from before the correction, and ctrl+f reopens it into the
    wizard at once."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    for _ in range(29 + 1):  # the Boom cards, then a Bust card
        session.act(session.rules.newspaper(session.state))
    session.act(session.rules.gold_runs_out(session.state))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await pilot.press("ctrl+f")
        await settle(pilot)
        await pilot.press("ctrl+s", "ctrl+s")
        await settle(pilot)
        assert screen.state.finished
        assert text_of(pilot, "#round-line").endswith(" ctrl+f reopens it to change the result.")
        assert (
            screen.attempt(screen.rules.correct_text(screen.state, "0:money", "3000", "miscounted"))
            is None
        )
        await settle(pilot)
        assert screen.state.finished
        assert text_of(pilot, "#round-line").endswith(
            " Corrected since it was scored: ctrl+f scores it again."
        )
        await pilot.press("ctrl+f")
        await settle(pilot)
        assert text_of(pilot, "#confirm-question").startswith(
            "This game was corrected after it was scored, so its result may be out of date. "
            "Reopen it and score it again?"
        )
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ScoringWizard)
        assert not screen.state.finished
        await pilot.press("ctrl+s", "ctrl+s")
        await settle(pilot)
        assert screen.state.finished and pilot.app.screen is screen
        assert "Ann wins" in text_of(pilot, "#round-line")
        assert text_of(pilot, "#round-line").endswith(" ctrl+f reopens it to change the result.")


async def test_a_rent_without_its_property_names_the_types_to_choose_from(
    store: Store, new_game: NewGame
) -> None:
    """It said "its type (bank, store, hotel and mine)": one of them is meant (a play-test)."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "rent bo") == (
            "Name the property: its type (bank, store, hotel or mine) and its value."
        )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_price_kept_is_said_with_the_purchase_under_the_field_at_80x24(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """The "Price kept" toast after `buy ... for N` sat at the bottom right of the game at
    80x24, over the game's lines, where Builders' toasts covered its line saying what to
    type next (a play-test). With the log out of sight it is said after the purchase's
    "Done:" on the line under the field, whole, until the next key; beside the log, a
    toast over it."""
    from textual.widgets._toast import Toast

    from screens.widgets.log_panel import LogPanel

    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Di"), first=0)
    async with make_app(store).run_test(size=size, notifications=True) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        assert await command(pilot, "buy ann bank 300 for 250") == ""
        await settle(pilot)
        said = [str(n.message) for n in pilot.app._notifications]
        toasts = [toast.region for toast in screen.query(Toast)]
        line = text_of(pilot, "#command-error")
        kept = "A property costs $250 from now on, in later games too (buy ... for 200 goes back)."
        if screen.has_class("-narrow"):
            assert not said and not toasts, said
            assert line == f"Done: Ann buys a bank ($300 space) for $250. {kept}", line
            await pilot.press("b")
            await settle(pilot)
            assert text_of(pilot, "#command-error") != line
        else:
            assert said == [kept], said
            log = screen.query_one(LogPanel).region
            assert toasts and all(log.contains_region(toast) for toast in toasts)
    assert store.read_settings()["calamityville"]["price"] == 250
