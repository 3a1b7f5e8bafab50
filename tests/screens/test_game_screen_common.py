"""What every game screen shares (screens/game.py): the command field's completion and
history, stray enters, stale refusals, the log at any width, and corrections that keep what
was typed when the save fails."""

from __future__ import annotations

import os

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets.input import Selection

from companion.amounts import Amount, parse_amount
from companion.session import GameSession
from companion.store import Store
from screens.calamityville import CalamityvilleScreen
from screens.correction import CorrectionDialog
from screens.game import CommandScreen, GameScreen
from screens.widgets.command_input import CommandField, complete
from screens.widgets.log_panel import SHOWN, LogPanel
from screens.widgets.rows import Rows
from screens.widgets.tail_log import TailLog
from tests.conftest import NewGame
from tests.screens.helpers import (
    command,
    disk_full,
    make_app,
    open_screen,
    record_restyles,
    send_enter,
    send_keys,
    settle,
    text_of,
    type_into,
    until,
)


def test_completion_takes_the_word_being_typed() -> None:
    words = ["pass", "pick", "San Narciso", "Santa Rita", "Ann"]
    assert complete("pi", words) == "pick"
    assert complete("pick san n", words) == "pick San Narciso"
    assert complete("pick SANTA", words) == "pick Santa Rita"
    assert complete("pick ", words) is None  # nothing typed of the next word yet
    assert complete("pick", words) is None  # already whole
    assert complete("zz", words) is None
    assert complete("", words) is None
    # a word typed whole is not lengthened into another (Bo, a player, became "bonus")
    assert complete("rent bo", ["Ann", "Bo", "bonus"]) is None
    assert complete("rent bon", ["Ann", "Bo", "bonus"]) == "rent bonus"
    # after the command's word, two that fit alike are not guessed between (`to b`
    # offered Bianca, not Bo: a play-test); the command's word is the first that fits
    assert complete("pass bank 300 to b", ["pass", "Bianca", "Bo"]) is None
    assert complete("pass bank 300 to bi", ["pass", "Bianca", "Bo"]) == "pass bank 300 to Bianca"
    assert complete("pa", ["pay", "pass"]) == "pay"


async def test_command_field_completes_names_and_brings_back_commands(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Annabel", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        field = screen.query_one("#command", CommandField)
        field.focus()
        send_keys(pilot, "anna")
        await settle(pilot)
        await pilot.press("tab")
        assert field.value == "Annabel"
        field.value = ""
        field.remember("first")
        field.remember("second")
        await pilot.press("up")
        assert field.value == "second"
        await pilot.press("up", "up")
        assert field.value == "first"  # stays at the oldest
        await pilot.press("down", "down")
        assert field.value == ""  # back to what was being typed


async def test_an_empty_enter_changes_nothing_and_says_what_to_type(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        before = len(screen.session.journal.entries)
        assert "Nothing typed" in await command(pilot, "")
        assert len(screen.session.journal.entries) == before
        # it goes as the next command is typed (it stayed under it: a play-test)
        send_keys(pilot, "ann")
        await settle(pilot)
        assert text_of(pilot, "#command-error").strip() == ""


async def test_a_refusal_beside_the_field_goes_when_the_game_changes(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        assert await command(pilot, "frobnicate") != ""
        screen.run(
            screen.session.rules.adjust(screen.session.state, 0, "bucks", parse_amount("+1"))
        )
        await settle(pilot)
        assert text_of(pilot, "#command-error") == ""
        assert await command(pilot, "frobnicate") != ""
        screen.action_undo()
        await settle(pilot)
        # the undo's own sentence takes the refusal's place (#16: no longer a toast)
        assert text_of(pilot, "#command-error").startswith("Undone: Ann +1 Buck")


async def test_commands_typed_quickly_one_after_another_are_each_done(
    store: Store, new_game: NewGame
) -> None:
    """Keys that arrive before the last command was handled (a quick typist, a slow machine)
    start the next command: they were glued to the last one, then cleared with it."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        field = screen.query_one("#command", CommandField)
        for typed in ("ann bucks +1", "bo bucks +2", "frobnicate", "cy bucks +"):
            send_keys(pilot, typed)
            if typed != "cy bucks +":
                send_enter(pilot)
        await settle(pilot)
        numbers = screen.session.state.numbers
        assert (numbers[0]["bucks"], numbers[1]["bucks"]) == (3, 4)
        assert text_of(pilot, "#command-error").startswith("Not a command or a player")
        assert field.value == "cy bucks +"  # typed since: the refused one is not put back
        assert field.history[-2:] == ["ann bucks +1", "bo bucks +2"]
        field.value = ""
        await command(pilot, "frobnicate")  # nothing typed since: given back to be fixed
        assert field.value == "frobnicate"


def send_key(pilot: Pilot, key: str) -> None:
    """A key as a terminal sends it (`send_keys` sends characters), without waiting."""
    event = events.Key(key, None)
    event.set_sender(pilot.app)
    pilot.app.post_message(event)


async def test_the_fields_editing_keys_take_their_turn_among_the_keys_typed(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+u, then `dee rivers +1`, arriving at once: ctrl+u (a binding of the field's,
    run once the key had bubbled up to the app) cleared what was typed after it, and `s +1`
    was refused (a play-test). backspace and the arrows are bindings too."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        field = screen.query_one("#command", CommandField)
        send_keys(pilot, "zzz")
        send_key(pilot, "ctrl+u")
        send_keys(pilot, "ann bucks +2")
        send_key(pilot, "backspace")
        send_keys(pilot, "3")
        send_key(pilot, "home")
        send_keys(pilot, " ")
        await settle(pilot)
        assert field.value == " ann bucks +3"
        send_key(pilot, "left")  # ctrl+u empties the whole field, as F1 says, wherever
        send_key(pilot, "ctrl+u")  # the cursor is (only what was left of it went, and
        send_keys(pilot, " ann bucks +3")  # `cm 6` typed on gave `cm 6cm 66`: a play-test)
        await settle(pilot)
        assert field.value == " ann bucks +3"
        send_enter(pilot)
        await settle(pilot)
        assert screen.session.state.numbers[0]["bucks"] == 5
        send_keys(pilot, "an")  # tab takes the completion in its turn too (`pay a` tab
        send_key(pilot, "tab")  # sent at once took nothing: a play-test)
        send_keys(pilot, " bucks +1")
        await settle(pilot)
        assert field.value == "Ann bucks +1"


async def test_a_refused_command_stays_selected_and_the_next_one_replaces_it(
    store: Store, new_game: NewGame
) -> None:
    """A table typed `zzz`, enter, then `event` and got `zzzevent`: the refused text stays
    to be put right, selected, so the next command typed replaces it; an arrow key (end)
    puts the cursor in it instead, to correct it."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        field = screen.query_one("#command", CommandField)
        assert await command(pilot, "zzz") != ""
        assert field.value == "zzz"
        assert field.selection == Selection(0, 3)
        await command(pilot, "ann bucks +1")
        assert screen.session.state.numbers[0]["bucks"] == 3
        assert field.value == ""
        assert await command(pilot, "ann bucks +1x") != ""
        await pilot.press("end", "backspace", "enter")
        await settle(pilot)
        assert screen.session.state.numbers[0]["bucks"] == 4
        # quickly, one after another: the refused one is replaced, each is done
        for typed in ("zzz", "ann bucks +1", "bo bucks +1"):
            send_keys(pilot, typed)
            send_enter(pilot)
        await settle(pilot)
        numbers = screen.session.state.numbers
        assert (numbers[0]["bucks"], numbers[1]["bucks"]) == (5, 3)
        assert field.value == ""


async def test_a_refused_command_keeps_no_greyed_completion_until_typed_in(
    store: Store, new_game: NewGame
) -> None:
    """After a refused `t`, Builders' field went on offering "Tower" greyed beside it (a
    play-test); so does every game's for a refused word a name starts: a refused command
    left as it was offers nothing, and typed in again, it offers again."""
    session = new_game(game="coloma", names=("Annabel", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        field = screen.query_one("#command", CommandField)
        await type_into(pilot, "#command", "anna")
        assert field._suggestion == "Annabel"
        send_enter(pilot)  # refused: a name alone is no command
        await settle(pilot)
        assert text_of(pilot, "#command-error") and field.value == "anna"
        assert field._suggestion == ""
        await pilot.press("end", "backspace", "a")  # typed in again: offered again
        await settle(pilot)
        assert field._suggestion == "Annabel"


async def test_a_refusal_goes_once_another_command_is_typed_over_its_own(
    store: Store, new_game: NewGame
) -> None:
    """A refusal stayed under the next command while it was typed (a play-test: "three
    banks ... all owned" under `pay bo cy 5000`). It stays while the field holds the
    refused command (or its start, typed anew), and goes once the field holds another, or
    is emptied."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        refused = await command(pilot, "ann bucks +1x")
        assert refused != ""
        await pilot.press("end", "backspace")  # correcting it: the refusal is still useful
        await settle(pilot)
        assert text_of(pilot, "#command-error") == refused
        await pilot.press("ctrl+u")  # emptied
        await settle(pilot)
        assert text_of(pilot, "#command-error") == ""
        refused = await command(pilot, "ann bucks +1x")
        send_keys(pilot, "A")  # replaces the selected command: the same first letter
        await settle(pilot)
        assert text_of(pilot, "#command-error") == refused
        send_keys(pilot, "nn bucks +")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == refused  # the same command, typed anew
        send_keys(pilot, "2")  # now another: "ann bucks +2" (another `pay ...` over a
        await settle(pilot)  # refused `pay ...` kept its refusal: a play-test)
        assert text_of(pilot, "#command-error") == ""
        await pilot.press("ctrl+u")
        refused = await command(pilot, "ann bucks +1x")
        send_keys(pilot, "bo")  # another command
        await settle(pilot)
        assert text_of(pilot, "#command-error") == ""
        send_keys(pilot, " bucks +1")
        send_enter(pilot)
        await settle(pilot)
        assert screen.session.state.numbers[1]["bucks"] == 3


async def test_the_log_appends_its_line_and_redraws_after_an_undo(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        log = screen.query_one(LogPanel)
        lines = log.query_one(TailLog)
        rules = screen.session.rules
        for _ in range(3):
            screen.run(rules.adjust(screen.session.state, 1, "bucks", parse_amount("+1")))
        await settle(pilot)
        assert log.plain().splitlines()[-1].startswith("Bo +1 Buck (")
        written = len(lines.lines)
        screen.run(rules.adjust(screen.session.state, 0, "bucks", parse_amount("+2")))
        await settle(pilot)
        assert len(lines.lines) == written + 1  # one line appended, nothing drawn anew
        screen.action_undo()
        await settle(pilot)
        assert "Ann +2" not in log.plain()
        assert len(lines.lines) == written


async def test_an_undo_or_redo_says_what_it_did_beside_the_command_field(
    store: Store, new_game: NewGame
) -> None:
    """Each undo or redo says what it did beside the field, in the notice style (not a
    refusal's), the last one only; no toast (a toast was mounted: three frames and ~50 ms
    a key, and at 80x24 it covered the header for five seconds: #16); other toasts stay.
    A command typed next takes the line back."""
    from textual.widgets._toast import Toast

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    for amount in ("+1", "+2", "+3", "+4"):
        session.act(session.rules.adjust(session.state, 1, "bucks", parse_amount(amount)))
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        pilot.app.notify("Another message", markup=False)
        await settle(pilot)
        line = screen.query_one("#command-error")
        for key in ("ctrl+z", "ctrl+z", "ctrl+z"):
            await pilot.press(key)
            await settle(pilot)
        assert text_of(pilot, "#command-error") == (
            "Undone: Bo +2 Bucks (3 → 5). ctrl+y does it again."
        )
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == "Redone: Bo +2 Bucks (3 → 5)."
        assert line.has_class("-notice")
        assert [toast.message for toast in pilot.app._notifications] == ["Another message"]
        assert len(screen.query(Toast)) == 1
        await type_into(pilot, "#command", "bo bucks x")
        await pilot.press("enter")
        await settle(pilot)
        assert not line.has_class("-notice")  # a refusal looks like one again
        assert "Type a whole number" in text_of(pilot, "#command-error")
        for key in ("ctrl+y", "ctrl+y", "ctrl+y"):
            await pilot.press(key)
            await settle(pilot)
        assert text_of(pilot, "#command-error") == "Nothing to redo."


async def test_a_toast_taking_anothers_place_sits_where_it_sat(
    store: Store, new_game: NewGame
) -> None:
    """Textual's toast rack left the holder of the toast taken away, so each toast that
    took another's place sat a line away, for its whole life (a play-test at 80x24, when
    toasts sat at the top: over the round line; an undo's toast then; the scores-kept
    notice taken back by ctrl+f now). Toasts sit just above the footer now."""
    from textual.widgets._toast import Toast, ToastHolder

    from screens.toasts import show_toast, take_back

    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        for number in range(3):
            taken = show_toast(pilot.app, f"Notice {number}")
            await settle(pilot)
            toasts = list(screen.query(Toast))
            assert len(toasts) == 1 and len(screen.query(ToastHolder)) == 1, number
            assert toasts[0].region.bottom == 23, (number, toasts[0].region)  # the footer's
            take_back(pilot.app, taken)
            await settle(pilot)


async def test_a_toast_over_a_dialog_sits_where_the_dimmed_game_shows_it(
    store: Store, new_game: NewGame
) -> None:
    """At 80x24 a toast, then ctrl+o: the dialog showed the toast again at the
    bottom right, while the game dimmed behind it showed it at the top (seen twice: a
    play-test). The dialog's covers the game's now; wider, both are at the bottom right; a
    dialog over home keeps Textual's place, as home does."""
    from textual.widgets._toast import Toast

    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        screen.notify("Bo +1 gold", markup=False)  # (an undo's toast then: #16 moved it)
        await settle(pilot)
        under = screen.query_one(Toast).region
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert dialog.query_one(Toast).region == under
        await pilot.press("f1")  # the help over the correction: the same place again
        await settle(pilot)
        assert pilot.app.screen is not dialog and pilot.app.screen.has_class("-narrow")
        assert pilot.app.screen.query_one(Toast).region == under
        await pilot.press("escape")
        await settle(pilot)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert not dialog.has_class("-narrow")
        assert dialog.query_one(Toast).region.bottom > 30  # at the bottom, as the game's
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert dialog.has_class("-narrow")
        await pilot.press("escape", "escape")  # the dialog, then the game: home
        await settle(pilot)
        await pilot.press("n")  # the new-game dialog, over home
        await settle(pilot)
        assert pilot.app.screen is not dialog and not pilot.app.screen.has_class("-narrow")


def long_game(new_game: NewGame, changes: int, names: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """A Coloma game of `changes` entries: +1 Buck to each player in turn."""
    session = new_game(game="coloma", names=names)
    for turn in range(changes):
        adjust = session.rules.adjust
        session.act(adjust(session.state, turn % len(names), "bucks", parse_amount("+1")))
    return session


async def test_the_log_keeps_the_newest_when_there_are_many(
    store: Store, new_game: NewGame
) -> None:
    session = long_game(new_game, SHOWN + 30, ("Ann", "Bo"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        log = screen.query_one(LogPanel)
        assert len(log.plain().splitlines()) == SHOWN
        assert f"{SHOWN + 30 + 1}" not in log.query_one("#log-title", Rows).plain
        screen.run(session.rules.adjust(screen.session.state, 0, "bucks", parse_amount("+1")))
        await settle(pilot)
        assert log.plain().splitlines()[-1].startswith("Ann +1 Buck (")
        assert len(log.plain().splitlines()) == SHOWN


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_f2_shows_the_log_instead_of_the_game_when_narrow(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=size) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        log, main = screen.query_one(LogPanel), screen.query_one("#main")
        narrow = size[0] < 110
        assert log.display is not narrow and main.display
        await pilot.press("f2")
        await settle(pilot)
        assert log.display is narrow
        assert main.display is not narrow or not narrow
        if narrow:
            assert not main.display and log.size.width > 60
        await pilot.press("f2")
        await settle(pilot)
        assert log.display is not narrow and main.display


async def test_typing_reaches_the_command_field_when_the_log_is_shown_instead(
    store: Store, new_game: NewGame
) -> None:
    """A narrow terminal, f2: the log instead of the game. What is typed brings the game
    back into the field (it was lost); escape goes back to the game, not home; keys
    typed right after f2 puts the game back are not lost either."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        field = screen.query_one("#command", CommandField)
        await pilot.press("f2")
        await settle(pilot)
        assert not screen.query_one("#main").display
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen and screen.query_one("#main").display
        assert await command(pilot, "zzz") != ""  # refused: stays, selected
        await pilot.press("f2")
        await settle(pilot)
        send_keys(pilot, "ann bucks +1")  # replaces it, as typed in the field
        send_enter(pilot)
        await settle(pilot)
        assert screen.query_one("#main").display
        assert screen.session.state.numbers[0]["bucks"] == 3
        await pilot.press("f2")
        await settle(pilot)
        f2 = events.Key("f2", None)  # and typed at once, before the game's next frame
        f2.set_sender(pilot.app)
        pilot.app.post_message(f2)
        send_keys(pilot, "bo bucks +1")
        send_enter(pilot)
        await settle(pilot)
        assert screen.session.state.numbers[1]["bucks"] == 3
        assert field.value == "" and screen.focused is field


async def test_keys_typed_one_by_one_over_the_log_all_stay(store: Store, new_game: NewGame) -> None:
    """The play-test at 80x24: f2, then `a`, `n`, `n` a moment apart gave `nn`: the field
    got its focus after the first key and selected it, and the next key replaced it. So
    did what was half typed before a dialog, selected when the dialog closed."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        field = screen.query_one("#command", CommandField)
        await pilot.press("f2")
        await settle(pilot)
        assert screen.log_instead_of_game()
        for key in "ann":
            await pilot.press(key)
            await settle(pilot)
        assert field.value == "ann" and field.selection.is_empty
        await pilot.press("space", "b")
        await settle(pilot)
        await pilot.press("f1")  # a dialog over the half-typed command, then back
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert screen.focused is field
        await pilot.press("u")
        await settle(pilot)
        assert field.value == "ann bu"


async def test_f2_on_a_narrow_terminal_then_a_wider_one_shows_game_and_log(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(100, 30)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await pilot.press("f2")
        await settle(pilot)
        assert screen.log_instead_of_game()
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: not screen.has_class("-narrow"))  # (after 1/120 s)
        await settle(pilot)
        log = screen.query_one(LogPanel)
        field = screen.query_one("#command", Input)
        assert log.display and log.region.width and field.region.width  # both shown
        assert screen.focused is field
        await pilot.press("f2")  # wide: f2 hides the log
        await settle(pilot)
        assert not log.region.width and field.region.width
        await pilot.resize_terminal(100, 30)  # narrow: the game, as f2 left it
        await until(pilot, lambda: screen.has_class("-narrow"))
        await settle(pilot)
        assert not screen.log_instead_of_game() and field.region.width


async def test_a_paste_of_several_commands_keeps_the_first_and_says_so(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        field = screen.query_one("#command", CommandField)
        field.post_message(events.Paste("\nann bucks +1\nbo bucks +2\n\ncy bucks +3\n"))
        await settle(pilot)
        assert field.value == "ann bucks +1"  # the first line with something on it
        said = text_of(pilot, "#command-error")
        assert said.startswith("Only the first line was pasted (2 more lines were left out)")
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.state.numbers[0]["bucks"] == 3
        assert text_of(pilot, "#command-error") == ""  # done: the message goes
        field.post_message(events.Paste("bo bucks +2\n"))  # a copied line and its newline
        await settle(pilot)
        assert field.value == "bo bucks +2" and text_of(pilot, "#command-error") == ""


async def test_a_correction_of_a_finished_game_says_where_its_standings_come_from(
    store: Store, new_game: NewGame
) -> None:
    """The play-test corrected a finished game's gold and the standings did not follow:
    they come from the score sheet, and the app says so (and how to change them)."""
    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.finish(session.state, "", "Ann wins"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CorrectionDialog)
        await type_into(pilot, "#value", "14")
        await type_into(pilot, "#reason", "counted the chips")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.session.state.numbers[0]["gold"] == 14
        said = [toast.message for toast in pilot.app._notifications]
        assert any("scored from the score sheet" in message for message in said)


async def test_a_correction_that_cannot_be_saved_keeps_what_was_typed(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        await type_into(pilot, "#value", "9")
        await type_into(pilot, "#reason", "counted the chips")

        monkeypatch.setattr(os, "write", disk_full)
        await pilot.press("enter")
        await settle(pilot)
        monkeypatch.undo()
        assert pilot.app.screen is dialog  # still open, with what was typed
        assert dialog.query_one("#value", Input).value == "9"
        assert dialog.query_one("#reason", Input).value == "counted the chips"
        assert "disk is full" in text_of(pilot, "#error-reason")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.session.state.numbers[0]["bucks"] == 9


async def test_a_command_that_cannot_be_saved_says_why_under_the_field(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play-test on a full disk: the reason was a toast only, and the line under the
    command, where every refusal is said, stayed blank."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        monkeypatch.setattr(os, "write", disk_full)
        said = await command(pilot, "ann bucks +2")
        monkeypatch.undo()
        assert said.startswith("The disk is full: this change was not saved, so it was not done.")
        assert screen.query_one("#command", Input).value == "ann bucks +2"  # kept
        assert screen.session.state.numbers[0]["bucks"] == 2
        # an undo too (the toast alone said why it did nothing: a play-test)
        assert await command(pilot, "ann bucks +2") == ""
        monkeypatch.setattr(os, "write", disk_full)
        await pilot.press("ctrl+z")
        await settle(pilot)
        monkeypatch.undo()
        assert text_of(pilot, "#command-error").startswith(
            "The disk is full: the undo was not saved, so nothing was undone."
        )  # (it said "this change ... was not done", as if the change had failed)
        assert screen.session.state.numbers[0]["bucks"] == 4


@pytest.mark.parametrize(
    ("game", "setup", "typed"),
    [
        ("builders", ["board 4x5"], "arrows 1 < . > . ."),
        ("builders", ["board 4x5", "arrows rest ."], "1 1 s"),
        ("boomtown", [], "r"),
        ("calamityville", [], "pay ann bo 5 rent"),
        ("coloma", [], "ann bucks +2"),
    ],
)
async def test_a_command_not_saved_stays_in_the_field_on_every_screen(
    store: Store,
    new_game: NewGame,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    setup: list[str],
    typed: str,
) -> None:
    """A reliability play-test: on Builders, a command refused as not saved (the file
    changed by another program) left the field empty, while Coloma's stayed to be entered
    again."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, CommandScreen)
        for text in setup:
            assert await command(pilot, text) == ""
        entries = len(screen.session.journal)
        monkeypatch.setattr(os, "write", disk_full)
        said = await command(pilot, typed)
        monkeypatch.undo()
        assert said.startswith("The disk is full:"), said
        assert screen.query_one("#command", Input).value == typed
        assert len(screen.session.journal) == entries
        assert await command(pilot, typed) == ""  # entered again, once there is room
        assert len(screen.session.journal) > entries


async def test_the_log_is_wrapped_anew_at_its_new_width(store: Store, new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    for _ in range(3):
        session.act(rules.correct(session.state, 0, "bucks", parse_amount("+1"), "x " * 30))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await pilot.press("f2")  # narrow: the log instead of the game, the full width
        await settle(pilot)
        lines = screen.query_one(LogPanel).query_one(TailLog)
        wide = len(lines.lines)
        await pilot.press("f2")
        await pilot.resize_terminal(140, 40)  # wide: the log beside the game, narrower
        await until(pilot, lambda: 0 < lines.size.width < 60)
        assert len(lines.lines) > wide  # the same sentences, wrapped at the log's new width
        assert all(strip.cell_length <= lines.size.width for strip in lines.lines)


@pytest.mark.parametrize("game", ["boomtown", "coloma", "builders", "calamityville"])
async def test_every_colour_draws_on_every_game_screen(store: Store, game: str) -> None:
    """Rich has no "orange" (Textual has): a player in orange crashed the Coloma screen."""
    from companion.session import GameSession
    from companion.setup import SetupForm, build_header

    names = ["Ann", "Bo", "Cy"]
    colours = ["orange", "white", "magenta"]
    header, _ = build_header(SetupForm(game, names, colours, 0, {}))
    session = GameSession.create(store, header)
    session.close()
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await settle(pilot)
        assert pilot.app.screen is screen  # drawn, no crash
        assert pilot.app.return_code in (None, 0)


async def test_f2_twice_when_narrow_gives_the_command_field_its_focus_back(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        field = screen.query_one("#command", Input)
        assert screen.focused is field
        await pilot.press("a", "n", "n")
        assert field.value == "ann"


async def test_a_log_hidden_while_the_terminal_widens_is_wrapped_at_its_new_width(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    session.act(rules.correct(session.state, 0, "bucks", parse_amount("+1"), "x " * 40))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await pilot.press("f2")  # the log instead of the game
        await settle(pilot)
        await pilot.press("f2")  # hidden again
        await settle(pilot)
        await pilot.resize_terminal(120, 40)  # wide: the log shows beside the game
        lines = screen.query_one(LogPanel).query_one(TailLog)
        await until(pilot, lambda: 0 < lines.size.width < 60)
        await settle(pilot)
        assert lines.size.width < 60
        assert all(strip.cell_length == lines.size.width for strip in lines.lines)
        assert "x x" in "".join(strip.text for strip in lines.lines[-2:])


async def test_the_log_is_drawn_when_the_game_opens(store: Store, new_game: NewGame) -> None:
    """Its lines were wrapped on its first Resize, after its first paint: an opened game
    showed an empty log until the next change (found in a real terminal, and the snapshots)."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.adjust(session.state, 1, "bucks", parse_amount("+1")))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await settle(pilot)
        lines = screen.query_one(LogPanel).query_one(TailLog)
        drawn = "".join(strip.text for strip in pilot.app.screen._compositor.render_strips())
        assert lines.lines and "Bo +1 Buck" in drawn


async def test_page_up_looks_back_through_the_log_and_typing_stays_in_the_field(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"))
    rules = session.rules
    for turn in range(60):
        session.act(rules.adjust(session.state, turn % 2, "bucks", parse_amount("+1")))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        log = screen.query_one(LogPanel)
        await pilot.press("pageup")
        assert log.query_one(TailLog).back > 0
        # the key that brings the newest back named (End, named before, is the field's)
        assert "back (page down: the newest)" in log.query_one("#log-title", Rows).plain
        await pilot.press("tab", "tab", "tab")  # the log is never focused: keys reach the field
        assert not isinstance(screen.focused, TailLog)
        await pilot.press("pagedown", "pagedown", "pagedown")
        assert log.query_one(TailLog).back == 0


@pytest.mark.parametrize("game", ["coloma", "boomtown", "builders", "calamityville"])
async def test_a_game_screen_is_laid_out_once_a_layout(
    store: Store, new_game: NewGame, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's compositor laid the whole screen out a second time after the first
    layout (its map of every widget left marked out of date): a game screen's is not. (A
    layout for a scroll lays out only what is in sight, and the rest when first needed; a
    widget mounted between layouts (the footer's keys, a toast) needs the map made again
    to be found: those are Textual's design, not counted.)"""
    from textual._compositor import Compositor

    counts = {"reflows": 0, "again": 0}
    arrange, reflow, visible, update = (
        Compositor._arrange_root,
        Compositor.reflow,
        Compositor.reflow_visible,
        Compositor.update_widgets,
    )
    state = {"inside": False, "after_scroll": False}

    def counted_arrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(self.root, GameScreen) and not state["inside"]:
            if state["after_scroll"]:  # the rest of a scroll's layout, or new widgets
                state["after_scroll"] = False
            else:
                counts["again"] += 1  # a whole layout after a layout: what this is about
        return arrange(self, *args, **kwargs)

    def counted_reflow(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts["reflows"] += isinstance(args[0], GameScreen)
        state["inside"], state["after_scroll"] = True, False
        try:
            return reflow(self, *args, **kwargs)
        finally:
            state["inside"] = False

    def counted_visible(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        state["inside"] = True
        try:
            return visible(self, *args, **kwargs)
        finally:
            state["inside"], state["after_scroll"] = False, isinstance(args[0], GameScreen)

    def counted_update(self, widgets):  # type: ignore[no-untyped-def]
        stale = self._full_map_invalidated
        result = update(self, widgets)
        if not stale and self._full_map_invalidated and isinstance(self.root, GameScreen):
            state["after_scroll"] = True  # new widgets to find: the map is made again
        return result

    monkeypatch.setattr(Compositor, "_arrange_root", counted_arrange)
    monkeypatch.setattr(Compositor, "reflow", counted_reflow)
    monkeypatch.setattr(Compositor, "reflow_visible", counted_visible)
    monkeypatch.setattr(Compositor, "update_widgets", counted_update)
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await open_screen(pilot, session, GameScreen)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
    assert counts["reflows"] >= 2
    assert counts["again"] == 0


@pytest.mark.parametrize("game", ["coloma", "boomtown", "builders", "calamityville"])
async def test_a_small_terminal_does_not_restyle_the_whole_screen_as_it_opens(
    store: Store, new_game: NewGame, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game screen has its `-narrow` / `-short` classes from the start: added at its
    first resize, each restyled every widget of it just after they were styled as
    mounted (at 80x24, a fifth of the screen's cost to its first frame). A resize still
    sets them."""
    restyled = record_restyles(monkeypatch)
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await settle(pilot)
        assert screen.has_class("-narrow") and screen.has_class("-short")
        assert not [node for node in restyled if isinstance(node, GameScreen)]
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: not screen.has_class("-narrow"))  # (after 1/120 s)
        assert not screen.has_class("-short")


async def _undone_correction(pilot: Pilot, session: GameSession, reason: str) -> Widget:
    """The game open, Ann's Bucks corrected with `reason` and that correction undone: the
    line beside the command field, which says so."""
    from companion.amounts import Amount

    session.act(session.rules.correct(session.state, 0, "bucks", Amount(9, False), reason))
    screen = await open_screen(pilot, session, GameScreen)
    await pilot.press("ctrl+z")
    await settle(pilot)
    return screen.query_one("#command-error")


def _lines_of(widget: Widget) -> list[str]:
    """The lines a widget draws, as text."""
    return [strip.text for strip in widget.render_lines(widget.region.reset_offset)]


async def test_an_undo_says_a_long_sentence_in_one_line(store: Store, new_game: NewGame) -> None:
    """A notice beside the field never takes a second line (it ends in an ellipsis; the log
    has it whole): two lines, and the next command's clearing them, laid the screen out
    again, 40 ms a key (#16). The sentence is shortened, the ctrl+y hint kept."""
    reason = "the chips were miscounted twice over while the drinks came round again"
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        line = await _undone_correction(
            pilot, new_game(game="coloma", names=("Ann", "Bo", "Cy")), reason
        )
        said = text_of(pilot, "#command-error")
        assert said.startswith("Undone: Correction:") and "… ctrl+y does it again." in said
        shown = _lines_of(line)
        assert len(shown) == 1 and shown[0].rstrip().endswith("ctrl+y does it again."), shown
        assert await command(pilot, "ann bucks +1") == ""
        # the next command's sentence in its place (the log is out of sight at 80x24)
        assert line.region.height == 1
        assert text_of(pilot, "#command-error") == "Done: Ann +1 Buck (2 → 3)."


async def test_a_cut_notice_is_fitted_again_when_the_terminal_is_resized(
    store: Store, new_game: NewGame
) -> None:
    """An undo's notice cut at 80 columns is shown whole once the terminal is wide enough
    for it, and cut again (in one line, the hint kept) when it narrows: it stayed cut with
    room to spare, or took two lines."""
    reason = "the chips were miscounted twice over"
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        line = await _undone_correction(
            pilot, new_game(game="coloma", names=("Ann", "Bo", "Cy")), reason
        )
        assert "…" in text_of(pilot, "#command-error")
        await pilot.resize_terminal(200, 40)
        await until(pilot, lambda: "…" not in text_of(pilot, "#command-error"))
        said = text_of(pilot, "#command-error")
        assert reason in said and said.endswith("ctrl+y does it again."), said
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "…" in text_of(pilot, "#command-error"))
        await settle(pilot)
        shown = _lines_of(line)
        assert len(shown) == 1 and shown[0].rstrip().endswith("… ctrl+y does it again."), shown


async def test_an_undo_in_a_long_game_drops_the_log_line_and_brings_back_an_older_one(
    store: Store, new_game: NewGame
) -> None:
    """Past the 200 entries the log keeps, an undo takes its newest line away and the entry
    before the first one shown comes back at the top, as drawing the log anew gives; only
    those two sentences are made (#16: all 200 were)."""
    session = long_game(new_game, SHOWN + 5, ("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        log = screen.query_one(LogPanel)
        lines = log.query_one(TailLog)
        calls: list[str] = []
        set_texts = lines.set_texts
        lines.set_texts = lambda texts: (calls.append("set_texts"), set_texts(texts))  # type: ignore[method-assign]
        for key in ("ctrl+z", "ctrl+z", "ctrl+y"):
            await pilot.press(key)
            await settle(pilot)
            effective = screen.session.journal.effective()
            assert log.plain().splitlines() == [entry.text for entry in effective[-SHOWN:]], key
        assert calls == []


async def test_page_keys_scroll_the_game_when_the_log_is_hidden(
    store: Store, new_game: NewGame
) -> None:
    """With the log hidden (narrow), what did not fit (five players' cards late in a game,
    Coloma's Shootout at 80x24) had lines no key could reach (a play-test): page down and
    page up scroll it, the command field keeping the focus."""
    from screens.widgets.backdrop import PlainVerticalScroll

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))
    async with make_app(store).run_test(size=(80, 16)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        tables = screen.query_one("#tables", PlainVerticalScroll)
        assert tables.max_scroll_y > 0 and tables.scroll_y == 0
        await pilot.press("pagedown")
        await settle(pilot)
        assert tables.scroll_y > 0
        assert screen.focused is screen.query_one("#command")
        await pilot.press("pageup")
        await settle(pilot)
        assert tables.scroll_y == 0


async def test_the_records_count_a_game_only_while_it_is_finished(
    store: Store, new_game: NewGame
) -> None:
    """A finish undone (or a game reopened) stayed in the records with its result (a
    play-test): the history follows undo, redo and reopening."""
    from companion.games import SHEETS
    from companion.scoring import sheet_text
    from screens.confirm import ConfirmDialog

    session = new_game(game="calamityville", names=("Ann", "Bo"))
    sheet = sheet_text(
        SHEETS["calamityville"], [{"name": "Ann", "money": 2500}, {"name": "Bo", "money": 900}]
    )

    def files() -> list[str]:
        return [row["file"] for row in store.read_history()]

    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        screen.finish_game(sheet, "Ann wins")
        await settle(pilot)
        assert files() == [session.path.name]
        # the finish undone only when said so (one key took a saved result out of the
        # records, unsaid: a play-test)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert "Undo the finish?" in text_of(pilot, "#confirm-question")
        await pilot.press("n")
        await settle(pilot)
        assert screen.session.state.finished and files() == [session.path.name]
        await pilot.press("ctrl+z")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert not screen.session.state.finished and files() == []
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert screen.session.state.finished and files() == [session.path.name]
        await pilot.press("ctrl+f")  # finished: asks before reopening it
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot)
        assert not screen.session.state.finished and files() == []


@pytest.mark.parametrize(
    ("game", "typed", "said"),
    [
        ("coloma", "ann bucks +1", "Done: Ann +1 Buck (2 → 3)."),
        ("boomtown", "r", "Done: Round 1: 3 cards revealed"),
        ("builders", "board 6x5", "Done: The board: 6 rows of 5"),
        ("calamityville", "pay ann bo 5", "Done: Ann pays Bo $5"),
    ],
)
async def test_a_command_done_is_said_under_the_field_when_the_log_is_out_of_sight(
    store: Store, new_game: NewGame, game: str, typed: str, said: str
) -> None:
    """At 80x24 the log gives way to the game: a command done changed a number somewhere
    below and said nothing (play-tests: "did it go in?"). Its sentence is on the line under
    the field, in the notice style, until the next command; a refusal is still a refusal."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        assert await command(pilot, typed) == ""
        line = screen.query_one("#command-error")
        assert line.has_class("-notice") and line.region.height == 1
        assert text_of(pilot, "#command-error").startswith(said)
        assert await command(pilot, "zz") != ""  # refused: said as a refusal
        assert not line.has_class("-notice")


async def test_a_command_done_is_said_under_the_field_only_when_the_log_is_hidden(
    store: Store, new_game: NewGame
) -> None:
    """Wide, the log beside the game says it (nothing under the field); hidden there with
    f2, the line under the field does. Several entries from one command are said together."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        assert await command(pilot, "ann bucks +1") == ""
        assert text_of(pilot, "#command-error") == ""
        await pilot.press("f2")
        await settle(pilot)
        assert not screen.query_one(LogPanel).is_on_screen
        assert await command(pilot, "bo bucks +2") == ""
        assert text_of(pilot, "#command-error") == "Done: Bo +2 Bucks (2 → 4)."
        written = len(screen.session.journal)
        assert screen._done_sentence(written) == ""
        playing = screen.session
        for seat, bucks in ((0, 9), (2, 7)):
            playing.act(
                playing.rules.correct(
                    playing.state, seat, "bucks", Amount(bucks, False), "miscount"
                )
            )
        said = screen._done_sentence(written)
        assert said.startswith("Done: Correction: ") and said.count("; Correction: ") == 1


async def test_a_change_made_outside_the_field_is_said_too_and_goes_as_one_types(
    store: Store, new_game: NewGame
) -> None:
    """A correction (ctrl+o's dialog runs it as this does) said nothing at 80x24 (play-
    tests). What a change did goes at the first key of the next command: "Done: The bank
    pays Ann $100" stayed under a payment being typed, read as that one's."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        playing = screen.session
        assert screen.run(
            playing.rules.correct(playing.state, 0, "bucks", Amount(9, False), "miscount")
        )
        await settle(pilot)
        said = text_of(pilot, "#command-error")
        assert said.startswith("Done: Correction: ") and "miscount" in said
        await type_into(pilot, "#command", "b")
        assert text_of(pilot, "#command-error") == ""
        await type_into(pilot, "#command", "bo bucks +1")
        await pilot.press("enter")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == "Done: Bo +1 Buck (2 → 3)."
        await pilot.press("ctrl+z")  # an undo's line is not a change's: it stays as typed
        await settle(pilot)
        await type_into(pilot, "#command", "c")
        assert text_of(pilot, "#command-error").startswith("Undone: ")


async def test_what_a_screen_puts_in_as_it_opens_is_not_said_done(
    store: Store, new_game: NewGame
) -> None:
    """A new game's graveyard, remembered from the last, was said "Done: The Graves are
    numbered ..." as it opened, read as left over from the last game (a play-test). A Done
    line cut to the line says where the rest is."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    session.remember("graveyard", [1, 1, 2, 2, 3, 3])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await settle(pilot)
        assert screen.session.state.graveyard  # put in as it opened
        assert text_of(pilot, "#command-error") == ""
        playing = screen.session
        reason = "the chips were miscounted twice over while the drinks came round again"
        assert screen.run(
            playing.rules.correct(playing.state, 0, "bucks", Amount(9, False), reason)
        )
        await settle(pilot)
        said = text_of(pilot, "#command-error")
        assert said.startswith("Done: Correction: ") and said.endswith("… f2: all of it.")


async def test_escape_clears_a_half_typed_command_before_it_goes_home(
    store: Store, new_game: NewGame
) -> None:
    """Escape went home with a command half typed, and it was gone on resuming (a
    play-test): the first escape clears it and says so, the next goes home."""
    session = new_game(game="calamityville", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        send_keys(pilot, "pay ann bo 50")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CalamityvilleScreen)
        assert pilot.app.screen.query_one("#command", Input).value == ""
        assert text_of(pilot, "#command-error") == (
            "What was typed is cleared; escape again goes home."
        )
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, GameScreen)
    assert session.state.money(0) == 2000  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["boomtown", "coloma", "builders", "calamityville"])
async def test_a_drawn_first_player_is_said_under_the_field_at_80x24(
    store: Store, game: str
) -> None:
    """A game started with its first player drawn said who in a toast, at the bottom right:
    at 80x24 it covered Builders' line saying what to type next (a play-test). With the log
    out of sight, every game screen says it on the line under the command field instead, in
    the game's own word (Coloma's Sheriff), with what the opening remembered from the last
    game (Coloma's Gold Supply), on one line, until the first key."""
    from textual.widgets._toast import Toast

    from companion.setup import SetupForm, build_header
    from companion.table import COLOURS

    store.write_settings({"coloma": {"pools_3": [2, 3, 4]}})
    form = SetupForm(game, ["Ann", "Bo", "Cy"], list(COLOURS[:3]), None, {})
    session = GameSession.create(store, build_header(form)[0])
    first = session.state.name(session.state.first_player)
    drew = "to be the Sheriff" if game == "coloma" else "to go first"
    async with make_app(store).run_test(size=(80, 24), notifications=True) as pilot:
        pilot.app.show_session(session, first_drawn=True)  # as the home screen's form does
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, CommandScreen)
        assert not pilot.app._notifications and not screen.query(Toast)
        line = text_of(pilot, "#command-error")
        assert line.startswith(f"The app drew {first} {drew}."), line
        if game == "coloma":  # remembered: one line, its key kept whole
            assert line.endswith("(ctrl+z to count again)."), line
        assert screen.query_one("#command-error").region.height == 1
        await pilot.press("x")
        await settle(pilot)
        assert text_of(pilot, "#command-error") == ""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_what_a_dialogs_change_notes_is_said_with_its_done_under_the_field_at_80x24(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """The notices after a change made through a dialog ("Game over" after the wizard, a
    finished game's correction, "The game is open again") were toasts at the bottom right,
    at 80x24 over the Builders Train Marker's notes, the line saying what to type next (as
    the opening notices were: a play-test). With the log out of sight they are said after
    the change's "Done:" on the line under the field, until the next key; beside the log,
    toasts over it, as before."""
    from textual.widgets import Select
    from textual.widgets._toast import Toast

    from screens.builders import BuildersScreen

    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.board(session.state, [5] * 6))
    session.act(session.rules.build(session.state, 0, 1, 1, 1))
    async with make_app(store).run_test(size=size, notifications=True) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        narrow = screen.has_class("-narrow")

        async def said_after(*keys: str) -> tuple[list[str], str]:
            """The toasts and the line under the field after `keys`; #notes in sight."""
            await pilot.press(*keys)
            await settle(pilot)
            assert pilot.app.screen is screen
            notes = screen.query_one("#notes").region
            toasts = [toast.region for toast in screen.query(Toast)]
            if narrow:
                assert not any(toast.overlaps(notes) for toast in toasts), (toasts, notes)
            said = [str(n.message) for n in pilot.app._notifications]
            pilot.app.clear_notifications()
            await settle(pilot)
            return said, text_of(pilot, "#command-error")

        screen.finish_game("", "Ann wins with 10 points")  # as the wizard's save does
        said, line = await said_after()
        assert screen.session.state.finished
        if narrow:
            assert not said, said
            assert line == "Done: The game is over: Ann wins with 10 points. The scores are saved."
        else:
            assert said == ["Ann wins with 10 points. The scores are saved."], said
            assert line == ""

        said, line = await said_after("ctrl+f", "y")
        assert not screen.session.state.finished
        if narrow:
            assert not said, said
            assert line == "Done: The game was reopened to correct it. ctrl+f scores it anew."
            assert screen.query_one("#command-error").region.height == 1
            await pilot.press("x")  # goes at the first key, as a change's "Done:" does
            await settle(pilot)
            assert text_of(pilot, "#command-error") == ""
            await pilot.press("ctrl+u")
        else:
            assert said == [
                "The game is open again; ctrl+f scores it anew, from its last sheet."
            ], said

        screen.finish_game("", "Ann wins with 10 points")  # scored again: a correction now
        await said_after()

        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        dialog.query_one("#what", Select).value = "building:1:1"
        await settle(pilot)
        await type_into(pilot, "#value", "bo s")
        await type_into(pilot, "#reason", "it was Bo's")
        said, line = await said_after("enter")
        standings = (
            "The standings were scored from the score sheet, not from this number: ctrl+f "
            "reopens the game, and its wizard changes the sheet."
        )
        if narrow:
            assert not said, said
            assert line.startswith("Done: ") and line.endswith(f". {standings}"), line
        else:
            assert said == [f"Corrected. {standings}"], said
