"""The new-game form, validated in the core so that every message is testable without a UI.

Field keys name where a message is shown: `game`, `players`, `name-<row>`,
`colour-<row>`, `first`, `option-<key>`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion.gamefile import Header
from companion.games import GAMES
from companion.journal import now_stamp
from companion.table import COLOURS, name_problem


@dataclass
class SetupForm:
    game: str
    names: list[str]
    colours: list[str]
    first: int | None = None  # a row, or None: the app draws the first player
    options: dict[str, Any] = field(default_factory=dict)


def validate_setup(form: SetupForm) -> dict[str, str]:
    """Every problem of the form, keyed by the field it belongs to; empty when valid."""
    errors: dict[str, str] = {}
    rules = GAMES.get(form.game)
    if rules is None:
        return {"game": "Choose one of the four games."}
    count = len(form.names)
    if not rules.min_players <= count <= rules.max_players:
        errors["players"] = (
            f"{rules.title} is for {rules.min_players}-{rules.max_players} players "
            f"({count} at the table)."
        )
    for row, name in enumerate(form.names):
        problem = name_problem(name, form.names[:row], rules.reserved_names)
        if problem:
            errors[f"name-{row}"] = problem
    for row, colour in enumerate(form.colours):
        if colour not in COLOURS:
            errors[f"colour-{row}"] = f"Choose a colour ({', '.join(COLOURS)})."
        elif colour in form.colours[:row]:
            other = form.names[form.colours.index(colour)].strip() or "another player"
            errors[f"colour-{row}"] = f"{other} already plays {colour}."
    if form.first is not None and not 0 <= form.first < count:
        errors["first"] = "Choose who goes first, or let the app draw."
    for spec in rules.options:
        if spec.applies_to(count) and spec.key in form.options:
            problem = spec.check(form.options[spec.key])
            if problem:
                errors[f"option-{spec.key}"] = problem
    return errors


def build_header(form: SetupForm, rng: random.Random | None = None) -> tuple[Header, bool]:
    """The game file's header for a valid form; says whether the first player was drawn."""
    if validate_setup(form):
        raise ValueError("the form is not valid")
    rules = GAMES[form.game]
    count = len(form.names)
    drawn = form.first is None
    first = (rng or random.Random()).randrange(count) if drawn else form.first
    options = rules.default_options(count)
    options.update({k: v for k, v in form.options.items() if k in options})
    players = [
        {"name": name.strip(), "colour": colour}
        for name, colour in zip(form.names, form.colours, strict=True)
    ]
    return Header(form.game, players, first, options, now_stamp()), drawn
