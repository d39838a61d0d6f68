"""Carcassonne (base game, River, old farmer rule, and the expansions Inns & Cathedrals,
King & Robber Baron, Traders & Builders) on the game contract."""

from .engine import Carcassonne, Meeple, Options, Pass, Place, State

__all__ = ["Carcassonne", "Meeple", "Options", "Pass", "Place", "State", "game"]

game = Carcassonne()
