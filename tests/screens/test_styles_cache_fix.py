"""A widget's line styles keep none of its drawn lines alive (screens/styles_cache_fix.py)."""

from __future__ import annotations

import gc
import weakref

from textual._styles_cache import StylesCache
from textual.color import Color

from screens.app import GoldrushApp  # noqa: F401  (puts the fix in place, as the app does)
from screens.styles_cache_fix import inner_outer


def test_a_widgets_styles_cache_is_not_kept_by_the_colours_it_looked_up() -> None:
    """Textual's own method kept up to 1,024 of them, each with its widget's drawn lines."""
    drawn = StylesCache()
    base, background = Color(10, 20, 30), Color(200, 100, 0, a=0.5)
    inner, outer = drawn.get_inner_outer(base, background)
    assert (inner, outer) == inner_outer(base, background)
    assert outer.background == base and inner.background == base + background
    gone = weakref.ref(drawn)
    del drawn
    gc.collect()
    assert gone() is None
