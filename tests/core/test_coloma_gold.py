"""Coloma's gold: the value for every fill state of small pools, take and refill order."""

from __future__ import annotations

import itertools

import pytest

from companion.games import RuleError
from companion.games.coloma.gold import GoldSupply, pay_with_gold


def reference_value(spaces: tuple[int, int, int], nuggets: tuple[int, int, int]) -> int:
    """The rule as written: the value of the lowest pool that has any empty space."""
    empties = [
        value for value, size, held in zip((3, 2, 1), spaces, nuggets, strict=True) if held < size
    ]
    return empties[-1] if empties else 3


@pytest.mark.parametrize("spaces", [(1, 1, 1), (2, 2, 2), (1, 2, 3), (3, 2, 0)])
def test_the_value_for_every_fill_state(spaces: tuple[int, int, int]) -> None:
    for nuggets in itertools.product(*(range(size + 1) for size in spaces)):
        supply = GoldSupply(spaces, nuggets)  # type: ignore[arg-type]
        assert supply.value == reference_value(spaces, nuggets), nuggets


def test_the_rulebook_examples() -> None:
    assert GoldSupply((2, 2, 2), (2, 1, 2)).value == 2  # one missing from the second pool
    assert GoldSupply((2, 2, 2), (0, 2, 2)).value == 3  # second full, top empty: still 3
    assert GoldSupply((2, 2, 2), (0, 0, 1)).value == 1
    assert GoldSupply.full((2, 2, 2)).value == 3


def test_taking_empties_the_topmost_pool_first_then_bucks() -> None:
    supply = GoldSupply.full((2, 2, 2))
    supply, taken, bucks = supply.take(3)
    assert supply.nuggets == (0, 1, 2) and (taken, bucks) == (3, 0) and supply.value == 2
    supply, taken, bucks = supply.take(5)
    assert supply.nuggets == (0, 0, 0) and (taken, bucks) == (3, 2) and supply.value == 1


def test_spent_gold_waits_in_the_cart_and_refills_bottom_first() -> None:
    supply, _, _ = GoldSupply.full((2, 2, 2)).take(5)  # (0, 0, 1)
    supply = supply.spend(3)
    assert supply.nuggets == (0, 0, 1) and supply.cart == 3
    supply = supply.refill()
    assert supply.nuggets == (0, 2, 2) and supply.cart == 0 and supply.value == 3
    overflow = GoldSupply((1, 1, 1), (1, 1, 0), cart=4).refill()
    assert overflow.nuggets == (1, 1, 1) and overflow.cart == 3


def test_paying_with_gold_gives_no_change() -> None:
    assert pay_with_gold(4, 3) == (2, 2)  # the rulebook's Bridge: 2 Nuggets, 2 Bucks lost
    assert pay_with_gold(6, 3) == (2, 0) and pay_with_gold(0, 2) == (0, 0)
    with pytest.raises(RuleError):
        pay_with_gold(-1, 3)
    with pytest.raises(RuleError):
        GoldSupply.full((2, 2, 2)).take(-1)
