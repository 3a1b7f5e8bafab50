"""The command field every game screen types into: completion as you type, history on up/down.

Completion is Textual's own suggester: the screen lists the words its commands take (command
names, player names, towns, mines) and the field offers the first one that starts with the
word being typed, greyed after the cursor. Right arrow or Tab takes it. Up and down walk the
commands done before in this window, as a shell does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets.input import Selection

from screens.widgets.no_scroll import SteadyInput

HISTORY = 100  # commands kept for up/down in one window


class WordSuggester(Suggester):
    """Completes the last word typed from the words `words(value)` gives for what is typed
    (asked afresh each time, so a new mine or a renamed player is offered at once)."""

    def __init__(self, words: Callable[[str], Iterable[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self._words = words

    async def get_suggestion(self, value: str) -> str | None:
        return self.suggestion_now(value)

    def suggestion_now(self, value: str) -> str | None:
        """The completion of `value`, worked out at once (tab: `CompletingInput`)."""
        return complete(value, self._words(value))


def complete(value: str, words: Iterable[str]) -> str | None:
    """`value` with its last word completed: the first word that starts with it (case
    ignored; a word of several parts, like "San Narciso", is offered whole). None when
    nothing longer fits, when the value ends in a space, or when its last word is a word
    already."""
    if not value or value.endswith(" "):
        return None
    lowered = value.lower()
    words = list(words)
    last = lowered[_word_starts(value)[-1] :]
    if any(word.lower() == last for word in words):  # a word typed whole is not lengthened
        return None  # (Bo, a player, became "bonus" at a tab: a play-test)
    # the longest tail typed that a word starts with: "pick san n" → "San Narciso"; after
    # the command's word, two words that fit it alike are not guessed between (`to b`
    # offered Bianca, not Bo: a play-test took the offer with tab); the command's own word
    # is the first that fits (`pa`: pay), in the order the screen gives them
    for start in _word_starts(value):
        typed = lowered[start:]
        fits = {word.lower(): word for word in words if word and word.lower().startswith(typed)}
        longer = [word for key, word in fits.items() if len(word) > len(typed)]
        if longer:
            return value[:start] + longer[0] if len(longer) == 1 or start == 0 else None
    return None


def _word_starts(value: str) -> list[int]:
    """Where each word of `value` starts, first word first (so a longer match wins)."""
    starts = [0]
    starts += [index + 1 for index, char in enumerate(value) if char == " "]
    return starts


class CompletingInput(SteadyInput):
    """A field whose greyed completion tab takes (as the command field's), then moves on:
    Textual's tab moved on and dropped it, and enter kept "Zo" for "Zoë" (a play-test)."""

    BINDINGS = [Binding("tab", "complete", "Complete", show=False)]

    def action_complete(self) -> None:
        """Tab takes the offered completion; with none, it moves on as Tab always does.
        The completion is worked out at the tab when the suggester can (the greyed one
        comes a moment after the keys: `pay a` tab sent at once took nothing, a
        play-test)."""
        now = getattr(self.suggester, "suggestion_now", None)
        suggestion = now(self.value) if now is not None else self._suggestion
        if suggestion and suggestion != self.value:
            self.value = suggestion
            self.cursor_position = len(self.value)
        else:
            self.screen.focus_next()


class CommandField(CompletingInput):
    """The game's command field. `words` gives what to complete what is typed with;
    `remember` is called with each command done, for up/down."""

    BINDINGS = [
        Binding("up", "history(-1)", "Earlier command", show=False),
        Binding("down", "history(1)", "Later command", show=False),
        # the whole field, as F1 says (Input's ctrl+u deletes only what is left of the
        # cursor: after an arrow, `cm 6` typed on gave `cm 6cm 66`, a play-test)
        Binding("ctrl+u", "empty", "Empty the field", show=False),
    ]

    def __init__(self, words: Callable[[str], Iterable[str]], **kwargs: object) -> None:
        # Focus leaves the text and its selection as they are: a refused command is selected
        # by `keep` itself. Selecting all on focus selected a key typed while the log was
        # shown instead of the game (the focus came after the key), so the next key
        # replaced it; and what was half typed before a dialog, selected when it closed,
        # went at the next key (a play-test).
        kwargs.setdefault("select_on_focus", False)
        super().__init__(suggester=WordSuggester(self._words_for(words)), **kwargs)  # type: ignore[arg-type]
        self._handed = ""  # the front of the field handed to the screen, not yet done
        self.history: list[str] = []
        self._walk: int | None = None  # where up/down is in `history`; None: at the end
        self._draft = ""  # what was typed before walking the history
        self._kept: str | None = None  # a refused command left in the field, selected

    class PastedFirstLine(Message):
        """A paste of several commands: only the first was put in the field."""

        def __init__(self, left_out: int) -> None:
            super().__init__()
            self.left_out = left_out

    def pasted_more(self, left_out: int) -> None:
        """The screen says it beside the field: one command at a time."""
        self.post_message(self.PastedFirstLine(left_out))

    async def _own_key(self, event: events.Key) -> None:
        """Enter is handled here, in its turn among the keys sent to the field. (Input's
        own enter is a binding, which runs once the key has bubbled up to the app: keys
        typed after it were inserted first, and a quick typist's next command was glued to
        this one, then cleared with it.) Keys typed on after a move (ctrl+o's dialog) never
        come here: `SteadyInput._on_key` passes them on."""
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self._hand_over()
            return
        await super()._own_key(event)

    def action_empty(self) -> None:
        self.value = ""

    async def action_submit(self) -> None:
        self._hand_over()

    def _hand_over(self) -> None:
        """The command (what was typed since the last one handed over) goes to the screen.
        The field keeps showing it until the screen has done it, so that the game's change
        and the emptied field are drawn in one frame; keys typed meanwhile follow it in the
        field and start the next command (`take`)."""
        value = self.value
        command = value[len(self._handed) :] if value.startswith(self._handed) else value
        self._handed = value
        result = self.validate(command) if "submitted" in self.validate_on else None
        submitted = self.Submitted(self, command, result)
        # done now, in its turn among the keys typed, when the screen takes it so: posted, it
        # reached the screen after a ctrl+z typed behind it, which undid the change before
        # (a play-test)
        in_turn = getattr(self.screen, "command_in_turn", None)
        if in_turn is not None:
            in_turn(submitted)
        else:
            self.post_message(submitted)

    def take(self, command: str) -> None:
        """The screen has done `command` (or refused it while more was typed since): it
        leaves the field, and what was typed after it stays."""
        self._release(command)
        if self.value.startswith(command):
            self.value = self.value[len(command) :]
            self.cursor_position = len(self.value)

    def keep(self, command: str, select: bool = False) -> None:
        """A command was refused (or waits for a dialog): it stays in the field to be put
        right, unless more was typed since (then it goes, as `take`). A refused one stays
        selected (`select`): the next command typed replaces it instead of being added to
        its end (a table typed `zzz`, enter, `event` and got `zzzevent`); an arrow key or
        a click puts the cursor in it to correct it."""
        if self.value != command:
            self.take(command)
            return
        self._release(command)
        if select and command:
            self.selection = Selection(0, len(command))
            self._kept = command
            # no greyed completion while it stays as it was (after a refused `t`, Builders
            # kept offering "Tower" in the field: a play-test); typed in, it offers again
            self._suggestion = ""

    def _words_for(self, words: Callable[[str], Iterable[str]]) -> Callable[[str], Iterable[str]]:
        """`words`, but none for a refused command left in the field untouched (`_kept`);
        once the field is typed in, it is the player's again (typed back as it was, it is
        offered again, and a change of the game no longer takes it away)."""

        def given(value: str) -> Iterable[str]:
            if value == self._kept:
                return ()
            self._kept = None
            return words(value)

        return given

    def drop_kept(self) -> None:
        """The game changed another way (a key like ctrl+n, a dialog, an undo): a command
        refused before and still in the field, untouched, goes. It waited for a stray
        enter to run it minutes later (a play-test: `gold`, refused, ran after the Boom
        cards were read with ctrl+n)."""
        if self._kept is not None and self.value == self._kept:
            self.remember(self.value)  # up brings it back (it was gone for good: a play-test)
            self.value = ""
        self._kept = None

    def _release(self, command: str) -> None:
        if self._handed.startswith(command):
            self._handed = self._handed[len(command) :]
        else:
            self._handed = ""

    def remember(self, command: str) -> None:
        """A command was done: keep it for up/down (not twice in a row)."""
        if command and (not self.history or self.history[-1] != command):
            self.history.append(command)
            del self.history[:-HISTORY]
        self._walk = None

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        if self._walk is None:
            if step > 0:
                return
            self._draft = self.value
            self._walk = len(self.history)
        self._walk = max(0, self._walk + step)
        if self._walk >= len(self.history):
            self._walk = None
            self.value = self._draft
        else:
            self.value = self.history[self._walk]
        self.cursor_position = len(self.value)
