"""The Coloma screen: the calendar, the value of gold (large), players' trackers, the Bust
and the shootout tally, driven by one typed command like the Boomtown screens.

The rules (limits, the gold supply, tiers) live in the core; this screen parses what was
typed, hands the entry to `run`, and shows the state.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Digits, Header, Static

from companion.amounts import AmountError, and_listed, is_number, parse_amount, parse_count
from companion.games import RuleError
from companion.games.coloma import (
    EVENTS,
    READINGS,
    ROUNDS,
    ColomaRules,
    ColomaState,
    value_of,
)
from companion.games.coloma.gold import VALUES, pay_with_gold
from companion.games.coloma.rules import SPEND_AT_5
from companion.games.coloma.sites import site_note
from companion.games.coloma.tally import NON_PLAYER, NON_PLAYER_ROWS
from companion.games.coloma.words import plural, plural_word
from companion.journal import Entry
from companion.table import find_player, players_matching, typed_word
from screens.game import COMMON_HELP, CommandScreen
from screens.player_colours import player_colour, player_colours
from screens.widgets.backdrop import PlainHorizontal, PlainVertical, PlainVerticalScroll
from screens.widgets.command_input import CommandField
from screens.widgets.footer import SteadyFooter
from screens.widgets.log_panel import LogPanel
from screens.widgets.rows import Rows, water_fill
from screens.widgets.wrapped_rows import WrappedRows

NUMBERS = {  # typed word -> tracked number
    "bucks": "bucks",
    "buck": "bucks",
    "b": "bucks",
    "$": "bucks",
    "vp": "track",
    "horses": "horses",
    "horse": "horses",
    "h": "horses",
    "dudes": "dudes",
    "dude": "dudes",
    "d": "dudes",
    "tents": "tents",
    "tent": "tents",
    "t": "tents",
    "barrels": "barrels",
    "rivers": "rivers",
    "river": "rivers",
    "r": "rivers",
}
GOLD_WORDS = ("gold", "g", "nuggets", "nugget", "n")
NEXT_WORDS = ("next", "n")  # the calendar moves on only when this is typed
COMMANDS = (  # completed as they are typed (after the players' names)
    "next",
    "event",
    "sites",
    "pools",
    "pay",
    "chart",
    "graveyard",
    "supply",
    "sheriff",
    "shootout",
    "cleanup",
)
PLAYER_WORDS = (
    "bucks",
    "gold",
    "vp",
    "horses",
    "dudes",
    "tents",
    "rivers",
    "barrel",
    "gun",
    "pitch",
    "land",
    "bridge",
    "grave",
    "hotel",
    "sleep",
)
PLAYER_HELP = (
    "NAME bucks +3 (also gold, vp, horses, dudes, tents, rivers), NAME pay 7, NAME barrel 2, "
    "NAME gun ROW COUNT, NAME pitch 3 (or land), NAME bridge TYPE, NAME grave 2"
)
HOTEL_HELP = ", NAME hotel, NAME sleep 2"  # only with the Hotel module
#: the players' table: a player's column is at most this wide (then an ellipsis)
PLAYER_COLUMN = 14
#: a player's column with five or six players at 80 columns, for the cells fitted to it
CROWDED_COLUMN = 8
#: the players' table's row of where each player's Tents are pitched
TENTS_PITCHED = "Tents pitched on"
#: cells between the players' table's columns
COLUMN_GAP = 2
#: a player's column is cut down to this many cells before the trackers' names are cut
SHORTEST_CELL = 6


class TrackerTable(Rows):
    """The players' trackers, a row per tracker and a column per player, fitted to the width
    it is drawn at: the widest columns give way first, a cut cell ending in an ellipsis. A
    changed number rebuilds and repaints its line alone (#16)."""

    class Refitted(Message):
        """The columns' widths changed: which cells are cut may have too."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._rows: tuple[tuple[str, ...], ...] = ()
        self._colours: tuple[str, ...] = ()
        self._widths: list[int] = []
        self._built: dict[tuple[int, tuple[str, ...]], Text] = {}  # lines at `_widths`

    def show_rows(self, rows: tuple[tuple[str, ...], ...], colours: tuple[str, ...]) -> None:
        """Show these rows: the first is the header (bold, each player's name in its
        colour), the first column names the trackers (dim), the players' cells are right
        justified."""
        if colours != self._colours:
            self._built.clear()
        self._rows, self._colours = rows, colours
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        rows = self._rows
        count = max((len(row) for row in rows), default=0)
        natural = []
        for column in range(count):
            widest = max((cell_len(row[column]) for row in rows if column < len(row)), default=0)
            natural.append(widest if column == 0 else min(widest, PLAYER_COLUMN))
        widths = fitted_widths(natural, self.size.width, COLUMN_GAP)
        if widths != self._widths:
            self._widths = widths
            self._built.clear()
            self.post_message(self.Refitted())
        built, lines = self._built, []
        for y, row in enumerate(rows):
            line = built.get((y, row))
            if line is None:
                line = built[(y, row)] = self._line(y, row)
            lines.append(line)
        if len(built) > 4 * len(rows):  # lines no longer shown
            shown = {(y, row) for y, row in enumerate(rows)}
            self._built = {key: line for key, line in built.items() if key in shown}
        self.show(lines)

    def cut_rows(self) -> set[str]:
        """The names of the rows with a cell cut at the widths drawn (an ellipsis); none
        before the table has a width."""
        if not self.size.width:
            return set()
        return {
            row[0]
            for row in self._rows[1:]
            if any(
                cell_len(cell) > width
                for cell, width in zip(row[1:], self._widths[1:], strict=False)
            )
        }

    def _line(self, y: int, row: tuple[str, ...]) -> Text:
        """One row's cells lined up at the table's column widths."""
        line = Text()
        for column, (cell, width) in enumerate(zip(row, self._widths, strict=False)):
            if column == 0:
                style = "bold" if y == 0 else "dim"
            else:
                colour = self._colours[column - 1] if column <= len(self._colours) else ""
                style = f"bold {colour}" if y == 0 else ""
            text = Text(cell, style=style)
            if text.cell_len > width:
                text.truncate(width, overflow="ellipsis")
            room = width - text.cell_len
            if column:
                line.append(" " * (COLUMN_GAP + room))  # the players' cells: right justified
            elif len(row) > 1:
                text.pad_right(room)
            line.append_text(text)
        return line


def short_types(kinds: list[str], built: set[str], room: int) -> str:
    """`kinds` listed in `room` cells if they can be: whole, then each cut to the shortest
    start (of at least 3 letters, then 2, then 1) that no other of the `built` types (case
    folded) shares."""
    whole = ", ".join(kinds)
    if cell_len(whole) <= room:
        return whole
    shown = whole
    for least in (3, 2, 1):
        shown = " ".join(_unique_start(kind, built, least) for kind in kinds)
        if cell_len(shown) <= room:
            break
    return shown


def _unique_start(kind: str, built: set[str], least: int) -> str:
    others = [other for other in built if other != kind.casefold()]
    for length in range(least, len(kind)):
        start = kind[:length].casefold()
        if not any(other.startswith(start) for other in others):
            return kind[:length]
    return kind


def fitted_widths(natural: list[int], room: int, gap: int) -> list[int]:
    """Column widths that fit in `room` cells (no limit when it is not known yet): the
    players' widest columns give way first, down to a few cells, so a column of small numbers
    keeps its width and the trackers' names stay readable; then every column does."""
    available = room - gap * max(len(natural) - 1, 0)
    if room <= 0 or sum(natural) <= available:
        return natural
    label, players = natural[0], natural[1:]
    shrunk = water_fill(players, available - label, [SHORTEST_CELL] * len(players))
    if sum(shrunk) + label <= available:
        return [label, *shrunk]
    return water_fill(natural, available, [1] * len(natural))


class ColomaScreen(CommandScreen):
    CSS_PATH = "coloma.tcss"
    HELP_TITLE = "Coloma"
    HELP_TEXT = (
        """\
Type in the command field and press **enter**; the line above it says what comes next.

- `pools 4 6 8`: the spaces of the Gold Supply's pools, top (3 Bucks) to bottom (1 Buck),
  as the board shows them for your player count; asked once per player count, remembered.
- `n` (or `next`) moves the calendar on: the next Round (the Barker moves to the next
  Site), after Round 5 the Shootout, then its result, then Clean Up. After the 1850
  Shootout the scoring wizard opens. When the Round's Event or Sites (or the Shootout's
  chart) were not typed, it asks first: **y** moves on, **n** or enter stays. An empty
  enter changes nothing.
- `event`: the Barker's Event for every player, from the Sheriff clockwise (twice for a
  Tent on that Event). Site 5: `event ann 1 bo 2`, the Gold Nuggets each player spends, all
  in one command (`event bo` alone: Bo spends 1 and nobody else), or `event none` when
  nobody does (a bare `event` asks which); ctrl+z takes it back to type it again.
- `sites 3 1 3`: each player's Site in seat order; the Buster's or Mules' after a `+`
  (`sites 3 1 + 3`). A Pioneer at the Barker is typed as the Site it covers (Round 4: 4).
  The screen says which Site busts (the Barker's Boom, when its Site has most) and the
  order of turns.
- `ann gold +2` takes Nuggets from the top pool down (1 Buck each once the supply is
  empty); `ann gold -1` spends one into the Mine Cart. `ann pay 7` pays 7 Bucks in Nuggets
  at the current value (no change); `pay 7` only says how many it takes.
- `ann bucks +3`, `ann vp 12`, `ann horses +1` (6 at most), `ann dudes -1`, `ann tents +1`
  (8 in all), `ann rivers +1` (4 at most), `ann bridge Rope` (4 at most, one per type, each
  on a River), `ann pitch 3` (a Tent on Event 3) or `ann pitch land` (on a Frontier Land),
  `ann grave 2` (a Dude on a Grave marked 2). A name can be shortened to the start of
  any of its words.
- `ann barrel 2`: Ann takes a Barrel; 2 Outlaws (printed under its Stash space) join.
- `ann gun 1 3`: Ann fills row 1 (the row nearest the Outlaws) with 3 Gunmen from her Lodge.
- `chart 6 VP / 3 VP + 1 Nugget / 1 VP / 2 Graves`: the chart tile in play, best tier first,
  then what players without Gunmen suffer (VP, Nuggets, Bucks, Dudes, Horses, Tents,
  Graves; `-2 VP` for a penalty, `-` for nothing; the lost side after `|`). Shown per player
  and applied when the Shootout is resolved.
- `graveyard 1 1 2 2 3 3`: the numbers printed on the Graves, bottom first (once;
  remembered): a Dude the chart puts on a Grave then covers the lowest vacant one.
- Mule Duel: `sites 3 1 + 2 5` gives the Mules' Sites after the `+`; a Mule on a Site with
  its Carrot eats it and its owner gets the Event; `sites 3 1 + 5 2 spend ann 1` for Site 5.
- Hotel Building module: `ann hotel` builds one; `ann sleep 2` puts 2 Dudes on Hotel spaces
  (2 VP each).
- `sheriff bo`: hand the Sheriff Badge over by hand.
- `supply 0 4 7 2 counted the board`: correct the Nuggets in each pool (top first) and the
  Mine Cart to what the board shows, with a reason.
- `cleanup 4`: Clean Up with the number of Outlaws the Year Track shows for next Year
  (remembered: next time `n` is enough).
"""
        + COMMON_HELP
        + "\n"
        + READINGS
    )

    @property
    def state(self) -> ColomaState:
        assert isinstance(self.session.state, ColomaState)
        return self.session.state

    @property
    def rules(self) -> ColomaRules:
        assert isinstance(self.session.rules, ColomaRules)
        return self.session.rules

    def compose(self) -> ComposeResult:
        self._shown: dict[str, object] = {}  # what each part shows now (#16: only changes)
        yield Header()
        with PlainHorizontal(id="body"):
            with PlainVertical(id="main"):
                with PlainHorizontal(id="top"):
                    with PlainVertical(id="calendar"):
                        yield Rows(id="year-line")
                        yield WrappedRows(id="event-line")
                        yield WrappedRows(id="bust-line")
                    with PlainVertical(id="gold-box") as box:
                        box.border_title = "A Gold Nugget is worth"
                        with PlainHorizontal(id="gold-value-row"):
                            yield Digits("3", id="gold-value")
                            yield Static("Bucks", id="gold-unit")
                        yield WrappedRows(id="pools")
                # on a short terminal the gold value is this one line instead of the box
                yield Rows(id="gold-line")
                yield from self.command_area()
                yield Static("", id="helper", markup=False)
                with PlainVerticalScroll(id="tables"):
                    # the players' names over their columns while the table is scrolled
                    # past them (docked: it stays at the top; paged down at 80x24, the
                    # numbers showed under no name: a play-test)
                    yield Rows(id="players-head")
                    yield TrackerTable(id="players")
                    # each player's Bridge types and pitched Tents whole, when the table had
                    # to shorten them
                    yield WrappedRows(id="cells-whole")
                    yield WrappedRows(id="shootout")
            yield LogPanel(id="log")
        yield SteadyFooter()

    def command_words(self) -> list[str]:
        """Players' names first (a command starts with one), then the commands and what
        follows a name."""
        return [*super().command_words(), *COMMANDS, *PLAYER_WORDS]

    def on_mount(self) -> None:
        """Put in what this table told the app in earlier games (the pools, the graveyard),
        as entries of their own (undo takes them back); only in a game this window plays."""
        self.watch(self.query_one("#tables"), "scroll_y", self._head_follows, init=False)
        if not self.can_play():
            return
        if self.state.supply is None:
            remembered = self.session.recall(self._pools_key())
            if isinstance(remembered, list) and len(remembered) == 3:
                with suppress(RuleError):  # what was remembered no longer fits: ask again
                    if self.run(self.rules.pools(self.state, remembered)):
                        self.say_on_opening(
                            "The Gold Supply as you counted it last time for this many players",
                            keep=" (ctrl+z to count again).",
                        )
        if not self.state.graveyard:
            graves = self.session.recall("graveyard")
            if isinstance(graves, list) and graves and all(isinstance(n, int) for n in graves):
                with suppress(RuleError):
                    self.run(self.rules.graveyard(self.state, graves))

    def recolour(self) -> None:
        """The players' colours in the new theme's set: the table is drawn anew (it is kept
        while its numbers stay)."""
        self._shown.pop("#players", None)
        self.render_state()

    def _pools_key(self) -> str:
        return f"pools_{len(self.state.players)}"

    # -- showing -----------------------------------------------------------------------------

    def render_state(self) -> None:
        """Show the state, touching only the parts whose text changed (a tracker changed by
        a key redraws the table and the log line, not the calendar or the gold box); parts
        whose height cannot change are redrawn without a new layout (#16)."""
        state = self.state
        self._show("#year-line", self._year_line())
        self._show("#event-line", self._event_text())
        self._show("#bust-line", f"Bust: {state.bust_line}" if state.bust_line else "")
        value = value_of(state)
        if self._shown.get("#gold-value") != value:
            self._shown["#gold-value"] = value
            self.query_one("#gold-value", Digits).update(str(value))
            self.query_one("#gold-unit", Static).update(plural_word(value, "Buck"), layout=False)
        self._show("#pools", self._pools_text())
        self._show("#gold-line", self._gold_line())
        self._show("#step", *self.step_lines([self._step_text()]))
        rows = self._player_rows()
        if self._shown.get("#players") != rows:
            self._shown["#players"] = rows
            colour_of = player_colours(self)
            colours = tuple(colour_of(player.colour) for player in state.players)
            self.query_one("#players", TrackerTable).show_rows(rows, colours)
            if self._head_shown:  # (the names it repeats may have changed: a new Sheriff)
                self._head_follows()
            self._show_cells_whole()  # (only a change of the table, or a resize, changes it)
        self._show("#shootout", self._shootout_text())
        self._order_tables()

    @on(TrackerTable.Refitted)
    def _show_cells_whole(self) -> None:
        """Under the table, each player's Bridge types whole once a cell had to shorten
        them ("Sto Ste St…" with five players), and the Tents pitched once a cell was cut
        ("E1 E2 E3 E4 E…": the fifth Event and the lands went unseen), both play-tests;
        hidden otherwise."""
        state = self.state
        cells = self._bridge_cells()
        seats = range(len(state.players))
        lines = []
        if any(
            cell != (", ".join(kinds) or "-")
            for cell, kinds in zip(cells, state.bridges, strict=True)
        ):
            lines.append(
                "Bridges: "
                + " · ".join(
                    f"{state.name(seat)} {', '.join(kinds)}"
                    for seat, kinds in enumerate(state.bridges)
                    if kinds
                )
            )
        if TENTS_PITCHED in self.query_one("#players", TrackerTable).cut_rows():
            lines.append(
                f"{TENTS_PITCHED}: "
                + " · ".join(
                    f"{state.name(seat)} {self._pitched(seat)}"
                    for seat in seats
                    if self._pitched(seat)
                )
            )
        shown = tuple(lines)
        if self._shown.get("#cells-whole") != shown:
            self._shown["#cells-whole"] = shown
            whole = self.query_one("#cells-whole", WrappedRows)
            whole.show(lines or [""])
            whole.display = bool(lines)

    #: the players' names are shown over the table scrolled past them (`_head_follows`)
    _head_shown = False

    def _head_follows(self, _scrolled: object = None) -> None:
        """The table's first line (the players' names) at the top of the scrolled part while
        the table is scrolled past it and some of its numbers show; hidden otherwise."""
        tables = self.query_one("#tables")
        table = self.query_one("#players", TrackerTable)
        head = self.query_one("#players-head", Rows)
        top = table.virtual_region.y
        shown = top < tables.scroll_y < top + table.virtual_region.height - 1
        head.show(table.texts[:1] if shown else [])
        if shown != self._head_shown:
            self._head_shown = shown
            head.display = shown

    def on_resize(self, event: events.Resize) -> None:
        """(After GameScreen's own classes.) The step line and the Shootout's tally, shorter
        when narrow (`-narrow`: each leaves out what the other says)."""
        if self.is_mounted:
            self._show("#step", *self.step_lines([self._step_text()]))
            self._show("#shootout", self._shootout_text())
            self.call_after_refresh(self._head_follows)  # (the table fitted anew)

    def _order_tables(self) -> None:
        """The Shootout's tally comes first once it is the Year's business, at every size:
        at 80x24 it came under the players' numbers, below the fold, and a player doing the
        Shootout had to page down to see who gets what (play-tests; the players' numbers
        are below it there, their names docked when paged down to)."""
        tables = self.query_one("#tables")
        shootout_first = self.state.phase != "rounds"
        tables.set_class(shootout_first, "-shootout-first")
        players, shootout = self.query_one("#players"), self.query_one("#shootout")
        first, second = (shootout, players) if shootout_first else (players, shootout)
        if tables.children.index(first) > tables.children.index(second):
            tables.move_child(first, before=second)
        bridges = self.query_one("#cells-whole")  # (right under the table, always)
        if tables.children.index(bridges) != tables.children.index(players) + 1:
            tables.move_child(bridges, after=players)

    def _show(self, selector: str, content: Text | str) -> None:
        """A part repaints only its lines whose text changed, and lays the screen out again
        only when its number of lines changed (`Rows`, `WrappedRows`)."""
        self.query_one(selector, Rows).show([content])

    def _event_text(self) -> str:
        state = self.state
        if state.phase == "rounds" and state.mule_duel:
            return (
                f"The Barker covers Site {state.barker} (Mule Duel: no Event from the Barker; "
                "a Mule eating its Carrot gives its owner that Event)"
            )
        if state.phase == "rounds" and state.event_done:
            return state.event_said  # as it happened: a Tent pitched since changes nothing
        if state.phase == "rounds":
            twice = [
                state.name(s) for s in range(len(state.players)) if state.barker in state.events[s]
            ]
            event = f"The Barker covers Site {state.barker}. Event: {EVENTS[state.barker]}"
            if twice:
                event += f". Twice for {', '.join(twice)} (Tent on this Event)"
            return event
        return ""

    def _gold_line(self) -> Text:
        """The value of gold in one line, for a terminal too short for the large digits."""
        state = self.state
        value = value_of(state)
        text = Text()
        text.append(f"A Gold Nugget is worth {plural(value, 'Buck')}", style="bold yellow")
        supply = state.supply
        if supply is not None and not supply.left:  # the pools say nothing more: 0 each
            # (with them it ran past 80 columns: "Mine Cart 0 · empty…", a play-test)
            text.append(" · ")
            text.append("supply empty: 1 Buck a Nugget", style="bold")
            text.append(f" · Mine Cart {supply.cart}")
        elif supply is not None:
            pools = " ".join(
                f"{nuggets}/{spaces}"
                for spaces, nuggets in zip(supply.spaces, supply.nuggets, strict=True)
            )
            text.append(f"  ·  pools {pools}  ·  Mine Cart {supply.cart}")
        return text

    def _year_line(self) -> Text:
        """One line (a long name ends in an ellipsis), so it is redrawn without a layout."""
        state = self.state
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"Year {state.year}", style="bold")
        if state.phase == "rounds":
            text.append(f"  ·  Round {state.round} of {ROUNDS}")
        else:
            phase = {"shootout": "Shootout Phase", "cleanup": "Clean Up"}.get(state.phase, "")
            # (short: "after the third Shootout" hid the Sheriff's name behind the gold box
            # at 120x40, a play-test)
            text.append(f"  ·  {phase or 'game over'}")
        text.append("  ·  Sheriff ")
        sheriff = state.players[state.sheriff]
        text.append(sheriff.name, style=f"bold {player_colour(self, sheriff.colour)}")
        return text

    def _pools_text(self) -> Text:
        supply = self.state.supply
        text = Text()
        if supply is None:
            text.append("Gold Supply not counted yet: pools TOP MIDDLE BOTTOM", style="bold")
            return text
        for worth, spaces, nuggets in zip(VALUES, supply.spaces, supply.nuggets, strict=True):
            text.append(f"{plural(worth, 'Buck'):<7}  ")
            text.append("●" * nuggets, style="bold yellow")
            text.append("○" * (spaces - nuggets), style="dim")
            text.append(f"  {nuggets}/{spaces}\n")
        if supply.left:
            text.append(f"Mine Cart: {supply.cart}")
        else:  # in the box's 26 columns ("(empty: 1" was all that showed: a play-test)
            text.append("Supply empty", style="bold")
            text.append(f" · Cart {supply.cart}")
        return text

    def _step_text(self) -> str:
        state = self.state
        if state.finished:
            return self.finished_line("ctrl+f reopens it to correct it.")
        if state.supply is None:
            return (
                "Count the Gold Supply for this many players: pools TOP MIDDLE BOTTOM "
                "(spaces worth 3, 2 and 1 Bucks), e.g. pools 4 6 8."
            )
        if state.phase == "rounds":
            last = state.round == ROUNDS
            then = "the Shootout" if last else f"Round {state.round + 1}"
            event = "" if state.event_done or state.mule_duel else "event, "
            if event and state.barker == 5:  # who spends, or none (a bare event is asked)
                event = "event ann 1 ... (who spends Gold Nuggets) or event none, "
            # what the numbers are (a new table read `sites 3 1 ...` as a riddle: a play-test)
            sites = ""
            if not state.bust_line and len(state.players) > 2:
                sites = "sites 3 1 ... (each player's Site, in seat order)"
            elif not state.bust_line:
                extra = ("2 5", "the Mules'") if state.mule_duel else ("4", "the Buster's")
                sites = f"sites 3 1 + {extra[0]} (the players' Sites, then {extra[1]})"
            todo = ", ".join(part for part in (event.rstrip(", "), sites) if part)
            todo = f"{todo}, " if todo else ""  # (sites typed first left "event, , ")
            return f"Round {state.round}: {todo}the trackers (F1 lists them). n: on to {then}."
        if state.phase == "shootout":
            tally = state.tally()
            stands = (
                f"{plural(tally.gunmen, 'Gunman')} against {plural(tally.outlaws, 'Outlaw')}, "
                f"{'won' if tally.won else 'lost'} as it stands"
            )
            chart = "" if state.chart else "chart 6 VP / 3 VP / 1 VP / 2 Graves (F1), then "
            if self.has_class("-narrow"):  # the tally, right under it, says how it stands
                return f"Shootout: {chart}n resolves it."
            return f"Shootout ({stands}): {chart}n resolves it."
        if state.phase == "cleanup":
            known = self.session.recall(f"outlaws_{state.year + 1}")
            if isinstance(known, int):
                return (
                    f"Clean Up: n starts {state.year + 1} with {plural(known, 'Outlaw')} "
                    "(or cleanup N)."
                )
            return (
                f"Clean Up: type how many Outlaws the Year Track shows for {state.year + 1}: "
                "cleanup N."
            )
        return "The third Shootout is over: ctrl+f (or n) scores the game."

    def empty_enter(self) -> str:
        """An empty enter changes nothing: say what moves the game on at this step."""
        state = self.state
        if state.supply is None:
            return "Nothing typed. Count the Gold Supply first: pools TOP MIDDLE BOTTOM."
        if state.phase == "cleanup" and not isinstance(
            self.session.recall(f"outlaws_{state.year + 1}"), int
        ):
            return "Nothing typed. Type cleanup and the Outlaws the Year Track shows."
        return "Nothing typed: type n to move on (the line above says what comes first)."

    def _player_rows(self) -> tuple[tuple[str, ...], ...]:
        """The table's text, a row per tracker with its limit, a column per player (six fit
        in 80 columns); compared with what is shown before anything is drawn."""
        state = self.state
        seats = range(len(state.players))
        numbers = state.numbers
        header = tuple(
            ("★ " if seat == state.sheriff else "") + player.name
            for seat, player in enumerate(state.players)
        )
        rows = [
            ("★ Sheriff", *header),
            ("Bucks", *(str(numbers[s]["bucks"]) for s in seats)),
            ("Gold Nuggets", *(str(numbers[s]["gold"]) for s in seats)),
            ("VP (track)", *(str(numbers[s]["track"]) for s in seats)),
            ("Horses (6 max)", *(str(numbers[s]["horses"]) for s in seats)),
            ("Dudes (Lodge)", *(str(numbers[s]["dudes"]) for s in seats)),
            (
                "Tents Lodge/all 8",
                *(f"{numbers[s]['tents']}/{state.tents_in_all(s)}" for s in seats),
            ),
            (TENTS_PITCHED, *(self._pitched(s) or "-" for s in seats)),
            ("Barrels", *(str(numbers[s]["barrels"]) for s in seats)),
            ("Rivers (4 max)", *(str(numbers[s]["rivers"]) for s in seats)),
            ("Bridges", *self._bridge_cells()),
            # Graves whose numbers were not typed: "+2?", said once in the row's name ("+2
            # unnumbered" was cut in every column at 80x24, and took the Bridges' room: a
            # play-test)
            (
                "Graves (? unnumbered)" if any(state.graves_owed) else "Graves",
                *(self._graves(s) for s in seats),
            ),
        ]
        if state.mule_duel:
            rows.append(
                (
                    "Carrots on Events",
                    *(" ".join(map(str, sorted(state.carrots[s]))) or "-" for s in seats),
                )
            )
        if state.hotel_module:
            rows.append(
                ("Hotels (Dudes)", *(f"{state.hotels[s]} ({state.sleepers[s]})" for s in seats))
            )
        return tuple(rows)

    def _bridge_cells(self) -> list[str]:
        """Each player's Bridge types, whole when they fit a player's column, else each
        cut to the fewest letters that tell it from the other types built in this game
        (four were cut to "Suspension, A…": a play-test)."""
        bridges = self.state.bridges
        built = {kind.casefold() for kinds in bridges for kind in kinds}
        # five or six players share 80 columns: a column has about eight cells
        room = PLAYER_COLUMN if len(bridges) <= 4 else CROWDED_COLUMN
        return [short_types(kinds, built, room) or "-" for kinds in bridges]

    def _graves(self, seat: int) -> str:
        state = self.state
        shown = " ".join(map(str, state.graves[seat]))
        owed = state.graves_owed[seat]
        if owed:
            shown += f" +{owed}?"
        return shown.strip() or "-"

    def _pitched(self, seat: int) -> str:
        state = self.state
        events = [f"E{site}" for site in sorted(state.events[seat])]
        lands = [f"{state.lands[seat]} land{'s' if state.lands[seat] != 1 else ''}"]
        return " ".join(events + (lands if state.lands[seat] else []))

    def _shootout_text(self) -> Text:
        state = self.state
        text = Text()
        if state.phase in ("cleanup", "over") and state.result:
            return Text(state.result, style="bold")
        text.append(f"Shootout {state.year}", style="bold")
        tally = state.tally()
        outcome = "won" if tally.won else "lost"
        # narrow, it is all in sight at 80x24: no rule the help (F1) says, no hint the step
        # line gives (a play-test had to page down to it)
        narrow = self.has_class("-narrow")
        rule = "" if narrow else " (Gunmen must outnumber the Outlaws)"
        text.append(
            f":  {plural(tally.gunmen, 'Gunman')} against {plural(tally.outlaws, 'Outlaw')}, "
            f"{outcome} as it stands{rule}\n"
        )
        rows = []
        for row in sorted(state.rows):
            seat, count = state.rows[row]
            rows.append(f"row {row}: {state.name(seat)} {count}")
        if len(state.players) == 2:
            rows.append(f"row 3: non-player {NON_PLAYER_ROWS[2]}")
        text.append("Rows (1 nearest the Outlaws): " + ("; ".join(sorted(rows)) or "none yet"))
        text.append("\n")
        for seat in sorted(tally.tiers, key=lambda s: (tally.tiers[s], s)):
            who = self.rules.shooter(state, seat)
            text.append(f"  tier {tally.tiers[seat]}: ")
            text.append(who, style="bold" if seat != NON_PLAYER else "dim")
            text.append(self.rules.reward(state, tally.tiers[seat], seat) + "\n")
        for seat in tally.bury:
            text.append("  no Gunmen: ")
            text.append(state.name(seat), style="bold")
            given = self.rules.reward(state, 4, seat)
            if state.chart and not given:  # the chart as typed has no part for them
                text.append(" (nothing on the chart as typed)\n")
            else:
                text.append(" puts Dudes on Graves" + given + "\n")
        badge = tally.badge
        if badge is not None:
            text.append(f"  the Sheriff Badge would go to {state.name(badge)}\n")
        elif tally.tiers:  # said too (only its giving was: a 2-player play-test wondered)
            best = [seat for seat, tier in tally.tiers.items() if tier == 1]
            why = "the non-player Gunmen are best" if NON_PLAYER in best else "a shared best tier"
            text.append(f"  {state.name(state.sheriff)} would keep the Sheriff Badge ({why})\n")
        if not state.chart:
            if not narrow:  # (narrow, the step line says `chart ...`)
                text.append(
                    "  (type the chart tile's rewards to see them per player: chart ...)",
                    style="dim",
                )
        elif self.rules.one_side_for_a_loss(state):
            text.append(
                "  (lost, and the chart has one side: it counts as the lost side; "
                "chart WON | LOST types both)",
                style="dim",
            )
        text.rstrip()  # (no blank last line, where its last line ends its own)
        return text

    # -- commands ------------------------------------------------------------------------------

    def do_command(self, text: str) -> bool:
        state, rules = self.state, self.rules
        words = text.split()
        first = words[0].lower() if words else ""
        self._say("")
        if first == "pools":
            spaces = [parse_count(w, what="A pool's number of spaces") for w in words[1:]]
            if self.run(rules.pools(state, spaces)):
                self.remember(self._pools_key(), spaces)
            return True
        if first in NEXT_WORDS and len(words) == 1:
            return self._advance()
        if first == "event":
            if state.mule_duel:  # said before the names are read (a wrong one was told to
                # type `event ann 1 bo 1`, refused in Mule Duel: a play-test)
                return self.run(rules.event(state))
            if words[1:] and state.barker != 5:  # before reading them
                raise RuleError(SPEND_AT_5.format(site=state.barker))
            nobody = [word.lower() for word in words[1:]] == ["none"]
            first_two = state.seats_from_sheriff()[:2]
            spend = {} if nobody else self._spenders(words[1:], "event", first_two)
            could = rules.could_spend_at_five(state, spend)
            if could and not nobody and not state.event_done and not state.mule_duel:
                # asked, not taken as "nobody spends": that blocked the spends typed next,
                # and only ctrl+z undid it (a play-test typed event as every Round)
                raise RuleError(
                    f"Site 5's Event: who spends? {self._spending(could, 'event')} Or event "
                    "none if nobody does."
                )
            return self.run(rules.event(state, spend))
        if first == "sites":
            return self._sites(words[1:])
        if first == "pay" and len(words) == 2:
            cost = parse_count(words[1], what="A cost")
            nuggets, over = pay_with_gold(cost, value_of(state))
            change = f"; {plural(over, 'Buck')} overpaid, and no change is given" if over else ""
            self._say(
                f"{plural(cost, 'Buck')} {'takes' if cost == 1 else 'take'} "
                f"{plural(nuggets, 'Gold Nugget')} at "
                f"{value_of(state)} each{change}."
            )
            return True
        if first == "chart":
            done = self.run(rules.chart(state, " ".join(words[1:])))
            if done:  # a chart short of a tile's four parts: said
                self._say(rules.chart_note(self.state))
            return done
        if first == "graveyard":
            graves = [parse_count(w, maximum=20, what="A Grave's number") for w in words[1:]]
            if self.run(rules.graveyard(state, graves)):
                self.remember("graveyard", graves)
            return True
        if first == "supply":
            numbers = [w for w in words[1:5] if is_number(w)]
            if len(numbers) < 3:
                raise RuleError(
                    "Type supply, the Nuggets in each pool (top first), the Mine Cart if it "
                    "differs, and why: supply 0 4 7 2 counted the board."
                )
            counts = [parse_count(w, what="A count") for w in numbers]
            reason = " ".join(words[1 + len(numbers) :])
            cart = counts[3] if len(counts) == 4 else None
            return self.run(rules.correct_supply(state, counts[:3], cart, reason))
        if first == "sheriff":
            found = self._find(words[1:], "sheriff ann")
            if found[1]:
                raise RuleError("Type sheriff and the player who takes the Badge: sheriff ann.")
            return self.run(rules.hand_badge(state, found[0]))
        if first == "shootout":
            return self._resolve()
        if first == "cleanup":
            if len(words) != 2:
                raise RuleError("Type cleanup and the Outlaws the Year Track shows: cleanup 4.")
            return self._clean_up(parse_count(words[1], what="The number of Outlaws"))
        seat, rest = self._find(words, self._player_help(), command=True)
        entry = self._player_entry(seat, rest)
        if entry.kind == "bridge" and (question := self._new_bridge_question(entry)):
            return self._ask(question, f"New type {entry.get('bridge')}", lambda: self.run(entry))
        # a row of Gunmen against the Sites typed: said whole under the field too (at
        # 80x24 the line under the field cut it off, the point of it: a play-test)
        gunmen = site_note(state, seat, entry.kind)
        done = self.run(entry)
        ignored = self.rules.limit_note(entry)  # the rules' "ignore the remainder"
        if done and ignored:  # said under the field, not only in the log; with the
            # Site's note too when both hold (a `sleep` trimmed to the Hotels' spaces and
            # not on Site 5 said only the first: a review)
            also = f" Recorded anyway: {gunmen}." if gunmen else ""
            self._say(f"{self.state.name(seat)}: {ignored}.{also}")
        elif done and gunmen:  # (a name as typed: "bo" was said "Bo", a play-test), said
            # as done: alone it read as a refusal, and was typed again; "Done, with a note"
            # still left the table asking whether it was allowed (play-tests)
            self._say(f"Recorded anyway: {gunmen}.")
        return done

    def _player_help(self) -> str:
        """What follows a name, the Hotel module's words only when it is on."""
        return PLAYER_HELP + (HOTEL_HELP if self.state.hotel_module else "")

    def _new_bridge_question(self, entry: Entry) -> str:
        """A Bridge type built by nobody yet whose name is close to one built ("Rpoe", with
        Rope built) is asked about: it became a seventh type, counted on its own, and ctrl+o
        does not reach Bridges (a play-test). "" when nothing is to be asked."""
        kind = str(entry.get("bridge"))
        guess = self.rules.close_bridge_type(self.state, kind)
        return (
            f"No {kind} Bridge is built so far.{guess} Build {kind} as a new type?" if guess else ""
        )

    def _find(self, words: list[str], example: str, command: bool = False) -> tuple[int, list[str]]:
        """The player a command names, or a refusal that says who a short name could mean."""
        found = find_player(self.state.players, words)
        if found is not None:
            return found
        matches = players_matching(self.state.players, words[0]) if words else []
        if len(matches) > 1:
            both = and_listed([self.state.name(seat) for seat in matches])
            raise RuleError(f"{words[0]} could be {both}: type more of the name.")
        if command:
            from companion.spelling import did_you_mean

            if self.state.supply is None and len(words) == 3 and all(map(is_number, words)):
                # the pools' spaces typed without their word (a play-test)
                raise RuleError(f"The Gold Supply's pools? Type pools {' '.join(words)}.")
            before = find_player(self.state.players, words[1:]) if len(words) > 1 else None
            word = words[0].lower() if words else ""
            if before is not None and (word in PLAYER_WORDS or word in NUMBERS or word == "pay"):
                # a tracker typed before its player: "Did you mean pay?" (a play-test)
                rest = before[1]
                order = " ".join([*words[1 : len(words) - len(rest)], words[0], *rest])
                raise RuleError(f"The player comes first: {order}.")
            names = [*COMMANDS, *(player.name for player in self.state.players)]
            guess = did_you_mean(words[0], names, cutoff=0.6) if words else ""  # short words
            players = and_listed([player.name for player in self.state.players])
            raise RuleError(  # (who the players are was unsaid: a play-test)
                f"Not a command or a player: {words[0]}.{guess} The players: {players}. Type "
                f"{example}; F1 lists everything."
            )
        players = and_listed([player.name for player in self.state.players])
        raise RuleError(  # (who they are was unsaid: a play-test)
            f"Not a player: {words[0] if words else 'nobody'}.{self._name_guess(words)} The "
            f"players: {players}. Type {example}."
        )

    def _name_guess(self, words: list[str]) -> str:
        """ " Did you mean Bo?" for a name close to a player's (`bob`), or ""."""
        if not words:
            return ""
        from companion.spelling import did_you_mean  # (only when a name is refused)

        return did_you_mean(words[0], [player.name for player in self.state.players], 0.6)

    def _player_entry(self, seat: int, words: list[str]) -> Entry:
        state, rules = self.state, self.rules
        what = words[0].lower() if words else ""
        if what in NUMBERS and len(words) == 2:
            return rules.adjust(state, seat, NUMBERS[what], parse_amount(words[1]))
        if what in GOLD_WORDS and len(words) == 2:
            after = parse_amount(words[1]).applied_to(state.numbers[seat]["gold"])
            return rules.gold(state, seat, after - state.numbers[seat]["gold"])
        if what == "pay" and len(words) == 2:
            return rules.pay(state, seat, parse_count(words[1], what="A cost"))
        if what == "barrel" and len(words) == 2:
            return rules.barrel(
                state, seat, parse_count(words[1], what="The Outlaws under a Barrel")
            )
        if what in ("gun", "gunmen") and len(words) == 3:
            # (one way to say each bound: -1 and 0 were told two different things, a
            # play-test)
            row = parse_count(words[1], minimum=1, maximum=12, what="A row at the Shootout")
            count = parse_count(words[2], minimum=1, maximum=12, what="A row's Gunmen")
            return rules.gunmen(state, seat, row, count)
        if what == "pitch" and len(words) == 2:
            if words[1].lower() in ("land", "lands", "frontier"):  # (`lands`: a play-test)
                return rules.pitch(state, seat, None)
            if not re.fullmatch(r"[-+]?[0-9]+", words[1]):  # (`lnds` was "An Event must be a
                # whole number": land went unsaid, a play-test)
                raise RuleError(
                    f"Not an Event nor land: {words[1]}. Type the Event's Site (1 to 5) or "
                    f"land: {self._short_name(seat)} pitch 2, {self._short_name(seat)} pitch land."
                )
            site = parse_count(words[1], minimum=1, maximum=5, what="An Event's Site")
            return rules.pitch(state, seat, site)
        if what == "bridge" and len(words) >= 2:
            return rules.bridge(state, seat, " ".join(words[1:]))
        if what == "bridge":  # (the list of everything after a name read as not understood)
            built = sorted({kind for kinds in state.bridges for kind in kinds})
            known = f" (built so far: {', '.join(built)})" if built else ""
            raise RuleError(
                f"Type the Bridge's type after bridge: {self._short_name(seat)} bridge Rope{known}."
            )
        if what == "grave" and len(words) == 2:
            return rules.grave(state, seat, parse_count(words[1], what="A Grave's number"))
        if what == "hotel" and len(words) == 1:
            return rules.hotel(state, seat)
        if what == "sleep" and len(words) == 2:
            return rules.sleep(state, seat, parse_count(words[1], minimum=1, what="The Dudes"))
        if what.rstrip("s") in ("building", "town"):  # not tracked in play: where they go
            # (the usage named no way to record one built at Site 3: a play-test)
            raise RuleError(
                "Town Buildings are typed at the end: the scoring wizard (ctrl+f) asks the VP "
                "printed on each player's."
            )
        listed = f"After a name, type one of: {self._player_help().replace('NAME ', '')}."
        if what and what not in (*NUMBERS, *GOLD_WORDS, *PLAYER_WORDS, "pay", "gunmen"):
            # a word no command has: the nearest said before the list (`ann glod +1` was
            # told the list alone: a play-test)
            from companion.spelling import not_a_command  # (only when a word is refused)

            raise RuleError(f"{not_a_command(words[0], self._words_after_a_name())} {listed}")
        raise RuleError(listed)

    def _words_after_a_name(self) -> list[str]:
        """The words the list after a name names (land is pitch's), the Hotel module's only
        when it is on: a guess names a word the game takes."""
        left_out = {"land"} | (set() if self.state.hotel_module else {"hotel", "sleep"})
        return [word for word in (*PLAYER_WORDS, "pay") if word not in left_out]

    def _spenders(self, words: list[str], command: str, seats: list[int]) -> dict[int, int]:
        """Who spends how many Gold Nuggets (`ann 1 bo 2`) after `command`; a wrong name is
        told to type `command` with those of `seats` who may spend (the real names: it said
        `event ann 1 bo 1` after a Mule Duel's `sites ... spend`, a play-test)."""
        example = f"{command} " + " ".join(f"{self._short_name(seat)} 1" for seat in seats)
        spend: dict[int, int] = {}
        while words:
            seat, words = self._find(words, example)
            count = 1
            if words and re.match(r"[-+]?[0-9]", words[0]):  # a count, even a wrong one
                # (`event ann -1` said "Not a player: -1": a play-test)
                count, words = parse_count(words[0], what="The Gold Nuggets"), words[1:]
            if seat in spend:  # (taken as one spend, unsaid: a play-test)
                raise RuleError(
                    f"{self.state.name(seat)} is named twice: name each player once, with "
                    f"all the Gold Nuggets they spend ({command} {self._short_name(seat)} 2)."
                )
            spend[seat] = count
        return spend

    def _sites(self, words: list[str]) -> bool:
        """`sites 3 1 3 + 4`: the players' Sites in seat order, then the Buster's or Mules'."""
        chosen: list[int] = []
        extra: list[int] = []
        after_plus = False
        spend: dict[int, int] = {}
        typed = " ".join(["sites", *words])
        lowered = [word.lower() for word in words]
        state = self.state
        self.rules.refuse_mules_again(state)  # said before what follows is read
        spenders: list[str] | None = None
        if "spend" in lowered:  # Mule Duel, Site 5: sites 3 1 + 5 2 spend ann 1
            if not state.mule_duel:  # (a wrong name after it was told `event ann 1 bo 1`)
                raise RuleError("Gold is spent on Site 5's Event with event, not with sites.")
            at = lowered.index("spend")
            words, spenders = words[:at], words[at + 1 :]
        for at, word in enumerate(words):
            after_plus = after_plus or word.startswith("+")
            site = word.removeprefix("+")
            if site and state.mule_duel and not re.match(r"[-+]?[0-9]", site):
                self._refuse_not_a_site(site, words, at, extra)
            if site:
                (extra if after_plus else chosen).append(parse_count(site, what="A Site"))
        if spenders is not None:
            at_five = [  # who gets Site 5's Event: the owner of a Mule eating its Carrot
                seat for seat, mule in enumerate(extra) if mule == 5 and 5 in state.carrots[seat]
            ]
            if not at_five:  # (said before the names are read)
                raise RuleError(
                    "No Mule eats a Carrot at Site 5: Gold Nuggets are spent only on Site 5's "
                    "Event, by the owner of a Mule eating its Carrot there. Type "
                    f"{' '.join(['sites', *words])}."
                )
            spending = " ".join(["sites", *words, "spend"])
            if not spenders:  # (a bare spend was taken as nothing spent, and the hint said
                # `spend spend ann 1`: a play-test)
                raise RuleError(
                    f"Who spends? Type {spending} {self._short_name(at_five[0])} 1 (the Gold "
                    "Nuggets each spends, for 3 VP each)."
                )
            spend = self._spenders(spenders, spending, at_five)
        could = self.rules.could_spend_at_five(state, spend, mules=extra)
        done = self.run(self.rules.sites(state, chosen, extra, spend))
        if done and could:
            self._say_unspent(could, typed if spend else f"{typed} spend")
        return done

    def _refuse_not_a_site(self, word: str, words: list[str], at: int, mules: list[int]) -> None:
        """Mule Duel: a word among the Sites that is none; `spnd` is told `spend`, with the
        command as it would be (it was "A Site must be a whole number": a play-test)."""
        from companion.spelling import did_you_mean  # (only when a word is refused)

        if not did_you_mean(word, ["spend"], cutoff=0.6):
            return  # said by parse_count: "A Site must be a whole number (not x)"
        typed = ["sites", *words[:at], "spend", *words[at + 1 :]]
        if len(words) == at + 1:  # nobody named yet: the owner of a Mule at Site 5
            typed += [
                f"{self._short_name(seat)} 1"
                for seat, site in enumerate(mules)
                if site == 5 and 5 in self.state.carrots[seat]
            ]
        raise RuleError(f"Not a Site: {word}. Did you mean spend? Type {' '.join(typed)}.")

    def _say_unspent(self, seats: list[int], command: str) -> None:
        """Site 5's Event went by with nothing spent (Mule Duel's Carrot): said, with how to
        spend (the Carrot was eaten without a word of it: a play-test)."""
        names = and_listed([self.state.name(seat) for seat in seats])
        twice = self._tents_twice(seats)
        self._say(
            f"Nothing spent on Site 5's Event ({names} could): to spend a Gold Nugget for "
            f"3 VP{f' ({twice})' if twice else ''}, ctrl+z, then {command} "
            f"{self._short_name(seats[0])} 1."
        )

    def _spending(self, seats: list[int], command: str) -> str:
        """How the players holding Nuggets spend them at Site 5's Event."""
        names = and_listed([self.state.name(seat) for seat in seats])
        twice = self._tents_twice(seats)
        return (
            f"Type {command} {self._short_name(seats[0])} 1 (each who spends, with their "
            f"Gold Nuggets: 3 VP each{f', {twice}' if twice else ''}; {names} "
            f"{'has' if len(seats) == 1 else 'have'} some)."
        )

    def _tents_twice(self, seats: list[int]) -> str:
        """Who may spend 2 (a Tent on Site 5), said (it went unsaid: a play-test)."""
        tents = self.rules.may_spend_two(self.state, seats)
        if not tents:
            return ""
        return f"2 for 6 VP for {and_listed([self.state.name(s) for s in tents])}, Tent there"

    def _short_name(self, seat: int) -> str:
        """A word a command finds the player by ("🤠 Zed" is `zed`, not `🤠`)."""
        return typed_word(self.state.players[seat].name)

    def typed_changed(self, typed: str) -> None:
        """A tracker typed with a bare number sets it (`ann bucks 5`: to 5, not +5): what it
        will do is said before enter, beside what +5 would (a table that got 5 Bucks typed
        `ann bucks 5` and saw it only once done: a play-test)."""
        super().typed_changed(typed)
        words = typed.split()
        if len(words) < 3 or not words[-1].isdigit() or not self.can_play():
            self.clear_preview()
            return
        found = find_player(self.state.players, words)
        what = found[1][0].lower() if found is not None and len(found[1]) == 2 else ""
        if found is None or not (what in NUMBERS or what in GOLD_WORDS):
            self.clear_preview()
            return
        try:
            entry = self._player_entry(found[0], found[1])
        except (RuleError, AmountError):
            self.clear_preview()  # enter says why
            return
        number = int(words[-1])
        self.preview_beside(
            f"{words[-1]} sets it: {entry.text}; +{number} would add {number}. Enter sets it.",
            notice=True,
        )

    def clear_refusals(self) -> None:
        """The game changed: the helper's advice about an earlier change goes too (a limit's
        note stayed under an undo that took it back, and under a correction: play-tests)."""
        super().clear_refusals()
        self._say("")

    def _say(self, sentence: str) -> None:
        """The helper's advice (e.g. what a cost takes in Nuggets); hidden when empty, so
        it takes no line of a short terminal."""
        helper = self.query_one("#helper", Static)
        if self._shown.get("#helper", "") != sentence:
            self._shown["#helper"] = sentence
            helper.update(sentence)
            helper.display = bool(sentence)

    def _advance(self) -> bool:
        """`n`: the calendar moves on; when the rules expect something not typed yet (the
        Round's Event or Sites, the Shootout's chart) it asks first."""
        state = self.state
        if state.supply is None:
            raise RuleError(
                "Count the Gold Supply first: pools TOP MIDDLE BOTTOM (e.g. pools 4 6 8)."
            )
        if state.phase == "rounds":
            entry = self.rules.next_round(state)  # refused here, before any question
            missing = self.rules.round_missing(state)
            if not missing:
                return self.run(entry)
            then = "the Shootout" if state.round == ROUNDS else f"Round {state.round + 1}"
            return self._ask(
                f"Round {state.round} of {state.year}: {' and '.join(missing)} "
                f"{'was' if missing == ['the Event'] else 'were'} not typed. On to {then} "
                "anyway?",
                f"On to {then}",
                lambda: self.run(self.rules.next_round(self.state)),
            )
        if state.phase == "shootout":
            return self._resolve()
        if state.phase == "cleanup":
            known = self.session.recall(f"outlaws_{state.year + 1}")
            if not isinstance(known, int):
                raise RuleError(
                    f"Type how many Outlaws the Year Track shows for {state.year + 1}: cleanup N."
                )
            return self._clean_up(known)
        self.action_finish()
        return True

    def _ask(self, question: str, yes: str, act: Callable[[], bool]) -> bool:
        """A y/n question before moving on; a yes acts (the command then leaves the field, as
        at every change of the game). False: the dialog took over (the field keeps what was
        typed, selected)."""
        from screens.confirm import ConfirmDialog

        command = self.query_one("#command", CommandField)
        typed = self.typed

        def answered(confirmed: bool | None) -> None:
            if confirmed and act():
                command.remember(typed)

        self.app.push_screen(ConfirmDialog(question, yes=yes, no="Not yet"), answered)
        return False

    def _resolve(self) -> bool:
        """The Shootout is resolved; without a chart typed, its rewards would not be
        applied: asked first."""
        self.rules.shootout_result(self.state)  # refused here (not its time), before asking
        if self.rules.one_side_for_a_loss(self.state):
            return self._ask(
                "The Shootout is lost, and the chart was typed with one side: "
                f"{' / '.join(self.state.chart)}. Is that the lost side? (Not yet: type the "
                "tile's two sides, chart WON | LOST.)",
                "Resolve with it",
                self._resolved,
            )
        if self.state.chart:
            return self._resolved()
        return self._ask(
            "No Shootout chart was typed: nobody gets its rewards or penalties (type chart "
            "... first to apply them). Resolve the Shootout anyway?",
            "Resolve",
            self._resolved,
        )

    def _resolved(self) -> bool:
        done = self.run(self.rules.shootout_result(self.state))
        if done and self.state.phase == "over":
            self.notify("The third Shootout is over: on to the final scores.", markup=False)
            self.action_finish()
        return True

    def _clean_up(self, outlaws: int) -> bool:
        year = self.state.year + 1
        if self.run(self.rules.clean_up(self.state, outlaws)):
            self.remember(f"outlaws_{year}", outlaws)
        return True
