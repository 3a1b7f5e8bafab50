"""The Boomtown Builders screen through two rounds; the calculator on its own."""

from __future__ import annotations

import copy

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Select

from companion.store import Store
from screens.builders import BuildersScreen, arrows_walked, build_rows
from screens.confirm import ConfirmDialog
from screens.correction import CorrectionDialog
from screens.scoring import ScoringWizard
from screens.track_calculator import TrackCalculator
from screens.widgets.log_panel import LogPanel
from screens.widgets.rows import Rows
from screens.widgets.shown import Shown, say
from tests.conftest import NewGame
from tests.screens.helpers import (
    SIZE,
    command,
    make_app,
    open_screen,
    settle,
    text_of,
    type_into,
    until,
)


async def type_answer(pilot: Pilot, selector: str, text: str) -> str:
    """Type a wizard answer; the note shown beside it."""
    await type_into(pilot, selector, text)
    return text_of(pilot, selector.replace("answer", "note"))


async def test_two_rounds_and_the_board_is_remembered(store: Store, new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert "board's size" in text_of(pilot, "#step")
        assert "Type the board" in await command(pilot, "board big")
        assert await command(pilot, "6x5") == ""  # the size alone (refused as a build: a
        assert screen.state.widths == [5] * 6  # play-test)
        assert "size is set already" in await command(pilot, "6x5")
        assert (await command(pilot, "t at 3")).startswith("Type t at COLUMN REASON, ")
        assert "m> 2 3 (right) or m< 2 3 (left)" in await command(pilot, "mountain 2 3")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not screen.state.widths
        # before the board, the board is what is asked (the build's shape could not be
        # typed yet: a play-test)
        assert "The board's size comes first: board 10x5" in await command(pilot, "zz")
        assert await command(pilot, "board 6x5") == ""
        assert "[MARKS or .]" in await command(pilot, "zz")
        assert "takes a Single, not a Double" in await command(pilot, "1 1 d")
        # a huge row says the board's rows ("too large (at most 999,999,999)": a play-test)
        assert "A row is 1 to 6" in await command(pilot, "99999999999999999999 1 s")
        assert await command(pilot, "3 2 t") == ""
        assert "already has a building" in await command(pilot, "3 2 s")
        assert await command(pilot, "2 5 d") == "" and await command(pilot, "1 3 s") == ""
        assert await command(pilot, "t 2 0 1") == ""
        assert screen.state.tokens == [1]
        assert "Left wins, 1 step + 1 for the + icon left: column 1." in text_of(
            pilot, "#log-lines"
        )
        assert await command(pilot, "n") == ""  # round 2: Bo starts
        assert screen.state.first_player == 1
        assert await command(pilot, "m> 4 3") == ""
        assert "holds a Mountain" in await command(pilot, "4 3 s")
        for build in ("4 2 s", "4 5 d", "5 1 t"):
            assert await command(pilot, build) == "", build
        assert await command(pilot, "t 0 1 0") == ""  # from column 1, right: column 2
        assert screen.state.tokens == [1, 2]
        # undone and redone by where it went (the votes' sentence lost it, cut: a play-test)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert text_of(pilot, "#command-error").startswith(
            "Undone: Track Token in row 2 at column 2."
        )
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == "Redone: Track Token in row 2 at column 2."
        assert screen.state.tokens == [1, 2]
        assert await command(pilot, "n") == ""  # round 3: a build undone says its cube
        assert await command(pilot, "6 2 t") == ""
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert text_of(pilot, "#command-error").startswith(
            "Undone: Cy's Triple at row 6, column 2. ctrl+y does it again."
        )
    assert store.read_settings()["builders"]["board"] == [5] * 6
    other = new_game(game="builders", names=("Di", "Ed"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(other.path)
        await pilot.pause()
        assert pilot.app.screen.state.widths == [5] * 6  # remembered, as an entry (undoable)
        notices = [str(n.message) for n in pilot.app._notifications]
        assert "The board's size as you entered it last time (ctrl+z to change it)." in notices


async def test_the_calculator_opens_on_its_own(store: Store, new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TrackCalculator)
        await type_into(pilot, "#calc-right", "2")
        await type_into(pilot, "#calc-mountains", "4>")
        assert text_of(pilot, "#calc-result") == (
            "0 Left votes against 2 Right: Right wins, 1 step right; column 4 is a Mountain, "
            "its arrow points right: column 5."
        )
        await type_into(pilot, "#calc-mountains", "4^")
        assert "Not a Mountain: 4^" in text_of(pilot, "#calc-result")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, BuildersScreen)


async def test_the_calculator_says_where_its_numbers_come_from(
    store: Store, new_game: NewGame
) -> None:
    """A play-test: ctrl+t opened at 0 Left and 0 Right votes after builds with marks. The
    tracker had counted nothing (row 1's printed arrows were not typed): the calculator says
    so, and opens with the count once the arrows are typed."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)

        async def calculator() -> tuple[list[str], str]:
            await pilot.press("ctrl+t")
            await settle(pilot)
            assert isinstance(pilot.app.screen, TrackCalculator)
            fields = ("previous", "width", "left", "right", "plus")
            values = [pilot.app.screen.query_one(f"#calc-{f}", Input).value for f in fields]
            source = text_of(pilot, "#calc-source")
            await pilot.press("escape")
            await settle(pilot)
            return values, source

        values, source = await calculator()
        assert values == ["3", "5", "0", "0", "0"]
        assert source.startswith("Example numbers: the board has no size yet")
        assert await command(pilot, "board 10x5") == ""
        for build in ("1 2 s <<+", "1 4 s >", "2 3 d <"):
            assert await command(pilot, build) == "", build
        values, source = await calculator()
        assert values == ["3", "5", "0", "0", "0"]
        assert "votes are not counted yet (0)" in source
        assert "still needs row 1's printed arrows (arrows 1 < . > . ., . for none)" in source
        assert await command(pilot, "arrows 1 < . > . <") == ""
        values, source = await calculator()
        assert values == ["3", "5", "4", "2", "1"]  # cards' marks and the empty locations' arrows
        assert source.startswith("From the board: the Train Marker's row, and the votes")


async def test_the_calculator_takes_the_winning_sides_plus_icons_as_the_votes_change(
    store: Store, new_game: NewGame
) -> None:
    """A play-test: the tracker counted 1 Left (a card's `<+`) and 0 Right; adding a
    revealed Hideout's 3 Right votes in the calculator kept the Left card's + icon as the
    winning side's and said column 5 for column 4. The + icons field follows the winner
    while it holds the count filled in; a number typed over it stays."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 10x5") == ""
        assert await command(pilot, "arrows 1 . . . . .") == ""
        for build in ("1 1 s <+", "2 1 d ."):
            assert await command(pilot, build) == "", build
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TrackCalculator)
        fields = ("left", "right", "plus")

        def values() -> list[str]:
            return [pilot.app.screen.query_one(f"#calc-{f}", Input).value for f in fields]

        assert values() == ["1", "0", "1"]
        await type_into(pilot, "#calc-right", "3")
        assert values() == ["1", "3", "0"]  # Right wins: no + icon on its side
        assert text_of(pilot, "#calc-result") == (
            "1 Left vote against 3 Right: Right wins, 1 step right: column 4."
        )
        await type_into(pilot, "#calc-right", "0")
        assert values() == ["1", "0", "1"]  # Left again, with its card's +
        await type_into(pilot, "#calc-plus", "2")  # the table's own count stays
        await type_into(pilot, "#calc-right", "3")
        assert values() == ["1", "3", "2"]


async def test_the_token_step_names_the_hideout_of_its_row(store: Store, new_game: NewGame) -> None:
    """The step said "t < adds a Hideout's arrows" for a row with a Hideout and one without
    (a play-test): it names the row's Hideout; with Hideouts recorded elsewhere, none."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 10x5") == ""
        assert await command(pilot, "arrows 1 . . . . .") == ""
        assert await command(pilot, "arrows 2 . . . . .") == ""
        assert await command(pilot, "hide 2 4") == ""
        for build in ("1 1 s .", "1 2 s ."):
            assert await command(pilot, build) == "", build
        step = " ".join(text_of(pilot, "#step").split())
        assert "t where the Train Marker stands, t LEFT RIGHT PLUSES" in step  # row 1: none
        assert await command(pilot, "t") == ""
        assert await command(pilot, "n") == ""
        for build in ("2 1 s .", "3 2 s ."):
            assert await command(pilot, build) == "", build
        step = " ".join(text_of(pilot, "#step").split())
        assert "(its Hideout at column 4 revealed: t < and its arrows)" in step


async def test_typos_get_the_message_for_what_was_meant(store: Store, new_game: NewGame) -> None:
    """Play-tests: `bord 10x5` before the board was told the build's shape; `t 2 1` (for
    `t 2 1 1`) placed the token with no + icon; `1 -4 s` was told the command's shape."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "bord 10x5") == (
            "Not a command: bord. Did you mean board? The board's size comes first: board 10x5 "
            "(ROWSxWIDTH), or each row's width (board 5 5 6 6 5)."
        )
        assert await command(pilot, "board 10x5") == ""
        assert await command(pilot, "makrs 1 1 <") == (  # (the build's shape alone, before)
            "Not a command: makrs. Did you mean marks? Type ROW COLUMN CUBE [MARKS or .] "
            "[CARD] to build (3 2 d <+ Saloon), t for the token, or see F1."
        )
        assert await command(pilot, "zzz") == (  # nothing close: no guess
            "Not a command: zzz. Type ROW COLUMN CUBE [MARKS or .] [CARD] to build (3 2 d <+ "
            "Saloon), t for the token, or see F1."
        )
        assert await command(pilot, "next 2") == "Type next alone to start the next round."
        assert await command(pilot, "3,2,d") == (  # a location mistyped: not a command word
            "Type ROW COLUMN CUBE [MARKS or .] [CARD] to build (3 2 d <+ Saloon), t for the "
            "token, or see F1."
        )
        assert await command(pilot, "1 -4 s") == (
            "Not a location: row 1, column -4. Rows and columns count from 1: 3 2 d."
        )
        for build in ("1 1 s", "1 2 s"):
            assert await command(pilot, build) == "", build
        assert await command(pilot, "t 2 1") == (
            "Type the + icons on the winning side too, 0 for none: t 2 1 0 (or t 2 1 1 with one)."
        )
        assert screen.state.tokens == []
        assert await command(pilot, "t 2 1 0") == ""
        assert len(screen.state.tokens) == 1


async def test_a_three_player_game_to_the_end_with_every_token_from_the_board(
    store: Store, new_game: NewGame
) -> None:
    """The issue's 'done when': every Track Token placed by the calculator, then scored."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 5x3") == ""
        assert "Row 1 has 3 locations" in await command(pilot, "arrows 1 < .")
        for row, marks in enumerate(("< . >", ". > .", "< < .", ". . .", "< . ."), start=1):
            assert await command(pilot, f"arrows {row} {marks}") == "", row
        assert await command(pilot, "hide 3 2") == ""
        assert "Train Marker: row 1, column 2" in text_of(pilot, "#notes")  # < . >: a tie
        # Round 1: Ann, Bo, Cy
        assert "Not a set of marks: <x" in await command(pilot, "1 1 s <x")
        assert await command(pilot, "1 1 s <+ Saloon") == ""
        assert await command(pilot, "2 2 d >") == ""
        assert await command(pilot, "3 3 t .") == ""
        assert "If the round ended now: 1 Left vote against 1 Right: a tie" in text_of(
            pilot, "#notes"
        )
        assert await command(pilot, "t") == ""
        assert await command(pilot, "n") == ""
        # Round 2: Bo starts; Ann forgets her card's marks, then says them
        assert await command(pilot, "2 1 s >") == ""
        assert await command(pilot, "4 1 d <") == ""
        assert await command(pilot, "2 3 s") == ""
        assert "type the marks of the card at row 2, column 3" in text_of(pilot, "#notes")
        assert "To count the votes" in await command(pilot, "t")
        assert await command(pilot, "marks 2 3 >+") == ""
        assert "Train Marker: row 2, column 3" in text_of(pilot, "#notes")
        assert await command(pilot, "t") == ""
        assert await command(pilot, "n") == ""
        # Round 3, the final round: Cy starts; a Hideout is revealed in row 3
        assert await command(pilot, "3 1 s <") == ""
        assert await command(pilot, "4 2 d >") == ""
        assert await command(pilot, "4 3 s .") == ""
        assert await command(pilot, "t >>") == ""  # the Hideout shows two Right arrows
        assert await command(pilot, "t") == ""  # row 4: covered by cards, a tie
        assert screen.state.tokens == [2, 3, 3, 3]
        assert await command(pilot, "t") == ""  # row 5: the last token; the wizard waits
        assert pilot.app.screen is screen  # for n (it took what was typed on: a play-test)
        assert text_of(pilot, "#step") == (
            "Every Track Token is placed: n (or ctrl+f) scores the game."
        )
        assert "Track Token" in text_of(pilot, "#command-error")  # where the last one went
        await type_into(pilot, "#command", "n")
        await pilot.press("enter")
        await pilot.pause()
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        assert text_of(pilot, "#hint-0") == (
            "The app tracked: 1) row 1 col 1 (Saloon, Single): 1 from the token; 2) row 2 col 3 "
            "(Single): 0 from the token; 3) row 4 col 2 (Double): 1 from the token"
        )
        # the board knows each cube: the table types only the VP each card shows (a ?
        # for each card not known yet)
        assert pilot.app.screen.query_one("#answer-0").value == "? ? ?"
        assert "3 buildings on the board: type 3 VP" in (
            await type_answer(pilot, "#answer-0", "3 5")
        )
        # a cube typed that is not the board's is questioned (taken without a word, it
        # scored 5x3 on a Double: a play-test)
        assert (await type_answer(pilot, "#answer-0", "3 5 2x3")).endswith(
            "building 3 is a Double on the board: is that right?"
        )
        assert "is that right" not in await type_answer(pilot, "#answer-0", "3 5 2x2")
        # a Goldmine's +2 where the board has none is questioned too (a play-test)
        assert (await type_answer(pilot, "#answer-0", "3 5 2x2g")).endswith(
            "building 3 is next to no Goldmine on the board: is that right?"
        )
        for seat, typed in enumerate(("3 5 2", "4x2 1x1 6x1", "2 3 0")):
            await type_into(pilot, f"#answer-{seat}", typed)
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert screen.state.finished
    assert store.read_settings()["builders"]["cards"] == {"saloon": {"1": 3}}
    entries = store.read_game(session.path).entries
    assert entries[-1].text.startswith("The game is over: Bo wins")
    assert sum(entry.kind == "token" for entry in entries) == 5
    other = new_game(game="builders", names=("Di", "Ed"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(other.path)
        await pilot.pause()
        assert pilot.app.screen.state.arrows[5] == ["<", "", ""]  # remembered with the board
        # and the Hideout Card's space, printed on the board too (forgotten, a building went
        # on it in the next game: a play-test)
        assert pilot.app.screen.state.terrain == {(3, 2): "hideout"}
        notices = [str(n.message) for n in pilot.app._notifications]
        assert (
            "The board's size, printed arrows and Hideout Cards' spaces as you entered them "
            "last time (ctrl+z 3 times to change the size)."
        ) in notices
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # (one undo took back only the arrows)
        await settle(pilot)
        assert not pilot.app.screen.state.widths


async def test_issue_13_through_the_screen(store: Store, new_game: NewGame) -> None:
    """Non-ASCII digits, a second token in an ordinary round, Mountains facing each other and
    a narrower row: each gets its message beside the field, and the table can always place
    the token where the board has it."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert "The board has 1 to 20 rows" in await command(pilot, "board 0x5")
        assert await command(pilot, "board 7 7 5 5") == ""  # 2 players: tokens 1, 1, then 2
        assert "Round 1 of 3" in text_of(pilot, "#round-line")
        for typed in ("t ² 1", "m> ² 1", "marks ² 1 <", "² 1 s"):
            assert "Type" in await command(pilot, typed), typed
        assert "A row is 1 to 4" in await command(pilot, "9999999999 1 s")  # (the board's)
        assert await command(pilot, "m> 3 3") == ""
        assert "columns 3 and 4 point at each other" in await command(pilot, "m< 3 4")
        assert await command(pilot, "2 7 s") == "" and await command(pilot, "3 1 d") == ""
        assert await command(pilot, "t 0 3 0") == ""  # row 1: from 4, Right: column 5
        assert "Round 1 places 1 Track Token" in await command(pilot, "t 0 3 0")
        assert await command(pilot, "n") == ""
        assert await command(pilot, "3 5 s") == "" and await command(pilot, "4 1 s") == ""
        assert await command(pilot, "t 0 2 1") == ""  # row 2: from 5, +1: column 7
        assert await command(pilot, "n") == ""  # round 3, the final round: rows 3 and 4
        assert await command(pilot, "4 2 s") == "" and await command(pilot, "4 3 s") == ""
        assert "token 1 of 2" in text_of(pilot, "#step")
        assert "and why: t at 2 as on the board" in await command(pilot, "t at 2")
        assert await command(pilot, "t at 2 as on the board") == ""
        assert "token 2 of 2" in text_of(pilot, "#step")
        assert screen.state.tokens == [5, 7, 2]
        assert "placed by hand at column 2: as on the board" in text_of(pilot, "#log-lines")


async def test_the_calculator_refuses_mountains_that_cannot_be(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        for typed, words in (
            ("9>", "column 9 is not in a row of 5"),
            ("5>", "points off the edge"),
            ("2> 2<", "Two Mountains in column 2"),
            ("²>", "Not a Mountain"),
        ):
            await type_into(pilot, "#calc-mountains", typed)
            assert words in text_of(pilot, "#calc-result"), typed


def four_players_in_round_three(new_game: NewGame):  # type: ignore[no-untyped-def]
    """Bea and Bob (one initial), an emoji initial, a long name; a token on a building."""
    session = new_game(
        game="builders", names=("Bea", "Bob", "🐻 Cy", "Dianne Longname"), terrain=True
    )
    rules, act = session.rules, session.act
    act(rules.board(session.state, [5] * 10))
    act(rules.place_terrain(session.state, 3, 3, "goldmine"))
    for seat, (row, column, cube) in enumerate([(3, 2, 3), (2, 5, 2), (1, 3, 1), (1, 2, 1)]):
        act(rules.build(session.state, seat, row, column, cube))
    act(rules.token(session.state, 1, 0, 0))  # row 1: from 3, Left: column 2 (Di's building)
    act(rules.next_round(session.state))
    return session


async def test_at_80x24_the_board_and_every_players_numbers_are_in_sight(
    store: Store, new_game: NewGame
) -> None:
    session = four_players_in_round_three(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await pilot.pause()
        for selector in ("#step", "#command", "#board", "#players"):
            region = screen.query_one(selector).region
            assert region.height and region.bottom <= 23, selector  # above the footer
            assert region.right <= 80, selector
        board = text_of(pilot, "#board")
        assert "=Di1=" in board  # the Track Token on Dianne's building is drawn
        assert "Be3" in board and "Bo2" in board  # Bea and Bob told apart
        lines = board.splitlines()
        assert lines[0].split() == ["1", "2", "3", "4", "5"]
        assert all(cell_len(line) == cell_len(lines[1]) for line in lines[1:-1] if "◀" not in line)
        row_one = next(line for line in lines if line.startswith(" 1 "))
        # the token's cell is centred under its column's number, like every other cell
        assert cell_len(row_one.split("=Di1=")[0]) + 2 == cell_len(lines[0].split("2")[0])
        assert cell_len(row_one.split("🐻C1")[0]) + 1 == cell_len(lines[0].split("3")[0])
        players = text_of(pilot, "#players")
        for name in ("Bea", "Bob", "🐻 Cy", "Dianne Longname"):
            assert name in players
        assert "T2 D4 S7 left · 1 building" in players  # Bea's Triple invested


async def test_a_stray_enter_changes_nothing_and_n_starts_the_round(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await command(pilot, "board 5x3")
        await command(pilot, "2 1 s")
        await command(pilot, "3 3 d")
        await command(pilot, "t 0 0 0")
        assert "Type n to start round 2" in text_of(pilot, "#step")
        entries = len(screen.session.journal)
        for _ in range(3):
            assert await command(pilot, "") == "Nothing typed: type n to start round 2."
        assert len(screen.session.journal) == entries and screen.state.round == 1
        assert await command(pilot, "n") == ""
        assert screen.state.round == 2
        assert "type where Bo builds" in await command(pilot, "")


async def test_ctrl_o_corrects_a_building_and_the_vp_number_is_gone(
    store: Store, new_game: NewGame
) -> None:
    session = four_players_in_round_three(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert not any(key.endswith(":vp") for key in dialog.fixes)
        dialog.query_one("#what", Select).value = "building:3:2"
        await pilot.pause()
        assert "Bo d" in text_of(pilot, "#value-label")
        await type_into(pilot, "#value", "bob d")
        await type_into(pilot, "#reason", "it was Bob's")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.state.at(3, 2).owner == 1
        assert "Bo2" in text_of(pilot, "#board").splitlines()[8]  # row 3
        players = text_of(pilot, "#players")
        assert "T3 D2 S7 left · 2 buildings" in players  # Bob's Double taken
        assert "T3 D4 S7 left · 0 buildings" in players  # Bea's Triple back
        assert "Correction: the building at row 3, column 2 is Bob's Double" in text_of(
            pilot, "#log-lines"
        )


async def test_ctrl_f_before_the_last_token_asks(store: Store, new_game: NewGame) -> None:
    session = four_players_in_round_three(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert "It is Round 2 of 9: 9 Track Tokens still to place." in text_of(
            pilot, "#confirm-question"
        )
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.state.finished


async def test_the_command_field_completes_commands_and_names(
    store: Store, new_game: NewGame
) -> None:
    session = four_players_in_round_three(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        await type_into(pilot, "#command", "boa")
        await pilot.press("tab")
        await settle(pilot)
        assert pilot.app.screen.query_one("#command", Input).value == "board"
        assert await command(pilot, "4 4 s Tent") == ""  # a card named Tent is built
        # its cube letter is not completed into the card (a play-test: `10 1 t` offered
        # `10 1 tent`); the card's name after it is
        await type_into(pilot, "#command", "4 1 t")
        await pilot.press("tab")
        await settle(pilot)
        assert pilot.app.screen.query_one("#command", Input).value == "4 1 t"
        await type_into(pilot, "#command", "4 1 t te")
        await pilot.press("tab")
        await settle(pilot)
        assert pilot.app.screen.query_one("#command", Input).value == "4 1 t Tent"


async def test_a_message_line_redraws_only_when_it_changed(store: Store) -> None:
    async with make_app(store).run_test(size=SIZE) as pilot:
        check_redraws()
        loose = Shown("", markup=False)
        loose.styles.width = 20
        await pilot.app.screen.mount(loose)
        await pilot.pause()
        refreshed: list[bool] = []
        loose.refresh = lambda *a, layout=False, **k: refreshed.append(layout)  # type: ignore[method-assign]
        say(loose, "a")  # one line, as the empty one: no relayout
        say(loose, "a")
        say(loose, "a longer line")  # still one line at its width
        say(loose, "a line long enough to take two")
        assert refreshed == [False, False, True]
        refreshed.clear()  # a Text (the scoring wizard's red refusals): its styles count too
        say(loose, Text("a line long enough to take two", style="bold red"))
        say(loose, Text("a line long enough to take two", style="bold red"))
        say(loose, Text("a line long enough to take two"))
        say(loose, "a line long enough to take two")
        assert refreshed == [False, False, False]


def check_redraws() -> None:
    loose = Shown()
    refreshed: list[bool] = []
    loose.refresh = lambda *a, layout=False, **k: refreshed.append(layout)  # type: ignore[method-assign]
    say(loose, "a")  # not laid out yet: its height is not known
    say(loose, "a")
    assert refreshed == [True]


def words_shown(pilot: Pilot, selector: str) -> str:
    """The words drawn on the screen where a widget is, joined by single spaces: a line
    wrapped anywhere reads as it was given."""
    region = pilot.app.screen.query_one(selector).region
    strips = pilot.app.screen._compositor.render_strips()[region.y : region.bottom]
    return " ".join(" ".join(s.crop(region.x, region.right).text for s in strips).split())


async def test_the_board_legend_and_the_train_marker_notes_show_whole(
    store: Store, new_game: NewGame
) -> None:
    """The play-test's legend lost its end ('Mountain, ~~ Lake, $$ Goldmine, Hd Hideout.')
    under a Train Marker sentence of two lines, with four blank rows below (80x28); "Be3"
    said nothing to a new player. At 80x24 and at 120x40 beside the log too."""
    session = four_players_in_round_three(new_game)
    session.act(session.rules.place_terrain(session.state, 8, 1, "mountain-right"))
    session.act(session.rules.place_terrain(session.state, 7, 5, "mountain-left"))
    session.act(session.rules.place_terrain(session.state, 9, 4, "lake"))
    session.act(session.rules.place_terrain(session.state, 10, 5, "hideout"))
    for size in ((80, 28), (80, 24), SIZE):
        async with make_app(store).run_test(size=size) as pilot:
            screen = await open_screen(pilot, session, BuildersScreen)
            await settle(pilot)
            notes = " ".join(text_of(pilot, "#notes").split())
            # the column it starts from said while the votes cannot be counted (a play-test)
            assert notes.startswith("◀ Train Marker: row 2, from column 2.")
            assert words_shown(pilot, "#notes") == notes, size
            shown = words_shown(pilot, "#legend")
            for said in (
                "Row 1 at the bottom; =..= Track Token",
                "Be3: Bea's building, a Triple cube",  # label and cube in words
                "M< M> Mountain, ~~ Lake, $$ Goldmine, Hd Hideout",
            ):
                assert shown.count(said) == 1, (size, said)
            for selector in ("#board", "#players", "#legend", "#notes"):
                region = screen.query_one(selector).region
                assert region.height and region.bottom <= size[1] - 1, (size, selector)


async def test_the_round_line_shows_whole_beside_the_log(store: Store, new_game: NewGame) -> None:
    """The play-test's round line stopped at '4 cards on offer · Track' at 120x40 with the
    log and a player named [bold]Zed[/] (shown as typed)."""
    session = new_game(game="builders", names=("[bold]Zed[/]", "Ann", "Bo"), first=0)
    session.act(session.rules.board(session.state, [5] * 10))
    for size in (SIZE, (80, 24)):
        async with make_app(store).run_test(size=size) as pilot:
            screen = await open_screen(pilot, session, BuildersScreen)
            await settle(pilot)
            assert screen.query_one("#log").display == (size == SIZE)
            line = " ".join(text_of(pilot, "#round-line").split())
            assert "[bold]Zed[/]" in line and line.endswith("4 cards on offer · Track Tokens 0/10")
            assert words_shown(pilot, "#round-line") == line, size
            assert screen.query_one("#notes").region.bottom <= size[1] - 1, size


async def test_the_terrain_count_shows_while_the_cards_are_placed(
    store: Store, new_game: NewGame
) -> None:
    """The advanced game's count of Terrain Cards is on the round line until the first
    build (on it for good, it took a second line at 80x24 and cut the notes' end); the
    step asks for them until the count is full (it still did at 9 of 9: a play-test); a card
    past the count is placed and said."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0, terrain=True)
    session.act(session.rules.board(session.state, [5] * 6))
    for spot in range(8):
        session.act(session.rules.place_terrain(session.state, spot // 5 + 2, spot % 5 + 1, "lake"))
    # a Hideout Card is not a Terrain Card ("10 of 9": a play-test)
    session.act(session.rules.place_terrain(session.state, 1, 5, "hideout"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert "Terrain Cards placed: 8 of 9" in text_of(pilot, "#round-line")
        assert text_of(pilot, "#step").startswith(
            "Terrain Cards first (m> 2 4, m<, lake, gold, th: F1); then Ann builds:"
        )
        shown = words_shown(pilot, "#step").replace("█ ", "")  # (the step's left border)
        assert shown == " ".join(text_of(pilot, "#step").split())  # whole, in its 3 lines
        assert "hide 3 2" in await command(pilot, "hide 3")  # (how a Hideout is typed too)
        assert await command(pilot, "lake 3 4") == ""  # the 9th: the count is full
        assert "Terrain Cards placed: 9 of 9" in text_of(pilot, "#round-line")
        assert text_of(pilot, "#step").startswith("Ann builds:")
        assert await command(pilot, "gold 5 1") == ""  # the 10th: placed, and said
        assert "10 Terrain Cards on the board: a 3-player game places 9" in text_of(
            pilot, "#log-lines"
        )
        assert len(screen.state.terrain) == 11  # and the Hideout
        assert await command(pilot, "1 1 s") == ""
        assert "Terrain Cards" not in text_of(pilot, "#round-line")
        assert "Terrain" not in text_of(pilot, "#step")


async def test_arrows_of_a_board_before_do_not_keep_this_boards_from_coming_back(
    store: Store, new_game: NewGame
) -> None:
    """A table moved from a 10x5 board to `board 5 5 6 6 5`: the settings kept rows 6-10
    of the old board's arrows beside the new rows, and none came back (a play-test). Only
    the rows this board has, one mark a location, are recalled; a board of another size
    typed forgets the arrows typed for the one before."""
    old = {str(row): "< . > . <" for row in range(1, 11)}
    new = {"1": "< . > . <", "2": ". . . . >", "3": "< . . . . >", "4": ". . . . . <"}
    store.write_settings({"builders": {"board": [5, 5, 6, 6, 5], "arrows": {**old, **new}}})
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await settle(pilot)
        assert screen.state.widths == [5, 5, 6, 6, 5]
        assert screen.state.arrows[3] == ["<", "", "", "", "", ">"]
        assert screen.state.arrows[5] == ["<", "", ">", "", "<"]  # the old row 5 fits it
        assert sorted(screen.state.arrows) == [1, 2, 3, 4, 5]
        assert "set already: ctrl+z takes it back" in await command(pilot, "board 4x4")
        await pilot.press("ctrl+z", "ctrl+z")  # the arrows, then the board
        await settle(pilot)
        assert not screen.state.widths
        assert await command(pilot, "board 4x4") == ""
        assert "arrows" not in store.read_settings()["builders"]
        assert not screen.state.arrows
        assert await command(pilot, "arrows 2 < . . >") == ""
        assert store.read_settings()["builders"]["arrows"] == {"2": "< . . >"}


def test_the_last_rounds_examples_name_rows_the_board_has(new_game: NewGame) -> None:
    """Round 9 of a 10-row board said "e.g. 11 2 t" and "row 11 on: up to a Triple"."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    session.act(session.rules.board(session.state, [3] * 10))
    state = copy.deepcopy(session.state)
    assert build_rows(state) == (
        "(e.g. 3 2 t <+ Saloon). Row 1: Single; row 2: up to a Double; row 3 on: up to a Triple."
    )
    state.tokens = [1] * 7
    assert build_rows(state) == (
        "(e.g. 10 2 t <+ Saloon). Row 8: Single; row 9: up to a Double; row 10: up to a Triple."
    )
    state.tokens = [1] * 8
    assert build_rows(state) == "(e.g. 10 2 d <+ Saloon). Row 9: Single; row 10: up to a Double."
    state.tokens = [1] * 9
    assert build_rows(state) == "(e.g. 10 2 s <+ Saloon). Row 10: Single."


async def test_a_build_after_the_rounds_token_says_to_start_the_next_round(
    store: Store, new_game: NewGame
) -> None:
    """It said "place the Track Token (t)" with the token placed, and `t` then said it was
    (a play-test)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        for typed in ("board 3x2", "1 1 s", "1 2 s"):
            assert await command(pilot, typed) == "", typed
        # the printed arrows first, as the step line says (it said "type t", and t was
        # refused for want of them: a play-test)
        assert await command(pilot, "2 1 s") == (
            "Everyone has built this round: type row 1's printed arrows (arrows 1 < ., . for "
            "none), then t for the Track Token in row 1."
        )
        # row 1's printed arrows not typed: the step asks for them first (it offered `t`,
        # which then said it needed them: a play-test)
        step = " ".join(text_of(pilot, "#step").split())
        assert (
            "type row 1's printed arrows (arrows 1 < ., . for none), then t; or t LEFT" in step
        ), step
        assert await command(pilot, "t 1 0 0") == ""
        # where it went and why is said under the field (only the log had it: a play-test)
        said = " ".join(text_of(pilot, "#command-error").split())
        assert said.startswith("Track Token in row 1: 1 Left") and "column" in said, said
        assert await command(pilot, "2 1 s") == (
            "Everyone has built this round: type n to start round 2."
        )


async def test_a_wrong_cube_word_is_named_and_arrow_is_taken(
    store: Store, new_game: NewGame
) -> None:
    """`1 2 x` got the general usage line; `arrow 1 ...` (singular) was not a command; a
    mark typed with a dot read "<>.. Type" (play-tests)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 3x2") == ""
        assert await command(pilot, "1 2 x") == (
            "Not a cube: x. Type s, d or t (a Single, a Double, a Triple): 3 2 d."
        )
        assert await command(pilot, "arrow 1 < >") == ""
        assert "Not a set of marks: <>. (type < and >" in await command(pilot, "arrows 2 <>. .")
        # a typo in a card's marks was taken as its name, its arrows uncounted (a play-test)
        for typed in ("1 1 s x", "1 1 s Ox"):  # (and how to name a card of two letters:
            # not said, a play-test)
            name = typed.split()[-1]
            assert await command(pilot, typed) == (
                f"Not a card's marks nor its name: {name}. Marks are < > + (. for none), "
                f"before the name: 3 2 d <+ Saloon. A name of one or two letters: 1 1 s . "
                f"{name}, or build, then card 1 1 {name}."
            )
        assert await command(pilot, "1 1 s") == ""
        assert await command(pilot, "card 1 1 Ox") == ""
        assert screen.state.buildings[-1].card == "Ox"
        assert await command(pilot, "1 2 s > Inn") == ""  # a name of three letters: taken
        assert screen.state.buildings[-1].card == "Inn"


async def test_a_short_card_name_after_the_marks_is_taken(store: Store, new_game: NewGame) -> None:
    """`1 1 s . Ox` was refused as "Not a card's marks nor its name" although its `.` said
    the card has no marks (a play-test): a name after the marks is the card's; with no
    marks typed, or one letter right after arrows (`> x`, a mark mistyped), it is asked."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 3x3") == ""
        assert "Not a card's marks nor its name: Ox" in await command(pilot, "1 1 s Ox")
        assert not screen.state.buildings  # refused: nothing built
        assert await command(pilot, "1 1 s . Ox") == ""
        built = screen.state.buildings[-1]
        assert (built.row, built.column, built.card, built.marks) == (1, 1, "Ox", "")
        assert "Not a card's marks nor its name: X" in await command(pilot, "1 2 s > X")
        assert len(screen.state.buildings) == 1
        assert await command(pilot, "1 2 s > Ox") == ""
        built = screen.state.buildings[-1]
        assert (built.row, built.column, built.card, built.marks) == (1, 2, "Ox", ">")


async def test_clear_with_nothing_there_says_so_and_changes_nothing(
    store: Store, new_game: NewGame
) -> None:
    """`clear 1 1` where no terrain was said "... has no terrain already" (a play-test)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0, terrain=True)
    session.act(session.rules.board(session.state, [5] * 6))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        entries = len(screen.session.journal.entries)
        assert await command(pilot, "clear 1 1") == (
            "Nothing to clear at row 1, column 1: no terrain or Hideout is there."
        )
        assert len(screen.session.journal.entries) == entries
        assert not screen.state.terrain


async def test_the_same_again_is_refused_beside_the_field_and_not_recorded(
    store: Store, new_game: NewGame
) -> None:
    """`marks 1 4 .` on a card showing no marks was recorded as a second entry that
    changed nothing, typed or brought back with up and enter (the log showed it, ctrl+z
    took back "nothing": a play-test); a card's name and a row's arrows the same again too."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    session.act(session.rules.board(session.state, [5] * 4))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "arrows 1 < . > . .") == ""
        assert await command(pilot, "arrows rest .") == ""
        assert await command(pilot, "1 1 s") == ""  # the card's marks not said
        assert await command(pilot, "marks 1 1 .") == ""  # said: a change
        assert await command(pilot, "card 1 1 Saloon") == ""
        entries = len(screen.session.journal.entries)
        unchanged = "Row 1, column 1's card already shows no marks: nothing changed."
        assert await command(pilot, "marks 1 1 .") == unchanged
        await pilot.press("ctrl+u", "up", "up")  # `marks 1 1 .` brought back
        assert screen.query_one("#command", Input).value == "marks 1 1 ."
        await pilot.press("enter")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == unchanged
        assert await command(pilot, "card 1 1 Saloon") == (
            "Row 1, column 1's card is already named Saloon: nothing changed."
        )
        assert await command(pilot, "arrows 1 < . > . .") == (
            "Row 1's printed arrows are < . > . . already: nothing changed."
        )
        assert await command(pilot, "arrows 3 .") == (
            "Row 3 already has no printed arrows: nothing changed."
        )
        assert await command(pilot, "gold 2 3") == ""
        assert await command(pilot, "gold 2 3") == (
            "Row 2, column 3 has a Goldmine already: nothing changed."
        )
        assert len(screen.session.journal.entries) == entries + 1
        await pilot.press("ctrl+z", "ctrl+z")  # the Goldmine, then the card's name
        await settle(pilot)
        built = screen.state.at(1, 1)
        assert built is not None and (built.card, built.marks) == ("", "")
        assert not screen.state.terrain


async def test_a_clear_undone_and_redone_says_what_came_back_and_went(
    store: Store, new_game: NewGame
) -> None:
    """The undo of `clear 2 3` said "Undone: Terrain: nothing at row 2, column 3, in
    place…", cut at 80 columns, and nothing of the Goldmine it brought back (a play-test)."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0)
    session.act(session.rules.board(session.state, [7] * 10))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "gold 2 3") == ""
        assert await command(pilot, "clear 2 3") == ""
        assert "Cleared row 2, column 3: the Goldmine taken away" in text_of(pilot, "#log-lines")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert screen.state.terrain[(2, 3)] == "goldmine"
        said = text_of(pilot, "#command-error")
        assert said == ("Undone: cleared row 2, column 3 (Goldmine is back). ctrl+y does it again.")
        assert cell_len(said) <= screen.query_one("#command-error").content_size.width
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert (2, 3) not in screen.state.terrain
        assert text_of(pilot, "#command-error") == (
            "Redone: row 2, column 3 cleared (Goldmine taken away)."
        )


async def test_a_terrain_card_undone_and_redone_is_said_whole(
    store: Store, new_game: NewGame
) -> None:
    """The undo of `m> 2 4` said "Undone: Terrain: Mountain (arrow right) at row 2…" at 80
    columns, its column cut (a play-test): what and where, whole; the log keeps it all."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0)
    session.act(session.rules.board(session.state, [7] * 10))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "m> 2 4") == ""
        await pilot.press("ctrl+z")
        await settle(pilot)
        said = text_of(pilot, "#command-error")
        assert said == ("Undone: Mountain (arrow right) at row 2, column 4. ctrl+y does it again.")
        assert cell_len(said) <= screen.query_one("#command-error").content_size.width
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == (
            "Redone: Mountain (arrow right) at row 2, column 4."
        )
        assert "Terrain: Mountain (arrow right) at row 2, column 4" in text_of(pilot, "#log-lines")


async def test_clear_on_a_building_names_it_and_ctrl_o(store: Store, new_game: NewGame) -> None:
    """`clear 3 2` on a building said only "no terrain or Hideout is there", as if nothing
    stood there (a play-test): the building is named, and ctrl+o, which corrects it."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    session.act(session.rules.board(session.state, [5] * 6))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "3 2 t") == ""
        entries = len(screen.session.journal.entries)
        assert await command(pilot, "clear 3 2") == (
            "Nothing to clear at row 3, column 2: Ann's Triple stands there, a building "
            "(clear takes away terrain); ctrl+o corrects a building or takes it off the board."
        )
        assert len(screen.session.journal.entries) == entries
        assert screen.state.at(3, 2) is not None


async def test_vp_x_cube_without_g_next_to_a_goldmine_keeps_the_goldmine(
    store: Store, new_game: NewGame
) -> None:
    """`5x3` typed to set a cube dropped the board's Goldmine (+2) without a word (a
    play-test); questioning it still read `5x3` as "no Goldmine" (another play-test): the
    cube typed keeps the board's Goldmine, so there is nothing to question."""
    from tests.screens.test_scoring_wizard import ctrl_f

    session = new_game(game="builders", names=("Ann", "Bo"), first=0, terrain=True)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        for typed in ("board 6x5", "gold 3 2", "3 1 t", "1 5 s"):
            assert await command(pilot, typed) == "", typed
        await ctrl_f(pilot)
        assert "Goldmine" in text_of(pilot, "#hint-0")
        assert "is that right" not in await type_answer(pilot, "#answer-0", "5")
        assert "is that right" not in await type_answer(pilot, "#answer-0", "5x3")
        wizard = pilot.app.screen
        assert wizard.rows[0]["investments"] == [{"vp": 5, "cube": 3, "goldmine": True}]
        assert "is that right" not in await type_answer(pilot, "#answer-0", "5x3g")


async def test_vp_x_cube_typed_in_another_order_keeps_each_buildings_goldmine(
    store: Store, new_game: NewGame
) -> None:
    """Every building typed as VPxCUBE took the board's Goldmine by its place, so `2x1
    5x3` typed for a Triple next to a Goldmine and a Single gave the Single the +2 and
    asked whether building 1 is a Triple (a review): each is its cube's building."""
    from tests.screens.test_scoring_wizard import ctrl_f

    session = new_game(game="builders", names=("Ann", "Bo"), first=0, terrain=True)
    rules, act = session.rules, session.act
    act(rules.board(session.state, [5] * 6))
    act(rules.place_terrain(session.state, 3, 2, "goldmine"))
    act(rules.build(session.state, 0, 3, 1, 3))  # Ann's Triple next to the Goldmine
    act(rules.build(session.state, 1, 1, 5, 1))
    act(rules.token(session.state, 1, 0, 0))
    act(rules.next_round(session.state))
    act(rules.build(session.state, 1, 2, 5, 1))
    act(rules.build(session.state, 0, 6, 5, 1))  # and a Single far from it
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        await ctrl_f(pilot)
        assert "is that right" not in await type_answer(pilot, "#answer-0", "2x1 5x3")
        assert pilot.app.screen.rows[0]["investments"] == [
            {"vp": 5, "cube": 3, "goldmine": True},
            {"vp": 2, "cube": 1, "goldmine": False},
        ]


async def test_the_train_marker_is_lit_on_its_location(store: Store, new_game: NewGame) -> None:
    """The Train Marker's row ends in ◀ and its location is lit (reversed) once the votes
    can be counted: a play-test looked for its column on the board (only the notes said
    it); it moves as cards are built."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.board(session.state, [5] * 6))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)

        def lit() -> list[tuple[int, str]]:
            """Row 1's lit cells: (column, what it shows)."""
            row_1 = screen.query_one("#board", Rows).texts[-1]
            assert row_1.plain.startswith(" 1 ") and row_1.plain.endswith(" ◀")
            cell = (len(row_1.plain) - len(" 1 ") - len(" ◀")) // 5  # five locations
            return [
                ((span.start - 3) // cell + 1, row_1.plain[span.start : span.end].strip())
                for span in row_1.spans
                if "reverse" in str(span.style)
            ]

        assert lit() == []  # row 1's printed arrows not typed: no column to show
        assert await command(pilot, "arrows 1 . . . . .") == ""
        assert lit() == [(3, ".")]  # a tie: straight ahead of the middle, column 3
        assert "row 1, column 3" in text_of(pilot, "#notes")
        assert await command(pilot, "1 1 s <") == ""  # Left wins: column 2
        assert "row 1, column 2" in text_of(pilot, "#notes")
        assert lit() == [(2, ".")]


async def test_the_wizard_opens_with_its_step_title_in_sight(
    store: Store, new_game: NewGame
) -> None:
    """With many buildings, the first answer's hint scrolled into view pushed the step's
    title and question off the top: the wizard began mid-sentence (a play-test)."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Dee"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 10))
    for _ in range(5):
        for turn in range(4):
            row = len(session.state.tokens) + 1 + turn % 3
            column = next(c for c in range(1, 6) if session.state.at(row, c) is None)
            builder = session.state.builder
            assert builder is not None
            session.act(rules.build(session.state, builder, row, column, 1, "", "Saloon"))
        session.act(rules.token(session.state, 0, 0, 0))
        session.act(rules.next_round(session.state))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        await pilot.press("ctrl+f")  # before the end: asked first
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        assert wizard.focused is wizard.query_one("#answer-0")
        assert wizard.query_one("#wizard").scroll_y == 0
        assert wizard.query_one("#step-title").region.y >= 1  # under the header, whole


def test_the_example_build_takes_a_cube_the_builder_has(new_game: NewGame) -> None:
    """The step offered "e.g. 3 2 t" and "up to a Triple" to a player with no Triple left,
    refused when typed (a play-test): the example takes the largest cube they have, and the
    cubes run out are said."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    session.act(session.rules.board(session.state, [5] * 6))
    state = copy.deepcopy(session.state)
    state.cubes[0] = {3: 0, 2: 4, 1: 6}
    assert build_rows(state, 0) == (
        "(e.g. 2 2 d <+ Saloon). Row 1: Single; row 2: up to a Double; row 3 on: up to a "
        "Triple. No Triple left."
    )
    state.cubes[0] = {3: 0, 2: 0, 1: 6}
    assert build_rows(state, 0).startswith("(e.g. 1 2 s <+ Saloon).")
    assert build_rows(state, 0).endswith(" No Triple or Double left.")
    assert build_rows(state, 1).startswith("(e.g. 3 2 t <+ Saloon).")  # Bo has all his
    session.act(session.rules.build(session.state, 0, 3, 2, 3))  # 3 2 built on: not offered
    session.act(session.rules.place_terrain(session.state, 3, 1, "lake"))  # (nor a Lake)
    assert build_rows(session.state, 1).startswith("(e.g. 3 3 t <+ Saloon).")


async def test_marks_typed_with_spaces_are_the_cards_marks(store: Store, new_game: NewGame) -> None:
    """`2 4 s > + Bank` took "+ Bank" as the card's name, its + uncounted, and the line under
    the field said only the cube (a play-test): the marks are read whole, and said."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    session.act(session.rules.board(session.state, [5] * 6))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "2 4 s > + Bank") == ""
        building = screen.state.at(2, 4)
        assert building is not None and (building.marks, building.card) == (">+", "Bank")
        assert text_of(pilot, "#command-error") == (
            "Done: Ann's Single at row 2, column 4 (>+ Bank)."
        )
        assert await command(pilot, "marks 2 4 < +") == ""
        assert screen.state.at(2, 4).marks == "<+"  # type: ignore[union-attr]


async def test_ctrl_o_starts_at_the_builders_cubes(store: Store, new_game: NewGame) -> None:
    """It started at the first player's cubes, or at "Whose turn to build" when that was
    the first player: where it opened was not predictable (a play-test)."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.board(session.state, [5] * 6))
    session.act(session.rules.build(session.state, 0, 1, 1, 1))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert dialog.query_one("#what", Select).value == "cubes:1"  # Bo builds next


async def test_terrain_left_unplaced_and_a_refused_build_are_said_first(
    store: Store, new_game: NewGame
) -> None:
    """The count of Terrain Cards left the round line with the first build, and a table
    that forgot them saw none; `3 2 t > X` with no Triple left said "Not a card's marks
    nor its name: X" (play-tests)."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0, terrain=True)
    session.act(session.rules.board(session.state, [5] * 6))
    session.act(session.rules.place_terrain(session.state, 2, 2, "lake"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "1 1 s") == ""
        # (the log out of sight: said with the build's "Done:", under the field)
        said = text_of(pilot, "#command-error")
        assert "Done: Ann's Single at row 1, column 1. 1 of 9 Terrain Cards are placed" in said
        screen.state.cubes[1][3] = 0  # Bo has no Triple left
        assert "Bo has no Triple cubes left" in await command(pilot, "5 2 t > X")
        assert "Not a card's marks" in await command(pilot, "5 2 d > X")  # then the name


async def test_the_board_is_drawn_before_its_size_is_remembered(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board's size is kept for the next games once the board is drawn: the settings'
    write and fsync were a tenth of the key (#16). The journal has the board first."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    happened: list[str] = []
    display, write_settings = App._display, Store.write_settings

    def drawn(app: App[object], screen: Screen[object], renderable: object) -> None:
        happened.append("frame")
        display(app, screen, renderable)  # type: ignore[arg-type]

    def written(self: Store, settings: object) -> None:
        happened.append(f"settings, {len(self.read_game(session.path).entries)} entries")
        write_settings(self, settings)  # type: ignore[arg-type]

    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        await type_into(pilot, "#command", "board 10x5")
        monkeypatch.setattr(App, "_display", drawn)
        monkeypatch.setattr(Store, "write_settings", written)
        await pilot.press("enter")
        await settle(pilot)
        entries = len(store.read_game(session.path).entries)
        assert happened[0] == "frame" and f"settings, {entries} entries" in happened, happened
    assert store.read_settings()["builders"]["board"] == [5] * 10


async def test_t_at_a_column_off_the_row_says_so_first(store: Store, new_game: NewGame) -> None:
    """`t at 9` was told its usage with `t at 9 as on the board`, then refused for the
    column (a play-test): the column is said first."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 10x5") == ""
        for build in ("1 1 s", "1 2 s"):
            assert await command(pilot, build) == "", build
        assert await command(pilot, "t at 9") == "Row 1 has columns 1 to 5."
        assert (await command(pilot, "t at 4")).startswith("Type t at COLUMN REASON")


async def test_a_card_past_the_count_or_over_a_hideout_is_said_under_the_field(
    store: Store, new_game: NewGame
) -> None:
    """A 10th Hideout Card, a Terrain Card past the count and a Lake typed over a Hideout
    went in with only the log's word, which a table at 120x40 did not see (a play-test):
    each is done, and said under the command field."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Dee"), first=0, terrain=True)
    session.act(session.rules.board(session.state, [7] * 10))
    for spot in range(9):
        session.act(session.rules.place_terrain(session.state, spot + 1, 1, "hideout"))
    for spot in range(6):
        session.act(session.rules.place_terrain(session.state, spot + 1, 3, "lake"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        # said as done, and how to take it back: the rules' word alone, under the field,
        # read as a refusal (a play-test)
        await command(pilot, "hide 10 5")
        assert text_of(pilot, "#command-error") == (
            "Done: Hideout Card at row 10, column 5, placed all the same (ctrl+z takes it "
            "back): 10 Hideout Cards on the board: the box has 9."
        )
        assert len(screen.state.hideout_spots) == 10
        await command(pilot, "gold 7 2")
        assert text_of(pilot, "#command-error") == (
            "Done: Goldmine at row 7, column 2, placed all the same (ctrl+z takes it back): "
            "7 Terrain Cards on the board: a 4-player game places 6."
        )
        await command(pilot, "lake 2 1")
        assert text_of(pilot, "#command-error") == (
            "Done: Lake at row 2, column 1 in place of the Hideout Card, placed all the same "
            "(ctrl+z takes it back): 8 Terrain Cards on the board: a 4-player game places 6."
        )
        assert screen.state.terrain[(2, 1)] == "lake"
        await command(pilot, "clear 2 1")
        assert text_of(pilot, "#command-error") == (
            "The Lake at row 2, column 1 is taken away (ctrl+z)."
        )


async def test_a_rows_printed_arrows_never_end_next_to_the_full_stop(
    store: Store, new_game: NewGame
) -> None:
    """`arrows 2 . > . . <` answered "Done: Printed arrows, row 2: . > . . <.": the full
    stop read as one more `.` mark (no arrow) (a play-test). The Done line, and the undo's
    and redo's (whole at 80 columns), have the row's marks in quotes; the journal's sentence
    is kept."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 10x5") == ""
        assert await command(pilot, "arrows 2 . > . . <") == ""
        said = 'Printed arrows, row 2: ". > . . <"'
        assert text_of(pilot, "#command-error") == f"Done: {said}."
        assert screen.session.journal.entries[-1].text == "Printed arrows, row 2: . > . . <"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == f"Undone: {said}. ctrl+y does it again."
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == f"Redone: {said}."
        assert await command(pilot, "arrows 1 < . > . .") == ""
        assert text_of(pilot, "#command-error") == 'Done: Printed arrows, row 1: "< . > . .".'
    # several rows in one entry (the board remembered as a game opens), its undo's words
    assert arrows_walked("Printed arrows, row 1: < . >; row 2: . . <; none in rows 3 to 5") == (
        'Printed arrows, row 1: "< . >"; row 2: ". . <"; none in rows 3 to 5'
    )
    assert arrows_walked("Printed arrows, none in rows 3 to 5") == (
        "Printed arrows, none in rows 3 to 5"
    )


@pytest.mark.parametrize("advanced", [False, True])
async def test_at_80x24_a_card_against_the_rules_is_said_done_with_row_1_in_sight(
    store: Store, new_game: NewGame, advanced: bool
) -> None:
    """`lake 3 3` in a basic game (or a 10th Terrain Card in a 3-player advanced game) is
    placed all the same, but the line under the field said only the rules' word, with no
    "Done:": a new player took it for a refusal (a play-test). It says it was done and how
    to take it back, wrapped whole, and the board's row 1 stays in sight."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0, terrain=advanced)
    session.act(session.rules.board(session.state, [5] * 10))
    if advanced:  # the 9 a 3-player game places
        for spot in range(9):
            row, column = 9 - spot // 5, spot % 5 + 1
            session.act(session.rules.place_terrain(session.state, row, column, "goldmine"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await settle(pilot)
        assert await command(pilot, "lake 3 3") == ""  # a notice: done
        assert screen.state.terrain[(3, 3)] == "lake"
        note = (
            "10 Terrain Cards on the board: a 3-player game places 9"
            if advanced
            else "Terrain Cards are for the advanced game (this game was set up without)"
        )
        line = text_of(pilot, "#command-error")
        assert line == (
            f"Done: Lake at row 3, column 3, placed all the same (ctrl+z takes it back): {note}."
        ), line
        assert " ".join(words_shown(pilot, "#command-error").split()) == line  # whole
        shown = lines_on_screen(pilot)
        assert any(line.startswith("  1  .   .") for line in shown), shown
        assert any(line.startswith(" 10  .") for line in shown), shown
        board = screen.query_one("#board").region
        assert screen.query_one("#board-box").region.contains_region(board)
        assert not board.overlaps(screen.query_one("#notes").region)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert (3, 3) not in screen.state.terrain


async def test_at_80x24_the_notes_under_a_10x7_board_are_whole(
    store: Store, new_game: NewGame
) -> None:
    """With 4 players on a 10x7 board, every kind of terrain in the legend and the Train
    Marker's sentence in three lines, the notes lost their end under the footer (a
    play-test): they are whole, and so is the board; the table scrolls."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        for typed in (
            "board 10x7",
            "gold 2 3",
            "3 2 t",
            "arrows 1 < < . > . > <",
            "lake 5 5",
            "hide 6 6",
            "m< 1 3",
            "2 1 d <<++ Bank",
        ):
            assert await command(pilot, typed) == "", typed
        await settle(pilot)
        notes, board = screen.query_one("#notes"), screen.query_one("#board")
        box = screen.query_one("#board-box")
        assert "column 3 is a Mountain, its arrow points left: column 2." in text_of(
            pilot, "#notes"
        )
        assert notes.region.height == 3 and notes.region.bottom <= 23  # above the footer
        assert box.region.contains_region(notes.region)
        assert box.region.contains_region(board.region)
        assert not board.region.overlaps(notes.region)
    async with make_app(store).run_test(size=SIZE) as pilot:  # at 120x40: under the table
        screen = await open_screen(pilot, session, BuildersScreen)
        await settle(pilot)
        notes, table = screen.query_one("#notes"), screen.query_one("#table")
        assert notes.region.y == table.region.bottom + 1  # its margin, as before


async def test_at_80x24_the_legend_beside_a_10x7_board_is_whole(
    store: Store, new_game: NewGame
) -> None:
    """With 4 players on a 10x7 board and every kind of terrain, the legend's terrain line
    fell under the notes, cut at "Hd" (a play-test): on a short terminal the legend takes
    the longest of its versions that fits beside the board (the first line joined to the
    terrain's, then without the building's example); at 120x40 it is whole."""
    session = new_game(
        game="builders", names=("Annabel", "Bo", "Cyrus", "Dee"), first=0, terrain=True
    )  # (the advanced game: "Terrain Cards placed" takes the round line's second line)
    typed = ("board 10x7", "lake 2 2", "gold 3 5", "m> 5 3", "th 6 6", "hide 7 7")
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        for command_typed in typed:
            assert await command(pilot, command_typed) == "", command_typed
        await settle(pilot)
        shown = words_shown(pilot, "#legend")
        for said in ("=..= Track Token", "M< M> Mountain", "Hd Hideout", "HT Hideout Terrain Card"):
            assert said in shown, said
        legend, notes = screen.query_one("#legend"), screen.query_one("#notes")
        assert not legend.region.overlaps(notes.region)
        assert not screen.query_one("#board-box").show_vertical_scrollbar
        await pilot.resize_terminal(120, 40)  # whole there; back at 80x24, short again
        await until(pilot, lambda: "Row 1 at the bottom" in words_shown(pilot, "#legend"))
        await pilot.resize_terminal(80, 24)  # (its timers waited for: a `SettledPilot`)
        await settle(pilot)
        assert screen.size == (80, 24)
        # its height asked during the resize's layout was lost: a line too many, and a
        # scroll bar on the box
        assert legend.region.height == len(legend.texts)
        assert not screen.query_one("#board-box").show_vertical_scrollbar
        await pilot.resize_terminal(80, 29)  # short still, with room under the board
        await until(
            pilot,
            lambda: "Row 1 at the bottom; =..= Track Token" in words_shown(pilot, "#legend"),
        )
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        await settle(pilot)
        shown = words_shown(pilot, "#legend")
        assert "Row 1 at the bottom; =..= Track Token" in shown
        assert "A3: Annabel's building, a Triple cube" in shown


async def test_at_80x24_a_legend_with_room_under_a_small_board_stays_whole(
    store: Store, new_game: NewGame
) -> None:
    """The legend's room is down to the notes' words at the box's foot, not their blank
    lines above them (a review: on a 3x3 board the legend lost its first line when a Lake
    came, above five blank lines)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0, terrain=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        for typed in ("board 3x3", "lake 2 2"):
            assert await command(pilot, typed) == "", typed
        await settle(pilot)
        shown = words_shown(pilot, "#legend")
        assert "Row 1 at the bottom; =..= Track Token" in shown
        assert "~~ Lake" in shown


def lines_on_screen(pilot: Pilot) -> list[str]:
    """The screen's lines as drawn."""
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


async def test_a_new_game_on_a_remembered_board_keeps_row_1_in_sight(
    store: Store, new_game: NewGame
) -> None:
    """At 80x24, a new advanced game on a board remembered from an earlier game (its size,
    row 1's printed arrows in a tie and a Hideout's space: the setup asks nothing) had the
    Train Marker's notes, three lines under a round line of two, over row 1 (a play-test):
    they say less while they would push rows out, ctrl+t gives the whole reason, and the
    whole sentence is back once there is room for it."""
    names = ("Ann", "Bo", "Cy", "Di")
    earlier = new_game(game="builders", names=names, first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, earlier, BuildersScreen)
        for typed in ("board 10x5", "arrows 1 < . > . .", "hide 3 2"):
            assert await command(pilot, typed) == "", typed
    session = new_game(game="builders", names=names, first=0, terrain=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await settle(pilot)
        assert screen.state.arrows[1] == ["<", "", ">", "", ""]  # remembered: nothing asked
        assert screen.query_one("#round-line").region.height == 2  # the Terrain Cards' count
        shown = lines_on_screen(pilot)
        assert any(line.startswith("  1  <   .   >") for line in shown), shown
        assert any(line.startswith(" 10  .") for line in shown), shown
        notes, board = screen.query_one("#notes"), screen.query_one("#board")
        assert not board.region.overlaps(notes.region)
        assert words_shown(pilot, "#notes") == (
            "◀ Train Marker: row 1, column 3 (lit). If the round ended now: 1 Left vote "
            "against 1 Right (ctrl+t: why)."
        )
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TrackCalculator)
        assert "1 Left vote against 1 Right: a tie, so straight ahead" in " ".join(
            " ".join(lines_on_screen(pilot)).split()
        )
        await pilot.press("escape")
        await settle(pilot)
        # the round line in one line once the Terrain Cards are placed: room for it all
        for typed in ("lake 9 1", "lake 9 2", "lake 9 3", "lake 9 4", "lake 9 5", "lake 8 1"):
            assert await command(pilot, typed) == "", typed
        assert await command(pilot, "1 2 s .") == ""
        assert screen.query_one("#round-line").region.height == 1
        assert "a tie, so straight ahead of the Train Marker's start: column 3." in (
            words_shown(pilot, "#notes")
        )
        assert any(line.startswith("  1  <   A1") for line in lines_on_screen(pilot)), (
            lines_on_screen(pilot)
        )
        assert not board.region.overlaps(notes.region)


async def test_a_board_typed_as_two_numbers_points_at_rows_x_width(
    store: Store, new_game: NewGame
) -> None:
    """`board 10 5` made a board of 2 rows, of 10 and 5 locations (a play-test): one or two
    numbers are refused, pointing at ROWSxWIDTH with the numbers typed; the board's rows'
    widths (three or more) and the x form are taken as before."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 10 5") == (
            "board 10 5 would be 2 rows, of 10 and 5 locations: for 10 rows of 5, type "
            "board 10x5 (ROWSxWIDTH)."
        )
        assert not screen.state.widths
        assert "type board 10x5 (ROWSxWIDTH)" in await command(pilot, "board 10")
        assert not screen.state.widths
        await pilot.press("ctrl+u", "enter")  # the empty enter says the form too
        await settle(pilot)
        assert "board ROWSxWIDTH, e.g. board 10x5" in text_of(pilot, "#command-error")
        assert await command(pilot, "board 10x5") == ""
        assert screen.state.widths == [5] * 10
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert await command(pilot, "board 5 5 6") == ""
        assert screen.state.widths == [5, 5, 6]


async def test_rows_without_printed_arrows_are_typed_once(store: Store, new_game: NewGame) -> None:
    """A row without printed arrows was typed `arrows 4 . . . . .` round after round (a
    play-test): `arrows 4 .` says the row has none, and `arrows rest .` says it of every
    row not typed yet, in one entry (one undo), remembered with the board. Only "none" is
    said for the rows left: what is printed is typed, never made up."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 6x5") == ""
        assert await command(pilot, "arrows 1 < . > . <") == ""
        assert await command(pilot, "arrows 2 . . . . .") == ""
        # the shorter ways said where the eyes are
        assert " ".join(text_of(pilot, "#command-error").split()) == (
            "Row 2: no printed arrows (arrows 2 . says it too). If none of the 4 rows not "
            "typed yet has any: arrows rest . says so at once."
        )
        assert await command(pilot, "arrows 3 .") == ""
        assert screen.state.arrows[3] == [""] * 5
        assert " ".join(text_of(pilot, "#command-error").split()) == (  # (not its own way
            "Row 3: no printed arrows. If none of the 3 rows not typed yet has any: arrows "
            "rest . says so at once."  # again, as "arrows 3 . says it too")
        )
        assert "one mark for each" in await command(pilot, "arrows 4 <")  # a mark alone: a typo
        assert "a row with some is typed on its own" in await command(pilot, "arrows rest <")
        assert 5 not in screen.state.arrows
        written = len(screen.session.journal)
        assert await command(pilot, "arrows rest .") == ""
        assert len(screen.session.journal) == written + 1
        assert text_of(pilot, "#command-error") == "Done: Printed arrows, none in rows 4 to 6."
        assert {row: screen.state.arrows[row] for row in (4, 5, 6)} == {
            row: [""] * 5 for row in (4, 5, 6)
        }
        assert screen.state.arrows[1] == ["<", "", ">", "", "<"]  # typed rows kept as typed
        assert "typed already" in await command(pilot, "arrows rest .")
        assert store.read_settings()["builders"]["arrows"]["6"] == ". . . . ."
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert sorted(screen.state.arrows) == [1, 2, 3]


async def test_the_command_field_offers_what_fits_where_it_is_typed(
    store: Store, new_game: NewGame
) -> None:
    """`t` was greyed into "Tower" (a card the scoring wizard had learned: no command starts
    with a card's name), and the offer stayed after `t` was refused (a play-test). A command
    word is offered first, a card's name where a card's name goes; a refused command's
    offer goes with the refusal, and comes back once the field is typed in again."""
    store.write_settings({"builders": {"cards": {"tower": {"1": 3}}}})
    session = new_game(game="builders", names=("Ann", "Bo", "Tom"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        field = screen.query_one("#command", Input)
        assert await command(pilot, "board 6x5") == ""
        await type_into(pilot, "#command", "t")
        assert "▊ t ▎" in words_shown(pilot, "#command")  # not Tower, nor Tom (a player)
        await pilot.press("tab")
        await settle(pilot)
        assert field.value == "t"
        await pilot.press("enter")  # refused: row 1's arrows are not known
        await settle(pilot)
        assert text_of(pilot, "#command-error").startswith("To count the votes")
        assert field.value == "t" and "▊ t ▎" in words_shown(pilot, "#command")
        # a command's word is offered, and goes when refused as it stays in the field
        await type_into(pilot, "#command", "hid")
        assert "▊ hide ▎" in words_shown(pilot, "#command")
        await pilot.press("enter")
        await settle(pilot)
        assert text_of(pilot, "#command-error")  # refused
        assert field.value == "hid" and "▊ hid ▎" in words_shown(pilot, "#command")
        await pilot.press("end", "backspace", "d")  # typed in again: offered again
        await settle(pilot)
        assert "▊ hide ▎" in words_shown(pilot, "#command")
        # the card's name where it goes: after a build's cube and marks, after card R C
        for typed, offered in (
            ("3 2 d <+ to", "3 2 d <+ Tower"),
            ("3 2 d to", "3 2 d Tower"),
            ("card 3 2 to", "card 3 2 Tower"),
            ("arrows r", "arrows rest"),
            ("3 2 t", "3 2 t"),  # the cube's letter is not a card's name
            ("hide 3 t", "hide 3 t"),
        ):
            await type_into(pilot, "#command", typed)
            await pilot.press("tab")
            await settle(pilot)
            assert field.value == offered, typed


async def test_a_hideout_terrain_card_is_typed_th_shown_and_counted(
    store: Store, new_game: NewGame
) -> None:
    """A Hideout dealt from the Terrain deck had to be typed `hide`, a Hideout Card: the
    count read "5 of 6" and the first build warned of a Terrain Card left to place. `th 2
    3` places it as a Terrain Card: on the board (HT, in the legend), counted, no warning."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0, terrain=True)
    session.act(session.rules.board(session.state, [5] * 10))
    for column in range(1, 6):
        session.act(session.rules.place_terrain(session.state, 9, column, "lake"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert "Terrain Cards placed: 5 of 6" in text_of(pilot, "#round-line")
        assert "th" in text_of(pilot, "#step").split("(")[1]  # how it is typed, with the others
        assert await command(pilot, "th 2 3") == ""
        assert screen.state.terrain[(2, 3)] == "hideout-terrain"
        assert "Terrain Cards placed: 6 of 6" in text_of(pilot, "#round-line")
        assert text_of(pilot, "#step").startswith("Ann builds:")
        assert any(line.startswith("  2  .   .   HT") for line in lines_on_screen(pilot))
        assert "HT Hideout Terrain Card" in words_shown(pilot, "#legend")
        assert "Terrain: Hideout at row 2, column 3" in text_of(pilot, "#log-lines")
        assert await command(pilot, "2 3 s") == (
            "Row 2, column 3 holds a Hideout Terrain Card: no building there."
        )
        assert await command(pilot, "1 1 s") == ""
        notices = [str(n.message) for n in pilot.app._notifications]
        assert not any("Terrain Cards are placed" in n for n in notices), notices


async def test_a_hideout_terrain_card_is_not_remembered_for_the_next_game(
    store: Store, new_game: NewGame
) -> None:
    """The Hideout Cards' spaces are printed on the board and come back in the next game; a
    Hideout dealt from the Terrain deck does not (typed `hide`, it came back by itself). A
    `hide` typed for it by mistake is put right with `th`, and forgotten with it."""
    names = ("Ann", "Bo", "Cy", "Di")
    earlier = new_game(game="builders", names=names, first=0, terrain=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, earlier, BuildersScreen)
        for typed in ("board 10x5", "hide 3 2", "hide 4 4", "th 6 1"):
            assert await command(pilot, typed) == "", typed
        assert store.read_settings()["builders"]["hideouts"] == [[3, 2], [4, 4]]
        assert await command(pilot, "th 4 4") == ""
        assert text_of(pilot, "#command-error") == (
            "The Hideout Card at row 4, column 4 is replaced (ctrl+z)."
        )
        assert store.read_settings()["builders"]["hideouts"] == [[3, 2]]
    session = new_game(game="builders", names=names, first=0, terrain=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await settle(pilot)
        assert screen.state.terrain == {(3, 2): "hideout"}


async def test_the_token_step_names_a_hideout_terrain_card_in_its_row(
    store: Store, new_game: NewGame
) -> None:
    """A Hideout dealt from the Terrain deck lies face up: the step names it for `t <`
    (with Hideout Cards on record elsewhere it said nothing of it), the token says what
    it showed, and a clear of it undone says what came back."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0, terrain=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        for typed in ("board 10x5", "arrows 1 .", "th 1 4", "hide 6 5", "1 1 s .", "1 2 s ."):
            assert await command(pilot, typed) == "", typed
        step = " ".join(text_of(pilot, "#step").split())
        assert "(its Hideout Terrain Card at column 4: t < and any arrows it shows)" in step
        assert await command(pilot, "t >") == ""
        assert "Track Token in row 1 (its Hideout Terrain Card shows: >)" in text_of(
            pilot, "#log-lines"
        )
        assert screen.state.tokens == [4]  # on the Hideout: a Track Token may stand there
        assert "=HT=" in text_of(pilot, "#board")
        assert await command(pilot, "clear 1 4") == ""
        assert "the Hideout Terrain Card taken away" in text_of(pilot, "#log-lines")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == (
            "Undone: cleared row 1, column 4 (Hideout is back). ctrl+y does it again."
        )


async def start_drawn_from_home(pilot: Pilot, names: tuple[str, ...]) -> BuildersScreen:
    """A Builders game started from the home screen's form, its first player drawn (the
    form's default), as a table starts one."""
    from screens.new_game import NewGameScreen

    await pilot.press("n")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, NewGameScreen)
    dialog.query_one("#game", Select).value = "builders"
    await settle(pilot)
    for row, name in enumerate(names):
        await type_into(pilot, f"#name-{row}", name)
    await pilot.press("ctrl+s")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, BuildersScreen)
    return screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_opening_notices_leave_the_train_marker_hint_in_sight(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """At 80x24 the "First player" toast and the remembered board's covered the Train
    Marker's notes, the line saying what to type next, for their whole time (a play-test).
    Said on the line under the command field when the log is out of sight; over the log,
    where toasts go, beside it."""
    from textual.widgets._toast import Toast

    earlier = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=size) as pilot:
        await open_screen(pilot, earlier, BuildersScreen)
        assert await command(pilot, "board 10x5") == ""
    async with make_app(store).run_test(size=size, notifications=True) as pilot:
        screen = await start_drawn_from_home(pilot, ("Ann", "Bo", "Cy"))
        assert screen.state.widths == [5] * 10  # remembered
        first = screen.state.name(screen.state.first_player)
        await settle(pilot)
        notes = screen.query_one("#notes").region
        assert notes.height >= 1
        toasts = [toast.region for toast in screen.query(Toast)]
        assert not any(toast.overlaps(notes) for toast in toasts), (toasts, notes)
        assert words_shown(pilot, "#notes").startswith("◀ Train Marker: row 1, from column 3.")
        said = [str(n.message) for n in pilot.app._notifications]
        line = text_of(pilot, "#command-error")
        if screen.has_class("-narrow"):
            assert not said and not toasts, said
            # both in fewer words (the whole two cut what was remembered: a play-test)
            assert line == f"{first} starts (drawn); board as last time (ctrl+z to change it).", (
                line
            )
            assert screen.query_one("#command-error").region.height == 1  # (no layout)
            await pilot.press("1")  # goes at the first key, as a change's "Done:" does
            await settle(pilot)
            assert text_of(pilot, "#command-error") == ""
        else:  # beside the log: toasts over it, as before
            assert f"The app drew {first} to go first." in said, said
            assert "The board's size as you entered it last time (ctrl+z to change it)." in said
            log = screen.query_one(LogPanel).region
            assert toasts and all(log.contains_region(toast) for toast in toasts)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_terrain_left_unplaced_leaves_the_train_marker_hint_in_sight(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """At 80x24 the "N of 9 Terrain Cards are placed" toast after the first build covered
    the Train Marker's notes, the line saying what to type next (a play-test). With the log
    out of sight it is said on the line under the command field, after the build's "Done:",
    whole (no log line has it), until the next key; beside the log, a toast over it."""
    from textual.widgets._toast import Toast

    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0, terrain=True)
    session.act(session.rules.board(session.state, [5] * 6))
    session.act(session.rules.place_terrain(session.state, 2, 2, "lake"))
    async with make_app(store).run_test(size=size, notifications=True) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await settle(pilot)
        assert await command(pilot, "1 1 s") == ""
        await settle(pilot)
        notes = screen.query_one("#notes").region
        toasts = [toast.region for toast in screen.query(Toast)]
        assert not any(toast.overlaps(notes) for toast in toasts), (toasts, notes)
        assert words_shown(pilot, "#notes").startswith("◀ Train Marker: row 1, from column 3.")
        said = [str(n.message) for n in pilot.app._notifications]
        line = text_of(pilot, "#command-error")
        note = (
            "1 of 9 Terrain Cards are placed: the advanced game places them all before the "
            "first build. Those left can still be typed (gold 2 2, lake, m> 2 4, th)."
        )
        if screen.has_class("-narrow"):
            assert not said and not toasts, said
            assert line == f"Done: Ann's Single at row 1, column 1. {note}", line
            assert " ".join(words_shown(pilot, "#command-error").split()) == line  # whole
            await pilot.press("2")  # goes at the first key, as a change's "Done:" does
            await settle(pilot)
            assert text_of(pilot, "#command-error") == ""
        else:  # beside the log: a toast over it, as before
            assert said == [note], said
            assert line == ""
            log = screen.query_one(LogPanel).region
            assert toasts and all(log.contains_region(toast) for toast in toasts)


@pytest.mark.parametrize("names", [("Bartholome", "Maximilian", "Konstantin"), ("Ann", "Bo", "Cy")])
async def test_at_80x24_a_drawn_first_player_and_a_remembered_board_are_both_said(
    store: Store, new_game: NewGame, names: tuple[str, ...]
) -> None:
    """At 80x24 a new game with its first player drawn, on a board remembered with its
    printed arrows and a Hideout's space, said "The app drew Bo to go first. The… (ctrl+z 3
    times to change the size).": what was remembered was cut (a play-test). Both are said,
    in fewer words, on the one line, for names of up to 10 letters."""
    earlier = new_game(game="builders", names=names, first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, earlier, BuildersScreen)
        for typed in ("board 10x5", "arrows 1 < . > . .", "hide 3 2"):
            assert await command(pilot, typed) == "", typed
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await start_drawn_from_home(pilot, names)
        await settle(pilot)
        assert screen.state.arrows[1] == ["<", "", ">", "", ""]  # remembered
        first = screen.state.name(screen.state.first_player)
        line = text_of(pilot, "#command-error")
        assert (
            line == f"{first} starts (drawn); board as last time (ctrl+z 3 times to change it)."
        ), line
        assert screen.query_one("#command-error").region.height == 1  # (no layout)
        assert any(line.startswith("  1  <   .   >") for line in lines_on_screen(pilot))
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # as it says
        await settle(pilot)
        assert not screen.state.widths


async def test_at_80x24_a_long_drawn_name_cuts_only_the_first_notice(
    store: Store, new_game: NewGame
) -> None:
    """A drawn first player whose name leaves no room for both notices whole: only the
    first is cut, what was remembered and how to change it are said whole."""
    names = ("Alexandrina Victoria Ann", "Wilhelmina Friederike Bo", "Konstantinos Kyriakou Cy")
    earlier = new_game(game="builders", names=names, first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, earlier, BuildersScreen)
        assert await command(pilot, "board 10x5") == ""
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await start_drawn_from_home(pilot, names)
        await settle(pilot)
        line = text_of(pilot, "#command-error")
        assert line.endswith("…; board as last time (ctrl+z to change it)."), line
        first = screen.state.name(screen.state.first_player)
        assert line.startswith(first.split()[0]), line
        assert cell_len(line) <= screen.query_one("#command-error").content_size.width


async def test_marks_fixed_after_the_rows_token_say_it_stays(
    store: Store, new_game: NewGame
) -> None:
    """`marks 1 1 <<<` after row 1's Track Token: the token stays put, and the Done line
    said nothing of it (a play-test): it says where the token stays and how to move it."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        for typed in ("board 10x5", "arrows 1 < . > . .", "1 1 s >", "1 2 s .", "1 4 s .", "t"):
            assert await command(pilot, typed) == "", typed
        column = screen.state.tokens[0]
        assert await command(pilot, "marks 1 1 <<<") == ""
        assert screen.state.tokens == [column]
        assert text_of(pilot, "#command-error") == (
            'Done: The card at row 1, column 1 shows "<<<". Row 1\'s Track Token stays at '
            f"column {column} (ctrl+o moves it)."
        )
        await pilot.press("ctrl+z")  # its marks quoted in the undo's line too (a play-test
        await settle(pilot)  # read "shows <." as one more mark, as the arrows were)
        assert text_of(pilot, "#command-error").startswith(
            'Undone: The card at row 1, column 1 shows "<<<".'
        )
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert await command(pilot, "n") == ""
        assert await command(pilot, "marks 1 2 >") == ""  # (before row 2's build: its Done
        assert "Track Token stays" in text_of(pilot, "#command-error")  # says it too)
        assert await command(pilot, "3 3 s") == ""
        assert await command(pilot, "marks 3 3 >") == ""  # no token in row 3: no note
        assert text_of(pilot, "#command-error") == 'Done: The card at row 3, column 3 shows ">".'
