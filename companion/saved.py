"""The saved-games list: one line per game without replaying every game each time.

A game's summary (title, players, progress, finished) is cached beside the parse cache,
keyed by the file's size and modification time; only a game whose file changed since is
read and replayed again. Damaged files are always read again, so a repaired file shows up.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.files import MIB, read_bounded, replace_whole
from companion.safe_text import visible
from companion.store import DamagedFile, Store

if TYPE_CHECKING:  # the rules are imported only when a summary must be made again (startup)
    from companion.session import GameSession

SUMMARY_LIMIT = 1 * MIB
#: made part of a summary's key when what a summary says changes (the options in the title;
#: "Round 3 done"): summaries an earlier version cached are made again
SUMMARY_FORMAT = 3  # (3: the options set up, for the new game's "same table")


@dataclass(frozen=True)
class SavedGame:
    path: Path
    game: str
    title: str
    players: list[str]
    progress: str
    finished: bool
    modified: float
    colours: list[str]  # each player's colour, in seat order (the new-game dialog offers them)
    started: str  # when the game was set up (its header's stamp)
    #: the options it was set up with (the new-game dialog's "same table" takes them again)
    options: dict[str, Any] = field(default_factory=dict)

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
        key = [SUMMARY_FORMAT, stat.st_size, stat.st_mtime_ns]
        summary = _read_summary(store, path, key)
        if summary is None:
            from companion.session import GameSession

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
    progress = session.progress()
    if session.read_only_reason is not None:
        progress += " · damaged, read-only"
    options = session.header.options
    variants = session.rules.variants(options)
    return SavedGame(
        path=session.path,
        game=session.rules.id,
        title=session.title + (f" ({', '.join(variants)})" if variants else ""),
        players=[player.name for player in session.state.players],
        progress=progress,
        finished=session.state.finished,
        modified=modified,
        colours=[player.colour for player in session.state.players],
        started=session.header.created,
        options=dict(options),
    )


def _summary_path(store: Store, path: Path) -> Path:
    return store.cache_dir / f"{path.stem}.summary.json"


def _read_summary(store: Store, path: Path, key: list[int]) -> SavedGame | None:
    """The cached summary when it is for this very file and well formed; None otherwise
    (it is then rebuilt from the game file: a cache is never trusted blindly)."""
    try:
        cached = json.loads(read_bounded(_summary_path(store, path), SUMMARY_LIMIT))
        if not isinstance(cached, dict) or cached.get("key") != key:
            return None
        return _summary_of(cached["summary"], path)
    except Exception:  # any fault in a cache only means: read the game again
        return None


def _summary_of(fields: Any, path: Path) -> SavedGame | None:
    """A SavedGame from a cached table whose every field has the right type, else None."""
    if not isinstance(fields, dict):
        return None
    texts = [fields.get(name) for name in ("game", "title", "progress")]
    players = fields.get("players")
    colours = fields.get("colours")
    modified = fields.get("modified")
    started = fields.get("started")
    if not all(type(text) is str for text in [*texts, started]):
        return None
    for names in (players, colours):
        if not (isinstance(names, list) and all(type(name) is str for name in names)):
            return None
    if type(fields.get("finished")) is not bool or type(modified) not in (int, float):
        return None
    options = fields.get("options")
    if not isinstance(options, dict) or not all(
        type(key) is str and type(value) in (bool, int, str) for key, value in options.items()
    ):
        return None
    game, title, progress = (visible(text) for text in texts)
    names = [visible(name) for name in players]
    return SavedGame(
        path,
        game,
        title,
        names,
        progress,
        fields["finished"],
        float(modified),
        [visible(colour) for colour in colours],
        visible(started),
        options,
    )


def _write_summary(store: Store, path: Path, key: list[int], summary: SavedGame) -> None:
    """Best effort, like the parse cache: without it the list is only slower."""
    fields = asdict(summary)
    del fields["path"]
    try:
        store.cache_dir.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"key": key, "summary": fields}).encode("utf-8")
        replace_whole(_summary_path(store, path), data)
    except (OSError, TypeError, ValueError):
        return
