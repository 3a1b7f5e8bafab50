"""Keys typed right behind a game screen's key that opens a dialog or a screen (ctrl+f, f3,
f1, Boomtown's ctrl+s, ctrl+l and ctrl+t, Builders' ctrl+t, Calamityville's ctrl+g) go to
what it opens, in order, never into the game's command field (ctrl+o, 999, enter, "big
win" typed in one go put the number and the reason there: a play-test; ctrl+o's own test is
in test_correction_dialog_what.py). Each test sends all its keys before any is handled, as a
table typing on does."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Select

from companion.store import Store
from screens.boomtown import BoomtownScreen
from screens.builders import BuildersScreen
from screens.calamityville import CalamityvilleScreen
from screens.charts import GameCharts
from screens.coloma import ColomaScreen
from screens.confirm import ConfirmDialog
from screens.correction import CorrectionDialog
from screens.dialog import Dialog
from screens.event_card import EventCard
from screens.game import GameScreen
from screens.help import HelpScreen
from screens.mine_picker import MinePicker
from screens.scoring import ScoringWizard
from screens.split_calculator import SplitCalculator
from screens.track_calculator import TrackCalculator
from screens.widgets.no_scroll import SteadyInput
from tests.conftest import NewGame
from tests.screens.helpers import key_event, make_app, open_screen, settle, text_of

SIZE = (80, 24)


async def typed_ahead(pilot: Pilot, *keys: str) -> Screen:
    """`keys` all sent before any is handled; the screen on top once they have been."""
    for key in keys:
        pilot.app.post_message(key_event(pilot.app, key))
    await settle(pilot)
    return pilot.app.screen


def command_typed(screen: GameScreen) -> str:
    return screen.query_one("#command", Input).value


async def test_ctrl_f_then_the_first_answers_go_to_the_wizard(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+f, `5x1`, enter, `3x2` in one go: Ann's investment 5x1, Bo's 3x2, the command
    field empty (Builders with no board typed: the wizard opens without asking)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        wizard = await typed_ahead(pilot, "ctrl+f", *"5x1", "enter", *"3x2")
        assert isinstance(wizard, ScoringWizard)
        answers = [wizard.query_one(f"#answer-{seat}", Input).value for seat in range(2)]
        assert answers == ["5x1", "3x2"]
        assert wizard.focused is wizard.query_one("#answer-1")
        assert command_typed(screen) == ""


async def test_ctrl_f_and_ctrl_g_asking_first_take_no_letters_into_the_command_field(
    store: Store, new_game: NewGame
) -> None:
    """Before the game's end ctrl+f asks first (and Calamityville's ctrl+g asks whether the
    gold ran out): letters typed on behind it reach the question (which takes them for
    typing that went on, as it does) and not the game's command field."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        question = await typed_ahead(pilot, "ctrl+f", *"bo 5")
        assert isinstance(question, ConfirmDialog)
        assert command_typed(screen) == ""
        assert question.query_one("#confirm-typed-on").display  # "answer nothing" said
        await typed_ahead(pilot, "escape", *"cy 3")  # no; what follows is the table's again
        assert pilot.app.screen is screen and command_typed(screen) == "cy 3"


async def test_calamityville_ctrl_g_then_letters_go_to_its_question(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+g (the gold runs out?) then `bo 5`: the question takes them (for typing that went
    on), the command field nothing; n and `cy` typed on answer no and type in the field."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    for _ in range(29):  # the Boom cards read: the gold may run out
        session.act(session.rules.newspaper(session.state))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        question = await typed_ahead(pilot, "ctrl+g", *"bo 5")
        assert isinstance(question, ConfirmDialog)
        assert command_typed(screen) == ""
        question.clock = lambda: 1e9  # (read, then answered: not typing that went on)
        await typed_ahead(pilot, "n", *"cy")
        assert pilot.app.screen is screen and command_typed(screen) == "cy"
        assert not screen.state.gold_out


@pytest.mark.parametrize(("key", "opened"), [("f3", GameCharts), ("f1", HelpScreen)])
async def test_f3_or_f1_then_letters_go_to_what_it_opens_not_to_the_command_field(
    store: Store, new_game: NewGame, key: str, opened: type[Screen]
) -> None:
    """f3 (or f1) then `bo 5`: the charts (or the help) show, nothing is typed as a
    command; escape and `cy` typed on close them and type in the field."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        shown = await typed_ahead(pilot, key, *"bo 5")
        assert isinstance(shown, opened)
        assert command_typed(screen) == ""
        await typed_ahead(pilot, "escape", *"cy")
        assert pilot.app.screen is screen and command_typed(screen) == "cy"


async def test_boomtown_ctrl_s_then_the_bid_goes_to_the_split_calculator(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+s, `35`, escape, `bo` in one go: the bid was 35 (the 0 it opened with
    replaced), and `bo`, after the calculator closed, is in the command field."""
    session = new_game(names=("Ann", "Bo", "Cy", "Di", "Ed"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BoomtownScreen)
        shown: list[str] = []
        calculator = await typed_ahead(pilot, "ctrl+s", *"35")
        assert isinstance(calculator, SplitCalculator)
        shown.append(calculator.query_one("#split-bid", Input).value)
        assert shown == ["35"] and command_typed(screen) == ""
        await typed_ahead(pilot, "ctrl+u", *"9", "escape", *"bo")
        assert pilot.app.screen is screen and command_typed(screen) == "bo"


async def _at_the_picks(pilot: Pilot, new_game: NewGame) -> BoomtownScreen:
    """Round 2 of four players, Ann won at 1 and paid: the picks wait for Ann."""
    from tests.core.test_boomtown import OPENING, Table

    table = Table(new_game(names=("Ann", "Bo", "Cy", "Di"), first=0))
    table.round(0, 0, *OPENING)
    table.auction(0, 1)
    screen = await open_screen(pilot, table.session, BoomtownScreen)
    assert screen.state.phase == "picks"
    return screen


async def test_boomtown_ctrl_l_then_the_filter_goes_to_the_mine_list(
    store: Store, new_game: NewGame
) -> None:
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await _at_the_picks(pilot, new_game)
        picker = await typed_ahead(pilot, "ctrl+l", *"cold")
        assert isinstance(picker, MinePicker)
        assert picker.query_one("#mine-filter", Input).value == "cold"
        assert command_typed(screen) == ""


async def test_boomtown_ctrl_t_then_the_filter_goes_to_the_event_cards(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+t, `dyn` in one go: the list of cards filtered by it; then enter takes it."""
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await _at_the_picks(pilot, new_game)
        dialog = await typed_ahead(pilot, "ctrl+t", *"dyn")
        assert isinstance(dialog, EventCard)
        assert dialog.query_one("#event-filter", Input).value == "dyn"
        assert command_typed(screen) == ""
        await typed_ahead(pilot, "enter")
        assert dialog.card == "dynamite" and not dialog.choosing


async def test_builders_ctrl_t_then_the_votes_go_to_the_track_calculator(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        calculator = await typed_ahead(pilot, "ctrl+t", *"3")
        assert isinstance(calculator, TrackCalculator)
        assert calculator.focused is calculator.query_one("#calc-left")
        assert calculator.query_one("#calc-left", Input).value == "3"
        assert command_typed(screen) == ""


async def test_y_to_ctrl_f_s_question_then_the_answers_go_to_the_wizard(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+f before the game's end asks first; y (the question read) then `12` typed in one
    go: the wizard opens with Ann's answer 12, nothing in the command field (the keys behind
    the y reached the question once it had closed, and were lost)."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        question = await typed_ahead(pilot, "ctrl+f")
        assert isinstance(question, ConfirmDialog)
        question.clock = lambda: 1e9  # (read, then answered: not typing that went on)
        wizard = await typed_ahead(pilot, "y", *"12")
        assert isinstance(wizard, ScoringWizard)
        assert wizard.query_one("#answer-0", Input).value == "12"
        assert command_typed(screen) == ""


async def test_a_command_enter_and_ctrl_z_in_one_go_undo_that_command(
    store: Store, new_game: NewGame
) -> None:
    """`ann bucks +1`, enter, ctrl+z typed in one go undid the change before (the Clean
    Up: the game went back a Round) and then did the +1 (a play-test): ctrl+z ran as it
    reached the app, before the keys ahead of it. In turn: the +1 done, then undone; and
    ctrl+y behind it does it again."""
    from companion.amounts import parse_amount

    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.adjust(session.state, 1, "bucks", parse_amount("+3")))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        before = [dict(numbers) for numbers in screen.session.state.numbers]
        await typed_ahead(pilot, *"ann bucks +1", "enter", "ctrl+z")
        assert screen.session.state.numbers == before  # Bo's +3 still there
        assert screen.session.journal.effective_count == 1
        await typed_ahead(pilot, "ctrl+y", *"bo bucks +2", "enter", "ctrl+z", "ctrl+y")
        numbers = screen.session.state.numbers
        assert numbers[0]["bucks"] == before[0]["bucks"] + 1
        assert numbers[1]["bucks"] == before[1]["bucks"] + 2
        assert command_typed(screen) == ""


async def test_calamityville_ctrl_n_then_a_command_are_done_in_that_order(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+n (a newspaper card read) and `pay ann bo 1 rent` typed in one go were logged the
    payment first (a play-test): in turn, the card, then the payment."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        await typed_ahead(pilot, "ctrl+n", *"pay ann bo 1 rent", "enter")
        kinds = [entry.kind for entry in screen.session.journal.entries]
        assert len(kinds) == 2 and kinds[0] != kinds[1], kinds
        texts = [entry.text for entry in screen.session.journal.entries]
        assert "newspaper" in texts[0].lower() or "card" in texts[0].lower(), texts


async def test_a_choice_in_ctrl_o_s_what_then_the_value_and_the_reason_typed_on(
    store: Store, new_game: NewGame
) -> None:
    """In ctrl+o's open What list, `bo`, enter (Bo's money), `1450`, enter, `miscount`,
    enter typed in one go: What showed the choice, the value and the reason stayed empty
    and nothing was recorded (the keys behind the enter went to the list, which had the
    focus when they came: a play-test). In turn: Bo's money is 1450, for "miscount"."""
    from tests.screens.test_correction_dialog_what import four_players

    session = four_players(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        dialog = await typed_ahead(pilot, "ctrl+o")
        assert isinstance(dialog, CorrectionDialog)
        what = dialog.query_one("#what", Select)
        await typed_ahead(pilot, "shift+tab")
        await typed_ahead(pilot, "enter")
        assert what.expanded
        keys = [*"bo", "enter", *"1450", "enter", *"miscount", "enter"]
        after = await typed_ahead(pilot, *keys)
        assert after is screen, (what.value, dialog.query_one("#value", Input).value)
        last = screen.session.journal.effective()[-1]
        assert last.text.endswith(": miscount")
        assert screen.session.state.numbers[1]["money"] == 1450
        assert command_typed(screen) == ""


async def test_ctrl_o_s_what_opened_chosen_and_typed_on_all_in_one_go(
    store: Store, new_game: NewGame
) -> None:
    """The same typed from the value in one go, the list opened by the enter among them:
    shift+tab, enter, `bo`, enter, `1450`, enter, `miscount`, enter."""
    from tests.screens.test_correction_dialog_what import four_players

    session = four_players(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        keys = ["ctrl+o", "shift+tab", "enter", *"bo", "enter", *"1450", "enter", *"miscount"]
        dialog = await typed_ahead(pilot, *keys, "enter")
        assert dialog is screen
        assert screen.session.journal.effective()[-1].text.endswith(": miscount")
        assert screen.session.state.numbers[1]["money"] == 1450
        assert command_typed(screen) == ""


async def test_boomtown_enter_in_the_mine_list_takes_the_mine_in_its_turn(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+l, `cm 6`, enter and the next keys typed at once: the enter acted after the keys
    typed behind it had gone into the filter (a play-test). In turn: the mine highlighted
    at the enter is Ann's, the picker closes, and the keys behind go to the command field."""
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await _at_the_picks(pilot, new_game)
        mines = len(screen.state.mines_of(0))
        after = await typed_ahead(pilot, "ctrl+l", *"cm 6", "enter", *"bo")
        assert after is screen
        taken = screen.state.mines_of(0)
        assert len(taken) == mines + 1
        assert (taken[-1].town, taken[-1].roll) == ("Cold Mountain", 6), taken[-1]
        assert command_typed(screen) == "bo"


async def test_boomtown_a_mine_taken_then_ctrl_l_again_lists_for_the_next_picker(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+l, `cm 6`, enter, ctrl+l, `cold` typed at once: Ann takes Cold Mountain 6, and
    the second list is the next picker's, filtered by `cold` (the pick done in its turn,
    before the keys behind it)."""
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await _at_the_picks(pilot, new_game)
        mines = len(screen.state.mines_of(0))
        after = await typed_ahead(pilot, "ctrl+l", *"cm 6", "enter", "ctrl+l", *"cold")
        assert isinstance(after, MinePicker)
        assert len(screen.state.mines_of(0)) == mines + 1
        assert after.who == screen.state.name(screen.state.next_picker)
        assert after.who != "Ann"
        assert after.query_one("#mine-filter", Input).value == "cold"
        assert command_typed(screen) == ""


async def test_boomtown_holdup_enter_then_keys_go_to_the_event_card(
    store: Store, new_game: NewGame
) -> None:
    """`holdup`, enter and `cy` typed in one go: the card's dialog opens at the enter and
    `cy` filters whom it is played on; none of it is in the command field."""
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await _at_the_picks(pilot, new_game)
        dialog = await typed_ahead(pilot, *"holdup", "enter", *"cy")
        assert isinstance(dialog, EventCard) and dialog.card == "holdup"
        assert dialog.query_one("#event-filter", Input).value == "cy"
        assert "cy" not in command_typed(screen)


async def test_boomtown_a_holdup_typed_whole_in_one_go(store: Store, new_game: NewGame) -> None:
    """`holdup` enter `cy` enter `7` tab `4 4` enter `bo` in one go: the card played on Cy
    (named 7, rolled 8: Cy pays Ann 7), and `bo` in the command field."""
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await _at_the_picks(pilot, new_game)
        keys = [*"holdup", "enter", *"cy", "enter", "7", "tab", "4", "space", "4", "enter"]
        after = await typed_ahead(pilot, *keys, *"bo")
        assert after is screen
        assert "Cy pays Ann 7" in screen.session.journal.effective()[-1].text
        assert command_typed(screen) == "bo"


async def test_calamityville_gold_enter_then_keys_go_to_its_question(
    store: Store, new_game: NewGame
) -> None:
    """`gold`, enter, `bo 5` in one go: the question takes them (typing that went on), not
    the command field; n and `cy` typed on answer no and type in the field."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"), first=0)
    for _ in range(29):  # the Boom cards read: the gold may run out
        session.act(session.rules.newspaper(session.state))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        question = await typed_ahead(pilot, *"gold", "enter", *"bo 5")
        assert isinstance(question, ConfirmDialog)
        assert "bo" not in command_typed(screen)
        assert question.query_one("#confirm-typed-on").display
        question.clock = lambda: 1e9  # (read, then answered: not typing that went on)
        await typed_ahead(pilot, "n", *"cy")
        assert pilot.app.screen is screen and command_typed(screen) == "cy"
        assert not screen.state.gold_out


async def test_coloma_n_that_asks_then_keys_go_to_its_question(
    store: Store, new_game: NewGame
) -> None:
    """`n` (the Event and the Sites not typed: it asks first), enter, `event` typed in one
    go: the question takes them, not the command field; escape and `event` enter typed on
    say no and record the Event."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        await typed_ahead(pilot, *"pools 2 3 4", "enter")
        question = await typed_ahead(pilot, "n", "enter", *"event")
        assert isinstance(question, ConfirmDialog)
        assert command_typed(screen) == "n"
        await typed_ahead(pilot, "escape", *"event", "enter")
        assert pilot.app.screen is screen and command_typed(screen) == ""
        assert screen.state.round == 1 and screen.state.event_done


async def test_down_down_enter_in_ctrl_o_s_open_what_take_the_third_option(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+o, shift+tab, enter (What's list open), down, down, enter in one go took the
    first option (the downs, bindings, ran once they had bubbled up, after the enter had
    taken the option highlighted then: a review); one at a time they take the third. In
    turn: the third, as one at a time, and the focus on to the value."""
    from tests.screens.test_correction_dialog_what import four_players

    session = four_players(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        one_at_a_time: list[object] = []
        for key in ("ctrl+o", "shift+tab", "enter", "down", "down", "enter"):
            dialog = await typed_ahead(pilot, key)
        assert isinstance(dialog, CorrectionDialog)
        one_at_a_time.append(dialog.query_one("#what", Select).value)
        await typed_ahead(pilot, "escape")
        dialog = await typed_ahead(
            pilot, "ctrl+o", "shift+tab", "enter", "down", "down", "enter", *"12"
        )
        assert isinstance(dialog, CorrectionDialog)
        what = dialog.query_one("#what", Select)
        assert one_at_a_time == ["2:money"]
        assert what.value == "2:money" and not what.expanded
        assert dialog.query_one("#value", Input).value == "12"


async def test_end_up_and_home_in_ctrl_o_s_open_what_in_their_turn(
    store: Store, new_game: NewGame
) -> None:
    """The list's other keys run in their turn too: end, up, enter takes the one before
    the last; home, down, enter the second."""
    from tests.screens.test_correction_dialog_what import four_players

    session = four_players(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, CalamityvilleScreen)
        dialog = await typed_ahead(pilot, "ctrl+o", "shift+tab", "enter", "end", "up", "enter")
        assert isinstance(dialog, CorrectionDialog)
        what = dialog.query_one("#what", Select)
        options = [value for _, value in what._options]
        assert what.value == options[-2]
        await typed_ahead(pilot, "shift+tab", "enter", "home", "down", "enter")
        assert what.value == options[1]


async def test_escape_escape_in_ctrl_o_s_open_what_close_it_and_the_dialog(
    store: Store, new_game: NewGame
) -> None:
    """escape, escape, `ab` in one go into ctrl+o's open What list left the dialog open and
    lost `ab` (the escapes, bindings, ran once they had bubbled up: a review); one at a
    time, the first closes the list, the second the dialog, and `ab` is typed in the
    command field. In turn: the same."""
    from tests.screens.test_correction_dialog_what import four_players

    session = four_players(new_game)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, CalamityvilleScreen)
        dialog = await typed_ahead(pilot, "ctrl+o", "shift+tab", "enter")
        assert isinstance(dialog, CorrectionDialog)
        assert dialog.query_one("#what", Select).expanded
        after = await typed_ahead(pilot, "escape", "escape", *"ab")
        assert after is screen
        assert command_typed(screen) == "ab"


class _QuitOnQ(Dialog, ModalScreen[None]):
    """A dialog with a field whose `q` closes it when no field has the focus (as the help's
    and the charts' q: `KEYS_IN_TURN` for its `Dialog.on_key`)."""

    BINDINGS = [Binding("q,escape", "close", "Close")]
    KEYS_IN_TURN = ("escape", "q")

    def compose(self) -> ComposeResult:
        yield SteadyInput(id="field")

    def on_mount(self) -> None:
        self.set_focus(self.query_one("#field", Input))

    def action_close(self) -> None:
        self.dismiss()


async def test_a_letter_of_a_dialog_s_keys_in_turn_is_typed_in_its_field() -> None:
    """A field runs its screen's keys in turn (`KEYS_IN_TURN`) before it sees them, so a
    letter among them (q, which closes the help or the charts when no field has the focus)
    was never typed in a field: the dialog closed at the q of "quartz" (a review). Only keys
    that type no character are run so: the q is typed, escape still closes it in turn."""

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(_QuitOnQ())

    async with Host().run_test(size=SIZE) as pilot:
        dialog = await typed_ahead(pilot, *"quartz")
        assert isinstance(dialog, _QuitOnQ)
        assert dialog.query_one("#field", Input).value == "quartz"
        after = await typed_ahead(pilot, "escape")
        assert not isinstance(after, _QuitOnQ)


async def test_each_key_is_looked_at_once_for_a_move_of_the_focus(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a key came once the focus had moved on (`passed_to_focus`) is asked once per
    key: a name field, a colour list and the game's command field asked it twice or more
    (their own handler, then the one they derive from: a review)."""
    import screens.new_game
    import screens.widgets.command_input
    import screens.widgets.no_scroll
    import screens.widgets.select
    from tests.screens.test_new_game import open_dialog

    asked: list[str] = []
    original = screens.widgets.no_scroll.passed_to_focus

    def counted(widget: object, event: events.Key) -> bool:
        asked.append(event.key)
        return original(widget, event)  # type: ignore[arg-type]

    for module in (
        screens.widgets.no_scroll,
        screens.widgets.select,
        screens.widgets.command_input,
        screens.new_game,
    ):  # (wherever it is called from)
        monkeypatch.setattr(module, "passed_to_focus", counted, raising=False)
    async with make_app(store).run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        await typed_ahead(pilot, *"Ann")  # a name
        assert asked == list("Ann")
        asked.clear()
        dialog.set_focus(dialog.query_one("#colour-0", Select))
        await typed_ahead(pilot, "space")  # a colour: its list opens
        assert asked == ["space"]
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, ColomaScreen)
        asked.clear()
        await typed_ahead(pilot, *"bo")  # the command field
        assert asked == list("bo")


async def test_a_command_done_then_one_refused_in_one_go_keep_the_refusal_in_sight(
    store: Store, new_game: NewGame
) -> None:
    """`ann bucks +1`, enter, `zzz`, enter typed in one go: the refusal of `zzz` was wiped
    by the field's change events of the typing before it, which reached the screen after
    both commands were done (a play-test: the line under the field blank, the command
    stuck in it without a word)."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        await typed_ahead(pilot, *"ann bucks +1", "enter", *"zzz", "enter")
        assert screen.session.state.numbers[0]["bucks"] == 3
        assert command_typed(screen) == "zzz"
        said = screen.query_one("#command-error")
        assert "zzz" in str(said.render()), str(said.render())


async def test_the_board_and_its_arrows_typed_in_one_go_are_both_remembered(
    store: Store, new_game: NewGame
) -> None:
    """The board's size is written to the settings after its frame, the arrows typed right
    behind it at once: each write keeps what the other wrote."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        await typed_ahead(pilot, *"board 10x5", "enter", *"arrows 1 < . . . >", "enter")
        assert screen.state.arrows[1] == ["<", "", "", "", ">"]
    remembered = store.read_settings()["builders"]
    assert remembered["board"] == [5] * 10
    assert remembered["arrows"] == {"1": "< . . . >"}


async def test_the_board_typed_right_before_ctrl_q_is_remembered(
    store: Store, new_game: NewGame
) -> None:
    """ctrl+q typed right behind the board's enter quits before the board's frame: its size
    is remembered as the game is left (it is written after the frame otherwise)."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_screen(pilot, session, BuildersScreen)
        for key in (*"board 10x5", "enter", "ctrl+q"):
            pilot.app.post_message(key_event(pilot.app, key))
        await settle(pilot)
    assert [entry.kind for entry in store.read_game(session.path).entries][-1:] == ["board"]
    assert store.read_settings()["builders"]["board"] == [5] * 10


@pytest.mark.parametrize(
    ("game", "typed", "said"),
    [
        ("calamityville", "pay bo cy 5 rent", "Done: Bo pays Cy $5: rent."),
        ("coloma", "ann bucks 5", "Done: Ann +3 Bucks (2 → 5)."),
    ],
)
async def test_a_command_typed_in_one_go_with_its_enter_says_it_is_done(
    game: str, typed: str, said: str, store: Store, new_game: NewGame
) -> None:
    """At 80x24 (the log out of sight) the line under the field says what a command did;
    typed in one go with its enter, the changes of its typing came after it was done, and
    the previews they made (what a payment or a number set would do) took that line away:
    Calamityville never said "Done:" in a play-test typing quickly."""
    session = new_game(game=game, names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await typed_ahead(pilot, *typed, "enter")
        assert text_of(pilot, "#command-error") == said
        assert command_typed(screen) == ""


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("pay ann bo 99999999999", "The amount is too large (at most 999,999,999)."),
        ("pay ann bo -5", "The amount must be 1 or more (not -5)."),
        ("rent bo bank 300 bonus", "No bank $300 in play."),
    ],
)
async def test_a_command_refused_in_one_go_with_its_enter_says_why(
    typed: str, why: str, store: Store, new_game: NewGame
) -> None:
    """Refused at its enter, then the change events of its typing came, and the preview of
    that text, which says nothing for an amount it cannot read, took the reason away: the
    line under the field stayed blank (a play-test)."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, GameScreen)
        await typed_ahead(pilot, *typed, "enter")
        assert command_typed(screen) == typed  # refused: it stays to be put right
        assert text_of(pilot, "#command-error") == why
        assert len(session.journal) == len(store.read_game(session.path).entries)
