"""Boomtown (Face 2 Face Games, 2005; Cathala & Faidutti), 3-5 players.

Rules: the Boomtown section of shared/rules/README.md. Each table action is one journal
entry with all its effects (a mine taken + its mayor fee + the pawn moving), so undo takes
them back together. Money moves only through `_pay`, which applies the bankruptcy rule:
whoever must pay more than they hold pays what they have, and the receiver gets only that.
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from companion.amounts import AmountError, is_number, parse_count, plural
from companion.files import parse_toml, read_toml_bytes
from companion.gamefile import Header
from companion.games.base import (
    Fix,
    NumberSpec,
    OptionSpec,
    RuleError,
    Rules,
    SheetOf,
    TableState,
    copy_state,
    seat_named,
    told_apart,
)
from companion.journal import Entry, make_entry
from companion.safe_text import quoted
from companion.table import clockwise_from

if TYPE_CHECKING:
    from companion.scoring import SheetSpec

TOWNS: dict[str, str] = {  # town -> the colour of its cards and pawn
    "Cactus Junction": "green",
    "Cold Mountain": "magenta",  # purple on the cardboard
    "Coyote City": "red",
    "Dry Gulch": "yellow",
    "San Narciso": "blue",
}
DECK = 60
SHORT_DECK = 45
EVENTS: dict[str, str] = {  # id -> name on the card
    "card_shark": "Card Shark",
    "dynamite": "Dynamite",
    "expropriation": "Expropriation",
    "governor": "Governor",
    "holdup": "Holdup",
    "mustang": "Mustang",
    "new_vein": "New Vein",
    "saloon": "Saloon",
    "saloon_girls": "Saloon Girls",
    "stagecoach": "Stagecoach Robbery",
    "telegraph": "Telegraph",
}
EVENT_COUNTS = {
    "card_shark": 1,
    "dynamite": 3,
    "expropriation": 1,
    "governor": 1,
    "holdup": 2,
    "mustang": 1,
    "new_vein": 1,
    "saloon": 2,
    "saloon_girls": 1,
    "stagecoach": 1,
    "telegraph": 1,
}
MINE_CARDS = DECK - sum(EVENT_COUNTS.values())  # 45
MAYOR_PAWNS = len(TOWNS)  # one pawn per town: 5 in all
KEPT = ("telegraph", "mustang", "governor", "saloon_girls", "new_vein")  # kept in front of a player
PHASES = ("reveal", "auction", "payment", "picks", "production", "over")

READINGS = """\
## Our readings where the rules are silent

A correction (ctrl+o) overrules any of these at the table.

- A mayor keeps the pawn on a tie, and after losing mines, until somebody has strictly more
  mines in that town than the mayor has.
- When two or more players could take a pawn at once (each with the most mines), the one
  whose pick or event moved it takes it; otherwise the first of them in seat order, and
  the log says so (ctrl+o gives it to another).
- Expropriation from the mayor: the fee is the mayor's count before the mine moves; then the
  mayor rule is applied.
- Saloon fees are due per producing mine, after the bank has paid that mine; nobody pays
  their own saloon; two saloons on one town are both paid.
- Telegraph: the new face is any of 1-6, and the changed sum is what counts (also for
  collapses).
- A Governor, Saloon Girls or New Vein that cannot be used yet stays in front of its owner
  and acts as soon as it can (the first mayor pawn, the first saloon, the first mine the
  owner gets: 000 gives the first two "for example"). A player who already has a mayor
  pawn (a saloon without girls, a mine) uses the card at once: keeping it is only for when
  it cannot be used yet.
- A mine that collapsed or was dynamited is out of the game: its card cannot be taken again
  and the mine list leaves it out.
- A custom mine (ctrl+l) with a catalog town and number is that printed card read with
  another gold: the mine list leaves the catalog's card out, and counts it once.
- Event cards are counted against the deck (1 of each, 2 Holdups, 3 Dynamites, 2 Saloons):
  one more than the deck has is refused. "Cards left" by kind counts what was seen; in the
  short game 15 cards were removed unseen, so those counts are "at most".
- A bankrupt player (no gold) cannot bid, so their turn in the auction is recorded as a pass
  in the same entry as the step that brought the turn to them: the pass order still decides
  who wins when everybody passes, as if they had typed p.
- When everybody passed, the first player wins at 0: there is nothing to pay, so the picks
  start at once.
"""


# ------------------------------------------------------------------------- the catalog


@dataclass(frozen=True)
class MineCard:
    """One mine of the catalog: its town, production number and value."""

    town: str
    roll: int
    value: int
    dangerous: bool = False

    @property
    def label(self) -> str:
        danger = ", dangerous" if self.dangerous else ""
        return f"{self.town} {self.roll} ({self.value} gold{danger})"


def load_catalog(override: Path | None = None) -> list[MineCard]:
    """The 45 mines: the user's corrected copy when there is one, else the shipped file."""
    if override is not None and override.is_file():
        data = read_toml_bytes(override)
    else:
        data = resources.files("companion.data").joinpath("boomtown_mines.toml").read_bytes()
    doc = parse_toml(data)
    cards = []
    for number, mine in enumerate(doc.get("mines", []), start=1):
        card = MineCard(mine["town"], mine["roll"], mine["value"], bool(mine.get("dangerous")))
        problem = mine_problem(card)
        if problem:
            raise ValueError(f"mine {number} of the catalog: {problem}")
        cards.append(card)
    return cards


def mine_problem(card: MineCard) -> str | None:
    if card.town not in TOWNS:
        return f"{quoted(card.town)} is not a Boomtown town ({', '.join(TOWNS)})"
    if not 2 <= card.roll <= 12:
        return f"the production number is 2 to 12, not {card.roll}"
    if not 0 <= card.value <= 99:
        return f"the value is 0 to 99, not {card.value}"
    return None


# ------------------------------------------------------------------------- the state


@dataclass
class Mine:
    """A mine a player owns, as it is on the table."""

    town: str
    roll: int
    value: int
    dangerous: bool
    owner: int
    vein: bool = False  # a New Vein on it: +3

    @property
    def worth(self) -> int:
        return self.value + (3 if self.vein else 0)

    @property
    def label(self) -> str:
        extra = " +3 New Vein" if self.vein else ""
        danger = " D" if self.dangerous else ""
        return f"{self.town} {self.roll}: {self.value}{extra}{danger}"


@dataclass
class Saloon:
    """A saloon a player built in a town."""

    town: str
    owner: int
    girls: bool = False

    @property
    def fee(self) -> int:
        return 4 if self.girls else 2

    def label(self, state: TableState) -> str:
        """ "Bo's saloon in Coyote City + Girls", as ctrl+o and Dynamite list it."""
        return f"{state.name(self.owner)}'s saloon in {self.town}" + (
            " + Girls" if self.girls else ""
        )


@dataclass
class BoomtownState(TableState):
    """A Boomtown table: the round, its auction, the mines and saloons owned."""

    round: int = 1
    phase: str = "reveal"
    cards_left: int = DECK
    offered: int = 0  # cards on offer this round
    picks: list[int] = field(default_factory=list)  # who picked this round, in order
    acted: list[int] = field(default_factory=list)  # seats that bid or passed, in order
    passed: list[int] = field(default_factory=list)
    high_bid: int = 0
    high_bidder: int | None = None
    winner: int | None = None
    price: int = 0  # what the winner pays
    mustang_next: int | None = None  # a Mustang owner who picks right after the winner
    mines: list[Mine] = field(default_factory=list)
    saloons: list[Saloon] = field(default_factory=list)
    mayors: dict[str, int] = field(default_factory=dict)
    governor: str | None = None  # the town whose mayor pawn has the Governor
    kept: list[list[str]] = field(default_factory=list)  # per seat: cards kept (KEPT)
    gone: list[tuple[str, int, int]] = field(default_factory=list)  # mines out of the game
    events_seen: dict[str, int] = field(default_factory=dict)  # event cards taken so far
    rolled: list[int] | None = None  # dice on record, waiting for the Telegraph holder
    bank_in: int = 0  # this round
    bank_out: int = 0
    report: list[str] = field(default_factory=list)  # what the last entry did, for its sentence
    TRANSIENT: ClassVar[tuple[str, ...]] = ("report",)

    def gold(self, seat: int) -> int:
        return self.numbers[seat]["gold"]

    def count(self, seat: int, town: str) -> int:
        return sum(1 for mine in self.mines if mine.owner == seat and mine.town == town)

    def mines_of(self, seat: int) -> list[Mine]:
        return [mine for mine in self.mines if mine.owner == seat]

    def mayor_of(self, seat: int) -> list[str]:
        return [town for town, mayor in self.mayors.items() if mayor == seat]

    @property
    def opener(self) -> int:
        """Who opens the auction: this round's first player; once the round is over, the
        next one's (its auction winner, `n` makes them first player)."""
        if self.phase == "next" and self.winner is not None:
            return self.winner
        return self.first_player

    @property
    def auction_turn(self) -> int | None:
        """Whose turn it is to bid or pass, clockwise from the first player; None when over."""
        if self.phase != "auction":
            return None
        if not self.acted:
            return self.first_player
        for seat in clockwise_from(self.acted[-1], len(self.players))[1:]:
            if seat not in self.passed:
                return None if seat == self.high_bidder else seat
        return None  # everybody passed

    def auction_result(self) -> tuple[int, int] | None:
        """(winner, bid) once all but the high bidder passed, or all passed (first to pass, 0)."""
        count = len(self.players)
        if self.high_bidder is not None and len(self.passed) == count - 1:
            return self.high_bidder, self.high_bid
        if len(self.passed) == count:
            return self.passed[0], 0
        return None

    @property
    def pick_order(self) -> list[int]:
        """The winner, a Mustang owner right after, then clockwise from the winner's left."""
        if self.winner is None:
            return []
        order = clockwise_from(self.winner, len(self.players))
        if self.mustang_next is not None and self.mustang_next != self.winner:
            order.remove(self.mustang_next)
            order.insert(1, self.mustang_next)
        return order[: self.offered] if self.offered else order

    @property
    def next_picker(self) -> int | None:
        remaining = [seat for seat in self.pick_order if seat not in self.picks]
        return remaining[0] if remaining and len(self.picks) < self.offered else None

    @property
    def rounds_left(self) -> int:
        """Rounds after this one (the deck shrinks by one card per player each round)."""
        return -(-self.cards_left // len(self.players))


def mine_out(
    state: BoomtownState, card: MineCard, catalog: Collection[MineCard] | None = None
) -> bool:
    """The mine is in play, or left the game (collapsed, dynamited): it cannot be taken.
    A custom mine of its town and number (another gold) stands for it (`stand_in`)."""
    return stand_in(state, card, catalog) is not None


def stand_in(
    state: BoomtownState, card: MineCard, catalog: Collection[MineCard] | None = None
) -> Mine | tuple[str, int, int] | None:
    """What stands for the catalog's `card` on the table: the mine in play, or the (town,
    roll, value) of one gone; None while the card is still to be had.

    The deck has one card of each town and number (the catalog's 45), so a custom mine of
    a catalog town and number is that printed card with the gold the table read on it: the
    catalog's card is taken with it (it stayed in the list, and could be taken a second
    time: the same card counted twice, a play-test). A mine of its very gold stands for it
    first; a catalog corrected to hold two cards of one town and number (`catalog`) gives
    the customs to them in its order."""
    pair = (card.town, card.roll)
    printed = [c for c in catalog or () if (c.town, c.roll) == pair] or [card]
    if card not in printed:
        printed = [card]
    taken: list[Mine | tuple[str, int, int]] = [
        *(m for m in state.mines if (m.town, m.roll) == pair),
        *(g for g in state.gone if (g[0], g[1]) == pair),
    ]

    def value(item: Mine | tuple[str, int, int]) -> int:
        return item.value if isinstance(item, Mine) else item[2]

    matched: dict[int, Mine | tuple[str, int, int]] = {}
    for index, each in enumerate(printed):  # a mine of the card's very gold first
        exact = next((item for item in taken if value(item) == each.value), None)
        if exact is not None:
            matched[index] = exact
            taken.remove(exact)
    golds = {each.value for each in printed}
    customs = [item for item in taken if value(item) not in golds]
    free = [index for index in range(len(printed)) if index not in matched]
    matched.update(zip(free, customs, strict=False))  # then the custom ones, in order
    return matched.get(printed.index(card))


def mine_gone(state: BoomtownState, card: MineCard) -> bool:
    return (card.town, card.roll, card.value) in state.gone


def events_left(state: BoomtownState) -> dict[str, int]:
    """Event cards not seen yet, by kind (the deck's counts less those taken)."""
    return {
        card: count - state.events_seen.get(card, 0)
        for card, count in EVENT_COUNTS.items()
        if count > state.events_seen.get(card, 0)
    }


def event_words(state: BoomtownState) -> list[str]:
    """The event cards a pick may be now, as typed (`dynamite`, `telegraph` first while
    left): none in round 1 (only mines are offered), none once every event card has been
    seen (the pick line offered Dynamite after the last one: a play-test)."""
    left = events_left(state)
    if state.round <= 1:
        return []
    first = [card for card in ("dynamite", "telegraph") if card in left]
    return [EVENTS[card].lower() for card in first + [c for c in left if c not in first]]


def unseen_mines(state: BoomtownState) -> int:
    """Mine cards neither in play nor gone."""
    return max(0, MINE_CARDS - len(state.mines) - len(state.gone))


#: the cards neither picked nor gone: the deck and those on offer ("Unseen" counted the
#: cards just revealed too: a play-test)
NOT_TAKEN = "Not taken yet"


def cards_left_text(state: BoomtownState) -> str:
    """What the deck still holds by kind, from the cards seen so far."""
    mines = unseen_mines(state)
    events = events_left(state)
    most = "at most " if state.options.get("short_game") else ""
    kinds = ", ".join(
        f"{EVENTS[card]}{f' x{count}' if count > 1 else ''}" for card, count in events.items()
    )
    total = sum(events.values())
    mines_said, events_said = plural(mines, "mine"), plural(total, "event")
    return f"{NOT_TAKEN}: {most}{mines_said}, {most}{events_said} ({kinds or 'none'})"


#: the cards played on a mine or saloon, and what a player with none to play one on lacks
NOTHING_TO_PLAY_ON = {
    "dynamite": "No mine or saloon of another player",
    "expropriation": "No mine of another player in a town where you have one",
}
#: the cards a "discarded" entry may hold: a New Vein with no mine was discarded until it was
#: kept instead (2026-11-28); games that discarded one still replay
DISCARDABLE = (*NOTHING_TO_PLAY_ON, "new_vein")
#: the one choice when there is none: taken, and discarded with no effect (the rules say
#: nothing of it; a card cannot be played on nothing)
DISCARD = ("Discard it (no effect)", "discard")


def _targets(state: BoomtownState, seat: int, card: str) -> list[tuple[str, str]]:
    """What Dynamite, Expropriation or New Vein can be played on by this player."""

    def mine(index: int, m: Mine) -> tuple[str, str]:
        return f"{state.name(m.owner)}'s {m.label}", f"mine:{index}"

    if card == "dynamite":
        options = [mine(i, m) for i, m in enumerate(state.mines) if m.owner != seat]
        saloons = [(i, s) for i, s in enumerate(state.saloons) if s.owner != seat]
        # (two of one player in one town: which is which, `told_apart`)
        labels = told_apart([s.label(state) for _, s in saloons], "built")
        return options + [
            (label, f"saloon:{i}") for (i, _), label in zip(saloons, labels, strict=True)
        ]
    if card == "expropriation":
        return [
            mine(i, m)
            for i, m in enumerate(state.mines)
            if m.owner != seat and state.count(seat, m.town)
        ]
    return [mine(i, m) for i, m in enumerate(state.mines) if m.owner == seat]


def event_choices(state: BoomtownState, seat: int, card: str) -> tuple[str, list[tuple[str, str]]]:
    """What an event card can be played on by this player: a label and (text, value) pairs;
    a value is `mine:I`, `saloon:I`, `town:NAME`, `none` (kept for later) or `discard`."""
    if card in NOTHING_TO_PLAY_ON:
        targets = _targets(state, seat, card)
        if not targets:  # (an empty list led nowhere: a play-test)
            return f"{NOTHING_TO_PLAY_ON[card]}: the card is discarded", [DISCARD]
        labels = {
            "dynamite": "Which mine or saloon of another player",
            "expropriation": "Which mine (in a town where you have one)",
        }
        return labels[card], targets
    if card == "new_vein":
        own = _targets(state, seat, card)
        if own:
            return "Which of your mines", own
        # kept, as the rules keep a card that cannot be used yet (it was discarded: a
        # play-test read 000's "bijvoorbeeld")
        return "No mine of yours yet: kept until you have one", [("Keep it for later", "none")]
    if card == "saloon_girls":
        yours = [i for i, s in enumerate(state.saloons) if s.owner == seat and not s.girls]
        labels = told_apart([f"Saloon in {state.saloons[i].town}" for i in yours], "built")
        own = [(label, f"saloon:{i}") for i, label in zip(yours, labels, strict=True)]
        if own:
            return "Which of your saloons", own
        return "No saloon yet: kept until you have one", [("Keep it for later", "none")]
    if card == "saloon":
        return "Which town", [(town, f"town:{town}") for town in TOWNS]
    if card == "governor":
        towns = [(town, f"town:{town}") for town in state.mayor_of(seat)]
        if towns:
            return "On which of your mayor pawns", towns
        return "No mayor pawn yet: kept until you have one", [("Keep it for later", "none")]
    return "", []


# ------------------------------------------------------------------------- the sheet


def _check_mayor_pawns(rows: list[dict[str, Any]]) -> str | None:
    """The game has one mayor pawn per town: 5 in all across the players."""
    held = sum(row.get("mayors", 0) for row in rows)
    if held > MAYOR_PAWNS:
        return f"Boomtown has {MAYOR_PAWNS} mayor pawns in all (one per town), not {held}."
    return None


def _sheet() -> SheetSpec:
    """The score sheet (`BoomtownRules.sheet`, made when first asked for)."""
    from companion.scoring import Category, Field, SheetSpec, count_of, total_of

    return SheetSpec(
        game="boomtown",
        title="Boomtown",
        min_players=3,
        max_players=5,
        fields=(
            Field("gold", "Gold", prompt="Gold in front of each player"),
            Field("mines", "Mines", "list", "Production value of each mine (New Vein included)"),
            Field("mayors", "Mayors", prompt="Mayor pawns held"),
        ),
        categories=(
            Category("gold", "Gold", count_of("gold")),
            Category("mines", "Mines", total_of("mines")),
            Category("mayors", "Mayors (5 each)", count_of("mayors", 5)),
        ),
        tiebreaks=(),
        tiebreak_sentence="Boomtown has no tie-break: players with the same total share the win.",
        check=_check_mayor_pawns,
        check_field="mayors",
    )


# ------------------------------------------------------------------------- the rules


class BoomtownRules(Rules):
    id = "boomtown"
    title = "Boomtown"
    min_players = 3
    max_players = 5
    numbers = (NumberSpec("gold", "Gold", start=10),)
    sheet = SheetOf(_sheet)
    help = READINGS
    options = (
        OptionSpec(
            "short_game",
            "Short game: remove 15 cards unseen (45 cards)",
            default=False,
            player_counts=(3,),
            short="short game",
        ),
        OptionSpec(
            "leftover",
            "Auction split at 4-5 players",
            default="keep",
            choices=(
                ("keep", "left neighbour keeps the rest (official rules)"),
                ("bank", "the rest goes to the bank (Dutch rules)"),
            ),
            player_counts=(4, 5),
            short="Dutch split",
        ),
    )

    def new_state(self, header: Header) -> BoomtownState:
        base = super().new_state(header)
        state = BoomtownState(**vars(base))
        state.cards_left = SHORT_DECK if state.options.get("short_game") else DECK
        state.kept = [[] for _ in state.players]
        return state

    def progress(self, state: TableState) -> str:
        assert isinstance(state, BoomtownState)
        if state.finished:
            return "Finished"
        if state.phase == "over":
            return "Deck used up: final scoring"
        if state.phase == "next":  # ("Round 1, next" on the home screen: a play-test)
            return f"Round {state.round} done"
        return f"Round {state.round}, {state.phase}"

    def score_counts(self, state: TableState) -> dict[str, list[int]]:
        """The mines in front of each player: a value left out of the list (or one too
        many) is questioned, not saved silently (a play-test's Ann lost a mine's 1)."""
        assert isinstance(state, BoomtownState)
        return {"mines": [len(state.mines_of(seat)) for seat in range(len(state.players))]}

    def prefill(
        self, state: TableState, known: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        assert isinstance(state, BoomtownState)
        return [
            {
                "name": player.name,
                "gold": state.gold(seat),
                "mines": [mine.worth for mine in state.mines_of(seat)],
                "mayors": len(state.mayor_of(seat)),
            }
            for seat, player in enumerate(state.players)
        ]

    # -- building entries: each checks against a copy, so a refusal changes nothing -------

    def _entry(self, state: TableState, kind: str, text: str, **data: Any) -> Entry:
        """Check the entry on a copy; its sentence ends with what it did (payments, pawns)."""
        trial = copy_state(state)
        self.apply(trial, make_entry(kind, text, **data))
        assert isinstance(trial, BoomtownState)
        if trial.report:
            text = f"{text}; " + "; ".join(trial.report)
        return make_entry(kind, text, **data)

    def apply(self, state: TableState, entry: Entry) -> None:
        if isinstance(state, BoomtownState):
            state.report = []
        super().apply(state, entry)

    def reveal(self, state: BoomtownState, cards: int | None = None) -> Entry:
        count = min(len(state.players), state.cards_left) if cards is None else cards
        left = state.cards_left - count
        first = state.name(state.first_player)
        text = (
            f"Round {state.round}: {count} cards revealed ({left} left in the deck); "
            f"{first} opens the auction"
        )
        return self._entry(state, "reveal", text, cards=count)

    def bid(self, state: BoomtownState, seat: int, amount: int) -> Entry:
        return self._entry(
            state, "bid", f"{state.name(seat)} bids {amount}", player=seat, amount=amount
        )

    def pass_(self, state: BoomtownState, seat: int) -> Entry:
        return self._entry(state, "pass", f"{state.name(seat)} passes", player=seat)

    def pay_split(self, state: BoomtownState) -> tuple[Entry, list[tuple[int, int]], int]:
        """The winner pays the bid: the entry, who keeps what (seat, amount) and the bank's."""
        if state.winner is None or state.phase != "payment":
            raise RuleError("There is no auction to pay for yet.")
        receivers, bank = self.split_for(state, state.winner, state.price)
        # (a share of 0 said as kept read as money reaching them: a play-test)
        parts = ", ".join(f"{state.name(seat)} keeps {share}" for seat, share in receivers if share)
        bank_part = f"; {bank} to the bank" if bank else ""
        text = f"{state.name(state.winner)} pays the bid of {state.price}: {parts}{bank_part}"
        if state.price == 0:
            text = f"{state.name(state.winner)} wins at 0: nothing to pay"
        return self._entry(state, "pay", text), receivers, bank

    def split_for(
        self, state: BoomtownState, winner: int, bid: int
    ) -> tuple[list[tuple[int, int]], int]:
        from companion.games.boomtown_split import split_bid  # when a bid is paid, not on opening

        count = len(state.players)
        split = split_bid(bid, count, state.options.get("leftover", "keep"))
        seats = [(winner - step) % count for step in range(1, count)]  # to the right
        return list(zip(seats, split.shares, strict=True)), split.bank

    def pick_mine(self, state: BoomtownState, seat: int, card: MineCard) -> Entry:
        problem = mine_problem(card)
        if problem:
            raise RuleError(f"That mine cannot be: {problem}.")
        text = f"{state.name(seat)} takes the mine {card.label}"
        return self._entry(
            state,
            "mine",
            text,
            player=seat,
            town=card.town,
            roll=card.roll,
            value=card.value,
            dangerous=card.dangerous,
        )

    def pick_event(self, state: BoomtownState, seat: int, card: str, **params: Any) -> Entry:
        if card not in EVENTS:
            raise RuleError(f"No such event card: {card}.")
        text = f"{state.name(seat)} takes {EVENTS[card]}" + _event_detail(state, card, params, seat)
        return self._entry(state, "event", text, player=seat, card=card, **params)

    def use_mustang(self, state: BoomtownState, seat: int) -> Entry:
        if state.phase == "picks" and state.winner == seat:  # (before the winner's own pick
            # it said "ridden right after the auction winner has picked": a play-test)
            raise RuleError(
                f"{state.name(seat)} won the auction and picks first: the Mustang is kept for a "
                "later round."
            )
        if state.phase == "picks" and state.picks == [state.winner] and state.next_picker == seat:
            # (riding it threw the card away, silently: a play-test; refused here, not on
            # replay, so that a ride typed before stays as it was)
            raise RuleError(
                f"{state.name(seat)} picks next anyway: the Mustang is kept for a later round."
            )
        return self._entry(
            state,
            "mustang",
            f"{state.name(seat)} rides the Mustang: picks right after the winner",
            player=seat,
        )

    def telegraph_holders(self, state: BoomtownState) -> list[int]:
        """The seats that hold a Telegraph (there is one card, but a correction may add one)."""
        return [seat for seat, kept in enumerate(state.kept) if "telegraph" in kept]

    def roll_for_telegraph(self, state: BoomtownState, dice: tuple[int, int]) -> Entry:
        """Put the production roll on record before it pays, so the Telegraph holder can
        still change a die, as the card says ("right after the roll")."""
        holders = ", ".join(state.name(seat) for seat in self.telegraph_holders(state))
        first, second = dice
        text = (
            f"Production roll: {first} + {second} = {first + second}; "
            f"{holders} may change one die with the Telegraph"
        )
        return self._entry(state, "roll", text, dice=[first, second])

    def produce(
        self,
        state: BoomtownState,
        dice: tuple[int, int] | None = None,
        telegraph: tuple[int, int, int] | None = None,
    ) -> Entry:
        """Production with two dice (None: the roll on record); `telegraph` = (seat,
        which die 0/1, new face)."""
        if dice is None:
            if state.rolled is None:
                raise RuleError("Type the two dice, each 1 to 6 (e.g. 3 4), or r to roll.")
            dice = (state.rolled[0], state.rolled[1])
        first, second = dice
        data: dict[str, Any] = {"dice": [first, second]}
        text = f"Production: {first} + {second} = {first + second}"
        if telegraph is not None:
            holder, die, face = telegraph
            changed = [first, second]
            if die in (0, 1):
                if changed[die] == face:  # (the card went, for nothing: a play-test's typo)
                    raise RuleError(
                        f"Die {die + 1} shows {face} already: the Telegraph changes a die to "
                        "another face (kept for later)."
                    )
                changed[die] = face
            data.update(telegraph=holder, die=die, face=face)
            now = f"{changed[0]} + {changed[1]} = {sum(changed)}"
            # (in the sentence's first part, with the roll: a shortened production line
            # showed the roll alone, and the table took a 1 + 1 for what paid)
            text += f", {state.name(holder)} uses the Telegraph: {now}"
        elif state.rolled is not None:
            keepers = ", ".join(state.name(seat) for seat in self.telegraph_holders(state))
            text += f"; {keepers} keeps the Telegraph"
        return self._entry(state, "production", text, **data)

    def holdings(self, state: TableState, seat: int) -> list[str]:
        """Each mine ("Cold Mountain 6: 9 D"), mayor pawn, saloon and card kept."""
        assert isinstance(state, BoomtownState)
        held = [mine.label for mine in state.mines_of(seat)]
        for town in state.mayor_of(seat):
            governor = " with the Governor" if state.governor == town else ""
            held.append(f"mayor of {town}{governor}")
        held += [
            f"Saloon in {saloon.town}" + (" with Saloon Girls" if saloon.girls else "")
            for saloon in state.saloons
            if saloon.owner == seat
        ]
        return held + [KEPT_LABELS[card] for card in state.kept[seat]]

    def producers(self, state: BoomtownState, entry: Entry) -> dict[int, int]:
        """The players whose mines a production entry (`produce`) pays, and how much their
        mines produce, before it is applied: the dice as the Telegraph leaves them."""
        dice = _dice_produced(entry)
        produced: dict[int, int] = {}
        for mine in state.mines:
            if mine.roll == sum(dice):
                produced[mine.owner] = produced.get(mine.owner, 0) + mine.worth
        return produced

    def roll(self, rng: random.Random | None = None) -> tuple[int, int]:
        dice = rng or random.Random()
        return dice.randint(1, 6), dice.randint(1, 6)

    def skip(self, state: BoomtownState) -> Entry:
        """Skip the current step when the table settled it by hand: the payment, a pick
        (nothing recorded for that card) or the production (no roll recorded)."""
        if state.phase == "payment":
            text = f"Payment skipped: {state.name(state.winner or 0)}'s bid was settled by hand"
        elif state.phase == "picks":
            text = f"{state.name(state.next_picker or 0)}'s pick is not recorded (skipped)"
        elif state.phase == "production":
            text = "Production skipped: no roll recorded"
            if state.rolled is not None:
                text = "Production skipped: the roll on record pays nothing"
        else:
            raise RuleError(f"The {state.phase} cannot be skipped: undo (ctrl+z) takes steps back.")
        return self._entry(state, "skip", text)

    def next_round(self, state: BoomtownState) -> Entry:
        if state.winner is None:
            raise RuleError("The round has no auction winner yet to open the next auction.")
        text = f"Round {state.round + 1}: {state.name(state.winner)} is the first player"
        return self._entry(state, "next_round", text)

    # -- ctrl+o: the holdings the screen shows, besides the gold -------------------------

    def not_over(self, state: TableState) -> str | None:
        assert isinstance(state, BoomtownState)
        if state.phase == "over" or (state.cards_left == 0 and state.phase == "next"):
            return None
        cards = plural(state.cards_left, "card")
        return f"It is round {state.round} and the deck still has {cards}."

    def corrections(self, state: TableState) -> list[Fix]:
        """Gold (the base), then the deck, every mine in play and out of it, the mayor pawns,
        the Governor, the saloons and the cards kept in front of each player."""
        assert isinstance(state, BoomtownState)
        fixes = super().corrections(state)
        fixes.append(Fix("deck", f"Cards left in the deck ({state.cards_left})", DECK_HINT))
        # two of one label (a catalog corrected to hold two cards of one town, number and
        # gold; a player's two saloons in one town) told apart by their order, as
        # Calamityville's two $300 banks of one owner are (`told_apart`)
        mines = told_apart(
            [f"{state.name(m.owner)}'s mine {m.label}" for m in state.mines], "taken"
        )
        fixes += [
            Fix(f"mine:{i}", label, MINE_HINT, m.owner)
            for i, (m, label) in enumerate(zip(state.mines, mines, strict=True))
        ]
        gone = told_apart(
            [f"Out of the game: mine {t} {roll} ({gold} gold)" for t, roll, gold in state.gone],
            "gone",
        )
        fixes += [Fix(f"gone:{i}", label, GONE_HINT) for i, label in enumerate(gone)]
        for town in TOWNS:
            mayor = state.mayors.get(town)
            who = state.name(mayor) if mayor is not None else "nobody"
            fixes.append(Fix(f"mayor:{town}", f"Mayor of {town} ({who})", MAYOR_HINT, mayor))
        fixes.append(Fix("governor", f"Governor (on {state.governor or 'no pawn'})", GOV_HINT))
        saloons = told_apart([s.label(state) for s in state.saloons], "built")
        fixes += [
            Fix(f"saloon:{i}", label, SALOON_HINT, s.owner)
            for i, (s, label) in enumerate(zip(state.saloons, saloons, strict=True))
        ]
        fixes += [
            Fix(
                f"kept:{seat}",
                f"{player.name}: cards kept ({', '.join(KEPT_LABELS[c] for c in kept) or 'none'})",
                KEPT_HINT,
                seat,
            )
            for seat, (player, kept) in enumerate(zip(state.players, state.kept, strict=True))
        ]
        return fixes

    def correct_text(self, state: TableState, key: str, text: str, reason: str) -> Entry:
        assert isinstance(state, BoomtownState)
        holding, _, which = key.partition(":")
        if holding not in HOLDINGS:
            return super().correct_text(state, key, text, reason)
        reason = self.check_reason(reason)
        value = " ".join(text.split())
        if not value:
            raise AmountError("Type the new value: the line above says how.")
        data = self._fix_data(state, holding, which, value)
        what, was, now = _describe(state, holding, data)
        if now == was:
            raise AmountError(f"That is what the screen shows already: {what}: {was}.")
        trial = copy_state(state)
        assert isinstance(trial, BoomtownState)
        self.apply(trial, make_entry("correct", "", holding=holding, reason=reason, **data))
        text = f"Correction: {what}: {now} (was {was}): {reason}"
        if trial.report:
            text += "; " + "; ".join(trial.report)
        return make_entry("correct", text, holding=holding, reason=reason, **data)

    def _fix_data(
        self, state: BoomtownState, holding: str, which: str, value: str
    ) -> dict[str, Any]:
        """The entry's fields for one holding, from the value as typed (AmountError if not)."""
        lowered = value.lower()
        if holding == "deck":
            return {"cards": parse_count(value, maximum=DECK, what="The cards left")}
        if holding == "governor":
            if lowered in NOBODY:
                return {"town": None}
            town = find_town(value)
            if town is None:
                raise AmountError(f"No town {quoted(value)}: cj, cm, cc, dg or sn (or none).")
            return {"town": town}
        if holding == "kept":
            cards = [] if lowered in NOBODY else [_kept_card(word) for word in lowered.split()]
            return {"player": _index(which), "cards": cards}
        index = _index(which) if holding != "mayor" else which
        if holding == "mayor":
            return {
                "town": which,
                "owner": None if lowered in NOBODY else _seat_named(state, value),
            }
        if holding in ("mine", "saloon") and lowered in ("+vein", "-vein", "+girls", "-girls"):
            flag = lowered[1:]
            if (flag == "vein") != (holding == "mine"):
                raise AmountError(
                    f"{'+vein or -vein' if holding == 'mine' else '+girls or -girls'}."
                )
            return {"index": index, flag: lowered.startswith("+")}
        if holding in ("mine", "saloon") and lowered == "gone":
            return {"index": index, "owner": None}
        return {"index": index, "owner": _seat_named(state, value)}

    def _apply_correct(self, state: TableState, entry: Entry) -> None:
        holding = entry.get("holding")
        if holding is None:
            super()._apply_correct(state, entry)
            return
        assert isinstance(state, BoomtownState)
        handler = getattr(self, f"_fix_{holding}", None)
        if holding not in HOLDINGS or handler is None:
            raise RuleError(f"Boomtown cannot correct {quoted(holding)}.")
        handler(state, entry)

    def _fix_deck(self, state: BoomtownState, entry: Entry) -> None:
        cards = entry.get("cards")
        if not isinstance(cards, int) or not 0 <= cards <= DECK:
            raise RuleError(f"The deck holds 0 to {DECK} cards.")
        unseen = unseen_mines(state) + sum(events_left(state).values())
        if cards > unseen:  # 50 was taken in round 6, and the header disagreed with itself
            kinds = cards_left_text(state).removeprefix(NOT_TAKEN + ": ")
            raise RuleError(
                f"The deck holds at most {unseen} cards now, the ones not taken yet: {kinds}. "
                "If one of those is wrong, correct that mine or card first."
            )
        state.cards_left = cards

    def _fix_mine(self, state: BoomtownState, entry: Entry) -> None:
        index = entry.get("index")
        if not isinstance(index, int) or not 0 <= index < len(state.mines):
            raise RuleError("That mine is not in play (any more).")
        mine = state.mines[index]
        if isinstance(entry.get("vein"), bool):
            mine.vein = entry.get("vein")
            return
        owner = entry.get("owner")
        if owner is None:
            state.mines.pop(index)
            state.gone.append((mine.town, mine.roll, mine.value))
        else:
            mine.owner = self._seat(state, owner)
        self._recheck_mayors(state)

    def _fix_gone(self, state: BoomtownState, entry: Entry) -> None:
        index = entry.get("index")
        if not isinstance(index, int) or not 0 <= index < len(state.gone):
            raise RuleError("That mine is not out of the game.")
        owner = self._seat(state, entry.get("owner"))
        town, roll, value = state.gone.pop(index)
        dangerous = any(
            card.dangerous
            for card in load_catalog()
            if (card.town, card.roll, card.value) == (town, roll, value)
        )
        state.mines.append(Mine(town, roll, value, dangerous, owner))
        self._recheck_mayors(state)

    def _fix_mayor(self, state: BoomtownState, entry: Entry) -> None:
        town, owner = entry.get("town"), entry.get("owner")
        if town not in TOWNS:
            raise RuleError(f"No town {quoted(town)}.")
        if owner is None:
            state.mayors.pop(town, None)
            if state.governor == town:
                state.governor = None
                state.report.append("the Governor is discarded")
            return
        seat = self._seat(state, owner)
        self._move_pawn(state, town, seat)
        state.report.remove(f"{state.name(seat)} is now mayor of {town}")  # said already

    def _fix_governor(self, state: BoomtownState, entry: Entry) -> None:
        town = entry.get("town")
        if town is not None and town not in state.mayors:
            raise RuleError(f"Nobody is mayor of {town}: the Governor sits on a mayor pawn.")
        state.governor = town

    def _fix_saloon(self, state: BoomtownState, entry: Entry) -> None:
        index = entry.get("index")
        if not isinstance(index, int) or not 0 <= index < len(state.saloons):
            raise RuleError("That saloon is not in play (any more).")
        if isinstance(entry.get("girls"), bool):
            state.saloons[index].girls = entry.get("girls")
        elif entry.get("owner") is None:
            state.saloons.pop(index)
        else:
            state.saloons[index].owner = self._seat(state, entry.get("owner"))

    def _fix_kept(self, state: BoomtownState, entry: Entry) -> None:
        seat, cards = self._seat(state, entry.get("player")), entry.get("cards")
        if not isinstance(cards, list) or any(card not in KEPT for card in cards):
            raise RuleError(f"Cards kept in front of a player: {', '.join(KEPT)}.")
        state.kept[seat] = list(cards)

    # -- replay ---------------------------------------------------------------------

    def _apply_reveal(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        count = entry.get("cards")
        if state.phase not in ("reveal",):
            raise RuleError(
                f"Cards are revealed at the start of a round, not during the {state.phase}."
            )
        if not isinstance(count, int) or not 1 <= count <= len(state.players):
            raise RuleError(f"A round reveals 1 to {len(state.players)} cards.")
        if count > state.cards_left:
            raise RuleError(f"Only {state.cards_left} cards are left in the deck.")
        state.cards_left -= count
        state.offered = count
        state.phase = "auction"
        state.bank_in = state.bank_out = 0
        self._pass_the_bankrupt(state)

    def _apply_bid(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        seat, amount = self._seat(state, entry.get("player")), entry.get("amount")
        turn = state.auction_turn
        if turn is None:
            raise RuleError("The auction is over: no more bids.")
        if seat != turn:
            raise RuleError(f"It is {state.name(turn)}'s turn to bid or pass.")
        if state.gold(seat) == 0:
            raise RuleError(f"{state.name(seat)} has no gold (bankrupt) and can only pass.")
        if not isinstance(amount, int) or amount <= state.high_bid:
            if state.gold(seat) <= state.high_bid:  # said on the step line, not here (a
                # play-test read "more than 8" as a bid still possible)
                raise RuleError(
                    f"A bid must be more than {state.high_bid}: {state.name(seat)} has "
                    f"{state.gold(seat)} gold, not enough to outbid, so p passes."
                )
            raise RuleError(f"A bid must be more than {state.high_bid}.")
        if amount > state.gold(seat):
            raise RuleError(
                f"{state.name(seat)} has only {state.gold(seat)} gold and cannot bid {amount}."
            )
        state.acted.append(seat)
        state.high_bid, state.high_bidder = amount, seat
        self._close_auction(state)
        self._pass_the_bankrupt(state)

    def _apply_pass(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        seat = self._seat(state, entry.get("player"))
        if seat in state.passed and state.gold(seat) == 0 and state.phase != "reveal":
            return  # passed for them already (a game saved before bankrupt players passed)
        turn = state.auction_turn
        if turn is None:
            raise RuleError("The auction is over.")
        if seat != turn:
            raise RuleError(f"It is {state.name(turn)}'s turn to bid or pass.")
        state.acted.append(seat)
        state.passed.append(seat)
        self._close_auction(state)
        self._pass_the_bankrupt(state)

    def _pass_the_bankrupt(self, state: BoomtownState) -> None:
        """A player with no gold cannot bid: their turn is a pass, recorded in this entry."""
        while (turn := state.auction_turn) is not None and state.gold(turn) == 0:
            state.acted.append(turn)
            state.passed.append(turn)
            state.report.append(f"{state.name(turn)} has no gold and passes")
            self._close_auction(state)

    def _close_auction(self, state: BoomtownState) -> None:
        result = state.auction_result()
        if result is not None:
            state.winner, state.price = result
            state.phase = "payment" if state.price else "picks"  # all passed: nothing to pay
            if not state.price:
                state.report.append(f"everybody passed: {state.name(state.winner)} wins at 0")

    def _apply_pay(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        if state.phase == "picks" and state.price == 0 and not state.picks:
            return  # a win at 0 paid in a game saved before it went straight to the picks
        if state.phase != "payment" or state.winner is None:
            raise RuleError("There is no auction to pay for.")
        receivers, bank = self.split_for(state, state.winner, state.price)
        state.numbers[state.winner]["gold"] -= state.price  # never more than held: checked at bid
        for seat, share in receivers:
            state.numbers[seat]["gold"] += share
        state.bank_in += bank
        state.phase = "picks"

    def _check_picker(self, state: BoomtownState, seat: int) -> None:
        if state.phase != "picks":
            raise RuleError("Cards are picked after the auction has been paid.")
        expected = state.next_picker
        if expected is None:
            raise RuleError("Every card on offer has been picked.")
        if seat != expected:
            raise RuleError(f"It is {state.name(expected)}'s pick.")

    def _done_picking(self, state: BoomtownState, seat: int) -> None:
        state.picks.append(seat)
        if len(state.picks) >= state.offered:
            state.phase = "production"

    def _apply_mine(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        seat = self._seat(state, entry.get("player"))
        self._check_picker(state, seat)
        card = MineCard(
            entry.get("town"), entry.get("roll"), entry.get("value"), bool(entry.get("dangerous"))
        )
        problem = mine_problem(card)
        if problem:
            raise RuleError(f"That mine cannot be: {problem}.")
        if mine_gone(state, card):
            raise RuleError(
                f"{card.label} left the game (collapsed or dynamited): its card is out of play."
            )
        self._mayor_fee(state, seat, card.town)
        state.mines.append(Mine(card.town, card.roll, card.value, card.dangerous, seat))
        self._vein_moves_in(state, state.mines[-1])
        self._recheck_mayors(state, acting=seat)
        self._done_picking(state, seat)

    @staticmethod
    def _vein_moves_in(state: BoomtownState, mine: Mine) -> None:
        """A New Vein waiting in front of the mine's new owner goes under it at once (the
        rules: a card kept until it can be used acts as soon as it can)."""
        kept = state.kept[mine.owner]
        if "new_vein" in kept and not mine.vein:
            kept.remove("new_vein")
            mine.vein = True
            state.report.append(f"{state.name(mine.owner)}'s New Vein goes under {mine.label}")

    def _mayor_fee(self, state: BoomtownState, seat: int, town: str) -> None:
        """Taking a mine in a town whose mayor is another player costs the mayor's count."""
        mayor = state.mayors.get(town)
        if mayor is None or mayor == seat:
            return
        fee = state.count(mayor, town) * (2 if state.governor == town else 1)
        governed = " (doubled: Governor)" if state.governor == town else ""
        _pay(state, seat, mayor, fee, f"mayor fee, {town}{governed}")

    def _recheck_mayors(self, state: BoomtownState, acting: int | None = None) -> None:
        """First to two mines; afterwards whoever has strictly more than the mayor."""
        count = len(state.players)
        for town in TOWNS:
            counts = [state.count(seat, town) for seat in range(count)]
            mayor = state.mayors.get(town)
            best = max(counts)
            takes = best >= 2 if mayor is None else counts[mayor] < best
            if not takes:
                continue
            leaders = [seat for seat in range(count) if counts[seat] == best]
            new = acting if acting in leaders else leaders[0]
            self._move_pawn(state, town, new)
            if new != acting and len(leaders) > 1:  # said: the rules do not say who (the
                # first in seat order took it unsaid: a play-test)
                tied = " and ".join(state.name(seat) for seat in leaders)
                state.report.append(
                    f"({tied} have {best} mines there each: the first in seat order takes "
                    "it; ctrl+o gives it to another)"
                )

    def _move_pawn(self, state: BoomtownState, town: str, seat: int) -> None:
        if state.governor == town:
            state.governor = None  # the Governor is discarded when its pawn changes hands
            state.report.append("the Governor is discarded")
        state.mayors[town] = seat
        state.report.append(f"{state.name(seat)} is now mayor of {town}")
        if "governor" in state.kept[seat] and state.governor is None:
            state.kept[seat].remove("governor")  # a waiting Governor acts as soon as it can
            state.governor = town
            state.report.append(f"{state.name(seat)}'s Governor goes on the {town} pawn")

    def _apply_mustang(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        seat = self._seat(state, entry.get("player"))
        if "mustang" not in state.kept[seat]:
            raise RuleError(f"{state.name(seat)} has no Mustang.")
        if state.phase != "picks" or state.winner is None or state.picks != [state.winner]:
            raise RuleError(  # (whose it is: another player took it as theirs: a play-test)
                f"{state.name(seat)}'s Mustang is ridden right after the auction winner has picked."
            )
        if seat == state.winner:
            raise RuleError("The winner already picked first.")
        state.kept[seat].remove("mustang")
        state.mustang_next = seat

    def check_event_allowed(self, state: BoomtownState) -> None:
        if state.round == 1:
            raise RuleError(
                "In the first round every card on offer is a mine (events are reshuffled)."
            )

    def check_event_left(self, state: BoomtownState, card: str) -> None:
        """The deck's count of that card (EVENT_COUNTS) is not used up yet."""
        in_deck, seen = EVENT_COUNTS[card], state.events_seen.get(card, 0)
        if seen >= in_deck:
            copies = "1 card" if in_deck == 1 else f"{in_deck} cards"
            taken = "it was" if in_deck == 1 else "all were"
            raise RuleError(f"The deck has {copies} {EVENTS[card]} and {taken} already taken.")

    def _apply_event(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        seat = self._seat(state, entry.get("player"))
        self._check_picker(state, seat)
        self.check_event_allowed(state)
        card = entry.get("card")
        handler = getattr(self, f"_event_{card}", None)
        if handler is None or card not in EVENT_COUNTS:
            raise RuleError(f"No such event card: {card}.")
        self.check_event_left(state, card)
        if entry.get("discarded") is True:  # nothing to play it on: no effect
            if card not in DISCARDABLE or _targets(state, seat, card):
                raise RuleError(f"{EVENTS[card]} can be played: choose what it is played on.")
        else:
            handler(state, seat, entry)
        state.events_seen[card] = state.events_seen.get(card, 0) + 1
        self._done_picking(state, seat)

    # the events: each checks its target first, then acts

    def _event_card_shark(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        for other in range(len(state.players)):
            if other != seat:
                _pay(state, other, None, 4, "Card Shark")

    def _target(self, state: BoomtownState, seat: int, entry: Entry) -> int:
        target = entry.get("target")
        if not isinstance(target, int) or not 0 <= target < len(state.players):
            raise RuleError("Name the player the card is played on.")
        if target == seat:
            raise RuleError("This card is played on another player, not on yourself.")
        return target

    def _mine_at(self, state: BoomtownState, entry: Entry, owner: int | None = None) -> Mine:
        index = entry.get("mine")
        if not isinstance(index, int) or not 0 <= index < len(state.mines):
            raise RuleError("Choose a mine in play.")
        mine = state.mines[index]
        if owner is not None and mine.owner != owner:
            raise RuleError(f"That mine belongs to {state.name(mine.owner)}.")
        return mine

    def _event_dynamite(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        if isinstance(entry.get("saloon"), int):
            index = entry.get("saloon")
            if not 0 <= index < len(state.saloons):
                raise RuleError("Choose a saloon in play.")
            if state.saloons[index].owner == seat:
                raise RuleError("Dynamite is used on another player's mine or saloon.")
            del state.saloons[index]  # its Saloon Girls go with it
            return
        mine = self._mine_at(state, entry)
        if mine.owner == seat:
            raise RuleError("Dynamite is used on another player's mine or saloon.")
        state.mines.remove(mine)  # its New Vein goes with it
        state.gone.append((mine.town, mine.roll, mine.value))
        self._recheck_mayors(state)

    def _event_expropriation(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        mine = self._mine_at(state, entry)
        if mine.owner == seat:
            raise RuleError("Expropriation takes another player's mine.")
        if state.count(seat, mine.town) == 0:
            raise RuleError(f"Only in a town where you already own a mine (none in {mine.town}).")
        self._mayor_fee(state, seat, mine.town)  # the mayor's count before the mine moves
        mine.owner = seat
        self._vein_moves_in(state, mine)
        self._recheck_mayors(state, acting=seat)

    def _event_governor(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        town = entry.get("town")
        if town is None:
            if state.mayor_of(seat):
                raise RuleError("Choose which of your mayor pawns gets the Governor.")
            state.kept[seat].append("governor")  # waits for a pawn
            return
        if state.mayors.get(town) != seat:
            raise RuleError(f"{state.name(seat)} is not the mayor of {town}.")
        state.governor = town

    def _event_holdup(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        target = self._target(state, seat, entry)
        number, dice = entry.get("number"), entry.get("dice")
        if not isinstance(number, int) or not 2 <= number <= 12:
            raise RuleError("Name a number from 2 to 12.")
        if not (
            isinstance(dice, list)
            and len(dice) == 2
            and all(isinstance(d, int) and 1 <= d <= 6 for d in dice)
        ):
            raise RuleError("Two dice, each 1 to 6.")
        if sum(dice) >= number:
            _pay(state, target, seat, number, "Holdup")

    def _event_mustang(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        state.kept[seat].append("mustang")

    def _event_telegraph(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        state.kept[seat].append("telegraph")

    def _event_new_vein(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        if entry.get("mine") is None:
            if any(mine.owner == seat for mine in state.mines):
                raise RuleError("Choose which of your mines gets the New Vein.")
            state.kept[seat].append("new_vein")  # waits for a mine
            return
        mine = self._mine_at(state, entry, owner=seat)
        if mine.vein:
            raise RuleError("That mine already has a New Vein.")
        mine.vein = True

    def _event_saloon(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        town = entry.get("town")
        if town not in TOWNS:
            raise RuleError("Choose the town of the saloon.")
        saloon = Saloon(town, seat)
        if "saloon_girls" in state.kept[seat]:
            state.kept[seat].remove("saloon_girls")  # waiting Saloon Girls move in at once
            saloon.girls = True
        state.saloons.append(saloon)

    def _event_saloon_girls(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        index = entry.get("saloon")
        own = [
            i for i, saloon in enumerate(state.saloons) if saloon.owner == seat and not saloon.girls
        ]
        if index is None:
            if own:
                raise RuleError("Choose which of your saloons gets the Saloon Girls.")
            state.kept[seat].append("saloon_girls")  # waits for a saloon
            return
        if index not in own:
            raise RuleError("Saloon Girls go on one of your own saloons (without girls yet).")
        state.saloons[index].girls = True

    def _event_stagecoach(self, state: BoomtownState, seat: int, entry: Entry) -> None:
        state.numbers[seat]["gold"] += 10
        state.bank_out += 10

    def _apply_production(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        if state.phase != "production":
            raise RuleError("Production comes after every card on offer has been picked.")
        dice = _two_dice(entry)
        if state.rolled is not None and dice != state.rolled:
            first, second = state.rolled
            raise RuleError(
                f"The roll on record is {first} + {second}: the Telegraph changes one die "
                "(t 2 6), or undo (ctrl+z) takes the roll back."
            )
        holder = entry.get("telegraph")
        if holder is not None:
            holder = self._seat(state, holder)
            die, face = entry.get("die"), entry.get("face")
            if "telegraph" not in state.kept[holder]:
                raise RuleError(f"{state.name(holder)} has no Telegraph.")
            if die not in (0, 1) or not isinstance(face, int) or not 1 <= face <= 6:
                raise RuleError("The Telegraph changes one die to a face from 1 to 6.")
            state.kept[holder].remove("telegraph")
            dice[die] = face
        state.rolled = None
        total = sum(dice)
        producing = self._pay_production(state, total)
        if not producing:
            state.report.append("no mine produces")
        if total in (2, 12):
            for mine in [m for m in state.mines if m.dangerous]:
                state.report.append(f"{state.name(mine.owner)}'s {mine.label} collapses")
                state.gone.append((mine.town, mine.roll, mine.value))
            state.mines = [mine for mine in state.mines if not mine.dangerous]
            self._recheck_mayors(state)
        state.phase = "over" if state.cards_left == 0 else "next"

    @staticmethod
    def _pay_production(
        state: BoomtownState, total: int, fees: list[tuple[int, int, int, int]] | None = None
    ) -> list[Mine]:
        """Each mine on `total` paid by the bank, then its saloon fees (our reading); the
        fees paid go into `fees` as (payer, payee, paid, due). Returns the mines that paid."""
        producing = [m for m in state.mines if m.roll == total]
        for mine in producing:
            state.numbers[mine.owner]["gold"] += mine.worth
            state.bank_out += mine.worth
            state.report.append(f"{state.name(mine.owner)}'s {mine.label} produces {mine.worth}")
            for saloon in state.saloons:
                if saloon.town == mine.town and saloon.owner != mine.owner:
                    paid = _pay(state, mine.owner, saloon.owner, saloon.fee, f"saloon, {mine.town}")
                    if fees is not None:
                        fees.append((mine.owner, saloon.owner, paid, saloon.fee))
        return producing

    def saloon_fees(self, state: BoomtownState, entry: Entry) -> list[tuple[int, int, int, int]]:
        """The saloon fees a production entry (`produce`) makes players pay, before it is
        applied: (payer, payee, paid, due), one per producing mine and saloon, in the order
        they are paid (what the one-line summary says beside the gold: a play-test)."""
        dice = _dice_produced(entry)
        trial = copy_state(state)
        assert isinstance(trial, BoomtownState)
        fees: list[tuple[int, int, int, int]] = []
        self._pay_production(trial, sum(dice), fees)
        return fees

    def _apply_roll(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        if state.phase != "production":
            raise RuleError("The dice are rolled in the production, after the picks.")
        if state.rolled is not None:
            raise RuleError("The dice are rolled once per production.")
        if not self.telegraph_holders(state):
            raise RuleError("Nobody holds a Telegraph: the roll pays at once.")
        state.rolled = _two_dice(entry)

    def _apply_skip(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        state.rolled = None
        if state.phase == "payment":
            state.phase = "picks"
        elif state.phase == "picks" and state.next_picker is not None:
            self._done_picking(state, state.next_picker)
        elif state.phase == "production":
            state.phase = "over" if state.cards_left == 0 else "next"
        else:
            raise RuleError(f"The {state.phase} cannot be skipped.")

    def _apply_next_round(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BoomtownState)
        if state.phase != "next" or state.winner is None:
            raise RuleError("The next round starts after this round's production.")
        state.first_player = state.winner
        state.round += 1
        state.phase = "reveal"
        state.offered = 0
        state.picks, state.acted, state.passed = [], [], []
        state.high_bid, state.high_bidder, state.winner, state.price = 0, None, None, 0
        state.mustang_next = None
        state.bank_in = state.bank_out = 0  # "bank this round" starts again with the round


def _two_dice(entry: Entry) -> list[int]:
    """The entry's two dice (a copy), each checked to be 1 to 6."""
    dice = entry.get("dice")
    if not (
        isinstance(dice, list)
        and len(dice) == 2
        and all(isinstance(d, int) and 1 <= d <= 6 for d in dice)
    ):
        raise RuleError("Two dice, each 1 to 6.")
    return list(dice)


def _dice_produced(entry: Entry) -> list[int]:
    """A production entry's dice as the Telegraph leaves them, for what is said of it
    before it is applied (`producers`, `saloon_fees`); applying it checks the Telegraph."""
    dice = _two_dice(entry)
    die, face = entry.get("die"), entry.get("face")
    if entry.get("telegraph") is not None and die in (0, 1) and isinstance(face, int):
        dice[die] = face
    return dice


def _pay(state: BoomtownState, payer: int, payee: int | None, amount: int, reason: str) -> int:
    """Pay what is due, or what the payer has (bankruptcy); None is the bank. Returns it."""
    paid = min(amount, state.gold(payer))
    state.numbers[payer]["gold"] -= paid
    if payee is None:
        state.bank_in += paid
    else:
        state.numbers[payee]["gold"] += paid
    to = "the bank" if payee is None else state.name(payee)
    short = f" (all they have, {amount} due)" if paid < amount else ""
    state.report.append(f"{state.name(payer)} pays {to} {paid}{short}: {reason}")
    return paid


def _event_detail(state: BoomtownState, card: str, params: dict[str, Any], seat: int) -> str:
    """The part of the sentence that says what the card was played on."""
    if params.get("discarded") is True and card in DISCARDABLE:
        return ": nothing to play it on, discarded"
    target = params.get("target")
    who = (
        state.name(target) if isinstance(target, int) and 0 <= target < len(state.players) else "?"
    )
    mine_index = params.get("mine")
    label = (
        state.mines[mine_index].label
        if isinstance(mine_index, int) and 0 <= mine_index < len(state.mines)
        else ""
    )
    # whose mine it is (Dynamite, Expropriation: another player's)
    mine = f"{state.name(state.mines[mine_index].owner)}'s {label}" if label else ""
    if card == "dynamite":
        saloon = params.get("saloon")
        if isinstance(saloon, int) and 0 <= saloon < len(state.saloons):
            s = state.saloons[saloon]
            girls = " and its Saloon Girls (discarded)" if s.girls else ""  # (unsaid: a play-test)
            return f": blows up {state.name(s.owner)}'s saloon in {s.town}{girls}"
        return f": blows up {mine}" if mine else ""
    if card == "expropriation":
        return f": takes {mine}" if mine else ""
    if card == "holdup":
        dice = params.get("dice") or [0, 0]
        number = params.get("number")
        # ("gets away" read as the robber getting away with it: a play-test)
        hit = "pays up" if sum(dice) >= (number or 99) else f"it fails, {who} pays nothing"
        return f": holds up {who} for {number}, rolls {sum(dice)}: {hit}"
    if card == "new_vein":  # on one of the player's own mines, said with what it adds
        # ("for Coyote City 6: 4" read as the vein adding nothing: a play-test)
        if not label:
            return " (kept until a mine)"
        return f" for {replace(state.mines[mine_index], vein=True).label}"
    if card == "saloon" and params.get("town") and "saloon_girls" in state.kept[seat]:
        return f" in {params['town']}: the Saloon Girls waiting move in"  # (unsaid: a play-test)
    if card in ("saloon", "governor"):
        town = params.get("town")
        return f" in {town}" if town else " (kept until it can be used)"
    if card == "saloon_girls":
        return "" if isinstance(params.get("saloon"), int) else " (kept until a saloon)"
    if card == "card_shark":
        return ": every other player pays the bank 4"
    if card == "stagecoach":
        return ": +10 gold from the bank"
    return ""


# ------------------------------------------------------------------------- ctrl+o

HOLDINGS = ("deck", "mine", "gone", "mayor", "governor", "saloon", "kept")
NOBODY = ("none", "nobody", "no", "-")
KEPT_LABELS = {
    "telegraph": "Telegraph",
    "mustang": "Mustang",
    "governor": "Governor (waiting)",
    "saloon_girls": "Saloon Girls (waiting)",
    "new_vein": "New Vein (waiting)",
}
DECK_HINT = "how many cards the deck still holds, e.g. 27"
MINE_HINT = "who holds it (a name), gone (collapsed or dynamited), +vein or -vein"
GONE_HINT = "who holds it after all (a name): it comes back into play"
MAYOR_HINT = "who holds the pawn (a name), or nobody"
GOV_HINT = "the town of the pawn it sits on (cm, cold), or none"
SALOON_HINT = "who owns it (a name), gone (dynamited), +girls or -girls"
KEPT_HINT = "the cards, e.g. telegraph mustang (governor, girls, vein: waiting), or none"


def _index(which: str) -> int:
    if not which.isdigit():
        raise RuleError(f"Boomtown cannot correct {quoted(which)}.")
    return int(which)


def _seat_named(state: TableState, text: str) -> int:
    """The seat of a player typed for a mine's or a card's owner, found as every ctrl+o
    finds one (`seat_named`: the start of a word of the name too, "cy" for "🐻 Cy"), said as
    the value's problem."""
    try:
        return seat_named(state, text)
    except RuleError as problem:
        raise AmountError(str(problem)) from None


def _kept_card(word: str) -> str:
    for card in KEPT:
        if (
            card.startswith(word.replace("-", "_"))
            or (card == "saloon_girls" and word == "girls")
            or (card == "new_vein" and word == "vein")
        ):
            return card
    raise AmountError(f"{quoted(word)} is not a card kept in front of a player: {', '.join(KEPT)}.")


def _describe(state: BoomtownState, holding: str, data: dict[str, Any]) -> tuple[str, str, str]:
    """What a correction is about, its value on screen now and the one typed, as words."""

    def who(seat: Any) -> str:
        return state.name(seat) if isinstance(seat, int) else "nobody"

    if holding == "deck":
        return "cards left in the deck", str(state.cards_left), str(data["cards"])
    if holding == "governor":
        now = data["town"]
        return "the Governor", f"on {state.governor or 'no pawn'}", f"on {now or 'no pawn'}"
    if holding == "kept":
        seat = data["player"]
        if not 0 <= seat < len(state.players):
            raise RuleError(f"There is no player in seat {seat}.")

        def cards(kept: list[str]) -> str:
            return ", ".join(KEPT_LABELS[card] for card in kept) or "none"

        return f"{state.name(seat)}'s cards kept", cards(state.kept[seat]), cards(data["cards"])
    if holding == "mayor":
        town = data["town"]
        if town not in TOWNS:
            raise RuleError(f"No town {quoted(town)}.")
        return f"mayor of {town}", who(state.mayors.get(town)), who(data["owner"])
    index = data["index"]
    pieces: list[Any] = {"mine": state.mines, "gone": state.gone, "saloon": state.saloons}[holding]
    if not 0 <= index < len(pieces):
        raise RuleError("That is no longer on the table: close this and look again.")
    if holding == "gone":
        town, roll, value = state.gone[index]
        return f"mine {town} {roll} ({value} gold)", "out of the game", who(data["owner"])
    if holding == "mine":
        mine = state.mines[index]
        what = f"mine {mine.town} {mine.roll} ({mine.value} gold)"
        if "vein" in data:
            had, has = (
                "with a New Vein" if flag else "no New Vein" for flag in (mine.vein, data["vein"])
            )
            return what, had, has
        now = "out of the game" if data["owner"] is None else who(data["owner"])
        return what, who(mine.owner), now
    saloon = state.saloons[index]
    what = f"saloon in {saloon.town}"
    if "girls" in data:
        had, has = (
            "with Saloon Girls" if flag else "no Saloon Girls"
            for flag in (saloon.girls, data["girls"])
        )
        return what, had, has
    now = "out of the game" if data["owner"] is None else who(data["owner"])
    return what, who(saloon.owner), now


# ------------------------------------------------------------------------- typed commands

TOWN_SHORT = {
    "cj": "Cactus Junction",
    "cm": "Cold Mountain",
    "cc": "Coyote City",
    "dg": "Dry Gulch",
    "sn": "San Narciso",
}


def find_town(text: str) -> str | None:
    """A town from its initials (cm), the start of its name (cold) or its name."""
    key = " ".join(text.lower().split())
    if key in TOWN_SHORT:
        return TOWN_SHORT[key]
    matches = [
        town
        for town in TOWNS
        if town.lower().startswith(key)
        or town.lower().replace(" ", "").startswith(key.replace(" ", ""))
    ]
    return matches[0] if len(matches) == 1 and key else None


def find_mine(text: str, catalog: list[MineCard], state: BoomtownState) -> MineCard:
    """`cm 6`, `cm6`, `cold 6`, `Cold Mountain 6`: that catalog mine, if it is not out yet."""
    words = text.split()
    glued = re.fullmatch(r"(.*\D)(\d+)", words[-1]) if len(words) == 1 else None
    if glued:  # cm6: the town and the number typed without a space
        words = [glued.group(1), glued.group(2)]
    if len(words) < 2 or not is_number(words[-1]):
        if not any(find_town(" ".join(words[:n])) for n in range(1, len(words) + 1)):
            examples = ", ".join(event_words(state)[:2])  # (round 1 offered event cards)
            events = (
                f" or an event card ({examples}...: ctrl+t lists them)"
                if examples
                else " (round 1 offers only mines)"
                if state.round <= 1
                else ""
            )
            raise RuleError(  # neither a town nor an event card: say what a pick can be
                f"{quoted(text)} is not a town or an event card.{_did_you_mean(text)} Type a mine "
                f"as town and number (cm 6; towns cj cm cc dg sn){events}."
            )
        raise RuleError("Type a town and a production number, e.g. cm 6 or cold 6.")
    town = find_town(" ".join(words[:-1]))
    if town is None and all(is_number(word) for word in words):  # dice typed too early
        raise RuleError("A mine is a town and a number (cm 6); the dice come after the picks.")
    if town is None and find_town(words[0]) and all(is_number(word) for word in words[1:]):
        raise RuleError(  # (`cm 6 7` said "No town 'cm 6'": a play-test)
            f"One mine at a time: a town and one number (cm 6), not {quoted(text)}."
        )
    if town is None:
        typed = " ".join(words[:-1])
        raise RuleError(f"No town {quoted(typed)}: cj, cm, cc, dg or sn.{_did_you_mean(typed)}")
    roll = int(words[-1])
    cards = [card for card in catalog if card.town == town and card.roll == roll]
    if not cards and not 2 <= roll <= 12:  # two dice: no mine has it (a custom one said
        # so after the table was sent there: a play-test)
        raise RuleError(f"A mine's production number is 2 to 12 (the two dice), not {roll}.")
    if not cards:
        raise RuleError(
            # (the key came last, cut off at 80 columns: a play-test)
            f"No {town} {roll} in the catalog; if your deck has one, ctrl+l adds it."
        )
    free = [card for card in cards if not mine_out(state, card, catalog)]
    if not free:
        raise RuleError(taken_text(state, cards[0], catalog))
    return free[0]


def taken_text(
    state: BoomtownState, card: MineCard, catalog: Collection[MineCard] | None = None
) -> str:
    """Why the catalog's `card` cannot be taken: the mine that stands for it, in play or
    gone, said with its gold when a custom one of another gold stands for it."""
    taken = stand_in(state, card, catalog)
    if taken is None:
        return f"{card.label} is still to be had."
    if isinstance(taken, Mine):
        whose = f"{state.name(taken.owner)}'s"
        said = f"{card.label} is already in play ({whose})"
        if taken.value != card.value:
            said = f"{card.town} {card.roll} is already in play ({whose}, {taken.value} gold)"
        return said + "."
    if taken[2] != card.value:
        return f"{card.town} {card.roll} ({taken[2]} gold) left the game (collapsed or dynamited)."
    return f"{card.label} left the game (collapsed or dynamited)."


def _did_you_mean(text: str) -> str:
    """A guess among the event cards' and towns' names (`stagecoatch`), or nothing."""
    from companion.spelling import did_you_mean  # (only when a pick is refused)

    return did_you_mean(text, [*EVENTS.values(), *TOWNS])


#: event cards taken as soon as they are named (no dialog asks anything first)
AT_ONCE = ("card_shark", "mustang", "stagecoach", "telegraph")
#: letters a word needs before it names a card taken at once, or a card by a later word
#: of its name (`girls`): `c` and enter played the Card Shark, `s` the Saloon (a play-test)
SURE_LETTERS = 3


def _squashed(text: str) -> str:
    return text.strip().lower().replace(" ", "").replace("_", "")


def find_event(text: str, left: Collection[str] | None = None) -> str | None:
    """The event card `text` names: its whole name or id, or the start of its name (or of a
    later word of it, `girls`, from SURE_LETTERS letters) that fits it alone, among the
    cards `left` in the deck when given, if it fits any (`salo` is the Saloon once the one
    Saloon Girls is taken: a play-test was asked which); None when it names none. Raises
    RuleError when it fits several, or is a few letters of a card played at once: said, not
    played."""
    key = _squashed(text)
    if not key:
        return None
    for card, name in EVENTS.items():
        if key in (_squashed(card), _squashed(name)):
            return card
    fits = [
        card
        for card, name in EVENTS.items()
        if _squashed(name).startswith(key)
        or (
            len(key) >= SURE_LETTERS
            and any(word.lower().startswith(key) for word in name.split()[1:])
        )
    ]
    if left is not None:  # (none of them left: the one it names, to be said gone)
        fits = [card for card in fits if card in left] or fits
    if len(fits) > 1:
        raise RuleError(
            f"{quoted(text.strip())} could be {_or_listed([EVENTS[card] for card in fits])}: type "
            "more of its name."
        )
    if fits and fits[0] in AT_ONCE and len(key) < SURE_LETTERS:
        name = EVENTS[fits[0]]
        raise RuleError(
            f"{quoted(text.strip())}: {name} is taken as soon as it is named, so type more of its "
            f"name (at least {name.lower()[:SURE_LETTERS]})."
        )
    return fits[0] if fits else None


def _or_listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" or {names[-1]}"


def parse_dice(text: str) -> tuple[int, int]:
    words = text.replace("+", " ").replace(",", " ").split()
    if len(words) != 2 or not all(is_number(word) and 1 <= int(word) <= 6 for word in words):
        raise RuleError("Type the two dice, each 1 to 6 (e.g. 3 4), or r to roll.")
    return int(words[0]), int(words[1])


def chips(gold: int) -> str:
    """Gold as poker chips: 10 (blue), 5 (red), 1 (white)."""
    tens, rest = divmod(gold, 10)
    fives, ones = divmod(rest, 5)
    parts = [f"{n}x{v}" for n, v in ((tens, 10), (fives, 5), (ones, 1)) if n]
    return " ".join(parts) or "no chips"


def __getattr__(name: str) -> Any:
    """SHEET, made when first asked for: opening a game needs no score sheet."""
    if name == "SHEET":
        return BoomtownRules.sheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
