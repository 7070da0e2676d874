"""Computer players. They see only what a player may see and act through legal actions."""

from .random_play import RandomPlayer, play_random_game

__all__ = ["RandomPlayer", "play_random_game"]
