"""The App: the screens registry, the global keys (help, quit) and the command palette."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.constants import DEFAULT_THEME
from textual.reactive import Initialize, Reactive
from textual.screen import Screen
from textual.widget import AwaitMount

if TYPE_CHECKING:
    from companion.first_read import ReadAhead
    from companion.session import GameSession
    from companion.setup import SetupForm

from companion.store import DamagedFile, Store
from screens.dialog import Dialog
from screens.parsed_css import ParsedCss, cache_file
from screens.styles_cache_fix import keep_no_styles_caches
from screens.terminal import CHECK_EVERY, terminal_gone

#: game id -> (module, screen class); a game without its own screen yet gets the tracker
GAME_SCREENS = {
    "boomtown": ("screens.boomtown", "BoomtownScreen"),
    "builders": ("screens.builders", "BuildersScreen"),
    "calamityville": ("screens.calamityville", "CalamityvilleScreen"),
    "coloma": ("screens.coloma", "ColomaScreen"),
}

keep_no_styles_caches()  # (for every app of ours: the display's is a GoldrushApp too)


def game_screen_for(session: GameSession) -> Screen:
    """The screen of a game, imported when first needed (opening a game stays quick)."""
    module, name = GAME_SCREENS[session.rules.id]
    return getattr(import_module(module), name)(session)


class GoldrushApp(App[None]):
    TITLE = "Goldrush Companion"
    # Absolute, so that a subclass defined elsewhere (the benchmarks) finds it too.
    CSS_PATH = Path(__file__).with_name("app.tcss")
    BINDINGS = [
        # priority: a dialog (ModalScreen) cuts the app's other bindings off, and F1 must
        # work in every screen and dialog
        Binding("f1", "help", "Help", id="help", tooltip="Help for this screen", priority=True),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]
    #: the theme last chosen (ctrl+p, Theme), from the start: it was dark again at the next
    #: start (a play-test). Its first value, not a change: no second styling of the app
    theme: Reactive[str] = Reactive(Initialize(lambda app: app._theme_at_start()))

    def __init__(
        self,
        store: Store,
        open_game: str | None = None,
        collector_paused: bool = False,
        first_read: ReadAhead | None = None,
    ) -> None:
        """`first_read`: `open_game` being read meanwhile (companion/first_read.py), taken
        when it is opened."""
        self.store = store  # (first: the theme is read from its settings as Textual starts)
        self._theme_kept: str | None = None  # the theme the settings have
        super().__init__()
        self._first_read = first_read
        # the stylesheets as parsed at an earlier start (screens/parsed_css.py)
        self._parsed_css = ParsedCss(cache_file())
        self._parsed_css.install(self.stylesheet)
        self._open_game = open_game
        self._collector_paused = collector_paused
        self._problems: list[tuple[str, str, Literal["error", "warning"]]] = []
        self._pending_notices: list[str] = []
        #: the game whose screen was left last, for the home screen to highlight
        self.game_left: Path | None = None
        #: the new-game form as it was cancelled, brought back at the next n of this run
        #: (screens/new_game.py); None once a game is started, or when nothing was typed
        self.new_game_draft: SetupForm | None = None

    def _theme_at_start(self) -> str:
        """The theme the settings remember, when it is one of Textual's (else its default).
        The settings are read once: the home screen's look at them after the first frame
        finds them unchanged (`Store.read_settings`)."""
        from textual.theme import BUILTIN_THEMES

        self._theme_kept = self.store.remembered_theme()
        return self._theme_kept if self._theme_kept in BUILTIN_THEMES else DEFAULT_THEME

    def watch_theme(self, theme: str) -> None:
        """Another theme chosen: remembered for the next start. A settings file that cannot
        be written (or is damaged, and kept) leaves the theme switched, and says so."""
        if theme == self._theme_kept:
            return
        try:
            self.store.remember_theme(theme)
        except (DamagedFile, OSError) as error:
            reason = error.reason if isinstance(error, DamagedFile) else error.strerror or error
            self.notify(
                f"The theme is in use but could not be remembered for the next start ({reason}).",
                title="Theme",
                severity="warning",
                markup=False,
            )
            return
        self._theme_kept = theme

    def get_default_screen(self) -> Screen:
        """Home, or straight the game asked for on the command line (no home screen
        composed underneath: pushing a second screen costs time at startup). The home
        screen's module (the saved games' list, its table widget) is imported only when it is
        shown: opening a game does without it."""
        screen: Screen | None = None
        if self._open_game:
            session = self._load(self.store.games_dir / f"{self._open_game}.toml")
            if session is not None:
                self._pending_notices = session.notices
                screen = game_screen_for(session)
                self._snapshot_after_frame(session)
        if screen is None:
            from screens.home import HomeScreen

            screen = HomeScreen(self.store)
        # Textual 8.2 reads a screen's CSS_PATH when the screen is pushed, not for the
        # default screen: without this, `goldrush open ID` drew the game without its styles.
        self._add_screen_css(screen)
        return screen

    def _add_screen_css(self, screen: Screen) -> bool:
        """The default screen's stylesheets, added to the app's to be parsed with them;
        whether any was new.

        Textual's own `_load_screen_css` re-parses every stylesheet at once in a new
        Stylesheet whose parse cache is then dropped, so the app's first frame parsed the
        app's, Textual's and the screen's CSS twice; here they are only added, and parsed
        once (and cached) when the first frame is styled, as the app's own CSS_PATH is."""
        stylesheet = self.stylesheet
        added = False
        for path in screen.css_path:
            if not stylesheet.has_source(str(path), ""):
                stylesheet.read(path)
                added = True
        if screen.CSS:
            screen_path = inspect.getfile(type(screen))
            read_from = (screen_path, f"{type(screen).__name__}.CSS")
            if not stylesheet.has_source(*read_from):
                stylesheet.add_source(
                    screen.CSS,
                    read_from=read_from,
                    is_default_css=False,
                    scope=screen._css_type_name if screen.SCOPED_CSS else "",
                )
                added = True
        return added

    def _load_screen_css(self, screen: Screen) -> None:
        """Textual's, without styling every screen already shown again when a pushed
        screen's stylesheet is first read (~12 ms at each dialog's first opening): each
        .tcss of ours styles only its own screens (every rule is scoped under a screen's
        name; a test checks), whose widgets are styled as they are mounted."""
        if self.css_monitor is not None:
            self.css_monitor.add_paths(screen.css_path)
        if self._add_screen_css(screen):
            self.stylesheet.reparse()  # errors are reported as Textual does

    def on_mount(self) -> None:
        if self._collector_paused:
            self.call_after_refresh(self._resume_collector)
        self.call_after_refresh(self._parsed_css.save)  # what the first frame parsed anew
        self._show_problems()
        for notice in self._pending_notices:
            self.notify(notice, title="On opening", severity="warning", markup=False, timeout=12)
        if not self.is_headless and sys.__stdout__ is not None and sys.__stdout__.isatty():
            self.set_interval(CHECK_EVERY, self._quit_if_terminal_gone)

    async def action_quit(self) -> None:
        """ctrl+q quits at once: every change is saved, and what is typed in the scoring
        wizard is kept beside the game until it is saved in it (the next ctrl+f puts it
        back)."""
        self.exit()

    def on_unmount(self) -> None:
        self._parsed_css.save()  # what later screens and dialogs parsed anew

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot is taken 0.1 s after it is chosen: if the app has ended
        meanwhile there is no screen left to take, and Textual raised an error on the way
        out (found by the random keys)."""
        if not self.is_running or not self.screen_stack:
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def _quit_if_terminal_gone(self) -> None:
        """A terminal gone without a hangup (screens/terminal.py): quit, all is saved."""
        if sys.__stdout__ is not None and terminal_gone(sys.__stdout__.fileno()):
            self.exit()

    def _resume_collector(self) -> None:
        """After the first frame: the cycle collector paused by `goldrush` (see
        `companion.cli._pause_collector`) runs again, and what exists now (the modules,
        styles and screen, nearly all kept as long as the app runs) is left out of its walks
        from now on (`gc.freeze`), so that no later key waits for a walk through all of it."""
        import gc

        self._collector_paused = False
        gc.freeze()
        gc.enable()

    def _show_problems(self) -> None:
        for title, message, severity in self._problems:
            self.notify(message, title=title, severity=severity, markup=False, timeout=12)
        self._problems.clear()

    def _load(self, path: Path) -> GameSession | None:
        """A saved game's session, or None with the problem kept to be shown. The cycle
        collector waits meanwhile: a long game's first read makes hundreds of thousands of
        objects, none of them garbage, and the collector walked them again and again (about
        a fifth of reading 100,000 entries)."""
        import gc

        from companion.session import GameSession

        collecting = gc.isenabled()
        gc.disable()
        try:
            # read meanwhile (companion/first_read.py)
            read = self._first_read.take(path) if self._first_read is not None else None
            return GameSession.open_to_play(self.store, path, snapshot_later=True, read=read)
        except DamagedFile as damaged:
            self._problems.append(
                (
                    "Damaged game file",
                    f"{damaged.path} cannot be opened: {damaged.reason}. It was left as it is.",
                    "error",
                )
            )
        except OSError as error:
            self._problems.append(("Cannot open", f"{path}: {error}", "error"))
        finally:
            if collecting:
                gc.enable()
        return None

    def open_game(self, path: Path) -> None:
        """Open a saved game on its screen; a damaged file is reported, never changed. The
        notices of the game left before go (a "Game over" stayed over the next game opened:
        a play-test)."""
        session = self._load(path)
        if session is None:
            self._show_problems()
            return
        self.clear_notifications()
        self.show_session(session)

    def _snapshot_after_frame(self, session: GameSession) -> None:
        """A game's snapshot (when its opening made one due) is written once its first
        frame is drawn: it only speeds up the next open, so it does not delay this one."""
        if session.snapshot_due:
            self.call_after_refresh(session.save_snapshot_if_due)

    def show_session(self, session: GameSession, first_drawn: bool = False) -> None:
        """A game opened, or just created, shown; `first_drawn`: created with its first
        player drawn by the app, which its screen says (`say_on_opening`: a toast of the
        home screen's covered the game's lower right, at 80x24 the Builders line saying
        what to type next)."""
        session.claim()  # a game just created: its lock (an opened one has it already)
        screen = game_screen_for(session)
        if first_drawn:
            first = session.state.name(session.state.first_player)
            title = getattr(session.rules, "first_player_title", "")
            # (the game's own word, as its form has it, in the sentence: Coloma's notice,
            # titled Sheriff, said "to go first"; and on the line under the field there is
            # no toast's title to give it)
            drew = f"to be the {title}" if title else "to go first"
            screen.say_on_opening(  # type: ignore[attr-defined]
                f"The app drew {first} {drew}.",
                title=title or "First player",
                # with another notice, in fewer words: both fit 80 columns
                short=f"{first} is the {title} (drawn)" if title else f"{first} starts (drawn)",
            )
        self.push_screen(screen)
        self._snapshot_after_frame(session)
        for notice in session.notices:
            self.notify(notice, title="On opening", severity="warning", markup=False, timeout=12)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Push a screen; a dialog of a type already open is not opened a second time (a
        key pressed twice, or a palette command, would stack two copies: see `Dialog`)."""
        if isinstance(screen, Dialog) and any(
            type(open_screen) is type(screen) for open_screen in self.screen_stack
        ):
            return AwaitMount(self.screen, [])
        return super().push_screen(screen, *args, **kwargs)

    def go_home(self) -> None:
        """Back to the home screen. A game opened from the command line has none under it:
        then Home is pushed on top (Textual cannot switch away from the only screen); the
        game screen left below is never returned to, and reopening the game reads its file;
        its lock is given back first (`leave`), so that reopening it here works."""
        leave = getattr(self.screen, "leave", None)
        if leave is not None:
            leave()
        session = getattr(self.screen, "session", None)
        self.game_left = getattr(session, "path", None)
        if len(self.screen_stack) > 1:
            self.pop_screen()
        else:
            from screens.home import HomeScreen

            self.push_screen(HomeScreen(self.store))

    def note_crash(self) -> Path | None:
        """Append the exception being handled to crash.log in the data folder."""
        import traceback
        from datetime import datetime

        path = self.store.root / "crash.log"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
                log.write(traceback.format_exc())
        except OSError:
            return None
        return path

    def _fatal_error(self) -> None:
        """An error nobody caught: one plain sentence instead of a traceback (Textual's
        own exit path, minus the traceback). Every change shown was saved before it was."""
        self._return_code = 1  # `goldrush` exits non-zero: the shell sees that it failed
        where = self.note_crash()
        details = f" The details are in {where}." if where else ""
        self.bell()
        self.panic(
            Text(
                "Goldrush Companion stopped on an unexpected error. Every change you saw is "
                f"saved: start it again to go on.{details}"
            )
        )

    def action_command_palette(self) -> None:
        """ctrl+p: Textual's palette, guarded against keys typed ahead (screens/palette.py)."""
        from screens.palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))

    def search_themes(self) -> None:
        """The palette's "Theme": its list of themes in the guarded palette too."""
        from textual.theme import ThemeProvider

        from screens.palette import Palette

        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def action_help(self) -> None:
        """F1: the help of the screen or dialog on top; a dialog without its own help gets
        the help of the screen it was opened over. F1 again (or escape) closes it."""
        from screens.help import HelpScreen  # Markdown is slow to import: only when asked

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return  # F1 is a priority key: help over the palette would let ctrl+p open a second
        title, text = "Goldrush Companion", ""
        for screen in reversed(self.screen_stack):
            if getattr(screen, "HELP_TEXT", ""):
                title = getattr(screen, "HELP_TITLE", title)
                text = screen.HELP_TEXT  # type: ignore[attr-defined]
                break
        self.push_screen(HelpScreen(title, text))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        palette = getattr(screen, "palette_commands", None)
        if palette is not None:
            yield from palette()
