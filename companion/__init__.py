"""Goldrush Companion: the pure core (rules, game state, journal, storage, scoring).

Nothing in this package imports Textual or `screens`, except `companion.cli`, which starts the UI.
"""

__version__ = "0.1.0"
