"""Textual's Select with a guard against a crash in Textual itself.

Textual 8.2's option list pages up or down through a line map it builds only once it has a
size. Right after a Select opens (Enter, then PageDown at once) the map is still empty and
`OptionList._move_page` raises KeyError. Until Textual fixes it, every Select of the app is
this one: its list ignores a page key that comes before the list has been laid out (the
next key press, a moment later, works as usual)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay

from companion.table import folded

#: how a typed number starts (`$350`, `+5`, `-3`)
NUMBER_START = frozenset("0123456789$+-")


def laid_out(options: OptionList) -> bool:
    """Whether a list has its line map for the option highlighted (or the first): a page key
    reads it, and it is built only once the list has been given a size."""
    return (options.highlighted or 0) in options._index_to_line


class _SteadyOverlay(SelectOverlay):
    #: whether a search may start with a digit (`TableSelect`'s `search_by_number`)
    by_number = True

    def _move_page(self, direction: Any) -> None:
        if not laid_out(self):
            return
        super()._move_page(direction)

    def _find_search_match(self, query: str) -> int | None:
        """Textual's search (the option whose text holds what was typed earliest), case
        and accents aside: `bo` jumped past "Bö's cubes left" (a play-test)."""
        typed = folded(query)
        if not self.by_number and typed[:1] in NUMBER_START:
            return None
        best: tuple[int, int] | None = None  # (where in the text, which option)
        for index, option in enumerate(self._options):
            prompt = option.prompt
            text = prompt.plain if isinstance(prompt, Text) else prompt
            if not isinstance(text, str):
                continue
            found = folded(text).find(typed)
            if found != -1 and (best is None or found < best[0]):
                best = (found, index)
        return None if best is None else best[1]


class TableSelect(Select[Any]):
    """A `Select` whose drop-down list survives PageUp/PageDown pressed as it opens.

    `search_by_number=False`: typing in its open list jumps by words alone, a digit typed
    first jumps nowhere, where the numbers in its options are values, not what the player
    looks for: ctrl+o's What lists "Bo: Money (2900)", "Bo's mine ($500)", and `350` typed
    there as the new value moved What to another thing (a play-test)."""

    def __init__(self, *args: Any, search_by_number: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._by_number = search_by_number

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        overlay = _SteadyOverlay(type_to_search=self._type_to_search)
        overlay.by_number = self._by_number
        yield overlay.data_bind(compact=Select.compact)
