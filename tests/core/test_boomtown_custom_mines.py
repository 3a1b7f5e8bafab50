"""A custom mine of a catalog town and number is that printed card (a play-test counted
the Cactus Junction 2 twice: a custom one of 7 gold, then the catalog's of 6)."""

from __future__ import annotations

import pytest

from companion.games import RuleError
from companion.games.boomtown import (
    MineCard,
    cards_left_text,
    find_mine,
    load_catalog,
    mine_out,
    stand_in,
    unseen_mines,
)
from tests.conftest import NewGame
from tests.core.test_boomtown import Table

CJ2 = MineCard("Cactus Junction", 2, 6)  # the catalog's
CJ2_READ = MineCard("Cactus Junction", 2, 7)  # as a table read its card


def free(table: Table) -> list[MineCard]:
    """The catalog's mines the mine list (ctrl+l) offers."""
    catalog = load_catalog()
    return [card for card in catalog if not mine_out(table.state, card, catalog)]


def test_a_custom_mine_of_a_catalog_town_and_number_takes_that_card(
    new_game: NewGame,
) -> None:
    table = Table(new_game(names=("Ann", "Bo", "Cy"), first=0))
    table.auction(0, 1)
    table.picks(CJ2_READ)  # Ann: the custom mine
    catalog = load_catalog()
    assert CJ2 in catalog and mine_out(table.state, CJ2, catalog)
    assert CJ2 not in free(table)
    # the mine list and "Not taken yet" count the same mines
    assert len(free(table)) == unseen_mines(table.state) == 44
    assert cards_left_text(table.state).startswith("Not taken yet: 44 mines")
    with pytest.raises(RuleError) as refused:  # `cj 2` typed: that card is Ann's already
        find_mine("cj 2", catalog, table.state)
    assert str(refused.value) == "Cactus Junction 2 is already in play (Ann's, 7 gold)."


def test_a_custom_mine_that_collapsed_keeps_its_card_out(new_game: NewGame) -> None:
    table = Table(new_game(names=("Ann", "Bo", "Cy"), first=0))
    table.auction(0, 1)
    table.picks(CJ2_READ, MineCard("Coyote City", 3, 1), MineCard("Dry Gulch", 3, 4))
    catalog = load_catalog()
    table.act(table.rules.correct_text(table.state, "mine:0", "gone", "it collapsed"))
    assert stand_in(table.state, CJ2, catalog) == ("Cactus Junction", 2, 7)
    assert len(free(table)) == unseen_mines(table.state) == 42
    with pytest.raises(RuleError, match=r"^Cactus Junction 2 \(7 gold\) left the game"):
        find_mine("cj 2", catalog, table.state)


def test_the_catalog_card_of_its_own_gold_is_still_taken_first(new_game: NewGame) -> None:
    """With the printed card taken as the catalog has it, the same card is out as before,
    and the others of the deck are still to be had."""
    table = Table(new_game(names=("Ann", "Bo", "Cy"), first=0))
    table.auction(0, 1)
    table.picks(CJ2)
    catalog = load_catalog()
    assert stand_in(table.state, CJ2, catalog) is table.state.mines[0]
    assert len(free(table)) == unseen_mines(table.state) == 44
    assert find_mine("cj 6", catalog, table.state).roll == 6


def test_two_catalog_cards_of_one_town_and_number_take_the_custom_in_order(
    new_game: NewGame,
) -> None:
    """A catalog corrected to hold two cards of one town and number: a mine of one's gold
    takes that one, a custom one the other."""
    table = Table(new_game(names=("Ann", "Bo", "Cy"), first=0))
    table.auction(0, 1)
    first, second = MineCard("Cactus Junction", 3, 2), MineCard("Cactus Junction", 3, 4)
    catalog = [first, second]
    table.picks(MineCard("Cactus Junction", 3, 9))
    assert mine_out(table.state, first, catalog) and not mine_out(table.state, second, catalog)
    table.picks(second)
    assert stand_in(table.state, second, catalog) is table.state.mines[1]
    assert stand_in(table.state, first, catalog) is table.state.mines[0]
