"""The game notation: one plain-text format for the game log, the save file and a dispute.

See docs/notation.md. ``parse`` reads text, ``replay_document`` judges it line by line,
``write_game`` writes a game.
"""

from .convert import header_lines, setup_from, to_action, to_line
from .replay import Replay, Step, replay_document, replay_text
from .syntax import Document, Line, NotationError, parse
from .writer import as_recorded, write_game

__all__ = [
    "Document",
    "Line",
    "NotationError",
    "Replay",
    "Step",
    "as_recorded",
    "header_lines",
    "parse",
    "replay_document",
    "replay_text",
    "setup_from",
    "to_action",
    "to_line",
    "write_game",
]
