"""Typed amounts: `12` sets a number, `+5` and `-3` change it.

Typing is faster than tapping +1 buttons when money moves in fives and tens.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: a whole number as typed, or as printed on money: `2500`, `2,500`, `$2,500` (the commas
#: in groups of three only: `1,5` is not a number)
WHOLE = r"\$?\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)"
#: compiled when first used (re's own cache): opening a game parses no amount
_AMOUNT = r"^\s*([+-]?)\s*" + WHOLE + r"\s*$"
MOST_DIGITS = 9  # 999,999,999 at most: no table counts further
LARGEST = 10**MOST_DIGITS - 1


class AmountError(ValueError):
    """The text typed is not an amount; the message says what is expected."""


@dataclass(frozen=True)
class Amount:
    """A number as typed: a value to set, or (relative) one to add."""

    value: int
    relative: bool

    def applied_to(self, current: int) -> int:
        return current + self.value if self.relative else self.value


def parse_amount(text: str) -> Amount:
    """Read `12`, `+5` or `-3`; anything else raises AmountError with a readable message."""
    match = re.match(_AMOUNT, text)
    if not match:
        typed = refused_text(text.strip())
        raise AmountError(f"Type a whole number: 12 sets it, +5 adds, -3 takes away ({typed}).")
    sign, digits = match.groups()
    number = _bounded(digits.replace(",", ""), "A number")
    if sign == "-":
        return Amount(-number, relative=True)
    return Amount(number, relative=sign == "+")


def parse_count(text: str, *, minimum: int = 0, maximum: int | None = None, what: str) -> int:
    """Read a plain whole number for `what`, within bounds, or raise AmountError."""
    stripped = text.strip()
    match = re.fullmatch(r"([-+]?)\s*" + WHOLE, stripped)
    if not match:
        raise AmountError(f"{what} must be a whole number ({refused_text(stripped)}).")
    sign, digits = match.groups()
    digits = digits.replace(",", "")
    within = f"{minimum} to {maximum}" if maximum is not None else f"{minimum} or more"
    if sign == "+":  # a count is set as it is: "+1" was "must be a whole number" (a play-test)
        refused = refused_text(stripped)
        raise AmountError(f"{what}: type the number without + ({within}; {refused}).")
    if maximum is not None and len(digits.lstrip("0")) > MOST_DIGITS:  # its own range
        raise AmountError(f"{what} must be {within} ({refused_text(stripped)}).")
    number = _bounded(digits, what) * (-1 if sign else 1)
    if number < minimum or (maximum is not None and number > maximum):
        raise AmountError(f"{what} must be {within} (not {number}).")
    return number


def whole_digits(text: str) -> str | None:
    """The digits of `text` typed as a plain whole number (`2500`, `2,500`, `$2,500`), or
    None (the caller bounds them before making an int of them)."""
    match = re.fullmatch(WHOLE, text.strip())
    return None if match is None else match.group(1).replace(",", "")


def is_number(word: str) -> bool:
    """A whole number in ASCII digits: `str.isdigit` also takes `٣` and `²`, which `int`
    refuses or reads as another number than the table typed."""
    return re.fullmatch(r"[0-9]+", word) is not None


def _bounded(digits: str, what: str) -> int:
    """The number of ASCII `digits`, refused as too large past 999,999,999."""
    if len(digits.lstrip("0")) > MOST_DIGITS:
        raise AmountError(f"{what} is too large (at most {LARGEST:,}).")
    return int(digits)


def plural(count: int, one: str, many: str | None = None) -> str:
    """`1 card`, `2 cards`, `-1 Buck`: the count with its word in the right number (`many`
    when the plural is not `one` + "s"). The one copy every game's sentences use."""
    return f"{count} {one if abs(count) == 1 else many or one + 's'}"


def and_listed(words: Sequence[str]) -> str:
    """`Ann, Bo and Cy`: words as a sentence lists them."""
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)


def refused_text(typed: str) -> str:
    """What a refusal says of what was typed (stripped): "not 12x", or "nothing was typed".
    The one copy every refusal of a typed number uses."""
    return f"not {typed}" if typed else "nothing was typed"
