"""Alhambra (Dirk Henn, Queen Games 2003) as played on Brettspielwelt. See README.md."""

from server.games.alhambra.game import Alhambra

game = Alhambra()

__all__ = ["Alhambra", "game"]
