"""The Calamityville screen: a few turns, from $2000 each to the gold running out."""

from __future__ import annotations

from textual.widgets import Select

from companion.games.calamityville import BANK
from companion.store import Store
from screens.calamityville import CalamityvilleScreen
from screens.scoring import ScoringWizard
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, make_app, text_of, type_into


async def choose(pilot, selector: str, value) -> None:  # type: ignore[no-untyped-def]
    pilot.app.screen.query_one(selector, Select).value = value
    await pilot.pause()


async def test_a_few_turns_to_the_gold_running_out(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "[b]Bo[/b]", "Cy", "Di"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, CalamityvilleScreen)

        def money() -> list[int]:
            return [screen.state.money(seat) for seat in range(4)]

        # a payment, then one too large: refused with the shortfall
        await choose(pilot, "#pay-from", 0)
        await choose(pilot, "#pay-to", BANK)
        await type_into(pilot, "#pay-amount", "150")
        await type_into(pilot, "#pay-reason", "[i]doctor[/i]")
        await pilot.press("enter")
        await pilot.pause()
        assert money() == [1850, 2000, 2000, 2000]
        assert "Ann pays the bank $150: [i]doctor[/i]" in text_of(pilot, "#log-lines")
        await type_into(pilot, "#pay-amount", "5000")
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(pilot, "#pay-error").startswith("Ann has $1850: $3150 short.")
        assert money() == [1850, 2000, 2000, 2000]
        # Ann buys three hotels
        await choose(pilot, "#buy-who", 0)
        await choose(pilot, "#buy-kind", "hotel")
        for value in ("300", "200", "100"):
            await type_into(pilot, "#buy-value", value)
            await pilot.press("enter")
            await pilot.pause()
        assert money()[0] == 1250 and len(screen.state.owned(0)) == 3
        # rent with all three: the bonus is asked once, then remembered
        await choose(pilot, "#rent-space", 0)
        await choose(pilot, "#rent-visitor", 1)
        assert "bonus rent" in text_of(pilot, "#rent-error")
        await type_into(pilot, "#rent-bonus", "100")
        assert (
            text_of(pilot, "#rent-error")
            == "Rent due: $1000 ($300 x 3 hotels + $100 bonus for all three). Collect takes it."
        )
        await pilot.press("enter")  # in the bonus field: collects
        await pilot.pause()
        assert money()[:2] == [2250, 1000]
        assert store.read_settings()["calamityville"]["bonus_rent"] == 100
        # the newspaper deck, then the gold runs out: the richest wins
        for _ in range(3):
            await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.state.boom_left == 26
        assert "26 Boom (yellow), 20 Bust (red) left" in text_of(pilot, "#news")
        await pilot.press("ctrl+g")  # refused: the card is red, under the Boom cards
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.state.gold_out
        messages = [n.message for n in pilot.app._notifications]
        assert any("red Bust card" in m and "26 left" in m for m in messages)
        for _ in range(26):
            screen.session.act(screen.rules.newspaper(screen.state))
        screen.refresh_view()
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScoringWizard)
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause()
        assert screen.session.state.finished
    [record] = store.read_history()
    assert "money = 2250" in record["sheet"]


async def test_the_property_limit_is_refused_beside_the_form(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await choose(pilot, "#buy-who", 1)
        await choose(pilot, "#buy-kind", "mine")
        await type_into(pilot, "#buy-value", "100")
        for _ in range(6):  # enter in the value field buys (the keyboard, not mouse timing)
            await pilot.press("enter")
            await pilot.pause()
        assert len(pilot.app.screen.state.owned(1)) == 5
        assert text_of(pilot, "#buy-error") == "Bo already owns five properties (mines included)."
        await type_into(pilot, "#buy-value", "lots")
        await pilot.press("enter")
        await pilot.pause()
        assert "must be a whole number" in text_of(pilot, "#buy-error")


async def test_a_damaged_settings_file_is_kept_and_said_so(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    store.settings_path.write_text("not = [toml")
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        screen = pilot.app.screen
        for _ in range(3):
            screen.session.act(screen.rules.buy(screen.state, 0, "bank", 100))
        screen.refresh_view()
        await choose(pilot, "#rent-space", 0)
        await choose(pilot, "#rent-visitor", 1)
        await type_into(pilot, "#rent-bonus", "50")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.state.money(1) == 2000 - 350  # the rent was collected all the same
        messages = [n.message for n in pilot.app._notifications]
        assert any("not remembered" in m for m in messages)
    assert store.settings_path.read_text() == "not = [toml"


async def test_issue_13_refusals_beside_the_forms(store: Store, new_game: NewGame) -> None:
    """Passing to the owner, a fourth bank, a long reason, and nothing after the gold ran out."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Di"), first=0)
    rules = session.rules
    for seat in (0, 1, 2):
        session.act(rules.buy(session.state, seat, "bank", 100))
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, CalamityvilleScreen)
        await choose(pilot, "#pass-what", 0)
        await choose(pilot, "#pass-to", 0)
        await pilot.click("#pass")
        await pilot.pause()
        assert text_of(pilot, "#pass-error").startswith("Ann already owns it")
        assert screen.state.properties[0].owner == 0 and "passes" not in text_of(
            pilot, "#log-lines"
        )
        await choose(pilot, "#buy-who", 3)
        await choose(pilot, "#buy-kind", "bank")
        await type_into(pilot, "#buy-value", "100")
        await pilot.press("enter")
        await pilot.pause()
        assert "three banks" in text_of(pilot, "#buy-error") and not screen.state.owned(3)
        await choose(pilot, "#pay-from", 0)
        await choose(pilot, "#pay-to", 1)
        await type_into(pilot, "#pay-amount", "5")
        screen.query_one("#pay-reason").value = "x" * 300
        await pilot.press("enter")
        await pilot.pause()
        assert "at most 80 characters" in text_of(pilot, "#pay-error")
        for _ in range(29):
            screen.session.act(rules.newspaper(screen.state))
        screen.session.act(rules.gold_runs_out(screen.state))
        screen.refresh_view()
        await choose(pilot, "#rent-space", 0)
        await choose(pilot, "#rent-visitor", 1)
        assert "no rent is due" in text_of(pilot, "#rent-error")
        assert "$0" not in text_of(pilot, "#rent-error")
        await pilot.click("#rent")
        await pilot.pause()
        assert "no rent is due" in text_of(pilot, "#rent-error")
        await type_into(pilot, "#buy-value", "100")
        await pilot.press("enter")
        await pilot.pause()
        assert "none is bought" in text_of(pilot, "#buy-error")
