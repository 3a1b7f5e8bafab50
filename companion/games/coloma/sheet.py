"""Coloma's score sheet: the categories the rules score and the tie-breaks."""

from __future__ import annotations

from typing import Any

from companion.scoring import Category, Field, SheetSpec, TieBreak, count_of, total_of


def _minus_graves(player: dict[str, Any]) -> int:
    return -sum(player["graves"])


def _leftovers(player: dict[str, Any]) -> int:
    return player["bucks"] + player["dudes"] + player["tents"] + player["horses"]


def _check_hotels(rows: list[dict[str, Any]]) -> str | None:
    """The Hotel Building module's supply: 2 Hotel Buildings per player (9 went in with 8
    in the box: a play-test; the game's own `hotel` refuses past them)."""
    built = sum(row.get("hotels", 0) for row in rows)
    supply = 2 * len(rows)
    if built > supply:
        return (
            f"The Hotel Building module has 2 Hotel Buildings per player ({supply} with "
            f"{len(rows)} players), not {built}."
        )
    return None


SHEET = SheetSpec(
    game="coloma",
    title="Coloma",
    min_players=2,
    max_players=6,
    fields=(
        Field("track", "Score track", prompt="VP already on the score track"),
        Field("buildings", "Town Buildings", "list", "VP printed on each Town Building"),
        Field("hotels", "Hotels", prompt="Hotel Buildings (8 VP each)", default=0),
        Field(
            "canyons",
            "River Canyons",
            "list",
            "VP under each surveyed River Canyon",
            most=4,
            most_why="4 Rivers a player",
        ),
        Field(
            "bridges",
            "Bridges",
            "list",
            "VP each Bridge scores",
            most=4,
            most_why="4 Bridges a player",
        ),
        Field(
            "frontier",
            "Frontier",
            prompt="How many Frontier Lands hold the player's Tent (the map's chart gives the VP)",
            chart="coloma-frontier",
            most=5,  # (a sixth was taken, asking its VP: a play-test)
            most_why="the map has 5 Frontier Lands",
        ),
        Field("graves", "Graves", "list", "The number on each covered Grave (subtracted)"),
        Field("gold", "Gold Nuggets", prompt="Gold Nuggets left (first tie-break)"),
        Field("bucks", "Bucks", prompt="Bucks left (second tie-break)"),
        Field("dudes", "Dudes", prompt="Dudes left (second tie-break)"),
        Field("tents", "Tents", prompt="Tents left (second tie-break)", most=8, most_why="8 Tents"),
        Field(
            "horses",
            "Horses",
            prompt="Horses left (second tie-break)",
            most=6,
            most_why="6 Horses a player",
        ),
    ),
    categories=(
        Category("track", "Track", count_of("track")),
        Category("buildings", "Buildings", total_of("buildings")),
        Category("hotels", "Hotels (8 each)", count_of("hotels", 8)),
        Category("canyons", "Canyons", total_of("canyons")),
        Category("bridges", "Bridges", total_of("bridges")),
        Category("frontier", "Frontier", count_of("frontier")),
        Category("graves", "Graves", _minus_graves),
    ),
    tiebreaks=(
        TieBreak("Gold Nuggets", count_of("gold")),
        TieBreak("Bucks + Dudes + Tents + Horses", _leftovers),
    ),
    tiebreak_sentence=(
        "Ties: most Gold Nuggets, then most Bucks + Dudes + Tents + Horses left; "
        "players still tied share the rank."
    ),
    check=_check_hotels,
    check_field="hotels",
)
