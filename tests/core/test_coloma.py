"""Coloma through the session: the calendar, Events, gold, limits, the Bust and shootouts."""

from __future__ import annotations

import dataclasses

import pytest

from companion.amounts import parse_amount
from companion.games import RuleError
from companion.games.coloma import ColomaRules, ColomaState, value_of
from companion.games.coloma.state import copy_of
from companion.session import GameSession
from tests.conftest import NewGame


@pytest.fixture
def game(new_game: NewGame) -> GameSession:
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=1)  # Bo is Sheriff
    session.act(rules(session).pools(state(session), [2, 2, 3]))
    return session


def state(session: GameSession) -> ColomaState:
    assert isinstance(session.state, ColomaState)
    return session.state


def rules(session: GameSession) -> ColomaRules:
    assert isinstance(session.rules, ColomaRules)
    return session.rules


def numbers(session: GameSession, key: str) -> list[int]:
    return [n[key] for n in state(session).numbers]


def test_the_calendar_runs_three_years_of_five_rounds(game: GameSession) -> None:
    assert (state(game).year, state(game).round, state(game).barker) == (1848, 1, 1)
    assert state(game).sheriff == 1 and state(game).outlaws == 2
    for round_ in range(2, 6):
        entry = rules(game).next_round(state(game))
        assert entry.text.startswith(f"1848, Round {round_}: the Barker covers Site {round_}")
        game.act(entry)
    game.act(rules(game).next_round(state(game)))
    assert state(game).phase == "shootout"
    with pytest.raises(RuleError, match="resolve the Shootout first"):
        rules(game).next_round(state(game))
    entry = rules(game).shootout_result(state(game))  # no chart typed: nobody is buried,
    assert "no Gunmen: Ann, Bo, Cy (no chart typed: nothing given or taken)" in entry.text
    assert "Graves" not in entry.text  # and the sentence says so ("Dudes to the Graves")
    game.act(entry)
    assert state(game).phase == "cleanup"
    game.act(rules(game).clean_up(state(game), 3))
    assert (state(game).year, state(game).round, state(game).outlaws) == (1849, 1, 3)
    for _year in (1849, 1850):
        for _round in range(5):
            game.act(rules(game).next_round(state(game)))
        game.act(rules(game).shootout_result(state(game)))
        if state(game).phase == "cleanup":
            game.act(rules(game).clean_up(state(game), 4))
    assert state(game).phase == "over" and state(game).year == 1850
    assert rules(game).progress(state(game)) == "The third Shootout is over: final scoring"


def test_events_from_the_sheriff_twice_with_a_tent(game: GameSession) -> None:
    game.act(rules(game).pitch(state(game), 2, 2))  # Cy's Tent on Event 2
    game.act(rules(game).event(state(game)))  # Event 1: Dudes
    assert numbers(game, "dudes") == [4, 4, 4]
    with pytest.raises(RuleError, match="already happened this Round"):
        rules(game).event(state(game))
    game.act(rules(game).next_round(state(game)))
    entry = rules(game).event(state(game))  # Event 2: Gold, from Bo (the Sheriff) clockwise
    assert entry.text == (
        "Event, Site 2: Bo +1 Gold Nugget; Cy +2 Gold Nuggets (Tent: twice); Ann +1 Gold Nugget"
    )
    game.act(entry)
    supply = state(game).supply
    assert supply is not None and supply.nuggets == (0, 0, 3) and value_of(state(game)) == 2
    assert numbers(game, "gold") == [2, 2, 3]


def test_site_5_says_what_each_player_may_spend(game: GameSession) -> None:
    """ "(2 only with a Tent on it)" was said to a Tent's owner who typed 3 (a play-test)."""
    game.act(rules(game).pitch(state(game), 2, 5))  # Cy's Tent on Event 5
    for _ in range(4):
        game.act(rules(game).next_round(state(game)))
    assert state(game).barker == 5
    with pytest.raises(
        RuleError, match=r"^Cy may spend at most 2 Gold Nuggets on this Event \(a Tent on it\)\.$"
    ):
        rules(game).event(state(game), {2: 3})
    with pytest.raises(
        RuleError, match=r"^Ann may spend at most 1 Gold Nugget on this Event \(2 only with"
    ):
        rules(game).event(state(game), {0: 2})


def test_gold_from_an_empty_supply_is_a_buck_each_and_spending_fills_the_cart(
    game: GameSession,
) -> None:
    game.act(rules(game).gold(state(game), 0, 6))
    assert value_of(state(game)) == 1  # the bottom pool has an empty space
    entry = rules(game).gold(state(game), 1, 3)
    assert entry.text == "Bo +1 Gold Nugget (1 → 2), +2 Bucks instead (the Gold Supply is empty)"
    game.act(entry)
    assert numbers(game, "gold") == [7, 2, 1] and numbers(game, "bucks") == [2, 4, 2]
    entry = rules(game).pay(state(game), 0, 4)
    assert entry.text == (
        "Ann pays 4 Bucks with 4 Gold Nuggets at 1 each"  # the value is 1: no change needed
    )
    game.act(entry)
    assert state(game).supply is not None and state(game).supply.cart == 4
    with pytest.raises(RuleError, match="Bo has 2"):
        rules(game).pay(state(game), 1, 3)
    # a cost of nothing is said as such ("Gold Nuggets move in whole numbers": a play-test)
    with pytest.raises(RuleError, match=r"^Type the cost in Bucks, 1 or more \(not 0\): pay 4\.$"):
        rules(game).pay(state(game), 1, 0)


def test_an_event_paid_in_bucks_says_the_supply_is_empty_once(game: GameSession) -> None:
    """A Gold Nugget Event from an empty supply says why once, not for each player: six
    players' "instead (the Gold Supply is empty)" cut the Event line (a play-test)."""
    game.act(rules(game).gold(state(game), 0, 7))  # the whole supply
    game.act(rules(game).pitch(state(game), 2, 2))  # Cy's Tent on Event 2
    game.act(rules(game).next_round(state(game)))
    entry = rules(game).event(state(game))
    assert entry.text == (
        "Event, Site 2: Bo +1 Buck instead; Cy +2 Bucks instead (Tent: twice); "
        "Ann +1 Buck instead; the Gold Supply is empty"
    )


def test_gold_gained_or_spent_says_before_and_after_as_every_tracker(game: GameSession) -> None:
    """`Bob +1 Gold Nugget` sat in the log beside `Chloe +1 River (0 → 1)` (a play-test)."""
    before = numbers(game, "gold")[0]
    gained = rules(game).gold(state(game), 0, 2)
    assert gained.text == f"Ann +2 Gold Nuggets ({before} → {before + 2})"
    game.act(gained)
    spent = rules(game).gold(state(game), 0, -1)
    assert spent.text == f"Ann spends 1 Gold Nugget ({before + 2} → {before + 1}) to the Mine Cart"


def test_the_wizard_questions_canyons_and_bridges_against_the_board(game: GameSession) -> None:
    """Bridge VP typed for a player with no Bridge went unquestioned (a play-test)."""
    game.act(rules(game).adjust(state(game), 1, "rivers", parse_amount("+2")))
    game.act(rules(game).bridge(state(game), 1, "Rope"))
    assert rules(game).score_counts(state(game)) == {
        "canyons": [0, 2, 0],
        "bridges": [0, 1, 0],
        "frontier": [0, 0, 0],  # Tents on Frontier Lands
    }


def test_limits_take_what_fits_and_ignore_the_rest(game: GameSession) -> None:
    """Issue #13: the rules say to ignore the action or the remainder, not to refuse it."""
    entry = rules(game).adjust(state(game), 0, "horses", parse_amount("+6"))
    assert entry.text == "Ann +5 Horses (1 → 6); 1 Horse ignored: 6 Horses at most (Horse Limit)"
    game.act(entry)
    with pytest.raises(RuleError, match="6 Horses at most"):
        rules(game).adjust(state(game), 0, "horses", parse_amount("+1"))  # nothing fits
    game.act(rules(game).adjust(state(game), 0, "tents", parse_amount("+1")))
    game.act(rules(game).pitch(state(game), 0, None))
    game.act(rules(game).pitch(state(game), 0, 3))
    with pytest.raises(RuleError, match="no Tent in the Lodge"):
        rules(game).pitch(state(game), 0, 4)
    with pytest.raises(RuleError, match="Events are at Sites 1 to 5"):  # said first (only
        rules(game).pitch(state(game), 0, 6)  # "no Tent" was: a play-test)
    tents = rules(game).adjust(state(game), 0, "tents", parse_amount("+7"))
    assert tents.text.endswith("; 1 Tent ignored: 8 Tents in all")
    game.act(tents)
    assert state(game).tents_in_all(0) == 8
    with pytest.raises(RuleError, match=r"8 Tents in all \(2 already pitched\)"):
        rules(game).correct(state(game), 0, "tents", parse_amount("7"), "counted")
    with pytest.raises(RuleError, match="needs a River tile"):
        rules(game).bridge(state(game), 0, "Covered")
    game.act(rules(game).adjust(state(game), 0, "rivers", parse_amount("4")))
    with pytest.raises(RuleError, match="4 Rivers at most"):
        rules(game).adjust(state(game), 0, "rivers", parse_amount("+1"))
    game.act(rules(game).bridge(state(game), 0, "Covered"))
    with pytest.raises(RuleError, match="already has a Covered Bridge: no two of one type"):
        rules(game).bridge(state(game), 0, "covered")
    game.act(rules(game).bridge(state(game), 0, "Arch"))
    with pytest.raises(RuleError, match="already has an Arch Bridge"):  # (not "a Arch")
        rules(game).bridge(state(game), 0, "arch")
    for kind in ("Rope", "Stone"):
        game.act(rules(game).bridge(state(game), 0, kind))
    with pytest.raises(RuleError, match="at most 4 Bridges"):
        rules(game).bridge(state(game), 0, "Truss")


def test_bridge_tiles_of_a_type_run_out_by_player_count(game: GameSession) -> None:
    """Issue #13: 1 / 2 / 3 tiles of each type for 2 / 3-4 / 5-6 players."""
    for seat in range(3):
        game.act(rules(game).adjust(state(game), seat, "rivers", parse_amount("2")))
    game.act(rules(game).bridge(state(game), 0, "Rope"))
    game.act(rules(game).bridge(state(game), 1, "rope"))
    assert state(game).bridges[1] == ["Rope"]  # one spelling a type (a play-test: rope, Rope)
    with pytest.raises(RuleError, match="Every Rope Bridge is built: 2 of each type with 3"):
        rules(game).bridge(state(game), 2, "Rope")
    # a player who has one is given their own rule, not the tiles' (a play-test)
    with pytest.raises(RuleError, match="Bo already has a Rope Bridge: no two of one type"):
        rules(game).bridge(state(game), 1, "ROPE")


def test_a_game_has_six_bridge_types(game: GameSession) -> None:
    """Eight types were taken in one game, a typo or a joke making a new one (a play-test):
    the setup selects six."""
    for seat in range(3):
        game.act(rules(game).adjust(state(game), seat, "rivers", parse_amount("4")))
    for seat, kind in enumerate(["Rope", "Beam", "Log", "Stone", "Chain", "Plank"]):
        game.act(rules(game).bridge(state(game), seat % 3, kind))
    with pytest.raises(RuleError, match=r"A game has 6 Bridge types \(Beam, Chain, .*Steel would"):
        rules(game).bridge(state(game), 2, "Steel")
    game.act(rules(game).bridge(state(game), 2, "rope"))  # one of the six: taken


def test_one_row_of_gunmen_a_turn(game: GameSession) -> None:
    """Issue #13: `bo gun 2 2` then `bo gun 3 2` in one turn was accepted."""
    game.act(rules(game).gunmen(state(game), 1, 2, 1))
    with pytest.raises(RuleError, match="Bo already filled a row this Round: one row"):
        rules(game).gunmen(state(game), 1, 3, 1)
    game.act(rules(game).next_round(state(game)))
    game.act(rules(game).gunmen(state(game), 1, 3, 1))  # a new Round, a new turn


def test_gunmen_from_a_pioneer_not_on_site_5_are_taken_with_a_note(game: GameSession) -> None:
    """A row from a Pioneer on Site 3 went in unremarked and won a Shootout (a play-test):
    Gunmen are Site 5's Common action, covered by the Barker in Round 5. Said, not refused:
    the table may know better."""
    game.act(rules(game).sites(state(game), [5, 3, 5], []))
    assert rules(game).gunmen(state(game), 0, 1, 1).text == (
        "Ann fills row 1 at the Shootout with 1 Gunman"
    )
    entry = rules(game).gunmen(state(game), 1, 1, 1)
    assert entry.text.endswith("(only a Pioneer on Site 5 places Gunmen; Bo's is on Site 3)")
    game.act(entry)  # taken all the same
    assert state(game).rows[1] == (1, 1)
    while state(game).round < 5:
        game.act(rules(game).next_round(state(game)))
    game.act(rules(game).sites(state(game), [5, 1, 2], []))
    assert (
        rules(game)
        .gunmen(state(game), 0, 2, 1)
        .text.endswith("(the Barker covers Site 5 this Round: its actions are not taken)")
    )


def test_the_event_line_keeps_what_happened(game: GameSession) -> None:
    """Issue #13: a Tent pitched after the Round's Event rewrote the line ("Twice for Cy")."""
    game.act(rules(game).event(state(game)))
    said = state(game).event_said
    assert said.startswith("Event, Site 1:") and "twice" not in said.lower()
    game.act(rules(game).pitch(state(game), 2, 1))
    assert state(game).event_said == said


def test_the_bust_and_the_order_of_turns(game: GameSession) -> None:
    entry = rules(game).sites(state(game), [3, 1, 3], [])
    assert entry.text == "Round 1 Sites: Ann 3, Bo 1, Cy 3: Site 3 busts; turns: Bo, Cy, Ann"
    game.act(entry)
    two = rules(game).sites(state(game), [2, 4, 5], [])
    assert "no Site has most: the Signpost busts" in two.text
    with pytest.raises(RuleError, match="one Site for each of the 3 players"):
        rules(game).sites(state(game), [2, 4], [])
    # Round 1: the Barker covers Site 1, so Pioneers typed at 1 are at the Barker, and its
    # Boom is what busts (a play-test read "Site 1 busts" as Site 1's own Boom being off)
    barker = rules(game).sites(state(game), [1, 1, 4], [])
    assert "the Barker (over Site 1) busts; turns:" in barker.text


def test_the_bust_line_follows_a_name_corrected_and_the_round(game: GameSession) -> None:
    """The line is said from the Sites and the names as they are now: after ctrl+o put
    Cleo right to Chloe it still read "turns: ..., Cleo" all Round (a play-test)."""
    game.act(rules(game).sites(state(game), [3, 1, 3], []))
    assert state(game).bust_line == "Site 3 busts; turns: Bo, Cy, Ann"
    game.act(rules(game).rename(state(game), 2, "Cyd", "typo at setup"))
    assert state(game).bust_line == "Site 3 busts; turns: Bo, Cyd, Ann"
    game.undo()
    assert state(game).bust_line == "Site 3 busts; turns: Bo, Cy, Ann"
    game.act(rules(game).next_round(state(game)))
    assert state(game).bust_line == ""


def test_a_shootout_with_barrels_rows_and_the_chart(game: GameSession) -> None:
    game.act(rules(game).event(state(game)))  # 2 more Dudes each: 4 in each Lodge
    game.act(rules(game).barrel(state(game), 2, 2))
    assert state(game).outlaws == 4
    game.act(rules(game).gunmen(state(game), 0, 2, 3))
    game.act(rules(game).gunmen(state(game), 2, 1, 3))
    with pytest.raises(RuleError, match="already filled by Ann"):
        rules(game).gunmen(state(game), 1, 2, 2)
    with pytest.raises(RuleError, match="Bo has 4 Dudes in the Lodge, not 5"):
        rules(game).gunmen(state(game), 1, 3, 5)
    with pytest.raises(RuleError, match="Not a chart tier: 'bury 2'"):
        rules(game).chart(state(game), "6 VP / 3 VP / 1 VP / bury 2")
    zero = rules(game).chart(state(game), "6 VP / 3 VP / 0 VP / 2 Graves")  # 0: nothing
    assert zero.get("tiers") == ["6 VP", "3 VP", "nothing", "2 Graves"], zero.data
    # a side that gives nothing, as printed (it was "the chart says nothing yet")
    side = rules(game).chart(state(game), "- / - / - / - | 0 VP / - / - / 2 Graves")
    assert side.get("tiers") == ["nothing"] * 4 and side.get("lost") == [
        "nothing",
        "nothing",
        "nothing",
        "2 Graves",
    ]
    with pytest.raises(RuleError, match="The chart says nothing yet"):
        rules(game).chart(state(game), "- / 0 VP | -")
    game.act(rules(game).chart(state(game), "6 VP / 3 VP / 1 VP / 2 Graves"))
    for _ in range(5):
        game.act(rules(game).next_round(state(game)))
    entry = rules(game).shootout_result(state(game))
    assert entry.text == (
        "Shootout 1848: 6 Gunmen against 4 Outlaws: won; Cy tier 1 (6 VP), Ann tier 2 (3 VP); "
        "no Gunmen, Dudes to the Graves: Bo (2 Graves); Cy takes the Sheriff Badge. "
        "Applied: Cy +6 VP; Ann +3 VP; Bo 2 Dudes on Graves (type the numbers printed on "
        "them: NAME grave N)"
    )  # Ann and Cy have 3 each: Cy's are in the row nearest the Outlaws
    game.act(entry)
    assert state(game).sheriff == 2
    assert numbers(game, "track") == [3, 0, 6] and state(game).graves_owed == [0, 2, 0]
    game.act(rules(game).graveyard(state(game), [1, 2, 3, 4]))
    assert state(game).graves[1] == [1, 2] and state(game).graves_owed[1] == 0
    # more Dudes than vacant Graves: the rest are not placed (they were owed Graves no
    # Graveyard has, and the wizard asked for numbers that do not exist: a play-test)
    more = copy_of(state(game))
    said = rules(game)._bury(more, 1, 3)
    assert said == "2 Dudes on Graves (3, 4); the Graveyard is full: 1 Dude not placed"
    assert more.graves[1] == [1, 2, 3, 4] and more.graves_owed[1] == 0
    assert rules(game)._bury(more, 1, 1) == "has a full Graveyard: 1 Dude not placed"  # (Bo ...)
    game.act(rules(game).gold(state(game), 0, 3))  # pools (0, 1, 3) left
    game.act(rules(game).gold(state(game), 0, -2))  # two to the Mine Cart
    entry = rules(game).clean_up(state(game), 3)
    assert "the Mine Cart refills 2 Gold Nuggets" in entry.text
    assert "stay in the Mine Cart" not in entry.text
    # more in the cart than the pools have room for (the players' starting Nuggets): said
    more = copy_of(state(game))
    assert more.supply is not None
    more.supply = dataclasses.replace(more.supply, cart=more.supply.cart + 3)
    assert "refills 3 Gold Nuggets (2 stay in the Mine Cart: the pools are full)" in (
        rules(game).clean_up(more, 3).text
    )
    game.act(entry)
    assert state(game).rows == {} and numbers(game, "dudes") == [1, 4, 1]
    supply = state(game).supply
    assert supply is not None and supply.nuggets == (1, 2, 3) and supply.cart == 0


def test_two_players_share_the_shootout_with_the_non_player_gunmen(new_game: NewGame) -> None:
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0)
    with pytest.raises(RuleError, match="Row 3 holds the three non-player Gunmen"):
        rules(session).gunmen(state(session), 0, 3, 2)
    session.act(rules(session).gunmen(state(session), 1, 1, 2))
    tally = state(session).tally()
    assert tally.won and tally.gunmen == 5  # 2 + the three non-player Gunmen, against 2
    assert tally.tiers == {-1: 1, 1: 2} and tally.badge is None and tally.bury == [0]
    text = rules(session).tally_sentence(state(session), tally)
    assert "the non-player Gunmen tier 1 (nothing)" in text
    assert text.endswith("Ann keeps the Sheriff Badge")


def test_the_wizard_is_prefilled_from_the_trackers(game: GameSession) -> None:
    game.act(rules(game).pitch(state(game), 1, None))
    game.act(rules(game).grave(state(game), 2, 3))
    game.act(rules(game).adjust(state(game), 0, "track", parse_amount("+9")))
    rows = rules(game).prefill(state(game))
    assert rows[0]["track"] == 9 and rows[0]["gold"] == 1 and rows[0]["bucks"] == 2
    assert rows[1]["frontier"] == 1 and rows[1]["tents"] == 0
    assert rows[2]["graves"] == [3] and rows[2]["horses"] == 1 and rows[2]["dudes"] == 2
    hints = rules(game).score_hints(state(game))
    assert hints["frontier"][1] == "Tents on 1 Frontier Land"


def test_the_supply_is_corrected_to_the_board_with_a_reason(game: GameSession) -> None:
    with pytest.raises(RuleError, match="needs a reason"):
        rules(game).correct_supply(state(game), [0, 1, 3], None, "  ")
    with pytest.raises(RuleError, match=r"Each pool holds 0 up to its spaces \(2 / 2 / 3\)"):
        rules(game).correct_supply(state(game), [0, 3, 3], None, "counted")
    entry = rules(game).correct_supply(state(game), [0, 1, 3], 2, "counted the board")
    assert entry.text == (
        "Correction: the Gold Supply holds 0 / 1 / 3, the Mine Cart 2: counted the board"
    )
    game.act(entry)
    assert value_of(state(game)) == 2
    supply = state(game).supply
    assert supply is not None and supply.refill().nuggets == (1, 2, 3)


def test_two_players_type_the_busters_site(new_game: NewGame) -> None:
    """Issue #13: `sites 5 5` without the Buster's Site was accepted with 2 players."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0)
    with pytest.raises(RuleError, match=r"the Buster's Site .*: sites 5 5 \+ 4"):
        rules(session).sites(state(session), [5, 5], [])
    entry = rules(session).sites(state(session), [5, 5], [3])
    assert "the Buster 3: Site 5 busts" in entry.text
    three = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=0)
    with pytest.raises(RuleError, match="only the 2-player game has a Buster"):
        rules(three).sites(state(three), [5, 5, 1], [3])


def test_mule_duel_is_for_two_players_only(new_game: NewGame) -> None:
    three = new_game(game="coloma", names=("Ann", "Bo", "Cy"), first=0)
    with pytest.raises(RuleError, match=r"Mule Duel .* is for 2 players, not 3"):
        rules(three).set_option(state(three), "mule_duel", True)
    assert "mule_duel" not in rules(three).default_options(3)


def test_mule_duel_mules_eat_carrots_for_events(new_game: NewGame) -> None:
    """Issue #13: no Buster, no Barker's Event; a Mule eating its Carrot triggers the Event
    (twice with a Tent), Carrots refill at Clean Up, Mules count in the Bust."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0, mule_duel=True)
    game_rules, table = rules(session), state(session)
    session.act(game_rules.pools(table, [2, 2, 3]))
    assert state(session).mule_duel
    with pytest.raises(RuleError, match="In Mule Duel the Barker triggers no Event"):
        game_rules.event(state(session))
    with pytest.raises(RuleError, match="the two Mules' Sites"):
        game_rules.sites(state(session), [1, 2], [4])
    session.act(game_rules.pitch(state(session), 1, 4))  # Bo's Tent on Event 4
    entry = game_rules.sites(state(session), [1, 2], [4, 4])
    assert "Site 4 busts" in entry.text  # the two Mules make Site 4 the busiest
    assert "Ann's Mule eats the Carrot at Site 4: Ann +2 Bucks" in entry.text
    assert "Bo's Mule eats the Carrot at Site 4: Bo +4 Bucks (Tent: twice)" in entry.text
    session.act(entry)
    assert numbers(session, "bucks") == [4, 6]
    assert 4 not in state(session).carrots[0] and 4 not in state(session).carrots[1]
    # typed again in the same Round, the Mules ate and paid twice (a play-test)
    with pytest.raises(RuleError, match=r"Sites of Round 1 are in.*ctrl\+z takes them back"):
        game_rules.sites(state(session), [2, 3], [3, 2])
    assert numbers(session, "bucks") == [4, 6]
    session.act(game_rules.next_round(state(session)))
    again = game_rules.sites(state(session), [1, 2], [4, 5])
    assert "Ann's Mule finds no Carrot at Site 4" in again.text
    with pytest.raises(RuleError, match="Ann's Mule finds no Carrot at Site 4: no Event"):
        game_rules.sites(state(session), [1, 2], [4, 5], {0: 1})
    spent = game_rules.sites(state(session), [1, 2], [5, 4], {0: 1})
    assert "Ann's Mule eats the Carrot at Site 5: Ann spends 1 Gold Nugget for 3 VP" in spent.text
    session.act(spent)
    assert numbers(session, "track") == [3, 0]
    for _ in range(4):
        session.act(game_rules.next_round(state(session)))
    session.act(game_rules.shootout_result(state(session)))
    session.act(game_rules.clean_up(state(session), 3))
    assert state(session).carrots == [{1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}]


def test_a_spend_by_a_mule_away_from_site_5_is_refused(new_game: NewGame) -> None:
    """`sites 3 1 + 5 2 spend bo 1` with Bo's Mule at Site 2 was taken, the spend dropped
    unsaid (a play-test): Gold Nuggets are spent only on Site 5's Event."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0, mule_duel=True)
    session.act(rules(session).pools(state(session), [2, 2, 3]))
    with pytest.raises(RuleError, match="Bo's Mule is at Site 2: Gold Nuggets are spent only"):
        rules(session).sites(state(session), [3, 1], [5, 2], {1: 1})
    assert (
        "Ann spends 1 Gold Nugget"
        in rules(session).sites(state(session), [3, 1], [5, 2], {0: 1}).text
    )


def test_gunmen_placed_in_the_shootout_phase_are_noted(game: GameSession) -> None:
    """A stray `ann gun 1 3` in the Shootout Phase took a tier unremarked (a play-test):
    taken, as a row forgotten in the Rounds, with a note."""
    for _ in range(5):
        game.act(rules(game).next_round(state(game)))
    assert state(game).phase == "shootout"
    entry = rules(game).gunmen(state(game), 0, 1, 1)
    assert entry.text == (
        "Ann fills row 1 at the Shootout with 1 Gunman (placed in the Shootout Phase: taken "
        "as a row forgotten in the Rounds)"
    )


def test_a_hotel_built_away_from_site_3_is_noted(new_game: NewGame) -> None:
    """Hotels are built with Site 3's Hammer/Saw actions: a Hotel from a Pioneer on
    Site 1 went unremarked (a play-test). Noted, as Gunmen are, not refused."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0, hotels=True)
    game_rules = rules(session)
    session.act(game_rules.pools(state(session), [2, 2, 3]))
    session.act(game_rules.sites(state(session), [1, 3], [4]))
    assert game_rules.hotel(state(session), 0).text.endswith(
        "(only a Pioneer on Site 3 builds Hotels; Ann's is on Site 1)"
    )
    assert "(" not in game_rules.hotel(state(session), 1).text.split("; ")[1]


def test_hotels_module(new_game: NewGame) -> None:
    """Issue #13: 2 Hotels per player in the supply; Dudes on vacant Hotel spaces give 2 VP
    each, 2 per Hotel; they leave at Clean Up; 8 VP per Hotel; no Hotels step without it."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0, hotels=True)
    game_rules = rules(session)
    session.act(game_rules.pools(state(session), [2, 2, 3]))
    with pytest.raises(RuleError, match="Ann has 0 vacant Hotel spaces"):
        game_rules.sleep(state(session), 0, 1)
    for _ in range(3):
        session.act(game_rules.hotel(state(session), 0))
    session.act(game_rules.hotel(state(session), 1))
    with pytest.raises(RuleError, match="No Hotel Buildings left in the supply \\(2 per player\\)"):
        game_rules.hotel(state(session), 1)
    session.act(game_rules.adjust(state(session), 0, "dudes", parse_amount("7")))
    session.act(game_rules.sites(state(session), [1, 5], [4]))
    # Site 5's Common action, as Gunmen are: a Pioneer elsewhere is noted, not refused (a
    # Pioneer on Site 1 put Dudes on Hotels unremarked: a play-test)
    sleep = game_rules.sleep(state(session), 0, 5)
    assert sleep.text == (
        "Ann puts 5 Dudes on Hotel spaces: +10 VP (only a Pioneer on Site 5 puts Dudes on "
        "Hotel spaces; Ann's is on Site 1)"
    )
    session.act(sleep)
    assert numbers(session, "track") == [10, 0] and numbers(session, "dudes") == [2, 2]
    # past the spaces, what fits is taken and the rest ignored, as the other limits are
    # (it refused the whole command: a play-test); with no space vacant, nothing fits
    sleep = game_rules.sleep(state(session), 0, 2)
    assert sleep.text == (
        "Ann puts 1 Dude on Hotel spaces: +2 VP (only a Pioneer on Site 5 puts Dudes on "
        "Hotel spaces; Ann's is on Site 1); 1 Dude ignored: 2 Dudes per Hotel Building at "
        "most (3 built)"
    )
    assert sleep.get("dudes") == 1
    assert (
        game_rules.limit_note(sleep)
        == "1 Dude ignored: 2 Dudes per Hotel Building at most (3 built)"
    )
    for _ in range(5):
        session.act(game_rules.next_round(state(session)))
    session.act(game_rules.shootout_result(state(session)))
    session.act(game_rules.clean_up(state(session), 3))
    assert state(session).sleepers == [0, 0] and numbers(session, "dudes")[0] == 2
    rows = game_rules.prefill(state(session))
    assert [row["hotels"] for row in rows] == [3, 1]
    assert "hotels" in [f.key for f in game_rules.sheet_for(state(session)).fields]
    plain = new_game(game="coloma", names=("Ann", "Bo"), first=0)
    with pytest.raises(RuleError, match="without the Hotel Building module"):
        game_rules.hotel(state(plain), 0)
    sheet = game_rules.sheet_for(state(plain))
    assert "hotels" not in [f.key for f in sheet.fields]
    from companion.games import SHEETS
    from companion.scoring import parse_sheet_text, sheet_text

    rows = game_rules.prefill(state(plain))
    text = sheet_text(sheet, rows)
    assert "hotels" not in text
    _spec, read = parse_sheet_text(text, SHEETS)
    assert read[0]["hotels"] == 0  # goldrush score reads a sheet without Hotels as 0


def test_a_pool_past_its_most_spaces_is_named(new_game: NewGame) -> None:
    """`pools 2 3 999` was refused with the usage alone, 999 unnamed (a play-test)."""
    session = new_game(game="coloma", names=("Ann", "Bo"), first=0)
    with pytest.raises(RuleError, match=r"^A pool has at most 40 spaces, not 999: pools 4 6 8\.$"):
        rules(session).pools(state(session), [2, 3, 999])


def test_site_5s_spends_alike_are_said_together(new_game: NewGame) -> None:
    """A line a spender cut the third one off at 80 columns (a play-test): those who spend
    the same are named together, from the Sheriff clockwise."""
    session = new_game(game="coloma", names=("Ann", "Bo", "Cy", "Di"), first=0)
    rules, state = session.rules, session.state
    session.act(rules.pools(state, [4, 6, 8]))
    for _ in range(4):
        session.act(rules.next_round(session.state))
    session.state.events[3].add(5)  # Di's Tent on Site 5: 2 for 6 VP
    for seat in range(4):
        session.state.numbers[seat]["gold"] = 3
    entry = rules.event(session.state, {0: 1, 1: 1, 3: 2, 2: 1})
    assert entry.text == (
        "Event, Site 5: Ann, Bo and Cy spend 1 Gold Nugget for 3 VP each; Di spends 2 Gold "
        "Nuggets for 6 VP"
    )
    assert rules.event(session.state, {1: 1}).text == (
        "Event, Site 5: Bo spends 1 Gold Nugget for 3 VP"
    )


def test_a_penalty_at_zero_says_it_was_not_applied(game: GameSession) -> None:
    """A -1 VP tier for a player at 0 VP read "Bo +0 VP" (a play-test): the track stops at
    0 (our reading), and what was due is said."""
    game.act(rules(game).event(state(game)))
    game.act(rules(game).gunmen(state(game), 0, 1, 2))
    game.act(rules(game).gunmen(state(game), 1, 2, 1))
    game.act(rules(game).chart(state(game), "- / - / - / - | 2 VP / -1 VP / -2 VP / 3 Graves"))
    game.act(rules(game).barrel(state(game), 2, 3))  # 5 Outlaws: lost
    for _ in range(5):
        game.act(rules(game).next_round(state(game)))
    entry = rules(game).shootout_result(state(game))
    assert "Bo -1 VP not applied (had 0 VP)" in entry.text, entry.text
    game.act(entry)
    assert numbers(game, "track")[1] == 0


def test_a_sixth_frontier_land_is_refused(game: GameSession) -> None:
    """Six Tents on Frontier Lands were taken (a play-test): the map has five, one Tent
    each (004: "all five gain 25 Victory Points")."""
    game.act(rules(game).adjust(state(game), 0, "tents", parse_amount("+7")))
    for _ in range(5):
        game.act(rules(game).pitch(state(game), 0, None))
    with pytest.raises(RuleError, match="Ann has a Tent on every Frontier Land already"):
        rules(game).pitch(state(game), 0, None)
    assert state(game).lands[0] == 5


def test_extra_sites_for_three_players_are_told_with_the_sites_typed(game: GameSession) -> None:
    """`sites 3 1 3 + 2 5` with three players was told to type `sites 3 1` (two Sites,
    refused in turn), and not that Mules too are for 2 players only (a play-test)."""
    with pytest.raises(RuleError) as refused:
        rules(game).sites(state(game), [3, 1, 3], [2, 5])
    said = str(refused.value)
    assert said.endswith(": sites 3 1 3.")
    assert "Buster" in said and "Mule Duel" in said and "Mules" in said
    game.act(rules(game).sites(state(game), [3, 1, 3], []))  # following it is taken


def test_site_5s_event_typed_again_says_ctrl_z_and_one_command(game: GameSession) -> None:
    """At Site 5, `event bo` then `event cy 1` said only that the Event had happened, with
    no way to put it right (Mule Duel's Sites say ctrl+z): a play-test."""
    for _round in range(4):
        game.act(rules(game).next_round(state(game)))
    assert state(game).barker == 5
    game.act(rules(game).event(state(game), {1: 1}))  # `event bo`: Bo spends 1
    with pytest.raises(RuleError) as refused:
        rules(game).event(state(game), {2: 1})
    said = str(refused.value)
    assert "already happened this Round" in said
    assert "for every player who spends" in said
    assert said.endswith("ctrl+z takes it back to type it again.")


def test_a_barrel_at_a_busted_barker_is_taken_with_a_note(game: GameSession) -> None:
    """`cy barrel 2` with every Pioneer at the Barker (Round 4, `sites 4 4 4`: it busts, its
    Boom, the Barrel, is covered) was taken unremarked, where a row of Gunmen from the
    wrong Site gets a note (a play-test)."""
    for _round in range(3):
        game.act(rules(game).next_round(state(game)))
    assert state(game).barker == 4
    game.act(rules(game).sites(state(game), [4, 4, 4], []))
    entry = rules(game).barrel(state(game), 2, 2)
    assert entry.text.endswith(
        "(Cy's Pioneer is at the Barker, which busts this Round: its Boom (a Barrel) is covered)"
    )
    game.act(entry)  # taken all the same: the table may know better
    assert state(game).outlaws == 4


def test_a_barrel_elsewhere_or_at_a_barker_that_does_not_bust_has_no_note(
    game: GameSession,
) -> None:
    """A Barrel from a Wagon's stop-off (a Pioneer on Site 4) or at a Barker that is not
    the Site busting is said as before."""
    for _round in range(2):
        game.act(rules(game).next_round(state(game)))
    assert state(game).barker == 3
    game.act(rules(game).sites(state(game), [3, 4, 4], []))
    assert "(" not in rules(game).barrel(state(game), 0, 1).text.split("in all)")[1]
    assert "busts" not in rules(game).barrel(state(game), 1, 1).text
