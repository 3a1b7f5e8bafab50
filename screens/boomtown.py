"""The Boomtown screen: the round as a guided flow, one typed command at a time.

reveal -> auction -> payment -> picks -> production -> next round. The step line says whose
turn it is and what to type; every step is an entry, so undo takes it back, and ctrl+o
corrects any gold. The rules live in `companion.games.boomtown`; this screen only asks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.widgets import Header

from companion.amounts import and_listed
from companion.games import RuleError
from companion.games.boomtown import (
    EVENTS,
    KEPT_LABELS,
    READINGS,
    TOWN_SHORT,
    TOWNS,
    BoomtownRules,
    BoomtownState,
    MineCard,
    cards_left_text,
    chips,
    event_words,
    events_left,
    find_event,
    find_mine,
    is_number,
    load_catalog,
    mine_out,
    parse_dice,
    plural,
)
from companion.journal import Entry
from companion.session import GameSession
from screens.game import COMMON_HELP, CommandScreen
from screens.player_colours import player_colour
from screens.widgets.backdrop import PlainHorizontal, PlainVertical, PlainVerticalScroll
from screens.widgets.footer import SteadyFooter
from screens.widgets.log_panel import LogPanel
from screens.widgets.rows import as_text
from screens.widgets.wrapped_rows import NO_BREAK, WrappedRows

#: the narrowest a player's panel gets: "Cactus Junction:" and a mine or two
PANEL_WIDTH = 26
#: the typed word of each step that used to move on with an empty enter (#12)
CM6_SPOT = ("Cold Mountain", 6)  # the example mine F1 and the step line give
REVEAL, PAY, NEXT, KEEP = ("r", "reveal"), ("pay", "y"), ("n", "next"), ("keep", "k")
#: the Telegraph's word at the production (`t 2 6`, `tel 2 6`, `telegraph 2 6`, `t2 6`)
TELEGRAPH_WORD = re.compile(r"t(?:e(?:l(?:e(?:g(?:r(?:a(?:ph?)?)?)?)?)?)?)?(?![a-z])")
COMMANDS = ["reveal", "pass", "pay", "next", "skip", "roll", "ride", "keep"]


def compact_sentence(text: str, names: list[str]) -> str:
    """An entry's sentence said in fewer words for the one line under the field (what a
    change did, an undo): its consequences (fees, pawns) came after the mine's whole label
    and were cut off, where the table checks its chips (a play-test). "Dee takes the mine
    Cold Mountain 9 (3 gold); Dee pays Ann 2: mayor fee; Dee is now mayor of Cold Mountain"
    is "Dee takes Cold Mountain 9; pays Ann 2: mayor fee; its mayor now". After any other
    change (an event card, a production) the new mayor and the town are named. The log
    keeps the whole sentence."""
    main, *parts = text.split("; ")
    took_mine = " takes the mine " in main  # "its mayor now" reads as the mine's town
    main = re.sub(r" \(\d+ gold(?:, dangerous)?\)", "", main.replace(" takes the mine ", " takes "))
    actor = max((name for name in names if main.startswith(f"{name} ")), key=len, default=None)
    said = []
    if main.endswith(": pays up") and any(part.endswith(": Holdup") for part in parts):
        main = main.removesuffix(": pays up")  # the payment says it: "... rolls 9; Bo pays
        parts = [part.removesuffix(": Holdup") for part in parts]  # Ann 2"
    main = main.replace(" left in the deck)", " left)")
    main, parts = _card_shark_in_short(main, parts)
    for part in parts:
        if actor is not None and part.startswith(f"{actor} "):
            part = part.removeprefix(f"{actor} ")
        fee = re.fullmatch(r"(.+: mayor fee), (.+?)( \(.+\))?", part)
        if fee is not None and fee.group(2) in main:  # the town the mine is in: said
            part = fee.group(1) + (fee.group(3) or "")
        mayor = re.fullmatch(r"(?:(.+) )?is now mayor of (.+)", part)
        if mayor is not None:
            who, town = mayor.groups()
            if took_mine and town in main:  # the one who took a mine there, or another
                part = f"{who} is its mayor now" if who else "its mayor now"
            else:  # who and which town, said (after a Dynamite or an Expropriation "its
                # mayor now" named neither: a play-test)
                part = f"{who or actor} is {town}'s mayor now"
        said.append(part)
    return "; ".join([main, *said])


#: what the Card Shark's sentence says before each payment
CARD_SHARK_SAID = ": every other player pays the bank 4"


def _card_shark_in_short(main: str, parts: list[str]) -> tuple[str, list[str]]:
    """The Card Shark's payments in one clause: "Ann takes Card Shark: Bo, Cy and Di pay
    the bank 4 each" (each payment was said again with its card, and the line was cut
    before the payers: a play-test). One who could pay only part is said apart."""
    if not main.endswith(CARD_SHARK_SAID):
        return main, parts
    parts = [part.removesuffix(": Card Shark") for part in parts]
    in_full = " pays the bank 4"
    paid_in_full = [part.removesuffix(in_full) for part in parts if part.endswith(in_full)]
    if not paid_in_full:
        return main, parts
    each = " each" if len(paid_in_full) > 1 else ""
    verb = "pay" if len(paid_in_full) > 1 else "pays"
    said = f": {and_listed(paid_in_full)} {verb} the bank 4{each}"
    rest = [part for part in parts if not part.endswith(in_full)]
    return main.removesuffix(CARD_SHARK_SAID) + said, rest


#: the round line's second line once the deck is empty
EMPTY_DECK = "The deck is empty: no card comes after those on offer."


class PlayerCard(WrappedRows):
    """A player's card: its lines, the gold as chips (its tail) after the first one, or on a
    line of its own under it where its grid puts it there (`tail_apart`)."""

    tail = Text()
    tail_apart = False

    def take(self, lines: Sequence[Text | str], tail: Text) -> None:
        """Its lines and tail from now on, shown by `show_tail`."""
        self._given, self.tail = [as_text(line) for line in lines], tail

    def show_tail(self, apart: bool) -> None:
        """Its lines, the tail apart or not: only the lines that changed are repainted."""
        self.tail_apart = apart
        self.show(self._given)

    def head_width(self) -> int:
        """The columns its first line takes with the tail after it."""
        if not self._given:
            return 0
        return self._given[0].cell_len + (1 + self.tail.cell_len if self.tail else 0)

    @property
    def plain(self) -> str:
        """The text as given, the tail after the first line."""
        lines = super().plain.split("\n")
        if self.tail:
            lines[0] += " " + self.tail.plain
        return "\n".join(lines)

    def lines_at(self, width: int) -> list[Text]:
        lines = super().lines_at(width)
        if not self.tail or not lines:
            return lines
        if self.tail_apart:  # under the name, indented as a wrapped line is
            return [lines[0], Text(" " * self.hanging) + self.tail, *lines[1:]]
        return [Text.assemble(lines[0], " ", self.tail), *lines[1:]]

    def on_resize(self) -> None:
        """The tails of its row put where they fit at the new widths (Textual calls this
        before WrappedRows' own, which wraps its lines at its new width)."""
        if isinstance(self.parent, PlayerGrid):
            self.parent.line_up()


class PlayerGrid(PlainVerticalScroll):
    """The players' panels in as many columns as fit its width (a grid whose column count
    follows the width: Textual's grid layout, `grid-size` set here on every resize).

    The cards of a row keep each line at the same row: a card whose chips did not fit after
    its name wrapped them onto a second line, and its mines began a row lower than those of
    the cards beside it (a play-test). Where one card of a row has no room for its chips
    after its name, every card of the row shows them on a line of their own."""

    def on_resize(self, event: events.Resize) -> None:
        players = len(self.children) or 1
        columns = max(1, min(players, event.size.width // PANEL_WIDTH))
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns

    def show_cards(self, cards: Sequence[tuple[Sequence[Text | str], Text]]) -> None:
        """Each card's lines and tail (the gold as chips), the tails put where they fit."""
        shown = list(self.query_children(PlayerCard))
        for card, (lines, tail) in zip(shown, cards, strict=True):
            card.take(lines, tail)
        for card, apart in zip(shown, self._tails_apart(shown), strict=True):
            card.show_tail(apart)

    def line_up(self) -> None:
        """The tails put where they fit at the cards' widths: a card whose tail moves is
        shown again."""
        cards = list(self.query_children(PlayerCard))
        for card, apart in zip(cards, self._tails_apart(cards), strict=True):
            if apart != card.tail_apart:
                card.show_tail(apart)

    def _tails_apart(self, cards: Sequence[PlayerCard]) -> list[bool]:
        """Each card's tail apart when a card of its row has no room for its own after its
        first line, at the width it has (not laid out yet: none is apart)."""
        columns = self.styles.grid_size_columns or 1
        apart = []
        for start in range(0, len(cards), columns):
            row = cards[start : start + columns]
            wraps = any(card.size.width and card.head_width() > card.size.width for card in row)
            apart += [wraps] * len(row)
        return apart


class BoomtownScreen(CommandScreen):
    CSS_PATH = "boomtown.tcss"
    #: an event's payers and pawns were cut off at 80x24 ("f2: all of it": a play-test)
    DONE_WRAPS = True
    HELP_TITLE = "Boomtown"
    HELP_TEXT = (
        """\
Each round runs as steps; the line under the round says whose turn it is and what to type.
Type in the command field and press **enter**:

- **Reveal**: `r` reveals one card per player (round 1: mines only); a number reveals fewer
  (the screen asks first).
- **Auction**: a number bids for the player whose turn it is; `p` passes. A player with
  no gold passes by themselves; when everybody passed, the picks start (nothing to pay).
- **Payment**: `pay` (or `y`) pays the bid; the split (who keeps what) is shown before gold
  moves.
- **Picks**: a mine as town and number (`cm 6`, `cold 6`; towns cj cm cc dg sn), or an
  event card's name (`dynamite`, `holdup`, ...; the start of it when it fits one card,
  three letters at least for a card taken at once). **ctrl+l** opens the mine list and custom
  mines; **ctrl+t** the event cards; `m` (or `ride`) rides a Mustang you hold, right
  after the winner.
- **Production**: the two dice (`3 4`) or `r` to roll. While somebody holds the Telegraph
  the roll is shown before it pays: `t 2 6` changes die 2 to a 6, `keep` pays the roll as
  it is (`t 2 6` typed before the dice works too).
- **Next round**: `n`. After the round that used the deck's last card, `n` (or ctrl+f)
  opens the scoring wizard.
- `skip` skips the payment, a pick or the production when the table settled it by hand (it
  asks first: y). Nothing traps you: ctrl+z takes any step back, ctrl+o corrects any gold,
  mine (who holds it, or out of the game), mayor pawn, the Governor, a saloon, the cards kept
  and the deck.
- An empty enter changes nothing: the step line says what to type.
- **ctrl+s** opens the auction-split calculator for any bid.
- The players' mines, by town: `6→9` is a mine on 6 that produces 9 gold; `*` marks a New
  Vein on it (its +3 counted in), `D` a dangerous mine (it collapses on a roll of 2 or 12).
"""
        + COMMON_HELP
        + "\n"
        + READINGS
    )
    BINDINGS = [
        Binding("ctrl+l", "mine_list", "Mines", id="mine-list"),
        Binding("ctrl+t", "event_card", "Events", id="event-cards"),
        Binding("ctrl+s", "split_calculator", "Split", id="split-calculator"),
    ]
    #: (keys typed on behind them go to what they open: see GameScreen.KEYS_IN_TURN)
    KEYS_IN_TURN = (*CommandScreen.KEYS_IN_TURN, "ctrl+l", "ctrl+t", "ctrl+s")

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.catalog = self._load_catalog()
        self.telegraph: tuple[int, int, int] | None = None  # chosen before the dice

    def _load_catalog(self) -> list[MineCard]:
        override = self.session.store.root / "boomtown_mines.toml"
        try:
            return load_catalog(override)
        except (ValueError, KeyError, TypeError) as error:
            self.notify(
                f"{override} cannot be used ({error}); the shipped catalog is used.",
                severity="warning",
                markup=False,
            )
            return load_catalog()

    @property
    def state(self) -> BoomtownState:
        assert isinstance(self.session.state, BoomtownState)
        return self.session.state

    @property
    def rules(self) -> BoomtownRules:
        assert isinstance(self.session.rules, BoomtownRules)
        return self.session.rules

    def compose(self) -> ComposeResult:
        yield Header()
        with PlainHorizontal(id="body"):
            with PlainVertical(id="main"):
                yield from self.command_area()
                with PlayerGrid(id="players"):
                    for seat in range(len(self.session.state.players)):
                        # a town's line wrapped goes on indented, under its town
                        yield PlayerCard(id=f"player-{seat}", classes="player", hanging=2)
            yield LogPanel(id="log")
        yield SteadyFooter()

    # -- showing the state ---------------------------------------------------------------

    def selected_seat(self) -> int:
        """Whoever is to act: ctrl+o starts at the picker, the bidder or the winner paying
        (it started at the first player's gold, whoever was picking: a play-test)."""
        state = self.state
        acting = {
            "auction": state.auction_turn,
            "payment": state.winner,
            "picks": state.next_picker,
        }.get(state.phase)
        return state.first_player if acting is None else acting

    def walked_text(self, entry: Entry, undone: bool | None = None) -> str:
        """Said in fewer words: fees and pawns fit on the line (`compact_sentence`)."""
        return compact_sentence(entry.text, [player.name for player in self.state.players])

    def render_state(self) -> None:
        """Update only what changed (#16): each part repaints the lines whose text changed,
        and asks for a layout only when its number of lines changed."""
        state = self.state
        # out and in kept on one line (wrapped between them, "in 0" read alone: a play-test)
        bank = (
            f"bank this round: out{NO_BREAK}{state.bank_out},{NO_BREAK}in{NO_BREAK}{state.bank_in}"
        )
        cards = plural(state.cards_left, "card")
        rounds = plural(state.rounds_left, "round")
        if not state.rounds_left and state.phase != "over":  # ("0 rounds" while it was
            rounds = "this is the last round"  # still played read as none: a play-test)
        # an empty deck: no card comes (the count of cards not taken, "at most 34 mines"
        # with cards removed unseen, read as cards to come: a play-test)
        left = cards_left_text(state) if state.cards_left else EMPTY_DECK
        self._show(
            "#round-line", [f"Round {state.round}  ·  {cards} left ({rounds})  ·  {bank}", left]
        )
        self._show("#step", self.step_lines([self._step_text()]))
        cards = [self._player_card(seat) for seat in range(len(state.players))]
        self.query_one("#players", PlayerGrid).show_cards(cards)

    def _show(self, selector: str, lines: list[Text | str]) -> None:
        self.query_one(selector, WrappedRows).show(lines)

    def _player_card(self, seat: int) -> tuple[list[Text], Text]:
        """Gold first, then a line per town, each starting with the town's name, so that a
        town name never breaks across lines (a panel is wider than any name); and the gold
        as chips, which the card shows after its first line or under it (`PlayerCard`)."""
        text, tail = self._player_parts(seat)
        return list(text.split("\n")), tail

    def _player_parts(self, seat: int) -> tuple[Text, Text]:
        state = self.state
        player = state.players[seat]
        text = Text()
        # once the round is over, the next one's opener (▶ stayed on the last one's, under
        # "Bo will open the auction": a play-test)
        text.append("▶ " if seat == state.opener else "  ")
        text.append(player.name, style=f"bold {player_colour(self, player.colour)}")
        gold = state.gold(seat)
        text.append(f"  {gold} gold", style="bold")
        if gold == 0:
            tail = Text("BANKRUPT", style="bold red")
        else:
            tail = Text(f"({chips(gold).replace(' ', '+')})", style="dim")  # one word
        by_town: dict[str, list[str]] = {}
        for mine in state.mines_of(seat):
            # a dangerous mine's D kept with its mine (it wrapped alone: a play-test)
            danger = f"{NO_BREAK}D" if mine.dangerous else ""
            worth = f"{mine.worth}" + ("*" if mine.vein else "") + danger
            by_town.setdefault(mine.town, []).append(f"{mine.roll}→{worth}")
        mayor_of = state.mayor_of(seat)
        if not by_town and not mayor_of:
            text.append("\nno mines", style="dim")
        for town in TOWNS:
            if town not in by_town and town not in mayor_of:
                continue
            text.append("\n")
            text.append(f"{town}:", style=f"bold {TOWNS[town]}")
            for mine in by_town.get(town, []):
                text.append(f" {mine}")
            if town in mayor_of:
                governed = "+Governor" if state.governor == town else ""
                # (wrapped alone onto a line, it read as the next town's: a play-test)
                text.append(NO_BREAK)
                text.append(f"mayor{governed}", style=f"reverse bold {TOWNS[town]}")
        extras = [  # a saloon's town and its Girls kept together ("+ Girls" wrapped alone
            # onto a line at 80x24: a play-test); only "Saloon" may end a line
            f"Saloon {s.town.replace(' ', NO_BREAK)}"
            + (f"{NO_BREAK}+{NO_BREAK}Girls" if s.girls else "")
            for s in state.saloons
            if s.owner == seat
        ]
        extras += [KEPT_LABELS[card] for card in state.kept[seat]]
        if extras:
            text.append("\n" + " · ".join(extras), style="italic")
        return text, tail

    def _step_text(self) -> Text:
        state, name = self.state, self.state.name
        phase = state.phase
        if state.finished:
            return Text(self.finished_line("ctrl+f reopens it to correct it."))
        if phase == "reveal":
            first_round = " (round 1: mines only)" if state.round == 1 else ""
            cards = plural(min(len(state.players), state.cards_left), "card")
            return Text(f"Reveal {cards}{first_round}, then type r.")
        if phase == "auction":
            turn = state.auction_turn
            assert turn is not None
            high = (
                f"{name(state.high_bidder)} bids {state.high_bid}"
                if state.high_bidder is not None
                else "no bid yet"
            )
            if state.gold(turn) == 0:
                return Text(
                    f"Auction ({high}): {name(turn)} has no gold and can only pass: type p."
                )
            if state.gold(turn) <= state.high_bid:
                return Text(
                    f"Auction ({high}): {name(turn)} has {state.gold(turn)} gold, not enough "
                    "to outbid: type p to pass."
                )
            lowest, most = state.high_bid + 1, state.gold(turn)
            # ("a bid only 7" did not read: a play-test)
            bids = f"of {most} (all they have)" if lowest == most else f"from {lowest} to {most}"
            return Text(f"Auction ({high}): {name(turn)}'s turn: a bid {bids}, or p to pass.")
        if phase == "payment":
            assert state.winner is not None
            receivers, bank = self.rules.split_for(state, state.winner, state.price)
            # only who gets something ("Bo keeps 0; the bank gets 0" read as money reaching
            # them: a play-test)
            lines = [f"{name(seat)} keeps {share}" for seat, share in receivers if share]
            if bank:
                lines.append(f"the bank gets {bank}")
            return Text(
                f"{name(state.winner)} won at {state.price}. Type pay (or y) to pay it: "
                + "; ".join(lines)
                + "."
            )
        if phase == "picks":
            picker = state.next_picker
            assert picker is not None
            mustang = [
                name(s)
                for s in range(len(state.players))
                if "mustang" in state.kept[s] and s not in (state.winner, picker)
            ]  # (not to the one who picks next anyway: riding would waste the card)
            ride = (
                f" {', '.join(mustang)} may ride the Mustang now: type m."
                if mustang and state.picks == [state.winner]
                else ""
            )
            # (round 1 offers only mines: the rules; "or an event" read as an offer there)
            example = event_words(state)[:1]
            event = f" or an event ({example[0]})" if example else ""
            mine = self._example_mine()
            return Text(
                f"{name(picker)} picks ({len(state.picks) + 1} of {state.offered}): a mine"
                f"{f' ({mine})' if mine else ''}{event}; ctrl+l lists the mines.{ride}"
            )
        if phase == "production":
            holders = [name(s) for s in self.rules.telegraph_holders(state)]
            if state.rolled is not None:
                first, second = state.rolled
                rolled = f"Rolled {first} + {second} = {first + second}."
                if not holders:  # (a correction took the card away)
                    return Text(f"{rolled} Type keep to pay this roll.")
                return Text(
                    f"{rolled} {', '.join(holders)} may change one die with the Telegraph: "
                    "t 2 6 makes die 2 a 6; keep pays this roll. (ctrl+z takes the roll back)"
                )
            telegraph = (  # (once set, the line says so instead)
                f" {', '.join(holders)} holds the Telegraph: the roll shows before it pays."
                if holders and self.telegraph is None
                else ""
            )
            chosen = ""
            if self.telegraph is not None:
                holder, die, face = self.telegraph
                chosen = f" Telegraph ready: {name(holder)} sets die {die + 1} to {face}."
            return Text(
                f"Production: type the two dice (3 4) or r to roll.{telegraph}{chosen}"
                " (skip: no roll)"
            )
        if phase == "next":
            return Text(
                f"Round over. Type n to start round {state.round + 1}: "
                f"{name(state.opener)} will open the auction."
            )
        return Text("The deck is used up: n (or ctrl+f) scores the game with the wizard.")

    def _example_mine(self) -> str:
        """A mine still to be had, as typed (`cm 6`): not one gone or in play (a play-test
        was shown `cm 6` after it was dynamited)."""
        short = {town: letters for letters, town in TOWN_SHORT.items()}
        cards = sorted(self.catalog, key=lambda card: (card.town, card.roll) != CM6_SPOT)
        for card in cards:  # cm 6 first, as F1 has it
            if not mine_out(self.state, card, self.catalog) and card.town in short:
                return f"{short[card.town]} {card.roll}"
        return ""  # every mine out: no example (cm 6, gone, was offered: a play-test)

    # -- the command field ------------------------------------------------------------

    def completion_words(self, typed: str) -> list[str]:
        """At a pick, the event cards come first (`s` was completed to `skip`, a
        production word, beside a refusal naming three cards: a play-test)."""
        words = self.command_words()
        if self.state.phase == "picks":  # (none in round 1: only mines are offered)
            return [*event_words(self.state), *words]
        return words

    def command_words(self) -> list[str]:
        """Commands, players, event cards and towns, for completion as you type."""
        towns = [town.split()[0].lower() for town in TOWNS] + list(TOWN_SHORT)
        events_ = [name.lower() for name in EVENTS.values()]
        return [*super().command_words(), *COMMANDS, *events_, *towns]

    def empty_enter(self) -> str:
        """What this step takes instead of an empty enter (which changes nothing)."""
        phase = self.state.phase
        if phase == "production" and self.state.rolled is not None:
            return "Nothing typed: t 2 6 changes die 2 to a 6 with the Telegraph; keep pays."
        words = {
            "reveal": "type r to reveal the cards",
            "auction": "type a bid or p to pass",
            "payment": "type pay (or y) to pay the bid as shown",
            "picks": "type a mine (cm 6) or an event card; ctrl+l lists the mines",
            "production": "type the two dice (3 4) or r to roll",
            "next": "type n to start the next round",
            "over": "n (or ctrl+f) scores the game",
        }
        return f"Nothing typed: {words.get(phase, 'the line above says what to type')}."

    def do_command(self, text: str) -> bool:
        """Carry out what was typed for the current step; False when a dialog takes over."""
        state, rules = self.state, self.rules
        phase = state.phase
        lowered = text.lower()
        if lowered == "skip":
            entry = rules.skip(state)  # refused at once where nothing can be skipped
            # (what is skipped said plainly: "Nothing is recorded for it" read unclear)
            self._ask(f"{entry.text}? No gold moves in the app for it.", entry, "Skip")
            return True
        if phase == "reveal":
            if lowered in REVEAL:
                return self.run(rules.reveal(state))
            said = lowered.split()
            if len(said) == 2 and said[0] in REVEAL and is_number(said[1]):
                text = said[1]  # `r 3` is how many, as `3` is (refused: a play-test)
            if not is_number(text):
                raise RuleError("Type r to reveal the cards (or how many, if fewer: r 3).")
            entry = rules.reveal(state, int(text))
            usual = min(len(state.players), state.cards_left)
            if int(text) < usual:
                self._ask(f"Reveal only {plural(int(text), 'card')}, not {usual}?", entry)
                return True
            return self.run(entry)
        if phase == "auction":
            turn = state.auction_turn
            assert turn is not None
            if lowered in ("p", "pass"):
                return self.run(rules.pass_(state, turn))
            if text.startswith("-") and is_number(text[1:].strip()):  # the rules' word on
                # it ("Type a bid (a whole number)" to -3, which is one: a play-test)
                return self.run(rules.bid(state, turn, -int(text[1:].strip())))
            if not is_number(text):
                raise RuleError("Type a bid (a whole number) or p to pass.")
            return self.run(rules.bid(state, turn, int(text)))
        if phase == "payment":
            if lowered not in PAY:
                raise RuleError("Type pay (or y) to pay the bid as shown, or skip.")
            return self.run(rules.pay_split(state)[0])
        if phase == "picks":
            picker = state.next_picker
            assert picker is not None
            if lowered in ("m", "ride"):  # the card's name picks the card, not this
                riders = [s for s in range(len(state.players)) if "mustang" in state.kept[s]]
                if not riders:  # (and the card on offer? how to take it: a play-test)
                    rules.check_event_allowed(state)  # round 1: mines only, said first
                    raise RuleError(
                        "Nobody has a Mustang to ride: to take the Mustang card, type mus (or "
                        "its whole name)."
                    )
                return self.run(rules.use_mustang(state, riders[0]))
            if lowered in NEXT + REVEAL:  # another step's word, not an event card's start
                # (`n` opened New Vein's dialog for a table that took the round for over)
                raise RuleError(
                    f"{state.name(picker)} still picks: a mine (cm 6) or an event card by its "
                    "name; n starts the next round once every pick is made."
                )
            try:
                card = (
                    find_event(text, events_left(state))
                    if not any(ch.isdigit() for ch in text)
                    else None
                )
            except RuleError:  # a card's few letters: in round 1 no card is, said first (it
                rules.check_event_allowed(state)  # asked for more letters, then refused)
                raise
            if card is not None:
                rules.check_event_allowed(state)
                rules.check_event_left(state, card)  # before a dialog asks the rest
                if card in ("card_shark", "mustang", "stagecoach", "telegraph"):
                    return self.run(rules.pick_event(state, picker, card))
                self.action_event_card(card)
                return True
            return self.run(rules.pick_mine(state, picker, find_mine(text, self.catalog, state)))
        if phase == "production":
            return self._production(lowered)
        if phase == "next":
            if lowered not in NEXT:
                raise RuleError("Type n to start the next round.")
            return self.run(rules.next_round(state))
        if phase == "over" and lowered in NEXT:  # the round's usual last key: the scores
            self.action_finish()
            return True
        raise RuleError("The deck is used up: n (or ctrl+f) scores the game.")

    def _production(self, lowered: str) -> bool:
        """The dice, typed or rolled; a Telegraph holder sees them before they pay."""
        state, rules = self.state, self.rules
        telegraph = TELEGRAPH_WORD.match(lowered)  # `t`, `tel`, `telegraph` (not `three
        if telegraph:  # four`: any word in t was told "Nobody has a Telegraph", a play-test)
            chosen = self._choose_telegraph(lowered[telegraph.end() :])
            if state.rolled is None:
                self.telegraph = chosen
                self.render_state()
                return True
            return self._produce(rules.produce(state, None, chosen))
        if state.rolled is not None:
            if lowered in KEEP:
                return self._produce(rules.produce(state, None))
            first, second = state.rolled
            raise RuleError(
                f"Rolled {first} + {second}: type t 2 6 to change die 2 to a 6 with the "
                "Telegraph, or keep to pay this roll."
            )
        dice = rules.roll() if lowered in ("r", "roll") else parse_dice(lowered)
        if self.telegraph is None and rules.telegraph_holders(state):
            return self.run(rules.roll_for_telegraph(state, dice))
        return self._produce(rules.produce(state, dice, self.telegraph))

    def _produce(self, entry: Entry) -> bool:
        """Pay the production and say what it did, in one line under the field: the
        sentence when it fits, else what each player's gold did (the log has each mine)."""
        players = range(len(self.state.players))
        before = [self.state.gold(seat) for seat in players]
        producers = self.rules.producers(self.state, entry)
        fees = self.rules.saloon_fees(self.state, entry)
        if not self.run(entry):
            return False
        self.telegraph = None
        said = entry.text
        width = self.refusal_line().content_size.width
        if cell_len(said) > width:  # what each player's gold did, and what collapsed
            parts = said.split("; ")
            moved = []
            for seat in players:
                name, change = self.state.name(seat), self.state.gold(seat) - before[seat]
                net = f"{change:+d}" if change else "±0"
                mined = producers.get(seat, 0)
                if mined and mined != change:  # a saloon fee paid or taken beside: what
                    # the mine produced too (only the net read as the mine's: a play-test)
                    moved.append(f"{name} {net} ({mined} mined)")
                elif change or mined:  # (a mine that paid what its owner paid out, left
                    # out, read as if it had not produced: a play-test)
                    moved.append(f"{name} {net}")
            # ("Cy +1 (3 mined) gold" read oddly: the word first, a play-test)
            gold = f"gold {', '.join(moved)}" if moved else "nobody's gold changes"
            # and a mayor pawn that changed hands with it (only the log said so: a play-test)
            lost = [p for p in parts if p.endswith("collapses") or " is now mayor of " in p]
            said = "; ".join([f"{parts[0]}: {gold}", *self._fees_said(fees), *lost])
        # one line when it fits (no layout now or at the next key: #16); else whole,
        # wrapped (a play-test saw players and collapses cut off)
        self.tell(said, one_line=cell_len(said) <= width)  # (in cells: an emoji name)
        # The deck used up, the scoring wizard waits for n (or ctrl+f), the round's usual
        # last key: opened at once, it took the n typed on as the first player's gold (a
        # play-test), and hid the last payout
        return True

    def _fees_said(self, fees: list[tuple[int, int, int, int]]) -> list[str]:
        """The saloon fees of a production, in one clause for the one-line summary: who
        paid whom how much, the fees one player paid another added up ("saloon fees: Bo
        pays Ann 4"). The net gold alone hid them (a play-test). None paid: nothing."""
        owed: dict[tuple[int, int], list[int]] = {}
        for payer, payee, paid, due in fees:
            total = owed.setdefault((payer, payee), [0, 0])
            total[0] += paid
            total[1] += due
        name = self.state.name
        said = [
            f"{name(payer)} pays {name(payee)} {paid}" + (f" (of {due} due)" if paid < due else "")
            for (payer, payee), (paid, due) in owed.items()
        ]
        if not said:
            return []
        return [f"saloon fee{'s' if len(fees) > 1 else ''}: {', '.join(said)}"]

    def _ask(self, question: str, entry: Entry, yes: str = "Yes") -> None:
        """A step the rules expect done otherwise: one key (y) confirms it, n keeps things."""
        from screens.confirm import ConfirmDialog

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.run(entry)

        self.app.push_screen(ConfirmDialog(question, yes=yes, no="No"), answered)

    def _choose_telegraph(self, text: str) -> tuple[int, int, int]:
        """`t DIE FACE` (`text`: what follows the t): which die (1 or 2) the Telegraph
        holder changes, and to what."""
        holders = self.rules.telegraph_holders(self.state)
        if not holders:
            raise RuleError("Nobody has a Telegraph.")
        words = text.split()
        if (
            len(words) != 2
            or words[0] not in ("1", "2")
            or words[1] not in "123456"
            or len(words[1]) != 1
        ):
            raise RuleError("Type t, which die (1 or 2) and its new face (1-6): e.g. t 2 6.")
        return holders[0], int(words[0]) - 1, int(words[1])

    # -- dialogs ---------------------------------------------------------------------

    def action_mine_list(self) -> None:
        from screens.mine_picker import MinePicker

        picker = self.state.next_picker
        if self.state.phase != "picks" or picker is None:
            self.notify("Mines are taken during the picks.", markup=False)
            return

        def chosen(card: MineCard | None) -> None:
            if card is None:
                return
            try:
                self.run(self.rules.pick_mine(self.state, picker, card))
            except RuleError as problem:
                self.say_beside(str(problem))

        self.app.push_screen(MinePicker(self.state.name(picker), self.catalog, self.state), chosen)

    def action_event_card(self, card: str | None = None) -> None:
        from screens.event_card import EventCard

        picker = self.state.next_picker
        if self.state.phase != "picks" or picker is None:
            self.notify("Event cards are taken during the picks.", markup=False)
            return
        if card is None:  # ctrl+t: the dialog lists the cards still in the deck
            try:
                self.rules.check_event_allowed(self.state)
            except RuleError as problem:
                self.notify(str(problem), markup=False)
                return
            if not events_left(self.state):
                self.notify("Every event card of the deck has been taken.", markup=False)
                return

        def played(entry) -> None:  # type: ignore[no-untyped-def]
            if entry is not None:  # done: the command that opened it leaves the field
                self.run(entry)  # (`drop_kept`, as every change of the game does)

        self.app.push_screen(EventCard(self.session, picker, card), played)

    def action_split_calculator(self) -> None:
        from screens.split_calculator import SplitCalculator

        players = len(self.state.players)
        bid = self.state.high_bid if self.state.phase in ("auction", "payment") else 0
        self.app.push_screen(
            SplitCalculator(bid, players, self.state.options.get("leftover", "keep"))
        )

    def action_switch_leftover(self) -> None:
        """Switch the 4-5 player split reading, as an entry (the table may change its mind)."""
        if len(self.state.players) < 4:
            self.notify("With 3 players the rest always goes to the bank.", markup=False)
            return
        other = "bank" if self.state.options.get("leftover", "keep") == "keep" else "keep"
        entry = self.rules.set_option(self.state, "leftover", other)
        if self.run(entry):
            self.say_beside(entry.text, notice=True)

    def palette_commands(self) -> list[SystemCommand]:
        return [
            *super().palette_commands(),
            SystemCommand(
                "Game: Switch the split reading",
                "4-5 players: the left neighbour keeps the rest, or the bank gets it",
                self.action_switch_leftover,
            ),
            SystemCommand(
                "Game: Auction split calculator",
                "Who keeps what of any bid",
                self.action_split_calculator,
            ),
            SystemCommand(
                "Game: Mine list",
                "Choose a mine from the catalog, or a custom one",
                self.action_mine_list,
            ),
            SystemCommand(
                "Game: Event card",
                "Play an event card: " + ", ".join(EVENTS.values()),
                self.action_event_card,
            ),
        ]
