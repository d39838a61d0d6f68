"""Stone Age (Hans im Glück, 2008) as played on Board Game Arena. See README.md."""

from server.games.stone_age.game import StoneAge

game = StoneAge()

__all__ = ["StoneAge", "game"]
