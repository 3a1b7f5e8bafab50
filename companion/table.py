"""Players and seats around the table.

Seats are listed clockwise. The player on your *left* sits next in clockwise order (the
auction and the picks go that way); the player on your *right* sits before you.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.safe_text import quoted, text_problem

#: Colours a player can take, by name (as game files store them), in the new-game dialog's
#: order; `PLAYER_RGB` (dark background) and `PLAYER_RGB_LIGHT` say how each is drawn.
COLOURS: tuple[str, ...] = (
    "red",
    "blue",
    "green",
    "yellow",
    "magenta",
    "cyan",
    "orange",
    "white",
)

MAX_NAME_LENGTH = 24

#: How each colour is drawn on a dark background (the default theme), everywhere a player
#: is (game screens, charts, Records, the new-game dialog, the table display): explicit
#: values, exact colours of the xterm 256-colour cube, so a 256-colour terminal (tmux's
#: default) draws each as it is, and light enough to read on the dark background. The
#: terminal's own colours by name were drawn in the theme's shades of them: the default
#: theme's red and magenta are one colour (both players drew as 197 in tmux) and its yellow
#: an orange next to orange's (a play-test). `tests/screens/test_player_colours.py` keeps
#: every two apart.
PLAYER_RGB: dict[str, tuple[int, int, int]] = {
    "red": (0xFF, 0x5F, 0x5F),  # 203
    "blue": (0x5F, 0x87, 0xFF),  # 69
    "green": (0x5F, 0xD7, 0x5F),  # 77
    "yellow": (0xFF, 0xD7, 0x5F),  # 221
    "magenta": (0xD7, 0x5F, 0xD7),  # 170
    "cyan": (0x00, 0xD7, 0xD7),  # 44
    "orange": (0xFF, 0x87, 0x00),  # 208
    "white": (0xE4, 0xE4, 0xE4),  # 254
}

#: The same colours on a light background (a light theme: textual-light's is #e0e0e0):
#: darker, exact xterm-256 colours too, kept as far apart as `PLAYER_RGB` (at least 35 in
#: Lab). The dark set's yellow and white could not be read there, the others were pale. Red
#: is a dark red: a brighter one (#d70000) was as close to orange as yellow is (29 in Lab);
#: white is a dark grey, as the dark theme's is the text's own light grey.
PLAYER_RGB_LIGHT: dict[str, tuple[int, int, int]] = {
    "red": (0x87, 0x00, 0x00),  # 88
    "blue": (0x00, 0x5F, 0xD7),  # 26
    "green": (0x00, 0x87, 0x00),  # 28
    "yellow": (0xAF, 0x87, 0x00),  # 136
    "magenta": (0xAF, 0x00, 0xAF),  # 127
    "cyan": (0x00, 0x87, 0xAF),  # 31
    "orange": (0xD7, 0x5F, 0x00),  # 166
    "white": (0x4E, 0x4E, 0x4E),  # 239
}


def player_rgb(colour: str, dark: bool = True) -> tuple[int, int, int] | None:
    """How a player's colour is drawn on a dark background (`PLAYER_RGB`) or a light one
    (`PLAYER_RGB_LIGHT`); None for a name that is not one of `COLOURS`."""
    return (PLAYER_RGB if dark else PLAYER_RGB_LIGHT).get(colour)


def rich_colour(colour: str, dark: bool = True) -> str:
    """A player's colour as a Rich style names it (`player_rgb`, as hex), on a dark
    background or a light one: "default" (the text's own colour) for a name that is not one
    of `COLOURS`."""
    rgb = player_rgb(colour, dark)
    return "default" if rgb is None else "#{:02x}{:02x}{:02x}".format(*rgb)


@dataclass(frozen=True)
class Player:
    """A player at the table: a name and a colour."""

    name: str
    colour: str


def left_of(seat: int, count: int) -> int:
    """The seat on the left of `seat`: the next one clockwise."""
    return (seat + 1) % count


def right_of(seat: int, count: int) -> int:
    """The seat on the right of `seat`: the previous one clockwise."""
    return (seat - 1) % count


def clockwise_from(start: int, count: int) -> list[int]:
    """All seats in clockwise order, beginning with `start`."""
    return [(start + step) % count for step in range(count)]


EMPTY_NAME = "A name cannot be empty."


def name_problem(name: str, others: list[str], reserved: tuple[str, ...] = ()) -> str | None:
    """Why `name` cannot be a player's name at this table, or None when it can (`reserved`:
    the game's command words a name would be mistaken for)."""
    stripped = name.strip()
    if not stripped:
        return EMPTY_NAME
    unsafe = text_problem(name, "A name")
    if unsafe:
        return unsafe
    if len(stripped) > MAX_NAME_LENGTH:
        return f"A name has at most {MAX_NAME_LENGTH} characters ({len(stripped)} typed)."
    lowered = stripped.casefold()
    if lowered in reserved:
        return f"{stripped} is a word of this game's commands (the {lowered}): choose another name."
    for other in others:  # (Zoe and Zoë could not be told apart when typed: a play-test)
        if folded(other.strip()) == folded(stripped):
            taken = quoted(other.strip())
            return f"{taken} is already at the table (names ignore case and accents)."
    return None


def folded(text: str) -> str:
    """`text` as typed names compare: case, accents and apostrophes aside ("zoe" is "Zoë":
    keyboards without them; "obrien" is "O'Brien": play-tests)."""
    lowered = text.casefold()
    if "'" in lowered or "\u2019" in lowered:
        lowered = lowered.replace("'", "").replace("\u2019", "")
    if lowered.isascii():
        return lowered
    import unicodedata  # (only for a name with accents: not on the way to a start)

    return "".join(
        c for c in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(c)
    )


def find_player(players: list[Player], words: list[str]) -> tuple[int, list[str]] | None:
    """The seat a typed command starts with, and the words after the name.

    A whole name wins (names may have spaces), else the start of one name only; case does
    not matter. None when the words name nobody, or more than one player."""
    lowered = [folded(word) for word in words]
    names = [folded(player.name) for player in players]
    for count in range(len(words), 0, -1):
        typed = " ".join(lowered[:count])
        exact = [seat for seat, name in enumerate(names) if name == typed]
        if len(exact) > 1:  # "Zoe" and "Zoë" (seated before names ignored accents): as typed
            as_typed = " ".join(words[:count]).casefold()
            exact = [seat for seat in exact if players[seat].name.casefold() == as_typed]
        if len(exact) == 1:
            return exact[0], words[count:]
    if not words:
        return None
    for count in range(len(words), 1, -1):  # the start of a name of several words: "ann r"
        typed = " ".join(lowered[:count])
        starts = [seat for seat, name in enumerate(names) if name.startswith(typed)]
        if len(starts) == 1:
            return starts[0], words[count:]
    starts = players_matching(players, words[0])
    return (starts[0], words[1:]) if len(starts) == 1 else None


def players_matching(players: list[Player], word: str) -> list[int]:
    """The seats whose name starts with `word`, else those with a word starting with it
    ("cy" finds "[b]Cy", "ann" "Mary Ann"): one is the player meant, more say which players
    a short name could mean ("ann": Ann Lee and Ann Ray)."""
    typed = folded(word)
    names = [folded(player.name) for player in players]
    starts = [seat for seat, name in enumerate(names) if name.startswith(typed)]
    if len(starts) > 1:  # the accents typed tell "Zoë" from "Zoe"
        as_typed = [s for s in starts if players[s].name.casefold().startswith(word.casefold())]
        starts = as_typed if len(as_typed) == 1 else starts
    return starts or [seat for seat, player in enumerate(players) if word_starts(player.name, word)]


def word_starts(name: str, typed: str) -> bool:
    """Whether `typed` starts a word of `name`, case and accents aside ("cy" starts one of
    "[b]Cy", "ann" one of "Mary Ann", "ce" one of "🤠Cé", "🤠" one of "Zoë 🤠": a word is
    letters and digits, or what spaces part)."""
    start, name = folded(typed), folded(name)
    return any(part.startswith(start) for part in [*re.findall(r"\w+", name), *name.split()])


def typed_word(name: str) -> str:
    """A word of `name` a keyboard types and a command finds the player by: its first word
    of letters or digits, as compared ("🤠 Zed" is `zed`, "O'Brien" `obrien`; a hint said
    "🤠 bank 300": a play-test); the name's first part when it has none."""
    words = re.findall(r"\w+", folded(name))
    return words[0] if words else (name.split() or [name])[0]


def starts_name(name: str, typed: str) -> bool:
    """Whether `typed` starts `name` or a word of it, case and accents aside, as a command
    names a player: how Records' filter and `history --player` find one ("zo" and "zoe"
    find "Zoë 🤠", "cé" finds "🤠Cé": play-tests)."""
    return folded(name).startswith(folded(typed)) or word_starts(name, typed)
