"""A player's name (or any text a person typed) put into Rich markup, shown as written.

``rich.markup.escape`` doubles a trailing backslash, so that ``x\\`` cannot escape the tag that
follows it (``[b]x\\[/b]``); but where no tag follows, Rich shows both backslashes: a player
named ``x\\`` read ``x\\\\ starts``, ``x\\\\: press Enter``, ``only x\\\\ looks``. The same
escaped text cannot be right in both places, so here a trailing backslash is followed by an
empty span (``[none][/none]``): the doubled backslash always stands before a tag, which halves
it, and the span draws nothing.

``markup_text`` reads the table's markup without Rich's emoji codes: nothing the game says
is written as one, and a name typed as ``:smile:`` is a name, shown as typed (the players'
panel draws names as plain text). Rich also imports its table of 4,000 emoji codes on the
first markup it reads with codes on, which cost the table's first frame some 11 million
instructions (issue 20).
"""

from __future__ import annotations

from rich.markup import escape as _rich_escape
from rich.style import Style
from rich.text import Text

__all__ = ["escape", "markup_text"]

_EMPTY_SPAN = "[none][/none]"


def escape(text: str) -> str:
    """``text`` as markup that shows exactly ``text``, wherever in a markup string it lands."""
    escaped = _rich_escape(text)
    if text.endswith("\\"):
        return escaped + _EMPTY_SPAN
    return escaped


def markup_text(markup: str, style: str | Style = "") -> Text:
    """``markup`` drawn as a ``Text``: Rich's markup, its emoji codes left as written."""
    return Text.from_markup(markup, style=style, emoji=False)
