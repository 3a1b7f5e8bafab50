"""The scoring wizard for each game: pre-filled, editable, back and forth, then saved.

The sheet it saves gives the same standings as `goldrush score` does for that sheet.
"""

from __future__ import annotations

import tomllib

import pytest
from rich.text import Text
from textual.app import App
from textual.widgets import DataTable, Input, Static

from companion.amounts import parse_amount
from companion.games import SHEETS
from companion.scoring import parse_sheet_text, score, winners_sentence
from companion.session import GameSession
from companion.store import Store
from screens.confirm import ConfirmDialog
from screens.game import GameScreen
from screens.scoring import ScoringWizard
from tests.conftest import NewGame
from tests.screens.helpers import (
    SIZE,
    disk_full,
    make_app,
    record_restyles,
    send_enter,
    send_keys,
    settle,
    text_of,
    type_into,
    until,
)


async def yes_if_asked(pilot) -> None:  # type: ignore[no-untyped-def]
    """ctrl+f before a game's end asks first (Rules.not_over): y scores it now."""
    if isinstance(pilot.app.screen, ConfirmDialog):
        await pilot.press("y")
        await pilot.pause()


async def open_wizard(pilot, session) -> ScoringWizard:  # type: ignore[no-untyped-def]
    """The game opened, ctrl+f (and yes, when asked before the game's end): its wizard."""
    pilot.app.open_game(session.path)
    await pilot.pause()
    return await ctrl_f(pilot)


def coloma_with_a_river(new_game: NewGame) -> GameSession:
    """Coloma, Ann, Bo and Cy: Ann has surveyed one River (Bo and Cy none)."""
    from companion.amounts import parse_amount

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.adjust(session.state, 0, "rivers", parse_amount("1")))
    return session


async def at_the_canyons(pilot, session) -> ScoringWizard:  # type: ignore[no-untyped-def]
    """The game's wizard at its River Canyons step."""
    wizard = await open_wizard(pilot, session)
    while wizard.spec.fields[wizard.step].key != "canyons":
        await pilot.press("ctrl+n")
        await settle(pilot)
    return wizard


async def ctrl_f(pilot) -> ScoringWizard:  # type: ignore[no-untyped-def]
    """ctrl+f on the game shown (and yes, when asked before the game's end): its wizard."""
    await pilot.press("ctrl+f")
    await pilot.pause()
    await yes_if_asked(pilot)
    wizard = pilot.app.screen
    assert isinstance(wizard, ScoringWizard)
    return wizard


async def scored_and_saved(pilot) -> GameScreen:  # type: ignore[no-untyped-def]
    """ctrl+s in the wizard (the standings), ctrl+s again: saved, the game screen back."""
    await pilot.press("ctrl+s")
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and screen.session.state.finished
    return screen


async def reopened_wizard(pilot) -> ScoringWizard:  # type: ignore[no-untyped-def]
    """ctrl+f, y on a finished game (reopened), ctrl+f: its wizard again."""
    await pilot.press("ctrl+f", "y")
    await settle(pilot)
    wizard = await ctrl_f(pilot)
    await settle(pilot)
    return wizard


# Per game: the players, then for each step the answers typed (None keeps the pre-filled one).
WALKS = {
    "boomtown": (("Ann", "Bo", "Cy"), [[None, "12", None], ["3 4", "", "5 5"], ["1", "0", "1"]]),
    "coloma": (
        ("Ann", "Bo"),
        [
            ["10", "12"],
            ["6 4", "6"],
            ["1", "0"],
            ["3", ""],
            ["2", "5"],
            ["3", "5"],
            ["2", ""],
            ["3", "3"],
            ["4", "2"],
            ["1", "2"],
            ["0", "1"],
            ["2", "1"],
        ],
    ),
    "builders": (("Ann", "Bo", "Cy"), [["5x3g 0x2 2x1", "10x2 3x1", "23x1"]]),
    "calamityville": (("Ann", "Bo", "Cy", "Di"), [["1500", "2400", "2400", "0"]]),
}


async def walk(pilot, answers: list[list[str | None]]) -> ScoringWizard:  # type: ignore[no-untyped-def]
    wizard = pilot.app.screen
    assert isinstance(wizard, ScoringWizard)
    for step in answers:
        for seat, text in enumerate(step):
            if text is not None:
                await type_into(pilot, f"#answer-{seat}", text)
        await pilot.press("ctrl+n")
        await pilot.pause()
    assert wizard.at_standings
    return wizard


@pytest.mark.parametrize("game", list(WALKS))
async def test_each_game_is_scored_like_the_cli_scores_its_sheet(
    game: str, store: Store, new_game: NewGame
) -> None:
    names, answers = WALKS[game]
    session = new_game(game=game, names=names)
    if game == "boomtown":
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+5")))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_wizard(pilot, session)
        if game == "boomtown":  # pre-filled from the game: Ann's 15 gold
            assert pilot.app.screen.query_one("#answer-0", Input).value == "15"
        await walk(pilot, answers)
        shown = text_of(pilot, "#winners")
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.session.state.finished
    reopened = GameSession.open(store, session.path)
    spec, players = parse_sheet_text(reopened.state.sheet, SHEETS)
    result = score(spec, players)
    assert shown == winners_sentence(result) + "."
    [history] = store.read_history()
    assert tomllib.loads(history["sheet"]) == tomllib.loads(reopened.state.sheet)


async def test_going_back_fixes_a_value_and_bad_answers_are_explained(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(names=("Ann", "[b]Bo[/b]", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)  # Boomtown's round 1: asked first
        await pilot.press("y")
        await pilot.pause()
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        await pilot.press("ctrl+n")  # gold as tracked
        await pilot.pause()
        await type_into(pilot, "#answer-1", "3 x")
        assert text_of(pilot, "#note-1").startswith("Not a number: x.")
        await pilot.press("enter")
        await pilot.pause()
        assert wizard.focused is wizard.query_one("#answer-1")  # enter stays on the problem
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert wizard.step == 1  # refused: the problem is beside the answer
        await type_into(pilot, "#answer-1", "3 4")
        await pilot.press("ctrl+n", "ctrl+n")
        await pilot.pause()
        assert wizard.at_standings
        await pilot.press("ctrl+b", "ctrl+b", "ctrl+b")  # back to gold
        await pilot.pause()
        assert wizard.step == 0
        await type_into(pilot, "#answer-2", "30")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert pilot.app.screen.query_one("#answer-1", Input).value == "3 4"  # kept
        await pilot.press("ctrl+s")  # jumps to the standings first
        await pilot.pause()
        assert wizard.at_standings
        assert text_of(pilot, "#winners") == "Cy wins."
        assert "no tie-break" in text_of(pilot, "#tiebreak")
        await pilot.press("escape")  # something was typed: it asks first
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("n")  # keep typing: back in the wizard, nothing lost
        await pilot.pause()
        assert pilot.app.screen is wizard and wizard.typed["gold"][2] == "30"
        await pilot.press("escape", "y")  # leave without finishing, dropping what was typed
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert not session.path.read_text().count('kind = "finish"')


async def finished_through_the_wizard(pilot, session) -> GameScreen:  # type: ignore[no-untyped-def]
    """A Calamityville game opened and scored with the wizard as pre-filled: its screen."""
    pilot.app.open_game(session.path)
    await pilot.pause()
    await pilot.press("ctrl+f", "y")  # before the gold runs out: asked first
    await pilot.pause()
    await pilot.press("ctrl+n", "ctrl+s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and screen.session.state.finished
    return screen


async def test_a_save_that_fails_opens_the_wizard_again_with_what_was_typed(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk refused the finish: the wizard had closed, and the scores typed in it
    were lost (a play-test). It opens again with them; a later ctrl+s saves them."""
    import os

    session = new_game(game="calamityville", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "1234")
        await pilot.press("ctrl+n")  # the standings
        await settle(pilot)

        monkeypatch.setattr(os, "write", disk_full)
        await pilot.press("ctrl+s")
        await settle(pilot)
        monkeypatch.undo()
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard) and wizard.typed["money"][0] == "1234"
        # said as what it is: the app had not stopped (it said so: a play-test)
        notices = [str(n.message) for n in pilot.app._notifications]
        assert any(n.startswith("Not saved, so your scores are back here") for n in notices)
        assert not any("before the app stopped" in n for n in notices)
        assert not pilot.app.screen_stack[-2].session.state.finished  # type: ignore[attr-defined]
        if not wizard.at_standings:
            await pilot.press("ctrl+n")
            await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.session.state.finished
        assert "1234" in screen.session.state.sheet


async def test_reopening_a_finished_game_is_an_entry(store: Store, new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await finished_through_the_wizard(pilot, session)
        await pilot.press("ctrl+f")  # asks first: a stray ctrl+f leaves it finished
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert screen.session.state.finished and pilot.app.screen is screen
        await pilot.press("ctrl+f", "y")  # reopen
        await pilot.pause()
        assert not screen.session.state.finished
        await pilot.press("ctrl+z")  # undo the reopening: finished again
        await pilot.pause()
        assert screen.session.state.finished


async def test_the_stays_reopened_notice_goes_when_the_reopening_is_undone(
    store: Store, new_game: NewGame
) -> None:
    """The wizard left on a reopened game says it stays reopened; a ctrl+z that finishes
    it again took nothing back, and the notice stayed its whole time (a play-test)."""
    from textual.widgets._toast import Toast

    session = new_game(game="calamityville", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE, notifications=True) as pilot:
        screen = await finished_through_the_wizard(pilot, session)
        await pilot.press("ctrl+f", "y")  # reopen
        await settle(pilot)
        await ctrl_f(pilot)  # its wizard, left at once
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen and not screen.session.state.finished

        def said() -> list[str]:
            return [str(toast._notification.message) for toast in pilot.app.screen.query(Toast)]

        await until(pilot, lambda: any("stays reopened" in text for text in said()))
        await pilot.press("ctrl+z")  # the reopening undone: finished again
        await settle(pilot)
        assert screen.session.state.finished
        assert not any("stays reopened" in text for text in said())


async def test_the_changed_notice_goes_with_the_wizard_that_said_it(
    store: Store, new_game: NewGame
) -> None:
    """ "changed since its last sheet" said in a wizard left with escape, the correction undone,
    the wizard opened again within the notice's 10 s: the old notice still showed over a
    wizard where nothing had changed (a play-test). It goes when its wizard closes."""
    from companion.amounts import Amount

    session = new_game(game="calamityville", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await ctrl_f(pilot)
        screen = await scored_and_saved(pilot)
        rules, state = screen.session.rules, screen.session.state
        assert screen.run(rules.correct(state, 0, "money", Amount(2500, False), "miscounted"))
        await pilot.press("ctrl+f", "y")  # reopen
        await pilot.pause()
        await ctrl_f(pilot)
        await settle(pilot)

        def said() -> list[str]:
            return [n.message for n in pilot.app._notifications if n.title == "Scoring wizard"]

        assert said() == ["From the game, changed since its last sheet: Ann's Money."]
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert not said()
        await pilot.press("ctrl+z")  # the reopening undone
        await settle(pilot)
        await pilot.press("ctrl+z")  # the correction undone: the game is as it was scored
        await settle(pilot)
        assert screen.session.state.finished and screen.session.state.money(0) != 2500
        await pilot.press("ctrl+f", "y")  # reopened again
        await settle(pilot)
        await ctrl_f(pilot)
        await settle(pilot)
        assert not said()


async def test_a_reopened_games_wizard_takes_a_number_the_game_changed_since_the_finish(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+o after the finish, then reopened: the wizard offered the old sheet's number
    (a first play-test); then beside an "The app tracked" note, and a second play-test saved
    the old winner all the same. A number the game changed since the last sheet is now the
    game's, and the wizard says which; an answer typed over the board's number at the
    finish, for a number the game has not changed since, stays, with the board's beside it."""
    from companion.amounts import Amount

    session = new_game(game="calamityville", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        wizard = await ctrl_f(pilot)
        await type_into(pilot, "#answer-1", "1900")  # Bo's typed over the board's 2000
        await pilot.press("ctrl+n", "ctrl+s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.session.state.finished
        rules, state = screen.session.rules, screen.session.state
        assert screen.run(rules.correct(state, 0, "money", Amount(2500, False), "miscounted"))
        await pilot.press("ctrl+f", "y")  # reopen
        await pilot.pause()
        wizard = await ctrl_f(pilot)
        await settle(pilot)
        assert wizard.query_one("#answer-0", Input).value == "2500"  # the game's, now
        # said beside it, and in a short notice (the long one, with both numbers of each,
        # covered the last answers and the buttons at 80x24: a play-test)
        assert text_of(pilot, "#note-0") == "the game's (sheet: 2000)"
        assert not wizard.query_one("#hint-0").display
        said = [n.message for n in pilot.app._notifications if n.title == "Scoring wizard"]
        assert said == ["From the game, changed since its last sheet: Ann's Money."]
        await type_into(pilot, "#answer-0", "2400")  # typed over: no longer the game's
        assert text_of(pilot, "#note-0") == "the app tracked 2500: is that right?"
        await type_into(pilot, "#answer-0", "2500")
        assert text_of(pilot, "#note-0") == "the game's (sheet: 2000)"
        assert wizard.query_one("#answer-1", Input).value == "1900"  # typed: it stays
        assert text_of(pilot, "#hint-1") == "The app tracked: 2000"
        hint = wizard.query_one("#hint-1")
        await type_into(pilot, "#answer-1", "2000")  # put back to the board's: it goes
        assert not hint.display
        await type_into(pilot, "#answer-1", "2400")
        assert hint.display


async def test_the_frontier_chart_asks_unknown_points_once_and_remembers_them(
    store: Store, new_game: NewGame
) -> None:
    """3 lands = 12 and 5 = 25 come from the rules; 4 lands is read off the user's map."""
    for attempt in range(2):
        session = new_game(game="coloma", names=("Ann", "Bo"))
        for seat, lands in enumerate((3, 4)):  # Tents on 3 and 4 Frontier Lands
            rules = session.rules
            session.act(rules.adjust(session.state, seat, "tents", parse_amount(f"+{lands}")))
            for _ in range(lands):
                session.act(rules.pitch(session.state, seat, None))  # type: ignore[attr-defined]
        async with make_app(store).run_test(size=SIZE) as pilot:
            wizard = await open_wizard(pilot, session)
            keys = [field.key for field in wizard.spec.fields]
            for _ in range(keys.index("frontier")):  # to the Frontier step
                await pilot.press("ctrl+n")
            await pilot.pause()
            assert wizard.spec.fields[wizard.step].key == "frontier"
            await type_into(pilot, "#answer-0", "3")
            assert text_of(pilot, "#note-0") == "3 -> 12 points"
            await type_into(pilot, "#answer-1", "4")
            if attempt == 0:
                assert "not known yet" in text_of(pilot, "#note-1")
                assert "Map chart above (the up key from the first answer)" in text_of(
                    pilot, "#note-1"
                )  # (it said "up from the first player": a play-test did not follow)
                await pilot.press("up", "up")  # from Bo's answer to Ann's, then to the chart
                assert wizard.focused is wizard.query_one("#chart")  # (only shift+tab did)
                await pilot.press("down")
                assert wizard.focused is wizard.query_one("#answer-0")
                await type_into(pilot, "#chart", "3=11")
                assert "cannot change" in text_of(pilot, "#chart-note")
                await type_into(pilot, "#chart", "3=12 4=18 5=25")
            assert text_of(pilot, "#note-1") == "4 -> 18 points"
            if attempt == 1:  # another count than the board's is questioned, not refused
                await type_into(pilot, "#answer-1", "5")
                assert text_of(pilot, "#note-1") == (
                    "5 -> 25 points; 4 on the board: is that right?"
                )
                await type_into(pilot, "#answer-1", "4")
            await pilot.press("ctrl+s", "ctrl+s")
            await pilot.pause()
        assert store.read_settings()["charts"]["coloma-frontier"] == {"4": 18}
        _spec, players = parse_sheet_text(GameSession.open(store, session.path).state.sheet, SHEETS)
        assert [p["frontier"] for p in players] == [12, 18]


async def test_escape_leaves_at_once_when_nothing_was_typed(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+f", "ctrl+n")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)


async def test_the_typing_outlives_the_app_until_it_is_saved(
    store: Store, new_game: NewGame
) -> None:
    """Scores typed in the wizard are kept beside the game as they are typed: the app
    stopped (ctrl+q quits at once, a kill -9 the same), the next ctrl+f puts them back at
    the step they were at; saved in the game, they are gone."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-1", "1234")
        await pilot.press("ctrl+n")
        await pilot.pause()
        await type_into(pilot, "#answer-2", "3 4")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not pilot.app.is_running  # nothing to ask: the typing is kept
    assert store.read_draft(session.path) is not None
    played_on = GameSession.open(store, session.path)  # the table played on meanwhile
    played_on.act(played_on.rules.adjust(played_on.state, 0, "gold", parse_amount("+5")))
    played_on.close()
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        said = [toast.message for toast in pilot.app._notifications]
        assert any("ctrl+f goes on with them" in message for message in said)
        await pilot.press("ctrl+f")
        await pilot.pause()
        await yes_if_asked(pilot)
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        assert wizard.step == 1  # where the table was
        assert wizard.query_one("#answer-2", Input).value == "3 4"
        assert wizard.typed["gold"][1] == "1234" and wizard.rows[1]["gold"] == 1234
        assert wizard.typed["gold"][0] == "15"  # not typed: pre-filled from the game now
        said = [toast.message for toast in pilot.app._notifications]
        assert any("before the app stopped is back" in message for message in said)
        await pilot.press("ctrl+s")  # on to the standings
        await pilot.pause()
        await pilot.press("ctrl+s")  # saved: the game is finished
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert pilot.app.screen.session.state.finished
    assert store.read_draft(session.path) is None


async def test_typing_dropped_on_leaving_is_not_kept(store: Store, new_game: NewGame) -> None:
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "77")
        assert store.read_draft(session.path) is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("y")  # drop and leave
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert store.read_draft(session.path) is None
        await pilot.press("ctrl+f")
        await pilot.pause()
        await yes_if_asked(pilot)
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        assert not wizard.restored and wizard.typed["gold"][0] != "77"


async def test_the_standings_show_the_tie_break_figures(store: Store, new_game: NewGame) -> None:
    """Ann and Bo tie on points; the gold left decides (Coloma's first tie-break)."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await open_wizard(pilot, session)
        gold = [field.key for field in wizard.spec.fields].index("gold")
        for _ in range(gold):
            await pilot.press("ctrl+n")
        await type_into(pilot, "#answer-0", "2")
        await type_into(pilot, "#answer-1", "5")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert wizard.at_standings
        table = wizard.query_one("#totals", DataTable)
        # a heading too wide for the screen wraps onto a second line
        labels = [" ".join(str(column.label).split()) for column in table.columns.values()]
        assert labels[-len(wizard.spec.tiebreaks) :] == [t.label for t in wizard.spec.tiebreaks]
        first, second = (table.get_row_at(index) for index in range(2))
        assert str(first[1]) == "Bo" and str(first[-len(wizard.spec.tiebreaks)]) == "5"
        assert str(second[1]) == "Ann" and str(second[-len(wizard.spec.tiebreaks)]) == "2"
        assert text_of(pilot, "#winners") == "Bo wins."
        assert "; Gold Nuggets: Bo 5, Ann 2." in text_of(pilot, "#tiebreak")


async def test_a_reopened_game_starts_the_wizard_from_its_last_sheet(
    store: Store, new_game: NewGame
) -> None:
    """Coloma's typed categories (Buildings, Hotels, ...) come back when finishing again,
    and finishing again replaces the game's history row."""
    names, answers = WALKS["coloma"]
    session = new_game(game="coloma", names=names)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_wizard(pilot, session)
        first = await walk(pilot, answers)
        typed_first = {key: list(texts) for key, texts in first.typed.items()}
        await pilot.press("ctrl+s")
        await pilot.pause()
        first_sheet = session.path.read_text().count('kind = "finish"')
        assert first_sheet == 1
        await pilot.press("ctrl+f", "y")  # reopen
        await pilot.pause()
        await pilot.press("ctrl+f")  # the wizard again
        await pilot.pause()
        await yes_if_asked(pilot)
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard)
        keys = [field.key for field in wizard.spec.fields]
        assert wizard.typed == typed_first  # every answer is back, as it was typed
        assert wizard.typed["buildings"] == ["6 4", "6"]
        assert pilot.app.screen.query_one("#answer-0", Input).value == "10"
        await pilot.press("ctrl+s")  # straight to the standings
        await pilot.pause()
        assert wizard.at_standings and wizard.step == len(keys)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
    [history] = store.read_history()
    reopened = GameSession.open(store, session.path)
    assert reopened.state.finished
    assert tomllib.loads(history["sheet"]) == tomllib.loads(reopened.state.sheet)


LONG_NAMES = ("Annabelle", "Bartholomew", "Cyrus", "Dorothea", "Ezekiel", "Florence")
TABLES = {  # each game with as many players, long names, as it takes; Coloma with Hotels
    "boomtown": ({}, 5),
    "coloma": ({"hotels": True}, 6),
    "builders": ({}, 4),
    "calamityville": ({}, 4),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", list(TABLES))
async def test_the_total_is_always_on_screen(
    game: str, size: tuple[int, int], store: Store, new_game: NewGame
) -> None:
    """At 80 columns Coloma's many categories cut the Total column to "Tota" (a play-test):
    it now follows the player's name, and every player's total is shown whole, while
    answering and at the standings."""
    options, players = TABLES[game]
    session = new_game(game=game, names=LONG_NAMES[:players], **options)
    async with make_app(store).run_test(size=size) as pilot:
        wizard = await open_wizard(pilot, session)
        table = wizard.query_one("#totals", DataTable)
        for _ in range(2):  # a step of answers, then the standings
            labels = [str(column.label) for column in table.columns.values()]
            assert labels[:3] == ["Rank", "Player", "Total"]
            total_column = list(table.columns.values())[2]
            right = table.region.x + sum(
                column.get_render_width(table) for column in list(table.columns.values())[:3]
            )
            assert right <= table.scrollable_content_region.right
            assert total_column.get_render_width(table) >= len("Total") + 2
            drawn = [strip.text for strip in wizard._compositor.render_strips()]
            header = next(line for line in drawn if " Rank " in line)
            assert " Total " in header
            await pilot.press("ctrl+s")  # to the standings
            await pilot.pause()
            assert wizard.at_standings


async def test_narrow_headings_drop_what_is_in_brackets(store: Store, new_game: NewGame) -> None:
    """Narrower than the table, "Hotels (8 each)" is headed "Hotels" (more categories fit);
    at 120 columns the headings are whole."""
    session = new_game(game="coloma", names=LONG_NAMES, hotels=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        table = wizard.query_one("#totals", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert "Hotels" in labels and "Hotels (8 each)" not in labels
        await pilot.resize_terminal(160, 40)  # the screen's Resize comes through the driver

        def labels() -> list[str]:
            return [str(column.label) for column in table.columns.values()]

        await until(pilot, lambda: "Hotels (8 each)" in labels())
        assert labels()[:4] == ["Rank", "Player", "Total", "Track"]


def drawn_table(wizard: ScoringWizard) -> list[str]:
    """The lines of the screen the totals' table covers, as drawn (what a player reads)."""
    table = wizard.query_one("#totals", DataTable)
    lines = [strip.text for strip in wizard._compositor.render_strips()]
    return lines[table.region.y : table.region.bottom]


PLAY_TEST_NAMES = ("Annabelle", "Bartholomew", "Christabel", "Dorothea", "Evangeline", "Frederick")


async def test_every_category_is_read_whole_at_80_columns(store: Store, new_game: NewGame) -> None:
    """The play-test: Coloma with six long names at 80x24 cut the last category column at
    the right edge. Every category's heading and figures are drawn whole on the screen,
    while answering and at the standings; names too long for the room end with an
    ellipsis (and are read whole above the table and in the winners' sentence)."""
    session = new_game(game="coloma", names=PLAY_TEST_NAMES, hotels=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        table = wizard.query_one("#totals", DataTable)
        await type_into(pilot, "#answer-5", "1234")  # Frederick: a total of four figures
        for _ in range(2):  # a step of answers, then the standings
            assert table.scroll_x == 0
            headings = ["Rank", "Player", "Total", "Track", "Buildings", "Hotels", "Canyons"]
            headings += ["Bridges", "Frontier", "Graves"]
            columns = list(table.columns.values())[: len(headings)]
            assert [str(column.label) for column in columns] == headings
            # the last category's figures end inside the screen (the blank after them may
            # not: a tie-break column that would straddle the edge starts past it)
            start = table.region.x + sum(c.get_render_width(table) for c in columns[:-1])
            figures = max(len(line) for line in str(columns[-1].label).split("\n"))
            assert start + table.cell_padding + figures <= table.scrollable_content_region.right
            lines = drawn_table(wizard)
            header = lines[0].split()
            assert header[: len(headings)] == headings
            rows = [line.split() for line in lines[table.header_height :] if line.strip()]
            frederick = next(row for row in rows if row[1].startswith("Fred"))
            assert frederick[2] == frederick[3] == "1234"  # the total and the track, whole
            assert len(frederick) >= len(headings)
            assert any(row[1].endswith("…") for row in rows)  # Bartholomew is cut
            await pilot.press("ctrl+s")  # to the standings
            await pilot.pause()
            assert wizard.at_standings


async def test_the_tie_break_heading_is_whole_at_80_columns(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: Builders' standings at 80x24 cut "Investment Cubes on the Scoring
    Track" at the right edge. It wraps onto a second line, whole on the screen."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        # an empty answer shows where to type (a play-test found it only by typing)
        assert wizard.query_one("#answer-0", Input).placeholder == "VP each, e.g. 5 3 0"
        await pilot.press("ctrl+s")  # to the standings
        await pilot.pause()
        assert wizard.at_standings
        table = wizard.query_one("#totals", DataTable)
        [tiebreak] = wizard.spec.tiebreaks
        column = list(table.columns.values())[-1]
        assert str(column.label).split() == tiebreak.label.split()
        assert table.max_scroll_x == 0  # nothing off the screen's right edge
        lines = drawn_table(wizard)[: table.header_height]
        header = " ".join(" ".join(line.split()) for line in lines)
        assert tiebreak.label in header


async def test_typing_an_answer_redraws_its_cells_without_a_layout(
    store: Store, new_game: NewGame
) -> None:
    """#16: a key in the wizard changed the field's size record, the note and the whole
    totals table, and each asked for a layout of the screen (two layouts and two frames a
    key). Now only the cells that changed are put in; what is drawn is the same as a table
    filled anew would show."""
    from tests.screens.test_fast_widgets import layouts_during

    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        layouts = layouts_during(pilot.app)
        await type_into(pilot, "#answer-1", "12")
        assert layouts[0] == 0
        table = wizard.query_one("#totals", DataTable)
        rows = [[str(cell) for cell in table.get_row_at(y)] for y in range(table.row_count)]
        assert rows[0][:3] == ["1", "Bo", "12"]  # Bo leads now: the ranks moved too
        assert str(wizard.query_one("#note-1", Static).content) == ""
        drawn = drawn_table(wizard)
        wizard._columns_shown = None  # the same totals, the table filled anew
        wizard._show_totals()
        await pilot.pause()
        assert drawn_table(wizard) == drawn
        await type_into(pilot, "#answer-1", "x")  # refused beside the field, in red
        note = wizard.query_one("#note-1", Static).content
        assert isinstance(note, Text) and note.plain and note.style == "bold red"


async def test_a_tracked_number_typed_over_is_questioned_at_the_first_finish(
    store: Store, new_game: NewGame
) -> None:
    """The wizard's answers start at the game's numbers: one typed over (48 as 64) went
    in unremarked and changed the winner (a play-test). It is questioned beside the answer,
    and taken; the question goes when the game's number is typed back. A number the game
    never moved from the start (kept on the cardboard) is not questioned."""
    from companion.amounts import Amount

    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.correct(session.state, 0, "gold", Amount(48, False), "counted"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        assert wizard.spec.fields[0].key == "gold"
        await type_into(pilot, "#answer-0", "64")
        note = wizard.query_one("#note-0", Static).content
        # the app's number, not the board's (the cardboard is the truth: a play-test)
        assert isinstance(note, Text) and note.plain == "the app tracked 48: is that right?"
        assert wizard.rows[0]["gold"] == 64  # taken all the same
        await type_into(pilot, "#answer-1", "12")  # Bo's 10 is the game's too
        assert str(wizard.query_one("#note-1", Static).content).startswith("the app tracked 10")
        # a question an answer raised is looked at before the step is left, however many
        # were seen before (one just raised went by unseen: a play-test); enter there goes on
        await type_into(pilot, "#answer-0", "64")
        await type_into(pilot, "#answer-1", "10")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-2", Input)
        await pilot.press("enter")  # the last: back to Ann's question
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-0", Input)
        await type_into(pilot, "#answer-2", "12")  # a new question, once Ann's was seen
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-2", Input)
        assert wizard.spec.fields[wizard.step].key == "gold"
        await type_into(pilot, "#answer-0", "48")
        assert str(wizard.query_one("#note-0", Static).content) == ""
        await pilot.press("ctrl+n")  # the mines (a list: its count is checked), then mayors
        await pilot.press("ctrl+n")
        assert wizard.spec.fields[wizard.step].key == "mayors"
        await type_into(pilot, "#answer-0", "2")  # no mayor moved in this game
        assert str(wizard.query_one("#note-0", Static).content) == ""


async def test_a_reopened_games_wizard_questions_a_number_its_sheet_shared_with_the_app(
    store: Store, new_game: NewGame
) -> None:
    """A reopened game's wizard questioned nothing typed over (a play-test). An answer the
    sheet shares with the app is questioned when typed over; one the sheet kept over the
    app's number is not again: "The app tracked" stands beside it."""
    from companion.amounts import Amount

    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.correct(session.state, 0, "gold", Amount(48, False), "counted"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "50")  # over the app's 48, kept by the sheet
        await pilot.press("ctrl+s", "ctrl+s")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.session.state.finished
        await pilot.press("ctrl+f", "y")  # reopen
        await settle(pilot)
        await pilot.press("ctrl+f")
        await settle(pilot)
        await yes_if_asked(pilot)
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard) and wizard.spec.fields[0].key == "gold"
        assert wizard.query_one("#answer-0", Input).value == "50"
        assert str(wizard.query_one("#note-0", Static).content) == ""
        assert wizard.query_one("#hint-0", Static).display  # "The app tracked: 48"
        await type_into(pilot, "#answer-1", "12")  # Bo's 10 is the app's and the sheet's
        note = wizard.query_one("#note-1", Static).content
        assert isinstance(note, Text) and note.plain == "the app tracked 10: is that right?"


async def test_builders_cubes_left_are_the_games_after_a_correction(
    store: Store, new_game: NewGame
) -> None:
    """ "Cubes left" beside the investments counted from the box's cubes whatever a
    correction had set (a play-test)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    session.act(rules.build(session.state, 0, 1, 1, 1))  # Ann's Single
    session.act(rules.correct_text(session.state, "cubes:0", "2 4 6", "one lost"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "3")
        assert text_of(pilot, "#note-0") == "Cubes left: 2 Triples, 4 Doubles, 6 Singles"
        await type_into(pilot, "#answer-1", "")
        assert text_of(pilot, "#note-1") == "Cubes left: 3 Triples, 4 Doubles, 7 Singles"


async def test_a_builders_card_not_known_is_a_question_mark_beside_the_known_ones(
    store: Store, new_game: NewGame
) -> None:
    """A card's VP learned in an earlier game was filled in only when every card of the
    player was known: at a real table, almost never (a play-test). The known ones are
    filled in; a card not known is a ?, refused (and not counted) until typed over."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    session.act(rules.build(session.state, 0, 1, 1, 1, None, "Saloon"))
    session.act(rules.build(session.state, 1, 1, 5, 1))
    session.act(rules.token(session.state, 0, 0, 0))  # row 1: the middle, column 3
    session.act(rules.next_round(session.state))
    session.act(rules.build(session.state, 1, 2, 5, 1))
    session.act(rules.build(session.state, 0, 2, 1, 1, None, "Jail"))
    saloon = session.state.owned(0)[0]
    distance = session.state.distance(saloon)
    store.write_settings({"builders": {"cards": {"saloon": {str(distance): 4}}}})
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        assert wizard.query_one("#answer-0", Input).value == "4 ?"
        assert text_of(pilot, "#note-0") == (
            "Building 2's VP is not known (card unnamed or new, or token moved): type the VP "
            "it shows in place of its ?."
        )
        assert wizard.query_one("#answer-1", Input).value == "? ?"  # none known: each a ?
        assert 0 in wizard._refused  # not counted as 0 in the running totals
        await type_into(pilot, "#answer-0", "4 2")
        assert wizard.rows[0]["investments"][1]["vp"] == 2 and 0 not in wizard._refused


async def test_a_long_name_keeps_a_gap_before_its_answer(store: Store, new_game: NewGame) -> None:
    """ "Bartholomew Longname13": the name ran into the answer, 13 read as part of it (a
    play-test)."""
    session = new_game(game="boomtown", names=("Ann", "Bartholomew Longname Jr", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-1", "13")
        lines = [strip.text for strip in wizard._compositor.render_strips()]
        row = next(line for line in lines if "Bartholomew" in line)
        assert "Bartholomew Longname 13" in row


async def test_the_notice_that_answers_need_fixing_goes_once_they_are_fixed(
    store: Store, new_game: NewGame
) -> None:
    """It stayed over the standings after the answer was put right (a play-test)."""
    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-1", "abc")
        await pilot.press("ctrl+s")
        await settle(pilot)

        def notices() -> list[str]:
            return [str(n.message) for n in pilot.app._notifications]

        assert any("need fixing" in notice for notice in notices())
        await type_into(pilot, "#answer-1", "15")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert wizard.at_standings
        assert not any("need fixing" in notice for notice in notices())


async def test_coloma_hotels_past_the_box_are_said_at_the_hotels_step(
    store: Store, new_game: NewGame
) -> None:
    """7 Hotels in all with 3 players (6 in the box): the refusal moved on with ctrl+n,
    went at ctrl+b, and ctrl+s said it at the Horses step beside Ann (a play-test). It
    stays at the Hotels step, beside the answer, and keeps the wizard there."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), hotels=True)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        while wizard.spec.fields[wizard.step].key != "hotels":
            await pilot.press("ctrl+n")
            await settle(pilot)
        hotels = wizard.step
        for seat, count in enumerate(("3", "2", "2")):
            await type_into(pilot, f"#answer-{seat}", count)
        too_many = "The Hotel Building module has 2 Hotel Buildings per player (6 with 3 players)"
        assert text_of(pilot, "#note-2").startswith(too_many)
        for key in ("ctrl+n", "ctrl+s"):
            await pilot.press(key)
            await settle(pilot)
            assert wizard.step == hotels and not wizard.at_standings, key
        await pilot.press("ctrl+b", "ctrl+n")  # back, and here again: still said
        await settle(pilot)
        assert wizard.step == hotels
        assert any(text_of(pilot, f"#note-{seat}").startswith(too_many) for seat in range(3))
        await type_into(pilot, "#answer-2", "1")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.step == hotels + 1
        assert not any(text_of(pilot, f"#note-{seat}").startswith(too_many) for seat in range(3))


async def test_a_problem_across_players_is_said_beside_the_answer_not_tracked(
    store: Store, new_game: NewGame
) -> None:
    """A play-test: Bo's 9 Hotels (the game tracked 2) made 12 of 6; typing Ann's tracked 1
    again moved the problem beside Ann, and Bo's 9 counted in the running totals (ranked
    first). It stays beside the answer the game did not track, and while the answers
    cannot all be right no total takes them."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), hotels=True)
    for seat in (0, 1, 1):
        session.act(session.rules.hotel(session.state, seat))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        while wizard.spec.fields[wizard.step].key != "hotels":
            await pilot.press("ctrl+n")
            await settle(pilot)
        too_many = "The Hotel Building module has 2 Hotel Buildings per player (6 with 3 players)"
        await type_into(pilot, "#answer-1", "9")
        assert text_of(pilot, "#note-1").startswith(too_many)
        await type_into(pilot, "#answer-0", "1")  # the tracked number, typed again
        assert text_of(pilot, "#note-1").startswith(too_many)
        assert not text_of(pilot, "#note-0").startswith(too_many)
        totals = wizard.query_one("#totals", DataTable)
        cells = [totals.get_row_at(y) for y in range(totals.row_count)]
        assert all("?" in [str(cell) for cell in row] for row in cells), cells
        # two untracked answers (Ann 7 and Bo 9): a tracked one typed again leaves the
        # problem where it is (it moved to Ann's: a play-test)
        await type_into(pilot, "#answer-0", "7")
        assert text_of(pilot, "#note-0").startswith(too_many)  # the answer typed
        await type_into(pilot, "#answer-2", "0")  # Cy's tracked 0
        assert text_of(pilot, "#note-0").startswith(too_many)
        await type_into(pilot, "#answer-0", "1")
        await type_into(pilot, "#answer-1", "2")
        assert not any(text_of(pilot, f"#note-{seat}").startswith(too_many) for seat in range(3))
        cells = [totals.get_row_at(y) for y in range(totals.row_count)]
        assert not any("?" in [str(cell) for cell in row] for row in cells), cells


async def test_ctrl_s_from_an_early_step_stops_at_an_answer_that_does_not_read(
    store: Store, new_game: NewGame
) -> None:
    """A play-test pressed ctrl+s at the first step: Cy's Frontier Land, whose points the
    map's chart had not been given, was saved as 0 VP (the Frontier step itself refused
    it). ctrl+s goes to that step and answer instead of the standings."""
    from companion.amounts import parse_amount

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.adjust(session.state, 2, "tents", parse_amount("+1")))
    session.act(session.rules.pitch(session.state, 2, None))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        assert wizard.step == 0
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not wizard.at_standings
        assert wizard.spec.fields[wizard.step].key == "frontier"
        assert wizard.focused is wizard.query_one("#answer-2", Input)
        assert "not known yet" in text_of(pilot, "#note-2")


async def test_answers_sent_in_one_burst_each_reach_their_player(
    store: Store, new_game: NewGame
) -> None:
    """`12 enter 11 enter 5 enter 30` sent at once gave Ann 1211530: the keys reached the
    field that had the focus when they came, before enter moved it on; downs sent at once
    moved one row (a play-test)."""
    from textual import events

    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy", "Di"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        assert wizard.spec.fields[wizard.step].key == "gold"
        for typed in ("12", "11", "5"):
            send_keys(pilot, typed)
            send_enter(pilot)
        send_keys(pilot, "30")
        await settle(pilot)
        answers = [wizard.query_one(f"#answer-{seat}", Input).value for seat in range(4)]
        assert answers == ["12", "11", "5", "30"]
        for _ in range(3):  # up three rows at once, then a 4 typed there
            key = events.Key("up", None)
            key.set_sender(pilot.app)
            pilot.app.post_message(key)
        send_keys(pilot, "4")
        await settle(pilot)
        assert wizard.query_one("#answer-0", Input).value in ("4", "124")
        assert wizard.query_one("#answer-3", Input).value == "30"


async def test_backspace_on_a_refused_answer_takes_its_last_character(
    store: Store, new_game: NewGame
) -> None:
    """A refused answer is selected, so that typing replaces it; backspace emptied it, and
    an empty list went in as none (a play-test). Backspace takes its last character."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        while wizard.spec.fields[wizard.step].key != "buildings":
            await pilot.press("ctrl+n")
            await settle(pilot)
        await type_into(pilot, "#answer-0", "6 4 x")
        await pilot.press("enter")
        await settle(pilot)
        answer = wizard.query_one("#answer-0", Input)
        assert pilot.app.focused is answer and answer.selected_text == "6 4 x"
        await pilot.press("backspace")
        await settle(pilot)
        assert answer.value == "6 4 "
        await pilot.press("enter")
        await settle(pilot)
        assert wizard.rows[0]["buildings"] == [6, 4]
        assert pilot.app.focused is wizard.query_one("#answer-1", Input)


async def test_an_answer_that_does_not_read_is_not_counted_in_the_running_totals(
    store: Store, new_game: NewGame
) -> None:
    """An emptied or refused answer, or one that breaks a count across players (9 mayor
    pawns), shows "?" in the running totals, ranked after the others: the totals kept its
    last number, or counted the refused one (a play-test)."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        table = wizard.query_one("#totals", DataTable)

        def rows() -> list[list[str]]:
            return [[str(cell) for cell in table.get_row_at(y)] for y in range(table.row_count)]

        await type_into(pilot, "#answer-0", "40")
        assert rows()[0][:3] == ["1", "Ann", "40"]
        await type_into(pilot, "#answer-0", "")  # emptied: not 40, nor 4
        assert [row[:3] for row in rows()][-1] == ["?", "Ann", "?"]
        # the step's own column "?", the others as they stand (the whole row went "?",
        # known numbers too: a play-test)
        headers = [str(column.label) for column in table.columns.values()]
        assert headers[:4] == ["Rank", "Player", "Total", "Gold"]
        assert rows()[-1] == ["?", "Ann", "?", "?", "0", "0"]  # no mines, no mayors yet
        assert [row[1] for row in rows()[:2]] == ["Bo", "Cy"]  # ranked without Ann
        await type_into(pilot, "#answer-0", "x")
        assert rows()[-1][:3] == ["?", "Ann", "?"]
        await type_into(pilot, "#answer-0", "7")
        assert ["Ann", "7"] in [row[1:3] for row in rows()]
        await pilot.press("ctrl+n", "ctrl+n")  # the mines as tracked: the mayors
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        await type_into(pilot, "#answer-2", "9")  # 5 mayor pawns in all
        assert "not" in str(wizard.query_one("#note-2", Static).content)
        assert rows()[-1][:3] == ["?", "Cy", "?"]
        await type_into(pilot, "#answer-2", "0")
        assert "?" not in [row[0] for row in rows()]


async def test_typing_at_a_new_step_replaces_the_first_answer(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: Ann's Mines emptied (the cursor at the field's start), ctrl+n to the
    Mayors, where Ann's answer (1, from the game) keeps the focus and kept the cursor at its
    start: a 2 typed made it 21 mayors (105 points), silently. Now a step's first answer is
    all selected, as a field reached with tab or enter is: typing replaces it."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+n")  # gold as tracked
        await settle(pilot)
        first = wizard.query_one("#answer-0", Input)
        first.value = "3 4"
        first.cursor_position = 0  # as an emptied field leaves it
        first.value = ""
        await settle(pilot)
        wizard.rows[0]["mayors"] = 1
        wizard.typed["mayors"][0] = "1"  # Ann has a mayor (as the game tracked it)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        assert wizard.focused is first and first.value == "1"
        await pilot.press("2")
        await settle(pilot)
        assert first.value == "2"
        assert wizard.rows[0]["mayors"] == 2


async def test_a_problem_across_players_goes_once_put_right(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: "Boomtown has 5 mayor pawns in all ... not 6" stayed beside the first
    answer after the answers were put right. It is checked again at each key. (A later
    play-test: it sat beside Ann's answer, with the cursor, when Cy's was the one typed
    wrong; it now goes beside the answer typed last, and the cursor with it.)"""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+n", "ctrl+n")  # gold and mines as tracked: the mayors
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        for seat, mayors in enumerate(("2", "1", "3")):
            await type_into(pilot, f"#answer-{seat}", mayors)
        # said as it is typed, before Next refuses it (a play-test's totals took 7 pawns)
        assert "not 6" in str(wizard.query_one("#note-2", Static).content)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert not wizard.at_standings
        first, note = wizard.query_one("#note-0", Static), wizard.query_one("#note-2", Static)
        assert "5 mayor pawns in all" in str(note.content) and "not 6" in str(note.content)
        assert str(first.content) == "" and wizard.focused is wizard.query_one("#answer-2")
        await type_into(pilot, "#answer-2", "4")  # 7 now: it says so
        assert "not 7" in str(note.content)
        await type_into(pilot, "#answer-0", "")  # emptied: its own refusal, not the count
        assert "mayor pawns" not in str(note.content)
        assert "nothing was typed" in str(first.content)
        # back: the count is said again, beside the answer typed last (it stayed where it
        # was put, beside an answer that was right, and ctrl+s sent the table there: a
        # later play-test)
        await type_into(pilot, "#answer-0", "2")
        assert "not 7" in str(first.content) and str(note.content) == ""
        await type_into(pilot, "#answer-2", "2")  # 5: put right, the notes go
        assert str(note.content) == "" and str(first.content) == ""
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.at_standings


async def test_enter_on_an_answer_that_breaks_a_count_across_players_stays_and_says_why(
    store: Store, new_game: NewGame
) -> None:
    """A play-test typed 6 mayors for Cy and pressed enter: the reason went (enter's own
    check wrote over it), the focus moved on, and after ctrl+n refused the step the totals
    counted the refused 6 and ranked Cy first."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        for seat, mayors in enumerate(("2", "1")):
            await type_into(pilot, f"#answer-{seat}", mayors)
        await type_into(pilot, "#answer-2", "6")
        await pilot.press("enter")
        await settle(pilot)
        note = wizard.query_one("#note-2", Static)
        assert "5 mayor pawns in all" in str(note.content) and "not 9" in str(note.content)
        assert wizard.focused is wizard.query_one("#answer-2")

        def cy_row() -> list[str]:
            table = wizard.query_one("#totals", DataTable)
            rows = [[str(cell) for cell in table.get_row_at(y)] for y in range(table.row_count)]
            return next(row for row in rows if row[1] == "Cy")

        assert cy_row()[0] == "?"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert not wizard.at_standings and "not 9" in str(note.content)
        assert cy_row()[0] == "?" and "30" not in cy_row()


async def test_too_many_mayor_pawns_names_who_has_how_many(store: Store, new_game: NewGame) -> None:
    """The refusal of 8 mayor pawns named no player (a play-test): beside the answer and
    in the toast it now says each player's pawns, and the limit."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        for seat, mayors in enumerate(("3", "0", "5")):
            await type_into(pilot, f"#answer-{seat}", mayors)
        await pilot.press("enter")
        await settle(pilot)
        said = " ".join(str(wizard.query_one("#note-2", Static).content).split())
        assert said == (
            "Boomtown has 5 mayor pawns in all (one per town), not 8 (Mayors: Ann 3, Cy 5)."
        )


async def test_more_than_anyone_scored_in_the_records_is_said_not_refused(
    store: Store, new_game: NewGame
) -> None:
    """999 gold went in without a word (a play-test). The rules give no most, so the
    table's finished games are the measure: an answer past the most anyone had in that
    category is said beside it, and taken all the same (the app never blocks the table)."""
    from companion.scoring import sheet_text

    rows = [
        {"name": name, "gold": gold, "mines": [], "mayors": 0}
        for name, gold in (("Ann", 30), ("Bo", 12), ("Cy", 5))
    ]
    store.record_finished(
        {
            "game": "boomtown",
            "title": "Boomtown",
            "file": "earlier.toml",
            "finished": "2026-01-05T21:00:00",
            "players": [row["name"] for row in rows],
            "sheet": sheet_text(SHEETS["boomtown"], rows),
        }
    )
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await open_wizard(pilot, session)
        assert wizard.spec.fields[wizard.step].key == "gold"
        await type_into(pilot, "#answer-0", "999")
        await type_into(pilot, "#answer-1", "30")  # as many as the most: nothing said
        note = str(wizard.query_one("#note-0", Static).content)
        assert note == "More than anyone scored in your records (Gold: 30 points at most)."
        assert str(wizard.query_one("#note-1", Static).content) == ""
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mines"  # taken, not refused
        assert wizard.rows[0]["gold"] == 999
    # the app's own count, tracked all game, is not said so (Bob's 44 was: a play-test)
    tracked = new_game(names=("Ann", "Bo", "Cy"))
    tracked.act(tracked.rules.adjust(tracked.state, 1, "gold", parse_amount("+34")))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await open_wizard(pilot, tracked)
        assert wizard.query_one("#answer-1", Input).value == "44"
        assert str(wizard.query_one("#note-1", Static).content) == ""
        await type_into(pilot, "#answer-1", "45")  # typed over it: said (and questioned)
        assert "the app tracked 44" in str(wizard.query_one("#note-1", Static).content)


async def test_a_list_longer_than_the_board_says_is_questioned_not_refused(
    store: Store, new_game: NewGame, questions_read: None
) -> None:
    """The play-test gave Cy River Canyon VP with no River surveyed: taken, unremarked.
    It is said beside the answer, and still taken (the table may know better)."""
    session = coloma_with_a_river(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_canyons(pilot, session)
        await type_into(pilot, "#answer-0", "3")  # Ann's one River
        await type_into(pilot, "#answer-2", "2")  # Cy has none
        assert text_of(pilot, "#note-0") == ""
        assert text_of(pilot, "#note-2") == "1 number typed, 0 on the board: is that right?"
        assert wizard.rows[2]["canyons"] == [2]  # taken all the same
        # enter on the last answer stops once at a question (the last player's went by
        # unseen, straight on: a play-test); enter again goes on
        await pilot.press("enter")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "canyons"
        assert pilot.app.focused is wizard.query_one("#answer-2", Input)
        assert any("question beside it" in str(n.message) for n in pilot.app._notifications)
        await pilot.press("enter")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key != "canyons"  # not a refusal


async def test_enter_goes_from_question_to_question_then_on(
    store: Store, new_game: NewGame
) -> None:
    """Sent back to a question on an earlier answer, enter went through every player's
    answer after it: two more enters where the toast said one (a play-test). It goes to
    the next question, then on."""
    session = coloma_with_a_river(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_canyons(pilot, session)
        await type_into(pilot, "#answer-0", "3 4")  # Ann has one River
        await type_into(pilot, "#answer-1", "2")  # Bo has none
        await type_into(pilot, "#answer-2", "")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-0", Input)
        assert any(
            "2 answers have a question beside them" in str(n.message)
            for n in pilot.app._notifications
        )
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-1", Input)
        await pilot.press("enter")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key != "canyons"


async def test_a_question_notice_replaces_the_one_before_it_and_goes_when_gone_past(
    store: Store, new_game: NewGame, questions_read: None
) -> None:
    """Each answer stopped at its question said so in a toast of its own, and three answers
    in a row stacked three alike notices over the wizard (a play-test): the newest says it,
    the one before is taken back; gone past (enter again), it goes (it stayed over the next
    player's answer at 80x24: another play-test)."""
    session = coloma_with_a_river(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_canyons(pilot, session)
        for seat, typed in enumerate(("3 4", "2", "2")):  # each a question (Rivers)
            await type_into(pilot, f"#answer-{seat}", typed)
            await pilot.press("enter")  # stopped at its question, said
            await settle(pilot)
            assert pilot.app.focused is wizard.query_one(f"#answer-{seat}", Input)
            said = [str(n.message) for n in pilot.app._notifications]
            assert sum("question beside" in message for message in said) == 1, said
            if seat < 2:
                await pilot.press("enter")  # on to the next player: the notice goes
                await settle(pilot)
                said = [str(n.message) for n in pilot.app._notifications]
                assert not any("question beside" in message for message in said), said
        await pilot.press("enter")  # on to the next step: none stays
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key != "canyons"
        said = [str(n.message) for n in pilot.app._notifications]
        assert not any("question beside" in message for message in said), said


@pytest.fixture
def questions_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's next key comes once it has read the question an enter stopped at: taken
    at once here (keys typed on before the question showed are the burst test's matter)."""
    monkeypatch.setattr(ScoringWizard, "TYPED_ON", 0.0)


def _question_notices(app: App[object]) -> list[str]:
    return [str(n.message) for n in app._notifications if "question beside" in str(n.message)]


async def test_keys_typed_on_past_a_question_in_one_burst_are_not_taken(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A burst `3 4 enter 5 enter 6 enter` stopped at Ann's question, and Bo's and Cy's
    answers went on into her field: "3 456", a score one key from saved (a play-test). Keys
    that reach the answer within `TYPED_ON` of the enter that stopped there were typed before
    the question showed: not taken, and said, in the one notice (it was posted, and a
    take-back before it came left it up: a review). Once read, enter goes on."""
    now = [100.0]
    monkeypatch.setattr(ScoringWizard, "clock", staticmethod(lambda: now[0]))
    session = coloma_with_a_river(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_canyons(pilot, session)
        await type_into(pilot, "#answer-0", "3 4")  # a question (Ann has one River)
        before = [wizard.query_one(f"#answer-{seat}", Input).value for seat in (1, 2)]
        send_enter(pilot)  # stopped at the question
        for typed in ("5", "6"):  # typed on at once, as the table meant: Bo's, then Cy's
            send_keys(pilot, typed)
            send_enter(pilot)
        await settle(pilot)
        answer = wizard.query_one("#answer-0", Input)
        assert pilot.app.focused is answer and answer.value == "3 4"
        assert [wizard.query_one(f"#answer-{seat}", Input).value for seat in (1, 2)] == before
        said = _question_notices(pilot.app)
        assert len(said) == 1 and "not taken" in said[0], said
        now[0] += 2  # read: enter goes on
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-1", Input)
        assert _question_notices(pilot.app) == []
        assert wizard.rows[0]["canyons"] == [3, 4]


async def test_escape_from_the_standings_asks_before_leaving_them_unsaved(
    store: Store, new_game: NewGame
) -> None:
    """The play-test's ctrl+s on step 1 showed the standings (not saved), and escape then
    left without a word: the table thought the game recorded."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        game = pilot.app.screen_stack[-2]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert wizard.at_standings and not game.session.state.finished
        notices = [n.message for n in pilot.app._notifications]
        assert any(message.startswith("Not saved yet: check the standings") for message in notices)
        await pilot.press("escape")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "Leave without saving the scores?" in text_of(pilot, "#confirm-question")
        await pilot.press("n")
        await settle(pilot)
        assert pilot.app.screen is wizard
        await pilot.press("ctrl+s")  # the second one saves
        await settle(pilot)
        assert pilot.app.screen is game and game.session.state.finished
        # "Not saved yet" went with the save (it sat beside "The scores are saved")
        notices = [n.message for n in pilot.app._notifications]
        assert not any(message.startswith("Not saved yet") for message in notices), notices


async def test_the_kept_scores_notice_goes_when_the_wizard_brings_them_back(
    store: Store, new_game: NewGame
) -> None:
    """The play-test at 80x24: opening a game with kept scores, then ctrl+f, stacked the
    "scores were kept" notice and the wizard's "what was typed is back" over the totals.
    The first one goes when the wizard opens: it says the same."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "25")  # kept as it is typed; then the app stops
    assert store.read_draft(session.path) is not None
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        pilot.app.open_game(session.path)
        await settle(pilot)

        def notices() -> list[str]:
            return [notification.message for notification in pilot.app._notifications]

        assert any("were kept" in message for message in notices())
        await pilot.press("ctrl+f")
        await settle(pilot)
        await yes_if_asked(pilot)
        await settle(pilot)
        assert isinstance(pilot.app.screen, ScoringWizard)
        assert not any("were kept" in message for message in notices())
        assert any("is back" in message for message in notices())


async def test_a_boomtown_mines_list_shorter_than_the_board_is_questioned(
    store: Store, new_game: NewGame
) -> None:
    """A mine's value left out of Ann's pre-filled `3 7 1` was saved unremarked, one point
    short (a play-test): Boomtown counts the mines in front of each player too."""
    from companion.games.boomtown import MineCard
    from tests.core.test_boomtown import CM6, CM7, CM8, CM9, DG8, Table

    table = Table(new_game(names=("Ann", "Bo", "Cy"), first=0))
    table.round(0, 1, CM7, CM8, CM9)
    table.round(0, 1, DG8, CM6, MineCard("San Narciso", 8, 2))
    owned = len(table.state.mines_of(0))
    assert owned == 2
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, table.session)
        while wizard.spec.fields[wizard.step].key != "mines":
            await pilot.press("ctrl+n")
            await settle(pilot)
        await type_into(pilot, "#answer-0", " ".join(["5"] * (owned - 1)))
        assert text_of(pilot, "#note-0") == "1 number typed, 2 on the board: is that right?"


async def test_down_and_up_move_between_the_players_answers(
    store: Store, new_game: NewGame
) -> None:
    """A play-tester pressed down to go from Ann's answer to Eve's, and typed Eve's 250
    into Ann's: down and up move between the answers, as enter does."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Eve"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await open_wizard(pilot, session)
        assert wizard.focused is wizard.query_one("#answer-0")
        await pilot.press("down", "down")
        assert wizard.focused is wizard.query_one("#answer-2")
        await pilot.press("down")  # the last: stays
        assert wizard.focused is wizard.query_one("#answer-2")
        await pilot.press("up")
        assert wizard.focused is wizard.query_one("#answer-1")


async def test_the_running_totals_stay_in_sight_below_a_long_step(
    store: Store, new_game: NewGame
) -> None:
    """Builders' hints (nine buildings a player) pushed the running totals off an 80x24
    screen (a play-test); README says they are always visible. They sit at the bottom while
    the questions are asked, and a field focused under them is scrolled into view."""
    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy", "Di", "Ed"))
    async with make_app(store).run_test(size=(80, 16)) as pilot:
        wizard = await open_wizard(pilot, session)
        box = wizard.query_one("#totals-box")
        screen_region = wizard.region
        assert box.region.bottom <= screen_region.bottom - 1  # above the footer
        assert "Running totals" in text_of(pilot, "#running-title")
        for seat in range(1, 5):
            await pilot.press("enter")
            await settle(pilot)
            field = wizard.query_one(f"#answer-{seat}", Input)
            assert pilot.app.focused is field
            assert not field.region.overlaps(box.region), seat
            assert field.region.y >= wizard.query_one("#wizard").region.y, seat
        # up and down move between the answers of a step taller than the screen (its
        # scroll container took them to scroll: a play-test)
        assert wizard.query_one("#wizard").max_scroll_y > 0
        for seat in (3, 2, 1, 0):
            await pilot.press("up")
            await settle(pilot)
            assert pilot.app.focused is wizard.query_one(f"#answer-{seat}", Input), seat
        await pilot.press("down")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-1", Input)
        await pilot.press("ctrl+s")  # the standings: the table back under the sentences
        await settle(pilot)
        assert wizard.at_standings and not wizard.has_class("-asking")


async def test_the_standings_scroll_with_the_keys_at_80_by_24(
    store: Store, new_game: NewGame
) -> None:
    """Nothing had the focus on the standings: up, down and page down did nothing on a
    standings taller than the screen, and the tie-break columns beyond 80 columns could not
    be reached (a play-test)."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Di", "Ed", "Fay"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert wizard.at_standings
        page, table = wizard.query_one("#wizard"), wizard.query_one("#totals", DataTable)
        assert pilot.app.focused is page and page.max_scroll_y > 0
        await pilot.press("down")
        await settle(pilot)
        assert page.scroll_y > 0
        assert table.max_scroll_x > 0
        await pilot.press("right")
        await settle(pilot)
        assert table.scroll_x > 0
        assert table.fixed_columns == 3  # rank, player and total stay (they went: a play-test)
        drawn = [strip.text for strip in wizard._compositor.render_strips()]
        assert any(" Ann " in line for line in drawn)


async def test_a_refused_answer_is_selected_and_enter_on_the_chart_goes_on(
    store: Store, new_game: NewGame
) -> None:
    """Keys typed after a refused answer were added to it ("231"); enter on the Map chart
    stayed there, and the next answer went into the chart (a play-test)."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "2x")
        await pilot.press("enter")
        await settle(pilot)
        answer = wizard.query_one("#answer-0", Input)
        assert pilot.app.focused is answer and answer.selected_text == "2x"
        send_keys(pilot, "3")  # replaces it
        await settle(pilot)
        assert answer.value == "3"
        keys = [field.key for field in wizard.spec.fields]
        for _ in range(keys.index("frontier")):
            await pilot.press("ctrl+n")
            await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "frontier"
        wizard.query_one("#chart", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-0", Input)


async def test_a_refused_tie_break_answer_leaves_the_running_totals_as_they_stand(
    store: Store, new_game: NewGame
) -> None:
    """A 7 typed for Coloma's Horses (a tie-break only) took the leader out of the running
    totals (a play-test); a refused answer that scores does so still (Builders')."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        table = wizard.query_one("#totals", DataTable)

        def rows() -> list[list[str]]:
            return [[str(cell) for cell in table.get_row_at(y)] for y in range(table.row_count)]

        await type_into(pilot, "#answer-0", "40")  # Ann's track: she leads
        while wizard.spec.fields[wizard.step].key != "horses":
            await pilot.press("ctrl+n")
            await settle(pilot)
        await type_into(pilot, "#answer-0", "7")
        assert "At most 6" in str(wizard.query_one("#note-0", Static).content)
        assert rows()[0][:3] == ["1", "Ann", "40"]
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        table = wizard.query_one("#totals", DataTable)
        await type_into(pilot, "#answer-0", "5x9")  # no such cube
        assert [str(cell) for cell in table.get_row_at(table.row_count - 1)][:3] == [
            "?",
            "Ann",
            "?",
        ]


def test_a_column_the_edge_would_cut_starts_past_it() -> None:
    """Coloma's standings at 80 columns cut the last tie-break figure at the edge: 12 read
    "1" (a play-test). The column before it takes the room left; the cut one starts past
    the edge, whole once the table scrolls sideways."""
    from screens.scoring import fit_totals

    headers = ["Rank", "Player", "Total", "Track", "Gold Nuggets", "Bucks + Dudes + Tents"]
    rows = [["1", "Ann", "42", "40", "3", "12"], ["2", "Bo", "40", "38", "1", "7"]]
    for room in range(30, 46):
        for edge in (room, room + 2):  # (a scroll bar's room, shown or not)
            fitted = fit_totals(headers, rows, room, 1, first=4, edge=edge)
            extents = [width + 2 * fitted.padding for width in fitted.widths]
            starts = [sum(extents[:column]) for column in range(len(extents))]
            for column in range(4, len(extents)):  # (rank, name, total and Track fit)
                lines = [*fitted.headers[column].split("\n"), *(row[column] for row in rows)]
                shown = max(len(line) for line in lines)  # its figures (a blank may follow)
                start = starts[column] + fitted.padding
                assert start + shown <= room or start >= edge, (room, edge, fitted.widths)


async def test_a_tracked_list_typed_over_is_questioned_too(store: Store) -> None:
    """Coloma's Graves were pre-filled `1 1`; typed as `3`, nothing was said (a play-test).
    The same numbers in another order are the same answer."""
    spec = SHEETS["boomtown"]
    rows = [
        {"name": "Ann", "gold": 10, "mines": [3, 5], "mayors": 0},
        {"name": "Bo", "gold": 10, "mines": [], "mayors": 0},
    ]
    wizard = ScoringWizard(spec, rows, counts={"mines": [2, 0]}, tracked={"mines": [[3, 5], []]})
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        pilot.app.push_screen(wizard)
        await settle(pilot)
        await pilot.press("ctrl+n")  # the mines
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mines"
        await type_into(pilot, "#answer-0", "3 4")
        note = wizard.query_one("#note-0", Static).content
        assert isinstance(note, Text) and note.plain == "the app tracked 3 5: is that right?"
        await type_into(pilot, "#answer-0", "5 3")
        assert str(wizard.query_one("#note-0", Static).content) == ""
        await type_into(pilot, "#answer-0", "3")  # one number: the count's question first
        assert "1 number typed, 2 on the board" in str(wizard.query_one("#note-0", Static).content)


async def test_typing_that_cannot_be_kept_beside_the_game_is_said_once(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a full disk the wizard's typing was not kept, unsaid: a kill -9 then lost it (a
    play-test). It is said, once."""
    import errno

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Store, "_write_cached", full)
    session = new_game(game="calamityville", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "1234")
        await type_into(pilot, "#answer-0", "1235")
        notices = [str(n.message) for n in pilot.app._notifications]
        kept = [n for n in notices if n.startswith("What you type here cannot be kept")]
        assert len(kept) == 1 and "No space left on device" in kept[0], notices


async def test_a_problem_across_players_is_not_said_at_another_step(
    store: Store, new_game: NewGame
) -> None:
    """Back from Mayors (6 typed for Ann: 5 pawns in all) to Mines, the pawns' problem was
    said beside Ann's mines (a play-test); it is said again at its own step."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        await type_into(pilot, "#answer-0", "6")
        note = wizard.query_one("#note-0", Static)
        assert "5 mayor pawns in all" in str(note.content)
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mines"
        assert "mayor pawns" not in str(note.content)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        assert "5 mayor pawns in all" in str(note.content)


async def test_a_refused_answer_counts_for_nothing_at_the_other_steps_too(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: 9 mayors refused (5 pawns in all), then ctrl+b: the Mines step's
    running totals counted the 9 (45 points, Ann first); an answer that did not read kept
    its old number there. A refused answer counts for nothing at every step: "?" for the
    total and its category, and the title says which step to put right."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        table = wizard.query_one("#totals", DataTable)

        def row_of(name: str) -> list[str]:
            rows = [[str(cell) for cell in table.get_row_at(y)] for y in range(table.row_count)]
            return next(row for row in rows if row[1] == name)

        await pilot.press("ctrl+n", "ctrl+n")  # gold and mines as tracked: the mayors
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mayors"
        await type_into(pilot, "#answer-0", "9")  # 5 mayor pawns in all: refused
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "mines"
        for name in ("Ann", "Bo", "Cy"):  # which of them is wrong is not known
            assert row_of(name) == ["?", name, "?", "10", "0", "?"], name
        assert "until the Mayors step is put right" in text_of(pilot, "#running-title")
        await pilot.press("ctrl+n")
        await settle(pilot)
        await type_into(pilot, "#answer-0", "x")  # does not read: not its old 9, nor 0
        await pilot.press("ctrl+b", "ctrl+b")
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "gold"
        assert row_of("Ann") == ["?", "Ann", "?", "10", "0", "?"]
        assert row_of("Bo")[:3] == ["1", "Bo", "10"]
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        await type_into(pilot, "#answer-0", "1")  # put right: counted everywhere
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert row_of("Ann")[:3] == ["1", "Ann", "15"]
        assert text_of(pilot, "#running-title").strip() == "Running totals"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_notices_leave_the_running_totals_in_sight(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """At 80x24 the notices (9 mayor pawns refused, "Some answers need fixing") sat over
    the running totals' last rows (a play-test). They take their own lines under the
    totals now: every notice, every row of the totals and the answer to put right show."""
    from textual.widgets._toast import Toast

    session = new_game(names=("Ann", "Bo", "Cy", "Di", "Ed"))
    async with make_app(store).run_test(size=size, notifications=True) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+n", "ctrl+n")  # gold and mines as tracked: the mayors
        await settle(pilot)
        await type_into(pilot, "#answer-2", "9")  # 5 mayor pawns in all
        await pilot.press("ctrl+n")  # refused: said beside it and in a notice
        await settle(pilot)
        await until(pilot, lambda: wizard.query(Toast))
        await settle(pilot)
        box = wizard.query_one("#totals-box")
        table = wizard.query_one("#totals", DataTable)
        footer = wizard.query_one("SteadyFooter")
        assert box.region.bottom <= footer.region.y
        assert table.region.height >= 1 + table.row_count  # the header and every row
        toasts = [toast.region for toast in wizard.query(Toast)]
        for toast in toasts:
            assert toast.height >= 1 and not toast.overlaps(box.region), (toast, box.region)
            assert not toast.overlaps(footer.region)
        answer = wizard.query_one("#answer-2", Input)
        assert pilot.app.focused is answer
        assert answer.region.height == 1 and not answer.region.overlaps(box.region)
        assert not any(answer.region.overlaps(toast) for toast in toasts)


def coloma_with_tents(new_game: NewGame, lands: tuple[int, ...]) -> GameSession:
    """Coloma, a player per number: each has a Tent on that many Frontier Lands."""
    names = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")[: len(lands)]
    session = new_game(game="coloma", names=names)
    for seat, count in enumerate(lands):
        rules = session.rules
        if count:
            session.act(rules.adjust(session.state, seat, "tents", parse_amount(f"+{count}")))
        for _ in range(count):
            session.act(rules.pitch(session.state, seat, None))  # type: ignore[attr-defined]
    return session


async def at_the_frontier(pilot, session) -> ScoringWizard:  # type: ignore[no-untyped-def]
    """The game's wizard at its Frontier step."""
    wizard = await open_wizard(pilot, session)
    while wizard.spec.fields[wizard.step].key != "frontier":
        await pilot.press("ctrl+n")
        await settle(pilot)
    return wizard


async def test_a_map_chart_that_does_not_read_keeps_the_cursor_and_its_text(
    store: Store, new_game: NewGame
) -> None:
    """`1=two` typed on the Map chart, enter said "Not a chart entry" but went on to Ann's
    answer: the backspaces and `2` meant for the chart went into Ann's Frontier answer (a
    play-test). Enter, and ctrl+n, stay on the chart, as typed, to be put right."""
    session = coloma_with_tents(new_game, (3, 0, 4))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_frontier(pilot, session)
        chart = wizard.query_one("#chart", Input)
        await pilot.press("up")  # from Ann's answer to the chart
        await settle(pilot)
        assert pilot.app.focused is chart
        await pilot.press("end")
        send_keys(pilot, " 1=two")
        await pilot.press("enter")
        await settle(pilot)
        assert "Not a chart entry: 1=two" in text_of(pilot, "#chart-note")
        assert pilot.app.focused is chart and chart.value == "3=12 5=25 1=two"
        await pilot.press("ctrl+n")  # not on with the entry dropped unseen either
        await settle(pilot)
        assert wizard.spec.fields[wizard.step].key == "frontier"
        assert pilot.app.focused is chart and chart.value == "3=12 5=25 1=two"
        await pilot.press("backspace", "backspace", "backspace", "2")  # put right there
        await settle(pilot)
        assert chart.value == "3=12 5=25 1=2"
        assert wizard.charts["coloma-frontier"][1] == 2
        await pilot.press("enter")  # it reads: on to Ann's answer, as it was
        await settle(pilot)
        answer = wizard.query_one("#answer-0", Input)
        assert pilot.app.focused is answer and answer.value == "3"


async def test_the_app_tracked_is_not_said_beside_a_count_it_tracked_whose_points_are_unknown(
    store: Store, new_game: NewGame
) -> None:
    """ "The app tracked: Tents on 1 Frontier Land" stood beside the 1 the wizard had filled
    in, while the map's chart had no points for 1 yet (a play-test): the line is said only
    beside an answer that differs, as README says, also before the answer reads."""
    session = coloma_with_tents(new_game, (1, 0, 4))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await at_the_frontier(pilot, session)
        assert "not known yet" in text_of(pilot, "#note-0")  # no points for 1 on the chart
        assert not wizard.query_one("#hint-0").display
        await type_into(pilot, "#answer-0", "2")  # another count: said
        assert wizard.query_one("#hint-0").display
        await type_into(pilot, "#answer-0", "1")
        assert not wizard.query_one("#hint-0").display


async def test_the_notes_under_the_map_chart_read_whole_while_it_is_typed_in(
    store: Store, new_game: NewGame
) -> None:
    """At 80x24, Cy's note asking for the chart's points was cut at "(the up key from",
    and his "The app tracked" line hidden behind the running totals (a play-test). On the
    chart, the page shows it at the top with the answers under it: every line in sight."""
    session = coloma_with_tents(new_game, (3, 0, 4))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_frontier(pilot, session)
        # Cy's 2 is not the 4 lands tracked (the line shows only beside an answer that
        # differs), and the chart has no points for it either
        await type_into(pilot, "#answer-2", "2")
        wizard.query_one("#answer-0", Input).focus()
        await settle(pilot)
        await pilot.press("up")  # from Ann's answer to the chart
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#chart", Input)
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "Map chart" in drawn
        assert "the first answer)." in drawn  # the end of Cy's note
        assert "The app tracked: Tents on 4 Frontier Lands" in drawn
        box = wizard.query_one("#totals-box").region
        for part in ("#note-2", "#hint-2", "#chart"):
            region = wizard.query_one(part).region
            assert region.height >= 1 and not region.overlaps(box), part
        await pilot.press("end")
        send_keys(pilot, " 1=two")  # refused, the chart's note three lines long: still
        await pilot.press("enter")
        await settle(pilot)
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "Not a chart entry: 1=two" in drawn and "the first answer)." in drawn
        assert not wizard.query_one("#note-2").region.overlaps(box)


@pytest.mark.parametrize(("size", "said"), [((80, 24), True), (SIZE, False)])
async def test_the_standings_say_where_the_tie_break_figures_are_past_the_edge(
    store: Store, new_game: NewGame, size: tuple[int, int], said: bool
) -> None:
    """At 80x24 Coloma's "Gold Nuggets" and "Bucks + Dudes + Tents + Horses" columns are
    past the right edge (beside the categories they cannot fit), and no one found them (a
    play-test): the standings say the right arrow key shows them, only where it is needed."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=size) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert wizard.at_standings
        table = wizard.query_one("#totals", DataTable)
        assert (table.max_scroll_x > 0) is said
        prompt = text_of(pilot, "#step-prompt")
        assert ("the right arrow key shows the tie-break figures" in prompt) is said
        assert "ctrl+s saves the scores" in prompt
        await pilot.press("right")
        await settle(pilot)
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "Nuggets" in drawn and "Horses" in drawn


def calamityville_at_350(new_game: NewGame) -> GameSession:
    """Calamityville, Ann and Bo: Ann's money corrected to 350 (Bo's the start's 2000)."""
    from companion.amounts import Amount

    session = new_game(game="calamityville", names=("Ann", "Bo"), first=0)
    session.act(session.rules.correct(session.state, 0, "money", Amount(350, False), "counted"))
    return session


@pytest.mark.parametrize("refused_by", ["enter", "ctrl+s", "ctrl+n", "down up"])
async def test_backspace_takes_one_character_however_the_answer_was_refused(
    store: Store, new_game: NewGame, refused_by: str
) -> None:
    """The play-test: `35o` refused by enter, then ctrl+s refused too ("Some answers need
    fixing"); backspace then emptied the answer (selected) and the 0 typed went in as Ann's
    money, where 350 was meant. After any refusal, the answer all selected, backspace takes
    its last character; typing still replaces it (`231`: a play-test)."""
    session = calamityville_at_350(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        answer = wizard.query_one("#answer-0", Input)
        await pilot.press("end", "backspace", "o")
        await settle(pilot)
        assert answer.value == "35o"
        await pilot.press(*refused_by.split())
        await settle(pilot)
        assert pilot.app.focused is answer and answer.selected_text == "35o"
        await pilot.press("ctrl+s")  # refused again
        await settle(pilot)
        assert not wizard.at_standings and answer.selected_text == "35o"
        await pilot.press("backspace", "0")
        await settle(pilot)
        assert answer.value == "350"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.at_standings and wizard.rows[0]["money"] == 350
        await pilot.press("ctrl+b")
        await settle(pilot)
        await type_into(pilot, "#answer-0", "9x")  # refused, then typed over
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        assert answer.value == "4"


async def test_the_standings_list_each_answer_questioned(store: Store, new_game: NewGame) -> None:
    """ctrl+n and ctrl+s go past an answer's question (the app never blocks): Ann's 0,
    typed over the 350 the app tracked, was seen at the standings only as her total (a
    play-test). The standings list each answer questioned, with its question; it is saved
    as typed."""
    session = calamityville_at_350(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "0")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.at_standings
        said = text_of(pilot, "#questions")
        assert "Ann's Money: 0 (the app tracked 350: is that right?)" in said
        assert "Bo" not in said
        assert wizard.query_one("#questions").region.height > 0  # in sight, not scrolled off
        await pilot.press("ctrl+b")
        await settle(pilot)
        await type_into(pilot, "#answer-0", "350")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert not wizard.query_one("#questions").display


async def test_the_running_totals_say_why_a_total_is_unknown_at_its_own_step(
    store: Store, new_game: NewGame
) -> None:
    """At the Frontier step, a count whose points the chart does not know yet made a "?"
    total, and the heading lost "(? until the Frontier step is put right)" (a play-test):
    whenever a total is "?", the heading says why, at the answer's own step too."""
    session = coloma_with_tents(new_game, (3, 0, 4))  # Cy's 4 lands: not on the chart yet
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_frontier(pilot, session)
        table = wizard.query_one("#totals", DataTable)
        totals = [str(table.get_row_at(y)[2]) for y in range(table.row_count)]
        assert "?" in totals
        title = text_of(pilot, "#running-title")
        assert "(? until the Frontier step is put right)" in title
        await pilot.press("up", "end")  # the chart's points for 4 lands
        send_keys(pilot, " 4=18")
        await settle(pilot)
        assert "?" not in [str(table.get_row_at(y)[2]) for y in range(table.row_count)]
        assert text_of(pilot, "#running-title").strip() == "Running totals"


async def test_a_reopened_games_wizard_opens_with_its_title_and_buttons_in_sight(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: a finished game reopened, the wizard started again at 80x24 with the
    game screen's notices stacked ("Game over", "The game is open again"): the page was cut
    and the Back and Next buttons hidden. Those notices are done with once the wizard is
    open: its first frame shows the title, every answer and the buttons."""
    from textual.widgets import Button
    from textual.widgets._toast import Toast

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Dee"))
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        await open_wizard(pilot, session)
        await pilot.press("ctrl+s")  # the standings
        await settle(pilot)
        await pilot.press("ctrl+s")  # saved: "Game over"
        await settle(pilot)
        await pilot.press("ctrl+f", "y")  # reopened: "The game is open again"
        await settle(pilot)
        wizard = await ctrl_f(pilot)
        await settle(pilot)
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "Coloma: Score track (step 1 of 12)" in drawn
        box = wizard.query_one("#totals-box").region
        toasts = [toast.region for toast in wizard.query(Toast)]
        for part in ["#step-title", *(f"#answer-{seat}" for seat in range(4)), "#back", "#next"]:
            region = wizard.query_one(part).region
            assert region.height >= 1 and not region.overlaps(box), part
            assert not any(region.overlaps(toast) for toast in toasts), part
        assert wizard.query_one("#next", Button).region.bottom <= box.y


async def test_a_reopened_builders_wizard_takes_a_cube_corrected_since_the_finish(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: Ann's Double corrected to a Single after the finish, the game
    reopened and scored again: "Cubes left" and the total stayed the Double's (13, not 7)
    and ctrl+s saved `{ vp = 6, cube = 2 }`. The cube is the game's now; the VP typed off
    the card stays, and the notice says which answer changed."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    session.act(rules.build(session.state, 0, 2, 1, 2))  # Ann's Double
    session.act(rules.build(session.state, 1, 1, 5, 1))  # Bo's Single
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "6")
        await type_into(pilot, "#answer-1", "5")
        screen = await scored_and_saved(pilot)
        rules, state = screen.session.rules, screen.session.state
        assert screen.run(rules.correct_text(state, "building:2:1", "Ann s", "a Single"))
        wizard = await reopened_wizard(pilot)
        assert wizard.query_one("#answer-0", Input).value == "6"  # the board's cube
        assert wizard.rows[0]["investments"] == [{"vp": 6, "cube": 1, "goldmine": False}]
        assert text_of(pilot, "#note-0") == (
            "Cubes left: 3 Triples, 4 Doubles, 6 Singles; the game's (sheet: 6x2)"
        )
        said = [n.message for n in pilot.app._notifications if n.title == "Scoring wizard"]
        assert said == ["From the game, changed since its last sheet: Ann's Investments."]
        await pilot.press("ctrl+s")  # the standings, then saved
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved = tomllib.loads(screen.session.state.sheet)
        assert saved["players"][0]["investments"] == [{"vp": 6, "cube": 1}]


async def test_a_reopened_builders_wizard_asks_again_for_a_vp_a_corrected_token_moved(
    store: Store, new_game: NewGame
) -> None:
    """The play-test at 80x24: Ann's Triple was 0 from the token, VP 5 typed; the token
    corrected to column 1 after the finish made it 2 from it, and the reopened wizard
    still offered VP 5 and the old total, with no notice and no marker. Its VP is a ? to
    type again, the sheet's answer beside it and the notice naming it; Bo's, whose distance
    did not change, stays. Any number typed is taken (5 again too)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 5))
    session.act(rules.build(session.state, 0, 5, 3, 3))  # Ann's Triple
    session.act(rules.build(session.state, 1, 4, 1, 2))  # Bo's Double, 2 from its token
    for round_ in range(1, session.state.last_round + 1):  # type: ignore[attr-defined]
        if round_ > 1:
            session.act(rules.correct_text(session.state, "turn", "none", "no build"))
        while session.state.tokens_to_place:  # type: ignore[attr-defined]
            session.act(rules.token_by_hand(session.state, 3, "as on the board"))
        if not session.state.over:  # type: ignore[attr-defined]
            session.act(rules.next_round(session.state))
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "5")
        await type_into(pilot, "#answer-1", "4")
        screen = await scored_and_saved(pilot)  # Ann 15, Bo 8
        rules, state = screen.session.rules, screen.session.state
        assert screen.run(rules.correct_text(state, "token:5", "1", "misplaced"))
        wizard = await reopened_wizard(pilot)
        assert wizard.query_one("#answer-0", Input).value == "?"
        assert wizard.query_one("#answer-1", Input).value == "4"
        assert " ".join(text_of(pilot, "#note-0").split()).endswith(
            "type the VP it shows in place of its ?. The game's (sheet: 5x3)."
        )
        said = [n.message for n in pilot.app._notifications if n.title == "Scoring wizard"]
        assert said == ["From the game, changed since its last sheet: Ann's Investments."]
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "5x3)." in drawn  # the sheet's answer in sight (however the note wraps)
        await type_into(pilot, "#answer-0", "2")  # read off the card at 2 from the token
        assert 0 not in wizard._refused
        assert wizard.rows[0]["investments"] == [{"vp": 2, "cube": 3, "goldmine": False}]
        await type_into(pilot, "#answer-0", "5")  # the table's to say: taken as typed too
        assert 0 not in wizard._refused
        await type_into(pilot, "#answer-0", "2")
        screen = await scored_and_saved(pilot)
        assert screen.session.journal.entries[-1].text == "The game is over: Bo wins."


async def test_a_reopened_games_notice_of_answers_from_the_game_leaves_them_in_sight(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: four players' money corrected after the finish, the game reopened and
    scored again at 80x24: the notice naming each answer and both its numbers covered the
    last answers and the buttons. It names the step now, each answer says the rest."""
    from textual.widgets._toast import Toast

    from companion.amounts import Amount

    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Dee"))
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        await open_wizard(pilot, session)
        screen = await scored_and_saved(pilot)
        for seat in range(4):
            rules, state = screen.session.rules, screen.session.state
            money = Amount(3000 + 100 * seat, False)
            assert screen.run(rules.correct(state, seat, "money", money, "miscounted"))
        wizard = await reopened_wizard(pilot)
        said = [n.message for n in pilot.app._notifications if n.title == "Scoring wizard"]
        assert said == ["From the game, changed since its last sheet: 4 answers (Money)."]
        toasts = [toast.region for toast in wizard.query(Toast)]
        assert toasts
        for seat in range(4):
            assert text_of(pilot, f"#note-{seat}") == "the game's (sheet: 2000)"
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "Dee                  3300                         the game's (sheet: 2000)" in drawn
        box = wizard.query_one("#totals-box").region
        for part in [*(f"#answer-{seat}" for seat in range(4)), "#back", "#next"]:
            region = wizard.query_one(part).region
            assert region.height >= 1 and not region.overlaps(box), part
            assert not any(region.overlaps(toast) for toast in toasts), part


async def test_a_cube_typed_over_the_boards_stays_in_sight_with_its_question(
    store: Store, new_game: NewGame, questions_read: None
) -> None:
    """The play-test at 80x24: Bo's 3x3 typed over the board's Double was questioned beside
    the answer, but enter took the focus on to the next player and the question scrolled
    out of sight (the step stopped on it only before it was left). Enter stays on the
    questioned answer, its question in sight, until enter again (or it is typed anew)."""
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    for seat, (row, column, cube) in enumerate([(2, 1, 2), (3, 2, 3), (2, 3, 2), (1, 5, 1)]):
        session.act(rules.build(session.state, seat, row, column, cube))
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "4")
        await pilot.press("enter")
        await settle(pilot)
        await type_into(pilot, "#answer-1", "6")
        await pilot.press("enter")
        await settle(pilot)
        await type_into(pilot, "#answer-2", "3x3")  # Cy's building has a Double
        question = "building 1 is a Double on the board: is that right?"
        await pilot.press("enter")
        await settle(pilot)
        answer = wizard.query_one("#answer-2", Input)
        assert pilot.app.focused is answer and wizard.step == 0
        assert question in " ".join(text_of(pilot, "#note-2").split())
        box = wizard.query_one("#totals-box").region
        for part in ("#answer-2", "#note-2"):
            region = wizard.query_one(part).region
            assert region.height >= 1 and not region.overlaps(box), part
            assert wizard.query_one("#wizard").region.contains_region(region), part
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "is that right?" in drawn
        said = [n.message for n in pilot.app._notifications]
        assert any("question beside it" in message for message in said), said
        await pilot.press("enter")  # seen: on to the next player
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-3", Input)
        assert wizard.rows[2]["investments"] == [{"vp": 3, "cube": 3, "goldmine": False}]
        await type_into(pilot, "#answer-2", "3x1")  # typed anew, questioned anew: stops
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-2", Input)
        await type_into(pilot, "#answer-2", "3")  # the board's Double: no question, on
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.focused is wizard.query_one("#answer-3", Input)


async def test_the_last_answer_and_enter_typed_at_once_go_on_to_the_standings(
    store: Store, new_game: NewGame
) -> None:
    """`5` and enter typed at once on the last player's answer: the enter took the wizard
    to the standings before the answer's change came, and the change stopped the app
    (IndexError: no field at the standings). The answer as typed is in the standings."""
    from tests.screens.helpers import send_keys

    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    session.act(rules.build(session.state, 0, 2, 1, 2))  # Ann's Double
    session.act(rules.build(session.state, 1, 1, 5, 1))  # Bo's Single
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "6")
        await pilot.press("enter")
        await settle(pilot)
        wizard.query_one("#answer-1", Input).value = ""
        await settle(pilot)
        send_keys(pilot, "5")
        send_enter(pilot)
        await settle(pilot)
        assert wizard.at_standings and pilot.app.screen is wizard
        assert wizard.rows[1]["investments"] == [{"vp": 5, "cube": 1, "goldmine": False}]


async def test_a_reopened_builders_wizard_follows_a_building_to_its_new_owner(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: Bob's Store corrected to Zoë's after the finish; the reopened wizard
    kept Zoë's VPs for one building fewer than she has, refused the VPs for all of them
    ("3 buildings on the board"), and offered Bob's old win to be saved. The Store's VP
    goes with it to Zoë, Bob keeps his other building's."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    session.act(rules.build(session.state, 0, 1, 1, 1))  # Ann's Single
    session.act(rules.build(session.state, 1, 1, 3, 1))  # Bo's, row 1, column 3
    added = rules.correct_text(session.state, "building:add", "2 5 Bo d", "built unseen")
    session.act(added)  # Bo's Double, row 2, column 5
    async with make_app(store).run_test(size=(120, 40), notifications=True) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "2")
        await type_into(pilot, "#answer-1", "4 3")  # Bo: 4 + 6 = 10, Ann 2
        screen = await scored_and_saved(pilot)
        assert screen.session.journal.entries[-1].text == "The game is over: Bo wins."
        rules, state = screen.session.rules, screen.session.state
        assert screen.run(rules.correct_text(state, "building:1:3", "ann s", "Ann's Store"))
        wizard = await reopened_wizard(pilot)
        assert wizard.query_one("#answer-0", Input).value == "2 4"  # the Store's 4 with her
        assert wizard.query_one("#answer-1", Input).value == "3"
        assert [row["investments"] for row in wizard.rows] == [
            [{"vp": 2, "cube": 1, "goldmine": False}, {"vp": 4, "cube": 1, "goldmine": False}],
            [{"vp": 3, "cube": 2, "goldmine": False}],
        ]
        said = [n.message for n in pilot.app._notifications if n.title == "Scoring wizard"]
        assert said == ["From the game, changed since its last sheet: 2 answers (Investments)."]
        await type_into(pilot, "#answer-0", "2 4")  # typed again as shown: taken
        assert 0 not in wizard._refused
        screen = await scored_and_saved(pilot)  # 6 each: Ann's 2 scoring cubes to Bo's 1
        assert screen.session.journal.entries[-1].text == "The game is over: Ann wins."


async def test_ctrl_n_right_after_enter_went_on_does_not_skip_the_next_step(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play-test typed the last player's answer, enter (which goes on to the next step),
    then ctrl+n out of habit: River Canyons went by unseen. ctrl+n right after an enter
    went on stays, and says so; ctrl+n again (or later) goes on."""
    now = [100.0]
    monkeypatch.setattr(ScoringWizard, "clock", staticmethod(lambda: now[0]))
    session = coloma_with_a_river(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        first = wizard.step
        for _ in range(len(wizard.rows)):  # each answer as it stands, enter
            await pilot.press("enter")
            await settle(pilot)
        assert wizard.step == first + 1  # enter went on
        await pilot.press("ctrl+n")  # at once, out of habit
        await settle(pilot)
        assert wizard.step == first + 1
        said = [toast.message for toast in pilot.app._notifications]
        label = wizard.spec.fields[first + 1].label
        assert any(
            message.startswith(f"Enter has already gone on to {label} (step {first + 2})")
            for message in said
        ), said
        await pilot.press("ctrl+n")  # again: on
        await settle(pilot)
        assert wizard.step == first + 2
        await pilot.press("ctrl+b", "ctrl+b")  # back, enter on, then ctrl+n a while later
        await settle(pilot)
        assert wizard.step == first
        wizard.query_one("#answer-0", Input).focus()
        for _ in range(len(wizard.rows)):
            await pilot.press("enter")
            await settle(pilot)
        assert wizard.step == first + 1
        now[0] += 2.5
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.step == first + 2


async def test_the_app_tracked_shows_only_beside_an_answer_that_differs(
    store: Store, new_game: NewGame
) -> None:
    """ "The app tracked: Tents on 1 Frontier Land" stood beside the 1 typed for it (a
    play-test), and "0 Rivers surveyed" beside every empty River Canyons answer: the line
    shows only while the answer's count (the lands, the numbers listed) is not the game's."""
    session = coloma_with_tents(new_game, (3, 0))
    session.act(session.rules.adjust(session.state, 0, "rivers", parse_amount("2")))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await at_the_frontier(pilot, session)
        hint = wizard.query_one("#hint-0", Static)
        assert text_of(pilot, "#hint-0") == "The app tracked: Tents on 3 Frontier Lands"
        assert not hint.display and not wizard.query_one("#hint-1").display
        await type_into(pilot, "#answer-0", "5")
        assert hint.display  # 5 lands typed: the game's 3 beside it
        await type_into(pilot, "#answer-0", "3")
        assert not hint.display
        while wizard.spec.fields[wizard.step].key != "canyons":
            await pilot.press("ctrl+b")
            await settle(pilot)
        assert text_of(pilot, "#hint-0") == "The app tracked: 2 Rivers surveyed"
        assert hint.display and not wizard.query_one("#hint-1").display  # (Bo: none, none)
        await type_into(pilot, "#answer-0", "4 7")
        assert not hint.display
        await type_into(pilot, "#answer-0", "4")
        assert hint.display


@pytest.mark.parametrize("hotels", [False, True])
async def test_one_right_shows_the_tie_break_headings_whole_at_80_columns(
    store: Store, new_game: NewGame, hotels: bool
) -> None:
    """At 80x24 the first right moved the standings 12 cells: Coloma's last tie-break
    heading read "Buck" over "Tent", cut at the edge (a play-test). It moves a page, a whole
    column first: both tie-break headings read whole; left goes back to the categories."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), hotels=hotels)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = wizard.query_one("#totals", DataTable)

        def table_lines() -> list[str]:
            strips = wizard._compositor.render_strips()
            return [strips[y].text for y in range(table.region.y, table.region.bottom)]

        assert "Buildings" in table_lines()[0]
        await pilot.press("right")
        await settle(pilot)
        top, second = table_lines()[:2]
        assert "Gold" in top and "Bucks + Dudes +" in top
        assert "Nuggets" in second and "Tents + Horses" in second
        assert top.split()[:3] == ["Rank", "Player", "Total"]
        assert top.split()[3] in {"Track", "Buildings", "Hotels", "Canyons", "Bridges"}
        await pilot.press("left")
        await settle(pilot)
        assert table.scroll_x == 0 and "Track" in table_lines()[0]


async def test_the_typing_is_back_notice_goes_with_its_step(
    store: Store, new_game: NewGame
) -> None:
    """After a kill -9 mid-wizard, "What was typed here before the app stopped is back"
    stayed on through three steps (a play-test). It goes when the wizard moves to another
    step (or after a notice's time); ctrl+b at the first step, going nowhere, leaves it."""
    session = new_game(names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "25")  # kept as it is typed; then the app stops
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await settle(pilot)

        def back() -> bool:
            return any("is back" in toast.message for toast in pilot.app._notifications)

        assert wizard.restored and wizard.step == 0 and back()
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert back()
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert wizard.step == 1 and not back()
        drawn = "\n".join(strip.text for strip in wizard._compositor.render_strips())
        assert "app stopped" not in drawn


async def test_a_reopened_builders_wizard_shows_a_cube_typed_over_the_boards(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: Ann's `5x3 2` (a Triple typed over the board's Single) saved, the game
    reopened: her answer read "5 2", the Triple seen only in "Cubes left", and "5 2" typed
    again meant the Triple still. It shows as typed, so what the field says is what counts:
    a VP alone is the board's cube."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    session.act(rules.build(session.state, 0, 2, 1, 2))  # Ann's Double
    session.act(rules.build(session.state, 1, 1, 5, 1))  # Bo's Single
    added = rules.correct_text(session.state, "building:add", "1 3 Ann s", "built unseen")
    session.act(added)  # Ann's Single, her building 1 (row 1)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "5x3 2")
        await type_into(pilot, "#answer-1", "4")
        screen = await scored_and_saved(pilot)
        saved = tomllib.loads(screen.session.state.sheet)["players"][0]["investments"]
        assert [item["cube"] for item in saved] == [3, 2]
        wizard = await reopened_wizard(pilot)
        assert wizard.query_one("#answer-0", Input).value == "5x3 2"
        assert wizard.query_one("#answer-1", Input).value == "4"
        assert wizard.rows[0]["investments"][0] == {"vp": 5, "cube": 3, "goldmine": False}
        await type_into(pilot, "#answer-0", "5 2")  # the VPs alone: the board's Single
        assert wizard.rows[0]["investments"][0] == {"vp": 5, "cube": 1, "goldmine": False}


async def test_a_cube_typed_next_to_a_goldmine_keeps_the_goldmine(
    store: Store, new_game: NewGame
) -> None:
    """`5x3` typed for a building next to a Goldmine read as "no Goldmine": its +2 dropped
    (a play-test). The rules give the +2 to a building next to one, which the board knows:
    a cube typed (VPxCUBE) changes the cube, not the Goldmine; `g` still adds one the board
    does not have."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 6))
    session.act(rules.place_terrain(session.state, 2, 2, "goldmine"))
    session.act(rules.build(session.state, 0, 2, 1, 2))  # Ann's Double, beside the Goldmine
    session.act(rules.build(session.state, 1, 1, 5, 1))  # Bo's Single
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        wizard = await open_wizard(pilot, session)
        await type_into(pilot, "#answer-0", "5x3")
        await type_into(pilot, "#answer-1", "4x1g")
        assert wizard.rows[0]["investments"] == [{"vp": 5, "cube": 3, "goldmine": True}]
        assert wizard.rows[1]["investments"] == [{"vp": 4, "cube": 1, "goldmine": True}]
        assert "Goldmine" not in text_of(pilot, "#note-0")


async def test_opening_the_wizard_styles_its_page_once(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The step's class was set at the mount and the page took the focus before the first
    answer did: the whole wizard was styled three more times as it opened (~25 ms of its
    ~100, #16). It opens on its first answer, focused, styled as mounted."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        restyled = record_restyles(monkeypatch)
        await yes_if_asked(pilot)
        wizard = pilot.app.screen
        assert isinstance(wizard, ScoringWizard) and wizard.has_class("-asking")
        assert wizard.focused is wizard.query_one("#answer-0")
        assert [node for node in restyled if node.children] == []


async def test_at_the_standings_a_wizard_shown_again_focuses_its_page(
    store: Store, new_game: NewGame
) -> None:
    """What takes the focus when the wizard is shown with none follows its step: at the
    standings its page, not the hidden first answer of the steps (a review)."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        wizard = await open_wizard(pilot, session)
        await pilot.press("ctrl+s")  # to the standings
        await settle(pilot)
        assert wizard.at_standings
        wizard.set_focus(None)
        await pilot.press("f1")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is wizard
        assert wizard.focused is wizard.query_one("#wizard")
