"""Argument types for the command line: each refuses a bad value with one sentence, which
argparse prints (see ``OneLineParser``) before it exits with code 2.

Bounds are what the program can honour: a number of games that fits in memory and time, a
seed the notation can write down (at most 18 digits, so the save can be resumed), and
finite seconds, since ``nan`` or ``inf`` would stop a window from ever closing.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from typing import Any, NoReturn

from .bot_kinds import BOT_KINDS as BOT_KINDS
from .bot_kinds import MAX_BOT_BUDGET
from .i18n import N_, _

#: The notation stores at most 18 digits (``notation.syntax.whole_number``).
MAX_SEED = 10**18 - 1
#: Two players need V8; the rules allow no more than six (S1). An early range check only:
#: the rule is ``engine.setup.player_bounds``, applied once the variants are known (not
#: imported here, so that ``--help`` does not load the engine).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_GAMES = 1_000_000
MAX_JOBS = (os.cpu_count() or 1) * 4
#: Ten minutes: longer than any table would wait, short enough to notice a slip of the finger.
MAX_SECONDS = 600.0


class CellHelpFormatter(argparse.HelpFormatter):
    """argparse measures text with ``len()``; a Korean or Chinese character takes two cells of
    the terminal, so translated help ran past the edge and its columns slid. The same layout,
    measured in cells."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is not argparse.SUPPRESS:
            invocations = [self._format_action_invocation(action)]
            invocations += map(
                self._format_action_invocation, self._iter_indented_subactions(action)
            )
            widest = max(map(_cells, invocations)) + self._current_indent
            self._action_max_length = max(self._action_max_length, widest)

    def _format_action(self, action: argparse.Action) -> str:
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        header = self._format_action_invocation(action)
        indent = " " * self._current_indent
        if not action.help:
            parts = [f"{indent}{header}\n"]
            indent_first = 0
        elif _cells(header) <= action_width:
            parts = [f"{indent}{header}{' ' * (action_width - _cells(header))}  "]
            indent_first = 0
        else:
            parts = [f"{indent}{header}\n"]
            indent_first = help_position
        if action.help and action.help.strip():
            help_text = self._expand_help(action)
            if help_text:
                lines = self._split_lines(help_text, help_width)
                parts.append(" " * indent_first + lines[0] + "\n")
                parts += [" " * help_position + line + "\n" for line in lines[1:]]
        elif not parts[0].endswith("\n"):
            parts.append("\n")
        parts += map(self._format_action, self._iter_indented_subactions(action))
        return self._join_parts(parts)

    def _format_usage(self, *args: Any) -> str:
        # argparse wraps the usage by len(); if a line is wider in cells, wrap it again as if
        # the terminal were narrower by the difference.
        text: str = super()._format_usage(*args)
        extra = max((_cells(line) - len(line) for line in text.splitlines()), default=0)
        if extra and any(_cells(line) > self._width for line in text.splitlines()):
            width, self._width = self._width, self._width - extra
            try:
                text = super()._format_usage(*args)
            finally:
                self._width = width
        return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        return _wrap(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(
            indent + line for line in _wrap(" ".join(text.split()), width - len(indent))
        )


def _cells(text: str) -> int:
    from rich.cells import cell_len

    return cell_len(text)


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` cells: at spaces, and between characters where a language
    writes none (Chinese)."""
    from rich.console import Console
    from rich.text import Text

    console = Console(width=max(width, 1), color_system=None, legacy_windows=False)
    return [line.plain.rstrip() for line in Text(text).wrap(console, max(width, 1))] or [""]


class OneLineParser(argparse.ArgumentParser):
    """A bad command line is one sentence on stderr and exit code 2 (no usage dump)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", CellHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        # "argument --games: a number of games from 1 …" reads better without "argument"
        # (another language's catalog may leave the word out itself).
        sentence = message.removeprefix("argument ").rstrip(".") or _("a bad command line")
        if sentence[0].islower() and not sentence.startswith("-"):
            sentence = sentence[0].upper() + sentence[1:]
        self.exit(
            2,
            _("{prog}: {sentence}. See {prog} --help.").format(prog=self.prog, sentence=sentence)
            + "\n",
        )


def _whole(text: str) -> int:
    try:
        return int(text.strip(), 10)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a whole number, not {text}").format(text=repr(text))
        ) from None


def whole_number(low: int, high: int, what: str) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``; ``what`` (a message key: the refusal is
    read in the table's language) names it in the refusal."""

    def parse(text: str) -> int:
        # Refuse absurd lengths before int() does the work (and before Python's own limit).
        if len(text.strip()) > len(str(high)) + 1:
            shown = text if len(text) <= 24 else text[:23] + "…"
            raise argparse.ArgumentTypeError(
                _("{what} from {low} to {high}, not {given}").format(
                    what=_(what), low=f"{low:,}", high=f"{high:,}", given=shown
                )
            )
        value = _whole(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("{what} from {low} to {high}, not {given}").format(
                    what=_(what), low=f"{low:,}", high=f"{high:,}", given=f"{value:,}"
                )
            )
        return value

    parse.__name__ = what  # argparse names the type in some messages
    return parse


def seconds(low: float, high: float, *, allow_low: bool) -> Callable[[str], float]:
    """Finite seconds in ``(low, high]``, or ``[low, high]`` if ``allow_low``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("a number of seconds, not {text}").format(text=repr(text))
            ) from None
        above = value >= low if allow_low else value > low
        if not math.isfinite(value) or not above or value > high:
            refusal = (
                _("seconds from {low} to {high}, not {given}")
                if allow_low
                else _("seconds more than {low}, at most {high}, not {given}")
            )
            raise argparse.ArgumentTypeError(
                refusal.format(low=f"{low:g}", high=f"{high:g}", given=text)
            )
        return value

    parse.__name__ = "seconds"
    return parse


players = whole_number(MIN_PLAYERS, MAX_PLAYERS, N_("a number of players"))
bots = whole_number(0, MAX_PLAYERS - 1, N_("a number of computer players"))
seed = whole_number(0, MAX_SEED, N_("a seed"))
games = whole_number(1, MAX_GAMES, N_("a number of games"))
jobs = whole_number(1, MAX_JOBS, N_("a number of processes"))
bot_budget = whole_number(1, MAX_BOT_BUDGET, N_("a number of playouts per decision"))
window = seconds(0.0, MAX_SECONDS, allow_low=False)
pause = seconds(0.0, 60.0, allow_low=True)
#: How long a computer player waits for a person's answer; 0 is no wait at all.
bot_wait = seconds(0.0, MAX_SECONDS, allow_low=True)
#: A port of one's own: below 1024 needs root, which a game never should.
port = whole_number(1024, 65535, N_("a port number"))
