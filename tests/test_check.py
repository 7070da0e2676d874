"""``imtheboss check`` explains: every illegal line with its rule and reason, the rule quoted
(``--explain``), and ``imtheboss rules`` printing rules by ID from the same document."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from imtheboss.check import run_check
from imtheboss.cli import main
from imtheboss.rulebook import plain, rule_ids, rule_text, rules_document

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

POSITION = """\
# three illegal lines, each under another rule
players: Ann, Bob, Cy, Di
deals-done: 5
marker: 1
turn: Ann
investors: Ann=red; Bob=blue; Cy=yellow; Di=green
hands: open

Ann: deal
Bob: stop
Ann: boss
Bob: ask 99 for blue
Bob: ask 3 for blue
"""

#: (line, rule) of each illegal line of POSITION.
ILLEGAL = [(10, "ST1"), (11, "B1"), (12, "N3")]


@pytest.fixture
def three_illegal(tmp_path: Path) -> Path:
    path = tmp_path / "three.txt"
    path.write_text(POSITION, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The report as an 80-column terminal shows it, wherever the tests run."""
    monkeypatch.setenv("COLUMNS", "80")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, _ = run(capsys, *argv, "--json")
    data: dict[str, Any] = json.loads(out)
    return code, data


def words(text: str) -> str:
    """The report's words in one line: panel borders and line breaks taken out."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


# ---------------------------------------------------------------------------------------------
# Every illegal line, not only the first


def test_keep_going_json_lists_every_illegal_line(
    three_illegal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = as_json(capsys, "check", str(three_illegal), "--keep-going")
    assert code == 1 and data["legal"] is False
    found = [(entry["line"], entry["rule"]) for entry in data["illegal"]]
    assert found == ILLEGAL
    assert all(entry["reason"] for entry in data["illegal"])
    assert data["illegal"][1]["text"] == "Ann: boss"
    assert data["first_illegal"] == data["illegal"][0]
    assert data["result"]["money"] == {"Ann": 0, "Bob": 0, "Cy": 0, "Di": 0}


def test_without_keep_going_json_lists_the_first_illegal_line(
    three_illegal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = as_json(capsys, "check", str(three_illegal))
    assert code == 1
    assert [(entry["line"], entry["rule"]) for entry in data["illegal"]] == ILLEGAL[:1]


def test_a_legal_file_has_no_illegal_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = as_json(capsys, "check", str(EXAMPLES / "worked-example.txt"))
    assert code == 0
    assert data["illegal"] == [] and data["first_illegal"] is None


def test_keep_going_report_gives_rule_and_reason_for_every_illegal_line(
    three_illegal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "check", str(three_illegal), "--keep-going")
    assert code == 1
    text = words(out)
    for line, rule in ILLEGAL:
        assert f"Line {line}: {rule} —" in text, (line, rule)


def test_a_long_reason_wraps_in_an_80_column_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(EXAMPLES / "tr5-own-investor-cannot-travel.txt"))
    assert code == 1
    assert all(len(line) <= 80 for line in out.splitlines() if line.startswith(("│", "╭", "╰")))
    assert "ask the Boss to cancel it (N5)." in words(out)


# ---------------------------------------------------------------------------------------------
# --explain: the rule, quoted from the rules document


def test_explain_quotes_the_rule_under_each_illegal_line(
    three_illegal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "check", str(three_illegal), "--keep-going", "--explain")
    assert code == 1
    text = words(out)
    for _, rule in ILLEGAL:
        assert f"The rule: {rule}" in text
    # B1's table row and its ruling in section 7, word for word.
    assert 'The player says "I\'m the Boss!" and becomes the new Boss of this deal.' in text
    assert "the current Boss may not play a boss card" in text
    # Each quote stands under its own line: the ST1 quote comes before line 11's verdict.
    assert text.index("The rule: ST1") < text.index("Line 11: B1") < text.index("The rule: B1")


def test_explain_in_json_gives_the_rule_text_as_plain_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, data = as_json(capsys, "check", str(EXAMPLES / "st2-stop-a-stop.txt"), "--explain")
    assert code == 1
    entry = data["illegal"][0]
    assert entry["rule"] == "ST2"
    assert entry["rule_text"].startswith("ST2 — Stop (10): A stop cannot cancel a stop.")
    assert "a stop is never pending" in entry["rule_text"]
    assert "**" not in entry["rule_text"]


def test_json_has_no_rule_text_without_explain(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = as_json(capsys, "check", str(EXAMPLES / "st2-stop-a-stop.txt"))
    assert "rule_text" not in data["illegal"][0]


# ---------------------------------------------------------------------------------------------
# The rules document, rule by rule


def test_rule_text_is_the_table_row_and_the_rulings() -> None:
    text = rule_text("CL4", rules_document())
    assert text is not None
    assert text.startswith("**CL4** — The bank pays the Boss")
    # A ruling bullet that names several rules is quoted under each of them.
    assert "- **CL3**, **CL4** — **Ruling:** an agreement is paid" in text


def test_rule_text_carries_the_card_down_the_influence_table() -> None:
    text = rule_text("ST2", rules_document())
    assert text is not None and text.startswith("**ST2** — **Stop** (10): A stop cannot")


def test_rule_text_leaves_out_where_the_rulebooks_differ() -> None:
    """Section 8's notes on the rulebooks are not rulings: --explain quotes rules only."""
    text = rule_text("S2", rules_document())
    assert text is not None and "Spanish" not in text


def test_a_translated_rules_document_plugs_in() -> None:
    document = (
        "# Die Regeln\n\n## 2. Aufbau\n\n| ID | Regel |\n|---|---|\n"
        "| **S2** | Investorkarten werden zufällig verteilt. |\n\n"
        "## 7. Entscheidungen\n\n- **S2** — **Entscheidung:** bei 2 Spielern je 3.\n\n"
        "## 8. Unterschiede\n\n- **S2** — Der spanische Text sagt 6.\n"
    )
    assert rule_text("S2", document) == (
        "**S2** — Investorkarten werden zufällig verteilt.\n\n"
        "- **S2** — **Entscheidung:** bei 2 Spielern je 3."
    )
    assert rule_text("S3", document) is None
    assert rule_ids(document) == ["S2"]


def test_every_rule_the_program_cites_is_in_the_rules_document() -> None:
    """A refusal names a rule ID; --explain must find its text."""
    cited: set[str] = set()
    for path in (ROOT / "src" / "imtheboss").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r"IllegalAction\(\s*\"([A-Z]{1,3}[0-9]{1,2})\"", source))
        cited |= set(re.findall(r"rule=\"([A-Z]{1,3}[0-9]{1,2})\"", source))
    assert len(cited) > 20
    document = rules_document()
    assert sorted(r for r in cited if rule_text(r, document) is None) == []


def test_plain_takes_out_the_emphasis() -> None:
    assert plain("**T2** — **Hand limit 12.** *dividends* × *value*") == (
        "T2 — Hand limit 12. dividends × value"
    )


# ---------------------------------------------------------------------------------------------
# imtheboss rules [ID ...]


def test_rules_prints_the_rules_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "tr5", "CL2")
    assert code == 0
    text = words(out)
    assert text.startswith("TR5 — Travel (21): Ruling (added 2026-11-30)")
    assert "a stop is not allowed in the last call: there is nothing to stop" in text
    assert text.index("TR5") < text.index("CL2")


def test_rules_without_an_id_prints_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    text = words(out)
    for rule in rule_ids(rules_document()):
        assert re.search(rf"\b{rule}\b", text), rule  # S1 is not satisfied by S10
    assert "I'm the Boss! — the rules" in text


def test_rules_with_an_unknown_id_exits_2_with_one_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rules", "S2", "X9")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "no rule X9" in err and "like S2, T4, TR5 or CL2" in err


def test_the_rules_screen_reads_the_same_document() -> None:
    from imtheboss.tui.screens import rules

    assert rules.rules_document is rules_document


def test_check_quotes_the_rules_document_it_is_given() -> None:
    """A translated rules file plugs in: --explain quotes whichever document it is handed."""
    document = (
        "## 3. Ein Zug\n\n| ID | Karte | Regel |\n|---|---|---|\n"
        "| **ST1** | **Stopp** (10) | Sofort nach einer Reise-, Boss- oder Anheuerkarte. |\n"
        "| **ST2** | | Ein Stopp kann keinen Stopp aufheben. |\n"
    )
    out = io.StringIO()
    code = run_check(
        str(EXAMPLES / "st2-stop-a-stop.txt"),
        keep_going=False,
        as_json=False,
        console=Console(file=out, width=80),
        explain=True,
        rules=document,
    )
    assert code == 1
    assert "ST2 — Stopp (10): Ein Stopp kann keinen Stopp aufheben." in words(out.getvalue())


def test_a_whole_game_is_summed_up_not_listed(tmp_path: Path) -> None:
    """Checking a whole saved game used to print every discarded card in one enormous line and
    "family orange" dozens of times in "cards back to hand": now each card is named once, with
    a count."""
    import random as _random

    from imtheboss.bots.random_play import random_steps
    from imtheboss.engine import Setup, new_game
    from imtheboss.notation.writer import as_recorded, write_game

    setup = Setup(players=("Ann", "Bob", "Cy", "Di"), seed=7)
    state = new_game(setup)
    recorded = []
    for _, action, _after, events in random_steps(state, _random.Random(7)):
        recorded.append(as_recorded(action, events))
    path = tmp_path / "game.txt"
    path.write_text(write_game(setup, recorded), encoding="utf-8")
    out = io.StringIO()
    code = run_check(
        str(path), keep_going=False, as_json=False, console=Console(file=out, width=1000)
    )
    text = out.getvalue()
    assert code == 0, text
    discarded = next(line for line in text.splitlines() if "Discarded (" in line)
    named = [part.split(" ×")[0] for part in discarded.split(": ", 1)[1].split(", ")]
    assert len(named) == len(set(named)), discarded  # each card once
    assert "×" in discarded
    total = int(re.search(r"Discarded \((\d+) cards\)", discarded).group(1))  # type: ignore[union-attr]
    counted = sum(
        int(part.split(" ×")[1]) if " ×" in part else 1
        for part in discarded.split(": ", 1)[1].split(", ")
    )
    assert counted == total > 30
