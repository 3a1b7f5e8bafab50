"""The Coloma screen: a whole Year, three Years to the wizard, and what every game screen
does (typed amounts, refusals, undo/redo over a restart, corrections, finishing)."""

from __future__ import annotations

import pytest
from textual.widgets import Digits, Input, Select

from companion.games.coloma import ColomaState
from companion.session import GameSession
from companion.store import Store
from screens.coloma import CROWDED_COLUMN, PLAYER_COLUMN, ColomaScreen, short_types
from screens.confirm import ConfirmDialog
from screens.correction import CorrectionDialog
from screens.help import HelpScreen
from screens.scoring import ScoringWizard
from screens.widgets.rows import Rows
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


async def open_coloma(pilot, session: GameSession) -> ColomaScreen:  # type: ignore[no-untyped-def]
    return await open_screen(pilot, session, ColomaScreen)


async def move_on(pilot) -> str:  # type: ignore[no-untyped-def]
    """`n` moves the calendar on; y when the screen asks first (the Round's Event or Sites,
    or the Shootout's chart, not typed). What is said beside the field, if still shown."""
    await type_into(pilot, "#command", "n")
    await pilot.press("enter")
    await settle(pilot)
    if isinstance(pilot.app.screen, ConfirmDialog):
        await pilot.press("y")
        await settle(pilot)
    if isinstance(pilot.app.screen, ColomaScreen):
        return text_of(pilot, "#command-error")
    return ""


def players_text(screen: ColomaScreen) -> str:
    """The players' table as the screen draws it, in plain text."""
    return screen.query_one("#players", Rows).plain


def state(screen: ColomaScreen) -> ColomaState:
    return screen.state


def bucks(screen: ColomaScreen) -> list[int]:
    return [numbers["bucks"] for numbers in state(screen).numbers]


class Board:
    """The Gold Supply as the table sees it, kept apart from the app to check its value."""

    def __init__(self, spaces: list[int]) -> None:
        self.spaces, self.nuggets, self.cart = spaces, list(spaces), 0

    def take(self, count: int) -> None:
        for pool in range(3):
            taken = min(count, self.nuggets[pool])
            self.nuggets[pool] -= taken
            count -= taken

    def refill(self) -> None:
        for pool in (2, 1, 0):
            moved = min(self.cart, self.spaces[pool] - self.nuggets[pool])
            self.nuggets[pool] += moved
            self.cart -= moved

    @property
    def value(self) -> int:
        """The rule, read literally: the lowest pool with an empty space; 3 otherwise."""
        lowest = [pool for pool in range(3) if self.nuggets[pool] < self.spaces[pool]]
        return (3, 2, 1)[lowest[-1]] if lowest else 3


def shown_value(pilot) -> int:  # type: ignore[no-untyped-def]
    return int(pilot.app.screen.query_one("#gold-value", Digits).value)


async def test_a_whole_year_with_the_gold_value_always_as_the_rule_says(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=0)
    board = Board([2, 3, 4])
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert "Count the Gold Supply" in text_of(pilot, "#step")
        assert "Count the Gold Supply first" in await command(pilot, "")  # says what
        assert "three pools" in await command(pilot, "pools 2 3")
        # typed without its word (a play-test got "Not a command or a player: 2")
        assert await command(pilot, "2 3 4") == "The Gold Supply's pools? Type pools 2 3 4."
        assert await command(pilot, "pools 2 3 4") == ""
        assert shown_value(pilot) == board.value == 3
        # Round 1: Dudes for all, Cy pitches on Event 2; the Bust
        assert await command(pilot, "event") == ""
        assert "already happened" in await command(pilot, "event")
        # a tracker before its player: the order said ("Did you mean pitch?": a play-test)
        assert await command(pilot, "pitch cy 2") == "The player comes first: cy pitch 2."
        assert await command(pilot, "cy pitch 2") == ""
        assert await command(pilot, "sites 3 1 3") == ""
        assert "Site 3 busts; turns: Bo, Ann, Cy" in text_of(pilot, "#bust-line")
        assert "A Site must be a whole number (not x)" in await command(pilot, "sites 3 x 3")
        refused = await command(pilot, "zed bucks +1")
        assert "Not a command or a player: zed" in refused
        assert "The players: Ann, Bo and Cy." in refused  # (unsaid: a play-test)
        assert "Not a player: zed. The players: Ann, Bo and Cy." in await command(
            pilot, "sheriff zed"
        )
        assert await command(pilot, "ann bridge") == (  # (the general list: a play-test)
            "Type the Bridge's type after bridge: ann bridge Rope."
        )
        assert await move_on(pilot) == ""
        # Round 2: the Event gives Gold; Cy has a Tent on it
        assert "Twice for Cy" in text_of(pilot, "#event-line")
        assert await command(pilot, "event") == ""
        board.take(4)
        assert shown_value(pilot) == board.value == 2
        assert await command(pilot, "ann gold +1") == ""
        board.take(1)
        assert shown_value(pilot) == board.value == 2  # the middle pool is empty: still 2
        assert await command(pilot, "ann gold +2") == ""
        board.take(2)
        assert shown_value(pilot) == board.value == 1
        assert await command(pilot, "pay 5") == ""
        assert text_of(pilot, "#helper") == ("5 Bucks take 5 Gold Nuggets at 1 each.")
        assert await command(pilot, "ann pay 2") == ""  # to the Mine Cart
        board.cart += 2
        assert "Mine Cart: 2" in text_of(pilot, "#pools")
        # past the Horse Limit: what fits is taken and the rest ignored, saying so (#13)
        assert await command(pilot, "bo horses +6") == ""
        assert "1 Horse ignored: 6 Horses at most (Horse Limit)" in text_of(pilot, "#log-lines")
        assert text_of(pilot, "#helper") == "Bo: 1 Horse ignored: 6 Horses at most (Horse Limit)."
        assert "6 Horses at most" in await command(pilot, "bo horses +1")
        assert await move_on(pilot) == ""
        # Round 3: a Barrel and Gunmen
        assert await command(pilot, "bo barrel 2") == ""
        assert "4 Outlaws" in text_of(pilot, "#shootout")
        assert await command(pilot, "ann gun 1 3") == ""
        assert "already filled by Ann" in await command(pilot, "bo gun 1 2")
        assert "Cy has 4 Dudes in the Lodge, not 5" in await command(pilot, "cy gun 2 5")
        assert await command(pilot, "cy gun 2 3") == ""
        assert text_of(pilot, "#helper") == ""  # no Sites typed this Round: nothing to say
        for _ in range(2):
            assert await move_on(pilot) == ""
        # Round 5, then the Shootout
        assert "Ann is named twice" in await command(pilot, "event ann 1 ann 1")  # a play-test
        assert await command(pilot, "event ann 1") == ""  # Ann spends a Nugget for 3 VP
        board.cart += 1
        assert state(screen).numbers[0]["track"] == 3
        assert await move_on(pilot) == ""
        assert state(screen).phase == "shootout"
        assert await command(pilot, "chart 6 VP / 3 VP / 1 VP / 1 Grave") == ""
        tally = text_of(pilot, "#shootout")
        assert "6 Gunmen against 4 Outlaws, won as it stands" in tally
        assert "tier 1: Ann (6 VP)" in tally and "tier 2: Cy (3 VP)" in tally
        assert "no Gunmen: Bo puts Dudes on Graves (1 Grave)" in tally
        assert await move_on(pilot) == ""
        assert state(screen).sheriff == 0 and state(screen).phase == "cleanup"
        assert "Year Track shows for 1849: cleanup N" in await move_on(pilot)
        assert await command(pilot, "cleanup 3") == ""
        board.refill()
        assert shown_value(pilot) == board.value
        assert state(screen).supply is not None
        assert list(state(screen).supply.nuggets) == board.nuggets
        assert (state(screen).year, state(screen).outlaws) == (1849, 3)
    assert store.read_settings()["coloma"] == {"pools_3": [2, 3, 4], "outlaws_1849": 3}


async def test_three_years_three_shootouts_and_the_wizard(store: Store, new_game: NewGame) -> None:
    """The issue's 'done when': a 3-player game through three Years, the gold value shown
    checked against the board after every change of the supply, each shootout resolved."""
    store.write_settings({"coloma": {"pools_3": [2, 3, 4], "outlaws_1849": 3}})
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=1)
    board = Board([2, 3, 4])
    spenders = {1848: "ann gold -2", 1849: "bo gold -1", 1850: "cy gold -1"}
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert state(screen).supply is not None  # remembered for 3 players
        assert await command(pilot, "ann vp +7") == ""
        for year in (1848, 1849, 1850):
            assert state(screen).year == year
            assert await command(pilot, "event") == ""  # Round 1: 2 Dudes each
            assert await command(pilot, "cy gun 1 2") == ""
            assert await move_on(pilot) == ""
            assert await command(pilot, "event") == ""  # Round 2: a Nugget each
            board.take(3)
            assert shown_value(pilot) == board.value
            assert await command(pilot, spenders[year]) == ""
            board.cart += int(spenders[year][-1])
            assert shown_value(pilot) == board.value  # spending never changes the value
            for _ in range(4):
                assert await move_on(pilot) == ""
            assert "2 Gunmen against" in text_of(pilot, "#shootout")
            if year == 1850:
                break
            assert await move_on(pilot) == ""  # the Shootout, resolved
            assert f"Shootout {year}: 2 Gunmen against" in text_of(pilot, "#shootout")
            assert state(screen).sheriff == 2  # Cy had the most Gunmen
            if year == 1848:
                assert await move_on(pilot) == ""  # 3 Outlaws, remembered
            else:
                assert await command(pilot, "cleanup 4") == ""
            board.refill()
            assert shown_value(pilot) == board.value
            assert list(state(screen).supply.nuggets) == board.nuggets  # type: ignore[union-attr]
        await move_on(pilot)  # the third Shootout: on to the final scores
        assert isinstance(pilot.app.screen, ScoringWizard)
        assert pilot.app.screen.query_one("#answer-0", Input).value == "7"  # Ann's track VP
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause()
        assert state(screen).finished
        # the end as the finish said it, winners and all (a play-test saw only "finished")
        step = text_of(pilot, "#step")
        assert step.startswith("The game is over: ") and " wins" in step, step
        # the Sheriff whole beside the gold box (it hid behind it: a play-test)
        year = screen.query_one("#year-line", Rows)
        assert year.plain == "Year 1850  ·  game over  ·  Sheriff Cy"
        assert len(year.plain) <= year.content_size.width
    shootouts = [e.text for e in store.read_game(session.path).entries if e.kind == "shootout"]
    assert [text.split(":")[0] for text in shootouts] == [
        "Shootout 1848",
        "Shootout 1849",
        "Shootout 1850",
    ]


async def test_two_players_with_the_non_player_gunmen_and_the_buster(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"), first=1)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_coloma(pilot, session)
        assert await command(pilot, "pools 3 3 3") == ""
        assert "sites 3 1 + 4 (the players' Sites, then the Buster's)" in text_of(pilot, "#step")
        assert await command(pilot, "sites 2 4 + 4") == ""
        assert "Site 4 busts; turns: Ann, Bo" in text_of(pilot, "#bust-line")
        assert "Row 3 holds the three non-player Gunmen" in await command(pilot, "ann gun 3 2")
        assert await command(pilot, "bo gun 1 2") == ""
        tally = text_of(pilot, "#shootout")
        assert "row 3: non-player 3" in tally and "tier 1: the non-player Gunmen (nothing)" in tally
        # who keeps the Badge said too, not only who would take it (a play-test wondered)
        assert "Bo would keep the Sheriff Badge (the non-player Gunmen are best)" in tally
        assert await command(pilot, "sheriff ann") == ""
        assert "already has the Sheriff Badge" in await command(pilot, "sheriff ann")
        assert "Type supply, the Nuggets in each pool" in await command(pilot, "supply 1 2")
        assert "needs a reason" in await command(pilot, "supply 3 3 2")
        assert await command(pilot, "supply 3 3 2 a Nugget fell off the board") == ""
        assert shown_value(pilot) == 1


async def test_typed_amounts_undo_redo_and_a_restart(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "ann bucks +5") == ""
        assert await command(pilot, "Bo $ 3") == ""
        assert bucks(screen) == [7, 3, 2]
        assert "Bo +1 Buck (2 → 3)" in text_of(pilot, "#log-lines")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert bucks(screen) == [7, 2, 2]
        await pilot.press("ctrl+y", "ctrl+z", "ctrl+z")
        await pilot.pause()
        assert bucks(screen) == [2, 2, 2]
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert bucks(screen) == [7, 2, 2]


async def test_bad_input_is_explained_beside_the_field(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        before = session.path.read_bytes()
        assert "whole number" in await command(pilot, "ann bucks five")
        assert await command(pilot, "ann bucks -3") == "Ann cannot have -1 Bucks (the least is 0)."
        assert "After a name, type one of" in await command(pilot, "ann dance")
        for typed in ("ann building 6", "ann buildings 6 4", "bo town 3"):  # not tracked in
            # play: the usage named no way to record one (a play-test)
            assert await command(pilot, typed) == (
                "Town Buildings are typed at the end: the scoring wizard (ctrl+f) asks the "
                "VP printed on each player's."
            ), typed
        assert "Ann cannot have -1 Tents" in await command(pilot, "ann tents -2")
        assert "chart 6 VP / 3 VP" in await command(pilot, "chart abc")  # the grammar, #13
        assert "needs a River tile" in await command(pilot, "ann bridge Rope")
        assert bucks(screen) == [2, 2, 2]
        assert screen.query_one("#command", Input).value == "ann bridge Rope"  # kept to fix
        assert session.path.read_bytes() == before


async def test_a_misspelt_word_after_a_name_is_told_the_nearest(
    store: Store, new_game: NewGame
) -> None:
    """`ann glod +1` listed every word a name takes but never the likely one, gold (a
    play-test): the nearest is said when one is close, the list after it, whole at 80x24."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), hotels=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_coloma(pilot, session)
        refusal = await command(pilot, "ann glod +1")
        assert refusal == (
            "Not a command: glod. Did you mean gold? After a name, type one of: bucks +3 "
            "(also gold, vp, horses, dudes, tents, rivers), pay 7, barrel 2, gun ROW COUNT, "
            "pitch 3 (or land), bridge TYPE, grave 2, hotel, sleep 2."
        )
        line = screen.query_one("#command-error")
        shown = [strip.text.strip() for strip in line.render_lines(line.region.reset_offset)]
        assert " ".join(text for text in shown if text) == refusal, shown  # nothing cut
        assert "Did you mean sleep?" in await command(pilot, "bo slep 2")
        assert "Did you mean horses?" in await command(pilot, "cy hrses +1")
        refusal = await command(pilot, "ann dance")  # nothing close: no guess
        assert refusal.startswith("Not a command: dance. After a name, type one of: bucks")
        assert "Did you mean" not in refusal
        # a word a name takes, its amount missing: the list, as it was
        assert (await command(pilot, "ann gold")).startswith("After a name, type one of:")
        assert state(screen).numbers[0]["gold"] == 1
    plain = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_coloma(pilot, plain)
        refusal = await command(pilot, "ann slep 2")  # no Hotels: sleep is no word here
        assert refusal.startswith("Not a command: slep. After a name") and "sleep" not in refusal


async def test_a_bug_in_a_command_is_reported_not_a_crash(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)

        def broken(*args: object) -> None:
            raise ZeroDivisionError("a bug")

        monkeypatch.setattr(screen.rules, "adjust", broken)
        message = await command(pilot, "ann bucks +1")
        assert message.startswith("Something went wrong with that command; the game is saved")
        assert (store.root / "crash.log").read_text().count("ZeroDivisionError: a bug") == 1
        assert pilot.app.screen is screen  # still running


async def test_a_correction_with_a_reason(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "cy horses +9") == ""
        assert text_of(pilot, "#helper").startswith("Cy: 4 Horses ignored")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CorrectionDialog)
        pilot.app.screen.query_one("#what", Select).value = "2:bucks"
        await type_into(pilot, "#value", "+4")
        await pilot.press("enter", "enter")  # to the reason, then record without one
        await pilot.pause()
        assert "needs a reason" in text_of(pilot, "#error-reason")
        await type_into(pilot, "#reason", "[i]counted[/i]")
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is screen
        # the limit's note spoke of the change before: it goes (it stayed: a play-test)
        assert text_of(pilot, "#helper") == ""
        assert bucks(screen) == [2, 2, 6]
        assert "[i]counted[/i]" in text_of(pilot, "#log-lines")


async def test_finish_records_history_and_help_and_palette(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        titles = [command.title for command in pilot.app.get_system_commands(screen)]
        assert {"Game: Undo", "Game: Redo", "Game: Correct a number"} <= set(titles)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+f")  # Round 1 of 1848: asked first
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("y")  # the scoring wizard, pre-filled: straight to the end
        await pilot.pause()
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause()
        assert screen.session.state.finished
        assert [game["players"] for game in store.read_history()] == [["Ann", "Bo", "Cy"]]
        assert text_of(pilot, "#step").startswith("The game is over: ")


# -- table-ready (#12) ----------------------------------------------------------------------


async def test_a_stray_enter_never_moves_the_calendar_on(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 2 3 4") == ""
        before = session.path.read_bytes()
        for _ in range(4):  # the issue: four Rounds skipped by four empty enters
            assert "type n to move on" in await command(pilot, "")
        assert state(screen).round == 1 and session.path.read_bytes() == before
        assert "n: on to Round 2" in text_of(pilot, "#step")


async def test_next_asks_when_the_event_or_the_sites_were_not_typed(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 2 3 4") == ""
        dialog = await n_asks(pilot)
        assert "the Event and the Sites were not typed" in str(
            dialog.query_one("#confirm-question").render()
        )
        await pilot.press("enter")  # a second enter picks "Not yet": nothing moves on
        await settle(pilot)
        assert pilot.app.screen is screen and state(screen).round == 1
        assert screen.query_one("#command", Input).value == "n"  # kept, not done
        # selected, as a refused command is: typed over, not added to (a play-test typed
        # `ann gold +20` after "Not yet" and got "nann gold +20", refused)
        send_keys(pilot, "event")
        await pilot.press("enter")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == "" and state(screen).event_done
        assert await command(pilot, "sites 1 2 2") == ""
        assert await command(pilot, "n") == ""  # nothing missing: no question
        assert state(screen).round == 2
        assert await command(pilot, "event") == ""
        await type_into(pilot, "#command", "next")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert "Round 2 of 1848: the Sites were not typed." in str(
            pilot.app.screen.query_one("#confirm-question").render()
        )
        await pilot.press("y")
        await settle(pilot)
        assert state(screen).round == 3
        assert screen.query_one("#command", Input).value == ""  # done: nothing to repeat


async def n_asks(pilot) -> ConfirmDialog:  # type: ignore[no-untyped-def]
    """n typed and entered: the question it asks first."""
    await type_into(pilot, "#command", "n")
    await pilot.press("enter")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, ConfirmDialog)
    return dialog


async def at_the_shootout(pilot, session) -> ColomaScreen:  # type: ignore[no-untyped-def]
    """The game opened, its pools counted and its five Rounds moved through (nobody
    placed Gunmen): the Shootout."""
    screen = await open_coloma(pilot, session)
    assert await command(pilot, "pools 2 3 4") == ""
    for _ in range(5):
        await move_on(pilot)
    return screen


async def test_the_shootout_asks_when_no_chart_was_typed(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await at_the_shootout(pilot, session)
        assert state(screen).phase == "shootout"
        await n_asks(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert state(screen).phase == "shootout"
        # (both sides: with one, a lost Shootout asks which it is; see the test below)
        assert (
            await command(pilot, "chart 6 VP / 3 VP / 1 VP / 1 Grave | - / - / - / 2 Graves") == ""
        )
        assert await command(pilot, "n") == ""
        assert state(screen).phase == "cleanup"


async def test_a_lost_shootout_with_a_one_sided_chart_asks_before_it_pays(
    store: Store, new_game: NewGame
) -> None:
    """A chart typed with one side was used whatever the result: typed as the won side
    before the Barrels turned the fight, a lost Shootout paid the winners' rewards (a
    play-test). The tally says so, `n` asks; a chart short of its four parts is told, and
    players without Gunmen are not promised Graves the chart does not give."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await at_the_shootout(pilot, session)
        assert state(screen).phase == "shootout" and not state(screen).tally().won
        assert await command(pilot, "chart 6 VP / 3 VP") == ""
        assert "The chart has 2 of its 4 parts" in text_of(pilot, "#helper")
        tally = text_of(pilot, "#shootout")
        assert "it counts as the lost side; chart WON | LOST types both" in tally
        assert "no Gunmen: Ann (nothing on the chart as typed)" in tally
        await n_asks(pilot)
        assert "typed with one side: 6 VP / 3 VP. Is that the lost side?" in text_of(
            pilot, "#confirm-question"
        )
        await pilot.press("n")
        await settle(pilot)
        assert state(screen).phase == "shootout"
        assert await command(pilot, "chart 6 VP / 3 VP / 1 VP / - | - / - / - / 1 Grave") == ""
        assert text_of(pilot, "#helper") == ""
        assert "lost side" not in text_of(pilot, "#shootout")
        assert await command(pilot, "n") == ""
        assert state(screen).phase == "cleanup"
        assert state(screen).graves_owed == [1, 1, 1]  # the lost side's Grave, not the won's


async def test_six_players_at_80x24_show_everything_the_table_needs(
    store: Store, new_game: NewGame
) -> None:
    names = ("Annabelle", "Bo", "Cyrus McCoy", "Dot", "Eli", "Fran")
    session = new_game(game="coloma", names=names, first=1)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 6 8 10") == ""
        assert await command(pilot, "event") == ""
        assert await command(pilot, "sites 1 2 3 4 5 5") == ""
        assert await command(pilot, "ann gold +1") == ""
        assert screen.has_class("-short") and screen.has_class("-narrow")
        assert text_of(pilot, "#gold-line").startswith("A Gold Nugget is worth 3 Bucks")
        visible = screen.screen.size.height - 1  # the footer's row
        for selector in ("#year-line", "#gold-line", "#step", "#command", "#command-error"):
            region = screen.query_one(selector).region
            assert region.height >= 1 and region.bottom <= visible, selector
        table = screen.query_one("#players").region
        assert table.bottom <= visible  # every player's every number, no scrolling
        shown = players_text(screen)
        for name in ("Annabelle", "★ Bo", "Cyrus McCoy", "Fran", "Graves"):
            assert name in shown
        assert "Sheriff" in shown and "First player" not in shown
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_coloma(pilot, session)
        assert not screen.has_class("-short")
        assert screen.query_one("#gold-box").display
        assert not screen.query_one("#gold-line").display
        assert screen.query_one("#gold-value", Digits).value == "3"


async def test_one_is_said_in_the_singular_on_the_screen(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_coloma(pilot, session)
        assert await command(pilot, "pools 1 1 2") == ""
        assert await command(pilot, "ann gold +3") == ""
        assert text_of(pilot, "#gold-unit") == "Buck"  # "A Gold Nugget is worth 1 Buck"
        assert "1 Buck " in text_of(pilot, "#pools")
        assert await command(pilot, "pay 1") == ""
        assert text_of(pilot, "#helper") == "1 Buck takes 1 Gold Nugget at 1 each."
        assert await command(pilot, "ann rivers +1") == ""
        assert "Ann +1 River (0 → 1)" in text_of(pilot, "#log-lines")


async def test_ctrl_o_corrects_a_holding_with_a_reason(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 2 3 4") == ""
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert {"events:0", "bridges:2", "graves:1", "supply", "row:1", "sheriff"} <= set(
            dialog.fixes
        )
        dialog.query_one("#what", Select).value = "sheriff"
        await type_into(pilot, "#value", "cy")
        await type_into(pilot, "#reason", "the Badge was on Cy's side")
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is screen and state(screen).sheriff == 2
        assert "Sheriff Cy" in text_of(pilot, "#year-line")
        assert "★ Cy" in players_text(screen)


async def test_the_command_field_completes_commands_and_names(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        words = screen.command_words()
        assert words[:3] == ["Ann", "Bo", "Cy"]
        assert {"next", "event", "sites", "chart", "cleanup", "pitch", "bridge"} <= set(words)
        await type_into(pilot, "#command", "eve")
        await pilot.press("tab")
        assert screen.query_one("#command", Input).value == "event"


def first_table(tables) -> str:  # type: ignore[no-untyped-def]
    """Which of the players' table and the Shootout's tally comes first (the players'
    names docked over the table, when it is scrolled past them, are not a table)."""
    return next(child.id for child in tables.children if child.id in ("players", "shootout"))


async def test_the_shootouts_tally_comes_first_and_the_players_numbers_after_it(
    store: Store, new_game: NewGame
) -> None:
    """The players' numbers came first in the Shootout on a short terminal (at 100x30 the
    tally had pushed them off the screen: a play-test), and the tally went below the fold
    at 80x24, where a player doing the Shootout must see it (another play-test, later). The
    tally comes first at every size now, shorter when narrow; page down shows every
    player's numbers."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 6 8 10") == ""
        assert await command(pilot, "ann gun 1 1") == ""
        for _ in range(5):
            await move_on(pilot)
        assert state(screen).phase == "shootout"
        tables = screen.query_one("#tables")
        assert first_table(tables) == "shootout"
        assert text_of(pilot, "#step") == (
            "Shootout: chart 6 VP / 3 VP / 1 VP / 2 Graves (F1), then n resolves it."
        )
        await pilot.press("pagedown", "pagedown")
        await settle(pilot)
        players = screen.query_one("#players")
        shown = tables.region
        assert shown.y <= players.region.y and players.region.bottom <= shown.bottom  # whole
        for size in ((120, 40), (100, 30)):
            await pilot.resize_terminal(*size)  # (its timer waited for: a `SettledPilot`)
            await settle(pilot)
            assert screen.size == size and first_table(tables) == "shootout"


@pytest.mark.parametrize("names", [("Ann", "Bo", "Cy"), ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_shootouts_tally_is_in_sight_without_scrolling(
    store: Store, new_game: NewGame, size: tuple[int, int], names: tuple[str, ...]
) -> None:
    """At 80x24 the tally (who shoots at which tier, what each gets, the Sheriff Badge) came
    under the players' numbers, below the fold: a player doing the Shootout had to page down
    to see it (a play-test). In the Shootout it comes first, whole and unscrolled, at every
    size; narrow, it and the step line leave out what the other says."""
    session = new_game(game="coloma", names=names)
    async with make_app(store).run_test(size=size) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 6 8 10") == ""
        for text in ("ann gun 1 2", "bo gun 2 1", "cy gun 3 1"):
            assert await command(pilot, text) == "", text
        for _ in range(5):
            await move_on(pilot)
        assert state(screen).phase == "shootout"
        tables = screen.query_one("#tables")
        tally = screen.query_one("#shootout")
        assert first_table(tables) == "shootout"
        assert tables.scroll_y == 0
        said = text_of(pilot, "#shootout")
        words = " ".join(said.split())
        assert words.startswith("Shootout 1848: 4 Gunmen against 2 Outlaws, won as it stands")
        assert "tier 3: Cy" in said and "Sheriff Badge" in said
        footer = size[1] - 1
        shown = tables.region  # the tables' part of the screen, above the footer
        assert shown.bottom <= footer
        assert shown.y <= tally.region.y and tally.region.bottom <= shown.bottom, tally.region
        if size == (120, 40) and len(names) == 3:  # every player's row in sight too
            assert screen.query_one("#players").region.bottom <= footer


async def test_a_bridge_type_spelt_close_to_one_built_is_asked_and_a_name_is_guessed(
    store: Store, new_game: NewGame
) -> None:
    """`bob bridge rpoe` with Rope built became a seventh type, Rpoe, counted on its own (a
    play-test): it is asked first. A misspelt name or command gets a guess, and the Hotel
    module's words are offered only when it is on."""
    session = new_game(game="coloma", names=("Ann", "Bob", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 2 3 4") == ""
        for text in ("ann rivers +1", "bob rivers +3", "ann bridge rope"):
            assert await command(pilot, text) == "", text
        await type_into(pilot, "#command", "bob bridge rpoe")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert text_of(pilot, "#confirm-question") == (
            "No Rpoe Bridge is built so far. Did you mean Rope? Build Rpoe as a new type?"
        )
        await pilot.press("n")
        await settle(pilot)
        assert state(screen).bridges[1] == []
        assert await command(pilot, "bob bridge rope") == ""
        assert await command(pilot, "bob bridge stone") == ""  # nothing close: no question
        assert state(screen).bridges[1] == ["Rope", "Stone"]
        await type_into(pilot, "#command", "bob bridge stoen")  # ...asked, and a yes builds it
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert state(screen).bridges[1] == ["Rope", "Stone", "Stoen"]
        refusal = await command(pilot, "anm gold +2")
        assert "Not a command or a player: anm. Did you mean Ann?" in refusal
        assert "hotel" not in refusal and "sleep" not in refusal
        assert "Did you mean chart?" in await command(pilot, "chrat 6 VP")


async def test_an_empty_supply_is_said_whole_at_80x24_and_in_the_box(
    store: Store, new_game: NewGame
) -> None:
    """An empty Gold Supply ran off the gold line at 80x24 ("Mine Cart 0 · empty…") and
    out of the box at 120x40 ("(empty: 1"): a play-test."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    for size in ((80, 24), (120, 40)):
        async with make_app(store).run_test(size=size) as pilot:
            screen = await open_coloma(pilot, session)
            if state(screen).supply is None:
                assert await command(pilot, "pools 2 3 4") == ""
                assert await command(pilot, "supply 0 0 0 12 counted the board") == ""
            line = screen.query_one("#gold-line" if size[0] == 80 else "#pools")
            shown = [strip.text for strip in line.render_lines(line.region.reset_offset)]
            assert "supply empty: 1 Buck a Nugget · Mine Cart 12" in shown[0] or (
                shown[-1].strip() == "Supply empty · Cart 12"
            ), shown
            assert not any("…" in text for text in shown), shown


async def test_an_undo_takes_the_limits_note_away_and_says_whole_words(
    store: Store, new_game: NewGame
) -> None:
    """ "Bo: 5 Horses ignored" stayed under the undo that took those Horses back, and the
    undo's notice was cut inside a word ("6 Ho…"): a play-test."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "bo horses +9") == ""
        assert text_of(pilot, "#helper").startswith("Bo: 4 Horses ignored")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert text_of(pilot, "#helper") == ""
        said = text_of(pilot, "#command-error")
        assert said.startswith("Undone: Bo +5 Horses") and said.endswith("ctrl+y does it again.")
        before = said.removesuffix(" ctrl+y does it again.")
        assert before.endswith("…") and not before.endswith(" Ho…"), said
        whole = "Undone: Bo +5 Horses (1 → 6); 4 Horses ignored: 6 Horses at most (Horse Limit)"
        assert whole.startswith(before[:-1]) and whole[len(before) - 1] in " ;", said
        assert before == "Undone: Bo +5 Horses (1 → 6)…", said  # a whole clause


async def test_the_shootout_step_says_how_it_stands_where_the_tally_does_not(
    store: Store, new_game: NewGame
) -> None:
    """At 80x24 the tiers came under the players' numbers, out of sight, and the step line
    said to page down to them (a play-test had resolved the Shootout unseen). The tally is
    first now, in sight, and says how it stands: narrow, the step line leaves that to it
    (three lines at 80 columns, which pushed the tally down); wide, it says both."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await at_the_shootout(pilot, session)
        assert text_of(pilot, "#step") == (
            "Shootout: chart 6 VP / 3 VP / 1 VP / 2 Graves (F1), then n resolves it."
        )
        assert "page down" not in text_of(pilot, "#step")
        assert "Gunmen must outnumber" not in text_of(pilot, "#shootout")
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert text_of(pilot, "#step") == (
            "Shootout (0 Gunmen against 2 Outlaws, lost as it stands): chart 6 VP / 3 VP / "
            "1 VP / 2 Graves (F1), then n resolves it."
        )
        assert "(Gunmen must outnumber the Outlaws)" in text_of(pilot, "#shootout")


async def test_a_tracker_typed_with_a_bare_number_says_it_sets_it_before_enter(
    store: Store, new_game: NewGame
) -> None:
    """`ann bucks 5` sets Ann's Bucks to 5; a table that got 5 Bucks typed it without the +
    and saw what it did only once done (a play-test): it is said as it is typed, beside
    what +5 would do, and goes when the command is typed over."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_coloma(pilot, session)
        await type_into(pilot, "#command", "ann bucks 5")
        assert text_of(pilot, "#command-error") == (
            "5 sets it: Ann +3 Bucks (2 → 5); +5 would add 5. Enter sets it."
        )
        await type_into(pilot, "#command", "ann bucks +5")  # a signed amount says itself
        assert text_of(pilot, "#command-error") == ""
        assert await command(pilot, "pools 4 6 8") == ""  # (gold is taken from them)
        await type_into(pilot, "#command", "bo gold 2")
        assert text_of(pilot, "#command-error").startswith("2 sets it: Bo ")
        await type_into(pilot, "#command", "ann bucks 2")  # what it is: enter says so
        assert text_of(pilot, "#command-error") == ""
        await type_into(pilot, "#command", "ann bucks 5")
        await pilot.press("enter")
        await settle(pilot)
        assert bucks(screen) == [5, 2, 2]
        assert "Enter sets it" not in text_of(pilot, "#command-error")


async def test_the_players_names_stay_over_their_numbers_when_paged_down(
    store: Store, new_game: NewGame
) -> None:
    """Paged down at 80x24 with six players, the table's last rows showed under no name (a
    play-test): its first line (the names) stays at the top while it is scrolled past them,
    follows a new Sheriff, and goes once the table shows its own again."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Dee", "Eve", "Fay"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 6 8 10") == ""
        head = screen.query_one("#players-head", Rows)
        assert not head.display
        await pilot.press("pagedown")
        await settle(pilot)
        tables = screen.query_one("#tables")
        assert tables.scroll_y > screen.query_one("#players").virtual_region.y
        assert head.display and head.region.height == 1
        assert head.plain == players_text(screen).splitlines()[0]
        assert "★ Ann" in head.plain
        assert await command(pilot, "sheriff bo") == ""
        assert "★ Bo" in head.plain and head.plain == players_text(screen).splitlines()[0]
        await pilot.press("pageup")
        await settle(pilot)
        assert not head.display


def test_four_bridge_types_fit_a_players_column() -> None:
    """Four Bridges read "Suspension, A…" (a play-test): listed whole when they fit, else
    each cut to the fewest letters that tell it from the types built in the game."""
    built = {"suspension", "arch", "covered", "stone", "rope", "rock"}
    assert short_types(["Arch", "Stone"], built, PLAYER_COLUMN) == "Arch, Stone"
    four = short_types(["Suspension", "Arch", "Covered", "Stone"], built, PLAYER_COLUMN)
    assert four == "Su Ar Co St" and len(four) <= PLAYER_COLUMN
    assert short_types(["Rope", "Rock", "Stone", "Suspension"], built, 14) == "Rop Roc St Su"
    assert short_types(["Rope", "Rock", "Stone"], built, 14) == "Rop Roc Sto"


async def test_six_players_read_their_bridges_and_unnumbered_graves_at_80x24(
    store: Store, new_game: NewGame
) -> None:
    """With six players at 80x24, four Bridges read "Ar Xy Ro…" once Graves without their
    numbers took "+2 unnumbered" (cut in every column): a play-test. Graves not numbered
    are "+2?", said once in the row's name, and the Bridges fit a crowded column."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 6 8 10") == ""
        assert await command(pilot, "ann rivers 4") == ""
        for kind in ("Arch", "Xyz", "Rope", "Suspension"):
            assert await command(pilot, f"ann bridge {kind}") == ""
        state(screen).graves_owed[2:] = [2, 2, 2, 2]  # as a Shootout leaves them
        screen.render_state()
        await settle(pilot)
        table = screen.query_one("#players", Rows)
        lines = {line.split("  ")[0]: line for line in table.plain.splitlines()}
        assert "Graves (? unnumbered)" in lines
        assert "+2?" in lines["Graves (? unnumbered)"]
        bridges = short_types(
            ["Arch", "Xyz", "Rope", "Suspension"],
            {"arch", "xyz", "rope", "suspension"},
            CROWDED_COLUMN,
        )
        assert len(bridges) <= CROWDED_COLUMN
        drawn = [strip.text for strip in screen._compositor.render_strips()]
        row = next(line for line in drawn if line.lstrip().startswith("Bridges"))
        assert bridges in row and "…" not in row, row


async def test_bridge_types_shortened_in_the_table_are_said_whole_under_it(
    store: Store, new_game: NewGame
) -> None:
    """Five players' Bridges read "Sto Ste St…" (a play-test): once a cell shortens them,
    each player's types are said whole under the table."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Di", "Ed"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 6 8 10") == ""
        assert await command(pilot, "ann rivers 4") == ""
        whole = screen.query_one("#cells-whole")
        assert await command(pilot, "ann bridge Stone") == ""
        assert not whole.display  # whole in its cell: nothing more to say
        for kind in ("Steel", "Stagecoach", "Suspension"):
            assert await command(pilot, f"ann bridge {kind}") == ""
        assert whole.display
        assert text_of(pilot, "#cells-whole") == (
            "Bridges: Ann Stone, Steel, Stagecoach, Suspension"
        )
        tables = screen.query_one("#tables")
        order = [child.id for child in tables.children]
        assert order.index("cells-whole") == order.index("players") + 1


async def test_tents_pitched_cut_in_the_table_are_said_whole_under_it(
    store: Store, new_game: NewGame
) -> None:
    """Tents on Events 1, 2 and 5 and a Frontier Land read "E1 E2 E5 1 la…" at 120x40
    (a play-test: a whole Event's Tent, and the lands, went unseen). Once a cell is cut,
    each player's Tents are said whole under the table."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_coloma(pilot, session)
        assert await command(pilot, "pools 6 8 10") == ""
        assert await command(pilot, "cy tents +3") == ""
        whole = screen.query_one("#cells-whole")
        for typed in ("cy pitch 1", "cy pitch 2"):
            assert await command(pilot, typed) == "", typed
        assert not whole.display
        for typed in ("cy pitch 5", "cy pitch lands"):  # (`lands` too: a play-test)
            assert await command(pilot, typed) == "", typed
        await settle(pilot)
        assert whole.display
        assert text_of(pilot, "#cells-whole") == "Tents pitched on: Cy E1 E2 E5 1 land"
        # one message for each bound (-1 and 0 were told different things; `lnds` was not
        # told about land: a play-test)
        for typed in ("cy pitch -1", "cy pitch 0", "cy pitch 6"):
            assert await command(pilot, typed) == (
                f"An Event's Site must be 1 to 5 (not {typed.split()[-1]})."
            ), typed
        assert await command(pilot, "cy pitch lnds") == (
            "Not an Event nor land: lnds. Type the Event's Site (1 to 5) or land: cy pitch 2, "
            "cy pitch land."
        )
        for typed in ("bo gun 2 -1", "bo gun 2 0"):
            assert await command(pilot, typed) == (
                f"A row's Gunmen must be 1 to 12 (not {typed.split()[-1]})."
            ), typed


async def test_a_part_paged_down_goes_back_to_its_top_when_the_game_moves_on(
    store: Store, new_game: NewGame
) -> None:
    """Paged down at 80x24 to read the Shootout, the tracker table stayed scrolled into the
    next year: the Bucks out of sight, nothing saying to page up (a play-test). A new round
    or phase shows the part from its top again; within one, it stays where it was paged."""
    names = ("Annabelle", "Bo", "Cyrus McCoy", "Dot", "Eli", "Fran")
    session = new_game(game="coloma", names=names, first=1)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await at_the_shootout(pilot, session)
        tables = screen.query_one("#tables")
        chart = "chart 6 VP / 3 VP / 1 VP / 1 Grave | - / - / - / 2 Graves"
        assert await command(pilot, chart) == ""
        await pilot.press("pagedown")
        await settle(pilot)
        assert tables.scroll_y > 0
        paged = tables.scroll_y
        assert await command(pilot, "bo gun 1 1") == ""  # the same phase: stays
        assert tables.scroll_y == paged
        assert await command(pilot, "n") == ""
        assert state(screen).phase == "cleanup"
        assert tables.scroll_y == 0
