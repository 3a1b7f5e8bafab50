"""A key on the Coloma screen repaints only what it changed (#16): the players' table line
by line, without a layout; the table fitted to its width without losing a player."""

from __future__ import annotations

from companion.store import Store
from screens.coloma import SHORTEST_CELL, ColomaScreen, TrackerTable, fitted_widths
from tests.conftest import NewGame
from tests.screens.helpers import SIZE, command, make_app, open_screen, text_of
from tests.screens.test_fast_widgets import layouts_during

LONG_NAMES = (
    "Annabelle-Marie Smith",
    "Bo Bartholomew",
    "Cyrus McCoy the Third",
    "Dorothea Delacroix",
    "Eli",
    "Francesca Fiorentino",
)


def test_columns_that_fit_keep_their_widths() -> None:
    assert fitted_widths([17, 3, 4], 100, 2) == [17, 3, 4]
    assert fitted_widths([17, 14, 14], 0, 2) == [17, 14, 14]  # width not known yet


def test_the_widest_players_columns_give_way_first() -> None:
    widths = fitted_widths([17, 14, 14, 3, 14], 60, 2)
    assert widths[0] == 17 and widths[3] == 3  # the trackers' names and Eli's column stay
    assert sum(widths) + 2 * 4 == 60
    assert max(widths[1:]) - min(w for w in widths[1:] if w != 3) <= 1  # evenly cut


def test_the_trackers_names_give_way_last() -> None:
    assert SHORTEST_CELL == 6
    # the players' columns down to 6 or 7 cells, the trackers' names whole
    assert fitted_widths([17, 14, 14, 14, 14], 50, 2) == [17, 7, 6, 6, 6]
    # no room for that: every column cut to one level
    assert fitted_widths([17, 14, 14, 14, 14], 40, 2) == [7, 7, 6, 6, 6]


async def test_a_tracker_change_repaints_its_line_alone_without_a_layout(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "pools 4 6 8") == ""
        table = screen.query_one("#players", TrackerTable)
        drawn = dict(table._strips)
        bucks = (
            text_of(pilot, "#players")
            .splitlines()
            .index(
                next(line for line in text_of(pilot, "#players").splitlines() if "Bucks" in line)
            )
        )
        layouts = layouts_during(pilot.app)
        assert await command(pilot, "ann bucks +3") == ""
        assert layouts[0] == 0
        assert text_of(pilot, "#players").splitlines()[bucks].split()[1] == "5"
        kept = [y for y in drawn if y != bucks and table._strips.get(y) is drawn[y]]
        assert len(kept) == len(drawn) - 1  # every other line kept its drawing
        assert "Not a command or a player" in await command(pilot, "zzz")
        after_one = layouts[0]  # its lines below the field: laid out
        assert "Not a command or a player" in await command(pilot, "zzy")
        assert layouts[0] == after_one, after_one  # another as long: redrawn in place


async def test_six_long_names_keep_every_player_in_80_columns(
    store: Store, new_game: NewGame
) -> None:
    session = new_game(game="coloma", names=LONG_NAMES, first=1)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, session, ColomaScreen)
        assert await command(pilot, "pools 6 8 10") == ""
        assert await command(pilot, "eli bucks +1") == ""
        table = screen.query_one("#players", TrackerTable)
        lines = text_of(pilot, "#players").splitlines()
        assert all(len(line) <= table.size.width for line in lines)
        header, bucks = lines[0], lines[1]
        for name in LONG_NAMES:
            assert name[:5] in header  # every player's column, its name's start
        assert bucks.split()[1:] == ["2", "2", "2", "2", "3", "2"]
        assert lines[6].startswith("Tents Lodge/all 8")  # the trackers' names whole
