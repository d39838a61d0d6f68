"""Kardinal & König (Michael Schacht, Goldsieber 2000) as played in its browser version."""

from server.games.kardinal.game import Kardinal

__all__ = ["Kardinal", "game"]

game = Kardinal()
