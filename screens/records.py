"""Records (from home, `h`): every finished game, the players' records, head to head, and
scores over time. Read-only; worked out from the history by `companion.records`."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    DataTable,
    Header,
    Input,
    Static,
    TabbedContent,
    TabPane,
)

from companion.games import GAME_IDS, SHEETS
from companion.history_sync import finished_games
from companion.records import (
    FinishedGame,
    PlayerRecord,
    head_to_head,
    only,
    played_with,
    player_records,
    renamed,
)
from companion.renames import renames_or_why
from companion.scoring import (
    column_lines,
    short_heading,
    standings_rows,
    standings_sentences,
    totals_first,
)
from companion.store import DamagedFile, Store
from companion.table import starts_name
from screens.dialog import Dialog
from screens.player_colours import follow_theme, player_colour
from screens.styled_once import StyledOnce
from screens.widgets.footer import SteadyFooter
from screens.widgets.no_scroll import SteadyInput
from screens.widgets.row_table import RowTable

#: Games listed at most (the figures count them all): a list of 1,000 rows took a second to
#: lay out, and the filter finds an older game faster than scrolling to it.
LISTED = 250

HELP = """\
Every finished game of this data folder, newest first, and what they add up to.

- Type in the filter to keep the games of one game (`boomtown`, `coloma`, `builders`,
  `calamityville`) and/or with some players (their names, or the start of them).
- **Games**: **enter** on a game shows its final standings with the breakdown and the
  tie-break figures.
- **Players**: games played, wins (shared wins counted, and said), win rate, best, average
  and last score (a player's games of one game only: the games' scores do not compare,
  Calamityville's are dollars; otherwise "-", type a game in the filter), longest winning
  streak; when the filter keeps one game, each player's average points of each scoring
  category in a list under them, over the games that have the category (Coloma's Hotels:
  the games played with the Hotel Building module; "-" for a player with none).
- **Head to head**: for each two players, how often each finished ahead.
- **Scores over time**: each player's score, game after game (one game's scores: filter a
  game first).
- **down** or **enter** in the filter goes to the list.
- **ctrl+right** / **ctrl+left** change tab (or tab to the tabs, then left and right).
- **ctrl+e** renames the player highlighted in Players, in the records (the files are not
  rewritten: the new name is shown); on another tab it goes to Players first.
- **escape** goes back home.
"""


class RecordsScreen(StyledOnce, Screen[None]):
    CSS_PATH = "records.tcss"
    BINDINGS = [
        Binding("escape", "home", "Home", id="records-home"),
        Binding("down", "into_list", "To the list", show=False, id="records-into-list"),
        Binding("ctrl+e", "rename", "Rename player", id="records-rename", priority=True),
        Binding("ctrl+right", "tab(1)", "Next tab", id="records-next-tab", priority=True),
        Binding(
            "ctrl+left",
            "tab(-1)",
            "Previous tab",
            id="records-previous-tab",
            show=False,
            priority=True,
        ),
    ]
    TABS = ("tab-games", "tab-players", "tab-duels", "tab-over-time")
    HELP_TITLE = "Records"
    HELP_TEXT = HELP

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.all_games: list[FinishedGame] = []
        self.shown: list[FinishedGame] = []
        self.problem: str | None = None
        self.renames_problem = ""  # the records shown without the renames: why
        self._over_time: tuple[list[FinishedGame], str | None] = ([], None)
        #: the room the games' columns were fitted to, and their widths
        self._games_widths: tuple[int, tuple[int, ...]] | None = None
        #: the players' records shown, their game (one kept by the filter, or None), and
        #: the room their columns were fitted to
        self._players: tuple[list[PlayerRecord], str | None] = ([], None)
        self._players_room: int | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield SteadyInput(placeholder="filter: a game or players' names", id="records-filter")
        yield Static("", id="records-summary", markup=False)
        with TabbedContent(id="records-tabs"):
            with TabPane("Games", id="tab-games"):
                yield RowTable(id="records-games", cursor_type="row", zebra_stripes=True)
            with TabPane("Players", id="tab-players"):
                yield RowTable(id="records-players", cursor_type="row", zebra_stripes=True)
                yield Static("", id="averages-note", markup=False)
                yield RowTable(id="records-averages", cursor_type="row", zebra_stripes=True)
            with TabPane("Head to head", id="tab-duels"), VerticalScroll():
                yield Static("", id="records-duels", markup=False)
            with TabPane("Scores over time", id="tab-over-time"):
                yield Static("", id="over-time-note", markup=False)
                # who each line is, under the chart (plotext's legend, inside it, covered
                # lines)
                yield Static("", id="over-time-legend", markup=False)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Records"
        try:
            games = finished_games(self.store, SHEETS)  # (the history follows the games)
            renames, problem = renames_or_why(self.store)
            self.renames_problem = f". {problem}" if problem else ""  # (after the count)
            self.all_games = renamed(games, renames)
        except DamagedFile as damaged:
            self.problem = (
                f"{damaged.path} cannot be read ({damaged.reason}); it is kept as it is, "
                "so no records can be shown. To start it again from the finished games "
                "saved here, move that file aside (rename it): Records then writes a new "
                "one (games deleted since are not in it)."
            )
        except OSError as error:
            self.problem = f"The history cannot be read: {error}"
        self.refresh_records("")
        follow_theme(self, self._recolour)

    def _recolour(self) -> None:
        """The chart's legend in the new theme's colours (the chart draws its own lines
        anew); drawn when its tab is shown otherwise."""
        if self.query_one(TabbedContent).active == "tab-over-time":
            self._fill_over_time(*self._over_time)

    @on(Input.Changed, "#records-filter")
    def _filter(self, event: Input.Changed) -> None:
        self.refresh_records(event.value)

    @on(TabbedContent.TabActivated, "#records-tabs")
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        """The chart is drawn when its tab is shown (plotext is imported then, not before)."""
        if event.pane.id == "tab-over-time":
            self._fill_over_time(*self._over_time)

    @on(Input.Submitted, "#records-filter")
    def action_into_list(self) -> None:
        """Enter or down in the filter goes to the list shown, where enter opens a game (a
        play-test pressed down: the first row looked chosen, and nothing moved)."""
        lists = {
            "tab-games": "#records-games",
            "tab-players": "#records-players",
            "tab-duels": "#tab-duels VerticalScroll",
        }
        where = lists.get(self.query_one(TabbedContent).active)
        if where is not None:
            self.query_one(where).focus()

    def _why_none(self, game: str | None, players: list[str]) -> str:
        """Why the filter finds no finished game: none finished yet, none of that game
        with those players (who have others), or names nobody has (a typo was told to
        finish a game, with three finished: a play-test)."""
        if not self.all_games or not players:
            return ": none yet, finish a game with ctrl+f"
        if game and with_players(self.all_games, players):
            return ": they have finished games of other kinds only"
        return ": no finished game has them: check the names typed"

    def refresh_records(self, text: str) -> None:
        game, players = read_filter(text, self.all_games)
        games = with_players(only(self.all_games, game=game), players)
        self.shown = games
        self._fill_games(games)
        records = player_records(games)
        self._fill_players(records, game)
        self._fill_duels(games, [r.name for r in records])
        self._over_time = (games, game)
        if self.query_one(TabbedContent).active == "tab-over-time":
            self._fill_over_time(games, game)
        said = [said_name(word, self.all_games) for word in players]
        summary = self.problem or (
            f"{len(games)} finished game{'s' if len(games) != 1 else ''}"
            + (f" of {SHEETS[game].title}" if game else "")
            + (f" with {', '.join(said)}" if said else "")
            + ("" if games else self._why_none(game, players))
            + (
                f" (the newest {LISTED} listed: type a game or names to find older ones)"
                if len(games) > LISTED
                else ""
            )
            + self.renames_problem
        )
        self.query_one("#records-summary", Static).update(summary)

    def on_resize(self) -> None:
        if self._games_widths is not None and self._games_room() != self._games_widths[0]:
            self._fill_games(self.shown)  # the columns fitted to the new width
        if self._players_room is not None and self._room("players") != self._players_room:
            self._fill_players(*self._players)

    def _games_room(self) -> int:
        """The cells the games' columns can take without scrolling sideways."""
        return self._room("games") - 2 * self._cell_padding() * len(GAMES_COLUMNS)

    def _room(self, tab: str) -> int:
        """The cells a tab's list has for its columns and their padding without scrolling
        sideways: the screen's less the list's scroll bar."""
        table = self.query_one(f"#records-{tab}", DataTable)
        pane = self.query_one(f"#tab-{tab}", TabPane)
        outer = pane.styles.gutter.width + table.styles.gutter.width
        return self.app.size.width - outer - table.styles.scrollbar_size_vertical

    def _cell_padding(self) -> int:
        return self.query_one("#records-games", DataTable).cell_padding

    def _fill_games(self, games: list[FinishedGame]) -> None:
        table = self.query_one("#records-games", DataTable)
        room = self._games_room()
        widths = games_widths(room)
        if self._games_widths != (room, widths):
            # given widths: measuring every cell of 1,000 rows took a noticeable moment
            table.clear(columns=True)
            for label, width in zip(GAMES_COLUMNS, widths, strict=True):
                table.add_column(label, width=width)
            self._games_widths = (room, widths)
        else:
            table.clear()
        when = widths[0]  # "2026-07-05 21:00", or the day alone when narrow
        for index, game in enumerate(games[:LISTED]):
            scores = (
                ", ".join(f"{s.name} {s.total}" for s in game.result.standings)
                if game.result
                else (game.problem or "")
            )
            table.add_row(
                game.finished[:when].replace("T", " "),
                game.title,
                cut(", ".join(game.players)),
                winners_cell(game.winners, widths[3]),
                cut(scores),
                key=str(index),
            )

    def _fill_players(self, records: list[PlayerRecord], game: str | None) -> None:
        """The players' records, and when the filter keeps one game the average of each
        scoring category in a list of their own under them (a column a category). Both
        lists' columns are fitted to the rows shown now and to the screen: a long name is
        cut with an ellipsis rather than push the figures out of sight."""
        self._players = (records, game)
        room = self._players_room = self._room("players")
        padding = 2 * self._cell_padding()
        table = self.query_one("#records-players", DataTable)
        rows = [
            [
                str(record.played),
                f"{record.wins}"
                + (f" ({record.shared_wins} shared)" if record.shared_wins else ""),
                f"{record.win_rate:.0%}",
                _number(record.best),  # "-" over games whose scores do not compare
                _number(record.average),
                _number(record.last),
                str(record.longest_streak),
            ]
            for record in records
        ]
        names = [record.name for record in records]
        _fill_fitted(table, PLAYERS_COLUMNS, names, rows, room, padding)

        pane = self.query_one("#tab-players", TabPane)
        pane.set_class(game is not None and bool(records), "-per-game")
        mixed = game is None and any(record.best is None for record in records)
        pane.set_class(mixed, "-mixed")  # a "-" is said under the list (a play-test)
        averages = self.query_one("#records-averages", DataTable)
        if game is None or not records:
            averages.clear(columns=True)
            if mixed:
                self.query_one("#averages-note", Static).update(
                    "-: scores of different games do not compare; type a game in the "
                    "filter (boom, coloma, ...) to see them."
                )
            return
        per_player = [record.category_averages() for record in records]
        seen = {label for row in per_player for label in row}
        labels = list(  # the sheet's order, then any other label seen (none expected); a
            # category no game shown had (Coloma's Hotels without the module) is left out
            dict.fromkeys(
                [
                    *(c.label for c in SHEETS[game].categories if c.label in seen),
                    *(label for row in per_player for label in row),
                ]
            )
        )
        rows = [
            [f"{row[label]:.1f}" if label in row else "-" for label in labels] for row in per_player
        ]
        headers = ["Player", *labels]
        if not _widths(headers, names, rows, room, padding)[1]:
            headers = ["Player", *(short_heading(label) for label in labels)]
        fitted = _fill_fitted(averages, headers, names, rows, room, padding)
        averages.fixed_columns = 0 if fitted else 1  # scrolled sideways: the names stay
        self.query_one("#averages-note", Static).update(
            f"Average points per category, {SHEETS[game].title}:"
        )

    def _fill_duels(self, games: list[FinishedGame], names: list[str]) -> None:
        lines = []
        for first, second in combinations(names, 2):
            duel = head_to_head(games, first, second)
            if duel.together == 0:
                continue
            level = f", level {duel.level}" if duel.level else ""
            lines.append(
                f"{first} vs {second}: {duel.together} game{'s' if duel.together != 1 else ''}"
                f" together; {first} ahead {duel.first_ahead}, {second} ahead "
                f"{duel.second_ahead}{level}"
            )
        self.query_one("#records-duels", Static).update(
            "\n".join(lines) or "No two players have played together yet."
        )

    def _fill_over_time(self, games: list[FinishedGame], game: str | None) -> None:
        """Scores game after game, oldest first; one game's scores only (filter one)."""
        pane = self.query_one("#tab-over-time", TabPane)
        note = self.query_one("#over-time-note", Static)
        if game is None:
            counts = {g: sum(1 for x in games if x.game == g) for g in GAME_IDS}
            game = max(counts, key=lambda g: counts[g]) if games else None
        chosen = [g for g in reversed(games) if g.game == game and g.result is not None]
        shown_legend = self.query_one("#over-time-legend", Static)
        if not chosen:
            note.update("No scores to draw yet.")
            shown_legend.update("")
            for plot in pane.query("LineChart"):
                plot.remove()
            return
        note.update(f"{SHEETS[chosen[0].game].title}: each player's score, game after game.")
        series: dict[str, tuple[list[int], list[int]]] = {}
        for number, finished in enumerate(chosen, start=1):
            assert finished.result is not None
            for standing in finished.result.standings:
                xs, ys = series.setdefault(standing.name, ([], []))
                xs.append(number)
                ys.append(standing.total)
        from screens.widgets.chart import LineChart, legend  # plotext when drawn

        plots = pane.query(LineChart)
        plot = plots.first() if plots else None
        if plot is None:
            plot = LineChart(id="over-time")
            pane.mount(plot, before=shown_legend)
        colours = self._colours()
        plot.show_points("Scores", series, colours, "Game")
        names = list(series)
        shown_legend.update(
            legend(names, [player_colour(self, colours.get(name, "")) for name in names])
        )

    def _colours(self) -> dict[str, str]:
        """Each player's colour as chosen last for a game (the history keeps no colours)."""
        from companion.players import table_memory

        try:
            return {seat.name: seat.colour for seat in table_memory(self.store).players}
        except OSError:
            return {}

    @on(DataTable.RowSelected, "#records-games")
    def _open_game(self, event: DataTable.RowSelected) -> None:
        game = self.shown[int(str(event.row_key.value))]
        # (a deleted game's file was named as if it were there: a play-test)
        kept = bool(game.file) and (self.store.games_dir / game.file).is_file()
        self.app.push_screen(StandingsDialog(game, file_kept=kept))

    def action_rename(self) -> None:
        """Rename the player highlighted in Players (the first one elsewhere)."""
        from screens.rename import RenameDialog

        records = player_records(self.shown)
        if not records:
            self.notify("No players to rename yet.", markup=False)
            return
        table = self.query_one("#records-players", DataTable)
        tabs = self.query_one(TabbedContent)
        if tabs.active != "tab-players":  # whom to rename is chosen there (elsewhere the
            tabs.active = "tab-players"  # first player was taken, unasked: a play-test)
            table.focus()
            self.notify("Highlight the player to rename, then ctrl+e.", markup=False)
            return
        averages = self.query_one("#records-averages", DataTable)
        if averages.has_focus:  # its rows are the same players, in the same order
            table = averages
        old = records[min(max(table.cursor_row, 0), len(records) - 1)].name
        known = [r.name for r in player_records(self.all_games)]
        together = played_with(self.all_games, old)

        def done(new: str | None) -> None:
            if new is None:
                return
            merged = new.casefold() != old.casefold() and new in known
            self.all_games = renamed(self.all_games, {old.casefold(): new})
            self.refresh_records(self.query_one("#records-filter", Input).value)
            if merged:
                self.notify(f"{old}'s games now count as {new}'s.", markup=False)
            else:
                self.notify(f"{old} is shown as {new} in the records.", markup=False)

        self.app.push_screen(RenameDialog(self.store, old, known, together), done)

    def action_tab(self, step: int) -> None:
        tabs = self.query_one("#records-tabs", TabbedContent)
        at = self.TABS.index(tabs.active) if tabs.active in self.TABS else 0
        tabs.active = self.TABS[(at + step) % len(self.TABS)]

    def action_home(self) -> None:
        self.dismiss(None)


GAMES_COLUMNS = ("Finished", "Game", "Players", "Winner", "Scores")
PLAYERS_COLUMNS = ("Player", "Played", "Wins", "Win rate", "Best", "Average", "Last", "Streak")
NAME_FLOOR = 10  # cells: the narrowest the players' names are cut to
GAME_TITLE = max(len(sheet.title) for sheet in SHEETS.values())  # "Boomtown Builders"
FLOORS = {"players": 12, "winner": 10, "scores": 16}  # the narrowest they are cut to
MIN_CUT_NAME = 4  # cells: the fewest a cut last winner keeps ("Bar…"), or "+1" says it


def games_widths(room: int) -> tuple[int, int, int, int, int]:
    """The games' columns in `room` cells (their padding left out): the day and time a
    game finished (the day alone when the room is short of them), its title whole, then
    the players, the winner and the scores share the rest, the scores the most; a long
    cell is cut with an ellipsis (enter shows the game's standings whole). Below the
    narrowest the list scrolls sideways."""
    rest = room - GAME_TITLE
    narrowest = sum(FLOORS.values())
    when = 16 if rest - 16 >= narrowest else 10
    rest -= when
    winner = min(14, max(FLOORS["winner"], rest // 5))
    players = max(FLOORS["players"], (rest - winner) * 2 // 5)
    scores = max(FLOORS["scores"], rest - winner - players)
    return when, GAME_TITLE, players, winner, scores


def cut(text: str) -> Text:
    """A cell shown as typed, ending with an ellipsis where its column cuts it."""
    return Text(text, no_wrap=True, overflow="ellipsis")


def _widths(
    headers: Sequence[str], names: list[str], rows: list[list[str]], room: int, padding: int
) -> tuple[list[int], bool]:
    """The columns' widths in `room` cells (`padding` a column): the figures' their widest
    cell or header, the names' the longest name (or its header) cut to the room left, but
    not below NAME_FLOOR; and whether they fit without scrolling sideways."""
    others = [
        max([cell_len(header), *(cell_len(row[i]) for row in rows)])
        for i, header in enumerate(headers[1:])
    ]
    left = room - sum(others) - padding * len(headers)
    longest = max([cell_len(headers[0]), *(cell_len(name) for name in names)])
    name = min(longest, max(NAME_FLOOR, left))
    return [name, *others], name <= left


def _fill_fitted(
    table: DataTable[Any],
    headers: Sequence[str],
    names: list[str],
    rows: list[list[str]],
    room: int,
    padding: int,
) -> bool:
    """The table's columns made again for these rows (so their widths follow the rows
    shown, not the widest ever shown), a name a row (cut with an ellipsis to fit) and its
    cells; whether it all fits without scrolling sideways."""
    widths, fits = _widths(headers, names, rows, room, padding)
    table.clear(columns=True)
    for header, width in zip(headers, widths, strict=True):
        table.add_column(header, width=width)
    for who, row in zip(names, rows, strict=True):
        table.add_row(cut(who), *row)
    return fits


def winners_cell(names: list[str], width: int) -> Text:
    """The winner(s) in `width` cells, a shared win always seen as shared: every name when
    they fit (the last one cut, if enough of it shows), else as many whole as fit and how
    many more ("Ann & Bo +1"), else the first name cut and how many more
    ("Bartholomew… +1"). Enter shows the standings whole."""
    whole = " & ".join(names) or "?"
    if len(names) < 2 or cell_len(whole) <= width:
        return cut(whole)
    before_last = " & ".join(names[:-1]) + " & "
    if width - cell_len(before_last) >= MIN_CUT_NAME:
        return cut(whole)  # ends inside the last name, with an ellipsis
    for shown in range(len(names) - 1, 0, -1):
        text = " & ".join(names[:shown]) + f" +{len(names) - shown}"
        if cell_len(text) <= width:
            return cut(text)
    more = f" +{len(names) - 1}"
    first = Text(names[0])
    first.truncate(max(1, width - cell_len(more)), overflow="ellipsis")
    return cut(first.plain + more)


def with_players(games: list[FinishedGame], players: list[str]) -> list[FinishedGame]:
    """The games each of these player words starts a name in (`FinishedGame.has`)."""
    return [g for g in games if all(g.has(p) for p in players)]


def read_filter(text: str, games: list[FinishedGame]) -> tuple[str | None, list[str]]:
    """The filter's game (a word that starts a game's id or title) and its player words. A
    word that also starts a player's name is theirs ("bo" finds Bob, not Boomtown: a
    play-test), unless it is the game's whole id or title."""
    game = None
    players = []
    text = text.casefold().replace(",", " ")  # ("bart, chris")
    for kind in GAME_IDS:  # a title of two words, as the list shows it ("boomtown builders"
        title = SHEETS[kind].title.casefold()  # found nothing: a play-test)
        if " " in title and title in " ".join(text.split()):
            game, text = kind, " ".join(text.split()).replace(title, " ")
            break
    for word in text.split():
        matches = [g for g in GAME_IDS if g.startswith(word)] or [
            g for g in GAME_IDS if SHEETS[g].title.casefold().startswith(word)
        ]
        whole = len(matches) == 1 and word in (matches[0], SHEETS[matches[0]].title.casefold())
        if game is None and len(matches) == 1 and (whole or not _starts_a_name(word, games)):
            game = matches[0]
        else:
            players.append(word)
    return game, players


def said_name(word: str, games: list[FinishedGame]) -> str:
    """A player word of the filter as the summary says it: the name it finds when it finds
    one player only (`zo`: Zoë; "1 finished game with zo" left the table guessing whom it
    was: a play-test); else as typed."""
    found: dict[str, str] = {}
    for game in games:
        for name in game.players:
            if starts_name(name, word):
                found.setdefault(name.casefold(), name)
    return next(iter(found.values())) if len(found) == 1 else word


def _starts_a_name(word: str, games: list[FinishedGame]) -> bool:
    return any(g.has(word) for g in games)


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.1f}" if not float(value).is_integer() else f"{value:g}"


class StandingsDialog(Dialog, ModalScreen[None]):
    """A finished game's final standings, with the breakdown and the tie-break figures."""

    CSS_PATH = "records.tcss"
    BINDINGS = [Binding("escape,enter,q", "close", "Close", id="close-standings")]
    HELP_TITLE = "Final standings"
    HELP_TEXT = "The game's final standings as scored from its sheet. **escape** closes."

    def __init__(self, game: FinishedGame, file_kept: bool = True) -> None:
        """`file_kept`: its game file is still saved (deleted from home, its result stays)."""
        super().__init__()
        self.game = game
        self.file_kept = file_kept

    def compose(self) -> ComposeResult:
        """The table never wraps: wider than the screen, it scrolls sideways (the arrows),
        the total right after the name so that it always shows; the sentences under it
        wrap (at 80 columns Coloma's Total and its tie-break rule were cut off: a
        play-test)."""
        game = self.game
        table, sentences = "", f"{game.title}, finished {game.finished}: {game.problem}"
        if game.result is not None and game.spec is not None:
            margin = game.margin()
            how = f" by {margin}" if margin else ""
            if margin == 0 and len(game.winners) == 1:  # ("won." and nothing: a play-test)
                how = " on the tie-break"
            elif len(game.winners) > 1:  # ("won by 800" read as one beating the other)
                how = " jointly" + (f", {margin} ahead of the next" if margin else "")
            table = self._table(self._table_room())
            sentences = "\n".join(
                [
                    *standings_sentences(game.spec, game.result),
                    f"Finished {game.finished.replace('T', ' ')[:16]}; won{how}."
                    + (f" File: {game.file}" if game.file else "")
                    + (
                        "" if self.file_kept or not game.file else " (deleted from the saved games)"
                    ),
                ]
            )
        with VerticalScroll(id="standings-box"):
            yield Static(table, id="standings-text", markup=False)
            yield Static(sentences, id="standings-sentences", markup=False)
            yield Static("escape closes · the arrows scroll", id="standings-hint")

    def _table_room(self) -> int:
        """The cells the table has without scrolling sideways: the screen's less the box's
        border and padding, and a scroll bar."""
        return self.app.size.width - STANDINGS_FRAME

    def _table(self, room: int) -> str:
        game = self.game
        assert game.result is not None and game.spec is not None
        headers, rows = standings_rows(game.spec, game.result)
        headers, rows = totals_first(headers, rows, len(game.spec.categories))
        lines = fitted_lines(headers, rows, room)
        return "\n".join([f"{game.spec.title}: final standings", "", *lines])

    def on_resize(self) -> None:
        if self.game.result is not None and self.game.spec is not None:
            text = self._table(self._table_room())
            self.query_one("#standings-text", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)


#: The standings' box around its table: a thick border and 2 cells of padding each side,
#: and a vertical scroll bar.
STANDINGS_FRAME = 2 * (1 + 2) + 2
#: The most lines a heading of the standings wraps to (then the table scrolls sideways).
HEADING_LINES = 3


def fitted_lines(headers: list[str], rows: list[list[str]], room: int) -> list[str]:
    """The standings' table as lines of text at most `room` cells wide where it can be: the
    headings on one line if they fit, else a long heading wraps between its words, over as
    few lines as make the table fit (at 80 columns Builders' "Investment Cubes on the
    Scoring Track" was cut to "Investme", the rest off the screen); a column is never
    narrower than its widest figure. Wider still (very long names), the table scrolls
    sideways."""
    widest = [max((cell_len(row[i]) for row in rows), default=0) for i in range(len(headers))]
    for most in range(1, HEADING_LINES + 1):
        wrapped = [wrap_heading(h, most, w) for h, w in zip(headers, widest, strict=True)]
        widths = [
            max(w, *(cell_len(line) for line in lines))
            for lines, w in zip(wrapped, widest, strict=True)
        ]
        if sum(widths) + 2 * (len(widths) - 1) <= room:  # (column_lines: two cells apart)
            break
    height = max(len(lines) for lines in wrapped)
    heading_rows = [
        [lines[i] if i < len(lines) else "" for lines in wrapped] for i in range(height)
    ]
    return column_lines([*heading_rows, *rows])


def wrap_heading(heading: str, most: int, floor: int) -> list[str]:
    """`heading` wrapped between its words over at most `most` lines (more only when a word
    is too long to make it), as narrow as that allows but not below `floor` cells."""
    if most <= 1 or " " not in heading.strip():
        return [heading]
    width = max(floor, *(cell_len(word) for word in heading.split()))
    while len(lines := textwrap.wrap(heading, width, break_long_words=False)) > most:
        width += 1
    return lines
