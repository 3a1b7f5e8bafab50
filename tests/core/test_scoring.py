"""Every category, every tie-break, shared ranks and each kind of bad sheet."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import SHEETS
from companion.scoring import (
    SheetError,
    parse_answer,
    parse_sheet_text,
    read_sheet,
    score,
    sheet_text,
    standings_rows,
    tie_notes,
    tracked_numbers,
)


def result(game: str, players: list[dict[str, Any]]):  # type: ignore[no-untyped-def]
    spec, checked = read_sheet({"game": game, "players": players}, SHEETS)
    return score(spec, checked)


def ranks(res) -> list[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    return [(s.name, s.total, s.rank) for s in res.standings]


def boomtown(name: str, gold: int, mines: list[int], mayors: int) -> dict[str, Any]:
    return {"name": name, "gold": gold, "mines": mines, "mayors": mayors}


def test_boomtown_total_and_shared_ranks_skip() -> None:
    res = result(
        "boomtown",
        [
            boomtown("Ann", 12, [3, 4], 1),  # 12 + 7 + 5 = 24
            boomtown("Bo", 20, [], 0),  # 20
            boomtown("Cy", 9, [5, 5], 1),  # 9 + 10 + 5 = 24
            boomtown("Di", 30, [], 0),  # 30
        ],
    )
    assert ranks(res) == [("Di", 30, 1), ("Ann", 24, 2), ("Cy", 24, 2), ("Bo", 20, 4)]
    assert res.standings[1].breakdown == {"gold": 12, "mines": 7, "mayors": 5}
    tie = result(
        "boomtown", [boomtown("A", 10, [], 0), boomtown("B", 10, [], 0), boomtown("C", 3, [], 0)]
    )
    assert ranks(tie) == [("A", 10, 1), ("B", 10, 1), ("C", 3, 3)]
    assert tie.winners == ["A", "B"]


def coloma(name: str, **values: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "name": name,
        "track": 0,
        "buildings": [],
        "hotels": 0,
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
    row.update(values)
    return row


def test_coloma_every_category() -> None:
    res = result(
        "coloma",
        [
            coloma(
                "Ann",
                track=4,
                buildings=[6, 3],
                hotels=2,
                canyons=[2],
                bridges=[5],
                frontier=12,
                graves=[1, 3],
            ),
            coloma("Bo"),
        ],
    )
    ann = res.standings[0]
    assert ann.breakdown == {
        "track": 4,
        "buildings": 9,
        "hotels": 16,
        "canyons": 2,
        "bridges": 5,
        "frontier": 12,
        "graves": -4,
    }
    assert ann.total == 44


def test_coloma_at_most_four_canyons_and_four_bridges_a_player() -> None:
    """4 Rivers and 4 Bridges a player: a fifth number is refused, in a sheet and typed."""
    assert result("coloma", [coloma("Ann", canyons=[1, 2, 3, 4]), coloma("Bo")]).winners == ["Ann"]
    with pytest.raises(SheetError, match=r"'Ann', field 'canyons': at most 4 .*4 Rivers.*not 5"):
        result("coloma", [coloma("Ann", canyons=[1, 2, 3, 4, 5]), coloma("Bo")])
    with pytest.raises(SheetError, match=r"'Bo', field 'bridges': at most 4 .*4 Bridges"):
        result("coloma", [coloma("Ann"), coloma("Bo", bridges=[3] * 5)])
    canyons = next(field for field in SHEETS["coloma"].fields if field.key == "canyons")
    assert parse_answer(canyons, "1 2 3 4") == [1, 2, 3, 4]
    with pytest.raises(SheetError, match=r"^Numbers cannot be negative here \(not 1 -2\)\.$"):
        parse_answer(canyons, "1 -2")
    with pytest.raises(SheetError, match=r"cannot be negative"):
        parse_answer(SHEETS["coloma"].fields[0], "-5")
    # what is not a number is said first: "x7 -2" was refused as negative (a play-test)
    with pytest.raises(SheetError, match=r"^Not a number: x7\. "):
        parse_answer(canyons, "x7 -2")
    with pytest.raises(SheetError, match=r"^Type a whole number \(not"):
        parse_answer(SHEETS["coloma"].fields[0], "x -2")
    # the first token that does not read decides, whichever it is: "-2 x7" said "Not a
    # number: -2", though a minus was all that was wrong with it (a review)
    with pytest.raises(SheetError, match=r"^Numbers cannot be negative here \(not -2 x7\)\.$"):
        parse_answer(canyons, "-2 x7")
    with pytest.raises(SheetError, match=r"^Not a number: -x\. "):
        parse_answer(canyons, "1 -x -2")
    # a count as printed on money, with a minus before it, is negative too
    with pytest.raises(SheetError, match=r"^Numbers cannot be negative here \(not -\$2,500\)"):
        parse_answer(SHEETS["coloma"].fields[0], "-$2,500")
    with pytest.raises(SheetError, match=r"^At most 4 numbers \(4 Rivers a player\), not 5\.$"):
        parse_answer(canyons, "1 2 3 4 5")


def test_coloma_horses_and_tents_typed_past_the_box_are_refused() -> None:
    """7 Horses was taken by the wizard, though the tracker stops at 6 (a play-test); a
    sheet kept with it still scores (Records reads old sheets)."""
    fields = {field.key: field for field in SHEETS["coloma"].fields}
    assert parse_answer(fields["horses"], "6") == 6 and parse_answer(fields["tents"], "8") == 8
    with pytest.raises(SheetError, match=r"^At most 6 \(6 Horses a player\), not 7\.$"):
        parse_answer(fields["horses"], "7")
    with pytest.raises(SheetError, match=r"^At most 8 \(8 Tents\), not 9\.$"):
        parse_answer(fields["tents"], "9")
    assert result("coloma", [coloma("Ann", horses=7), coloma("Bo")]).winners


def test_coloma_tie_breaks_gold_then_leftovers_then_shared() -> None:
    res = result(
        "coloma",
        [
            coloma("Ann", track=10, gold=1, bucks=9),
            coloma("Bo", track=10, gold=2),
            coloma("Cy", track=10, gold=1, dudes=4, tents=3, horses=3),  # 10 left over
            coloma("Di", track=10, gold=1, bucks=5, horses=4),  # 9: tied with Ann
        ],
    )
    assert ranks(res) == [("Bo", 10, 1), ("Cy", 10, 2), ("Ann", 10, 3), ("Di", 10, 3)]


def investment(vp: int, cube: int, goldmine: bool = False) -> dict[str, Any]:
    return {"vp": vp, "cube": cube, "goldmine": goldmine}


def test_builders_investments_goldmines_and_the_cube_tie_break() -> None:
    res = result(
        "builders",
        [
            {
                "name": "Ann",
                "investments": [investment(5, 3, True), investment(0, 2, True), investment(2, 1)],
            },
            {"name": "Bo", "investments": [investment(10, 2), investment(3, 1)]},
            {"name": "Cy", "investments": [investment(23, 1)]},
        ],
    )
    # Ann: (5+2)x3 = 21, nothing for the vp 0 one, 2x1 = 2: 23 with two scoring cubes;
    # Bo: 20 + 3 = 23, two cubes; Cy: 23, one cube.
    by_name = {s.name: s for s in res.standings}
    assert by_name["Ann"].breakdown == {"buildings": 17, "goldmines": 6}
    assert by_name["Ann"].total == 23 and by_name["Bo"].total == 23 and by_name["Cy"].total == 23
    assert ranks(res) == [("Ann", 23, 1), ("Bo", 23, 1), ("Cy", 23, 3)]


def test_calamityville_most_money() -> None:
    res = result("calamityville", [{"name": "A", "money": 1500}, {"name": "B", "money": 2400}])
    assert res.winners == ["B"] and ranks(res) == [("B", 2400, 1), ("A", 1500, 2)]


def test_json_shape() -> None:
    res = result("calamityville", [{"name": "A", "money": 5}, {"name": "B", "money": 5}])
    assert res.to_json() == {
        "game": "calamityville",
        "standings": [
            {"name": "A", "total": 5, "rank": 1, "breakdown": {"money": 5}},
            {"name": "B", "total": 5, "rank": 1, "breakdown": {"money": 5}},
        ],
        "winners": ["A", "B"],
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game = [", "not a readable TOML sheet"),
        ('game = "monopoly"', "unknown game 'monopoly'"),
        ("players = []", "no 'game'"),
        (
            'game = "calamityville"\n[[players]]\nname = "A"\nmoney = 1',
            "Calamityville is for 2-4 players, the sheet has 1",
        ),
        (
            'game = "calamityville"\n[[players]]\nname = "A"\nmoney = 1\n[[players]]\nname = "a"\nmoney = 2',
            "player 'a': the name appears twice",
        ),
        (
            'game = "calamityville"\n[[players]]\nname = "A"\nmoney = 1\n[[players]]\nname = "B"',
            "player 'B': field 'money' is missing",
        ),
        (
            'game = "calamityville"\n[[players]]\nname = "A"\nmoney = "lots"\n[[players]]\nname = "B"\nmoney = 1',
            "player 'A', field 'money': expected a whole number",
        ),
        (
            'game = "calamityville"\n[[players]]\nname = "A"\nmoney = -5\n[[players]]\nname = "B"\nmoney = 1',
            "player 'A', field 'money': cannot be negative",
        ),
        (
            'game = "calamityville"\n[[players]]\nname = "A"\nmoney = 1\ncash = 2\n[[players]]\nname = "B"\nmoney = 1',
            "player 'A': unknown field 'cash'",
        ),
        (
            'game = "calamityville"\n[[players]]\nmoney = 1\n[[players]]\nname = "B"\nmoney = 1',
            "player 1: field 'name' is missing",
        ),
        (
            'game = "builders"\n[[players]]\nname = "A"\ninvestments = [{vp = 3, cube = 4}]\n'
            '[[players]]\nname = "B"\ninvestments = []',
            "player 'A', field 'investments': investment 1: cube must be 1, 2 or 3",
        ),
        (
            'game = "builders"\n[[players]]\nname = "A"\ninvestments = ['
            + ", ".join(["{vp = 1, cube = 3}"] * 4)
            + ']\n[[players]]\nname = "B"\ninvestments = []',
            "4 Triple cubes, but a player has only 3",
        ),
        (
            'game = "boomtown"\n'
            + "".join(
                f'[[players]]\nname = "{n}"\ngold = 1\nmines = [1, -2]\nmayors = 0\n' for n in "ABC"
            ),
            "player 'A', field 'mines': numbers cannot be negative",
        ),
    ],
)
def test_bad_sheets_name_the_player_and_the_field(text: str, message: str) -> None:
    with pytest.raises(SheetError, match=None) as caught:
        parse_sheet_text(text, SHEETS)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (  # a play-tester's Cy with a backslash after his name
            'name = "Cy\\\\"\nmoney = 1\n[[players]]\nname = "cy\\\\"\nmoney = 2',
            "player 'cy\\': the name appears twice",
        ),
        (
            'name = "Cy\\\\"\nmoney = 1\n"c\\\\sh" = 2\n[[players]]\nname = "B"\nmoney = 1',
            "player 'Cy\\': unknown field 'c\\sh'",
        ),
        (
            'name = "Cy\\u001b[2J"\n[[players]]\nname = "B"\nmoney = 1',
            "player 'Cy\\x1b[2J': field 'money' is missing",
        ),
        (
            'name = "A"\nmoney = "a\\\\b"\n[[players]]\nname = "B"\nmoney = 1',
            "player 'A', field 'money': expected a whole number, got 'a\\b'",
        ),
    ],
)
def test_a_sheets_text_is_said_with_one_backslash_and_its_controls_escaped(
    players: str, message: str
) -> None:
    """A name (or a key, a value) read from a sheet file is said as `quoted` shows it, a
    backslash once, a control character escaped: `!r` wrote the backslash after Cy's name
    twice (a play-test)."""
    with pytest.raises(SheetError) as caught:
        parse_sheet_text(f'game = "calamityville"\n[[players]]\n{players}', SHEETS)
    assert str(caught.value) == message


def test_sheet_text_round_trips() -> None:
    players = [
        {"name": "[b]Ann[/b]", "investments": [investment(5, 3, True), investment(0, 1)]},
        {"name": "Bo", "investments": []},
    ]
    spec, checked = read_sheet({"game": "builders", "players": players}, SHEETS)
    again_spec, again = parse_sheet_text(sheet_text(spec, checked), SHEETS)
    assert again_spec is spec and again == checked


@given(st.lists(st.integers(0, 6), min_size=2, max_size=4))
def test_ranks_count_who_is_strictly_ahead(moneys: list[int]) -> None:
    res = result("calamityville", [{"name": f"P{i}", "money": m} for i, m in enumerate(moneys)])
    for standing in res.standings:
        assert standing.rank == 1 + sum(1 for m in moneys if m > standing.total)
    assert [s.rank for s in res.standings] == sorted(s.rank for s in res.standings)
    assert res.winners == [f"P{i}" for i, m in enumerate(moneys) if m == max(moneys)]


def test_typed_answers() -> None:
    from companion.scoring import answer_text, cubes_left, parse_answer

    gold, mines = SHEETS["boomtown"].fields[0], SHEETS["boomtown"].fields[1]
    investments = SHEETS["builders"].fields[0]
    assert parse_answer(gold, " 12 ") == 12
    money = SHEETS["calamityville"].fields[0]  # as printed on the bills (a play-test typed it)
    assert [parse_answer(money, text) for text in ("$2,500", "2,500", "$ 2500", "1,000,000")] == [
        2500,
        2500,
        2500,
        1_000_000,
    ]
    for text in ("2,50", "1,5", "$", "2.500", "$-5"):
        with pytest.raises(SheetError):
            parse_answer(money, text)
    assert parse_answer(mines, "3, 4 6") == [3, 4, 6] and parse_answer(mines, "") == []
    value = parse_answer(investments, "5x3g, 2X1 0 x 2 7\u00d71+g")
    assert value == [
        investment(5, 3, True),
        investment(2, 1),
        investment(0, 2),
        investment(7, 1, True),
    ]
    assert parse_answer(investments, answer_text(investments, value)) == value
    assert cubes_left(value) == "Cubes left: 2 Triples, 3 Doubles, 5 Singles"
    # as the game tracks them: a correction took a Single away (it counted the box's 7)
    supply = {3: 3, 2: 4, 1: 6}
    assert cubes_left(value, supply) == "Cubes left: 2 Triples, 3 Doubles, 4 Singles"
    for field, text, message in [
        (gold, "-1", "Numbers cannot be negative here"),
        (mines, "3 x", "Not a number: x."),
        # a player's sentence (the sheet file's "investments: investment 1: cube must be
        # 1, 2 or 3, not 4" was shown under `5x4` in the wizard: a play-test)
        (
            investments,
            "5x4",
            r"^Building 1's cube is 1 \(Single\), 2 \(Double\) or 3 \(Triple\), not 4\.$",
        ),
        (investments, "five", "Not an investment: five."),
        (investments, "5x3 -2x1", "Numbers cannot be negative here"),
        (investments, "x -2x1", "Not an investment: x."),
        # a minus before an investment is negative; before what is none, it is named
        (investments, "-2 x7 five", r"^Numbers cannot be negative here \(not -2 x7 five\)"),
        (investments, "five -2x1", "^Not an investment: five."),
        (investments, "-3", r"^Not an investment: -3\. Type"),
        (investments, "1x2 " * 5, "^5 Doubles typed: a player has 4 Double cubes.$"),
    ]:
        with pytest.raises(SheetError, match=message):
            parse_answer(field, text)


def test_charts_keep_what_the_rules_give() -> None:
    from companion.scoring import chart_text, chart_with, look_up, parse_chart

    frontier = SHEETS["coloma"].fields[5]
    assert frontier.chart == "coloma-frontier"
    chart = chart_with("coloma-frontier", {"4": 18, "3": 99, "x": 1})
    assert chart == {0: 0, 3: 12, 4: 18, 5: 25} and chart_text(chart) == "3=12 4=18 5=25"
    assert parse_chart("coloma-frontier", "4=18, 6=30") == {0: 0, 3: 12, 4: 18, 5: 25, 6: 30}
    with pytest.raises(SheetError, match="The rules give 25 for 5"):
        parse_chart("coloma-frontier", "5=20")
    with pytest.raises(SheetError, match="Not a chart entry: 4:18"):
        parse_chart("coloma-frontier", "4:18")
    assert look_up(frontier, chart, 4) == 18
    with pytest.raises(SheetError, match="points for 2 are not known yet"):
        look_up(frontier, chart, 2)


def test_tie_notes_give_the_figures_that_decided_each_tie() -> None:
    spec = SHEETS["builders"]
    field = spec.fields[0]
    typed = [("Ann", "5x1 4x1"), ("Bo", "3x3"), ("Cy", "2x1"), ("Di", "1x1")]
    rows = [{"name": name, field.key: parse_answer(field, text)} for name, text in typed]
    result = score(spec, rows)
    assert tie_notes(spec, result) == [
        "Ann and Bo tie on 9 points; Investment Cubes on the Scoring Track: Ann 2, Bo 1."
    ]
    headers, cells = standings_rows(spec, result)
    assert headers[-1] == "Investment Cubes on the Scoring Track"
    assert [row[1] for row in cells] == ["Ann", "Bo", "Cy", "Di"] and cells[0][-1] == "2"
    boomtown = SHEETS["boomtown"]
    even = [{"name": n, "gold": 10, "mines": [], "mayors": 0} for n in ("Ann", "Bo")]
    assert tie_notes(boomtown, score(boomtown, even)) == [
        "Ann and Bo tie on 10 points: they share the rank."  # no tie-break: not "still"
    ]
    one = [{"name": n, "gold": 1, "mines": [], "mayors": 0} for n in ("Ann", "Bo")]
    assert tie_notes(boomtown, score(boomtown, one))[0].startswith("Ann and Bo tie on 1 point:")
    # three tied, the tie-break placing one: the two still tied are named (a play-test read
    # "they share the rank" as all three)
    three = [("Ann", "10x1 7x1"), ("Bo", "9x1 8x1"), ("Cy", "17x1")]
    rows = [{"name": name, field.key: parse_answer(field, text)} for name, text in three]
    assert tie_notes(spec, score(spec, rows)) == [
        "Ann, Bo and Cy tie on 17 points; Investment Cubes on the Scoring Track: Ann 2, Bo 2, "
        "Cy 1; still tied, Ann and Bo share the rank."
    ]
    calamityville = SHEETS["calamityville"]  # the richest wins: a tie on money, in dollars
    rich = [{"name": n, "money": 2200} for n in ("Ann", "Bo")]
    assert tie_notes(calamityville, score(calamityville, rich)) == [
        "Ann and Bo tie on $2,200: they share the rank."
    ]


def test_a_reopened_games_typed_investments_are_kept_as_typed() -> None:
    """A building added since the last sheet replaced a player's typed VPs by the board's
    (no VP known), said as Python data (a play-test): investments stay as typed; the
    wizard's "The app tracked" says what changed."""
    from companion.games import SHEETS
    from companion.scoring import follow_the_board

    spec = SHEETS["builders"]
    typed = [{"vp": 3, "cube": 1, "goldmine": False}]
    board_then = [{"vp": 0, "cube": 1, "goldmine": False}]
    board_now = [*board_then, {"vp": 0, "cube": 2, "goldmine": False}]
    rows = [{"name": "Cy", "investments": typed}]
    followed, said = follow_the_board(
        spec, rows, [{"name": "Cy", "investments": board_now}], [{"investments": board_then}]
    )
    assert followed == rows and said == []


def test_the_numbers_the_game_tracked_are_those_it_moved_from_the_start() -> None:
    """The wizard questions an answer typed over a number the game tracked: a field still
    at its starting numbers for everyone was kept on the cardboard, and is left out (each
    number typed there would be questioned); a list is followed too (Coloma's Graves)."""
    spec = SHEETS["boomtown"]
    started = [boomtown("Ann", 10, [], 0), boomtown("Bo", 10, [], 0)]
    tracked = [boomtown("Ann", 48, [3], 0), boomtown("Bo", 10, [], 0)]
    assert tracked_numbers(spec, tracked, started) == {"gold": [48, 10], "mines": [[3], []]}
    assert tracked_numbers(spec, started, started) == {}
    untracked = [{"name": "Ann"}, {"name": "Bo"}]  # a game that tracks none of it
    assert tracked_numbers(spec, untracked, untracked) == {}
    # a reopened game: an answer its sheet kept over the app's number is not questioned
    # again ("The app tracked" is beside it); one the sheet shares with the app is
    sheet = [boomtown("Ann", 50, [3], 0), boomtown("Bo", 10, [], 0)]
    assert tracked_numbers(spec, tracked, started, sheet) == {
        "gold": [None, 10],
        "mines": [[3], []],
    }


def test_a_count_across_players_refused_names_who_has_how_many() -> None:
    """A sheet with 7 mayor pawns was refused with "Boomtown has 5 mayor pawns in all (one
    per town), not 7." and no player named: which line to fix? (a play-test). The limit
    and each player who has some are said."""
    players = [boomtown("Ann", 1, [], 4), boomtown("Bo", 1, [], 0), boomtown("Cy", 1, [], 3)]
    with pytest.raises(SheetError) as refused:
        read_sheet({"game": "boomtown", "players": players}, SHEETS)
    assert str(refused.value) == (
        "Boomtown has 5 mayor pawns in all (one per town), not 7 (Mayors: Ann 4, Cy 3)."
    )
    hotels = [coloma(name, hotels=3) for name in ("Ann", "Bo")]
    with pytest.raises(SheetError) as refused:
        read_sheet({"game": "coloma", "players": hotels}, SHEETS)
    assert str(refused.value).endswith("(4 with 2 players), not 6 (Hotels: Ann 3, Bo 3).")


def test_a_reopened_games_investments_follow_a_building_that_changed_hands() -> None:
    """The play-test: after the finish, Bob's Store was corrected to Zoë's; the reopened
    wizard kept Zoë's 3 VPs for her 4 buildings and Bob's 3 for his 2, and Bob won again.
    Each building's typed VP follows it to its owner now (by where it stands); a building
    the last sheet did not have takes the board's VP (a ? to type when not known)."""
    from companion.games import SHEETS
    from companion.scoring import UNKNOWN_VP, Followed, follow_the_board

    spec = SHEETS["builders"]

    def inv(vp: int, cube: int = 1) -> dict[str, object]:
        return {"vp": vp, "cube": cube, "goldmine": False}

    rows = [
        {"name": "Zoë", "investments": [inv(3), inv(5, 3)]},
        {"name": "Bob", "investments": [inv(1, 2), inv(2), inv(7, 2)]},
    ]
    then = [
        {"name": "Zoë", "investments": [inv(0), inv(0, 3)]},
        {"name": "Bob", "investments": [inv(0, 2), inv(0), inv(0, 2)]},
    ]
    now = [
        {"name": "Zoë", "investments": [inv(0), inv(0, 3), inv(0), inv(UNKNOWN_VP, 2)]},
        {"name": "Bob", "investments": [inv(0, 2), inv(0, 2)]},
    ]
    places_then = {"investments": [[(2, 2), (3, 1)], [(2, 5), (3, 4), (4, 3)]]}
    places_now = {"investments": [[(2, 2), (3, 1), (3, 4), (4, 2)], [(2, 5), (4, 3)]]}
    followed, said = follow_the_board(spec, rows, now, then, places_now, places_then)
    assert followed[0]["investments"] == [inv(3), inv(5, 3), inv(2), inv(UNKNOWN_VP, 2)]
    assert followed[1]["investments"] == [inv(1, 2), inv(7, 2)]
    assert said == [
        Followed(0, "investments", "Investments", "3x1 5x3"),
        Followed(1, "investments", "Investments", "1x2 2x1 7x2"),
    ]


def test_a_reopened_games_answers_the_game_did_not_change_are_not_called_changed() -> None:
    """The play-test: Bo's 5x3 typed over the board's Double; the reopened wizard said
    "changed since its last sheet: Bo's Investments" and put the Double back, though his
    buildings stood as they did at the sheet (only a VP the app looked up differed: the
    card's ? then, its VP learned since). Each building keeps its typed cube and Goldmine
    unless the game changed that building's; a cube the game changed follows it."""
    from companion.games import SHEETS
    from companion.scoring import UNKNOWN_VP, Followed, follow_the_board

    spec = SHEETS["builders"]

    def inv(vp: int, cube: int = 1, goldmine: bool = False) -> dict[str, object]:
        return {"vp": vp, "cube": cube, "goldmine": goldmine}

    rows = [{"name": "Bo", "investments": [inv(5, 3), inv(2, 1, True)]}]  # 5x3 2x1g typed
    then = [{"name": "Bo", "investments": [inv(UNKNOWN_VP, 2), inv(UNKNOWN_VP)]}]
    learned = [{"name": "Bo", "investments": [inv(5, 2), inv(UNKNOWN_VP)]}]
    places = {"investments": [[(2, 4), (3, 2)]]}
    followed, said = follow_the_board(spec, rows, learned, then, places, places)
    assert followed == rows and said == []
    # the game changed the second building's cube since: that cube is the game's, the
    # first's typed Triple and the second's typed Goldmine stay
    corrected = [{"name": "Bo", "investments": [inv(UNKNOWN_VP, 2), inv(UNKNOWN_VP, 2)]}]
    followed, said = follow_the_board(spec, rows, corrected, then, places, places)
    assert followed[0]["investments"] == [inv(5, 3), inv(2, 2, True)]
    assert said == [Followed(0, "investments", "Investments", "5x3 2x1g")]


def test_a_reopened_games_list_in_another_order_is_not_called_changed() -> None:
    """Boomtown's Mines: a mine taken off by a correction and given back lists the same
    production numbers in another order; neither the game's nor the sheet's numbers are
    called changed for their order."""
    from companion.scoring import follow_the_board

    spec = SHEETS["boomtown"]
    rows = [boomtown("Ann", 48, [3, 6], 1)]
    then = [boomtown("Ann", 48, [3, 6], 1)]
    now = [boomtown("Ann", 48, [6, 3], 1)]
    assert follow_the_board(spec, rows, now, then) == (rows, [])
    now = [boomtown("Ann", 48, [6, 3, 4], 1)]  # a mine added since: the game's
    followed, said = follow_the_board(spec, rows, now, then)
    assert followed[0]["mines"] == [6, 3, 4] and len(said) == 1
