"""The Shootout: Barrels and rows of Gunmen, the chart tile in play, and its resolution with
the chart's rewards applied (VP, Nuggets, Bucks, Dudes, Horses, Tents, Graves); the
Graveyard's printed numbers; the Sheriff Badge by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.base import RuleError, Rules, TableState, refuse_unsafe_text
from companion.games.coloma.sites import noted, site_note
from companion.games.coloma.state import TIERS, YEARS, ColomaState, copy_of
from companion.games.coloma.tally import NON_PLAYER, NON_PLAYER_ROWS, Shootout
from companion.games.coloma.words import plural
from companion.journal import Entry

if TYPE_CHECKING:
    from companion.games.coloma.chart import Reward

# companion.games.coloma.chart (the chart's grammar, its Reward class) is imported when a
# chart is typed or its rewards are given: opening a game does without it (#16).


class ShootoutRules(Rules):
    """Mixed into ColomaRules (the gold moves and tracker limits are its own)."""

    def shootout_result(self, state: ColomaState) -> Entry:
        if state.phase != "shootout":
            raise RuleError("The Shootout comes after Round 5.")
        tally = state.tally()
        said = self.tally_sentence(state, tally)
        trial = copy_of(state)
        applied = self._apply_rewards(trial, tally)
        if applied:
            said += ". Applied: " + "; ".join(applied)
        return self._entry(state, "shootout", f"Shootout {state.year}: {said}", rewards=True)

    def _apply_rewards(self, state: ColomaState, tally: Shootout) -> list[str]:
        """The chart's rewards and penalties, tier by tier (players without Gunmen: the last
        part); the non-player Gunmen get nothing. What each player got, as said."""
        from companion.games.coloma.chart import tier_of

        side = state.chart_side(tally.won)
        said = []
        takers = [(seat, tier) for seat, tier in tally.tiers.items() if seat != NON_PLAYER]
        takers += [(seat, 4) for seat in tally.bury]
        for seat, tier in sorted(takers, key=lambda pair: (pair[1], pair[0])):
            reward = tier_of(side, tier)
            if reward.terms:
                said.append(f"{state.name(seat)} {self._give(state, seat, reward)}")
        return said

    def _give(self, state: ColomaState, seat: int, reward: Reward) -> str:
        """Apply one tier's terms to a player, each within the rules' limits; as said."""
        from companion.games.coloma.chart import count_text

        parts = []
        numbers = state.numbers[seat]
        for key, count in reward.terms:
            if key == "graves":
                parts.append(self._bury(state, seat, count))
            elif key == "gold" and count > 0:
                parts.append(self._take_gold(state, seat, count))
            elif key == "gold":
                spent = min(-count, numbers["gold"])
                self._spend_gold(state, seat, spent)
                parts.append(f"-{plural(spent, 'Nugget')}")
            else:
                most = self._most(state, seat, key)
                after = max(0, numbers[key] + count)
                if most is not None:
                    after = min(after, most)
                change = after - numbers[key]
                said = ("+" if change >= 0 else "") + count_text(key, change)
                if change != count:  # (a penalty at 0 read "+0 VP": a play-test)
                    whole = ("+" if count >= 0 else "") + count_text(key, count)
                    why = f"had {count_text(key, numbers[key])}" if count < 0 else f"{most} at most"
                    said = f"{whole} not applied" if not change else f"{said} of {whole}"
                    said += f" ({why})"
                parts.append(said)
                numbers[key] = after
        return ", ".join(parts)

    def _bury(self, state: ColomaState, seat: int, count: int) -> str:
        """Dudes from the General Supply on the lowest vacant Graves of the player's Graveyard;
        a Grave whose number is not known yet is owed until the table types it."""
        numbers, full = [], 0
        for _ in range(count):
            covered = len(state.graves[seat])
            if covered < len(state.graveyard):
                number = state.graveyard[covered]
                state.graves[seat].append(number)
                numbers.append(str(number))
            elif state.graveyard:  # every Grave typed is covered: none vacant (our reading)
                full += 1
            else:
                state.graves_owed[seat] += 1
        placed = count - full
        said = f"{placed} Dude{'s' if placed != 1 else ''} on Graves" if placed else ""
        if numbers:
            said += f" ({', '.join(numbers)})"
        if len(numbers) + full < count:
            said += " (type the numbers printed on them: NAME grave N)"
        if full:  # (they were owed Graves no Graveyard has, never to be typed: a play-test)
            # (after the player's name: "Cy has a full Graveyard: ...")
            said += "; the Graveyard is full: " if said else "has a full Graveyard: "
            said += f"{plural(full, 'Dude')} not placed"
        return said

    def tally_sentence(self, state: ColomaState, tally: Shootout) -> str:
        outcome = "won" if tally.won else "lost"
        text = (
            f"{plural(tally.gunmen, 'Gunman')} against {plural(tally.outlaws, 'Outlaw')}: {outcome}"
        )
        order = sorted(tally.tiers, key=lambda seat: (tally.tiers[seat], seat))
        if order:
            text += "; " + ", ".join(
                f"{self.shooter(state, seat)} tier {tally.tiers[seat]}"
                + self.reward(state, tally.tiers[seat], seat)
                for seat in order
            )
        if tally.bury:
            names = ", ".join(state.name(seat) for seat in tally.bury)
            given = self.reward(state, 4, 0)
            if state.chart and not given:  # the chart as typed has no part for them
                text += f"; no Gunmen: {names} (nothing on the chart)"
            elif not state.chart:  # resolved without a chart: nobody goes to the Graves
                # (it said "Dudes to the Graves" and buried nobody: a play-test)
                text += f"; no Gunmen: {names} (no chart typed: nothing given or taken)"
            else:
                text += f"; no Gunmen, Dudes to the Graves: {names}" + given
        if tally.badge is not None:
            text += f"; {state.name(tally.badge)} takes the Sheriff Badge"
        else:
            text += f"; {state.name(state.sheriff)} keeps the Sheriff Badge"
        return text

    def shooter(self, state: ColomaState, seat: int) -> str:
        return "the non-player Gunmen" if seat == NON_PLAYER else state.name(seat)

    def chart_note(self, state: ColomaState) -> str:
        """What a chart typed short of a tile's four parts leaves out, said after `chart`
        ("" when it has them all): the parts not typed give nothing."""
        from companion.games.coloma.chart import TIERS

        parts = min(len(state.chart), len(state.chart_lost or state.chart))
        if not state.chart or parts >= TIERS:
            return ""
        return (
            f"The chart has {parts} of its {TIERS} parts (3 tiers, then players without "
            "Gunmen): the parts not typed give nothing. Type - for a part that is empty on "
            "the tile."
        )

    def one_side_for_a_loss(self, state: ColomaState) -> bool:
        """True when the Shootout is lost as it stands and the chart was typed with one
        side: that side is then used (the table may have typed the side in play), but it
        may be the won side typed before the Barrels turned the fight (a play-test)."""
        return bool(state.chart) and not state.chart_lost and not state.tally().won

    def reward(self, state: ColomaState, tier: int, seat: int) -> str:
        """What the chart tile gives this tier, as typed (the non-player Gunmen get nothing)."""
        if seat == NON_PLAYER:
            return " (nothing)"
        side = state.chart_side(state.tally().won)
        if tier - 1 < len(side) and side[tier - 1]:
            return f" ({side[tier - 1]})"
        return ""

    def barrel(self, state: ColomaState, seat: int, outlaws: int) -> Entry:
        text = (
            f"{state.name(seat)} takes a Barrel: {plural(outlaws, 'Outlaw')} "
            f"{'joins' if outlaws == 1 else 'join'} the Shootout ({state.outlaws + outlaws} in all)"
        )
        text = noted(text, site_note(state, seat, "barrel"))
        return self._entry(state, "barrel", text, player=seat, outlaws=outlaws)

    def gunmen(self, state: ColomaState, seat: int, row: int, count: int) -> Entry:
        if seat in state.filled:
            raise RuleError(
                f"{state.name(seat)} already filled a row this Round: one row of Gunmen per "
                "turn (the rules), and a player has one turn a Round."
            )
        text = f"{state.name(seat)} fills row {row} at the Shootout with {plural(count, 'Gunman')}"
        text = noted(text, site_note(state, seat, "gunmen"))
        return self._entry(state, "gunmen", text, player=seat, row=row, count=count)

    def chart(self, state: ColomaState, typed: str) -> Entry:
        """The chart tile in play as typed: `6 VP / 3 VP / 1 VP / 2 Graves [| lost side]`."""
        from companion.games.coloma.chart import parse_chart

        refuse_unsafe_text(typed, "A chart")
        won, lost = parse_chart(typed)
        shown = " / ".join(won) + (f" | lost: {' / '.join(lost)}" if lost else "")
        return self._entry(
            state,
            "chart",
            f"The Shootout chart in play: {shown}",
            tiers=won,
            lost=lost or None,
        )

    def grave(self, state: ColomaState, seat: int, number: int) -> Entry:
        return self._entry(
            state,
            "grave",
            f"{state.name(seat)} puts a Dude on a Grave marked {number}",
            player=seat,
            number=number,
        )

    def hand_badge(self, state: ColomaState, seat: int) -> Entry:
        """The table gives the Sheriff Badge to someone by hand."""
        return self._entry(
            state, "sheriff", f"{state.name(seat)} takes the Sheriff Badge", player=seat
        )

    def graveyard(self, state: ColomaState, numbers: list[int]) -> Entry:
        """The numbers printed on a Graveyard's Graves, bottom first (each board alike)."""
        shown = " ".join(map(str, numbers))
        return self._entry(
            state, "graveyard", f"The Graves are numbered {shown} (bottom first)", numbers=numbers
        )

    def _apply_shootout(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        if state.phase != "shootout":
            raise RuleError("The Shootout comes after Round 5.")
        tally = state.tally()
        if entry.get("rewards") is True:  # entries from before the app applied the chart: not
            self._apply_rewards(state, tally)
        if tally.badge is not None:
            state.sheriff = tally.badge
        state.result = entry.text
        state.phase = "over" if state.year == YEARS[-1] else "cleanup"

    def _apply_barrel(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, outlaws = self._seat(state, entry.get("player")), entry.get("outlaws")
        if not isinstance(outlaws, int) or not 0 <= outlaws <= 10:
            raise RuleError("A Barrel adds the Outlaws printed under its Stash space (0 to 10).")
        if state.phase != "rounds":
            raise RuleError("Barrels are taken in the Rounds.")
        state.numbers[seat]["barrels"] += 1
        state.outlaws += outlaws

    def _apply_gunmen(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat = self._seat(state, entry.get("player"))
        row, count = entry.get("row"), entry.get("count")
        if state.phase not in ("rounds", "shootout"):
            raise RuleError("Gunmen are placed before the Shootout is resolved.")
        if not isinstance(row, int) or not 1 <= row <= 12:
            raise RuleError("A row at the Shootout is 1 (nearest the Outlaws) to 12.")
        if not isinstance(count, int) or not 1 <= count <= 12:
            raise RuleError("A row holds 1 to 12 Gunmen.")
        if len(state.players) == 2 and row == len(NON_PLAYER_ROWS):
            raise RuleError("Row 3 holds the three non-player Gunmen all game.")
        if row in state.rows:
            raise RuleError(f"Row {row} is already filled by {state.name(state.rows[row][0])}.")
        dudes = state.numbers[seat]["dudes"]
        if count > dudes:
            raise RuleError(
                f"{state.name(seat)} has {plural(dudes, 'Dude')} in the Lodge, not {count}."
            )
        state.numbers[seat]["dudes"] -= count
        state.rows[row] = (seat, count)
        state.filled.append(seat)

    def _apply_chart(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        tiers = entry.get("tiers")
        if not isinstance(tiers, list) or not 1 <= len(tiers) <= len(TIERS):
            raise RuleError("Type up to four parts separated by /: best / second / third / none.")
        lost = entry.get("lost") or []
        if not isinstance(lost, list) or len(lost) > len(TIERS):
            raise RuleError("The chart's lost side has up to four parts.")
        state.chart = [str(tier) for tier in tiers]
        state.chart_lost = [str(tier) for tier in lost]

    def _apply_grave(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat, number = self._seat(state, entry.get("player")), entry.get("number")
        if not isinstance(number, int) or not 0 <= number <= 20:
            raise RuleError("A Grave shows a number from 0 to 20.")
        state.graves[seat].append(number)
        if state.graves_owed[seat]:
            state.graves_owed[seat] -= 1  # the number of a Grave the chart covered

    def _apply_sheriff(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        seat = self._seat(state, entry.get("player"))
        if seat == state.sheriff:
            raise RuleError(f"{state.name(seat)} already has the Sheriff Badge.")
        state.sheriff = seat

    def _apply_graveyard(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, ColomaState)
        numbers = entry.get("numbers")
        if (
            not isinstance(numbers, list)
            or not 1 <= len(numbers) <= 20
            or not all(isinstance(n, int) and 0 <= n <= 20 for n in numbers)
        ):
            raise RuleError("Type the numbers printed on the Graves, bottom first: 1 1 2 2 3 3.")
        state.graveyard = list(numbers)
        for seat in range(len(state.players)):  # Graves owed get their numbers now
            owed, state.graves_owed[seat] = state.graves_owed[seat], 0
            if owed:
                self._bury(state, seat, owed)
