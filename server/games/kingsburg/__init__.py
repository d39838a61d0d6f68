"""Kingsburg (Chiarvesio & Iennaco, 2007) as played on Brettspielwelt. See README.md."""

from server.games.kingsburg.game import Kingsburg

game = Kingsburg()

__all__ = ["Kingsburg", "game"]
