"""Textual's line styles no longer keep every widget's drawn lines alive (#16).

`StylesCache.get_inner_outer` (Textual 8.2) is an `lru_cache` on a method: its key holds the
`StylesCache` of each widget that drew, up to 1,024 of them, and each keeps its drawn lines
(strips, with seven small caches each) after its widget is gone: a dialog opened and closed,
a screen left. In a test run they were most of what the cycle collector walked (some 100,000
objects after 45 tests), and in a long game they are memory nothing uses. The two colours
are all the answer depends on: cached by them alone, the same styles, nothing kept.
"""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style


@lru_cache(1024)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """Textual's `get_inner_outer`, cached by its colours only."""
    return (
        Style(background=base_background + background),
        Style(background=base_background),
    )


def _get_inner_outer(
    self: StylesCache, base_background: Color, background: Color
) -> tuple[Style, Style]:
    return inner_outer(base_background, background)


def keep_no_styles_caches() -> None:
    """Put `inner_outer` in place of Textual's method, when that one is the cached method
    described above (a later Textual may have changed it: then it is left alone)."""
    if hasattr(StylesCache.get_inner_outer, "cache_info"):
        StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]
