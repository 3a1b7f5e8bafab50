"""Coloma's Bust and shootout tallies (toward the Coloma screen).

Where the rules are silent we chose (and the screen's help will say so):
- Tied shooters are compared row by row, from the row nearest the Outlaws (more Gunmen in
  a nearer row wins); shooters still tied share the tier.
- The Sheriff Badge goes to the one shooter with the best tier when that is a player; when
  the non-player Gunmen are best, or players share the best tier, the Sheriff keeps it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.base import RuleError

SITES = (1, 2, 3, 4, 5)
NON_PLAYER = -1  # the 2-player game's three non-player Gunmen, in the third row all game
NON_PLAYER_ROWS = (0, 0, 3)


def bust(pioneers: Sequence[int]) -> int | None:
    """The Site that busts: the one with most Pioneers (the Buster and Mules count too).
    None when two or more Sites tie for most: then the Signpost section busts."""
    if not pioneers:
        raise RuleError("Enter where the Pioneers went.")
    if any(site not in SITES for site in pioneers):
        raise RuleError("A Site is 1 to 5.")
    counts = Counter(pioneers).most_common()
    if len(counts) > 1 and counts[0][1] == counts[1][1]:
        return None
    return counts[0][0]


def turn_order(sites: Mapping[int, int], sheriff: int, players: int) -> list[int]:
    """Players in turn order: Site 1 onward; on a shared Site from the Sheriff clockwise."""
    if any(site not in SITES for site in sites.values()):
        raise RuleError("A Site is 1 to 5.")
    return sorted(sites, key=lambda seat: (sites[seat], (seat - sheriff) % players))


@dataclass
class Shootout:
    """A shootout's outcome: who shot in which tier, the new Sheriff, who buries Dudes."""

    won: bool  # Gunmen outnumber the Outlaws
    gunmen: int
    outlaws: int
    tiers: dict[int, int] = field(default_factory=dict)  # shooter -> 1, 2 or 3
    badge: int | None = None  # the new Sheriff, or None: the Sheriff keeps the Badge
    bury: list[int] = field(default_factory=list)  # players with no Gunmen


def shootout(
    rows: Mapping[int, Sequence[int]], outlaws: int, two_players: bool = False
) -> Shootout:
    """Tally a shootout. `rows`: per player, Gunmen in each row, the row nearest the Outlaws
    first. In the 2-player game the non-player Gunmen count and take a tier like a player."""
    if outlaws < 0 or any(n < 0 for gunmen in rows.values() for n in gunmen):
        raise RuleError("Gunmen and Outlaws are counted from 0.")
    shooters = {seat: tuple(gunmen) for seat, gunmen in rows.items()}
    if two_players:
        shooters[NON_PLAYER] = NON_PLAYER_ROWS
    total = sum(sum(gunmen) for gunmen in shooters.values())
    result = Shootout(won=total > outlaws, gunmen=total, outlaws=outlaws)
    result.bury = [seat for seat, gunmen in rows.items() if sum(gunmen) == 0]
    armed = {seat: gunmen for seat, gunmen in shooters.items() if sum(gunmen) > 0}
    rows_in_play = max([3, *(len(gunmen) for gunmen in armed.values())])

    def key(seat: int) -> tuple[int, ...]:
        gunmen = armed[seat]
        return (sum(gunmen), *gunmen, *([0] * (rows_in_play - len(gunmen))))

    keys = sorted({key(seat) for seat in armed}, reverse=True)
    for seat in armed:
        result.tiers[seat] = min(keys.index(key(seat)) + 1, 3)
    best = [seat for seat, tier in result.tiers.items() if tier == 1]
    if len(best) == 1 and best[0] != NON_PLAYER:
        result.badge = best[0]
    return result
