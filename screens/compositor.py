"""The game screens' compositor: Textual's, minus work a key does not need (#16).

- One layout a reflow: Textual's reflow makes the map of every widget but leaves it marked
  out of date, and the first widget to ask where it is had it made again: a second layout of
  the whole screen after every layout that adds widgets (a game's first frame).
- A key's repaint draws only the lines it changed. Textual repaints the box around all the
  changed parts: a key changes a player's number (left), the log (right) and the command
  field (bottom), so that box is the whole screen, and every widget in it was drawn whole
  (~24 widgets a key) before all but the changed lines were thrown away. Here each widget
  draws only the lines from its first changed line to its last, and a widget none of whose
  lines changed (or whose changed lines are all behind others) is not drawn. What reaches
  the terminal is the same, byte for byte (a test compares it with Textual's).
- A full repaint (a game's first frame, a resize) draws only what shows: Textual draws every
  widget whole, front to back, and keeps each piece of a line from the first widget that
  covers it, so the screen, its body and the other containers were drawn under their
  children at every row and thrown away. Here a widget draws only the rows where a piece it
  covers is still empty; a widget entirely behind others is not drawn.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from itertools import pairwise
from typing import cast

from textual._compositor import ChopsUpdate, Compositor, MapGeometry, ReflowResult
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

#: a piece of a line that a partial update writes nothing of (see `_changed_chops`)
NOT_DRAWN = Strip([], 0)


class ScreenCompositor(Compositor):
    #: the map of the last layout (what the screen shows, with `_visible_map` after a scroll)
    _laid_out: dict[Widget, MapGeometry] | None = None

    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        """Textual's, comparing the new map with what the screen shows: the last layout's
        map, and what a scroll has laid out since (`reflow_visible`'s map). Textual compares
        with its full map, which a repaint of a hidden widget (the cursor of a field hidden
        behind the log) marks out of date and the next lookup makes anew from the widgets as
        they are now: a toast removed meanwhile was in neither map, and its lines were never
        painted over (it stayed on screen for good, over the narrow log: a play-test)."""
        if self._laid_out is not None:
            self._full_map = {**self._laid_out, **(self._visible_map or {})}
        result = super().reflow(parent, size)
        self._laid_out = self._full_map
        self._full_map_invalidated = False  # the map reflow just made covers every widget
        return result

    def _render_chops(
        self, crop: Region, is_rendered_line: Callable[[int], bool]
    ) -> list[dict[int, Strip | None]]:
        """Textual's, drawing only the rows of a widget that fill an empty piece: a full
        repaint's, and a screenshot's (the crop is then the screen; a partial repaint is
        `_changed_chops`)."""
        crop_overlaps = crop.overlaps

        def rows(shown: Region, top: int, bottom: int) -> Iterable[int]:
            if not crop_overlaps(shown):
                return ()
            return filter(is_rendered_line, range(top, bottom))

        return self._fill_chops(rows)

    def render_partial_update(self) -> ChopsUpdate | None:
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not update_regions:
            return None
        spans = list(self._regions_to_spans(update_regions))
        chops = self._changed_chops(spans)
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

    def _changed_chops(self, spans: list[tuple[int, int, int]]) -> list[dict[int, Strip | None]]:
        """Textual's `_render_chops` for the changed spans only (`spans`: the changed
        regions as Textual writes them, a row and two columns each): only the pieces of a
        line that the update writes are drawn, by the widget in front there.

        A piece beside every span of its row is not written. A piece starting where a span
        ends is written as a cursor move and nothing (Textual draws its widget, then crops
        all of it away): an empty piece writes the same. Both are left to `NOT_DRAWN`, so
        no widget is drawn for them: the screen's containers were drawn for such pieces,
        a line each, at every key that changed a line beside them (#16)."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [{} for _ in cuts]
        by_row: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in spans:
            by_row.setdefault(y, []).append((x1, x2))
        #: the rows with a piece to draw, and on each the first and last column to draw
        reach: dict[int, tuple[int, int]] = {}
        for y, row_spans in by_row.items():
            row_cuts = cuts[y]
            line = chops[y] = dict.fromkeys(row_cuts[:-1], NOT_DRAWN)
            first = last = None
            for cut, end in pairwise(row_cuts):
                if any(cut < x2 and end > x1 for x1, x2 in row_spans):
                    line[cut] = None  # (to draw)
                    if first is None:
                        first = cut
                    last = end
            if first is not None and last is not None:
                reach[y] = (first, last)
        drawn_rows = sorted(reach)

        def rows(shown: Region, top: int, bottom: int) -> Iterable[int]:
            left, right = shown.x, shown.right
            return [
                y
                for y in drawn_rows[bisect_left(drawn_rows, top) : bisect_left(drawn_rows, bottom)]
                if reach[y][0] < right and left < reach[y][1]
            ]

        return self._fill_chops(rows, chops)

    def _fill_chops(
        self,
        rows: Callable[[Region, int, int], Iterable[int]],
        chops: list[dict[int, Strip | None]] | None = None,
    ) -> list[dict[int, Strip | None]]:
        """Each widget, front to back, fills the pieces no widget in front of it filled, on
        the rows `rows(shown, top, bottom)` offers of those it shows (`shown`: its region
        as clipped); it is drawn once, from the first to the last row where it fills a
        piece, and not at all when it fills none."""
        cuts = self.cuts
        fromkeys = cast("Callable[[list[int]], dict[int, Strip | None]]", dict.fromkeys)
        if chops is None:
            chops = [fromkeys(cut_set[:-1]) for cut_set in cuts]
        intersection = Region.intersection
        for widget, (region, clip) in self.visible_widgets.items():
            shown = intersection(region, clip)  # all of it, as Textual's (not cropped)
            left, top, right, bottom = shown.x, shown.y, shown.right, shown.bottom
            if left == right or top == bottom:
                continue
            wanted: dict[int, list[int]] = {}
            for y in rows(shown, top, bottom):
                chops_line = chops[y]
                final_cuts = [cut for cut in cuts[y] if right >= cut >= left]
                if any(chops_line.get(cut) is None for cut in final_cuts[:-1]):
                    wanted[y] = final_cuts
            if not wanted:
                continue
            first, last = min(wanted), max(wanted)
            strips = widget.render_lines(
                Region(left - region.x, first - region.y, right - left, last - first + 1)
            )
            for y, final_cuts in wanted.items():
                chops_line = chops[y]
                pieces = strips[y - first].divide([cut - left for cut in final_cuts[1:]])
                for cut, piece in zip(final_cuts, pieces, strict=False):
                    if chops_line.get(cut) is None:
                        chops_line[cut] = piece
        return chops
