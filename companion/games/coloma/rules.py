"""Coloma's rules: the calendar (3 Years of 5 Rounds, the Barker's Site and its Event, the
Shootout Phase and Clean Up), the Gold Supply and the value of gold, each player's trackers
with the rules' limits, and the Bust; the Shootout, Mule Duel and Hotels are mixed in from
their own modules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion.amounts import Amount, and_listed
from companion.gamefile import Header
from companion.games.base import (
    NumberSpec,
    OptionSpec,
    RuleError,
    Rules,
    SheetOf,
    TableState,
    refuse_unsafe_text,
)
from companion.games.coloma.corrections import CorrectionRules
from companion.games.coloma.gold import GoldSupply, pay_with_gold
from companion.games.coloma.hotels import HotelRules
from companion.games.coloma.mule_duel import MuleDuelRules
from companion.games.coloma.readings import READINGS
from companion.games.coloma.shootout import ShootoutRules
from companion.games.coloma.state import (
    ALL_TENTS,
    BRIDGES_OF_A_TYPE,
    MOST_BRIDGES,
    MOST_HORSES,
    MOST_RIVERS,
    ROUNDS,
    SITES_ALL,
    YEARS,
    ColomaState,
    bust_sentence,
    copy_of,
    value_of,
)
from companion.games.coloma.words import plural
from companion.journal import Entry, make_entry

if TYPE_CHECKING:
    from companion.scoring import SheetSpec

#: why a player gets Bucks for Gold Nuggets (said once in an Event that pays several so)
EMPTY_SUPPLY = " (the Gold Supply is empty)"


def _sheet() -> SheetSpec:
    from companion.games.coloma.sheet import SHEET

    return SHEET


#: Bridge types in a game (setup: "Randomly select six unique types of Bridge tiles")
BRIDGE_TYPES = 6
#: said when Gold Nuggets are typed for another Site's Event than 5's
SPEND_AT_5 = "Only Site 5's Event takes Gold Nuggets; this is Site {site}'s: type event alone."
#: a pool's spaces at most (the board's are far fewer: a guard against a slip of the keys)
MOST_SPACES = 40


#: the Frontier Lands on the map: one Tent each ("all five gain 25 Victory Points")
FRONTIER_LANDS = 5


class ColomaRules(CorrectionRules, ShootoutRules, MuleDuelRules, HotelRules, Rules):
    id = "coloma"
    title = "Coloma"
    #: What the player who goes first is called at this table (the new-game dialog and the
    #: notice of a drawn first player may read it): the Sheriff holds the Badge.
    first_player_title = "Sheriff"
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
    sheet = SheetOf(_sheet)
    help = READINGS
    options = (
        OptionSpec("hotels", "Hotel Building module", default=False, short="Hotels"),
        OptionSpec(
            "mule_duel",
            "Mule Duel (2-player variant)",
            default=False,
            player_counts=(2,),
            help="Mules and Carrots instead of the Buster and the Barker's Events.",
            short="Mule Duel",
        ),
        OptionSpec(
            "specialties",
            "Pioneer Specialties module",
            default=False,
            # (what it does was said nowhere: a play-test)
            help="Each Pioneer's Ability, played on the cardboard: type what it changes with "
            "the usual commands. The app only records that the module is used.",
            short="Specialties",
        ),
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
        from companion.games.coloma.sheet import SHEET

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
        if state.phase == "cleanup":  # (said "Shootout" while the screen said Clean Up)
            return f"{state.year}, Clean Up"
        return f"{state.year}, Shootout"

    def not_over(self, state: TableState) -> str | None:
        """The game ends after the third Shootout (1850)."""
        assert isinstance(state, ColomaState)
        if state.phase == "over":
            return None
        if state.phase == "rounds":
            return f"It is Round {state.round} of {state.year}."
        if state.phase == "shootout":
            return f"It is the Shootout of {state.year} (the game ends after {YEARS[-1]}'s)."
        return f"It is the Clean Up of {state.year} (the game ends after {YEARS[-1]}'s Shootout)."

    def round_missing(self, state: ColomaState) -> list[str]:
        """What the rules expect in this Round that was not typed: its Event (none in Mule
        Duel) and the Sites (the Bust); empty when nothing is missing."""
        if state.phase != "rounds":
            return []
        missing = []
        if not state.event_done and not state.mule_duel:
            missing.append("the Event")
        if not state.bust_line:
            missing.append("the Sites")
        return missing

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
            "frontier": [f"Tents on {plural(lands, 'Frontier Land')}" for lands in state.lands],
            "bridges": [
                f"Bridges built: {', '.join(kinds)}" if kinds else "" for kinds in state.bridges
            ],
            "canyons": [f"{plural(n['rivers'], 'River')} surveyed" for n in state.numbers],
            "graves": [
                f"{owed} more Dude{'s' if owed != 1 else ''} on Graves whose numbers were not "
                "typed: add them from the Graveyard"
                if owed
                else ""
                for owed in state.graves_owed
            ],
        }

    def score_counts(self, state: TableState) -> dict[str, list[int]]:
        assert isinstance(state, ColomaState)
        return {
            "canyons": [numbers["rivers"] for numbers in state.numbers],
            # VP typed for a player with no Bridge went unquestioned (a play-test)
            "bridges": [len(built) for built in state.bridges],
            # and 4 lands typed for a player with no Tent on one (a play-test)
            "frontier": list(state.lands),
        }

    # -- the calendar --------------------------------------------------------------------

    def pools(self, state: ColomaState, spaces: list[int]) -> Entry:
        if len(spaces) != 3:
            raise RuleError("Type the spaces of the three pools, top to bottom: pools 4 6 8.")
        too_many = [size for size in spaces if size > MOST_SPACES]
        if too_many:  # (refused with the usage alone, 999 unnamed: a play-test)
            raise RuleError(
                f"A pool has at most {MOST_SPACES} spaces, not {too_many[0]}: pools 4 6 8."
            )
        top, middle, bottom = spaces
        text = (
            f"The Gold Supply for {len(state.players)} players: {plural(top, 'space')} worth 3 "
            f"Bucks, {middle} worth 2, {bottom} worth 1"
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
                f"({plural(state.tally().gunmen, 'Gunman')} against "
                f"{plural(state.outlaws, 'Outlaw')})",
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
            raise RuleError(self._event_again(state))
        if any(spend.values()) and state.barker != 5:  # (dropped without a word: a play-test)
            raise RuleError(SPEND_AT_5.format(site=state.barker))
        effects = self._event_effects(copy_of(state), state.barker, spend)
        if state.barker == 5 and effects:  # those who spend alike said together (a line
            # each cut the third spender off at 80 columns: a play-test)
            effects = self._spends_said(state, spend)
        empty = sum(EMPTY_SUPPLY in effect for effect in effects) > 1
        if empty:  # said once, at the end (for each player, it cut a long Event's line)
            effects = [effect.replace(EMPTY_SUPPLY, "") for effect in effects]
        said = "; ".join(effects) or "nobody spends"
        if empty:
            said += "; the Gold Supply is empty"
        return self._entry(
            state,
            "event",
            f"Event, Site {state.barker}: {said}",
            site=state.barker,
            spend=[spend.get(seat, 0) for seat in range(len(state.players))],
        )

    @staticmethod
    def _event_again(state: ColomaState) -> str:
        """The Event typed again: how to type it again (a player's spend typed after
        another's was refused with no way out said, where Mule Duel's Sites say ctrl+z)."""
        said = f"The Event of Site {state.barker} has already happened this Round"
        if state.barker == 5:  # (`event bo` then `event cy 1`: a play-test)
            said += " (it is typed once, for every player who spends: event NAME 1 NAME 2 ...)"
        return said + ": ctrl+z takes it back to type it again."

    def _spends_said(self, state: ColomaState, spend: dict[int, int]) -> list[str]:
        """Site 5's spends, those of one count together, from the Sheriff clockwise:
        "Ann and Bo spend 1 Gold Nugget for 3 VP each; Cy spends 2 Gold Nuggets for 6 VP"."""
        by_count: dict[int, list[str]] = {}
        for seat in state.seats_from_sheriff():
            if spend.get(seat, 0):
                by_count.setdefault(spend[seat], []).append(state.name(seat))
        said = []
        for count, names in by_count.items():
            verb, each = ("spends", "") if len(names) == 1 else ("spend", " each")
            said.append(
                f"{and_listed(names)} {verb} {plural(count, 'Gold Nugget')} for "
                f"{3 * count} VP{each}"
            )
        return said

    def could_spend_at_five(
        self, state: ColomaState, spend: dict[int, int], mules: list[int] | None = None
    ) -> list[int]:
        """Who gets Site 5's Event with no Gold Nugget typed to spend, holding one: all, by
        the Barker; in Mule Duel (`mules`: each player's Mule's Site), those whose Mule eats
        its Carrot there. The table is told so (the Carrot went unsaid: a play-test)."""
        if mules is None:
            getting = range(len(state.players)) if state.barker == 5 and not spend else []
        else:
            getting = [
                seat
                for seat, site in enumerate(mules)
                if state.mule_duel and site == 5 and 5 in state.carrots[seat] and seat not in spend
            ]
        return [seat for seat in getting if state.numbers[seat]["gold"] > 0]

    def may_spend_two(self, state: ColomaState, seats: list[int]) -> list[int]:
        """Those of `seats` who may spend 2 Gold Nuggets on Site 5's Event: a Tent on it,
        and 2 to spend."""
        return [
            seat for seat in seats if 5 in state.events[seat] and state.numbers[seat]["gold"] > 1
        ]

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
        if spend > times:  # ("(2 only with a Tent)" to a Tent's owner read wrong: a play-test)
            why = "a Tent on it" if twice else "2 only with a Tent on it"
            raise RuleError(
                f"{name} may spend at most {plural(times, 'Gold Nugget')} on this Event ({why})."
            )
        self._spend_gold(state, seat, spend)
        numbers["track"] += 3 * spend
        return f"{name} spends {spend} Gold Nugget{'s' if spend != 1 else ''} for {3 * spend} VP"

    def clean_up(self, state: ColomaState, outlaws: int) -> Entry:
        if state.phase != "cleanup":
            raise RuleError("Clean Up comes after the Shootout.")
        year = state.year + 1
        refill = ""
        if state.supply is not None and state.supply.cart:
            refilled = state.supply.refill()
            moved = state.supply.cart - refilled.cart
            refill = f"; the Mine Cart refills {moved} Gold Nugget{'s' if moved != 1 else ''}"
            if refilled.cart:  # (the players' starting Nuggets came from outside the pools)
                stay = "stays" if refilled.cart == 1 else "stay"
                refill += f" ({refilled.cart} {stay} in the Mine Cart: the pools are full)"
        extras = ""
        if any(state.sleepers):
            extras += "; the Dudes on Hotels go to the General Supply"
        if state.mule_duel:
            extras += "; every Carrot goes back on its Event space"
        return self._entry(
            state,
            "clean_up",
            f"Clean Up: Gunmen and Outlaws leave the Shootout{refill}{extras}; {year} starts "
            f"with {plural(outlaws, 'Outlaw')}, the Barker covers Site 1",
            outlaws=outlaws,
        )

    # -- players ---------------------------------------------------------------------------

    def gold(self, state: ColomaState, seat: int, delta: int) -> Entry:
        """Gain Nuggets from the supply (top pool first), or spend them into the Mine Cart."""
        name = state.name(seat)
        before = state.numbers[seat]["gold"]  # said as every tracker says it: (2 → 3)
        if delta > 0:
            probe = copy_of(state)
            said = self._take_gold(probe, seat, delta)
            after = probe.numbers[seat]["gold"]
            if after != before:  # after the Nuggets, before any Bucks paid instead
                nuggets, _, instead = said.partition(", ")
                said = f"{nuggets} ({before} → {after})" + (f", {instead}" if instead else "")
            text = f"{name} {said}"
        elif delta < 0:
            text = (
                f"{name} spends {-delta} Gold Nugget{'s' if delta != -1 else ''} "
                f"({before} → {before + delta}) to the Mine Cart"
            )
        else:
            raise RuleError("Type how many Gold Nuggets: +2 gains, -1 spends.")
        return self._entry(state, "gold", text, player=seat, delta=delta)

    def pay(self, state: ColomaState, seat: int, cost: int) -> Entry:
        """Pay a cost in Bucks with Gold Nuggets at the current value, without change."""
        if cost <= 0:  # (`pay 0` said "Gold Nuggets move in whole numbers": a play-test)
            raise RuleError(f"Type the cost in Bucks, 1 or more (not {cost}): pay 4.")
        nuggets, over = pay_with_gold(cost, value_of(state))
        have = state.numbers[seat]["gold"]
        if nuggets > have:
            raise RuleError(
                f"{plural(cost, 'Buck')} {'takes' if cost == 1 else 'take'} "
                f"{plural(nuggets, 'Gold Nugget')} at "
                f"{value_of(state)} each; "
                f"{state.name(seat)} has {have}."
            )
        change = f", {over} overpaid: no change is given" if over else ""
        text = (
            f"{state.name(seat)} pays {plural(cost, 'Buck')} with "
            f"{plural(nuggets, 'Gold Nugget')} at {value_of(state)} each{change}"
        )
        return self._entry(state, "gold", text, player=seat, delta=-nuggets)

    def pitch(self, state: ColomaState, seat: int, where: int | None) -> Entry:
        """Pitch a Tent from the Lodge on an Event (its Site) or, with None, a Frontier Land."""
        if where is None and state.lands[seat] >= FRONTIER_LANDS:  # (a sixth was taken: a
            # play-test; one Tent a land, and the map has five: refused here, not on replay)
            raise RuleError(
                f"{state.name(seat)} has a Tent on every Frontier Land already: the map has "
                f"{FRONTIER_LANDS}, one Tent each."
            )
        place = f"on Event {where}" if where else "on a Frontier Land"
        return self._entry(
            state, "pitch", f"{state.name(seat)} pitches a Tent {place}", player=seat, site=where
        )

    def bridge(self, state: ColomaState, seat: int, kind: str) -> Entry:
        refuse_unsafe_text(kind, "A bridge type")
        kind = " ".join(kind.split())
        # one spelling a type, the first one built's ("rope", then "Rope": both Rope)
        spelt = [k for kinds in state.bridges for k in kinds if k.lower() == kind.lower()]
        kind = spelt[0] if spelt else kind[:1].upper() + kind[1:]
        types = sorted({k for kinds in state.bridges for k in kinds})
        if not spelt and len(types) >= BRIDGE_TYPES:  # (eight types were taken: a play-test)
            raise RuleError(
                f"A game has {BRIDGE_TYPES} Bridge types ({', '.join(types)}): {kind} would "
                "be a seventh. Type one of them."
            )
        if 0 <= seat < len(state.bridges):  # the player's own rule first: with that type's
            # tiles gone, the tiles were given as the reason (a play-test)
            _refuse_a_second(state, seat, kind)
        stack = BRIDGES_OF_A_TYPE.get(len(state.players), 3)
        if len(spelt) >= stack:  # (every one of that type built so far)
            raise RuleError(
                f"Every {kind} Bridge is built: {stack} of each type with {len(state.players)} "
                "players (first come, first served)."
            )
        return self._entry(
            state, "bridge", f"{state.name(seat)} builds a Bridge: {kind}", player=seat, bridge=kind
        )

    def close_bridge_type(self, state: ColomaState, kind: str) -> str:
        """ " Did you mean Rope?" when `kind` is built by nobody yet and close to a type
        built (it would be a seventh type, counted on its own: a play-test), else ""."""
        built = {k for kinds in state.bridges for k in kinds}
        if kind in built:
            return ""
        from companion.spelling import did_you_mean

        return did_you_mean(kind, built)

    def refuse_mules_again(self, state: ColomaState) -> None:
        """Mule Duel: the Sites typed a second time in a Round are refused (the Mules ate and
        paid twice: a play-test; without Mules a second `sites` only says the Bust again);
        said first, before anything typed after them is read."""
        if state.mule_duel and state.bust_sites is not None and state.phase == "rounds":
            raise RuleError(
                f"The Sites of Round {state.round} are in, and the Mules have eaten: ctrl+z "
                "takes them back to type them again."
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
        self.refuse_mules_again(state)
        if len(chosen) != count:
            raise RuleError(f"Type one Site for each of the {count} players.")
        wanted = 2 if state.mule_duel else 1 if count == 2 else 0
        if len(extra) != wanted:
            who = (
                "the two Mules' Sites (Mule Duel: no Buster)"
                if state.mule_duel
                else "the Buster's Site (it counts as a Pioneer in the Bust)"
                if count == 2
                else "no other Site (only the 2-player game has a Buster, and Mule Duel, "
                "a 2-player variant, its Mules)"
            )
            # the Sites typed for the players: "sites 3 1" read as two Sites for three
            # players, and following it was refused (a play-test)
            example = "sites " + " ".join(map(str, chosen))
            example += " + 2 5" if state.mule_duel else " + 4" if wanted else ""
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

    # -- replay ----------------------------------------------------------------------------

    def _apply_pools(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        spaces = entry.get("spaces")
        if state.supply is not None:
            raise RuleError("The Gold Supply is already counted (undo to count it again).")
        if (
            not isinstance(spaces, list)
            or len(spaces) != 3
            or not all(isinstance(s, int) and 0 <= s <= MOST_SPACES for s in spaces)
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
        state.bust_sites = None
        state.filled = []

    def _apply_shootout_phase(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "rounds" or state.round != ROUNDS:
            raise RuleError("The Shootout comes after Round 5.")
        state.phase = "shootout"
        state.bust_sites = None

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
            instead = f"+{bucks} Buck{'s' if bucks != 1 else ''} instead{EMPTY_SUPPLY}"
            said = f"{said}, {instead}" if said else instead
        return said

    def _spend_gold(self, state: ColomaState, seat: int, count: int) -> None:
        have = state.numbers[seat]["gold"]
        if count > have:
            raise RuleError(f"{state.name(seat)} has {plural(have, 'Gold Nugget')}, not {count}.")
        state.numbers[seat]["gold"] -= count
        if state.supply is not None:
            state.supply = state.supply.spend(count)

    def _apply_pitch(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, site = self._seat(state, entry.get("player")), entry.get("site")
        if site is not None and site not in range(1, 6):  # said first (a Site 6 was told
            # only that no Tent was left: a play-test)
            raise RuleError("Events are at Sites 1 to 5.")
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
        _refuse_a_second(state, seat, kind)
        if len(built) >= MOST_BRIDGES:
            raise RuleError(f"A player has at most {MOST_BRIDGES} Bridges.")
        if len(built) >= state.numbers[seat]["rivers"]:
            raise RuleError("A Bridge needs a River tile without a Bridge on it.")
        built.append(kind)

    def _apply_sites(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        chosen, extra = entry.get("sites"), entry.get("extra") or []
        if not isinstance(chosen, list) or len(chosen) != len(state.players):
            raise RuleError(f"Type one Site for each of the {len(state.players)} players.")
        if state.phase != "rounds":
            raise RuleError("Sites are chosen in the Rounds.")
        bust_sentence(state, chosen, extra)  # a Site that is not one is refused here
        state.bust_sites = (list(chosen), list(extra))
        if state.mule_duel:
            if not isinstance(extra, list) or len(extra) != 2:
                raise RuleError("Mule Duel: type both Mules' Sites after the +.")
            spent = entry.get("spend") or [0, 0]
            if not isinstance(spent, list) or not all(isinstance(n, int) for n in spent):
                raise RuleError("What each player spends is a count from 0.")
            self._mules_eat(state, extra, dict(enumerate(spent)))

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
            return self._adjusted(state, seat, spec.key, amount, "")
        rule = {
            "horses": "6 Horses at most (Horse Limit)",
            "tents": "8 Tents in all",
            "rivers": "4 Rivers at most",
        }[spec.key]
        ignored = f"; {self.count_of(spec.key, wanted - most)} ignored: {rule}"
        return self._adjusted(state, seat, spec.key, Amount(most, relative=False), ignored)

    def limit_note(self, entry: Entry) -> str:
        """What a limit left out of an adjustment or of Dudes put on Hotels, as its sentence
        says it last ("1 Horse ignored: 6 Horses at most (Horse Limit)"); "" when nothing
        was. (The last part: a Site's note before it may hold "; ".)"""
        _, _, ignored = entry.text.rpartition("; ")
        return ignored if entry.kind in ("adjust", "sleep") and " ignored: " in ignored else ""

    def count_of(self, key: str, count: int) -> str:
        """A tracked number said with its unit: "1 Buck", "2 Bucks", "1 VP"."""
        unit = self.number_spec(key).unit
        return plural(count, unit if unit == "VP" else unit.removesuffix("s"), unit)

    def _adjusted(
        self, state: ColomaState, seat: int, key: str, amount: Amount, ignored: str
    ) -> Entry:
        """The base's adjustment, said with the right singular or plural."""
        before = state.numbers[seat][key]
        after = amount.applied_to(before)
        delta = after - before
        if delta == 0:
            raise RuleError(f"{state.name(seat)} already has {self.count_of(key, before)}.")
        sign = "+" if delta > 0 else "-"
        text = (
            f"{state.name(seat)} {sign}{self.count_of(key, abs(delta))} ({before} → {after})"
            f"{ignored}"
        )
        entry = make_entry("adjust", text, player=seat, number=key, delta=delta)
        self.apply(copy_of(state), entry)
        return entry

    def _set_number(self, state: TableState, seat: int, key: Any, value: int) -> None:
        """The trackers' limits, with the rule that forbids going past them."""
        assert isinstance(state, ColomaState)
        if key == "horses" and value > MOST_HORSES:
            raise RuleError(
                f"{state.name(seat)} cannot have {value} Horses: 6 Horses at most (Horse Limit)."
            )
        if key == "tents":
            elsewhere = state.tents_in_all(seat) - state.numbers[seat]["tents"]
            if value + elsewhere > ALL_TENTS:
                raise RuleError(
                    f"{state.name(seat)} cannot have {value + elsewhere} Tents: 8 Tents in all "
                    f"({elsewhere} already pitched)."
                )
        if key == "rivers":
            if value > MOST_RIVERS:
                raise RuleError(f"{state.name(seat)} cannot have {value} Rivers: 4 Rivers at most.")
            if value < len(state.bridges[seat]):
                raise RuleError(f"{state.name(seat)}'s Bridges stand on their Rivers.")
        super()._set_number(state, seat, key, value)


def _refuse_a_second(state: ColomaState, seat: int, kind: str) -> None:
    """Rules 004: "A player cannot have two Bridges of the same type!" (said first)."""
    if kind.lower() in (k.lower() for k in state.bridges[seat]):
        article = "an" if kind[:1].lower() in "aeiou" else "a"  # (an Arch: a play-test)
        raise RuleError(
            f"{state.name(seat)} already has {article} {kind} Bridge: no two of one type."
        )
