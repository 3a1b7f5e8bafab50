"""A yes/no question; dismisses True only for an explicit yes.

One key answers it (y or n), so a question that comes up after enter could be answered by
the next command's letters, typed on without looking: "yuki gold +5" said yes with its y,
"ned ..." said no and sent "ed ..." to the command field (a play-test noticed letters typed
as a command's answering it). Keys that come within a second of the question, or within a
second and a half of another key that was no answer, are taken as typing that went on: the
question says so and waits for a key pressed on its own. Escape always answers no.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from screens.dialog import Dialog


class ConfirmDialog(Dialog, ModalScreen[bool]):
    CSS_PATH = "confirm.tcss"
    HELP_TITLE = "A question"
    HELP_TEXT = """\
The app asks before doing something that cannot be taken back with one key, or that the
rules do not expect yet.

- **y** answers yes (the left button).
- **n** or **escape** answers no: nothing changes.
- **tab** moves between the buttons, **enter** presses the one with the focus (no, at first).
- Keys typed on as the question comes up (the next command's letters, typed without
  looking) answer nothing: read the question, then press y or n.
"""
    BINDINGS = [
        Binding("y", "typed_answer(True)", "Yes", id="confirm-yes"),
        Binding("n", "typed_answer(False)", "No", id="confirm-no"),
        Binding("escape", "answer(False)", "No", id="confirm-escape", show=False),
    ]
    #: its answers run in their turn among the keys typed (screens/dialog.py): typed on
    #: after a y that opens a dialog (ctrl+f's wizard), keys go to that dialog
    KEYS_IN_TURN = ("escape", "y", "n")
    #: seconds after the question appears during which a key is taken as typing that went
    #: on rather than as an answer (a person reads the question first: that takes longer)
    TYPED_ON = 1.0
    #: once a key was taken so, the pause that must come before an answer: a slow typist's
    #: next command ("cy gold +1", a key each 0.6 s) answered with its y (a play-test)
    PAUSE_AFTER_TYPING = 1.5
    #: the clock those seconds are read from (tests give their own)
    clock: Callable[[], float] = staticmethod(time.monotonic)
    #: the keys that answer, pressed on their own (enter and space press a button)
    ANSWER_KEYS: tuple[str, ...] = ("y", "n", "enter", "space")

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self._question, self._yes, self._no = question, yes, no
        # the footer says the buttons' words: "y Yes  n No" stood under "Delete (y)" and
        # "Keep (n)" (a play-test); this question's own bindings, the class's left as they are
        words = {"confirm-yes": yes, "confirm-no": no, "confirm-escape": no, **self._words()}
        self._bindings = BindingsMap.from_keys(
            {
                key: [
                    replace(bound, description=words.get(bound.id or "", bound.description))
                    for bound in bindings
                ]
                for key, bindings in self._bindings.key_to_bindings.items()
            }
        )
        # when the question came up, then each key that was no answer: from its making, not
        # its mounting (a `y` typed with the `d` that asked reached it before it was
        # mounted, and deleted a game unasked: a play-test)
        self._last_key = self.clock()
        self._typing_seen = False  # a key was taken as typing that went on

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self._question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield from self._buttons()
            note = Static("", id="confirm-typed-on", markup=False)
            note.display = False  # (no room taken until it is needed)
            yield note

    def _words(self) -> dict[str, str]:
        """The footer's words of more answers than yes and no, by their bindings' ids."""
        return {}

    def _buttons(self) -> list[Button]:
        """A button for each answer, no last (it has the focus)."""
        return [
            Button(f"{self._yes} (y)", id="yes", variant="error"),
            Button(f"{self._no} (n)", id="no", variant="primary"),
        ]

    def _keys_said(self) -> str:
        """The answers' keys, as the note on keys typed on names them."""
        return f"y ({self._yes}) or n ({self._no})"

    def on_mount(self) -> None:
        self.set_focus(self.query_one("#no", Button))  # (at once: keys typed ahead follow)
        self._last_key = self.clock()

    def on_key(self, event: events.Key) -> None:
        """A key typed on from a command (too soon after the question, or after other
        letters) answers nothing and presses no button; the question says why."""
        if event.key == "escape":
            return
        typed = event.is_printable or event.key in ("enter", "space")
        if typed and self._typed_on(event.key):
            event.stop()
            event.prevent_default()

    def _typed_on(self, key: str) -> bool:
        """True, and the question says why, when `key` is typing that went on: too soon
        after the question or after other letters, or a letter that is no answer."""
        now = self.clock()
        pause = self.PAUSE_AFTER_TYPING if self._typing_seen else self.TYPED_ON
        if now - self._last_key >= pause and key in self.ANSWER_KEYS:
            return False
        self._last_key, self._typing_seen = now, True
        self.call_after_refresh(self._say_typed_on)  # (composed by then)
        return True

    def _say_typed_on(self) -> None:
        """Called after the next refresh, by when the question may be answered already (its
        answer typed in the same burst, escape say): its note gone with it, there is nothing
        to say (a run of keys typed ahead stopped the app on NoMatches)."""
        notes = self.query("#confirm-typed-on").results(Static)
        note = next(iter(notes), None)
        if note is None:
            return
        note.update(
            "Keys typed as the question came up answer nothing. Read it, then press "
            f"{self._keys_said()}."
        )
        note.display = True

    def action_typed_answer(self, answer: bool) -> None:
        """y or n answers only when pressed on its own: a key that came in the same burst
        as the one that asked reached this binding before the question was mounted, past
        `on_key` (`dy` deleted a game unasked: a play-test)."""
        if not self._typed_on("y" if answer else "n"):
            self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ChoiceDialog(ConfirmDialog):
    """A question with two answers that do something, y and a (another), and no (n or
    escape), each pressed on its own as in `ConfirmDialog`: "Was it the card read, or a new
    card?" (a yes/no question counted a new card where the table meant the one read: a
    play-test). Dismisses True for y, `ANOTHER` for a, False for no."""

    HELP_TEXT = """\
The app asks which of two things happened at the table, or whether neither did yet.

- **y** answers the first (the left button), **a** the other one.
- **n** or **escape** answers not yet: nothing changes.
- **tab** moves between the buttons, **enter** presses the one with the focus (no, at first).
- Keys typed on as the question comes up (the next command's letters, typed without
  looking) answer nothing: read the question, then press y, a or n.
"""
    ANOTHER = "another"
    BINDINGS = [Binding("a", f"typed_answer('{ANOTHER}')", "Another", id="confirm-another")]
    KEYS_IN_TURN = ("escape", "y", "a", "n")
    ANSWER_KEYS = ("y", "a", "n", "enter", "space")

    def __init__(self, question: str, yes: str, another: str, no: str = "No") -> None:
        self._another = another  # (read by the footer's words, in ConfirmDialog.__init__)
        super().__init__(question, yes=yes, no=no)
        keys = self._bindings.key_to_bindings  # the footer in the buttons' order: y a n
        order = ["y", "a"]
        self._bindings = BindingsMap.from_keys(
            {key: keys[key] for key in order if key in keys}
            | {key: bound for key, bound in keys.items() if key not in order}
        )

    def _words(self) -> dict[str, str]:
        return {"confirm-another": self._another}

    def _buttons(self) -> list[Button]:
        yes, no = super()._buttons()
        return [yes, Button(f"{self._another} (a)", id=self.ANOTHER, variant="warning"), no]

    def _keys_said(self) -> str:
        return f"y ({self._yes}), a ({self._another}) or n ({self._no})"

    def action_typed_answer(self, answer: bool | str) -> None:  # type: ignore[override]
        key = "a" if answer == self.ANOTHER else "y" if answer else "n"
        if not self._typed_on(key):
            self.dismiss(answer)  # type: ignore[arg-type]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == self.ANOTHER:
            self.dismiss(self.ANOTHER)  # type: ignore[arg-type]
            return
        super().on_button_pressed(event)
