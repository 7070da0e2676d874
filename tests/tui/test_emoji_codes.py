"""A name typed as one of Rich's emoji codes is a name: the log shows it as typed, as the
players' panel does, and reading the table's markup never loads Rich's table of codes."""

from __future__ import annotations

import subprocess
import sys

from imtheboss.tui.markup import escape, markup_text
from imtheboss.tui.widgets.log_view import Wrapped


def test_a_name_written_as_an_emoji_code_is_shown_as_typed() -> None:
    line = Wrapped("[b]" + escape(":smile:") + "[/b] places the marker on :thumbs_up:")
    assert line.text.plain == ":smile: places the marker on :thumbs_up:"
    assert markup_text(":fire:").plain == ":fire:"


def test_the_table_markup_loads_no_emoji_codes() -> None:
    code = (
        "import sys\n"
        "from imtheboss.tui.widgets.log_view import Wrapped\n"
        "Wrapped('[b]Ann[/b]: a new game. :smile:')\n"
        "print('rich._emoji_codes' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
