"""Text on its way to the terminal: no control characters, no direction overrides.

A player name, a reason or a pasted word with an ESC in it could retitle the terminal,
clear it or write the clipboard; a right-to-left override could make "Ann pays Bo" read
backwards. Typed text holding such characters is refused (`text_problem`); text read from
a file (a shared game, a sheet, the settings) is shown with them made visible (`visible`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates
# (plus the line and paragraph separators, which break a line where none is expected).
_BIDI_AND_SEPARATORS = r"\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
_UNSAFE = re.compile(rf"[\x00-\x1f\x7f-\x9f{_BIDI_AND_SEPARATORS}]")
_UNSAFE_BUT_LINES = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_AND_SEPARATORS}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: str, *, keep_lines: bool = False) -> str:
    """`text` with every unsafe character written out (ESC as `\\x1b`, U+202E as `\\u202e`).

    `keep_lines` leaves newlines and tabs alone, for multi-line text such as a score sheet."""
    pattern = _UNSAFE_BUT_LINES if keep_lines else _UNSAFE
    return pattern.sub(_escape, text)


def quoted(text: object) -> str:
    """`text` made visible and between quotes, for a message: `'ab\\x1b[31mc'`. (`!r` on
    `visible`'s text wrote each of its backslashes twice, and a typed one twice too.) Double
    quotes when `text` holds a single one and no double one, as `repr` chooses. Anything not
    a string (a value read from a file) is shown as `repr` writes it."""
    if not isinstance(text, str):
        return visible(repr(text))
    quote = '"' if "'" in text and '"' not in text else "'"
    return f"{quote}{visible(text)}{quote}"


def visible_fields(table: Mapping[str, Any]) -> dict[str, Any]:
    """A flat table read from a file (an entry's data, a history row) with its strings, and
    those in its lists, made visible; a score sheet (`sheet`) keeps its lines."""
    shown: dict[str, Any] = {}
    for key, value in table.items():
        if type(value) is str:
            shown[key] = visible(value, keep_lines=key == "sheet")
        elif type(value) is list:
            shown[key] = [visible(item) if type(item) is str else item for item in value]
        else:
            shown[key] = value
    return shown


def unsafe_characters(text: str) -> list[str]:
    """The unsafe characters in `text`, each as `visible` writes it, in order, once each."""
    found: list[str] = []
    for match in _UNSAFE.finditer(text):
        shown = _escape(match)
        if shown not in found:
            found.append(shown)
    return found


def text_problem(text: str, what: str = "Text") -> str | None:
    """Why typed `text` cannot be kept (it holds control or direction characters), or None."""
    found = unsafe_characters(text)
    if not found:
        return None
    return (
        f"{what} cannot hold control or text-direction characters "
        f"(found {', '.join(found)}); type it again without them."
    )
