"""Boomtown Builders (Schwarzmann & McCollum), 2-4 players."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.base import NumberSpec, OptionSpec, RuleError, Rules, TableState
from companion.games.builders_track import CUBE_NAMES, SUPPLY, check_cube, place_token
from companion.journal import Entry
from companion.scoring import Category, Field, SheetSpec, TieBreak, investment_points
from companion.store import Header


def _buildings(player: dict[str, Any]) -> int:
    return sum(i["vp"] * i["cube"] for i in player["investments"] if i["vp"] > 0)


def _goldmines(player: dict[str, Any]) -> int:
    return sum(investment_points(i) - i["vp"] * i["cube"] for i in player["investments"])


def _scoring_cubes(player: dict[str, Any]) -> int:
    return sum(1 for investment in player["investments"] if investment["vp"] > 0)


SHEET = SheetSpec(
    game="builders",
    title="Boomtown Builders",
    min_players=2,
    max_players=4,
    fields=(
        Field(
            "investments",
            "Investments",
            "investments",
            "Each invested building: the VP its card shows at its distance, x its cube",
        ),
    ),
    categories=(
        Category("buildings", "Buildings", _buildings),
        Category("goldmines", "Goldmines (+2 x cube)", _goldmines),
    ),
    tiebreaks=(TieBreak("Investment Cubes on the Scoring Track", _scoring_cubes),),
    tiebreak_sentence=(
        "Ties: most Investment Cubes on the Scoring Track (every size counts 1); "
        "players still tied share the rank."
    ),
)


TERRAIN = {  # kind -> what is printed; a building goes on none of them
    "mountain-left": "Mountain (arrow left)",
    "mountain-right": "Mountain (arrow right)",
    "lake": "Lake",
    "goldmine": "Goldmine",
    "hideout": "Hideout",
}
TERRAIN_CARDS = {2: 12, 3: 9, 4: 6}  # advanced game: how many Terrain Cards are placed
READINGS = """\
## Our readings where the rules are silent

- Rows are counted from the first row (where the Train Marker starts, in the middle) and
  columns from the left. Each Track Token goes in the next row; the game ends when every
  row has its token.
- A Goldmine is next to a building when it is in the same row one column away, or in the
  same column one row away (not diagonally). Its +2 is added before the cube multiplies.
- The votes and + icons are printed on the cards: the table counts them, the app places
  the token from them (with the previous token, the row's width and its Mountains).
"""


@dataclass
class Building:
    row: int
    column: int
    owner: int
    cube: int


@dataclass
class BuildersState(TableState):
    round: int = 1
    widths: list[int] = field(default_factory=list)  # locations per row; empty: no board yet
    tokens: list[int] = field(default_factory=list)  # the token's column in rows 1, 2, ...
    terrain: dict[tuple[int, int], str] = field(default_factory=dict)
    buildings: list[Building] = field(default_factory=list)
    cubes: list[dict[int, int]] = field(default_factory=list)
    built: list[int] = field(default_factory=list)  # seats that built this round

    @property
    def rows(self) -> int:
        return len(self.widths)

    @property
    def train_row(self) -> int:
        """The row the next Track Token goes into (the Train Marker's row)."""
        return len(self.tokens) + 1

    @property
    def over(self) -> bool:
        return bool(self.widths) and len(self.tokens) >= self.rows

    def previous_token(self) -> int:
        """The column the next token is straight ahead of (row 1: the Train Marker's start)."""
        if self.tokens:
            return self.tokens[-1]
        return (self.widths[0] + 1) // 2

    @property
    def builder(self) -> int | None:
        """Whose turn it is to build, clockwise from the start player; None: all have."""
        count = len(self.players)
        for step in range(count):
            seat = (self.first_player + step) % count
            if seat not in self.built:
                return seat
        return None

    def at(self, row: int, column: int) -> Building | None:
        return next((b for b in self.buildings if (b.row, b.column) == (row, column)), None)

    def next_to_goldmine(self, building: Building) -> bool:
        r, c = building.row, building.column
        return any(
            self.terrain.get(spot) == "goldmine"
            for spot in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c))
        )

    def distance(self, building: Building) -> int | None:
        """How far a building is from its own row's Track Token (None: no token yet)."""
        if building.row > len(self.tokens):
            return None
        return abs(building.column - self.tokens[building.row - 1])


class BuildersRules(Rules):
    id = "builders"
    title = "Boomtown Builders"
    min_players = 2
    max_players = 4
    numbers = (NumberSpec("vp", "VP", start=0, unit="VP"),)
    sheet = SHEET
    help = READINGS
    options = (OptionSpec("terrain", "Advanced game with Terrain Cards", default=False),)

    def new_state(self, header: Header) -> BuildersState:
        state = BuildersState(**vars(super().new_state(header)))
        state.cubes = [dict(SUPPLY) for _ in state.players]
        return state

    def progress(self, state: TableState) -> str:
        assert isinstance(state, BuildersState)
        if state.finished:
            return "Finished"
        if state.over:
            return "Every Track Token placed: final scoring"
        return f"Round {state.round}"

    def prefill(self, state: TableState) -> list[dict[str, Any]]:
        """Each invested building with its cube and Goldmine; its VP is read off its card."""
        assert isinstance(state, BuildersState)
        return [
            {
                "name": player.name,
                "investments": [
                    {"vp": 0, "cube": b.cube, "goldmine": state.next_to_goldmine(b)}
                    for b in state.buildings
                    if b.owner == seat
                ],
            }
            for seat, player in enumerate(state.players)
        ]

    # -- actions ---------------------------------------------------------------------------

    def board(self, state: BuildersState, widths: list[int]) -> Entry:
        text = f"The board: {len(widths)} rows of {', '.join(map(str, widths))} locations"
        if len(set(widths)) == 1:
            text = f"The board: {len(widths)} rows of {widths[0]} locations"
        return self._entry(state, "board", text, widths=widths)

    def place_terrain(self, state: BuildersState, row: int, column: int, kind: str) -> Entry:
        name = TERRAIN.get(kind, "nothing")
        return self._entry(
            state,
            "terrain",
            f"Terrain: {name} at row {row}, column {column}",
            row=row,
            column=column,
            terrain=kind,
        )

    def build(self, state: BuildersState, seat: int, row: int, column: int, cube: int) -> Entry:
        name = CUBE_NAMES.get(cube, "?")
        text = f"{state.name(seat)} builds at row {row}, column {column} with a {name}"
        return self._entry(state, "build", text, player=seat, row=row, column=column, cube=cube)

    def token(self, state: BuildersState, left: int, right: int, pluses: int) -> Entry:
        if not state.widths or state.over:
            raise RuleError("There is no row left for a Track Token.")
        row = state.train_row
        placement = place_token(
            state.previous_token(),
            state.widths[row - 1],
            left,
            right,
            pluses,
            self.mountains(state, row),
        )
        return self._entry(
            state,
            "token",
            f"Track Token in row {row}: {placement.sentence}",
            row=row,
            column=placement.column,
        )

    def mountains(self, state: BuildersState, row: int) -> dict[int, str]:
        return {
            c: kind.split("-")[1]
            for (r, c), kind in state.terrain.items()
            if r == row and kind.startswith("mountain")
        }

    def next_round(self, state: BuildersState) -> Entry:
        start = (state.first_player + 1) % len(state.players)
        return self._entry(
            state, "next_round", f"Round {state.round + 1}: {state.name(start)} starts"
        )

    # -- replay ----------------------------------------------------------------------------

    def _spot(self, state: BuildersState, entry: Entry) -> tuple[int, int]:
        row, column = entry.get("row"), entry.get("column")
        if not state.widths:
            raise RuleError("Enter the board's size first (board ROWS WIDTH).")
        if not isinstance(row, int) or not 1 <= row <= state.rows:
            raise RuleError(f"A row is 1 to {state.rows}.")
        width = state.widths[row - 1]
        if not isinstance(column, int) or not 1 <= column <= width:
            raise RuleError(f"Row {row} has columns 1 to {width}.")
        return row, column

    def _apply_board(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        widths = entry.get("widths")
        if state.buildings or state.tokens or state.terrain:
            raise RuleError("The board's size is set before anything is on it.")
        if not (
            isinstance(widths, list)
            and widths
            and all(isinstance(w, int) and 1 <= w <= 20 for w in widths)
        ):
            raise RuleError("The board has rows of 1 to 20 locations.")
        if len(widths) > 20:
            raise RuleError("The board has at most 20 rows.")
        state.widths = list(widths)

    def _apply_terrain(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        row, column = self._spot(state, entry)
        kind = entry.get("terrain")
        if state.at(row, column) is not None:
            raise RuleError(f"A building stands at row {row}, column {column}.")
        if kind == "none":
            state.terrain.pop((row, column), None)
            return
        if kind not in TERRAIN:
            raise RuleError(f"Terrain is one of: {', '.join(TERRAIN)}.")
        width = state.widths[row - 1]
        off_edge = (kind, column) in (("mountain-left", 1), ("mountain-right", width))
        if off_edge:
            raise RuleError("A Mountain's arrow never points off the edge of the board.")
        state.terrain[(row, column)] = kind

    def _apply_build(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        seat = self._seat(state, entry.get("player"))
        row, column = self._spot(state, entry)
        cube = entry.get("cube")
        turn = state.builder
        if turn is None:
            raise RuleError(
                "Everyone has built this round: place the Track Token, then the next round."
            )
        if seat != turn:
            raise RuleError(f"It is {state.name(turn)}'s turn to build.")
        if row <= len(state.tokens):
            raise RuleError(f"Row {row} already has its Track Token: build in a row ahead of it.")
        if (row, column) in state.terrain:
            terrain = TERRAIN[state.terrain[(row, column)]]
            raise RuleError(f"Row {row}, column {column} holds a {terrain}: no building there.")
        if state.at(row, column) is not None:
            raise RuleError(f"Row {row}, column {column} already has a building.")
        check_cube(row - len(state.tokens), cube, state.cubes[seat])
        state.cubes[seat][cube] -= 1
        state.buildings.append(Building(row, column, seat, cube))
        state.built.append(seat)

    def _apply_token(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        row, column = self._spot(state, entry)
        if state.builder is not None:
            raise RuleError(f"{state.name(state.builder)} has not built yet this round.")
        if row != state.train_row:
            raise RuleError(f"The next Track Token goes in row {state.train_row}.")
        if state.terrain.get((row, column), "").startswith("mountain"):
            raise RuleError("A Track Token is never placed on a Mountain.")
        state.tokens.append(column)

    def _apply_next_round(self, state: TableState, entry: Entry) -> None:
        assert isinstance(state, BuildersState)
        if state.builder is not None:
            raise RuleError(f"{state.name(state.builder)} has not built yet this round.")
        if len(state.tokens) < state.round:
            raise RuleError("Place this round's Track Token first.")
        if state.over:
            raise RuleError("Every Track Token is placed: the game is over (ctrl+f scores it).")
        state.round += 1
        state.first_player = (state.first_player + 1) % len(state.players)
        state.built = []
