"""Boomtown Builders at the table (#12): labels told apart, ctrl+o corrects every holding,
the game's end, and the wizard typing only the VP the cards show."""

from __future__ import annotations

import copy

import pytest

from companion.amounts import AmountError
from companion.games import RuleError
from companion.games.builders import BuildersRules, BuildersState, player_labels, plural
from companion.journal import make_entry
from companion.scoring import SheetError, parse_vps
from companion.session import GameSession
from tests.conftest import NewGame


@pytest.fixture
def game(new_game: NewGame) -> GameSession:
    session = new_game(game="builders", names=("Bea", "Bob", "Cy", "Di"), first=0)
    session.act(session.rules.board(session.state, [5] * 10))
    return session


def state(session: GameSession) -> BuildersState:
    assert isinstance(session.state, BuildersState)
    return session.state


def test_labels_tell_players_apart() -> None:
    assert player_labels(["Ann", "Bo", "Cy"]) == ["A", "B", "C"]
    assert player_labels(["Bea", "Bob", "Cy"]) == ["Be", "Bo", "Cy"]
    assert player_labels(["bea", "Bea2", "Cy"]) == ["P1", "P2", "P3"]  # no two letters differ
    assert player_labels(["🐻 Bear", "Bo"]) == ["🐻", "B"]
    # brackets and the like are no label ("[Cy]" read "[" on the board, "[1": a play-test)
    assert player_labels(["[Cy]", "D\\e", "Ann", "?!"]) == ["C", "D", "A", "?"]
    assert plural(1, "Track Token") == "1 Track Token" and plural(2, "Single") == "2 Singles"


def test_the_vp_number_shown_nowhere_is_not_offered(game: GameSession) -> None:
    keys = [fix.key for fix in game.rules.corrections(state(game))]
    assert not any(key.endswith(":vp") for key in keys)
    assert keys[:3] == ["round", "start", "turn"]
    assert "cubes:3" in keys and "building:add" in keys


def test_buildings_are_corrected_added_and_taken_off_with_their_cubes(game: GameSession) -> None:
    rules = game.rules
    game.act(rules.build(state(game), 0, 3, 2, 3))
    assert "building:3:2" in [fix.key for fix in rules.corrections(state(game))]
    with pytest.raises(RuleError, match="Say why"):
        rules.correct_text(state(game), "building:3:2", "Bob d", " ")
    entry = rules.correct_text(state(game), "building:3:2", "bob d", "it was Bob's")
    assert entry.text == (
        "Correction: the building at row 3, column 2 is Bob's Double (was Bea's Triple): "
        "it was Bob's"
    )
    game.act(entry)
    assert state(game).cubes[0] == {3: 3, 2: 4, 1: 7}  # Bea's Triple back
    assert state(game).cubes[1] == {3: 3, 2: 3, 1: 7}
    game.act(rules.correct_text(state(game), "building:add", "4 1 Di s", "missed"))
    assert state(game).at(4, 1).owner == 3 and state(game).cubes[3][1] == 6
    game.act(rules.correct_text(state(game), "building:4:1", "none", "not there"))
    assert state(game).at(4, 1) is None and state(game).cubes[3][1] == 7
    with pytest.raises(RuleError, match="'B' could be Bea or Bob: type more of it"):
        rules.correct_text(state(game), "building:3:2", "B d", "who")  # (it said "No single
        # player is called 'B'", as if a pair of players could be)
    with pytest.raises(RuleError, match="owner and the cube"):
        rules.correct_text(state(game), "building:3:2", "Bob", "which cube")


def test_tokens_round_start_turn_and_cubes_are_corrected(game: GameSession) -> None:
    rules = game.rules
    for seat, spot in enumerate([(2, 1), (2, 2), (3, 3), (3, 4)]):
        game.act(rules.build(state(game), seat, *spot, 1))
    game.act(rules.token(state(game), 0, 0, 0))  # row 1: column 3
    game.act(rules.correct_text(state(game), "token:1", "4", "as on the board"))
    assert state(game).tokens == [4]
    with pytest.raises(AmountError):
        rules.correct_text(state(game), "token:1", "four", "typo")
    game.act(rules.correct_text(state(game), "start", "cy", "Cy started"))
    assert state(game).first_player == 2
    with pytest.raises(RuleError) as refused:  # `none` said (only the hint had it)
        rules.correct_text(state(game), "turn", "no space left", "stuck")
    assert str(refused.value).endswith(": Bea, Bob, Cy, Di; or none.")
    game.act(rules.correct_text(state(game), "turn", "Di", "Di has not built"))
    # Cy (the start player) before Di; Ann and Bo after Di, and they built this round: they
    # stay built (all of them had to build again: a play-test saw a player asked twice)
    assert state(game).builder == 3 and state(game).built == [2, 0, 1]
    entry = game.journal.entries[-1]
    game.undo()  # a correction made before `built` was kept means what it meant then
    old = make_entry(
        entry.kind, entry.text, **{k: v for k, v in entry.data.items() if k != "built"}
    )
    game.act(old)
    assert state(game).builder == 3 and state(game).built == [2]
    game.undo()
    game.act(entry)
    game.act(rules.build(state(game), 3, 2, 3, 1))  # Di builds: everyone has, this round
    assert state(game).builder is None
    game.undo()
    game.act(rules.correct_text(state(game), "cubes:1", "3 4 5", "counted"))
    assert state(game).cubes[1] == {3: 3, 2: 4, 1: 5}
    with pytest.raises(RuleError, match="0 to 7 Singles"):
        rules.correct_text(state(game), "cubes:1", "3 4 8", "counted")
    game.act(rules.correct_text(state(game), "round", "2", "one round on"))
    assert state(game).round == 2
    assert "Correction: the round is 2 (was 1): one round on" in game.journal.entries[-1].text


def test_the_wizards_cubes_are_those_the_game_tracks(new_game: NewGame) -> None:
    """ "Cubes left" in the wizard counted from the box's 3/4/7 whatever a correction had
    set (a play-test): each player's supply is their cubes left plus those built."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(state(session), [5] * 6))
    session.act(rules.build(state(session), 0, 1, 1, 1))  # Ann's Single
    session.act(rules.correct_text(state(session), "cubes:0", "2 4 6", "one lost"))
    assert rules.score_supplies(state(session)) == [{3: 2, 2: 4, 1: 7}, {3: 3, 2: 4, 1: 7}]


def test_the_game_says_it_is_not_over_until_the_last_token(new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    rules = session.rules
    assert rules.not_over(session.state) is None  # no board typed: the app cannot tell
    session.act(rules.board(session.state, [5] * 3))
    assert rules.not_over(session.state) == "It is Round 1 of 1: 3 Track Tokens still to place."
    for seat, spot in enumerate([(2, 1), (2, 2), (3, 3)]):
        session.act(rules.build(state(session), seat, *spot, 1))
    session.act(rules.token(state(session), 0, 0, 0))
    session.act(rules.token(state(session), 0, 0, 0))
    assert rules.not_over(session.state) == "It is Round 1 of 1: 1 Track Token still to place."
    session.act(rules.token(state(session), 0, 0, 0))
    assert rules.not_over(session.state) is None


def test_the_wizard_pairs_typed_vps_with_the_boards_buildings() -> None:
    board = [{"vp": 0, "cube": 3, "goldmine": True}, {"vp": 0, "cube": 1, "goldmine": False}]
    assert parse_vps("5 2", board) == [
        {"vp": 5, "cube": 3, "goldmine": True},
        {"vp": 2, "cube": 1, "goldmine": False},
    ]
    assert parse_vps("5x3g", board) is None  # read as VPxCUBE
    with pytest.raises(SheetError, match="2 buildings on the board: type 2 VP"):
        parse_vps("5", board)
    with pytest.raises(SheetError, match="type the VP each card shows"):
        parse_vps(" ", board)
    assert parse_vps("", []) is None
    # a building typed as VPxCUBE among the VPs takes the cube typed, in its place
    assert parse_vps("5 2x2", board) == [
        {"vp": 5, "cube": 3, "goldmine": True},
        {"vp": 2, "cube": 2, "goldmine": False},
    ]
    assert parse_vps("4x1g, 7", board) == [
        {"vp": 4, "cube": 1, "goldmine": True},
        {"vp": 7, "cube": 1, "goldmine": False},
    ]
    with pytest.raises(SheetError, match="2 buildings on the board: type 2 VP"):
        parse_vps("5 2x2 1", board)
    # a word among VPs is named (until 2026-11-27 it was read as VPxCUBE, and the refusal
    # named the first VP: "Not an investment: 5", a play-test)
    with pytest.raises(SheetError, match=r"Not a VP: banana\. Type the VP each card shows"):
        parse_vps("5 banana", board)
    with pytest.raises(SheetError, match="Not a VP: x\\."):
        parse_vps("5 0 x", board)
    # a VP with a g takes the board's cube and a Goldmine (refused while `5x3g` was taken:
    # a play-test); a cube that is none is said as a player's sentence
    assert parse_vps("5 2g", board) == [
        {"vp": 5, "cube": 3, "goldmine": True},
        {"vp": 2, "cube": 1, "goldmine": True},
    ]
    with pytest.raises(SheetError, match=r"^Building 2's cube is 1 \(Single\), 2 \(Double\)"):
        parse_vps("5 2x4", board)
    # a minus before a VP is said as such ("Not a VP: -2"; and "-5 -2" read as VPxCUBE,
    # "Not an investment: -5": a review)
    for typed in ("5 -2", "-5 -2", "-5x3 2", "-5x3 -2x1"):
        with pytest.raises(SheetError, match=rf"^Numbers cannot be negative here \(not {typed}\)"):
            parse_vps(typed, board)
    with pytest.raises(SheetError, match=r"^Not a VP: -x\. "):
        parse_vps("5 -x", board)


def test_one_row_of_one_location_is_said_in_the_singular(new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    assert session.rules.board(session.state, [1]).text == "The board: 1 row of 1 location"
    session.act(session.rules.board(session.state, [1, 1]))
    with pytest.raises(RuleError, match="Row 1 has 1 location: type one mark"):
        session.rules.arrows(state(session), 1, ["<", ">"])


def test_rows_without_printed_arrows_are_said_once(new_game: NewGame) -> None:
    """`arrows 4 .` for a row with none, `arrows rest .` for every row not typed yet: the
    rules take them (one entry), the rows left said together, nothing else made up."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    with pytest.raises(RuleError, match="board's size first"):
        rules.no_arrows_left(state(session))
    session.act(rules.board(state(session), [5] * 5))
    session.act(rules.arrows(state(session), 1, ["<", "", ">", "", ""]))
    session.act(rules.arrows(state(session), 2, [""]))
    assert state(session).arrows[2] == [""] * 5
    entry = rules.no_arrows_left(state(session))
    assert entry.text == "Printed arrows, none in rows 3 to 5"
    session.act(entry)
    assert all(state(session).arrows[row] == [""] * 5 for row in (3, 4, 5))
    with pytest.raises(RuleError, match="typed already"):
        rules.no_arrows_left(state(session))


@pytest.mark.parametrize(
    ("key", "typed", "said"),
    [
        # a sign: the round is set, not added to (`+1` was "must be a whole number")
        ("round", "+1", "The round is set, not added to or taken from: type it as it is, 1 to"),
        # not a range's refusal: -3 takes away elsewhere in the dialog (a play-test; `-2`
        # was "0 or more" with 0 refused too, then "A round is 1 to 9 (not -2)")
        ("round", "-2", "The round is set, not added to or taken from: type it as it is, 1 to"),
        ("round", "0", "A round is 1 to 9 (not 0)."),
        ("round", "abc", "'abc' is not a number: a round is 1 to 9."),
        ("round", "99999999999", "A round is 1 to 9 (not 99999999999)."),
        ("token:1", "+1", "The column is set, not added to or taken from: type it as it is, 1"),
        ("token:1", "0", "Row 1 has columns 1 to 5 (not 0)."),
        # the cubes say what was typed, as the other fields do (they said only the example)
        (
            "cubes:1",
            "abc",
            "'abc' is not three numbers: type the Triples, Doubles and Singles left, e.g. 3 4 7.",
        ),
        ("cubes:1", "3 4", "'3 4' is not three numbers"),
        ("cubes:1", "+1 0 0", "Cubes left are set, not added to or taken from"),
        ("cubes:1", "3 4 99999999999", "A player has 0 to 7 Singles, not 99999999999."),
        # with the cubes built: Bob's one Single built and 7 left were 8 of 7 (a play-test)
        ("cubes:1", "3 4 7", "Bob has 1 Single on the board: 7 Singles left makes 8, of 7 in"),
        ("building:2:1", "abc", "'abc' is not the owner and the cube: type them as Bo d"),
        ("building:add", "9 9", "'9 9' is not a row, a column, an owner and a cube"),
        ("building:add", "11 1 Bea s", "A row is 1 to 10 (not 11)."),
    ],
)
def test_each_correction_refusal_says_what_was_typed_and_the_real_range(
    game: GameSession, key: str, typed: str, said: str
) -> None:
    """ctrl+o's messages (a play-test): each names what was typed and what is allowed."""
    rules = game.rules
    for seat, spot in enumerate([(2, 1), (2, 2), (3, 3), (3, 4)]):
        game.act(rules.build(state(game), seat, *spot, 1))
    game.act(rules.token(state(game), 0, 0, 0))
    with pytest.raises((AmountError, RuleError)) as refused:
        rules.correct_text(state(game), key, typed, "checked")
    assert str(refused.value).startswith(said)


def test_a_round_that_disagrees_with_the_tokens_placed_is_noted(game: GameSession) -> None:
    """ctrl+o took round 8 with 1 of 10 Track Tokens placed without a word (a play-test):
    a note says what its end would place; the correction is still taken."""
    rules = game.rules
    for seat, spot in enumerate([(2, 1), (2, 2), (3, 3), (3, 4)]):
        game.act(rules.build(state(game), seat, *spot, 1))
    game.act(rules.token(state(game), 0, 0, 0))  # 1 of 10 placed, round 1 over
    assert rules.correction_note(state(game), "round", "1") == ""
    assert rules.correction_note(state(game), "round", "2") == ""  # its token still to come
    assert rules.correction_note(state(game), "round", " 8 ") == (
        "Round 8 with 1 of 10 Track Tokens placed: its end would place 7. It is recorded "
        "all the same."
    )
    assert "its end would place 9." in rules.correction_note(state(game), "round", "9")  # last
    entry = rules.correct_text(state(game), "round", "8", "as the Round Track shows")
    assert entry.get("value") == 8  # noted, not refused
    # only a round the rules take is noted (a refusal is said instead), only the round
    for key, typed in [("round", "x"), ("round", "+1"), ("round", "99"), ("start", "8")]:
        assert rules.correction_note(state(game), key, typed) == ""
    state(game).tokens = [3] * 5  # more placed than the round's end would have
    assert rules.correction_note(state(game), "round", "2") == (
        "Round 2 with 5 of 10 Track Tokens placed: its end would place none (5 are placed "
        "by the end of round 5). It is recorded all the same."
    )
    assert rules.correction_note(state(game), "round", "5") == ""


def test_no_note_unless_a_game_says(new_game: NewGame) -> None:
    session = new_game(game="coloma")
    assert session.rules.correction_note(session.state, "0:bucks", "99") == ""


def test_ctrl_o_names_a_player_as_history_player_does(new_game: NewGame) -> None:
    """A name, or the unique start of it or of a word of it, case and accents aside (as
    `history --player` finds one): "zoe" and "cy" were refused for "Zoë 🤠" and "🐻 Cy",
    and the refusals said "No single player" (a play-test)."""
    session = new_game(game="builders", names=("Zoë 🤠", "🐻 Cy", "Bo", "Bob"), first=0)
    rules, table = session.rules, session.state
    assert isinstance(rules, BuildersRules)
    for typed, seat in [("zoe", 0), ("ZO", 0), ("🤠", 0), ("cy", 1), ("🐻", 1), ("bo", 2)]:
        assert rules.seat_named(table, typed) == seat, typed
        assert rules.correct_text(table, "start", typed, "as seated").get("value") == seat
    assert rules.seat_named(table, " bob ") == 3
    with pytest.raises(RuleError) as refused:
        rules.seat_named(table, "b")
    assert str(refused.value) == "'b' could be Bo or Bob: type more of it."
    with pytest.raises(RuleError) as refused:
        rules.seat_named(table, "Di")
    assert str(refused.value) == "No player is called 'Di': Zoë 🤠, 🐻 Cy, Bo, Bob."
    with pytest.raises(RuleError, match="Type a player's name"):
        rules.seat_named(table, "  ")


def test_a_building_taken_off_and_added_back_keeps_its_card(game: GameSession) -> None:
    """A building taken off by ctrl+o and added back lost the card's name (and its marks),
    learned when it was built, though the correction ended where it started (a play-test):
    added back at its place, it has them again, and the table is as it was."""
    rules = game.rules
    game.act(rules.build(state(game), 0, 3, 2, 3, marks="<+", card="Saloon"))
    before = copy.deepcopy(state(game))
    game.act(rules.correct_text(state(game), "building:3:2", "none", "slip"))
    entry = rules.correct_text(state(game), "building:add", "3 2 Bea t", "it was there")
    assert entry.text == (
        "Correction: the building at row 3, column 2 is Bea's Triple, Saloon (was none): "
        "it was there"
    )
    game.act(entry)
    assert state(game) == before
    # the same after a replay (the entries say it), and the name goes with the place only
    game.act(rules.correct_text(state(game), "building:3:2", "none", "slip"))
    game.act(rules.correct_text(state(game), "building:add", "3 2 Bob d", "Bob's"))
    assert (state(game).at(3, 2).card, state(game).at(3, 2).marks) == ("Saloon", "<+")
    game.act(rules.correct_text(state(game), "building:add", "4 1 Bob s", "missed"))
    assert state(game).at(4, 1).card == "" and state(game).at(4, 1).marks is None
    replayed = rules.new_state(game.header)
    for done in game.journal.effective():
        rules.apply(replayed, done)
    assert replayed == state(game)


def test_a_new_card_built_where_one_was_taken_off_is_its_own(game: GameSession) -> None:
    """The card remembered for a place taken off is not another card built there later."""
    rules = game.rules
    game.act(rules.build(state(game), 0, 3, 2, 3, card="Saloon"))
    game.act(rules.correct_text(state(game), "building:3:2", "none", "slip"))
    game.act(rules.build(state(game), 1, 3, 2, 2, card="Bank"))
    game.act(rules.correct_text(state(game), "building:3:2", "none", "slip"))
    game.act(rules.correct_text(state(game), "building:add", "3 2 Bob d", "back"))
    assert state(game).at(3, 2).card == "Bank"


def test_a_cube_typed_keeps_the_boards_goldmine() -> None:
    """`5x3` for a building next to a Goldmine read as none, its +2 dropped (a play-test):
    VPxCUBE paired with the board's building changes its cube, not its Goldmine."""
    board = [{"vp": 0, "cube": 2, "goldmine": True}, {"vp": 0, "cube": 1, "goldmine": False}]
    assert parse_vps("5x3 2x1", board) == [
        {"vp": 5, "cube": 3, "goldmine": True},
        {"vp": 2, "cube": 1, "goldmine": False},
    ]
    assert parse_vps("5x3", board[:1]) == [{"vp": 5, "cube": 3, "goldmine": True}]
    assert parse_vps("5x3 2x1g", board)[1]["goldmine"] is True  # g adds one
    assert parse_vps("5x3", board) is None  # not one per building: read as typed


def test_vp_x_cube_typed_in_another_order_takes_the_goldmine_of_its_cube() -> None:
    """Every building typed as VPxCUBE took the board's Goldmine by its place: `5x3 2x1`
    for a board of a Single next to a Goldmine and a Triple gave the Triple its +2 (+6 for
    +2, a review). Typed so, a building is paired with the board's building of its cube
    (its own place first), and the answer is in the board's order."""
    from companion.scoring import investment_points

    board = [{"vp": 0, "cube": 1, "goldmine": True}, {"vp": 0, "cube": 3, "goldmine": False}]
    in_order = [{"vp": 2, "cube": 1, "goldmine": True}, {"vp": 5, "cube": 3, "goldmine": False}]
    assert parse_vps("2x1 5x3", board) == in_order
    assert parse_vps("5x3 2x1", board) == in_order
    assert sum(map(investment_points, parse_vps("5x3, 2x1", board) or [])) == 4 + 15
    # the same cube twice: the places are all there is to go by (a 0 scores no +2)
    twins = [{"vp": 0, "cube": 1, "goldmine": True}, {"vp": 0, "cube": 1, "goldmine": False}]
    assert parse_vps("0x1 5x1", twins) == [
        {"vp": 0, "cube": 1, "goldmine": True},
        {"vp": 5, "cube": 1, "goldmine": False},
    ]
    # a cube the board has nowhere: the Goldmine only where it is certain (every building
    # left over has one, or none has), else only what a g says
    three = [*board, {"vp": 0, "cube": 2, "goldmine": True}]
    assert parse_vps("5x3 2x2 4x2", three) == [
        {"vp": 2, "cube": 2, "goldmine": True},
        {"vp": 5, "cube": 3, "goldmine": False},
        {"vp": 4, "cube": 2, "goldmine": True},
    ]
    assert parse_vps("5x2 2x2", board) == [
        {"vp": 5, "cube": 2, "goldmine": False},
        {"vp": 2, "cube": 2, "goldmine": False},
    ]
    assert parse_vps("5x2g 2x2", board)[0]["goldmine"] is True
    # a cube that is none is named as typed (the 2nd), not by the place it would take
    with pytest.raises(SheetError, match=r"^Building 2's cube is 1 \(Single\), .* not 4\.$"):
        parse_vps("5x3 2x4", board)
    # VPs alone among them keep to the order below: a VPxCUBE there is at its place
    assert parse_vps("5x3 2", board) == [
        {"vp": 5, "cube": 3, "goldmine": True},
        {"vp": 2, "cube": 3, "goldmine": False},
    ]
