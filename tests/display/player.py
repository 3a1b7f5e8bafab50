"""A writing copy of the app in its own process, for the display's tests: it creates a
Boomtown game (or opens one) and plays rounds with real bids, as a table would.

    python -m tests.display.player ROOT new NAME...     prints the game's file path
    python -m tests.display.player ROOT rounds PATH N [PAUSE]   plays N rounds
    python -m tests.display.player ROOT undo PATH               takes back the last change
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from companion.games import GAMES
from companion.games.boomtown import BoomtownState, MineCard
from companion.session import GameSession
from companion.setup import SetupForm, build_header
from companion.store import Store
from companion.table import COLOURS

#: Mines far from each other (no mayors, no fees), two a round for up to five rounds.
MINES = [
    MineCard("Cactus Junction", 12, 5),
    MineCard("Coyote City", 12, 6),
    MineCard("Cactus Junction", 2, 6),
    MineCard("Coyote City", 11, 3),
    MineCard("Dry Gulch", 2, 4),
    MineCard("Dry Gulch", 12, 5),
    MineCard("Cold Mountain", 2, 4),
    MineCard("Cold Mountain", 12, 5),
    MineCard("Dry Gulch", 11, 3),
    MineCard("Cold Mountain", 11, 3),
]


def new_game(store: Store, names: list[str]) -> GameSession:
    form = SetupForm("boomtown", names, list(COLOURS[: len(names)]), 0, {})
    header, _ = build_header(form)
    session = GameSession.create(store, header)
    session.claim()
    return session


def play_round(session: GameSession, bid: int) -> None:
    """The first player bids `bid`, everyone else passes; the offered cards are taken."""
    rules: Any = session.rules
    state: Any = session.state
    assert isinstance(state, BoomtownState)
    if state.phase == "next":  # a round left at its end (e.g. its last step undone)
        session.act(rules.next_round(state))
        state = session.state
    if state.phase == "reveal":
        session.act(rules.reveal(state))
    while session.state.phase == "auction":  # type: ignore[attr-defined]
        state = session.state
        turn = state.auction_turn
        if turn == state.first_player and state.high_bidder is None:
            session.act(rules.bid(state, turn, bid))
        else:
            session.act(rules.pass_(state, turn))
    if session.state.phase == "payment":
        session.act(rules.pay_split(session.state)[0])
    while session.state.next_picker is not None:
        state = session.state
        taken = {(m.town, m.roll) for m in state.mines}
        card = next(c for c in MINES if (c.town, c.roll) not in taken)
        session.act(rules.pick_mine(state, state.next_picker, card))
    session.act(rules.produce(session.state, (1, 3)))
    if session.state.phase == "next":
        session.act(rules.next_round(session.state))


def main(argv: list[str]) -> None:
    store = Store(Path(argv[0]), GAMES)
    if argv[1] == "new":
        session = new_game(store, argv[2:])
        print(session.path, flush=True)
        session.close()
        return
    session = GameSession.open_to_play(store, Path(argv[2]))
    assert not session.read_only, "another copy holds the game"
    if argv[1] == "undo":
        session.undo()
        print("undone", flush=True)
        session.close()
        return
    pause = float(argv[4]) if len(argv) > 4 else 0.0
    for number in range(int(argv[3])):
        time.sleep(pause)
        play_round(session, bid=2 + number)
    print("played", flush=True)
    session.close()


if __name__ == "__main__":
    main(sys.argv[1:])
