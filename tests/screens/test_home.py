"""The home screen: resume with one key, open, delete with confirmation, damaged files."""

from __future__ import annotations

from datetime import datetime

import pytest
from rich.text import Text
from textual.widgets import DataTable

from companion.amounts import parse_amount
from companion.store import Store
from screens.confirm import ConfirmDialog
from screens.game import GameScreen
from screens.home import HomeScreen, when_played
from tests.conftest import DATA, NewGame
from tests.screens.helpers import SIZE, make_app, settle, text_of, until


async def test_empty_home_says_what_to_do(store: Store) -> None:
    async with make_app(store).run_test(size=SIZE) as pilot:
        assert isinstance(pilot.app.screen, HomeScreen)
        assert text_of(pilot, "#resume-hint") == "Press n to start a new game."
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HomeScreen)


async def test_saved_games_are_listed_with_names_shown_literally(
    store: Store, new_game: NewGame
) -> None:
    new_game(names=("[bold red]Ann[/]", "[link=x]y", "Cy"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        table = pilot.app.screen.query_one("#games", DataTable)
        assert table.row_count == 1
        players = table.get_row_at(0)[1]
        assert isinstance(players, Text) and players.plain == "[bold red]Ann[/], [link=x]y, Cy"
        assert "[bold red]Ann[/]" in text_of(pilot, "#resume-hint")


async def test_a_game_changed_elsewhere_is_listed_without_leaving_home(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restore made from another terminal left the old list shown until a game was opened
    (a play-test): the folder is looked at every LOOK_EVERY seconds; the highlighted game
    stays highlighted."""
    monkeypatch.setattr(HomeScreen, "LOOK_EVERY", 0.05)
    first = new_game(names=("Ann", "Bo", "Cy"))
    second = new_game(game="coloma", names=("Di", "Ed"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        table = pilot.app.screen.query_one("#games", DataTable)
        assert table.row_count == 2
        await pilot.press("down")
        highlighted = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        first.act(first.rules.adjust(first.state, 0, "gold", parse_amount("+1")))  # elsewhere
        new_game(game="builders", names=("Fay", "Gus"))
        await until(pilot, lambda: table.row_count == 3)
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key == highlighted
        second.path.unlink()
        await until(pilot, lambda: table.row_count == 2)


async def test_r_resumes_the_latest_unfinished_game(store: Store, new_game: NewGame) -> None:
    older = new_game(names=("Ann", "Bo", "Cy"))
    finished = new_game(game="coloma", names=("Di", "Ed"))
    finished.act(finished.rules.finish(finished.state))
    older.act(older.rules.adjust(older.state, 0, "gold", parse_amount("+1")))
    import os

    os.utime(finished.path, (2_000_000_000, 2_000_000_000))  # the finished one is newest
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.session.path == older.path
        assert screen.session.state.numbers[0]["gold"] == 11


async def test_enter_opens_and_delete_asks_first(store: Store, new_game: NewGame) -> None:
    session = new_game()
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert session.path.exists()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not session.path.exists()
        assert pilot.app.screen.query_one("#games", DataTable).row_count == 0


async def test_end_and_home_go_to_the_last_and_the_first_game_listed(
    store: Store, new_game: NewGame
) -> None:
    """end then enter opened the game highlighted before, not the last one listed: the
    table's end went to its rightmost column (a play-test)."""
    games = [new_game(names=(name, "Bo", "Eve")) for name in ("Ann", "Cy", "Di")]
    async with make_app(store).run_test(size=SIZE) as pilot:
        table = pilot.app.screen.query_one("#games", DataTable)
        assert table.row_count == 3
        await pilot.press("end")
        assert table.cursor_row == 2
        await pilot.press("home")
        assert table.cursor_row == 0
        await pilot.press("end", "enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        last = str(table.get_row_at(2)[1])
        assert screen.session.path in {game.path for game in games}
        assert screen.session.state.players[0].name in last


async def test_a_game_played_in_another_window_is_not_offered_for_deletion(
    store: Store, new_game: NewGame
) -> None:
    """The home screen deleted a game another window was playing, which then saved nothing
    (a play-test): it says why not, and asks nothing."""
    from companion.session import GameSession

    path = new_game().path
    elsewhere = GameSession.open_to_play(store, path)  # its writer (in-process, as another)
    try:
        async with make_app(store).run_test(size=SIZE) as pilot:
            await pilot.press("d")
            await settle(pilot)
            assert not isinstance(pilot.app.screen, ConfirmDialog)
            shown = [toast.message for toast in pilot.app._notifications]
            assert any("open in another window" in message for message in shown), shown
            assert path.exists()
    finally:
        elsewhere.close()


async def test_a_damaged_settings_file_is_listed_with_the_damaged_games(
    store: Store, new_game: NewGame
) -> None:
    """It was said only when something was saved to it (a play-test)."""
    new_game()
    store.settings_path.write_text("this is [not toml")
    async with make_app(store).run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = text_of(pilot, "#damaged")
        assert str(store.settings_path) in shown and "what the app remembers" in shown
        assert pilot.app.screen.query_one("#games", DataTable).row_count == 1
        assert store.settings_path.read_text() == "this is [not toml"
        store.settings_path.write_text("")  # mended while the app runs: back home, it goes
        pilot.app.screen.reload()  # type: ignore[attr-defined]
        await settle(pilot)
        assert not pilot.app.screen.query_one("#damaged").display


async def test_damaged_files_are_listed_with_path_and_reason(
    store: Store, new_game: NewGame
) -> None:
    new_game()
    broken = store.games_dir / "broken.toml"
    broken.write_bytes((DATA / "newer-format.toml").read_bytes())
    before = broken.read_bytes()
    async with make_app(store).run_test(size=SIZE) as pilot:
        shown = text_of(pilot, "#damaged")
        assert str(broken) in shown and "newer version of the app" in shown
        assert pilot.app.screen.query_one("#games", DataTable).row_count == 1
    assert broken.read_bytes() == before


async def test_a_game_opened_from_the_command_line_goes_home_on_escape(
    store: Store, new_game: NewGame
) -> None:
    from screens.app import GoldrushApp

    session = new_game()
    async with GoldrushApp(store, open_game=session.game_id).run_test(size=SIZE) as pilot:
        assert isinstance(pilot.app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HomeScreen)
        assert pilot.app.screen.query_one("#games", DataTable).row_count == 1


async def test_a_game_opened_from_the_command_line_has_its_screens_styles(
    store: Store, new_game: NewGame
) -> None:
    """Coloma's gold value sits in a bordered box (coloma.tcss): drawn the same both ways."""
    from screens.app import GoldrushApp

    session = new_game(game="coloma", names=("Ann", "Bo"))
    borders = []
    for app in (GoldrushApp(store, open_game=session.game_id), make_app(store)):
        async with app.run_test(size=SIZE) as pilot:
            if isinstance(pilot.app.screen, HomeScreen):
                await pilot.press("enter")
                await pilot.pause()
            assert isinstance(pilot.app.screen, GameScreen)
            borders.append(pilot.app.screen.query_one("#gold-box").styles.border_top[0])
    assert borders == ["round", "round"]


async def test_a_damaged_game_asked_for_on_the_command_line_is_reported(store: Store) -> None:
    from screens.app import GoldrushApp

    store.games_dir.mkdir(parents=True)
    (store.games_dir / "bad.toml").write_text("nope = [")
    async with GoldrushApp(store, open_game="bad").run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, HomeScreen)
        messages = [notification.message for notification in pilot.app._notifications]
        assert any("cannot be opened" in message for message in messages)


async def test_an_uncaught_error_ends_with_one_sentence_not_a_traceback(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE):
        try:
            raise KeyError("a bug")
        except KeyError:
            app._fatal_error()  # what Textual calls for an error no handler caught
    shown = " ".join(capsys.readouterr().err.split())
    assert shown.startswith("Goldrush Companion stopped on an unexpected error.")
    # the path may be folded at the terminal's width (longer under pytest-xdist's popen-gwN)
    assert "crash.log" in "".join(shown.split()) and "Traceback" not in shown
    assert "KeyError: 'a bug'" in (store.root / "crash.log").read_text()


async def test_a_game_opened_from_the_command_line_keeps_its_snapshot_after_drawing(
    store: Store, new_game: NewGame
) -> None:
    """A first read of a game writes its snapshot once the game is drawn (#16), so the next
    open starts from it; the game shown is the same."""
    from screens.app import GoldrushApp
    from tests.core.test_store import add_gold

    session = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    for amount in range(1, 6):
        add_gold(session, amount % 3, f"+{amount}")
    session.close()
    snapshot = store.cache_dir / f"{session.game_id}.snapshot"
    snapshot.unlink(missing_ok=True)
    app = GoldrushApp(store, open_game=session.game_id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert snapshot.exists()
        assert not pilot.app.screen.session.snapshot_due


async def test_the_first_frame_lists_the_saved_games_and_they_are_read_once(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list is read on mount, so the first frame already shows it (startup, #16); the
    screen's first resume does not read it again; coming back to the screen does."""
    import screens.home as home

    new_game(names=("Ann", "Bo", "Cy"))
    reads = []
    real = home.list_saved
    monkeypatch.setattr(home, "list_saved", lambda store: reads.append(1) or real(store))
    async with make_app(store).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert pilot.app.screen.query_one("#games", DataTable).row_count == 1
        assert len(reads) == 1
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HomeScreen)
        assert len(reads) == 2


def test_when_played_is_short() -> None:
    """At most 15 characters, so that the list fits 80 columns."""
    now = datetime(2026, 11, 26, 12, 0)
    at = lambda *when: datetime(*when).timestamp()  # noqa: E731
    assert when_played(at(2026, 11, 26, 9, 5), now) == "today 09:05"
    assert when_played(at(2026, 11, 25, 21, 30), now) == "yesterday 21:30"
    assert when_played(at(2026, 11, 3, 21, 30), now) == "3 Nov 2026"
    assert when_played(at(2025, 10, 22, 21, 30), now) == "22 Oct 2025"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_column_of_the_saved_games_is_on_screen(
    size: tuple[int, int], store: Store, new_game: NewGame
) -> None:
    """At 80 columns the list cut its last columns, Progress and Last played (a play-test):
    the players and the progress now wrap, the date is whole, nothing is cut off."""
    long = ("Annabelle", "Bartholomew", "Cyrus", "Dorothea", "Ezekiel", "Florence")
    new_game(game="coloma", names=long)
    new_game(game="calamityville", names=("Margaret", "Jebediah", "Clementine", "Wyatt"))
    new_game(game="builders", names=("Ann", "Bo"))
    async with make_app(store).run_test(size=size) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, HomeScreen)
        table = screen.query_one("#games", DataTable)
        right = table.region.x + sum(c.get_render_width(table) for c in table.columns.values())
        assert right <= table.region.right  # no column beyond the list's edge
        drawn = "\n".join(strip.text for strip in screen._compositor.render_strips())
        assert "Last played" in drawn and "Progress" in drawn
        words = drawn.split()
        for game in screen.saved.games:
            for part in [game.title, *game.players, game.progress, when_played(game.modified)]:
                for word in part.split():  # each word whole, wherever the line breaks
                    assert word in words or f"{word}," in words


async def test_a_long_list_scrolls_inside_itself_and_the_rest_stays_put(
    store: Store, new_game: NewGame
) -> None:
    """The play-test: with 15 saved games at 80x24 the whole home screen scrolled (the
    resume hint and the title went out of sight, and the screen's scroll bar cut the date).
    The list scrolls inside the room left; the highlighted game is always in sight, and so
    is a damaged file's box below it."""
    import os

    first_names = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit")
    first_names += ("Lou", "Max", "Ned", "Oz")
    for hours, name in enumerate(first_names):  # listed newest first: Ann's at the top
        session = new_game(game="coloma", names=(name, "Annabelle", "Bartholomew"))
        os.utime(session.path, (1_767_268_800 - 3600 * hours,) * 2)
    (store.games_dir / "20250101-000000-boomtown.toml").write_text("garbage = [[[\n")
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, HomeScreen)
        table = screen.query_one("#games", DataTable)
        assert table.row_count == 15
        damaged = screen.query_one("#damaged")  # below the list, in sight
        assert damaged.display and damaged.region.bottom <= screen.size.height - 1
        for row in range(15):
            if row:
                await pilot.press("down")
            await pilot.pause()
            assert screen.max_scroll_y == 0 and screen.scroll_y == 0  # the screen never scrolls
            drawn = [strip.text for strip in screen._compositor.render_strips()]
            assert drawn[2].strip().startswith("r  resume Coloma with Ann,")
            title = next(y for y, line in enumerate(drawn) if line.strip() == "Saved games")
            assert title == 6  # where it is at first: it never moves
            assert "Last played " in drawn[title + 1]  # the list's header, the date whole
            assert table.region.bottom <= screen.query_one("SteadyFooter").region.y
            # the highlighted game is drawn, inside the list
            highlighted = table._get_row_region(table.cursor_row)  # in the list's own lines
            top = table.region.y + highlighted.y - round(table.scroll_y)
            assert table.region.y < top and top + highlighted.height <= table.region.bottom
            assert f"{first_names[row]}, Annabelle," in drawn[top]
        assert table.max_scroll_y > 0  # it was the list that scrolled


async def test_many_damaged_files_leave_the_saved_games_in_sight(
    store: Store, new_game: NewGame
) -> None:
    """Four damaged files took all of 80x24 but the list's first row, its header cut off (a
    play-test). Their box takes at most 40% of the screen, and says `goldrush list` lists
    them all."""
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        new_game(game="coloma", names=(name, "Annabelle"))
    for number in range(4):
        (store.games_dir / f"2025010{number}-000000-boomtown.toml").write_text("not [toml\n")
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, HomeScreen)
        table, damaged = screen.query_one("#games", DataTable), screen.query_one("#damaged")
        assert damaged.display and damaged.region.height <= 24 * 0.4 + 1
        assert table.region.height >= 5  # its header and four games at least
        drawn = [strip.text for strip in screen._compositor.render_strips()]
        assert any("Last played" in line for line in drawn)
        said = " ".join(" ".join(line.strip(" │╭╮╰╯─").split()) for line in drawn)
        assert "4 damaged files (left as they are;" in said and "goldrush list lists" in said


def test_the_lists_columns_keep_room_for_its_scroll_bar() -> None:
    """The list's scroll bar took the date's last cells ("Last playe", "today 12:0") and a
    line to scroll sideways (a play-test, a dozen games at 80 columns): a list that fits
    only without its scroll bar is narrowed for it."""
    from screens.home import fitted_widths

    row = ["Calamityville", "Ann, Bo, Cyrus, Dee", "Finished · 13 changes", "today 12:05"]
    natural = sum(len(cell) for cell in row)  # 64: the widest cell of each column
    width = natural + 2 * 4  # each cell padded by one on both sides: it fits exactly
    assert fitted_widths([row], width, 1, 0) is None
    widths = fitted_widths([row], width, 1, 2)
    assert widths is not None and sum(widths) == natural - 2 and widths[3] == len(row[3])


async def test_a_games_notices_do_not_follow_into_the_next_game_opened(
    store: Store, new_game: NewGame
) -> None:
    """A "Game over" toast of the game left sat over the next game resumed (a play-test):
    opening a game clears what was said before."""
    first = new_game()
    async with make_app(store).run_test(size=SIZE) as pilot:
        pilot.app.open_game(first.path)  # type: ignore[attr-defined]
        await pilot.pause()
        pilot.app.notify("Ann wins. The scores are saved.", title="Game over")
        await pilot.press("escape")
        await pilot.pause()
        assert [str(n.message) for n in pilot.app._notifications]
        await pilot.press("enter")  # the same or another game: its screen, without it
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert not [n for n in pilot.app._notifications if "wins" in str(n.message)]


async def test_keep_in_the_delete_dialog_leaves_the_highlight_on_that_game(
    store: Store, new_game: NewGame
) -> None:
    """Keep put the highlight back on the first game, and the next d offered another game
    (a play-test); a finished game's question says its result stays in Records."""
    new_game(game="boomtown")
    new_game(game="coloma")
    last = new_game(game="calamityville")
    last.act(last.rules.finish(last.state, "", "Ann wins"))
    async with make_app(store).run_test(size=SIZE) as pilot:
        table = pilot.app.screen.query_one("#games", DataTable)
        await pilot.press("down", "down")
        await settle(pilot)
        chosen = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        questions = []
        for answer in ("n", "n"):
            await pilot.press("d")
            await settle(pilot)
            dialog = pilot.app.screen
            assert isinstance(dialog, ConfirmDialog)
            questions.append(dialog._question)
            await pilot.press(answer)
            await settle(pilot)
            assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key == chosen
        assert questions[0] == questions[1]
        finished = table.get_row_index(str(last.path))
        table.move_cursor(row=finished)
        await pilot.press("d")
        await settle(pilot)
        assert pilot.app.screen._question.endswith(  # type: ignore[attr-defined]
            "This cannot be undone. Its result stays in Records (h)."
        )
        await pilot.press("y")
        await settle(pilot)
        assert not last.path.exists()
        assert table.cursor_row == min(finished, table.row_count - 1)  # the game after it


@pytest.mark.parametrize("from_command_line", [False, True])
async def test_the_game_just_left_is_highlighted_on_coming_home(
    store: Store, new_game: NewGame, from_command_line: bool
) -> None:
    """Back from a game, the highlight stayed on the game highlighted before (a finished
    one), and d offered to delete it, not the game just played (a play-test): the game just
    left is highlighted, however it was opened (r, n, enter, the command line)."""
    import os

    from screens.app import GoldrushApp

    played = new_game(names=("Ann", "Bo", "Cy"))
    other = new_game(game="coloma", names=("Cy", "Di"))
    os.utime(other.path, (2_000_000_000, 2_000_000_000))  # listed first, highlighted
    app = GoldrushApp(store, open_game=played.game_id) if from_command_line else make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        if not from_command_line:
            pilot.app.open_game(played.path)
            await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))
        home = pilot.app.screen
        assert isinstance(home, HomeScreen)
        await until(pilot, lambda: home.query_one("#games", DataTable).row_count == 2)
        highlighted = home._highlighted()
        assert highlighted is not None and highlighted.path == played.path


async def test_the_theme_chosen_is_the_theme_at_the_next_start(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A light theme chosen (ctrl+p, Theme) was dark again at the next start (a play-test):
    it is remembered in the settings, read once at startup (the home screen's look at the
    settings file then reads nothing again), and a settings file that cannot be written
    leaves the switch done, said in a notice."""
    async with make_app(store).run_test(size=SIZE) as pilot:
        assert pilot.app.theme == "textual-dark"
        pilot.app.theme = "textual-light"
        await settle(pilot)
    assert store.read_settings()["app"] == {"theme": "textual-light"}
    store._settings_read = None  # (as a new start: nothing read yet)
    parsed = []
    real = Store._read_toml
    monkeypatch.setattr(
        Store,
        "_read_toml",
        lambda self, path, limit: parsed.append(path) or real(self, path, limit),
    )
    async with make_app(store).run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert pilot.app.theme == "textual-light" and pilot.app.current_theme.dark is False
        assert parsed.count(store.settings_path) == 1

        def full(settings: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(store, "write_settings", full)
        pilot.app.theme = "nord"
        await settle(pilot)
        assert pilot.app.theme == "nord"
        said = [str(n.message) for n in pilot.app._notifications]
        assert any("not be remembered" in message for message in said), said
