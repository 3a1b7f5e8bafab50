"""Start an app headless and exit right after its first frame (run as a subprocess).

python benchmarks/first_frame.py bare
python benchmarks/first_frame.py home DATA_DIR
python benchmarks/first_frame.py open DATA_DIR GAME_ID
"""

from __future__ import annotations

import sys
from pathlib import Path


def bare() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Label

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield Label("Goldrush Companion")
            yield Footer()

        def on_mount(self) -> None:
            self.call_after_refresh(self.exit)

    app = Bare()
    app.run(headless=True, size=(120, 40))
    sys.exit(app.return_code or 0)


def ours(data_dir: str, game_id: str | None) -> None:
    from companion.games import GAMES
    from companion.store import Store
    from screens.app import GoldrushApp

    class FirstFrame(GoldrushApp):
        """Exits after the first frame: of the home screen, or of the game opened."""

        def on_mount(self) -> None:
            # Textual runs GoldrushApp.on_mount itself, right after this one.
            self.call_after_refresh(self.exit)

    app = FirstFrame(Store(Path(data_dir), GAMES), open_game=game_id)
    app.run(headless=True, size=(120, 40))
    sys.exit(app.return_code or 0)


if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "bare":
        bare()
    else:
        ours(sys.argv[2], sys.argv[3] if kind == "open" else None)
