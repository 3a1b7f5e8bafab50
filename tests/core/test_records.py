"""Records (#14): the history's finished games scored again, and the figures per player."""

from __future__ import annotations

import json
from typing import Any

from companion.games import SHEETS
from companion.records import (
    finished_games,
    games_table,
    head_to_head,
    load_finished,
    only,
    player_records,
    records_table,
    to_json,
)
from companion.scoring import sheet_text
from companion.store import Store


def boomtown(
    name: str, gold: int, mines: list[int] | None = None, mayors: int = 0
) -> dict[str, Any]:
    return {"name": name, "gold": gold, "mines": mines or [], "mayors": mayors}


def row(when: str, game: str, players: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": game,
        "title": SHEETS[game].title,
        "file": f"{when}-{game}.toml",
        "finished": when,
        "players": [p["name"] for p in players],
        "sheet": sheet_text(SHEETS[game], players),
    }


HISTORY = [
    row(
        "2026-01-01T20:00", "boomtown", [boomtown("Ann", 20), boomtown("Bo", 10), boomtown("Cy", 5)]
    ),
    row(
        "2026-02-01T20:00",
        "boomtown",
        [boomtown("ann", 12, [3], 1), boomtown("Bo", 30), boomtown("Cy", 2)],
    ),
    row(
        "2026-03-01T20:00", "boomtown", [boomtown("Ann", 15), boomtown("Bo", 15), boomtown("Cy", 1)]
    ),
    row(
        "2026-04-01T20:00",
        "calamityville",
        [{"name": "Cy", "money": 900}, {"name": "Ann", "money": 800}],
    ),
]


def test_games_newest_first_with_their_standings() -> None:
    games = finished_games(HISTORY, SHEETS)
    assert [g.finished[:7] for g in games] == ["2026-04", "2026-03", "2026-02", "2026-01"]
    assert games[0].winners == ["Cy"]
    assert games[1].winners == ["Ann", "Bo"]  # a tie that no tie-break decides is shared
    assert games[3].margin() == 10
    assert [g.file for g in only(games, game="boomtown", player="CY")] == [
        "2026-03-01T20:00-boomtown.toml",
        "2026-02-01T20:00-boomtown.toml",
        "2026-01-01T20:00-boomtown.toml",
    ]
    assert [g.game for g in only(games, player="Bo")] == ["boomtown"] * 3


def test_player_records_count_shared_wins_streaks_and_categories() -> None:
    games = only(finished_games(HISTORY, SHEETS), game="boomtown")
    records = {r.name: r for r in player_records(games)}
    ann = records["Ann"]  # "ann" in February: one player, shown as spelt last
    assert (ann.played, ann.wins, ann.shared_wins) == (3, 2, 1)
    assert ann.scores == [15, 20, 20]  # newest first: 12 gold + 3 + 5 for the mayor = 20
    assert ann.best == 20 and ann.last == 15 and round(ann.win_rate, 2) == 0.67
    assert ann.longest_streak == 1
    assert ann.category_averages()["Gold"] == (20 + 12 + 15) / 3
    bo = records["Bo"]
    assert (bo.wins, bo.longest_streak) == (2, 2)  # February, then March (shared)
    assert records["Cy"].wins == 0
    assert [r.name for r in player_records(games)][:2] == ["Ann", "Bo"]


def test_best_average_and_last_only_over_one_games_scores() -> None:
    """A play-test: Ann's average mixed Calamityville's dollars with Boomtown's gold. Over
    games of more than one kind they are not given (None: "-" in tables, null in JSON)."""
    games = finished_games(HISTORY, SHEETS)
    assert len({g.game for g in games}) > 1
    mixed = {r.name: r for r in player_records(games)}
    one = {r.name: r for r in player_records(only(games, game="boomtown"))}
    assert one["Ann"].best == 20
    assert (mixed["Ann"].best, mixed["Ann"].average, mixed["Ann"].last) == (None, None, None)
    assert mixed["Bo"].best == one["Bo"].best  # Bo played Boomtown only: his compare
    row = next(line for line in records_table(list(mixed.values())).splitlines() if "Ann" in line)
    assert row.split()[-4:-1] == ["-", "-", "-"]  # then the streak


def test_head_to_head() -> None:
    games = finished_games(HISTORY, SHEETS)
    duel = head_to_head(games, "ann", "Bo")
    assert (duel.together, duel.first_ahead, duel.second_ahead, duel.level) == (3, 1, 1, 1)


def test_a_row_that_cannot_be_scored_is_listed_with_its_problem() -> None:
    broken = {**HISTORY[0], "sheet": "game = 'boomtown'\n[[players]]\nname = 'Ann'\n"}
    games = finished_games([broken], SHEETS)
    assert games[0].result is None and "cannot be read" in (games[0].problem or "")
    assert player_records(games) == []
    assert "cannot be read" in games_table(games)


def test_tables_and_json() -> None:
    games = finished_games(HISTORY, SHEETS)
    text = games_table(games)
    assert "Ann & Bo" in text.splitlines()[2]
    table = records_table(player_records(games))
    assert table.splitlines()[0].split()[:3] == ["Player", "Played", "Wins"]
    assert "1 shared" in table
    data = json.loads(json.dumps(to_json(games, player_records(games))))
    assert data["format"] == 1
    assert data["games"][0]["result"]["winners"] == ["Cy"]


def test_the_records_cache_is_speed_only(store: Store) -> None:
    for item in HISTORY:
        store.record_finished(item)
    first = load_finished(store, SHEETS)
    cache = store.cache_dir / "records.json"
    assert cache.exists()
    again = load_finished(store, SHEETS)  # from the cache: the same games and standings
    assert [(g.file, g.winners, g.margin()) for g in again] == [
        (g.file, g.winners, g.margin()) for g in first
    ]
    assert again[1].result is not None and again[1].result.standings[0].tiebreaks == ()
    cache.write_text("{not json")  # damaged: made anew
    assert [g.file for g in load_finished(store, SHEETS)] == [g.file for g in first]
    store.record_finished(
        row(
            "2026-05-01T20:00",
            "calamityville",
            [{"name": "Bo", "money": 1}, {"name": "Cy", "money": 2}],
        )
    )
    assert len(load_finished(store, SHEETS)) == 5  # the history changed: not the old cache


def test_a_new_finish_scores_only_the_new_row(store: Store) -> None:
    for item in HISTORY[:2]:
        store.record_finished(item)
    load_finished(store, SHEETS)
    cache = store.cache_dir / "records.json"
    data = json.loads(cache.read_text())
    data["games"][0]["title"] = "From the cache"  # marks the cached rows
    cache.write_text(json.dumps(data))
    store.record_finished(HISTORY[2])
    games = load_finished(store, SHEETS)
    assert [g.title for g in games] == ["Boomtown", "Boomtown", "From the cache"]
    assert games[0].winners == ["Ann", "Bo"]  # the new row, scored
    store.history_path.write_bytes(
        store.history_path.read_bytes().replace(b"Boomtown", b"Boomtowm")
    )
    assert [g.title for g in load_finished(store, SHEETS)] == [
        "Boomtowm"
    ] * 3  # rewritten: all again


def test_the_tables_line_up_a_name_with_an_emoji() -> None:
    """An emoji takes two terminal cells: counted as one, it pushed its row out of line in
    `goldrush history` (a play-test)."""
    from companion.scoring import column_lines

    lines = column_lines([["Player", "Wins"], ["Bo🤠", "2"], ["Annabel", "10"]])
    assert lines == ["Player   Wins", "Bo🤠     2", "Annabel  10"]


PLAYED = ([("Zoe", 20), ("Bo", 10), ("Cy", 5)], [("Zoë", 30), ("Bo", 40), ("Cy", 5)])


def test_a_player_is_one_record_whatever_accents_were_typed() -> None:
    """Zoë typed as Zoe at another table is the same player (as names compare everywhere),
    and `goldrush history --player zoe` finds her games (it found none)."""
    games = finished_games(
        [
            row("2026-01-01T20:00", "boomtown", [boomtown(n, g) for n, g in PLAYED[0]]),
            row("2026-02-01T20:00", "boomtown", [boomtown(n, g) for n, g in PLAYED[1]]),
        ],
        SHEETS,
    )
    records = {record.name: record for record in player_records(games)}
    assert records["Zoë"].played == 2 and "Zoe" not in records  # the newest spelling
    assert all(game.has("zoe") for game in games)


def coloma(name: str, buildings: list[int], hotels: int | None = None) -> dict[str, Any]:
    """A Coloma sheet's row; `hotels` None: played without the Hotel Building module (its
    sheet has no `hotels`, as the wizard saves it)."""
    player: dict[str, Any] = {
        "name": name,
        "track": 0,
        "buildings": buildings,
        "canyons": [],
        "bridges": [],
        "frontier": 0,
        "graves": [],
        "gold": 0,
        "bucks": 0,
        "dudes": 0,
        "tents": 0,
        "horses": 0,
    }
    if hotels is not None:
        player["hotels"] = hotels
    return player


def coloma_row(when: str, players: list[dict[str, Any]]) -> dict[str, Any]:
    """A finished Coloma game's history row, its sheet as the wizard saves it."""
    from companion.games.coloma.rules import ColomaRules

    rules = ColomaRules()
    spec = rules.sheet if all("hotels" in p for p in players) else None
    if spec is None:  # the wizard's sheet of a game without the module: no Hotels step
        from dataclasses import replace

        spec = replace(
            rules.sheet,
            fields=tuple(f for f in rules.sheet.fields if f.key != "hotels"),
            categories=tuple(c for c in rules.sheet.categories if c.key != "hotels"),
        )
    return {
        "game": "coloma",
        "title": "Coloma",
        "file": f"{when}-coloma.toml",
        "finished": when,
        "players": [p["name"] for p in players],
        "sheet": sheet_text(spec, players),
    }


COLOMA_HISTORY = [
    coloma_row("2026-06-01T20:00", [coloma("Ann", [6], hotels=2), coloma("Bo", [6], hotels=0)]),
    coloma_row("2026-06-02T20:00", [coloma("Ann", [4]), coloma("Bo", [8])]),
]


def test_a_category_averages_only_the_games_that_have_it() -> None:
    """A play-test: Ann built 2 Hotels (16 VP) in the one game with the Hotel Building
    module, and her Hotels average read 8: the game without the module counted as 0."""
    games = finished_games(COLOMA_HISTORY, SHEETS)
    records = {r.name: r for r in player_records(games)}
    assert records["Ann"].category_averages()["Hotels (8 each)"] == 16
    assert records["Bo"].category_averages()["Hotels (8 each)"] == 0  # he had the module
    assert records["Ann"].category_averages()["Buildings"] == 5  # both games
    without = games[0]  # newest: no module, no Hotels column in its standings
    assert without.spec is not None and "hotels" not in [c.key for c in without.spec.categories]


def test_category_averages_are_not_given_over_games_of_several_kinds() -> None:
    """Coloma's Buildings and Builders' are two categories of one name: averaged together
    they mean nothing, so over several kinds of game there are none (as the best score)."""
    builders = {
        "game": "builders",
        "title": "Boomtown Builders",
        "file": "b.toml",
        "finished": "2026-06-03T20:00",
        "players": ["Ann", "Bo"],
        "sheet": sheet_text(
            SHEETS["builders"],
            [
                {"name": "Ann", "investments": [{"vp": 5, "cube": 3}]},
                {"name": "Bo", "investments": []},
            ],
        ),
    }
    games = finished_games([*COLOMA_HISTORY, builders], SHEETS)
    records = {r.name: r for r in player_records(games)}
    assert records["Ann"].category_averages() == {}
    data = to_json(games, player_records(games))
    assert data["players"][0]["category_averages"] == {}
    one = {r.name: r for r in player_records(only(games, game="builders"))}
    assert one["Ann"].category_averages()["Buildings"] == 15


def test_an_older_records_cache_is_scored_again_not_trusted(store: Store) -> None:
    """A cache of format 1 kept Hotels at 0 for a game without the module: read as it
    is, the averages stayed wrong. Its format differs: the history is scored again, and the
    new cache keeps the game without its Hotels category."""
    for item in COLOMA_HISTORY:
        store.record_finished(item)
    load_finished(store, SHEETS)
    cache = store.cache_dir / "records.json"
    data = json.loads(cache.read_text())
    assert data["format"] == 2
    old = {**data, "format": 1}
    for game in old["games"]:  # as format 1 wrote it: Hotels 0 in every breakdown
        for standing in game["result"]:
            standing[1].setdefault("hotels", 0)
        del game["fields"]
    cache.write_text(json.dumps(old))
    games = load_finished(store, SHEETS)
    records = {r.name: r for r in player_records(games)}
    assert records["Ann"].category_averages()["Hotels (8 each)"] == 16
    again = load_finished(store, SHEETS)  # from the new cache: the same, spec narrowed too
    assert [g.spec for g in again] == [g.spec for g in games]
    assert {r.name: r.category_averages() for r in player_records(again)} == {
        r.name: r.category_averages() for r in player_records(games)
    }


def test_category_highs_are_the_most_anyone_had_in_one_game() -> None:
    """What the scoring wizard measures an answer against (999 gold: a play-test)."""
    from companion.records import category_highs

    games = finished_games([*HISTORY, *COLOMA_HISTORY], SHEETS)
    assert category_highs(games, "boomtown") == {"gold": 30, "mines": 3, "mayors": 5}
    assert category_highs(games, "coloma")["hotels"] == 16  # from the game with the module
    assert category_highs(games, "builders") == {}
