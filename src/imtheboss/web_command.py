"""``imtheboss web``: the table in a browser (``web/``), or the seats of a hosted table on
phones (``--join``). Bound to loopback unless ``--lan`` is given."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .i18n import _

#: At most this many phones' seats at once (a table seats six; a phone that reloads holds its
#: old place only until that page's process has quit).
PHONE_PROCESSES = 8


def play_words(args: argparse.Namespace) -> list[str]:
    """``play``'s options as given, in words for a ``play`` process (``--resume`` and the
    games folder are the web table's own to set)."""
    words: list[str] = []
    for action in args.table_options:
        if action.dest in ("resume", "save_dir") or not action.option_strings:
            continue
        value = getattr(args, action.dest)
        if value == action.default:
            continue
        flag = action.option_strings[-1]
        if isinstance(action, argparse._StoreTrueAction):
            words.append(flag)
        elif isinstance(action, argparse._AppendAction):
            for item in value:
                words += [flag, str(item)]
        else:
            words += [flag, str(value)]
    return words


def show_code(address: str) -> None:
    """``address`` as a QR code on the terminal, for the phones' cameras (black on white,
    whatever the terminal's colours)."""
    from rich.console import Console
    from rich.text import Text

    from .tui.widgets.qr import CODE_STYLE
    from .web.qr import qr_rows

    console = Console(stderr=True)
    console.print(Text("\n".join(qr_rows(address)), style=CODE_STYLE, no_wrap=True))


def run_web(args: argparse.Namespace) -> int:
    from .saves import data_dir
    from .web.server import GameServer, Launcher, lan_addresses, local_names, serve
    from .web.table import OneTable

    host = "0.0.0.0" if args.lan else "127.0.0.1"
    names = local_names(args.lan, args.port)
    launcher: Launcher
    save_dir = Path(args.save_dir) if args.save_dir else data_dir()
    if args.join is not None:
        from .web.phones import PhoneSeats

        launcher = PhoneSeats(args.join, save_dir)
        processes = PHONE_PROCESSES
        per_address: int | None = 1  # one phone, one seat
    else:
        resume = None
        if args.resume is not None:
            from .play_command import resumed

            session = resumed(save_dir, args.resume, sys.stdin, sys.stderr)
            if session is None:
                return 2
            resume = session.save_path
            session.close()
        launcher = OneTable(play_words(args), save_dir, resume)
        processes = 1
        per_address = None
    server = GameServer(
        launcher,
        host=host,
        port=args.port,
        names=names,
        processes=processes,
        per_address=per_address,
    )
    shown = lan_addresses() if args.lan else []
    addresses = [f"http://{address}:{args.port}/" for address in [*shown, "127.0.0.1"]]
    print(
        _("imtheboss: open {address} in a browser; Ctrl+C stops the server.").format(
            address=_(" or ").join(addresses)
        ),
        file=sys.stderr,
    )
    if shown:
        show_code(addresses[0])
    serve(server)
    return 0
