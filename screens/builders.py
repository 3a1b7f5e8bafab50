"""The Boomtown Builders screen: the board, investment cubes, Track Tokens and rounds.

One typed command at a time, like Boomtown; the step line says whose turn it is. The rules
(cube sizes, where a building may stand, where a token goes) live in the core.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from contextlib import suppress

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.widgets import Header

from companion.amounts import and_listed, is_number, parse_count
from companion.games import RuleError
from companion.games.base import copy_state
from companion.games.builders import (
    READINGS,
    TERRAIN_CARDS,
    TERRAIN_MARKS,
    BuildersRules,
    BuildersState,
    board_problem,
    card_tables,
    parse_marks,
    player_labels,
    plural,
    terrain_legend,
    terrain_named,
)
from companion.games.builders_board import builders_board
from companion.games.builders_track import Placement
from companion.journal import Entry
from companion.spelling import not_a_command
from screens.builders_board import board_lines, board_width
from screens.game import COMMON_HELP, CommandScreen
from screens.player_colours import player_colours
from screens.widgets.backdrop import PlainHorizontal, PlainVertical, PlainVerticalScroll
from screens.widgets.footer import SteadyFooter
from screens.widgets.log_panel import LogPanel
from screens.widgets.no_scroll import NoScrollHorizontal, NoScrollVertical
from screens.widgets.rows import Rows
from screens.widgets.wrapped_rows import WrappedRows, wrapped_height

NEXT_ROUND = ("n", "next")  # the typed word that starts the next round
COMMANDS = ("board", "arrows", "marks", "card", "next", "lake", "gold", "hide", "clear")
CUBES = {"1": 1, "s": 1, "single": 1, "2": 2, "d": 2, "double": 2, "3": 3, "t": 3, "triple": 3}
TERRAIN_WORDS = {
    "m<": "mountain-left",
    "m>": "mountain-right",
    "lake": "lake",
    "l": "lake",
    "gold": "goldmine",
    "g": "goldmine",
    "hide": "hideout",
    "h": "hideout",
    "th": "hideout-terrain",  # a Hideout dealt from the Terrain deck (advanced game)
    "clear": "none",
}
CUBE_NAMES = {1: "a Single", 2: "a Double", 3: "a Triple"}
#: what the board's place shows before its size is typed
BOARD_HINT = "The board shows here once its size is typed: board 10x5 for 10 rows of 5 locations."


def terrain_name(kind: str, short: bool = False) -> str:
    """A terrain named in a sentence: its legend's word ("Lake", "Mountain"), the two
    Hideouts told apart as the log tells them ("Hideout Card", "Hideout Terrain Card");
    `short`: one word, both "Hideout" (an undo's line, which a longer one overran)."""
    word = TERRAIN_MARKS[kind][1] if kind in TERRAIN_MARKS else ""  # (not known: no name)
    if short:
        return word.split()[0] if word else ""
    if kind.startswith("hideout"):
        return terrain_named(kind)
    return word or kind


def parse_widths(text: str) -> list[int]:
    """`10x5` (ten rows of five) or the width of each row: `5 5 6 6 5` (three rows at
    least: fewer are refused, pointing at the x form)."""
    match = re.fullmatch(r"\s*([0-9]+)\s*[x*]\s*([0-9]+)\s*", text)
    if match:
        return [whole(match.group(2))] * min(whole(match.group(1)), 99)
    words = text.split()
    if not words or not all(is_number(word) for word in words):
        raise RuleError(
            "Type the board as ROWSxWIDTH (e.g. board 10x5) or each row's width (5 5 6 ...)."
        )
    # one or two numbers are a board's rows and width, not its rows' widths (`board 10 5`
    # made a board of 2 rows, of 10 and 5 locations: a play-test); which is which is not
    # guessed (`5 10`), the x form is said
    if len(words) == 2:
        rows, width = (whole(word) for word in words)
        raise RuleError(
            f"board {rows} {width} would be 2 rows, of {rows} and {width} locations: for "
            f"{rows} rows of {width}, type board {rows}x{width} (ROWSxWIDTH)."
        )
    if len(words) == 1:
        rows = whole(words[0])
        raise RuleError(
            f"board {rows} would be 1 row of {plural(rows, 'location')}: for {rows} rows of "
            f"5, type board {rows}x5 (ROWSxWIDTH), or each row's width (board 5 5 6 6 5)."
        )
    return [whole(word) for word in words[:99]]


def build_rows(state: BuildersState, builder: int | None = None) -> str:
    """A build's example and the cube each row ahead takes, only rows the board has (the
    last round's example named row 11 of a 10-row board: a play-test); with the `builder`,
    the cubes they have run out of are said (the example offered a Triple to a player with
    none left, refused when typed: a play-test)."""
    furthest, rows = len(state.tokens), state.rows
    takes = [f"Row {furthest + 1}: Single"]
    if furthest + 2 <= rows:
        takes.append(f"row {furthest + 2}: up to a Double")
    if furthest + 3 <= rows:
        on = " on" if furthest + 3 < rows else ""
        takes.append(f"row {furthest + 3}{on}: up to a Triple")
    left = state.cubes[builder] if builder is not None and builder < len(state.cubes) else None
    gone = [
        CUBE_NAMES[size].removeprefix("a ") for size in (3, 2, 1) if left and not left.get(size)
    ]
    none_left = f" No {' or '.join(gone)} left." if gone else ""
    return f"(e.g. {example_build(state, left)} <+ Saloon). {'; '.join(takes)}.{none_left}"


def example_build(state: BuildersState, left: Mapping[int, int] | None = None) -> str:
    """A build that fits: the largest cube the builder has (`left`: their cubes left; a
    Triple when not given) at the first row that takes it, or the last row with the cube
    it takes."""
    furthest = len(state.tokens)
    room = max(1, min(state.rows - furthest, 3))  # the largest cube any row ahead takes
    sizes = [size for size in (3, 2, 1) if size <= room and (left is None or left.get(size))]
    size = sizes[0] if sizes else room
    row = furthest + size
    width = state.widths[row - 1] if 0 < row <= len(state.widths) else 2
    # a location with nothing on it (column 2 was offered once built on: a play-test)
    free = [column for column in range(1, width + 1) if state.empty(row, column)]
    column = 2 if 2 in free or not free else free[0]
    return f"{row} {column} {'sdt'[size - 1]}"


def fitting_arrows(widths: list[int], remembered: dict[str, object]) -> dict[int, list[str]]:
    """The remembered printed arrows of the rows this board has, with one mark a location:
    rows left from a board of another size are left out (one of them kept the arrows of
    every row from coming back: a play-test)."""
    rows = {}
    for row, marks in remembered.items():
        if not str(row).isdigit():
            continue
        number, spots = int(row), str(marks).split()
        if 1 <= number <= len(widths) and len(spots) == widths[number - 1]:
            rows[number] = spots
    return rows


def fitting_hideouts(widths: list[int], remembered: object) -> list[tuple[int, int]]:
    """The remembered Hideout Cards' spaces (row, column) this board has."""
    if not isinstance(remembered, list):
        return []
    spots = []
    for spot in remembered:
        if (
            isinstance(spot, list)
            and len(spot) == 2
            and all(type(n) is int for n in spot)
            and 1 <= spot[0] <= len(widths)
            and 1 <= spot[1] <= widths[spot[0] - 1]
        ):
            spots.append((spot[0], spot[1]))
    return spots


def remembered_widths(remembered: object) -> list[int]:
    """The rows' widths of a board remembered from earlier games, when they make a board
    the rules take (`board_problem`); else 10 rows of 5."""
    if isinstance(remembered, list) and not board_problem(remembered):
        return remembered
    return [5] * 10


def whole(word: str) -> int:
    """A number typed in ASCII digits (checked by `is_number`), refused when too large."""
    return parse_count(word, what="A number")


def spot(word: str) -> int:
    """A row or a column typed: one past any board when it is huge, so that the rules say
    the board's range ("A row is 1 to 10": a huge one was "too large (at most
    999,999,999)", a play-test)."""
    return PAST_ANY_BOARD if len(word.lstrip("0")) > len(str(PAST_ANY_BOARD)) else whole(word)


#: a row or column number no board has
PAST_ANY_BOARD = 999_999
#: a whole number, maybe with a sign (a row or a column below 1 is refused as such)
SIGNED = re.compile(r"[+-]?\d+")
#: a build typed past its cube: its marks or its card's name being typed
BUILD_NAME_TYPED = re.compile(r"\s*\d+\s+\d+\s+\S+\s+.*\S")
#: `card ROW COLUMN` and the card's name being typed
CARD_NAME_TYPED = re.compile(r"\s*card\s+\d+\s+\d+\s+.*\S")


class BoardBox(PlainVerticalScroll):
    """The board, the players and legend beside it, the Train Marker's notes under it: the
    notes are fitted anew to the room the board leaves them when the box's size changes
    (the round line taking a second line, a refusal of two lines, a resized terminal)."""

    def on_resize(self, event: events.Resize) -> None:
        screen = self.screen
        if isinstance(screen, BuildersScreen):
            screen.fit_notes()
            screen.fit_legend()  # (more room above the notes, or less)


class BoardTable(NoScrollHorizontal):
    """The board and, beside it, the players and the legend: the notes under it are fitted
    anew to the room it leaves them when its height changes (the legend's terrain line)."""

    def on_resize(self, event: events.Resize) -> None:
        screen = self.screen
        if isinstance(screen, BuildersScreen):
            screen.fit_notes()
            screen.fit_legend()


class Legend(WrappedRows):
    """The board's legend: fitted anew to its width when it changes (a wider board leaves
    the column beside it narrower)."""

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        screen = self.screen
        if isinstance(screen, BuildersScreen):
            screen.fit_legend()
            if len(self._texts) != self.size.height:  # (its height asked during the resize's
                # layout was lost: back at 80x24 from 120x40 it kept a line too many, and the
                # box a scroll bar)
                self.call_after_refresh(self.refresh, layout=True)


class BuildersScreen(CommandScreen):
    CSS_PATH = "builders.tcss"
    HELP_TITLE = "Boomtown Builders"
    HELP_TEXT = (
        """\
Type in the command field and press **enter**; the line above it says what comes next.

- `board ROWSxWIDTH`, e.g. `board 10x5` (10 rows of 5 locations; or each row's width,
  `board 5 5 6 6 5`): the board's size, asked once and remembered for your next games.
- `3 2 d`: the player whose turn it is builds at row 3, column 2 and invests a Double
  (`s`, `d`, `t` or 1, 2, 3). Rows count from the first row; columns from the left. A cube
  size the rows ahead do not allow, or that the player has no more of, is refused.
- `3 2 d <<+`: the same, with the card's Vote Arrows and + icons (`.` for none). With each
  card's marks and the row's printed arrows, the Train Marker moves as buildings are placed.
- `3 2 d <<+ Saloon` (or `3 2 d Saloon`): also the card's name. The VP each named card shows
  at its distance is remembered from the scoring wizard and filled in next time (a card
  not known yet shows `?`: type its VP over it). A name of one or two letters goes after
  the marks (`3 2 d . Ox`). `card 3 2 Saloon` names a card already built.
- `arrows 3 < . > . <`: the arrows printed on each location of row 3 (`.` for none;
  `arrows 3 .` for a row with none); asked once, remembered with the board's size.
  `arrows rest .`: no printed arrows on every row not typed yet. `marks 3 2 >+` fixes a
  card's marks.
- `t`: the Track Token where the Train Marker stands (add a revealed Hideout's arrows:
  `t <`). Or `t 3 1 1`: from 3 Left votes, 1 Right vote and 1 + icon on the winning side,
  counted at the table. The sentence says where it went and why. A round that places
  several tokens (the Round Track's stack) places them one after another. `t at 4 REASON`
  places the token where the board has it, whatever the votes say.
- `n` starts the next round once the token is placed; the start player passes clockwise.
  After the last token, `n` (or ctrl+f) opens the scoring wizard: it knows each building's
  cube, Goldmine and distance, so you type only the VP each card shows (`5 3 0`).
- **ctrl+o** corrects any building (owner and cube, or none), a Track Token's column, the
  cubes left, whose turn it is, the round and the start player, each with a reason.
- `hide 3 2`: a Hideout Card at row 3, column 2 (both games: no building there).
- Terrain (advanced game): `m> 2 4` (a Mountain pointing right at row 2, column 4), `m<`,
  `lake`, `gold`, `th` (a Hideout dealt from the Terrain deck: a Terrain Card, not
  remembered for the next game as the Hideout Cards are), and `clear` to take it away.
- **ctrl+t** opens the Track Token calculator on its own.
"""
        + COMMON_HELP
        + "\n"
        + READINGS
    )
    BINDINGS = [Binding("ctrl+t", "calculator", "Calculator", id="track-calculator")]
    #: (keys typed on behind it go to the calculator: see GameScreen.KEYS_IN_TURN)
    KEYS_IN_TURN = (*CommandScreen.KEYS_IN_TURN, "ctrl+t")
    #: what the notes under the board were last drawn from (None: not drawn yet)
    _preview_shown: Placement | str | None = None
    #: the notes' versions and their room when last fitted
    _notes_fitted: tuple[tuple[str, ...], tuple[int, int] | None] | None = None
    #: the board's width and height as last set (None: not yet)
    _board_size: tuple[int, int] | None = None
    #: the rows' widths the board's place is kept at before its size is typed: the board
    #: remembered from earlier games, read once (each redraw read the settings anew, #16)
    _place_widths: list[int] | None = None
    #: the notes' height as last set, on a short terminal (None: the .tcss's)
    _notes_height: int | None = None
    #: the board's size typed, to be remembered for the next games once it is drawn
    _board_to_remember: list[int] | None = None
    #: on a short terminal, the lines the notes' words take at the box's foot (their
    #: padding above them is the legend's room too)
    _notes_lines = 0
    #: the legend's versions, their width and their room when last fitted, and the one shown
    _legend_fitted: tuple[tuple[tuple[str, ...], ...], int, int, int] | None = None

    @property
    def state(self) -> BuildersState:
        assert isinstance(self.session.state, BuildersState)
        return self.session.state

    @property
    def rules(self) -> BuildersRules:
        assert isinstance(self.session.rules, BuildersRules)
        return self.session.rules

    def compose(self) -> ComposeResult:
        yield Header()
        with PlainHorizontal(id="body"):
            with PlainVertical(id="main"):
                yield from self.command_area()
                with BoardBox(id="board-box"):
                    with BoardTable(id="table"):
                        yield Rows(id="board")
                        # the board's legend under the players, in the room beside the board
                        with NoScrollVertical(id="side"):
                            yield Rows(id="players")
                            yield Legend(id="legend")
                    yield WrappedRows(id="notes")
            yield LogPanel(id="log")
        yield SteadyFooter()

    def command_words(self) -> list[str]:
        """Commands and the cards' names (no Builders command takes a player's name)."""
        return [*COMMANDS, *self._card_names()]

    def _card_names(self) -> list[str]:
        """The cards built in this game and those the scoring wizard learned the VP of."""
        cards = {b.card for b in self.state.buildings if b.card}
        cards.update(name.title() for name in card_tables(self.session.known()))
        return sorted(cards)

    def completion_words(self, typed: str) -> list[str]:
        """What completes the word being typed, where the command takes it: a command's
        word first, `rest` after `arrows`, a card's name after a build's cube (and marks)
        or after `card ROW COLUMN`; nothing elsewhere. (`t`, the token, was greyed into
        "Tower", a card no command starts with; `10 1 t`, a build's cube letter, into
        `10 1 tent`: play-tests.)"""
        words = typed.lower().split()
        at_word = not typed.endswith(" ")  # (after a space nothing is completed)
        if len(words) <= 1:
            return list(COMMANDS)
        if words[0] == "arrows" and len(words) == 2 and at_word:
            return ["rest"]
        if BUILD_NAME_TYPED.fullmatch(typed) or CARD_NAME_TYPED.fullmatch(typed.lower()):
            return self._card_names()
        return []

    def empty_enter(self) -> str:
        """An empty enter does nothing: it says what this step takes."""
        return f"Nothing typed: {self._short_step()}"

    def _recall_board(self) -> None:
        """The board's size and arrows typed in earlier games, as entries of their own (undo
        takes them back); only in a game this window plays."""
        if self.state.widths or not self.can_play():
            return
        remembered = self.session.recall("board")
        if isinstance(remembered, list) and remembered:
            sized = False
            with suppress(RuleError):  # typed for a board this table no longer fits
                sized = self.run(self.rules.board(self.state, remembered))
            self._recall_arrows()
            hideouts = self._recall_hideouts() if sized else 0
            if sized:  # (it said "undo to change it", and one undo took back only the
                # arrows: a play-test)
                parts = [
                    "size",
                    *(["printed arrows"] if self.state.arrows else []),
                    *(["Hideout Cards' spaces"] if hideouts else []),
                ]
                undos = 1 + bool(self.state.arrows) + hideouts
                # (with the first player drawn, in fewer words: both fit 80 columns)
                if undos > 1:
                    self.say_on_opening(
                        f"The board's {and_listed(parts)} as you entered them last time",
                        keep=f" (ctrl+z {undos} times to change the size).",
                        short="board as last time",
                        short_keep=f" (ctrl+z {undos} times to change it).",
                    )
                else:
                    self.say_on_opening(
                        "The board's size as you entered it last time",
                        keep=" (ctrl+z to change it).",
                        short="board as last time",
                    )

    def _remember_board(self) -> None:
        """The board's size typed, kept for the next games: written once the board is
        drawn, not before (the settings' write and fsync were a tenth of the key, #16; the
        board is in the journal before it is shown), or as the game is left, when that
        comes first (ctrl+q typed right behind). What typed-ahead keys remember meanwhile
        reads and writes the settings whole: nothing is lost between the two."""
        widths, self._board_to_remember = self._board_to_remember, None
        if widths is not None:
            self.remember("board", widths)

    def leave(self) -> None:
        self._remember_board()
        super().leave()

    def _recall_arrows(self) -> None:
        """The printed arrows typed for this board before, if the board has the same size."""
        remembered = self.session.recall("arrows")
        if self.state.arrows or not isinstance(remembered, dict) or not remembered:
            return
        try:
            rows = fitting_arrows(self.state.widths, remembered)
            if rows:
                self.run(self.rules.rows_arrows(self.state, rows))
        except (RuleError, ValueError):
            return  # typed for another board: ask again row by row

    def _no_arrows_left(self, typed: list[str]) -> bool:
        """`arrows rest .`: no printed arrows on every row not typed yet (`no_arrows_left`)."""
        if typed != ["."]:
            raise RuleError(
                "arrows rest . says the rows not typed yet have no printed arrows; a row with "
                "some is typed on its own: arrows 3 < . > . <"
            )
        if self.run(self.rules.no_arrows_left(self.state)):
            self._remember_arrows()
        return True

    def _remember_arrows(self) -> None:
        """The printed arrows as the board has them now, for the next games (with those of
        rows typed for this board before and not typed in this game)."""
        recalled = self.session.recall("arrows")
        known = {  # rows a board before had, not this one: not kept (a play-test)
            str(row): " ".join(marks)
            for row, marks in fitting_arrows(
                self.state.widths, recalled if isinstance(recalled, dict) else {}
            ).items()
        }
        known.update(
            {str(r): " ".join(m or "." for m in ms) for r, ms in self.state.arrows.items()}
        )
        self.remember("arrows", known)

    def _recall_hideouts(self) -> int:
        """The Hideout Cards' spaces typed for this board before (setup: "on appropriately
        marked spaces", printed on the board: forgotten, the next game let a building go
        on one, a play-test), each an entry of its own; how many were placed."""
        if self.state.hideout_spots:
            return 0
        placed = 0
        for row, column in fitting_hideouts(self.state.widths, self.session.recall("hideouts")):
            with suppress(RuleError):
                entry = self.rules.place_terrain(self.state, row, column, "hideout")
                placed += self.attempt(entry) is None
        return placed

    def _remember_hideouts(self) -> None:
        """The Hideout Cards' spaces as the board has them now, for the next games."""
        spots = self.state.hideout_spots
        if spots != sorted(fitting_hideouts(self.state.widths, self.session.recall("hideouts"))):
            self.remember("hideouts", [list(spot) for spot in spots])

    def walked(self, entry: Entry, undone: bool) -> None:
        """An undone or redone Hideout Card: remembered as the board has them now."""
        super().walked(entry, undone)
        if entry.kind == "terrain" and self.can_play():
            self._remember_hideouts()

    # -- showing ---------------------------------------------------------------------

    def on_mount(self) -> None:
        """The players' panel's height, once; then the board remembered from earlier games."""
        self.query_one("#players").styles.height = 2 * len(self.state.players)
        self._recall_board()

    def render_state(self) -> None:
        """Only what changed is drawn again: each part repaints only its lines that
        changed."""
        state = self.state
        if state.widths:
            offer = 5 if len(state.players) == 4 else 4
            line = (
                f"Round {state.round} of {state.last_round} · "
                f"{state.name(state.first_player)} starts · "
                f"{offer} cards on offer · Track Tokens {len(state.tokens)}/{state.rows}"
            )
            if state.placing_terrain:  # while they are placed
                # (only then: on the line for good it took a second line at 80x24, and the
                # notes under the board lost their end)
                # placed of how many ("Terrain Cards: 6" read as 6 to place or 6 placed: a
                # play-test)
                # (a Hideout made it "7 of 6": a play-test)
                placed = len(state.terrain_card_spots)
                line += f" · Terrain Cards placed: {placed} of {TERRAIN_CARDS[len(state.players)]}"
        else:
            line = "Boomtown Builders"
        self.query_one("#round-line", WrappedRows).show([line])
        self.query_one("#step", WrappedRows).show(self.step_lines([self._step_text()]))
        self.query_one("#players", Rows).show(self._players_lines())
        preview = self._preview()
        marker = preview.column if isinstance(preview, Placement) else None
        board = self.query_one("#board", Rows)
        lines = self._board_lines(marker)
        self._size_board(board, lines)
        board.show(lines)
        self._preview_shown = preview
        self.fit_notes()  # (first: the legend takes the room the notes' lines leave it)
        self.fit_legend()

    def fit_notes(self) -> None:
        """The Train Marker's notes in the longest version that leaves the whole board in
        sight: at 80x24, a new game on a remembered board (the round line in two lines) had
        the notes' three lines over row 1 (a play-test). ctrl+t says the whole reason."""
        if self._preview_shown is None:  # (not drawn yet)
            return
        versions = self._notes_versions(self._preview_shown)
        room = self._room_for_notes()
        fitted = (tuple(version.plain for version in versions), room)
        if fitted == self._notes_fitted:  # (most keys: not wrapped again)
            return
        self._notes_fitted = fitted
        notes = self.query_one("#notes", WrappedRows)
        shown, padding = versions[-1], []
        if room is None:
            shown = versions[0]
        else:
            lines, width, under_table = room
            for version in versions:
                wrapped = wrapped_height(version, width)
                if wrapped <= lines:
                    shown = version
                    break
            # on a short terminal, at the box's foot: as high as the room under the table
            # (over what of the table does not fit when they need more), whatever they say,
            # before the board's size is typed too (its place is kept: `_size_board`), so
            # that the notes' coming lays nothing out (#16); else the room under the table
            # (.tcss)
            height = None
            if self.has_class("-short"):  # (the last version wrapped is the one shown)
                height = max(under_table, wrapped, 1)
                padding = [Text()] * (height - wrapped)  # (the notes at the foot)
                self._notes_lines = wrapped
            if height != self._notes_height:
                self._notes_height = notes.styles.height = height
        notes.show([*padding, shown])

    def _room_for_notes(self) -> tuple[int, int, int] | None:
        """The lines and the width the notes have, and the lines under the table (None:
        not laid out yet). On a short terminal they lie at the box's foot, over what of the
        table does not fit: the board's lines are what they must leave; else under the
        table."""
        box = self.query_one("#board-box")
        notes = self.query_one("#notes")
        width = notes.size.width or box.size.width
        if not box.size.height or not width:
            return None
        under_table = box.size.height - self.query_one("#table").outer_size.height
        if self.has_class("-short"):
            used = self._board_room()[1]  # the column numbers, then a line a row
            return box.size.height - used, width, under_table
        return under_table - notes.styles.margin.top, width, under_table

    def selected_seat(self) -> int:
        """Whose turn it is: ctrl+o starts at that player's cubes (it started at the first
        player's, or at whose turn it is, by seat: a play-test found it unpredictable)."""
        builder = self.state.builder
        return 0 if builder is None else builder

    def walked_text(self, entry: Entry, undone: bool | None = None) -> str:
        """A Track Token undone or redone by where it went, a build by its cube: the
        sentences, cut to the line, lost the column, and the cube (play-tests)."""
        row, column = entry.get("row"), entry.get("column")
        if entry.kind == "token" and isinstance(row, int) and isinstance(column, int):
            return f"Track Token in row {row} at column {column}"
        seat, cube = entry.get("player"), entry.get("cube")
        if entry.kind == "build" and isinstance(seat, int) and 0 <= seat < len(self.state.players):
            # the cube first, the card and its marks left out (cut, the cube went: a play-test)
            name = CUBE_NAMES.get(cube, "a ?") if isinstance(cube, int) else "a ?"
            who = self.state.name(seat)
            said = f"{who}'s {name.removeprefix('a ')} at row {row}, column {column}"
            # then the card's marks and name as taken, as far as the line goes (at 80x24
            # it is where a table sees them: "+ Bank" taken as a name went unseen)
            card = " ".join(str(part) for part in (entry.get("marks"), entry.get("card")) if part)
            return f"{said} ({card})" if card else said
        if entry.kind == "terrain" and entry.get("terrain") == "none" and undone is not None:
            return self._clear_walked(entry, undone)
        if entry.kind == "terrain" and undone is not None and isinstance(row, int):
            # what and where, no more: "Undone: Terrain: Mountain (arrow right) at row 2…"
            # lost its column at 80 columns (a play-test); the rules' note stays in the log
            what = entry.text.partition(" at row ")[0].removeprefix("Terrain: ")
            return f"{what} at row {row}, column {column}"
        if entry.kind == "arrows":
            return arrows_walked(entry.text)
        if entry.kind == "marks":  # its marks quoted too ("shows <." read as one more mark)
            head, shows, marks = entry.text.rpartition(" shows ")
            if shows and marks != "no marks":
                return f'{head} shows "{marks}"'
        return entry.text

    def _clear_walked(self, entry: Entry, undone: bool) -> str:
        """A `clear` undone says what came back, redone what went: "Undone: Terrain:
        nothing at row 2…", cut, said neither (a play-test). What it was: the entry's
        `was`, or (an entry made before it was kept) the board's after the undo."""
        row, column = entry.get("row"), entry.get("column")
        was = entry.get("was")
        if not isinstance(was, str) and undone:
            was = self.state.terrain.get((row, column)) if isinstance(row, int) else None
        name = terrain_name(was, short=True) if isinstance(was, str) else ""
        where = f"row {row}, column {column}"
        if undone:
            return f"cleared {where} ({name} is back)" if name else f"cleared {where}"
        return f"{where} cleared ({name} taken away)" if name else f"{where} cleared"

    def _step_text(self) -> str:
        state = self.state
        if state.finished:
            return self.finished_line("ctrl+f reopens it to correct it.")
        if not state.widths:
            return "Type the board's size: board ROWSxWIDTH (e.g. board 10x5), or each row's width."
        if state.over:
            return "Every Track Token is placed: n (or ctrl+f) scores the game."
        builder = state.builder
        if builder is not None:
            first = ""
            if state.terrain_to_place:  # the setup's step (until all are placed: it
                # still asked for them once the count was full, a play-test)
                # (nothing said to place them first, nor how: a play-test)
                first = "Terrain Cards first (m> 2 4, m<, lake, gold, th: F1); then "
            return (
                f"{first}{state.name(builder)} builds: ROW COLUMN CUBE [MARKS or .] [CARD] "
                f"{build_rows(state, builder)}"
            )
        if state.tokens_to_place:
            count = state.tokens_this_round
            which = ""
            if count > 1:
                done = count - state.tokens_to_place + 1
                final = "Final round, t" if state.round == state.last_round else "T"
                which = f"{final}oken {done} of {count}: "
            votes = state.votes(state.train_row)
            if isinstance(votes, str):  # the printed arrows first: `t` offered, then refused
                # for want of them (a play-test)
                return (
                    f"{which}Track Token for row {state.train_row} (from column "
                    f"{state.previous_token()}): type {votes}, then t; or t LEFT RIGHT "
                    "PLUSES (t 3 1 0), or t at COLUMN REASON."
                )
            row = state.train_row
            hideouts = state.hideout_spots
            here = [column for hideout_row, column in hideouts if hideout_row == row]
            # a Hideout Terrain Card lies face up: its arrows, if any, are added
            dealt = [
                column for dealt_row, column in state.hideout_terrain_spots if dealt_row == row
            ]
            # the Hideout to reveal named (the same words for a row with one and one
            # without: a play-test)
            reveal = (
                f" (its Hideout at column {here[0]} revealed: t < and its arrows)"
                if here
                else f" (its Hideout Terrain Card at column {min(dealt)}: t < and any arrows "
                "it shows)"
                if dealt
                else " (t < adds a Hideout's arrows)"
                if not hideouts
                else ""
            )
            return (
                f"{which}Track Token for row {row} (from column "
                f"{state.previous_token()}): t where the Train Marker stands{reveal}, "
                "t LEFT RIGHT PLUSES (t 3 1 0), or t at COLUMN REASON."
            )
        return f"Type n to start round {state.round + 1} of {state.last_round}."

    def _short_step(self) -> str:
        """What the step takes, in a few words (said when enter is pressed on nothing)."""
        state = self.state
        if state.finished or state.over:
            return "the game is at its end: n (or ctrl+f) scores it."
        if not state.widths:
            return "type the board's size: board ROWSxWIDTH, e.g. board 10x5."
        builder = state.builder
        if builder is not None:
            return (
                f"type where {state.name(builder)} builds: ROW COLUMN CUBE, "
                f"e.g. {example_build(state, state.cubes[builder])}."
            )
        if state.tokens_to_place:
            votes = state.votes(state.train_row)
            if isinstance(votes, str):  # (it said "type t", and t was refused: a play-test)
                return f"type {votes}, then t for the Track Token in row {state.train_row}."
            return f"type t for the Track Token in row {state.train_row}."
        return f"type n to start round {state.round + 1}."

    def _players_lines(self) -> list[Text]:
        """Two lines a player: the board's label and name, then cubes left and buildings."""
        state = self.state
        labels = player_labels([player.name for player in state.players])
        width = max(cell_len(label) for label in labels)
        builder = state.builder if state.widths and not state.over else None
        colour_of = player_colours(self)
        lines = []
        for seat, player in enumerate(state.players):
            line = Text()
            label = labels[seat] + " " * (width - cell_len(labels[seat]))
            line.append(label, style=f"bold {colour_of(player.colour)}")
            line.append(" ")
            line.append(player.name, style=f"bold {colour_of(player.colour)}")
            if seat == state.first_player:
                line.append("  ▶ start")
            if seat == builder:
                line.append("  builds now", style="reverse")
            cubes = state.cubes[seat]
            built = len(state.owned(seat))
            lines.append(line)
            lines.append(
                Text(
                    f"{' ' * width} T{cubes[3]} D{cubes[2]} S{cubes[1]} left · "
                    f"{plural(built, 'building')}"
                )
            )
        return lines

    def _board_lines(self, marker: int | None = None) -> list[Text]:
        """The board, row 1 at the bottom, as the table display draws it too
        (`builders_board.board_lines`); the Train Marker's location (`marker`, when the votes
        can be counted) is lit: the table moves the marker there (only the notes said its
        column: a play-test looked for it on the board). Before the board's size is known,
        what to type, in the board's place."""
        state = self.state
        board = builders_board(state)
        if board is None:  # what to type, in the board's place
            width = self._board_room()[0]
            hint = Text(BOARD_HINT, style="dim")
            return list(hint.wrap(self.app.console, width)) if width else [hint]
        colour_of = player_colours(self)
        colours = [player.colour for player in state.players]
        return board_lines(board, lambda seat: colour_of(colours[seat]), marker=marker)

    def _board_room(self) -> tuple[int, int]:
        """The board's width and lines (the column numbers, then a line a row). Before its
        size is typed, those of the board remembered from earlier games, else of 10 rows of
        5 (the usual board, the step line's example): its place is kept from the screen's
        first frame, so that the board's coming changes no other part's size or place and
        lays nothing out anew (it redrew the whole screen: #16)."""
        if self._place_widths is None:
            self._place_widths = remembered_widths(self.session.recall("board"))
        widths = self.state.widths or self._place_widths
        labels = player_labels([player.name for player in self.state.players])
        return board_width(labels, max(widths)), len(widths) + 1

    def _size_board(self, board: Rows, lines: list[Text]) -> None:
        """The board's size: its room (`_board_room`), or its lines' if larger; set only
        when it changes (a change lays the screen out)."""
        width, height = self._board_room()
        width = max(width, max((line.cell_len for line in lines), default=0))
        height = max(height, len(lines))
        if self._board_size != (width, height):
            self._board_size = (width, height)
            board.styles.width = width
            board.styles.height = height

    def _notes_versions(self, preview: Placement | str) -> list[Text]:
        """What the notes under the board say, longest first: the whole sentence, then
        the votes, then where the Train Marker stands alone (ctrl+t: the whole reason)."""
        state = self.state
        if not state.widths or state.over or state.finished:
            return [Text()]
        row = state.train_row
        if isinstance(preview, Placement):
            # the lit cell said (a play-test did not know what it meant)
            where = f"◀ Train Marker: row {row}, column {preview.column} (lit)."
            votes = preview.sentence.split(":")[0]  # "2 Left votes against 1 Right"
            tails = [
                f"If the round ended now: {preview.sentence}",
                f"If the round ended now: {votes} (ctrl+t: why).",
                "ctrl+t: why.",
            ]
        else:
            # (which column went unsaid until the votes could be counted: a play-test)
            where = f"◀ Train Marker: row {row}, from column {state.previous_token()}."
            tails = [
                f"To move the Train Marker as cards are built, type {preview}." if preview else "",
                f"To move it, type {preview}." if preview else "",
                "ctrl+t: what it needs." if preview else "",
            ]
        versions = []
        for tail in tails:
            text = Text().append(f"{where} ", style="bold")
            versions.append(text.append(tail, style="dim") if tail else text)
        return versions

    def fit_legend(self) -> None:
        """The legend in the longest version that fits beside the board under the players
        on a short terminal: at 80x24 its terrain line (a Mountain, a Hideout Card and a
        Hideout Terrain Card on a wider board) fell under the notes, cut at "Hd" (a
        play-test). Elsewhere, and before it is laid out, the whole legend."""
        legend = self.query_one("#legend", Legend)
        versions = self._legend_versions()
        width = legend.size.width
        if not self.has_class("-short") or not width:
            legend.show(versions[0])
            return
        # beside the board's lines (or its place's, before its size is typed: the same
        # legend then, so that the board's coming lays nothing out, #16), or down to the
        # notes' words at the box's foot (not their padding) when that is more; less the
        # players' two lines each
        lines = self._board_room()[1]
        above_notes = self.query_one("#board-box").size.height - self._notes_lines
        room = max(lines, above_notes) - 2 * len(self.state.players)
        key = tuple(tuple(line.plain for line in version) for version in versions)
        fitted = self._legend_fitted
        if fitted is not None and fitted[:3] == (key, width, room):  # (most keys)
            legend.show(versions[fitted[3]])
            return
        chosen = len(versions) - 1
        for index, version in enumerate(versions):
            if sum(wrapped_height(line, width) for line in version) <= room:
                chosen = index
                break
        self._legend_fitted = (key, width, room, chosen)
        legend.show(versions[chosen])

    def _legend_versions(self) -> list[list[Text]]:
        """What the board's marks stand for, a line each (each wraps on its own), longest
        first: a building's mark told in words (the first player's Triple) and only the
        terrain the board has; then the first line joined to the terrain's; then without
        the building's example."""
        state = self.state
        labels = player_labels([player.name for player in state.players])
        owner, cube = 0, 3  # the same all game: a build never changes the legend's lines
        example = Text()
        colour = player_colours(self)(state.players[owner].colour)
        example.append(f"{labels[owner]}{cube}", f"bold {colour}")
        example.append(f": {state.players[owner].name}'s building, ")
        example.append(f"{CUBE_NAMES.get(cube, cube)} cube")
        words = terrain_legend(set(state.terrain.values()))
        marks = ", ".join(["=..= Track Token", *words])
        versions = [
            [Text("Row 1 at the bottom; =..= Track Token"), example]
            + ([Text(", ".join(words))] if words else []),
            [example.copy(), Text(marks)],
            [Text(marks)],
        ]
        for version in versions:
            for line in version:
                line.stylize("dim")
        return versions

    def _preview(self) -> Placement | str:
        state = self.state
        if not state.widths or state.over or state.finished:
            return ""
        try:
            return self.rules.preview(state)
        except RuleError as problem:
            return str(problem)

    # -- commands ----------------------------------------------------------------------

    def do_command(self, text: str) -> bool:
        state, rules = self.state, self.rules
        words = text.lower().split()
        if len(words) == 1 and re.fullmatch(r"[0-9]+x[0-9]+", words[0]):  # the size alone
            words.insert(0, "board")  # (refused as a build: a play-test typed `6x5`)
        if words[:1] == ["board"]:
            widths = parse_widths(" ".join(words[1:]))
            before = self.session.recall("board")
            if self.run(rules.board(state, widths)):
                if before is not None and before != widths:  # typed for the board before
                    self._remember(lambda: self.session.forget("arrows"))
                    self._remember(lambda: self.session.forget("hideouts"))
                self._board_to_remember = widths
                self.call_after_refresh(self._remember_board)
                self._place_widths = widths  # (its place after an undo, and remembered)
                self._recall_arrows()
            return True
        if words[:1] == ["arrow"]:  # (typed in the singular by a play-tester)
            words[0] = "arrows"
        if words[:2] == ["arrows", "rest"]:
            return self._no_arrows_left(words[2:])
        if words[:1] == ["arrows"]:
            if len(words) < 3 or not is_number(words[1]):
                raise RuleError(
                    "Type arrows, the row and one mark per location: arrows 3 < . > . <"
                )
            row = whole(words[1])
            marks = [parse_marks(w, pluses=False) for w in words[2:]]
            if self.run(rules.arrows(state, row, marks)):
                self._remember_arrows()
                others = [r for r in range(1, self.state.rows + 1) if r not in self.state.arrows]
                if not any(marks) and others:  # (said where the eyes are, when it helps)
                    short = "" if words[2:] == ["."] else f" (arrows {row} . says it too)"
                    self.tell(
                        f"Row {row}: no printed arrows{short}. If none of the "
                        f"{plural(len(others), 'row')} not typed yet has any: arrows rest . "
                        "says so at once.",
                        one_line=False,
                    )
            return True
        if words[:1] == ["marks"]:
            if len(words) < 4 or not is_number(words[1]) or not is_number(words[2]):
                raise RuleError(
                    "Type marks, the row, the column and the card's marks: marks 3 2 <<+"
                )
            marks = parse_marks("".join(words[3:]))  # (`> +` is `>+`)
            row, column = whole(words[1]), whole(words[2])
            done = self.run(rules.card_marks(state, row, column, marks))
            note = rules.marks_note(self.state, row, column) if done else ""
            if note:  # (said with its Done)
                self.say_with_done(f"{note}.", title="Track Token")
            return done
        if words[:1] and words[0] in ("mountain", "mountains", "m"):  # (the build refusal,
            # naming no terrain word, answered `mountain 2 3`: a play-test)
            where = " ".join(words[1:3]) if len(words) >= 3 else "2 4"
            raise RuleError(
                f"A Mountain is typed with the way its arrow points: m> {where} (right) or "
                f"m< {where} (left)."
            )
        if words[:1] and words[0] in TERRAIN_WORDS:
            if len(words) != 3 or not all(is_number(w) for w in words[1:]):
                raise RuleError(  # (a Hideout is typed this way too: say so)
                    "Type the terrain or hide, its row and its column: hide 3 2, m> 2 4, "
                    "lake 3 1, th 2 3, clear 2 4."
                )
            row, column, kind = whole(words[1]), whole(words[2]), TERRAIN_WORDS[words[0]]
            note = rules.terrain_note(state, row, column, kind)
            before = state.terrain.get((row, column))
            done = self.run(rules.place_terrain(state, row, column, kind))
            if done:  # (a Hideout's space is the board's: remembered with it)
                self._remember_hideouts()
                # said under the field, at any width: a card past the count (placed all the
                # same: the table may know better), and what a card took the place of (a
                # Hideout mistyped over went with only the log's word: a play-test)
                replaced = before if before is not None and before != kind else ""
                if note:  # said done, and how to take it back (the rules' word alone, with
                    # no "Done:", read as a refusal: a play-test)
                    instead = f" in place of the {terrain_name(replaced)}" if replaced else ""
                    self.tell(
                        f"Done: {terrain_named(kind)} at row {row}, column {column}{instead}, "
                        f"placed all the same (ctrl+z takes it back): {note}.",
                        one_line=False,
                    )
                elif replaced:
                    name = terrain_name(replaced)
                    gone = "taken away" if kind == "none" else "replaced"
                    self.tell(
                        f"The {name} at row {row}, column {column} is {gone} (ctrl+z).",
                        one_line=False,
                    )
            return done
        if words[:2] == ["t", "at"]:
            row = state.train_row
            if (  # a column off the row said first (its usage echoed `t at 9`: a play-test)
                len(words) >= 3
                and is_number(words[2])
                and state.widths
                and 0 < row <= len(state.widths)
                and not 1 <= spot(words[2]) <= state.widths[row - 1]
            ):
                raise RuleError(f"Row {row} has columns 1 to {state.widths[row - 1]}.")
            if len(words) < 4 or not is_number(words[2]):
                # (the comma after "t at" read as a typo; the example's column was not the
                # one typed, and copied, it put the token elsewhere: play-tests)
                column = words[2] if len(words) > 2 and is_number(words[2]) else "4"
                raise RuleError(
                    "Type t at COLUMN REASON, the column where the board has the token and "
                    f"why: t at {column} as on the board."
                )
            entry = rules.token_by_hand(state, whole(words[2]), " ".join(text.split()[3:]))
            self.run(entry)  # the last: n (or ctrl+f) scores the game, as the step line says
            return True
        if words[:1] == ["t"]:
            if len(words) <= 2 and not any(is_number(w) for w in words[1:]):
                hideouts = parse_marks(words[1], pluses=False) if len(words) == 2 else ""
                entry = rules.token_from_board(state, hideouts)
            elif len(words) == 4 and all(is_number(w) for w in words[1:]):
                numbers = [whole(w) for w in words[1:]]
                entry = rules.token(state, numbers[0], numbers[1], numbers[2])
            elif len(words) == 3 and all(is_number(w) for w in words[1:]):
                # (`t 2 1`, a typo for `t 2 1 1`, placed the token with no + icon: a
                # play-test; the + icons are typed, 0 for none)
                raise RuleError(
                    f"Type the + icons on the winning side too, 0 for none: t {words[1]} "
                    f"{words[2]} 0 (or t {words[1]} {words[2]} 1 with one)."
                )
            else:
                raise RuleError(
                    "Type t for the token where the Train Marker stands, or t with the Left "
                    "votes, the Right votes and the + icons: t 3 1 0."
                )
            if not self.run(entry):
                return True
            # where it went and why, under the field (only the log had it: a play-test);
            # whole, wrapped if need be: once a round
            width = self.refusal_line().content_size.width
            self.tell(entry.text, one_line=cell_len(entry.text) <= width)
            # the last token: the scoring wizard waits for n (or ctrl+f), the round's usual
            # next key; opened at once, it took what was typed on as an answer (a play-test
            # of Boomtown's last round), and hid where the token went
            return True
        if len(words) == 1 and words[0] in NEXT_ROUND:
            if state.over:
                self.action_finish()
                return True
            return self.run(rules.next_round(state))
        if len(words) >= 3 and is_number(words[0]) and is_number(words[1]) and words[2] in CUBES:
            builder = state.builder
            if builder is None:  # (it said "place the Track Token" once it was placed too)
                raise RuleError(f"Everyone has built this round: {self._short_step()}")
            rest = text.split()[3:]  # the card's marks, then its name, both optional
            marks = None
            typed_marks = []  # marks come first (a typo in them is refused), with spaces
            while rest and rest[0][0] in "<>+.-":  # or not: `> + Bank` made "+ Bank" the
                typed_marks.append(rest.pop(0))  # card's name, its + uncounted (a play-test)
            if typed_marks:
                marks = parse_marks("".join(typed_marks))
            row, column, cube = spot(words[0]), spot(words[1]), CUBES[words[2]]
            if len(rest) == 1 and len(rest[0]) <= doubtful_name_length(typed_marks, marks):
                # a typo in the marks (`x` for `>`) became the card's name, and its arrows
                # went uncounted (a play-test); a build refused for itself says that first
                # (no Triple left was said only once the name was longer: a play-test)
                rules.apply(copy_state(state), rules.build(state, builder, row, column, cube))
                name = text.split()[-1]
                # (how to name a card of two letters was not said, and `card` takes one; then
                # `1 1 s . Ox`, the marks given, was refused all the same: play-tests)
                shorter = "" if typed_marks else f"{' '.join(text.split()[:3])} . {name}, or "
                raise RuleError(
                    f"Not a card's marks nor its name: {rest[0]}. Marks are < > + (. for none), "
                    "before the name: 3 2 d <+ Saloon. A name of one or two letters: "
                    f"{shorter}build, then card {row} {column} {name}."
                )
            unplaced = rules.terrain_unplaced_note(state)  # (said once the build is done)
            done = self.run(rules.build(state, builder, row, column, cube, marks, " ".join(rest)))
            if done and unplaced:
                self.say_with_done(unplaced, title="Terrain", severity="warning")
            return done
        if words[:1] == ["card"]:
            if len(words) < 4 or not is_number(words[1]) or not is_number(words[2]):
                raise RuleError(
                    "Type card, the row, the column and the card's name: card 3 2 Saloon"
                )
            name = " ".join(text.split()[3:])
            return self.run(rules.name_card(state, whole(words[1]), whole(words[2]), name))
        if (
            len(words) >= 3
            and words[2] in CUBES
            and all(SIGNED.fullmatch(w) for w in words[:2])
            and any(w.startswith("-") for w in words[:2])
        ):
            # a row or column below 1 (`1 -4 s` was told the command's whole shape: a
            # play-test)
            raise RuleError(
                f"Not a location: row {words[0]}, column {words[1]}. Rows and columns count "
                "from 1: 3 2 d."
            )
        if len(words) >= 3 and is_number(words[0]) and is_number(words[1]):  # the cube's
            # word is what is wrong: say so (the usage line named nothing: a play-test)
            raise RuleError(
                f"Not a cube: {text.split()[2]}. Type s, d or t (a Single, a Double, a "
                "Triple): 3 2 d."
            )
        first = text.split()[0] if text.split() else ""
        if not state.widths:  # (a misspelt `bord 10x5` was sent to the build's shape,
            # which cannot be typed before the board: a play-test)
            raise RuleError(
                f"{not_a_command(first, ('board',))} The board's size comes first: board 10x5 "
                "(ROWSxWIDTH), or each row's width (board 5 5 6 6 5)."
            )
        if first in NEXT_ROUND:  # (`next 2` was told "Not a command: next. Did you mean
            # next?": a review)
            raise RuleError(f"Type {first} alone to start the next round.")
        # a misspelt command word is named, with the nearest one (`makrs 1 1 <` was told
        # the build's shape alone: a play-test's `glod` in Coloma); not a number or a
        # location mistyped (`-1 2`, `3,2,d`)
        misspelt = f"{not_a_command(first, COMMANDS)} " if first[:1].isalpha() else ""
        raise RuleError(
            f"{misspelt}Type ROW COLUMN CUBE [MARKS or .] [CARD] to build (3 2 d <+ Saloon), t "
            "for the token, or see F1."
        )

    def action_calculator(self) -> None:
        from screens.track_calculator import TrackCalculator

        state = self.state
        if state.widths and not state.over:
            row = state.train_row
            mountains = " ".join(
                f"{c}{'<' if a == 'left' else '>'}"
                for c, a in self.rules.mountains(state, row).items()
            )
            votes = state.votes(row)
            counts = (
                None
                if isinstance(votes, str)
                else (votes.left, votes.right, votes.plus_left, votes.plus_right)
            )
            missing = votes if isinstance(votes, str) else ""  # what the tracker still needs
            screen = TrackCalculator(
                state.previous_token(), state.widths[row - 1], mountains, counts, missing
            )
        else:
            screen = TrackCalculator()
        self.app.push_screen(screen)

    def palette_commands(self) -> list[SystemCommand]:
        return [
            *super().palette_commands(),
            SystemCommand(
                "Game: Track Token calculator",
                "Where a token goes, and why",
                self.action_calculator,
            ),
        ]


#: a row's printed arrows in a sentence: one mark a location, `.` for none
ROW_MARKS = re.compile(r"(row \d+: )([<>.]+(?: [<>.]+)*)(?=;|$)")


def arrows_walked(text: str) -> str:
    """A printed arrows entry's sentence said with a "Done:", an undo's or a redo's: each
    row's marks in quotes, so that the full stop after the last is not read as one more `.`
    mark ("row 2: . > . . <." read as six marks: a play-test); quotes are short enough for
    an undo's line at 80 columns. The journal keeps its sentence."""
    return ROW_MARKS.sub(r'\1"\2"', text)


def doubtful_name_length(typed_marks: list[str], marks: str | None) -> int:
    """The longest card name after a build that may be a mistyped mark instead (`x` for
    `>`), so is asked about rather than taken: up to two letters with no marks typed; one
    right after arrows or + icons (typed with spaces, `> x` may be `> >`); none after `.`,
    which says outright the card has no marks (`1 1 s . Ox` names the card Ox)."""
    if not typed_marks:
        return 2
    return 1 if marks else 0
