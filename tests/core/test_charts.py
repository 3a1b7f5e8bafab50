"""Charts of a game (#14): each tracked number replayed from the journal, a point a round."""

from __future__ import annotations

from companion.amounts import parse_amount
from companion.charts import number_charts
from tests.conftest import NewGame


def test_coloma_numbers_by_round_and_the_value_of_gold(new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"))
    rules = session.rules
    session.act(rules.adjust(session.state, 0, "bucks", parse_amount("+3")))
    session.act(rules.next_round(session.state))
    session.act(rules.adjust(session.state, 1, "bucks", parse_amount("+1")))
    session.act(rules.adjust(session.state, 1, "bucks", parse_amount("+1")))
    charts = {c.key: c for c in number_charts(rules, session.header, session.journal.effective())}
    bucks = charts["bucks"]
    assert bucks.x_label.startswith("Round (1848: 1-5,") and bucks.x == [0, 1, 2]
    assert bucks.lines == {"Ann": [2, 5, 5], "Bo": [2, 2, 4]}
    assert charts["gold_value"].lines == {"Value of a Gold Nugget (Bucks)": [3, 3, 3]}


def test_coloma_rounds_are_counted_over_the_three_years(new_game: NewGame) -> None:
    """Coloma's Rounds start again each Year: the chart's x goes on (1849's first Round is
    6), so three Years are not drawn over each other (a play-test saw the lines double back)."""
    session = new_game(game="coloma", names=("Ann", "Bo"))
    rules = session.rules
    for _round in range(5):
        session.act(rules.next_round(session.state))  # Rounds 2-5, then the Shootout
    session.act(rules.shootout_result(session.state))  # type: ignore[attr-defined]
    session.act(rules.clean_up(session.state, 3))  # type: ignore[attr-defined]
    session.act(rules.next_round(session.state))  # 1849, Round 2
    charts = {c.key: c for c in number_charts(rules, session.header, session.journal.effective())}
    assert charts["bucks"].x == [0, 2, 3, 4, 5, 6, 7]  # (a point where the round had a change)
    assert charts["bucks"].x_label == "Round (1848: 1-5, 1849: 6-10, 1850: 11-15)"


def test_a_game_without_rounds_has_a_point_a_change(new_game: NewGame) -> None:
    session = new_game(game="calamityville", names=("Ann", "Bo"))
    rules = session.rules
    session.act(rules.adjust(session.state, 0, "money", parse_amount("-100")))
    session.act(rules.adjust(session.state, 1, "money", parse_amount("+50")))
    session.undo()
    (money,) = number_charts(rules, session.header, session.journal.effective())
    assert money.x_label == "Change" and money.x == [0, 1]
    assert money.lines == {"Ann": [2000, 1900], "Bo": [2000, 2000]}


def test_builders_cubes_left_and_track_tokens_by_round(new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    session.act(rules.board(session.state, [5] * 10))
    charts = {c.key: c for c in number_charts(rules, session.header, session.journal.effective())}
    assert "vp" not in charts  # read off the cards at the end: nothing to chart
    assert charts["cubes_left"].lines == {"Ann": [14, 14], "Bo": [14, 14], "Cy": [14, 14]}
    assert charts["tokens"].lines == {"Track Tokens placed": [0, 0]}


def test_a_name_corrected_keeps_one_line_per_player_named_as_now(new_game: NewGame) -> None:
    """f3 after ctrl+o corrected Ann to Anna in a round that had its point: KeyError 'Anna'
    (the app stopped); in a game without rounds a second line, Anna's, began (a play-test)."""
    for game, key in (("boomtown", "gold"), ("calamityville", "money")):
        session = new_game(game=game, names=("Ann", "Bo", "Cy"))
        rules = session.rules
        session.act(rules.adjust(session.state, 0, key, parse_amount("+1")))
        session.act(rules.rename(session.state, 0, "Anna", "misspelt"))
        session.act(rules.adjust(session.state, 0, key, parse_amount("+2")))
        session.act(rules.rename(session.state, 2, "Cyd", "misspelt"))
        chart = number_charts(rules, session.header, session.journal.effective())[0]
        assert list(chart.lines) == ["Anna", "Bo", "Cyd"], game
        assert chart.lines["Anna"][-1] == chart.lines["Bo"][-1] + 3, game
        assert len({len(line) for line in chart.lines.values()}) == 1, game
