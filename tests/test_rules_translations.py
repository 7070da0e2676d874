"""The rules in every language state the same rules: docs/rules.<lang>.md has exactly the rule
IDs of docs/rules.md, in the same order, each with as many rulings (section 7), so a rule ID
quoted by a refusal finds its rule on every table's rules screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from imtheboss.rulebook import rule_ids, rule_text

DOCS = Path(__file__).resolve().parents[1] / "docs"
ENGLISH = (DOCS / "rules.md").read_text(encoding="utf-8")
TRANSLATIONS = sorted(DOCS.glob("rules.*.md"))


def _rulings(rule_id: str, document: str) -> int:
    """How many bullets of section 7 the rule carries (its text after the table row)."""
    text = rule_text(rule_id, document) or ""
    return sum(
        1 for line in text.splitlines() if line.startswith("- **") and f"**{rule_id}**" in line
    )


def test_there_are_translations() -> None:
    assert {p.name for p in TRANSLATIONS} >= {"rules.es.md", "rules.sv.md"}


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda p: p.name)
def test_a_translation_states_the_same_rules(path: Path) -> None:
    document = path.read_text(encoding="utf-8")
    assert rule_ids(document) == rule_ids(ENGLISH)


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda p: p.name)
def test_a_translation_carries_every_ruling(path: Path) -> None:
    document = path.read_text(encoding="utf-8")
    for rule_id in rule_ids(ENGLISH):
        assert _rulings(rule_id, document) == _rulings(rule_id, ENGLISH), rule_id
