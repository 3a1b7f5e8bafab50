"""The correction dialog: set any number or holding the screen shows, with a reason.

The cardboard wins. What can be corrected comes from the rules (`Rules.corrections`); the
entry is saved by the screen's `save` callback while the dialog is still open, so a refusal
or a failed save is said beside the fields and nothing typed is lost."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.validation import ValidationResult, Validator
from textual.widgets import Button, Input, Select, Static

from companion.amounts import AmountError
from companion.games import RuleError
from companion.journal import Entry
from companion.session import GameSession
from screens.dialog import Dialog
from screens.widgets.no_scroll import InTurnInput
from screens.widgets.select import TableSelect
from screens.widgets.shown import say


class RulesCheck(Validator):
    """The New value checked by the rules at every key, as Textual's validators check an
    Input: `abc` or `-999` was refused only once Record was pressed (a play-test). An empty
    value, or a sign alone (`+5` and `-3` begin so), is not refused while it is typed."""

    def __init__(self, problem: Callable[[str], str | None]) -> None:
        super().__init__()
        self.problem = problem

    def validate(self, value: str) -> ValidationResult:
        if value.strip() in ("", "+", "-"):
            return self.success()
        problem = self.problem(value)
        return self.failure(problem) if problem else self.success()


class CorrectionDialog(Dialog, ModalScreen[Entry | None]):
    """Returns the correction entry once saved, or None when cancelled. `save` writes the
    entry and returns why it could not (or None): then the dialog stays, with what was typed."""

    CSS_PATH = "correction.tcss"
    HELP_TITLE = "Correct what the screen shows"
    HELP_TEXT = """\
The cardboard wins: when a number or a holding on the screen is not what the table shows,
set it here. The correction is an entry of the game, with its reason, like any other change
(**ctrl+z** undoes it).

- **What**: the number or holding to correct, or a player's name (misspelt at setup: the
  list ends with the names). The dialog starts at the selected player's first one. Tab to
  it, **enter** opens the list; type the first letters of a name to jump there (e.g. `bo`
  for Bo's numbers; a number typed there jumps nowhere), **enter** takes it. Another one
  taken clears the new value typed for the one before (the reason stays).
- **New value**: what the cardboard shows; the line above it says what to type (`12` sets
  it, `+5` adds, `-3` takes away for a number). A value the rules refuse is said beside it
  as it is typed; one they take that disagrees with something else the screen shows or
  the rules (Boomtown Builders: a round and the Track Tokens placed; Calamityville: a
  sixth property) is noted there, and recorded all the same. **enter** goes to the reason.
- **Why**: a few words (e.g. "counted again"). **enter** or **ctrl+s** records it.
- **escape** closes without correcting anything.

A value the rules refuse, or a save that fails, is said beside the field; what you typed
stays, so you can fix it and record again.
"""
    BINDINGS = [
        Binding("tab", "tab_on", "Next field", show=False),
        Binding("ctrl+s", "record", "Record", id="record-correction"),
        Binding("escape", "cancel", "Cancel", id="cancel-correction"),
    ]

    def __init__(
        self,
        session: GameSession,
        seat: int = 0,
        save: Callable[[Entry], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.save = save
        rules, state = session.rules, session.state
        fixes = [*rules.corrections(state), *rules.name_corrections(state)]
        self.fixes = {fix.key: fix for fix in fixes}

    def compose(self) -> ComposeResult:
        choices = [(Text(fix.label), fix.key) for fix in self.fixes.values()]
        first = next(
            (fix.key for fix in self.fixes.values() if fix.seat == self.seat),
            next(iter(self.fixes), None),
        )
        self._what = first
        with Vertical(id="correction-box"):
            yield Static("Correct what the screen shows (F1: help)", id="correction-title")
            with Horizontal(classes="line"):
                yield Static("What", classes="label")
                yield TableSelect(
                    choices,
                    value=first,
                    allow_blank=False,
                    id="what",
                    compact=True,
                    type_to_search=True,
                    search_by_number=False,
                )
            yield Static(self._hint(first), id="value-label", classes="hint", markup=False)
            with Horizontal(classes="line"):
                yield Static("New value", classes="label")
                yield InTurnInput(
                    id="value",
                    placeholder="as the line above says",
                    compact=True,
                    validators=[RulesCheck(self._typed_value_problem)],
                    validate_on=["changed"],
                )
            yield Static("", id="error-value", classes="error", markup=False)
            with Horizontal(classes="line"):
                yield Static("Why", classes="label")
                yield InTurnInput(
                    id="reason", placeholder="type the reason, e.g. miscounted", compact=True
                )
            yield Static("", id="error-reason", classes="error", markup=False)
            with Horizontal(id="correction-buttons"):
                yield Button("Record (ctrl+s)", id="record", variant="warning", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def _hint(self, key: object) -> str:
        fix = self.fixes.get(str(key))
        return fix.hint if fix else ""

    def on_mount(self) -> None:
        # the focus at once: keys typed ahead are handed to it in their turn (`Dialog.on_key`)
        self.set_focus(self.query_one("#value", Input))
        what = self.query_one("#what", Select)
        self.watch(what, "expanded", self._what_opened_or_closed, init=False)

    def _what_opened_or_closed(self, expanded: bool) -> None:
        """The dialog grows while What's list is open, for the list to open inside it (it
        fits its content otherwise). Its list closed on a pick, on to the new value: what
        was typed next moved the list (a play-test), and a pick of the one it had posts no
        change."""
        self.query_one("#correction-box").set_class(expanded, "-listing")
        if not expanded:  # (the Select takes its focus back once its list is gone)
            self.call_after_refresh(self._on_to_the_value)

    def _on_to_the_value(self) -> None:
        if self.query_one("#what", Select).has_focus_within:
            self.query_one("#value", Input).focus()
            self._moved_on = True

    #: the value was given the focus as What's list closed on a pick: a tab pressed next,
    #: the habit of moving to the next field, stays there (it went on to Why, and the
    #: number typed next became the reason: two play-tests)
    _moved_on = False

    def on_key(self, event: events.Key) -> None:
        self._moved_on = False  # another key came first

    def action_tab_on(self) -> None:
        """tab: the next field, except right after What's list closed on a pick (the value
        has the focus, nothing typed in it yet): the habit of moving on is kept there."""
        moved_on, self._moved_on = self._moved_on, False
        value = self.query_one("#value", Input)
        if moved_on and value.has_focus and not value.value:
            return
        self.focus_next()

    #: the key of what is chosen now (a change to another clears what was typed for it)
    _what: str | None = None

    @on(Select.Changed, "#what")
    def _what_changed(self, event: Select.Changed) -> None:
        """Another thing chosen: its hint, and the value typed for the one before cleared
        (it stayed, and ctrl+s recorded Bo's money as the 999 typed for Ann's, or a mine
        given to the name typed for a bank: a play-test). The reason stays: it holds for
        the thing meant as much as for the one picked by mistake (cleared too, a later
        play-tester typed it again), and nothing is recorded without a value typed anew."""
        self._what_is(str(event.value))

    def _what_is(self, key: str) -> None:
        """`key` chosen in What (`_what_changed`), the value typed for another one cleared."""
        if key == self._what:  # (set again as it was: what was typed is for it)
            return
        self._what = key
        self.query_one("#value-label", Static).update(self._hint(key))
        self.query_one("#value", Input).value = ""
        self._show_value_problem(None)

    def chosen_in_turn(self, select: Select) -> None:  # type: ignore[type-arg]
        """An enter in What's open list took its option, in its turn among the keys typed
        (screens/widgets/select.py): on to the new value at once, the one typed for another
        thing cleared now, so that the keys typed on behind the enter (`1450` enter
        `miscount` enter) go to the value and the reason (they went to the list, and were
        lost: a play-test). The list closing (`_what_opened_or_closed`) then moves nothing."""
        if select.id != "what":
            return
        self._what_is(str(select.value))
        self.set_focus(self.query_one("#value", Input))
        self._moved_on = True

    @on(Input.Changed, "#value")
    def _value_typed(self, event: Input.Changed) -> None:
        """The rules' word on the value as it is typed, beside it (checked again when
        recorded); what was said before goes."""
        result = event.validation_result
        failures = result.failure_descriptions if result is not None else []
        if failures:
            self._show_value_problem(failures[0])
            return
        # a value the rules take may still disagree with something else shown (Builders:
        # a round and the Track Tokens placed): a note, recorded all the same
        key = str(self.query_one("#what", Select).value)
        rules, state = self.session.rules, self.session.state
        self._show_value_problem(None, note=rules.correction_note(state, key, event.value))

    @on(Input.Changed, "#reason")
    def _reason_typed(self) -> None:
        """A refusal beside the reason goes as soon as it is changed (checked again when
        recorded)."""
        say(self.query_one("#error-reason", Static), "")

    def _show_value_problem(self, problem: str | None, note: str = "") -> None:
        """Say `problem` beside the value (None: nothing, or the rules' `note` on a value
        they take, not a refusal: `-note`), the field tinted to match."""
        line = self.query_one("#error-value", Static)
        say(line, problem or note)
        line.set_class(problem is None and bool(note), "-note")
        field = self.query_one("#value", Input)
        field.set_class(problem is not None, "-invalid")
        field.set_class(problem is None, "-valid")

    def _typed_value_problem(self, value: str) -> str | None:
        """Why the rules refuse the value typed for what is chosen now, or None."""
        return self._value_problem(str(self.query_one("#what", Select).value), value)

    def key_in_turn(self, field: Input, key: str) -> None:
        """enter on the value or the reason, in its turn among the keys typed
        (`InTurnInput`): the reason typed on after it went into the value, and the next
        command into the reason (a play-test)."""
        if field.id == "reason":
            self.action_record()
        else:
            self._to_reason()

    def _to_reason(self) -> None:
        """On to Why; with no value typed, say what the field wants instead (enter there,
        meant to open What's list, went on to Why with nothing typed: two play-tests); with
        a value the rules refuse, stay: what is wrong is said beside it."""
        field = self.query_one("#value", Input)
        if not field.value.strip():
            self._show_value_problem(
                "Type the new value first, as the line above says (shift+tab: What, to "
                "correct something else)."
            )
            return
        problem = self._typed_value_problem(field.value)
        if problem:
            self._show_value_problem(problem)
            return
        self.set_focus(self.query_one("#reason", Input))  # (at once: keys follow in turn)

    @on(Button.Pressed, "#record")
    def record(self) -> None:
        self.action_record()

    def action_record(self) -> None:
        reason_error = self.query_one("#error-reason", Static)
        self._show_value_problem(None)
        reason_error.update("")
        key = str(self.query_one("#what", Select).value)
        value = self.query_one("#value", Input).value
        reason = self.query_one("#reason", Input).value
        try:
            entry = self.session.rules.correct_text(self.session.state, key, value, reason)
        except (AmountError, RuleError) as error:
            # each field's own problem beside it, both at once (one after the other, the
            # table fixed the reason only to be told the value was wrong: a play-test)
            reason_problem = self._reason_problem(reason)
            value_problem = self._value_problem(key, value)
            if not (reason_problem or value_problem):
                value_problem = str(error)
            reason_error.update(reason_problem or "")
            self._show_value_problem(value_problem)
            # the cursor goes to the field at fault (it stayed in the value when only the
            # reason was missing, and the reason typed next joined the number: a play-test)
            at_fault = "#value" if value_problem or not reason_problem else "#reason"
            self.set_focus(self.query_one(at_fault, Input))  # (at once: keys follow in turn)
            return
        if self.session.rules.changes_nothing(self.session.state, entry):
            self._show_value_problem("That is what it is already: nothing to correct.")
            self.set_focus(self.query_one("#value", Input))
            return
        if self.save is not None:
            problem = self.save(entry)
            if problem is not None:  # not saved: say so here, keep what was typed
                reason_error.update(problem)
                return
        self.dismiss(entry)

    def _reason_problem(self, reason: str) -> str | None:
        """Why the rules refuse the reason itself (missing, unsafe, too long), or None."""
        try:
            self.session.rules.check_reason(reason)
        except RuleError as error:
            return str(error)
        return None

    def _value_problem(self, key: str, value: str) -> str | None:
        """Why the rules refuse the value, whatever the reason says, or None: asked with a
        reason they take, so that only the value can be at fault."""
        try:
            self.session.rules.correct_text(self.session.state, key, value, "checked")
        except (AmountError, RuleError) as error:
            return str(error)
        return None

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
