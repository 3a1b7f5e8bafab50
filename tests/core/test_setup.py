"""Every message of the new-game form, checked without a UI."""

from __future__ import annotations

import random

import pytest

from companion.games import GAMES
from companion.setup import SetupForm, build_header, validate_setup
from companion.table import COLOURS


def form(game: str = "boomtown", names: list[str] | None = None, **kwargs: object) -> SetupForm:
    names = ["Ann", "Bo", "Cy"] if names is None else names
    colours = kwargs.pop("colours", list(COLOURS[: len(names)]))
    return SetupForm(game, names, colours, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "low", "high"),
    [("boomtown", 3, 5), ("coloma", 2, 6), ("builders", 2, 4), ("calamityville", 2, 4)],
)
def test_player_counts(game: str, low: int, high: int) -> None:
    names = [f"P{i}" for i in range(7)]
    for count in range(1, 7):
        errors = validate_setup(form(game, names[:count]))
        if low <= count <= high:
            assert "players" not in errors
        else:
            title = GAMES[game].title
            assert (
                errors["players"] == f"{title} is for {low}-{high} players ({count} at the table)."
            )


def test_names_must_be_given_short_and_different() -> None:
    errors = validate_setup(form(names=["Ann", " ", "x" * 25, "ann", "Bo"]))
    assert errors == {
        "name-1": "A name cannot be empty.",
        "name-2": "A name has at most 24 characters (25 typed).",
        "name-3": "'Ann' is already at the table (names ignore case and accents).",
    }


def test_colours_must_differ() -> None:
    errors = validate_setup(form(colours=["red", "blue", "red"]))
    assert errors == {"colour-2": "Ann already plays red."}
    assert "colour-0" in validate_setup(form(colours=["mauve", "blue", "red"]))


def test_first_player_and_unknown_game() -> None:
    assert validate_setup(form(first=3)) == {"first": "Choose who goes first, or let the app draw."}
    assert validate_setup(form(game="monopoly")) == {"game": "Choose one of the four games."}


def test_options_are_checked() -> None:
    errors = validate_setup(form(names=["A", "B", "C", "D"], options={"leftover": "burn"}))
    assert errors == {"option-leftover": "Auction split at 4-5 players: choose one of keep, bank."}


def test_header_keeps_seat_order_options_and_a_drawn_first_player() -> None:
    header, drawn = build_header(form(names=[" Ann ", "Bo", "Cy"]), random.Random(7))
    assert drawn and 0 <= header.first_player < 3
    assert [p["name"] for p in header.players] == ["Ann", "Bo", "Cy"]
    assert header.options == {"short_game": False}
    header, drawn = build_header(form(first=2, options={"short_game": True}))
    assert not drawn and header.first_player == 2 and header.options == {"short_game": True}


def test_options_for_other_counts_are_left_out() -> None:
    header, _ = build_header(form(names=["A", "B", "C", "D"], first=0))
    assert header.options == {"leftover": "keep"}


def test_an_invalid_form_creates_nothing() -> None:
    with pytest.raises(ValueError):
        build_header(form(names=["Ann"]))
