"""Coloma's Shootout chart tiles: what each tier gives, typed as printed, applied by the app.

A tile is printed on the board or a chart tile; the table types what its tiers say, best
tier first, then what players without Gunmen suffer: `6 VP / 3 VP / 1 VP / 2 Graves`. Each
tier is a few terms joined by `+`: a whole number (negative for a penalty) and what it is
(VP, Nuggets, Bucks, Dudes, Horses, Tents, Graves); `-` or `nothing` for an empty tier. A
tile's two sides (players won / players lost) are separated by `|`; with one side typed,
it is the side in play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.games.base import RuleError
from companion.safe_text import quoted

#: typed word -> what a term gives (a tracked number, or "graves")
WORDS = {
    "vp": "track",
    "point": "track",
    "points": "track",
    "nugget": "gold",
    "nuggets": "gold",
    "gold": "gold",
    "buck": "bucks",
    "bucks": "bucks",
    "dude": "dudes",
    "dudes": "dudes",
    "horse": "horses",
    "horses": "horses",
    "tent": "tents",
    "tents": "tents",
    "grave": "graves",
    "graves": "graves",
}
NAMES = {
    "track": ("VP", "VP"),
    "gold": ("Nugget", "Nuggets"),
    "bucks": ("Buck", "Bucks"),
    "dudes": ("Dude", "Dudes"),
    "horses": ("Horse", "Horses"),
    "tents": ("Tent", "Tents"),
    "graves": ("Grave", "Graves"),
}
TIERS = 4  # best, second, third, and players without Gunmen
GRAMMAR = (
    "Type each tier as printed, best first, then players without Gunmen, separated by /: "
    "chart 6 VP / 3 VP + 1 Nugget / 1 VP / 2 Graves (- for nothing; the lost side after |)."
)
_TERM = r"^([+-]?[0-9]{1,2})\s*([a-z]+)$"  # compiled when first used (re's own cache)


@dataclass(frozen=True)
class Reward:
    """What one tier gives: (what, how many) terms; a negative count is a penalty."""

    terms: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        if not self.terms:
            return "nothing"
        return " + ".join(count_text(key, count) for key, count in self.terms)


def count_text(key: str, count: int) -> str:
    """`3 VP`, `1 Nugget`: one word after the count, so that `parse_tier` reads it back."""
    one, many = NAMES[key]
    return f"{count} {one if abs(count) == 1 else many}"


def parse_tier(text: str) -> Reward:
    """One tier as typed: `3 VP + 1 Nugget`, `2 Graves`, `-2 VP`, `-` for nothing."""
    stripped = " ".join(text.lower().split())
    if stripped in ("", "-", "nothing", "none"):
        return Reward()
    terms: list[tuple[str, int]] = []
    for part in re.split(r"\s*[+,&]\s*(?=[-+]?[0-9])|\s+and\s+", stripped):
        match = re.match(_TERM, part.strip())
        if match is None or match.group(2) not in WORDS:
            raise RuleError(f"Not a chart tier: {quoted(text.strip())}. {GRAMMAR}")
        count = int(match.group(1))
        if count:  # `0 VP` is nothing, as a tile printing it means (it was refused)
            terms.append((WORDS[match.group(2)], count))
    return Reward(tuple(terms))


def parse_side(text: str) -> list[Reward]:
    """The tiers of one side of a tile: up to four, separated by `/`, at least one given."""
    parts = [part.strip() for part in text.split("/")]
    if len(parts) > TIERS:
        raise RuleError(f"A chart has at most {TIERS} tiers. {GRAMMAR}")
    return [parse_tier(part) for part in parts]


def parse_chart(text: str) -> tuple[list[str], list[str]]:
    """`won side | lost side` (or one side for both): each tier normalised, as kept in the
    journal; refused with the grammar when anything does not read."""
    sides = text.split("|")
    if len(sides) > 2:
        raise RuleError(f"A chart tile has two sides: won | lost. {GRAMMAR}")
    won_side = parse_side(sides[0])
    lost_side = parse_side(sides[1]) if len(sides) == 2 else []
    # one side may give nothing, as printed (refused as "says nothing yet" when the other
    # side said something: a play-test); not the whole tile
    if not any(reward.terms for reward in [*won_side, *lost_side]):
        raise RuleError(f"The chart says nothing yet. {GRAMMAR}")
    return [str(reward) for reward in won_side], [str(reward) for reward in lost_side]


def tier_of(tiers: list[str], tier: int) -> Reward:
    """The reward of `tier` (1-3, or 4 for players without Gunmen) on a side as kept."""
    if 1 <= tier <= len(tiers):
        return parse_tier(tiers[tier - 1])
    return Reward()
