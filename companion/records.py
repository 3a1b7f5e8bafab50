"""Records: every finished game of the history, scored again from its sheet, and the figures
a group asks for (who wins, by how much, with what).

The history keeps each finished game's sheet as TOML; the standings are worked out from it
with the game's own scoring (`companion.scoring`), so a records figure and the wizard never
disagree. A row whose sheet cannot be scored is kept in the list with its problem, never
dropped in silence. Names compare without case; a player is shown with the spelling of
their newest game.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.files import MIB, UnreadableFile, read_bounded, replace_whole
from companion.safe_text import visible_fields
from companion.scoring import (
    Result,
    SheetError,
    SheetSpec,
    Standing,
    column_lines,
    parse_sheet_as_played,
    score,
    without_fields,
)
from companion.store import HISTORY_LIMIT, Store, merged_history
from companion.table import folded, starts_name

CACHE_NAME = "records.json"
#: 2: the standings of a game played without a module (Coloma's Hotels) have no category
#: for it (format 1 kept a 0 there, counted in the averages); an older cache is scored again
CACHE_FORMAT = 2
CACHE_LIMIT = 64 * MIB


@dataclass(frozen=True)
class FinishedGame:
    """One row of the history, with its standings (None, and why, when unreadable)."""

    game: str
    title: str
    file: str
    finished: str  # the time stamp the history kept
    players: tuple[str, ...]
    result: Result | None
    spec: SheetSpec | None
    problem: str | None = None

    @property
    def winners(self) -> list[str]:
        return self.result.winners if self.result else []

    def has(self, player: str) -> bool:
        """Whether `player` starts a player's name or a word of it, case and accents aside
        (`--player zoe` found no Zoë, `--player zo` no "Zoë 🤠": play-tests)."""
        return any(starts_name(name, player) for name in self.players)

    def margin(self) -> int | None:
        """By how much the winner(s) won: first total minus the best other total."""
        if self.result is None or len(self.result.standings) < 2:
            return None
        best = self.result.standings[0].total
        others = [s.total for s in self.result.standings if s.rank != 1]
        return best - max(others) if others else 0


def finished_games(
    history: Iterable[Mapping[str, Any]], specs: Mapping[str, SheetSpec]
) -> list[FinishedGame]:
    """The history's rows, newest first (the last written first when stamps are equal)."""
    return _newest_first(_scored(history, specs))


def _scored(
    history: Iterable[Mapping[str, Any]], specs: Mapping[str, SheetSpec]
) -> list[FinishedGame]:
    """Each row scored from its sheet, in the file's order."""
    games = []
    for row in history:
        game = str(row.get("game", "?"))
        names = row.get("players", [])
        players = tuple(str(name) for name in names) if isinstance(names, list) else ()
        result, spec, problem = None, None, None
        try:  # without the categories of a module not played (Coloma's Hotels counted
            # as 0 in the averages of the games that had them: a play-test)
            spec, rows = parse_sheet_as_played(str(row.get("sheet", "")), specs)
            result = score(spec, rows)
        except SheetError as error:
            problem = f"its score sheet cannot be read: {error}"
        games.append(
            FinishedGame(
                game=game,
                title=str(row.get("title", game)),
                file=str(row.get("file", "")),
                finished=str(row.get("finished", "")),
                players=players,
                result=result,
                spec=spec,
                problem=problem,
            )
        )
    return games


def _newest_first(games: list[FinishedGame]) -> list[FinishedGame]:
    order = sorted(range(len(games)), key=lambda i: (games[i].finished, i), reverse=True)
    return [games[i] for i in order]


def amended(
    games: list[FinishedGame],
    add: Iterable[Mapping[str, Any]],
    drop: Collection[str],
    specs: Mapping[str, SheetSpec],
) -> list[FinishedGame]:
    """`games` (newest first, as `load_finished` gives them) as the history reads once it
    has the rows `add` and not those of the game files `drop` (`Store.amend_history`), in
    the order it would read them in: what the records show while that history cannot be
    saved (a full disk)."""
    # oldest first (`games` reversed), the rows added after them, then newest first as
    # `_newest_first` weighs them: by when they were finished, then by that place
    in_file, _ = merged_history(
        games[::-1], _scored([visible_fields(dict(r)) for r in add], specs), drop, _game_file
    )
    placed = sorted(enumerate(in_file), key=lambda item: (item[1].finished, item[0]))
    return [game for _, game in reversed(placed)]


def _game_file(game: FinishedGame) -> str:
    return game.file


def load_finished(store: Store, specs: Mapping[str, SheetSpec]) -> list[FinishedGame]:
    """`finished_games` of the store's history, scoring only the rows the cache has not.

    The history only grows (a finished game is appended), so the cache keeps the scored rows
    with the length and SHA-256 of the bytes they came from; when the file still starts with
    those bytes only its new tail is read and scored. Anything else (no cache, a damaged or
    stale one, a rewritten history) scores it all again. Speed only: an unwritable cache is
    skipped. Raises DamagedFile as `Store.read_history` does."""
    if not os.path.lexists(store.history_path):
        return []
    try:
        raw = read_bounded(store.history_path, HISTORY_LIMIT)
    except OSError:
        store.read_history()  # says why, as DamagedFile
        raise
    cache = store.cache_dir / CACHE_NAME
    games: list[FinishedGame] | None = None
    try:
        data = json.loads(read_bounded(cache, CACHE_LIMIT))
        length = data["length"]
        same_start = (
            data["format"] == CACHE_FORMAT
            and 0 < length <= len(raw)
            and hashlib.sha256(raw[:length]).hexdigest() == data["sha256"]
        )
        if same_start:
            games = [_from_json(item, specs) for item in data["games"]]
            tail = raw[length:]
            if tail.strip():
                games += _scored(_rows_of(tail), specs)
    except (OSError, UnreadableFile, ValueError, KeyError, TypeError, tomllib.TOMLDecodeError):
        games = None  # no cache, or not one to build on: score the history again
    if games is None:
        games = _scored(store.read_history(), specs)
    if games:
        _write_cache(store, raw, games)
    return _newest_first(games)


def _rows_of(tail: bytes) -> list[dict[str, Any]]:
    """The [[games]] tables appended after the cached part, as `read_history` gives them."""
    doc = tomllib.loads(tail.decode("utf-8"))
    rows = doc.get("games", [])
    if set(doc) - {"games"} or not isinstance(rows, list):
        raise ValueError("not only appended games")
    if not all(isinstance(row, dict) for row in rows):
        raise ValueError("not a table")
    return [visible_fields(row) for row in rows]


def _write_cache(store: Store, raw: bytes, games: list[FinishedGame]) -> None:
    cache = store.cache_dir / CACHE_NAME
    data = {
        "format": CACHE_FORMAT,
        "length": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "games": [_to_json(game) for game in games],
    }
    try:
        store.cache_dir.mkdir(parents=True, exist_ok=True)
        replace_whole(cache, json.dumps(data).encode("utf-8"))
    except OSError:
        pass


def _to_json(game: FinishedGame) -> dict[str, Any]:
    result = None
    if game.result is not None:
        result = [
            [s.name, s.breakdown, s.total, list(s.tiebreaks), s.rank] for s in game.result.standings
        ]
    return {
        "game": game.game,
        "title": game.title,
        "file": game.file,
        "finished": game.finished,
        "players": list(game.players),
        "result": result,
        # the fields its sheet was scored with (a module not played leaves its own out)
        "fields": [f.key for f in game.spec.fields] if game.spec is not None else None,
        "problem": game.problem,
    }


def _from_json(item: Mapping[str, Any], specs: Mapping[str, SheetSpec]) -> FinishedGame:
    result = None
    if item["result"] is not None:
        standings = [
            Standing(str(name), dict(breakdown), int(total), tuple(tiebreaks), int(rank))
            for name, breakdown, total, tiebreaks, rank in item["result"]
        ]
        result = Result(str(item["game"]), standings)
    spec = None
    if result is not None:
        spec = specs[item["game"]]
        played = set(item["fields"])
        spec = without_fields(spec, {f.key for f in spec.fields if f.key not in played})
    return FinishedGame(
        game=str(item["game"]),
        title=str(item["title"]),
        file=str(item["file"]),
        finished=str(item["finished"]),
        players=tuple(str(name) for name in item["players"]),
        result=result,
        spec=spec,
        problem=item["problem"],
    )


def renamed(games: list[FinishedGame], renames: Mapping[str, str]) -> list[FinishedGame]:
    """The games with each player shown by the name they were renamed to (#14)."""
    if not renames:
        return games

    def name(text: str) -> str:
        return renames.get(text.strip().casefold(), text)

    shown = []
    for game in games:
        result = game.result
        if result is not None:
            result = Result(
                result.game,
                [
                    Standing(name(s.name), s.breakdown, s.total, s.tiebreaks, s.rank)
                    for s in result.standings
                ],
            )
        shown.append(
            FinishedGame(
                game.game,
                game.title,
                game.file,
                game.finished,
                tuple(name(player) for player in game.players),
                result,
                game.spec,
                game.problem,
            )
        )
    return shown


def only(
    games: Iterable[FinishedGame], game: str | None = None, player: str | None = None
) -> list[FinishedGame]:
    """The games of one game id and/or with one player (case ignored)."""
    return [
        g for g in games if (game is None or g.game == game) and (player is None or g.has(player))
    ]


@dataclass
class PlayerRecord:
    """A player's figures over the games given (one game id, or all of them)."""

    name: str
    played: int = 0
    wins: int = 0  # shared wins included
    shared_wins: int = 0
    scores: list[int] = field(default_factory=list)  # newest first
    categories: dict[str, list[int]] = field(default_factory=dict)  # label -> points
    longest_streak: int = 0
    games: set[str] = field(default_factory=set)  # the game ids the scores come from

    @property
    def comparable(self) -> bool:
        """Whether the scores compare: all of one game (Calamityville's are dollars,
        Boomtown's gold; a best or an average over both means nothing)."""
        return len(self.games) <= 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def best(self) -> int | None:
        """None when there is none, or the scores do not compare (`comparable`)."""
        return max(self.scores) if self.scores and self.comparable else None

    @property
    def average(self) -> float | None:
        if not (self.scores and self.comparable):
            return None
        return sum(self.scores) / len(self.scores)

    @property
    def last(self) -> int | None:
        return self.scores[0] if self.scores and self.comparable else None

    def category_averages(self) -> dict[str, float]:
        """Each category's average over the games that have it; none over games of several
        kinds (Coloma's Buildings and Builders' are two categories of one name)."""
        if not self.comparable:
            return {}
        return {label: sum(points) / len(points) for label, points in self.categories.items()}


def player_records(games: Iterable[FinishedGame]) -> list[PlayerRecord]:
    """Each player's record over `games` (newest first, as `finished_games` gives them),
    most wins first, then the best win rate, then by name."""
    records: dict[str, PlayerRecord] = {}
    streaks: dict[str, int] = {}
    scored = [g for g in games if g.result is not None and g.spec is not None]
    for game in reversed(scored):  # oldest first, for streaks and the newest spelling
        assert game.result is not None and game.spec is not None
        labels = {category.key: category.label for category in game.spec.categories}
        shared = len(game.result.winners) > 1
        for standing in game.result.standings:
            key = folded(standing.name)  # (case and accents aside, as everywhere)
            record = records.setdefault(key, PlayerRecord(standing.name))
            record.name = standing.name  # the newest spelling
            record.played += 1
            record.games.add(game.game)
            record.scores.insert(0, standing.total)
            for category, points in standing.breakdown.items():
                record.categories.setdefault(labels.get(category, category), []).append(points)
            if standing.rank == 1:
                record.wins += 1
                record.shared_wins += shared
                streaks[key] = streaks.get(key, 0) + 1
                record.longest_streak = max(record.longest_streak, streaks[key])
            else:
                streaks[key] = 0
    return sorted(records.values(), key=lambda r: (-r.wins, -r.win_rate, r.name.casefold()))


def category_highs(games: Iterable[FinishedGame], game: str) -> dict[str, int]:
    """The most points any player had in each category of `game` (by category key), over
    the finished games: the scoring wizard says when an answer goes past them (999 VP went
    in without a word: a play-test), never refusing it."""
    highs: dict[str, int] = {}
    for finished in games:
        if finished.game != game or finished.result is None:
            continue
        for standing in finished.result.standings:
            for key, points in standing.breakdown.items():
                highs[key] = max(points, highs.get(key, points))
    return highs


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the games they both played: who finished ahead how often."""

    first: str
    second: str
    together: int
    first_ahead: int
    second_ahead: int
    level: int


def head_to_head(games: Iterable[FinishedGame], first: str, second: str) -> HeadToHead:
    together = first_ahead = second_ahead = level = 0
    a, b = folded(first), folded(second)
    for game in games:
        if game.result is None:
            continue
        ranks = {folded(s.name): s.rank for s in game.result.standings}
        if a not in ranks or b not in ranks:
            continue
        together += 1
        if ranks[a] < ranks[b]:
            first_ahead += 1
        elif ranks[b] < ranks[a]:
            second_ahead += 1
        else:
            level += 1
    return HeadToHead(first, second, together, first_ahead, second_ahead, level)


def played_with(games: Iterable[FinishedGame], name: str) -> set[str]:
    """The players who sat at a game with `name` (names compare without case or accents):
    two people, whom a rename must never merge into one record."""
    key = folded(name)
    return {
        other
        for game in games
        if key in {folded(player) for player in game.players}
        for other in game.players
        if folded(other) != key
    }


def records_table(records: list[PlayerRecord]) -> str:
    """The players' records as plain text columns (for `goldrush history`)."""
    headers = ["Player", "Played", "Wins", "Win rate", "Best", "Average", "Last", "Streak"]
    rows = [
        [
            r.name,
            str(r.played),
            f"{r.wins}" + (f" ({r.shared_wins} shared)" if r.shared_wins else ""),
            f"{r.win_rate:.0%}",
            _number(r.best),
            _number(r.average),
            _number(r.last),
            str(r.longest_streak),
        ]
        for r in records
    ]
    return _columns(headers, rows)


def games_table(games: list[FinishedGame]) -> str:
    """The finished games, newest first, a line each (for `goldrush history`)."""
    headers = ["Finished", "Game", "Players", "Winner", "Scores"]
    rows = []
    for g in games:
        if g.result is None:
            rows.append([g.finished[:16], g.title, ", ".join(g.players), "?", g.problem or ""])
            continue
        scores = ", ".join(f"{s.name} {s.total}" for s in g.result.standings)
        rows.append([g.finished[:16], g.title, ", ".join(g.players), " & ".join(g.winners), scores])
    return _columns(headers, rows)


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.1f}" if isinstance(value, float) and not value.is_integer() else f"{value:g}"


def _columns(headers: list[str], rows: list[list[str]]) -> str:
    return "\n".join(column_lines([headers, *rows]))


def to_json(games: list[FinishedGame], records: list[PlayerRecord]) -> dict[str, Any]:
    """What `goldrush history --json` prints (format 1, documented in README)."""
    return {
        "format": 1,
        "games": [
            {
                "game": g.game,
                "file": g.file,
                "finished": g.finished,
                "players": list(g.players),
                "result": g.result.to_json() if g.result else None,
                "problem": g.problem,
            }
            for g in games
        ],
        "players": [
            {
                "name": r.name,
                "played": r.played,
                "wins": r.wins,
                "shared_wins": r.shared_wins,
                "win_rate": round(r.win_rate, 4),
                "best": r.best,
                "average": None if r.average is None else round(r.average, 2),
                "last": r.last,
                "longest_streak": r.longest_streak,
                "category_averages": {k: round(v, 2) for k, v in r.category_averages().items()},
            }
            for r in records
        ],
    }
