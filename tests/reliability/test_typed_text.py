"""Typed or pasted text with control characters is refused beside its field; nothing changes.

A terminal-title escape (`ESC ] 0 ; pwned BEL`) in a player's name or a reason would reach
the terminal every time the log is drawn; bracketed paste lets the ESC in."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from companion.amounts import Amount
from companion.games import RuleError
from companion.store import Store
from companion.table import name_problem
from screens.game import GameScreen
from screens.new_game import NewGameScreen
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, make_app, text_of, type_into

TITLE_ESCAPE = "\x1b]0;pwned\x07"


def test_names_with_control_or_direction_characters_are_refused() -> None:
    for name in (f"Ann{TITLE_ESCAPE}", "Bo\u202e", "Cy\x9b2J", "Di\x00"):
        problem = name_problem(name, [])
        assert problem is not None and "control or text-direction" in problem


def test_a_correction_reason_with_an_escape_is_refused(new_game: NewGame) -> None:
    session = new_game()
    with pytest.raises(RuleError, match="control or text-direction"):
        session.rules.correct(
            session.state, 0, "gold", Amount(5, relative=False), f"count{TITLE_ESCAPE}"
        )


async def _new_game_dialog(pilot) -> NewGameScreen:  # type: ignore[no-untyped-def]
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)
    return pilot.app.screen


@pytest.mark.parametrize("how", ["typed", "pasted"])
async def test_the_new_game_dialog_refuses_a_name_with_an_escape(store: Store, how: str) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_dialog(pilot)
        await type_into(pilot, "#name-0", "Ann")
        await type_into(pilot, "#name-1", "Bo")
        field = screen.query_one("#name-2", Input)
        field.focus()
        await pilot.pause()
        if how == "typed":  # what a terminal that passes the bytes through would deliver
            await type_into(pilot, "#name-2", "Cy")
            field.insert_text_at_cursor(TITLE_ESCAPE)
        else:
            await type_into(pilot, "#name-2", "Cy")
            field.post_message(events.Paste(TITLE_ESCAPE))
        await pilot.pause()
        assert field.value == f"Cy{TITLE_ESCAPE}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        message = text_of(pilot, "#error-row-2")
        assert "control or text-direction characters" in message
        assert "\\x1b" in message and "\x1b" not in message  # the message shows it, harmlessly
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert not store.games_dir.exists() or not any(store.games_dir.iterdir())


async def test_a_pasted_command_with_an_escape_is_refused_beside_the_field(
    store: Store, new_game: NewGame
) -> None:
    session = new_game()
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        pilot.app.open_game(session.path)  # type: ignore[attr-defined]
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        before = screen.session.journal.effective_count
        field = screen.query_one("#command", Input)
        field.focus()
        field.post_message(events.Paste(f"Ann +5{TITLE_ESCAPE}"))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "control or text-direction" in text_of(pilot, "#command-error")
        assert screen.session.journal.effective_count == before
        assert field.value == f"Ann +5{TITLE_ESCAPE}"  # kept, to be corrected
