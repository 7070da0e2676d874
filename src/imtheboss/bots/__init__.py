"""Computer players. They see only what a player may see and act through legal actions."""

from .base import (
    DEAL_ACTION_LIMIT,
    MAX_ACTIONS,
    Bot,
    GameDidNotEnd,
    TableResult,
    next_bot_action,
    play_bots,
)
from .dealer import DealerBot
from .random_bot import RandomBot
from .random_play import RandomPlayer, play_random_game

BOTS = ("random", "dealer")


def make_bot(kind: str, seed: int) -> Bot:
    """A bot by name (``random`` or ``dealer``)."""
    if kind == "random":
        return RandomBot(seed=seed)
    if kind == "dealer":
        return DealerBot(seed=seed)
    raise ValueError(f"unknown bot {kind!r}: choose from {', '.join(BOTS)}")


__all__ = [
    "BOTS",
    "DEAL_ACTION_LIMIT",
    "MAX_ACTIONS",
    "Bot",
    "DealerBot",
    "GameDidNotEnd",
    "RandomBot",
    "RandomPlayer",
    "TableResult",
    "make_bot",
    "next_bot_action",
    "play_bots",
    "play_random_game",
]
