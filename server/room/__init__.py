"""A table: the actor that owns it (actor.py) and the parts it is made of.

- ``table.py``: seats, host, options and who is present, before and around the game;
- ``ledger.py``: the state, its version and each audience's view; writing a move down;
- ``record.py``: what the log and the meta hold, and replaying a log;
- ``announcer.py``: telling the lobby and the members that the table changed;
- ``bots.py``: the AI players' turns;
- ``options.py``: a game's options, checked;
- ``answer.py``: telling a command's sender what became of it;
- ``receipts.py``: the moves applied, by the message that asked, for telling resends.
"""

from server.room.actor import Room

__all__ = ["Room"]
