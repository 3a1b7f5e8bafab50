"""Rename a player in the records (finished games); the history is not rewritten."""

from __future__ import annotations

from collections.abc import Collection

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from companion.renames import MergeAsked, RenameError, rename_player
from companion.store import DamagedFile, Store
from screens.dialog import Dialog
from screens.widgets.no_scroll import SteadyInput
from screens.widgets.shown import say


class RenameDialog(Dialog, ModalScreen[str | None]):
    """Returns the new name once saved, or None when cancelled."""

    CSS_PATH = "rename.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel-rename")]
    HELP_TITLE = "Rename a player"
    HELP_TEXT = """\
The new name is shown in the records and among the players offered for a new game. The game
files (the saved games listed at home, and a game opened) and the history keep what was typed
then (nothing is rewritten), so a rename can be changed again; in a game still being played,
ctrl+o corrects a name. Names compare without case.

A name already another player's merges the two (for a name misspelt at a table: Cyd for
Cy): the dialog says so, and a second **enter** merges. Two players who sat at the same game
are never merged.

- **enter** renames; **escape** cancels.
"""

    def __init__(
        self, store: Store, old: str, known: list[str], together: Collection[str] = ()
    ) -> None:
        """`together`: the players who sat at a game with `old` (never merged with them)."""
        super().__init__()
        self.store, self.old, self.known, self.together = store, old, known, together
        self._merge_asked: str | None = None  # the name a second enter merges into

    def compose(self) -> ComposeResult:
        with Vertical(id="rename-box"):
            yield Static(f"Rename {self.old} in the records", id="rename-title", markup=False)
            yield SteadyInput(self.old, id="rename-name", placeholder="the new name")
            yield Static("", id="rename-error", classes="error", markup=False)
            yield Static("enter renames · escape cancels", id="rename-hint")

    @on(Input.Changed, "#rename-name")
    def _typed(self) -> None:
        """A refusal goes as soon as the name is changed (checked again at enter); so does
        a merge asked for another name."""
        say(self.query_one("#rename-error", Static), "")
        self._merge_asked = None

    @on(Input.Submitted, "#rename-name")
    def _rename(self, event: Input.Submitted) -> None:
        error = self.query_one("#rename-error", Static)
        typed = " ".join(event.value.split()).casefold()
        try:
            new = rename_player(
                self.store,
                self.old,
                event.value,
                self.known,
                together=self.together,
                merge=typed == self._merge_asked,
            )
        except MergeAsked as question:
            self._merge_asked = typed
            error.update(str(question))
            return
        except RenameError as problem:
            error.update(str(problem))
            return
        except DamagedFile as damaged:
            error.update(f"{damaged.path} cannot be read ({damaged.reason}); it is kept as it is.")
            return
        except OSError as problem:
            error.update(f"The rename was not saved: {problem.strerror or problem}")
            return
        self.dismiss(new)

    def action_cancel(self) -> None:
        self.dismiss(None)
