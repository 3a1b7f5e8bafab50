"""The new-game dialog: every validation message beside its field; nothing until valid."""

from __future__ import annotations

from textual import events
from textual.widgets import Button, Checkbox, Input, Select, Static

from companion.session import GameSession
from companion.setup import SetupForm, build_header
from companion.store import Store
from screens.confirm import ConfirmDialog
from screens.game import GameScreen
from screens.help import HelpScreen
from screens.new_game import NewGameScreen
from tests.conftest import NewGame
from tests.screens.helpers import (
    SIZE,
    make_app,
    send_enter,
    send_keys,
    settle,
    text_of,
    type_into,
)
from tests.screens.test_fast_widgets import layouts_during


async def open_dialog(pilot) -> NewGameScreen:  # type: ignore[no-untyped-def]
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)
    return pilot.app.screen


async def test_every_message_is_shown_beside_its_field_and_nothing_is_created(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(pilot)
        await type_into(pilot, "#name-0", "Ann")
        await type_into(pilot, "#name-1", "x" * 25)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert text_of(pilot, "#error-row-1") == "A name has at most 24 characters (25 typed)."
        assert text_of(pilot, "#error-row-2") == "A name cannot be empty."
        await type_into(pilot, "#name-1", "ANN")
        assert (
            text_of(pilot, "#error-row-1")
            == "'Ann' is already at the table (names ignore case and accents)."
        )
        await type_into(pilot, "#name-1", "Bo")
        await type_into(pilot, "#name-2", "Cy")
        pilot.app.screen.query_one("#colour-2", Select).value = "red"
        await pilot.pause()
        assert text_of(pilot, "#error-row-2") == "Ann already plays red."
        pilot.app.screen.query_one("#colour-2", Select).value = "green"
        pilot.app.screen.query_one("#name-2").focus()
        await pilot.press("ctrl+r")  # remove Cy: two players are too few for Boomtown
        await pilot.pause()
        assert text_of(pilot, "#error-players") == "Boomtown is for 3-5 players (2 at the table)."
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert not store.games_dir.exists() or not any(store.games_dir.iterdir())
        pilot.app.screen.query_one("#game", Select).value = "coloma"  # 2-6 players
        await pilot.pause()
        assert text_of(pilot, "#error-players") == ""
        # put right: the form's notice goes with its problems (it stayed its 5 s after
        # ctrl+l had filled the names: a play-test), and does not sit over the game
        assert not any("form has problems" in n.message for n in pilot.app._notifications)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)
        assert not any("form has problems" in n.message for n in pilot.app._notifications)


async def test_names_typed_in_one_burst_each_reach_their_row(store: Store) -> None:
    """`Dee enter Eve enter Fay` sent at once went into the first name whole, "DeeEveFay"
    (a play-test): enter moves on in its turn among the keys."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.set_focus(dialog.query_one("#name-0", Input))
        await settle(pilot)
        for name in ("Dee", "Eve"):
            send_keys(pilot, name)
            send_enter(pilot)
        send_keys(pilot, "Fay")
        await settle(pilot)
        names = [dialog.query_one(f"#name-{row}", Input).value for row in range(3)]
        assert names == ["Dee", "Eve", "Fay"]


def send_tab(pilot) -> None:  # type: ignore[no-untyped-def]
    key = events.Key("tab", "\t")
    key.set_sender(pilot.app)
    pilot.app.post_message(key)


async def test_a_name_typed_on_a_colour_goes_to_the_next_name(store: Store) -> None:
    """`Ann tab Bo enter Cy enter` lost Bo and Cy and made Ann cyan: the letters fell on the
    closed colour list, the enter opened it and `Cy` picked from it (a play-test). Typed
    at once or key by key, the names reach their rows and the colours stay."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.set_focus(dialog.query_one("#name-0", Input))
        await settle(pilot)
        send_keys(pilot, "Ann")
        send_tab(pilot)
        send_keys(pilot, "Bo")
        send_enter(pilot)
        send_keys(pilot, "Cy")
        send_enter(pilot)
        await settle(pilot)
        names = [dialog.query_one(f"#name-{row}", Input).value for row in range(3)]
        colours = [str(dialog.query_one(f"#colour-{row}", Select).value) for row in range(3)]
        assert (names, colours) == (["Ann", "Bo", "Cy"], ["red", "blue", "green"])
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        # (tab from the last name: the first colour)
        await pilot.press(*"Ann", "tab", *"Bo", "tab", *"Cy", "tab", "z")
        await settle(pilot)
        names = [dialog.query_one(f"#name-{row}", Input).value for row in range(3)]
        assert names == ["Ann", "Bo", "Cy"]
        assert dialog.focused is dialog.query_one("#colour-0")
        assert not dialog.query_one("#colour-0", Select).expanded
        assert str(dialog.query_one("#colour-0", Select).value) == "red"
        hint = "This is a colour: enter opens its list; ctrl+n adds a player."
        assert text_of(pilot, "#error-row-0") == hint  # no next name: said where it was typed
        await pilot.press("tab")
        await settle(pilot)
        assert text_of(pilot, "#error-row-0") == ""
        dialog.set_focus(dialog.query_one("#colour-0", Select))
        await pilot.press("enter", "c", "enter")  # the list open: a letter still finds one
        await settle(pilot)
        assert str(dialog.query_one("#colour-0", Select).value) == "cyan"


async def test_tab_after_the_start_of_a_name_met_before_takes_it_and_moves_on(
    store: Store, new_game: NewGame
) -> None:
    """`An tab Bo tab Cy` (Ann played before) made "AnnBo" and "Cy": the tab took Ann and
    stayed in her name (a play-test)."""
    new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.set_focus(dialog.query_one("#name-0", Input))
        await settle(pilot)
        for typed in ("An", "Bo"):
            send_keys(pilot, typed)
            send_tab(pilot)
        send_keys(pilot, "C")
        send_tab(pilot)
        await settle(pilot)
        names = [dialog.query_one(f"#name-{row}", Input).value for row in range(3)]
        assert names == ["Ann", "Bo", "Cy"]


async def test_seat_order_moves_and_a_chosen_first_player(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        for row, name in enumerate(["Ann", "[bold red]Bo[/]", "Cy"]):
            await type_into(pilot, f"#name-{row}", name)
        screen.query_one("#name-2").focus()
        await pilot.press("ctrl+up")  # Cy moves above Bo
        await pilot.pause()
        await pilot.click("#add")
        await type_into(pilot, "#name-3", "Di")
        screen.query_one("#first", Select).value = 1  # the second seat: Cy after the move
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        state = pilot.app.screen.session.state
        assert [p.name for p in state.players] == ["Ann", "Cy", "[bold red]Bo[/]", "Di"]
        assert state.first_player == 1
        assert state.options == {"leftover": "keep"}


async def test_options_follow_the_game_and_the_player_count(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        assert screen.query_one("#option-boomtown-short_game").display
        assert not screen.query_one("#option-boomtown-leftover-box").display
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert not screen.query_one("#option-boomtown-short_game").display
        assert screen.query_one("#option-boomtown-leftover-box").display
        screen.query_one("#game", Select).value = "coloma"
        await pilot.pause()
        assert screen.query_one("#option-coloma-hotels").display
        assert not screen.query_one("#option-boomtown-leftover-box").display


async def test_an_option_chosen_then_left_out_by_the_player_count_is_said(store: Store) -> None:
    """Mule Duel ticked for two, then ctrl+n: the option went without a word (a play-test)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        screen.query_one("#game", Select).value = "coloma"
        await pilot.pause()
        screen.query_one("#name-0").focus()
        await pilot.press("ctrl+r")  # two players: Mule Duel is offered
        await settle(pilot)
        mule_duel = screen.query_one("#option-coloma-mule_duel", Checkbox)
        assert mule_duel.display and not screen.query_one("#no-options").display
        mule_duel.value = True
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert not mule_duel.display
        said = "Mule Duel (2-player variant) is for 2 players: left out with 3."
        assert text_of(pilot, "#no-options") == said
        assert screen.read_form().options.get("mule_duel") is None
        await pilot.press("ctrl+r")  # back to two: still chosen, nothing to say
        await settle(pilot)
        assert mule_duel.display and mule_duel.value
        assert not screen.query_one("#no-options").display


async def test_a_game_with_options_none_for_this_many_players_says_so(store: Store) -> None:
    """Six at a Boomtown table: "No options for this game.", though they came back with a
    player removed (a play-test). It says none are for six; a game without any says so."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        screen.query_one("#game", Select).value = "boomtown"
        await pilot.pause()
        screen.query_one("#name-0").focus()
        for _ in range(3):  # six players
            await pilot.press("ctrl+n")
        await settle(pilot)
        assert text_of(pilot, "#no-options").startswith("No options for 6 players.")
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert not screen.query_one("#no-options").display
        screen.query_one("#game", Select).value = "calamityville"
        await settle(pilot)
        assert text_of(pilot, "#no-options") == "No options for this game."


async def test_an_option_off_shows_an_empty_box_and_on_a_ticked_one(store: Store) -> None:
    """The play-test: Textual's Checkbox draws an X off and on (only its colour differs),
    so "Short game" read as chosen when it was not. Off is now an empty box."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        box = screen.query_one("#option-boomtown-short_game", Checkbox)

        def drawn() -> str:
            return box.render_line(0).text.strip()

        assert box.value is False and drawn().startswith("\u2590 \u258c Short game")
        box.focus()
        await pilot.press("space")
        await settle(pilot)
        assert box.value is True and drawn().startswith("\u2590X\u258c Short game")
        await pilot.press("space")
        await settle(pilot)
        assert box.value is False and "X" not in drawn()


async def test_a_focused_drop_down_list_stands_out(store: Store) -> None:
    """A focused list (the game, a colour) was told only by a 5% tint: a play-test pressed
    enter on another list than it meant. It is drawn reversed, as a focused button is."""
    from textual.widgets._select import SelectCurrent

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        game = dialog.query_one("#game", Select)
        game.focus()
        await settle(pilot)
        assert game.query_one(SelectCurrent).rich_style.reverse
        dialog.query_one("#name-0", Input).focus()
        await settle(pilot)
        assert not game.query_one(SelectCurrent).rich_style.reverse


async def test_cancel_creates_nothing(store: Store) -> None:
    """Escape closes the dialog at once, names typed or not: what was typed is kept for the
    next n (`test_a_cancelled_form_comes_back_at_the_next_n`), so nothing is asked (the
    question it asked had "Leave" one y away, and the names went with it)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(pilot)
        await type_into(pilot, "#name-0", "Ann")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, (NewGameScreen, ConfirmDialog))
        assert store.list_games().games == []
        await open_dialog(pilot)
        await pilot.press("ctrl+f")  # a fresh form: escape keeps nothing
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, (NewGameScreen, ConfirmDialog))
        assert store.list_games().games == []


def form_shown(dialog: NewGameScreen) -> tuple[object, ...]:
    """What the dialog's form holds: game, names, colours, first player, options."""
    form = dialog.read_form()
    return form.game, form.names, form.colours, form.first, form.options


async def test_a_cancelled_form_comes_back_at_the_next_n(store: Store) -> None:
    """A play-test typed the names, pressed shift+tab twice (onto Cancel), then enter: the
    dialog closed without a word and the names were lost. Cancelling now keeps the form as
    typed for the next n of this run, which says so and how to start afresh (ctrl+f)."""
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        assert not dialog.query_one("#draft-note").display  # a fresh form: no note
        send_keys(pilot, "Ann")
        await pilot.press("enter")
        send_keys(pilot, "Bo")
        await pilot.press("enter")
        send_keys(pilot, "Cy")
        await pilot.press("ctrl+n")  # a fourth player
        send_keys(pilot, "Di")
        await settle(pilot)
        dialog.query_one("#colour-1", Select).value = "white"
        dialog.query_one("#option-boomtown-short_game", Checkbox).value = True
        await settle(pilot)
        dialog.query_one("#first", Select).value = 2
        await settle(pilot)
        typed = form_shown(dialog)
        for _ in range(8):  # shift+tab up to Cancel, then enter
            await pilot.press("shift+tab")
            await settle(pilot)
            if dialog.focused is dialog.query_one("#cancel"):
                break
        assert dialog.focused is dialog.query_one("#cancel")
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, (NewGameScreen, ConfirmDialog))
        said = [str(notice.message) for notice in pilot.app._notifications]
        assert any("n brings it back" in message for message in said), said
        dialog = await open_dialog(pilot)
        await settle(pilot)
        assert form_shown(dialog) == typed
        assert dialog.count == 4
        note = text_of(pilot, "#draft-note")
        assert dialog.query_one("#draft-note").display
        assert "as it was left" in note and "ctrl+f" in note
        await pilot.press("escape")  # put aside again, as it is
        await settle(pilot)
        dialog = await open_dialog(pilot)
        assert form_shown(dialog) == typed
        await pilot.press("ctrl+f")  # afresh: the form a first n shows, the note gone
        await settle(pilot)
        fresh = ("boomtown", ["", "", ""], ["red", "blue", "green"], None, {"short_game": False})
        assert form_shown(dialog) == fresh and dialog.count == 3
        assert not dialog.query_one("#draft-note").display
        assert dialog.focused is dialog.query_one("#name-0")
        await pilot.press("escape")
        await settle(pilot)
        dialog = await open_dialog(pilot)
        assert form_shown(dialog) == fresh
        assert not dialog.query_one("#draft-note").display


async def test_a_game_started_leaves_no_form_to_come_back(store: Store) -> None:
    """A game created from a form brought back: the next n opens a fresh form (ctrl+l
    brings that table back when wanted)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(pilot)
        send_keys(pilot, "Ann")
        await pilot.press("enter")
        send_keys(pilot, "Bo")
        await pilot.press("escape")
        await settle(pilot)
        dialog = await open_dialog(pilot)
        assert dialog.read_form().names == ["Ann", "Bo", ""]
        await type_into(pilot, "#name-2", "Cy")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)
        await pilot.press("escape")  # home
        await settle(pilot)
        dialog = await open_dialog(pilot)
        assert dialog.read_form().names == ["", "", ""]
        assert not dialog.query_one("#draft-note").display


async def test_enter_goes_name_to_name_and_tab_skips_the_small_buttons(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(pilot)
        assert screen.query_one("#name-1", Input).placeholder == "player 2's name"
        send_keys(pilot, "Ann")
        await pilot.press("enter")
        send_keys(pilot, "Bo")
        await pilot.press("tab")  # a name, the next name
        await pilot.pause()
        assert screen.focused is screen.query_one("#name-2")
        send_keys(pilot, "Cy")
        await pilot.press("enter")  # the last name: on to the first player
        await pilot.pause()
        assert screen.focused is screen.query_one("#first")
        assert [screen.query_one(f"#name-{r}", Input).value for r in range(3)] == [
            "Ann",
            "Bo",
            "Cy",
        ]


async def test_help_opens_with_f1_over_the_dialog(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        assert "Same table as last time" not in text_of(pilot, "#help-title")
        assert "New game" in text_of(pilot, "#help-title")
        await pilot.press("f1")  # F1 again closes it
        await pilot.pause()
        assert isinstance(pilot.app.screen, NewGameScreen)


async def test_help_names_colomas_sheriff_beside_the_first_player(store: Store) -> None:
    """The field is labelled Sheriff when Coloma is picked: F1 spoke of the first player
    only (a play-test)."""
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_dialog(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        said = " ".join(pilot.app.screen._text.split())
        assert "to the first player: the Sheriff in Coloma" in said
        assert "The first player (in Coloma the Sheriff, who takes the Sheriff Badge)" in said


async def test_earlier_players_are_offered_and_the_last_table_is_one_key_away(
    store: Store, new_game: NewGame
) -> None:
    new_game(game="coloma", names=("Ann", "Bo"))  # red, blue
    form = SetupForm("coloma", ["Flo", "Cy", "Di"], ["white", "green", "cyan"], 0, {})
    GameSession.create(store, build_header(form)[0])
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        screen.query_one("#name-0").focus()
        send_keys(pilot, "fl")
        await settle(pilot)
        await pilot.press("right")  # takes the offer: Flo, with her colour
        await settle(pilot)
        assert screen.query_one("#name-0", Input).value == "Flo"
        assert screen.query_one("#colour-0", Select).value == "white"
        # tab takes it too (it moved on and left "C": a play-test), and moves on as after a
        # whole name (it stayed, and `An tab Bo` made "AnnBo": a play-test)
        screen.query_one("#name-1").focus()
        send_keys(pilot, "c")
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        assert screen.query_one("#name-1", Input).value == "Cy"
        assert screen.focused is screen.query_one("#name-2")
        # Cy's green came from the third seat, not named yet: it took Cy's blue (Ann,
        # blue last time, stayed red as the second seat started blue: a play-test)
        colours = [screen.query_one(f"#colour-{r}", Select).value for r in range(3)]
        assert colours == ["white", "green", "blue"]
        await type_into(pilot, "#name-1", "Ann")
        assert screen.query_one("#colour-1", Select).value == "red"
        await type_into(pilot, "#name-2", "Zed")  # not met before: its colour stays
        assert screen.query_one("#colour-2", Select).value == "blue"
        await type_into(pilot, "#name-2", "Flo")  # Flo's white is played by a named seat
        assert screen.query_one("#colour-2", Select).value == "blue"
        assert screen.query_one("#game", Select).value == "coloma"  # the last game set up
        screen.query_one("#game", Select).value = "boomtown"
        await pilot.pause()
        await pilot.press("ctrl+l")  # the last table set up: Flo, Cy, Di (at Coloma)
        await pilot.pause()
        assert screen.count == 3
        # the game chosen stays (a play-test: ctrl+l put Coloma back over Boomtown, unsaid;
        # the dialog opens on the last game anyway)
        assert screen.query_one("#game", Select).value == "boomtown"
        names = [screen.query_one(f"#name-{r}", Input).value for r in range(3)]
        colours = [screen.query_one(f"#colour-{r}", Select).value for r in range(3)]
        assert names == ["Flo", "Cy", "Di"] and colours == ["white", "green", "cyan"]
        # on to the first player (a play-test saw the focus on a colour list, and a home,
        # enter typed on gave Di another's colour; not reproduced here: a guard)
        assert pilot.app.focused is screen.query_one("#first")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert pilot.app.screen.session.rules.id == "boomtown"
        assert [p.colour for p in pilot.app.screen.session.state.players] == colours


async def test_without_earlier_games_the_last_table_says_so(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(pilot)
        assert screen.query_one("#same", Button).disabled
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert text_of(pilot, "#error-players") == "No earlier game here: type the players."


async def test_a_row_message_has_the_whole_width_at_80_columns(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(pilot)
        await type_into(pilot, "#name-0", "Ann")
        await type_into(pilot, "#name-1", "ANN")
        await pilot.press("ctrl+s")
        await pilot.pause()
        message = screen.query_one("#error-row-1", Static)
        assert message.display and message.size.width >= 70
        assert "'Ann' is already at the table" in text_of(pilot, "#error-row-1")


async def test_coloma_calls_its_first_player_the_sheriff(store: Store) -> None:
    """Coloma's rules name who goes first the Sheriff; the dialog says so for Coloma only."""
    from textual.widgets import Select, Static

    async with make_app(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = pilot.app.screen
        dialog.query_one("#game", Select).value = "coloma"
        await pilot.pause()
        assert str(dialog.query_one("#first-label", Static).render()) == "Sheriff"
        dialog.query_one("#game", Select).value = "boomtown"
        await pilot.pause()
        assert str(dialog.query_one("#first-label", Static).render()) == "First player"


async def test_a_drawn_first_player_is_named_by_the_games_own_word(store: Store) -> None:
    """Coloma's form calls its first player the Sheriff, and so did the drawn player's
    notice's title, while it said "The app drew Bo to go first." (a play-test): in Coloma
    it says the Sheriff; elsewhere, as before, who goes first."""
    for game, title, said in (
        ("coloma", "Sheriff", "to be the Sheriff."),
        ("boomtown", "First player", "to go first."),
    ):
        async with make_app(store).run_test(size=SIZE) as pilot:
            dialog = await open_dialog(pilot)
            dialog.query_one("#game", Select).value = game
            await settle(pilot)
            for seat, name in enumerate(("Ann", "Bo", "Cy")):
                await type_into(pilot, f"#name-{seat}", name)
            assert dialog.read_form().first is None  # drawn at random
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(pilot.app.screen, GameScreen)
            drawn = [n for n in pilot.app._notifications if "The app drew" in str(n.message)]
            assert len(drawn) == 1, game
            assert drawn[0].title == title
            assert str(drawn[0].message).endswith(said), drawn[0].message


async def test_typing_a_name_lays_nothing_out_and_the_first_player_list_follows(
    store: Store,
) -> None:
    """Each letter of a name checked the whole form and made the first-player list again:
    a layout of the dialog at every key. The list now follows when the name is left."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        await type_into(pilot, "#name-0", "A")
        layouts = layouts_during(pilot.app)
        send_keys(pilot, "nnabel")
        await settle(pilot)
        assert layouts[0] == 0
        assert dialog.query_one("#name-0", Input).value == "Annabel"
        await pilot.press("enter")  # on to the next name: the list follows
        await settle(pilot)
        first = dialog.query_one("#first", Select)
        assert "Annabel" in [str(prompt) for prompt, _ in first._options]


async def test_tab_from_the_last_colour_goes_to_the_first_player(store: Store) -> None:
    """The play-test's tab, tab, enter after the last colour, aiming for the first player,
    added a player twice: the row buttons were in the tab order (their keys are on them)."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        screen.query_one(f"#colour-{screen.count - 1}").focus()
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is screen.query_one("#first")
        count = screen.count
        await pilot.click("#add")  # the mouse still adds a player
        await pilot.pause()
        assert screen.count == count + 1


async def test_an_empty_row_says_how_to_remove_it_when_fewer_players_may_play(
    store: Store,
) -> None:
    """The play-test left row 3 empty for a 2-player Calamityville: "A name cannot be
    empty", and only F1 said that ctrl+r removes a row."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        screen.query_one("#game", Select).value = "calamityville"
        await pilot.pause()
        await type_into(pilot, "#name-0", "Eve")
        await type_into(pilot, "#name-1", "Fay")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert text_of(pilot, "#error-row-2") == (
            "A name cannot be empty: type one, or ctrl+r removes this row."
        )
        # the row with the problem has the focus: ctrl+r removes that one (it removed the
        # row being typed in, Fay's: a play-test)
        assert screen.focused is screen.query_one("#name-2")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.count == 2
        assert [screen.query_one(f"#name-{row}").value for row in range(2)] == ["Eve", "Fay"]


async def test_a_name_is_offered_whatever_case_and_accents_are_typed() -> None:
    """ "zoe" offered nothing for Zoë, and "z" offered "zoë", which tab kept lower-case (a
    play-test): names are offered as spelt."""
    from screens.new_game import NameSuggester

    offer = NameSuggester(["Zoë", "Ann"])
    assert await offer.get_suggestion("zoe") == "Zoë"
    assert await offer.get_suggestion("z") == "Zoë" and await offer.get_suggestion("AN") == "Ann"
    assert await offer.get_suggestion("x") is None


async def test_the_same_table_brings_back_the_last_games_options_for_that_game(
    store: Store,
) -> None:
    """A table repeating an advanced Builders game got the box unticked from ctrl+l (a
    play-test): with the same game chosen, its options come back; another game's stay."""
    form = SetupForm("builders", ["Ann", "Bo"], ["red", "blue"], 0, {"terrain": True})
    GameSession.create(store, build_header(form)[0])
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        assert screen.query_one("#game", Select).value == "builders"
        assert screen.query_one("#option-builders-terrain").value is False  # type: ignore[attr-defined]
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert screen.query_one("#option-builders-terrain").value is True  # type: ignore[attr-defined]
        screen.query_one("#game", Select).value = "boomtown"
        await settle(pilot)
        await pilot.press("ctrl+l")  # another game: its own options as they were
        await settle(pilot)
        assert screen.query_one("#option-boomtown-short_game").value is False  # type: ignore[attr-defined]
        screen.query_one("#game", Select).value = "builders"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GameScreen)
        assert pilot.app.screen.session.state.options.get("terrain") is True


async def test_the_forms_problems_notice_goes_once_the_last_table_fills_it(
    store: Store,
) -> None:
    """ctrl+s on an empty form says it has problems; ctrl+l then filled the names and the
    notice stayed over the form its 5 s (a play-test): it goes with the problems."""
    form = SetupForm("builders", ["Ann", "Bo"], ["red", "blue"], 0, {})
    GameSession.create(store, build_header(form)[0])
    async with make_app(store).run_test(size=SIZE) as pilot:
        await open_dialog(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert any("form has problems" in n.message for n in pilot.app._notifications)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert text_of(pilot, "#error-row-0") == ""
        assert not any("form has problems" in n.message for n in pilot.app._notifications)


async def test_tab_goes_name_to_name_then_the_colours(store: Store) -> None:
    """Tab went name, colour, next name: the names are typed first, so tab goes from a name
    to the next one; the colours come after the last name, then the first player, then the
    options. Shift+tab goes back the same way: from the first player to the last colour,
    from the first name up to the game."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dialog(pilot)
        screen.query_one("#game", Select).value = "boomtown"
        await settle(pilot)
        screen.set_focus(screen.query_one("#name-0", Input))
        await pilot.press("ctrl+n")  # a fourth player: the order follows the rows shown
        await settle(pilot)
        screen.set_focus(screen.query_one("#name-0", Input))
        await settle(pilot)
        order = [f"name-{row}" for row in range(4)] + [f"colour-{row}" for row in range(4)]
        order += ["first"]
        seen = [screen.focused.id if screen.focused else None]
        for _ in order[1:]:
            await pilot.press("tab")
            await pilot.pause()
            seen.append(screen.focused.id if screen.focused else None)
        assert seen == order
        await pilot.press("tab")  # on to the options
        await pilot.pause()
        assert screen.focused is not None and "option" in (screen.focused.id or "")
        screen.set_focus(screen.query_one("#first", Select))
        await pilot.press("shift+tab")  # back: the last colour
        await pilot.pause()
        assert screen.focused is screen.query_one("#colour-3")
        screen.set_focus(screen.query_one("#colour-0", Select))
        await pilot.press("shift+tab")  # the first colour: back to the last name
        await pilot.pause()
        assert screen.focused is screen.query_one("#name-3")
        screen.set_focus(screen.query_one("#name-0", Input))
        await pilot.press("shift+tab")  # the first name: up to the game
        await pilot.pause()
        assert screen.focused is screen.query_one("#game")


async def test_letters_on_a_colour_go_to_the_name_after_the_last_one_typed(store: Store) -> None:
    """A letter typed on a colour went to the next row's name when empty: an empty row
    above the names already typed took it (Ann, -, Cy: Dee landed second). It goes to the
    empty name after the last one typed; with none, the colour's row says how a colour is
    picked."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        await pilot.press("ctrl+n")  # four rows
        await settle(pilot)
        await type_into(pilot, "#name-0", "Ann")
        await type_into(pilot, "#name-2", "Cy")
        dialog.set_focus(dialog.query_one("#colour-0", Select))
        await settle(pilot)
        send_keys(pilot, "Dee")
        await settle(pilot)
        names = [dialog.query_one(f"#name-{row}", Input).value for row in range(4)]
        assert names == ["Ann", "", "Cy", "Dee"]
        assert dialog.focused is dialog.query_one("#name-3")
        dialog.set_focus(dialog.query_one("#colour-1", Select))  # every row named after
        await settle(pilot)  # the last one typed: said on the colour's row
        send_keys(pilot, "z")
        await settle(pilot)
        assert [dialog.query_one(f"#name-{row}", Input).value for row in range(4)] == names
        hint = "This is a colour: enter opens its list; ctrl+n adds a player."
        assert text_of(pilot, "#error-row-1") == hint
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)  # no name typed: the first name takes it
        dialog.set_focus(dialog.query_one("#colour-1", Select))
        await settle(pilot)
        send_keys(pilot, "Ann")
        await settle(pilot)
        names = [dialog.query_one(f"#name-{row}", Input).value for row in range(3)]
        assert names == ["Ann", "", ""]
