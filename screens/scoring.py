"""The end-game scoring wizard: one step per field of the game's sheet, then the standings.

Driven entirely by the game's `SheetSpec`: it asks each field for every player (pre-filled
from what the game screen tracked, every value editable), shows running totals, allows
going back, and at the end shows the breakdown, totals, ranks, winners and the tie-break
sentence. It returns the finished sheet; the game screen records it.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.notifications import Notification
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Header, Input, Static
from textual.widgets.input import Selection

from companion.amounts import plural
from companion.scoring import (
    CUBES,
    UNKNOWN_VP,
    Field,
    Followed,
    Result,
    SheetError,
    SheetSpec,
    answer_text,
    chart_text,
    cubes_left,
    field_hint,
    look_up,
    parse_answer,
    parse_chart,
    parse_vps,
    score,
    sheet_text,
    short_heading,
    standings_rows,
    tie_notes,
    totals_first,
    winners_sentence,
)
from screens.confirm import ConfirmDialog
from screens.dialog import Dialog
from screens.toasts import show_toast, take_back, take_back_all
from screens.widgets.footer import SteadyFooter
from screens.widgets.no_scroll import InTurnInput, SteadyInput
from screens.widgets.rows import water_fill
from screens.widgets.shown import say

TOTAL_COLUMN = 2  # Rank, Player, Total, then the categories and the tie-break figures
PADDING = 1  # the totals' cell padding, each side, while they fit the screen
#: beside a chart while it reads well (its label is one short line: a longer one wrapped
#: and the field ran straight on from its first line)
CHART_HINT = "count=points, on the map"


STANDINGS_PROMPT = "Check the breakdown. ctrl+s saves the scores and finishes the game."
#: when the tie-break figures are past the screen's right edge
STANDINGS_PROMPT_WIDE = (
    "Check the breakdown (the right arrow key shows the tie-break figures). ctrl+s saves "
    "the scores and finishes the game."
)

NAME_FLOOR = 6  # a name cut to fit keeps at least this many cells (its last an ellipsis)
HEADING_LINES = 2  # a heading wraps onto at most this many lines


#: what an empty answer shows, by the kind of field
PLACEHOLDERS = {
    "count": "a number",
    "list": "numbers, e.g. 3 4 6",
    "investments": "VP each, e.g. 5 3 0",
}


@dataclass(frozen=True)
class FittedTotals:
    """How the totals' table is laid out to fit its room: the headings (with a line break
    where one wraps), each column's width (given, not left to the table to measure when
    idle: the table is drawn right at once), the cells' padding, the header's height and
    the width the names are cut to."""

    headers: tuple[str, ...]
    widths: tuple[int, ...]
    padding: int
    header_height: int
    name_width: int


def heading_floor(label: str) -> int:
    """The narrowest a heading can be wrapped at its spaces onto HEADING_LINES lines."""
    width = max(cell_len(word) for word in label.split() or [""])
    while len(textwrap.wrap(label, width, break_long_words=False)) > HEADING_LINES:
        width += 1
    return width


def fit_totals(
    headers: list[str],
    rows: list[list[str]],
    room: int,
    padding: int,
    first: int | None = None,
    edge: int | None = None,
) -> FittedTotals:
    """The totals' columns fitted to `room` cells, each step taken only while they do not
    fit: the headings lose what is in brackets ("Hotels (8 each)" -> "Hotels"); a heading
    wraps onto a second line at its spaces (it is never cut); the columns stand one cell
    apart instead of `padding` on both sides (the Total two); the names are cut with an
    ellipsis, down to NAME_FLOOR cells, as far as it takes for the `first` columns (the
    rank, name, total and categories: every one of them when None) to fit. A number is
    never cut. What does not fit then (the tie-break figures, at most) scrolls sideways, a
    column that would straddle `edge` (where the table may end: `room` and the room of a
    scroll bar that may not show) starting past it."""
    count = len(headers)
    first = count if first is None else first
    columns = range(count)

    def natural_widths(labels: list[str]) -> list[int]:
        return [max(cell_len(line[i]) for line in [labels, *rows]) for i in columns]

    natural = natural_widths(headers)
    if sum(natural) + 2 * padding * count <= room:
        return FittedTotals(tuple(headers), tuple(natural), padding, 1, natural[1])
    headers = [short_heading(label) for label in headers]
    natural = natural_widths(headers)
    if sum(natural) + 2 * padding * count <= room:
        return FittedTotals(tuple(headers), tuple(natural), padding, 1, natural[1])
    body = [max((cell_len(row[i]) for row in rows), default=0) for i in columns]
    floors = [max(heading_floor(headers[i]), body[i]) for i in columns]
    floors[1] = natural[1]  # the name: cut below only for the first columns to fit
    if sum(floors) + 2 * padding * count > room:  # one cell between columns
        padding = 0
    gaps = [gap_after(i, count) if padding == 0 else 2 * padding for i in columns]
    trailing = gaps[first - 1] if padding == 0 else padding  # blank after the last one
    over = sum(floors[:first]) + sum(gaps[:first]) - trailing - room
    if over > 0:
        floors[1] = max(min(NAME_FLOOR, natural[1]), natural[1] - over)
    widths = water_fill(natural, room - sum(gaps), floors)
    wrapped = [
        "\n".join(textwrap.wrap(label, width, break_long_words=False) or [label])
        for label, width in zip(headers, widths, strict=True)
    ]
    given = [width + (gaps[i] if padding == 0 else 0) for i, width in enumerate(widths)]
    _past_the_edge(given, room, room if edge is None else edge, 2 * padding, first)
    return FittedTotals(
        tuple(wrapped),
        tuple(given),
        padding,
        max(label.count("\n") + 1 for label in wrapped),
        widths[1],
    )


def _past_the_edge(widths: list[int], room: int, edge: int, padding: int, first: int) -> None:
    """A column the edge would cut (a tie-break figure) starts past it instead: the column
    before it takes the room left. Cut, 12 read "1" at 80 columns (a play-test); now it is
    whole once the table is scrolled sideways. The edge is anywhere from `room` to `edge`."""
    start = 0
    for column, width in enumerate(widths):
        end = start + width + padding
        if column >= first and start < edge and end > room:
            widths[column - 1] += max(0, edge - start)
            return
        start = end


def _cells(row: list[str], name_width: int) -> list[str | Text]:
    """A totals row as the table shows it: the name cut to its column, the total bold."""
    cells: list[str | Text] = list(row)
    cells[1] = Text(row[1])
    if cell_len(row[1]) > name_width:
        cells[1].truncate(name_width, overflow="ellipsis")
    cells[TOTAL_COLUMN] = Text(row[TOTAL_COLUMN], style="bold")
    return cells


def sideways(
    widths: list[int], fixed: int, view: int, scroll: int, direction: int, most: int
) -> int:
    """Where the standings' table scrolls to, a page at a time, on right (`direction` 1) or
    left (-1): right puts the first column cut or hidden at the right edge first after the
    `fixed` ones (or scrolls to the end, where the last column ends at the edge), left
    brings the last one cut or hidden at the left in at the right edge, the table starting
    with a whole column. A heading is never cut on the side the table moved to: by 12 cells,
    the first right at 80x24 showed Coloma's last tie-break heading as "Buck" over "Tent"
    (a play-test). `view`: the table's width; `most`: how far it scrolls."""
    starts = [sum(widths[:column]) for column in range(len(widths) + 1)]
    left = starts[fixed]  # where the fixed columns end on the screen
    # scrolled to `x`, a column at `start` is shown from `start - x` on the screen
    stops = [start - left for start in starts[fixed:-1]]  # a whole column first
    columns = range(fixed, len(widths))
    if direction > 0:
        cut = [column for column in columns if starts[column + 1] - scroll > view]
        return min(starts[cut[0]] - left, most) if cut else scroll
    shown = [column for column in columns if starts[column] - scroll >= left]
    if not shown or scroll <= 0:
        return 0
    need = starts[shown[0]] - view  # the column before the first shown, whole
    return next((stop for stop in stops if stop >= need), 0)


def _same_place(typed: Mapping[str, Any], built: Mapping[str, Any]) -> bool:
    """Whether an investment has the cube and the Goldmine the board has for it."""
    return typed.get("cube") == built.get("cube") and bool(typed.get("goldmine")) == bool(
        built.get("goldmine")
    )


def gap_after(column: int, count: int) -> int:
    """The cells left empty after a column when the columns stand close (no padding): one,
    two after the Total (it stands apart from the categories), none after the last."""
    if column == count - 1:
        return 0
    return 2 if column == TOTAL_COLUMN else 1


@dataclass(frozen=True)
class FinishedSheet:
    """What the wizard returns: the sheet as TOML text and the winners' sentence."""

    text: str
    winners: str
    result: Result
    charts: dict[str, dict[int, int]]  # every chart the wizard used, as it was left
    rows: list[dict[str, Any]]  # each player's answers, as scored


class AnswerInput(InTurnInput):
    """A player's answer: enter, down and up move on in their turn among the keys typed
    (a burst `12 enter 11 enter 5` gave Ann 1211530, and downs moved one row: a
    play-test)."""

    HANDED = ("enter", "down", "up")

    async def _own_key(self, event: events.Key) -> None:
        """Backspace on an answer that does not read, all of it selected, takes its last
        character, as anywhere: the selection is there so that typing replaces it (it was
        added to it: "231", a play-test). However the refusal came (enter, ctrl+n, ctrl+s,
        the focus back on it), the field behaves the same: after ctrl+s, backspace emptied
        `35o` and a 0 typed then went in as Ann's money, where `350` was meant (a play-test)."""
        typed_on = getattr(self.screen, "typed_on", None)
        if typed_on is not None and typed_on(self, event):  # (before its question showed)
            event.stop()
            event.prevent_default()
            return
        whole = Selection(0, len(self.value))
        if (
            event.key == "backspace"
            and self.value
            and self.screen.focused is self
            and self.selection == whole
            and getattr(self.screen, "does_not_read", lambda _answer: False)(self)
        ):
            self.cursor_position = len(self.value)
        await super()._own_key(event)


class WizardPage(VerticalScroll):
    """The wizard's page. The answer being typed in stays in sight when the page's height
    changes: a notice takes its own lines above the footer (see scoring.tcss), and the
    question beside an answer just scrolled into view went under the running totals at
    80x24 (a play-test)."""

    def on_resize(self, event: events.Resize) -> None:
        screen = self.screen
        if isinstance(screen, ScoringWizard):
            screen.keep_answer_in_sight()


class ScoringWizard(Dialog, Screen[FinishedSheet | None]):
    CSS_PATH = "scoring.tcss"
    HELP_TITLE = "Final scoring"
    HELP_TEXT = """\
The wizard asks each scoring category for every player, one step at a time. What the game
screen tracked is already filled in: check it against the table and change anything.

- Type the value for each player; **enter** moves to the next player, then to the next step
  (**down** and **up** move between the players too).
- **ctrl+n** / **ctrl+b**: next / previous step. Nothing is lost going back. Right after
  enter went on to a step, ctrl+n stays there and says so (press it again to go on): a
  step is not skipped unseen.
- **page down** / **page up** scroll a step taller than the screen (Boomtown Builders'
  list of buildings at 80x24: its end is below).
- The last step shows the standings; **ctrl+s** saves them and finishes the game.
- **escape** leaves the wizard without finishing (the game stays as it was); when something
  was typed, it asks first (**y** drops it, **n** or **escape** goes back to the wizard).
- What you type is kept as you type it: if the app stops (ctrl+q, a crash, the laptop
  closed), the next **ctrl+f** brings it back at the step you were at.
- The standings show the total (right after the name), each category, then the tie-break
  figures (what decides a tie): the figures `goldrush score` prints.
- An answer that gives more points in a category than anyone scored there in your
  finished games says so beside it (a typing slip, or a record): it is taken all the same.
- An answer other than the number the app tracked (or the board shows) has a question
  beside it; it is taken as typed, and the standings list each one before ctrl+s saves.
- An answer that does not read stays, selected, with the reason beside it: typing replaces
  it, **backspace** takes its last character, **end** or an arrow puts the cursor in it.

Where the points come from a chart printed on your board (Coloma's Frontier Map), you type
the count (how many lands) and the wizard looks the points up. The rules give some of them;
add the others once from your own board in the chart line (`4=18`): they are remembered.

Lists are typed as numbers separated by spaces (`3 4 6`). Boomtown Builders investments are
typed as the VP each building's card shows, in the order the board line lists them
(`5 3 0`): the board knows each cube and Goldmine. A card's VP typed in an earlier game is
filled in; a `?` is a card not known yet (in a reopened game, also a building whose
distance from the token changed since its last sheet: that sheet's answer is beside it):
type its VP over it. `VPxCUBE` (with `g` for a
Goldmine next to the building, `5x3g 2x1 0x2`) also works, e.g. for a building the screen
did not have.
"""
    BINDINGS = [
        # Not ctrl+left/right: the answer fields use those to move by word.
        Binding("ctrl+n", "next_step", "Next", id="next-step"),
        Binding("ctrl+b", "step(-1)", "Back", id="previous-step"),
        Binding("ctrl+s", "save", "Save & finish", id="save-scores"),
        Binding("escape", "leave", "Leave", id="leave-wizard"),
        # between the players' answers, as in a column on paper (a play-tester pressed down
        # to go from Ann's to Eve's and typed Eve's 250 into Ann's)
        # before the wizard's scroll container: once a step is taller than the screen
        # (the Frontier's note, Builders' hints), it took up and down to scroll (a
        # play-test); `check_action` lets them through to the standings' table
        Binding("down", "answer(1)", "Next player", show=False, priority=True),
        Binding("up", "answer(-1)", "Previous player", show=False, priority=True),
        Binding("right", "columns(1)", "More columns", show=False),
        Binding("left", "columns(-1)", "Fewer columns", show=False),
    ]

    #: seconds after an enter took the wizard on to a step during which ctrl+n goes
    #: nowhere: enter on the last answer then ctrl+n out of habit skipped a step unseen
    #: (a play-test went from Town Buildings past River Canyons to Bridges)
    ENTER_THEN_NEXT = 1.0
    #: seconds after an enter stopped at an answer's question during which the keys that
    #: reach it were typed before the question showed: not taken (see `typed_on`); as long
    #: as a question's dialog takes keys for typing gone on
    TYPED_ON = ConfirmDialog.TYPED_ON
    #: the clock those seconds are read from (tests give their own)
    clock: Callable[[], float] = staticmethod(time.monotonic)
    #: the answer an enter just stopped at its question, and when
    _stopped_at: tuple[Input, float] | None = None
    #: the step an enter took the wizard on to, and when (None: none just now)
    _entered_step: tuple[int, float] | None = None

    def __init__(
        self,
        spec: SheetSpec,
        rows: list[dict[str, Any]],
        charts: dict[str, dict[int, int]] | None = None,
        hints: dict[str, list[str]] | None = None,
        draft: Mapping[str, Any] | None = None,
        keep: Callable[[dict[str, Any] | None], None] | None = None,
        counts: dict[str, list[int]] | None = None,
        tracked: dict[str, list[Any]] | None = None,
        supplies: list[dict[int, int]] | None = None,
        restored_note: str = "What was typed here before the app stopped is back.",
        *,
        followed: list[Followed] | None = None,
        buildings: dict[str, list[list[dict[str, Any]]]] | None = None,
    ) -> None:
        """`draft`: what was typed here before and kept (`keep` is given what is typed at
        each change, None once nothing differs from the start), put back as it was.
        `counts`: per list field, how many numbers each player's board has (said beside
        an answer with another count, which is taken all the same). `tracked`: per field,
        each player's number (or numbers) the app tracked, questioned the same way when
        typed over (`tracked_numbers`). `supplies`: each player's cubes in all, as the game
        tracks them (Builders' "Cubes left"). `restored_note`: said when a draft is put
        back (a save that failed gives it back too: it said the app had stopped).
        `followed`: a reopened game's answers taken from the game (changed there since its
        last sheet), each with "the game's (sheet: N)" beside it. `buildings`: per
        investments field, each player's buildings as the game has them (a reopened game's
        `rows` hold its sheet's cubes); `rows`' own when not given."""
        super().__init__()
        # per field, each player's last sheet's answer where the game's was taken ("")
        self.sheet_said: dict[str, list[str]] = {}
        for item in followed or ():
            said = self.sheet_said.setdefault(item.key, [""] * len(rows))
            said[item.seat] = item.was
        self._restored_note = restored_note
        self.supplies = supplies or []
        self.counts = counts or {}
        self.tracked = tracked or {}
        self._keep_draft = keep
        self.spec = spec
        self.hints = hints or {}  # per field, a line per player from the game's board
        self.rows = [dict(row) for row in rows]
        self.charts = {name: dict(chart) for name, chart in (charts or {}).items()}
        self._charts_as_opened = {name: dict(chart) for name, chart in self.charts.items()}
        # the columns the table has, as fitted to the screen's width
        self._columns_shown: FittedTotals | None = None
        self._rows_shown: list[list[str]] = []  # the totals' rows in the table, as given
        self._across: str | None = None  # a problem across players, beside `_across_seat`
        self._across_seat = 0  # the answer last typed in this step (where the problem shows)
        self._across_said = False  # the problem is shown (every answer reads)
        self._refused: set[int] = set()  # the seats whose answer to this step does not read
        # (field key, seat) of each answer at another step that does not read, as typed
        self._refused_elsewhere: set[tuple[str, int]] = set()
        self._questioned: set[int] = set()  # the seats with a "... is that right?" beside
        self._questions_seen = -1  # the step whose questions an enter on the last went past
        self._stopped: set[tuple[int, int, str]] = set()  # questions enter stopped at, seen
        self.step = 0  # len(spec.fields) is the standings
        self._highs: dict[str, int] | None = None  # `_record_highs`, once read
        # the buildings the board knows (cube, Goldmine), so the table types only their VP:
        # the game's (`buildings`), where a reopened game's sheet has as many for a player
        self.board: dict[str, list[list[dict[str, Any]]]] = {}
        for f in spec.fields:
            if f.kind == "investments":
                game = (buildings or {}).get(f.key, [])
                self.board[f.key] = [
                    list(game[seat])
                    if seat < len(game) and len(game[seat]) == len(row[f.key])
                    else list(row[f.key])
                    for seat, row in enumerate(self.rows)
                ]
        # what was typed, per field and seat, so going back and forth keeps it
        self.typed: dict[str, list[str]] = {
            f.key: [self._prefill_text(f, row[f.key], seat) for seat, row in enumerate(self.rows)]
            for f in spec.fields
        }
        self._as_opened = {key: list(texts) for key, texts in self.typed.items()}
        for f in spec.fields:  # a chart field is pre-filled with the count: show its points
            if f.chart:
                chart = self.charts.setdefault(f.chart, {})
                for row in self.rows:
                    row[f.key] = chart.get(row[f.key], 0)
        self.restored = self._restore(draft)
        # the step's class from the start (and its focus: `AUTO_FOCUS`): set at the mount,
        # the class styled the whole wizard a second time (#16)
        self.set_class(not self.at_standings, "-asking", update=False)

    def _restore(self, draft: Mapping[str, Any] | None) -> bool:
        """Put back the typing kept from an earlier opening (the app stopped meanwhile):
        each answer the table typed and the charts, at the step it was at (or the first step
        with an answer that no longer reads); the answers it did not type are pre-filled
        from the game as it is now. False when there is none, or it is not of this sheet and
        table (then the wizard starts as usual)."""
        if not isinstance(draft, Mapping):
            return False
        answers, seats = draft.get("answers"), len(self.rows)
        if not isinstance(answers, dict) or not set(answers) <= set(self.typed):
            return False
        typed = {key: list(texts) for key, texts in self.typed.items()}
        for key, by_seat in answers.items():
            if not isinstance(by_seat, dict):
                return False
            for seat, text in by_seat.items():
                if not (str(seat).isdigit() and int(seat) < seats and isinstance(text, str)):
                    return False
                typed[key][int(seat)] = text
        charts = draft.get("charts")
        for name, chart in (charts if isinstance(charts, dict) else {}).items():
            if name in self.charts and isinstance(chart, dict):
                with suppress(SheetError, ValueError):
                    points = {int(count): value for count, value in chart.items()}
                    self.charts[name] = parse_chart(name, chart_text(points))
        self.typed = typed
        step = draft.get("step")
        self.step = step if type(step) is int and 0 <= step <= len(self.spec.fields) else 0
        for number, field in enumerate(self.spec.fields):
            for seat in range(seats):
                try:
                    self.rows[seat][field.key] = self._read(
                        field, seat, self.typed[field.key][seat]
                    )[0]
                except SheetError:
                    self.step = min(self.step, number)
        return True

    def _keep(self) -> None:
        """Hand what is typed to be kept (see `__init__`)."""
        if self._keep_draft is None:
            return
        if not self.typed_anything():
            self._keep_draft(None)
            return
        charts = {
            name: {str(count): points for count, points in chart.items()}
            for name, chart in self.charts.items()
        }
        answers = {  # only what the table typed: the rest is pre-filled anew from the game
            key: {
                str(seat): text
                for seat, text in enumerate(texts)
                if text != self._as_opened[key][seat]
            }
            for key, texts in self.typed.items()
        }
        answers = {key: by_seat for key, by_seat in answers.items() if by_seat}
        self._keep_draft({"step": self.step, "answers": answers, "charts": charts})

    def _prefill_text(self, field: Field, value: Any, seat: int) -> str:
        """What the field shows at first; a chart field's pre-filled value is the count."""
        if field.kind == "investments" and value:  # the board knows the cubes: VPs alone,
            # a card not known as a ? to type over (every one, when none is known: an empty
            # answer beside another's ? read as inconsistent, a play-test); a cube (or a
            # Goldmine) a reopened game's sheet has over the board's as typed, VPxCUBE: the
            # field read "5 2" for a sheet's `5x3 2`, the Triple seen in "Cubes left" alone,
            # and "5 2" typed again still meant it (a play-test)
            built = self.board[field.key][seat]
            return " ".join(
                "?"
                if item["vp"] == UNKNOWN_VP
                else str(item["vp"])
                if number >= len(built) or _same_place(item, built[number])
                else answer_text(field, [item])
                for number, item in enumerate(value)
            )
        return str(value) if field.chart else answer_text(field, value)

    def compose(self) -> ComposeResult:
        yield Header()
        with WizardPage(id="wizard"):
            yield Static(id="step-title", markup=False)
            yield Static(id="step-prompt", markup=False)
            yield Static(id="questions", markup=False)
            with Horizontal(id="chart-row"):
                yield Static("Map chart", classes="who")
                yield SteadyInput(id="chart", compact=True)
                yield Static("", id="chart-note", classes="note", markup=False)
            with Vertical(id="answers"):
                for seat, row in enumerate(self.rows):
                    with Vertical(classes="answer"):
                        with Horizontal(classes="answer-row"):
                            yield Static(Text(row["name"]), classes="who")
                            yield AnswerInput(id=f"answer-{seat}", classes="value", compact=True)
                            yield Static("", id=f"note-{seat}", classes="note", markup=False)
                        yield Static("", id=f"hint-{seat}", classes="hint", markup=False)
            # docked at the bottom while the questions are asked: in sight however long
            # the answers' hints are (Builders' nine buildings a player pushed them off)
            with Vertical(id="totals-box"):
                yield Static("Running totals", id="running-title", markup=False)
                table: DataTable[str | Text] = DataTable(id="totals", cursor_type="none")
                yield table
            yield Static(id="winners", markup=False)
            yield Static(self.spec.tiebreak_sentence, id="tiebreak", markup=False)
            with Horizontal(id="wizard-buttons"):
                yield Button("Back (ctrl+b)", id="back", compact=True)
                yield Button("Next (ctrl+n)", id="next", variant="primary", compact=True)
                yield Button("Save & finish (ctrl+s)", id="save", variant="success", compact=True)
        yield SteadyFooter()

    @on(events.DescendantFocus)
    def _show_answer_whole(self, event: events.DescendantFocus) -> None:
        """An answer focused is scrolled into view with its hint under it (Builders' list
        of buildings, in the order the VPs are typed), as much as fits above the totals: at
        80x24 the list was cut under the running totals (a play-test)."""
        if (event.widget.id or "").startswith("answer-"):
            self._show_answer(event.widget)
        elif event.widget.id == "chart":
            self._keep_chart_in_sight()

    def _keep_chart_in_sight(self) -> None:
        """The Map chart at the top of the page, the answers under it: the notes that ask
        for a chart's points, and its own refusal, read whole while it is typed in (at
        80x24 a third player's note was cut at "(the up key from" and the line under it
        hidden behind the running totals: a play-test)."""
        wizard = self.query_one("#wizard")
        chart_row = self.query_one("#chart-row")
        self.call_after_refresh(wizard.scroll_to_widget, chart_row, animate=False, top=True)

    def keep_answer_in_sight(self) -> None:
        """The answer focused (if one is) scrolled into view again (`WizardPage`)."""
        focused = self.focused
        name = (focused.id or "") if focused is not None else ""
        if not self.at_standings and focused is not None and name.startswith("answer-"):
            self._show_answer(focused)

    def _show_answer(self, answer: Widget) -> None:
        """The answer's row, its note and its hint scrolled into view, once laid out."""
        block = answer.parent.parent if answer.parent is not None else None
        if block is None:
            return
        wizard = self.query_one("#wizard")
        if answer.id == "answer-0":  # the first: the step's title and question above it
            # stay in sight (its hint scrolled in whole pushed them off, and the step began
            # mid-sentence: a play-test)
            self.call_after_refresh(wizard.scroll_home, animate=False)
        else:
            self.call_after_refresh(wizard.scroll_to_widget, block, animate=False)

    def on_mount(self) -> None:
        # the game screen's notices are done with once the wizard is open ("Game over",
        # "The game is open again; ctrl+f scores it anew"): stacked at 80x24, they took
        # the room of the last answers and the Back and Next buttons (a play-test); the
        # wizard's own (titled so, as the changes since the last sheet) stay
        take_back_all(self.app, but_titled="Scoring wizard")
        self._show_step()
        if self.restored:  # (taken back when the step changes: `_show_step`)
            self._restored_toast = show_toast(self.app, self._restored_note, "Scoring wizard")
            self._restored_at = self.step

    # -- steps -----------------------------------------------------------------------

    @property
    def at_standings(self) -> bool:
        return self.step >= len(self.spec.fields)

    @property  # type: ignore[override]
    def AUTO_FOCUS(self) -> str:  # (Textual's name)
        """What takes the focus when the wizard is shown with none: the step's first
        answer, the page at the standings (the page, focused first as Textual's first
        focusable widget, then giving the focus to the answer, styled the whole wizard
        twice more as it opened, #16)."""
        return "#wizard" if self.at_standings else "#answer-0"

    #: the notice that the typing kept is back, while it is shown
    _restored_toast: Notification | None = None
    _restored_at = 0  # the step it was shown at

    def _show_step(self) -> None:
        total_steps = len(self.spec.fields) + 1
        if self._question_toast is not None and self.step != self._question_step:
            self._take_back_question()  # a question of a step left: it goes with it
        if self._restored_toast is not None and self.step != self._restored_at:
            # said at the step the typing came back at: it stayed on through three steps
            # after a kill -9 (a play-test); it goes with that step, or after a notice's time
            take_back(self.app, self._restored_toast)
            self._restored_toast = None
        # each note says again what its own answer is: the step before's problem across
        # players was said beside this step's answer of the same player (the mayor pawns
        # beside Ann's mines, back from Mayors: a play-test)
        self._across, self._across_seat, self._across_said = None, 0, False
        answers = self.query_one("#answers")
        answers.display = not self.at_standings
        self.set_class(not self.at_standings, "-asking")
        self.query_one("#next", Button).display = not self.at_standings
        self.query_one("#save", Button).display = self.at_standings
        self.query_one("#back", Button).disabled = self.step == 0
        self.query_one("#winners").display = self.at_standings
        self.query_one("#tiebreak").display = self.at_standings
        questions = self._questions_left() if self.at_standings else None
        self.query_one("#questions").display = questions is not None
        if questions is not None:
            say(self.query_one("#questions", Static), questions)
        if self.at_standings:
            self.query_one("#chart-row").display = False
            self.query_one("#step-title", Static).update(
                f"{self.spec.title}: standings (step {total_steps} of {total_steps})"
            )
            self.query_one("#step-prompt", Static).update(STANDINGS_PROMPT)
            self.query_one("#running-title", Static).update("Standings")
            # the page takes the keys (no field is left to focus: up and down did nothing
            # on a standings taller than the screen, a play-test); left and right move the
            # table's columns (the tie-break figures beyond 80 columns), the rank, the
            # player and the total staying put (scrolled, the names went)
            self.query_one("#wizard").focus()
            self.query_one("#totals", DataTable).fixed_columns = 3
        else:
            field = self.spec.fields[self.step]
            self.query_one("#step-title", Static).update(
                f"{self.spec.title}: {field.label} (step {self.step + 1} of {total_steps})"
            )
            self.query_one("#step-prompt", Static).update(
                f"{field.prompt or field.label}. Type {field_hint(field)}."
            )
            self.query_one("#chart-row").display = bool(field.chart)
            if field.chart:
                chart_input = self.query_one("#chart", Input)
                with chart_input.prevent(Input.Changed):
                    chart_input.value = chart_text(self.charts[field.chart])
                say(self.query_one("#chart-note", Static), CHART_HINT)
            hints = self.hints.get(field.key, [])
            # where to type shows when a field is empty too (a play-test found Builders'
            # empty answers only by typing)
            placeholder = PLACEHOLDERS[field.kind]
            for seat in range(len(self.rows)):
                answer = self.query_one(f"#answer-{seat}", Input)
                answer.placeholder = placeholder
                with answer.prevent(Input.Changed):
                    answer.value = self.typed[field.key][seat]
                hint = self.query_one(f"#hint-{seat}", Static)
                hint.update(
                    # (the app's, not the cardboard's: "On the board: 9" beside a reopened
                    # answer named the app's number as the board's, a play-test)
                    f"The app tracked: {hints[seat]}" if seat < len(hints) and hints[seat] else ""
                )
                self._check(seat)  # (shows the hint while the answer differs from it)
            first = self.query_one("#answer-0", Input)
            self._to(first)  # (at once: keys typed on go to it, not the last step's field)
            # all of it selected, as a field reached with tab or enter has it: typing
            # replaces the answer (focused already, its cursor stayed where it was in the
            # step before, and a digit typed went in front of the pre-filled value)
            first.select_all()
        if not self.at_standings:  # back at its field's step: the problem is said again
            self._check_across()  # (it was gone, and the totals took it: a play-test)
        self._refused_elsewhere = self._refused_at_other_steps()
        self._show_totals()

    def _refused_at_other_steps(self) -> set[tuple[str, int]]:
        """Each answer of another step than this one that does not read as typed: the
        totals count it for nothing (back from a refused Mayors, they took its old number,
        or the refused 9 itself: a play-test)."""
        if self.at_standings:
            return set()
        here = self.spec.fields[self.step]
        refused = set()
        for field in self.spec.fields:
            if field is here:
                continue
            for seat in range(len(self.rows)):
                try:
                    self._read(field, seat, self.typed[field.key][seat])
                except SheetError:
                    refused.add((field.key, seat))
        return refused

    def _check(self, seat: int) -> bool:
        """Read one player's answer into the sheet; show the problem beside it if any."""
        if self.at_standings:  # a late key or change event from the last step: nothing to read
            return True
        field = self.spec.fields[self.step]
        text = self.query_one(f"#answer-{seat}", Input).value
        self.typed[field.key][seat] = text
        note = self.query_one(f"#note-{seat}", Static)
        try:
            value, count = self._read(field, seat, text)
        except SheetError as error:
            refusal = Text(str(error), style="bold red")
            game = self._sheet_said(field, seat)
            if game and text == self._as_opened[field.key][seat]:  # the game's ? (a card's VP
                # at the distance a token corrected since gives): the sheet's answer beside
                # it, as beside any answer taken from the game (hidden by the refusal, the
                # VP typed for the old distance was said nowhere: a play-test)
                refusal.append(f" {game[0].upper()}{game[1:]}.")
            say(note, refusal)
            self._refused.add(seat)
            self._show_hint(field, seat, None, self._count_typed(field, text))
            return False
        self._refused.discard(seat)
        self._show_hint(field, seat, (value, count))
        self.rows[seat][field.key] = value
        if self._across_said and self._across is not None and seat == self._across_seat:
            # its own note would hide the problem across (at enter, a play-test saw no
            # reason for a "?" in the totals)
            say(note, Text(self._across, style="bold red"))
            return True
        said = self._note_of(field, seat, value, count)
        say(note, said)
        if isinstance(said, Text):  # a question (`_question`)
            self._questioned.add(seat)
        else:
            self._questioned.discard(seat)
        return True

    def _note_of(self, field: Field, seat: int, value: Any, count: Any) -> Text | str:
        """What is said beside an answer that reads: a Text when it is a question."""
        said: Text | str
        if field.chart:
            looked_up = f"{count} -> {self.spec.amount(value)}"
            board = self._on_the_board(field, seat, count)
            # (a count of another number than the board's was taken unremarked)
            said = looked_up if board is None else self._question(f"{looked_up}; ", board)
        elif field.kind == "investments":
            said = self._cubes_note(field, seat, value)
            past = self._past_the_records(field, seat)
            said = f"{said}. {past}" if past and not isinstance(said, Text) else said
        else:
            said = self._count_note(field, seat, value) or self._past_the_records(field, seat)
        game = self._sheet_said(field, seat)
        if game and not isinstance(said, Text):  # the game's answer, while it is still it
            with suppress(SheetError):
                if self._read(field, seat, self._as_opened[field.key][seat]) == (value, count):
                    said = f"{said}; {game}" if said else game
        return said

    def _questions_left(self) -> Text | None:
        """Each answer taken with a question beside it (another number than the app
        tracked, or than the board shows), for the standings: ctrl+n and ctrl+s go past
        the questions (the app never blocks), and Ann's 0 typed over the 350 tracked was
        seen only as her total (a play-test). None when there are none."""
        lines = []
        for field in self.spec.fields:
            for seat, row in enumerate(self.rows):
                typed = self.typed[field.key][seat]
                try:
                    value, count = self._read(field, seat, typed)
                except SheetError:  # (not at the standings: `_first_unread`)
                    continue
                note = self._note_of(field, seat, value, count)
                if isinstance(note, Text):
                    answer = typed.strip() or "none"
                    lines.append(f"  {row['name']}'s {field.label}: {answer} ({note.plain})")
        if not lines:
            return None
        one = len(lines) == 1
        said = "An answer was" if one else f"{len(lines)} answers were"
        it = "it" if one else "them"
        head = f"{said} questioned; saved as typed (ctrl+b goes back to change {it}):"
        return Text("\n".join([head, *lines]), style="bold yellow")

    @staticmethod
    def _count_typed(field: Field, text: str) -> int | None:
        """The count typed for a chart's field whose points are not known yet (the answer
        does not read, but says how many), else None."""
        if not field.chart:
            return None
        try:
            return int(parse_answer(field, text))
        except SheetError:
            return None

    def _show_hint(
        self, field: Field, seat: int, read: tuple[Any, Any] | None, typed: int | None = None
    ) -> None:
        """ "The app tracked: ..." beside an answer while the answer (`read`; None: it does
        not read) says otherwise: it stayed beside an answer put back to the board's number
        (a play-test). A hint that is a number (a reopened game's) goes when the answer is
        that number; one in words ("Tents on 1 Frontier Land", "2 Rivers surveyed") when
        the answer has the game's count (`counts`: the lands, the numbers in a list), as
        the README says: it stood beside the 1 typed for 1 land (a play-test), also while
        the map's chart did not have the points for 1 yet (`typed`: the count of an answer
        that does not read, a play-test). One with no count to compare (Builders' buildings,
        in the order the VPs are typed) stays."""
        hints = self.hints.get(field.key, [])
        board = hints[seat] if seat < len(hints) else ""
        if board and read is None and typed is not None:
            counts = self.counts.get(field.key, [])
            board = "" if seat < len(counts) and typed == counts[seat] else board
        if board and read is not None:
            try:
                board = "" if self._read(field, seat, board) == read else board
            except SheetError:  # words, not a number: the count the game tracked, if any
                counts = self.counts.get(field.key, [])
                typed = self._count_of(field, *read)
                board = "" if seat < len(counts) and typed == counts[seat] else board
        self.query_one(f"#hint-{seat}", Static).display = bool(board)

    @staticmethod
    def _count_of(field: Field, value: Any, count: Any) -> int | None:
        """What an answer counts, as `score_counts` does: a chart's count typed, a list's
        numbers; None for another kind of field."""
        if field.chart:
            return int(count)
        if field.kind == "list" and isinstance(value, list):
            return len(value)
        return None

    def _sheet_said(self, field: Field, seat: int) -> str:
        """ "the game's (sheet: N)" beside an answer a reopened game took from the game
        (changed there since its last sheet; on a line of its own under each, four players'
        pushed the buttons out at 80x24); "" for any other."""
        said = self.sheet_said.get(field.key, [])
        return f"the game's (sheet: {said[seat]})" if seat < len(said) and said[seat] else ""

    def _cubes_note(self, field: Field, seat: int, value: Any) -> Text | str:
        """The cubes left, and a question where a cube typed (VPxCUBE) is not the one the
        board has there: taken without a word, it scored 5x3 on a Double (a play-test)."""
        left = cubes_left(value, self.supplies[seat] if seat < len(self.supplies) else None)
        board = self.board.get(field.key, [])
        buildings = board[seat] if seat < len(board) else []
        for number, (typed, built) in enumerate(zip(value, buildings, strict=False), 1):
            if typed.get("cube") != built.get("cube"):
                cube = CUBES.get(built.get("cube"), ("?",))[0]
                return self._question(f"{left}; building {number} is ", f"a {cube}")
            if typed.get("goldmine") != built.get("goldmine", False):  # (+2 taken where no
                # Goldmine was placed; and VPxCUBE with no g lost the board's: play-tests)
                where = "next to a Goldmine" if built.get("goldmine") else "next to no Goldmine"
                return self._question(f"{left}; building {number} is ", where)
        return left

    def _count_note(self, field: Field, seat: int, value: Any) -> Text | str:
        """A list of another length than the board's count: said, not refused (a play-test
        gave River Canyon VP to a player with no River, unremarked). A number other than the
        one the game tracked (at the first finish): questioned too (48 typed over as 64 went
        in unremarked and changed the winner: a play-test)."""
        board = self._on_the_board(field, seat, len(value)) if field.kind == "list" else None
        if board is not None:
            return self._question(f"{plural(len(value), 'number')} typed, ", board)
        followed = self.tracked.get(field.key, [])
        if seat >= len(followed):
            return ""
        game = followed[seat]
        if game is None:  # a reopened sheet's own answer ("The app tracked" is beside it)
            return ""
        if isinstance(game, list):  # (the same numbers in another order are the same)
            if sorted(value) == sorted(game):
                return ""
            game = " ".join(map(str, game)) or "none"
        elif value == game:
            return ""
        # the app's number, told apart from the board's (the cardboard is the truth: "19 on
        # the board" was the app's 19 against the 48 the board showed, a play-test)
        return Text(f"the app tracked {game}: is that right?", style="bold yellow")

    def _past_the_records(self, field: Field, seat: int) -> str:
        """An answer that gives more points than anyone had in a category of this game in
        the records: said, never refused (999 VP went in without a word: a play-test; the
        rules give no most, so the table's own games are the measure)."""
        tracked = self.tracked.get(field.key, [])
        if seat < len(tracked) and tracked[seat] == self.rows[seat].get(field.key):
            return ""  # the app's own count of the game, not a slip of the finger (Bob's
            # 44 gold tracked all game was "more than anyone scored": a play-test)
        highs = self._record_highs()
        for category in self.spec.categories:
            if category.key not in highs or not self.spec.scored_from(category, field):
                continue
            try:
                points = category.points(self.rows[seat])
            except (KeyError, TypeError):  # (another step's answer not read yet)
                continue
            if points > highs[category.key]:
                most = self.spec.amount(highs[category.key])
                heading = short_heading(category.label)
                return f"More than anyone scored in your records ({heading}: {most} at most)."
        return ""

    def _record_highs(self) -> dict[str, int]:
        """`category_highs` of this game over the finished games, read once, when first
        needed (not on the way to the wizard's first frame); none when they cannot be read
        (the records screen says why)."""
        if self._highs is None:
            self._highs = {}
            store = getattr(self.app, "store", None)
            if store is not None:
                from companion.games import SHEETS
                from companion.records import category_highs, load_finished
                from companion.store import DamagedFile

                with suppress(OSError, ValueError, DamagedFile):
                    games = load_finished(store, SHEETS)
                    self._highs = category_highs(games, self.spec.game)
        return self._highs

    def _on_the_board(self, field: Field, seat: int, typed: object) -> int | None:
        """The board's count for this answer (`score_counts`) when `typed` is another, else
        None."""
        counts = self.counts.get(field.key, [])
        if seat >= len(counts) or typed == counts[seat]:
            return None
        return counts[seat]

    @staticmethod
    def _question(said: str, board: object) -> Text:
        """An answer taken but questioned (the only notes that are Texts)."""
        return Text(f"{said}{board} on the board: is that right?", style="bold yellow")

    def _read(self, field: Field, seat: int, text: str) -> tuple[Any, Any]:
        """One player's answer as the sheet takes it, and (a chart field) the count typed;
        SheetError says what is wrong."""
        board = self.board.get(field.key, [])
        value = parse_vps(text, board[seat]) if board else None
        if value is None:
            value = parse_answer(field, text)
        if field.chart:
            return look_up(field, self.charts[field.chart], value), value
        return value, None

    @on(Input.Changed, "#chart")
    def _chart_changed(self, event: Input.Changed) -> None:
        if self.at_standings:  # a change that arrives after the step was left
            return
        field = self.spec.fields[self.step]
        note = self.query_one("#chart-note", Static)
        try:
            self.charts[field.chart] = parse_chart(field.chart, event.value)
        except SheetError as error:
            say(note, Text(str(error), style="bold red"))
            return
        say(note, CHART_HINT)
        for seat in range(len(self.rows)):
            self._check(seat)
        self._show_totals()
        self._keep()

    def _show_totals(self) -> None:
        """Running totals while answering; at the standings, the tie-break figures too
        (the cells `goldrush score` prints: `standings_rows`), with the total right after
        the player's name, so that it is never cut off however many categories follow."""
        unread = self._not_counted()
        counted = [row for seat, row in enumerate(self.rows) if seat not in unread]
        result = score(self.spec, counted)
        headers, rows = totals_first(*standings_rows(self.spec, result), len(self.spec.categories))
        for seat in sorted(unread):  # ranked without them, their cells a "?" (a play-test saw
            # a refused 9 mayors counted, and an emptied answer's old number kept)
            rows.append(self._unread_row(seat, len(headers), unread[seat]))
        if not self.at_standings:
            say(self.query_one("#running-title", Static), self._running_title(unread))
        if not self.at_standings:  # the tie-break columns follow the categories
            headers, rows = (
                headers[: 3 + len(self.spec.categories)],
                [row[: 3 + len(self.spec.categories)] for row in rows],
            )
        table = self.query_one("#totals", DataTable)
        room = self._room_for_totals()
        fitted = fit_totals(
            headers, rows, room, PADDING, 3 + len(self.spec.categories), room + self._scrollbar()
        )
        if self._columns_shown != fitted:
            table.clear(columns=True)
            table.cell_padding = fitted.padding
            table.header_height = fitted.header_height
            for index, label in enumerate(fitted.headers):
                table.add_column(label, width=fitted.widths[index])
            self._columns_shown = fitted
            self._rows_shown = []
        self._show_rows(table, rows, fitted.name_width)
        if self.at_standings:  # (hidden until then)
            wider = sum(fitted.widths) + 2 * fitted.padding * len(fitted.widths) > room
            # the tie-break figures past the screen's edge are said to be there (at 80x24
            # no one found them: a play-test; they cannot fit beside the categories)
            say(
                self.query_one("#step-prompt", Static),
                STANDINGS_PROMPT_WIDE if wider else STANDINGS_PROMPT,
            )
            winners = Text(winners_sentence(result) + ".", style="bold")
            say(self.query_one("#winners", Static), winners)
            tiebreak = "\n".join([*tie_notes(self.spec, result), self.spec.tiebreak_sentence])
            say(self.query_one("#tiebreak", Static), Text(tiebreak))

    def _not_counted(self) -> dict[int, set[str]]:
        """Per player left out of the totals, the fields whose answer counts for nothing:
        one that does not read as typed, at this step or another (back from a refused
        Mayors, the totals took the refused 9: a play-test), or one of the answers a check
        across players refuses (they cannot all be right: Bo's 9 Hotels of 6 ranked him
        first, a play-test). A tie-break's answer refused leaves the total as it stands
        (the leader left the running totals over a 7 typed for Horses: a play-test)."""
        if self.at_standings:
            return {}
        here = self.spec.fields[self.step]
        unread: dict[int, set[str]] = {}
        refused = {(here.key, seat) for seat in self._refused} | self._refused_elsewhere
        for field in self.spec.fields:
            if not self.spec.counts_in_total(field):
                continue
            for seat in range(len(self.rows)):
                if (field.key, seat) in refused:
                    unread.setdefault(seat, set()).add(field.key)
        if self.spec.check is not None:
            checked = self.spec.fields[self._check_step()]
            if self.step == self._check_step():
                across = self._across is not None
            else:  # (said at its own step; here its total is not known either)
                every_read = all((checked.key, seat) not in refused for seat in self._seats())
                across = every_read and self.spec.check(self.rows) is not None
            if across:
                for seat in self._seats():
                    unread.setdefault(seat, set()).add(checked.key)
        return unread

    def _running_title(self, unread: dict[int, set[str]]) -> Text:
        """ "Running totals", and the steps whose answers make a "?" in them, this one too:
        whenever a total is "?" the heading says why (at the Frontier step, with the chart's
        notes above, Dee's "?" had no reason in sight: a play-test)."""
        keys = set().union(*unread.values()) if unread else set()
        labels = [field.label for field in self.spec.fields if field.key in keys]
        if not labels:
            return Text("Running totals")
        steps = labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"
        said = "step is" if len(labels) == 1 else "steps are"
        return Text(f"Running totals (? until the {steps} {said} put right)")

    def _seats(self) -> range:
        return range(len(self.rows))

    def _unread_row(self, seat: int, width: int, unknown: set[str]) -> list[str]:
        """A player with an answer refused (`unknown`: their fields): "?" for the rank, the
        total and the categories scored from those answers, the others as they stand (the
        whole row went "?", known numbers too: a play-test)."""
        fields = [field for field in self.spec.fields if field.key in unknown]
        cells = []
        for category in self.spec.categories:
            try:
                known = not any(self.spec.scored_from(category, field) for field in fields)
                cells.append(str(category.points(self.rows[seat])) if known else "?")
            except Exception:  # a category that needs the refused answer
                cells.append("?")
        row = ["?", str(self.rows[seat]["name"]), "?", *cells]
        return (row + ["?"] * width)[:width]

    def _show_rows(
        self, table: DataTable[str | Text], rows: list[list[str]], name_width: int
    ) -> None:
        """The totals' rows: a key typed changes a number or two, and only those cells are
        put in (the columns' widths are given: no measuring, no new layout); other rows
        (a step with other columns, the first time) fill the table anew."""
        if rows == self._rows_shown:
            return
        if len(rows) != len(self._rows_shown):
            table.clear()
            for row in rows:
                table.add_row(*_cells(row, name_width))
        else:
            for y, (row, before) in enumerate(zip(rows, self._rows_shown, strict=True)):
                if row != before:
                    cells = _cells(row, name_width)
                    for x, (cell, shown) in enumerate(zip(row, before, strict=True)):
                        if cell != shown:
                            table.update_cell_at(Coordinate(y, x), cells[x])
        self._rows_shown = [list(row) for row in rows]

    def _room_for_totals(self) -> int:
        """The columns the table can take without scrolling sideways: the screen's less the
        wizard's padding and its scroll bar."""
        wizard = self.query_one("#wizard")
        return self.app.size.width - wizard.styles.gutter.width - self._scrollbar()

    def _scrollbar(self) -> int:
        """The wizard's scroll bar's width (it shows when a step is taller than the screen)."""
        return int(self.query_one("#wizard").styles.scrollbar_size_vertical)

    def on_resize(self) -> None:
        if self._columns_shown is not None:
            self._show_totals()

    @on(Input.Changed, ".value")
    def _changed(self, event: Input.Changed) -> None:
        if self.at_standings:  # a change that arrives after enter left the last step: the
            # enter read the answer as typed (`5` and enter typed at once on the last answer
            # stopped the app: no field at the standings to suspect)
            return
        seat = int((event.input.id or "answer-0").rpartition("-")[2])
        self._check(seat)
        before, self._across_seat = self._across_seat, self._suspect(seat)  # beside the
        self._check_across()  # answer typed (it stayed beside Cy's 1 while Ann's 6 made it,
        if before != self._across_seat:  # and ctrl+s then sent the table to fix Cy's: a
            self._check(before)  # play-test) (its own note again)
        self._show_totals()  # (an answer that does not read, or a problem across: a "?")
        self._keep()

    def _check_across(self) -> None:
        """A problem across players (5 mayor pawns in all) is checked at each key: said
        beside the answer typed as soon as it arises (the running totals took 7 pawns
        until Next refused them: a play-test), gone once the answers are put right."""
        if self.spec.check is None or self.step != self._check_step():
            return  # (said at its field's step: at another, beside another answer)
        field = self.spec.fields[self.step]
        unread = [seat for seat in range(len(self.rows)) if not self._reads(field, seat)]
        problem = None if unread else self.spec.problem_across(self.rows)
        self._across_said = problem is not None
        if problem is None:  # put right, or an answer does not read: its own note says so
            if self._across is not None:
                self._check(self._across_seat)
            if not unread:
                self._across = None
        else:
            self._across = problem
            say(
                self.query_one(f"#note-{self._across_seat}", Static),
                Text(problem, style="bold red"),
            )

    def _suspect(self, typed: int) -> int:
        """Where a problem across players is said: beside the answer typed, unless it is
        the number the game tracked while another answer is not (Ann's tracked 1 typed
        after Bo's 9 took the blame for the 12 Hotels, and Bo's 9 was counted: a
        play-test); then beside the one it is beside already, if untracked."""
        field = self.spec.fields[self.step]
        untracked = [
            seat
            for seat in range(len(self.rows))
            if self.rows[seat].get(field.key) is not None
            and isinstance(self._count_note(field, seat, self.rows[seat][field.key]), Text)
        ]
        if typed in untracked or not untracked:
            return typed
        # (one already blamed stays: a tracked number typed again moved it to the first of
        # two untracked answers, a play-test)
        return self._across_seat if self._across_seat in untracked else untracked[0]

    def _check_step(self) -> int:
        """The step of the field the check across players is about (the last by default)."""
        key = self.spec.check_field
        keys = [field.key for field in self.spec.fields]
        return keys.index(key) if key in keys else len(keys) - 1

    def _reads(self, field: Field, seat: int) -> bool:
        """Whether a player's answer to this step reads (what `_check` checks, nothing
        shown)."""
        try:
            self._read(field, seat, self.query_one(f"#answer-{seat}", Input).value)
        except SheetError:
            return False
        return True

    def does_not_read(self, answer: Input) -> bool:
        """Whether this answer is refused as it stands: it does not read, or a problem
        across players is said beside it (`AnswerInput`'s backspace)."""
        if self.at_standings:
            return False
        seat = int((answer.id or "answer-0").rpartition("-")[2])
        return seat in self._refused or (self._across is not None and self._across_seat == seat)

    def typed_on(self, answer: Input, event: events.Key) -> bool:
        """Whether `event`, on `answer`, was typed on before its question showed (within
        `TYPED_ON` of the enter that stopped there): not taken, and said. A burst
        `3 4 enter 5 enter 6 enter` glued Bo's and Cy's answers onto Ann's, stopped at its
        question ("3 456", a play-test); the table reads the question, then types on."""
        stopped = self._stopped_at
        if stopped is None or stopped[0] is not answer:
            return False
        if self.clock() - stopped[1] >= self.TYPED_ON:
            self._stopped_at = None
            return False
        if not (event.is_printable or event.key in ("enter", "backspace", "delete")):
            return False
        self._say_question(
            "This answer has a question beside it: check it, then enter again goes on "
            "(what was typed on at once was not taken: type it again)."
        )
        return True

    def key_in_turn(self, answer: Input, key: str) -> None:
        """enter, down or up on an answer, in its turn among the keys typed (`AnswerInput`)."""
        if key == "enter":
            self._entered(answer)
        else:
            self.action_answer(1 if key == "down" else -1)

    def _to(self, widget: Widget) -> None:
        """The focus moved at once: `focus()` moves it once the keys already sent have been
        handed to the field that had it (a burst of downs moved one row: a play-test)."""
        self.set_focus(widget)

    def _entered(self, answer: Input) -> None:
        """Enter on an answer: read it, then on to the next player (or question, or step)."""
        seat = int((answer.id or "answer-0").rpartition("-")[2])
        refused = not self._check(seat)
        if not refused:
            self._check_across()
            refused = self._across is not None and self._across_seat == seat
        if refused:  # stay (6 mayor pawns typed here make 11 in all), the answer selected:
            # what is typed next replaces it (it was added to it: "231"), and the reason
            # in sight, however many lines it takes (a play-test saw half of it)
            answer.select_all()
            self._show_answer(answer)
            return
        if seat in self._questioned and not self._seen(seat):
            # a question this answer has just raised stops it once, in sight with its
            # answer until enter again (or it is typed anew): it went on past it, unseen
            # (a play-test); and with the focus on the next player, a 3x3 typed over a
            # Double had its question scrolled out of sight at 80x24 (another)
            self._stopped.add(self._question_key(seat))
            self._show_answer(answer)
            self._say_question(
                "This answer has a question beside it: check it, then enter again goes on."
            )
            self._stopped_at = (answer, self.clock())
            return
        if seat in self._questioned and self._questions_seen == self.step:
            # sent back to the questions: enter goes to the next one not seen, then on (it
            # went through every player's answer after it, two enters where the toast said
            # one: a play-test)
            unseen = [other for other in sorted(self._questioned) if not self._seen(other)]
            later = [other for other in unseen if other > seat] or unseen
            if later:
                self._to_question(later[0])
            else:
                self._on_by_enter()
            return
        if seat + 1 < len(self.rows):
            self._take_back_question()  # seen, and gone past (it stayed over the next one)
            self._to(self.query_one(f"#answer-{seat + 1}", Input))
            return
        # a question beside an answer is looked at before the step is left: the last
        # player's went by unseen, straight to the standings, and so did one an answer had
        # just raised once the others were seen (play-tests); enter again goes on
        unseen = [other for other in sorted(self._questioned) if not self._seen(other)]
        if unseen:
            self._questions_seen = self.step
            self._to_question(unseen[0])
            many = len(unseen)
            self._say_question(
                "An answer has a question beside it: check it, then enter again goes on."
                if many == 1
                else f"{many} answers have a question beside them: check each; enter goes "
                "to the next, then on."
            )
        else:
            self._on_by_enter()

    def _on_by_enter(self) -> None:
        """Enter on the last answer: on to the next step, remembered for ctrl+n."""
        before = self.step
        self.action_step(1)
        self._entered_step = (self.step, self.clock()) if self.step != before else None

    def action_next_step(self) -> None:
        """ctrl+n: the next step; right after an enter took the wizard on to this one, it
        stays and says so (ctrl+n again goes on)."""
        entered, self._entered_step = self._entered_step, None
        if (
            entered is not None
            and entered[0] == self.step
            and self.clock() - entered[1] < self.ENTER_THEN_NEXT
            and not self.at_standings
        ):
            field = self.spec.fields[self.step]
            self.notify(
                f"Enter has already gone on to {field.label} (step {self.step + 1}): "
                "check it; ctrl+n again goes past it.",
                severity="warning",
                markup=False,
            )
            return
        self.action_step(1)

    def _question_key(self, seat: int) -> tuple[int, int, str]:
        """A question as stopped at: its step, its player and the answer it is about."""
        return self.step, seat, self.query_one(f"#answer-{seat}", Input).value

    def _seen(self, seat: int) -> bool:
        return self._question_key(seat) in self._stopped

    def _to_question(self, seat: int) -> None:
        """The focus on a question, which counts as seen: enter there goes on."""
        self._stopped.add(self._question_key(seat))
        self._to(self.query_one(f"#answer-{seat}", Input))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """up and down move between the answers only from an answer or the chart's field;
        elsewhere (the standings' table, a button) they do what they do there."""
        if action == "answer":
            focused = self.focused
            if isinstance(focused, AnswerInput):  # the answer takes it, in its turn
                return False
            name = (focused.id or "") if focused is not None else ""
            return name == "chart" or name.startswith("answer-")
        if action == "columns":
            return self.at_standings
        return super().check_action(action, parameters)

    def action_columns(self, direction: int) -> None:
        """The standings' table moved sideways, a whole column at a time (`sideways`)."""
        table = self.query_one("#totals", DataTable)
        widths = [column.get_render_width(table) for column in table.ordered_columns]
        to = sideways(
            widths,
            table.fixed_columns,
            table.scrollable_content_region.width,
            round(table.scroll_x),
            direction,
            round(table.max_scroll_x),
        )
        table.scroll_to(x=to, animate=False)

    def action_answer(self, delta: int) -> None:
        """The next or previous player's answer (from the chart's field, the first; up from
        the first, the chart's field when the step has one); the standings' table keeps its
        own up and down."""
        focused = self.focused
        name = (focused.id or "") if focused is not None else ""
        if name == "chart" and delta > 0:
            seat = 0
        elif name.startswith("answer-"):
            seat = int(name.rpartition("-")[2]) + delta
        else:
            return
        if seat < 0 and self.query_one("#chart-row").display:  # up from the first: the
            self._to(self.query_one("#chart", Input))  # chart the notes ask for (a play-test
            return  # found only shift+tab reached it)
        if 0 <= seat < len(self.rows):
            self._to(self.query_one(f"#answer-{seat}", Input))

    @on(Input.Submitted, "#chart")
    def _chart_submitted(self) -> None:
        """Enter on the Map chart goes on to the first player's answer (it stayed, and
        the next answer went into the chart: a play-test), unless the chart does not read:
        then it stays, as typed, to be put right (it went on, and the backspaces meant for
        the chart's `1=two` went into Ann's answer: a play-test)."""
        if self.at_standings:  # an enter that arrives after the step was left
            return
        if not self._chart_reads():
            self._keep_chart_in_sight()
            return
        self._to(self.query_one("#answer-0", Input))

    def _chart_reads(self) -> bool:
        """Whether this step's Map chart, as typed, reads (a step with none: True)."""
        field = self.spec.fields[self.step]
        if not field.chart or not self.query_one("#chart-row").display:
            return True
        try:
            parse_chart(field.chart, self.query_one("#chart", Input).value)
        except SheetError:
            return False
        return True

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.action_step(-1)

    @on(Button.Pressed, "#next")
    def _next(self) -> None:
        self.action_step(1)

    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        self.action_save()

    def action_step(self, direction: int) -> None:
        if not self.at_standings:
            if direction > 0 and not self._chart_reads():  # (the entry refused was dropped
                chart = self.query_one("#chart", Input)  # unseen, the step left: as above)
                self._to(chart)
                chart.cursor_position = len(chart.value)
                self._say_fix_them()
                return
            problems = [seat for seat in range(len(self.rows)) if not self._check(seat)]
            if self._across is not None and self._across_seat not in problems:
                problems.append(self._across_seat)  # (Hotels past the box went on: a play-test)
            if problems and direction > 0:  # selected, as enter leaves a refused answer
                # (here it kept the cursor where it was; a field reached anew is selected
                # on focus: a refusal left it either way, a play-test)
                answer = self.query_one(f"#answer-{problems[0]}", Input)
                answer.focus()
                answer.select_all()
                self._say_fix_them()
                return
            if self._fix_them is not None:  # put right: it no longer holds (it stayed over
                take_back(self.app, self._fix_them)  # the standings: a play-test)
                self._fix_them = None
        if direction > 0 and self.step + direction >= len(self.spec.fields):
            unread = self._first_unread()
            if unread is not None:  # a step not gone through (ctrl+s from an early one)
                # whose answer does not read: there, not a 0 in its place (a Frontier of 1
                # land with no chart's points was saved as 0 VP: a play-test)
                self.step, seat = unread
                self._show_step()
                answer = self.query_one(f"#answer-{seat}", Input)
                answer.focus()
                answer.select_all()
                self._say_fix_them()
                return
            problem = self.spec.problem_across(self.rows)
            if problem:  # a check across players (Boomtown: 5 mayor pawns in all)
                # shown at its field's step, beside the answer typed last there
                target = self._check_step()
                seat = self._across_seat if self.step == target else 0
                self.step = target
                self._show_step()
                self._across, self._across_seat, self._across_said = problem, seat, True
                say(self.query_one(f"#note-{seat}", Static), Text(problem, style="bold red"))
                self._show_totals()  # without the answer refused (they were counted: 99)
                answer = self.query_one(f"#answer-{seat}", Input)
                answer.focus()
                answer.select_all()
                self.notify(problem, severity="warning", markup=False)
                return
        self.step = max(0, min(len(self.spec.fields), self.step + direction))
        self._show_step()
        self._keep()

    def _say_fix_them(self) -> None:
        """The notice that answers need fixing, once (a new one takes the old one's place)."""
        self._fix_them = show_toast(
            self.app,
            "Some answers need fixing; each problem is shown beside it.",
            severity="warning",
            replacing=self._fix_them,
        )

    def _say_question(self, message: str) -> None:
        """The notice that an answer stopped at its question, once: three answers in a row
        stacked three alike notices over the wizard (a play-test)."""
        self._question_toast = show_toast(
            self.app, message, severity="warning", replacing=self._question_toast
        )
        self._question_step = self.step

    def _take_back_question(self) -> None:
        """The notice of a question taken back: its answer was gone past (a play-test saw
        it stay over the next player's answer at 80x24)."""
        take_back(self.app, self._question_toast)
        self._question_toast = None

    def _first_unread(self) -> tuple[int, int] | None:
        """The first step and seat whose answer, as typed (or pre-filled), does not read;
        each that reads is taken into the sheet (a step never shown kept what it opened
        with: a chart's points not known yet stood as 0)."""
        for step, field in enumerate(self.spec.fields):
            for seat in range(len(self.rows)):
                try:
                    value, _count = self._read(field, seat, self.typed[field.key][seat])
                except SheetError:
                    return step, seat
                self.rows[seat][field.key] = value
        return None

    def action_save(self) -> None:
        if not self.at_standings:  # the standings first, to be checked: then it saves
            self.action_step(len(self.spec.fields))
            if self.at_standings:  # (a play-test took the first ctrl+s for the save)
                self._not_saved_yet = show_toast(
                    self.app,
                    "Not saved yet: check the standings, then ctrl+s again saves them and "
                    "finishes the game.",
                )
            return
        if self._not_saved_yet is not None:  # saved now: it no longer holds (it sat beside
            take_back(self.app, self._not_saved_yet)  # "The scores are saved": a play-test)
            self._not_saved_yet = None
        result = score(self.spec, self.rows)
        text = sheet_text(self.spec, self.rows)
        rows = [dict(row) for row in self.rows]
        self.dismiss(FinishedSheet(text, winners_sentence(result), result, self.charts, rows))

    _not_saved_yet: Notification | None = None  # the notice of the first ctrl+s
    _fix_them: Notification | None = None  # the notice that answers need fixing
    _question_toast: Notification | None = None  # the notice that an answer has a question
    _question_step = 0  # the step it was said at

    def typed_anything(self) -> bool:
        """Whether an answer or a chart differs from what the wizard opened with."""
        if self.charts != self._charts_as_opened:
            return True
        return any(self.typed[key] != texts for key, texts in self._as_opened.items())

    def action_leave(self) -> None:
        """Leave without finishing; what was typed, or standings reached, only after a yes
        (a play-test reached the standings, left with escape and thought them saved)."""
        if not self.typed_anything() and not self.at_standings:
            self.dismiss(None)
            return

        def answered(drop: bool | None) -> None:
            if drop:
                self.dismiss(None)

        if self.typed_anything():
            dialog = ConfirmDialog(
                "Leave the wizard? What you typed in it is dropped (the game stays as it was).",
                yes="Drop and leave",
                no="Keep typing",
            )
        else:
            dialog = ConfirmDialog(
                "Leave without saving the scores? The game is not finished until ctrl+s "
                "saves them.",
                yes="Leave unsaved",
                no="Back to the standings",
            )
        self.app.push_screen(dialog, answered)
