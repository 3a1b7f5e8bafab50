"""Coloma's modules through the screen: a whole Mule Duel game and a whole game with the
Hotel Building module, three Years to the wizard; and a short name that could mean two."""

from __future__ import annotations

from companion.amounts import parse_amount
from companion.games.coloma import ColomaState
from companion.store import Store
from screens.coloma import ColomaScreen
from screens.scoring import ScoringWizard
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, command, make_app, open_screen, settle, text_of
from tests.screens.test_coloma_screen import move_on


def table(screen: ColomaScreen) -> ColomaState:
    return screen.state


async def test_a_whole_mule_duel_game(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0, mule_duel=True)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "pools 3 3 3") == ""
        assert await command(pilot, "graveyard 1 2 3 4 5 6") == ""
        assert "Mule Duel: no Event from the Barker" in text_of(pilot, "#event-line")
        assert "In Mule Duel the Barker triggers no Event" in await command(pilot, "event")
        assert "the two Mules' Sites" in await command(pilot, "sites 1 2 + 1")
        for year in (1848, 1849, 1850):
            for round_ in range(1, 6):
                spend = " spend ann 1" if round_ == 5 else ""
                typed = f"sites {round_} {round_ % 5 + 1} + {round_} {round_}{spend}"
                assert await command(pilot, typed) == "", (year, round_)
                assert f"Ann's Mule eats the Carrot at Site {round_}" in text_of(
                    pilot, "#log-lines"
                )
                if round_ == 5:  # Bo's Mule ate there too, and Bo spent nothing: said
                    assert text_of(pilot, "#helper") == (
                        "Nothing spent on Site 5's Event (Bo could): to spend a Gold Nugget "
                        f"for 3 VP, ctrl+z, then {typed} bo 1."
                    )
                if round_ == 1:
                    assert await command(pilot, "bo gun 1 2") == ""
                    assert "one row of Gunmen per turn" in await command(pilot, "bo gun 2 1")
                assert await move_on(pilot) == ""  # the next Round, or the Shootout
            assert table(screen).carrots == [set(), set()]  # every Carrot eaten
            assert table(screen).phase == "shootout"
            assert await command(pilot, "chart 6 VP / 3 VP / 1 VP / 1 Grave") == ""
            if year == 1850:
                break
            assert await move_on(pilot) == ""  # resolved: Bo tier 2, Ann buried
            assert await command(pilot, "cleanup 3") == ""
            assert table(screen).carrots == [{1, 2, 3, 4, 5}] * 2  # back at Clean Up
        await move_on(pilot)  # the third Shootout, then the wizard
        await pilot.pause()
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        assert "hotels" not in [f.key for f in wizard.spec.fields]  # the module is off
        assert wizard.typed["track"] == ["9", "9"]  # Ann: 3 Nuggets for 9 VP; Bo: 3 x 3 VP
        assert wizard.typed["graves"] == ["1 2 3", ""]  # the chart's Graves, numbered
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause()
        assert table(screen).finished


async def test_a_whole_game_with_hotels(store: Store, new_game: NewGame) -> None:
    store.write_settings({"coloma": {"pools_3": [2, 3, 4], "outlaws_1849": 3, "outlaws_1850": 4}})
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=0, hotels=True)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        assert "Hotels (Dudes)" in text_of(pilot, "#players")
        assert await command(pilot, "ann hotel") == ""
        assert await command(pilot, "bo hotel") == "" and await command(pilot, "bo hotel") == ""
        for year in (1848, 1849, 1850):
            assert await command(pilot, "event") == ""  # Round 1: 2 Dudes each
            for _ in range(4):
                assert await move_on(pilot) == ""
            # Site 5: 2 VP each; past the spaces, what fits (it refused the whole command:
            # a play-test)
            assert await command(pilot, "ann sleep 3") == ""
            assert text_of(pilot, "#helper") == (
                "Ann: 1 Dude ignored: 2 Dudes per Hotel Building at most (1 built)."
            )
            assert await command(pilot, "bo sleep 2") == ""
            assert "Ann has 0 vacant Hotel spaces" in await command(pilot, "ann sleep 1")
            assert await move_on(pilot) == ""  # the Shootout
            if year == 1850:
                break
            assert await move_on(pilot) == ""
            assert await move_on(pilot) == ""  # Clean Up: the Outlaws are remembered
            assert table(screen).sleepers == [0, 0, 0]
        assert await command(pilot, "cy hotel") == ""
        await move_on(pilot)
        await pilot.pause()
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        assert wizard.typed["hotels"] == ["1", "2", "1"]
        assert wizard.typed["track"] == ["12", "12", "0"]  # 2 VP a Dude on a Hotel
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause()
        assert table(screen).finished


async def test_site_5s_event_with_nothing_spent_says_how_to_spend(
    store: Store, new_game: NewGame
) -> None:
    store.write_settings({"coloma": {"pools_3": [2, 3, 4]}})
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        # Nuggets typed for Site 1's Event (Dudes): refused, not dropped (a play-test)
        for typed in ("event ann 1", "event ann -1", "event zoe"):
            assert "Only Site 5's Event takes Gold Nuggets; this is Site 1's" in await command(
                pilot, typed
            )
        assert await command(pilot, "event") == ""  # Round 1: 2 Dudes each, nothing said
        assert text_of(pilot, "#helper") == ""
        for _ in range(4):
            assert await move_on(pilot) == ""
        assert table(screen).barker == 5
        assert "must be 0 or more (not -1)" in await command(pilot, "event ann -1")
        # a bare event asks who spends (taken as "nobody spends", it blocked the spends
        # typed next until ctrl+z: a play-test typed event as in every Round)
        assert await command(pilot, "event") == (
            "Site 5's Event: who spends? Type event ann 1 (each who spends, with their Gold "
            "Nuggets: 3 VP each; Ann, Bo and Cy have some). Or event none if nobody does."
        )
        assert "event ann 1" in text_of(pilot, "#step")
        assert await command(pilot, "ann pitch 5") == ""  # a Tent there: 2 for 6 VP
        assert await command(pilot, "ann gold +2") == ""
        assert await command(pilot, "event") == (
            "Site 5's Event: who spends? Type event ann 1 (each who spends, with their Gold "
            "Nuggets: 3 VP each, 2 for 6 VP for Ann, Tent there; Ann, Bo and Cy have some). "
            "Or event none if nobody does."
        )
        vp = [numbers["track"] for numbers in table(screen).numbers]
        assert await command(pilot, "event none") == ""
        assert [numbers["track"] for numbers in table(screen).numbers] == vp
        assert "Event, Site 5: nobody spends" in text_of(pilot, "#log-lines")
        assert "already happened" in await command(pilot, "event ann 1")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert await command(pilot, "event ann 2 bo 1") == ""
        assert [numbers["track"] for numbers in table(screen).numbers] == [
            vp[0] + 6,
            vp[1] + 3,
            vp[2],
        ]


async def test_a_short_name_that_could_mean_two_players_says_which(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann Lee", "Ann Ray", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "ann vp +1") == (
            "ann could be Ann Lee and Ann Ray: type more of the name."
        )
        assert await command(pilot, "ann r vp +1") == ""
        assert await command(pilot, "ray vp +1") == ""


async def test_a_row_of_gunmen_from_another_site_is_said_whole_under_the_field(
    store: Store, new_game: NewGame
) -> None:
    """At 80x24 the line under the field cut the note off, the point of it (a play-test):
    it is said whole on the helper's line too."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.pools(session.state, [4, 6, 8]))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "sites 2 5 3") == ""
        assert await command(pilot, "ann gun 1 1") == ""
        assert text_of(pilot, "#helper") == (  # said as done (alone it read as a refusal,
            # and was typed again: a play-test)
            "Recorded anyway: only a Pioneer on Site 5 places Gunmen; Ann's is on Site 2."
        )
        assert await command(pilot, "bo gun 2 1") == ""  # on Site 5: nothing to say
        assert text_of(pilot, "#helper") == ""


async def test_a_sleep_trimmed_to_the_hotels_and_from_another_site_says_both(
    store: Store, new_game: NewGame
) -> None:
    """A `sleep` past the vacant Hotel spaces is trimmed to them (said), and one from a
    Pioneer not on Site 5 is recorded anyway (said): both at once said only the first, and
    at 80x24 the Done line cut the Site's note off (a review)."""
    session = new_game(game="coloma", names=("Ann", "Bo"), hotels=True, first=0)
    rules = session.rules
    session.act(rules.pools(session.state, [2, 2, 3]))
    session.act(rules.hotel(session.state, 0))
    session.act(rules.adjust(session.state, 0, "dudes", parse_amount("7")))
    session.act(rules.sites(session.state, [1, 5], [4]))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "ann sleep 3") == ""
        said = text_of(pilot, "#helper")
        assert said.startswith("Ann: 1 Dude ignored"), said
        assert "Recorded anyway: only a Pioneer on Site 5" in said, said


async def test_the_note_says_a_name_as_it_was_typed(store: Store, new_game: NewGame) -> None:
    """A player set up as "bo" was said "Bo's Pioneer ..." under the field (a play-test)."""
    session = new_game(game="coloma", names=("ann", "bo", "cy"))
    session.act(session.rules.pools(session.state, [4, 6, 8]))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "sites 2 5 3") == ""
        assert await command(pilot, "ann gun 1 1") == ""
        assert text_of(pilot, "#helper").endswith("; ann's is on Site 2.")


async def test_a_wrong_name_in_mule_duel_is_told_what_to_type_there(
    store: Store, new_game: NewGame
) -> None:
    """A wrong name after a Mule Duel's `spend` was told `Type event ann 1 bo 1`, a command
    Mule Duel refuses (a play-test): the hint is this step's, with the table's names."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0, mule_duel=True)
    session.act(session.rules.pools(session.state, [4, 6, 8]))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "sites 3 1 + 5 2 spend bob 1") == (
            "Not a player: bob. Did you mean Bo? The players: Ann and Bo. Type "
            "sites 3 1 + 5 2 spend ann 1."
        )
        refused = await command(pilot, "sites 3 1 + 2 5 spend zed 1")
        assert refused.endswith("Type sites 3 1 + 2 5 spend bo 1.")  # Bo's Mule is at Site 5
        assert "spend (sites 3 1 + 5 5 spend ann 2)." in await command(
            pilot, "sites 3 1 + 5 5 spend ann 1 ann 1"
        )
        assert await command(pilot, "sites 3 1 + 2 4 spend zed 1") == (
            "No Mule eats a Carrot at Site 5: Gold Nuggets are spent only on Site 5's Event, "
            "by the owner of a Mule eating its Carrot there. Type sites 3 1 + 2 4."
        )
        # a bare spend was taken as nothing spent, and its hint said `spend spend ann 1`
        assert await command(pilot, "sites 3 1 + 5 2 spend") == (
            "Who spends? Type sites 3 1 + 5 2 spend ann 1 (the Gold Nuggets each spends, for "
            "3 VP each)."
        )
        # `event` is not Mule Duel's at all: said before any name is read
        assert "In Mule Duel the Barker triggers no Event" in await command(pilot, "event bob 1")
        assert table(screen).bust_sites is None  # nothing was done


async def test_a_misspelt_spend_in_mule_duel_is_recognised(store: Store, new_game: NewGame) -> None:
    """`spnd` was "A Site must be a whole number (not spnd)" (a play-test)."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0, mule_duel=True)
    session.act(session.rules.pools(session.state, [4, 6, 8]))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "sites 3 1 + 5 2 spnd ann 1") == (
            "Not a Site: spnd. Did you mean spend? Type sites 3 1 + 5 2 spend ann 1."
        )
        assert await command(pilot, "sites 3 1 + 2 5 spen") == (
            "Not a Site: spen. Did you mean spend? Type sites 3 1 + 2 5 spend bo 1."
        )
        assert "A Site must be a whole number (not x)" in await command(pilot, "sites 3 x + 5 2")
        assert table(screen).bust_sites is None
        assert await command(pilot, "sites 3 1 + 5 2 spend ann 1") == ""
        # typed again: that is said first (it was "No Mule eats a Carrot at Site 5", Ann's
        # Carrot being eaten by the first time)
        for again in ("sites 3 1 + 5 2 spend ann 1", "sites 3 1 + 5 2 spnd bob 1"):
            assert await command(pilot, again) == (
                "The Sites of Round 1 are in, and the Mules have eaten: ctrl+z takes them back "
                "to type them again."
            )


async def test_a_wrong_name_at_site_5s_event_is_told_the_tables_names(
    store: Store, new_game: NewGame
) -> None:
    """The hint said `event ann 1 bo 1` whoever sat at the table."""
    store.write_settings({"coloma": {"pools_3": [2, 3, 4]}})
    session = new_game(game="coloma", names=("Zed", "Yan", "Xi"), first=1)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        for _ in range(4):
            assert await move_on(pilot) == ""
        assert await command(pilot, "event yann 1") == (
            "Not a player: yann. Did you mean Yan? The players: Zed, Yan and Xi. Type "
            "event yan 1 xi 1."
        )
        assert (
            await command(pilot, "sites 3 1 2 spend bob 1")
            == "Gold is spent on Site 5's Event with event, not with sites."
        )


async def test_a_row_from_a_pioneer_off_site_5_says_the_rule_and_that_it_was_recorded(
    store: Store, new_game: NewGame
) -> None:
    """A play-test (2 players, Site 4 busts): "Done, with a note: Zoë's Pioneer is on Site 4:
    Gunmen are placed from Site 5." could not be told from a refusal. The line says the rule
    and what was done, on one line at 80 columns."""
    session = new_game(game="coloma", names=("Zoë", "Ann"))
    session.act(session.rules.pools(session.state, [4, 6, 8]))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "sites 4 5 + 4") == ""
        assert await command(pilot, "zo gun 1 2") == ""
        line = "Recorded anyway: only a Pioneer on Site 5 places Gunmen; Zoë's is on Site 4."
        assert text_of(pilot, "#helper") == line
        assert pilot.app.screen.query_one("#helper").region.height == 1
        assert "(only a Pioneer on Site 5 places Gunmen; Zoë's is on Site 4)" in text_of(
            pilot, "#log-lines"
        )
