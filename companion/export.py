"""`goldrush export`: one game as JSON (for a script), CSV (for a spreadsheet) or Markdown
(to paste in a chat): the table, each player's numbers as they stand, the final standings
when the game is finished, and the log of sentences in effect.

The JSON carries `"format": 1`; README documents its fields. Nothing here writes the game.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from companion.charts import HIDDEN_NUMBERS
from companion.scoring import Result, SheetError, SheetSpec, tie_notes
from companion.session import GameSession

FORMAT = 1
FORMATS = ("json", "csv", "md")


def tie_of_each(spec: SheetSpec, result: Result) -> list[str]:
    """`tie_notes`' sentence for each standing's tie, in the standings' order ("" for a
    player alone on their total): a row per player (the CSVs) says the tie its player
    was in, in the words the Markdown and JSON give it."""
    notes: dict[int, str] = {}
    for standing in result.standings:
        if standing.total not in notes:
            tied = [other for other in result.standings if other.total == standing.total]
            notes[standing.total] = "".join(tie_notes(spec, Result(result.game, tied)))
    return [notes[standing.total] for standing in result.standings]


def game_data(session: GameSession) -> dict[str, Any]:
    """Everything an export says about a game, as plain JSON values."""
    return _game_data(session)[0]


def _game_data(session: GameSession) -> tuple[dict[str, Any], dict[str, str]]:
    """`game_data`, and each tied player's tie (by name: the CSV's column)."""
    state, rules, header = session.state, session.rules, session.header
    # the numbers the game shows (Builders' VP, known only at the end, read 0 above the
    # standings' totals: a play-test)
    hidden = HIDDEN_NUMBERS.get(rules.id, frozenset())
    specs = [spec for spec in rules.numbers if spec.key not in hidden]
    players = []
    for seat, player in enumerate(state.players):
        numbers = {spec.key: state.numbers[seat][spec.key] for spec in specs}
        players.append(
            {
                "seat": seat + 1,
                "name": player.name,
                "colour": player.colour,
                "numbers": numbers,
                "holdings": rules.holdings(state, seat),
            }
        )
    standings = None
    ties: list[str] = []
    tie_by_name: dict[str, str] = {}
    if state.finished and state.sheet:
        try:
            spec, result = rules.final_result(state)
            standings = result.to_json()
            # each breakdown key's name (the Markdown's standings gave the totals alone, a
            # reader could not see where they came from: a play-test)
            standings["categories"] = {c.key: c.label for c in spec.categories}
            ties = tie_notes(spec, result)  # what ranked a tie (a play-test saw 8 and 8
            # ranked 1 and 2 with no reason)
            each = tie_of_each(spec, result)
            tie_by_name = {s.name: tie for s, tie in zip(result.standings, each, strict=True)}
        except SheetError as error:
            standings = {"problem": str(error)}
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": rules.id,
        "title": rules.title,
        "id": session.game_id,
        "created": header.created,
        # the setup's (a game's state moves it on each round: Builders, Boomtown)
        "first_player": state.players[header.first_player].name,
        "options": dict(state.options),
        "variants": rules.variants(state.options),
        "numbers": {spec.key: spec.label for spec in specs},
        "progress": rules.progress(state),
        "finished": state.finished,
        "players": players,
        "standings": standings,
        "ties": ties,
        "log": [
            {"kind": entry.kind, "text": entry.text, "at": entry.at}
            for _, entry in session.journal.tail(session.journal.effective_count)
        ],
    }
    return data, tie_by_name


def export_text(session: GameSession, fmt: str) -> str:
    """The game in one of FORMATS."""
    data, tie_by_name = _game_data(session)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=True, indent=2) + "\n"
    if fmt == "csv":
        return _csv(data, tie_by_name)
    if fmt == "md":
        return _markdown(data)
    raise ValueError(f"unknown format {fmt!r} (one of: {', '.join(FORMATS)})")


def _csv(data: dict[str, Any], tie_by_name: dict[str, str]) -> str:
    """One row per player: seat, name, colour, each number, then, if scored, what the score
    sheet counted of each category (`score_KEY`: a number the wizard changed, gold 19 where
    16 was tracked, read as 16 beside the total: a play-test), the total and the rank; when
    a total is tied, a `tie` column: the tie-break figures that ranked it (`ties`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    keys = list(data["numbers"])
    ranked = _ranked(data)
    held = _any_holdings(data)
    tied = bool(ranked and data["ties"])
    categories = list((data.get("standings") or {}).get("categories", {})) if ranked else []
    parts = {
        standing["name"]: standing["breakdown"]
        for standing in (data.get("standings") or {}).get("standings", [])
    }
    writer.writerow(
        [
            "seat",
            "name",
            "colour",
            *keys,
            *(["holdings"] if held else []),
            *(f"score_{key}" for key in categories),
            *(["total", "rank"] if ranked else []),
            *(["tie"] if tied else []),
        ]
    )
    for player in data["players"]:
        extra = []
        if ranked:
            total, rank = ranked.get(player["name"], ("", ""))
            scored = parts.get(player["name"], {})
            extra = [*(scored.get(key, "") for key in categories), total, rank]
            if tied:
                extra.append(tie_by_name.get(player["name"], ""))
        numbers = [player["numbers"][key] for key in keys]
        holdings = ["; ".join(player["holdings"])] if held else []
        writer.writerow(
            [player["seat"], player["name"], player["colour"], *numbers, *holdings, *extra]
        )
    return out.getvalue()


def _any_holdings(data: dict[str, Any]) -> bool:
    """Whether a player holds something the numbers leave out (a column for it then)."""
    return any(player["holdings"] for player in data["players"])


def _ranked(data: dict[str, Any]) -> dict[str, tuple[int, int]]:
    standings = data.get("standings") or {}
    return {s["name"]: (s["total"], s["rank"]) for s in standings.get("standings", [])}


def _markdown(data: dict[str, Any]) -> str:
    title = data["title"] + (f" ({', '.join(data['variants'])})" if data["variants"] else "")
    lines = [f"# {_cell(title)}: {data['id']}", "", f"{data['progress']}."]
    winners = (data.get("standings") or {}).get("winners") or []
    if winners:  # (said only by the log's last line: a play-test)
        names = ", ".join(map(_cell, winners))
        lines.append(f"Won by {names}." if len(winners) == 1 else f"Shared win: {names}.")
    lines.append("")
    if _ranked(data):  # (a number the wizard changed disagreed with the standings, unsaid)
        lines += ["The numbers as the game tracked them; the standings count the score sheet.", ""]
    keys = list(data["numbers"])
    held = _any_holdings(data)
    headings = ["Seat", "Player", *(data["numbers"][k] for k in keys), *(["Holds"] if held else [])]
    lines.append("| " + " | ".join(headings) + " |")
    lines.append("|---|---|" + "---|" * (len(keys) + int(held)))
    for player in data["players"]:
        cells = [str(player["seat"]), _cell(player["name"])]
        cells += [str(player["numbers"][k]) for k in keys]
        if held:
            cells.append(_cell("; ".join(player["holdings"])) or "-")
        lines.append("| " + " | ".join(cells) + " |")
    ranked = _ranked(data)
    if ranked:
        categories = data["standings"].get("categories", {})
        headings = ["Rank", "Player", *map(_cell, categories.values()), "Total"]
        lines += ["", "## Final standings", "", "| " + " | ".join(headings) + " |"]
        lines.append("|" + "---|" * len(headings))
        for standing in data["standings"]["standings"]:
            parts = [str(standing["breakdown"].get(key, "")) for key in categories]
            cells = [str(standing["rank"]), _cell(standing["name"]), *parts, str(standing["total"])]
            lines.append("| " + " | ".join(cells) + " |")
        if data["ties"]:
            lines += ["", *(_cell(tie) for tie in data["ties"])]
    lines += ["", "## Log", ""]
    lines += [f"1. {_cell(entry['text'])}" for entry in data["log"]] or ["Nothing happened."]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Typed text in a Markdown table or list: its pipes and markup characters escaped."""
    for char in "\\|*_`[]<>#":
        text = text.replace(char, "\\" + char)
    return text
