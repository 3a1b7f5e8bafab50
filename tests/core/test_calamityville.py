"""Calamityville: payments and refusals, five properties, passing on, rent, the deck."""

from __future__ import annotations

import pytest

from companion.amounts import parse_amount
from companion.games import RuleError
from companion.games.calamityville import BANK, CalamityState, walked_sentence
from companion.journal import make_entry
from companion.session import GameSession
from tests.conftest import NewGame


@pytest.fixture
def game(new_game: NewGame) -> GameSession:
    return new_game(game="calamityville", names=("Ann", "Bo", "Cy", "Di"), first=0)


def state(session: GameSession) -> CalamityState:
    assert isinstance(session.state, CalamityState)
    return session.state


def money(session: GameSession) -> list[int]:
    return [n["money"] for n in session.state.numbers]


def test_payments_between_players_and_the_bank(game: GameSession) -> None:
    rules, s = game.rules, state(game)
    entry = rules.pay(s, 0, 1, 300, "train station")
    assert entry.text == "Ann pays Bo $300: train station"
    game.act(entry)
    game.act(rules.pay(state(game), 1, BANK, 100, "newspaper: doctor's bill"))
    game.act(rules.pay(state(game), BANK, 2, 500, "newspaper: found gold"))
    assert money(game) == [1700, 2200, 2500, 2000]


def test_a_payment_larger_than_the_money_is_refused_with_the_shortfall(game: GameSession) -> None:
    before = game.path.read_bytes()
    with pytest.raises(
        RuleError,
        match=r"Ann has \$2000: \$500 short\. To pay all they have: pay ann bo 2000 rent; anything "
        r"else the table agrees: ctrl\+o sets a player.s money \(never below \$0\)\.$",
    ):
        game.rules.pay(state(game), 0, 1, 2500, "rent")
    with pytest.raises(RuleError, match="more than 0"):
        game.rules.pay(state(game), 0, 1, 0, "rent")
    with pytest.raises(RuleError, match="cannot pay themselves"):
        game.rules.pay(state(game), 0, 0, 5, "rent")
    assert game.path.read_bytes() == before


def buy(game: GameSession, seat: int, kind: str, value: int) -> None:
    game.act(game.rules.buy(state(game), seat, kind, value))


def test_five_properties_at_most_mines_included(game: GameSession) -> None:
    for kind in ("bank", "bank", "store", "hotel", "mine"):
        buy(game, 0, kind, 100)
    assert money(game)[0] == 1000
    with pytest.raises(RuleError, match="already owns five properties"):
        game.rules.buy(state(game), 0, "store", 100)


def test_a_passed_property_skips_players_with_five(game: GameSession) -> None:
    for kind in ("store", "store", "store", "bank", "mine"):
        buy(game, 1, kind, 100)  # Bo has five
    buy(game, 0, "hotel", 300)
    hotel = len(state(game).properties) - 1
    entry = game.rules.pass_property(state(game), hotel, 1)
    assert "Bo has five: it goes on to Cy" in entry.text
    game.act(entry)
    assert state(game).properties[hotel].owner == 2
    for kind in ("bank", "hotel", "mine", "mine"):  # Cy has five too
        buy(game, 2, kind, 100)
    buy(game, 3, "bank", 200)  # Di passes hers to Bo: Bo, Cy with five, Di the passer
    entry = game.rules.pass_property(state(game), len(state(game).properties) - 1, 1)
    assert entry.text.endswith("(Bo and Cy have five, Di passes it: it goes on to Ann)")


def test_rent_counts_the_owners_properties_of_that_type_and_the_bonus(game: GameSession) -> None:
    buy(game, 0, "bank", 300)
    rules = game.rules
    assert rules.rent_due(state(game), 0, 1, None) == (300, "$300 x 1 bank")
    buy(game, 0, "bank", 100)
    assert rules.rent_due(state(game), 0, 1, None)[0] == 600
    buy(game, 0, "bank", 200)
    with pytest.raises(RuleError, match=r"bonus rent .* not known yet"):
        rules.rent_due(state(game), 0, 1, None)
    amount, how = rules.rent_due(state(game), 0, 1, 250)
    assert amount == 300 * 3 + 250 and how == "$300 x 3 banks + $250 bonus for all three"
    game.act(rules.rent(state(game), 0, 1, 250))
    assert money(game)[:2] == [2000 - 600 + 1150, 2000 - 1150]
    with pytest.raises(RuleError, match="owns it: no rent"):
        rules.rent_due(state(game), 0, 0, 250)
    buy(game, 2, "mine", 400)
    with pytest.raises(RuleError, match="Mines pay by their own rules"):
        rules.rent_due(state(game), 3, 1, 250)


def test_a_typed_bonus_is_kept_in_the_game_and_undone_with_its_rent(game: GameSession) -> None:
    """The bonus typed with a rent is the game's from then on; undoing that rent takes it
    back (a typo stayed in use after its rent was undone: a play-test). $0 is refused."""
    for value in (100, 200, 300):
        buy(game, 0, "store", value)
    rules = game.rules
    with pytest.raises(RuleError, match=r"bonus rent .* more than \$0"):
        rules.rent(state(game), 0, 1, 0, bonus_typed=True)
    game.act(rules.rent(state(game), 0, 1, 150, bonus_typed=True))
    assert state(game).bonus_rent == 150
    typo = rules.rent(state(game), 1, 2, 1000, bonus_typed=True, bonus_before=150)
    assert (typo.get("bonus"), typo.get("bonus_before")) == (1000, 150)
    game.act(typo)
    assert state(game).bonus_rent == 1000
    game.undo()
    assert state(game).bonus_rent == 150
    game.undo()
    assert state(game).bonus_rent is None
    untyped = rules.rent(state(game), 0, 1, 150)  # a remembered bonus: not the game's own
    assert untyped.get("bonus") is None


def test_the_newspaper_deck_and_the_gold_running_out(game: GameSession) -> None:
    rules = game.rules
    for _ in range(29):
        assert state(game).card_up == "yellow Boom"
        game.act(rules.newspaper(state(game)))
    assert state(game).card_up == "red Bust" and state(game).boom_left == 0
    buy(game, 0, "bank", 300)
    game.act(rules.newspaper(state(game)))
    game.act(rules.gold_runs_out(state(game)))  # just after it: the card read was the gold
    assert state(game).bust_left == 19 and state(game).gold_out  # (18: counted twice)
    with pytest.raises(RuleError, match=r"gold has run out: .* no rent is due"):
        rules.rent_due(state(game), 0, 1, None)
    assert rules.progress(state(game)) == "The gold has run out: final scoring"
    assert rules.prefill(state(game))[0] == {"name": "Ann", "money": 1800}


def test_a_property_is_not_passed_to_its_own_owner(game: GameSession) -> None:
    buy(game, 0, "hotel", 300)
    with pytest.raises(RuleError, match="Ann already owns it: a property is passed to another"):
        game.rules.pass_property(state(game), 0, 0)
    assert state(game).properties[0].owner == 0


def test_gold_runs_out_only_after_the_boom_cards(game: GameSession) -> None:
    rules = game.rules
    with pytest.raises(RuleError, match=r"red Bust card: .* \(29 left"):
        rules.gold_runs_out(state(game))
    for _ in range(28):
        game.act(rules.newspaper(state(game)))
    with pytest.raises(RuleError, match=r"\(1 left"):
        rules.gold_runs_out(state(game))
    game.act(rules.newspaper(state(game)))
    entry = rules.gold_runs_out(state(game))
    assert entry.text.startswith('"Gold Has Run Out!" is read (19 Bust cards left): ')  # as
    game.act(entry)  # every newspaper card's line says (a play-test missed it)
    assert state(game).bust_left == 19
    with pytest.raises(RuleError, match="already run out"):
        rules.gold_runs_out(state(game))


def test_a_deck_counted_wrong_never_keeps_the_gold_from_running_out(game: GameSession) -> None:
    """The app assists, it never blocks: a table whose count of Boom cards went wrong is
    told how to put it right (a play-test found only "ctrl+n reads one"), and then can."""
    rules = game.rules
    with pytest.raises(RuleError, match='ctrl\\+o corrects "Newspaper: Boom cards left"'):
        rules.gold_runs_out(state(game))
    label = {fix.key: fix.label for fix in rules.corrections(state(game))}["deck:boom"]
    assert label.startswith("Newspaper: Boom cards left")
    game.act(rules.correct_text(state(game), "deck:boom", "0", "our deck has no Boom card left"))
    game.act(rules.gold_runs_out(state(game)))
    assert state(game).gold_out


def test_after_the_gold_runs_out_no_deck_no_buying_no_rent(game: GameSession) -> None:
    rules = game.rules
    buy(game, 0, "bank", 300)
    for _ in range(29):
        game.act(rules.newspaper(state(game)))
    game.act(rules.gold_runs_out(state(game)))
    with pytest.raises(RuleError, match="no more newspaper cards"):
        rules.newspaper(state(game))
    with pytest.raises(RuleError, match="none is bought"):
        rules.buy(state(game), 1, "store", 100)
    with pytest.raises(RuleError, match="no rent is due"):
        rules.rent(state(game), 0, 1, None)
    with pytest.raises(RuleError, match="none is passed"):  # as F1 says (it was: a play-test)
        rules.pass_property(state(game), 0, 2)
    game.act(rules.pay(state(game), 1, BANK, 50, "the card's last payment"))  # still possible


def test_three_properties_of_each_type_at_most(game: GameSession) -> None:
    for seat in (0, 1, 2):
        buy(game, seat, "bank", 100)
    # who owns them is said ("all three are owned" alone: a play-test looked for the one
    # typed)
    owners = r"all three are owned: Ann's bank \(\$100\), Bo's bank \(\$100\) and Cy's"
    with pytest.raises(RuleError, match=r"three banks .* " + owners):
        game.rules.buy(state(game), 3, "bank", 100)
    for seat in (0, 1, 2, 3):
        buy(game, seat, "mine", 100 * (seat + 1))


def test_four_mines_at_most_the_box_holds_13_properties(game: GameSession) -> None:
    """Three banks, stores and hotels each, and the rest of the 13 are mines (a play-test
    bought five mines, 14 properties in play)."""
    for seat in (0, 1, 2, 3):
        buy(game, seat, "mine", 100 * (seat + 1))
    before = game.path.read_bytes()
    with pytest.raises(RuleError, match=r"has 4 mines \(13 properties.*all four are owned"):
        game.rules.buy(state(game), 0, "mine", 500)
    assert game.path.read_bytes() == before
    game.act(game.rules.correct_text(state(game), "property:3", "gone", "sold back"))
    buy(game, 0, "mine", 500)  # one taken off the board leaves room


def test_the_last_red_card_is_gold_has_run_out(game: GameSession) -> None:
    """Gold Has Run Out! is one of the 20 red cards: with 19 read, the one left is it (a
    play-test read 20 Bust cards and then the gold, 50 cards of a 49-card deck)."""
    rules = game.rules
    for _ in range(29 + 18):
        game.act(rules.newspaper(state(game)))
    assert state(game).card_up == "red Bust"
    game.act(rules.newspaper(state(game)))
    assert state(game).card_up == '"Gold Has Run Out!"'
    before = game.path.read_bytes()
    with pytest.raises(RuleError, match=r'The one red card left is "Gold Has Run Out!".*ctrl\+g'):
        rules.newspaper(state(game))
    assert game.path.read_bytes() == before
    game.act(rules.gold_runs_out(state(game)))
    assert state(game).gold_out and state(game).bust_left == 0
    assert state(game).card_up == "none left"


def test_an_older_game_that_read_the_last_red_card_as_news_still_opens(
    game: GameSession,
) -> None:
    """The refusal is at the entry: a journal written before it replays as it did."""
    rules = game.rules
    for _ in range(29 + 19):
        game.act(rules.newspaper(state(game)))
    game.act(make_entry("newspaper", "A Bust newspaper card is read (0 Boom, 0 Bust left)"))
    assert state(game).bust_left == 0
    game.act(rules.gold_runs_out(state(game)))
    assert state(game).gold_out


def test_a_reason_has_a_length_limit(game: GameSession) -> None:
    with pytest.raises(RuleError, match=r"at most 80 characters \(this one has 300\)"):
        game.rules.pay(state(game), 0, 1, 5, "x" * 300)
    assert game.rules.pay(state(game), 0, 1, 5, "y" * 80).text.endswith("y" * 80)


def test_a_finished_game_takes_corrections_and_reopening_but_no_more_play(
    game: GameSession,
) -> None:
    """After the scores are saved, a payment would leave the screen and the sheet apart."""
    rules = game.rules
    game.act(rules.finish(state(game), "", "Ann wins"))
    before = game.path.read_bytes()
    with pytest.raises(RuleError, match="The game is finished: ctrl\\+f reopens it"):
        game.act(rules.pay(state(game), 0, 1, 100, "rent"))
    with pytest.raises(RuleError, match="finished"):
        game.act(rules.buy(state(game), 0, "bank", 200))
    assert game.path.read_bytes() == before and money(game) == [2000] * 4
    game.act(rules.correct(state(game), 0, "money", parse_amount("1990"), "counted the notes"))
    assert money(game)[0] == 1990
    game.act(rules.reopen(state(game)))
    game.act(rules.pay(state(game), 0, 1, 100, "rent"))
    assert money(game)[:2] == [1890, 2100]


def test_a_correction_reason_is_at_most_80_characters_as_a_payment_reason(
    game: GameSession,
) -> None:
    with pytest.raises(RuleError, match=r"at most 80 characters \(this one has 81\)"):
        game.rules.correct(state(game), 0, "money", parse_amount("1990"), "x" * 81)
    game.rules.correct(state(game), 0, "money", parse_amount("1990"), "x" * 80)


def test_ctrl_o_corrects_each_property_and_the_deck_replayed_like_any_entry(
    game: GameSession,
) -> None:
    rules = game.rules
    buy(game, 0, "bank", 300)
    buy(game, 1, "hotel", 100)
    keys = [fix.key for fix in rules.corrections(state(game))]
    assert keys[:4] == ["0:money", "1:money", "2:money", "3:money"]
    assert keys[4:] == ["property:0", "property:1", "deck:boom", "deck:bust"]
    labels = {fix.key: fix.label for fix in rules.corrections(state(game))}
    assert labels["property:0"] == "Ann's bank ($300)"
    assert labels["deck:boom"] == "Newspaper: Boom cards left (29)"
    entry = rules.correct_text(state(game), "property:0", "cy", "the deed is Cy's")
    assert entry.text == "Correction: Ann's bank ($300) belongs to Cy: the deed is Cy's"
    game.act(entry)
    game.act(rules.correct_text(state(game), "property:1", "$250", "misread"))
    game.act(rules.correct_text(state(game), "deck:boom", "-2", "two cards read"))
    game.act(rules.correct_text(state(game), "deck:bust", "19", "one was lost"))
    assert [(p.owner, p.value) for p in state(game).properties] == [(2, 300), (1, 250)]
    assert (state(game).boom_left, state(game).bust_left) == (27, 19)
    assert money(game) == [1800, 1800, 2000, 2000]  # a correction moves no money
    game.act(rules.correct_text(state(game), "property:0", "gone", "sold back"))
    assert [(p.kind, p.owner) for p in state(game).properties] == [("hotel", 1)]
    for kind in ("bank", "store", "hotel", "mine", "mine"):  # Di's five, and Bo's hotel
        buy(game, 3, kind, 100)  # given by a correction: said, not refused (a play-test)
    entry = rules.correct_text(state(game), "property:0", "di", "the deed is Di's")
    assert entry.text.endswith(" (Di now owns 6: the rules allow five)")
    # the journal replays to the same state
    replayed = GameSession.open(game.store, game.path)
    assert replayed.state == state(game)


def test_a_bad_correction_is_refused_and_changes_nothing(game: GameSession) -> None:
    from companion.amounts import AmountError

    rules = game.rules
    buy(game, 0, "bank", 300)
    with pytest.raises(AmountError, match="a player's name, a space value or gone"):
        rules.correct_text(state(game), "property:0", "nobody", "why")
    with pytest.raises(RuleError, match="needs a reason"):
        rules.correct_text(state(game), "property:0", "bo", " ")
    with pytest.raises(RuleError, match="29 Boom and 20 Bust"):
        rules.correct_text(state(game), "deck:boom", "30", "why")
    with pytest.raises(RuleError, match="in play"):
        rules.correct_text(state(game), "property:7", "bo", "why")
    assert state(game).properties[0].owner == 0 and state(game).boom_left == 29


def test_not_over_until_the_gold_runs_out_and_plurals(game: GameSession) -> None:
    rules = game.rules
    assert rules.not_over(state(game)) == (
        '"Gold Has Run Out!" has not been read (29 Boom, 20 Bust cards left).'
    )
    for _ in range(29):
        game.act(rules.newspaper(state(game)))
    for _ in range(19):
        game.act(rules.newspaper(state(game)))
    assert rules.progress(state(game)) == "0 Boom, 1 Bust card left"
    game.act(rules.gold_runs_out(state(game)))
    assert rules.not_over(state(game)) is None


def test_a_property_is_found_by_type_value_and_owner(game: GameSession) -> None:
    from companion.games.calamityville import find_property

    buy(game, 0, "bank", 300)
    buy(game, 1, "bank", 300)
    buy(game, 1, "mine", 50)
    buy(game, 1, "mine", 50)
    s = state(game)
    with pytest.raises(RuleError, match=r"Which one\? .*Ann's bank \(\$300\), Bo's bank"):
        find_property(s, "bank", 300)
    assert find_property(s, "bank", owner=1) == 1
    assert find_property(s, "mine") == 2  # two alike with one owner: either is the same
    with pytest.raises(RuleError, match=r"Cy owns no bank \$300 in play: Ann's bank"):
        find_property(s, "bank", 300, owner=2)
    with pytest.raises(RuleError, match=r"No hotel in play\."):
        find_property(s, "hotel")


def test_a_payers_name_is_written_as_typed(new_game: NewGame) -> None:
    """`capitalize()` made "Cy Wellington" "Cy wellington" in the log; the bank is "The bank"."""
    session = new_game(game="calamityville", names=("Cy Wellington", "deKlerk"), first=0)
    rules, s = session.rules, state(session)
    assert rules.pay(s, 0, 1, 5, "rent").text == "Cy Wellington pays deKlerk $5: rent"
    assert rules.pay(s, 1, 0, 5, "rent").text.startswith("deKlerk pays Cy Wellington")
    assert rules.pay(s, BANK, 1, 5, "gold").text == "The bank pays deKlerk $5: gold"


def test_a_bonus_typed_where_none_is_due_and_a_zero_space_are_refused(game: GameSession) -> None:
    """A play-test typed `bonus 500` on a one-bank rent: taken silently, it charged a later
    rent $500 more. A $0 space was bought, and its rent then spoke of a payment."""
    rules = game.rules
    with pytest.raises(RuleError, match=r"space's value .* more than \$0"):
        rules.buy(state(game), 0, "hotel", 0)
    buy(game, 0, "bank", 300)
    with pytest.raises(RuleError, match="No bonus here: Ann does not own all three banks"):
        rules.rent(state(game), 0, 1, 500, bonus_typed=True)
    assert rules.rent(state(game), 0, 1, 500).text == "Bo pays Ann $300 rent: $300 x 1 bank"


def test_a_deck_corrected_to_nothing_left_points_to_the_gold(game: GameSession) -> None:
    """0 Boom and 0 Bust left, the gold not read: `news` said only "empty"."""
    rules = game.rules
    game.act(rules.correct_text(state(game), "deck:boom", "0", "counted again"))
    game.act(rules.correct_text(state(game), "deck:bust", "0", "counted again"))
    assert state(game).card_up == '"Gold Has Run Out!"'
    with pytest.raises(RuleError, match=r'The card left to read is "Gold Has Run Out!"'):
        rules.newspaper(state(game))
    game.act(rules.gold_runs_out(state(game)))
    assert state(game).gold_out


def test_gold_just_after_a_bust_card_read_with_news_counts_that_card(game: GameSession) -> None:
    """A play-test read the gold card with `news`, then ctrl+g: "(16 Bust cards left)",
    the one card counted twice. Gold just after a Bust card read is that card."""
    rules = game.rules
    for _ in range(29 + 3):
        game.act(rules.newspaper(state(game)))
    assert state(game).bust_left == 17
    entry = rules.gold_runs_out(state(game))
    assert entry.text.startswith(
        '"Gold Has Run Out!" was the Bust card just read (17 Bust cards left): '
    )
    game.act(entry)
    assert state(game).bust_left == 17 and state(game).gold_out
    replayed = GameSession.open(game.store, game.path)
    assert isinstance(replayed.state, CalamityState) and replayed.state.bust_left == 17
    game.undo()  # the card read stays read, and gold still counts it
    assert state(game).bust_left == 17 and not state(game).gold_out
    assert rules.gold_runs_out(state(game)).get("card_read") is True
    # anything recorded after the card read: gold is another card, off the deck as before
    game.act(rules.pay(state(game), 0, BANK, 100, "the card"))
    entry = rules.gold_runs_out(state(game))
    assert entry.text.startswith('"Gold Has Run Out!" is read (16 Bust cards left): ')
    game.act(entry)
    assert state(game).bust_left == 16


def test_gold_after_a_bust_card_and_its_payments_is_that_card_or_a_new_one(
    game: GameSession,
) -> None:
    """A play-test read a red card with `news`, recorded a payment, then typed gold: "17
    Bust cards left", the card read with news already counted at 18. With only payments,
    rents and passes since that card, the table says which it was: the card read (18 left)
    or a new one (17 left)."""
    rules = game.rules
    game.act(rules.buy(state(game), 0, "bank", 300))
    for _ in range(29 + 2):
        game.act(rules.newspaper(state(game)))
    assert state(game).bust_left == 18 and state(game).gold_is_card_read
    game.act(rules.pay(state(game), 1, BANK, 50, "tax"))
    game.act(rules.rent(state(game), 0, 2, None))
    game.act(rules.pass_property(state(game), 0, 3))
    assert state(game).gold_may_be_card_read and not state(game).gold_is_card_read
    entry = rules.gold_runs_out(state(game), card_read=True)
    assert entry.text.startswith(
        '"Gold Has Run Out!" was the last Bust card read (18 Bust cards left): '
    )
    game.act(entry)
    assert state(game).bust_left == 18 and state(game).gold_out
    replayed = GameSession.open(game.store, game.path)
    assert isinstance(replayed.state, CalamityState) and replayed.state.bust_left == 18
    game.undo()
    assert state(game).gold_may_be_card_read and not state(game).gold_out
    entry = rules.gold_runs_out(state(game), card_read=False)  # a new card: off the deck
    assert entry.text.startswith('"Gold Has Run Out!" is read (17 Bust cards left): ')
    game.act(entry)
    assert state(game).bust_left == 17 and state(game).gold_out


def test_gold_is_that_card_only_while_nothing_else_came_after_it(game: GameSession) -> None:
    """Another card read, a purchase or a correction after the red card: gold is a new card
    (the card read is not offered, and choosing it is refused); gold just after `news` is
    that card whatever is chosen as a new one."""
    rules = game.rules
    for _ in range(29 + 2):
        game.act(rules.newspaper(state(game)))
    game.act(rules.buy(state(game), 0, "bank", 300))
    assert not state(game).gold_may_be_card_read and not state(game).gold_is_card_read
    with pytest.raises(RuleError, match="no red card read with news since"):
        rules.gold_runs_out(state(game), card_read=True)
    assert rules.gold_runs_out(state(game)).text.startswith(
        '"Gold Has Run Out!" is read (17 Bust cards left)'
    )
    game.act(rules.newspaper(state(game)))
    game.act(rules.correct_text(state(game), "0:money", "1000", "counted again"))
    assert not state(game).gold_may_be_card_read
    game.act(rules.newspaper(state(game)))
    game.act(rules.pay(state(game), 1, BANK, 50, "tax"))
    game.act(rules.newspaper(state(game)))  # another card read: gold just after it is it
    assert state(game).gold_is_card_read and not state(game).gold_may_be_card_read
    assert rules.gold_runs_out(state(game)).get("card_read") is True
    # with one red card left, that one is the gold: not asked
    for _ in range(state(game).bust_left - 1):
        game.act(rules.newspaper(state(game)))
    game.act(rules.pay(state(game), 1, BANK, 50, "tax"))
    assert state(game).bust_left == 1 and not state(game).gold_may_be_card_read


def test_the_bank_cannot_pay_itself(game: GameSession) -> None:
    """`pay bank bank 5` said "Someone cannot pay themselves." (a play-test)."""
    with pytest.raises(RuleError, match=r"^The bank cannot pay itself\.$"):
        game.rules.pay(state(game), BANK, BANK, 5, "tax")


def test_an_old_gold_entry_after_a_bust_card_replays_as_it_did(game: GameSession) -> None:
    """A journal written before gold counted the card read with news: its entry (no
    card_read) still takes a card off the deck, so the game replays to the same state."""
    rules = game.rules
    for _ in range(29 + 3):
        game.act(rules.newspaper(state(game)))
    game.act(make_entry("gold_out", '"Gold Has Run Out!" is read (16 Bust cards left): ...'))
    assert state(game).bust_left == 16 and state(game).gold_out
    replayed = GameSession.open(game.store, game.path)
    assert isinstance(replayed.state, CalamityState)
    assert (replayed.state.bust_left, replayed.state.gold_out) == (16, True)


def test_a_newspaper_card_undone_or_redone_is_said_with_the_deck_as_it_is_now(
    game: GameSession,
) -> None:
    """A play-test read a card with news and undid it: the line said "Undone: A Boom
    newspaper card is read (28 Boom, 20 Bust left)", cut at 80x24, while the header said 29
    Boom. An undo or redo of a card says it short, with the deck as the header has it."""
    rules = game.rules
    game.act(rules.newspaper(state(game)))
    undone = game.undo()
    assert undone is not None and undone.text.endswith("(28 Boom, 20 Bust left)")  # as kept
    assert walked_sentence(state(game), undone) == "Boom card read; 29 Boom, 20 Bust left"
    redone = game.redo()
    assert redone is not None
    assert walked_sentence(state(game), redone) == "Boom card read; 28 Boom, 20 Bust left"
    for _ in range(28 + 3):
        game.act(rules.newspaper(state(game)))
    undone = game.undo()
    assert undone is not None
    assert walked_sentence(state(game), undone) == "Bust card read; 0 Boom, 18 Bust left"
    # a sentence of another shape (none was ever written so far): the count as it is now
    odd = make_entry("newspaper", "A card is read")
    assert walked_sentence(state(game), odd) == "Newspaper card read; 0 Boom, 18 Bust left"
    # the gold undone: the Bust count as it is now (the card read with news stays read)
    game.act(rules.newspaper(state(game)))
    game.act(rules.gold_runs_out(state(game)))
    undone = game.undo()
    assert undone is not None and "(17 Bust cards left)" in undone.text
    assert walked_sentence(state(game), undone) == '"Gold Has Run Out!"; 17 Bust left'
    game.act(rules.pay(state(game), 0, BANK, 100, "the card"))
    game.act(rules.gold_runs_out(state(game)))  # another card: it left the deck, back now
    undone = game.undo()
    assert undone is not None and "(16 Bust cards left)" in undone.text
    assert walked_sentence(state(game), undone) == '"Gold Has Run Out!"; 17 Bust left'
    # redone, the gold's own sentence holds (its count is the deck's now); nor are other
    # changes said otherwise
    redone = game.redo()
    assert redone is not None and walked_sentence(state(game), redone) is None
    assert walked_sentence(state(game), rules.pay(state(game), 0, 1, 5, "rent")) is None


def test_a_sixth_property_given_by_a_correction_is_noted_as_the_name_is_typed(
    game: GameSession,
) -> None:
    """A correction gave Dee a sixth property, and said so only once recorded, at the end of
    the Done line, cut off at 80 columns (a play-test): the dialog's note says it as the
    owner is typed. The correction is taken all the same (the cardboard wins)."""
    rules = game.rules
    for kind in ("bank", "store", "hotel", "mine", "mine"):
        buy(game, 3, kind, 100)
    buy(game, 1, "bank", 100)  # property:5, Bo's
    note = "Di would own 6 properties: the rules allow five (mines included). It is " + (
        "recorded all the same."
    )
    for typed in ("di", "Di", " DI "):
        assert rules.correction_note(state(game), "property:5", typed) == note
    for typed in ("ann", "bo", "Gone", "none", "250", "$250", "", "nobody", "zz"):
        assert rules.correction_note(state(game), "property:5", typed) == "", typed
    # one of Di's own five, given to Di again, or another of hers to Ann: nothing to say
    assert rules.correction_note(state(game), "property:0", "di") == ""
    assert rules.correction_note(state(game), "3:money", "di") == ""
    assert rules.correction_note(state(game), "deck:boom", "di") == ""
    assert rules.correction_note(state(game), "property:9", "di") == ""
    entry = rules.correct_text(state(game), "property:5", "di", "the deed is Di's")
    game.act(entry)  # recorded all the same
    assert len(state(game).owned(3)) == 6


def test_two_properties_of_one_owner_type_and_value_are_told_apart_by_the_order_bought(
    game: GameSession,
) -> None:
    """Bo's two $300 banks were listed as "Bo's bank ($300)" twice in ctrl+o's What (a
    play-test): which is which is said by the order they were bought in."""
    rules = game.rules
    buy(game, 1, "bank", 300)
    buy(game, 1, "mine", 500)
    buy(game, 1, "bank", 300)
    buy(game, 0, "bank", 300)  # Ann's: a label of its own
    labels = {fix.key: fix.label for fix in rules.corrections(state(game))}
    assert [labels[f"property:{i}"] for i in range(4)] == [
        "Bo's bank ($300, bought first)",
        "Bo's mine ($500)",
        "Bo's bank ($300, bought second)",
        "Ann's bank ($300)",
    ]
    assert len(set(labels.values())) == len(labels)
    entry = rules.correct_text(state(game), "property:2", "cy", "the deed is Cy's")
    assert entry.text == (
        "Correction: Bo's bank ($300, bought second) belongs to Cy: the deed is Cy's"
    )
    game.act(entry)
    labels = {fix.key: fix.label for fix in rules.corrections(state(game))}
    assert labels["property:0"] == "Bo's bank ($300)" and labels["property:2"] == "Cy's bank ($300)"


def test_told_apart_numbers_only_the_labels_that_repeat() -> None:
    from companion.games.base import told_apart

    assert told_apart(["a", "b (1)", "a", "b (1)", "a"], "built") == [
        "a, built first",
        "b (1, built first)",  # inside its brackets
        "a, built second",
        "b (1, built second)",
        "a, built third",
    ]
    assert told_apart([], "bought") == [] and told_apart(["x", "y"], "taken") == ["x", "y"]
    assert told_apart(["x"] * 10, "taken")[-3:] == [
        "x, taken eighth",
        "x, taken no. 9",
        "x, taken no. 10",
    ]
