"""Coloma's state: the calendar, the Gold Supply, the trackers, the Shootout and the modules'
pieces (Carrots, Hotels), with the numbers the rulebook gives."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import TableState, copy_state
from companion.games.coloma.gold import GoldSupply
from companion.games.coloma.tally import Shootout, bust, shootout, turn_order

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


@dataclass
class ColomaState(TableState):
    """A Coloma table: the year, round and phase, the Sheriff, the gold, the board's rows."""

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
    #: this Round's Sites as typed (each player's, then the Buster's or Mules'), or None
    bust_sites: tuple[list[int], list[int]] | None = None
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
    def bust_line(self) -> str:
        """This Round's Bust and order of turns, said from the Sites typed with the names as
        they are now: a name corrected with ctrl+o showed the old one all Round (a
        play-test)."""
        if self.bust_sites is None:
            return ""
        return bust_sentence(self, *self.bust_sites)

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


def bust_sentence(state: ColomaState, chosen: list[int], extra: list[int]) -> str:
    """Which Site busts (the Buster or Mules in `extra` count) and the order of turns."""
    where = bust([*chosen, *extra])
    order = turn_order(dict(enumerate(chosen)), state.sheriff, len(state.players))
    busts = f"Site {where} busts" if where else "no Site has most: the Signpost busts"
    if where and where == state.barker:  # its Pioneers are at the Barker, whose Boom is off
        busts = f"the Barker (over Site {where}) busts"
    return f"{busts}; turns: {', '.join(state.name(seat) for seat in order)}"


def value_of(state: ColomaState) -> int:
    """What a Gold Nugget is worth now (3 until the pools are counted: they start full)."""
    return state.supply.value if state.supply is not None else 3


def copy_of(state: ColomaState) -> ColomaState:
    copied = copy_state(state)
    assert isinstance(copied, ColomaState)
    return copied
