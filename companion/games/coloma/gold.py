"""Coloma's Gold Supply and the value of gold (toward the Coloma screen).

Three pools worth 3, 2 and 1 Bucks, top to bottom, each with as many spaces as the board
prints for the player count (asked from the user). Nuggets are taken from the topmost pool
first; every Nugget in play is worth the value of the lowest pool with an empty space (3
while only the top pool has empties, and while the supply is full). Spent Nuggets go to the
Mine Cart, which refills the supply at the end of each Year, bottom-most empty spaces first.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import RuleError

VALUES = (3, 2, 1)  # top to bottom


@dataclass(frozen=True)
class GoldSupply:
    """The Gold Nuggets left on the mine's three pools, and the Mine Cart's."""

    spaces: tuple[int, int, int]  # per pool, top to bottom
    nuggets: tuple[int, int, int]
    cart: int = 0  # spent Nuggets waiting in the Mine Cart

    @classmethod
    def full(cls, spaces: tuple[int, int, int]) -> GoldSupply:
        if len(spaces) != 3 or any(size < 0 for size in spaces):
            raise RuleError("The Gold Supply has three pools, each with 0 or more spaces.")
        return cls(tuple(spaces), tuple(spaces))  # type: ignore[arg-type]

    @property
    def value(self) -> int:
        """What every Nugget in play is worth now, in Bucks."""
        for index in (2, 1, 0):  # from the bottom up: the lowest pool with an empty space
            if self.nuggets[index] < self.spaces[index]:
                return VALUES[index]
        return VALUES[0]

    @property
    def left(self) -> int:
        return sum(self.nuggets)

    def take(self, count: int) -> tuple[GoldSupply, int, int]:
        """A player gains `count` Nuggets: (new supply, Nuggets taken, Bucks instead).

        The topmost pool empties first; with the supply empty, each Nugget owed is 1 Buck."""
        if count < 0:
            raise RuleError("Nuggets are taken in whole numbers from 0 up.")
        pools = list(self.nuggets)
        wanted = count
        for index in range(3):
            taken = min(pools[index], wanted)
            pools[index] -= taken
            wanted -= taken
        supply = GoldSupply(self.spaces, tuple(pools), self.cart)  # type: ignore[arg-type]
        return supply, count - wanted, wanted

    def spend(self, count: int) -> GoldSupply:
        """Spent Nuggets go to the Mine Cart, not back to the supply."""
        if count < 0:
            raise RuleError("Nuggets are spent in whole numbers from 0 up.")
        return GoldSupply(self.spaces, self.nuggets, self.cart + count)

    def refill(self) -> GoldSupply:
        """End of a Year: the Mine Cart fills the supply's bottom-most empty spaces first."""
        pools, cart = list(self.nuggets), self.cart
        for index in (2, 1, 0):
            moved = min(cart, self.spaces[index] - pools[index])
            pools[index] += moved
            cart -= moved
        return GoldSupply(self.spaces, tuple(pools), cart)  # type: ignore[arg-type]


def pay_with_gold(cost: int, value: int) -> tuple[int, int]:
    """How many Nuggets a cost in Bucks takes at this value, and what is overpaid (no change)."""
    if cost < 0 or value < 1:
        raise RuleError("A cost is 0 Bucks or more; a Nugget is worth at least 1.")
    nuggets = -(-cost // value)
    return nuggets, nuggets * value - cost
