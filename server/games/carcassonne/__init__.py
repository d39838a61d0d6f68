"""Carcassonne (base game, River, old farmer rule, and the expansions Inns & Cathedrals,
King & Robber Baron, Traders & Builders, Princess & Dragon) on the game contract."""

from .engine import Carcassonne, Dragon, Fairy, Meeple, Options, Pass, Place, Princess, State

__all__ = [
    "Carcassonne",
    "Dragon",
    "Fairy",
    "Meeple",
    "Options",
    "Pass",
    "Place",
    "Princess",
    "State",
    "game",
]

game = Carcassonne()
