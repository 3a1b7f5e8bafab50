"""Boomtown Builders through the session: board, terrain, builds and cubes, tokens, rounds."""

from __future__ import annotations

import pytest

from companion.games import RuleError
from companion.games.builders import BuildersState, parse_marks
from companion.journal import make_entry
from companion.scoring import UNKNOWN_VP
from companion.session import GameSession
from tests.conftest import NewGame


@pytest.fixture
def game(new_game: NewGame) -> GameSession:
    session = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    session.act(session.rules.board(session.state, [5] * 6))
    return session


def state(session: GameSession) -> BuildersState:
    assert isinstance(session.state, BuildersState)
    return session.state


def build(session: GameSession, seat: int, row: int, column: int, cube: int) -> None:
    session.act(session.rules.build(state(session), seat, row, column, cube))


def test_builds_go_clockwise_and_cubes_follow_the_rows_ahead(game: GameSession) -> None:
    rules = game.rules
    with pytest.raises(RuleError, match="It is Ann's turn to build"):
        rules.build(state(game), 1, 2, 1, 1)
    with pytest.raises(
        RuleError, match="1 row ahead of the furthest Track Token takes a Single, not a Double"
    ):
        rules.build(state(game), 0, 1, 1, 2)
    build(game, 0, 3, 2, 3)  # 3 rows ahead: a Triple
    with pytest.raises(RuleError, match="already has a building"):
        rules.build(state(game), 1, 3, 2, 1)
    build(game, 1, 2, 5, 2)
    build(game, 2, 1, 3, 1)
    assert state(game).cubes[0] == {3: 2, 2: 4, 1: 7}
    with pytest.raises(RuleError, match="Everyone has built this round"):
        rules.build(state(game), 0, 4, 1, 1)
    with pytest.raises(RuleError, match="Place this round's Track Token first"):
        rules.next_round(state(game))


def test_the_token_goes_where_the_votes_say_and_rows_close(game: GameSession) -> None:
    rules = game.rules
    for seat, spot in enumerate([(2, 1), (2, 2), (3, 3)]):
        build(game, seat, *spot, 1)
    entry = rules.token(state(game), 2, 0, 1)  # from the middle (3): 2 steps left
    assert entry.text == (
        "Track Token in row 1: 2 Left votes against 0 Right: Left wins, "
        "1 step + 1 for the + icon left: column 1."
    )
    game.act(entry)
    assert state(game).tokens == [1]
    game.act(rules.next_round(state(game)))
    assert state(game).first_player == 1 and state(game).round == 2
    with pytest.raises(RuleError, match="Row 1 already has its Track Token"):
        rules.build(state(game), 1, 1, 4, 1)
    build(game, 1, 4, 4, 2)  # 3 rows ahead of row 1


def test_marks_fixed_in_a_row_with_its_token_say_the_token_stays(game: GameSession) -> None:
    """`marks 1 1 <<<` once row 1's Track Token is placed: the token stays where the marks
    before put it, and nothing said so (a play-test): the note says where it stays and how
    to move it; a row without its token has none."""
    rules = game.rules
    for seat, spot in enumerate([(1, 1), (2, 2), (3, 3)]):
        build(game, seat, *spot, 1)
    assert rules.marks_note(state(game), 1, 1) == ""  # no token in row 1 yet
    game.act(rules.token(state(game), 2, 0, 1))  # column 1
    game.act(rules.card_marks(state(game), 1, 1, "<<<"))
    assert state(game).tokens == [1]  # stays
    assert rules.marks_note(state(game), 1, 1) == (
        "Row 1's Track Token stays at column 1 (ctrl+o moves it)"
    )
    assert rules.marks_note(state(game), 2, 2) == ""


def test_terrain_placed_over_another_says_what_it_replaces(game: GameSession) -> None:
    """The log lost a Goldmine without a word when a Lake went there (a play-test)."""
    rules = game.rules
    game.act(rules.place_terrain(state(game), 3, 3, "goldmine"))
    entry = rules.place_terrain(state(game), 3, 3, "lake")
    assert entry.text.startswith("Terrain: Lake at row 3, column 3, in place of the Goldmine")
    # the same again is refused, not a change of its own (one more ctrl+z: a play-test)
    with pytest.raises(RuleError, match="Row 3, column 3 has a Goldmine already"):
        rules.place_terrain(state(game), 3, 3, "goldmine")
    # a clear with nothing there says so plainly ("has no terrain already": a play-test)
    with pytest.raises(
        RuleError,
        match=r"^Nothing to clear at row 3, column 4: no terrain or Hideout is there\.$",
    ):
        rules.place_terrain(state(game), 3, 4, "none")
    assert (3, 4) not in state(game).terrain


def test_terrain_refuses_buildings_and_mountains_push_tokens(game: GameSession) -> None:
    rules = game.rules
    game.act(rules.place_terrain(state(game), 1, 4, "mountain-right"))
    game.act(rules.place_terrain(state(game), 2, 2, "goldmine"))
    with pytest.raises(RuleError, match="holds a Mountain"):
        rules.build(state(game), 0, 1, 4, 1)
    with pytest.raises(RuleError, match="points off the edge of the board"):
        rules.place_terrain(state(game), 1, 5, "mountain-right")
    build(game, 0, 2, 3, 2)  # next to the Goldmine
    build(game, 1, 3, 3, 3)
    build(game, 2, 1, 1, 1)
    entry = rules.token(state(game), 0, 1, 0)  # from 3, right: 4 is a Mountain -> 5
    assert "column 4 is a Mountain, its arrow points right: column 5." in entry.text
    game.act(entry)
    rows = rules.prefill(state(game))  # (no card named: its VP is not known)
    assert rows[0]["investments"] == [{"vp": UNKNOWN_VP, "cube": 2, "goldmine": True}]
    assert rows[1]["investments"] == [{"vp": UNKNOWN_VP, "cube": 3, "goldmine": False}]


def test_the_game_ends_when_every_row_has_its_token(new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    session.act(session.rules.board(session.state, [3, 3]))
    build(session, 0, 2, 1, 1)
    build(session, 1, 2, 3, 1)
    session.act(session.rules.token(state(session), 0, 0, 0))
    session.act(session.rules.token(state(session), 1, 0, 0))  # the final round: tokens repeat
    assert state(session).over and state(session).tokens == [2, 1]
    assert state(session).distance(state(session).buildings[0]) == 0
    with pytest.raises(RuleError, match="no row left"):
        session.rules.token(state(session), 0, 0, 0)
    assert session.rules.progress(state(session)) == "Every Track Token placed: final scoring"


def test_the_board_is_set_before_anything_is_on_it(game: GameSession) -> None:
    """Typed again, the table is told to undo it (it said "before anything is on it" of a
    board with nothing on it, remembered from the game before: a play-test). A journal
    holding two board entries (allowed until then) still replays; nothing may be on the
    board for the second."""
    before = game.path.read_bytes()
    with pytest.raises(RuleError, match=r"set already: ctrl\+z takes it back"):
        game.rules.board(state(game), [4, 4])
    assert game.path.read_bytes() == before
    game.act(make_entry("board", "The board: 2 rows of 4 locations", widths=[4, 4]))
    assert state(game).widths == [4, 4]
    build(game, 0, 1, 1, 1)
    with pytest.raises(RuleError, match="before anything is on it"):
        game.act(make_entry("board", "The board: 2 rows of 5 locations", widths=[5, 5]))


def test_the_train_marker_follows_the_cards_and_the_printed_arrows(game: GameSession) -> None:
    rules = game.rules
    assert state(game).votes(1) == "row 1's printed arrows (arrows 1 < . > . ., . for none)"
    game.act(rules.arrows(state(game), 1, ["<", "", ">", "", ">"]))
    preview = rules.preview(state(game))  # 1 Left against 2 Right, from the middle
    assert not isinstance(preview, str) and preview.column == 4
    build(game, 0, 3, 1, 1)  # not in the Train Marker's row: nothing moves
    game.act(rules.build(state(game), 1, 1, 1, 1, "<<+"))  # covers the printed "<"
    preview = rules.preview(state(game))  # 2 Left (+1) against 2 Right: a tie
    assert not isinstance(preview, str) and preview.column == 3
    game.act(rules.build(state(game), 2, 1, 3, 1, "<"))  # covers a printed ">"
    preview = rules.preview(state(game))  # 3 Left against 1 Right, 1 step + 1 left
    assert not isinstance(preview, str)
    assert preview.sentence == (
        "3 Left votes against 1 Right: Left wins, 1 step + 1 for the + icon left: column 1."
    )
    entry = rules.token_from_board(state(game), ">>>")  # a revealed Hideout turns the vote
    assert entry.text.startswith(  # the Hideout said (its votes counted unsaid: a play-test)
        "Track Token in row 1 (a Hideout revealed: >>>): 3 Left votes against 4 Right: Right wins"
    )
    game.act(rules.token_from_board(state(game)))
    assert state(game).tokens == [1]


def test_a_hideouts_arrows_in_a_row_without_one_on_record_are_refused(
    game: GameSession,
) -> None:
    """With the table's Hideouts on record (hide ROW COLUMN), `t <` in a row with none is
    refused: taken, it moved the token by arrows no card in the row has (a play-test). A
    table that records none reveals them with `t <` as they come."""
    rules = game.rules
    game.act(rules.arrows(state(game), 1, ["", "", "", "", ""]))
    for seat in range(3):  # every player builds, marks said: the token is due
        game.act(rules.build(state(game), seat, 3, seat + 1, 1, ""))
    entry = rules.token_from_board(state(game), "<")  # none on record: taken
    assert "(a Hideout revealed: <)" in entry.text
    game.act(rules.place_terrain(state(game), 2, 2, "hideout"))
    with pytest.raises(RuleError, match=r"Row 1 has no Hideout on record \(rows with one: 2\)"):
        rules.token_from_board(state(game), "<")
    game.act(rules.place_terrain(state(game), 1, 4, "hideout"))
    assert "(a Hideout revealed: <)" in rules.token_from_board(state(game), "<").text


def test_unknown_marks_are_asked_not_guessed(game: GameSession) -> None:
    rules = game.rules
    game.act(rules.arrows(state(game), 1, [">", "", "", "", ""]))
    build(game, 0, 1, 2, 1)  # built without saying the card's marks
    assert state(game).votes(1) == (  # how to say none, too (a play-test was stuck)
        "the marks of the card at row 1, column 2 (marks 1 2 <+, . for none)"
    )
    with pytest.raises(RuleError, match="To count the votes, type the marks of the card"):
        rules.token_from_board(state(game))
    game.act(rules.card_marks(state(game), 1, 2, ""))
    preview = rules.preview(state(game))
    assert not isinstance(preview, str) and preview.column == 4
    with pytest.raises(RuleError, match="Row 2 has 5 locations: type one mark for each"):
        rules.arrows(state(game), 2, ["<", ">"])
    with pytest.raises(RuleError, match="No building stands at row 2, column 2"):
        rules.card_marks(state(game), 2, 2, "<")
    with pytest.raises(RuleError, match="Not a set of marks: <x"):
        parse_marks("<x")
    assert parse_marks("+<>+") == "<>++" and parse_marks(".") == ""


def test_the_same_again_is_refused_not_recorded(game: GameSession) -> None:
    """`marks 1 4 .` on a card showing no marks was recorded as a second entry that
    changed nothing (the log showed it, ctrl+z took back "nothing": a play-test); so were
    a card's name, a row's printed arrows and a Terrain Card typed again as they are.
    Refused where the entries are made, in a plain sentence; the journal is as it was."""
    rules = game.rules
    game.act(rules.arrows(state(game), 1, ["<", "", ">", "", ""]))
    game.act(rules.arrows(state(game), 2, [""]))  # a row without any
    build(game, 0, 1, 4, 1)  # built without saying the card's marks
    game.act(rules.card_marks(state(game), 1, 4, ""))  # not told, then none: a change
    game.act(rules.build(state(game), 1, 2, 2, 2, "<+", "Saloon"))
    game.act(rules.place_terrain(state(game), 3, 3, "goldmine"))
    game.act(rules.place_terrain(state(game), 4, 2, "mountain-right"))
    entries, on_disk = len(game.journal.entries), game.path.read_bytes()
    refusals = [
        (
            lambda: rules.card_marks(state(game), 1, 4, ""),
            "Row 1, column 4's card already shows no marks: nothing changed.",
        ),
        (
            lambda: rules.card_marks(state(game), 2, 2, "<+"),
            "Row 2, column 2's card already shows <+: nothing changed.",
        ),
        (
            lambda: rules.name_card(state(game), 2, 2, "  Saloon "),
            "Row 2, column 2's card is already named Saloon: nothing changed.",
        ),
        (
            lambda: rules.arrows(state(game), 1, ["<", "", ">", "", ""]),
            "Row 1's printed arrows are < . > . . already: nothing changed.",
        ),
        (
            lambda: rules.arrows(state(game), 2, [""]),
            "Row 2 already has no printed arrows: nothing changed.",
        ),
        (
            lambda: rules.arrows(state(game), 2, [""] * 5),
            "Row 2 already has no printed arrows: nothing changed.",
        ),
        (  # as recalled from the game before: `.` for none
            lambda: rules.rows_arrows(state(game), {1: ["<", ".", ">", ".", "."], 2: ["."] * 5}),
            "The printed arrows of rows 1, 2 are these already: nothing changed.",
        ),
        (
            lambda: rules.place_terrain(state(game), 3, 3, "goldmine"),
            "Row 3, column 3 has a Goldmine already: nothing changed.",
        ),
        (
            lambda: rules.place_terrain(state(game), 4, 2, "mountain-right"),
            "Row 4, column 2 has a Mountain (arrow right) already: nothing changed.",
        ),
    ]
    for refused, said in refusals:
        with pytest.raises(RuleError) as problem:
            refused()
        assert str(problem.value) == said
    assert len(game.journal.entries) == entries and game.path.read_bytes() == on_disk
    # what changes something is taken as before
    game.act(rules.card_marks(state(game), 2, 2, "<"))
    game.act(rules.name_card(state(game), 2, 2, "saloon"))  # shown as typed: a change
    game.act(rules.arrows(state(game), 1, ["<", "", ">", "", ">"]))
    game.act(rules.place_terrain(state(game), 4, 2, "mountain-left"))
    built = state(game).at(2, 2)
    assert built is not None and (built.marks, built.card) == ("<", "saloon")
    assert state(game).arrows[1] == ["<", "", ">", "", ">"]
    assert state(game).terrain[(4, 2)] == "mountain-left"
    # a journal that holds the same again (made before this) still replays
    game.act(make_entry("marks", "The card at row 2, column 2 shows <", row=2, column=2, marks="<"))
    assert len(game.journal.entries) == entries + 5


def test_the_wizard_hints_say_where_each_building_stands(game: GameSession) -> None:
    build(game, 0, 3, 2, 3)
    build(game, 1, 1, 5, 1)
    build(game, 2, 2, 1, 2)
    game.act(game.rules.token(state(game), 0, 1, 0))  # row 1: column 4
    hints = game.rules.score_hints(state(game))["investments"]
    assert hints == [
        "1) row 3 col 2 (Triple): no token in its row",
        "1) row 1 col 5 (Single): 1 from the token",
        "1) row 2 col 1 (Double): no token in its row",
    ]
    game.act(game.rules.next_round(state(game)))  # Bo starts round 2
    build(game, 1, 2, 2, 1)
    build(game, 2, 3, 4, 1)
    build(game, 0, 2, 5, 1)  # Ann's second, built after her row 3 one
    hints = game.rules.score_hints(state(game))["investments"]
    # row by row, as the rules score them ("Beginning with the first row"), not in the
    # order built (a play-test matched the VP typed to the list, read off the board)
    assert hints[0].startswith("1) row 2 col 5 (Single): ") and "; 2) row 3 col 2" in hints[0]
    [ann, *_] = game.rules.prefill(state(game))
    assert [i["cube"] for i in ann["investments"]] == [1, 3]


def test_a_named_cards_vp_is_learned_from_the_sheet_and_filled_in_next_time(
    new_game: NewGame,
) -> None:
    # Three rows and three players: the Round Track's stack of three makes round 1 the final
    # round, so its tokens go down one after another (before issue #13 any round took them).
    game = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    game.act(game.rules.board(game.state, [5] * 3))
    rules = game.rules
    game.act(rules.build(state(game), 0, 2, 1, 1, None, "Saloon"))
    build(game, 1, 2, 4, 1)
    game.act(rules.build(state(game), 2, 3, 3, 3, "<", "Hotel"))
    game.act(rules.token(state(game), 0, 0, 0))  # row 1: column 3
    game.act(rules.token(state(game), 1, 0, 0))  # row 2: column 2, the final round
    assert "builds Saloon at row 2, column 1" in game.journal.entries[-5].text
    rows = rules.prefill(state(game), {"cards": {"saloon": {"1": 4}, "bad": "x"}})
    assert rows[0]["investments"] == [{"vp": 4, "cube": 1, "goldmine": False}]
    rows[0]["investments"][0]["vp"] = 5  # the table read 5 off the card
    rows[1]["investments"][0]["vp"] = 2
    learned = rules.learned(state(game), rows, {"cards": {"Mine": {"0": 7}}})
    assert learned == {"cards": {"mine": {"0": 7}, "saloon": {"1": 5}}}  # Hotel: no token
    with pytest.raises(RuleError, match="No building stands at row 3, column 4"):
        rules.name_card(state(game), 3, 4, "Bank")
    game.act(rules.name_card(state(game), 2, 4, "Bank"))
    assert rules.learned(state(game), rows, {})["cards"]["bank"] == {"2": 2}


def test_the_round_track_says_how_many_tokens_each_round_places(new_game: NewGame) -> None:
    """Issue #13: the Round Track holds 10 tokens, 2 stacked on the second-to-last space with
    2 or 4 players, 3 on the last space with 3 players; a second `t` in an ordinary round
    silently placed the next row's token."""
    for names, rounds, stacked in (
        (("Ann", "Bo"), 9, (9, 2)),
        (("Ann", "Bo", "Cy"), 8, (8, 3)),
        (("Ann", "Bo", "Cy", "Di"), 9, (9, 2)),
    ):
        session = new_game(game="builders", names=names, first=0)
        session.act(session.rules.board(session.state, [5] * 10))
        table = state(session)
        assert table.last_round == rounds
        per_round = [table.tokens_due(r) - table.tokens_due(r - 1) for r in range(1, rounds + 1)]
        assert sum(per_round) == 10 and per_round[stacked[0] - 1] == stacked[1]
        assert session.rules.progress(table) == f"Round 1 of {rounds}"
    for seat, spot in enumerate([(2, 1), (2, 2), (3, 3), (3, 4)]):
        build(session, seat, *spot, 1)
    session.act(session.rules.token(state(session), 0, 0, 0))
    with pytest.raises(RuleError, match=r"Round 1 places 1 Track Token .* n starts round 2"):
        session.rules.token(state(session), 0, 0, 0)


def test_a_token_can_always_be_placed_where_the_cardboard_has_it(new_game: NewGame) -> None:
    """Issue #13: rows of different widths stalled the game, and nothing moved it on."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [7, 7, 5, 5, 5]))  # 2 players: tokens 1, 1, 1, 2
    build(session, 0, 2, 1, 1)
    build(session, 1, 3, 1, 1)
    session.act(rules.token(state(session), 0, 3, 0))  # row 1: from 4, three Right: column 5
    # the round's token placed: `t` says so at once (it asked for row 2's arrows, and the
    # totals typed were then refused: a play-test)
    for typed in (
        lambda: rules.token_from_board(state(session)),
        lambda: rules.token(state(session), 1, 0, 0),
    ):
        with pytest.raises(RuleError, match=r"Round 1 places 1 Track Token .* n starts round 2"):
            typed()
    session.act(rules.next_round(state(session)))
    build(session, 1, 4, 5, 1)
    build(session, 0, 4, 4, 1)
    session.act(rules.token(state(session), 0, 2, 1))  # row 2: from 5, +1 icon: column 7
    session.act(rules.next_round(state(session)))
    build(session, 0, 5, 5, 1)
    build(session, 1, 5, 4, 1)
    tie = rules.token(state(session), 1, 1, 0)  # row 3 has 5 locations: straight ahead is 5
    assert tie.text.endswith("column 5 is the nearest to straight ahead of column 7): column 5.")
    with pytest.raises(RuleError, match="Say why"):
        rules.token_by_hand(state(session), 2, " ")
    by_hand = rules.token_by_hand(state(session), 2, "as on the board")
    assert by_hand.text == "Track Token in row 3 placed by hand at column 2: as on the board"
    session.act(by_hand)
    assert state(session).tokens[-1] == 2
    session.act(rules.next_round(state(session)))  # the final round: rows 4 and 5
    with pytest.raises(RuleError, match="Row 4 has columns 1 to 5"):
        rules.token_by_hand(state(session), 9, "typo")


def test_mountains_facing_each_other_are_refused_at_setup(game: GameSession) -> None:
    """Issue #13: `m> 2 3` then `m< 2 4` was accepted, then every token there refused."""
    rules = game.rules
    game.act(rules.place_terrain(state(game), 2, 3, "mountain-right"))
    # the rule quoted is the one broken ("the rules: never an arrow off the edge" was said
    # of two Mountains facing each other: a play-test)
    with pytest.raises(RuleError) as facing:
        rules.place_terrain(state(game), 2, 4, "mountain-left")
    assert str(facing.value) == (
        "The Mountains at columns 3 and 4 point at each other: a Track Token could never be "
        "placed past them (row 2)."
    )
    with pytest.raises(RuleError, match=r"points off the edge of the board \(row 2\)\.$"):
        rules.place_terrain(state(game), 2, 1, "mountain-left")


def test_a_token_by_hand_on_a_tracked_mountain_says_how_to_take_it_away(
    game: GameSession,
) -> None:
    """F1 said `t at` places the token whatever the board shows, and it was refused on a
    Mountain with no way out (a play-test): the refusal names `clear`."""
    rules = game.rules
    game.act(rules.place_terrain(state(game), 1, 2, "mountain-right"))
    for seat in range(3):
        build(game, seat, 3, seat + 1, 1)
    with pytest.raises(RuleError) as refused:
        game.act(rules.token_by_hand(state(game), 2, "as on the board"))
    assert str(refused.value) == (
        "A Track Token is never placed on a Mountain: if the board has no Mountain at row 1, "
        "column 2, take it away first (clear 1 2)."
    )
    game.act(rules.place_terrain(state(game), 1, 2, "none"))
    game.act(rules.token_by_hand(state(game), 2, "as on the board"))
    assert state(game).tokens == [2]


def test_a_board_without_rows_names_the_right_limit(new_game: NewGame) -> None:
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    with pytest.raises(RuleError, match="The board has 1 to 20 rows"):
        session.rules.board(session.state, [])
    with pytest.raises(RuleError, match="A row of the board has 1 to 20 locations"):
        session.rules.board(session.state, [5, 0])


def test_terrain_past_the_count_or_outside_the_advanced_game_is_said(new_game: NewGame) -> None:
    """The play-test placed a 10th Terrain Card with 3 players, and one in a basic game:
    both unremarked. They are placed all the same (the table may know better), and said."""
    game = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0, terrain=True)
    rules = game.rules
    game.act(rules.board(state(game), [5] * 6))
    for spot in range(9):
        entry = rules.place_terrain(state(game), spot // 5 + 2, spot % 5 + 1, "lake")
        assert "(" not in entry.text, entry.text
        game.act(entry)
    hideout = rules.place_terrain(state(game), 2, 1, "hideout").text  # no count said of it
    assert hideout.endswith("column 1, in place of the Lake")
    tenth = rules.place_terrain(state(game), 5, 1, "goldmine")
    assert tenth.text.endswith("(10 Terrain Cards on the board: a 3-player game places 9)")
    game.act(tenth)
    assert len(state(game).terrain) == 10
    basic = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    basic.act(basic.rules.board(state(basic), [5] * 6))
    entry = basic.rules.place_terrain(state(basic), 3, 3, "goldmine")
    assert "Terrain Cards are for the advanced game" in entry.text
    # Hideout Cards lie on the board's marked spaces in both games, apart from the Terrain
    # Cards: never said to be advanced-only, nor counted with them (a play-test)
    hideout = basic.rules.place_terrain(state(basic), 3, 2, "hideout")
    assert hideout.text == "Hideout Card at row 3, column 2", hideout.text  # (no Terrain
    # Card: a play-test counted it as one)
    game.act(rules.place_terrain(state(game), 6, 5, "hideout"))  # 10 Terrain Cards + it
    eleventh = rules.place_terrain(state(game), 6, 1, "lake")
    assert eleventh.text.endswith("(11 Terrain Cards on the board: a 3-player game places 9)")


def test_a_card_not_known_is_filled_in_as_unknown_not_0(new_game: NewGame) -> None:
    """A 0 filled in for an unnamed card stood as its score beside a named card's known VP,
    and the running totals took it (a play-test); filling in none while one card was not
    known left the known ones unused at almost every table (another). The known VPs are
    filled in, a card not known is UNKNOWN_VP (the wizard's ?, to type over)."""

    game = new_game(game="builders", names=("Ann", "Bo", "Cy"), first=0)
    rules = game.rules
    game.act(rules.board(game.state, [5] * 4))
    game.act(rules.build(state(game), 0, 3, 1, 1, None, "Saloon"))
    build(game, 1, 3, 4, 1)
    build(game, 2, 3, 3, 1)
    game.act(rules.token(state(game), 0, 0, 0))  # row 1
    game.act(rules.next_round(state(game)))
    for seat, (row, column) in ((1, (4, 4)), (2, (4, 3)), (0, (4, 1))):  # Bo starts
        build(game, seat, row, column, 1)
    for _ in range(3):
        game.act(rules.token(state(game), 0, 0, 0))
    saloon = state(game).owned(0)[0]
    assert saloon.card == "Saloon"
    known = {"cards": {"saloon": {str(state(game).distance(saloon)): 4}}}
    vps = [i["vp"] for i in rules.prefill(state(game), known)[0]["investments"]]
    assert vps == [4, UNKNOWN_VP]
    game.act(rules.name_card(state(game), 4, 1, "Saloon"))  # both known now: filled in
    vps = [i["vp"] for i in rules.prefill(state(game), known)[0]["investments"]]
    assert UNKNOWN_VP not in vps


def test_row_ones_tie_is_straight_ahead_of_the_train_markers_start() -> None:
    """ "a tie, so straight ahead of the previous token" in row 1, where there is none (a
    play-test): it is the Train Marker's start."""
    from companion.games.builders_track import place_token

    first = place_token(3, 5, 1, 1, first=True)
    assert first.column == 3 and "straight ahead of the Train Marker's start" in first.sentence
    assert "of the previous token" in place_token(3, 5, 1, 1).sentence


def test_a_hideout_dealt_from_the_terrain_deck_is_a_terrain_card(new_game: NewGame) -> None:
    """The Terrain Cards' table has a Hideout too ("No Building Card may be placed on a
    Hideout. A Track Token may be placed on a Hideout."): typed with `hide`, it was a
    Hideout Card, the count of Terrain Cards read one short ("5 of 6" before the first
    build) and it came back in the next game as a board space. It is a terrain of its own:
    counted, advanced-only, no building on it, a token may stand there; it and a Hideout
    Card typed by mistake replace each other in one command."""
    game = new_game(game="builders", names=("Ann", "Bo", "Cy", "Di"), first=0, terrain=True)
    rules = game.rules
    game.act(rules.board(state(game), [5] * 6))
    for column in range(1, 6):
        game.act(rules.place_terrain(state(game), 5, column, "lake"))
    assert rules.terrain_unplaced_note(state(game)).startswith("5 of 6 Terrain Cards are placed")
    assert "th" in rules.terrain_unplaced_note(state(game))  # how it is typed, with the others
    entry = rules.place_terrain(state(game), 2, 3, "hideout-terrain")
    assert entry.text == "Terrain: Hideout at row 2, column 3"
    game.act(entry)
    assert state(game).terrain_card_spots == {(5, c) for c in range(1, 6)} | {(2, 3)}
    assert state(game).hideout_spots == []  # no Hideout Card: not remembered as one
    assert not state(game).terrain_to_place
    assert rules.terrain_unplaced_note(state(game)) == ""
    with pytest.raises(
        RuleError, match=r"^Row 2, column 3 holds a Hideout Terrain Card: no building there\.$"
    ):
        game.act(rules.build(state(game), 0, 2, 3, 1))
    assert rules.place_terrain(state(game), 4, 4, "hideout-terrain").text == (
        "Terrain: Hideout at row 4, column 4 (7 Terrain Cards on the board: a 4-player game "
        "places 6)"
    )
    # a Hideout Card typed by mistake, or the other way round: one command puts it right
    card = rules.place_terrain(state(game), 2, 3, "hideout")
    assert card.text == "Hideout Card at row 2, column 3, in place of the Hideout Terrain Card"
    game.act(card)
    assert state(game).hideout_spots == [(2, 3)] and len(state(game).terrain_card_spots) == 5
    back = rules.place_terrain(state(game), 2, 3, "hideout-terrain")
    assert back.text == "Terrain: Hideout at row 2, column 3, in place of the Hideout Card"
    game.act(back)
    with pytest.raises(RuleError, match="has a Hideout Terrain Card already"):
        rules.place_terrain(state(game), 2, 3, "hideout-terrain")
    cleared = rules.place_terrain(state(game), 2, 3, "none")
    assert cleared.text == "Cleared row 2, column 3: the Hideout Terrain Card taken away"
    basic = new_game(game="builders", names=("Ann", "Bo"), first=0)
    basic.act(basic.rules.board(state(basic), [5] * 6))
    entry = basic.rules.place_terrain(state(basic), 3, 3, "hideout-terrain")
    assert entry.text == (
        "Terrain: Hideout at row 3, column 3 (Terrain Cards are for the advanced game (this "
        "game was set up without))"
    )


def test_a_track_token_may_stand_on_a_hideout_terrain_card_and_its_arrows_count(
    game: GameSession,
) -> None:
    """A Terrain Card lies face up and covers the arrows printed under it; what a Hideout
    dealt from the Terrain deck shows is added with the token (`t <`), as for a revealed
    Hideout Card: its row has a Hideout on record. A table that records only Terrain
    Hideouts, and no Hideout Cards, still reveals its Hideout Cards with `t <` anywhere."""
    rules = game.rules
    game.act(rules.arrows(state(game), 1, ["", "", "", "<", ""]))
    game.act(rules.place_terrain(state(game), 1, 4, "hideout-terrain"))  # covers the "<"
    for seat in range(3):
        game.act(rules.build(state(game), seat, 3, seat + 1, 1, ""))
    assert rules.token_from_board(state(game)).text.endswith(
        "a tie, so straight ahead of the Train Marker's start: column 3."
    )
    game.act(rules.place_terrain(state(game), 2, 2, "hideout"))  # Hideout Cards on record
    entry = rules.token_from_board(state(game), ">")  # row 1 has its Terrain Hideout
    assert "(its Hideout Terrain Card shows: >): 0 Left votes against 1 Right" in entry.text
    game.act(rules.token_by_hand(state(game), 4, "as on the board"))  # on the Hideout
    assert state(game).tokens == [4]
    game.act(rules.place_terrain(state(game), 2, 2, "none"))  # no Hideout Card on record
    game.act(rules.next_round(state(game)))
    game.act(rules.arrows(state(game), 2, ["", "", "", "", ""]))
    for seat in (1, 2, 0):
        game.act(rules.build(state(game), seat, 5, seat + 1, 1, ""))
    assert "(a Hideout revealed: <)" in rules.token_from_board(state(game), "<").text
    game.act(rules.place_terrain(state(game), 6, 5, "hideout"))
    with pytest.raises(RuleError, match=r"^Row 2 has no Hideout on record \(rows with one: 1, 6\)"):
        rules.token_from_board(state(game), "<")
    game.act(rules.place_terrain(state(game), 2, 4, "hideout-terrain"))
    assert "(its Hideout Terrain Card shows: <)" in rules.token_from_board(state(game), "<").text
