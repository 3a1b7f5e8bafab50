"""A key on the Builders screen repaints only what it changed (#16): the board's and the
players' lines one by one, without a layout; a refusal in place of another likewise; the
board's first draw in a place kept for it."""

from __future__ import annotations

import pytest

from companion.store import Store
from screens.builders import BuildersScreen
from screens.widgets.rows import Rows
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, command, make_app, open_screen, settle, text_of
from tests.screens.test_builders_screen import words_shown
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


PARTS = ("#board", "#players", "#legend", "#notes", "#table")


async def test_the_board_comes_in_its_place_kept_from_the_first_frame(
    store: Store, new_game: NewGame
) -> None:
    """`board 10x5` lays nothing out (#16): the board's place is there from the screen's first
    frame, at the size of the usual board, showing what to type; the players' panel, the
    legend and the Train Marker's notes keep their places and sizes (the board pushed the
    notes down and narrowed the players' panel: the whole screen laid out and redrawn)."""
    for size in (SIZE, (80, 24)):
        store.write_settings({})  # no board remembered from the game before
        session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
        async with make_app(store).run_test(size=size) as pilot:
            screen = await open_screen(pilot, session, BuildersScreen)
            hint = " ".join(text_of(pilot, "#board").split())
            assert "once its size is typed: board 10x5" in hint, size
            places = {part: screen.query_one(part).region for part in PARTS}
            assert places["#board"].size == (25, 11), size  # 10 rows of 5, its numbers above
            layouts = layouts_during(pilot.app)
            assert await command(pilot, "board 10x5") == ""
            assert layouts[0] == 0, size
            assert {part: screen.query_one(part).region for part in PARTS} == places, size
            lines = text_of(pilot, "#board").splitlines()
            assert len(lines) == 11 and lines[-1].split() == ["1", ".", ".", ".", ".", ".", "◀"]
            notes = " ".join(text_of(pilot, "#notes").split())
            assert notes.startswith("◀ Train Marker: row 1, from column 3."), size
            shown = words_shown(pilot, "#notes")
            assert shown.startswith("◀ Train Marker: row 1, from column 3."), (size, shown)


async def test_the_boards_place_reads_the_remembered_board_once(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before the board's size is typed, each redraw read the settings file for the
    remembered board's size (a stat and a copy of every setting, twice a key: a review)."""
    store.write_settings({})
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        asked: list[str] = []
        recall = screen.session.recall

        def counted(key: str, default: object = None) -> object:
            asked.append(key)
            return recall(key, default)

        monkeypatch.setattr(screen.session, "recall", counted)
        for typed in ("x", "board", "1 1 s"):
            await command(pilot, typed)
        assert "board" not in asked


async def test_a_board_of_another_size_takes_its_own_place(store: Store, new_game: NewGame) -> None:
    """A board that is not the usual one lays the screen out once, whole in sight, and its
    place is kept at that size from then on (the next game remembers it): undone, its place
    shows what to type again, and typed again lays nothing out."""
    store.write_settings({})
    session = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, BuildersScreen)
        assert await command(pilot, "board 8x7") == ""
        board = screen.query_one("#board")
        assert board.region.size == (3 + 7 * 4 + 2, 9)
        lines = text_of(pilot, "#board").splitlines()
        assert len(lines) == 9 and lines[-1].split()[:2] == ["1", "."]
        assert words_shown(pilot, "#board") == " ".join(text_of(pilot, "#board").split())
        notes = " ".join(text_of(pilot, "#notes").split())
        assert words_shown(pilot, "#notes") == notes  # whole, under the board
        assert screen.query_one("#notes").region.y >= board.region.bottom
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not screen.state.widths
        assert "board 10x5" in " ".join(text_of(pilot, "#board").split())
        assert board.region.size == (3 + 7 * 4 + 2, 9)  # the remembered board's place
        layouts = layouts_during(pilot.app)
        assert await command(pilot, "board 8x7") == ""
        assert layouts[0] == 0
