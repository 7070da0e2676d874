"""``imtheboss check FILE``: replay a written-down game and rule on every line.

Exit codes: 0 every line legal, 1 a line is illegal, 2 the file cannot be read.
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .engine.errors import BoardFileError
from .notation import NotationError, parse, replay_document
from .notation.outcome import Outcome, describe, outcome
from .notation.replay import Replay


def run_check(path: str, *, keep_going: bool, as_json: bool, console: Console) -> int:
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _unreadable(console, as_json, f"cannot read {path}: {exc}")
    try:
        doc = parse(text)
        replay = replay_document(doc, keep_going=keep_going, base=file.parent)
    except NotationError as exc:
        return _unreadable(console, as_json, f"{path}, {exc}", exc.line, exc.column)
    except BoardFileError as exc:
        return _unreadable(console, as_json, str(exc))
    result = outcome(replay)
    if as_json:
        console.print_json(json.dumps(_json(replay, result)))
    else:
        _report(console, path, replay, result, keep_going)
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
        console.print(f"[bold red]Cannot read the file:[/] {escape(message)}")
    return 2


def _json(replay: Replay, result: Outcome) -> dict[str, object]:
    first = replay.first_illegal
    illegal = None
    if first is not None and first.error is not None:
        illegal = {
            "line": first.line.number,
            "text": first.line.text,
            "rule": first.error.rule,
            "reason": first.error.reason,
        }
    return {"legal": replay.legal, "first_illegal": illegal, "result": result.as_json()}


def _report(console: Console, path: str, replay: Replay, result: Outcome, keep_going: bool) -> None:
    console.print(f"[bold]{escape(path)}[/]")
    shown_error = False
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
        if not shown_error:
            shown_error = True
            body = (
                f"[bold]Line {step.line.number}: {error.rule}[/] — {escape(error.reason)}.\n\n"
                + "\n".join(escape(x) for x in describe(step.before))
            )
            console.print(Panel(body, title="Illegal", border_style="red", expand=False))
    _flush(console, run)
    if replay.legal:
        verdict = "[bold green]Every line is legal.[/]"
    elif keep_going:
        verdict = "[bold red]Not every line is legal;[/] illegal lines were skipped."
    else:
        verdict = (
            "[bold red]Stopped at the first illegal line.[/] "
            "The outcome below is the position before it (--keep-going judges the rest)."
        )
    console.print(verdict)
    _outcome_table(console, result)


def _flush(console: Console, run: list[Text]) -> None:
    # In blocks: one Text per line costs a render each, one Text for a whole long record
    # costs a quadratic split into lines.
    for start in range(0, len(run), 40):
        console.print(Text("\n").join(run[start : start + 40]))
    run.clear()


def _outcome_table(console: Console, result: Outcome) -> None:
    table = Table(title="Outcome", title_justify="left", show_header=True)
    table.add_column("player")
    table.add_column("money received", justify="right")
    table.add_column("investors")
    table.add_column("cards back to hand")
    for name, amount in result.money.items():
        table.add_row(
            name,
            f"+${amount}M",
            ", ".join(result.investors[name]) or "—",
            ", ".join(result.returned.get(name, [])) or "—",
        )
    console.print(table)
    for line in result.payments:
        console.print(f"  {escape(line)}")
    for line in result.hired:
        console.print(f"  {escape(line)}")
    if result.discarded:
        console.print(f"  Discarded: {', '.join(result.discarded)}")
    if result.on_table:
        console.print(f"  Still on the table: {', '.join(result.on_table)}")
    if result.game_over:
        console.print(f"  The game is over. Winner: {' and '.join(result.winners)}.")
    else:
        done = result.deals_done
        deals = f"{done} deal{'' if done == 1 else 's'} done"
        if result.deal_open:
            console.print(f"  {deals}. A deal is still open; it is {result.next_turn}'s turn.")
        else:
            console.print(f"  {deals}. Next: {result.next_turn}.")
