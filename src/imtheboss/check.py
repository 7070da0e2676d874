"""``imtheboss check FILE``: replay a written-down game and rule on every line.

Exit codes: 0 every line legal, 1 a line is illegal, 2 the file cannot be read. Every illegal
line gets its rule and reason (with ``--keep-going`` there can be several); ``--explain`` adds
the text of that rule from the rules document, to be read out at the table.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import i18n
from .engine.cards import Card
from .engine.errors import BoardFileError
from .engine.words import card_word
from .i18n import _, ngettext
from .notation import NotationError, parse, replay_document
from .notation.outcome import Outcome, describe, outcome
from .notation.replay import Replay, Step
from .rulebook import plain, rule_text, rules_document
from .textfile import UnreadableFile, read_text

if TYPE_CHECKING:
    from .rules_markdown import RulesMarkdown


def run_check(
    path: str,
    *,
    keep_going: bool,
    as_json: bool,
    console: Console | None = None,
    explain: bool = False,
    rules: str | None = None,
) -> int:
    """Judge the file at ``path``. ``rules`` is the rules document to quote with ``explain``
    (the packaged docs/rules.md when None); ``console`` the terminal's, soft-wrapped, when
    None."""
    if console is None:
        console = Console(soft_wrap=True)
    file = Path(path)
    try:
        text = read_text(file)
    except UnreadableFile as exc:
        return _unreadable(console, as_json, i18n.explain(exc), exc.line, exc.column)
    try:
        doc = parse(text)
        replay = replay_document(doc, keep_going=keep_going, base=file.parent)
    except NotationError as exc:
        return _unreadable(
            console,
            as_json,
            _("{file}, {error}").format(file=path, error=i18n.explain(exc)),
            exc.line,
            exc.column,
        )
    except BoardFileError as exc:
        return _unreadable(console, as_json, i18n.explain(exc))
    result = outcome(replay)
    document = (
        (rules if rules is not None else rules_document(i18n.language())) if explain else None
    )
    if as_json:
        console.print_json(json.dumps(_json(replay, result, document)))
    else:
        _report(console, path, replay, result, keep_going, document)
    return 0 if replay.legal else 1


def _unreadable(
    console: Console,
    as_json: bool,
    message: str,
    line: int | None = None,
    column: int | None = None,
) -> int:
    if as_json:
        error = {"message": message, "line": line, "column": column}
        console.print_json(json.dumps({"legal": None, "error": error}))
    else:
        console.print(_("[bold red]Cannot read the file:[/] {error}").format(error=escape(message)))
    return 2


def _illegal_json(step: Step, document: str | None) -> dict[str, object]:
    error = step.error
    assert error is not None
    entry: dict[str, object] = {
        "line": step.line.number,
        "text": step.line.text,
        "rule": error.rule,
        # Keys and the rule ID are the same in every language; the reason is the table's.
        "reason": i18n.reason(error),
    }
    if document is not None:
        text = rule_text(error.rule, document)
        entry["rule_text"] = None if text is None else plain(text)
    return entry


def _json(replay: Replay, result: Outcome, document: str | None) -> dict[str, object]:
    illegal = [_illegal_json(step, document) for step in replay.steps if not step.legal]
    return {
        "legal": replay.legal,
        "first_illegal": illegal[0] if illegal else None,
        "illegal": illegal,
        "result": result.as_json(),
    }


def _report(
    console: Console,
    path: str,
    replay: Replay,
    result: Outcome,
    keep_going: bool,
    document: str | None,
) -> None:
    console.print(f"[bold]{escape(path)}[/]")
    # Lines are built as styled Text and printed in runs: printing a long record line by line
    # through the markup parser took most of the time of a check.
    run: list[Text] = []
    for step in replay.steps:
        number = (f"{step.line.number:>4}", "dim")
        if step.legal:
            run.append(Text.assemble(number, " ", ("✓", "green"), " ", step.line.text))
            continue
        error = step.error
        assert error is not None
        run.append(Text.assemble(number, " ", (f"✗ {step.line.text}", "bold red")))
        _flush(console, run)
        body = (
            _("[bold]Line {line}: {rule}[/] — {reason}.").format(
                line=step.line.number, rule=error.rule, reason=escape(i18n.reason(error))
            )
            + "\n\n"
            + "\n".join(escape(i18n.render(x)) for x in describe(step.before))
        )
        # soft_wrap=False: a long reason wraps inside the panel instead of being cut off.
        console.print(
            Panel(body, title=_("Illegal"), border_style="red", expand=False), soft_wrap=False
        )
        if document is not None:
            _explain(console, error.rule, document)
    _flush(console, run)
    if replay.legal:
        verdict = _("[bold green]Every line is legal.[/]")
    elif keep_going:
        verdict = _("[bold red]Not every line is legal;[/] illegal lines were skipped.")
    else:
        verdict = _(
            "[bold red]Stopped at the first illegal line.[/] "
            "The outcome below is the position before it (--keep-going judges the rest)."
        )
    console.print(verdict)
    _outcome_table(console, result)


def _explain(console: Console, rule: str, document: str) -> None:
    # Only --explain needs it (a Markdown parser: ~40 ms).
    from .rules_markdown import RulesMarkdown

    text = rule_text(rule, document)
    body: RulesMarkdown | str = (
        RulesMarkdown(text)
        if text is not None
        else _("The rules file has no rule {rule}.").format(rule=escape(rule))
    )
    console.print(
        Panel(
            body,
            title=_("The rule: {rule}").format(rule=rule),
            border_style="blue",
            expand=False,
        ),
        soft_wrap=False,
    )


def _flush(console: Console, run: list[Text]) -> None:
    # In blocks: one Text per line costs a render each, one Text for a whole long record
    # costs a quadratic split into lines.
    for start in range(0, len(run), 40):
        console.print(Text("\n").join(run[start : start + 40]))
    run.clear()


def _counted(cards: list[str]) -> str:
    """Cards named once each, with a count: over a whole game the same family card goes back
    to its owner's hand dozens of times, and a list of every one is unreadable."""
    counts = Counter(cards)
    # The cards are the notation's words ("family red", "stop"): each is named as a card,
    # noun included ("carta de parada", not the play "parada").
    names = {card: i18n.render(card_word(Card(card))) for card in counts}
    return _(", ").join(
        _("{card} ×{n}").format(card=names[card], n=n) if n > 1 else names[card]
        for card, n in counts.items()
    )


def _outcome_table(console: Console, result: Outcome) -> None:
    table = Table(title=_("Outcome"), title_justify="left", show_header=True)
    table.add_column(_("player"))
    table.add_column(_("money received"), justify="right")
    table.add_column(_("investors"))
    table.add_column(_("cards back to hand"))
    for name, amount in result.money.items():
        table.add_row(
            escape(name),
            # Translators: money a player received at the close, in the outcome's table.
            _("+{money}").format(money=i18n.money(amount)),
            escape(_(", ").join(_(c) for c in result.investors[name]) or "—"),
            escape(_counted(result.returned.get(name, [])) or "—"),
        )
    console.print(table)
    for line in result.payments_words:
        console.print(f"  {escape(i18n.render(line))}")
    for line in result.unpaid_words:
        console.print(f"  {escape(i18n.render(line))}")
    for line in result.hired_words:
        console.print(f"  {escape(i18n.render(line))}")
    if result.discarded:
        many = len(result.discarded)
        console.print(
            "  "
            + ngettext(
                "Discarded ({n} card): {cards}", "Discarded ({n} cards): {cards}", many
            ).format(n=many, cards=escape(_counted(result.discarded)))
        )
    if result.on_table:
        on_table = _(", ").join(i18n.render(m) for m in result.on_table_words)
        console.print("  " + _("Still on the table: {cards}").format(cards=escape(on_table)))
    if result.game_over:
        winners = i18n.all_of(result.winners)
        console.print(
            "  " + _("The game is over. Winner: {winners}.").format(winners=escape(winners))
        )
    else:
        done = result.deals_done
        turn = escape(str(result.next_turn))
        if result.deal_open:
            text = ngettext(
                "{n} deal done. A deal is still open; it is {player}'s turn.",
                "{n} deals done. A deal is still open; it is {player}'s turn.",
                done,
            )
        else:
            text = ngettext(
                "{n} deal done. Next: {player}.", "{n} deals done. Next: {player}.", done
            )
        console.print("  " + i18n.fill(text, n=done, player=turn))
