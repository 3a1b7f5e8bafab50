"""What the table display shows of each game (companion.display): plain pytest on the core."""

from __future__ import annotations

from companion.display import Figure, view_of
from companion.games.boomtown import BoomtownState
from companion.session import GameSession
from tests.conftest import NewGame
from tests.display.player import play_round


def view(session: GameSession, lines: int = 4):  # type: ignore[no-untyped-def]
    rules = session.rules
    return view_of(
        rules.id, rules.title, rules.progress(session.state), session.state, session.journal, lines
    )


def figures(session: GameSession) -> list[dict[str, str]]:
    return [{f.label: f.value for f in seat.figures} for seat in view(session).seats]


def test_boomtown_shows_gold_mayors_and_whose_turn_it_is(new_game: NewGame) -> None:
    session = new_game("boomtown", names=("Ann", "Bo", "Cy"))
    shown = view(session)
    assert [seat.name for seat in shown.seats] == ["Ann", "Bo", "Cy"]
    assert [seat.colour for seat in shown.seats] == [p.colour for p in session.state.players]
    assert figures(session) == [{"Gold": "10", "Mayors": "0"}] * 3
    assert shown.table == (Figure("Cards left", str(session.state.cards_left)),)  # type: ignore[attr-defined]
    assert shown.log == ()
    session.act(session.rules.reveal(session.state))  # type: ignore[attr-defined]
    shown = view(session)
    assert "Ann to bid or pass" in shown.turn
    assert [seat.turn for seat in shown.seats] == [True, False, False]
    play_round(session, bid=3)  # Ann bids 3 and wins; the split pays the others
    state = session.state
    assert isinstance(state, BoomtownState)
    assert figures(session)[0]["Gold"] == str(state.gold(0)) != "10"
    assert view(session).log[-1] == session.journal.effective()[-1].text
    assert len(view(session, lines=3).log) == 3


def test_undo_shows_the_state_before(new_game: NewGame) -> None:
    session = new_game("boomtown")
    play_round(session, bid=2)
    before = figures(session)
    session.act(session.rules.reveal(session.state))  # type: ignore[attr-defined]
    session.undo()
    assert figures(session) == before


def test_coloma_shows_vp_bucks_nuggets_and_the_value_of_gold(new_game: NewGame) -> None:
    session = new_game("coloma", names=("Ann", "Bo", "Cy"))
    shown = view(session)
    assert figures(session)[0] == {"VP": "0", "Bucks": "2", "Nuggets": "1"}
    assert shown.table == (Figure("A Nugget is worth", "$3"),)
    assert "Sheriff" in shown.turn


def test_coloma_shows_the_shootout_tally_and_then_clean_up(new_game: NewGame) -> None:
    """The display said "the Shootout" all through Clean Up, and had no tally (a play-test)."""
    session = new_game("coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    session.act(rules.gunmen(session.state, 0, 2, 1))  # type: ignore[attr-defined]
    for _round in range(5):
        session.act(rules.next_round(session.state))  # type: ignore[attr-defined]
    shown = view(session)
    outlaws = str(session.state.outlaws)  # type: ignore[attr-defined]
    assert shown.turn.startswith("1848: the Shootout.")
    assert shown.table[1:] == (Figure("Gunmen", "1"), Figure("Outlaws", outlaws))
    session.act(rules.shootout_result(session.state))  # type: ignore[attr-defined]
    shown = view(session)
    assert shown.turn.startswith("1848: Clean Up. Sheriff:")
    # the round's tally stays through Clean Up (it went as Clean Up began: a play-test)
    assert shown.table[1:] == (Figure("Gunmen", "1"), Figure("Outlaws", outlaws))
    session.act(rules.clean_up(session.state, 3))  # type: ignore[attr-defined]
    shown = view(session)
    assert shown.turn.startswith("1849, Round 1.") and len(shown.table) == 1


def test_calamityville_shows_money_and_properties(new_game: NewGame) -> None:
    session = new_game("calamityville", names=("Ann", "Bo", "Cy"))
    assert figures(session)[0] == {"Money": "$2000", "Properties": "0"}
    assert [f.label for f in view(session).table] == ["Boom", "Bust"]
    # who goes first, until the first purchase or card (said once, in a toast: a play-test),
    # then who went first, all game (it was said no more: a play-test)
    first = session.state.name(session.state.first_player)
    assert view(session).turn == f"{first} goes first. The yellow Boom card is up."
    rules = session.rules
    session.act(rules.buy(session.state, 0, "bank", 300))  # type: ignore[attr-defined]
    assert view(session).turn == f"{first} went first. The yellow Boom card is up."


def test_builders_shows_cubes_left_and_the_train_marker(new_game: NewGame) -> None:
    """Each player's cubes left by size, Triples, Doubles and Singles, as the game screen
    tracks them ("T3 D4 S7 left"): the display showed only their sum."""
    session = new_game("builders", names=("Ann", "Bo"))
    shown = view(session)
    assert figures(session) == [{"Triples": "3", "Doubles": "4", "Singles": "7"}] * 2
    assert shown.table == (Figure("Train Marker row", "1"),)
    assert "Ann builds" in shown.turn and shown.seats[0].turn
    rules = session.rules
    session.act(rules.board(session.state, [5] * 10))
    session.act(rules.build(session.state, 0, 3, 1, 3))  # Ann builds with a Triple
    assert figures(session) == [
        {"Triples": "2", "Doubles": "4", "Singles": "7"},
        {"Triples": "3", "Doubles": "4", "Singles": "7"},
    ]


def test_a_finished_builders_game_shows_the_final_score_in_place_of_the_cubes(
    new_game: NewGame,
) -> None:
    """The final score takes the place of the cubes left, all three sizes of them (as it
    takes the place of Money, VP or Gold in the other games)."""
    from companion.scoring import score, sheet_text, winners_sentence

    session = new_game("builders", names=("Ann", "Bo"))
    rules = session.rules
    spec = rules.sheet_for(session.state)
    rows = [
        {"name": "Ann", "investments": [{"vp": 5, "cube": 3, "goldmine": False}]},
        {"name": "Bo", "investments": [{"vp": 2, "cube": 1, "goldmine": False}]},
    ]
    session.act(
        rules.finish(session.state, sheet_text(spec, rows), winners_sentence(score(spec, rows)))
    )
    assert figures(session) == [{"Final score": "15"}, {"Final score": "2"}]


def test_a_finished_game_says_so(new_game: NewGame) -> None:
    session = new_game("calamityville", names=("Ann", "Bo", "Cy"))
    session.act(session.rules.finish(session.state, "", "Ann wins with $2,500"))
    shown = view(session)  # with the winner (only the log had it: a play-test)
    assert shown.finished and shown.turn == "The game is over: Ann wins with $2,500."
    assert not any(seat.turn for seat in shown.seats)
    session.act(session.rules.reopen(session.state))
    assert not view(session).finished


def test_a_game_finished_again_keeps_each_end_in_the_log(new_game: NewGame) -> None:
    """Reopened and finished again, the display's log lost the second "The game is over"
    (said above the log only) and ended on "The game was reopened", as if it still were:
    the log says what the game's log says, each end in its place."""
    session = new_game("calamityville", names=("Ann", "Bo"))
    rules = session.rules
    session.act(rules.finish(session.state, "", "Ann wins"))
    session.act(rules.reopen(session.state))
    session.act(rules.finish(session.state, "", "Ann wins"))
    shown = view(session)
    assert shown.turn == "The game is over: Ann wins."
    assert shown.log == (
        "The game is over: Ann wins.",
        "The game was reopened to correct it.",
        "The game is over: Ann wins.",
    )
    assert shown.log == tuple(entry.text for entry in session.journal.effective())


def test_names_and_log_sentences_are_kept_literally(new_game: NewGame) -> None:
    session = new_game("boomtown", names=("[b]Ann[/b]", "Bo", "Cy"))
    play_round(session, bid=2)
    shown = view(session)
    assert shown.seats[0].name == "[b]Ann[/b]"
    assert any("[b]Ann[/b]" in line for line in shown.log)


def test_builders_says_the_track_token_is_to_place_until_it_is(new_game: NewGame) -> None:
    """The table display said "the Track Token is placed" while it was still to place (a
    play-test)."""
    session = new_game("builders", names=("Ann", "Bo"))
    rules = session.rules
    session.act(rules.board(session.state, [5] * 10))
    session.act(rules.build(session.state, 0, 1, 1, 1))
    session.act(rules.build(session.state, 1, 1, 2, 1))
    assert view(session).turn == "Round 1 of 9: the Track Token for row 1."
    session.act(rules.token(session.state, 1, 0, 0))
    assert view(session).turn == "Round 1 of 9: the Track Token is placed; next round."
    session.act(rules.next_round(session.state))
    assert "Bo builds" in view(session).turn


def test_a_finished_game_shows_each_players_final_score_first(new_game: NewGame) -> None:
    """Coloma's display showed the VP track (9 and 9) under "Ann wins" (a play-test)."""
    from companion.games import SHEETS
    from companion.scoring import sheet_text

    session = new_game("boomtown", names=("Ann", "Bo", "Cy"))
    players = [
        {"name": "Ann", "gold": 15, "mines": [3], "mayors": 1},
        {"name": "Bo", "gold": 10, "mines": [], "mayors": 0},
        {"name": "Cy", "gold": 12, "mines": [], "mayors": 0},
    ]
    sheet = sheet_text(SHEETS["boomtown"], players)
    session.act(session.rules.finish(session.state, sheet, "Ann wins"))
    shown = figures(session)
    assert list(shown[0]) == ["Final score", "Mayors"] and shown[0]["Final score"] == "23"
    assert shown[1]["Final score"] == "10" and shown[2]["Final score"] == "12"
    money = new_game("calamityville", names=("Ann", "Bo"))
    sheet = sheet_text(
        SHEETS["calamityville"], [{"name": "Ann", "money": 2500}, {"name": "Bo", "money": 900}]
    )
    money.act(money.rules.finish(money.state, sheet, "Ann wins"))
    assert figures(money)[0] == {"Final score": "$2500", "Properties": "0"}


def test_undo_and_redo_are_said_in_the_log(new_game: NewGame) -> None:
    """The display's log showed only the changes in effect: nobody watching saw that a
    change was taken back (a play-test)."""
    session = new_game("boomtown", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    session.act(rules.reveal(session.state))  # type: ignore[attr-defined]
    session.act(rules.bid(session.state, 0, 3))  # type: ignore[attr-defined]
    bid = session.journal.effective()[-1].text
    session.undo()
    assert view(session).log[-1] == f"Undone: {bid}"
    assert bid not in view(session).log  # said once, as taken back
    session.redo()
    assert view(session).log[-2:] == (f"Undone: {bid}", f"Redone: {bid}")
    session.act(rules.pass_(session.state, 1))  # type: ignore[attr-defined]
    passed = session.journal.effective()[-1].text
    assert view(session).log[-3:] == (f"Undone: {bid}", f"Redone: {bid}", passed)
    assert len(view(session, lines=2).log) == 2


def test_boomtowns_round_end_says_which_round_starts_and_who_opens_it(
    new_game: NewGame,
) -> None:
    """ "Round 1 is over: the next one starts" (a play-test): as the table says it."""
    session = new_game("boomtown", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    play_round(session, bid=3)  # Ann wins the auction; the round is played to its end
    session.undo()  # back to the round's end, before "n"
    assert session.state.phase == "next"  # type: ignore[attr-defined]
    assert view(session).turn == "Round 1 is over. Round 2 starts: Ann is the first player."
    session.act(rules.next_round(session.state))  # type: ignore[attr-defined]
    assert view(session).turn.startswith("Round 2:")


def test_a_tie_broken_is_said_with_the_winner_and_the_end_once(new_game: NewGame) -> None:
    """A finished game showed "Bo wins" with Ann on the same 9 points and not why, and the
    finish sentence twice (above the log and as its newest line: a play-test)."""
    from companion.scoring import score, sheet_text, winners_sentence

    session = new_game("coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    rows = rules.prefill(session.state)
    for row, (track, gold) in zip(rows, ((9, 1), (9, 2), (5, 0)), strict=True):
        row["track"], row["gold"] = track, gold
    spec = rules.sheet_for(session.state)
    winners = winners_sentence(score(spec, rows))
    session.act(rules.finish(session.state, sheet_text(spec, rows), winners))
    shown = view(session)
    assert shown.turn == (
        "The game is over: Bo wins. Bo and Ann tie on 9 points; Gold Nuggets: Bo 2, Ann 1."
    )
    assert not any("The game is over" in line for line in shown.log)
    assert shown.progress == "Finished"


def test_the_final_scoring_is_said_once(new_game: NewGame) -> None:
    """Before the scores are typed, the title ("Boomtown · Deck used up: final scoring")
    and the line under it ("The deck is used up: final scoring.") said it twice (a
    play-test): the line says it."""
    session = new_game("calamityville", names=("Ann", "Bo"))
    state = session.state
    state.gold_out = True  # type: ignore[attr-defined]
    shown = view(session)
    assert shown.turn == "The gold has run out: final scoring."
    assert shown.progress == ""
    assert view(new_game("boomtown")).progress == "Round 1, reveal"


def test_a_finished_games_cards_show_the_sheets_numbers(new_game: NewGame) -> None:
    """The tie-break said "Ann 4, Bo 4" (the Nuggets typed in the scoring wizard) while
    Ann's card still showed the 1 Nugget tracked (a play-test)."""
    from companion.scoring import score, sheet_text, winners_sentence

    session = new_game("coloma", names=("Ann", "Bo"))
    rules = session.rules
    rows = rules.prefill(session.state)
    assert rows[0]["gold"] == 1
    for row, bucks in zip(rows, (7, 3), strict=True):
        row["track"], row["gold"], row["bucks"] = 11, 4, bucks
    spec = rules.sheet_for(session.state)
    session.act(
        rules.finish(session.state, sheet_text(spec, rows), winners_sentence(score(spec, rows)))
    )
    shown = view(session)
    assert "Ann 4, Bo 4" in shown.turn
    assert figures(session) == [
        {"Final score": "11", "Bucks": "7", "Nuggets": "4"},
        {"Final score": "11", "Bucks": "3", "Nuggets": "4"},
    ]


def test_coloma_shows_the_tally_once_gunmen_are_placed_in_the_year(new_game: NewGame) -> None:
    """The tally showed only at the Shootout, while the game screen counted it all Year as
    rows were taken (a play-test)."""
    session = new_game("coloma", names=("Ann", "Bo", "Cy"))
    rules = session.rules
    assert len(view(session).table) == 1  # nothing placed yet: the value of gold only
    session.act(rules.gunmen(session.state, 0, 2, 1))  # type: ignore[attr-defined]
    shown = view(session)
    assert shown.turn.startswith("1848, Round 1.")
    outlaws = str(session.state.outlaws)  # type: ignore[attr-defined]
    assert shown.table[1:] == (Figure("Gunmen", "1"), Figure("Outlaws", outlaws))


def test_builders_shows_the_board_as_rows_of_cells(new_game: NewGame) -> None:
    """The display showed no board for Boomtown Builders: where the Track Tokens stand, the
    Train Marker's row and who built where are what its table looks at most. The view has
    the board as the game screen draws it: the last row first, a building as its owner's
    label and cube, terrain marks, each row's token, the Train Marker's row."""
    session = new_game("builders", names=("Ann", "Bo", "Cy", "Dee"), terrain=True)
    assert view(session).board is None  # before the board's size is typed
    rules = session.rules
    session.act(rules.board(session.state, [5] * 4))  # type: ignore[attr-defined]
    session.act(rules.place_terrain(session.state, 2, 2, "lake"))  # type: ignore[attr-defined]
    session.act(rules.place_terrain(session.state, 3, 1, "mountain-right"))  # type: ignore[attr-defined]
    session.act(rules.build(session.state, 0, 3, 2, 3))  # type: ignore[attr-defined]
    session.act(rules.build(session.state, 1, 1, 2, 1))  # type: ignore[attr-defined]
    session.act(rules.build(session.state, 2, 2, 4, 1))  # type: ignore[attr-defined]
    session.act(rules.build(session.state, 3, 4, 5, 2))  # type: ignore[attr-defined]
    session.act(rules.token(session.state, 1, 0, 0))  # type: ignore[attr-defined]
    shown = view(session)
    board = shown.board
    assert board is not None
    assert [seat.label for seat in shown.seats] == ["A", "B", "C", "D"] == list(board.labels)
    assert [row.number for row in board.rows] == [4, 3, 2, 1]  # row 1 at the bottom
    marks = {row.number: [cell.mark for cell in row.cells] for row in board.rows}
    assert marks == {
        4: [".", ".", ".", ".", "D2"],
        3: ["M>", "A3", ".", ".", "."],
        2: [".", "~~", ".", "C1", "."],
        1: [".", "B1", ".", ".", "."],  # the token stands beside Bo's building
    }
    first = board.rows[-1]
    assert [cell.token for cell in first.cells] == [False, True, False, False, False]
    assert first.cells[1].owner == 1 and first.cells[1].kind == "building"
    assert board.rows[0].cells[4].owner == 3
    assert [row.number for row in board.rows if row.train] == [2]  # the next token's row
    assert board.legend == ("=..= Track Token", "◀ Train Marker", "M< M> Mountain", "~~ Lake")
    session.act(rules.next_round(session.state))  # type: ignore[attr-defined]
    for seat in (1, 2, 3, 0):
        session.act(rules.build(session.state, seat, 4, seat + 1, 1))  # type: ignore[attr-defined]
    session.act(rules.token(session.state, 0, 0, 0))  # type: ignore[attr-defined]
    row_2 = view(session).board.rows[2]  # type: ignore[union-attr]
    # a tie: straight ahead, onto the Lake (a token may stand on one)
    assert [(cell.mark, cell.kind) for cell in row_2.cells if cell.token] == [("~~", "terrain")]
    assert [row.number for row in view(session).board.rows if row.train] == [3]  # type: ignore[union-attr]
    # a Track Token on an empty location is "==", as on the game screen
    session.undo()
    session.act(rules.token_by_hand(session.state, 3, "as on the board"))  # type: ignore[attr-defined]
    row_2 = view(session).board.rows[2]  # type: ignore[union-attr]
    assert [(cell.mark, cell.kind) for cell in row_2.cells if cell.token] == [("==", "token")]


def test_other_games_have_no_board(new_game: NewGame) -> None:
    for game in ("boomtown", "coloma", "calamityville"):
        shown = view(new_game(game, names=("Ann", "Bo", "Cy")))
        assert shown.board is None and all(seat.label == "" for seat in shown.seats)
