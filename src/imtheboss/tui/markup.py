"""A player's name (or any text a person typed) put into Rich markup, shown as written.

``rich.markup.escape`` doubles a trailing backslash, so that ``x\\`` cannot escape the tag that
follows it (``[b]x\\[/b]``); but where no tag follows, Rich shows both backslashes: a player
named ``x\\`` read ``x\\\\ starts``, ``x\\\\: press Enter``, ``only x\\\\ looks``. The same
escaped text cannot be right in both places, so here a trailing backslash is followed by an
empty span (``[none][/none]``): the doubled backslash always stands before a tag, which halves
it, and the span draws nothing.
"""

from __future__ import annotations

from rich.markup import escape as _rich_escape

__all__ = ["escape"]

_EMPTY_SPAN = "[none][/none]"


def escape(text: str) -> str:
    """``text`` as markup that shows exactly ``text``, wherever in a markup string it lands."""
    escaped = _rich_escape(text)
    if text.endswith("\\"):
        return escaped + _EMPTY_SPAN
    return escaped
