"""Boomtown Builders: the Track Token calculator and the investment cube rules.

Pure functions the Boomtown Builders screen will stand on (issue: Boomtown Builders screen).
Columns are counted from the left, 1 to the row's width, as a player reads the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.amounts import plural
from companion.games.base import RuleError
from companion.safe_text import quoted

CUBE_NAMES = {1: "Single", 2: "Double", 3: "Triple"}
SUPPLY = {3: 3, 2: 4, 1: 7}  # what each player starts with


@dataclass(frozen=True)
class Placement:
    """Where a building goes on the track, and the sentence that says so."""

    column: int
    sentence: str


def mountain_problem(mountains: Mapping[int, str], width: int) -> str | None:
    """Why these Mountains cannot lie in a row of `width` locations, or None.

    Each is in the row, its arrow points left or right, and following the arrows from any
    of them ends on a location that is not a Mountain, on the board: an arrow pointing off
    the edge, or two Mountains whose arrows send a token back and forth, could never take a
    Track Token anywhere."""
    for column, arrow in sorted(mountains.items()):
        if not 1 <= column <= width:
            return f"A Mountain at column {column} is not in a row of {plural(width, 'location')}."
        if arrow not in ("left", "right"):
            return f"A Mountain's arrow points left or right, not {quoted(arrow)}."
    for start in mountains:
        column, seen, previous = start, set(), start
        while column in mountains:
            if column in seen:
                # the two that send a token back and forth: this one and the one before
                return (
                    f"The Mountains at columns {min(column, previous)} and "
                    f"{max(column, previous)} point at each other: a Track Token could never "
                    "be placed past them."
                )
            seen.add(column)
            previous = column
            moved = column + (-1 if mountains[column] == "left" else 1)
            if not 1 <= moved <= width:
                return f"The Mountain at column {column} points off the edge of the board."
            column = moved
    return None


def place_token(
    previous: int,
    width: int,
    left: int,
    right: int,
    pluses: int = 0,
    mountains: Mapping[int, str] | None = None,
    first: bool = False,
) -> Placement:
    """Where the Train Marker's row gets its Track Token, and why (`first`: row 1's, from
    the Train Marker's start, there being no previous token to say: a play-test).

    `previous`: the column of the previous Track Token (straight ahead of it on a tie);
    `left`/`right`: the votes (board, cards, revealed Hideouts); `pluses`: + icons on the
    buildings of the winning side; `mountains`: column -> "left"/"right", the arrow of a
    Mountain in this row (a token is never placed on one: it passes over it that way).
    On a row narrower than the previous token's column, "straight ahead" is the row's last
    location, the one nearest to straight ahead (our reading).
    """
    if width < 1:
        raise RuleError("A row has at least one location.")
    if previous < 1:
        raise RuleError(f"The previous token's column is 1 or more, not {previous}.")
    if min(left, right, pluses) < 0:
        raise RuleError("Votes and + icons are counted from 0.")
    mountains = dict(mountains or {})
    problem = mountain_problem(mountains, width)
    if problem:
        raise RuleError(problem)
    ahead, narrower = min(previous, width), ""
    if ahead != previous:
        narrower = (
            f" (this row has {plural(width, 'location')}: column {width} is the nearest to "
            f"straight ahead of column {previous})"
        )
    votes = f"{left} Left vote{'s' if left != 1 else ''} against {right} Right"
    if left == right:
        of = "the Train Marker's start" if first else "the previous token"
        column, why = ahead, f"{votes}: a tie, so straight ahead of {of}{narrower}"
    else:
        direction = -1 if left > right else 1
        side = "Left" if left > right else "Right"
        steps = 1 + pluses
        plus = f" + {pluses} for the + icon{'s' if pluses != 1 else ''}" if pluses else ""
        target = ahead + direction * steps
        column = min(max(target, 1), width)
        why = f"{votes}: {side} wins, 1 step{plus} {side.lower()}{narrower}"
        if column != target:
            edge = "left" if target < 1 else "right"
            why += f", stopped at the {edge} edge"
    while column in mountains:
        arrow = mountains[column]
        why += f"; column {column} is a Mountain, its arrow points {arrow}"
        column += -1 if arrow == "left" else 1
    return Placement(column, f"{why}: column {column}.")


def cubes_allowed(rows_ahead: int) -> tuple[int, ...]:
    """The cube sizes for a building this many rows ahead of the furthest Track Token."""
    if rows_ahead <= 0:
        return ()
    return {1: (1,), 2: (1, 2)}.get(rows_ahead, (1, 2, 3))


def check_cube(rows_ahead: int, cube: int, left: Mapping[int, int], who: str = "") -> None:
    """Refuse a cube the rules do not allow there, or that the player (`who`) has no more
    of."""
    if cube not in CUBE_NAMES:
        raise RuleError("A cube is a Single (1), a Double (2) or a Triple (3).")
    allowed = cubes_allowed(rows_ahead)
    name = CUBE_NAMES[cube]
    if not allowed:
        raise RuleError("A building goes in a row ahead of the furthest Track Token.")
    if cube not in allowed:
        sizes = " or ".join(CUBE_NAMES[size] for size in reversed(allowed))
        rows = f"{rows_ahead} row{'s' if rows_ahead != 1 else ''}"
        raise RuleError(f"{rows} ahead of the furthest Track Token takes a {sizes}, not a {name}.")
    if left.get(cube, 0) <= 0:
        if who:
            raise RuleError(f"{who} has no {name} cubes left (each player has {SUPPLY[cube]}).")
        raise RuleError(f"No {name} cubes left (each player has {SUPPLY[cube]}).")
