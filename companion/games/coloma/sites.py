"""Actions taken at a Site, against the Sites typed this Round: Gunmen and Dudes on Hotel
spaces are Site 5's Common actions, a Hotel is built with Site 3's Hammer/Saw. From a
Pioneer elsewhere, or at a Site the Barker covers, the action is taken with a note, not
refused: the table may know better (a row from a Pioneer on Site 3 won a Shootout
unremarked, and Dudes on Hotels and a Hotel too: play-tests)."""

from __future__ import annotations

from companion.games.coloma.state import ColomaState
from companion.games.coloma.tally import bust

#: the entries of a Site's actions: how a note says them, and their Site (Gunmen: Site 5's
#: "Settle the Frontier and defend Coloma")
SITE_ACTIONS = {
    "gunmen": ("places Gunmen", 5),
    "sleep": ("puts Dudes on Hotel spaces", 5),
    "hotel": ("builds Hotels", 3),
}


def site_note(state: ColomaState, seat: int, kind: str) -> str:
    """What the Sites typed this Round say against `seat` taking the action of entry
    `kind` ("" when nothing, or when `kind` is no Site's action); Gunmen placed once the
    Rounds are over are noted too (taken as a row forgotten: a stray `gun` in the Shootout
    Phase took a tier unremarked, a play-test)."""
    if kind == "gunmen" and state.phase == "shootout":
        return "placed in the Shootout Phase: taken as a row forgotten in the Rounds"
    if kind == "barrel":
        return _barrel_note(state, seat)
    if kind not in SITE_ACTIONS or state.phase != "rounds" or state.bust_sites is None:
        return ""
    action, site = SITE_ACTIONS[kind]
    sites = state.bust_sites[0]
    if seat < len(sites) and sites[seat] != site:
        # the rule, then where the Pioneer is ("... is on Site 4: Gunmen are placed from
        # Site 5" could not be told from a refusal: a play-test)
        where = f"{state.name(seat)}'s is on Site {sites[seat]}"
        return f"only a Pioneer on Site {site} {action}; {where}"
    if state.barker == site:
        return f"the Barker covers Site {site} this Round: its actions are not taken"
    return ""


def _barrel_note(state: ColomaState, seat: int) -> str:
    """A Barrel taken from a Pioneer at the Barker when the Barker busts (its Boom, the
    Barrel, is covered); from elsewhere nothing is said: a Wagon's stop-off gives one too."""
    if state.phase != "rounds" or state.bust_sites is None:
        return ""
    chosen, extra = state.bust_sites
    at_the_barker = seat < len(chosen) and chosen[seat] == state.barker
    if at_the_barker and bust([*chosen, *extra]) == state.barker:
        return (
            f"{state.name(seat)}'s Pioneer is at the Barker, which busts this Round: its Boom "
            "(a Barrel) is covered"
        )
    return ""


def noted(text: str, note: str) -> str:
    """An entry's sentence with its note, if any, in brackets."""
    return f"{text} ({note})" if note else text
