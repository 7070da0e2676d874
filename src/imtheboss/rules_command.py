"""``imtheboss rules``: the rules of docs/rules.md in the table's language, by ID or whole, as
the rules screen (F12) shows them."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import i18n
from .i18n import _


def show_rules(ids: Sequence[str]) -> int:
    """Print the rules ``ids`` name (each rule's text and the program's rulings on it), or
    the whole document without; 2 and one sentence for an ID that is no rule."""
    from rich.console import Console

    from .rulebook import rule_text, rules_document
    from .rules_markdown import RulesMarkdown

    document = rules_document(i18n.language())
    wanted = [rule.upper() for rule in ids]
    texts = [rule_text(rule, document) for rule in wanted]
    unknown = [rule for rule, text in zip(ids, texts, strict=True) if text is None]
    if unknown:
        print(
            _(
                "imtheboss: there is no rule {ids}; a rule ID is a section's letters and a "
                "number, like S2, T4, TR5 or CL2 (`imtheboss rules` prints them all)"
            ).format(ids=i18n.neither(unknown)),
            file=sys.stderr,
        )
        return 2
    console = Console()
    if not wanted:
        console.print(RulesMarkdown(document))
        return 0
    for text in texts:
        assert text is not None
        console.print(RulesMarkdown(text))
        console.print()
    return 0
