"""Boomtown rules through the session: every item of the Boomtown issue."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.display import view_of
from companion.games import RuleError
from companion.games.base import copy_state
from companion.games.boomtown import (
    EVENTS,
    SHEET,
    TOWNS,
    BoomtownState,
    MineCard,
    cards_left_text,
    event_choices,
    event_words,
    events_left,
    find_event,
    find_mine,
    is_number,
    load_catalog,
    mine_gone,
    mine_out,
    parse_dice,
)
from companion.journal import make_entry
from companion.scoring import SheetError, read_sheet
from companion.session import GameSession
from tests.conftest import NewGame

CM6 = MineCard("Cold Mountain", 6, 9, True)
CM7 = MineCard("Cold Mountain", 7, 5)
CM8 = MineCard("Cold Mountain", 8, 1)
CM9 = MineCard("Cold Mountain", 9, 3)
DG8 = MineCard("Dry Gulch", 8, 5)


class Table:
    """A game at the table: helpers that play whole steps through the session."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.rules = session.rules

    @property
    def state(self) -> BoomtownState:
        assert isinstance(self.session.state, BoomtownState)
        return self.session.state

    def act(self, entry) -> None:  # type: ignore[no-untyped-def]
        self.session.act(entry)

    def gold(self) -> list[int]:
        return [numbers["gold"] for numbers in self.state.numbers]

    def set_gold(self, *amounts: int) -> None:
        for seat, amount in enumerate(amounts):
            if self.state.gold(seat) != amount:
                from companion.amounts import Amount

                self.act(
                    self.rules.correct(self.state, seat, "gold", Amount(amount, False), "test")
                )

    def auction(self, winner: int, bid: int) -> None:
        """Reveal, then everyone passes but `winner`, who bids `bid` when their turn comes."""
        self.act(self.rules.reveal(self.state))
        while self.state.phase == "auction":
            turn = self.state.auction_turn
            assert turn is not None
            if turn == winner and self.state.high_bidder != winner and bid > 0:
                self.act(self.rules.bid(self.state, turn, bid))
            else:
                self.act(self.rules.pass_(self.state, turn))
        if self.state.phase == "payment":  # a win at 0 goes straight to the picks
            self.act(self.rules.pay_split(self.state)[0])

    def picks(self, *cards: MineCard | str | tuple[str, dict]) -> None:
        for card in cards:
            seat = self.state.next_picker
            assert seat is not None
            if isinstance(card, MineCard):
                self.act(self.rules.pick_mine(self.state, seat, card))
            elif isinstance(card, str):
                self.act(self.rules.pick_event(self.state, seat, card))
            else:
                self.act(self.rules.pick_event(self.state, seat, card[0], **card[1]))

    def produce(self, a: int, b: int) -> None:
        self.act(self.rules.produce(self.state, (a, b)))

    def round(self, winner: int, bid: int, *cards, dice=(1, 3)) -> None:  # type: ignore[no-untyped-def]
        self.auction(winner, bid)
        self.picks(*cards)
        self.produce(*dice)
        if self.state.phase == "next":
            self.act(self.rules.next_round(self.state))


OPENING = (  # round 1 offers only mines: far from the towns and numbers the tests use
    MineCard("Cactus Junction", 12, 5),
    MineCard("Coyote City", 12, 6),
    MineCard("Cactus Junction", 2, 6),
    MineCard("Coyote City", 11, 3),
)


@pytest.fixture
def table(new_game: NewGame) -> Table:
    """A 4-player table after an opening round in which everybody passed (no gold moved)."""
    table = Table(new_game(names=("Ann", "Bo", "Cy", "Di"), first=0))
    table.round(0, 0, *OPENING)
    assert table.state.round == 2 and table.gold() == [10, 10, 10, 10]
    return table


def test_the_first_round_offers_only_mines(new_game: NewGame) -> None:
    table = Table(new_game(names=("Ann", "Bo", "Cy"), first=0))
    table.auction(0, 1)
    with pytest.raises(RuleError, match="first round every card on offer is a mine"):
        table.rules.pick_event(table.state, 0, "stagecoach")


def test_the_catalog_has_45_mines_of_five_towns() -> None:
    catalog = load_catalog()
    assert len(catalog) == 45 and {card.town for card in catalog} == set(TOWNS)
    assert {c for c in catalog if c.dangerous} == {MineCard("Cactus Junction", 7, 6, True), CM6}


def test_deck_rounds_and_the_short_game(new_game: NewGame) -> None:
    short = Table(new_game(names=("A", "B", "C"), first=0, short_game=True))
    assert short.state.cards_left == 45 and short.state.rounds_left == 15
    long = Table(new_game(names=("A", "B", "C", "D", "E"), first=0))
    assert long.state.cards_left == 60 and long.state.rounds_left == 12


# ----------------------------------------------------------------------------- auction


def test_bids_go_clockwise_from_the_first_player_and_bad_bids_are_refused(table: Table) -> None:
    table.act(table.rules.reveal(table.state))
    assert table.state.auction_turn == 0
    with pytest.raises(RuleError, match="It is Ann's turn"):
        table.rules.bid(table.state, 1, 2)
    with pytest.raises(RuleError, match="has only 10 gold and cannot bid 11"):
        table.rules.bid(table.state, 0, 11)
    table.act(table.rules.bid(table.state, 0, 4))
    with pytest.raises(RuleError, match="A bid must be more than 4"):
        table.rules.bid(table.state, 1, 4)
    table.act(table.rules.pass_(table.state, 1))
    assert table.state.auction_turn == 2
    table.act(table.rules.bid(table.state, 2, 6))
    table.set_gold(10, 10, 10, 5)  # Di cannot outbid 6: said so (a play-test)
    with pytest.raises(RuleError, match="Di has 5 gold, not enough to outbid, so p passes"):
        table.rules.bid(table.state, 3, 5)
    table.act(table.rules.pass_(table.state, 3))
    assert table.state.auction_turn == 0  # Bo passed: skipped from now on
    table.act(table.rules.pass_(table.state, 0))
    assert (table.state.winner, table.state.price, table.state.phase) == (2, 6, "payment")
    with pytest.raises(RuleError, match="auction is over"):
        table.rules.pass_(table.state, 1)


def test_a_bankrupt_player_cannot_bid_but_still_picks(table: Table) -> None:
    table.set_gold(10, 0, 10, 10)
    table.act(table.rules.reveal(table.state))
    pass_ann = table.rules.pass_(table.state, 0)
    assert pass_ann.text == "Ann passes; Bo has no gold and passes"  # in the same entry
    table.act(pass_ann)
    assert table.state.auction_turn == 2 and table.state.passed == [0, 1]
    with pytest.raises(RuleError, match="It is Cy's turn"):
        table.rules.bid(table.state, 1, 1)
    for seat in (2, 3):
        table.act(table.rules.pass_(table.state, seat))
    assert (table.state.winner, table.state.price) == (0, 0)  # all passed: the first to pass
    assert table.state.phase == "picks"  # nothing to pay: no "pay 0" step
    with pytest.raises(RuleError, match="no auction to pay for"):
        table.rules.pay_split(table.state)
    table.picks(CM8, CM9, DG8, CM7)
    assert table.state.picks == [0, 1, 2, 3]


# ----------------------------------------------------------------------------- payment


def test_payment_follows_the_split_and_the_option(new_game: NewGame) -> None:
    table = Table(new_game(names=("Ann", "Bo", "Cy", "Di", "Ed"), first=0))
    table.auction(2, 9)  # Cy wins: Bo (right) 5, Ann 2, Ed 1, Di (left) keeps 1
    assert table.gold() == [12, 15, 1, 11, 11]
    three = Table(new_game(names=("Ann", "Bo", "Cy"), first=0))
    three.auction(0, 9)  # Ann wins: Cy (right) 5, Bo 2, the bank 2
    assert three.gold() == [1, 12, 15] and three.state.bank_in == 2
    dutch = Table(new_game(names=("Ann", "Bo", "Cy", "Di"), first=0, leftover="bank"))
    dutch.auction(0, 9)  # Di 5, Cy 2, Bo keeps 1, the bank 1
    assert dutch.gold() == [1, 11, 12, 15] and dutch.state.bank_in == 1


def test_the_leftover_option_changes_as_an_entry(table: Table) -> None:
    table.act(table.rules.set_option(table.state, "leftover", "bank"))
    table.auction(0, 9)
    assert table.gold() == [1, 11, 12, 15]


# ----------------------------------------------------------------------------- picks, mayors


def test_picks_go_from_the_winner_clockwise(table: Table) -> None:
    table.auction(2, 3)
    assert table.state.pick_order == [2, 3, 0, 1]
    with pytest.raises(RuleError, match="It is Cy's pick"):
        table.rules.pick_mine(table.state, 0, CM8)


def test_the_mustang_picks_right_after_the_winner_once(table: Table) -> None:
    table.round(0, 1, "mustang", CM8, CM9, DG8)  # Ann wins and takes the Mustang
    assert table.state.kept[0] == ["mustang"]
    table.auction(2, 1)  # Cy wins round 2
    with pytest.raises(RuleError, match="right after the auction winner has picked"):
        table.rules.use_mustang(table.state, 0)
    table.picks(CM7)  # Cy picks
    table.act(table.rules.use_mustang(table.state, 0))
    assert table.state.next_picker == 0 and table.state.kept[0] == []
    table.picks(
        MineCard("San Narciso", 9, 7), MineCard("San Narciso", 2, 6), MineCard("Dry Gulch", 2, 5)
    )
    assert table.state.picks == [2, 0, 3, 1]


def test_the_mustang_of_the_auction_winner_is_kept(table: Table) -> None:
    """Its holder won the auction: "Ann's Mustang is ridden right after the auction winner
    has picked" read as Ann waiting for herself (a play-test)."""
    table.round(0, 1, "mustang", CM8, CM9, DG8)  # Ann takes the Mustang
    table.auction(0, 1)  # and wins round 2
    with pytest.raises(RuleError, match=r"^Ann won the auction and picks first: the Mustang is"):
        table.rules.use_mustang(table.state, 0)
    assert table.state.kept[0] == ["mustang"]


def test_first_to_two_mines_becomes_mayor_and_fees_are_the_mayors_count(table: Table) -> None:
    table.round(0, 1, CM8, CM9, MineCard("San Narciso", 8, 2), DG8)  # Ann CM8, Bo CM9
    table.round(
        0,
        1,
        CM7,
        MineCard("San Narciso", 9, 7),
        MineCard("San Narciso", 2, 6),
        MineCard("Dry Gulch", 2, 5),
    )
    assert table.state.mayors["Cold Mountain"] == 0  # Ann: CM8 + CM7
    before = table.gold()
    table.auction(1, 1)  # Bo wins and takes a Cold Mountain mine: pays Ann 2 (her count)
    table.picks(CM6)
    assert table.gold()[1] == before[1] - 1 - 2
    assert table.state.mayors["Cold Mountain"] == 0  # a tie: Ann keeps the pawn


def test_the_new_mayor_pays_the_old_one_first(table: Table) -> None:
    table.round(0, 1, CM8, CM9, MineCard("San Narciso", 8, 2), DG8)
    table.round(
        0,
        1,
        CM7,
        MineCard("San Narciso", 9, 7),
        MineCard("San Narciso", 2, 6),
        MineCard("Dry Gulch", 2, 5),
    )
    # Bo has CM9; takes CM6 (pays Ann 2, ties 2-2) and then a third one: pays Ann 2, becomes mayor
    table.round(
        1,
        1,
        CM6,
        MineCard("Coyote City", 3, 1),
        MineCard("Coyote City", 4, 3),
        MineCard("Coyote City", 5, 5),
    )
    table.auction(1, 1)
    gold_ann = table.gold()[0]  # after the auction: Ann, on Bo's right, got his bid
    entry = table.rules.pick_mine(table.state, 1, MineCard("Cold Mountain", 10, 4))
    assert "Bo pays Ann 2: mayor fee, Cold Mountain; Bo is now mayor of Cold Mountain" in entry.text
    table.act(entry)
    assert table.state.mayors["Cold Mountain"] == 1
    assert table.gold()[0] == gold_ann + 2


def test_the_governor_doubles_fees_waits_and_is_discarded(table: Table) -> None:
    table.round(0, 1, "governor", CM9, MineCard("San Narciso", 8, 2), DG8)
    assert table.state.kept[0] == ["governor"]  # Ann has no pawn yet: it waits
    table.round(
        0,
        1,
        CM8,
        MineCard("San Narciso", 9, 7),
        MineCard("San Narciso", 2, 6),
        MineCard("Dry Gulch", 2, 5),
    )
    table.round(
        0,
        1,
        CM7,
        MineCard("Coyote City", 3, 1),
        MineCard("Coyote City", 4, 3),
        MineCard("Coyote City", 5, 5),
    )
    assert table.state.mayors["Cold Mountain"] == 0 and table.state.governor == "Cold Mountain"
    before = table.gold()
    table.auction(1, 1)  # Bo takes a Cold Mountain mine: 2 mines x 2 = 4
    table.picks(CM6)
    # Bo's bid of 1 goes to Ann (his right); the fee is Ann's 2 mines, doubled
    assert table.gold()[1] == before[1] - 1 - 4 and table.gold()[0] == before[0] + 1 + 4
    assert table.state.governor == "Cold Mountain"


def test_paying_more_than_you_have_pays_what_you_have(table: Table) -> None:
    table.round(0, 1, CM8, CM9, MineCard("San Narciso", 8, 2), DG8)
    table.round(
        0,
        1,
        CM7,
        MineCard("San Narciso", 9, 7),
        MineCard("San Narciso", 2, 6),
        MineCard("Dry Gulch", 2, 5),
    )
    table.auction(1, 1)
    table.set_gold(*table.gold()[:1], 1, *table.gold()[2:])
    ann = table.gold()[0]
    entry = table.rules.pick_mine(table.state, 1, CM6)
    assert "Bo pays Ann 1 (all they have, 2 due)" in entry.text
    table.act(entry)
    assert table.gold()[1] == 0 and table.gold()[0] == ann + 1


# ----------------------------------------------------------------------------- production


def test_production_veins_saloons_and_collapses(table: Table) -> None:
    table.round(
        0,
        1,
        CM6,
        ("saloon", {"town": "Cold Mountain"}),
        MineCard("Cactus Junction", 7, 6, True),
        DG8,
    )
    # Ann: CM6 (dangerous 9); Bo: a saloon in Cold Mountain; Cy: CJ7 (dangerous); Di: DG8
    table.round(
        0,
        1,
        ("new_vein", {"mine": 4}),  # after the opening round's four: Ann's CM6
        ("saloon_girls", {"saloon": 0}),
        CM8,
        MineCard("Dry Gulch", 6, 4),
    )
    assert (
        table.state.mines[4].label.startswith("Cold Mountain 6")
        and table.state.mines[4].worth == 12
    )
    assert table.state.saloons[0].girls
    before = table.gold()
    table.auction(0, 1)
    # the Girls are said where a saloon is blown up, as they are discarded (a play-test)
    _, options = event_choices(table.state, 0, "dynamite")
    assert ("Bo's saloon in Cold Mountain + Girls", "saloon:0") in options
    blown = table.rules.pick_event(table.state, 0, "dynamite", saloon=0).text
    assert blown.endswith("blows up Bo's saloon in Cold Mountain and its Saloon Girls (discarded)")
    table.picks(
        MineCard("San Narciso", 6, 1),
        MineCard("Coyote City", 6, 4),
        CM9,
        MineCard("Dry Gulch", 4, 4),
    )
    entry = table.rules.produce(
        table.state, (4, 2)
    )  # 6: Ann's CM6 (12), Di's DG6 (4), SN6 (Ann 1), CC6 (Bo 4)
    table.act(entry)
    gold = table.gold()
    # Ann: -1 bid +12 +1, pays Bo 4 (girls) for CM6 only; Bo +4 (own CC6, no fee) +... split
    assert "Ann pays Bo 4: saloon, Cold Mountain" in entry.text
    assert gold[3] - before[3] >= 4
    table.act(table.rules.next_round(table.state))
    table.auction(0, 1)
    table.picks(
        MineCard("San Narciso", 12, 1),
        MineCard("San Narciso", 3, 3),
        MineCard("Coyote City", 12, 6),
        MineCard("Dry Gulch", 3, 4),
    )
    entry = table.rules.produce(table.state, (6, 6))
    table.act(entry)
    assert "collapses" in entry.text
    assert not any(mine.dangerous for mine in table.state.mines)


def test_nobody_pays_their_own_saloon_and_two_saloons_are_both_paid(table: Table) -> None:
    table.round(
        0,
        1,
        ("saloon", {"town": "Dry Gulch"}),
        ("saloon", {"town": "Dry Gulch"}),
        DG8,
        MineCard("Dry Gulch", 2, 5),
    )
    table.auction(0, 1)
    table.picks(MineCard("Dry Gulch", 6, 4), CM8, CM9, CM7)
    before = table.gold()
    table.produce(4, 4)  # 8: Cy's DG8 (5) pays Ann 2 and Bo 2
    assert table.gold()[2] == before[2] + 5 - 4
    assert table.gold()[0] == before[0] + 2 and table.gold()[1] == before[1] + 2 + 1  # +1: Bo's CM8


def test_the_telegraph_changes_one_die_once(table: Table) -> None:
    table.round(0, 1, "telegraph", CM8, CM9, DG8)
    table.auction(1, 1)
    table.picks(
        CM7,
        MineCard("San Narciso", 9, 7),
        MineCard("San Narciso", 2, 6),
        MineCard("Dry Gulch", 2, 5),
    )
    with pytest.raises(RuleError, match="Bo has no Telegraph"):
        table.rules.produce(table.state, (1, 1), telegraph=(1, 0, 6))
    # a die set to the face it shows changes nothing: refused, the card kept (it went: a
    # play-test's typo)
    with pytest.raises(RuleError, match="Die 1 shows 1 already: the Telegraph changes a die"):
        table.rules.produce(table.state, (1, 1), telegraph=(0, 0, 1))
    before = table.gold()
    table.act(table.rules.produce(table.state, (1, 1), telegraph=(0, 1, 6)))  # 1+6 = 7: Bo's CM7
    assert table.gold()[1] == before[1] + 5 and table.state.kept[0] == []


def test_a_roll_waits_on_record_for_the_telegraph_holder(table: Table) -> None:
    """The card says "right after the roll": a roll the app makes (or the table types) is
    kept on record, paying nothing, until the holder changes a die or keeps the card."""
    table.round(0, 1, "telegraph", CM8, CM9, DG8)
    table.auction(1, 1)
    table.picks(CM7, MineCard("San Narciso", 9, 7), MineCard("San Narciso", 2, 6), DG8)
    before = table.gold()
    roll = table.rules.roll_for_telegraph(table.state, (1, 1))
    assert roll.text == "Production roll: 1 + 1 = 2; Ann may change one die with the Telegraph"
    table.act(roll)
    assert table.state.rolled == [1, 1] and table.state.phase == "production"
    assert table.gold() == before  # nothing paid, nothing collapsed yet
    session = table.session  # the table display says it too
    shown = view_of("boomtown", "Boomtown", "", table.state, session.journal, 4)
    assert shown.turn == "Round 3: rolled 1 + 1 = 2; the Telegraph may change one die."
    with pytest.raises(RuleError, match="rolled once"):
        table.rules.roll_for_telegraph(table.state, (3, 3))
    with pytest.raises(RuleError, match=r"The roll on record is 1 \+ 1"):
        table.rules.produce(table.state, (3, 4))
    reopened = GameSession.open(table.session.store, table.session.path)  # on disk
    assert isinstance(reopened.state, BoomtownState) and reopened.state.rolled == [1, 1]
    entry = table.rules.produce(table.state, None, telegraph=(0, 1, 6))  # 1+6 = 7: Bo's CM7
    assert "Ann uses the Telegraph: 1 + 6 = 7" in entry.text
    # with the roll, in the first part: the screen's shortened line keeps that part only
    # (it showed "1 + 1 = 2" alone, and a table took that sum for what paid)
    assert entry.text.split("; ")[0] == "Production: 1 + 1 = 2, Ann uses the Telegraph: 1 + 6 = 7"
    table.act(entry)
    assert table.gold()[1] == before[1] + 5 and table.state.kept[0] == []
    assert table.state.rolled is None and table.state.phase == "next"
    assert table.rules.progress(table.state) == "Round 3 done"  # (not "Round 3, next")
    with pytest.raises(RuleError, match="in the production"):
        table.act(make_entry("roll", "x", dice=[1, 2]))
    table.act(table.rules.next_round(table.state))
    table.auction(1, 1)
    table.picks(*[MineCard("Coyote City", n, v) for n, v in ((3, 1), (4, 3), (5, 5), (6, 4))])
    with pytest.raises(RuleError, match="Nobody holds a Telegraph"):  # the card is used up
        table.act(make_entry("roll", "x", dice=[1, 2]))


def test_the_telegraph_holder_may_keep_the_card_after_seeing_the_roll(table: Table) -> None:
    table.round(0, 1, "telegraph", CM8, CM9, DG8)
    table.auction(1, 1)
    table.picks(CM7, MineCard("San Narciso", 9, 7), MineCard("San Narciso", 2, 6), DG8)
    table.act(table.rules.roll_for_telegraph(table.state, (3, 4)))
    entry = table.rules.produce(table.state, None)
    assert entry.text.startswith("Production: 3 + 4 = 7; Ann keeps the Telegraph")
    table.act(entry)
    assert table.state.kept[0] == ["telegraph"] and table.state.rolled is None
    table.act(table.rules.next_round(table.state))
    table.auction(1, 1)
    table.picks(*[MineCard("Coyote City", n, v) for n, v in ((3, 1), (4, 3), (5, 5), (6, 4))])
    table.act(table.rules.roll_for_telegraph(table.state, (6, 6)))
    skipped = table.rules.skip(table.state)  # the table settled it by hand
    assert skipped.text == "Production skipped: the roll on record pays nothing"
    table.act(skipped)
    assert table.state.rolled is None and table.state.phase == "next"


# ----------------------------------------------------------------------------- events


def test_card_shark_stagecoach_and_holdup(table: Table) -> None:
    table.auction(0, 1)
    table.picks(  # the round's flows are read before `n` starts the next one at zero
        "card_shark",
        "stagecoach",
        ("holdup", {"target": 0, "number": 7, "dice": [3, 4]}),
        ("holdup", {"target": 0, "number": 7, "dice": [1, 2]}),
    )
    table.produce(1, 3)
    # Ann: 10 -1 (bid) = 9; Bo: 10 + ... Card Shark: Bo, Cy, Di pay 4 to the bank
    assert table.gold()[0] == 9 - 7  # the first Holdup hits (7 >= 7), the second misses
    assert table.state.bank_in == 12 and table.state.bank_out == 10
    missed = [e.text for _, e in table.session.journal.tail(20) if "rolls 3" in e.text]
    assert missed and missed[0].endswith("rolls 3: it fails, Ann pays nothing")  # (not
    # "gets away", read as the robber getting away with it: a play-test)


def test_events_refuse_targets_the_card_does_not_allow(table: Table) -> None:
    table.round(0, 1, CM8, CM9, DG8, MineCard("San Narciso", 8, 2))
    table.auction(0, 1)
    with pytest.raises(RuleError, match="another player's mine or saloon"):
        table.rules.pick_event(table.state, 0, "dynamite", mine=4)  # Ann's own CM8
    with pytest.raises(RuleError, match="Only in a town where you already own a mine"):
        table.rules.pick_event(table.state, 0, "expropriation", mine=6)  # Cy's DG8
    with pytest.raises(RuleError, match="That mine belongs to Bo"):
        table.rules.pick_event(table.state, 0, "new_vein", mine=5)  # Bo's CM9
    with pytest.raises(RuleError, match="played on another player"):
        table.rules.pick_event(table.state, 0, "holdup", target=0, number=5, dice=[3, 3])
    with pytest.raises(RuleError, match="Name a number from 2 to 12"):
        table.rules.pick_event(table.state, 0, "holdup", target=1, number=13, dice=[3, 3])
    with pytest.raises(RuleError, match="is not the mayor of Dry Gulch"):
        table.rules.pick_event(table.state, 0, "governor", town="Dry Gulch")


def test_a_card_with_nothing_to_play_on_is_discarded(table: Table) -> None:
    """A card taken by a player with nothing to play it on left an empty list and no way
    on (a play-test, with New Vein): it is taken and discarded, and only when there is
    nothing to play it on."""
    table.auction(0, 1)
    table.picks(("dynamite", {"mine": 1}))  # Ann blows up Bo's only mine
    assert table.state.next_picker == 1 and not table.state.mines_of(1)
    label, options = event_choices(table.state, 1, "expropriation")
    assert label == (
        "No mine of another player in a town where you have one: the card is discarded"
    )
    assert options == [("Discard it (no effect)", "discard")]
    entry = table.rules.pick_event(table.state, 1, "expropriation", discarded=True)
    assert entry.text == "Bo takes Expropriation: nothing to play it on, discarded"
    table.act(entry)
    assert table.state.events_seen["expropriation"] == 1 and table.state.next_picker == 2
    with pytest.raises(RuleError, match="Dynamite can be played: choose"):
        table.rules.pick_event(table.state, 2, "dynamite", discarded=True)  # Ann's, Di's


def test_a_new_vein_with_no_mine_waits_for_the_next_mine(table: Table) -> None:
    """A New Vein taken by a player with no mine was discarded; the rules (000) keep a card
    that cannot be used yet in front of its owner until it can be ("for example" the
    Governor and the Saloon Girls): a play-test. It goes under the next mine they get."""
    table.auction(0, 1)
    table.picks(("dynamite", {"mine": 1}))  # Ann blows up Bo's only mine
    label, options = event_choices(table.state, 1, "new_vein")
    assert (label, options) == (
        "No mine of yours yet: kept until you have one",
        [("Keep it for later", "none")],
    )
    entry = table.rules.pick_event(table.state, 1, "new_vein")
    assert entry.text == "Bo takes New Vein (kept until a mine)"
    table.act(entry)
    assert table.state.kept[1] == ["new_vein"]
    table.picks(CM8, CM9)  # Cy, Di
    table.produce(1, 3)
    table.act(table.rules.next_round(table.state))
    table.auction(1, 1)  # Bo wins and takes a mine: the New Vein goes under it
    table.picks(DG8)
    [mine] = table.state.mines_of(1)
    assert mine.vein and table.state.kept[1] == []
    assert "Bo's New Vein goes under" in table.session.journal.entries[-1].text


def test_a_new_vein_discarded_by_an_earlier_version_still_replays(table: Table) -> None:
    """Games saved before a New Vein was kept hold it discarded: they open as they were."""
    table.auction(0, 1)
    table.picks(("dynamite", {"mine": 1}))
    entry = make_entry(
        "event",
        "Bo takes New Vein: nothing to play it on, discarded",
        player=1,
        card="new_vein",
        discarded=True,
    )
    table.act(entry)
    assert table.state.kept[1] == [] and table.state.events_seen["new_vein"] == 1


def test_dynamite_takes_the_vein_and_the_girls_along_and_rechecks_mayors(table: Table) -> None:
    table.round(0, 1, CM8, CM9, ("saloon", {"town": "Dry Gulch"}), DG8)
    table.round(
        1,
        1,
        CM7,
        MineCard("Coyote City", 3, 1),
        MineCard("Coyote City", 4, 3),
        MineCard("Coyote City", 5, 5),
    )
    assert table.state.mayors["Cold Mountain"] == 1  # Bo: CM9 + CM7
    table.auction(0, 1)
    table.act(
        table.rules.pick_event(
            table.state,
            0,
            "dynamite",
            mine=table.state.mines.index(
                next(m for m in table.state.mines if (m.town, m.roll) == ("Cold Mountain", 7))
            ),
        )
    )
    assert table.state.mayors["Cold Mountain"] == 1  # 1-1: the mayor keeps the pawn
    table.act(table.rules.pick_event(table.state, 1, "dynamite", saloon=0))
    assert table.state.saloons == []


def test_expropriation_pays_the_fee_and_moves_the_pawn(table: Table) -> None:
    table.round(0, 1, CM8, CM9, DG8, MineCard("San Narciso", 8, 2))
    table.round(
        1,
        1,
        CM7,
        MineCard("Coyote City", 3, 1),
        MineCard("Coyote City", 4, 3),
        MineCard("Coyote City", 5, 5),
    )
    assert table.state.mayors["Cold Mountain"] == 1  # Bo: CM9 + CM7; Ann: CM8
    table.auction(0, 1)
    ann = table.gold()[0]
    cm7 = next(
        i for i, m in enumerate(table.state.mines) if (m.town, m.roll) == ("Cold Mountain", 7)
    )
    entry = table.rules.pick_event(table.state, 0, "expropriation", mine=cm7)
    assert (
        "Ann pays Bo 2: mayor fee, Cold Mountain; Ann is now mayor of Cold Mountain" in entry.text
    )
    table.act(entry)
    assert table.gold()[0] == ann - 2 and table.state.mayors["Cold Mountain"] == 0


# ----------------------------------------------------------------------------- the end


def test_the_game_ends_after_the_production_of_the_last_round(new_game: NewGame) -> None:
    table = Table(new_game(names=("Ann", "Bo", "Cy"), first=0, short_game=True))
    catalog = load_catalog()
    for round_number in range(15):
        cards = catalog[round_number * 3 : round_number * 3 + 3]
        table.auction(round_number % 3, 1)
        table.picks(*cards)
        table.produce(1, 3)
        if round_number < 14:
            assert table.state.phase == "next"
            table.act(table.rules.next_round(table.state))
    assert table.state.phase == "over" and table.state.cards_left == 0
    rows = table.rules.prefill(table.state)
    assert sum(len(row["mines"]) for row in rows) == 45
    assert [row["gold"] for row in rows] == table.gold()
    # the wizard questions a Mines list of another length (a play-test left out a mine)
    counts = table.rules.score_counts(table.state)
    assert counts == {"mines": [len(row["mines"]) for row in rows]}


def test_undo_takes_back_a_whole_pick_with_its_fee_and_pawn(table: Table) -> None:
    table.round(0, 1, CM8, CM9, DG8, MineCard("San Narciso", 8, 2))
    table.auction(0, 1)
    before = copy.deepcopy(table.state)
    table.picks(CM7)
    assert table.state.mayors == {"Cold Mountain": 0}
    table.session.undo()
    assert table.state.mayors == before.mayors and table.gold() == [
        n["gold"] for n in before.numbers
    ]


# ----------------------------------------------------------------------------- properties


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_random_games_keep_the_invariants(new_game: NewGame, data: st.DataObject) -> None:
    names = ("Ann", "Bo", "Cy", "Di", "Ed")[: data.draw(st.integers(3, 5))]
    table = Table(new_game(names=names, first=0))
    rules = table.rules
    catalog = load_catalog()
    for _ in range(data.draw(st.integers(1, 40))):
        state = table.state
        before_total = sum(table.gold()) - state.bank_out + state.bank_in
        phase = state.phase
        try:
            if phase == "reveal":
                entry = rules.reveal(state)
            elif phase == "auction":
                turn = state.auction_turn
                assert turn is not None
                amount = data.draw(st.integers(0, 12))
                entry = rules.bid(state, turn, amount) if amount else rules.pass_(state, turn)
            elif phase == "payment":
                entry = rules.pay_split(state)[0]
            elif phase == "picks":
                seat = state.next_picker
                assert seat is not None
                choice = data.draw(
                    st.sampled_from(
                        [
                            "mine",
                            "card_shark",
                            "dynamite",
                            "expropriation",
                            "holdup",
                            "saloon",
                            "stagecoach",
                            "governor",
                        ]
                    )
                )
                if choice == "mine":
                    entry = rules.pick_mine(state, seat, data.draw(st.sampled_from(catalog)))
                else:
                    params = {
                        "mine": data.draw(st.integers(0, max(0, len(state.mines) - 1))),
                        "target": data.draw(st.integers(0, len(names) - 1)),
                        "number": data.draw(st.integers(2, 12)),
                        "dice": [data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))],
                        "town": data.draw(st.sampled_from(list(TOWNS))),
                    }
                    entry = rules.pick_event(state, seat, choice, **params)
            elif phase == "production":
                entry = rules.produce(
                    state, (data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
                )
            elif phase == "next":
                entry = rules.next_round(state)
            else:
                break
        except RuleError:
            continue  # refused: nothing changed
        table.act(entry)
        after = table.state
        assert all(gold >= 0 for gold in table.gold())
        # gold changes only by the bank's flows (player-to-player payments cancel out)
        if entry.kind not in ("reveal", "next_round"):
            assert sum(table.gold()) - after.bank_out + after.bank_in == before_total
        for town, mayor in after.mayors.items():
            counts = [after.count(seat, town) for seat in range(len(names))]
            assert counts[mayor] == max(counts)


def test_steps_can_be_skipped_but_not_the_auction(table: Table) -> None:
    table.act(table.rules.reveal(table.state))
    with pytest.raises(RuleError, match="cannot be skipped"):
        table.rules.skip(table.state)
    table.act(table.rules.bid(table.state, 0, 2))
    for seat in (1, 2, 3):
        table.act(table.rules.pass_(table.state, seat))
    table.act(table.rules.skip(table.state))  # payment settled by hand
    assert table.state.phase == "picks"
    table.act(table.rules.skip(table.state))  # Ann's pick not recorded
    table.picks(CM8, CM9, DG8)
    assert table.state.phase == "production"
    table.act(table.rules.skip(table.state))
    assert table.state.phase == "next" and table.gold() == [10, 10, 10, 10]


# ----------------------------------------------------------------------------- issue 13


def test_a_collapsed_or_dynamited_mine_cannot_be_taken_again(table: Table) -> None:
    catalog = load_catalog()
    table.round(0, 1, CM6, DG8, CM8, CM9)  # Bo owns DG8
    table.auction(0, 1)
    table.picks(MineCard("San Narciso", 8, 2), MineCard("Dry Gulch", 5, 2), CM7)
    dg8 = next(i for i, m in enumerate(table.state.mines) if (m.town, m.roll) == ("Dry Gulch", 8))
    table.picks(("dynamite", {"mine": dg8}))  # Di blows up Bo's DG8
    table.produce(6, 6)  # 12: the dangerous CM6 collapses
    assert mine_out(table.state, CM7) and not mine_gone(table.state, CM7)  # in play
    assert mine_gone(table.state, CM6) and mine_gone(table.state, DG8)
    table.act(table.rules.next_round(table.state))
    table.auction(0, 1)
    for gone in (CM6, DG8):
        with pytest.raises(RuleError, match="left the game"):
            table.rules.pick_mine(table.state, 0, gone)
    with pytest.raises(RuleError, match=r"Cold Mountain 6 .* left the game"):
        find_mine("cm 6", catalog, table.state)
    assert find_mine("cm 3", catalog, table.state).roll == 3


def test_event_cards_are_counted_against_the_deck(table: Table) -> None:
    table.round(0, 1, "card_shark", "stagecoach", "mustang", ("dynamite", {"mine": 0}))
    table.auction(0, 1)
    for card, name in (
        ("card_shark", "Card Shark"),
        ("stagecoach", "Stagecoach Robbery"),
        ("mustang", "Mustang"),
    ):
        with pytest.raises(RuleError, match=f"The deck has 1 card {name} and it was already"):
            table.rules.pick_event(table.state, 0, card)
    left = events_left(table.state)
    assert left["dynamite"] == 2 and left["holdup"] == 2 and "card_shark" not in left
    text = cards_left_text(table.state)
    assert text.startswith("Not taken yet: 41 mines, 11 events (")  # 45 - the opening's 4
    assert "Dynamite x2" in text and "Card Shark" not in text
    table.picks("telegraph", CM8, CM9, DG8)
    table.produce(1, 3)
    table.act(table.rules.next_round(table.state))
    mine = lambda: next(i for i, m in enumerate(table.state.mines) if m.owner != 0)  # noqa: E731
    for _ in range(2):
        table.auction(0, 1)
        table.picks(("dynamite", {"mine": mine()}), CM7 if _ == 0 else MineCard("Dry Gulch", 3, 4))
        table.act(table.rules.skip(table.state))  # the other picks not recorded
        table.act(table.rules.skip(table.state))
        table.act(table.rules.skip(table.state))
        table.act(table.rules.next_round(table.state))
    table.auction(0, 1)
    with pytest.raises(RuleError, match="The deck has 3 cards Dynamite and all were already"):
        table.rules.pick_event(table.state, 0, "dynamite", mine=mine())


def test_the_last_unseen_cards_read_in_the_singular(table: Table) -> None:
    from companion.games.boomtown import EVENT_COUNTS, MINE_CARDS

    state = copy_state(table.state)
    state.events_seen = dict(EVENT_COUNTS)
    state.events_seen["dynamite"] -= 1
    state.gone = [("Gone", 0, 0)] * (MINE_CARDS - 1 - len(state.mines))
    assert cards_left_text(state) == "Not taken yet: 1 mine, 1 event (Dynamite)"


def test_the_short_game_says_at_most(new_game: NewGame) -> None:
    short = Table(new_game(names=("A", "B", "C"), first=0, short_game=True))
    assert cards_left_text(short.state).startswith(
        "Not taken yet: at most 45 mines, at most 15 events"
    )


def test_keep_it_for_later_only_when_the_card_cannot_be_used_yet(table: Table) -> None:
    label, options = event_choices(table.state, 0, "governor")
    assert options == [("Keep it for later", "none")] and "No mayor pawn yet" in label
    table.round(0, 1, CM8, MineCard("San Narciso", 8, 2), DG8, MineCard("San Narciso", 9, 7))
    table.round(0, 1, CM9, MineCard("San Narciso", 2, 6), MineCard("Dry Gulch", 2, 5), CM7)
    assert table.state.mayors["Cold Mountain"] == 0
    label, options = event_choices(table.state, 0, "governor")
    assert options == [("Cold Mountain", "town:Cold Mountain")]  # no "keep it for later"
    table.auction(0, 1)
    with pytest.raises(RuleError, match="Choose which of your mayor pawns"):
        table.rules.pick_event(table.state, 0, "governor")
    _, girls = event_choices(table.state, 0, "saloon_girls")
    assert girls == [("Keep it for later", "none")]


def test_saloon_girls_waiting_are_said_moving_into_the_new_saloon(table: Table) -> None:
    table.round(0, 1, ("saloon_girls", {}), CM8, CM9, DG8)  # Ann has no saloon: they wait
    assert table.state.kept[0] == ["saloon_girls"]
    table.auction(0, 1)
    entry = table.rules.pick_event(table.state, 0, "saloon", town="Dry Gulch")
    assert entry.text == "Ann takes Saloon in Dry Gulch: the Saloon Girls waiting move in"
    table.act(entry)
    assert table.state.saloons[-1].girls and table.state.kept[0] == []


def test_expropriation_offers_only_mines_in_towns_where_you_own_one(table: Table) -> None:
    table.round(0, 1, CM8, CM9, DG8, MineCard("San Narciso", 8, 2))
    # Ann owns CJ12 and CM8; Bo CC12 and CM9; Cy CJ2 and DG8; Di CC11 and SN8
    _, options = event_choices(table.state, 0, "expropriation")
    labels = [label for label, _ in options]
    assert labels == ["Cy's Cactus Junction 2: 6", "Bo's Cold Mountain 9: 3"]


def test_a_bankrupt_first_player_passes_at_the_reveal(table: Table) -> None:
    table.set_gold(0, 10, 0, 10)
    reveal = table.rules.reveal(table.state)
    assert reveal.text.endswith("Ann opens the auction; Ann has no gold and passes")
    table.act(reveal)
    table.act(table.rules.bid(table.state, 1, 3))
    entry = table.rules.pass_(table.state, 3)
    assert entry.text == "Di passes"  # Cy (bankrupt) passed with Bo's bid; Ann passed at 0
    table.act(entry)
    assert (table.state.winner, table.state.price, table.state.phase) == (1, 3, "payment")


def test_everybody_bankrupt_goes_straight_to_the_picks(table: Table) -> None:
    table.set_gold(0, 0, 0, 0)
    table.act(table.rules.reveal(table.state))
    assert (table.state.phase, table.state.winner, table.state.price) == ("picks", 0, 0)


def test_games_saved_before_the_auto_pass_still_load(table: Table) -> None:
    """A bankrupt player's typed pass and a pay at 0 from an older game replay as no-ops."""
    from companion.journal import make_entry

    table.set_gold(10, 0, 10, 10)
    table.act(table.rules.reveal(table.state))
    for seat in (0, 1, 2, 3):  # Bo's pass was typed in older games
        table.rules.apply(table.state, make_entry("pass", "passes", player=seat))
    table.rules.apply(table.state, make_entry("pay", "Ann wins at 0: nothing to pay"))
    assert (table.state.phase, table.state.passed) == ("picks", [0, 1, 2, 3])


def test_the_sheet_takes_five_mayor_pawns_in_all() -> None:
    players = [
        {"name": name, "gold": 10, "mines": [], "mayors": mayors}
        for name, mayors in (("Ann", 3), ("Bo", 2), ("Cy", 1))
    ]
    with pytest.raises(SheetError, match=r"5 mayor pawns in all .*not 6"):
        read_sheet({"game": "boomtown", "players": players}, {"boomtown": SHEET})
    players[2]["mayors"] = 0
    read_sheet({"game": "boomtown", "players": players}, {"boomtown": SHEET})


@pytest.mark.parametrize("text", ["\u0663 \u0661", "\u00b2 3", "3 \uff14"])  # not ASCII
def test_dice_are_ascii_digits(text: str) -> None:
    with pytest.raises(RuleError, match="Type the two dice"):
        parse_dice(text)


def test_a_mine_number_is_ascii_digits(table: Table) -> None:
    with pytest.raises(RuleError, match="Type a town and a production number"):
        find_mine("cm \u0666", load_catalog(), table.state)
    # two numbers: one mine a pick (`cm 6 7` said "No town 'cm 6'": a play-test)
    with pytest.raises(RuleError, match=r"^One mine at a time: a town and one number"):
        find_mine("cm 6 7", load_catalog(), table.state)
    assert not is_number("\u00b2") and is_number("12")


def test_a_number_no_two_dice_roll_is_not_sent_to_the_custom_mine(table: Table) -> None:
    """`cm 13` sent the table to the custom mine, which refused 13 (a play-test)."""
    with pytest.raises(RuleError, match=r"production number is 2 to 12 \(the two dice\), not 13"):
        find_mine("cm 13", load_catalog(), table.state)
    # one the catalog lacks: the key to add it comes first, within 80 columns (it was cut
    # off at the end of a longer sentence: a play-test)
    with pytest.raises(RuleError) as refused:
        find_mine("cm 2", load_catalog(), table.state)
    assert str(refused.value).startswith("No Cold Mountain 2 in the catalog; if your deck")
    assert len(str(refused.value)) <= 78


def test_a_mine_typed_without_a_space_and_a_misspelt_name(table: Table) -> None:
    """The play-test typed `cm6` (refused) and `stagecoatch` (refused with no hint)."""
    catalog = load_catalog()
    assert find_mine("cm6", catalog, table.state) == find_mine("cm 6", catalog, table.state)
    assert find_mine("Cold12", catalog, table.state).roll == 12
    with pytest.raises(RuleError, match=r"Did you mean Stagecoach Robbery\?"):
        find_mine("stagecoatch", catalog, table.state)
    with pytest.raises(RuleError, match=r"No town 'cold mountian'.*Did you mean Cold Mountain\?"):
        find_mine("cold mountian 6", catalog, table.state)
    with pytest.raises(RuleError, match="the dice come after the picks"):  # not "No town '6'"
        find_mine("6 6", catalog, table.state)
    with pytest.raises(RuleError) as refused:  # nothing near: no guess
        find_mine("xyz", catalog, table.state)
    assert "Did you mean" not in str(refused.value)


# ----------------------------------------------------------------------------- play-test


def test_a_new_round_starts_the_bank_flows_at_zero_also_when_replayed(table: Table) -> None:
    """`n` starts the next round: "bank this round" no longer shows the last round's flows
    (it used to, until the reveal); a game read again from its file gives the same."""
    table.auction(0, 1)
    table.picks("stagecoach", "card_shark", CM8, CM9)  # out 10 (Ann), in 4 x 3
    table.produce(1, 3)
    assert (table.state.bank_out, table.state.bank_in) == (10, 12)
    table.act(table.rules.next_round(table.state))
    assert table.state.phase == "reveal"
    assert (table.state.bank_out, table.state.bank_in) == (0, 0)
    reopened = GameSession.open(table.session.store, table.session.path)
    assert isinstance(reopened.state, BoomtownState) and reopened.state.phase == "reveal"
    assert (reopened.state.bank_out, reopened.state.bank_in) == (0, 0)
    table.session.undo()  # back to the round over: its flows again
    assert (table.state.bank_out, table.state.bank_in) == (10, 12)


def test_dynamite_and_expropriation_name_whose_mine_it_was(table: Table) -> None:
    table.auction(0, 1)  # the opening: Ann CJ12, Bo CC12, Cy CJ2, Di CC11
    mine = lambda owner: next(i for i, m in enumerate(table.state.mines) if m.owner == owner)  # noqa: E731
    entry = table.rules.pick_event(table.state, 0, "dynamite", mine=mine(2))
    assert entry.text == "Ann takes Dynamite: blows up Cy's Cactus Junction 2: 6"
    table.act(entry)
    entry = table.rules.pick_event(table.state, 1, "expropriation", mine=mine(3))
    assert entry.text.startswith("Bo takes Expropriation: takes Di's Coyote City 11: 3")


def test_a_word_that_is_no_town_says_what_a_pick_can_be(table: Table) -> None:
    with pytest.raises(RuleError) as refused:
        find_mine("telegrph", load_catalog(), table.state)
    assert str(refused.value).startswith("'telegrph' is not a town or an event card.")
    assert "cm 6" in str(refused.value) and "telegraph" in str(refused.value)
    for town_typed in ("cold", "cm x"):  # a town without its number: as before
        with pytest.raises(RuleError, match="Type a town and a production number"):
            find_mine(town_typed, load_catalog(), table.state)


def test_no_event_card_is_offered_once_all_have_been_seen(new_game: NewGame) -> None:
    """The pick line offered "or an event (dynamite)" after the last event card was seen (a
    play-test): the examples are the events left, and none when there are none."""
    from companion.games.boomtown import EVENT_COUNTS

    state = new_game().state
    assert isinstance(state, BoomtownState)
    assert event_words(state) == []  # round 1: only mines
    state.round = 2
    assert event_words(state)[:2] == ["dynamite", "telegraph"]
    state.events_seen = {**EVENT_COUNTS, "telegraph": 0}
    assert event_words(state) == ["telegraph"]
    state.events_seen = dict(EVENT_COUNTS)
    assert event_words(state) == []
    with pytest.raises(RuleError) as refused:
        find_mine("xyz", load_catalog(), state)
    assert "event card" not in str(refused.value).split("Type a mine")[1]


def test_an_event_card_is_named_only_when_its_letters_fit_it_alone() -> None:
    """`c` and enter played the Card Shark at once (three players paid), `s` the Saloon of
    three cards starting so; `girls` was not Saloon Girls (a play-test)."""
    with pytest.raises(RuleError, match=r"Card Shark is taken as soon as it is named"):
        find_event("c")
    with pytest.raises(RuleError, match=r"at least tel"):
        find_event("t")
    with pytest.raises(RuleError, match=r"'s' could be Saloon, Saloon Girls or Stagecoach"):
        find_event("s")
    with pytest.raises(RuleError, match=r"could be Saloon or Saloon Girls"):
        find_event("sal")
    assert find_event("car") == "card_shark" and find_event("card shark") == "card_shark"
    assert find_event("saloon") == "saloon"  # its whole name, though Saloon Girls starts so
    assert find_event("girls") == "saloon_girls" and find_event("robbery") == "stagecoach"
    assert find_event("d") == "dynamite"  # a dialog asks the rest: nothing is done yet
    with pytest.raises(RuleError, match=r"Stagecoach Robbery is taken as soon"):
        find_event("st")
    assert find_event("cm") is None  # a town's letters, not a card
    assert find_event("vein") == "new_vein" and find_event("ve") is None
    # among the cards left: `salo` is the Saloon once the one Saloon Girls is taken (a
    # play-test was asked which); a card none of which is left is still named, to be
    # said gone
    left = {card: 1 for card in EVENTS if card != "saloon_girls"}
    assert find_event("salo", left) == "saloon"
    assert find_event("girls", left) == "saloon_girls"


def test_a_pawn_two_could_take_at_once_goes_by_seat_and_says_so(table: Table) -> None:
    """Bo, the mayor, lost a mine; Ann and Di had two each: Ann took the pawn unsaid (a
    play-test). The rules do not say who: the first in seat order, and the log says so."""
    from companion.games.boomtown import Mine

    state = copy.deepcopy(table.state)
    town = "Cold Mountain"
    state.mines = [Mine(town, roll, 3, False, owner) for roll, owner in ((7, 0), (8, 0))]
    state.mines += [Mine(town, roll, 3, False, 3) for roll in (9, 10)]
    state.mines.append(Mine(town, 5, 3, False, 1))
    state.mayors[town] = 1
    state.report.clear()
    table.rules._recheck_mayors(state)
    assert state.mayors[town] == 0
    assert state.report[-1] == (
        "(Ann and Di have 2 mines there each: the first in seat order takes it; ctrl+o gives "
        "it to another)"
    )
    state.mayors[town], state.report = 1, []
    table.rules._recheck_mayors(state, acting=3)  # Di's own pick moved it: hers, no word
    assert state.mayors[town] == 3 and state.report == ["Di is now mayor of Cold Mountain"]
