"""Dialogs at the table: F1 in any of them, the correction dialog at 80x24 with a key for
each choice, and notices placed where they hide least."""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Input, Select
from textual.widgets._footer import FooterKey
from textual.widgets._toast import ToastRack

from companion.session import GameSession
from companion.store import Store
from screens.confirm import ChoiceDialog, ConfirmDialog
from screens.correction import CorrectionDialog
from screens.event_card import EventCard
from screens.game import GameScreen
from screens.help import HelpScreen
from screens.mine_picker import MinePicker
from screens.widgets.footer import SteadyFooter
from tests.conftest import NewGame
from tests.screens.helpers import (
    command,
    make_app,
    open_screen,
    send_keys,
    settle,
    text_of,
    type_into,
    until,
)
from tests.screens.test_fast_widgets import layouts_during


async def open_game(pilot, session) -> GameScreen:  # type: ignore[no-untyped-def]
    pilot.app.open_game(session.path)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


def boomtown_in_the_picks(new_game: NewGame) -> GameSession:
    """Round 2 of a four-player Boomtown: Ann won the auction at 1 and paid, the picks wait
    for her (ctrl+t opens the event card dialog)."""
    from tests.core.test_boomtown import OPENING, Table

    session = new_game(names=("Ann", "Bo", "Cy", "Di"), first=0)
    table = Table(session)
    table.round(0, 0, *OPENING)
    table.auction(0, 1)
    return session


async def open_mine_picker(pilot: Pilot, session: GameSession) -> MinePicker:
    """The game opened in the picks, and ctrl+l: the mine list."""
    await open_game(pilot, session)
    await pilot.press("ctrl+l")
    await settle(pilot)
    picker = pilot.app.screen
    assert isinstance(picker, MinePicker)
    return picker


async def open_event_card(pilot, session: GameSession) -> EventCard:  # type: ignore[no-untyped-def]
    await open_game(pilot, session)
    await pilot.press("ctrl+t")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, EventCard)
    return dialog


async def test_the_correction_dialog_fits_80x24_and_works_from_the_keyboard(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        box = dialog.query_one("#correction-box").region
        assert box.height <= 16 and box.bottom <= 23  # above the footer
        for widget in ("#what", "#value", "#reason", "#record", "#cancel"):
            assert dialog.query_one(widget).region.bottom <= box.bottom
        # enter in the empty value (meant to open What's list) went on to Why, nothing
        # typed (two play-tests): it stays, and says what the field wants
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.focused is dialog.query_one("#value")
        assert text_of(pilot, "#error-value").startswith("Type the new value first")
        await pilot.press("shift+tab", "enter")  # to What, open its list
        await pilot.pause()
        send_keys(pilot, "cy")  # type to search: Cy's first number
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        key = dialog.query_one("#what", Select).value
        assert dialog.fixes[str(key)].seat == 2
        # picked: on to the new value (typing went to the list, moving it: a play-test)
        assert dialog.focused is dialog.query_one("#value")
        # a tab pressed next, from habit, stays there (it went on to Why, and the number
        # typed became the reason: two play-tests); a second one moves on
        await pilot.press("tab")
        assert dialog.focused is dialog.query_one("#value")
        await pilot.press("tab")
        assert dialog.focused is dialog.query_one("#reason")
        await pilot.press("shift+tab")
        assert dialog.focused is dialog.query_one("#value")
        await pilot.press("shift+tab", "enter")  # the list again: enter on the same one
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.query_one("#what", Select).value == key  # (no change posted)
        assert dialog.focused is dialog.query_one("#value")  # on to the value all the same
        send_keys(pilot, "5")
        await pilot.press("tab")
        send_keys(pilot, "counted")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
    last = type(session).open(store, session.path).journal.entries[-1]
    assert last.kind == "correct" and "counted" in last.text


async def test_f1_shows_the_help_of_the_dialog_or_of_the_screen_below(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        await pilot.press("ctrl+o", "f1")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        assert text_of(pilot, "#help-title") == CorrectionDialog.HELP_TITLE
        await pilot.press("escape", "escape")  # close the help, then the dialog
        await pilot.pause()
        pilot.app.push_screen(ConfirmDialog("Really?"))
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert text_of(pilot, "#help-title") == ConfirmDialog.HELP_TITLE
        await pilot.press("f1", "n")  # F1 closes the help; n answers the question
        await pilot.pause()
        assert pilot.app.screen is screen


async def test_notices_sit_bottom_right_above_the_footer_and_over_the_log_when_wide(
    store: Store, new_game: NewGame
) -> None:
    """Narrow, notices sat at the top right: over the header and the read-only banner at
    80x24 (a play-test). They sit at the bottom right at every size, just above the footer
    (the command field is at the top of every game screen)."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    for size in ((80, 24), (130, 40)):
        async with make_app(store).run_test(size=size, notifications=True) as pilot:
            screen = await open_game(pilot, session)
            pilot.app.notify("Nothing to undo.")
            await pilot.pause()
            rack = screen.query_one(ToastRack)
            toast = rack.children[-1].children[-1]
            assert toast.region.bottom == size[1] - 1  # just above the footer
            if size[0] >= 110:
                log = screen.query_one("#log").region
                assert toast.region.x >= log.x - 12 and toast.region.bottom >= size[1] - 3
            # to the very edge: the last column left uncovered showed what was under the
            # toast through it (a play-test); the tolerance of 2 had let it pass
            assert toast.region.right == size[0] and toast.region.height <= 3


async def test_ctrl_t_says_what_to_do_before_a_card_is_chosen(
    store: Store, new_game: NewGame
) -> None:
    """The play-test at 80x24: in Boomtown's ctrl+t flow the line that introduces the
    choice did not say what to do (and the first line showed a card, Card Shark, that no
    one had chosen). Until a card is taken the dialog says "Choose the event card" and how,
    and shows no card; the card taken then shows on the first line, its targets below."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await open_event_card(pilot, session)

        def drawn() -> list[str]:
            """The dialog's lines from its title to the filter field, as drawn."""
            lines = [strip.text.strip(" █") for strip in dialog._compositor.render_strips()]
            title = next(y for y, line in enumerate(lines) if line == "The event card Ann takes")
            field = dialog.query_one("#event-filter").region.y
            return [line for line in lines[title + 1 : field] if line]

        assert drawn() == [
            "Choose the event card: type to filter, enter takes the highlighted one."
        ]
        send_keys(pilot, "new")
        await settle(pilot)
        await pilot.press("enter")  # takes New Vein
        await settle(pilot)
        assert dialog.card == "new_vein"
        first_line, label = drawn()
        assert first_line.split() == ["New", "Vein", "▼"]
        assert label == "Which of your mines"


async def test_the_event_cards_focused_button_shows_by_more_than_colour(
    store: Store, new_game: NewGame
) -> None:
    """Which button had the focus showed by colour alone (a play-test): it is underlined."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await open_event_card(pilot, session)
        play, cancel = dialog.query_one("#event-play"), dialog.query_one("#event-cancel")
        play.focus()
        await settle(pilot)
        assert play.rich_style.underline and not cancel.rich_style.underline
        cancel.focus()
        await settle(pilot)
        assert cancel.rich_style.underline and not play.rich_style.underline


async def test_the_holdups_framed_fields_fit_80x24(store: Store, new_game: NewGame) -> None:
    """The Holdup's number and dice are framed fields now: the dialog, its buttons
    included, still fits 80x24 with four players to choose from."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await open_event_card(pilot, session)
        send_keys(pilot, "holdup")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert dialog.card == "holdup"
        box = dialog.query_one("#event-box").region
        for part in ("#event-choice", "#holdup-number", "#holdup-dice", "#event-play"):
            region = dialog.query_one(part).region
            assert region.height and region.bottom <= box.bottom <= 24, part


async def test_the_event_cards_open_list_hides_the_fields_behind_it(
    store: Store, new_game: NewGame
) -> None:
    """The play-test's leftover at 80x24: the card's drop-down, opened, was narrower than the
    filter field under it, whose border showed at the list's right. Now the list is as wide
    as the field: the rows it covers show only its cards."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await open_event_card(pilot, session)
        send_keys(pilot, "new")
        await pilot.press("enter")  # New Vein taken: its target's filter field below
        await settle(pilot)
        card = dialog.query_one("#event-card", Select)
        card.focus()
        await pilot.press("enter")  # the card's list opens over the field
        await settle(pilot)
        assert card.expanded
        field = dialog.query_one("#event-filter").region
        overlay = card.query_one("SelectOverlay").region
        assert overlay.y <= field.y and overlay.bottom >= field.bottom  # it covers the field
        lines = [strip.text for strip in dialog._compositor.render_strips()]
        covered = [lines[y][field.x : field.right] for y in range(overlay.y, overlay.bottom)]
        assert not any(mark in "".join(covered) for mark in "▔▁▎▊")  # nothing of the field


async def test_the_help_is_drawn_by_rich_once_for_a_width(store: Store, new_game: NewGame) -> None:
    """#16: held by a Static, the help's Markdown was drawn by Rich at every layout and every
    frame (~25 ms each, five or six times as F1 opened). Now once for a width: paging
    through it and its frames draw nothing anew; a new width draws it once more."""
    from rich.markdown import Markdown

    from screens.help import DrawnOnce

    session = new_game(game="coloma")
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        drawn: list[int] = []
        console = pilot.app.console
        render_lines = console.render_lines

        def counting(renderable, options=None, *args, **kwargs):  # type: ignore[no-untyped-def]
            if isinstance(renderable, Markdown):
                drawn.append(options.max_width)
            return render_lines(renderable, options, *args, **kwargs)

        console.render_lines = counting  # type: ignore[method-assign]
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        text = pilot.app.screen.query_one(DrawnOnce)
        assert len(drawn) == len(set(drawn)) >= 1  # each width once
        first = list(drawn)
        await pilot.press("pagedown", "pagedown", "end", "home")
        await settle(pilot)
        assert drawn == first
        assert "command field" in " ".join(strip.text for strip in text.lines_at(text.size.width))
        width = text.size.width
        await pilot.resize_terminal(100, 30)  # the screen's Resize comes through the driver
        await until(pilot, lambda: text.size.width != width)
        assert len(drawn) == len(set(drawn)) > len(first)  # the new width, once


async def test_a_correction_refusal_is_under_its_field_and_goes_when_it_is_changed(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: a reason over 80 characters was refused under "New value"; and "Ann
    cannot have -94 gold" stayed after the value was changed. A refusal is under the field
    at fault, and goes as soon as that field is changed."""
    session = new_game()
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CorrectionDialog)
        await type_into(pilot, "#value", "+2")
        await type_into(pilot, "#reason", "recounted " * 9)  # 90 characters
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CorrectionDialog)  # refused
        assert text_of(pilot, "#error-value") == ""
        assert text_of(pilot, "#error-reason").startswith("A reason is at most 80 characters")
        await pilot.press("backspace")
        await settle(pilot)
        assert text_of(pilot, "#error-reason") == ""  # changed: checked again when recorded
        await type_into(pilot, "#value", "-94")
        await type_into(pilot, "#reason", "recounted")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "cannot have" in text_of(pilot, "#error-value")
        await type_into(pilot, "#value", "+2")
        assert text_of(pilot, "#error-value") == ""
        await type_into(pilot, "#value", "-94")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "cannot have" in text_of(pilot, "#error-value")
        what = pilot.app.screen.query_one("#what", Select)
        first = what.value
        what.value = next(
            key for _, key in what._options if key != first and key is not Select.BLANK
        )
        await settle(pilot)
        assert text_of(pilot, "#error-value") == ""  # it was about the number chosen before
        # and the value typed for that number goes with it, the reason stays
        # (test_correction_dialog_what.py)
        assert pilot.app.screen.query_one("#value", Input).value == ""
        assert pilot.app.screen.query_one("#reason", Input).value == "recounted"
        what.value = first
        await type_into(pilot, "#value", "+2")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)


async def test_a_custom_mines_refusal_goes_when_it_is_changed(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: "...must be 2 to 12 (not 13)." stayed beside a roll now reading 7."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        picker = await open_mine_picker(pilot, session)
        picker.query_one("#custom-town", Select).value = "Cold Mountain"
        await type_into(pilot, "#custom-roll", "13")
        await type_into(pilot, "#custom-value", "4")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is picker and "not 13" in text_of(pilot, "#custom-error")
        # in sight at 80x24: it was below the dialog's edge there (a play-test saw "Take it"
        # do nothing)
        error, box = picker.query_one("#custom-error"), picker.query_one("#mine-box")
        assert error.region.height >= 1 and box.region.contains_region(error.region)
        assert box.region.bottom <= 24
        await type_into(pilot, "#custom-roll", "7")
        assert text_of(pilot, "#custom-error") == ""


async def test_a_paste_of_several_lines_into_a_dialogs_field_says_what_was_left_out(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: a two-line paste into a dialog's field kept the first line and said
    nothing (the command field says so). Every field now says it."""

    session = new_game()
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        await pilot.press("ctrl+o")
        await settle(pilot)
        field = pilot.app.screen.query_one("#reason", Input)
        field.focus()
        field.post_message(events.Paste("recounted\n\nthe bank's pile too\n"))
        await settle(pilot)
        assert field.value == "recounted"
        notices = [notification.message for notification in pilot.app._notifications]
        assert "Only the first line was pasted (1 more line was left out)." in notices


async def test_the_screen_behind_a_dialog_is_dimmed_as_textual_does_each_style_once(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dialog's background is Textual's tinted screen, segment for segment; each style's
    tint is worked out once (Textual worked out every segment's, at every draw)."""
    from textual.renderables.background_screen import BackgroundScreen

    from screens.dimmed import DimmedScreen

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await open_screen(pilot, session, GameScreen)
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        ours = dialog.render()
        assert isinstance(ours, DimmedScreen)
        console = pilot.app.console
        options = console.options.update_dimensions(120, 40)
        textual = BackgroundScreen(ours.screen, ours.color)
        drawn = list(console.render(ours, options))
        assert drawn == list(console.render(textual, options))
        worked_out = []
        tint = BackgroundScreen.process_segments.__func__  # type: ignore[attr-defined]

        def counted(cls, segments, color):  # type: ignore[no-untyped-def]
            segments = list(segments)
            worked_out.extend(segments)
            return tint(cls, segments, color)

        monkeypatch.setattr(BackgroundScreen, "process_segments", classmethod(counted))
        assert list(console.render(ours, options)) == drawn  # drawn again, as it opens
        assert worked_out == []  # every style's tint was known


@pytest.mark.parametrize("value", ["abc", "-94"])
async def test_a_correction_says_both_problems_at_once(
    store: Store, new_game: NewGame, value: str
) -> None:
    """A wrong value and no reason: both are said, each under its field (the play-test
    fixed the reason only to be told then that the value was wrong)."""
    session = new_game()
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await type_into(pilot, "#value", value)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CorrectionDialog)  # refused
        assert text_of(pilot, "#error-reason").startswith("Say why")
        assert text_of(pilot, "#error-value") != ""
        await type_into(pilot, "#reason", "recounted")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert text_of(pilot, "#error-reason") == "" and text_of(pilot, "#error-value") != ""


async def test_a_correction_value_is_refused_as_it_is_typed(
    store: Store, new_game: NewGame
) -> None:
    """`abc` or `-999` in the New value was refused only when Record was pressed (a
    play-test): the rules' word is beside the field as it is typed, and Record still
    refuses it; nothing is written."""
    session = new_game()  # Boomtown: Ann has 10 gold
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        written = len(screen.session.journal)
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        value = dialog.query_one("#value", Input)
        assert dialog.query_one("#what", Select).value == "0:gold"
        await pilot.press("enter")  # nothing typed: what the field wants, as before
        await settle(pilot)
        assert text_of(pilot, "#error-value").startswith("Type the new value first")
        await type_into(pilot, "#value", "abc")
        assert text_of(pilot, "#error-value") == (
            "Type a whole number: 12 sets it, +5 adds, -3 takes away (not abc)."
        )
        assert value.has_class("-invalid")
        await type_into(pilot, "#value", "-")  # the start of `-3`: not refused yet
        assert text_of(pilot, "#error-value") == "" and not value.has_class("-invalid")
        send_keys(pilot, "999")
        await settle(pilot)
        assert text_of(pilot, "#error-value") == "Ann cannot have -989 gold (the least is 0)."
        assert value.has_class("-invalid")
        await pilot.press("enter")  # refused: the cursor stays in the value
        await settle(pilot)
        assert pilot.app.focused is value
        await type_into(pilot, "#reason", "recounted")
        await pilot.press("ctrl+s")  # Record still refuses it
        await settle(pilot)
        assert pilot.app.screen is dialog and pilot.app.focused is value
        assert text_of(pilot, "#error-value") == "Ann cannot have -989 gold (the least is 0)."
        assert len(screen.session.journal) == written
        await type_into(pilot, "#value", "[red]x")  # what was typed, shown as typed
        assert text_of(pilot, "#error-value").endswith("(not [red]x).")
        await type_into(pilot, "#value", "-3")
        assert text_of(pilot, "#error-value") == "" and not value.has_class("-invalid")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.session.state.numbers[0]["gold"] == 7


async def test_a_correction_refused_for_its_reason_alone_puts_the_cursor_there(
    store: Store, new_game: NewGame
) -> None:
    """`+1`, ctrl+s: "Say why" under the reason, but the cursor stayed in the value, and the
    reason typed next made it `+1miscounted` (a play-test). It goes to the field at fault."""
    session = new_game()
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await type_into(pilot, "#value", "+1")
        await pilot.press("ctrl+s")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert text_of(pilot, "#error-reason").startswith("Say why")
        assert pilot.app.focused is dialog.query_one("#reason")
        await pilot.press(*"miscounted", "ctrl+s")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, CorrectionDialog)  # recorded
        assert "miscounted" in store.read_game(session.path).entries[-1].text


def drawn_in(dialog, selector: str) -> str:  # type: ignore[no-untyped-def]
    """The text drawn over a widget's region (borders left out), lines joined by spaces."""
    region = dialog.query_one(selector).region
    lines = [strip.text for strip in dialog._compositor.render_strips()]
    rows = [lines[y][region.x : region.right] for y in range(region.y, region.bottom)]
    return " ".join(" ".join(row.strip(" ▊▎▔▁▌▐█").split()) for row in rows).strip()


async def test_the_mine_list_says_at_once_when_what_was_typed_matches_no_mine(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: with a filter matching nothing the mine list went blank, and only
    enter said why. The list says it as soon as it happens, the text as typed (never
    markup), and what to do; it goes once a mine matches again. Enter still takes nothing."""
    from textual.widgets import OptionList

    from screens.mine_picker import MinePicker

    session = boomtown_in_the_picks(new_game)
    for size in ((80, 24), (120, 40)):
        async with make_app(store).run_test(size=size) as pilot:
            await open_game(pilot, session)
            await pilot.press("ctrl+l")
            await settle(pilot)
            picker = pilot.app.screen
            assert isinstance(picker, MinePicker)
            assert "No mine matches" not in drawn_in(picker, "#mine-list")
            await type_into(pilot, "#mine-filter", "cold [b]z")
            assert picker.choice.shown == []
            assert drawn_in(picker, "#mine-list") == (
                'No mine matches "cold [b]z": backspace to widen, or enter for a custom mine.'
            )
            layouts = layouts_during(pilot.app)
            send_keys(pilot, "z")  # still nothing: the line is redrawn, nothing laid out
            await settle(pilot)
            assert layouts[0] == 0 and '"cold [b]zz"' in drawn_in(picker, "#mine-list")
            await pilot.press("backspace")
            await settle(pilot)
            field = picker.query_one("#mine-filter")
            await pilot.press("down")  # nothing to go down to
            await settle(pilot)
            assert picker.focused is field
            options = picker.query_one("#mine-list", OptionList)
            assert options.highlighted is None  # the line can be neither highlighted nor taken
            await pilot.press("enter")  # as the line says: nothing taken, on to a custom mine
            await settle(pilot)
            assert pilot.app.screen is picker and picker.focused is picker.query_one("#custom-town")
            assert text_of(pilot, "#mine-error") == ""  # the list says it already
            field.focus()
            await pilot.press("end", "backspace", "backspace", "backspace", "backspace")  # "cold"
            await settle(pilot)
            assert picker.choice.shown and "No mine matches" not in drawn_in(picker, "#mine-list")
            assert drawn_in(picker, "#mine-list").startswith("Cold Mountain")


async def test_the_event_card_lists_say_at_once_when_what_was_typed_matches_nothing(
    store: Store, new_game: NewGame
) -> None:
    """The same play-test in ctrl+t: the cards' list, then the targets' list, went blank for
    a filter matching nothing. Each says it at once, and goes when something matches."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await open_event_card(pilot, session)
        send_keys(pilot, "zzz")
        await settle(pilot)
        assert drawn_in(dialog, "#event-choice") == (
            'No event card left matches "zzz": backspace to widen.'
        )
        layouts = layouts_during(pilot.app)
        await pilot.press("backspace")  # still nothing: the line is redrawn, nothing laid out
        await settle(pilot)
        assert layouts[0] == 0 and '"zz"' in drawn_in(dialog, "#event-choice")
        await pilot.press("enter")  # nothing taken; nothing more to say than the list does
        await settle(pilot)
        assert dialog.choosing and text_of(pilot, "#event-error") == ""
        await type_into(pilot, "#event-filter", "new")
        assert drawn_in(dialog, "#event-choice").startswith("New Vein")
        await pilot.press("enter")  # takes New Vein: its targets next
        await settle(pilot)
        assert dialog.card == "new_vein" and not dialog.choosing
        send_keys(pilot, "[i]q")
        await settle(pilot)
        assert (
            drawn_in(dialog, "#event-choice")
            == 'Nothing listed matches "[i]q": backspace to widen.'
        )
        await pilot.press("enter")  # plays nothing, refuses nothing more than the list says
        await settle(pilot)
        assert pilot.app.screen is dialog and text_of(pilot, "#event-error") == ""
        await pilot.press("ctrl+g")  # played on purpose: refused, with the same advice
        await settle(pilot)
        assert pilot.app.screen is dialog
        assert "backspace to widen" in text_of(pilot, "#event-error")
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await settle(pilot)
        assert "matches" not in drawn_in(dialog, "#event-choice")
        assert dialog.choice.shown and text_of(pilot, "#event-error") == ""


async def test_n_in_the_picks_says_a_pick_is_still_to_be_made(
    store: Store, new_game: NewGame
) -> None:
    """`n`, the next round's word, opened New Vein's dialog for a table that took the round
    for over (a play-test)."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        said = await command(pilot, "n")
        assert said.startswith("Ann still picks: a mine (cm 6) or an event card"), said
        assert pilot.app.screen is screen
        assert "next round once every pick" in said


# -- a question answered only by a key pressed on its own --------------------------------------


class HandClock:
    """The time a test says it is (ConfirmDialog.clock)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def hand_clock(monkeypatch: pytest.MonkeyPatch) -> HandClock:
    clock = HandClock()
    monkeypatch.setattr(ConfirmDialog, "clock", staticmethod(clock))
    return clock


async def ask(pilot, answers: list[bool | None]) -> ConfirmDialog:  # type: ignore[no-untyped-def]
    dialog = ConfirmDialog("Really?", yes="Do it", no="Leave it")
    pilot.app.push_screen(dialog, answers.append)
    await settle(pilot)
    assert pilot.app.screen is dialog
    return dialog


async def test_keys_typed_on_as_a_question_comes_up_answer_nothing(
    store: Store, new_game: NewGame, hand_clock: HandClock
) -> None:
    """y, enter or any letter within a second of the question (or a second and a half of a
    letter that was no answer) neither answers it nor presses a button; the question says
    why; a key pressed on its own then answers."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        answers: list[bool | None] = []
        dialog = await ask(pilot, answers)
        assert text_of(pilot, "#confirm-typed-on") == ""
        for key in ("y", "enter", "space", "n", "c"):
            hand_clock.now += 0.1
            await pilot.press(key)
            assert pilot.app.screen is dialog and answers == [], key
        assert text_of(pilot, "#confirm-typed-on") == (
            "Keys typed as the question came up answer nothing. Read it, then press y (Do it) "
            "or n (Leave it)."
        )
        hand_clock.now += 1.2  # 1.2 s after the last letter: still typing (a slow typist)
        await pilot.press("y")
        assert answers == []
        hand_clock.now += 2.0
        await pilot.press("x")  # pressed on its own, but no answer: the next y waits again
        hand_clock.now += 0.6
        await pilot.press("y")
        assert answers == []
        hand_clock.now += 1.6
        await pilot.press("y")
        await settle(pilot)
        assert answers == [True]
        # a slow typist's command (a key each 0.6 s), its first letter a y: nothing answers
        dialog = await ask(pilot, answers)
        for key in "yuki":
            hand_clock.now += 0.6
            await pilot.press(key)
        assert pilot.app.screen is dialog and answers == [True]


async def test_escape_answers_no_at_once_and_enter_alone_presses_the_focused_button(
    store: Store, new_game: NewGame, hand_clock: HandClock
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        answers: list[bool | None] = []
        await ask(pilot, answers)
        hand_clock.now += 0.05
        await pilot.press("escape")
        await settle(pilot)
        assert answers == [False]
        await ask(pilot, answers)
        hand_clock.now += 2.0
        await pilot.press("enter")  # the focused button: No
        await settle(pilot)
        assert answers == [False, False]


async def test_a_command_typed_on_into_a_question_changes_nothing(
    store: Store, new_game: NewGame, hand_clock: HandClock
) -> None:
    """Coloma's n asks first (the Round's Event and Sites not typed); "yuki bucks +5"
    typed on without looking: the y said nothing, nothing changed; n, read and pressed,
    keeps the game as it was and the field holds the n again."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        await command(pilot, "pools 2 3 4")
        entries = len(screen.session.journal.entries)
        await type_into(pilot, "#command", "n")
        hand_clock.now += 1.0
        await pilot.press("enter")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmDialog)
        for key in "yuki bucks +5":
            hand_clock.now += 0.08
            await pilot.press(key)
        hand_clock.now += 0.08
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is dialog
        assert len(screen.session.journal.entries) == entries
        hand_clock.now += 2.0
        await pilot.press("n")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert len(screen.session.journal.entries) == entries
        assert screen.query_one("#command", Input).value == "n"


def test_a_lists_filter_finds_a_name_by_its_letters() -> None:
    """`joe` found nothing for "🤠Joe" in the Holdup's list (a play-test)."""
    from screens.mine_picker import matches, search_key

    assert matches("joe", search_key("🤠Joe"))
    assert matches("🤠", search_key("🤠Joe"))
    assert matches("jo cm", search_key("🤠Joe's Cold Mountain 7"))
    assert not matches("7", search_key("Cold Mountain 17"))


async def test_a_correction_to_the_value_it_has_is_refused(store: Store, new_game: NewGame) -> None:
    """Cubes corrected to the cubes they were went in as a change, "(was 2 3 5)" (a
    play-test): nothing to correct, said beside the value; nothing is written."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        written = len(screen.session.journal)
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        assert dialog.query_one("#what", Select).value == "0:bucks"
        await type_into(pilot, "#value", "2")  # Ann's Bucks are 2
        await type_into(pilot, "#reason", "recounted")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert pilot.app.screen is dialog
        assert text_of(pilot, "#error-value") == "That is what it is already: nothing to correct."
        assert len(screen.session.journal) == written
        await type_into(pilot, "#value", "+0")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert pilot.app.screen is dialog and len(screen.session.journal) == written


async def test_a_yes_typed_with_the_key_that_asks_answers_nothing(
    store: Store, new_game: NewGame, hand_clock: HandClock
) -> None:
    """`dy` typed at once on the home screen deleted the game unasked: the `y` reached the
    question before it was mounted, when it still counted its time from zero (a play-test).
    The question's time runs from its making."""
    session = new_game()
    hand_clock.now = 100.0
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        send_keys(pilot, "dy")  # in one burst, as a terminal sends them (Pilot waits between)
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert session.path.exists()
        hand_clock.now += 2.0  # pressed on its own, read first: it answers
        await pilot.press("y")
        await settle(pilot)
        assert not session.path.exists()


async def test_a_tab_typed_in_a_burst_moves_on_in_its_turn(store: Store, new_game: NewGame) -> None:
    """`3 3 5` tab `recount` sent at once gave the value `3 3 5recount`: tab, a binding,
    ran once the key had bubbled up, after the keys behind it were in the field (a
    play-test). It moves the focus in its turn."""
    session = new_game()
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, CorrectionDialog)
        send_keys(pilot, "+2\trecount")  # in one burst, as a terminal sends them
        await settle(pilot)
        assert dialog.query_one("#value", Input).value == "+2"
        assert dialog.query_one("#reason", Input).value == "recount"
        assert pilot.app.focused is dialog.query_one("#reason")


async def test_typing_while_the_help_is_open_is_said_to_go_nowhere(
    store: Store, new_game: NewGame
) -> None:
    """A command typed with the help open was lost without a word (a play-test)."""
    session = new_game()
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press(*"bo")
        await settle(pilot)
        said = [
            str(n.message) for n in pilot.app._notifications if "help is open" in str(n.message)
        ]
        assert said == [
            "The help is open: what is typed here goes nowhere. escape (or q) closes it."
        ]


async def test_the_event_dialog_says_what_each_card_asks_and_does(
    store: Store, new_game: NewGame
) -> None:
    """Read as a new player (a play-test): every list's filter said "a name, a town, a
    number" (the Holdup lists only players, the Saloon only towns); a card with nothing to
    choose said only "ctrl+g plays it" (the Mustang and the Telegraph are kept, not played
    at once); and `saloon` left Saloon Girls too, so "type more" could never take the
    Saloon. Each says what it lists and what it does, and the name typed in full is taken."""
    from screens.event_card import EventCard

    session = boomtown_in_the_picks(new_game)
    said: dict[str, tuple[str, str]] = {}
    for card in ("saloon", "holdup", "mustang", "telegraph", "card_shark", "stagecoach"):
        async with make_app(store).run_test(size=(80, 24)) as pilot:
            dialog = await open_event_card(pilot, session)
            send_keys(pilot, card.replace("_", " "))
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(dialog, EventCard) and not dialog.choosing and dialog.card == card
            field = dialog.query_one("#event-filter", Input)
            hint = field.placeholder if field.display else ""
            said[card] = (text_of(pilot, "#choice-label"), hint)
            assert dialog.query_one("#event-box").region.bottom <= 24
    assert said["saloon"] == (
        "Which town",
        "type to filter: a town, cc or coyote (down: to the list)",
    )
    assert said["holdup"][1] == "type to filter: a name (down: to the list)"
    assert said["mustang"][0] == (
        "Mustang: kept; once, Ann picks right after the auction winner (type m then). "
        "ctrl+g takes it."
    )
    assert said["telegraph"][0] == (
        "Telegraph: kept; once, right after a production roll, Ann may change one die "
        "(t 2 6 makes die 2 a 6). ctrl+g takes it."
    )
    assert said["card_shark"][0] == (
        "Card Shark: every other player pays the bank 4. ctrl+g plays it."
    )
    assert said["stagecoach"][0] == ("Stagecoach Robbery: +10 gold from the bank. ctrl+g plays it.")


async def test_a_custom_mine_takes_what_was_typed_and_says_where_the_catalog_differs(
    store: Store, new_game: NewGame
) -> None:
    """`cm 2` matched nothing, and the custom row started empty: the town was picked blind,
    and a Cactus Junction 2 of 7 gold went in beside the catalog's 6 without a word (a
    play-test). The town and the roll typed fill the row; a catalog mine's other gold is
    said, and taken at the next enter."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        picker = await open_mine_picker(pilot, session)
        await type_into(pilot, "#mine-filter", "cm 2")  # no Cold Mountain 2 in the catalog
        assert picker.choice.shown == []
        await pilot.press("enter")
        await settle(pilot)
        assert picker.query_one("#custom-town", Select).value == "Cold Mountain"
        assert picker.query_one("#custom-roll", Input).value == "2"
        assert picker.focused is picker.query_one("#custom-value")
        # (Cactus Junction 2 is Cy's since the opening round: San Narciso 2 is still to be
        # had; a custom mine stands for the printed card of its town and number)
        picker.query_one("#custom-town", Select).value = "San Narciso"
        await type_into(pilot, "#custom-value", "7")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is picker
        assert text_of(pilot, "#custom-error") == (
            "The catalog has San Narciso 2 (6 gold): enter (or Take it) again takes "
            "this one in its place."
        )
        picker.query_one("#custom-value").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is not picker
        taken = pilot.app.screen.session.state.mines_of(0)[-1]  # type: ignore[attr-defined]
        assert (taken.town, taken.roll, taken.value) == ("San Narciso", 2, 7)


async def test_a_custom_mine_typed_as_town_roll_and_gold_fills_all_three(
    store: Store, new_game: NewGame
) -> None:
    """`cj 2 7` in the filter put the 7 in the roll (a play-test): three things typed are the
    town, the roll and the gold, and enter in the gold (with the catalog's other gold said
    first) takes that mine."""
    session = boomtown_in_the_picks(new_game)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        picker = await open_mine_picker(pilot, session)
        await type_into(pilot, "#mine-filter", "sn 2 7")
        assert picker.choice.shown == []
        await pilot.press("enter")
        await settle(pilot)
        assert picker.query_one("#custom-town", Select).value == "San Narciso"
        assert picker.query_one("#custom-roll", Input).value == "2"
        assert picker.query_one("#custom-value", Input).value == "7"
        assert picker.focused is picker.query_one("#custom-value")
        await pilot.press("enter", "enter")  # the catalog's 6 gold said, then taken
        await settle(pilot)
        assert pilot.app.screen is not picker
        taken = pilot.app.screen.session.state.mines_of(0)[-1]  # type: ignore[attr-defined]
        assert (taken.town, taken.roll, taken.value) == ("San Narciso", 2, 7)


async def test_the_questions_footer_says_the_words_of_its_buttons(
    store: Store, new_game: NewGame
) -> None:
    """The footer said "y Yes  n No" under the buttons "Delete (y)" and "Keep (n)" (a
    play-test): each key is described with its button's word."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        dialog = ConfirmDialog("Delete the game?", yes="Delete", no="Keep")
        pilot.app.push_screen(dialog)
        await settle(pilot)
        keys = {
            key.key: key.description
            for key in dialog.query_one(SteadyFooter).query_children(FooterKey)
        }
        assert keys["y"] == "Delete" and keys["n"] == "Keep", keys
        assert str(dialog.query_one("#yes", Button).label) == "Delete (y)"
        assert str(dialog.query_one("#no", Button).label) == "Keep (n)"
        # another question keeps its own words (the class's bindings are not changed)
        assert {
            b.description for b in ConfirmDialog._merged_bindings.get_bindings_for_key("y")
        } == {"Yes"}


async def test_a_choice_of_two_answers_and_not_yet_each_by_its_key(
    store: Store, new_game: NewGame, hand_clock: HandClock
) -> None:
    """A question with two answers and no (Calamityville's gold: the red card read, or a new
    one): y, a and n answer only pressed on their own, as a yes/no question's keys do; the
    footer lists them in the buttons' order, with the buttons' words."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, session)
        answers: list[bool | str | None] = []

        async def choose() -> ChoiceDialog:
            dialog = ChoiceDialog("Which?", yes="That card", another="A new card", no="Not yet")
            pilot.app.push_screen(dialog, answers.append)
            await settle(pilot)
            assert pilot.app.screen is dialog
            return dialog

        dialog = await choose()
        keys = [
            (key.key, key.description)
            for key in dialog.query_one(SteadyFooter).query_children(FooterKey)
            if key.key in ("y", "a", "n")
        ]
        assert keys == [("y", "That card"), ("a", "A new card"), ("n", "Not yet")]
        hand_clock.now += 0.1
        await pilot.press("a")  # typed on as it came up: no answer
        assert pilot.app.screen is dialog and answers == []
        assert text_of(pilot, "#confirm-typed-on") == (
            "Keys typed as the question came up answer nothing. Read it, then press "
            "y (That card), a (A new card) or n (Not yet)."
        )
        hand_clock.now += 2.0
        await pilot.press("a")
        await settle(pilot)
        assert answers == [ChoiceDialog.ANOTHER]
        for key, answer in (("y", True), ("n", False), ("escape", False)):
            await choose()
            hand_clock.now += 2.0
            await pilot.press(key)
            await settle(pilot)
            assert answers[-1] == answer, key
        await choose()
        hand_clock.now += 2.0
        await pilot.press("shift+tab")  # from Not yet to A new card, enter presses it
        hand_clock.now += 2.0
        await pilot.press("enter")
        await settle(pilot)
        assert answers[-1] == ChoiceDialog.ANOTHER
        # a yes/no question has no a
        answers.clear()
        dialog = await ask(pilot, answers)
        hand_clock.now += 2.0
        await pilot.press("a")
        assert pilot.app.screen is dialog and answers == []
