"""The rules of *I'm the Boss!* as a pure library: no I/O, no clock, no UI.

``apply(state, action) -> (state, events)`` is the one door into the rules; ``legal_actions``
says what a player may do; ``view`` is what a player may know. Rule IDs refer to RULES.md
(``docs/rules.md`` in this repository).
"""

from typing import TYPE_CHECKING, Any

from .actions import (
    Accept,
    Action,
    Ask,
    CancelAgreement,
    Close,
    Discard,
    Draw,
    Fail,
    LayFamily,
    Offer,
    Pass,
    PlaceMarker,
    PlayBoss,
    PlayHire,
    PlayStop,
    PlayTravel,
    Reset,
    Roll,
    StartDeal,
    TimeUp,
    Withdraw,
)
from .begin import start
from .board import Board, Group, Space, Tile, default_board, reconstructed_board
from .cards import COLOURS, DECK_COUNTS, DECK_SIZE, Card, Colour, Kind, family, travel
from .errors import BoardFileError, IllegalAction, PositionError
from .events import Event, redact
from .game import apply, check_close, draw_count, possible_closes, responders
from .legal import actors, legal_actions, legal_kinds
from .options import Options, StartPlayer, Variant
from .setup import Setup, new_game
from .state import (
    Agreement,
    CardRef,
    Deal,
    FamilyRef,
    GameState,
    InvestorRef,
    Phase,
    PlayerState,
    Price,
    Proposal,
    Trip,
    Window,
    WindowKind,
)
from .view import MoneyPile, PlayerView, PublicPlayer, view

if TYPE_CHECKING:
    from .actions import ACTION_ADAPTER
    from .position import GameSetup, Position, from_position
    from .record import GameRecord, RecordError

#: What reads files (pydantic validates them) is imported when first asked for: a new game,
#: the table and the bots never wait for pydantic.
_EDGES = {
    "GameSetup": "position",
    "Position": "position",
    "from_position": "position",
    "GameRecord": "record",
    "RecordError": "record",
}


def __getattr__(name: str) -> Any:
    # The validator of actions from outside is built when first asked for, not on import.
    if name == "ACTION_ADAPTER":
        from . import actions

        return actions.ACTION_ADAPTER
    module = _EDGES.get(name)
    if module is not None:
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{module}"), name)
    raise AttributeError(name)


__all__ = [
    "ACTION_ADAPTER",
    "COLOURS",
    "DECK_COUNTS",
    "DECK_SIZE",
    "Accept",
    "Action",
    "Agreement",
    "Ask",
    "Board",
    "BoardFileError",
    "CancelAgreement",
    "Card",
    "CardRef",
    "Close",
    "Colour",
    "Deal",
    "Discard",
    "Draw",
    "Event",
    "Fail",
    "FamilyRef",
    "GameRecord",
    "GameSetup",
    "GameState",
    "Group",
    "IllegalAction",
    "InvestorRef",
    "Kind",
    "LayFamily",
    "MoneyPile",
    "Offer",
    "Options",
    "Pass",
    "Phase",
    "PlaceMarker",
    "PlayBoss",
    "PlayHire",
    "PlayStop",
    "PlayTravel",
    "PlayerState",
    "PlayerView",
    "Position",
    "PositionError",
    "Price",
    "Proposal",
    "PublicPlayer",
    "RecordError",
    "Reset",
    "Roll",
    "Setup",
    "Space",
    "StartDeal",
    "StartPlayer",
    "Tile",
    "TimeUp",
    "Trip",
    "Variant",
    "Window",
    "WindowKind",
    "Withdraw",
    "actors",
    "apply",
    "check_close",
    "default_board",
    "draw_count",
    "family",
    "from_position",
    "legal_actions",
    "legal_kinds",
    "new_game",
    "possible_closes",
    "reconstructed_board",
    "redact",
    "responders",
    "start",
    "travel",
    "view",
]
