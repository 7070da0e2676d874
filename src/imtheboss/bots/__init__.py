"""Computer players. They see only what a player may see and act through legal actions."""

from ..bot_kinds import BOT_KINDS
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
from .shark import DEFAULT_BUDGET, MAX_BUDGET, SharkBot

#: The kinds ``make_bot`` builds (``imtheboss.bot_kinds``: the command line reads them there).
BOTS = BOT_KINDS


def make_bot(kind: str, seed: int, budget: int | None = None) -> Bot:
    """A bot by name (``random``, ``dealer`` or ``shark``); ``budget`` is the shark's
    playouts per decision (None: its default), and means nothing to the other two."""
    if kind == "random":
        return RandomBot(seed=seed)
    if kind == "dealer":
        return DealerBot(seed=seed)
    if kind == "shark":
        return SharkBot(seed=seed, budget=DEFAULT_BUDGET if budget is None else budget)
    raise ValueError(f"unknown bot {kind!r}: choose from {', '.join(BOTS)}")


__all__ = [
    "BOTS",
    "DEAL_ACTION_LIMIT",
    "DEFAULT_BUDGET",
    "MAX_ACTIONS",
    "MAX_BUDGET",
    "Bot",
    "DealerBot",
    "GameDidNotEnd",
    "RandomBot",
    "RandomPlayer",
    "SharkBot",
    "TableResult",
    "make_bot",
    "next_bot_action",
    "play_bots",
    "play_random_game",
]
