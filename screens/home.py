"""Home: resume the latest game with one key, start a new one, open or delete saved ones."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static
from textual.widgets.data_table import RowKey

from companion.lock import held_elsewhere
from companion.safe_text import visible
from companion.saved import SavedGame, SavedList, list_saved
from companion.store import DELETE_IN_USE, SETTINGS_KEPT, DamagedFile, SaveError, Store
from screens.styled_once import StyledOnce
from screens.widgets.footer import SteadyFooter
from screens.widgets.row_table import RowTable
from screens.widgets.rows import water_fill

if TYPE_CHECKING:  # a game's session and the setup form only when one is started (startup)
    from companion.session import GameSession
    from companion.setup import SetupForm


def when_played(timestamp: float, now: datetime | None = None) -> str:
    """At most 15 characters: "today 21:30", "yesterday 21:30", then the day alone,
    "22 Oct 2025" (the list must fit 80 columns)."""
    moment = datetime.fromtimestamp(timestamp)
    now = now or datetime.now()
    days = (now.date() - moment.date()).days
    if days == 0:
        return f"today {moment:%H:%M}"
    if days == 1:
        return f"yesterday {moment:%H:%M}"
    return f"{moment.day} {moment:%b %Y}"


#: The saved games' columns; the first three wrap onto more lines when the list is narrower
#: than they are, the date never does.
COLUMNS = ("Game", "Players", "Progress", "Last played")
WRAPPING = (True, True, True, False)


def fitted_widths(
    cells: list[list[str]], width: int, padding: int, scrollbar: int
) -> list[int] | None:
    """Each column's width so that the list fits `width` cells (each cell with `padding`
    on both sides) with a `scrollbar` beside it: None when it fits as it is. The widest
    wrapping columns give way first, down to their longest word (a word is never cut); the
    date keeps its width."""
    natural = [cell_len(label) for label in COLUMNS]
    longest_word = list(natural)
    for row in cells:
        for index, cell in enumerate(row):
            natural[index] = max(natural[index], cell_len(cell))
            words = cell.split() if WRAPPING[index] else [cell]
            longest_word[index] = max([longest_word[index], *(cell_len(word) for word in words)])
    room = width - 2 * padding * len(COLUMNS)
    if sum(natural) <= room - scrollbar:  # (room for a scroll bar kept: with a dozen games
        return None  # it took the date's last cells, and a line to scroll sideways)
    # the date keeps its width; at their narrowest the list scrolls sideways
    floors = [
        word if wraps else width
        for word, width, wraps in zip(longest_word, natural, WRAPPING, strict=True)
    ]
    return water_fill(natural, room - scrollbar, floors)


class HomeScreen(StyledOnce, Screen[None]):
    CSS_PATH = "home.tcss"
    HELP_TITLE = "Home"
    HELP_TEXT = """\
**Goldrush Companion** keeps the books for Boomtown, Coloma, Boomtown Builders and
Calamityville while you play with the real cardboard.

- **r** resumes the most recent unfinished game.
- **n** starts a new game.
- **h** shows the records: every finished game, who wins, by how much, with what.
- **enter** opens the highlighted saved game; **d** deletes it (you are asked first).
- **ctrl+p** opens the command palette; **ctrl+q** quits. Everything is saved as it happens.

Files that cannot be read are listed under *Damaged files* with the reason. The app never
changes or deletes them: move them away, or repair them by hand.
"""
    #: how often (seconds) the games folder is looked at for changes made elsewhere
    LOOK_EVERY = 2.0
    BINDINGS = [
        Binding("r", "resume", "Resume latest", id="resume"),
        Binding("n", "new_game", "New game", id="new-game"),
        Binding("d", "delete", "Delete", id="delete-game"),
        Binding("h", "records", "Records", id="records"),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.saved = SavedList([], [])
        #: the game the new-game dialog made, with whether its first player was drawn
        self._created: tuple[GameSession, bool] | None = None
        self._listed_on_mount = False
        self._settings_damage: DamagedFile | None = None  # (checked after the first frame)
        self._settings_checked = False
        self._widths: list[int] | None = None  # the columns' as made (None: as wide as they are)
        self._columns_made = False
        #: the game files as last listed (name, size, time): see `_notice_changes`
        self._files_listed: frozenset[tuple[str, int, int]] = frozenset()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="resume-hint", markup=False)
        yield Static("Saved games", classes="section-title")
        with Vertical(id="games-area"):  # the rest of the screen: the list scrolls in it
            yield RowTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(
                "No saved games yet. Press n to set up the table "
                "for Boomtown, Coloma, Boomtown Builders or Calamityville.",
                id="empty-hint",
                markup=False,
            )
        yield Static(id="damaged", markup=False)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one("#games", DataTable).focus()
        self.reload()  # before the first frame: it lists the saved games (startup, #16)
        self._listed_on_mount = True
        self.call_after_refresh(self._check_settings)  # (after the list is shown: #16)
        self.set_interval(self.LOOK_EVERY, self._notice_changes)

    def _check_settings(self) -> None:
        """A damaged settings file is listed with the damaged games (it was said only when
        something was saved to it: a play-test)."""
        was, self._settings_checked = self._settings_damage, True
        self._settings_damage = self.store.settings_damage()
        if self._settings_damage is not None or was is not None:
            self._show_hints()

    def on_screen_resume(self) -> None:
        """Back on the home screen (a game left, a dialog closed): the list is read again.
        Also sent when the screen is first shown, just after it was read on mount."""
        if self._listed_on_mount:
            self._listed_on_mount = False
            return
        self.reload()

    def _game_files(self) -> frozenset[tuple[str, int, int]]:
        """Each game file's name, size and time (nothing when the folder cannot be read)."""
        files = set()
        try:
            with os.scandir(self.store.games_dir) as found:
                for item in found:
                    if item.name.endswith(".toml"):
                        info = item.stat()
                        files.add((item.name, info.st_size, info.st_mtime_ns))
        except OSError:  # (a file gone meanwhile too: read again at the next look)
            return frozenset()
        return frozenset(files)

    def _notice_changes(self) -> None:
        """The list read again when a game file changed elsewhere (a restore, another
        window's game, a copied file): it showed the old list until a game was opened (a
        play-test). The highlighted game stays highlighted."""
        if not self.is_current or self._game_files() == self._files_listed:
            return
        self.reload()

    def reload(self) -> None:
        """Read the saved games again (after a game was played, created or deleted). The
        highlighted game stays highlighted (Keep in the delete dialog put the highlight back
        on the first game, and the next d offered another one: a play-test), or the game
        just left; a deleted one's row goes to the game after it."""
        table = self.query_one("#games", DataTable)
        key: RowKey | str | None = None
        row = table.cursor_row
        if table.row_count:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        # the game just played is highlighted (d offered to delete the game highlighted
        # before it: a play-test)
        left = getattr(self.app, "game_left", None)
        if left is not None:
            key, self.app.game_left = str(left), None  # type: ignore[attr-defined]
        self._files_listed = self._game_files()
        self.saved = list_saved(self.store)
        self._fill_table(force=True)
        if key is not None and key in table.rows:
            table.move_cursor(row=table.get_row_index(key))
        elif table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self._show_hints()
        if self._settings_checked:  # again on coming back (mended meanwhile: a play-test)
            self.call_after_refresh(self._check_settings)

    def on_resize(self) -> None:
        self._fill_table()

    def _fill_table(self, force: bool = False) -> None:
        """The saved games, one a row; narrower than the list needs (80 columns), the
        players and the progress wrap onto more lines instead of being cut off."""
        cells = [
            [game.title, game.names, game.progress, when_played(game.modified)]
            for game in self.saved.games
        ]
        table = self.query_one("#games", DataTable)
        outer = table.styles.margin.width  # the list's width is the screen's less its margin
        widths = fitted_widths(
            cells,
            self.app.size.width - outer,
            table.cell_padding,
            table.styles.scrollbar_size_vertical,
        )
        new_columns = not self._columns_made or widths != self._widths
        if not (new_columns or force):
            return
        row = table.cursor_row
        table.clear(columns=new_columns)
        if new_columns:
            for index, label in enumerate(COLUMNS):
                table.add_column(label, width=None if widths is None else widths[index])
            self._widths, self._columns_made = widths, True
        for game, (title, names, progress, played) in zip(self.saved.games, cells, strict=True):
            table.add_row(
                title,
                Text(names),  # a player's name is shown as typed
                progress,
                played,
                key=str(game.path),
                height=1 if widths is None else None,
            )
        if not force and table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def _show_hints(self) -> None:
        latest = self.saved.latest_unfinished()
        hint = self.query_one("#resume-hint", Static)
        if latest is None:
            hint.update("Press n to start a new game.")
        else:
            hint.update(
                Text.assemble(
                    ("r", "bold"),
                    "  resume ",
                    (latest.title, "bold"),
                    f" with {latest.names} ({latest.progress})",
                )
            )
        self.query_one("#empty-hint").display = not self.saved.games
        damaged = self.query_one("#damaged", Static)
        files = list(self.saved.damaged)
        if self._settings_damage is not None:
            settings = self._settings_damage
            files.append(DamagedFile(settings.path, f"{settings.reason} ({SETTINGS_KEPT})"))
        damaged.display = bool(files)
        # (more than a short screen's box shows: `goldrush list` has them all)
        every = "; goldrush list lists every one" if len(files) > 2 else ""
        lines = Text(
            f"{len(files)} damaged file{'s' if len(files) != 1 else ''} (left as they are; "
            "the app never changes "
            f"them{every}):\n",
            style="bold",
        )
        for file in files:
            lines.append(f"  {visible(str(file.path))}\n      {visible(file.reason)}\n")
        damaged.update(lines)

    def _highlighted(self) -> SavedGame | None:
        table = self.query_one("#games", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((game for game in self.saved.games if str(game.path) == key), None)

    # -- actions --------------------------------------------------------------

    def action_resume(self) -> None:
        latest = self.saved.latest_unfinished()
        if latest is None:
            self.notify("No unfinished game to resume. Press n to start one.", markup=False)
            return
        self.app.open_game(latest.path)  # type: ignore[attr-defined]

    @on(DataTable.RowSelected, "#games")
    def _open_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            self.app.open_game(Path(event.row_key.value))  # type: ignore[attr-defined]

    def action_records(self) -> None:
        from screens.records import RecordsScreen  # only when asked for

        self.app.push_screen(RecordsScreen(self.store))

    def action_new_game(self) -> None:
        from screens.new_game import NewGameScreen

        self._created = None
        dialog = NewGameScreen(
            create=self._try_create,
            draft=getattr(self.app, "new_game_draft", None),
            keep=self._keep_draft,
        )
        self.app.push_screen(dialog, self._create_game)

    def _keep_draft(self, form: SetupForm | None) -> None:
        """The new-game form as it was cancelled, for the next n (None: a fresh one)."""
        self.app.new_game_draft = form  # type: ignore[attr-defined]

    def _try_create(self, form: SetupForm) -> str | None:
        """Make the game's file; why it could not be made, or None."""
        from companion.session import GameSession
        from companion.setup import build_header

        header, drawn = build_header(form)
        try:
            self._created = (GameSession.create(self.store, header), drawn)
        except SaveError as error:
            return error.sentence
        except OSError as error:
            return f"The new game could not be saved ({error.strerror or error})."
        return None

    def _create_game(self, form: SetupForm | None) -> None:
        if form is None or self._created is None:
            return
        session, drawn = self._created
        self._created = None
        self.app.show_session(session, first_drawn=drawn)  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        game = self._highlighted()
        if game is None:
            self.notify("No saved game is highlighted.", markup=False)
            return
        if held_elsewhere(game.path):  # said before asking (the deletion checks it again)
            self.notify(DELETE_IN_USE, title="Not deleted", severity="warning", markup=False)
            return
        question = (
            f"Delete the saved game of {game.title} with {game.names} ({game.progress})? "
            "This cannot be undone."
            # (a table deleting a finished game wondered where its result went: a play-test)
            + (" Its result stays in Records (h)." if game.finished else "")
        )

        from screens.confirm import ConfirmDialog

        def delete(confirmed: bool | None) -> None:
            if confirmed:
                try:
                    self.store.delete_game(game.path)
                except SaveError as error:
                    self.notify(error.sentence, title="Not deleted", severity="error", markup=False)
                    return
                self.notify(f"Deleted {game.title} with {game.names}.", markup=False)
                self.reload()

        self.app.push_screen(ConfirmDialog(question, yes="Delete", no="Keep"), delete)

    def palette_commands(self) -> list[SystemCommand]:
        return [
            SystemCommand("Game: New game", "Set up a new game", self.action_new_game),
            SystemCommand(
                "Game: Resume latest", "Open the most recent unfinished game", self.action_resume
            ),
            SystemCommand(
                "Game: Delete saved game", "Delete the highlighted saved game", self.action_delete
            ),
        ]
