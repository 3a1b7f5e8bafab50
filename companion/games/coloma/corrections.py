"""ctrl+o for Coloma: every holding the screen shows, beyond the trackers' numbers.

Each is a `correct` entry with a `holding` (the base's kind, so a finished game still takes
it, and undo, redo and replay treat it like any other correction): the Tents pitched on
Events and Frontier Lands, the Bridges, the Graves, the Hotels and their Dudes, the Mule
Duel's Carrots, the Gold Supply and the Mine Cart, the Outlaws, the rows of Gunmen and the
Sheriff Badge. The value is typed as the screen shows it."""

from __future__ import annotations

from typing import Any

from companion.amounts import AmountError, parse_amount, parse_count
from companion.games.base import Fix, RuleError, Rules, TableState, refuse_unsafe_text
from companion.games.coloma.gold import GoldSupply
from companion.games.coloma.state import (
    ALL_TENTS,
    MOST_BRIDGES,
    SITES_ALL,
    ColomaState,
    copy_of,
)
from companion.games.coloma.tally import NON_PLAYER_ROWS
from companion.journal import Entry, make_entry
from companion.safe_text import quoted
from companion.table import find_player

NONE_WORDS = ("", "-", "none", "nothing", "no")
ROWS_SHOWN = 6  # rows of Gunmen offered for correction beyond the filled ones


def _numbers(text: str, what: str, maximum: int, minimum: int = 0) -> list[int]:
    """Whole numbers typed with spaces or commas; `-` for none."""
    if text.strip().lower() in NONE_WORDS:
        return []
    words = text.replace(",", " ").split()
    return [parse_count(word, minimum=minimum, maximum=maximum, what=what) for word in words]


def _shown(numbers: list[int] | set[int]) -> str:
    return " ".join(map(str, sorted(numbers) if isinstance(numbers, set) else numbers)) or "-"


class CorrectionRules(Rules):
    """Mixed into ColomaRules: `corrections` lists the holdings after the numbers,
    `correct_text` reads them, `_apply_correct` replays them."""

    def corrections(self, state: TableState) -> list[Fix]:
        assert isinstance(state, ColomaState)
        fixes = super().corrections(state)
        for seat, player in enumerate(state.players):
            name = player.name
            fixes += [
                Fix(
                    f"events:{seat}",
                    f"{name}: Tents on Events ({_shown(state.events[seat])})",
                    "the Events' Sites, e.g. 2 4; - for none",
                    seat,
                ),
                Fix(
                    f"lands:{seat}",
                    f"{name}: Tents on Frontier Lands ({state.lands[seat]})",
                    "how many Frontier Lands hold a Tent (+1 adds, -1 takes away)",
                    seat,
                ),
                Fix(
                    f"bridges:{seat}",
                    f"{name}: Bridges ({', '.join(state.bridges[seat]) or '-'})",
                    "their types with commas, e.g. Rope, Stone; - for none",
                    seat,
                ),
                Fix(
                    f"graves:{seat}",
                    f"{name}: Graves ({self.graves_shown(state, seat)})",
                    "the numbers on the covered Graves, e.g. 1 2; +1 for one not typed yet",
                    seat,
                ),
            ]
            if state.hotel_module:
                fixes += [
                    Fix(
                        f"hotels:{seat}",
                        f"{name}: Hotels ({state.hotels[seat]})",
                        "a count: 2 sets it, +1 adds, -1 takes away",
                        seat,
                    ),
                    Fix(
                        f"sleepers:{seat}",
                        f"{name}: Dudes on Hotels ({state.sleepers[seat]})",
                        "a count: 2 sets it, +1 adds, -1 takes away",
                        seat,
                    ),
                ]
            if state.mule_duel:
                fixes.append(
                    Fix(
                        f"carrots:{seat}",
                        f"{name}: Carrots on Events ({_shown(state.carrots[seat])})",
                        "the Events' Sites that still hold a Carrot, e.g. 1 3 5",
                        seat,
                    )
                )
        if state.supply is not None:
            supply = state.supply
            fixes.append(
                Fix(
                    "supply",
                    f"Gold Supply and Mine Cart ({' / '.join(map(str, supply.nuggets))}, "
                    f"Cart {supply.cart})",
                    # (the example as the supply stands: as many pools as this table has)
                    "the Nuggets in each pool, top first, then the Mine Cart: "
                    + " ".join(map(str, [*supply.nuggets, supply.cart])),
                )
            )
        fixes.append(
            Fix(
                "outlaws",
                f"Outlaws at the Shootout ({state.outlaws})",
                "how many Outlaws: 12 sets it, +5 adds, -3 takes away",
            )
        )
        last = max([*state.rows, 0]) + 1
        for row in range(1, max(last, ROWS_SHOWN) + 1):
            if len(state.players) == 2 and row == len(NON_PLAYER_ROWS):
                continue  # the non-player Gunmen's row
            held = state.rows.get(row)
            now = f"{state.name(held[0])} {held[1]}" if held else "-"
            fixes.append(
                Fix(f"row:{row}", f"Gunmen in row {row} ({now})", "a name and a count: ann 3")
            )
        fixes.append(
            Fix(
                "sheriff",
                f"Sheriff Badge ({state.name(state.sheriff)})",
                "the name of the player who holds it",
            )
        )
        return fixes

    def graves_shown(self, state: ColomaState, seat: int) -> str:
        shown = " ".join(map(str, state.graves[seat]))
        owed = state.graves_owed[seat]
        if owed:
            shown += f" +{owed}"
        return shown.strip() or "-"

    def correct_text(self, state: TableState, key: str, text: str, reason: str) -> Entry:
        assert isinstance(state, ColomaState)
        holding, _, seat_text = key.partition(":")
        if holding.isdigit():
            return super().correct_text(state, key, text, reason)
        reason = self.check_reason(reason)
        refuse_unsafe_text(text, "A value")
        value, shown = self._read(state, holding, seat_text, text)
        what = self._label(state, holding, seat_text)
        extra = {}
        if isinstance(value, tuple):  # a journal field holds a flat list: the rest apart
            value, extra["owed"] = value
        entry = make_entry(
            "correct",
            f"Correction: {what} set to {shown}: {reason}",
            holding=holding,
            where=int(seat_text) if seat_text.isdigit() else None,
            value=value,
            reason=reason,
            **extra,
        )
        self.apply(copy_of(state), entry)
        return entry

    def _label(self, state: ColomaState, holding: str, seat_text: str) -> str:
        names = {
            "events": "Tents on Events",
            "lands": "Tents on Frontier Lands",
            "bridges": "Bridges",
            "graves": "Graves",
            "hotels": "Hotels",
            "sleepers": "Dudes on Hotels",
            "carrots": "Carrots on Events",
        }
        if holding in names:
            return f"{state.name(self._seat(state, int(seat_text)))}'s {names[holding]}"
        if holding == "row":
            return f"row {seat_text} of Gunmen"
        return {
            "supply": "the Gold Supply and Mine Cart",
            "outlaws": "the Outlaws",
            "sheriff": "the Sheriff Badge",
        }.get(holding, holding)

    def _read(self, state: ColomaState, holding: str, at: str, text: str) -> tuple[Any, str]:
        """The value typed for a holding, and how the log says it."""
        if holding in ("events", "carrots"):
            sites = sorted(set(_numbers(text, "An Event's Site", 5, minimum=1)))
            return sites, _shown(sites)
        if holding in ("lands", "hotels", "sleepers", "outlaws"):
            # 12 sets it, +5 adds, -3 takes away, as a player's numbers read (-3 was "not 0
            # to 50" here: a play-test)
            amount = parse_amount(text)
            current = (
                state.outlaws
                if holding == "outlaws"
                else getattr(state, holding)[self._seat(state, int(at))]
            )
            count = amount.applied_to(current)
            if count < 0:
                raise AmountError(f"That leaves {count}: a count is 0 or more (now {current}).")
            if count > 50:
                raise AmountError(f"A count is at most 50 (not {count}).")
            return count, str(count)
        if holding == "bridges":
            kinds = [] if text.strip().lower() in NONE_WORDS else text.split(",")
            kinds = [" ".join(kind.split()) for kind in kinds if kind.strip()]
            return kinds, ", ".join(kinds) or "none"
        if holding == "graves":
            words = text.replace(",", " ").split()
            owed = [w for w in words if w.startswith("+")]
            numbered = [w for w in words if not w.startswith("+")]
            graves = _numbers(" ".join(numbered), "A Grave's number", 20)
            unknown = sum(parse_count(w[1:], maximum=20, what="Graves not typed") for w in owed)
            shown = " ".join(map(str, graves)) + (f" +{unknown}" if unknown else "")
            return (graves, unknown), shown.strip() or "none"
        if holding == "supply":
            counts = _numbers(text, "A count", 100)
            if len(counts) not in (3, 4):
                raise AmountError("Type the Nuggets in the three pools, top first, then the Cart.")
            assert state.supply is not None
            cart = counts[3] if len(counts) == 4 else state.supply.cart
            return [*counts[:3], cart], f"{' / '.join(map(str, counts[:3]))}, Cart {cart}"
        if holding == "row":
            if text.strip().lower() in NONE_WORDS:
                return None, "empty"
            words = text.split()
            if len(words) < 2:
                raise AmountError("Type the player and the Gunmen: ann 3 (or - for an empty row).")
            found = find_player(state.players, words[:-1])
            if found is None or found[1]:
                raise AmountError(f"Not a player: {' '.join(words[:-1])}.")
            count = parse_count(words[-1], minimum=1, maximum=12, what="The number of Gunmen")
            return [found[0], count], f"{state.name(found[0])} {count}"
        if holding == "sheriff":
            found = find_player(state.players, text.split())
            if found is None or found[1]:
                raise AmountError(f"Not a player: {text.strip() or 'nobody'}.")
            return found[0], state.name(found[0])
        raise RuleError(f"Coloma cannot correct {quoted(holding)}.")

    def _apply_correct(self, state: TableState, entry: Entry) -> None:
        holding = entry.get("holding")
        if holding is None:
            super()._apply_correct(state, entry)
            return
        assert isinstance(state, ColomaState)
        value = entry.get("value")
        at = entry.get("where")
        handler = getattr(self, f"_fix_{holding}", None)
        if handler is None:
            raise RuleError(f"Coloma cannot correct {quoted(holding)}.")
        handler(state, at, value, entry)

    # -- each holding, checked before it changes anything -------------------------------

    def _count(self, value: Any, most: int = 50) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
            raise RuleError(f"A count from 0 to {most}.")
        return value

    def _sites(self, value: Any) -> set[int]:
        if not isinstance(value, list) or not all(site in SITES_ALL for site in value):
            raise RuleError("Events are at Sites 1 to 5.")
        return set(value)

    def _fix_events(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        seat, sites = self._seat(state, at), self._sites(value)
        self._tents_fit(state, seat, len(sites) + state.lands[seat])
        state.events[seat] = sites

    def _fix_lands(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        seat, lands = self._seat(state, at), self._count(value)
        self._tents_fit(state, seat, len(state.events[seat]) + lands)
        state.lands[seat] = lands

    def _tents_fit(self, state: ColomaState, seat: int, pitched: int) -> None:
        if pitched + state.numbers[seat]["tents"] > ALL_TENTS:
            raise RuleError(
                f"{state.name(seat)} has 8 Tents in all: {pitched} pitched and "
                f"{state.numbers[seat]['tents']} in the Lodge is too many (correct the Lodge's "
                "Tents first)."
            )

    def _fix_bridges(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        seat = self._seat(state, at)
        if not isinstance(value, list) or not all(isinstance(k, str) and k for k in value):
            raise RuleError("Bridges are named by their type.")
        for kind in value:
            refuse_unsafe_text(kind, "A bridge type")
        if len({kind.lower() for kind in value}) < len(value):
            raise RuleError("No two Bridges of one type.")
        if len(value) > MOST_BRIDGES:
            raise RuleError(f"A player has at most {MOST_BRIDGES} Bridges.")
        if len(value) > state.numbers[seat]["rivers"]:
            raise RuleError("A Bridge needs a River: correct the Rivers first.")
        state.bridges[seat] = list(value)

    def _fix_graves(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        seat = self._seat(state, at)
        numbers, owed = value, entry.get("owed") or 0
        if not isinstance(numbers, list) or not all(
            isinstance(n, int) and 0 <= n <= 20 for n in numbers
        ):
            raise RuleError("A Grave shows a number from 0 to 20.")
        state.graves[seat] = list(numbers)
        state.graves_owed[seat] = self._count(owed, 20)

    def _fix_hotels(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        seat, hotels = self._seat(state, at), self._count(value, 10)
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        state.hotels[seat] = hotels

    def _fix_sleepers(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        seat, dudes = self._seat(state, at), self._count(value, 20)
        if not state.hotel_module:
            raise RuleError("This game is played without the Hotel Building module.")
        state.sleepers[seat] = dudes

    def _fix_carrots(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        seat, sites = self._seat(state, at), self._sites(value)
        state.carrots[seat] = sites

    def _fix_supply(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        if state.supply is None:
            raise RuleError("Count the Gold Supply first: pools TOP MIDDLE BOTTOM.")
        spaces = state.supply.spaces
        if not isinstance(value, list) or len(value) != 4:
            raise RuleError("The three pools and the Mine Cart.")
        *nuggets, cart = value
        if not all(
            isinstance(n, int) and 0 <= n <= s for n, s in zip(nuggets, spaces, strict=True)
        ):
            raise RuleError(f"Each pool holds 0 up to its spaces ({' / '.join(map(str, spaces))}).")
        state.supply = GoldSupply(
            spaces, (nuggets[0], nuggets[1], nuggets[2]), self._count(cart, 100)
        )

    def _fix_outlaws(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        state.outlaws = self._count(value)

    def _fix_row(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        if not isinstance(at, int) or not 1 <= at <= 12:
            raise RuleError("A row at the Shootout is 1 (nearest the Outlaws) to 12.")
        if len(state.players) == 2 and at == len(NON_PLAYER_ROWS):
            raise RuleError("Row 3 holds the three non-player Gunmen all game.")
        if value is None:
            state.rows.pop(at, None)
            return
        if not isinstance(value, list) or len(value) != 2:
            raise RuleError("A row: the player and the Gunmen.")
        seat, count = self._seat(state, value[0]), self._count(value[1], 12)
        if not count:
            raise RuleError("A row holds 1 to 12 Gunmen.")
        state.rows[at] = (seat, count)

    def _fix_sheriff(self, state: ColomaState, at: Any, value: Any, entry: Entry) -> None:
        state.sheriff = self._seat(state, value)
