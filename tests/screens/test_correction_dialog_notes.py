"""ctrl+o's notes: a value the rules take that disagrees with something else the screen
shows is noted beside it as it is typed, and recorded all the same."""

from __future__ import annotations

from textual.widgets import Input, Select

from companion.games.builders import BuildersState
from companion.store import Store
from screens.builders import BuildersScreen
from screens.correction import CorrectionDialog
from tests.conftest import NewGame
from tests.screens.helpers import make_app, settle, text_of, type_into
from tests.screens.test_builders_screen import four_players_in_round_three
from tests.screens.test_correction_dialog_fits import ctrl_o


async def test_a_round_that_disagrees_with_the_track_tokens_is_noted_and_recorded(
    store: Store, new_game: NewGame
) -> None:
    """Round 8 typed with 1 of 10 Track Tokens placed was taken without a word (a
    play-test): a note says what its end would place, as it is typed; not a refusal."""
    session = four_players_in_round_three(new_game)  # round 2, 1 of 10 placed
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        dialog = await ctrl_o(pilot, session)
        dialog.query_one("#what", Select).value = "round"
        await settle(pilot)
        line = dialog.query_one("#error-value")
        await type_into(pilot, "#value", "2")
        await settle(pilot)
        assert text_of(pilot, "#error-value") == "" and not line.has_class("-note")
        await type_into(pilot, "#value", "8")
        await settle(pilot)
        said = " ".join(text_of(pilot, "#error-value").split())
        assert said == (
            "Round 8 with 1 of 10 Track Tokens placed: its end would place 7. It is "
            "recorded all the same."
        )
        assert line.has_class("-note")
        assert not dialog.query_one("#value", Input).has_class("-invalid")
        await type_into(pilot, "#value", "x")  # a refusal is an error again, not a note
        await settle(pilot)
        assert "not a number" in text_of(pilot, "#error-value")
        assert not line.has_class("-note")
        await type_into(pilot, "#value", "8")
        await pilot.press("enter")  # on to Why
        await settle(pilot)
        await type_into(pilot, "#reason", "as the Round Track shows")
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(pilot.app.screen, CorrectionDialog)  # recorded all the same
        screen = pilot.app.screen
        assert isinstance(screen, BuildersScreen)
        assert isinstance(screen.state, BuildersState) and screen.state.round == 8
