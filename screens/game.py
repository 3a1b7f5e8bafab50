"""What every game screen has: the log, undo/redo, corrections, finishing, going home.

A game screen builds an entry with the rules, hands it to `run`, and renders the state
the session returns; a refusal comes back as a message for the field it was typed in.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.notifications import Notification, SeverityLevel
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Header, Input, Static

from companion.amounts import AmountError
from companion.games import RuleError
from companion.games.base import FINISHED
from companion.journal import Entry
from companion.safe_text import text_problem
from companion.session import READ_ONLY, TOOK_OVER, FollowStopped, GameSession
from companion.store import DamagedFile, SaveError
from screens.compositor import ScreenCompositor
from screens.player_colours import follow_theme
from screens.size_classes import initial_classes, set_size_classes, size_classes
from screens.styled_once import StyledOnce
from screens.toasts import show_toast, take_back
from screens.widgets.backdrop import AlikeLines, PlainVerticalScroll
from screens.widgets.command_input import CommandField
from screens.widgets.log_panel import LogPanel
from screens.widgets.shown import Shown, say
from screens.widgets.tail_log import TailLog
from screens.widgets.wrapped_rows import WrappedRows

TYPE_HERE = "type here, enter to do it"
READ_ONLY_FIELD = "read-only: this window only shows the game"
COMMON_HELP = """\
## Every game screen

- **ctrl+z** undoes the last change, **ctrl+y** redoes it (also after a restart). Undoing
  a finished game's finish asks first: it leaves the records until finished again.
- **ctrl+o** corrects any number, with a reason: the cardboard wins.
- **ctrl+f** scores and finishes the game with the scoring wizard (or reopens a finished
  game to correct it).
- **f3** charts what each number did over the game (and a finished game's scores).
- **f2** shows or hides the log (on a narrow terminal it takes the whole screen: typing,
  or **escape**, brings the game back); **page up** / **page down** (or the mouse wheel)
  look back through it. With the log hidden, they scroll what of the game does not fit.
- **escape** goes back home; everything is already saved. With a command half typed, the
  first escape clears it.
- **ctrl+p** lists every command ("Game: ...").
- In the command field, **tab** (or right arrow) takes the greyed completion, **up** and
  **down** bring back earlier commands. An empty enter changes nothing. A refused
  command stays in the field, selected: type the next one over it, or press **end** (or
  an arrow) to correct it; **ctrl+u** empties the field.
"""


#: a read-only window's step line: whose turn it is, as typed in the window that plays
ELSEWHERE = "In the window that plays it: "
#: the wizard opened again after its save failed: what it says of the typing it gives back
NOT_SAVED_BACK = "Not saved, so your scores are back here as you typed them: ctrl+s saves them."


class TypeMore(RuleError):
    """A refusal that asks for words added at the end of the command (Calamityville's bonus
    rent): the command stays with the cursor at its end, not selected to be typed over."""


class GameScreen(StyledOnce, AlikeLines, Screen[None]):
    """Base of the game screens; subclasses compose their main area and `render_state`."""

    #: a typed command is being done (what it changed is said once it is done)
    _doing = False
    _not_saved = ""  # why the command being done could not be saved

    #: a dialog over it takes its `-narrow`, by which app.tcss places toasts (dialog.py)
    DIALOGS_FOLLOW_ITS_WIDTH = True

    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("ctrl+o", "correct", "Correct", id="correct"),
        Binding("ctrl+f", "finish", "Finish", id="finish"),
        Binding("f2", "toggle_log", "Log", id="toggle-log"),
        Binding("f3", "charts", "Charts", id="charts"),
        Binding("pageup", "log_page(1)", "Older log lines", show=False),
        Binding("pagedown", "log_page(-1)", "Newer log lines", show=False),
        Binding("escape", "home", "Home", id="home"),
    ]
    #: the screen's keys the command field runs in their turn among the keys typed: keys
    #: typed on after ctrl+o (`999`, enter, `big win`) went into the command field, the
    #: binding run once the key had bubbled up past them (a play-test); typed on, they go
    #: to the dialog or screen it opens (screens/dialog.py): each key that opens one; and
    #: undo and redo (priority bindings, they ran as they reached the app: a command, enter
    #: and ctrl+z typed in one go undid the change before it, a play-test)
    KEYS_IN_TURN: tuple[str, ...] = ("ctrl+o", "ctrl+f", "f3", "ctrl+z", "ctrl+y")
    #: when the footer cannot show every key, these give way first (F1 and the palette still
    #: list them): charts and going home are rare mid-game, the game's own keys are not
    FOOTER_GIVES_WAY = ("f3", "escape")

    #: how often a read-only copy looks for the writer's changes (one stat when none)
    FOLLOW_EVERY = 0.5
    #: how often the writing window looks at its own file for a change it did not make
    #: (one stat when none; nothing done per key, #16)
    WATCH_EVERY = 1.0

    #: what a change did, when longer than the line under the field: wrapped whole (True:
    #: Boomtown's events name payers and pawns a table checks) or cut there, "f2: all of it"
    DONE_WRAPS = False

    def __init__(self, session: GameSession) -> None:
        super().__init__(classes=initial_classes())
        self._compositor = ScreenCompositor()
        self._log: LogPanel | None = None
        self._refusal_beside: Static | None = None
        #: the one-line notice beside the field, whole, and its kept hint (`say_beside`)
        self._fitted: tuple[str, str] | None = None
        self._command_field: CommandField | None = None
        self.session = session
        self.sub_title = session.title
        self._follow_timer: Timer | None = None
        self._watch_timer: Timer | None = None
        self._draft_toast: Notification | None = None  # scores kept from the wizard: ctrl+f
        self._reopened_toast: Notification | None = None  # "stays reopened", while it does
        #: what the opening did, to be said on the line under the field (`say_on_opening`),
        #: and whether the screen's own on_mount has run
        self._opening: list[tuple[str, str, str, str]] = []
        self._opened = False

    def on_mount(self) -> None:
        """Textual also calls this after a subclass's own on_mount: no super() call needed."""
        follow_theme(self, self.recolour)  # the players' colours for a light theme
        self.refresh_view()
        self._opened = True
        if self._opening:  # (a subclass's on_mount, run before this, adds its own)
            self.call_after_refresh(self._say_opening)
        if self.session.read_only_reason is not None:  # damaged: until the table says go on
            self._show_read_only(self.session.read_only_reason)
        if self.session.following:
            self._show_read_only(READ_ONLY)
            self.notify(READ_ONLY, title="Read-only", severity="warning", markup=False)
            self._follow_timer = self.set_interval(self.FOLLOW_EVERY, self.follow_writer)
            return
        self._start_watching()
        if self.session.store.read_draft(self.session.path) is not None:
            self._draft_toast = show_toast(
                self.app,
                "Scores typed in the scoring wizard were kept: ctrl+f goes on with them.",
                title="Scoring",
                timeout=10,
            )

    def on_unmount(self) -> None:
        self.leave()

    # -- any terminal size ---------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        """Classes the .tcss files lay out by: `-narrow` (the log gives way), `-short`. f2
        means "the log instead of the game" when narrow and "no log" when wide: crossing
        from one to the other, the new width's own view is shown (the log shown instead of
        the game, then a wider terminal, showed the game without its log)."""
        narrow = size_classes(event.size)["-narrow"]
        if narrow != self.has_class("-narrow") and self.has_class("-log-toggled"):
            self.remove_class("-log-toggled")
            self.call_after_refresh(self._refocus)
        set_size_classes(self, event.size)
        if self._fitted is not None:
            self.call_after_refresh(self._refit)

    def action_charts(self) -> None:
        """What each tracked number did over the game, replayed from the journal."""
        from screens.charts import GameCharts  # plotext only when a chart is asked for

        self.app.push_screen(GameCharts(self.session))

    def action_toggle_log(self) -> None:
        """Show or hide the log: beside the game when wide, instead of it when narrow. The
        game coming back gives the command field its focus back (hidden, it had lost it to
        whatever Textual focused next)."""
        self.toggle_class("-log-toggled")
        self.call_after_refresh(self._refocus)

    def _refocus(self) -> None:
        if isinstance(self.focused, Input):
            return
        for field in self.query("#command").results(Input):
            if field.is_on_screen:
                field.focus()

    def log_instead_of_game(self) -> bool:
        """True when f2 shows the log instead of the game (a narrow terminal)."""
        return self.has_class("-narrow") and self.has_class("-log-toggled")

    def on_key(self, event: events.Key) -> None:
        """What is typed (and enter) reaches the command field whatever has the focus: keys
        typed while the log was shown instead of the game (it comes back), or just after f2
        put the game back (the field gets its focus after the next frame), were lost (a
        play-test)."""
        if not (event.is_printable or event.key == "enter") or isinstance(self.focused, Input):
            return
        field = next(iter(self.query("#command").results(Input)), None)
        if field is None or field.disabled:
            return
        event.stop()
        event.prevent_default()
        if self.log_instead_of_game():
            self.action_toggle_log()
        field.focus()
        # the field takes the key as if typed in it (a refused command, selected, is
        # replaced by it); keys after it, enter too, follow in order
        field.post_message(events.Key(event.key, event.character))

    def action_log_page(self, pages: int) -> None:
        """Page up/down look back through the log, whatever has the focus (the command
        field keeps it: the log never takes it). With the log hidden (a narrow terminal, or
        f2), they scroll the game's part that does not fit instead: five players' cards late
        in a game, Coloma's Shootout at 80x24, had lines no key could reach (a play-test)."""
        if self.query_one(LogPanel).display:
            self.query_one(TailLog).page(pages)
            return
        for box in self.query(PlainVerticalScroll):
            if box.region.height and box.max_scroll_y:
                if pages > 0:
                    box.scroll_page_up(animate=False)
                else:
                    box.scroll_page_down(animate=False)
                return

    def leave(self) -> None:
        """The game is left: stop following and give its lock back (it can be reopened)."""
        if self._follow_timer is not None:
            self._follow_timer.stop()
            self._follow_timer = None
        self._stop_watching()
        self.session.close()

    # -- the writer's file, changed underneath it ------------------------------------------

    def _start_watching(self) -> None:
        if self._watch_timer is None:
            self._watch_timer = self.set_interval(self.WATCH_EVERY, self.watch_file)

    def _stop_watching(self) -> None:
        if self._watch_timer is not None:
            self._watch_timer.stop()
            self._watch_timer = None

    def watch_file(self, refused: bool = False) -> None:
        """The writing window's look at its own file (every WATCH_EVERY, and at once after a
        change was refused as changed elsewhere): a change it did not make (another program,
        a sync tool, a hand edit) is read, shown, and said beside the command field, where
        the eyes are; a damaged file makes the game read-only here, with the way to go on
        in the read-only line. What is typed in the field stays. (It said nothing until a
        change was typed and refused, and its advice, "open the game again", handed the
        game to the window that followed it: a play-test.) `refused`: the sentence starts
        with the refusal it explains."""
        try:
            said = self.session.watch()
        except Exception:  # a bug of ours: keep the game on screen as it is, say where
            self._stop_watching()
            where = self.app.note_crash()  # type: ignore[attr-defined]
            self.notify(
                "This window stopped looking for changes to the game file made elsewhere after "
                "an unexpected error." + (f" Details: {where}" if where else ""),
                severity="error",
                markup=False,
            )
            return
        if said is None or not self.is_mounted:
            return
        reason = self.session.read_only_reason
        if reason is not None:
            self._show_read_only(reason)
        else:
            for line in self.query("#read-only"):
                line.remove()
        self.refresh_view()
        if refused:
            said = f"Not saved, so not done: {said[:1].lower()}{said[1:]}"
        self.say_beside(said)

    def _look_again(self) -> None:
        """A change was refused, maybe because the file changed underneath: look at once
        (after the refusal is said, which the look's sentence then explains)."""
        if self._watch_timer is not None:
            self.call_later(self.watch_file, True)

    # -- one writer per game -----------------------------------------------------------

    def follow_writer(self) -> None:
        """Show what the writing copy changed; take its role when it has closed the game."""
        notices = len(self.session.notices)
        try:
            changed = self.session.follow()
            took_over = self.session.try_to_write()
        except FollowStopped as stopped:
            self._stop_following()
            self._show_read_only(str(stopped))
            self.notify(str(stopped), title="Read-only", severity="warning", markup=False)
            return
        except Exception:  # a bug of ours: keep the game on screen as it is, say where
            self._stop_following()
            where = self.app.note_crash()  # type: ignore[attr-defined]
            self.notify(
                "This window stopped following the game after an unexpected error."
                + (f" Details: {where}" if where else ""),
                severity="error",
                markup=False,
            )
            return
        if took_over:
            self._stop_following()
            self._start_watching()
            if self.session.read_only_reason is not None:  # a damaged game: still read-only
                self._show_read_only(self.session.read_only_reason)  # until the say-so
            else:
                for line in self.query("#read-only"):
                    line.remove()
            # the read-only sentence no longer holds, nor a command it refused, still in the
            # field: one enter ran it after the takeover (a play-test)
            self.clear_refusals()
            self.refresh_view()
            self.notify(TOOK_OVER, title="Writable", markup=False)
            for notice in self.session.notices[notices:]:
                self.notify(notice, title="On opening", severity="warning", markup=False)
        elif changed:
            self.refresh_view()
            for notice in self.session.notices[notices:]:  # the file read anew was damaged
                self.notify(notice, title="Game file", severity="warning", markup=False)

    def _stop_following(self) -> None:
        if self._follow_timer is not None:
            self._follow_timer.stop()
            self._follow_timer = None

    def _show_read_only(self, text: str) -> None:
        """The line under the header that says this window cannot change the game."""
        for line in self.query("#read-only").results(Static):
            line.update(text)
            return
        line = Static(text, id="read-only", markup=False)
        headers = self.query(Header)
        if headers:
            self.mount(line, after=headers.first())
        else:
            self.mount(line, before=0)

    def read_only_sentence(self) -> str | None:
        """Why this window cannot change the game (another window writes it, or its file is
        damaged until the table says go on), or None."""
        if self.session.read_only:
            return READ_ONLY
        return self.session.read_only_reason

    def can_play(self) -> bool:
        """True when this window may add play to the game (it writes it, and it is not
        finished): what a screen fills in by itself on opening needs this."""
        return self.read_only_sentence() is None and not self.session.state.finished

    def refuse_if_read_only(self) -> bool:
        """True (and said so) when this window cannot change the game."""
        sentence = self.read_only_sentence()
        if sentence is not None:
            self.notify(sentence, title="Read-only", severity="warning", markup=False)
            return True
        return False

    # -- the one path for changes --------------------------------------------------

    def run(self, entry: Entry) -> bool:
        """Write and apply an entry; False (and the reason shown) when it was not done."""
        problem = self.attempt(entry)
        if problem is not None:
            title, sentence = problem
            severity = "warning" if title == "Refused" else "error"
            self.notify(sentence, title=title, severity=severity, markup=False)
            if self._doing:  # said under the command too, where every refusal is (a full
                self._not_saved = sentence  # disk's was a toast only: a play-test)
            return False
        return True

    def attempt(self, entry: Entry) -> tuple[str, str] | None:
        """Write and apply an entry and show it; or (title, why) when it was not done, for
        the caller to say where the change was typed."""
        written = len(self.session.journal)
        try:
            self.session.act(entry)
        except RuleError as error:
            return "Refused", str(error)
        except SaveError as error:
            self._look_again()
            return "Not saved", error.sentence
        except OSError as error:
            return "Not saved", f"Not saved, so not done: {error}"
        self.clear_refusals()
        self.refresh_view()
        if not self._doing and self.is_mounted and self._log_out_of_sight():  # a correction,
            # a key (ctrl+n), a dialog's change: said as a command's is (a correction said
            # nothing: play-tests); not what the screen puts in as it opens (the graveyard
            # remembered read as left over from the last game: a play-test)
            self._say_done(self._done_sentence(written))
        return None

    def _log_out_of_sight(self) -> bool:
        """The log is not shown beside the game: narrow (unless f2 shows it instead of the
        game), or hidden with f2 when wide."""
        return self.has_class("-narrow") != self.has_class("-log-toggled")

    #: the line under the field says what the last change did, or why a key (not the
    #: command in the field) was refused: it goes at the first key typed
    _done_said = False

    #: what the command being done noted beyond its entries (`say_with_done`): each as
    #: its toast would say it, as the line would, and the toast's title and severity
    _notes: tuple[tuple[str, str, str, SeverityLevel], ...] = ()
    #: the "Done: ..." on the line under the field, whole, while it is there
    _done_text = ""

    def say_with_done(
        self,
        sentence: str,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        line: str = "",
    ) -> None:
        """What a change did beyond its entries (Builders' Terrain Cards left unplaced at
        the first build, Calamityville's price kept, a reopened game's ctrl+f): with the log
        out of sight, said after its "Done: ..." on the line under the field (`line`
        instead, where the Done says the rest), until the next key typed; a toast sits at
        the bottom right of the game then, and at 80x24 covered the Builders Train Marker's
        notes, the line saying what to type next (as the opening notices did: a play-test).
        Wrapped whole with it: no log line has it for f2 to show, and a cut lost what it
        says. Beside the log, a toast over it (`title`, `severity`, `timeout`), as before."""
        if not self._log_out_of_sight() or not self.is_mounted:
            self.notify(sentence, title=title, severity=severity, timeout=timeout, markup=False)
        elif self._doing:  # said once the command is done, with its Done
            self._notes = (*self._notes, (sentence, line or sentence, title, severity))
        else:  # after a dialog's change (`attempt` has said its Done)
            self._say_done(self._done_text if self._done_said else "", line or sentence)

    def _say_done(self, sentence: str, notes: str = "") -> None:
        """What a change did, on the line under the field, until the next key is typed; one
        cut to the line says where the rest is (a Clean Up's refills and Outlaws were cut
        off with no word: a play-test); a screen whose changes say more (`DONE_WRAPS`) has
        it wrapped whole instead. `notes` (`say_with_done`), said after it, are in no log
        line for f2 to show: wrapped whole with it, then (rare: once a game, a price
        changed)."""
        if notes:
            self.say_beside(f"{sentence} {notes}".strip(), notice=True)
        elif sentence:
            width = self.refusal_line().content_size.width
            too_long = bool(width) and cell_len(sentence) > width
            if too_long and self.DONE_WRAPS:
                self.say_beside(sentence, notice=True)
            else:
                more = " f2: all of it." if too_long else ""
                self.say_beside(sentence, notice=True, one_line=True, keep=more)
        if notes or sentence:
            self._done_said = True
            self._done_text = f"{sentence} {notes}".strip()

    def say_on_opening(
        self,
        sentence: str,
        keep: str = "",
        title: str = "",
        short: str = "",
        short_keep: str = "",
    ) -> None:
        """What opening the game did that the screen does not show (the first player the
        app drew, a board or Gold Supply remembered from the last game), said once. With the
        log out of sight, on the line under the command field, where the eyes are, until the
        first key typed (as a change's "Done: ..."): a toast sits at the bottom right of the
        game then, and at 80x24 two covered the Builders Train Marker's notes, the line that
        says what to type next, for their whole time (a play-test). Beside the log, a toast
        (`title`) over it, as before. One line, cut at a word when too long, `keep` (the key
        that takes it back) kept whole: a second line pushed the board's rows out at 80x24.
        Said before the screen is mounted or in a subclass's on_mount (together, then).
        `short` (with `short_keep`, else `keep`): the same in fewer words, with no full stop,
        said when every notice has one and theirs together do not fit the line (`_say_opening`)."""
        if self._log_out_of_sight():
            self._opening.append((sentence, keep, short, short_keep or keep))
            if self._opened:  # (later: on its own)
                self.call_after_refresh(self._say_opening)
        else:
            self.notify(sentence + keep, title=title, markup=False)

    def _say_opening(self) -> None:
        """The opening's notices, once the line's width is known (so that the cut, not a
        wrap, fits them to it); not over what a key typed ahead had said there meanwhile."""
        said, self._opening = self._opening, []
        if not said or not self.is_mounted or str(self.refusal_line().content):
            return
        *before, (last, keep, last_short, last_short_keep) = said
        text = " ".join([*(sentence + tail for sentence, tail, _, _ in before), last])
        width = self.refusal_line().content_size.width
        if (
            before
            and all(short for _, _, short, _ in said)
            and width
            and cell_len(text) + cell_len(keep) > width
        ):
            # in fewer words, the last whole (cut, the first player drawn and the board
            # remembered at 80x24 said "The app drew Bo to go first. The… (ctrl+z 2 times
            # to change the size).": what was remembered was lost, a play-test); a name too
            # long for both cuts the first
            text = "; ".join(short for _, _, short, _ in before)
            keep = f"; {last_short}{last_short_keep}"
        self.say_beside(text, notice=True, one_line=True, keep=keep)
        self._done_said = True

    def _done_sentence(self, written: int) -> str:
        """What the entries written since the journal held `written` said, for the line under
        the field when the log is out of sight: at 80x24 a command done showed nothing but a
        number changing somewhere below (play-tests: "did it go in?"). One line, cut at a
        word; f2 shows the log whole."""
        new = self.session.journal.entries[written:]
        said = "; ".join(self.walked_text(entry).rstrip(".") for entry in new)
        return f"Done: {said}." if said else ""

    def finished_line(self, tail: str) -> str:
        """A finished game's line: its end as the finish said it, then `tail` (what ctrl+f
        does), or, once it was corrected after the finish, that ctrl+f scores it again (the
        winners shown went on contradicting the corrected money: a play-test)."""
        if self.session.corrected_since_finish():
            tail = "Corrected since it was scored: ctrl+f scores it again."
        return f"{self.finished_sentence()} {tail}"

    def finished_sentence(self) -> str:
        """A finished game's end as its finish entry said it ("The game is over: Ann wins
        with 67 points."): the screen showed only "The game is finished" (a play-test)."""
        finish = self.session.journal.newest_of("finish")
        return finish.text if finish is not None else "The game is finished."

    def clear_refusals(self) -> None:
        """The game changed: a refusal shown beside the field no longer holds, nor does
        the refused command still in the field."""
        self.say_beside("")
        if self._command_field is None:  # looked up once, as the refusal line is
            self._command_field = self.query_one("#command", CommandField)
        self._command_field.drop_kept()

    @on(CommandField.PastedFirstLine)
    def _pasted_lines(self, event: CommandField.PastedFirstLine) -> None:
        more = "line was" if event.left_out == 1 else "lines were"
        self.say_beside(
            f"Only the first line was pasted ({event.left_out} more {more} left out): one "
            "command at a time.",
        )

    def refusal_line(self) -> Static:
        """The message line beside the command field (every game screen has one), looked
        up once: a query walks the whole screen (~0.5 ms a key)."""
        if self._refusal_beside is None:
            self._refusal_beside = self.query_one("#command-error", Static)
        return self._refusal_beside

    #: how far the game was when last shown (`rules.progress`: its round or phase)
    _progress_shown: str | None = None

    def refresh_view(self) -> None:
        if self._log is None:
            self._log = self.query_one(LogPanel)
        self._log.show(self.session.journal)
        self.render_state()
        self._scroll_home_when_the_game_moves_on()

    def _scroll_home_when_the_game_moves_on(self) -> None:
        """A part paged down (the log hidden) goes back to its top at a new round or phase:
        paged down to read Coloma's Shootout, the Bucks stayed out of sight into the next
        year, and nothing said to page up (a play-test)."""
        progress = self.session.rules.progress(self.session.state)
        if self._progress_shown is not None and progress != self._progress_shown:
            # (walked, not queried: a query's selector matching took ~0.4 ms of the key that
            # draws Builders' board, #16)
            for box in self.walk_children(PlainVerticalScroll):
                if box.scroll_y:
                    box.scroll_home(animate=False)
        self._progress_shown = progress

    def recolour(self) -> None:
        """The players drawn in the colours of a theme switched to (dark or light); a screen
        that keeps what it drew drops it first."""
        self.render_state()

    def render_state(self) -> None:
        """Subclasses show the session's state."""

    def selected_seat(self) -> int:
        return 0

    # -- actions ---------------------------------------------------------------

    def action_undo(self) -> None:
        target = self.session.journal.undo_target()
        if target is not None and target.kind == "finish" and self.session.state.finished:
            # asked: one key took a saved result out of the records, unsaid (a play-test)
            from screens.confirm import ConfirmDialog

            def answered(yes: bool | None) -> None:
                if yes:
                    self._walk(self.session.undo, "undo", "Undone")

            self.app.push_screen(
                ConfirmDialog(
                    "Undo the finish? The game leaves the records until it is finished again "
                    "(ctrl+y does it again).",
                    yes="Undo the finish",
                    no="Keep it finished",
                ),
                answered,
            )
            return
        self._walk(self.session.undo, "undo", "Undone")

    def action_redo(self) -> None:
        self._walk(self.session.redo, "redo", "Redone")

    def _walk(self, step: Callable[[], Entry | None], verb: str, done: str) -> None:
        """Undo or redo one whole entry, and say which beside the command field, where the
        eyes are: a toast took three frames and ~50 ms to come (a widget mounted), and sat
        over the header at 80x24 for five seconds (#16)."""
        try:
            entry = step()
        except RuleError as error:
            self.say_beside(str(error))
            return
        except SaveError as error:  # (said under the field too, as a command's is: the
            # toast alone went, and nothing said why the undo did nothing, a play-test)
            self.notify(error.sentence, title="Not saved", severity="error", markup=False)
            self.say_beside(error.sentence)
            self._look_again()
            return
        except OSError as error:
            sentence = f"Not saved, so not {verb}ne: {error}"
            self.notify(sentence, severity="error", markup=False)
            self.say_beside(sentence)
            return
        if entry is None:
            self.say_beside(f"Nothing to {verb}.", notice=True)
            return
        self.clear_refusals()
        self.walked(entry, undone=verb == "undo")
        if entry.kind in ("finish", "reopen"):  # the records count what is finished now
            self._history_follows(finished=self.session.state.finished)
            if self.session.state.finished:  # "stays reopened" no longer holds
                self._take_back_reopened()
        self.refresh_view()
        again = " ctrl+y does it again." if verb == "undo" else ""
        said = f"{done}: {self.walked_text(entry, undone=verb == 'undo').rstrip('.')}."
        self.say_beside(said, notice=True, one_line=True, keep=again)

    def _take_back_reopened(self) -> None:
        """The "stays reopened" toast goes once it no longer holds (the reopening undone,
        or the wizard opened again): it stayed its whole time after a ctrl+z had finished
        the game again (a play-test)."""
        if self._reopened_toast is not None:
            take_back(self.app, self._reopened_toast)
            self._reopened_toast = None

    def walked(self, entry: Entry, undone: bool) -> None:
        """What a screen keeps outside the journal follows an undo (`undone`) or a redo of
        `entry` (Calamityville's bonus rent); nothing here."""

    def walked_text(self, entry: Entry, undone: bool | None = None) -> str:
        """What an undo (`undone`) or a redo says of `entry`, or a change just done (None):
        its sentence (a screen may say a long one by its result, which a cut line lost)."""
        return entry.text

    def say_beside(
        self, text: str, notice: bool = False, one_line: bool = False, keep: str = ""
    ) -> None:
        """The line beside the command field: a refusal (in the error style, whole), or
        with `notice` what a key did (an undo's sentence, a preview), in the log's style.
        `one_line`: never more than one line (a long one ends in an ellipsis, before `keep`,
        a hint kept whole; the log has it whole), so that neither it nor the next command
        lays the screen out again: a wrapped notice made the next key cost a layout, 40 ms
        (#16). A resize fits it to the new width (`_refit`)."""
        self._refused_typed = None  # whatever is said now is not that refusal
        self._done_text = ""  # nor a change's Done (`_say_done` says it again after this)
        self._previewed = False  # nor what the command being typed would do
        # nor what a change did; a refusal goes at the first key typed too (a key's or the
        # palette's stayed under the next command: a play-test), unless it is the refusal
        # of the command in the field, which stays while that is there (`_command`)
        self._done_said = bool(text.strip()) and not notice  # (blank lines hold its room)
        line = self.refusal_line()
        if (text or keep) and line.has_class("-notice") != notice:  # (an empty line looks
            line.set_class(notice, "-notice")  # the same: a class changed restyles it, ~2 ms)
        self._fitted = (text, keep) if one_line and (text or keep) else None
        say(line, self._one_line(text, keep) if one_line else text + keep)

    #: the line under the field says what the command being typed would do (or why not)
    _previewed = False

    def preview_beside(self, text: str, notice: bool = False) -> None:
        """What the command being typed would do (`notice`), or why not, beside the field;
        "" takes it away. Only a change is drawn (most keys leave the line as it was), and
        with no layout while it takes as many lines; typed over with another command, the
        screen takes it away (`clear_preview`). Not over the refusal of the command still
        in the field: a command typed in one go with its enter was refused, then the change
        events of its typing came, and a preview of its text that says nothing (a number too
        large) took the reason away (a play-test)."""
        if self._refused_typed is not None:
            if self._command_field is None:
                self._command_field = self.query_one("#command", CommandField)
            if comparable(self._command_field.value) == self._refused_typed:
                return
        self.say_beside(text, notice=notice)
        self._previewed = bool(text)
        self._done_said = False  # (what is typed says it, not the first key after it)

    def clear_preview(self) -> None:
        """The preview of a command no longer in the field goes (enter then did another
        command, the line still saying what the first would: a play-test)."""
        if self._previewed:
            self.preview_beside("")

    def _one_line(self, text: str, keep: str) -> str | Text:
        """`text` and `keep` cut to the refusal line's width, the cut made in `text` while
        it leaves it 20 cells (a Text only when a cut is made: none at every key for the
        empty line)."""
        width = self.refusal_line().content_size.width
        if not width or cell_len(text) + cell_len(keep) <= width:
            return text + keep
        room = width - cell_len(keep)
        whole = text if room > 20 else text + keep
        shown = Text(whole)
        shown.truncate(room if room > 20 else width, overflow="ellipsis")
        shown = Text(at_a_word(shown.plain, whole))
        if room > 20:
            shown.append(keep)
        return shown

    def _refit(self) -> None:
        """A one-line notice fitted to the width the terminal has now: the whole sentence
        when it fits a wider one, cut again for a narrower one (a cut notice stayed cut
        with room to spare, and a whole one took two lines)."""
        if self._fitted is not None and self.is_mounted:
            say(self.refusal_line(), self._one_line(*self._fitted))

    def action_correct(self) -> None:
        from screens.correction import CorrectionDialog

        if self.refuse_if_read_only():
            return

        def save(entry: Entry) -> str | None:
            problem = self.attempt(entry)
            if problem is None and self.session.state.finished:
                self.say_with_done(
                    "Corrected. The standings were scored from the score sheet, not from this "
                    "number: ctrl+f reopens the game, and its wizard changes the sheet.",
                    title="Finished game",
                    timeout=10,
                    line="The standings were scored from the score sheet, not from this "
                    "number: ctrl+f reopens the game, and its wizard changes the sheet.",
                )
            return None if problem is None else problem[1]

        self.app.push_screen(CorrectionDialog(self.session, self.selected_seat(), save))

    def action_finish(self) -> None:
        """Score the game with the wizard (pre-filled from this screen), or reopen it. Before
        the game's end (as far as the screen knows it) it asks first."""
        from screens.confirm import ConfirmDialog

        if self.refuse_if_read_only():
            return
        state, rules = self.session.state, self.session.rules
        if state.finished:  # a stray ctrl+f must not reopen it: ask first
            # corrected since it was scored: reopened to be scored again, at once (it only
            # reopened, and a second ctrl+f opened the wizard: a play-test)
            score_again = self.session.corrected_since_finish()

            def reopen(yes: bool | None) -> None:
                if yes and self.run(rules.reopen(self.session.state)):
                    self._history_follows(finished=False)
                    if score_again:
                        self._open_wizard()
                        return
                    self.say_with_done(
                        "The game is open again; ctrl+f scores it anew, from its last sheet.",
                        line="ctrl+f scores it anew.",  # (one line: its question said the rest)
                    )

            question = (
                "This game was corrected after it was scored, so its result may be out of "
                "date. Reopen it and score it again? The wizard starts from its last sheet; "
                "the game leaves the records until it is finished again."
                if score_again
                else "This game is finished. Reopen it to change it? Its scores stay as the "
                "wizard's starting values; it leaves the records until it is finished again."
            )
            self.app.push_screen(
                ConfirmDialog(
                    question,
                    yes="Reopen and score" if score_again else "Reopen",
                    no="Leave it finished",
                ),
                reopen,
            )
            return

        not_over = rules.not_over(state)
        if not_over is not None:

            def answered(yes: bool | None) -> None:
                if yes:
                    self._open_wizard()

            question = f"{not_over} Score and finish the game now?"
            self.app.push_screen(ConfirmDialog(question, yes="Score now", no="Play on"), answered)
            return
        self._open_wizard()

    def _open_wizard(self) -> None:
        """The scoring wizard, started from what this screen tracked. The notice that scores
        were kept goes: the wizard says they are back (two toasts and a third over the
        totals at 80x24, a play-test found)."""
        from companion.scoring import (
            Followed,
            board_hints,
            follow_since_sheet,
            followed_notice,
            overlay_sheet,
            tracked_numbers,
        )
        from screens.scoring import FinishedSheet, ScoringWizard

        if self._draft_toast is not None:
            take_back(self.app, self._draft_toast)
            self._draft_toast = None
        self._take_back_reopened()

        state, rules = self.session.state, self.session.rules
        charts, known = self.session.charts(), self.session.known()
        store, path = self.session.store, self.session.path

        typed: list[dict[str, Any] | None] = [store.read_draft(path)]
        unkept = [False]  # said once that the typing cannot be kept

        def keep(draft: dict[str, Any] | None) -> None:
            """What is typed in the wizard is kept beside the game until it is saved in it
            or dropped: a crash or a kill -9 no longer loses a table's final scores. (And
            here, for a save that fails: the wizard opens again with it.) When it cannot be
            kept (a full disk), it is said once (it went unsaid: a play-test)."""
            typed[0] = draft
            if draft is None:
                store.drop_draft(path)
                return
            problem = store.write_draft(path, draft)
            if problem is not None and not unkept[0]:
                unkept[0] = True
                self.notify(
                    f"What you type here cannot be kept beside the game ({problem}): it is "
                    "lost if the app stops before ctrl+s saves it.",
                    title="Scoring wizard",
                    severity="warning",
                    markup=False,
                )

        def done(sheet: FinishedSheet | None) -> None:
            # the wizard's notices go with it: "changed since its last sheet" stayed over a
            # wizard opened again within its 10 s, the change undone meanwhile (a play-test)
            self.app.clear_notifications()
            if sheet is None:
                store.drop_draft(path)  # dropped by the table (or nothing was typed)
                if self.session.state.sheet:  # reopened: say that it stays open
                    self._reopened_toast = show_toast(
                        self.app, "The game stays reopened (not finished); ctrl+f scores it again."
                    )
                return
            for key, value in rules.learned(state, sheet.rows, known).items():
                self.remember(key, value)
            self.finish_game(sheet.text, sheet.winners)
            if self.session.state.finished:  # saved in the game: the typing is no longer needed
                store.drop_draft(path)
            else:  # not saved (a full disk): the wizard again, with what was typed in it
                # (it closed, and the scores typed were lost: a play-test)
                self.app.push_screen(wizard_with(typed[0], NOT_SAVED_BACK), done)
                return
            if sheet.charts != charts:
                self._remember(lambda: self.session.remember_charts(sheet.charts))

        spec = rules.sheet_for(state)
        # a reopened game: the last sheet's answers over what the screen tracked, and where
        # the board now says otherwise (a correction since), the board's number beside them
        tracked = rules.prefill(state, known)
        rows = overlay_sheet(spec, tracked, state.sheet, charts)
        followed: list[Followed] = []
        then = self.session.state_at_last_finish() if state.sheet else None
        if then is not None:  # what the game changed since its last sheet: the game's number
            rows, followed = follow_since_sheet(spec, rules, state, then, rows, tracked, known)
        hints = board_hints(spec, tracked, rows, rules.score_hints(state))
        buildings = {  # the board's cubes, a reopened game's sheet having its own typed
            f.key: [list(board[f.key]) for board in tracked]
            for f in spec.fields
            if f.kind == "investments" and all(f.key in board for board in tracked)
        }
        counts = rules.score_counts(state)
        supplies = rules.score_supplies(state)
        # a tracked number typed over is questioned; in a reopened game, only where its
        # sheet has the app's number (where it differs, "The app tracked" says so: a reopened
        # game questioned nothing, a play-test)
        started = rules.prefill(rules.new_state(self.session.header), known)
        followed_numbers = tracked_numbers(
            spec, tracked, started, sheet=rows if state.sheet else None
        )

        def wizard_with(draft: dict[str, Any] | None, *note: str) -> ScoringWizard:
            return ScoringWizard(
                spec,
                rows,
                charts,
                hints,
                draft,
                keep,
                counts,
                followed_numbers,
                supplies,
                *note,
                followed=followed,
                buildings=buildings,
            )

        self.app.push_screen(wizard_with(typed[0]), done)
        if followed and typed[0] is None:
            self.notify(
                followed_notice(followed, [str(row["name"]) for row in rows]),
                title="Scoring wizard",
                markup=False,
                timeout=10,
            )

    def remember(self, key: str, value: object) -> bool:
        """Keep a number read off the cardboard in the settings (this game's section); False
        when it could not be saved (said so)."""
        return self._remember(lambda: self.session.remember(key, value))

    def _remember(self, save: Callable[[], None]) -> bool:
        """Save something into the settings; a damaged settings file is kept and said so.
        False when it was not saved."""
        try:
            save()
        except DamagedFile as damaged:
            self.notify(
                f"{damaged.path} cannot be read ({damaged.reason}); it was left as it is, so "
                "what you typed for your components is not remembered.",
                severity="warning",
                markup=False,
            )
        except OSError as error:
            self.notify(f"The settings were not saved: {error}", severity="warning", markup=False)
        else:
            return True
        return False

    def finish_game(self, sheet: str = "", winners: str = "") -> None:
        try:
            entry = self.session.rules.finish(self.session.state, sheet, winners)
        except RuleError as error:
            self.notify(str(error), severity="warning", markup=False)
            return
        if not self.run(entry):
            return
        if winners:  # (the Done names the winners)
            self.say_with_done(
                f"{winners}. The scores are saved.", title="Game over", line="The scores are saved."
            )
        self._history_follows(finished=True)

    def _history_follows(self, finished: bool) -> None:
        """The history (the records) has this game with its sheet while it is finished, and
        not otherwise: a finish undone or a reopened game stayed counted (a play-test)."""
        try:
            if finished:
                self.session.record_in_history()
            else:
                self.session.forget_in_history()
        except DamagedFile as damaged:
            self.notify(
                f"{damaged.path} cannot be read ({damaged.reason}), so the records were not "
                "updated. The game itself is saved.",
                severity="warning",
                markup=False,
            )
        except OSError as error:  # (a raw "[Errno 28]", and no word of what comes next: a
            # play-test) Records and `goldrush history` bring it in line (history_sync)
            full = error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
            detail = "the disk is full" if full else (error.strerror or str(error))
            self.notify(
                f"The history was not updated ({detail}). The game itself is saved; Records "
                "puts the history right when it next reads it.",
                title="History not updated",
                severity="warning",
                markup=False,
            )

    def action_home(self) -> None:
        """Escape: home; with the log shown instead of the game, back to the game first."""
        if self.log_instead_of_game():
            self.action_toggle_log()
            return
        self.app.go_home()  # type: ignore[attr-defined]  # it leaves this game first

    def action_continue_readable(self) -> None:
        """After damage: with the table's say-so, play on from what could be read."""
        from screens.confirm import ConfirmDialog

        damage = self.session.record.damage
        if damage is None:
            self.notify("This game's file is not damaged.", markup=False)
            return
        if self.session.read_only:  # only the window that writes it may (a follower
            # asked, with "the copy at None", then refused: a play-test)
            self.notify(READ_ONLY, title="Read-only", severity="warning", markup=False)
            return
        if damage.backup is None and not self.session.keep_damaged_copy():  # (it asked,
            # "the copy at None", then refused: a play-test on a full disk); the copy is
            # tried again here: "open the game again" made the table leave the game, and a
            # window following it could take it over
            self.notify(
                "No copy of the damaged file could be made (a full disk?), so it is not cut "
                "back: free some space, then choose Continue again.",
                title="Not now",
                severity="warning",
                markup=False,
            )
            return
        try:  # what going on does, read from the file as it is now: the question says it
            going_on = self.session.going_on()
        except SaveError as error:
            self.notify(error.sentence, title="Not now", severity="warning", markup=False)
            self._look_again()
            return

        def done(confirmed: bool | None) -> None:
            if not confirmed:
                return
            try:
                self.session.continue_from_readable(going_on)
            except RuleError as error:  # this window only follows the game
                self.notify(str(error), title="Refused", severity="warning", markup=False)
                return
            except SaveError as error:
                self.notify(error.sentence, title="Not done", severity="error", markup=False)
                self._look_again()
                return
            for line in self.query("#read-only"):  # (the writer's: a follower is refused)
                line.remove()
            self.clear_refusals()  # ("...open read-only: choose Continue..." stayed: a play-test)
            self.notify(going_on.outcome(), markup=False)
            self.refresh_view()

        # the toasts about the damage say what the question says, and covered part of it
        # at 80x24 for their 12 s (a play-test)
        self.app.clear_notifications()
        self.app.push_screen(ConfirmDialog(going_on.question(), yes="Play on", no="Not now"), done)

    def palette_commands(self) -> list[SystemCommand]:
        extra = []
        if self.session.record.damage is not None:
            extra.append(
                SystemCommand(
                    "Game: Continue from the readable part",
                    "Play on without the damaged entries (a copy keeps the whole file)",
                    self.action_continue_readable,
                )
            )
        return [
            *extra,
            SystemCommand("Game: Undo", "Take back the last change", self.action_undo),
            SystemCommand("Game: Redo", "Put back the change last undone", self.action_redo),
            SystemCommand(
                "Game: Correct a number",
                "Set any tracked number, with a reason",
                self.action_correct,
            ),
            SystemCommand(
                "Game: Finish or reopen",
                "Finish the game, or reopen a finished one",
                self.action_finish,
            ),
            SystemCommand("Game: Home", "Back to the saved games", self.action_home),
        ]


class CommandScreen(GameScreen):
    """A game screen driven by one typed command: a step line says what to type next, and
    a refusal is shown beside the field, which keeps the text so it can be fixed."""

    #: the command being done (for a dialog it opens, which may do it later)
    typed = ""
    #: what the command being done said it did (`tell`), and whether one is being done
    _told = ""
    _told_one_line = True

    def action_home(self) -> None:
        """Escape with a command half typed clears it first, and says so: it went home
        with it, and the command was gone on resuming (a play-test: escape clears a field
        in most programs). The next escape goes home."""
        field = self.query_one("#command", CommandField)
        if field.value.strip() and not self.log_instead_of_game():
            field.value = ""
            self.say_beside("What was typed is cleared; escape again goes home.", notice=True)
            return
        super().action_home()

    def command_area(self) -> ComposeResult:
        # repainted a line at a time (a key changes the step line, rarely its height; a
        # Static repaints all of itself: #16)
        yield WrappedRows(id="round-line")
        yield WrappedRows(id="step")
        yield CommandField(self.completion_words, id="command", placeholder=TYPE_HERE)
        # a refusal replacing another (or the empty line) redraws it alone (#16)
        yield Shown("", id="command-error", classes="error", markup=False)

    def step_lines(self, lines: list[Text | str]) -> list[Text | str]:
        """The step line's `lines`; in a window that cannot change the game, said as the
        other window's (a follower said "Type n to start round 5", and n was refused; then
        it said only that nothing typed here counts, and whose turn it was went unseen:
        play-tests)."""
        if self.session.read_only and lines:  # (not a file damaged, read here alone: the
            # prefix sent a table to look for another window, a play-test)
            first, *rest = lines
            return [
                Text(ELSEWHERE).append_text(Text(first) if isinstance(first, str) else first),
                *rest,
            ]
        return lines

    def refresh_view(self) -> None:
        """The game, and the field's placeholder: in a window that cannot change the game,
        that it cannot (it still invited "type here, enter to do it": a play-test)."""
        super().refresh_view()
        if self._command_field is None:  # looked up once (a query walks the whole screen)
            self._command_field = self.query_one("#command", CommandField)
        placeholder = READ_ONLY_FIELD if self.read_only_sentence() is not None else TYPE_HERE
        if self._command_field.placeholder != placeholder:  # (a change repaints it)
            self._command_field.placeholder = placeholder

    def completion_words(self, typed: str) -> list[str]:
        """The words that may complete what is `typed` (a screen leaves some out where its
        grammar wants something else: Builders' cube letter)."""
        return self.command_words()

    def command_words(self) -> list[str]:
        """What the command field completes: a game's command names, its players' names,
        and its own words (towns, mines). Subclasses add theirs to this."""
        return [player.name for player in self.session.state.players]

    def on_mount(self) -> None:
        self.query_one("#command", Input).focus()

    def command_in_turn(self, event: Input.Submitted) -> None:
        """A command done leaves the field (what was typed after it stays) and is remembered
        for up/down; one not done stays to be put right, unless more was typed since. The
        field hands it over here at its enter, in its turn among the keys typed (before a
        ctrl+z typed behind it)."""
        command = event.input
        assert isinstance(command, CommandField)
        if self.app.screen is not self:  # a dialog came up over the field: an enter typed
            # on before it showed (keys sent in one burst reach the field first) does nothing
            return
        refusal = self._refusal(event.value)
        done = add_to_it = False
        self._told = self._not_saved = ""
        self._notes = ()
        written = len(self.session.journal)
        if refusal is None:
            self.typed = event.value.strip()
            self._doing = True
            try:
                done = self.do_command(self.typed)
            except (RuleError, AmountError) as problem:  # refused, or not a number: say why
                refusal = str(problem)
                add_to_it = isinstance(problem, TypeMore)
            except Exception:  # a bug of ours: say so, keep the game going (all is saved)
                where = self.app.note_crash()  # type: ignore[attr-defined]
                refusal = (
                    "Something went wrong with that command; the game is saved as it was shown."
                    + (f" Details: {where}" if where else "")
                )
                self.refresh_view()
            finally:
                self._doing = False
            if refusal is None and self._not_saved:
                refusal = self._not_saved
                # nothing of it written: it stays to be entered again (a screen that said
                # it done, Builders', emptied the field: a play-test)
                done = done and len(self.session.journal) != written
        said_done = ""
        if done and refusal is None and not self._told and self._log_out_of_sight():
            said_done = self._done_sentence(written)
        notes, self._notes = self._notes, ()
        if refusal is not None:  # (what was noted still holds: said as a toast)
            for note, _, title, severity in notes:
                self.notify(note, title=title, severity=severity, markup=False)
            notes = ()
        noted = " ".join(line for _, line, _, _ in notes)
        if said_done or (noted and not self._told):
            self._say_done(said_done, noted)
        else:
            told = refusal is None and bool(self._told)
            self.say_beside(
                " ".join(filter(None, [refusal or self._told, noted])),
                notice=told,
                one_line=told and self._told_one_line and not noted,
            )
        if done:
            command.take(event.value)
            command.remember(self.typed)
        else:  # refused, or a dialog takes over: it stays, selected, to be typed over
            # (after a dialog's "no" too: a play-test typed on and got "nann gold +20")
            # (not selected when the refusal asks for words added at its end: typed, they
            # replaced it, `bonus 100` alone: a play-test)
            command.keep(event.value, select=not add_to_it)
            if refusal is not None:  # the command's own refusal: it stays while its text
                self._done_said = False  # is there, or while what was typed on follows it
            if refusal is not None and command.value == event.value:  # (none typed since)
                # typed over, it goes; but not by keys typed on before it could be read
                # (waiting already: done in turn, the refusal of a command typed in one go
                # with the next went at once, unseen)
                typed_on = _keys_waiting(command)
                self._refused_typed = None if typed_on else comparable(event.value)

    @on(Input.Changed, "#command")
    def _command_changed(self, event: Input.Changed) -> None:
        """The command field's text changed: `typed_changed`, unless the field has moved on
        since. Commands are done at their enter, in their turn among the keys typed; the
        change events of the typing reach the screen later: a command typed in one go with
        the next, each done, then the change events of their typing (`ann bucks +1`,
        `zzz`...) wiped the refusal of the last one, and Calamityville's previews its "Done:"
        (play-tests). An event the field has moved on from says nothing."""
        if event.input.value == event.value:
            self.typed_changed(event.value)

    def typed_changed(self, typed: str) -> None:
        """What the text in the command field changes beside it: what the last change did
        goes as the next command is typed (it stayed under it, "Done: The bank pays Ann
        $100" read as what the command being typed did: a play-test; one line repainted,
        at the first key), and a refusal once something else is typed. A screen adds what
        it says of the command being typed (its preview), after these."""
        if self._done_said and typed:
            self.say_beside("")
        self._refusal_typed_over(typed)

    def _refusal_typed_over(self, text: str) -> None:
        """A refusal goes once the field holds something else than the refused command
        (or the start of it, typed anew), or is emptied: it stayed under `pay bo cy 5000`
        while that was typed, and under another `pay` (play-tests). While the refused text is
        still there (the cursor put at its end), it stays in sight."""
        refused = self._refused_typed
        if refused is None:
            return
        typed = comparable(text)
        if (  # (an empty enter's "Nothing typed" stayed under what was typed next: a play-test)
            not typed or not refused or not (refused.startswith(typed) or typed.startswith(refused))
        ):
            # blank lines as many as it took: no layout at this key, nor at the next
            # refusal as long (a line collapsing and growing again cost two)
            line = self.refusal_line()
            width = line.size.width
            height = line.visual.get_height(line.styles, width) if width else 1
            self.say_beside("\n" * (height - 1))

    _refused_typed: str | None = None  # the refused command in the field, as compared

    def tell(self, text: str, one_line: bool = True) -> None:
        """Say what a change did (a production's payments) beside the command field, where
        the eyes are: once the command being done is done (the line is set after each), or
        at once. A toast took ~50 ms more and two frames (#16), and covered the top lines."""
        if self._doing:
            self._told, self._told_one_line = text, one_line
        else:
            self.say_beside(text, notice=True, one_line=one_line)

    def _refusal(self, typed: str) -> str | None:
        """Why what was typed cannot be done before it is even read, or None."""
        read_only = self.read_only_sentence()
        if read_only is not None:  # said beside the field, where the change was typed
            return read_only
        if self.session.state.finished:  # play is over: only ctrl+o and ctrl+f change it
            return FINISHED
        unsafe = text_problem(typed, "A command")  # typed or pasted: ESC and the like
        if unsafe:
            return unsafe
        if not typed.strip():  # a stray enter never changes the game: it says what to type
            return self.empty_enter()
        return None

    def empty_enter(self) -> str:
        """What an empty enter says (it does nothing else): the step line's own advice."""
        return "Nothing typed: the line above says what to type."

    def do_command(self, text: str) -> bool:
        """Carry out what was typed; False when a dialog takes over (the text stays)."""
        raise NotImplementedError


def comparable(typed: str) -> str:
    """A command as compared with the refused one (`Pay  Bo` is `pay bo`)."""
    return " ".join(typed.lower().split()) + (" " if typed[-1:].isspace() else "")


def at_a_word(cut: str, whole: str) -> str:
    """`cut` (`whole` cut short, ending in "…") ending after a whole clause, or else a whole
    word: "Undone: Ann +5 Horses (1 → 6); 4 Horses ignored: 6 Ho…" read "6 Ho" as a word,
    and then "ignored: 6…" as a number (play-tests). Cut as it was when that would leave
    less than half of it."""
    kept = cut[:-1]
    clause = kept.rfind("; ")
    if clause >= len(kept) // 2 and clause > 0:
        return kept[:clause].rstrip(" ,;:") + "…"
    if not kept or whole[len(kept) : len(kept) + 1] in ("", " ") or kept[-1] == " ":
        return cut
    space = kept.rfind(" ")
    if space < len(kept) // 2:
        return cut
    return kept[:space].rstrip(" ,;:") + "…"


def _keys_waiting(field: Widget) -> bool:
    """Whether keys typed on are already waiting to reach `field` (sent in one go with
    the one being handled): the player has not seen what this key did yet. (Textual's
    message queue is a deque, `values`, with no way to peek.)"""
    for pump in (field, field.app):
        waiting = getattr(pump._message_queue, "values", ())
        if any(isinstance(message, events.Key) for message in waiting):
            return True
    return False
