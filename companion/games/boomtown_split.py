"""Boomtown's auction split: who keeps what of the winning bid.

The winner pays the whole bid to the player on their right; each receiver keeps half of
what they received, rounded up, and passes the rest to their own right. The money never
comes back to the winner: with 4-5 players the winner's left neighbour (the last in the
chain) keeps all they receive (official rules, "keep"), or keeps half and the rest goes to
the bank (Dutch translation, "bank"). With 3 players the second receiver keeps half and the
rest always goes to the bank.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Leftover = Literal["keep", "bank"]
LEFTOVERS: tuple[Leftover, ...] = ("keep", "bank")


@dataclass(frozen=True)
class Split:
    bid: int
    players: int
    leftover: Leftover
    shares: tuple[int, ...]  # what each other player keeps, the winner's right neighbour first
    bank: int

    def to_json(self) -> dict[str, object]:
        return {
            "bid": self.bid,
            "players": self.players,
            # (3 players: the rest to the bank, whatever the 4-5 player option: "keep"
            # beside a bank share misled, a play-test)
            "leftover": "bank" if self.players == 3 else self.leftover,
            "shares": list(self.shares),
            "bank": self.bank,
        }


def split_bid(bid: int, players: int, leftover: Leftover = "keep") -> Split:
    if bid < 0:
        raise ValueError(f"a bid is a whole number of 0 or more, not {bid}")
    if not 3 <= players <= 5:
        raise ValueError(f"Boomtown is for 3-5 players, not {players}")
    if leftover not in LEFTOVERS:
        raise ValueError(f"the leftover goes to 'keep' or 'bank', not {leftover!r}")
    shares = []
    passing = bid
    for receiver in range(players - 1):
        last = receiver == players - 2
        keep = (passing + 1) // 2
        if last and players >= 4 and leftover == "keep":
            keep = passing
        shares.append(keep)
        passing -= keep
    return Split(bid, players, leftover, tuple(shares), passing)


def describe_split(split: Split, names: list[str] | None = None) -> list[str]:
    """One line per receiver (and the bank), for the screen and the shell."""
    lines = []
    for step, share in enumerate(split.shares):
        if names is not None:
            who = names[step]
        elif step == 0:
            who = "The winner's right neighbour"
        elif step == split.players - 2:
            who = "The winner's left neighbour"
        else:
            who = f"Receiver {step + 1}"
        lines.append(f"{who} keeps {share}")
    lines.append(f"The bank gets {split.bank}")
    return lines
