"""The App: the screens registry, the global keys (help, quit) and the command palette."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from companion.session import GameSession
from companion.store import DamagedFile, Store
from screens.help import HelpScreen
from screens.home import HomeScreen


def game_screen_for(session: GameSession) -> Screen:
    """The screen of a game, by its id (one module per game as each screen lands)."""
    from screens.tracker import TrackerScreen

    registry: dict[str, type[Screen]] = {}
    return registry.get(session.rules.id, TrackerScreen)(session)


class GoldrushApp(App[None]):
    TITLE = "Goldrush Companion"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", tooltip="Help for this screen"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    def __init__(self, store: Store, open_game: str | None = None) -> None:
        super().__init__()
        self.store = store
        self._open_game = open_game

    def on_mount(self) -> None:
        self.push_screen(HomeScreen(self.store))
        if self._open_game:
            self.open_game(self.store.games_dir / f"{self._open_game}.toml")

    def open_game(self, path: Path) -> None:
        """Open a saved game on its screen; a damaged file is reported, never changed."""
        try:
            session = GameSession.open(self.store, path)
        except DamagedFile as damaged:
            self.notify(
                f"{damaged.path} cannot be opened: {damaged.reason}. It was left as it is.",
                title="Damaged game file",
                severity="error",
                markup=False,
                timeout=10,
            )
            return
        except OSError as error:
            self.notify(f"{path}: {error}", title="Cannot open", severity="error", markup=False)
            return
        self.show_session(session)

    def show_session(self, session: GameSession) -> None:
        self.push_screen(game_screen_for(session))
        for notice in session.notices:
            self.notify(notice, title="Restored", severity="warning", markup=False, timeout=12)

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        title = getattr(self.screen, "HELP_TITLE", "Goldrush Companion")
        text = getattr(self.screen, "HELP_TEXT", "")
        self.push_screen(HelpScreen(title, text))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        palette = getattr(screen, "palette_commands", None)
        if palette is not None:
            yield from palette()
