"""`goldrush export`, `history`, `backup`, `restore` (#14), including bad input: every
failure is one line on stderr with exit code 2."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from companion.games import SHEETS
from companion.scoring import sheet_text
from companion.store import Store
from tests.conftest import NewGame
from tests.core.cli_helpers import run


def finish(new_game: NewGame, golds: tuple[int, int, int], names=("Ann", "Bo", "Cy")):  # type: ignore[no-untyped-def]
    session = new_game(names=names)
    rows = [
        {"name": n, "gold": g, "mines": [], "mayors": 0} for n, g in zip(names, golds, strict=True)
    ]
    session.act(session.rules.finish(session.state, sheet_text(SHEETS["boomtown"], rows), "x"))
    session.record_in_history()
    return session


@pytest.fixture
def data(store: Store) -> list[str]:
    return ["--data-dir", str(store.root)]


def test_export_each_format(capsys, store: Store, new_game: NewGame, data: list[str]) -> None:  # type: ignore[no-untyped-def]
    session = finish(new_game, (10, 20, 5))
    code, out, err = run(capsys, *data, "export", session.game_id)
    assert code == 0 and err == ""
    assert json.loads(out)["standings"]["winners"] == ["Bo"]
    code, out, _ = run(capsys, *data, "export", session.game_id, "--format", "csv")
    assert code == 0 and list(csv.reader(io.StringIO(out)))[2][:2] == ["2", "Bo"]
    assert "tie" not in out.splitlines()[0].split(",")  # no tie, no column for one
    code, out, _ = run(capsys, *data, "export", session.game_id, "--format", "md")
    assert code == 0 and out.startswith("# Boomtown")


def test_a_game_damaged_further_up_is_reported_not_exported(  # type: ignore[no-untyped-def]
    capsys, store: Store, new_game: NewGame, data: list[str]
) -> None:
    """Export printed the part before a damaged entry as if it were the whole game, with
    code 0, and `sheet` said "not scored yet" (a play-test): each says what is damaged."""
    session = finish(new_game, (10, 20, 5))
    session.close()
    text = session.path.read_text()
    session.path.write_text(text.replace('kind = "finish"', 'kind = "finis"', 1))
    for command in ("export", "sheet"):
        code, out, err = run(capsys, *data, command, session.game_id)
        assert code == 2 and out == "", (command, out)
        assert "entry 1 of the file" in err and "the file is kept" in err, err
        assert err.count("\n") == 1
    assert session.path.read_text() == text.replace('kind = "finish"', 'kind = "finis"', 1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export", "nope"], "no saved game 'nope'"),
        (["export", "../x"], "no saved game"),
        (["export", "ID", "--format", "xml"], "--format is one of json, csv, md"),
        (["history", "--game", "chess"], "--game is one of"),
        # what was typed, escaped once: a backslash typed is one (`!r` wrote it twice)
        (["export", "ID", "--format", "j\\s\x1bn"], "csv, md, not 'j\\s\\x1bn'"),
        (["history", "--game", "c\\h\x1b"], "(or its start), not 'c\\h\\x1b'"),
        (["history", "--json", "--csv"], "not allowed with"),
        (["restore", "missing.zip"], "no such file"),
        # empty names: refused, not read as another thing (a play-test)
        (["history", "--player", ""], "--player needs a name, or the start of one"),
        (["backup", ""], "name the zip to write"),
        (["backup", "TMP/games.txt"], "games.txt does not end in .zip"),  # (none written)
        (["restore", " "], "name the zip to restore"),
    ],
)
def test_bad_input_is_one_line(
    capsys,
    store: Store,
    new_game: NewGame,
    data: list[str],
    args: list[str],
    message: str,
    tmp_path: Path,
) -> None:  # type: ignore[no-untyped-def]
    session = new_game()
    args = [a.replace("ID", session.game_id).replace("TMP", str(tmp_path)) for a in args]
    code, out, err = run(capsys, *data, *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "games.txt").exists()


def test_a_folder_named_like_a_game_is_said_as_the_list_says_it(
    capsys, store: Store, data: list[str]
) -> None:  # type: ignore[no-untyped-def]
    """`list` said "damaged: .../x.toml: is not a regular file (a folder)" and `open` that it
    cannot be opened, but `export` and `sheet` said "no saved game 'x'"."""
    store.games_dir.mkdir(parents=True)
    folder = store.games_dir / "20260101-000000-boomtown.toml"
    folder.mkdir()
    for command in ("export", "sheet"):
        code, out, err = run(capsys, *data, command, "20260101-000000-boomtown")
        assert code == 2 and out == ""
        assert err == f"goldrush {command}: {folder}: is not a regular file (a folder)\n"


def test_history_text_json_csv_and_filters(
    capsys, store: Store, new_game: NewGame, data: list[str]
) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, *data, "history")
    assert code == 0 and out == "No finished games yet.\n"
    finish(new_game, (10, 20, 5))
    finish(new_game, (30, 20, 5), names=("Ann", "Bo", "Di"))
    code, out, _ = run(capsys, *data, "history")
    assert code == 0 and "Player" in out and "Bo" in out
    code, out, _ = run(capsys, *data, "history", "--player", "di", "--json")
    doc = json.loads(out)
    assert [g["result"]["winners"] for g in doc["games"]] == [["Ann"]]
    code, out, _ = run(capsys, *data, "history", "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:4] == ["finished", "game", "file", "player"] and len(rows) == 7
    code, out, _ = run(capsys, *data, "history", "--game", "coloma")
    assert out == "No finished games with these filters.\n"
    # a game's start, as the Records filter takes it (`calam` was refused: a play-test)
    code, out, _ = run(capsys, *data, "history", "--game", "Boom", "--json")
    assert code == 0 and len(json.loads(out)["games"]) == 2
    code, out, _ = run(capsys, *data, "history", "--game", "b")  # boomtown or builders
    assert code == 2


def test_history_says_what_ranked_each_tie_in_every_shape(
    capsys, store: Store, new_game: NewGame, data: list[str]
) -> None:  # type: ignore[no-untyped-def]
    """`export` said each tie on a total and what ranked it (`ties`); `history` printed
    Ann 20, Bo 20 with no word of it: its text, JSON and CSV say it in the same words."""
    finish(new_game, (20, 20, 5))
    finish(new_game, (30, 20, 5), names=("Ann", "Bo", "Di"))
    tie = "Ann and Bo tie on 20 points: they share the rank."
    code, out, _ = run(capsys, *data, "history")
    assert code == 0 and "\nTies:\n" in out
    (line,) = [line for line in out.splitlines() if "tie on" in line]
    assert line.endswith(f"  Boomtown: {tie}")
    code, out, _ = run(capsys, *data, "history", "--json")
    assert code == 0 and [g["ties"] for g in json.loads(out)["games"]] == [[], [tie]]
    code, out, _ = run(capsys, *data, "history", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(row["player"], row["tie"]) for row in rows] == [
        ("Ann", ""),
        ("Bo", ""),
        ("Di", ""),
        ("Ann", tie),
        ("Bo", tie),
        ("Cy", ""),
    ]
    code, out, _ = run(capsys, *data, "history", "--player", "di")
    assert code == 0 and "Ties:" not in out  # none among the games shown


def test_history_finds_a_player_by_the_start_of_a_name_or_word(
    capsys, store: Store, new_game: NewGame, data: list[str]
) -> None:  # type: ignore[no-untyped-def]
    """`--player` found only the whole name as typed, case and accents aside: "zo", "zoe"
    found no "Zoë 🤠", as Records' filter does (a play-test)."""
    finish(new_game, (10, 20, 5), names=("Zoë 🤠", "Bo", "Mary Ann"))
    finish(new_game, (30, 20, 5), names=("Ann", "Bo", "Di"))
    cases = (("zo", 1), ("ZOE", 1), ("zoë 🤠", 1), ("🤠", 1), ("ann", 2), ("bo", 2), ("x", 0))
    for typed, games in cases:  # ("🤠", a word of "Zoë 🤠", found nothing: a play-test)
        code, out, _ = run(capsys, *data, "history", "--player", typed, "--json")
        assert code == 0 and len(json.loads(out)["games"]) == games, typed


def test_an_empty_data_folder_name_is_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    """`--data-dir ""` used the default folder, unsaid (a play-test)."""
    for args in (["--data-dir", "", "list"], ["--data-dir", " ", "list"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and out == ""
        assert "--data-dir needs a folder" in err, args


def test_sheet_of_a_game_reopened_after_its_scoring_says_so(
    capsys, store: Store, new_game: NewGame, data: list[str]
) -> None:  # type: ignore[no-untyped-def]
    session = finish(new_game, (10, 20, 5))
    session.act(session.rules.reopen(session.state))
    session.close()
    code, out, err = run(capsys, *data, "sheet", session.game_id)
    assert code == 2 and out == "" and "was reopened after it was scored" in err, err


def test_history_shows_the_names_as_renamed(  # type: ignore[no-untyped-def]
    capsys, store: Store, new_game: NewGame, data: list[str]
) -> None:
    """A rename (ctrl+e in the records) showed in the app's records but not in `goldrush
    history` (a play-test). A damaged settings file is said, and the history shown as typed."""
    from companion.renames import rename_player

    finish(new_game, (10, 20, 5))
    rename_player(store, "Bo", "Bob", ["Ann", "Bo", "Cy"])
    code, out, err = run(capsys, *data, "history", "--json")
    assert code == 0 and err == ""
    assert json.loads(out)["games"][0]["result"]["winners"] == ["Bob"]
    store.settings_path.write_text("not = [toml")
    code, out, err = run(capsys, *data, "history", "--json")
    assert code == 0 and "shown as they were typed" in err
    assert json.loads(out)["games"][0]["result"]["winners"] == ["Bo"]


def test_a_damaged_history_is_reported_and_kept(capsys, store: Store, data: list[str]) -> None:  # type: ignore[no-untyped-def]
    store.root.mkdir(parents=True)
    store.history_path.write_text("games = [[[")
    code, _, err = run(capsys, *data, "history")
    assert code == 2 and "the file is kept" in err
    assert store.history_path.read_text() == "games = [[["


def test_backup_then_restore_elsewhere_and_replace(
    capsys, store: Store, new_game: NewGame, data: list[str], tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    finish(new_game, (10, 20, 5))
    archive = str(tmp_path / "b.zip")
    code, out, _ = run(capsys, *data, "backup", archive)
    assert code == 0 and out.startswith("Backed up 1 game and 1 other file")
    code, _, err = run(capsys, *data, "backup", archive)
    assert code == 2 and "already exists" in err
    elsewhere = ["--data-dir", str(tmp_path / "elsewhere")]
    code, out, _ = run(capsys, *elsewhere, "restore", archive)
    assert code == 0 and out.startswith("Restored 2 files; 0 already the same.")
    (tmp_path / "elsewhere" / "history.toml").write_text("")
    code, out, _ = run(capsys, *elsewhere, "restore", archive)  # not a terminal: kept, said
    assert "Kept yours: history.toml differs" in out
    code, out, _ = run(capsys, *elsewhere, "restore", archive, "--replace")
    assert out.startswith("Restored 1 file;")
    assert (tmp_path / "elsewhere" / "history.toml").read_bytes() == store.history_path.read_bytes()


def test_a_backup_says_which_files_it_took_though_they_cannot_be_read(  # type: ignore[no-untyped-def]
    capsys, store: Store, new_game: NewGame, data: list[str], tmp_path: Path
) -> None:
    """A damaged settings file went into the backup unsaid (a play-test)."""
    new_game()
    store.settings_path.write_text("this is [not toml")
    code, out, _ = run(capsys, *data, "backup", str(tmp_path / "b.zip"))
    assert code == 0 and out.startswith("Backed up 1 game and 1 other file")
    assert f"Copied as it is, as it cannot be read: {store.settings_path}" in out


def test_restores_question_says_an_answer_other_than_y_is_no(  # type: ignore[no-untyped-def]
    capsys, monkeypatch
) -> None:
    """ "maybe" at [y/N] was taken as no without a word (a play-test)."""
    from companion import cli_records

    for answer, replaced, said in (("y", True, ""), ("", False, ""), ("maybe", False, "maybe")):
        monkeypatch.setattr("builtins.input", lambda prompt, answer=answer: answer)
        assert cli_records._ask("games/x.toml (yours: 3 changes)") is replaced
        out = capsys.readouterr().out
        assert (f"Taken as no ('{said}' is not y): yours is kept." in out) == bool(said), out


def test_restores_question_says_an_odd_answer_escaped_once(  # type: ignore[no-untyped-def]
    capsys, monkeypatch
) -> None:
    """`visible(answer)!r` wrote its backslashes twice (`'m\\\\x1b[2J'`)."""
    from companion import cli_records

    monkeypatch.setattr("builtins.input", lambda prompt: "m\x1b[2J")
    assert cli_records._ask("games/x.toml (yours: 3 changes)") is False
    out = capsys.readouterr().out
    assert "Taken as no ('m\\x1b[2J' is not y): yours is kept." in out, out
    assert "\x1b" not in out


def test_export_of_a_game_damaged_at_its_last_entry_counts_none_after_it(  # type: ignore[no-untyped-def]
    capsys, store: Store, new_game: NewGame, data: list[str]
) -> None:
    """ "so it and the 0 after it cannot be read" (a play-test): the count is said only when
    entries follow, in the words of the app's own notice ("the 2 entries after it")."""
    from companion.amounts import parse_amount

    session = new_game()
    for _ in range(3):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    session.close()
    good = session.path.read_text()
    for nth, said in ((3, "so it cannot be read;"), (1, "so it and the 2 entries after it")):
        parts = good.split("delta = 3")
        parts[nth - 1] += "x"  # the nth entry's amount no longer a number
        session.path.write_text("delta = 3".join(parts))
        code, out, err = run(capsys, *data, "export", session.game_id)
        assert code == 2 and out == ""
        assert f"entry {nth} of the file" in err and said in err, err
        assert "the 0" not in err


def test_restores_question_answered_n_is_a_plain_no(  # type: ignore[no-untyped-def]
    capsys, monkeypatch
) -> None:
    """ "Taken as no ('n' is not y): yours is kept." for an `n` (a play-test): n and no, in
    any case, are a plain no; only another answer is "taken as" one."""
    from companion import cli_records

    for answer in ("n", "N", "no", "No", " NO "):
        monkeypatch.setattr("builtins.input", lambda prompt, answer=answer: answer)
        assert cli_records._ask("games/x.toml (yours: 3 changes)") is False
        assert capsys.readouterr().out == "Yours is kept.\n", answer
    monkeypatch.setattr("builtins.input", lambda prompt: "nope")
    assert cli_records._ask("games/x.toml (yours: 3 changes)") is False
    assert capsys.readouterr().out == "Taken as no ('nope' is not y): yours is kept.\n"


def test_a_restore_not_at_a_terminal_says_the_copy_kept_here_is_damaged(  # type: ignore[no-untyped-def]
    capsys, store: Store, new_game: NewGame, data: list[str], tmp_path: Path
) -> None:
    """`restore x.zip </dev/null` said only "Kept yours: ... differs from the backup" of a
    game damaged here (a play-test), which the question at a terminal says."""
    from companion.amounts import parse_amount

    session = new_game()
    for _ in range(3):
        session.act(session.rules.adjust(session.state, 0, "gold", parse_amount("+3")))
    session.close()
    store.write_settings({"boomtown": {"seen": 1}})
    archive = str(tmp_path / "b.zip")
    assert run(capsys, *data, "backup", archive)[0] == 0
    parts = session.path.read_text().split("delta = 3")
    parts[1] += "x"  # entry 2 damaged: only the first read
    session.path.write_text("delta = 3".join(parts))
    code, out, _ = run(capsys, *data, "restore", archive)
    assert code == 0
    assert (
        f"Kept yours: games/{session.path.name} differs from the backup (--replace takes the "
        "backup's); yours is damaged: only its first 1 entry read.\n"
    ) in out, out
    session.path.write_text("not [toml")
    code, out, _ = run(capsys, *data, "restore", archive)
    assert "(--replace takes the backup's); yours is damaged: it cannot be read (" in out, out
    store.settings_path.write_text("")  # another file kept: as it was said
    code, out, _ = run(capsys, *data, "restore", archive)
    assert (
        "Kept yours: settings.toml differs from the backup (--replace takes the backup's).\n" in out
    )


def test_backup_and_restore_say_the_kept_copies_of_damaged_files(  # type: ignore[no-untyped-def]
    capsys, store: Store, new_game: NewGame, data: list[str], tmp_path: Path
) -> None:
    """ "Backed up 14 games and 1 other file" and the zip held none of the copies kept of
    damaged files (a play-test): they are carried, and said, both ways."""
    session = finish(new_game, (10, 20, 5))
    copies = [
        store.keep_copy(session.path, "damaged", "the damaged file"),
        store.keep_copy(session.path, "torn", "the cut-off last change"),
    ]
    archive = str(tmp_path / "b.zip")
    code, out, _ = run(capsys, *data, "backup", archive)
    assert code == 0 and out.startswith(
        f"Backed up 1 game, 1 other file and 2 kept copies of damaged files to {archive}.\n"
    ), out
    elsewhere = tmp_path / "elsewhere"
    code, out, _ = run(capsys, "--data-dir", str(elsewhere), "restore", archive)
    assert code == 0
    assert out == "Restored 2 files and 2 kept copies of damaged files; 0 already the same.\n"
    for copy in copies:
        assert (elsewhere / "games" / copy.name).read_bytes() == copy.read_bytes()
    code, out, _ = run(capsys, "--data-dir", str(elsewhere), "list")
    assert copies[0].name not in out and "damaged" not in out.lower(), out
    (elsewhere / "games" / copies[0].name).write_text("another")
    code, out, _ = run(capsys, "--data-dir", str(elsewhere), "restore", archive, "--replace")
    assert out == (
        "Restored 0 files; 3 already the same.\n"
        f"Not restored: games/{copies[0].name} is here already and differs from the backup's "
        "(a kept copy is never written over).\n"
    ), out
    assert (elsewhere / "games" / copies[0].name).read_text() == "another"


def test_a_backup_says_one_kept_copy_of_a_file_a_restore_replaced(  # type: ignore[no-untyped-def]
    capsys, store: Store, new_game: NewGame, data: list[str], tmp_path: Path
) -> None:
    new_game()
    store.write_settings({"boomtown": {"seen": 1}})
    store.keep_copy(store.settings_path, "replaced", "the file here")
    code, out, _ = run(capsys, *data, "backup", str(tmp_path / "b.zip"))
    assert code == 0 and out.startswith(
        "Backed up 1 game, 1 other file and 1 kept copy of a file a restore replaced to "
    ), out
