"""``imtheboss play``: a game at this terminal, new or resumed.

``--resume`` goes on with the last unfinished game; ``--resume SAVE`` with the one named (a
save's name as listed, or any file in the notation: a position, a game from elsewhere). A save
that another table is playing right now is never opened twice: the command says so in one
sentence and lists the other saves — at a terminal it asks which one to play, elsewhere (a
script, a pipe) it lists them and exits 2, since nobody can answer.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from . import i18n
from .i18n import _, ngettext

#: The exit code of a game quit with moves its save lacks (EX_IOERR): a script, or the shell's
#: prompt, must not take it for a game safely put away.
MOVES_LOST = 74

if TYPE_CHECKING:
    from .engine import Variant
    from .session import GameSession


def seats(players: int | None, names: tuple[str, ...] | None, bots: int) -> int | None:
    """The one rule for the seats: ``--players`` counts every seat, people and bots; the bots
    take the last ``--bots`` of them and ``--names`` names the people, so it lists
    players − bots names. Without ``--players`` the names and bots give the count; a count
    that disagrees with them is refused rather than silently ignored."""
    if names is not None:
        if players is None:
            players = len(names) + bots
        elif len(names) != players - bots:
            print(
                _(
                    "imtheboss: --names lists {names} people but {players} players less "
                    "{bots} bots leave {seats} seats for people"
                ).format(names=len(names), players=players, bots=bots, seats=players - bots)
                if bots
                else _(
                    "imtheboss: --names lists {names} people but {players} players leave "
                    "{seats} seats for people"
                ).format(names=len(names), players=players, seats=players - bots),
                file=sys.stderr,
            )
            return None
    players = 4 if players is None else players
    if not 0 <= bots < players:
        print(
            _(
                "imtheboss: --bots {bots} leaves no seat for a person at a table of {players}"
            ).format(bots=bots, players=players),
            file=sys.stderr,
        )
        return None
    return players


def run_play(
    args: argparse.Namespace,
    names: tuple[str, ...] | None,
    players: int,
    variants: frozenset[Variant],
) -> int:
    """Start (or resume) a game at this terminal, once the seats and variants are checked.

    A games folder that cannot be written (read-only, a file in its place, a full disk) does
    not stop the game: one sentence says so before the table opens, the game is played in
    memory, and every move tries the save again — the first that succeeds writes the whole
    game. Refusing to start would cost a game night for a file; the table also shows the
    problem for as long as it lasts.
    """
    from .crash import exit_code
    from .engine import Options
    from .engine.options import StartPlayer
    from .saves import cannot_save_in, data_dir
    from .tui.app import BossApp, TableSettings

    save_dir = Path(args.save_dir) if args.save_dir else data_dir()
    session = None
    if args.resume is not None:
        session = resumed(save_dir, args.resume, sys.stdin, sys.stderr)
        if session is None:
            return 2
    problem = cannot_save_in(save_dir)
    if problem is not None:
        print(
            _(
                "imtheboss: {problem}; the game is played in memory and saved as soon as "
                "the folder can be written."
            ).format(problem=i18n.render(problem)),
            file=sys.stderr,
        )
    settings = TableSettings(
        players=players,
        names=names,
        seed=args.seed,
        options=Options(variants=variants, start=StartPlayer(args.start)),
        board=args.board,
        stop_window=args.stop_window,
        last_call=args.last_call,
        ask_around=args.ask_around,
        save_dir=save_dir,
        bots=args.bots,
        bot_kind=args.bot_kind,
        bot_pause=args.bot_pause,
        bot_wait=args.bot_wait,
        bot_budget=args.bot_budget,
        seats_lan=args.lan,
        seats_port=args.seats_port,
        seats_page=args.phone_page,
    )
    seats = None
    if args.seats:
        from .seats.hosting import HostedSeats  # the server, only for a table that serves

        seats = HostedSeats
    app = BossApp(settings, session, seats)
    try:
        app.run()
    finally:
        if app.session is not None:
            app.session.close()
    code = exit_code(app.return_code)  # a crash, or a signal (crash_safe has saved)
    if code:
        return code
    if app.farewell is not None:
        print(app.farewell, file=sys.stderr)
    lost = 0 if app.session is None else app.session.moves_not_saved()
    if app.session is not None and app.session.save_problem is not None:
        print(
            ngettext(
                "imtheboss: the last move was not saved, and is lost: {problem}.",
                "imtheboss: the last {count} moves were not saved, and are lost: {problem}.",
                lost,
            ).format(count=lost, problem=i18n.render(app.session.save_problem)),
            file=sys.stderr,
        )
        return MOVES_LOST
    return 0


def resumed(save_dir: Path, asked: str, answers: TextIO, out: TextIO) -> GameSession | None:
    """The game ``--resume`` asked for (``asked``: a save's name or a file; empty for the
    last one), or None once ``out`` has said why there is none."""
    from .engine import IllegalAction
    from .session import GameSession, OpenElsewhere, ResumeError

    try:
        chosen = None if not asked else save_named(save_dir, asked)
        return GameSession.resume(save_dir, chosen)
    except OpenElsewhere as busy:
        print(_("imtheboss: {error}.").format(error=busy), file=out)
        pick = choose(busy.others, answers, out)
        return None if pick is None else resumed(save_dir, str(pick), answers, out)
    except (ResumeError, IllegalAction) as exc:
        print(_("imtheboss: nothing to resume: {error}").format(error=i18n.explain(exc)), file=out)
        return None


def save_named(save_dir: Path, asked: str) -> Path:
    """The file ``--resume SAVE`` names: a file as written, else a save of the games folder by
    its name (``20261201-2130`` or ``20261201-2130.txt``)."""
    from .session import ResumeError

    given = Path(asked).expanduser()
    if given.exists():
        return given
    games = save_dir / "games"
    for name in (asked, f"{asked}.txt"):
        if "/" not in name and (games / name).is_file():
            return games / name
    raise ResumeError(
        _("there is no save named {save} in {folder}").format(save=asked, folder=games)
    )


def choose(others: list[Path], answers: TextIO, out: TextIO) -> Path | None:
    """One of ``others``, asked at the terminal; None when there are none, nobody at a
    terminal to ask, or no answer."""
    if not others:
        print(_("imtheboss: there is no other saved game to resume."), file=out)
        return None
    print(_("Other saved games, newest first:"), file=out)
    for number, path in enumerate(others, 1):
        print("  " + described(number, path), file=out)
    if not (answers.isatty() and out.isatty()):
        print(_("imtheboss: resume one of them with `imtheboss play --resume NAME`."), file=out)
        return None
    while True:
        out.write(_("Which one? Its number, or Enter to resume none: "))
        out.flush()
        answer = answers.readline().strip()
        if not answer:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(others):
            return others[int(answer) - 1]
        print(_("imtheboss: a number from 1 to {last}, please.").format(last=len(others)), file=out)


def described(number: int, path: Path) -> str:
    """A line of the list of saves: its number, its name, who plays, how far, when saved."""
    from .session import GameSession, ResumeError

    try:
        state = GameSession.load(path).state
    except ResumeError:
        return f"{number}. {path.stem}"
    saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    return ngettext(
        "{number}. {save}: {players}; {deals} deal done; saved {when}",
        "{number}. {save}: {players}; {deals} deals done; saved {when}",
        state.deals_done,
    ).format(
        number=number,
        save=path.stem,
        players=_(", ").join(p.name for p in state.players),
        deals=state.deals_done,
        when=saved,
    )
