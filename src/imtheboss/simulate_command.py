"""``imtheboss simulate``'s report: the games played between bots (``simulate.py``), with a
progress bar while they run, then as tables of wins, money and endings, or as one JSON object.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .i18n import _, ngettext

if TYPE_CHECKING:
    from .engine import Variant
    from .simulate import GameStats


def seated_bots(listed: str | None, players: int) -> list[str] | None:
    """``--bots``: one kind per seat (dealers when left out), each a kind there is
    (``bot_kinds``); None, with one sentence on stderr, when they are not."""
    from .bot_kinds import BOT_KINDS

    bots = [b.strip() for b in listed.split(",")] if listed else ["dealer"] * players
    if len(bots) != players:
        print(
            _("imtheboss: --bots names {bots} bots for {players} players").format(
                bots=len(bots), players=players
            ),
            file=sys.stderr,
        )
        return None
    if any(b not in BOT_KINDS for b in bots):
        print(_("imtheboss: bots are 'random', 'dealer' or 'shark'"), file=sys.stderr)
        return None
    return bots


def run_simulate(args: argparse.Namespace, bots: list[str], variants: list[Variant]) -> int:
    """Play ``args.games`` games of ``bots`` (checked by the command line) and report."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from .engine.board import TRANSCRIBED
    from .simulate import ending_in_words, run, specs, summarise, to_json

    board = args.board or TRANSCRIBED
    spec_list = specs(args.games, bots, args.seed, variants, args.bot_budget, board)
    console = Console(stderr=args.json)
    done = 0
    try:
        with Progress(console=console, transient=True, disable=args.json) as progress:
            task = progress.add_task(_("Playing"), total=len(spec_list))

            def counted() -> Iterator[GameStats]:
                nonlocal done
                for stats in run(spec_list, args.jobs):
                    done += 1
                    progress.advance(task)
                    yield stats

            summary = summarise(spec_list, counted())
    except KeyboardInterrupt:
        # The workers are stopped already (simulate.run); a part of a run is no result.
        print(
            ngettext(
                "imtheboss: interrupted after {done} of {games} game; no table of a part of a run.",
                "imtheboss: interrupted after {done} of {games} games; "
                "no table of a part of a run.",
                len(spec_list),
            ).format(done=done, games=len(spec_list)),
            file=sys.stderr,
        )
        return 130
    if args.json:
        print(to_json(summary))
        return 0
    data = summary.as_json()
    out = Console()
    games = ngettext(
        "{games} game, {players} players, seed {seed}",
        "{games} games, {players} players, seed {seed}",
        args.games,
    ).format(games=args.games, players=args.players, seed=args.seed)
    if variants:
        games = _("{table}, variants {variants}").format(
            table=games, variants=" ".join(v.value for v in variants)
        )
    seats = Table(title=games)
    seats.add_column(_("seat"))
    seats.add_column(_("bot"))
    seats.add_column(_("wins"), justify="right")
    seats.add_column(_("win rate"), justify="right")
    seats.add_column(_("average money"), justify="right")
    for seat, bot in enumerate(bots):
        wins = data["wins_by_seat"][seat]
        seats.add_row(
            str(seat + 1),
            bot,
            f"{wins:g}",
            f"{wins / max(1, args.games):.1%}",
            _("${amount}M").format(amount=f"{data['average_money_by_seat'][seat]:.1f}"),
        )
    out.print(seats)
    for bot, rate in data["win_rate_by_bot"].items():
        out.print(
            "  " + _("{bot}: wins {rate} of its seats' games").format(bot=bot, rate=f"{rate:.1%}")
        )
    out.print(
        "  "
        + _(
            "per game: {closed} deals closed, {failed} failed, {turns} turns, {actions} actions"
        ).format(
            closed=data["deals_closed_per_game"],
            failed=data["deals_failed_per_game"],
            turns=data["turns_per_game"],
            actions=data["actions_per_game"],
        )
    )
    ends = Table(title=_("What ended the game"))
    ends.add_column(_("ending"))
    ends.add_column(_("games"), justify="right")
    for ending, count in data["game_ended_by"].items():
        ends.add_row(ending_in_words(ending), str(count))
    out.print(ends)
    cards = _(", ").join(
        _("{card} {count}").format(card=_(k), count=v)
        for k, v in data["cards_played_per_game"].items()
    )
    out.print("  " + _("influence cards played per game: {cards}").format(cards=cards))
    return 0
