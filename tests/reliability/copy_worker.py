"""A second copy of the app's core in its own process, driven line by line on stdin.

Each command line is answered with one JSON line on stdout, so a test can play two copies
of the app against one game, in two processes, as two windows would:

    open PATH | pay PAYER PAYEE AMOUNT | adjust SEAT KEY AMOUNT | finish | reopen | undo | redo | follow
    | take | state | close | exit
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from companion.amounts import parse_amount
from companion.games import GAMES, RuleError
from companion.session import FollowStopped, GameSession
from companion.store import Store


def answer(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


def main(root: str) -> None:
    store = Store(Path(root), GAMES)
    session: GameSession | None = None
    for line in sys.stdin:
        word, *args = line.split()
        try:
            if word == "open":
                session = GameSession.open_to_play(store, Path(args[0]))
            elif word == "exit":
                answer(ok=True)
                return
            else:
                assert session is not None
                if word == "pay":
                    payer, payee, amount = map(int, args)
                    rules: Any = session.rules  # Calamityville's: it has `pay`
                    session.act(rules.pay(session.state, payer, payee, amount, "test"))
                elif word == "adjust":
                    seat, key, amount = int(args[0]), args[1], parse_amount(args[2])
                    session.act(session.rules.adjust(session.state, seat, key, amount))
                elif word == "finish":
                    session.act(session.rules.finish(session.state, "", ""))
                elif word == "reopen":
                    session.act(session.rules.reopen(session.state))
                elif word == "undo":
                    session.undo()
                elif word == "redo":
                    session.redo()
                elif word == "follow":
                    answer(ok=True, changed=session.follow(), **describe(session))
                    continue
                elif word == "take":
                    answer(ok=True, took=session.try_to_write(), **describe(session))
                    continue
                elif word == "continue":  # after damage: "Continue from the readable part"
                    session.continue_from_readable()
                elif word == "close":
                    session.close()
            answer(ok=True, **(describe(session) if session else {}))
        except (RuleError, FollowStopped, OSError) as error:
            answer(ok=False, error=str(error), kind=type(error).__name__)


def describe(session: GameSession) -> dict[str, Any]:
    numbers = session.state.numbers
    return {
        "read_only": session.read_only,
        "money": [seat["money"] for seat in numbers] if "money" in numbers[0] else None,
        "entries": len(session.journal),
    }


if __name__ == "__main__":
    main(sys.argv[1])
