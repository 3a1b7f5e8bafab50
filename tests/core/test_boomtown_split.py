"""The auction split for every bid 0-60 at 3, 4 and 5 players, both readings."""

from __future__ import annotations

import json

import pytest

from companion.games.boomtown_split import split_bid
from tests.core.cli_helpers import run


def reference(bid: int, players: int, leftover: str) -> tuple[list[int], int]:
    """Written from the rule text, seat by seat, independently of the app's loop."""
    kept = {seat: 0 for seat in range(1, players)}  # seat 1 = the winner's right neighbour
    in_hand, seat, bank = bid, 1, 0
    while in_hand > 0:
        last = seat == players - 1  # the winner's left neighbour
        if last and players >= 4 and leftover == "keep":
            kept[seat] += in_hand
            in_hand = 0
            break
        half_up = in_hand - in_hand // 2
        kept[seat] += half_up
        in_hand -= half_up
        if last:
            bank, in_hand = in_hand, 0
            break
        seat += 1
    return [kept[s] for s in range(1, players)], bank


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("leftover", ["keep", "bank"])
def test_every_bid_against_the_reference_and_nothing_is_lost(players: int, leftover: str) -> None:
    for bid in range(61):
        split = split_bid(bid, players, leftover)  # type: ignore[arg-type]
        shares, bank = reference(bid, players, leftover)
        assert list(split.shares) == shares, (bid, players, leftover)
        assert split.bank == bank
        assert sum(split.shares) + split.bank == bid  # what the winner pays is all accounted for
        assert len(split.shares) == players - 1


def test_the_rule_examples() -> None:
    assert split_bid(9, 5).shares == (5, 2, 1, 1) and split_bid(9, 5).bank == 0
    assert split_bid(9, 3).shares == (5, 2) and split_bid(9, 3).bank == 2
    assert split_bid(9, 3, "keep") == split_bid(9, 3, "bank").__class__(9, 3, "keep", (5, 2), 2)
    assert split_bid(9, 4, "bank").shares == (5, 2, 1) and split_bid(9, 4, "bank").bank == 1
    assert split_bid(0, 4).shares == (0, 0, 0)


@pytest.mark.parametrize(
    ("bid", "players", "leftover"),
    [(-1, 4, "keep"), (5, 2, "keep"), (5, 6, "keep"), (5, 4, "burn")],
)
def test_bad_splits(bid: int, players: int, leftover: str) -> None:
    with pytest.raises(ValueError):
        split_bid(bid, players, leftover)  # type: ignore[arg-type]


def test_cli_split(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "split", "9", "--players", "5", "--json")
    assert code == 0
    assert json.loads(out) == {
        "bid": 9,
        "players": 5,
        "leftover": "keep",
        "shares": [5, 2, 1, 1],
        "bank": 0,
    }
    code, out, _ = run(capsys, "split", "9", "--players", "3")
    assert code == 0 and "keeps 5" in out and "The bank gets 2" in out
    # 3 players: the rest goes to the bank, and the JSON says so ("keep" beside a bank
    # share: a play-test)
    code, out, _ = run(capsys, "split", "9", "--players", "3", "--json")
    assert json.loads(out)["leftover"] == "bank" and json.loads(out)["bank"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ["x", "--players", "4"],
        ["-2", "--players", "4"],
        ["2.5", "--players", "4"],
        ["9", "--players", "2"],
        ["9", "--players", "6"],
        ["9", "--players", "four"],
        ["\u0663", "--players", "3"],  # an Arabic-Indic 3: digits are 0-9 as in the app
        ["20", "--players", "\uff15"],  # a full-width 5
        ["1234567890", "--players", "4"],
        ["9", "--players", "4", "--leftover", "burn"],
        ["9"],
    ],
)
def test_cli_split_errors_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, "split", *args)
    assert code == 2 and out == "" and err.count("\n") == 1
