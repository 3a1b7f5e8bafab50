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
from dataclasses import dataclass, field, replace
from typing import Any

from companion.amounts import Amount
from companion.games.base import (
    NumberSpec,
    OptionSpec,
    RuleError,
    Rules,
    TableState,
    copy_state,
)
from companion.games.coloma_chart import Reward, count_text, parse_chart, tier_of
from companion.games.coloma_gold import GoldSupply, pay_with_gold
from companion.games.coloma_table import (
    NON_PLAYER,
    NON_PLAYER_ROWS,
    Shootout,
    bust,
    shootout,
    turn_order,
)
from companion.journal import Entry, make_entry
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
        Field("hotels", "Hotels", prompt="Hotel Buildings (8 VP each)", default=0),
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
BRIDGES_OF_A_TYPE = {2: 1, 3: 2, 4: 2, 5: 3, 6: 3}  # tiles of each type by player count
HOTELS_PER_PLAYER = 2  # Hotel Building module: cards in the board's supply per player
HOTEL_SPACES = 2  # Dudes a Hotel Building card holds
HOTEL_VP = 2  # per Dude placed on a Hotel space
SITES_ALL = (1, 2, 3, 4, 5)
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
- The chart's rewards are applied when the Shootout is resolved, each tier as typed
  (`chart 6 VP / 3 VP / 1 VP / 2 Graves`; the lost side after `|`). A Dude put on a
  Grave comes from the General Supply and covers the lowest vacant Grave: the numbers
  printed on your Graveyard are typed once (`graveyard 1 1 2 2 3 3`, bottom first,
  remembered); until then the app counts the Graves owed and `NAME grave N` says the number.
- A player has one turn a Round, so fills at most one row of Gunmen a Round (the rules:
  "one row per turn"); a player who did not fill a row in Round 5 may still fill one before
  the Shootout is resolved.
- Bridge tiles of each type: 1 with 2 players, 2 with 3-4, 3 with 5-6, first come first
  served; types are compared without case.
- A tracker pushed past its limit takes what fits and ignores the rest, saying so (the
  rules: "ignore the action or the remainder"); a correction cannot go past a limit either.
- The 2-player game's Buster counts as a Pioneer in the Bust: `sites` wants its Site after
  a `+`. Mule Duel has no Buster: the two Mules' Sites come after the `+` instead.
- Mule Duel (2 players): the Barker triggers no Event; a Mule placed on a Site whose Event
  space holds its colour's Carrot eats it and its owner gets the Event (twice with a Tent
  there); Site 5's Event is spent as typed (`sites 5 2 + 5 1 spend ann 1`). Every Carrot
  goes back at Clean Up.
- Hotel Building module: 2 Hotel Buildings per player in the supply (`ann hotel` builds
  one, its cost paid with the trackers); `ann sleep 2` puts Dudes from the Lodge on vacant
  Hotel spaces (2 per Hotel) for 2 VP each, at Site 5: the app does not know where the
  Pioneer stands and trusts the table; they go to the General Supply at Clean Up; 8 VP per
  Hotel at the end. Without the module the wizard has no Hotels step.
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
    chart_lost: list[str] = field(default_factory=list)  # the tile's lost side, if typed
    event_said: str = ""  # this Round's Event as it happened (a later Tent changes nothing)
    filled: list[int] = field(default_factory=list)  # seats that filled a row this Round
    graveyard: list[int] = field(default_factory=list)  # numbers printed on Graves, bottom up
    graves_owed: list[int] = field(default_factory=list)  # per seat: Graves without a number
    carrots: list[set[int]] = field(default_factory=list)  # Mule Duel: per seat, Event spaces
    hotels: list[int] = field(default_factory=list)  # Hotel module: per seat, Hotels built
    sleepers: list[int] = field(default_factory=list)  # per seat, Dudes on Hotel spaces

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

    @property
    def mule_duel(self) -> bool:
        return bool(self.options.get("mule_duel")) and len(self.players) == 2

    @property
    def hotel_module(self) -> bool:
        return bool(self.options.get("hotels"))

    @property
    def hotels_left(self) -> int:
        return HOTELS_PER_PLAYER * len(self.players) - sum(self.hotels)

    def chart_side(self, won: bool) -> list[str]:
        """The tiers in play: the lost side when the tile's two sides were typed and lost."""
        return self.chart_lost if not won and self.chart_lost else self.chart


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
        OptionSpec(
            "mule_duel",
            "Mule Duel (2-player variant)",
            default=False,
            player_counts=(2,),
            help="Mules and Carrots instead of the Buster and the Barker's Events.",
        ),
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
        state.graves_owed = [0] * count
        state.carrots = [set(SITES_ALL) for _ in range(count)]
        state.hotels = [0] * count
        state.sleepers = [0] * count
        return state

    def sheet_for(self, state: TableState) -> SheetSpec:
        """Without the Hotel Building module the wizard has no Hotels step (its sheet has no
        `hotels`, which `goldrush score` reads as 0)."""
        assert isinstance(state, ColomaState)
        if state.hotel_module:
            return SHEET
        return replace(
            SHEET,
            fields=tuple(f for f in SHEET.fields if f.key != "hotels"),
            categories=tuple(c for c in SHEET.categories if c.key != "hotels"),
        )

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
            row["hotels"] = state.hotels[seat]
        return rows

    def score_hints(self, state: TableState) -> dict[str, list[str]]:
        assert isinstance(state, ColomaState)
        return {
            "frontier": [f"Tents on {lands} Frontier Lands" for lands in state.lands],
            "bridges": [
                f"Bridges built: {', '.join(kinds)}" if kinds else "" for kinds in state.bridges
            ],
            "canyons": [f"{n['rivers']} Rivers surveyed" for n in state.numbers],
            "graves": [
                f"{owed} more Dude{'s' if owed != 1 else ''} on Graves whose numbers were not "
                "typed: add them from the Graveyard"
                if owed
                else ""
                for owed in state.graves_owed
            ],
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
        if state.mule_duel:
            raise RuleError(
                "In Mule Duel the Barker triggers no Event: a Mule eating its Carrot does "
                "(type the Mules' Sites after the players': sites 3 1 + 2 5)."
            )
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
            said = self._event_for(state, seat, site, spend.get(seat, 0))
            if said:
                lines.append(said)
        return lines

    def _event_for(self, state: ColomaState, seat: int, site: int, spend: int) -> str:
        """One player gets an Event (twice with a Tent on it); what they got, or ""."""
        twice = site in state.events[seat]
        times = 2 if twice else 1
        tent = " (Tent: twice)" if twice else ""
        name = state.name(seat)
        numbers = state.numbers[seat]
        if site == 1:
            numbers["dudes"] += 2 * times
            return f"{name} +{2 * times} Dudes{tent}"
        if site == 2:
            return f"{name} {self._take_gold(state, seat, times)}{tent}"
        if site == 3:
            return f"{name} draws {2 * times} cards{tent}"
        if site == 4:
            numbers["bucks"] += 2 * times
            return f"{name} +{2 * times} Bucks{tent}"
        if not spend:
            return ""
        if spend > times:
            raise RuleError(
                f"{name} may spend {times} Gold Nugget{'s' if times > 1 else ''} "
                "on this Event (2 only with a Tent on it)."
            )
        self._spend_gold(state, seat, spend)
        numbers["track"] += 3 * spend
        return f"{name} spends {spend} Gold Nugget{'s' if spend != 1 else ''} for {3 * spend} VP"

    def shootout_result(self, state: ColomaState) -> Entry:
        if state.phase != "shootout":
            raise RuleError("The Shootout comes after Round 5.")
        tally = state.tally()
        said = self.tally_sentence(state, tally)
        trial = copy_of(state)
        applied = self._apply_rewards(trial, tally)
        if applied:
            said += ". Applied: " + "; ".join(applied)
        return self._entry(state, "shootout", f"Shootout {state.year}: {said}", rewards=True)

    def _apply_rewards(self, state: ColomaState, tally: Shootout) -> list[str]:
        """The chart's rewards and penalties, tier by tier (players without Gunmen: the last
        part); the non-player Gunmen get nothing. What each player got, as said."""
        side = state.chart_side(tally.won)
        said = []
        takers = [(seat, tier) for seat, tier in tally.tiers.items() if seat != NON_PLAYER]
        takers += [(seat, 4) for seat in tally.bury]
        for seat, tier in sorted(takers, key=lambda pair: (pair[1], pair[0])):
            reward = tier_of(side, tier)
            if reward.terms:
                said.append(f"{state.name(seat)} {self._give(state, seat, reward)}")
        return said

    def _give(self, state: ColomaState, seat: int, reward: Reward) -> str:
        """Apply one tier's terms to a player, each within the rules' limits; as said."""
        parts = []
        numbers = state.numbers[seat]
        for key, count in reward.terms:
            if key == "graves":
                parts.append(self._bury(state, seat, count))
            elif key == "gold" and count > 0:
                parts.append(self._take_gold(state, seat, count))
            elif key == "gold":
                spent = min(-count, numbers["gold"])
                self._spend_gold(state, seat, spent)
                parts.append(f"-{spent} Nuggets")
            else:
                most = self._most(state, seat, key)
                after = max(0, numbers[key] + count)
                if most is not None:
                    after = min(after, most)
                parts.append(f"{after - numbers[key]:+d} {count_text(key, 2).split()[1]}")
                numbers[key] = after
        return ", ".join(parts)

    def _bury(self, state: ColomaState, seat: int, count: int) -> str:
        """Dudes from the General Supply on the lowest vacant Graves of the player's Graveyard;
        a Grave whose number is not known yet is owed until the table types it."""
        numbers = []
        for _ in range(count):
            covered = len(state.graves[seat])
            if covered < len(state.graveyard):
                number = state.graveyard[covered]
                state.graves[seat].append(number)
                numbers.append(str(number))
            else:
                state.graves_owed[seat] += 1
        said = f"{count} Dude{'s' if count != 1 else ''} on Graves"
        if numbers:
            said += f" ({', '.join(numbers)})"
        if len(numbers) < count:
            said += " (type the numbers printed on them: NAME grave N)"
        return said

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
        side = state.chart_side(state.tally().won)
        if tier - 1 < len(side) and side[tier - 1]:
            return f" ({side[tier - 1]})"
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
        extras = ""
        if any(state.sleepers):
            extras += "; the Dudes on Hotels go to the General Supply"
        if state.mule_duel:
            extras += "; every Carrot goes back on its Event space"
        return self._entry(
            state,
            "clean_up",
            f"Clean Up: Gunmen and Outlaws leave the Shootout{refill}{extras}; {year} starts "
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
        if seat in state.filled:
            raise RuleError(
                f"{state.name(seat)} already filled a row this Round: one row of Gunmen per "
                "turn (the rules), and a player has one turn a Round."
            )
        text = f"{state.name(seat)} fills row {row} at the Shootout with {count} Gunmen"
        return self._entry(state, "gunmen", text, player=seat, row=row, count=count)

    def chart(self, state: ColomaState, typed: str) -> Entry:
        """The chart tile in play as typed: `6 VP / 3 VP / 1 VP / 2 Graves [| lost side]`."""
        won, lost = parse_chart(typed)
        shown = " / ".join(won) + (f" | lost: {' / '.join(lost)}" if lost else "")
        return self._entry(
            state,
            "chart",
            f"The Shootout chart in play: {shown}",
            tiers=won,
            lost=lost or None,
        )

    def pitch(self, state: ColomaState, seat: int, where: int | None) -> Entry:
        """Pitch a Tent from the Lodge on an Event (its Site) or, with None, a Frontier Land."""
        place = f"on Event {where}" if where else "on a Frontier Land"
        return self._entry(
            state, "pitch", f"{state.name(seat)} pitches a Tent {place}", player=seat, site=where
        )

    def bridge(self, state: ColomaState, seat: int, kind: str) -> Entry:
        kind = " ".join(kind.split())
        stack = BRIDGES_OF_A_TYPE.get(len(state.players), 3)
        built = sum(k.lower() == kind.lower() for kinds in state.bridges for k in kinds)
        if built >= stack:
            raise RuleError(
                f"Every {kind} Bridge is built: {stack} of each type with {len(state.players)} "
                "players (first come, first served)."
            )
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

    def sites(
        self,
        state: ColomaState,
        chosen: list[int],
        extra: list[int],
        spend: dict[int, int] | None = None,
    ) -> Entry:
        """Where the Pioneers went: the Site that busts and the order of turns (and in Mule
        Duel, the Mules: each eats its Carrot there, if it is still there)."""
        count = len(state.players)
        if len(chosen) != count:
            raise RuleError(f"Type one Site for each of the {count} players.")
        wanted = 2 if state.mule_duel else 1 if count == 2 else 0
        if len(extra) != wanted:
            who = (
                "the two Mules' Sites (Mule Duel: no Buster)"
                if state.mule_duel
                else "the Buster's Site (it counts as a Pioneer in the Bust)"
                if count == 2
                else "no other Site (only the 2-player game has a Buster)"
            )
            example = "sites 3 1" + (" + 2 5" if state.mule_duel else " + 4" if wanted else "")
            raise RuleError(f"After the players' Sites type {who}: {example}.")
        placed = ", ".join(f"{state.name(s)} {site}" for s, site in enumerate(chosen))
        if extra:
            kind = "Mules" if state.mule_duel else "the Buster"
            placed += f"; {kind} " + ", ".join(map(str, extra))
        text = f"Round {state.round} Sites: {placed}: {bust_sentence(state, chosen, extra)}"
        spend = spend or {}
        if spend and not state.mule_duel:
            raise RuleError("Gold is spent on Site 5's Event with event, not with sites.")
        if state.mule_duel:
            trial = copy_of(state)
            eaten = self._mules_eat(trial, extra, spend)
            if eaten:
                text += "; " + "; ".join(eaten)
        return self._entry(
            state,
            "sites",
            text,
            sites=chosen,
            extra=extra,
            spend=[spend.get(seat, 0) for seat in range(count)] if spend else None,
        )

    def _mules_eat(self, state: ColomaState, mules: list[int], spend: dict[int, int]) -> list[str]:
        """Mule Duel: each Mule on a Site with its colour's Carrot eats it, and its owner gets
        that Event (twice with a Tent there); what each got, from the Sheriff clockwise."""
        said = []
        for seat in state.seats_from_sheriff():
            site = mules[seat]
            name = state.name(seat)
            if site not in state.carrots[seat]:
                if spend.get(seat):
                    raise RuleError(f"{name}'s Mule finds no Carrot at Site {site}: no Event.")
                said.append(f"{name}'s Mule finds no Carrot at Site {site}")
                continue
            state.carrots[seat].discard(site)
            got = self._event_for(state, seat, site, spend.get(seat, 0) if site == 5 else 0)
            ate = f"{name}'s Mule eats the Carrot at Site {site}"
            said.append(f"{ate}: {got}" if got else ate)
        return said

    # -- modules: the Graveyard, Hotels -------------------------------------------------------

    def graveyard(self, state: ColomaState, numbers: list[int]) -> Entry:
        """The numbers printed on a Graveyard's Graves, bottom first (each board alike)."""
        shown = " ".join(map(str, numbers))
        return self._entry(
            state, "graveyard", f"The Graves are numbered {shown} (bottom first)", numbers=numbers
        )

    def hotel(self, state: ColomaState, seat: int) -> Entry:
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        if state.hotels_left <= 0:
            raise RuleError(
                f"No Hotel Buildings left in the supply ({HOTELS_PER_PLAYER} per player)."
            )
        return self._entry(
            state,
            "hotel",
            f"{state.name(seat)} builds a Hotel Building (its cost paid with the trackers); "
            f"{state.hotels_left - 1} left in the supply",
            player=seat,
        )

    def sleep(self, state: ColomaState, seat: int, dudes: int) -> Entry:
        """Dudes from the Lodge on vacant Hotel spaces at Site 5: 2 VP each, at once."""
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        return self._entry(
            state,
            "sleep",
            f"{state.name(seat)} puts {dudes} Dude{'s' if dudes != 1 else ''} on Hotel spaces: "
            f"+{HOTEL_VP * dudes} VP",
            player=seat,
            dudes=dudes,
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
        state.event_said = ""
        state.bust_line = ""
        state.filled = []

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
        state.event_said = entry.text

    def _apply_shootout(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "shootout":
            raise RuleError("The Shootout comes after Round 5.")
        tally = state.tally()
        if entry.get("rewards") is True:  # entries from before the app applied the chart: not
            self._apply_rewards(state, tally)
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
        state.chart_lost = []
        state.filled = []
        state.sleepers = [0] * len(state.players)  # to the General Supply
        state.carrots = [set(SITES_ALL) for _ in state.players]
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
        state.filled.append(seat)

    def _apply_chart(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        tiers = entry.get("tiers")
        if not isinstance(tiers, list) or not 1 <= len(tiers) <= len(TIERS):
            raise RuleError("Type up to four parts separated by /: best / second / third / none.")
        lost = entry.get("lost") or []
        if not isinstance(lost, list) or len(lost) > len(TIERS):
            raise RuleError("The chart's lost side has up to four parts.")
        state.chart = [str(tier) for tier in tiers]
        state.chart_lost = [str(tier) for tier in lost]

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
        if state.graves_owed[seat]:
            state.graves_owed[seat] -= 1  # the number of a Grave the chart covered

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
        if state.mule_duel:
            if not isinstance(extra, list) or len(extra) != 2:
                raise RuleError("Mule Duel: type both Mules' Sites after the +.")
            spent = entry.get("spend") or [0, 0]
            if not isinstance(spent, list) or not all(isinstance(n, int) for n in spent):
                raise RuleError("What each player spends is a count from 0.")
            self._mules_eat(state, extra, dict(enumerate(spent)))

    def _apply_graveyard(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        numbers = entry.get("numbers")
        if (
            not isinstance(numbers, list)
            or not 1 <= len(numbers) <= 20
            or not all(isinstance(n, int) and 0 <= n <= 20 for n in numbers)
        ):
            raise RuleError("Type the numbers printed on the Graves, bottom first: 1 1 2 2 3 3.")
        state.graveyard = list(numbers)
        for seat in range(len(state.players)):  # Graves owed get their numbers now
            owed, state.graves_owed[seat] = state.graves_owed[seat], 0
            if owed:
                self._bury(state, seat, owed)

    def _apply_hotel(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat = self._seat(state, entry.get("player"))
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        if state.hotels_left <= 0:
            raise RuleError("No Hotel Buildings left in the supply.")
        state.hotels[seat] += 1

    def _apply_sleep(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, dudes = self._seat(state, entry.get("player")), entry.get("dudes")
        name = state.name(seat)
        if not isinstance(dudes, int) or dudes < 1:
            raise RuleError("Put 1 Dude or more on Hotel spaces.")
        if state.phase != "rounds":
            raise RuleError("Dudes go on Hotels at Site 5, in the Rounds.")
        vacant = HOTEL_SPACES * state.hotels[seat] - state.sleepers[seat]
        if dudes > vacant:
            raise RuleError(
                f"{name} has {vacant} vacant Hotel space{'s' if vacant != 1 else ''} "
                f"({HOTEL_SPACES} per Hotel Building, {state.hotels[seat]} built)."
            )
        if dudes > state.numbers[seat]["dudes"]:
            raise RuleError(f"{name} has {state.numbers[seat]['dudes']} Dudes in the Lodge.")
        state.numbers[seat]["dudes"] -= dudes
        state.sleepers[seat] += dudes
        state.numbers[seat]["track"] += HOTEL_VP * dudes

    def _most(self, state: ColomaState, seat: int, key: str) -> int | None:
        """The most a tracker may hold by the rules (None: no limit we know of)."""
        if key == "horses":
            return MOST_HORSES
        if key == "tents":
            return ALL_TENTS - (state.tents_in_all(seat) - state.numbers[seat]["tents"])
        if key == "rivers":
            return MOST_RIVERS
        return None

    def adjust(self, state: TableState, seat: int, key: str, amount: Amount) -> Entry:
        """Past a limit, take what fits and ignore the rest, saying so (the rules: "ignore the
        action or the remainder"); already at the limit, nothing fits: refused."""
        assert isinstance(state, ColomaState)
        self._seat(state, seat)
        spec = self.number_spec(key)
        before = state.numbers[seat][spec.key]
        wanted = amount.applied_to(before)
        most = self._most(state, seat, spec.key)
        if most is None or wanted <= most or before >= most:
            return super().adjust(state, seat, key, amount)
        entry = super().adjust(state, seat, key, Amount(most, relative=False))
        rule = {
            "horses": "6 Horses at most (Horse Limit)",
            "tents": "8 Tents in all",
            "rivers": "4 Rivers at most",
        }[spec.key]
        extra = wanted - most
        unit = spec.unit if extra != 1 else spec.unit.removesuffix("s")
        ignored = f"{extra} {unit} ignored: {rule}"
        return make_entry(entry.kind, f"{entry.text}; {ignored}", **entry.data)

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
