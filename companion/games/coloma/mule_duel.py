"""Mule Duel, the 2-player variant: no Buster and no Barker's Events; each player's Mule goes
to a Site, and on a Site whose Event space holds its colour's Carrot it eats the Carrot and
its owner gets that Event (twice with a Tent there). The Carrots go back at Clean Up, and
the Mules count as Pioneers in the Bust (see `state.bust_sentence`)."""

from __future__ import annotations

from companion.games.base import RuleError, Rules
from companion.games.coloma.state import ColomaState


class MuleDuelRules(Rules):
    """Mixed into ColomaRules (the Events are its own)."""

    def _mules_eat(self, state: ColomaState, mules: list[int], spend: dict[int, int]) -> list[str]:
        """Mule Duel: each Mule on a Site with its colour's Carrot eats it, and its owner gets
        that Event (twice with a Tent there); what each got, from the Sheriff clockwise."""
        said = []
        for seat in state.seats_from_sheriff():
            site = mules[seat]
            name = state.name(seat)
            if site not in state.carrots[seat]:
                if spend.get(seat):
                    raise RuleError(f"{name}'s Mule finds no Carrot at Site {site}: no Event.")
                said.append(f"{name}'s Mule finds no Carrot at Site {site}")
                continue
            if spend.get(seat) and site != 5:  # (dropped unsaid, and the hint typed it again:
                # a play-test)
                raise RuleError(
                    f"{name}'s Mule is at Site {site}: Gold Nuggets are spent only on Site 5's "
                    "Event, by the owner of a Mule there."
                )
            state.carrots[seat].discard(site)
            got = self._event_for(state, seat, site, spend.get(seat, 0) if site == 5 else 0)
            ate = f"{name}'s Mule eats the Carrot at Site {site}"
            said.append(f"{ate}: {got}" if got else ate)
        return said
