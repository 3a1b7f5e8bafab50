"""The saved-games list: one line per game without replaying every game each time.

A game's summary (title, players, progress, finished) is cached beside the parse cache,
keyed by the file's size and modification time; only a game whose file changed since is
read and replayed again. Damaged files are always read again, so a repaired file shows up.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from companion.session import GameSession
from companion.store import DamagedFile, Store


@dataclass(frozen=True)
class SavedGame:
    path: Path
    game: str
    title: str
    players: list[str]
    progress: str
    finished: bool
    modified: float

    @property
    def game_id(self) -> str:
        return self.path.stem

    @property
    def names(self) -> str:
        return ", ".join(self.players)


@dataclass
class SavedList:
    games: list[SavedGame]
    damaged: list[DamagedFile]

    def latest_unfinished(self) -> SavedGame | None:
        return next((game for game in self.games if not game.finished), None)


def list_saved(store: Store) -> SavedList:
    """The saved games, most recently played first, and the files that cannot be read."""
    games: list[SavedGame] = []
    damaged: list[DamagedFile] = []
    for path in store.game_paths():
        try:
            stat = path.stat()
        except OSError as error:
            damaged.append(DamagedFile(path, f"cannot be read ({error.strerror or error})"))
            continue
        key = [stat.st_size, stat.st_mtime_ns]
        summary = _read_summary(store, path, key)
        if summary is None:
            try:
                summary = summarise(GameSession(store, store.read_game(path)), stat.st_mtime)
            except DamagedFile as problem:
                damaged.append(problem)
                continue
            except Exception as error:  # a file this version cannot replay at all
                damaged.append(DamagedFile(path, f"cannot be replayed ({error})"))
                continue
            _write_summary(store, path, key, summary)
        games.append(summary)
    games.sort(key=lambda game: game.modified, reverse=True)
    damaged.sort(key=lambda problem: problem.path.name)
    return SavedList(games, damaged)


def summarise(session: GameSession, modified: float) -> SavedGame:
    return SavedGame(
        path=session.path,
        game=session.rules.id,
        title=session.title,
        players=[player.name for player in session.state.players],
        progress=session.progress(),
        finished=session.state.finished,
        modified=modified,
    )


def _summary_path(store: Store, path: Path) -> Path:
    return store.cache_dir / f"{path.stem}.summary.json"


def _read_summary(store: Store, path: Path, key: list[int]) -> SavedGame | None:
    try:
        cached = json.loads(_summary_path(store, path).read_bytes())
        if cached.get("key") != key:
            return None
        fields = cached["summary"]
        fields["path"] = path
        return SavedGame(**fields)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write_summary(store: Store, path: Path, key: list[int], summary: SavedGame) -> None:
    """Best effort, like the parse cache: without it the list is only slower."""
    fields = asdict(summary)
    del fields["path"]
    try:
        store.cache_dir.mkdir(parents=True, exist_ok=True)
        temporary = _summary_path(store, path).with_suffix(".tmp")
        temporary.write_text(json.dumps({"key": key, "summary": fields}), encoding="utf-8")
        temporary.replace(_summary_path(store, path))
    except (OSError, TypeError, ValueError):
        return
