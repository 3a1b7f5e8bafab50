"""A key on the Builders screen repaints only what it changed (#16): the board's and the
players' lines one by one, without a layout; a refusal in place of another likewise."""

from __future__ import annotations

from companion.store import Store
from screens.builders import BuildersScreen
from screens.widgets.rows import Rows
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, command, make_app, open_screen, text_of
from tests.screens.test_fast_widgets import layouts_during


async def test_a_build_repaints_its_board_row_and_the_players_lines_without_a_layout(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 6x5") == ""
        board = screen.query_one("#board", Rows)
        players = screen.query_one("#players", Rows)
        drawn_board, drawn_players = dict(board._strips), dict(players._strips)
        layouts = layouts_during(pilot.app)
        assert await command(pilot, "3 2 t") == ""
        assert layouts[0] == 0
        lines = text_of(pilot, "#board").splitlines()
        row_three = 1 + 6 - 3  # the column numbers, then row 6 down to row 1
        assert lines[row_three].split() == ["3", ".", "A3", ".", ".", "."]
        changed = {y for y in drawn_board if board._strips.get(y) is not drawn_board[y]}
        assert changed == {row_three}
        # Ann's two lines (she built) and Bo's first (he builds now); Cy's stay as they were
        changed = {y for y in drawn_players if players._strips.get(y) is not drawn_players[y]}
        assert changed == {0, 1, 2}
        assert "builds now" in text_of(pilot, "#players").splitlines()[2]
        assert "Row 3, column 2 already has a building" in await command(pilot, "3 2 s")
        after_one = layouts[0]
        assert "Row 3, column 2 already has a building" in await command(pilot, "3 2 d")
        assert layouts[0] == after_one  # the same refusal's height: redrawn in place
