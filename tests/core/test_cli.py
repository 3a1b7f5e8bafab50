"""`goldrush` from the shell, without starting the UI."""

from __future__ import annotations

import os

import pytest

from companion import __version__
from companion.store import Store
from tests.conftest import NewGame
from tests.core.cli_helpers import run


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"goldrush {__version__}\n", "")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "list" in out and "--data-dir" in out


@pytest.mark.parametrize("args", [["--bogus"], ["lst"], ["list", "extra"], ["open"]])
def test_unknown_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("goldrush")


def test_list_prints_one_game_a_line_and_damaged_files(
    capsys: pytest.CaptureFixture[str], new_game: NewGame, store: Store
) -> None:
    new_game(names=("[red]Ann[/]", "Bo", "Cy"))
    new_game(game="coloma", names=("Di", "Ed"))
    (store.games_dir / "broken.toml").write_text("[[[")
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert any("Boomtown" in line and "[red]Ann[/], Bo, Cy" in line for line in lines)
    assert lines[-1].startswith("damaged: ") and "broken.toml" in lines[-1]


def test_list_with_no_games(capsys: pytest.CaptureFixture[str], store: Store) -> None:
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and out.startswith("No saved games")


def test_open_an_unknown_game(capsys: pytest.CaptureFixture[str], store: Store) -> None:
    code, _, err = run(capsys, "--data-dir", str(store.root), "open", "nope")
    assert code == 2 and "no saved game 'nope'" in err


@pytest.mark.parametrize("command", ["open", "export", "sheet"])
@pytest.mark.parametrize(
    ("typed", "shown"),
    [("ab\x1b[31mc", "'ab\\x1b[31mc'"), ("a\tb", "'a\\x09b'"), ("a/\x1bb", "'a/\\x1bb'")],
)
def test_a_game_id_with_control_characters_is_said_escaped_once(
    capsys: pytest.CaptureFixture[str], store: Store, command: str, typed: str, shown: str
) -> None:
    """`visible(game_id)!r` wrote its backslashes twice (`'ab\\\\x1b[31mc'`)."""
    code, out, err = run(capsys, "--data-dir", str(store.root), command, typed)
    assert code == 2 and out == ""
    assert f"no saved game {shown} (see: goldrush list)" in err, err
    assert "\\\\" not in err and "\x1b" not in err and "\t" not in err


def test_nothing_the_shell_passed_reaches_the_terminal_raw(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """An argument argparse did not expect, and a data folder, were printed as typed."""
    code, out, err = run(capsys, "--data-dir", str(store.root), "list", "x\x1b[2Jy")
    assert (
        code == 2 and err == "goldrush: unrecognized arguments: x\\x1b[2Jy (try: goldrush --help)\n"
    )
    code, out, err = run(capsys, "split", "10", "--players", "4", "--leftover", "k\\e\x1b")
    assert code == 2 and err == "goldrush split: --leftover is keep or bank, not 'k\\e\\x1b'\n"
    odd = tmp_path / "odd\x1b]0;t\x07"
    for command in ("list", "where"):
        code, out, err = run(capsys, "--data-dir", str(odd), command)
        assert code == 0 and "odd\\x1b]0;t\\x07" in out, out
        assert "\x1b" not in out + err and "\x07" not in out + err


SHEET = """game = "boomtown"
[[players]]
name = "Ann"
gold = 12
mines = [3, 4]
mayors = 1
[[players]]
name = "Bo"
gold = 24
mines = []
mayors = 0
[[players]]
name = "Cy"
gold = 5
mines = [2]
mayors = 0
"""


def test_score_prints_standings_and_json(capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET)
    code, out, _ = run(capsys, "score", str(sheet))
    assert code == 0 and "Ann and Bo share the win." in out and "no tie-break" in out
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    assert code == 0
    data = json.loads(out)
    assert [(s["name"], s["rank"]) for s in data["standings"]] == [("Ann", 1), ("Bo", 1), ("Cy", 3)]
    assert data["winners"] == ["Ann", "Bo"]
    # each key says what it holds: points ("mayors": 5 read as five pawns: a play-test)
    assert data["standings"][0]["breakdown"] == {
        "gold_points": 12,
        "mine_points": 7,
        "mayor_points": 5,
    }


def test_score_json_says_each_tie_and_what_ranked_it(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """`score` said "Ann and Bo tie on 24 points: they share the rank." and `export`'s JSON
    carried it as `ties`, but `score --json` left it out: the same sentences now."""
    import json

    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET)
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    assert code == 0
    assert json.loads(out)["ties"] == ["Ann and Bo tie on 24 points: they share the rank."]
    sheet.write_text(SHEET.replace("gold = 24", "gold = 23"))
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    assert code == 0 and json.loads(out)["ties"] == []
    players = [
        COLOMA_PLAYER.format(name=name, track=9).replace("gold = 1", f"gold = {gold}")
        for name, gold in (("Ann", 3), ("Bo", 2))
    ]
    sheet.write_text('game = "coloma"\n\n' + "\n".join(players))
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    assert code == 0 and json.loads(out)["ties"] == [
        "Ann and Bo tie on 12 points; Gold Nuggets: Ann 3, Bo 2."
    ]


def test_score_json_names_what_each_breakdown_figure_holds(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """The breakdown held points under the sheet's own keys: `"mayors": 10` for two mayor
    pawns read as ten pawns (a play-test). Every key of a points game now ends in
    `_points`; Calamityville's money, in dollars, keeps its key."""
    import json

    players = [COLOMA_PLAYER.format(name=name, track=9) + "hotels = 2\n" for name in ("Ann", "Bo")]
    sheet = tmp_path / "coloma.toml"
    sheet.write_text('game = "coloma"\n\n' + "\n".join(players))
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    assert code == 0
    assert json.loads(out)["standings"][0]["breakdown"] == {
        "track_points": 9,
        "building_points": 3,
        "hotel_points": 16,
        "canyon_points": 0,
        "bridge_points": 0,
        "frontier_points": 0,
        "grave_points": 0,
    }
    sheet.write_text(
        'game = "calamityville"\n[[players]]\nname = "Ann"\nmoney = 2200\n'
        '[[players]]\nname = "Bo"\nmoney = 900\n'
    )
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    assert code == 0 and json.loads(out)["standings"][0]["breakdown"] == {"money": 2200}


def test_a_bad_sheet_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET.replace("gold = 5", "gold = -5"))
    before = sorted(tmp_path.iterdir())
    code, out, err = run(capsys, "score", str(sheet))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "player 'Cy', field 'gold': cannot be negative" in err
    assert sorted(tmp_path.iterdir()) == before
    code, _, err = run(capsys, "score", str(tmp_path / "missing.toml"))
    assert code == 2 and err.count("\n") == 1


COLOMA_PLAYER = """[[players]]
name = "{name}"
track = {track}
buildings = [3]
canyons = []
bridges = []
frontier = 0
graves = []
gold = 1
bucks = 0
dudes = 0
tents = 0
horses = 0
"""


@pytest.mark.parametrize("hotels", [False, True])
def test_score_shows_a_modules_column_only_when_the_game_used_it(
    capsys: pytest.CaptureFixture[str], tmp_path, hotels: bool
) -> None:  # type: ignore[no-untyped-def]
    """A Coloma game played without the Hotel Building module has no `hotels` in its sheet:
    `goldrush score` showed a Hotels column of 0s all the same (a play-test). With the
    module (its Hotels typed, 0 too), the column is there."""
    import json

    players = [
        COLOMA_PLAYER.format(name=name, track=track) for name, track in (("Ann", 9), ("Bo", 4))
    ]
    if hotels:
        players = [player + "hotels = 0\n" for player in players]
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('game = "coloma"\n\n' + "\n".join(players))
    code, out, _ = run(capsys, "score", str(sheet))
    header = next(line for line in out.splitlines() if line.startswith("Rank"))
    assert code == 0 and "Ann wins." in out
    assert ("Hotels" in header) is hotels, header
    assert "Buildings" in header and "Graves" in header
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    breakdown = json.loads(out)["standings"][0]["breakdown"]
    assert code == 0 and ("hotel_points" in breakdown) is hotels and breakdown["track_points"] == 9


def test_sheet_prints_a_finished_games_sheet_for_score(
    capsys: pytest.CaptureFixture[str], new_game: NewGame, store: Store, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    session = new_game(game="calamityville", names=("Ann", "Bo"))
    code, _, err = run(capsys, "--data-dir", str(store.root), "sheet", session.game_id)
    assert code == 2 and "not scored yet" in err
    sheet = 'game = "calamityville"\n\n[[players]]\nname = "Ann"\nmoney = 5\n\n[[players]]\nname = "Bo"\nmoney = 9\n'
    session.act(session.rules.finish(session.state, sheet, "Bo wins"))
    code, out, _ = run(capsys, "--data-dir", str(store.root), "sheet", session.game_id)
    assert code == 0 and out == sheet
    (tmp_path / "s.toml").write_text(out)
    code, out, _ = run(capsys, "score", str(tmp_path / "s.toml"))
    assert code == 0 and "Bo wins." in out
    code, _, err = run(capsys, "--data-dir", str(store.root), "sheet", "nope")
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--data-dir", "/tmp/x"],
        ["--data-dir=/tmp/x"],
        ["open", "20260101-coloma"],
        ["--data-dir", "d", "open", "g"],
        ["--data-dir=d", "open", ""],
        ["open", "-x"],
        ["--data-dir", "-d"],
        ["--data-dir="],
        ["--data", "d"],
        ["open"],
        ["open", "a", "b"],
        ["open", "a", "--help"],
        ["--help"],
        ["list"],
        ["open", "g", "--data-dir", "d"],
    ],
)
def test_a_plain_start_is_read_without_argparse_as_argparse_reads_it(args: list[str]) -> None:
    """Starting the app skips building the parser (startup time, #16); what it reads is
    what argparse reads, and anything else is left to argparse."""
    from companion.cli import _launch, build_parser

    quick = _launch(args)
    if quick is None:
        return
    expected = build_parser().parse_args(args)
    assert vars(quick) == {
        key: value for key, value in vars(expected).items() if key in vars(quick)
    }
    assert expected.command in (None, "open")


def test_the_app_starts_without_argparse_or_any_games_rules(
    new_game: NewGame, store: Store
) -> None:
    """`goldrush` imports neither argparse, nor the games' rules, nor the game-file reader
    on the way to listing the saved games (from their summaries): startup time, #16."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import screens.app\n"
        "screens.app.GoldrushApp.run = lambda self: None\n"
        "import companion.cli\n"
        "companion.cli._has_terminal = lambda: True\n"  # (captured: no terminal here)
        "from companion.cli import main\n"
        "main(['--data-dir', sys.argv[1]])\n"
        "from companion.saved import list_saved\n"
        "from companion.store import Store\n"
        "assert len(list_saved(Store(sys.argv[1])).games) == 2\n"
        "print(sorted(name for name in sys.modules if name in ('argparse', 'companion.journal',"
        " 'companion.gamefile') or name.startswith('companion.games')))\n"
    )
    from companion.saved import list_saved

    new_game()
    new_game(game="coloma", names=("Di", "Ed"))
    assert len(list_saved(store).games) == 2  # their summaries written
    done = subprocess.run(
        [sys.executable, "-c", code, str(store.root)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_app_without_a_terminal_says_so_and_ends(store: Store, new_game: NewGame) -> None:
    """Started from a pipe (no terminal), the app ran at full CPU for good and held its
    game's lock (a play-test): it says what it needs and ends, with exit code 2."""
    import subprocess
    import sys

    session = new_game()
    environment = {key: value for key, value in os.environ.items() if key != "TEXTUAL_DRIVER"}
    for args in ([], ["open", session.path.stem], ["display", session.path.stem]):
        done = subprocess.run(
            [sys.executable, "-m", "companion.cli", "--data-dir", str(store.root), *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            env=environment,
        )
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("goldrush: the app needs a terminal"), args


def test_list_says_the_settings_file_is_damaged(capsys, store: Store, new_game: NewGame) -> None:  # type: ignore[no-untyped-def]
    """As the home screen does (it was said only when something was saved to it)."""
    new_game()
    store.settings_path.write_text("this is [not toml")
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and f"damaged: {store.settings_path}" in out
    assert "what the app remembers" in out
    store.history_path.write_text("nor is [this")  # the history too (a play-test)
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and f"damaged: {store.history_path}" in out
    assert "the records cannot be shown" in out
    assert store.history_path.read_text() == "nor is [this"


def test_list_names_the_options_a_game_was_set_up_with(
    capsys, store: Store, new_game: NewGame
) -> None:  # type: ignore[no-untyped-def]
    """Two Coloma games of one table could not be told apart (a play-test): the options
    that are not their default follow the game's name."""
    new_game(game="coloma", names=("Ann", "Bo"), mule_duel=True, hotels=True)
    new_game(game="coloma", names=("Ann", "Bo"))
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    titles = sorted(line.split("  ")[1] for line in out.splitlines())
    assert code == 0 and titles == ["Coloma", "Coloma (Hotels, Mule Duel)"]
