"""Shared fixtures: a store in a temporary folder, and games set up in it."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.session import GameSession
from companion.setup import SetupForm, build_header
from companion.store import Store
from companion.table import COLOURS

DATA = Path(__file__).parent / "data"

# A Pilot test allocates fast (Rich segments, strips, styles: containers the cycle collector
# scans), and Python's default thresholds collect after every 700 of them: a run of random
# keys spent ~27% of its CPU in the collector, most of it full collections of a heap that
# grows to ~200,000 objects. Collecting a young generation after 10,000 instead brings that
# to ~10%. Only when garbage cycles are freed changes (no test looks at that); reference
# counting frees everything else at once, as before.
GC_THRESHOLDS = (10_000, 10, 10)


def pytest_configure(config: pytest.Config) -> None:
    """In each process that runs tests (every pytest-xdist worker configures itself)."""
    gc.set_threshold(*GC_THRESHOLDS)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """After each test: its garbage collected, and what is left (modules, Textual's caches,
    whatever the tests keep) frozen out of the collector's later walks (`gc.freeze`), as
    the app does after its first frame. The collector walked everything every earlier test
    left, again and again: ~15% of a screen test's CPU; now each object is walked about
    once. The collection here walks only what the test made (the rest is frozen), and
    frees its app's cycles before they are frozen: a worker holds less memory, not more."""
    yield
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def _cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache folder for the tests of a process: the stylesheets parsed by one test's
    app are kept for the next ones, as a user's are from one start to the next."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _no_user_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, _cache_dir: Path) -> None:
    """No test may touch the real user data folder, nor the user's cache folder."""
    monkeypatch.setenv("GOLDRUSH_DATA_DIR", str(tmp_path / "env-data"))
    monkeypatch.setenv("GOLDRUSH_CACHE_DIR", str(_cache_dir))


@pytest.fixture(autouse=True)
def _questions_read_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """A y/n question takes a key typed right after it came up as typing that went on, not
    an answer (screens/confirm.py): in the tests, each key is pressed a second after the
    last, as a person reads the question first. The tests of that guard give their own
    clock."""
    from screens.confirm import ConfirmDialog

    seconds = iter(range(1, 1_000_000))
    monkeypatch.setattr(ConfirmDialog, "clock", staticmethod(lambda: float(next(seconds))))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "data", GAMES)


NewGame = Callable[..., GameSession]


@pytest.fixture
def new_game(store: Store) -> NewGame:
    def make(
        game: str = "boomtown",
        names: tuple[str, ...] = ("Ann", "Bo", "Cy"),
        first: int = 0,
        **options: object,
    ) -> GameSession:
        form = SetupForm(game, list(names), list(COLOURS[: len(names)]), first, dict(options))
        header, _ = build_header(form)
        return GameSession.create(store, header)

    return make


# The test files whose tests take longest, longest first (`--durations` told). `make test`
# runs them first, handing out one test at a time (`--maxschedchunk 1`), so that the workers
# end together instead of one running a long test while the others wait.
LONGEST_FIRST = (
    "tests/reliability/test_random_keys.py",
    "tests/screens/test_boomtown_screen.py",
    "tests/screens/test_coloma_modules.py",
    "tests/screens/test_coloma_screen.py",
    "tests/screens/test_scoring_wizard.py",
    "tests/screens/test_builders_screen.py",
    "tests/reliability/test_score_fuzz.py",
    "tests/screens/test_new_game.py",
    "tests/screens/test_calamityville_screen.py",
    "tests/screens/test_snapshots_dialogs.py",  # two of ~5 s: they came last, alphabetically
    "tests/screens/test_game_screen_common.py",
    "tests/screens/test_snapshots.py",
    "tests/screens/test_records_screen.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first (in the order above), then the rest as collected."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::")[0]
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: each file's tests keep their order
