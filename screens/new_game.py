"""The new-game dialog: game, players (names, colours, clockwise order), first player, options.

The form is checked by `companion.setup.validate_setup`; each message is shown beside the
field it belongs to, and nothing is created until the form is valid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.notifications import Notification
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Select, Static

from companion.games import GAMES
from companion.games.base import OptionSpec
from companion.players import TableMemory, table_memory
from companion.setup import SetupForm, validate_setup
from companion.store import Store
from companion.table import COLOURS, EMPTY_NAME, folded
from screens.dialog import Dialog
from screens.player_colours import follow_theme, player_colours
from screens.toasts import show_toast, take_back
from screens.widgets.command_input import CompletingInput
from screens.widgets.footer import SteadyFooter
from screens.widgets.no_scroll import InTurnInput
from screens.widgets.select import TableSelect
from screens.widgets.shown import say
from screens.widgets.tick_box import TickBox

MAX_ROWS = max(rules.max_players for rules in GAMES.values())
RANDOM_FIRST = -1


class NameSuggester(Suggester):
    """Earlier players' names offered as one is typed, case and accents aside, and taken as
    they were spelt ("zoe" offers "Zoë", "z" no longer "zoë": a play-test)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = names

    async def get_suggestion(self, value: str) -> str | None:
        return self.suggestion_now(value)

    def suggestion_now(self, value: str) -> str | None:
        """The name offered for `value`, worked out at once (tab: `CompletingInput`)."""
        if not value:
            return None
        typed = folded(value)
        return next((name for name in self.names if folded(name).startswith(typed)), None)


class NameInput(InTurnInput, CompletingInput):
    """A player's name: enter goes to the next name in its turn among the keys typed
    (`Dee enter Eve enter Fay` sent at once went into the first name whole: a play-test)."""

    def action_complete(self) -> None:
        """Tab takes the name offered and moves on, as a tab after a whole name does: it
        stayed, and `An tab Bo tab Cy` made "AnnBo" and "Cy" (a play-test)."""
        offered = self.suggester.suggestion_now(self.value) if self.suggester else None  # type: ignore[attr-defined]
        if offered and offered != self.value:
            self.value = offered
            self.cursor_position = len(offered)
        self.screen.focus_next()


class ColourSelect(TableSelect):
    """A player's colour. Letters typed on it while its list is closed are a name typed one
    field on (`Ann tab Bo enter Cy enter` lost Bo and Cy and made Ann cyan: the enter
    opened the list and `Cy` picked from it, a play-test): they go to the next player's
    name when it is empty, or the row says how a colour is picked. Keys that reach it once
    the focus has moved on go where the focus is, in their turn."""

    TAKES_TYPED_KEYS = True

    def on_mount(self) -> None:
        follow_theme(self, self._recolour)

    def _recolour(self) -> None:
        """Each colour's name in the new theme's shade of it; the colour picked stays
        (the options set anew would pick the first)."""
        value = self.value
        with self.prevent(Select.Changed):
            self.set_options(colour_options(self))
            self.value = value

    async def _own_key(self, event: events.Key) -> None:
        if not self.expanded and event.is_printable and event.key != "space":
            event.stop()
            event.prevent_default()
            letter_on_colour = getattr(self.screen, "letter_on_colour", None)
            if letter_on_colour is not None:
                letter_on_colour(self, event)
            return
        await super()._own_key(event)

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        hint_read = getattr(self.screen, "colour_hint_read", None)
        if hint_read is not None:
            hint_read()


def colour_options(node: Widget) -> list[tuple[Text, str]]:
    """The colours offered, each named in its colour as the app's theme draws it."""
    colour_of = player_colours(node)
    return [(Text(colour, style=colour_of(colour)), colour) for colour in COLOURS]


class PlayerRow(Vertical):
    """One seat: name, colour, move up/down, remove; the message for this row below them
    (the whole width, at 80 columns too). The small buttons stay out of the tab order:
    ctrl+up / ctrl+down / ctrl+r do the same from the keyboard; a tab goes from a name to
    the next name, the colours after the last one (`NewGameScreen.focus_chain`)."""

    def __init__(self, row: int) -> None:
        super().__init__(id=f"row-{row}", classes="player-row")
        self.row = row

    def compose(self) -> ComposeResult:
        row = self.row
        with Horizontal(classes="seat-line"):
            yield Static(f"{row + 1}.", classes="seat")
            yield NameInput(  # tab takes an earlier player's name offered
                placeholder=f"player {row + 1}'s name",
                id=f"name-{row}",
                classes="name",
                compact=True,
            )
            yield ColourSelect(
                colour_options(self),
                value=COLOURS[row % len(COLOURS)],
                allow_blank=False,
                id=f"colour-{row}",
                classes="colour",
                compact=True,
            )
            for button, label, tip in (
                ("up", "↑", "Move up (ctrl+up)"),
                ("down", "↓", "Move down (ctrl+down)"),
                ("remove", "✕", "Remove (ctrl+r)"),
            ):
                small = Button(
                    label, compact=True, id=f"{button}-{row}", classes="small", tooltip=tip
                )
                small.can_focus = False
                yield small
        yield Static("", id=f"error-row-{row}", classes="error row-error", markup=False)


class NewGameScreen(Dialog, ModalScreen[SetupForm | None]):
    CSS_PATH = "new_game.tcss"
    AUTO_FOCUS = "#name-0"
    HELP_TITLE = "New game"
    HELP_TEXT = """\
The cursor starts in the first player's name: type the players **in seat order,
clockwise** (the player on your left comes next). The game is above them: **shift+tab**
from the first name reaches it, **enter** opens its list (it opens on the game set up last).

- **enter** after a name goes to the next name (after the last, to the first player:
  the Sheriff in Coloma);
  **tab** goes from a name to the next; the colours come after the last name
  (**shift+tab** from the first player reaches them). A colour's list opens with
  **enter** (type a letter there to find one); a name typed on a closed colour goes to
  the empty name after the last one typed.
- Names of earlier games are offered as you type (in grey): **tab** takes the offer and
  moves on, **right arrow** takes it and stays (enter keeps what you typed), and the
  colour that player had last time comes with the name (a seat not named yet gives it up
  and takes this seat's colour).
- The dialog opens on the game set up last. **ctrl+l**: the same table as last time (the
  names, colours and seat order of the last game set up), for the game chosen. Change
  anything after.
- **ctrl+up / ctrl+down** move the player whose row you are in; **ctrl+n** adds a player,
  **ctrl+r** removes one.
- The first player (in Coloma the Sheriff, who takes the Sheriff Badge) can be chosen or
  drawn by the app.
- The game's **options** (a short game, Coloma's modules, the advanced Builders) are under
  the first player: **tab** on from it reaches them, **space** ticks or unticks one;
  **shift+tab** from the first name goes back up to the game. An option the app has no
  commands of its own for (Coloma's Pioneer Specialties) is played on the cardboard: type
  what it changes with the usual commands (the game's F1 says more).
- **ctrl+s** starts the game; **escape** closes the dialog. What was typed is kept: the
  next **n** brings it back as it was left (until the app is closed), and says so;
  **ctrl+f** there starts afresh. A game started leaves nothing to bring back.

Names: not empty, at most 24 characters, different from each other (case does not count).
"""
    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", id="start-game"),
        Binding("escape", "cancel", "Cancel", id="cancel-new-game"),
        Binding("ctrl+n", "add_player", "Add player", id="add-player"),
        Binding("ctrl+l", "same_table", "Last table", id="same-table"),
        Binding("ctrl+r", "remove_player", "Remove player", id="remove-player"),
        Binding("ctrl+up", "move(-1)", "Move up", id="move-up"),
        Binding("ctrl+down", "move(1)", "Move down", id="move-down"),
        Binding("ctrl+f", "afresh", "Fresh form", id="fresh-form"),
    ]

    def __init__(
        self,
        game: str | None = None,
        count: int = 3,
        create: Callable[[SetupForm], str | None] | None = None,
        memory: TableMemory | None = None,
        draft: SetupForm | None = None,
        keep: Callable[[SetupForm | None], None] | None = None,
    ) -> None:
        """`create` makes the game from a valid form, or says why it could not (a full
        disk): the dialog then stays open with everything typed, the reason beside Start.
        `memory`: the players of earlier games; None reads them from the app's store.
        `game`: the game chosen at first; None: the last one set up here (else Boomtown).
        `draft`: a form put aside, shown as it was left (with a note that says so);
        `keep` is given the form as it is when the dialog is cancelled (None when nothing
        was typed, or once a game is started) to bring back at the next n: a stray enter
        on Cancel lost every name typed (a play-test)."""
        super().__init__()
        self.memory = memory
        self.create = create
        self.draft = draft
        self.keep = keep
        self._fresh: SetupForm | None = None  # the form as a fresh dialog shows it
        if game is None and memory is None:
            self.memory = memory = self._read_memory()
        if game is None:
            game = memory.last_game if memory and memory.last_game in GAMES else "boomtown"
        self.game = game
        self.count = count
        self._tried = False  # after the first try, messages follow every change
        self._first_choices: list[tuple[str, int]] = []  # the first-player list as shown
        # the id of each option's widget (or its row) -> (game id, option)
        self._option_boxes: dict[str, tuple[str, OptionSpec]] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static("New game", id="dialog-title")
            yield Static(
                "Brought back as it was left: ctrl+f starts afresh.",
                id="draft-note",
                markup=False,
            )
            with Horizontal(classes="field"):
                yield Static("Game", classes="label")
                yield TableSelect(
                    [(rules.title, rules.id) for rules in GAMES.values()],
                    value=self.game,
                    allow_blank=False,
                    id="game",
                    compact=True,
                )
                yield Static("", id="error-game", classes="error", markup=False)
            with Horizontal(classes="field"):
                yield Static("Players, clockwise", classes="label")
                yield Static("", id="error-players", classes="error", markup=False)
            for row in range(MAX_ROWS):
                yield PlayerRow(row)
            with Horizontal(id="row-buttons"):
                # out of the tab order (their keys are on them): tab goes from the last
                # colour on to the first player (a play-test's tab, tab, enter added a player)
                for label, button_id in (
                    ("+ Add player (ctrl+n)", "add"),
                    ("Same table as last time (ctrl+l)", "same"),
                ):
                    button = Button(label, id=button_id, compact=True)
                    button.can_focus = False
                    yield button
            with Horizontal(classes="field"):
                yield Static("First player", id="first-label", classes="label")
                yield TableSelect(
                    [("Draw at random", RANDOM_FIRST)], id="first", allow_blank=False, compact=True
                )
                yield Static("", id="error-first", classes="error", markup=False)
            with Vertical(id="options"):
                yield Static("Options", classes="label")
                for rules in GAMES.values():
                    for spec in rules.options:
                        widget_id = f"option-{rules.id}-{spec.key}"
                        if spec.choices:
                            self._option_boxes[f"{widget_id}-box"] = (rules.id, spec)
                            with Horizontal(classes="field option", id=f"{widget_id}-box"):
                                yield Static(spec.label, classes="option-label")
                                yield TableSelect(
                                    [(label, value) for value, label in spec.choices],
                                    value=spec.default,
                                    allow_blank=False,
                                    id=widget_id,
                                    compact=True,
                                )
                        else:
                            self._option_boxes[widget_id] = (rules.id, spec)
                            yield TickBox(
                                spec.label,
                                bool(spec.default),
                                id=widget_id,
                                classes="option",
                                compact=True,
                                tooltip=spec.help or None,
                            )
                yield Static("", id="no-options", markup=False)
            yield Static("", id="error-other", classes="error", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Start game (ctrl+s)", id="start", variant="success", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()  # first: a name typed at once is kept
        if self.memory is None:
            self.memory = self._read_memory()
        suggester = NameSuggester(self.memory.names)
        for row in range(MAX_ROWS):
            self.query_one(f"#name-{row}", Input).suggester = suggester
        same = self.query_one("#same", Button)
        same.disabled = not self.memory.last_table
        if self.memory.last_table:
            same.tooltip = "; ".join(seat.name for seat in self.memory.last_table)
        self._sync()
        self._fresh = self.read_form()
        if self.draft is not None:
            self._apply(self.draft)
            self.query_one("#draft-note").display = True
            empty = [row for row, name in enumerate(self._names()) if not name.strip()]
            # on where the typing stopped: the first name not typed, else the first player
            # (where enter after the last name goes)
            self.query_one(f"#name-{empty[0]}" if empty else "#first").focus()

    @property
    def focus_chain(self) -> list[Widget]:
        """Textual's order (the rows', then across each row) with the colours taken out of
        the rows and put after the last name: tab goes from a name to the next (the names
        are typed first; tab, name, colour, next name made a table tab twice a name: a
        play-test), then the colours, the first player, the options. An open colour list
        (its own chain) is left as it is."""
        chain = super().focus_chain

        def on_colour(widget: Widget) -> bool:
            return any(isinstance(node, ColourSelect) for node in widget.ancestors_with_self)

        colours = [widget for widget in chain if on_colour(widget)]
        rest = [widget for widget in chain if not on_colour(widget)]
        names = [at for at, widget in enumerate(rest) if isinstance(widget, NameInput)]
        if not colours or not names:
            return chain
        after = names[-1] + 1
        return [*rest[:after], *colours, *rest[after:]]

    def _read_memory(self) -> TableMemory:
        """The players of the saved games; none when they cannot be read (the dialog works
        without them: a damaged file is reported by the saved-games list, not here)."""
        try:
            store = getattr(self.app, "store", None)  # (made outside a running app: none)
            if not isinstance(store, Store):
                return TableMemory()
            return table_memory(store)
        except Exception:  # a memory that cannot be read only means: nothing offered
            return TableMemory()

    # -- the form -----------------------------------------------------------------

    def _names(self) -> list[str]:
        return [self.query_one(f"#name-{row}", Input).value for row in range(self.count)]

    def _colours(self) -> list[str]:
        return [str(self.query_one(f"#colour-{row}", Select).value) for row in range(self.count)]

    def read_form(self) -> SetupForm:
        first = self.query_one("#first", Select).value
        chosen = first if isinstance(first, int) and first != RANDOM_FIRST else None
        return SetupForm(self.game, self._names(), self._colours(), chosen, self._options())

    def _options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for spec in GAMES[self.game].options:
            if not spec.applies_to(self.count):
                continue
            widget = self.query_one(f"#option-{self.game}-{spec.key}")
            value = widget.value  # type: ignore[attr-defined]
            options[spec.key] = bool(value) if not spec.choices else value
        return options

    def _sync(self, names_final: bool = True) -> None:
        """Show the rows, the first-player choices and the options that apply now. While a
        name is being typed (`names_final` False) the first-player list waits for the field
        to be left: making the list again cost a layout of the dialog at every letter."""
        for row in range(MAX_ROWS):
            self.query_one(f"#row-{row}", PlayerRow).display = row < self.count
        self.query_one("#add", Button).disabled = self.count >= MAX_ROWS
        first = self.query_one("#first", Select)
        previous = first.value
        names = self._names()
        choices: list[tuple[Text | str, int]] = [("Draw at random", RANDOM_FIRST)]
        choices += [
            (Text(name.strip() or f"player {row + 1}"), row) for row, name in enumerate(names)
        ]
        with first.prevent(Select.Changed):
            shown_choices = [(str(label), value) for label, value in choices]
            if names_final and shown_choices != self._first_choices:
                self._first_choices = shown_choices
                first.set_options(choices)
            value = previous if isinstance(previous, int) and previous < self.count else None
            if first.value != (RANDOM_FIRST if value is None else value):
                first.value = RANDOM_FIRST if value is None else value
        shown = 0
        left_out: list[str] = []  # chosen, but not for this many players
        for widget_id, (game, spec) in self._option_boxes.items():
            box = self.query_one(f"#{widget_id}")
            visible = game == self.game and spec.applies_to(self.count)
            box.display = visible
            shown += visible
            hidden_here = game == self.game and not visible
            if hidden_here and self.query_one(f"#option-{game}-{spec.key}").value != spec.default:  # type: ignore[attr-defined]
                counts = " or ".join(str(count) for count in spec.player_counts)
                left_out.append(
                    f"{spec.label} is for {counts} players: left out with {self.count}."
                )
        # an option ticked, then gone with a player added, went without a word (a play-test)
        # a game with options, none for this many players, says so (six at a Boomtown
        # table: "No options for this game.", and they came back with a player removed)
        has_options = any(game == self.game for game, _ in self._option_boxes.values())
        none_here = f"No options for {self.count} players." if has_options else ""
        said = [] if shown else [none_here or "No options for this game."]
        no_options = self.query_one("#no-options", Static)
        say(no_options, " ".join(said + left_out))
        no_options.display = bool(said or left_out)
        if self._tried:
            self._show_errors(validate_setup(self.read_form()))

    #: the notice that the form has problems, while they last
    _problems_notice: Notification | None = None

    def _show_errors(self, errors: dict[str, str]) -> None:
        if not errors:  # put right (ctrl+l filled the names): it said so for 5 s more (a
            take_back(self.app, self._problems_notice)  # play-test)
            self._problems_notice = None
        say(self.query_one("#error-game", Static), errors.get("game", ""))
        say(self.query_one("#error-players", Static), errors.get("players", ""))
        say(self.query_one("#error-first", Static), errors.get("first", ""))
        fewer_allowed = self.count > GAMES[self.game].min_players
        for row in range(MAX_ROWS):
            message = errors.get(f"name-{row}") or errors.get(f"colour-{row}") or ""
            if message == EMPTY_NAME and fewer_allowed:  # (only F1 said how: a play-test)
                message = "A name cannot be empty: type one, or ctrl+r removes this row."
            row_error = self.query_one(f"#error-row-{row}", Static)
            say(row_error, message)
            row_error.display = bool(message)
        others = [text for key, text in errors.items() if key.startswith("option-")]
        self._say_other(" ".join(others))

    def _say_other(self, text: str) -> None:
        """The message above the buttons (options, a failed save); no empty line without."""
        other = self.query_one("#error-other", Static)
        say(other, text)
        other.display = bool(text)

    # -- events -------------------------------------------------------------------

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        self._set_game(str(event.value))
        self._sync()

    def _set_game(self, game: str) -> None:
        self.game = game
        # the game's own word for who goes first (Coloma: the Sheriff)
        title = getattr(GAMES[self.game], "first_player_title", "First player")
        self.query_one("#first-label", Static).update(title)

    @on(Select.Changed, ".colour")
    @on(Checkbox.Changed)
    @on(Input.Blurred, ".name")
    def _field_changed(self) -> None:
        self._sync()

    @on(Input.Changed)
    def _typed(self) -> None:
        self._sync(names_final=False)

    @on(Input.Changed, ".name")
    def _name_changed(self, event: Input.Changed) -> None:
        """A name met before brings its colour, unless another player already plays it.
        A seat with no name yet has its colour only by default: it takes this row's in
        exchange (Ann, blue last time, stayed red because the second seat starts blue: a
        play-test)."""
        colour = self.memory.colour_of(event.value) if self.memory else None
        if colour is None:
            return
        row = int((event.input.id or "name-0").rpartition("-")[2])
        colours = self._colours()
        holder = next((o for o, c in enumerate(colours) if c == colour and o != row), None)
        if holder is not None:
            if self.query_one(f"#name-{holder}", Input).value.strip():
                return  # a player at the table plays it
            self.query_one(f"#colour-{holder}", Select).value = colours[row]
        self.query_one(f"#colour-{row}", Select).value = colour

    def key_in_turn(self, name: Input, key: str) -> None:
        """Enter after a name goes to the next name, then to the first-player choice, at
        once (`NameInput`)."""
        row = int((name.id or "name-0").rpartition("-")[2])
        if row + 1 < self.count:
            self.set_focus(self.query_one(f"#name-{row + 1}", Input))
        else:
            self.set_focus(self.query_one("#first", Select))

    def letter_on_colour(self, colour: Select[Any], key: events.Key) -> None:
        """A letter typed on a closed colour list (`ColourSelect`): the name after the last
        one typed (the next row's, when empty, took it above names already typed: a
        play-test), when there is one; else the row says how a colour is picked."""
        row = int((colour.id or "colour-0").rpartition("-")[2])
        typed = [at for at, name in enumerate(self._names()) if name]
        after = typed[-1] + 1 if typed else 0
        if after < self.count:
            name = self.query_one(f"#name-{after}", Input)
            self.set_focus(name)
            name.post_message(events.Key(key.key, key.character))
            return
        row_error = self.query_one(f"#error-row-{row}", Static)
        say(row_error, "This is a colour: enter opens its list; ctrl+n adds a player.")
        row_error.display = True

    def colour_hint_read(self) -> None:
        """The focus left a colour list: its hint goes (the rows keep their real messages)."""
        self._show_errors(validate_setup(self.read_form()) if self._tried else {})

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button == "start":
            self.action_start()
        elif button == "cancel":
            self.action_cancel()
        elif button == "add":
            self.action_add_player()
        elif button == "same":
            self.action_same_table()
        else:
            kind, _, row = button.rpartition("-")
            if kind == "up":
                self._move_row(int(row), -1)
            elif kind == "down":
                self._move_row(int(row), 1)
            elif kind == "remove":
                self._remove_row(int(row))

    # -- actions ------------------------------------------------------------------

    def action_start(self) -> None:
        self._tried = True
        form = self.read_form()
        errors = validate_setup(form)
        self._show_errors(errors)
        if errors:
            self._problems_notice = show_toast(
                self.app,
                "The form has problems; each is shown beside its field.",
                severity="warning",
                replacing=self._problems_notice,
            )
            # the first row with a problem takes the focus: "ctrl+r removes this row" then
            # removes that one (it removed the row being typed in: a play-test)
            for row in range(self.count):
                if f"name-{row}" in errors or f"colour-{row}" in errors:
                    self.query_one(f"#name-{row}", Input).focus()
                    break
            return
        # the form's notices no longer hold (one sat over the game screen: a play-test);
        # taken before the game is made, whose own notices (a drawn first player) stay
        self.app.clear_notifications()
        if self.create is not None:
            problem = self.create(form)
            if problem:
                self._say_other(problem)
                self.notify(problem, title="Not started", severity="error", markup=False)
                return
        if self.keep is not None:  # a game started: nothing to bring back next time
            self.keep(None)
        self.dismiss(form)

    def action_cancel(self) -> None:
        """Escape (or Cancel): closes the dialog at once; the form as typed is kept for the
        next n (`keep`), and a notice says so. It asked first, with "Leave" one y away, and
        an enter on Cancel after a stray shift+tab lost every name typed (a play-test); an
        escape pressed to refuse a name offered dropped them before that."""
        form = self.read_form()
        kept = form if form != self._fresh else None
        if self.keep is not None:
            self.keep(kept)
            if kept is not None:
                self.notify("The new game's form is kept as typed: n brings it back.", markup=False)
        self.dismiss(None)

    def action_afresh(self) -> None:
        """ctrl+f: the form as a fresh dialog shows it (a form brought back, or anything
        typed, gone); the note that it was brought back goes too."""
        if self._fresh is None:
            return
        self._apply(self._fresh)
        self.query_one("#draft-note").display = False
        self.query_one("#name-0", Input).focus()

    def _apply(self, form: SetupForm) -> None:
        """Every field set as `form` has them: the game, the players (names and colours, in
        seat order), the first player, the game's options (the other games' as a fresh
        dialog has them). No message is shown until the next try to start."""
        game = form.game if form.game in GAMES else self.game
        select = self.query_one("#game", Select)
        with select.prevent(Select.Changed):
            select.value = game
        self._set_game(game)
        self.count = max(1, min(len(form.names), MAX_ROWS))
        for row in range(MAX_ROWS):
            name = self.query_one(f"#name-{row}", Input)
            colour = self.query_one(f"#colour-{row}", Select)
            # as they are: a name met before brings no colour of its own here
            with name.prevent(Input.Changed), colour.prevent(Select.Changed):
                name.value = form.names[row] if row < self.count else ""
                default = COLOURS[row % len(COLOURS)]
                colour.value = form.colours[row] if row < len(form.colours) else default
        for widget_id, (_, spec) in self._option_boxes.items():
            widget = self.query_one(f"#{widget_id.removesuffix('-box')}")
            with widget.prevent(Select.Changed, Checkbox.Changed):
                widget.value = spec.default  # type: ignore[attr-defined]
        self._take_options(form.options)
        self._tried = False
        self._show_errors({})
        self._sync()
        first = self.query_one("#first", Select)
        chosen = form.first if form.first is not None and form.first < self.count else None
        with first.prevent(Select.Changed):
            first.value = RANDOM_FIRST if chosen is None else chosen

    def action_add_player(self) -> None:
        if self.count >= MAX_ROWS:
            self.query_one("#error-players", Static).update(f"At most {MAX_ROWS} players.")
            return
        row = self.count
        self.count += 1
        used = set(self._colours()[:row])
        colour = next((c for c in COLOURS if c not in used), COLOURS[0])
        self.query_one(f"#name-{row}", Input).value = ""
        self.query_one(f"#colour-{row}", Select).value = colour
        self._sync()
        self.query_one(f"#name-{row}", Input).focus()

    def action_same_table(self) -> None:
        """The names, colours and seat order of the last game set up, in one key; the game
        chosen stays (the same friends may well play another game), and when it is the last
        game's, its options come back too (a table repeating an advanced game missed the
        box unticked: a play-test)."""
        table = self.memory.last_table if self.memory else []
        if not table:
            self.query_one("#error-players", Static).update(
                "No earlier game here: type the players."
            )
            return
        table = table[:MAX_ROWS]
        self.count = len(table)
        for row, seat in enumerate(table):  # colours first: no row briefly shares one
            self.query_one(f"#colour-{row}", Select).value = seat.colour
        for row, seat in enumerate(table):
            self.query_one(f"#name-{row}", Input).value = seat.name
        if self.memory.last_game == self.game:
            self._take_options(self.memory.last_options)
        self._sync()
        self.query_one("#first", Select).focus()

    def _take_options(self, options: dict[str, Any]) -> None:
        """This game's option widgets set as `options` has them (a value the widget cannot
        take is left as it is)."""
        for spec in GAMES[self.game].options:
            if spec.key not in options:
                continue
            value = options[spec.key]
            widget = self.query_one(f"#option-{self.game}-{spec.key}")
            if spec.choices:
                if value in {choice for choice, _ in spec.choices}:
                    widget.value = value  # type: ignore[attr-defined]
            elif isinstance(value, bool):
                widget.value = value  # type: ignore[attr-defined]

    def action_remove_player(self) -> None:
        row = self._focused_row()
        self._remove_row(self.count - 1 if row is None else row)

    def action_move(self, step: int) -> None:
        row = self._focused_row()
        if row is not None:
            self._move_row(row, step)

    def _focused_row(self) -> int | None:
        widget: Widget | None = self.focused
        while widget is not None and not isinstance(widget, PlayerRow):
            widget = widget.parent if isinstance(widget.parent, Widget) else None
        return widget.row if isinstance(widget, PlayerRow) and widget.row < self.count else None

    def _swap(self, first: int, second: int) -> None:
        a_name, b_name = (self.query_one(f"#name-{r}", Input) for r in (first, second))
        a_colour, b_colour = (self.query_one(f"#colour-{r}", Select) for r in (first, second))
        a_name.value, b_name.value = b_name.value, a_name.value
        a_colour.value, b_colour.value = b_colour.value, a_colour.value

    def _move_row(self, row: int, step: int) -> None:
        target = row + step
        if not 0 <= target < self.count:
            return
        self._swap(row, target)
        self._sync()
        self.query_one(f"#name-{target}", Input).focus()

    def _remove_row(self, row: int) -> None:
        if self.count <= 1:
            self.query_one("#error-players", Static).update("A game needs players.")
            return
        for below in range(row, self.count - 1):
            self._swap(below, below + 1)
        self.count -= 1
        self._sync()
        self.query_one(f"#name-{min(row, self.count - 1)}", Input).focus()
