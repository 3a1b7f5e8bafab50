"""The Calamityville screen: the money ledger, properties and rent, the newspaper deck.

One typed command per change, like every other game (`pay ann bo 200 rent`,
`buy ann bank 300`, `rent bo bank 300`): the field is cleared after each change, so a
second enter repeats nothing. Money moves as logged payments (player to player, to the
bank, from the bank) with a reason; the rules refuse a payment larger than the payer's
money and say the shortfall.
"""

from __future__ import annotations

import re
from contextlib import suppress

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import ItemGrid
from textual.widgets import Header, Input

from companion.amounts import AmountError, and_listed, is_number, parse_count
from companion.games import RuleError
from companion.games.base import copy_state
from companion.games.calamityville import (
    A_PROPERTY_IS,
    BANK,
    KINDS,
    PRICE,
    READINGS,
    CalamityState,
    CalamityvilleRules,
    WhichProperty,
    deck_left,
    find_property,
    walked_sentence,
)
from companion.journal import Entry
from companion.table import find_player, players_matching
from screens.game import COMMON_HELP, CommandScreen, TypeMore
from screens.player_colours import player_colour
from screens.widgets.backdrop import AlikeLines, PlainHorizontal, PlainVertical
from screens.widgets.footer import SteadyFooter
from screens.widgets.log_panel import LogPanel
from screens.widgets.wrapped_rows import NO_BREAK, WrappedRows

COMMANDS = ("pay", "buy", "rent", "pass", "news", "gold")
#: what the step line offers (F1 has everything); NAME is filled in with the players' names
STEP = "pay {a} {b} 200 rent · pay {a} bank 150 doctor · buy {a} bank 300"
STEP_MORE = "rent {b} bank 300 · pass bank 300 to {b} · news · gold · F1: all"
PANEL_WIDTH = 34  # a player's panel: the grid puts as many side by side as fit


class NotAValue(AmountError):
    """A purchase's space value that no more typing makes a number (`300buy`): said as it
    is typed, not only at enter, as a misspelt name is (a play-test)."""


class UnknownWord(RuleError):
    """A word where a name goes (a player's, the bank's, a property's type) that no more
    typing makes one: said under the field once it is typed, a space or the next word after
    it (`pass gus bank 300`, gus no player, was said only at enter: a play-test). `rest`:
    the words typed after it."""

    def __init__(self, sentence: str, rest: list[str]) -> None:
        super().__init__(sentence)
        self.rest = rest


class NotAPlayer(UnknownWord):
    """A name that starts no player's name (nor the bank's, where the bank goes)."""


class PlayerPanel(WrappedRows):
    """A player's panel: its lines, and a mark (who went first) at the end of the first
    line where it fits whole (the first of its forms that does, longest first), else on a
    line of its own after the others where the panel has room for it: on the first line,
    wrapped, it cut the last of five properties at 80x24; a property is never cut for it."""

    #: the mark's forms, longest first ("went first", "started"); () for none
    marks: tuple[Text, ...] = ()

    def show_player(self, lines: list[Text], marks: tuple[Text, ...]) -> None:
        self.marks = marks
        self.show(lines)

    @property
    def plain(self) -> str:
        """The text as given, the mark (its longest form) on the first line."""
        lines = super().plain.split("\n")
        if self.marks:
            lines[0] += "  " + self.marks[0].plain
        return "\n".join(lines)

    def lines_at(self, width: int) -> list[Text]:
        lines = super().lines_at(width)
        if not self.marks or not lines:
            return lines
        head = lines[0]
        for mark in self.marks:
            if head.cell_len + 2 + mark.cell_len <= width:
                return [Text.assemble(head, "  ", mark), *lines[1:]]
        height = self._fixed_height()
        if height is not None and self.rows_needed(lines, width) >= height:
            return lines  # (no room: the properties come first)
        return [*lines, self.marks[0]]


class PlayerPanels(AlikeLines, ItemGrid):
    """The players' panels in as many columns as fit; its own lines are one drawn once."""


class CalamityvilleScreen(CommandScreen):
    CSS_PATH = "calamityville.tcss"
    HELP_TITLE = "Calamityville"
    HELP_TEXT = (
        """\
Type in the command field and press **enter**; the field is cleared after each change, so
a second enter repeats nothing. **tab** completes names and words as you type. A name can
be shortened to the start of any of its words; the bank is a party like a player.

- `pay ann bo 200 rent`: Ann pays Bo $200, the reason after the amount (it may be left
  out). `pay ann bank 150 doctor` pays the bank; `pay bank ann 500 found gold` pays Ann.
  A payment larger than the payer's money is refused with the shortfall.
- `buy ann bank 300`: Ann buys a bank (or `store`, `hotel`, `mine`) whose space shows $300,
  at the price remembered ($200 unless your rules say otherwise); `buy ann bank 300 for 250`
  pays $250 and remembers that price; `buy ann bank 300 for 150 once` pays $150 for this
  purchase only. Nobody owns more than five; the box has three of each
  type and four mines.
- `rent bo bank 300`: Bo landed on the $300 bank: the rent (value x the owner's properties
  of that type, + the bonus for all three) goes to its owner. Name the owner too when two
  owners have the same space: `rent bo ann bank 300`. `... bonus 100` gives the bonus for
  all three once; it is remembered (undoing that rent takes it back). The line under the
  field shows the rent as you type.
- `pass bank 300 to cy`: a card passes a property to Cy (one with five: the next one
  clockwise with fewer).
- `news` (or **ctrl+n**) reads a newspaper card (29 yellow Boom, then 20 red Bust);
  `gold` (or **ctrl+g**) when "Gold Has Run Out!" (a red card; the last one left is it)
  is read: the richest player wins; just after `news` read it, gold counts that card (not
  another); with only payments, rents and passes since that red card, gold asks whether it
  was that card (y) or a new one (a). After it, only payments settle what the card said.
- Who went first is marked on their panel all game ("goes first" until the first purchase
  or card); the app does not follow whose turn it is.
- **ctrl+o** corrects money, a property (its owner, its space value, or gone) and the
  cards left in the newspaper deck, with a reason.
"""
        + COMMON_HELP
        + "\n"
        + READINGS
    )
    BINDINGS = [
        # short, as the commands typed (`news`, `gold`): with "Newspaper" and "Gold runs out"
        # the footer had no room for f3 and esc at 120 columns (even compact); the help and
        # the palette ("Game: Read a newspaper card", "Game: Gold Has Run Out!") say more
        Binding("ctrl+n", "newspaper", "News", id="newspaper"),
        Binding("ctrl+g", "gold_out", "Gold out", id="gold-out"),
        # once the gold ran out, the same keys say why not (they did nothing: a play-test)
        Binding("ctrl+n", "deck_over('newspaper')", show=False, id="newspaper-over"),
        Binding("ctrl+g", "deck_over('gold_out')", show=False, id="gold-out-over"),
    ]
    #: (keys typed on behind ctrl+g go to its question, and a card read with ctrl+n comes
    #: before a command typed behind it: see GameScreen.KEYS_IN_TURN)
    KEYS_IN_TURN = (*CommandScreen.KEYS_IN_TURN, "ctrl+g", "ctrl+n")

    def __init__(self, session) -> None:  # type: ignore[no-untyped-def]
        super().__init__(session)

    @property
    def state(self) -> CalamityState:
        assert isinstance(self.session.state, CalamityState)
        return self.session.state

    @property
    def rules(self) -> CalamityvilleRules:
        assert isinstance(self.session.rules, CalamityvilleRules)
        return self.session.rules

    def compose(self) -> ComposeResult:
        yield Header()
        with PlainHorizontal(id="body"):
            with PlainVertical(id="main"):
                yield from self.command_area()
                with PlayerPanels(id="players", min_column_width=PANEL_WIDTH):
                    for seat in range(len(self.session.state.players)):
                        yield PlayerPanel(id=f"player-{seat}", classes="player")
            yield LogPanel(id="log")
        yield SteadyFooter()

    def command_words(self) -> list[str]:
        return [*COMMANDS, *super().command_words(), "bank", *KINDS, "for", "bonus", "to"]

    def completion_words(self, typed: str) -> list[str]:
        """A command's word only as the first word, and only a command there (`f` and tab
        gave `for`, not a command: a play-test); after it, `b` and tab gave `buy` where a
        player or `bank` goes (`rent bo buy`: a play-test). `for` only after a purchase's
        value, `bonus` in a rent, `to` in a pass: where each belongs."""
        words = typed.split()
        if len(words) < 2 and not typed[-1:].isspace():  # the command's word, being typed
            return list(COMMANDS)
        command = words[0].lower()
        done = words[:-1] if not typed[-1:].isspace() else words  # the words before
        if command == "buy" and len(done) >= 4 and is_number(done[-1].lstrip("$")):
            # after the value only its price (a name there was no word of the purchase)
            return ["once"] if done[-2].lower() == "for" else ["for"]
        wanted = {"for": False, "bonus": command == "rent", "to": command == "pass"}
        return [
            word for word in self.command_words() if word not in COMMANDS and wanted.get(word, True)
        ]

    # -- showing ---------------------------------------------------------------------

    _deck_over = False  # the newspaper keys were hidden (the gold ran out, or finished)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """ctrl+n and ctrl+g are not offered once the gold has run out (the footer kept
        offering them: a play-test); typed, `news` and `gold` still say why not."""
        if action in ("newspaper", "gold_out") and self._deck_over:
            return False
        if action == "deck_over":
            return self._deck_over
        return super().check_action(action, parameters)

    def action_deck_over(self, action: str) -> None:
        """ctrl+n or ctrl+g once the deck is over: the refusal the command says."""
        getattr(self, f"action_{action}")()

    def render_state(self) -> None:
        state = self.state
        over = state.gold_out or state.finished
        if over != self._deck_over:  # (only then: the footer compares what it shows)
            self._deck_over = over
            self.refresh_bindings()
        if state.finished:
            # (it said "ctrl+o corrects it": a money corrected after the finish left the
            # winners as the score sheet had them, a play-test saw them contradicted)
            news = self.finished_line("ctrl+f reopens it to change the result.")
        elif state.gold_out:
            news = "The gold has run out: properties are worth nothing. ctrl+f scores the game."
        else:
            news = f"Newspaper: {deck_left(state)} left; next: {state.card_up}"
        self.query_one("#round-line", WrappedRows).show([news])
        self.query_one("#step", WrappedRows).show(self.step_lines([self._step_text()]))
        for seat in range(len(state.players)):  # a panel repaints only its changed lines
            self.query_one(f"#player-{seat}", PlayerPanel).show_player(
                self._player_lines(seat), self._first_mark(seat)
            )

    def _step_text(self) -> str:
        state = self.state
        if state.finished:
            # (it said ctrl+f "reopens the game to play on", the line above "to change the
            # result": two readings of one key, a play-test)
            return "ctrl+o still corrects a number; only ctrl+f changes the result."
        if state.gold_out:
            a, b = self._short_names()
            return f"pay {a} {b} 200 rent settles what the card said · ctrl+f scores · F1: all"
        a, b = self._short_names()
        return f"{STEP.format(a=a, b=b)}\n{STEP_MORE.format(b=b)}"

    def _short_names(self) -> tuple[str, str]:
        """Two players as a command names them (a first word, lower case), for the step
        line's examples; a name that starts with a sign is left out of them."""
        words = [p.name.split()[0].lower() for p in self.state.players]
        plain = [word for word in words if re.fullmatch(r"\w+", word)]
        plain += [word for word in ("ann", "bo") if word not in plain]
        return plain[0], plain[1]

    def _player_lines(self, seat: int) -> list[Text]:
        """Name and money on a line of their own (a payment repaints that line alone), then
        the properties, wrapped to the panel's width."""
        state = self.state
        player = state.players[seat]
        owned = state.owned(seat)
        head = Text()  # (no turn marker: the app does not follow Calamityville's turns, and
        # a first player's ▶ that never moved read as "Ann's turn" all game: a play-test)
        head.append(player.name, style=f"bold {player_colour(self, player.colour)}")
        head.append(f"  ${state.money(seat)}", style="bold")
        head.append(f"  {len(owned)}/5", style="dim")
        if owned:  # by type, as rent counts them (in the order bought, a player's two
            # banks sat apart: a play-test)
            owned = sorted(owned, key=lambda p: KINDS.index(p.kind) if p.kind in KINDS else 9)
            names = ", ".join(f"{p.kind}{NO_BREAK}${p.value}" for p in owned)
            return [head, Text(names, style="italic")]
        return [head, Text("no properties", style="dim italic")]

    def _first_mark(self, seat: int) -> tuple[Text, ...]:
        """Who went first, on their panel all game (the drawn first player was said once, in
        a toast; then until the first purchase, and after it nothing said who starts the
        turns around the table: play-tests): "goes first" until then, "went first" after,
        never read as whose turn it is (the app does not follow turns); a shorter form where
        a long name leaves no room for it. The panel, of fixed height, is repainted, never
        laid out anew."""
        state = self.state
        if seat != state.first_player:
            return ()
        forms = ("goes first", "starts") if state.at_start else ("went first", "started")
        return tuple(Text(form.replace(" ", NO_BREAK), style="bold italic") for form in forms)

    def empty_enter(self) -> str:
        if self.state.gold_out or self.state.finished:  # (only pay is left to type)
            return "Nothing typed: pay, or ctrl+f to score the game (F1 lists the keys)."
        return "Nothing typed: pay, buy, rent, pass, news or gold (F1 lists them all)."

    # -- the command field ---------------------------------------------------------------

    def do_command(self, text: str) -> bool:
        words = text.split()
        command = words[0].lower()
        rest = words[1:]
        if command == "pay":
            return self.run(self._pay(rest))
        if command == "buy":
            return self._buy(rest)
        if command == "rent":
            return self._rent(rest)
        if command == "pass":
            return self.run(self._pass(rest))
        if command in ("news", "newspaper") and not rest:
            return self._read_card()
        if command == "gold" and [word.lower() for word in rest] in ([], ["out"]):
            self.rules.gold_runs_out(self.state)  # a refusal is said beside the field
            self.action_gold_out()
            return True
        if command in ("news", "newspaper", "gold"):
            raise RuleError("Type news alone to read a card, gold when Gold Has Run Out! is read.")
        from companion.spelling import not_a_command  # (only for a command not known)

        raise RuleError(  # (rnet: a play-test)
            f"{not_a_command(words[0], COMMANDS)} Type pay, buy, rent, pass, news or gold; F1 "
            "lists them."
        )

    def _player(self, words: list[str], role: str, bank: bool = False) -> tuple[int, list[str]]:
        """The player the words start with, and the words after the name; `bank`: the bank
        goes there too (`_party`), and a refusal says so (`bnak` was said to be no player,
        the players listed, the bank not: a play-test)."""
        found = find_player(self.state.players, words)
        if found is not None:
            return found
        or_bank = " or bank" if bank else ""
        if not words:
            raise RuleError(f"Say {role}: a player's name{or_bank}.")
        matches = players_matching(self.state.players, words[0])
        if len(matches) > 1:
            both = and_listed([self.state.name(seat) for seat in matches])
            raise RuleError(f"{words[0]} could be {both}: type more of the name.")
        from companion.spelling import did_you_mean

        names = [player.name for player in self.state.players]
        guess = did_you_mean(words[0], [*names, *(["bank"] if bank else [])], cutoff=0.6)
        # (evee: a play-test)
        listed = guess or f" The players: {and_listed(names)}{',' if bank else ''}{or_bank}."
        what = "a player or the bank" if bank else "a player"
        raise NotAPlayer(f"Not {what}: {words[0]} (for {role}).{listed}", words[1:])

    def _party(self, words: list[str], role: str) -> tuple[int, list[str]]:
        """A player, or the bank."""
        if words and words[0].lower() == "bank":
            return BANK, words[1:]
        if words and "bank".startswith(words[0].lower()):  # `b`: Bo or the bank? (Bo was
            # taken without a word: a play-test)
            matches = players_matching(self.state.players, words[0])
            if matches:
                names = " or ".join(self.state.name(seat) for seat in matches)
                raise RuleError(
                    f"{words[0]} could be the bank or {names}: type bank, or more of the name."
                )
        return self._player(words, role, bank=True)

    def _pay(self, words: list[str]) -> Entry:
        a, b = self._short_names()  # (the examples named players of another table)
        usage = f"Type pay, who pays, who is paid, the amount and why: pay {a} {b} 200 rent."
        if not words:
            raise RuleError(usage)
        payer, words = self._party(words, "who pays")
        payee, words = self._party(words, "who is paid")
        if not words:
            raise RuleError(usage)
        amount = parse_count(words[0], minimum=1, what="The amount")
        return self.rules.pay(self.state, payer, payee, amount, " ".join(words[1:]))

    def _buy(self, words: list[str]) -> bool:
        entry, price, remembered = self._buy_entry(words)
        if not self.run(entry):
            return False
        if "price_before" in entry.data:
            later = (  # (said even when the settings were not saved: a play-test)
                ", in later games too" if self.remember("price", price) else " in this game"
            )
            self.say_with_done(  # kept for this game and the next: said, not silent (a
                f"A property costs ${price} from now on{later} (buy ... for {remembered} goes "
                "back).",  # play-test)
                title="Price kept",
            )
        return True

    #: the price kept, and the journal's length it was worked out at
    _price_seen: tuple[int, int] | None = None

    def _price_kept(self) -> int:
        """What a purchase costs without `for`: the price the newest purchase of this game
        paid (its entry keeps it: with the settings not saved, "Price kept" was said and the
        next purchase cost $200, a play-test), else the one remembered from earlier games.
        Worked out once a change (a purchase is previewed at every key)."""
        count = self.session.journal.effective_count
        if self._price_seen is None or self._price_seen[0] != count:
            bought = self.session.journal.newest_of("buy")
            # (a purchase at a price for it only says the price kept: `price_kept`)
            paid = bought.get("price_kept", bought.get("price")) if bought is not None else None
            price = paid if isinstance(paid, int) else self.session.recall("price", PRICE)
            self._price_seen = (count, price)
        return self._price_seen[1]

    def _buy_entry(self, words: list[str]) -> tuple[Entry, int, int]:
        """The purchase `buy WHO TYPE VALUE [for PRICE]` makes, its price and the price
        kept before it."""
        usage = (
            f"Type buy, who buys, the type and its space value: buy {self._short_names()[0]} "
            "bank 300."
        )
        if not words:
            raise RuleError(usage)
        seat, words = self._player(words, "who buys")
        if len(words) == 1 and words[0].lower() in KINDS:  # (a mine's went unsaid: the
            # usage named a bank, and said a mine is a property: a play-test)
            raise RuleError(
                f"Type the value printed on the {words[0].lower()}'s space too: "
                f"buy {self._short_names()[0]} {words[0].lower()} 300."
            )
        if len(words) < 2 or words[0].lower() not in KINDS:
            raise RuleError(f"{usage} {A_PROPERTY_IS}.")
        kind = words[0].lower()
        try:
            value = parse_count(words[1], minimum=1, what="The value on its space")
        except AmountError as problem:
            if re.fullmatch(r"-?\$?[0-9,]*", words[1]):  # a number still being typed
                raise
            raise NotAValue(str(problem)) from None
        price_words = words[2:]
        once = len(price_words) > 1 and price_words[-1].lower() == "once"
        if once:  # a price for this purchase only (a card's deal): the one kept stays
            price_words = price_words[:-1]
        if [word.lower() for word in price_words] in (["once"], ["for"]):  # (the price
            # left out: "(not once)", "(not nothing)" said nothing of where it goes, a
            # play-test)
            raise AmountError(
                "The price must be a whole number, typed after for: buy ann bank 300 for 250 "
                "(and once after it for this purchase only)."
            )
        if price_words[:1] and price_words[0].lower() == "for":
            price_words = price_words[1:]
        if len(price_words) > 1:
            raise RuleError(
                f"{usage} buy ann bank 300 for 250 pays $250 for it (and keeps that price); "
                "for 150 once, for this purchase only."
            )
        remembered = self._price_kept()
        price = parse_count(price_words[0], what="The price") if price_words else remembered
        if once:
            entry = self.rules.buy(self.state, seat, kind, value, price, price_kept=remembered)
            return entry, price, remembered
        before = remembered if price != remembered else None
        return self.rules.buy(self.state, seat, kind, value, price, before), price, remembered

    def _space(self, words: list[str], visitor: int | None = None) -> tuple[int, list[str]]:
        """The property named by `[OWNER] TYPE [VALUE]`, and the words after it (for a
        rent, `visitor`'s own is not the one meant where others fit)."""
        owner = None
        if words and words[0].lower() not in KINDS:
            owner_first = len(words) > 1 and words[1].lower() in KINDS  # OWNER TYPE
            if not owner_first and not players_matching(self.state.players, words[0]):
                # neither an owner nor a property's type where the type goes (rent bo bnak)
                properties = f"The properties are {and_listed(KINDS)}."
                if len(words) > 1:  # (a value after it: a type was meant)
                    raise UnknownWord(f"Not a property: {words[0]}. {properties}", words[1:])
                names = and_listed([player.name for player in self.state.players])
                raise UnknownWord(  # (alone, it may have been either: `pass gus `)
                    f"Not a property or a player: {words[0]}. {properties} The players: {names}.",
                    [],
                )
            owner, words = self._player(words, "whose property")
        if not words or words[0].lower() not in KINDS:
            kinds = f"{', '.join(KINDS[:-1])} or {KINDS[-1]}"  # (one of them: not "and")
            raise RuleError(f"Name the property: its type ({kinds}) and its value.")
        kind, words = words[0].lower(), words[1:]
        value = None
        if words and is_number(words[0]):
            value, words = parse_count(words[0], what="The space value"), words[1:]
        return find_property(self.state, kind, value, owner, visitor), words

    def _rent_parts(self, words: list[str]) -> tuple[int, int, int | None, int | None]:
        """From `VISITOR [OWNER] TYPE [VALUE] [bonus N]`: the space, the visitor, the bonus
        to use (typed, else remembered) and the bonus typed."""
        usage = "Type rent, who landed, and the space: rent bo bank 300."
        if not words:
            raise RuleError(usage)
        visitor, words = self._player(words, "who landed")
        index, words = self._space(words, visitor)
        bonus_typed = None
        if words[:1] and words[0].lower() == "bonus" and len(words) == 2:
            bonus_typed = parse_count(words[1], minimum=1, what="The bonus rent")
        elif words:
            raise RuleError(f"{usage} Then bonus 100 for the bonus for all three, if needed.")
        # this game's last typed bonus (undo takes it back), else the one remembered
        remembered = self.state.bonus_rent
        if remembered is None:
            remembered = self.session.recall("bonus_rent")
        bonus = bonus_typed if bonus_typed is not None else remembered
        return index, visitor, bonus if isinstance(bonus, int) else None, bonus_typed

    def _rent_entry(
        self, index: int, visitor: int, bonus: int | None, typed: bool = False
    ) -> Entry:
        before = self.session.recall("bonus_rent") if typed else None
        try:
            return self.rules.rent(
                self.state,
                index,
                visitor,
                bonus,
                bonus_typed=typed,
                bonus_before=before if isinstance(before, int) else None,
            )
        except RuleError as problem:
            if bonus is None and "bonus rent" in str(problem):
                raise TypeMore(  # ("... bonus 100" was read as a riddle: a play-test)
                    f"{problem} Add it at the end of the command: bonus 100 (it is remembered)."
                ) from None
            raise

    def _rent(self, words: list[str]) -> bool:
        index, visitor, bonus, bonus_typed = self._rent_parts(words)
        typed = bonus_typed is not None
        if not self.run(self._rent_entry(index, visitor, bonus, typed)):
            return False
        if typed and bonus_typed != self.session.recall("bonus_rent"):
            self.remember("bonus_rent", bonus_typed)
        return True

    def walked_text(self, entry: Entry, undone: bool | None = None) -> str:
        """A newspaper card undone or redone is said short, with the deck as the header
        has it now (its sentence's count, after the read, contradicted the header, and was
        cut at 80x24: a play-test); a change just done by its own sentence."""
        said = walked_sentence(self.state, entry) if undone is not None else None
        return entry.text if said is None else said

    def walked(self, entry: Entry, undone: bool) -> None:
        """A rent with a typed bonus undone puts back the bonus remembered before it (a
        typo stayed in use after its rent was undone: a play-test); redone, its own. So
        does a purchase that changed the price kept."""
        before = entry.get("price_before")
        if entry.kind == "buy" and isinstance(before, int):
            self.remember("price", before if undone else entry.get("price"))
            return
        bonus = entry.get("bonus")
        if entry.kind != "pay" or not isinstance(bonus, int):
            return
        if not undone:
            self.remember("bonus_rent", bonus)
            return
        before = entry.get("bonus_before")
        if isinstance(before, int):
            self.remember("bonus_rent", before)
        else:
            self._remember(lambda: self.session.forget("bonus_rent"))

    def _pass(self, words: list[str]) -> Entry:
        usage = "Type pass, the property and who gets it: pass bank 300 to cy."
        if not words:
            raise RuleError(usage)
        index, words = self._space(words, self._receiver_named(words))
        if words[:1] and words[0].lower() == "to":
            words = words[1:]
        to, words = self._player(words, "who gets it")
        if words:
            raise RuleError(usage)
        return self.rules.pass_property(self.state, index, to)

    def typed_changed(self, typed: str) -> None:
        """While a rent, a purchase or a pass is typed, what it would do (or why not) under
        the field, once the space is named; typed over with anything else, it goes."""
        super().typed_changed(typed)
        words = typed.split()
        if self.state.finished:  # enter says why nothing is done (the preview gave the
            # gold's reason, enter the finish's: a play-test)
            self.clear_preview()
            return
        unknown = self._unknown_word(typed)
        if unknown is not None:
            self.preview_beside(unknown)
            return
        if len(words) >= 4 and words[0].lower() == "buy":
            self._buy_preview(words[1:])
            return
        if len(words) >= 3 and words[0].lower() == "pass":
            self._pass_preview(words[1:])
            return
        if len(words) >= 4 and words[0].lower() == "pay":
            self._pay_preview(words[1:])
            return
        if len(words) < 3 or words[0].lower() != "rent":
            self.clear_preview()
            return
        try:
            index, visitor, bonus, bonus_typed = self._rent_parts(words[1:])
        except WhichProperty as which:  # a space named, that fits more than one property
            self.preview_beside(str(which))
            return
        except (RuleError, AmountError):
            self.preview_beside("")  # not yet a space: nothing to say
            return
        try:
            entry = self._rent_entry(index, visitor, bonus, bonus_typed is not None)
        except RuleError as problem:
            self.preview_beside(str(problem))
            return
        # who pays whom, and how it adds up (a bonus remembered from another type shows)
        self.preview_beside(f"{entry.text}. Enter collects it.", notice=True)

    def _unknown_word(self, typed: str) -> str | None:
        """Why a word of a payment, a purchase, a rent or a pass names nobody (no player,
        nor the bank, nor a property's type where one goes), once it is typed; None while
        it is still being typed (`ba` may become `bank`) or when every name is one."""
        words = typed.split()
        read = {
            "pay": self._pay,
            "buy": self._buy_entry,
            "rent": self._rent_parts,
            "pass": self._pass,
        }.get(words[0].lower() if len(words) > 1 else "")
        if read is None:
            return None
        try:
            read(words[1:])
        except UnknownWord as unknown:
            return str(unknown) if unknown.rest or typed[-1:].isspace() else None
        except (RuleError, AmountError):  # anything else: the command's own preview
            return None
        return None

    def _buy_preview(self, words: list[str]) -> None:
        """What a purchase costs, once the space is typed: the price kept from an earlier
        `for` showed nowhere (a play-test)."""
        try:
            entry, price, remembered = self._buy_entry(words)
            # tried on a copy: short of money was said only after enter (a play-test)
            self.rules.apply(copy_state(self.state), entry)
        except NotAValue as problem:  # (300buy: said only at enter, a play-test)
            self.preview_beside(str(problem))
            return
        except AmountError:
            self.preview_beside("")  # not a purchase yet (`for` typed, its price not yet)
            return
        except RuleError as problem:
            self.preview_beside(str(problem))
            return
        if "price_kept" in entry.data:
            kept = f"; the price kept stays ${remembered}"
        elif price != remembered:  # said before enter, not only after (a play-test)
            # (in this game only when the settings cannot take it: a damaged file)
            damaged = self.session.store.settings_damage() is not None
            later = " in this game" if damaged else ", in later games too"
            kept = (
                f", kept as the price from now on{later} (for {remembered} goes back, "
                f"for {price} once is for this purchase only)"
            )
        elif price != PRICE:
            kept = f" (the price kept: for {PRICE} changes it)"
        else:
            kept = ""
        if not self.state.boom_left:  # the rulebook's hint, where a purchase is typed (a
            # clause, not a second bracket after the price's: a play-test)
            kept += (
                '; the red Bust cards have started, so properties are worth nothing once "Gold '
                'Has Run Out!" is read'
            )
        self.preview_beside(f"{entry.text}{kept}. Enter buys it.", notice=True)

    def _pay_preview(self, words: list[str]) -> None:
        """Who pays whom, once the amount is typed, as a purchase, a rent and a pass are
        (a short name taken for a player, not the bank, was seen only after enter: a
        play-test)."""
        try:
            entry = self._pay(words)
            self.rules.apply(copy_state(self.state), entry)  # (short of money: said now)
        except AmountError:
            self.preview_beside("")  # not an amount yet
            return
        except RuleError as problem:
            self.preview_beside(str(problem))
            return
        self.preview_beside(f"{entry.text}. Enter pays it.", notice=True)

    def _receiver_named(self, words: list[str]) -> int | None:
        """Who gets a pass, read first from `... to NAME`: the space is then not theirs
        where another's fits (`pass bank 300 to ann`, Ann and Bo each with one, asked
        which: a play-test); None when no one is named so."""
        lowered = [word.lower() for word in words]
        if "to" not in lowered[1:]:
            return None
        at = len(lowered) - 1 - lowered[::-1].index("to")
        with suppress(RuleError):
            seat, rest = self._player(words[at + 1 :], "who gets it")
            return None if rest else seat
        return None

    def _pass_preview(self, words: list[str]) -> None:
        """Where a property passes (on to the next player when the one named has five),
        or why it cannot, once its space is named, as a purchase and a rent are (a pass
        said nothing until enter: a play-test)."""
        try:
            index, rest = self._space(words, self._receiver_named(words))
        except WhichProperty as which:
            self.preview_beside(str(which))
            return
        except (RuleError, AmountError):
            self.preview_beside("")  # not yet a space: nothing to say
            return
        named = rest[:1] and rest[0].lower() == "to"
        if named:
            rest = rest[1:]
        try:
            to, extra = self._player(rest, "who gets it") if rest else (None, [])
        except RuleError as problem:  # after `to`, a name no more typing makes a player's
            # (`to bank`: said only at enter, a play-test); without it, `t` may be `to`
            self.preview_beside(str(problem) if named else "")
            return
        if (to is None and not self.state.gold_out) or extra:
            self.preview_beside("")
            return
        try:  # (with nobody named yet, only a refusal that names nobody is said)
            entry = self.rules.pass_property(self.state, index, -1 if to is None else to)
        except RuleError as problem:
            self.preview_beside(str(problem))
            return
        self.preview_beside(f"{entry.text}. Enter passes it.", notice=True)

    def selected_seat(self) -> int:
        """The player a command in the field names first (a refused payment stays there:
        ctrl+o, which its refusal offers, opened on the first player, not the payer: a
        play-test); else the first player."""
        words = self.query_one("#command", Input).value.split()[1:]
        found = find_player(self.state.players, words) if words else None
        return found[0] if found is not None else 0

    # -- the deck --------------------------------------------------------------------------

    def action_newspaper(self) -> None:
        if self.refuse_if_read_only():
            return
        try:
            self._read_card()
        except RuleError as problem:  # beside the field: a toast covered the deck's line,
            # and the line under the field still said the last card read (a play-test)
            self.say_beside(str(problem))

    def _read_card(self) -> bool:
        """A newspaper card read, and said under the field: only the header's count moved
        (a new table saw nothing happen: a play-test)."""
        colour = "Boom" if self.state.boom_left else "Bust"  # (the card the rules read)
        if not self.run(self.rules.newspaper(self.state)):
            return False
        state = self.state  # short, so that what to type fits (it was cut off: a play-test)
        if colour == "Bust" and state.gold_card_next:  # the one left is the gold
            self.tell(  # (whole: wrapped where narrow, the gold's word is not cut off)
                'Bust card read. Record: pay, rent, pass. The last, "Gold Has Run Out!": gold.',
                one_line=False,
            )
            return True
        if colour == "Bust":  # it may be the gold card: gold counts this one (it was
            # offered nothing, and ctrl+g read another card: counted twice, a play-test)
            self.tell(
                f"Bust card read; {state.bust_left} left. Record: pay, rent, pass; "
                '"Gold Has Run Out!": gold.',
                one_line=False,
            )
            return True
        self.tell(
            f"{colour} card read; {state.boom_left} Boom, {state.bust_left} Bust left. "
            "Record it: pay, rent, pass."
        )
        return True

    def action_gold_out(self) -> None:
        from screens.confirm import ChoiceDialog, ConfirmDialog

        if self.refuse_if_read_only():
            return
        try:  # refused before asking: the card comes after the Boom cards, and only once
            self.rules.gold_runs_out(self.state)
        except RuleError as problem:
            self.say_beside(str(problem))
            return

        def done(answer: bool | str | None) -> None:
            if not answer:  # (the line under the field stayed blank: a play-test)
                self.tell("Nothing recorded: the gold has not run out.")
                return
            card_read = None if answer is True and not asks_which else answer is True
            try:  # asked again: the table may have changed while the dialog was open
                entry = self.rules.gold_runs_out(self.state, card_read=card_read)
            except RuleError as problem:
                self.say_beside(str(problem))
                return
            if self.run(entry):  # the card's own payments first: ctrl+f when they are in
                # (the wizard opened at once, before the table could record them: a
                # play-test)
                self.tell("Gold ran out: record the card's payments with pay, then ctrl+f.")

        worthless = "Properties become worthless and the richest player wins."
        left = self.state.bust_left
        asks_which = self.state.gold_may_be_card_read
        if asks_which:  # a red card read, then payments: that card, or a new one? (it
            # asked only "read?", and counted a new card: a play-test)
            self.app.push_screen(
                ChoiceDialog(
                    f'Was "Gold Has Run Out!" the red card read before the payments ({left} '
                    f"Bust left), or a new card ({left - 1} left)? {worthless}",
                    yes="That card",
                    another="A new card",
                    no="Not yet",
                ),
                done,
            )
            return
        question = 'Was "Gold Has Run Out!" read?'
        if self.state.gold_is_card_read:  # the card news read: say it is that one, not another
            question = (
                'Was the Bust card just read with news "Gold Has Run Out!"? Then it is that '
                f"card: {left} Bust left. If another card was drawn since, "
                "answer Not yet and read that one with news first."
            )
        self.app.push_screen(
            ConfirmDialog(f"{question} {worthless}", yes="The gold ran out", no="Not yet"),
            done,
        )

    def palette_commands(self) -> list[SystemCommand]:
        return [
            *super().palette_commands(),
            SystemCommand(
                "Game: Read a newspaper card", "One card off the deck", self.action_newspaper
            ),
            SystemCommand(
                "Game: Gold Has Run Out!", "The end: the richest wins", self.action_gold_out
            ),
        ]
