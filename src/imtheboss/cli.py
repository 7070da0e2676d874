"""The ``imtheboss`` command. Thin: it parses the arguments, refuses a bad command line (exit
2 and one sentence, the rules' words from the engine: S1 from ``setup``), and hands over to
each command's own module, which draws what it prints: ``play_command``, ``replay_command``,
``simulate_command``, ``board_command``, ``check`` and ``rules_command``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from . import __version__, i18n
from . import cli_types as types
from .i18n import N_, _

if TYPE_CHECKING:
    from .engine import Variant


def _table_variants(names: Sequence[str], players: int) -> frozenset[Variant] | None:
    """The variants asked for, if they are real and allow that many players (S1, V8)."""
    from .engine import IllegalAction, Options, Variant
    from .engine.setup import check_player_count

    known = {v.value for v in Variant}
    unknown = [v for v in names if v.upper() not in known]
    if unknown:
        print(
            _("imtheboss: there is no variant {variant}; use V1 … V8").format(
                variant=repr(unknown[0])
            ),
            file=sys.stderr,
        )
        return None
    variants = frozenset(Variant(v.upper()) for v in names)
    try:
        check_player_count(players, Options(variants=variants))
    except IllegalAction as exc:
        print(_("imtheboss: {error}").format(error=i18n.explain(exc)), file=sys.stderr)
        return None
    return variants


def _rules_command(args: argparse.Namespace) -> int:
    from .rules_command import show_rules

    return show_rules(args.ids)


def _board_command(args: argparse.Namespace) -> int:
    from .board_command import show_board

    return show_board(args.board)


def _check_command(args: argparse.Namespace) -> int:
    from .check import run_check

    return run_check(args.file, keep_going=args.keep_going, as_json=args.json, explain=args.explain)


def _checked_table(
    args: argparse.Namespace,
) -> tuple[tuple[str, ...] | None, int, frozenset[Variant]] | None:
    """The names, seats and variants of ``play``'s table options, checked (None once one
    sentence has said what is wrong); the board file too."""
    from .names import NameRefused, split_names
    from .play_command import seats

    names = None
    if args.names is not None:
        try:
            # The rule the notation reads names by: a game that starts can be resumed.
            names = split_names(args.names)
        except NameRefused as exc:
            print(_("imtheboss: --names: {error}").format(error=i18n.explain(exc)), file=sys.stderr)
            return None
    players = seats(args.players, names, args.bots)
    if players is None:
        return None
    variants = _table_variants(args.variant, players)
    if variants is None:
        return None
    if not _board_readable(args.board):
        return None
    return names, players, variants


def _play_command(args: argparse.Namespace) -> int:
    """The seats, the variants and the board checked (exit 2 and one sentence), then the
    game (``play.py``)."""
    from .play_command import run_play

    table = _checked_table(args)
    if table is None:
        return 2
    if args.phone_page is not None and not args.phone_page.startswith(("http://", "https://")):
        print(
            _("imtheboss: --phone-page takes the page's address, like http://192.168.1.20:8766/"),
            file=sys.stderr,
        )
        return 2
    if args.lan and not args.seats:
        print(
            _("imtheboss: --lan is for --seats: the table listens only with --seats"),
            file=sys.stderr,
        )
        return 2
    return run_play(args, *table)


def _web_command(args: argparse.Namespace) -> int:
    """The table's options checked as ``play`` checks them, then the server (``web/``)."""
    from .web_command import run_web

    if args.join is None and _checked_table(args) is None:
        return 2
    return run_web(args)


def _join_command(args: argparse.Namespace) -> int:
    """``imtheboss join ADDRESS``: a seat of a table on another terminal or device."""
    from .seats.client import run_join

    return run_join(args)


def _replay_command(args: argparse.Namespace) -> int:
    from .replay_command import run_replay

    return run_replay(args.file)


def _simulate_command(args: argparse.Namespace) -> int:
    from .simulate_command import run_simulate, seated_bots

    bots = seated_bots(args.bots, args.players)
    if bots is None:
        return 2
    chosen = _table_variants(args.variant, args.players)
    if chosen is None:
        return 2
    if not _board_readable(args.board):
        return 2
    return run_simulate(args, bots, sorted(chosen))


def _board_readable(given: str | None) -> bool:
    """``--board`` names a built-in board or a valid board file (or nothing); else its
    sentence, with the line to blame."""
    if not given:
        return True
    from .boardfile import BoardFileError, board_from

    try:
        board_from(given)
    except BoardFileError as exc:
        print(_("imtheboss: {error}").format(error=i18n.explain(exc)), file=sys.stderr)
        return False
    return True


#: ``--board``, wherever a board is chosen (play, simulate, board).
_BOARD_HELP = N_(
    "a built-in board, 'transcribed' (the default: the printed board) or 'reconstructed' "
    "(the board of games saved before), or your own board file (see docs/rules.md)"
)


#: The variants in a line each, for every command that takes --variant.
_VARIANT_HELP = N_(
    "an optional rule, repeatable: V1 turn order stays after a boss card, V2 10+ cards must "
    "deal, V3 only players who played a card are paid, V4 draw by investors owned, V5 3 cards "
    "or fewer may not deal, V6 hand limit 10 from the 10th deal, V7 short game, V8 two-player "
    "rules (see imtheboss rules V1 …)"
)


def _language_option() -> types.OneLineParser:
    """``--lang``, on every command: read by ``main`` before the parser is built (the help
    texts are looked up as the parser is made); argparse only has to accept it."""
    parent = types.OneLineParser(add_help=False)
    parent.add_argument(
        "--lang",
        metavar="LANG",
        default=argparse.SUPPRESS,
        help=_(
            "the language to speak: en, es, sv, zh or ko (default: the language of "
            "LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English)"
        ),
    )
    return parent


#: The shark's strength against its speed, for every command that seats bots.
_BUDGET_HELP = N_(
    "how hard a shark bot thinks: playouts per decision, 1 to 20,000 (default 64; more is "
    "stronger and slower); the other bots ignore it"
)
#: The same, for ``play``, where a save keeps the budget (the sharks of a resumed game stay as
#: strong as they were unless the players say otherwise).
_PLAY_BUDGET_HELP = N_(
    "how hard a shark bot thinks: playouts per decision, 1 to 20,000 (default 64; more is "
    "stronger and slower); the other bots ignore it. The save keeps it: --resume plays the "
    "sharks as they were saved, unless --bot-budget is given again, which then replaces it"
)


def _budget_option(parser: argparse.ArgumentParser, help_text: str = _BUDGET_HELP) -> None:
    """``--bot-budget``: the same option wherever sharks can sit (play, simulate)."""
    parser.add_argument(
        "--bot-budget",
        type=types.bot_budget,
        default=None,
        metavar=_("PLAYOUTS"),
        help=_(help_text),
    )


def _table_options(parser: argparse.ArgumentParser) -> None:
    """The table's options, for ``play`` and for ``web`` (which starts ``play`` with them in
    the browser): the ones added are kept as ``table_options``, to be handed on."""
    from .table_settings import TableSettings  # the table's defaults, in one place

    first = len(parser._actions)
    parser.add_argument(
        "--players",
        type=types.players,
        default=None,
        metavar="N",
        help=_(
            "seats at the table, people and bots together (3–6, 2 with --variant V8; "
            "default 4, or as many as --names and --bots fill)"
        ),
    )
    parser.add_argument(
        "--names",
        metavar=_("NAMES"),
        help=_(
            "the people, comma-separated, in seating order: Ann,Bob,Cy,Di (as many as "
            "--players less --bots; asked on screen when left out)"
        ),
    )
    parser.add_argument(
        "--seed", type=types.seed, metavar="N", help=_("a number for a reproducible deal")
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V1",
        help=_(_VARIANT_HELP),
    )
    parser.add_argument("--board", metavar=_("BOARD"), help=_(_BOARD_HELP))
    parser.add_argument(
        "--start",
        choices=["random", "alphabetical"],
        default="random",
        help=_("start player: random, or the owner of the alphabetically first investor"),
    )
    parser.add_argument(
        "--stop-window",
        type=types.window,
        default=TableSettings.stop_window,
        metavar=_("SECONDS"),
        help=_(
            "how long the table may answer a travel, boss or hire card (default {seconds})"
        ).format(seconds=f"{TableSettings.stop_window:g}"),
    )
    parser.add_argument(
        "--last-call",
        type=types.window,
        default=TableSettings.last_call,
        metavar=_("SECONDS"),
        help=_(
            'the pause after "One, two…" (default {seconds}: time to notice it and take the '
            "keyboard)"
        ).format(seconds=f"{TableSettings.last_call:g}"),
    )
    parser.add_argument(
        "--ask-around",
        action="store_true",
        help=_("ask each player in turn instead of counting down"),
    )
    parser.add_argument(
        "--bots",
        type=types.bots,
        default=TableSettings.bots,
        metavar="N",
        help=_("computer players, in the last seats of --players (default 0)"),
    )
    parser.add_argument(
        "--bot-kind",
        choices=types.BOT_KINDS,
        default=TableSettings.bot_kind,
        help=_(
            "how the bots play: dealer (bargains for deals it can close; the default), "
            "random (any legal move) or shark (thinks ahead: plays out each choice many times)"
        ),
    )
    _budget_option(parser, _PLAY_BUDGET_HELP)
    parser.add_argument(
        "--bot-pause",
        type=types.pause,
        default=TableSettings.bot_pause,
        metavar=_("SECONDS"),
        help=_("the pause between two moves of the computer players (default 0.8)"),
    )
    parser.add_argument(
        "--bot-wait",
        type=types.bot_wait,
        default=TableSettings.bot_wait,
        metavar=_("SECONDS"),
        help=_(
            "how long a computer player waits for a person's answer to its offer, ask or "
            "request to cancel an agreement, counted down on the table (default 30; 0: it "
            "does not wait)"
        ),
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar=_("SAVE"),
        help=_(
            "continue the last unfinished game, or the save named (a name from the list of "
            "saves, or a file); a game open at another table is never opened twice"
        ),
    )
    parser.add_argument("--save-dir", help=argparse.SUPPRESS)
    parser.set_defaults(table_options=parser._actions[first:])


def build_parser() -> argparse.ArgumentParser:
    """The command line, in the current language (``i18n.use`` first)."""
    from .table_settings import TableSettings  # the table's defaults, in one place

    i18n.speak_argparse()
    lang = _language_option()
    parser = types.OneLineParser(
        prog="imtheboss",
        parents=[lang],
        description=_(
            "Sid Sackson's I'm the Boss! at one terminal, and a rules engine that "
            "settles disputes. Rules: docs/rules.md."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"imtheboss {__version__}",
        help=_("show program's version number and exit"),
    )
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    play = sub.add_parser(
        "play",
        parents=[lang],
        help=_("play at this terminal, 3 to 6 players passing the keyboard"),
        description=_(
            "Start a game at this terminal. Everyone has an interrupt key (F1–F6) "
            'to take the keyboard at any moment: to stop a card, say "I\'m the Boss!", or '
            "offer a price. The game is saved after every action."
        ),
    )
    _table_options(play)
    play.add_argument(
        "--seats",
        action="store_true",
        help=_(
            "let players hold their hands on their own devices (imtheboss join): the table "
            "serves each seat on loopback, or on the LAN with --lan"
        ),
    )
    play.add_argument(
        "--lan",
        action="store_true",
        help=_("with --seats: listen on this machine's LAN address, not loopback only"),
    )
    play.add_argument(
        "--seats-port",
        type=types.port,
        default=TableSettings.seats_port,
        metavar=_("PORT"),
        help=_("with --seats: the port devices join (default 8765)"),
    )
    play.add_argument(
        "--phone-page",
        metavar=_("URL"),
        help=_(
            "with --seats: the phones' page (imtheboss web --join), shown as a QR code on "
            "the seats screen (j)"
        ),
    )
    play.set_defaults(run=_play_command)
    join = sub.add_parser(
        "join",
        parents=[lang],
        help=_("hold your hand on this device, at a table started with play --seats"),
        description=_(
            "Join a table started with `imtheboss play --seats`: pick a free seat, then see "
            "only your hand, your moves, the counts and the public log. The seat's secret is "
            "kept on this device, so it can come back after sleep."
        ),
    )
    join.add_argument(
        "address",
        metavar=_("ADDRESS"),
        help=_("the address the table shows, like 127.0.0.1:8765 or ws://192.168.1.20:8765/"),
    )
    join.add_argument(
        "--seat",
        type=types.whole_number(1, 6, N_("a seat")),
        metavar="N",
        help=_("the seat to claim or come back to (1 to 6; asked on screen when left out)"),
    )
    join.add_argument("--save-dir", help=argparse.SUPPRESS)
    join.set_defaults(run=_join_command)
    web = sub.add_parser(
        "web",
        parents=[lang],
        help=_("play at this table in a browser, or put its seats on phones"),
        description=_(
            "Serve the table in a browser on this machine: one game, whichever page opens it; "
            "a reload or a second visit resumes it, and it is never played in two pages at "
            "once. With --join, serve the seats of a table started with `play --seats` to "
            "phones instead. Only this machine can connect unless --lan is given."
        ),
    )
    _table_options(web)
    web.add_argument(
        "--port",
        type=types.port,
        default=8766,
        metavar="N",
        help=_("the port to serve on (default 8766; the seats of `play --seats` take 8765)"),
    )
    web.add_argument(
        "--lan",
        action="store_true",
        help=_(
            "let the other devices of this network connect (phones, laptops); without it "
            "only this machine can"
        ),
    )
    web.add_argument(
        "--join",
        metavar=_("ADDRESS"),
        help=_(
            "serve phones the seats of the table at ADDRESS (what `play --seats` shows), one "
            "seat for each phone, instead of this table"
        ),
    )
    web.set_defaults(run=_web_command)
    replay = sub.add_parser(
        "replay",
        parents=[lang],
        help=_("step through a saved game (the table's view: no hands)"),
        description=_(
            "Step through a game saved in the notation, line by line: → next, ← back, "
            "PageDown/PageUp the next deal/the deal before, Home/End the start/the end, l the "
            "legend, q to quit. Saved games are in ~/.local/share/imtheboss/."
        ),
    )
    replay.add_argument("file", metavar=_("FILE"))
    replay.set_defaults(run=_replay_command)
    sim = sub.add_parser(
        "simulate",
        parents=[lang],
        help=_("play many games between computer players and report"),
        description=_(
            "Play games between bots without a UI: wins per seat and per bot, money, "
            "deals, game length, endings, cards played. Same seed, same table, whatever --jobs."
        ),
    )
    sim.add_argument(
        "--games",
        type=types.games,
        default=100,
        metavar="N",
        help=_("how many games to play (default 100)"),
    )
    sim.add_argument(
        "--players",
        type=types.players,
        default=4,
        metavar="N",
        help=_("seats at each table (default 4)"),
    )
    sim.add_argument(
        "--bots",
        metavar=_("BOTS"),
        help=_("one per seat, comma-separated: dealer,dealer,random,random"),
    )
    sim.add_argument(
        "--seed",
        type=types.seed,
        default=1,
        metavar="N",
        help=_("the first game's seed (default 1)"),
    )
    sim.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V1",
        help=_(_VARIANT_HELP),
    )
    _budget_option(sim)
    sim.add_argument(
        "--jobs",
        type=types.jobs,
        default=1,
        metavar="N",
        help=_("processes to spread the games over"),
    )
    sim.add_argument("--board", metavar=_("BOARD"), help=_(_BOARD_HELP))
    sim.add_argument("--json", action="store_true", help=_("print one JSON object"))
    sim.set_defaults(run=_simulate_command)
    board = sub.add_parser(
        "board",
        parents=[lang],
        help=_("show the board and deal tiles, or check your own board file"),
        description=_(
            "Show a board (the default one is the printed board as transcribed, two of its "
            "splits guessed) or validate a board file of your own before you play with it."
        ),
    )
    board.add_argument("--board", metavar=_("BOARD"), help=_(_BOARD_HELP))
    board.set_defaults(run=_board_command)
    check = sub.add_parser(
        "check",
        parents=[lang],
        help=_("rule on a disputed negotiation written in the game notation"),
        description=_(
            "Replay a file in the game notation (docs/notation.md) and say, line by "
            "line, whether the rules allow it; at the first illegal line, say which rule and why. "
            "Exit code 0: all legal; 1: a line is illegal; 2: the file cannot be read."
        ),
    )
    check.add_argument("file", metavar=_("FILE"))
    check.add_argument(
        "--keep-going", action="store_true", help=_("skip illegal lines and judge the rest")
    )
    check.add_argument("--json", action="store_true", help=_("print one JSON object instead"))
    check.add_argument(
        "--explain",
        action="store_true",
        help=_("quote, under each illegal line, the rule it breaks (from docs/rules.md)"),
    )
    check.set_defaults(run=_check_command)
    rules = sub.add_parser(
        "rules",
        parents=[lang],
        help=_("print rules by ID (S2, TR5, CL2 …), or all of them"),
        description=_(
            "Print the rules of docs/rules.md, as the rules screen (F12) shows them: "
            "with IDs, each rule's text and the program's rulings on it; without, the whole "
            "document."
        ),
    )
    rules.add_argument("ids", nargs="*", metavar=_("ID"), help=_("a rule ID, like S2 or CL2"))
    rules.set_defaults(run=_rules_command)
    return parser


def chosen_language(argv: Sequence[str], environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The language of this command: the last ``--lang`` before ``--``, else the
    environment's. The second value is a ``--lang`` the program does not speak (None if
    none was given or it is one of ``i18n.LANGUAGES``)."""
    asked: str | None = None
    words = list(argv)
    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(words):
            asked = words[index + 1]
        elif word.startswith("--lang="):
            asked = word.removeprefix("--lang=")
    fallback = i18n.language_from_env(environ)
    if asked is None:
        return fallback, None
    if asked.strip().lower() in i18n.LANGUAGES:
        return asked.strip().lower(), None
    return fallback, asked


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    language, unknown = chosen_language(words, os.environ)
    i18n.use(language)
    if unknown is not None:
        print(
            _(
                'imtheboss: there is no language "{lang}"; --lang takes en (English), '
                "es (español), sv (svenska), zh (繁體中文) or ko (한국어)."
            ).format(lang=unknown),
            file=sys.stderr,
        )
        return 2
    parser = build_parser()
    args = parser.parse_args(words)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    try:
        result: int = args.run(args)
    except KeyboardInterrupt:
        print(_("imtheboss: interrupted."), file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: one line and a log, never a traceback with locals
        from .crash import report
        from .saves import data_dir

        return report(exc, data_dir())
    return result


if __name__ == "__main__":
    sys.exit(main())
