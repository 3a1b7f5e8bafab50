"""The new-game dialog: every validation message beside its field; nothing until valid."""

from __future__ import annotations

from textual.widgets import Select

from companion.store import Store
from screens.game import GameScreen
from screens.new_game import NewGameScreen
from tests.screens.helpers import SIZE, make_app, text_of, type_into


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
            text_of(pilot, "#error-row-1") == "'Ann' is already at the table (names ignore case)."
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


async def test_cancel_creates_nothing(store: Store) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(pilot)
        await type_into(pilot, "#name-0", "Ann")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, NewGameScreen)
        assert store.list_games().games == []
