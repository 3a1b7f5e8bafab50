"""The Track Token calculator on its own: any row, any votes; nothing in the game changes."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from companion.amounts import AmountError, is_number, parse_count
from companion.games import RuleError
from companion.games.builders import Votes
from companion.games.builders_track import place_token
from screens.dialog import Dialog
from screens.widgets.no_scroll import SteadyInput
from screens.widgets.shown import say

FIELDS = (
    ("calc-previous", "Previous token's column", "3"),
    ("calc-width", "Locations in the row", "5"),
    ("calc-left", "Left votes", "0"),
    ("calc-right", "Right votes", "0"),
    ("calc-plus", "+ icons on the winning side", "0"),
)


class TrackCalculator(Dialog, ModalScreen[None]):
    CSS_PATH = "track_calculator.tcss"
    BINDINGS = [Binding("escape", "close", "Close", id="close-calculator")]

    def __init__(
        self,
        previous: int | None = None,
        width: int | None = None,
        mountains: str = "",
        votes: tuple[int, int, int, int] | None = None,
        missing: str = "",
    ) -> None:
        """`previous`, `width`, `mountains`: the Train Marker's row on the board (None: no
        board, or every token placed: example numbers); `votes`: Left and Right votes and the
        + icons on cards voting Left and on cards voting Right, as the board tracker counted
        them, None while it cannot count them; `missing`: then what the tracker still needs,
        as it says it ("row 1's printed arrows (arrows 1 ...)")."""
        super().__init__()
        self._start: dict[str, str] = {}
        # the + icons of each side as counted: the winning side's are filled in, again
        # when the votes typed change the winner (it kept the side winning before: a
        # play-test added a Hideout's votes and got the other side's + icon)
        self._plus_sides: tuple[int, int] | None = None
        self._plus_filled = ""
        if previous is not None and width is not None:
            self._start = {"calc-previous": str(previous), "calc-width": str(width)}
        if votes is not None:
            left, right, plus_left, plus_right = votes
            self._plus_sides = (plus_left, plus_right)
            self._plus_filled = str(Votes(left, right, plus_left, plus_right).pluses)
            self._start.update(
                {"calc-left": str(left), "calc-right": str(right), "calc-plus": self._plus_filled}
            )
        self._mountains = mountains
        self._source = source_note(bool(self._start), votes is not None, missing)

    def compose(self) -> ComposeResult:
        with Vertical(id="calc-box"):
            yield Static("Track Token calculator", id="calc-title")
            yield Static(self._source, id="calc-source", markup=False)
            for field_id, label, default in FIELDS:
                with Horizontal(classes="calc-field"):
                    yield Static(label, classes="calc-label")
                    yield SteadyInput(self._start.get(field_id, default), id=field_id, compact=True)
            with Horizontal(classes="calc-field"):
                yield Static("Mountains (column and arrow: 4> 2<)", classes="calc-label")
                yield SteadyInput(self._mountains, id="calc-mountains", compact=True)
            yield Static("", id="calc-result", markup=False)
            yield Static("escape closes; nothing in the game changes.", id="calc-hint")

    def on_mount(self) -> None:
        self._show()
        self.set_focus(self.query_one("#calc-left", Input))  # (at once: keys typed ahead follow)

    @on(Input.Changed)
    def _show(self) -> None:
        if self._follow_winner():
            return  # the + icons changed: shown once their field's change arrives
        result = self.query_one("#calc-result", Static)
        try:
            numbers = [
                parse_count(self.query_one(f"#{field_id}", Input).value, what=label)
                for field_id, label, _ in FIELDS
            ]
            mountains = parse_mountains(self.query_one("#calc-mountains", Input).value)
            placement = place_token(*numbers, mountains=mountains)
        except (AmountError, RuleError) as problem:
            say(result, str(problem))
            return
        say(result, placement.sentence)

    def _follow_winner(self) -> bool:
        """The + icons field set to the winning side's count, when it still holds the
        count filled in (not one typed over it); True when that changed it."""
        plus = self.query_one("#calc-plus", Input)
        if self._plus_sides is None or plus.value != self._plus_filled:
            return False
        try:
            left, right = (
                parse_count(self.query_one(f"#calc-{side}", Input).value, what=side)
                for side in ("left", "right")
            )
        except AmountError:
            return False
        filled = str(Votes(left, right, *self._plus_sides).pluses)
        if filled == plus.value:
            return False
        self._plus_filled = plus.value = filled
        return True

    def action_close(self) -> None:
        self.dismiss(None)


def source_note(from_board: bool, counted: bool, missing: str = "") -> str:
    """Where the numbers the calculator opens with come from, and when the votes are there."""
    if not from_board:
        return (
            "Example numbers: the board has no size yet, or every Track Token is placed. "
            "Type any row's."
        )
    if counted:
        return (
            "From the board: the Train Marker's row, and the votes the tracker counted from "
            "its printed arrows and its cards' marks (a revealed Hideout's are not in them)."
        )
    if missing:
        return (
            "From the board: the Train Marker's row. Its votes are not counted yet (0): the "
            f"tracker still needs {missing}."
        )
    return (
        "From the board: the Train Marker's row. Its votes are not counted yet (0): the "
        "tracker counts them once the row's printed arrows (arrows ROW ...) and the marks "
        "of each card built in it are typed."
    )


def parse_mountains(text: str) -> dict[int, str]:
    """`4> 2<`: a Mountain in column 4 pointing right, one in column 2 pointing left."""
    mountains: dict[int, str] = {}
    for item in text.replace(",", " ").split():
        column, arrow = item[:-1], item[-1:]
        if not is_number(column) or len(column) > 2 or arrow not in "<>":
            raise RuleError(f"Not a Mountain: {item}. Type its column and < or >, e.g. 4>.")
        if int(column) in mountains:
            raise RuleError(f"Two Mountains in column {int(column)}: a location holds one card.")
        mountains[int(column)] = "left" if arrow == "<" else "right"
    return mountains
