"""Calamityville, 2-4 players.

Rules: the Calamityville section of shared/rules/README.md; the rules text stops in the
middle of the Mines section, so what it does not say (the board's values, the bonus rent,
how mines pay) is typed at the table or asked once and remembered. Money moves as logged
payments between players and the bank; a payment larger than the payer's money is
refused with the shortfall (the table can still record it as a correction).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from companion.amounts import (
    AmountError,
    and_listed,
    parse_amount,
    parse_count,
    plural,
    refused_text,
)
from companion.gamefile import Header
from companion.games.base import (
    Fix,
    NumberSpec,
    RuleError,
    Rules,
    SheetOf,
    TableState,
    check_reason_length,
    refuse_unsafe_text,
    told_apart,
)
from companion.journal import Entry
from companion.table import find_player, typed_word

if TYPE_CHECKING:
    from companion.scoring import SheetSpec

BANK = -1  # the bank, in payments
KINDS = ("bank", "store", "hotel", "mine")
A_PROPERTY_IS = "A property is a bank, a store, a hotel or a mine"  # (it read "a bank, store,
# hotel, mine": a play-test)
SETS = ("bank", "store", "hotel")  # owning all three of one earns the bonus rent
MOST_PROPERTIES = 5
OF_EACH_TYPE = 3  # banks, stores, hotels on the board: the bonus is for "all three of one type"
MINES = 13 - 3 * OF_EACH_TYPE  # the box holds 13 properties (and 13 title deeds)
GOLD_CARD = '"Gold Has Run Out!"'
BOOM, BUST = 29, 20
PRICE = 200  # a property's price, unless the settings say otherwise
DECK = {"boom": BOOM, "bust": BUST}  # the newspaper deck's two parts, as corrections name them
GONE = ("gone", "none", "remove")  # a property correction that takes it off the board

READINGS = """\
## Our readings where the rules are silent

- The bonus rent for owning all three of a type (bank, store or hotel) is added to the
  rent; its amount is asked once from your rules and remembered.
- Mines have their own rules, which our text does not have: record what they pay as
  payments. The rent calculator is for banks, stores and hotels.
- After "Gold Has Run Out!" properties are worth nothing and the game is over: no more
  newspaper cards, buying or rent (payments can still settle what the card said), and the
  scores are the money only.
- "Gold Has Run Out!" is one of the red Bust cards, which lie under the 29 yellow Boom
  cards: it is accepted once every Boom card has been read (ctrl+n). With one red card
  left and the gold not run out, that card is "Gold Has Run Out!": ctrl+n says so. Read
  with ctrl+n first, ctrl+g just after counts it as that card, not another; with only
  payments, rents and passes recorded since that card, ctrl+g asks whether it was that card
  or a new one.
- There are three banks, three stores and three hotels (the bonus is for "all three of one
  type"): a fourth of a type is refused. The box holds 13 properties, so four mines: a
  fifth is refused.
- The bonus rent typed with a rent is used for later rents (and remembered for later
  games); undoing that rent takes the typed bonus back too. A bonus of $0 is refused.
- A property is passed to another player: passing it to its own owner is refused.
- Money stops at $0: our text has no debts. A payment larger than what the payer has is
  refused with the shortfall; the table pays what there is, or agrees otherwise and sets
  the money with ctrl+o.
- A purchase costs $200 (the rules); `for 250` pays another price and keeps it for the
  purchases after it, `for 150 once` for that purchase only.
- A reason is at most 80 characters: the log is read at the table.
"""


def _sheet() -> SheetSpec:
    """The score sheet (`CalamityvilleRules.sheet`, made when first asked for)."""
    from companion.scoring import Category, Field, SheetSpec, count_of

    return SheetSpec(
        game="calamityville",
        title="Calamityville",
        min_players=2,
        max_players=4,
        fields=(Field("money", "Money", prompt="Money each player holds (in dollars)"),),
        categories=(Category("money", "Money", count_of("money")),),
        tiebreaks=(),
        tiebreak_sentence="Most money wins; players with the same amount share the win.",
        unit="dollars",
    )


@dataclass
class Property:
    """A property on the board: its kind, printed value and owner."""

    kind: str
    value: int  # printed on its space
    owner: int

    def label(self, state: TableState) -> str:
        return f"{state.name(self.owner)}'s {self.kind} (${self.value})"


@dataclass
class CalamityState(TableState):
    """A Calamityville table: the properties owned, the Boom and Bust cards left."""

    properties: list[Property] = field(default_factory=list)
    boom_left: int = BOOM
    bust_left: int = BUST
    gold_out: bool = False
    bonus_rent: int | None = None  # the bonus last added to a rent in this game
    #: the newest change read a red Bust card with `news`: "Gold Has Run Out!" now is that
    #: card, already off the deck (read with news, then with gold, it was counted twice:
    #: a play-test)
    bust_just_read: bool = False
    #: a red Bust card was read with `news`, and only payments (rents among them) and passes
    #: came after it: "Gold Has Run Out!" may be that card or a new one, and the table says
    #: which (gold after `news` and a payment counted a new card: a play-test)
    bust_read_then_paid: bool = False
    TRANSIENT: ClassVar[tuple[str, ...]] = ("bust_just_read", "bust_read_then_paid")

    @property
    def gold_card_next(self) -> bool:
        """One red card left (or none, as corrected), and the gold has not run out: it is
        that card."""
        return not self.boom_left and self.bust_left <= 1 and not self.gold_out

    @property
    def gold_is_card_read(self) -> bool:
        """ "Gold Has Run Out!" read now is the Bust card `news` just read, already off the
        deck (with one red card left, that one is the gold: `news` refused it, said so)."""
        return self.bust_just_read and not self.gold_card_next and not self.gold_out

    @property
    def gold_may_be_card_read(self) -> bool:
        """ "Gold Has Run Out!" read now may be the Bust card `news` read before the payments
        and passes recorded since, or a new card: only the table knows which."""
        return self.bust_read_then_paid and not self.gold_card_next and not self.gold_out

    @property
    def at_start(self) -> bool:
        """Nothing bought and no card read yet: the first player "goes first"; afterwards
        they "went first" (said all game: the drawn first player was said once, in a
        toast, then until the first purchase: play-tests)."""
        return not self.properties and self.boom_left == BOOM and self.bust_left == BUST

    def money(self, seat: int) -> int:
        return self.numbers[seat]["money"]

    def owned(self, seat: int, kind: str | None = None) -> list[Property]:
        return [p for p in self.properties if p.owner == seat and (kind is None or p.kind == kind)]

    @property
    def card_up(self) -> str:
        if self.boom_left:
            return "yellow Boom"
        if self.gold_card_next:
            return GOLD_CARD
        return "red Bust" if self.bust_left else "none left"


def property_labels(state: CalamityState) -> list[str]:
    """Each property's label, in the order bought; two of one owner, type and space value
    (Bo's two $300 banks) told apart by the order they were bought in, as the player's
    panel lists them (ctrl+o listed "Bo's bank ($300)" twice: a play-test)."""
    return told_apart([p.label(state) for p in state.properties], "bought")


def who(state: TableState, seat: int) -> str:
    return "the bank" if seat == BANK else state.name(seat)


def deck_left(state: CalamityState) -> str:
    """What is left of the newspaper deck: "26 Boom, 1 Bust card"."""
    return f"{state.boom_left} Boom, {plural(state.bust_left, 'Bust card')}"


def walked_sentence(state: CalamityState, entry: Entry) -> str | None:
    """What an undo or a redo of a newspaper card says, the deck counted as `state` (the
    state it left) has it; None for any other change, said by its own sentence. A card's
    sentence counts the deck after the read, and said after its undo it contradicted the
    header ("(28 Boom, ..." under "29 Boom") and was cut at 80x24 (a play-test). Saved
    games keep their sentences, so the short one is made here, from the state."""
    if entry.kind == "newspaper":
        words = entry.text.split()  # "A Boom newspaper card is read (...)", since the start
        colour = words[1] if len(words) > 1 and words[1] in ("Boom", "Bust") else "Newspaper"
        return f"{colour} card read; {state.boom_left} Boom, {state.bust_left} Bust left"
    if entry.kind == "gold_out" and not state.gold_out:  # undone (redone, its own holds)
        return f"{GOLD_CARD}; {state.bust_left} Bust left"
    return None


def earns_bonus(state: CalamityState, space: Property) -> bool:
    """Its owner has all three of its type (banks, stores, hotels; not mines)."""
    return space.kind in SETS and len(state.owned(space.owner, space.kind)) >= OF_EACH_TYPE


def find_property(
    state: CalamityState,
    kind: str,
    value: int | None = None,
    owner: int | None = None,
    visitor: int | None = None,
) -> int:
    """The index of the property a table names by its type, its space value and its owner
    (the last two may be left out when only one property fits). RuleError says what fits.
    `visitor` (a rent's payer): where more fit, their own is not the one meant (a rent
    offered Jo's own bank to Jo, and its example pointed at it: a play-test)."""
    if kind not in KINDS:
        raise RuleError(f"{A_PROPERTY_IS} (not {kind}).")
    fits = [
        index
        for index, p in enumerate(state.properties)
        if p.kind == kind
        and (value is None or p.value == value)
        and (owner is None or p.owner == owner)
    ]
    if not fits:
        owned = [p.label(state) for p in state.properties if p.kind == kind]
        named = f"{kind} ${value}" if value is not None else kind
        whose = f"{state.name(owner)} owns no {named}" if owner is not None else f"No {named}"
        return _refuse_property(f"{whose} in play", owned)
    if visitor is not None and len(fits) > 1:
        fits = [i for i in fits if state.properties[i].owner != visitor] or fits
    first = state.properties[fits[0]]
    if all(
        (state.properties[i].owner, state.properties[i].value) == (first.owner, first.value)
        for i in fits
    ):  # the same space value with the same owner: the rent and the label are the same
        return fits[0]
    # say only what tells them apart (both $300: "its value" did not help, a play-test)
    values = {state.properties[i].value for i in fits}
    owners = {state.properties[i].owner for i in fits}
    if value is not None or len(values) == 1:  # (where it goes: a play-test typed it last)
        owner_word = typed_word(state.name(first.owner))  # (a name at this table)
        add = f"its owner's name before its type (… {owner_word} {kind} {first.value})"
    elif owner is not None or len(owners) == 1:
        add = "its value"
    else:
        add = "its value or its owner"
    return _refuse_property(
        f"Which one? Add {add}", [state.properties[i].label(state) for i in fits], which=True
    )


class WhichProperty(RuleError):
    """More than one property fits what was typed: the sentence says what tells them apart
    (said as a rent is typed, before enter: a play-test saw nothing until then)."""


def _refuse_property(sentence: str, labels: list[str], which: bool = False) -> int:
    listed = f": {', '.join(labels)}" if labels else ""
    raise (WhichProperty if which else RuleError)(f"{sentence}{listed}.")


def _all_they_have(state: CalamityState, payer: int, payee: int, why: str) -> str:
    """How a payment short of money is settled: all the payer has, with `pay` (ctrl+o, as
    it said, sets one number at a time and no money below 0: a play-test)."""

    def word(seat: int) -> str:
        return "bank" if seat == BANK else typed_word(state.name(seat))

    has = state.money(payer)
    settles = "anything else the table agrees: ctrl+o sets a player's money (never below $0)."
    if not has:  # (`pay dee bo 0 rent` was offered, and refused: a play-test)
        return f"Nothing to pay with; {settles}"
    return f"To pay all they have: pay {word(payer)} {word(payee)} {has} {why}; {settles}"


class CalamityvilleRules(Rules):
    id = "calamityville"
    title = "Calamityville"
    min_players = 2
    max_players = 4
    numbers = (NumberSpec("money", "Money", start=2000, unit="dollars"),)
    sheet = SheetOf(_sheet)
    help = READINGS
    reserved_names = ("bank",)  # a player named Bank could never be paid: `pay bank ...`

    def new_state(self, header: Header) -> CalamityState:
        return CalamityState(**vars(super().new_state(header)))

    def progress(self, state: TableState) -> str:
        assert isinstance(state, CalamityState)
        if state.finished:
            return "Finished"
        if state.gold_out:
            return "The gold has run out: final scoring"
        return f"{deck_left(state)} left"

    def not_over(self, state: TableState) -> str | None:
        """The game ends when "Gold Has Run Out!" is read (ctrl+g)."""
        assert isinstance(state, CalamityState)
        if state.gold_out or state.finished:
            return None
        return f'"Gold Has Run Out!" has not been read ({deck_left(state)} left).'

    # -- corrections: money (the base), each property, the newspaper deck ---------------

    def holdings(self, state: TableState, seat: int) -> list[str]:
        """Each property a player owns ("bank $300"): an export said none (a play-test)."""
        assert isinstance(state, CalamityState)
        return [f"{p.kind} ${p.value}" for p in state.owned(seat)]

    def corrections(self, state: TableState) -> list[Fix]:
        assert isinstance(state, CalamityState)
        fixes = super().corrections(state)
        fixes += [
            Fix(
                f"property:{index}",
                label,
                hint="a name gives it to that player; 250 sets its space value; "
                "gone takes it off the board",
                seat=p.owner,
            )
            for index, (p, label) in enumerate(
                zip(state.properties, property_labels(state), strict=True)
            )
        ]
        fixes += [
            # (the hint read "26 sets it, -1": garbled, a play-test)
            Fix(
                "deck:boom",
                f"Newspaper: Boom cards left ({state.boom_left})",
                "26 sets it, -1 takes one away",
            ),
            Fix(
                "deck:bust",
                f"Newspaper: Bust cards left ({state.bust_left})",
                "19 sets it, -1 takes one away",
            ),
        ]
        return fixes

    def correct_text(self, state: TableState, key: str, text: str, reason: str) -> Entry:
        assert isinstance(state, CalamityState)
        what, _, which = key.partition(":")
        if what == "deck" and which in DECK:
            reason = self.check_reason(reason)
            before = getattr(state, f"{which}_left")
            after = parse_amount(text).applied_to(before)
            label = which.capitalize()
            sentence = (
                f"Correction: {plural(after, f'{label} card')} left in the newspaper deck "
                f"(was {before}): {reason}"
            )
            return self._entry(state, "correct", sentence, deck=which, value=after, reason=reason)
        if what == "property" and which.isdigit():
            return self.correct_property(state, int(which), text, reason)
        return super().correct_text(state, key, text, reason)

    def correct_property(self, state: CalamityState, index: int, text: str, reason: str) -> Entry:
        """A property's owner, its space value, or its being on the board at all, as the
        cardboard has it: a player's name, a number, or "gone"."""
        if not 0 <= index < len(state.properties):
            raise RuleError("Choose a property in play.")
        reason = self.check_reason(reason)
        typed = text.strip().lstrip("$")
        label = property_labels(state)[index]  # (as ctrl+o listed it)
        if typed.lower() in GONE:
            sentence = f"Correction: {label} is taken off the board: {reason}"
            return self._entry(state, "correct", sentence, property=index, gone=True, reason=reason)
        if typed[:1].isdigit():
            value = parse_count(typed, what="The space value")
            sentence = f"Correction: {label} has the space value ${value}: {reason}"
            return self._entry(
                state, "correct", sentence, property=index, value=value, reason=reason
            )
        owner = self._owner_typed(state, typed)
        sentence = f"Correction: {label} belongs to {state.name(owner)}: {reason}"
        held = self._held_after(state, index, owner)
        if held > MOST_PROPERTIES:  # said, not refused: the table may know better (a sixth
            # went in without a word: a play-test); said in the dialog before, too
            sentence += f" ({state.name(owner)} now owns {held}: the rules allow five)"
        return self._entry(state, "correct", sentence, property=index, owner=owner, reason=reason)

    @staticmethod
    def _owner_typed(state: CalamityState, typed: str) -> int:
        """The player a property correction names (AmountError when it names none)."""
        found = find_player(state.players, typed.split())
        if found is None or found[1]:
            raise AmountError(
                f"Type a player's name, a space value or gone ({refused_text(typed)})."
            )
        return found[0]

    @staticmethod
    def _held_after(state: CalamityState, index: int, owner: int) -> int:
        """How many properties `owner` holds once the property `index` is theirs."""
        return len(state.owned(owner)) + (state.properties[index].owner != owner)

    def correction_note(self, state: TableState, key: str, text: str) -> str:
        """A property given to a player who would then own more than five, said as the
        name is typed, before it is recorded (it was said only once recorded, at the end
        of the Done line, cut off at 80 columns: a play-test). Recorded all the same: the
        cardboard wins."""
        what, _, which = key.partition(":")
        if what != "property" or not isinstance(state, CalamityState) or not which.isdigit():
            return ""
        index, typed = int(which), text.strip().lstrip("$")
        if not 0 <= index < len(state.properties) or typed[:1].isdigit() or typed.lower() in GONE:
            return ""  # (a space value, or gone: no owner)
        try:
            owner = self._owner_typed(state, typed)
        except AmountError:
            return ""  # (refused: the refusal is said instead)
        held = self._held_after(state, index, owner)
        if held <= MOST_PROPERTIES:
            return ""
        return (
            f"{state.name(owner)} would own {held} properties: the rules allow five (mines "
            "included). It is recorded all the same."
        )

    # -- actions ------------------------------------------------------------------------

    def pay(self, state: CalamityState, payer: int, payee: int, amount: int, reason: str) -> Entry:
        refuse_unsafe_text(reason, "A reason")
        reason = " ".join(reason.split()) or "payment"
        check_reason_length(reason)
        payer_name = "The bank" if payer == BANK else state.name(payer)  # a name as typed
        text = f"{payer_name} pays {who(state, payee)} ${amount}: {reason}"
        return self._entry(
            state, "pay", text, payer=payer, payee=payee, amount=amount, reason=reason
        )

    def buy(
        self,
        state: CalamityState,
        seat: int,
        kind: str,
        value: int,
        price: int = PRICE,
        price_before: int | None = None,
        price_kept: int | None = None,
    ) -> Entry:
        """A purchase; `price_before`: the price kept before this one's, when its own is
        kept from now on (undoing it puts that one back); `price_kept`: the price kept when
        this one's is for this purchase only (`for 150 once`)."""
        if state.gold_out:
            raise RuleError("The gold has run out: properties are worth nothing, none is bought.")
        if kind in SETS and sum(p.kind == kind for p in state.properties) >= OF_EACH_TYPE:
            owners = and_listed([p.label(state) for p in state.properties if p.kind == kind])
            raise RuleError(  # (who owns them said: "all three are owned" read as the one
                # typed not being found, a play-test)
                f"Calamityville has three {kind}s (the bonus is for all three of one type), "
                f"and all three are owned: {owners}."
            )
        if value <= 0:  # (a $0 space was bought, and its rent then spoke of a payment)
            raise RuleError(
                "A space's value is the number printed on it: more than $0 (buy ann bank 300)."
            )
        if kind == "mine" and sum(p.kind == "mine" for p in state.properties) >= MINES:
            raise RuleError(
                f"Calamityville has {MINES} mines (13 properties: three banks, stores and "
                "hotels each, and the mines), and all four are owned."
            )
        text = f"{state.name(seat)} buys a {kind} (${value} space) for ${price}"
        kept: dict[str, int] = {} if price_before is None else {"price_before": price_before}
        if price_kept is not None and price_kept != price:
            text += " (this purchase only)"
            kept = {"price_kept": price_kept}
        return self._entry(
            state, "buy", text, player=seat, property=kind, value=value, price=price, **kept
        )

    def pass_property(self, state: CalamityState, index: int, to: int) -> Entry:
        if state.gold_out:  # as F1 says: after it, only payments (refused when typed; a pass
            # recorded before this check still replays)
            raise RuleError("The gold has run out: properties are worth nothing, none is passed.")
        if not 0 <= index < len(state.properties):
            raise RuleError("Choose a property in play.")
        owner = state.properties[index].owner
        if to == owner:
            raise RuleError(
                f"{state.name(owner)} already owns it: a property is passed to another player."
            )
        receiver = self.receiver_for(state, to, exclude=state.properties[index].owner)
        label = state.properties[index].label(state)
        moved = ""
        if receiver != to:  # each player passed over, and why (it named only the first: the
            # owner and another with five went unsaid, a play-test)
            count = len(state.players)
            over = [(to + step) % count for step in range((receiver - to) % count)]
            full = [state.name(seat) for seat in over if seat != owner]
            why = f"{and_listed(full)} {'has' if len(full) == 1 else 'have'} five"
            if owner in over:
                why += f", {state.name(owner)} passes it"
            moved = f" ({why}: it goes on to {state.name(receiver)})"
        text = f"{label} passes to {state.name(receiver)}{moved}"
        return self._entry(state, "pass_property", text, property=index, to=to)

    def rent_due(
        self, state: CalamityState, index: int, visitor: int, bonus: int | None
    ) -> tuple[int, str]:
        """What a visitor owes for landing on a property, and how it adds up."""
        if not 0 <= index < len(state.properties):
            raise RuleError("Choose a property in play.")
        if state.gold_out:
            raise RuleError("The gold has run out: properties are worth nothing, no rent is due.")
        space = state.properties[index]
        if space.owner == visitor:
            raise RuleError(f"{state.name(visitor)} owns it: no rent.")
        if space.kind == "mine":
            raise RuleError("Mines pay by their own rules: record what they pay as a payment.")
        count = len(state.owned(space.owner, space.kind))
        rent = space.value * count
        how = f"${space.value} x {count} {space.kind}{'s' if count != 1 else ''}"
        if earns_bonus(state, space):
            if bonus is None:
                raise RuleError(
                    "The bonus rent for owning all three is not known yet: type it once."
                )
            rent += bonus
            how += f" + ${bonus} bonus for all three"
        return rent, how

    def rent(
        self,
        state: CalamityState,
        index: int,
        visitor: int,
        bonus: int | None,
        bonus_typed: bool = False,
        bonus_before: int | None = None,
    ) -> Entry:
        """The rent paid; a bonus typed with it (`bonus_typed`) is kept in the entry, with
        the one remembered before it (`bonus_before`), so later rents use it and undoing
        this one takes it back."""
        if bonus_typed and bonus is not None and bonus <= 0:
            raise RuleError(
                "The bonus rent is the amount your rules give for owning all three: more than $0."
            )
        amount, how = self.rent_due(state, index, visitor, bonus)
        space = state.properties[index]
        if bonus_typed and not earns_bonus(state, space):  # kept silently, it charged a
            # later rent $500 (a play-test)
            raise RuleError(
                f"No bonus here: {state.name(space.owner)} does not own all three "
                f"{space.kind}s. Type the rent without bonus."
            )
        owner = space.owner
        if amount > state.money(visitor):  # the rent said too: the table settles it by hand
            # ("$150 short" alone left it to work the $1100 out: a play-test)
            has = state.money(visitor)
            raise RuleError(
                f"{state.name(visitor)} owes ${amount} rent ({how}) and has ${has}: "
                f"${amount - has} short. {_all_they_have(state, visitor, owner, 'rent')}"
            )
        text = f"{state.name(visitor)} pays {state.name(owner)} ${amount} rent: {how}"
        kept: dict[str, int] = {}
        if bonus_typed and bonus is not None:
            kept["bonus"] = bonus
            if bonus_before is not None:
                kept["bonus_before"] = bonus_before
        return self._entry(
            state, "pay", text, payer=visitor, payee=owner, amount=amount, reason="rent", **kept
        )

    def newspaper(self, state: CalamityState) -> Entry:
        if state.gold_out:
            raise RuleError("The gold has run out: the game is over, no more newspaper cards.")
        if state.gold_card_next:
            left = "The one red card left is" if state.bust_left else "The card left to read is"
            raise RuleError(
                f"{left} {GOLD_CARD} (the other Bust cards are read): "
                "ctrl+g (or gold) reads it. If your deck holds more, correct "
                '"Newspaper: Bust cards left" with ctrl+o.'
            )
        colour = "Boom" if state.boom_left else "Bust"
        boom = state.boom_left - (colour == "Boom")
        bust = state.bust_left - (colour == "Bust")
        text = f"A {colour} newspaper card is read ({boom} Boom, {bust} Bust left)"
        return self._entry(state, "newspaper", text)

    def gold_runs_out(self, state: CalamityState, card_read: bool | None = None) -> Entry:
        """ "Gold Has Run Out!" read: just after `news` read a red card, that card (already
        off the deck); otherwise a new card, unless `card_read` says it was the red card read
        before the payments and passes since (`gold_may_be_card_read`: the table says)."""
        if state.gold_out:
            raise RuleError("The gold has already run out.")
        if state.boom_left:
            raise RuleError(
                '"Gold Has Run Out!" is a red Bust card: it comes up only after the yellow Boom '
                f"cards ({state.boom_left} left: ctrl+n reads one; if your deck has none left, "
                'ctrl+o corrects "Newspaper: Boom cards left").'
            )
        worthless = "properties are worth nothing; the richest player wins"
        if card_read and not state.gold_may_be_card_read and not state.gold_is_card_read:
            raise RuleError(
                "There is no red card read with news since which it could be: it is a new card."
            )
        said_that_card = card_read and state.gold_may_be_card_read  # the table said so
        if said_that_card or state.gold_is_card_read:  # (or the card `news` just took off
            # the deck): not another
            which = "last Bust card read" if said_that_card else "Bust card just read"
            left = plural(state.bust_left, "Bust card")
            return self._entry(
                state,
                "gold_out",
                f'"Gold Has Run Out!" was the {which} ({left} left): {worthless}',
                card_read=True,
            )
        left = plural(state.bust_left - 1, "Bust card") if state.bust_left else "no cards"
        return self._entry(  # (the card leaves the deck as every newspaper card does)
            state, "gold_out", f'"Gold Has Run Out!" is read ({left} left): {worthless}'
        )

    def receiver_for(self, state: CalamityState, to: int, exclude: int | None = None) -> int:
        """Who gets a passed property: `to`, or the next clockwise with fewer than five."""
        count = len(state.players)
        for step in range(count):
            seat = (to + step) % count
            if seat != exclude and len(state.owned(seat)) < MOST_PROPERTIES:
                return seat
        raise RuleError("Every other player already owns five properties.")

    # -- replay ----------------------------------------------------------------------

    def apply(self, state: TableState, entry: Entry) -> None:
        """Each entry, and whether it was a red Bust card read with `news` (what gold, just
        after it, counts as the card read), or a payment or pass after one (gold may then be
        that card or a new one: asked)."""
        bust = (
            isinstance(state, CalamityState) and entry.kind == "newspaper" and not state.boom_left
        )
        super().apply(state, entry)
        if isinstance(state, CalamityState):
            since = state.bust_just_read or state.bust_read_then_paid
            state.bust_read_then_paid = since and entry.kind in ("pay", "pass_property")
            state.bust_just_read = bust

    def _party(self, state: TableState, seat: Any) -> int:
        return BANK if seat == BANK else self._seat(state, seat)

    def _apply_pay(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, CalamityState)
        payer, payee = (
            self._party(state, entry.get("payer")),
            self._party(state, entry.get("payee")),
        )
        amount = entry.get("amount")
        if not isinstance(amount, int) or amount <= 0:
            raise RuleError("A payment is a whole number of dollars, more than 0.")
        if payer == payee:
            raise RuleError(  # (the bank was "someone": a play-test)
                "The bank cannot pay itself." if payer == BANK else "Someone cannot pay themselves."
            )
        if payer != BANK and amount > state.money(payer):
            short = amount - state.money(payer)
            raise RuleError(
                f"{state.name(payer)} has ${state.money(payer)}: ${short} short. "
                + _all_they_have(state, payer, payee, str(entry.get("reason") or "payment"))
            )
        if payer != BANK:
            state.numbers[payer]["money"] -= amount
        if payee != BANK:
            state.numbers[payee]["money"] += amount
        bonus = entry.get("bonus")
        if isinstance(bonus, int) and bonus > 0:
            state.bonus_rent = bonus

    def _apply_buy(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, CalamityState)
        seat = self._seat(state, entry.get("player"))
        kind, value, price = entry.get("property"), entry.get("value"), entry.get("price")
        if kind not in KINDS:
            raise RuleError(f"{A_PROPERTY_IS}.")
        if not isinstance(value, int) or value < 0 or not isinstance(price, int) or price < 0:
            raise RuleError("The value and the price are whole numbers of dollars.")
        if len(state.owned(seat)) >= MOST_PROPERTIES:
            raise RuleError(f"{state.name(seat)} already owns five properties (mines included).")
        if price > state.money(seat):
            raise RuleError(
                f"{state.name(seat)} has ${state.money(seat)}: ${price - state.money(seat)} "
                "short. If the table settles it otherwise, record it as a correction (ctrl+o)."
            )
        state.numbers[seat]["money"] -= price
        state.properties.append(Property(kind, value, seat))

    def _apply_pass_property(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, CalamityState)
        index, to = entry.get("property"), self._seat(state, entry.get("to"))
        if not isinstance(index, int) or not 0 <= index < len(state.properties):
            raise RuleError("Choose a property in play.")
        state.properties[index].owner = self.receiver_for(
            state, to, exclude=state.properties[index].owner
        )

    def _apply_correct(self, state: TableState, entry: Entry) -> None:
        """A property or the deck as the cardboard has it; the rest is a tracked number."""
        assert isinstance(state, CalamityState)
        deck, index = entry.get("deck"), entry.get("property")
        if deck is not None:
            value = entry.get("value")
            if deck not in DECK or not isinstance(value, int) or not 0 <= value <= DECK[deck]:
                raise RuleError(
                    f"The deck has {BOOM} Boom and {BUST} Bust cards: from 0 to that many."
                )
            setattr(state, f"{deck}_left", value)
            return
        if index is None:
            super()._apply_correct(state, entry)
            return
        if not isinstance(index, int) or not 0 <= index < len(state.properties):
            raise RuleError("Choose a property in play.")
        owner, value = entry.get("owner"), entry.get("value")
        if entry.get("gone"):
            del state.properties[index]
        elif owner is not None:
            state.properties[index].owner = self._seat(state, owner)
        elif isinstance(value, int) and value >= 0:
            state.properties[index].value = value
        else:
            raise RuleError("A property correction gives an owner, a space value, or gone.")

    def _apply_newspaper(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, CalamityState)
        if state.boom_left:
            state.boom_left -= 1
        elif state.bust_left:
            state.bust_left -= 1
        else:
            raise RuleError("The newspaper deck is empty.")

    def _apply_gold_out(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, CalamityState)
        if state.gold_out:
            raise RuleError("The gold has already run out.")
        if entry.get("card_read"):  # the card read with news just before: off the deck
            # already (an entry of older versions has no card_read: it replays as it did)
            state.gold_out = True
            return
        if state.boom_left:  # the card is a newspaper card too: it leaves the deck
            state.boom_left -= 1
        elif state.bust_left:
            state.bust_left -= 1
        state.gold_out = True


def __getattr__(name: str) -> Any:
    """SHEET, made when first asked for: opening a game needs no score sheet."""
    if name == "SHEET":
        return CalamityvilleRules.sheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
