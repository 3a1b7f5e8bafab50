"""The table display: one game in large type for everyone at the table, live and read-only.

`goldrush display [GAME_ID]` (and `goldrush serve`, in a browser) opens a game the way a
second copy of the app follows it: read-only, without its lock (it never asks to write),
rereading the journal when the file grows. It shows each player's main numbers in their
colour, whose turn it is and the newest sentences of the log (`companion.display` chooses
them); a Boomtown Builders game's board beside the cards. A game that is deleted or can no
longer be read is said so on the screen, and picked up again when its file is back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.cells import cell_len
from rich.color import Color as RichColor
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Grid, Horizontal, Vertical
from textual.css.scalar import Scalar
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Digits, OptionList, Static
from textual.widgets.option_list import Option

from companion.display import BoardView, DisplayView, Figure, SeatView, view_of
from companion.saved import SavedGame, list_saved
from companion.session import FollowStopped, GameSession
from companion.store import DamagedFile, Store
from companion.table import rich_colour
from screens.app import GoldrushApp
from screens.builders_board import board_lines, board_width
from screens.player_colours import dark_theme, follow_theme
from screens.size_classes import initial_classes, set_size_classes
from screens.styled_once import StyledOnce

HELP = """\
## The table display

A read-only view of one game, in large type, for a TV or the phones at the table. It follows
the game as it is played in another window (it never changes it), within half a second.

- A game started or played later is shown by itself (the display follows the game in
  play); so is one played after a game picked from the list shown when none was in play.
- **g** lists the saved games to show another one (it stays on the display); the list's
  first line goes back to following the game in play. The list starts on what the display
  shows: that line, or the game picked.
- **q** (or **ctrl+q**) closes the display (the game goes on in its own window).
"""

#: How often the display looks for the writer's changes (one stat when there are none).
FOLLOW_EVERY = 0.5
#: How often a display showing the game in play looks for a newer one (the saved games'
#: summaries), in looks for changes: a TV has no keyboard to press g on.
NEWER_EVERY = 4
#: A card (a player, or the table's numbers) is about this wide: the grid takes as many
#: columns as fit.
CARD_WIDTH = 38
#: A card's height (its name, the labels, three rows of large digits, its gutter).
CARD_HEIGHT = 5
#: A card beside a board too wide to leave room for two cards of CARD_WIDTH: its labels
#: shortened (T, D, S: as the game screen says the cubes left, "T3 D4 S7"), the table's card
#: left out (the board shows the Train Marker's row, the turn line says it).
TIGHT_CARD_WIDTH = 20
#: The log's room at the least (its padding and three lines): its newest sentence whole
#: at a phone's width.
LOG_ROOM = 4
TABLE_TITLE = Text("  The table", style="bold")
#: What the game list's first line returns: follow the game in play again (a game picked
#: with g stayed for good, with no way back but closing the display: a play-test).
IN_PLAY = "in-play"


def open_following(store: Store, path: Path) -> GameSession:
    """A game opened the way a follower opens it, without its lock: never a writer."""
    return GameSession(store, store.read_game(path), read_only=True)


def _stamp(path: Path) -> tuple[int, int] | None:
    """The file's size and time, or None when it is not a regular file (deleted)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_size, stat.st_mtime_ns) if path.is_file() else None


class FigureBox(Vertical):
    """A label over a number in large type."""

    def __init__(self, figure: Figure, colour: str = "", dark: bool = True) -> None:
        """`colour`: its player's, drawn for a `dark` theme or a light one."""
        super().__init__(classes="figure")
        self._figure = figure
        self._colour = colour
        self._dark = dark
        self._tight = False

    def compose(self) -> ComposeResult:
        yield Static(self._shown_label(), classes="figure-label", markup=False)
        digits = Digits(self._figure.value, classes="figure-value")
        if self._colour:
            digits.styles.color = widget_colour(self._colour, self._dark)
        yield digits

    def _shown_label(self) -> str:
        figure = self._figure
        return (figure.short or figure.label) if self._tight else figure.label

    def show(self, figure: Figure) -> None:
        shown, self._figure = self._figure, figure
        if figure.value != shown.value:
            self.query_one(Digits).update(figure.value)
        if (figure.label, figure.short) != (shown.label, shown.short):
            self.query_one(".figure-label", Static).update(self._shown_label())

    def tighten(self, tight: bool) -> None:
        """Its label shortened (in a card beside a board) or whole."""
        if tight != self._tight:
            self._tight = tight
            for label in self.query(".figure-label").results(Static):  # (none before composed)
                label.update(self._shown_label())


def widget_colour(colour: str, dark: bool = True) -> Color:
    """A player's colour for a widget's style (the Digits, a card's border): the same
    colour as `player_colour`, so drawn alike."""
    return Color.from_rich_color(RichColor.parse(rich_colour(colour, dark)))


def name_line(
    name: str, colour: str, turn: bool, label: str = "", tight: bool = False, dark: bool = True
) -> Text:
    """A player's name in their colour (for a `dark` theme or a light one), marked when it
    is their turn (shown literally), after their `label` on the board; `tight`: in a narrow
    card (the mark says the turn)."""
    line = Text()
    line.append("▶ " if turn else "  ", style="bold")
    if label:
        line.append(f"{label} ", style=f"bold reverse {rich_colour(colour, dark)}")
    line.append(name, style=f"bold {rich_colour(colour, dark)}")
    if turn and not tight:
        line.append("  to play", style="italic")
    return line


def seat_line(seat: SeatView, tight: bool = False, dark: bool = True) -> Text:
    return name_line(seat.name, seat.colour, seat.turn, seat.label, tight, dark)


def seat_colours(seats: tuple[SeatView, ...], dark: bool) -> Callable[[int], str | None]:
    """Each seat's colour as the board draws its buildings (None: a seat not shown)."""
    return lambda seat: rich_colour(seats[seat].colour, dark) if seat < len(seats) else None


def legend_lines(board: BoardView, width: int) -> list[str]:
    """The legend's marks, as many a line as fit `width` (each whole: wrapped at a space,
    "◀ Train" and "Marker" went to two lines)."""
    lines: list[str] = []
    for said in board.legend:
        if lines and cell_len(lines[-1]) + 2 + cell_len(said) <= width:
            lines[-1] += f"  {said}"
        else:
            lines.append(said)
    return lines


class Card(Vertical):
    """A player's figures (or the table's) under their name, in their colour."""

    def __init__(
        self,
        title: Text,
        figures: tuple[Figure, ...],
        colour: str = "",
        seat: SeatView | None = None,
        dark: bool = True,
    ) -> None:
        """`colour`: its player's, drawn for a `dark` theme or a light one."""
        super().__init__(classes="card")
        self._title = title
        self._boxes = [FigureBox(figure, colour, dark) for figure in figures]
        self.seat = seat  # the player it shows (None: the table's card)
        self.tight = False
        self.dark = dark
        if colour:
            self.styles.border_left = ("thick", widget_colour(colour, dark))

    def compose(self) -> ComposeResult:
        yield Static(self._title, classes="seat-name")
        with Horizontal(classes="figures"):
            yield from self._boxes

    def show(self, title: Text, figures: tuple[Figure, ...]) -> None:
        if title != self._title:
            self._title = title
            for line in self.query(".seat-name").results(Static):  # (none before composed)
                line.update(title)
        for box, figure in zip(self._boxes, figures, strict=True):
            box.show(figure)

    def show_seat(self, seat: SeatView) -> None:
        self.seat = seat
        self.set_class(seat.turn, "-turn")
        self.show(seat_line(seat, self.tight, self.dark), seat.figures)

    def tighten(self, tight: bool) -> None:
        """Narrow (beside a board): the figures' labels shortened, the name line too."""
        if tight == self.tight:
            return
        self.tight = tight
        for box in self._boxes:
            box.tighten(tight)
        if self.seat is not None:
            self.show_seat(self.seat)


class LogLines(Static):
    """The newest sentences of the log that fit its room, the newest last, fitted again as
    it is resized: at a phone's width they wrap, and the log cut its newest lines off at its
    bottom (a play-test)."""

    def __init__(self, id: str) -> None:
        super().__init__("", id=id, markup=False)
        self._sentences: tuple[str, ...] = ()
        self._empty = ""

    def show(self, sentences: tuple[str, ...], finished: bool = False) -> None:
        """`finished`: a game whose only sentence is its end, said above the log (the log
        said "Nothing has happened yet" under "The game is over")."""
        self._sentences = sentences
        self._empty = "" if finished else "Nothing has happened yet."
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def newest_needs(self) -> int:
        """The rows the newest sentence needs whole at the log's width, with its padding
        (0 before the log is laid out, or with nothing to say)."""
        width = self.content_size.width
        if width <= 0 or not self._sentences:
            return 0
        lines = len(Text(self._sentences[-1]).wrap(self.app.console, width))
        return lines + self.styles.gutter.height

    def _fit(self) -> None:
        sentences = list(self._sentences)
        width, height = self.content_size
        if width > 0 and height > 0:
            console = self.app.console
            kept: list[str] = []
            used = 0
            for sentence in reversed(sentences):
                used += len(Text(sentence).wrap(console, width))
                if used > height and kept:  # (the newest is shown from its start even
                    # when the screen is too short for it: the screen makes it room)
                    break
                kept.insert(0, sentence)
            sentences = kept
        self.update(Text("\n".join(sentences) if sentences else self._empty))


class DisplayScreen(StyledOnce, Screen[None]):
    """One game in large type, following its file."""

    HELP_TITLE = "The table display"
    HELP_TEXT = HELP
    CSS_PATH = "display.tcss"
    BINDINGS = [
        Binding("g", "games", "Games", id="games"),
        # read-only, nothing is typed: q closes it as ctrl+q does (only ctrl+q did)
        Binding("q", "app.quit", "Quit", id="display-quit"),
    ]

    def __init__(
        self, store: Store, path: Path, in_play: bool = False, played_after: float = 0.0
    ) -> None:
        """`in_play`: show whichever game is in play, moving on to a newer one when it is
        started (`goldrush display` with no game named); a game picked with g stays.
        `played_after`: move on only to a game played after this time (a file's
        modification time): the game picked from the list shown before any was in play."""
        super().__init__(classes=initial_classes())
        self.store = store
        self.path = path
        self.in_play = in_play
        self.played_after = played_after
        self._looks = 0
        self.session: GameSession | None = None
        self.view: DisplayView | None = None
        self._shape: tuple[object, ...] = ()
        self._timer: Timer | None = None
        self._stopped = ""  # why the game is not followed now ("" while it is)
        self._cards: list[Card] = []
        self._table_card: Card | None = None
        self._stopped_at: tuple[int, int] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="display-title", markup=False)
        yield Static("", id="display-turn", markup=False)
        with Horizontal(id="display-main"):
            yield Grid(id="display-cards")
            with Vertical(id="display-board-box"):
                yield Static("", id="display-board", markup=False)
                yield Static("", id="display-legend", markup=False)
        yield LogLines(id="display-log")
        yield Static("", id="display-status", markup=False)

    def on_mount(self) -> None:
        self._open()
        self._timer = self.set_interval(FOLLOW_EVERY, self.follow)
        follow_theme(self, self._recolour)

    def _recolour(self) -> None:
        """The players' colours in the new theme's set: the cards are made anew (their
        borders and numbers take the colour when made), the board drawn anew."""
        self._shape = ()
        self.render_view()

    def on_unmount(self) -> None:
        if self._timer is not None:
            self._timer.stop()

    def on_resize(self, event: events.Resize) -> None:
        set_size_classes(self, event.size)
        self._fit_columns()
        if self.view is not None:
            self._show_board(self.view)  # its rows spaced, or not, at this height
        self.call_after_refresh(self._fit_log)  # with the lines above it as laid out

    def _fit_log(self) -> None:
        """Leave the log its room below the cards, which give way: LOG_ROOM rows at least,
        and what its newest sentence needs whole (at a phone's size four players' cards
        pushed the log off the screen, and a long Shootout sentence was cut: play-tests)."""
        around = sum(
            self.query_one(name).outer_size.height
            for name in ("#display-title", "#display-turn", "#display-status")
        )
        log = self.query_one("#display-log", LogLines)
        room = max(CARD_HEIGHT, self.size.height - around - max(LOG_ROOM, log.newest_needs()))
        main = self.query_one("#display-main", Horizontal)
        if main.styles.max_height != Scalar.from_number(room):
            main.styles.max_height = room  # (the log fits its sentences as it is resized)

    def _board_room(self) -> int:
        """The columns the board takes beside the cards (0: no board, or it goes under them)."""
        board = self.view.board if self.view is not None else None
        if board is None:
            return 0
        return board_width(board.labels, board.columns) + 2  # its padding

    def _fit_columns(self) -> None:
        width = self.size.width
        board = self._board_room()
        # the board beside the cards when it leaves them a column of tight ones at least
        # (at a phone's width it goes under them)
        beside = bool(board) and width - board >= TIGHT_CARD_WIDTH + 2
        self.set_class(bool(board) and not beside, "-board-under")
        room = width - board if beside else width
        tight = beside and room - 2 < 2 * CARD_WIDTH
        count = len(self._cards) + (self._table_card is not None and not tight)
        count = max(count, 1)
        columns = max(1, min(count, (room - 2) // (TIGHT_CARD_WIDTH if tight else CARD_WIDTH)))
        self.query_one("#display-cards", Grid).styles.grid_size_columns = columns
        for card in self._cards:
            card.tighten(tight)
        if self._table_card is not None:
            self._table_card.display = not tight
        self.set_class(tight, "-tight-cards")
        # a phone's one column of cards drops their spacing: with it, three players' cards
        # left the log one line, its newest sentence cut (a play-test)
        self.set_class(columns == 1 and count > 1, "-one-column")

    # -- following the game ------------------------------------------------------------

    def _open(self) -> None:
        """Read the game anew (at start, and when its file is back after it went away)."""
        try:
            self.session = open_following(self.store, self.path)
        except DamagedFile as damaged:
            self._stop(f"{damaged.path.name} cannot be read ({damaged.reason}).")
            return
        except Exception as error:  # a file this version cannot replay: say so, keep going
            self._stop(f"{self.path.name} cannot be shown ({error}).")
            return
        self._stopped = ""
        self.render_view()

    def follow(self) -> None:
        """Show what the playing window changed; pick the game up again when it is back."""
        self._looks += 1
        if self.in_play and self._looks % NEWER_EVERY == 0 and self._newer_in_play():
            return
        if self.session is None:
            seen = _stamp(self.path)
            if seen is not None and seen != self._stopped_at:  # back, or changed since
                self._open()
            return
        try:
            changed = self.session.follow()
        except FollowStopped as stopped:
            self._stop(str(stopped))
            return
        except Exception as error:  # a bug of ours: keep what is shown, say so, read anew
            self._stop(f"The display stopped following the game ({error}).")
            return
        if changed and self.session.record.damage is not None:
            # a damaged game's file changed: read it anew whole, so that the damage said is
            # the file's as it is now (the playing window went on from the readable part and
            # the damage stayed said through later play, only the new entries read: a
            # play-test); a file still damaged says so again
            self._open()
        elif changed:
            self.render_view()
        elif not self.session.following:  # a session that stopped by itself
            self._stop("The display no longer follows the game.")

    def _stop(self, why: str) -> None:
        self.session = None
        self._stopped = why
        self._stopped_at = _stamp(self.path)  # a file left unreadable is read again once changed
        status = self.query_one("#display-status", Static)
        status.update(Text(f"{why} It is shown again when its file is back."))
        status.add_class("-stopped")

    # -- showing it ----------------------------------------------------------------------

    def render_view(self) -> None:
        session = self.session
        if session is None:
            return
        view = view_of(
            session.rules.id,
            session.title,
            session.rules.progress(session.state),
            session.state,
            session.journal,
        )
        self.view = view
        self.sub_title = view.title
        shape = (
            tuple(
                (seat.name, seat.colour, tuple(f.label for f in seat.figures))
                for seat in view.seats
            ),
            tuple(f.label for f in view.table),
            None if view.board is None else board_width(view.board.labels, view.board.columns),
        )
        if shape != self._shape:
            self._build_cards(view)
            self._shape = shape
        else:
            for card, seat in zip(self._cards, view.seats, strict=False):
                card.show_seat(seat)
            if self._table_card is not None:
                self._table_card.show(TABLE_TITLE, view.table)
        self._show_board(view)
        title = f"{view.title} · {view.progress}" if view.progress else view.title
        self.query_one("#display-title", Static).update(Text(title))
        turn = self.query_one("#display-turn", Static)
        turn.update(Text(view.turn))
        self.set_class(view.finished, "-finished")
        self._show_log()
        self.call_after_refresh(self._fit_log)  # the lines above it may wrap anew
        status = self.query_one("#display-status", Static)
        following = f"Following {session.game_id} (read-only) · {time.strftime('%H:%M:%S')}"
        damage = session.record.damage
        # a damaged file said, not shown as the game (its readable part looked like a game
        # in play: a play-test); the status wraps, so that it is read whole at 80x24
        status.set_class(damage is not None, "-stopped")
        if damage is not None:
            following = (
                f"Entry {damage.number} of the game file {damage.what}: shown up to the entry "
                f"before it; the window that plays the game says what to do. {following}"
            )
        # the keys on a line of their own when the whole does not fit one: "q:" ended a
        # line and "quit" began the next at 80x24 (a play-test)
        keys = "g: games · q: quit"
        whole = f"{following} · {keys}"
        width = status.content_size.width or self.size.width - status.styles.gutter.width
        status.update(
            Text(whole if not width or cell_len(whole) <= width else f"{following}\n{keys}")
        )

    def _show_board(self, view: DisplayView) -> None:
        """The board (a Builders game's), redrawn as it changes; hidden for a game without."""
        box = self.query_one("#display-board-box", Vertical)
        box.display = view.board is not None
        if view.board is None:
            return
        lines = board_lines(
            view.board,
            seat_colours(view.seats, dark_theme(self)),
            spaced=self._spaced(view.board),
            dim_numbers=True,
        )
        self.query_one("#display-board", Static).update(Text("\n").join(lines))
        legend = legend_lines(view.board, board_width(view.board.labels, view.board.columns))
        self.query_one("#display-legend", Static).update(Text("\n".join(legend)))

    def _spaced(self, board: BoardView) -> bool:
        """Whether the board's rows are a line apart: where the screen has room for them
        and the log's (title, turn line, status: 3; the numbers and the legend: 3)."""
        return self.size.height - (2 * len(board.rows) + 6) >= LOG_ROOM + 4

    def _show_log(self) -> None:
        if self.view is not None:
            self.query_one("#display-log", LogLines).show(self.view.log, self.view.finished)

    def _build_cards(self, view: DisplayView) -> None:
        """Lay out the cards anew: once a game, and when its figures change in kind."""
        grid = self.query_one("#display-cards", Grid)
        grid.remove_children()
        self._cards = []
        dark = dark_theme(self)
        for seat in view.seats:
            card = Card(seat_line(seat, dark=dark), seat.figures, seat.colour, seat, dark)
            card.set_class(seat.turn, "-turn")
            self._cards.append(card)
        self._table_card = Card(TABLE_TITLE, view.table) if view.table else None
        grid.mount_all([*self._cards, *([self._table_card] if self._table_card else [])])
        self._fit_columns()

    def _newer_in_play(self) -> bool:
        """Move on to the game in play when it is another one (a game started or played
        since): the display stayed on the finished one until someone walked to the TV (a
        play-test). The game played last stays, finished too: a game just finished is
        what the table watches (it left it within a second for an older unfinished one,
        and its winner went unseen: a play-test)."""
        try:
            games = list_saved(self.store).games
        except OSError:
            return False
        latest = games[0] if games else None
        if latest is None or latest.path == self.path or latest.modified <= self.played_after:
            return False
        self.played_after = 0.0
        self._show(latest.path)
        return True

    def action_games(self) -> None:
        self.app.push_screen(
            GamePicker(
                self.store, offer_in_play=True, shown=IN_PLAY if self.in_play else self.path
            ),
            self.show_game,
        )

    def show_game(self, path: Path | str | None) -> None:
        """Follow another game (the one picked in the list: it stays, whatever is started
        since), the game in play again (`IN_PLAY`), or go on with this one."""
        if path == IN_PLAY:
            self.in_play = True
            self.played_after = 0.0
            self._newer_in_play()
            return
        if not isinstance(path, Path) or path == self.path:
            return
        self.in_play = False
        self._show(path)

    def _show(self, path: Path) -> None:
        self.path = path
        self.session = None
        self._shape = ()
        self._open()


class GamePicker(StyledOnce, Screen[Path | str | None]):
    """The saved games, newest first: enter shows one on the display (or, first in the
    list when `offer_in_play`, `IN_PLAY`: the game in play, followed as it changes)."""

    HELP_TITLE = "The table display"
    HELP_TEXT = HELP
    CSS_PATH = "display.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back", id="back"),
        Binding("q", "app.quit", "Quit", id="picker-quit"),
    ]

    def __init__(
        self,
        store: Store,
        note: str = "",
        waiting: bool = False,
        offer_in_play: bool = False,
        shown: Path | str | None = None,
    ) -> None:
        """`waiting`: no game is in play yet: the list follows the saved games, and the
        first game started is shown (the list stayed as it was, and no key left it: a
        play-test)."""
        super().__init__()
        self.store = store
        self.note = note
        self.waiting = waiting
        self.offer_in_play = offer_in_play
        # what the display shows, the game in play (`IN_PLAY`) or the game picked: the list
        # starts on it (it started on the game while the display followed the game in
        # play, whichever it was: a play-test)
        self.shown = shown
        self._paths: list[Path | str] = []
        self._newest_played = 0.0  # the newest modification time of a game listed
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(
            self.note or "Which game should the display show?", id="picker-title", markup=False
        )
        yield OptionList(id="picker-games")
        yield Static("enter: show it · q: quit", id="picker-hint", markup=False)

    def on_mount(self) -> None:
        self._list(list_saved(self.store).games)
        self.query_one("#picker-games", OptionList).focus()
        if self.waiting:
            self._timer = self.set_interval(2 * FOLLOW_EVERY, self._look)

    def _list(self, saved: list[SavedGame]) -> None:
        games = self.query_one("#picker-games", OptionList)
        games.clear_options()
        self._paths = [game.path for game in saved]
        self._newest_played = max((game.modified for game in saved), default=0.0)
        if self.offer_in_play and saved:
            self._paths.insert(0, IN_PLAY)
            games.add_option(
                Option(Text("The game in play (a game started later is shown by itself)"))
            )
        for game in saved:
            line = Text(f"{game.title} · {game.names} · {game.progress}")
            games.add_option(Option(line, id=game.game_id))
        if not saved:
            games.add_option(
                Option(Text("No game is saved yet: start one with `goldrush`."), disabled=True)
            )
        else:
            shown = self.shown
            games.highlighted = self._paths.index(shown) if shown in self._paths else 0

    def _look(self) -> None:
        """While no game is in play: the first one started is shown; the list follows."""
        try:
            saved = list_saved(self.store)
        except OSError:
            return
        latest = saved.latest_unfinished()
        if latest is not None and self.app.screen is self:
            self.waiting = False
            if self._timer is not None:
                self._timer.stop()
            self.app.push_screen(DisplayScreen(self.store, latest.path, in_play=True))
            return
        if [game.path for game in saved.games] != [p for p in self._paths if p != IN_PLAY]:
            self._list(saved.games)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self._paths[event.option_index]
        if len(self.app.screen_stack) > 1:
            self.dismiss(path)  # back to the display, which follows this game now
        elif isinstance(path, Path):  # the display started on this list (no game in play):
            # the game picked is shown until a game is played (a finished game stayed on the
            # display when another was played: a play-test)
            self.app.push_screen(
                DisplayScreen(self.store, path, in_play=True, played_after=self._newest_played)
            )

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)


class DisplayApp(GoldrushApp):
    """The display alone: no home screen, no game screen, no command palette (nothing that
    changes a game or writes a file can be reached, in a terminal or a browser)."""

    TITLE = "Goldrush Companion · table display"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, store: Store, game_id: str | None = None) -> None:
        super().__init__(store)
        self._game_id = game_id

    def get_default_screen(self) -> Screen:
        screen: Screen
        if self._game_id is not None:
            screen = DisplayScreen(self.store, self.store.games_dir / f"{self._game_id}.toml")
        else:
            latest = list_saved(self.store).latest_unfinished()
            if latest is not None:
                screen = DisplayScreen(self.store, latest.path, in_play=True)
            else:
                screen = GamePicker(
                    self.store,
                    "No game is being played: which one to show? (The next game started or "
                    "played is shown by itself.)",
                    waiting=True,
                )
        self._load_screen_css(screen)
        return screen


def run_display(store: Store, game_id: str | None) -> int:
    """`goldrush display`: run the display until it is closed."""
    app = DisplayApp(store, game_id)
    app.run()
    return app.return_code or 0
