"""The Hotel Building module: 2 Hotel Buildings per player in the board's supply; Dudes from
the Lodge on vacant Hotel spaces (2 per Hotel) give 2 VP each at once and go to the General
Supply at Clean Up; 8 VP per Hotel at the end (the sheet's `hotels`)."""

from __future__ import annotations

from companion.games.base import RuleError, Rules, TableState
from companion.games.coloma.sites import noted, site_note
from companion.games.coloma.state import HOTEL_SPACES, HOTEL_VP, HOTELS_PER_PLAYER, ColomaState
from companion.games.coloma.words import plural
from companion.journal import Entry


class HotelRules(Rules):
    """Mixed into ColomaRules."""

    def hotel(self, state: ColomaState, seat: int) -> Entry:
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        if state.hotels_left <= 0:
            raise RuleError(
                f"No Hotel Buildings left in the supply ({HOTELS_PER_PLAYER} per player)."
            )
        text = (
            f"{state.name(seat)} builds a Hotel Building (its cost paid with the trackers); "
            f"{state.hotels_left - 1} left in the supply"
        )
        return self._entry(
            state, "hotel", noted(text, site_note(state, seat, "hotel")), player=seat
        )

    def sleep(self, state: ColomaState, seat: int, dudes: int) -> Entry:
        """Dudes from the Lodge on vacant Hotel spaces at Site 5: 2 VP each, at once. The
        rules let a player fill as many vacant spaces as they like, 2 a Hotel Building: past
        them, what fits is taken and the rest ignored, as the Horse Limit is (the whole
        command was refused: a play-test); with no space vacant, nothing fits (refused)."""
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        self._seat(state, seat)
        vacant = HOTEL_SPACES * state.hotels[seat] - state.sleepers[seat]
        ignored = ""
        if 0 < vacant < dudes:
            built = state.hotels[seat]
            ignored = (
                f"; {plural(dudes - vacant, 'Dude')} ignored: {HOTEL_SPACES} Dudes per Hotel "
                f"Building at most ({built} built)"
            )
            dudes = vacant
        text = f"{state.name(seat)} puts {plural(dudes, 'Dude')} on Hotel spaces: "
        text += f"+{HOTEL_VP * dudes} VP"
        text = noted(text, site_note(state, seat, "sleep")) + ignored
        return self._entry(state, "sleep", text, player=seat, dudes=dudes)

    def _apply_hotel(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat = self._seat(state, entry.get("player"))
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        if state.hotels_left <= 0:
            raise RuleError("No Hotel Buildings left in the supply.")
        state.hotels[seat] += 1

    def _apply_sleep(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, dudes = self._seat(state, entry.get("player")), entry.get("dudes")
        name = state.name(seat)
        if not isinstance(dudes, int) or dudes < 1:
            raise RuleError("Put 1 Dude or more on Hotel spaces.")
        if state.phase != "rounds":
            raise RuleError("Dudes go on Hotels at Site 5, in the Rounds.")
        vacant = HOTEL_SPACES * state.hotels[seat] - state.sleepers[seat]
        if dudes > vacant:
            raise RuleError(
                f"{name} has {vacant} vacant Hotel space{'s' if vacant != 1 else ''} "
                f"({HOTEL_SPACES} per Hotel Building, {state.hotels[seat]} built)."
            )
        if dudes > state.numbers[seat]["dudes"]:
            have = state.numbers[seat]["dudes"]
            raise RuleError(f"{name} has {plural(have, 'Dude')} in the Lodge.")
        state.numbers[seat]["dudes"] -= dudes
        state.sleepers[seat] += dudes
        state.numbers[seat]["track"] += HOTEL_VP * dudes
