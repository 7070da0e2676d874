"""``imtheboss replay``: a game saved in the notation, stepped through line by line in the
table's view (no hands); a file that breaks a rule is replayed up to the line before it."""

from __future__ import annotations

import sys

from . import i18n
from .i18n import _


def run_replay(file: str) -> int:
    """Replay ``file``; 2 and one sentence when it cannot be read or parsed."""
    from pathlib import Path

    from .boardfile import BoardFileError
    from .crash import exit_code
    from .notation import NotationError, parse, replay_document
    from .textfile import UnreadableFile, read_text
    from .tui.replay import ReplayApp

    path = Path(file)
    try:
        replay = replay_document(parse(read_text(path)), close_at_end=False, base=path.parent)
    except UnreadableFile as exc:
        print(_("imtheboss: {error}").format(error=i18n.explain(exc)), file=sys.stderr)
        return 2
    except (NotationError, BoardFileError) as exc:
        print(
            _("imtheboss: {file}, {error}").format(file=path, error=i18n.explain(exc)),
            file=sys.stderr,
        )
        return 2
    bad = replay.first_illegal
    if bad is not None and bad.error is not None:
        print(
            _(
                "imtheboss: {file}, line {line} is illegal ({error}); the replay stops before "
                "it. `imtheboss check` explains."
            ).format(file=path, line=bad.line.number, error=i18n.explain(bad.error)),
            file=sys.stderr,
        )
    app = ReplayApp(replay, str(path))
    app.run()
    return exit_code(app.return_code)
