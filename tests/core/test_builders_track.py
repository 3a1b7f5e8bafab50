"""Boomtown Builders: where a Track Token goes, for every rule, and which cubes fit."""

from __future__ import annotations

import pytest

from companion.games import RuleError
from companion.games.builders_track import (
    SUPPLY,
    check_cube,
    cubes_allowed,
    mountain_problem,
    place_token,
)


@pytest.mark.parametrize(
    ("previous", "width", "left", "right", "pluses", "column", "words"),
    [
        (3, 5, 0, 3, 0, 4, "Right wins, 1 step right"),  # the rulebook's first example
        (3, 5, 3, 3, 0, 3, "a tie, so straight ahead"),
        (3, 5, 2, 0, 1, 1, "Left wins, 1 step + 1 for the + icon left"),
        (1, 5, 3, 1, 0, 1, "stopped at the left edge"),  # already on the edge: straight ahead
        (4, 5, 0, 2, 3, 5, "stopped at the right edge"),
        (2, 5, 0, 1, 2, 5, "1 step + 2 for the + icons right"),
        (1, 1, 0, 4, 0, 1, "stopped at the right edge"),
    ],
)
def test_token_placement(
    previous: int, width: int, left: int, right: int, pluses: int, column: int, words: str
) -> None:
    placement = place_token(previous, width, left, right, pluses)
    assert placement.column == column
    assert words in placement.sentence and placement.sentence.endswith(f"column {column}.")


def test_a_mountain_is_passed_over_the_way_its_arrow_points() -> None:
    placement = place_token(3, 5, 0, 1, mountains={4: "right"})
    assert (
        placement.column == 5
        and "column 4 is a Mountain, its arrow points right" in placement.sentence
    )
    with pytest.raises(RuleError, match="columns 1 and 2 point at each other"):
        place_token(3, 5, 1, 0, mountains={2: "left", 1: "right"})  # 2 -> 1 -> 2
    with pytest.raises(RuleError, match="column 5 points off the edge of the board"):
        place_token(4, 5, 0, 2, mountains={5: "right"})


@pytest.mark.parametrize(
    ("mountains", "words"),
    [
        ({9: "right"}, "A Mountain at column 9 is not in a row of 5 locations"),
        ({5: "right"}, "column 5 points off the edge"),
        ({1: "left"}, "column 1 points off the edge"),
        ({4: "right", 5: "right"}, "column 5 points off the edge"),  # 4 -> 5 -> off
        ({3: "right", 4: "left"}, "columns 3 and 4 point at each other"),
        # 2 sends the token on to 3: the pair facing each other is 3 and 4 (it said 2 and 4)
        ({2: "right", 3: "right", 4: "left"}, "columns 3 and 4 point at each other"),
    ],
)
def test_mountains_that_could_never_take_a_token_are_refused(
    mountains: dict[int, str], words: str
) -> None:
    """Issue #13: the calculator took `9>` on a 5-wide row and `5>` pointing off the edge."""
    assert mountain_problem(mountains, 5) is not None
    assert words in (mountain_problem(mountains, 5) or "")
    with pytest.raises(RuleError, match=words):
        place_token(2, 5, 1, 1, mountains=mountains)


def test_straight_ahead_on_a_narrower_row_is_its_last_location() -> None:
    """Issue #13: a token in column 6 stalled a 5-wide row ("column is 1 to 5, not 6")."""
    tie = place_token(6, 5, 1, 1)
    assert tie.column == 5 and "column 5 is the nearest to straight ahead of column 6" in (
        tie.sentence
    )
    assert place_token(6, 5, 2, 0).column == 4  # one step left of the nearest location
    assert place_token(6, 5, 0, 2).column == 5  # stopped at the right edge


def test_lakes_goldmines_and_hideouts_take_a_token() -> None:
    # they are not Mountains: a token may stand on them, so nothing moves it on
    assert place_token(2, 4, 0, 1).column == 3


def test_bad_calculator_input() -> None:
    with pytest.raises(RuleError, match="column is 1 or more"):
        place_token(0, 5, 0, 1)
    with pytest.raises(RuleError, match="counted from 0"):
        place_token(2, 5, -1, 1)


def test_cube_sizes_by_rows_ahead() -> None:
    assert cubes_allowed(1) == (1,) and cubes_allowed(2) == (1, 2)
    assert cubes_allowed(3) == cubes_allowed(7) == (1, 2, 3) and cubes_allowed(0) == ()
    check_cube(3, 3, SUPPLY)
    with pytest.raises(
        RuleError, match="1 row ahead of the furthest Track Token takes a Single, not a Double"
    ):
        check_cube(1, 2, SUPPLY)
    with pytest.raises(RuleError, match=r"2 rows ahead .* takes a Double or Single, not a Triple"):
        check_cube(2, 3, SUPPLY)
    with pytest.raises(RuleError, match="No Triple cubes left \\(each player has 3\\)"):
        check_cube(4, 3, {3: 0, 2: 4, 1: 7})
    with pytest.raises(RuleError, match=r"^Bo has no Triple cubes left \(each player has 3\)"):
        check_cube(4, 3, {3: 0, 2: 4, 1: 7}, "Bo")
    with pytest.raises(RuleError, match="ahead of the furthest Track Token"):
        check_cube(0, 1, SUPPLY)
