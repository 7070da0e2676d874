"""Every rule ID of docs/rules.md (the same IDs as RULES.md) is named by at least one test.

A rule added to the rules without a test that would fail if it were broken is the gap this
closes: it fails the suite until someone marks a test ``@pytest.mark.rule("ID")``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _rule_ids() -> list[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return re.findall(r"^\| \*\*([A-Z]+[0-9]+)\*\* \|", text, flags=re.MULTILINE)


def _marked_in_sources() -> set[str]:
    """The IDs named by ``@pytest.mark.rule("ID")`` and by the verdicts of test_examples.py,
    which become rule marks there."""
    marked: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        source = path.read_text(encoding="utf-8")
        marked |= set(re.findall(r'rule\("([A-Z]+[0-9]+)"\)', source))
        for group in re.findall(r'(?:il)?legal\(\s*(?:\d+,\s*)?"([^"]+)"', source):
            marked |= set(group.split())
    return marked


def test_the_rule_table_is_read() -> None:
    ids = _rule_ids()
    assert {"C1", "S2", "TR5", "CL2", "V8"} <= set(ids)
    assert len(ids) == len(set(ids)) >= 60
    assert "TR5" in _marked_in_sources()


def test_every_rule_has_a_test() -> None:
    missing = [rid for rid in _rule_ids() if rid not in _marked_in_sources()]
    assert not missing, f"rules with no test marked for them: {missing}"
