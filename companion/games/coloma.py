"""Coloma (Final Frontier Games), 2-6 players.

Rules: the Coloma section of shared/rules/README.md and the rulebook text beside it. The
app follows the calendar (3 Years of 5 Rounds, the Barker's Site and its Event, the
Shootout Phase and Clean Up), the Gold Supply and the value of gold, each player's
trackers with the rules' limits, the Bust, and the shootout tally. What the board and the
tiles print (pool sizes, Outlaws on the Year Track and under the Barrels, the chart tiles'
rewards) is typed by the table and, where it stays the same, remembered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import (
    NumberSpec,
    OptionSpec,
    RuleError,
    Rules,
    TableState,
    copy_state,
    refuse_unsafe_text,
)
from companion.games.coloma_gold import GoldSupply, pay_with_gold
from companion.games.coloma_table import (
    NON_PLAYER,
    NON_PLAYER_ROWS,
    Shootout,
    bust,
    shootout,
    turn_order,
)
from companion.journal import Entry
from companion.scoring import Category, Field, SheetSpec, TieBreak, count_of, total_of
from companion.store import Header


def _minus_graves(player: dict[str, Any]) -> int:
    return -sum(player["graves"])


def _leftovers(player: dict[str, Any]) -> int:
    return player["bucks"] + player["dudes"] + player["tents"] + player["horses"]


SHEET = SheetSpec(
    game="coloma",
    title="Coloma",
    min_players=2,
    max_players=6,
    fields=(
        Field("track", "Score track", prompt="VP already on the score track"),
        Field("buildings", "Town Buildings", "list", "VP printed on each Town Building"),
        Field("hotels", "Hotels", prompt="Hotel Buildings (8 VP each)"),
        Field("canyons", "River Canyons", "list", "VP under each surveyed River Canyon"),
        Field("bridges", "Bridges", "list", "VP each Bridge scores"),
        Field(
            "frontier",
            "Frontier",
            prompt="How many Frontier Lands hold the player's Tent (the map's chart gives the VP)",
            chart="coloma-frontier",
        ),
        Field("graves", "Graves", "list", "The number on each covered Grave (subtracted)"),
        Field("gold", "Gold Nuggets", prompt="Gold Nuggets left (first tie-break)"),
        Field("bucks", "Bucks", prompt="Bucks left (second tie-break)"),
        Field("dudes", "Dudes", prompt="Dudes left (second tie-break)"),
        Field("tents", "Tents", prompt="Tents left (second tie-break)"),
        Field("horses", "Horses", prompt="Horses left (second tie-break)"),
    ),
    categories=(
        Category("track", "Track", count_of("track")),
        Category("buildings", "Buildings", total_of("buildings")),
        Category("hotels", "Hotels (8 each)", count_of("hotels", 8)),
        Category("canyons", "Canyons", total_of("canyons")),
        Category("bridges", "Bridges", total_of("bridges")),
        Category("frontier", "Frontier", count_of("frontier")),
        Category("graves", "Graves", _minus_graves),
    ),
    tiebreaks=(
        TieBreak("Gold Nuggets", count_of("gold")),
        TieBreak("Bucks + Dudes + Tents + Horses", _leftovers),
    ),
    tiebreak_sentence=(
        "Ties: most Gold Nuggets, then most Bucks + Dudes + Tents + Horses left; "
        "players still tied share the rank."
    ),
)

YEARS = (1848, 1849, 1850)
ROUNDS = 5
FIRST_OUTLAWS = 2  # at the start of 1848; the Year Track prints the later numbers
MOST_HORSES = 6
ALL_TENTS = 8
MOST_RIVERS = 4
MOST_BRIDGES = 4
EVENTS = {  # the Barker's Site -> its Event, as the rulebook gives it
    1: "each player gains 2 Dudes (4 with a Tent on this Event)",
    2: "each player gains 1 Gold Nugget (2 with a Tent on this Event)",
    3: "each player draws 2 cards (4 with a Tent on this Event)",
    4: "each player gains 2 Bucks (4 with a Tent on this Event)",
    5: "each player may spend 1 Gold Nugget for 3 VP (2 for 6 VP with a Tent on this Event)",
}
TIERS = ("best", "second", "third", "no Gunmen")
READINGS = """\
## Our readings where the rules are silent

- Shooters with the same Gunmen in every row share the tier; the Sheriff keeps the Badge
  when the non-player Gunmen are best, or when players share the best tier.
- Rows at the Shootout are numbered from the one nearest the Outlaws (row 1). In the
  2-player game the three non-player Gunmen hold row 3 all game.
- Tents: a player has 8 in all, in the Lodge, on Events or on Frontier Lands; `tents` counts
  those in the Lodge (the tie-break's "remaining Tents").
- Dudes placed as Gunmen leave the Lodge and go to the General Supply at Clean Up.
- Chart rewards are shown as typed; the table gives them with the trackers (`ann vp +5`).
- How many Dudes a colour has is printed nowhere in our text: the app does not cap Dudes;
  when the General Supply runs out, correct the number (ctrl+o).
- The Sheriff Badge can be handed over by hand (`sheriff NAME`), as an entry, when the
  table reads a shootout differently.
"""


@dataclass
class ColomaState(TableState):
    year: int = YEARS[0]
    round: int = 1
    phase: str = "rounds"  # rounds, shootout (tally, then resolve), cleanup, over
    sheriff: int = 0
    supply: GoldSupply | None = None  # None until the table counts the pools
    outlaws: int = FIRST_OUTLAWS
    rows: dict[int, tuple[int, int]] = field(default_factory=dict)  # row -> (seat, Gunmen)
    chart: list[str] = field(default_factory=list)  # the chart's text per tier, as typed
    event_done: bool = False
    events: list[set[int]] = field(default_factory=list)  # per seat, Events with a Tent
    lands: list[int] = field(default_factory=list)  # per seat, Frontier Lands with a Tent
    bridges: list[list[str]] = field(default_factory=list)  # per seat, Bridge types built
    graves: list[list[int]] = field(default_factory=list)  # per seat, numbers on the Graves
    bust_line: str = ""  # this round's Bust and order of turns, as said
    result: str = ""  # the last shootout, as said

    @property
    def barker(self) -> int:
        """The Site the Barker covers: Site 1 in Round 1 ... Site 5 in Round 5."""
        return self.round

    def tents_in_all(self, seat: int) -> int:
        return self.numbers[seat]["tents"] + len(self.events[seat]) + self.lands[seat]

    def gunmen_of(self, seat: int) -> list[int]:
        """A player's Gunmen per row, the row nearest the Outlaws first."""
        last = max([*self.rows, 3])
        return [
            self.rows[row][1] if row in self.rows and self.rows[row][0] == seat else 0
            for row in range(1, last + 1)
        ]

    def tally(self) -> Shootout:
        """The shootout as it stands: Gunmen against Outlaws and the tiers so far."""
        rows = {seat: self.gunmen_of(seat) for seat in range(len(self.players))}
        return shootout(rows, self.outlaws, two_players=len(self.players) == 2)

    def seats_from_sheriff(self) -> list[int]:
        count = len(self.players)
        return [(self.sheriff + step) % count for step in range(count)]


class ColomaRules(Rules):
    id = "coloma"
    title = "Coloma"
    min_players = 2
    max_players = 6
    numbers = (
        NumberSpec("bucks", "Bucks", start=2, unit="Bucks"),
        NumberSpec("gold", "Gold Nuggets", start=1, unit="Gold Nuggets"),
        NumberSpec("track", "VP", start=0, unit="VP"),
        NumberSpec("horses", "Horses", start=1, unit="Horses"),
        NumberSpec("dudes", "Dudes", start=2, unit="Dudes"),
        NumberSpec("tents", "Tents", start=1, unit="Tents"),
        NumberSpec("barrels", "Barrels", start=0, unit="Barrels"),
        NumberSpec("rivers", "Rivers", start=0, unit="Rivers"),
    )
    sheet = SHEET
    help = READINGS
    options = (
        OptionSpec("hotels", "Hotel Building module", default=False),
        OptionSpec("mule_duel", "Mule Duel module", default=False),
        OptionSpec("specialties", "Pioneer Specialties module", default=False),
    )

    def new_state(self, header: Header) -> ColomaState:
        state = ColomaState(**vars(super().new_state(header)))
        count = len(state.players)
        state.sheriff = state.first_player
        state.events = [set() for _ in range(count)]
        state.lands = [0] * count
        state.bridges = [[] for _ in range(count)]
        state.graves = [[] for _ in range(count)]
        return state

    def progress(self, state: TableState) -> str:
        assert isinstance(state, ColomaState)
        if state.finished:
            return "Finished"
        if state.phase == "over":
            return "The third Shootout is over: final scoring"
        if state.phase == "rounds":
            return f"{state.year}, Round {state.round}"
        return f"{state.year}, Shootout"

    def prefill(
        self, state: TableState, known: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """The tracked numbers; Frontier as the count of lands (the wizard looks it up)."""
        assert isinstance(state, ColomaState)
        rows = super().prefill(state)
        for seat, row in enumerate(rows):
            row["frontier"] = state.lands[seat]
            row["graves"] = list(state.graves[seat])
        return rows

    def score_hints(self, state: TableState) -> dict[str, list[str]]:
        assert isinstance(state, ColomaState)
        return {
            "frontier": [f"Tents on {lands} Frontier Lands" for lands in state.lands],
            "bridges": [
                f"Bridges built: {', '.join(kinds)}" if kinds else "" for kinds in state.bridges
            ],
            "canyons": [f"{n['rivers']} Rivers surveyed" for n in state.numbers],
        }

    # -- the calendar --------------------------------------------------------------------

    def pools(self, state: ColomaState, spaces: list[int]) -> Entry:
        if len(spaces) != 3:
            raise RuleError("Type the spaces of the three pools, top to bottom: pools 4 6 8.")
        top, middle, bottom = spaces
        text = (
            f"The Gold Supply for {len(state.players)} players: {top} spaces worth 3 Bucks, "
            f"{middle} worth 2, {bottom} worth 1"
        )
        return self._entry(state, "pools", text, spaces=list(spaces))

    def correct_supply(
        self, state: ColomaState, nuggets: list[int], cart: int | None, reason: str
    ) -> Entry:
        """The board wins: set the Nuggets in each pool (and the Mine Cart) as counted."""
        reason = " ".join(reason.split())
        if not reason:
            raise RuleError("Say why: a correction needs a reason (e.g. 'counted the board').")
        if state.supply is None:
            raise RuleError("Count the Gold Supply first: pools TOP MIDDLE BOTTOM.")
        if len(nuggets) != 3:
            raise RuleError("Type the Nuggets in the three pools, top to bottom: supply 0 4 7.")
        cart = state.supply.cart if cart is None else cart
        shown = " / ".join(map(str, nuggets))
        return self._entry(
            state,
            "supply",
            f"Correction: the Gold Supply holds {shown}, the Mine Cart {cart}: {reason}",
            nuggets=list(nuggets),
            cart=cart,
            reason=reason,
        )

    def next_round(self, state: ColomaState) -> Entry:
        if state.phase != "rounds":
            raise RuleError("The Year's five Rounds are over: resolve the Shootout first.")
        if state.round == ROUNDS:
            return self._entry(
                state,
                "shootout_phase",
                f"{state.year}: after Round 5, the Shootout Phase "
                f"({state.tally().gunmen} Gunmen against {state.outlaws} Outlaws)",
            )
        site = state.round + 1
        return self._entry(
            state,
            "round",
            f"{state.year}, Round {site}: the Barker covers Site {site}",
        )

    def event(self, state: ColomaState, spend: dict[int, int] | None = None) -> Entry:
        """The Barker's Event for every player, from the Sheriff clockwise, as one entry."""
        spend = spend or {}
        if state.event_done:
            raise RuleError(f"The Event of Site {state.barker} has already happened this Round.")
        effects = self._event_effects(copy_of(state), state.barker, spend)
        said = "; ".join(effects) or "nobody spends"
        return self._entry(
            state,
            "event",
            f"Event, Site {state.barker}: {said}",
            site=state.barker,
            spend=[spend.get(seat, 0) for seat in range(len(state.players))],
        )

    def _event_effects(self, state: ColomaState, site: int, spend: dict[int, int]) -> list[str]:
        """Apply an Event to `state` (a copy when only saying it); what each player got."""
        if any(seat not in range(len(state.players)) for seat in spend):
            raise RuleError("Only players at the table spend on the Event.")
        lines = []
        for seat in state.seats_from_sheriff():
            twice = site in state.events[seat]
            times = 2 if twice else 1
            tent = " (Tent: twice)" if twice else ""
            name = state.name(seat)
            numbers = state.numbers[seat]
            if site == 1:
                numbers["dudes"] += 2 * times
                lines.append(f"{name} +{2 * times} Dudes{tent}")
            elif site == 2:
                lines.append(f"{name} {self._take_gold(state, seat, times)}{tent}")
            elif site == 3:
                lines.append(f"{name} draws {2 * times} cards{tent}")
            elif site == 4:
                numbers["bucks"] += 2 * times
                lines.append(f"{name} +{2 * times} Bucks{tent}")
            elif spend.get(seat, 0):
                nuggets = spend[seat]
                if nuggets > times:
                    raise RuleError(
                        f"{name} may spend {times} Gold Nugget{'s' if times > 1 else ''} "
                        "on this Event (2 only with a Tent on it)."
                    )
                self._spend_gold(state, seat, nuggets)
                numbers["track"] += 3 * nuggets
                plural = "s" if nuggets != 1 else ""
                lines.append(f"{name} spends {nuggets} Gold Nugget{plural} for {3 * nuggets} VP")
        return lines

    def shootout_result(self, state: ColomaState) -> Entry:
        if state.phase != "shootout":
            raise RuleError("The Shootout comes after Round 5.")
        tally = state.tally()
        said = self.tally_sentence(state, tally)
        return self._entry(state, "shootout", f"Shootout {state.year}: {said}")

    def tally_sentence(self, state: ColomaState, tally: Shootout) -> str:
        outcome = "won" if tally.won else "lost"
        text = f"{tally.gunmen} Gunmen against {tally.outlaws} Outlaws: {outcome}"
        order = sorted(tally.tiers, key=lambda seat: (tally.tiers[seat], seat))
        if order:
            text += "; " + ", ".join(
                f"{self.shooter(state, seat)} tier {tally.tiers[seat]}"
                + self.reward(state, tally.tiers[seat], seat)
                for seat in order
            )
        if tally.bury:
            names = ", ".join(state.name(seat) for seat in tally.bury)
            text += f"; no Gunmen, Dudes to the Graves: {names}" + self.reward(state, 4, 0)
        if tally.badge is not None:
            text += f"; {state.name(tally.badge)} takes the Sheriff Badge"
        else:
            text += f"; {state.name(state.sheriff)} keeps the Sheriff Badge"
        return text

    def shooter(self, state: ColomaState, seat: int) -> str:
        return "the non-player Gunmen" if seat == NON_PLAYER else state.name(seat)

    def reward(self, state: ColomaState, tier: int, seat: int) -> str:
        """What the chart tile gives this tier, as typed (the non-player Gunmen get nothing)."""
        if seat == NON_PLAYER:
            return " (nothing)"
        if tier - 1 < len(state.chart) and state.chart[tier - 1]:
            return f" ({state.chart[tier - 1]})"
        return ""

    def clean_up(self, state: ColomaState, outlaws: int) -> Entry:
        if state.phase != "cleanup":
            raise RuleError("Clean Up comes after the Shootout.")
        year = state.year + 1
        refill = ""
        if state.supply is not None and state.supply.cart:
            refilled = state.supply.refill()
            moved = state.supply.cart - refilled.cart
            refill = f"; the Mine Cart refills {moved} Gold Nugget{'s' if moved != 1 else ''}"
        return self._entry(
            state,
            "clean_up",
            f"Clean Up: Gunmen and Outlaws leave the Shootout{refill}; {year} starts "
            f"with {outlaws} Outlaws, the Barker covers Site 1",
            outlaws=outlaws,
        )

    # -- players ---------------------------------------------------------------------------

    def gold(self, state: ColomaState, seat: int, delta: int) -> Entry:
        """Gain Nuggets from the supply (top pool first), or spend them into the Mine Cart."""
        name = state.name(seat)
        if delta > 0:
            probe = copy_of(state)
            said = self._take_gold(probe, seat, delta)
            text = f"{name} {said}"
        elif delta < 0:
            text = (
                f"{name} spends {-delta} Gold Nugget{'s' if delta != -1 else ''} (to the Mine Cart)"
            )
        else:
            raise RuleError("Type how many Gold Nuggets: +2 gains, -1 spends.")
        return self._entry(state, "gold", text, player=seat, delta=delta)

    def pay(self, state: ColomaState, seat: int, cost: int) -> Entry:
        """Pay a cost in Bucks with Gold Nuggets at the current value, without change."""
        nuggets, over = pay_with_gold(cost, value_of(state))
        have = state.numbers[seat]["gold"]
        if nuggets > have:
            raise RuleError(
                f"{cost} Bucks take {nuggets} Gold Nuggets at {value_of(state)} each; "
                f"{state.name(seat)} has {have}."
            )
        change = f", {over} overpaid: no change is given" if over else ""
        text = (
            f"{state.name(seat)} pays {cost} Bucks with {nuggets} Gold Nugget"
            f"{'s' if nuggets != 1 else ''} at {value_of(state)} each{change}"
        )
        return self._entry(state, "gold", text, player=seat, delta=-nuggets)

    def barrel(self, state: ColomaState, seat: int, outlaws: int) -> Entry:
        text = (
            f"{state.name(seat)} takes a Barrel: {outlaws} Outlaw{'s' if outlaws != 1 else ''} "
            f"join the Shootout ({state.outlaws + outlaws} in all)"
        )
        return self._entry(state, "barrel", text, player=seat, outlaws=outlaws)

    def gunmen(self, state: ColomaState, seat: int, row: int, count: int) -> Entry:
        text = f"{state.name(seat)} fills row {row} at the Shootout with {count} Gunmen"
        return self._entry(state, "gunmen", text, player=seat, row=row, count=count)

    def chart(self, state: ColomaState, tiers: list[str]) -> Entry:
        for tier in tiers:
            refuse_unsafe_text(tier, "A chart tier")
        shown = " / ".join(tier or "-" for tier in tiers)
        return self._entry(state, "chart", f"The Shootout chart in play: {shown}", tiers=tiers)

    def pitch(self, state: ColomaState, seat: int, where: int | None) -> Entry:
        """Pitch a Tent from the Lodge on an Event (its Site) or, with None, a Frontier Land."""
        place = f"on Event {where}" if where else "on a Frontier Land"
        return self._entry(
            state, "pitch", f"{state.name(seat)} pitches a Tent {place}", player=seat, site=where
        )

    def bridge(self, state: ColomaState, seat: int, kind: str) -> Entry:
        refuse_unsafe_text(kind, "A bridge type")
        kind = " ".join(kind.split())
        return self._entry(
            state, "bridge", f"{state.name(seat)} builds a Bridge: {kind}", player=seat, bridge=kind
        )

    def grave(self, state: ColomaState, seat: int, number: int) -> Entry:
        return self._entry(
            state,
            "grave",
            f"{state.name(seat)} puts a Dude on a Grave marked {number}",
            player=seat,
            number=number,
        )

    def hand_badge(self, state: ColomaState, seat: int) -> Entry:
        """The table gives the Sheriff Badge to someone by hand."""
        return self._entry(
            state, "sheriff", f"{state.name(seat)} takes the Sheriff Badge", player=seat
        )

    def sites(self, state: ColomaState, chosen: list[int], extra: list[int]) -> Entry:
        """Where the Pioneers went: the Site that busts and the order of turns."""
        if len(chosen) != len(state.players):
            raise RuleError(f"Type one Site for each of the {len(state.players)} players.")
        placed = ", ".join(f"{state.name(s)} {site}" for s, site in enumerate(chosen))
        if extra:
            placed += "; also " + ", ".join(map(str, extra))
        return self._entry(
            state,
            "sites",
            f"Round {state.round} Sites: {placed}: {bust_sentence(state, chosen, extra)}",
            sites=chosen,
            extra=extra,
        )

    # -- replay ----------------------------------------------------------------------------

    def _apply_pools(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        spaces = entry.get("spaces")
        if state.supply is not None:
            raise RuleError("The Gold Supply is already counted (undo to count it again).")
        if (
            not isinstance(spaces, list)
            or len(spaces) != 3
            or not all(isinstance(s, int) and 0 <= s <= 40 for s in spaces)
        ):
            raise RuleError("Type the spaces of the three pools, top to bottom: pools 4 6 8.")
        if not sum(spaces):
            raise RuleError("The Gold Supply has at least one space.")
        state.supply = GoldSupply.full((spaces[0], spaces[1], spaces[2]))

    def _apply_supply(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        nuggets, cart = entry.get("nuggets"), entry.get("cart")
        if state.supply is None:
            raise RuleError("Count the Gold Supply first: pools TOP MIDDLE BOTTOM.")
        spaces = state.supply.spaces
        if (
            not isinstance(nuggets, list)
            or len(nuggets) != 3
            or not all(
                isinstance(n, int) and 0 <= n <= s for n, s in zip(nuggets, spaces, strict=True)
            )
        ):
            raise RuleError(f"Each pool holds 0 up to its spaces ({' / '.join(map(str, spaces))}).")
        if not isinstance(cart, int) or not 0 <= cart <= 100:
            raise RuleError("The Mine Cart holds 0 Nuggets or more.")
        state.supply = GoldSupply(spaces, (nuggets[0], nuggets[1], nuggets[2]), cart)

    def _apply_round(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "rounds" or state.round >= ROUNDS:
            raise RuleError("The Year's five Rounds are over.")
        state.round += 1
        state.event_done = False
        state.bust_line = ""

    def _apply_shootout_phase(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "rounds" or state.round != ROUNDS:
            raise RuleError("The Shootout comes after Round 5.")
        state.phase = "shootout"
        state.bust_line = ""

    def _apply_event(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "rounds":
            raise RuleError("Events happen in the Rounds.")
        if state.event_done:
            raise RuleError(f"The Event of Site {state.barker} has already happened this Round.")
        if state.barker == 2 and state.supply is None:
            raise RuleError("Count the Gold Supply first: pools TOP MIDDLE BOTTOM.")
        spent = entry.get("spend") or []
        if not isinstance(spent, list) or not all(isinstance(n, int) and n >= 0 for n in spent):
            raise RuleError("What each player spends is a count from 0.")
        self._event_effects(state, state.barker, dict(enumerate(spent)))
        state.event_done = True

    def _apply_shootout(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "shootout":
            raise RuleError("The Shootout comes after Round 5.")
        tally = state.tally()
        if tally.badge is not None:
            state.sheriff = tally.badge
        state.result = entry.text
        state.phase = "over" if state.year == YEARS[-1] else "cleanup"

    def _apply_clean_up(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "cleanup":
            raise RuleError("Clean Up comes after the Shootout.")
        outlaws = entry.get("outlaws")
        if not isinstance(outlaws, int) or not 0 <= outlaws <= 50:
            raise RuleError("The Year Track shows 0 to 50 Outlaws.")
        state.rows = {}
        state.chart = []
        state.outlaws = outlaws
        if state.supply is not None:
            state.supply = state.supply.refill()
        state.year += 1
        state.round = 1
        state.phase = "rounds"
        state.event_done = False
        state.result = ""

    def _apply_gold(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, delta = self._seat(state, entry.get("player")), entry.get("delta")
        if not isinstance(delta, int) or delta == 0:
            raise RuleError("Gold Nuggets move in whole numbers.")
        if delta > 0:
            if state.supply is None:
                raise RuleError("Count the Gold Supply first: pools TOP MIDDLE BOTTOM.")
            self._take_gold(state, seat, delta)
        else:
            self._spend_gold(state, seat, -delta)

    def _take_gold(self, state: ColomaState, seat: int, count: int) -> str:
        """Nuggets from the supply, topmost pool first; 1 Buck for each one it cannot give."""
        if state.supply is None:
            raise RuleError("Count the Gold Supply first: pools TOP MIDDLE BOTTOM.")
        state.supply, taken, bucks = state.supply.take(count)
        state.numbers[seat]["gold"] += taken
        state.numbers[seat]["bucks"] += bucks
        said = f"+{taken} Gold Nugget{'s' if taken != 1 else ''}" if taken else ""
        if bucks:
            instead = f"+{bucks} Buck{'s' if bucks != 1 else ''} instead (the Gold Supply is empty)"
            said = f"{said}, {instead}" if said else instead
        return said

    def _spend_gold(self, state: ColomaState, seat: int, count: int) -> None:
        have = state.numbers[seat]["gold"]
        if count > have:
            raise RuleError(f"{state.name(seat)} has {have} Gold Nuggets, not {count}.")
        state.numbers[seat]["gold"] -= count
        if state.supply is not None:
            state.supply = state.supply.spend(count)

    def _apply_barrel(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, outlaws = self._seat(state, entry.get("player")), entry.get("outlaws")
        if not isinstance(outlaws, int) or not 0 <= outlaws <= 10:
            raise RuleError("A Barrel adds the Outlaws printed under its Stash space (0 to 10).")
        if state.phase != "rounds":
            raise RuleError("Barrels are taken in the Rounds.")
        state.numbers[seat]["barrels"] += 1
        state.outlaws += outlaws

    def _apply_gunmen(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat = self._seat(state, entry.get("player"))
        row, count = entry.get("row"), entry.get("count")
        if state.phase not in ("rounds", "shootout"):
            raise RuleError("Gunmen are placed before the Shootout is resolved.")
        if not isinstance(row, int) or not 1 <= row <= 12:
            raise RuleError("A row at the Shootout is 1 (nearest the Outlaws) to 12.")
        if not isinstance(count, int) or not 1 <= count <= 12:
            raise RuleError("A row holds 1 to 12 Gunmen.")
        if len(state.players) == 2 and row == len(NON_PLAYER_ROWS):
            raise RuleError("Row 3 holds the three non-player Gunmen all game.")
        if row in state.rows:
            raise RuleError(f"Row {row} is already filled by {state.name(state.rows[row][0])}.")
        dudes = state.numbers[seat]["dudes"]
        if count > dudes:
            raise RuleError(f"{state.name(seat)} has {dudes} Dudes in the Lodge, not {count}.")
        state.numbers[seat]["dudes"] -= count
        state.rows[row] = (seat, count)

    def _apply_chart(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        tiers = entry.get("tiers")
        if not isinstance(tiers, list) or not 1 <= len(tiers) <= len(TIERS):
            raise RuleError("Type up to four parts separated by /: best / second / third / none.")
        state.chart = [str(tier) for tier in tiers]

    def _apply_pitch(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, site = self._seat(state, entry.get("player")), entry.get("site")
        if state.numbers[seat]["tents"] < 1:
            raise RuleError(f"{state.name(seat)} has no Tent in the Lodge.")
        if site is None:
            state.lands[seat] += 1
        elif site in range(1, 6):
            if site in state.events[seat]:
                raise RuleError(f"{state.name(seat)} already has a Tent on Event {site}.")
            state.events[seat].add(site)
        else:
            raise RuleError("Events are at Sites 1 to 5.")
        state.numbers[seat]["tents"] -= 1

    def _apply_bridge(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, kind = self._seat(state, entry.get("player")), entry.get("bridge")
        built = state.bridges[seat]
        if not isinstance(kind, str) or not kind:
            raise RuleError("Say which type of Bridge (its name or a letter).")
        if kind.lower() in (k.lower() for k in built):
            raise RuleError(f"{state.name(seat)} already has a {kind} Bridge: no two of one type.")
        if len(built) >= MOST_BRIDGES:
            raise RuleError(f"A player has at most {MOST_BRIDGES} Bridges.")
        if len(built) >= state.numbers[seat]["rivers"]:
            raise RuleError("A Bridge needs a River tile without a Bridge on it.")
        built.append(kind)

    def _apply_grave(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, number = self._seat(state, entry.get("player")), entry.get("number")
        if not isinstance(number, int) or not 0 <= number <= 20:
            raise RuleError("A Grave shows a number from 0 to 20.")
        state.graves[seat].append(number)

    def _apply_sheriff(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat = self._seat(state, entry.get("player"))
        if seat == state.sheriff:
            raise RuleError(f"{state.name(seat)} already has the Sheriff Badge.")
        state.sheriff = seat

    def _apply_sites(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        chosen, extra = entry.get("sites"), entry.get("extra") or []
        if not isinstance(chosen, list) or len(chosen) != len(state.players):
            raise RuleError(f"Type one Site for each of the {len(state.players)} players.")
        if state.phase != "rounds":
            raise RuleError("Sites are chosen in the Rounds.")
        state.bust_line = bust_sentence(state, chosen, extra)

    def _set_number(self, state: TableState, seat: int, key: Any, value: int) -> None:
        """The trackers' limits, with the rule that forbids going past them."""
        assert isinstance(state, ColomaState)
        name = state.name(seat)
        if key == "horses" and value > MOST_HORSES:
            raise RuleError(f"{name} cannot have {value} Horses: 6 Horses at most (Horse Limit).")
        if key == "tents":
            elsewhere = state.tents_in_all(seat) - state.numbers[seat]["tents"]
            if value + elsewhere > ALL_TENTS:
                raise RuleError(
                    f"{name} cannot have {value + elsewhere} Tents: 8 Tents in all "
                    f"({elsewhere} already pitched)."
                )
        if key == "rivers":
            if value > MOST_RIVERS:
                raise RuleError(f"{name} cannot have {value} Rivers: 4 Rivers at most.")
            if value < len(state.bridges[seat]):
                raise RuleError(f"{name}'s Bridges stand on their Rivers.")
        super()._set_number(state, seat, key, value)


def bust_sentence(state: ColomaState, chosen: list[int], extra: list[int]) -> str:
    """Which Site busts (the Buster or Mules in `extra` count) and the order of turns."""
    where = bust([*chosen, *extra])
    order = turn_order(dict(enumerate(chosen)), state.sheriff, len(state.players))
    busts = f"Site {where} busts" if where else "no Site has most: the Signpost busts"
    return f"{busts}; turns: {', '.join(state.name(seat) for seat in order)}"


def value_of(state: ColomaState) -> int:
    """What a Gold Nugget is worth now (3 until the pools are counted: they start full)."""
    return state.supply.value if state.supply is not None else 3


def copy_of(state: ColomaState) -> ColomaState:
    copied = copy_state(state)
    assert isinstance(copied, ColomaState)
    return copied
