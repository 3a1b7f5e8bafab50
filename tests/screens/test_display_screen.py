"""The table display follows a game that another process plays (Pilot tests).

The writer is a real second process (tests/display/player.py), as the laptop's window would
be; the display must show each change within a second, survive a torn tail (a writer that
crashed mid-write) and a deleted file, and never write to the game. (A game set up before
the display starts is made in this process, with the writer's code.) A test that checks that
something does not change waits for the display's looks at the files (`looks`), not for
seconds.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Digits

from companion.amounts import parse_amount
from companion.gamefile import ENTRY_MARKER
from companion.games import GAMES
from companion.session import GameSession
from companion.store import Store
from screens import display
from screens.builders import BuildersScreen
from screens.display import DisplayApp, DisplayScreen, GamePicker
from screens.widgets.rows import Rows
from tests.conftest import NewGame
from tests.display import player as writer
from tests.screens.helpers import make_app, open_screen, record_restyles, text_of, until

ROOT = Path(__file__).resolve().parents[2]
WITHIN = 1.0  # seconds: the display shows a change this soon after it is on disk


async def player(root: Path, *args: str) -> str:
    """Run the writing copy in its own process; its one line of output."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.display.player",
        str(root),
        *args,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 0, err.decode()
    return out.decode().strip()


def made(root: Path, *names: str, rounds: int = 0) -> Path:
    """A Boomtown game set up (and played `rounds` rounds) before the display starts, as the
    writing copy makes it (its code, in this process: the tests about another process
    writing run it in one once the display is on)."""
    session = writer.new_game(Store(root, GAMES), list(names))
    for number in range(rounds):
        writer.play_round(session, bid=2 + number)
    session.close()
    return session.path


def played_earlier(path: Path, seconds: float) -> None:
    """The game was last played `seconds` ago: the saved games are listed by their files'
    modification times, which two games made one after the other here can share (a file's
    time moves in steps of a few milliseconds); the tests waited a second between them."""
    then = time.time() - seconds
    os.utime(path, (then, then))


@dataclass
class Looks:
    """How many times the displays looked at their game's file (the follow timer's calls) and,
    among those, how many times they looked for a newer game in play."""

    files: int = 0
    newer: int = 0


@pytest.fixture
def looks(monkeypatch: pytest.MonkeyPatch) -> Looks:
    """Counts the displays' looks, each counted once it is done: a test that checks that
    something does not change waits for looks at the files, not for seconds."""
    counted = Looks()
    follow, newer_in_play = DisplayScreen.follow, DisplayScreen._newer_in_play

    def counted_follow(screen: DisplayScreen) -> None:
        try:
            follow(screen)
        finally:
            counted.files += 1

    def counted_newer_in_play(screen: DisplayScreen) -> bool:
        try:
            return newer_in_play(screen)
        finally:
            counted.newer += 1

    monkeypatch.setattr(DisplayScreen, "follow", counted_follow)
    monkeypatch.setattr(DisplayScreen, "_newer_in_play", counted_newer_in_play)
    return counted


@pytest.fixture
def looks_often(monkeypatch: pytest.MonkeyPatch) -> None:
    """The display looks at the files five times as often, and for a newer game in play at
    each look, not at every NEWER_EVERY-th (every 2 s): the same checks, made more often, for
    the tests of which game it goes to, which wait for looks, not seconds. (How soon a change
    is shown is the other tests' matter, at the real pace;
    test_g_goes_back_to_following_the_game_in_play moves on at it.)"""
    monkeypatch.setattr(display, "FOLLOW_EVERY", display.FOLLOW_EVERY / 5)
    monkeypatch.setattr(display, "NEWER_EVERY", 1)


async def looked(pilot, count: Callable[[], int], times: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the display has looked `times` more times (`count()` counts them): what it
    shows then, it shows after that many looks (a fixed pause meant that many looks)."""
    target = count() + times
    within = 2 * times * display.NEWER_EVERY * display.FOLLOW_EVERY + 5  # (a loaded machine)
    await shows(pilot, lambda: count() >= target, within=within)


def shown_gold(app: DisplayApp) -> list[str]:
    screen = app.screen
    assert isinstance(screen, DisplayScreen) and screen.view is not None
    return [seat.figures[0].value for seat in screen.view.seats]


def gold_on_disk(store: Store, path: Path) -> list[str]:
    state = GameSession(store, store.read_game(path), read_only=True).state
    return [str(numbers["gold"]) for numbers in state.numbers]


async def shows(pilot, check, within: float = WITHIN) -> float:  # type: ignore[no-untyped-def]
    """Wait until `check()` holds; how long it took (fails past `within`)."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < within, "the display did not follow in time"
        await pilot.pause(0.05)
    return time.monotonic() - start


def log_fitted(log: Widget) -> bool:
    """The log's sentences fit it: it refits them at each resize, and the cards give way
    to it a frame after the first layout (later on a loaded machine: a test failed so)."""
    wrapped = Text(str(log.render())).wrap(log.app.console, log.content_size.width)
    return len(wrapped) <= log.content_size.height


async def test_the_display_follows_appends_undo_and_a_torn_tail(
    tmp_path: Path, looks: Looks
) -> None:
    path = made(tmp_path, "Ann", "Bo", "Cy")
    store = Store(tmp_path, GAMES)
    app = DisplayApp(store)  # no id: the latest game in play
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown_gold(app) == ["10", "10", "10"]
        assert "Following" in text_of(pilot, "#display-status")
        size = path.stat().st_size
        # appends: a whole round played in the other process
        await player(tmp_path, "rounds", str(path), "1")
        after_round = gold_on_disk(store, path)
        assert after_round != ["10", "10", "10"]
        await shows(pilot, lambda: shown_gold(app) == after_round)
        assert "Round 2" in text_of(pilot, "#display-title")
        # an undo in the other process
        await player(tmp_path, "undo", str(path))
        undone = gold_on_disk(store, path)
        await shows(pilot, lambda: shown_gold(app) == undone)
        # a torn tail: a writer that stopped half-way through an entry
        with path.open("ab") as game:
            game.write(b'\n[[entries]]\nkind = "correct"\ntext = "Ann gets 5')
        await looked(pilot, lambda: looks.files, 3)
        assert shown_gold(app) == undone
        assert "Following" in text_of(pilot, "#display-status")
        # the writer comes back: it cuts the torn tail (the file shrinks) and plays on
        await player(tmp_path, "rounds", str(path), "1")
        again = gold_on_disk(store, path)
        await shows(pilot, lambda: shown_gold(app) == again)
        assert path.stat().st_size > size
    # the display took no lock and wrote nothing: the game opens to play here
    session = GameSession.open_to_play(store, path)
    assert not session.read_only
    session.close()


async def test_a_deleted_game_is_said_and_picked_up_again(
    tmp_path: Path, looks_often: None
) -> None:
    """(What it says, not how soon: at five times the pace.)"""
    path = made(tmp_path, "Ann", "Bo", "Cy")
    store = Store(tmp_path, GAMES)
    kept = tmp_path / "kept.toml"
    app = DisplayApp(store, path.stem)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shutil.copy(path, kept)
        path.unlink()
        await shows(pilot, lambda: "deleted" in text_of(pilot, "#display-status"))
        assert shown_gold(app) == ["10", "10", "10"]  # the last numbers stay on screen
        shutil.copy(kept, path)
        await player(tmp_path, "rounds", str(path), "1")
        played = gold_on_disk(store, path)
        await shows(pilot, lambda: shown_gold(app) == played)
        assert "Following" in text_of(pilot, "#display-status")


async def test_a_game_file_changed_in_place_is_said_and_picked_up_when_put_back(
    tmp_path: Path, looks_often: None
) -> None:
    """A byte changed that keeps the file's size went unnoticed (only growth was looked
    at), and a display opened on it showed the readable part as a game in play (a
    play-test): it is said, and the good file put back is followed again. (At five times
    the pace: what it says, not how soon.)"""
    path = made(tmp_path, "Ann", "Bo", "Cy", rounds=1)
    store = Store(tmp_path, GAMES)
    good = path.read_bytes()
    at = good.index(b'text = "', good.index(b"[[entries]]")) + len(b'text = "')
    changed = good[:at] + (b"X" if good[at : at + 1] != b"X" else b"Y") + good[at + 1 :]
    assert len(changed) == len(good)
    app = DisplayApp(store, path.stem)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        played = shown_gold(app)
        path.write_bytes(changed)
        status = "#display-status"
        await shows(pilot, lambda: "Entry 1 of the game file was changed" in text_of(pilot, status))
        assert app.screen.query_one(status).has_class("-stopped")
        # wrapped, read whole at 80x24 (waited for: the text is there a frame before its
        # layout)
        await shows(pilot, lambda: app.screen.query_one(status).region.height > 1)
        path.write_bytes(good)  # put back, the same size again
        await shows(pilot, lambda: text_of(pilot, status).startswith("Following"))
        assert shown_gold(app) == played
    assert path.read_bytes() == good  # the display wrote nothing


async def test_without_a_game_in_play_the_display_lists_the_games(tmp_path: Path) -> None:
    store = Store(tmp_path, GAMES)
    app = DisplayApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GamePicker)
        assert "No game is saved yet" in str(
            app.screen.query_one("#picker-games").render_line(0).text
        )


async def test_q_closes_the_display_and_its_list_of_games(store: Store, new_game: NewGame) -> None:
    """The display is read-only: q closes it, as ctrl+q does (q did nothing: only ctrl+q
    closed it, which the table did not find)."""
    session = new_game("boomtown", ("Ann", "Bo", "Cy"))
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen) and app.screen.view)
        assert "q: quit" in text_of(pilot, "#display-status")
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen) and app.screen.view)
        await pilot.press("g")  # the list of games: q closes the display there too
        await shows(pilot, lambda: isinstance(app.screen, GamePicker))
        assert "q: quit" in text_of(pilot, "#picker-hint")
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_the_display_moves_on_to_the_game_started_next(
    tmp_path: Path, looks: Looks, looks_often: None
) -> None:
    """On a TV, the display stayed on the game it opened (finished) and, with no game in
    play, on the empty list, until someone walked over to press g (a play-test): showing
    the game in play, it moves on to a game started since; a game picked with g stays."""
    store = Store(tmp_path, GAMES)
    app = DisplayApp(store)  # no game in play yet
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GamePicker)
        first = Path(await player(tmp_path, "new", "Ann", "Bo", "Cy"))
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen), within=4)
        assert app.screen.path == first  # type: ignore[attr-defined]
        second = Path(await player(tmp_path, "new", "Di", "Eve", "Flo"))
        assert second != first
        await shows(pilot, lambda: app.screen.path == second, within=4)  # type: ignore[attr-defined]
        assert shown_gold(app) == ["10", "10", "10"]
        assert app.screen.view.seats[0].name == "Di"  # type: ignore[attr-defined]
        await pilot.press("g")  # the table picks the first: it stays there
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # past the game in play, the newest
        await pilot.pause()
        assert app.screen.path == first  # type: ignore[attr-defined]
        await looked(pilot, lambda: looks.files, 3)  # each would have moved on, following
        assert app.screen.path == first  # type: ignore[attr-defined]


async def test_a_game_just_finished_stays_on_the_display(
    store: Store, new_game: NewGame, looks: Looks, looks_often: None
) -> None:
    """Finishing a game with an older one unfinished, the display left the finished one
    within a second, and its winner went unseen (a play-test): the game played last
    stays, finished too."""
    older = new_game(game="boomtown", names=("Ann", "Bo", "Cy"))
    older.close()
    played_earlier(older.path, 60)
    newer = new_game(game="boomtown", names=("Di", "Eve", "Flo"))
    app = DisplayApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.path == newer.path  # type: ignore[attr-defined]
        newer.act(newer.rules.finish(newer.state, 'game = "boomtown"\n', "Di wins"))
        newer.close()
        await looked(pilot, lambda: looks.newer, 3)
        assert app.screen.path == newer.path  # type: ignore[attr-defined]


async def test_g_lists_the_games_and_enter_shows_one(tmp_path: Path) -> None:
    first = made(tmp_path, "Ann", "Bo", "Cy")
    played_earlier(first, 60)
    second = made(tmp_path, "Di", "Eve", "Flo")
    assert first != second
    store = Store(tmp_path, GAMES)
    app = DisplayApp(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DisplayScreen) and screen.path == second
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GamePicker)
        # following the game in play, the list starts on its line (it started on the game
        # shown, as if the table had picked it: a play-test)
        assert app.screen.query_one("#picker-games").highlighted == 0  # type: ignore[attr-defined]
        await pilot.press("down", "down", "enter")  # past the game in play, the newest
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DisplayScreen) and screen.path == first
        assert screen.view is not None and screen.view.seats[0].name == "Ann"


async def _five_at_coloma(tmp_path: Path) -> Store:
    from companion.setup import SetupForm, build_header
    from companion.table import COLOURS

    store = Store(tmp_path, GAMES)
    names = ["Annabelle", "Bo", "Cy", "Di", "Evelyn"]
    header, _ = build_header(SetupForm("coloma", names, list(COLOURS[:5]), 0, {}))
    GameSession.create(store, header).close()
    return store


async def test_five_players_fit_at_80x24_and_spread_out_on_a_tv(tmp_path: Path) -> None:
    """Every card (five players with three numbers each, and the table's) is whole on an
    80x24 terminal, above the log; on a TV-sized one the players sit in one row."""
    store = await _five_at_coloma(tmp_path)
    for size, columns in (((80, 24), 2), ((200, 60), 5)):
        app = DisplayApp(store)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DisplayScreen)
            cards = [*screen._cards, screen._table_card]
            assert len(cards) == 6
            log = screen.query_one("#display-log").region
            for card in cards:
                assert card is not None
                region = card.region
                assert region.height == 5 and region.right <= size[0]
                assert region.bottom <= log.y  # nothing hidden under the log
            assert len({card.region.y for card in screen._cards}) == -(-5 // columns)
            assert "Annabelle" in str(screen._cards[0].query_one(".seat-name").render())
            assert "worth" in str(screen._table_card.query_one(".figure-label").render())  # type: ignore[union-attr]


async def test_a_small_terminal_does_not_restyle_the_whole_display_as_it_opens(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a game screen: the display has its `-narrow` / `-short` classes from the start,
    instead of restyling all of itself at its first resize."""
    restyled = record_restyles(monkeypatch)
    session = new_game("boomtown", ("Ann", "Bo", "Cy"))
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen) and app.screen.view)
        assert app.screen.has_class("-narrow") and app.screen.has_class("-short")
        assert not [node for node in restyled if isinstance(node, DisplayScreen)]


async def test_a_finished_games_cards_show_every_figure_whole(tmp_path: Path) -> None:
    """ "Final score" beside Money pushed Properties off each card, at 80 columns and at
    200 (a play-test): the final score takes the place of the figure it is counted from."""
    from companion.scoring import sheet_text
    from companion.setup import SetupForm, build_header
    from companion.table import COLOURS

    store = Store(tmp_path, GAMES)
    names = ["Ann", "Bo", "Cy", "Dee"]
    header, _ = build_header(SetupForm("calamityville", names, list(COLOURS[:4]), 0, {}))
    session = GameSession.create(store, header)
    rules = session.rules
    rows = rules.prefill(session.state)
    for row, money in zip(rows, (3850, 950, 12900, 100), strict=True):
        row["money"] = money
    session.act(rules.finish(session.state, sheet_text(rules.sheet_for(session.state), rows), ""))
    session.close()
    for size in ((80, 24), (200, 60)):
        app = DisplayApp(store)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            if isinstance(app.screen, GamePicker):  # no game in play: the finished one
                await pilot.press("enter")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, DisplayScreen)
            for card in screen._cards:
                labels = [str(label.render()) for label in card.query(".figure-label")]
                assert labels == ["Final score", "Properties"], size
                for figure in card.query(".figure"):
                    assert figure.region.right <= card.region.right, size


async def test_g_goes_back_to_following_the_game_in_play(tmp_path: Path) -> None:
    """Once a game was picked with g, nothing but closing the display followed the game in
    play again (a play-test): the list's first line does, and a game started later is
    shown by itself again."""
    first = made(tmp_path, "Ann", "Bo", "Cy")
    played_earlier(first, 60)
    second = made(tmp_path, "Di", "Eve", "Flo")
    app = DisplayApp(Store(tmp_path, GAMES))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # the list starts on the game in play: the first
        await pilot.pause()
        assert app.screen.path == first  # type: ignore[attr-defined]
        await pilot.press("g")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, GamePicker)
        games = picker.query_one("#picker-games")
        assert games.highlighted == 2  # type: ignore[attr-defined]
        assert "The game in play" in str(games.get_option_at_index(0).prompt)  # type: ignore[attr-defined]
        await pilot.press("home", "enter")
        await pilot.pause()
        assert app.screen.path == second  # type: ignore[attr-defined]
        third = Path(await player(tmp_path, "new", "Gus", "Hal", "Ida"))  # another process
        await shows(pilot, lambda: app.screen.path == third, within=4)  # type: ignore[attr-defined]


async def test_the_log_keeps_its_newest_sentences_at_a_phones_width(
    store: Store, new_game: NewGame
) -> None:
    """At 45 columns the sentences wrap, and the log cut off its newest at its bottom (a
    play-test): the newest that fit are shown, the newest last."""
    from tests.display.player import play_round

    # (four players: with three, the log has room for all four sentences since the cards
    # drop their spacing in one column)
    session = new_game(game="boomtown", names=("Annabelle", "Bartholomew", "Cy", "Di"))
    for bid in (2, 3):
        play_round(session, bid=bid)
    newest = session.journal.effective()[-1].text
    app = DisplayApp(store)
    async with app.run_test(size=(45, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DisplayScreen) and screen.view is not None
        log = screen.query_one("#display-log")
        await shows(pilot, lambda: log_fitted(log))
        shown = str(log.render())
        assert shown.endswith(newest), shown
        assert shown != "\n".join(screen.view.log)  # the oldest of the four did not fit


@pytest.mark.parametrize(
    ("game", "names"),
    [("coloma", ("Annabelle", "Bartholomew", "Cy")), ("boomtown", ("Ann", "Bo", "Cy", "Di"))],
)
async def test_a_phone_shows_the_newest_sentences_whole(
    store: Store, new_game: NewGame, game: str, names: tuple[str, ...]
) -> None:
    """At 45x30 the cards left the log one line, its newest sentence cut mid-way, and with
    four players none (a play-test): the cards drop their spacing in one column and give
    way to the log, which shows its newest sentences whole, wrapped."""
    from tests.display.player import play_round

    session = new_game(game=game, names=names)
    if game == "boomtown":
        for bid in (2, 3):
            play_round(session, bid=bid)
    else:
        rules = session.rules
        session.act(rules.gunmen(session.state, 0, 2, 1))  # type: ignore[attr-defined]
        for _round in range(4):
            session.act(rules.next_round(session.state))  # type: ignore[attr-defined]
    app = DisplayApp(store)
    async with app.run_test(size=(45, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DisplayScreen) and screen.view is not None
        log = screen.query_one("#display-log")
        # (fails past WITHIN: two sentences or more, whole)
        await shows(pilot, lambda: log_fitted(log) and len(str(log.render()).split("\n")) >= 2)
        status = screen.query_one("#display-status").region
        assert log.region.bottom <= status.y  # on the screen, above the status line
        shown = str(log.render()).split("\n")
        assert len(shown) >= 2 and tuple(shown) == screen.view.log[-len(shown) :]
        width, height = log.content_size
        assert sum(len(Text(line).wrap(app.console, width)) for line in shown) <= height


async def test_a_game_picked_before_any_is_in_play_gives_way_to_the_game_played_next(
    store: Store, new_game: NewGame, looks: Looks, looks_often: None
) -> None:
    """With no game in play, the display opens on the list; the finished game picked there
    stayed on the display when another game was played (a play-test): it stays until a
    game is played, then the display follows the game in play."""
    older = new_game(game="calamityville", names=("Ann", "Bo"))
    older.act(older.rules.finish(older.state, "", "Ann wins"))
    older.close()
    newer = new_game(game="calamityville", names=("Cy", "Di"))
    newer.act(newer.rules.finish(newer.state, "", "Cy wins"))
    newer.close()
    played_earlier(older.path, 120)
    played_earlier(newer.path, 60)
    app = DisplayApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GamePicker)
        await pilot.press("down", "enter")  # the older one: it stays, nothing is played
        await pilot.pause()
        assert isinstance(app.screen, DisplayScreen) and app.screen.path == older.path
        await looked(pilot, lambda: looks.newer, 3)
        assert app.screen.path == older.path
        played = new_game(game="boomtown", names=("Eve", "Flo", "Gus"))
        await shows(pilot, lambda: app.screen.path == played.path, within=4)  # type: ignore[attr-defined]


async def test_a_finished_game_does_not_say_nothing_has_happened(
    store: Store, new_game: NewGame
) -> None:
    """Its end is said once, above the log; the log under it said "Nothing has happened
    yet" when the end was the only sentence."""
    session = new_game(game="calamityville", names=("Ann", "Bo"))
    session.act(session.rules.finish(session.state, "", "Ann wins"))
    session.close()
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(pilot, "#display-turn") == "The game is over: Ann wins."
        assert text_of(pilot, "#display-log") == ""


def shown_whole(app: DisplayApp, selector: str, sentence: str) -> bool:
    """`sentence` is on the screen whole: every line it wraps to lies inside the widget's
    region (a line past a max-height was cut off: a play-test)."""
    widget = app.screen.query_one(selector)
    lines = Text(sentence).wrap(app.console, widget.content_size.width)
    return (
        str(widget.render()).endswith(sentence)
        and widget.content_size.height >= len(lines)
        and widget.region.bottom <= app.screen.query_one("#display-status").region.y
    )


async def test_a_phone_shows_the_turn_the_tie_break_and_a_long_sentence_whole(
    store: Store, new_game: NewGame
) -> None:
    """At 45x30 the turn line stopped at "turns: Cy, Bo," (its last name cut), the
    tie-break at "still tied, they" and the newest log sentence mid-way (a play-test): the
    lines above the log wrap whole, the cards give way, and the log makes room for its
    newest sentence."""
    from companion.scoring import score, sheet_text, winners_sentence

    session = new_game(game="coloma", names=("Annabelle", "Bartholomew", "Cy"))
    rules = session.rules
    session.act(rules.sites(session.state, [3, 1, 2], []))  # type: ignore[attr-defined]
    app = DisplayApp(store)
    async with app.run_test(size=(45, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DisplayScreen) and screen.view is not None
        assert screen.view.turn.endswith("turns: Bartholomew, Cy, Annabelle.")
        await shows(pilot, lambda: shown_whole(app, "#display-turn", screen.view.turn))
        for seat, row in ((0, 1), (1, 2), (2, 3)):
            session.act(rules.gunmen(session.state, seat, row, 2))  # type: ignore[attr-defined]
        for _round in range(5):
            session.act(rules.next_round(session.state))  # type: ignore[attr-defined]
        session.act(rules.chart(session.state, "8 VP / 4 VP / 2 VP / 1 Grave"))  # type: ignore[attr-defined]
        session.act(rules.shootout_result(session.state))  # type: ignore[attr-defined]
        result = session.journal.effective()[-1].text
        assert len(result) > 3 * 43  # more lines than the log's room at the least
        await shows(pilot, lambda: shown_whole(app, "#display-log", result))
        rows = rules.prefill(session.state)
        for row in rows:
            row["track"], row["gold"], row["bucks"] = 11, 4, 0
        spec = rules.sheet_for(session.state)
        winners = winners_sentence(score(spec, rows))
        session.act(rules.finish(session.state, sheet_text(spec, rows), winners))
        await shows(pilot, lambda: screen.view is not None and screen.view.finished)
        assert screen.view.turn.endswith("share the rank.")
        # followed within WITHIN (above); then laid out and drawn, its frames waited for
        # rather than timed (two busy test workers once took 1.05 s over both)
        await until(pilot, lambda: shown_whole(app, "#display-turn", screen.view.turn))
        await until(pilot, lambda: shown_whole(app, "#display-log", result))


def _builders_on_a_board(new_game: NewGame) -> GameSession:
    """Four players on the usual 10-row board, with terrain, buildings and a Track Token."""
    session = new_game("builders", names=("Ann", "Bo", "Cy", "Dee"), terrain=True)
    rules: Any = session.rules
    session.act(rules.board(session.state, [6] * 10))
    session.act(rules.place_terrain(session.state, 2, 2, "lake"))
    session.act(rules.place_terrain(session.state, 3, 5, "goldmine"))
    for seat, (row, column, cube) in enumerate(((3, 1, 3), (2, 4, 2), (1, 3, 1), (4, 4, 3))):
        session.act(rules.build(session.state, seat, row, column, cube))
    session.act(rules.token(session.state, 1, 0, 0))  # row 1, column 2
    return session


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_builders_game_shows_its_board_beside_the_cards(
    store: Store, new_game: NewGame, size: tuple[int, int]
) -> None:
    """The display showed no board for Boomtown Builders (a table looking at it could not
    see the Track Tokens, the Train Marker's row, nor who built where): the board is drawn
    beside the cards, whole, above the log, with every card whole too; at 80x24 the cards
    shorten their labels (T, D, S) and the table's card (the Train Marker's row: the board
    shows it) is left out. A build in the playing window is shown on it."""
    session = _builders_on_a_board(new_game)
    app = DisplayApp(store, session.game_id)
    width = size[0]
    async with app.run_test(size=size) as pilot:
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen) and app.screen.view)
        screen = app.screen
        assert isinstance(screen, DisplayScreen)
        board = screen.query_one("#display-board")
        await shows(pilot, lambda: board.region.height > 0 and screen._cards[-1].region.height)
        await pilot.pause()  # (the cards give way to the log a frame after the first layout)
        lines = str(board.render()).split("\n")
        rows = [line for line in lines if line.strip()]
        assert len(rows) == 11  # the column numbers and the 10 rows, row 1 last
        assert rows[0].split() == ["1", "2", "3", "4", "5", "6"]
        assert rows[-1].split() == ["1", ".", "==", "C1", ".", ".", "."]  # the Track Token
        assert rows[-2].split() == ["2", ".", "~~", ".", "B2", ".", ".", "◀"]  # the Train Marker
        assert rows[-3].split() == ["3", "A3", ".", ".", ".", "$$", "."]
        assert board.region.height == len(lines)  # whole, not cut
        log = screen.query_one("#display-log").region
        assert board.region.bottom <= log.y and board.region.right <= width
        for card in screen._cards:
            assert card.region.height == 5 and card.region.right <= board.region.x
            assert card.region.bottom <= log.y  # nothing hidden under the log
            for figure in card.query(".figure"):
                assert figure.region.right <= card.region.right
        assert "A Ann" in str(screen._cards[0].query_one(".seat-name").render())
        labels = [str(label.render()) for label in screen._cards[0].query(".figure-label")]
        table = screen._table_card
        assert table is not None
        if width == 80:
            assert labels == ["T", "D", "S"] and not table.display
        else:
            assert labels == ["Triples", "Doubles", "Singles"] and table.display
            assert table.region.bottom <= log.y
        # the playing window builds: the display shows it
        rules: Any = session.rules
        session.act(rules.next_round(session.state))
        session.act(rules.build(session.state, 1, 6, 6, 3))
        await shows(pilot, lambda: "B3" in str(board.render()))


async def test_a_game_gone_on_with_after_damage_is_no_longer_said_damaged(
    new_game: NewGame, store: Store, looks: Looks, looks_often: None
) -> None:
    """After "Continue from the readable part" in the playing window, the display went on
    saying that entry 4 was changed on disk, through later play, though its numbers and log
    followed (a play-test): the damage is said while the file is damaged, dropped once it
    reads sound again, and said again when a new one comes. (What it says, after how many
    looks: at five times the pace.)"""
    session = new_game()
    rules: Any = session.rules
    for step in range(8):
        session.act(rules.adjust(session.state, step % 3, "gold", parse_amount(f"+{step + 1}")))
    session.close()
    path = session.path
    data = bytearray(path.read_bytes())
    starts = [at for at in range(len(data)) if data.startswith(ENTRY_MARKER, at)]
    data[data.index(b'text = "', starts[3]) + len(b'text = "')] ^= 0x20  # entry 4's text
    path.write_bytes(bytes(data))
    status = "#display-status"
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await shows(pilot, lambda: "Entry 4 of the game file was changed" in text_of(pilot, status))
        writer = GameSession.open(store, path)  # the playing window: going on
        writer.continue_from_readable()
        await shows(pilot, lambda: text_of(pilot, status).startswith("Following"))
        assert not app.screen.query_one(status).has_class("-stopped")
        writer.act(rules.adjust(writer.state, 0, "gold", parse_amount("+100")))
        played = [str(numbers["gold"]) for numbers in writer.state.numbers]
        await shows(pilot, lambda: shown_gold(app) == played)
        await looked(pilot, lambda: looks.files, 3)
        assert text_of(pilot, status).startswith("Following")
        writer.close()
        # a new damage is said again
        data = bytearray(path.read_bytes())
        starts = [at for at in range(len(data)) if data.startswith(ENTRY_MARKER, at)]
        data[data.index(b'text = "', starts[1]) + len(b'text = "')] ^= 0x20  # entry 2's text
        path.write_bytes(bytes(data))
        await shows(pilot, lambda: "Entry 2 of the game file was changed" in text_of(pilot, status))


def drawn_styles(widget: Widget) -> dict[str, Style]:
    """Each mark the widget draws (a segment's text, stripped), with the style it is drawn in
    (the first one found)."""
    found: dict[str, Style] = {}
    for y in range(widget.region.height):
        for segment in widget.render_line(y):
            if segment.text.strip() and segment.style is not None:
                found.setdefault(segment.text.strip(), segment.style)
    return found


def drawn(app: DisplayApp, colour: Style | Color) -> tuple[int, int, int]:
    """The colour a terminal shows for a style's colour or a widget's: a terminal colour
    (red, blue, ...) drawn in the app's theme's shade of it, as the app draws it."""
    rich = colour.color if isinstance(colour, Style) else colour.rich_color
    assert rich is not None
    return tuple(rich.get_truecolor(app.ansi_theme))


async def test_the_board_and_the_cards_draw_a_player_as_the_game_screen_does(
    store: Store, new_game: NewGame
) -> None:
    """Every building outside the Train Marker's row was drawn dim (the row's dim number
    carried over to its cells: Bo's blue and Cy's green came out too dark to read across the
    table), and the display drew a player's colour in CSS's pure shade (a blue hard to read,
    and not the game screen's violet): a building is drawn bold, never dim, in the colour the
    game screen gives it, and so are the names, the large digits and the cards' borders."""
    session = _builders_on_a_board(new_game)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        game = await open_screen(pilot, session, BuildersScreen)
        await pilot.pause()
        on_game_screen = drawn_styles(game.query_one("#board"))
        names_on_game_screen = drawn_styles(game.query_one("#players"))
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen) and app.screen.view)
        screen = app.screen
        assert isinstance(screen, DisplayScreen)
        board = screen.query_one("#display-board")
        await shows(pilot, lambda: board.region.height > 0 and screen._cards[-1].region.height)
        on_display = drawn_styles(board)
        for mark in ("A3", "B2", "C1", "D3"):  # rows 3, 2 (the Train Marker's), 1 and 4
            style = on_display[mark]
            assert style.bold and not style.dim, mark
            assert drawn(app, style) == drawn(app, on_game_screen[mark]), mark
        for mark in ("==", "~~", "$$"):  # the Track Token and the terrain: not dim either
            assert not on_display[mark].dim, mark
        assert on_display["."].dim and on_display["10"].dim  # the empty places, a row number
        for card, player in zip(screen._cards, session.state.players, strict=True):
            colour = drawn(app, names_on_game_screen[player.name])
            assert drawn(app, drawn_styles(card.query_one(".seat-name"))[player.name]) == colour
            assert drawn(app, card.styles.border_left[1]) == colour
            for digits in card.query(Digits):
                assert drawn(app, digits.styles.color) == colour


async def test_the_display_draws_the_board_the_game_screen_draws(
    store: Store, new_game: NewGame
) -> None:
    """A guard: the display drew the board with its own copy of the game screen's drawing
    (its legend had drifted once); both draw it with one function now, and the display's
    rows must go on reading as the game screen's, cell for cell (a building, terrain, the
    Track Token, the ◀)."""
    session = _builders_on_a_board(new_game)
    async with make_app(store).run_test(size=(120, 40)) as pilot:
        game = await open_screen(pilot, session, BuildersScreen)
        await pilot.pause()
        on_game_screen = game.query_one("#board", Rows).plain.splitlines()
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen) and app.screen.view)
        board = app.screen.query_one("#display-board")
        await shows(pilot, lambda: board.region.height > 0)
        on_display = [line for line in str(board.render()).split("\n") if line]
    assert on_display == on_game_screen
    shown = "\n".join(on_display)
    assert all(mark in shown for mark in ("A3", "~~", "$$", "==", "◀"))


async def test_the_status_keeps_each_key_with_its_word_at_80x24(
    store: Store, new_game: NewGame
) -> None:
    """At 80x24 the status line ended in "q:" and "quit" began the next line (a
    play-test): a key and its word stay together."""
    session = new_game(game="calamityville", names=("Ann", "Bo", "Cy"))  # (a long name)
    app = DisplayApp(store, session.game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await shows(pilot, lambda: isinstance(app.screen, DisplayScreen) and app.screen.view)
        status = app.screen.query_one("#display-status")
        await shows(pilot, lambda: "Following" in text_of(pilot, "#display-status"))
        lines = [
            strip.text.strip()
            for strip in status.render_lines(Region(0, 0, status.size.width, status.size.height))
        ]
        assert any("q:" in line for line in lines), lines
        assert not any(line.endswith(("q:", "g:")) for line in lines), lines
        assert "g: games · q: quit" in lines
