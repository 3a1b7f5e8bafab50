"""A reopened Boomtown Builders game's wizard: a VP typed at the last sheet follows the
building only while what the rules read it off (its card, its distance from the token)
is as it was then."""

from __future__ import annotations

from typing import Any

from companion.games import SHEETS
from companion.scoring import (
    UNKNOWN_VP,
    Followed,
    follow_since_sheet,
    overlay_sheet,
    sheet_text,
)
from companion.session import GameSession
from tests.conftest import NewGame


def played_to_the_end(new_game: NewGame) -> GameSession:
    """Ann's Triple at row 5 column 3, Bo's Double at row 4 column 1 (no card named), every
    Track Token placed by hand in column 3: Ann's building 0 from its token, Bo's 2."""
    session = new_game(game="builders", names=("Ann", "Bo"), first=0)
    rules = session.rules
    session.act(rules.board(session.state, [5] * 5))
    session.act(rules.build(session.state, 0, 5, 3, 3))
    session.act(rules.build(session.state, 1, 4, 1, 2))
    for round_ in range(1, session.state.last_round + 1):  # type: ignore[attr-defined]
        if round_ > 1:
            session.act(rules.correct_text(session.state, "turn", "none", "no build"))
        while session.state.tokens_to_place:  # type: ignore[attr-defined]
            session.act(rules.token_by_hand(session.state, 3, "as on the board"))
        if session.state.tokens_to_place == 0 and not session.state.over:  # type: ignore[attr-defined]
            session.act(rules.next_round(session.state))
    assert session.rules.not_over(session.state) is None
    return session


def finished_with(session: GameSession, vps: list[list[int]]) -> dict[str, Any]:
    """The wizard's sheet with the VPs the table typed, saved as the game's finish; what
    the game learned from it (a named card's VP at its distance) is returned."""
    spec, rules = SHEETS["builders"], session.rules
    rows = rules.prefill(session.state)
    for row, typed in zip(rows, vps, strict=True):
        for investment, vp in zip(row["investments"], typed, strict=True):
            investment["vp"] = vp
    known = rules.learned(session.state, rows, {})
    session.act(rules.finish(session.state, sheet_text(spec, rows), "Ann wins"))
    return known


def reopened(
    session: GameSession, known: dict[str, Any]
) -> tuple[list[dict[str, Any]], list[Followed]]:
    """The reopened wizard's answers as the game screen starts them (its last sheet over
    what the game tracks, what the game changed since taken from it), and which those are."""
    spec, rules, state = SHEETS["builders"], session.rules, session.state
    then = session.state_at_last_finish()
    assert then is not None
    tracked = rules.prefill(state, known)
    rows = overlay_sheet(spec, tracked, state.sheet)
    return follow_since_sheet(spec, rules, state, then, rows, tracked, known)


def vps(rows: list[dict[str, Any]]) -> list[list[tuple[int, int]]]:
    return [[(i["vp"], i["cube"]) for i in row["investments"]] for row in rows]


def test_a_vp_typed_for_a_distance_the_token_no_longer_gives_is_asked_again(
    new_game: NewGame,
) -> None:
    """The play-test: Ann's Triple was 0 from the token, VP 5 typed; the token corrected to
    column 1 made it 2 from it, and the reopened wizard still offered VP 5 (and the old
    total), unremarked. That VP is the game's now (a ? to type: the card's VP at 2 is not
    known), named as changed since the sheet with the sheet's answer; Bo's, whose distance
    did not change, stays as typed."""
    session = played_to_the_end(new_game)
    known = finished_with(session, [[5], [4]])
    rules = session.rules
    session.act(rules.correct_text(session.state, "token:5", "1", "misplaced"))
    session.act(rules.reopen(session.state))
    rows, followed = reopened(session, known)
    assert vps(rows) == [[(UNKNOWN_VP, 3)], [(4, 2)]]
    assert followed == [Followed(0, "investments", "Investments", "5x3")]


def test_a_token_corrected_and_put_back_keeps_the_vp_typed(new_game: NewGame) -> None:
    """A token corrected away and back again leaves each building at the distance its VP was
    typed for: nothing is called changed."""
    session = played_to_the_end(new_game)
    known = finished_with(session, [[5], [4]])
    rules = session.rules
    session.act(rules.correct_text(session.state, "token:5", "1", "misplaced"))
    session.act(rules.correct_text(session.state, "token:5", "3", "it was right"))
    session.act(rules.reopen(session.state))
    rows, followed = reopened(session, known)
    assert vps(rows) == [[(5, 3)], [(4, 2)]]
    assert followed == []


def test_a_named_cards_vp_at_its_new_distance_is_the_one_known_for_it(
    new_game: NewGame,
) -> None:
    """A named card's VP at the distance the corrected token gives, known from an earlier
    game, is taken (the sheet's said beside it); not known, it is a ? to type."""
    session = played_to_the_end(new_game)
    rules = session.rules
    session.act(rules.name_card(session.state, 5, 3, "Saloon"))
    known = finished_with(session, [[5], [4]])
    assert known == {"cards": {"saloon": {"0": 5}}}
    known["cards"]["saloon"]["2"] = 3  # read off the card in an earlier game
    session.act(rules.correct_text(session.state, "token:5", "1", "misplaced"))
    session.act(rules.reopen(session.state))
    rows, followed = reopened(session, known)
    assert vps(rows) == [[(3, 3)], [(4, 2)]]
    assert followed == [Followed(0, "investments", "Investments", "5x3")]
    del known["cards"]["saloon"]["2"]
    rows, followed = reopened(session, known)
    assert vps(rows) == [[(UNKNOWN_VP, 3)], [(4, 2)]]
    assert followed == [Followed(0, "investments", "Investments", "5x3")]


def test_a_card_named_after_the_sheet_keeps_the_vp_typed_off_it(new_game: NewGame) -> None:
    """Bo's Double had no card named at the finish, its VP typed off the cardboard; named
    after the game was reopened, it is the same card at the same distance: the VP typed
    stays (it became a ? to type again, and was said changed: a review)."""
    session = played_to_the_end(new_game)
    known = finished_with(session, [[5], [4]])
    rules = session.rules
    session.act(rules.reopen(session.state))
    session.act(rules.name_card(session.state, 4, 1, "Saloon"))
    rows, followed = reopened(session, known)
    assert vps(rows) == [[(5, 3)], [(4, 2)]]
    assert followed == []
