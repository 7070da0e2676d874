"""The game notation: one plain-text format for the game log, the save file and a dispute.

See docs/notation.md. ``parse`` reads text, ``replay_document`` judges it line by line,
``write_game`` writes a game.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .convert import setup_from, to_action
    from .replay import Replay, Step, replay_document, replay_text
    from .syntax import Document, Line, NotationError, parse
    from .writer import as_recorded, header_lines, to_line, write_game

#: Each name's module, imported when first asked for: the table writes lines (``writer``) and
#: reads none until a game is resumed, so a new game's first frame never waits for the
#: parser and the replay (issue 20).
_HOMES = {
    "setup_from": "convert",
    "to_action": "convert",
    "Replay": "replay",
    "Step": "replay",
    "replay_document": "replay",
    "replay_text": "replay",
    "Document": "syntax",
    "Line": "syntax",
    "NotationError": "syntax",
    "parse": "syntax",
    "as_recorded": "writer",
    "header_lines": "writer",
    "to_line": "writer",
    "write_game": "writer",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(name)
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{home}"), name)


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
