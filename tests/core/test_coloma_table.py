"""Coloma: the Bust with its Signpost, turn order, and shootout tiers with ties."""

from __future__ import annotations

import pytest

from companion.games import RuleError
from companion.games.coloma.tally import NON_PLAYER, bust, shootout, turn_order


def test_the_site_with_most_pioneers_busts_and_a_tie_is_the_signpost() -> None:
    assert bust([1, 3, 3, 5]) == 3
    assert bust([1, 1, 3, 3]) is None  # two Sites tie for most: the Signpost
    assert bust([2]) == 2
    assert bust([4, 4, 2, 2, 2]) == 2  # in the 2-player game the Buster counts as a Pioneer
    with pytest.raises(RuleError, match="1 to 5"):
        bust([6])


def test_turn_order_from_site_1_and_from_the_sheriff_on_a_shared_site() -> None:
    assert turn_order({0: 3, 1: 1, 2: 3, 3: 2}, sheriff=2, players=4) == [1, 3, 2, 0]
    assert turn_order({0: 3, 1: 3, 2: 3}, sheriff=1, players=3) == [1, 2, 0]


def test_tiers_most_then_second_then_the_rest_with_one() -> None:
    result = shootout({0: [2, 1, 0], 1: [0, 2, 0], 2: [1, 0, 0], 3: [0, 0, 0]}, outlaws=5)
    assert result.won and result.gunmen == 6
    assert result.tiers == {0: 1, 1: 2, 2: 3} and result.badge == 0 and result.bury == [3]
    lost = shootout({0: [1, 0, 0], 1: [1, 0, 0]}, outlaws=2)
    assert not lost.won  # Gunmen must outnumber the Outlaws


def test_ties_go_to_gunmen_nearer_the_outlaws_and_identical_ones_share() -> None:
    result = shootout({0: [0, 0, 2], 1: [1, 0, 1], 2: [0, 2, 0]}, outlaws=1)
    assert result.tiers == {1: 1, 2: 2, 0: 3} and result.badge == 1
    shared = shootout({0: [1, 1, 0], 1: [1, 1, 0], 2: [0, 1, 0]}, outlaws=0)
    assert shared.tiers == {0: 1, 1: 1, 2: 2} and shared.badge is None  # the Sheriff keeps it


def test_the_two_player_non_player_gunmen_take_a_tier_but_never_the_badge() -> None:
    result = shootout({0: [1, 0, 0], 1: [0, 0, 0]}, outlaws=3, two_players=True)
    assert result.gunmen == 4 and result.won
    assert result.tiers == {NON_PLAYER: 1, 0: 2} and result.badge is None and result.bury == [1]


def test_rows_beyond_the_third_compare_like_empty_ones() -> None:
    """A player's tally may list more rows than the non-player Gunmen's three."""
    result = shootout({0: [0, 0, 0, 3], 1: [0, 0, 0, 0, 0]}, outlaws=9, two_players=True)
    assert result.tiers == {NON_PLAYER: 1, 0: 2}  # row 3 is nearer than row 4
    same = shootout({0: [0, 0, 3, 0, 0]}, outlaws=9, two_players=True)
    assert same.tiers == {0: 1, NON_PLAYER: 1}  # the same Gunmen in the same rows: shared


def test_the_sheet_takes_two_hotels_per_player_in_all() -> None:
    """9 Hotels went in with 8 in the box (2 per player, 4 players): a play-test."""
    from companion.games.coloma.sheet import SHEET
    from companion.scoring import SheetError, read_sheet
    from tests.core.test_scoring import coloma

    players = [
        coloma(name, track=10, hotels=hotels)
        for name, hotels in (("Ann", 9), ("Bo", 0), ("Cy", 0), ("Di", 0))
    ]
    with pytest.raises(SheetError, match=r"2 Hotel Buildings per player \(8 with 4 .*not 9"):
        read_sheet({"game": "coloma", "players": players}, {"coloma": SHEET})
    players[0]["hotels"] = 8
    read_sheet({"game": "coloma", "players": players}, {"coloma": SHEET})


def test_every_coloma_module_is_explained_in_f1() -> None:
    """The Pioneer Specialties option could be ticked, and nothing said what the app did
    with it (a play-test)."""
    from companion.games.coloma.readings import READINGS
    from companion.games.coloma.rules import ColomaRules

    for option in ColomaRules.options:
        assert option.label.split(" (")[0] in READINGS, option.key


def test_the_wizard_refuses_a_sixth_frontier_land() -> None:
    """A sixth Frontier Land was taken in the wizard, asking its VP (a play-test)."""
    from companion.games import SHEETS
    from companion.scoring import SheetError, parse_answer

    frontier = next(f for f in SHEETS["coloma"].fields if f.key == "frontier")
    assert parse_answer(frontier, "5") == 5
    with pytest.raises(SheetError, match=r"At most 5 \(the map has 5 Frontier Lands\), not 6"):
        parse_answer(frontier, "6")
