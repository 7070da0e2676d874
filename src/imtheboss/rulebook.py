"""The rules as the players read them: docs/rules.md, whole or one rule at a time.

The rules screen (F12), ``imtheboss rules`` and ``imtheboss check --explain`` all read the same
document, so a rule quoted at the table is word for word the one on the screen. The functions
take the document as text: a translated rules file, laid out the same way (rules as table rows
whose first cell is the bold ID; the program's rulings as bullets in section 7), plugs in as it
is.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from .i18n import N_, _

#: What a rule ID looks like: the letters of its section, then a number (S2, TR5, CL2, V8).
_ID = r"[A-Z]{1,3}[0-9]{1,2}"

#: A table row that states a rule: ``| **S2** | text |``, ``| **TR1** | **Travel** (21) | text |``.
_ROW = re.compile(rf"^\|\s*\*\*(?P<id>{_ID})\*\*\s*\|(?P<cells>.*)\|\s*$")
#: A bullet that opens with one or more bold IDs: ``- **CL3**, **CL4** — **Ruling:** …``.
_BULLET = re.compile(rf"^- (?P<ids>\*\*{_ID}\*\*(?:,\s*\*\*{_ID}\*\*)*)")
_BOLD_ID = re.compile(rf"\*\*({_ID})\*\*")
#: Section 7 holds the program's rulings; sections are found by number, whatever their title.
_SECTION = re.compile(r"^##\s+(?P<number>[0-9]+)\.")
_RULINGS_SECTION = 7

MISSING = N_("# Rules\n\nThe rules file is missing from this installation.")


def rules_filename(language: str = "en") -> str:
    """docs/rules.md in English, docs/rules.<lang>.md in the others (same IDs, same layout)."""
    return "rules.md" if language == "en" else f"rules.{language}.md"


def rules_document(language: str = "en") -> str:
    """The rules in ``language``: the packaged copy, or the repository's when running from a
    checkout; English when that language's file is missing."""
    name = rules_filename(language)
    packaged = resources.files("imtheboss").joinpath(f"docs/{name}")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[2] / "docs" / name
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    if language != "en":
        return rules_document("en")
    return _(MISSING)


def _cells(text: str) -> list[str]:
    return [cell.strip() for cell in text.split("|")]


def rule_ids(document: str) -> list[str]:
    """Every rule the document states in a table, in the order it states them."""
    out: list[str] = []
    for line in document.splitlines():
        match = _ROW.match(line.strip())
        if match and match["id"] not in out:
            out.append(match["id"])
    return out


def rule_text(rule_id: str, document: str) -> str | None:
    """The rule ``rule_id`` as Markdown: its table row, then every ruling on it in section 7.

    A row of the influence-card table names its card only on the card's first row; the card
    is carried down so that ``TR2`` reads "Travel" too. None if the document has no such rule.
    """
    statement: str | None = None
    rulings: list[str] = []
    card = ""
    section = 0
    ruling: list[str] | None = None  # the ruling being read, with any table it introduces
    for raw in document.splitlines():
        line = raw.strip()
        bullet = _BULLET.match(line)
        if ruling is not None and (bullet or line.startswith("#") or line == "---"):
            rulings.append("\n".join(ruling).strip())
            ruling = None
        numbered = _SECTION.match(line)
        if numbered:
            section = int(numbered["number"])
            continue
        if ruling is not None:
            ruling.append(line)
            continue
        if not line.startswith("|"):
            card = ""
        row = _ROW.match(line)
        if row:
            cells = _cells(row["cells"])
            if len(cells) >= 2:
                card = cells[0] or card
                body = " ".join(cells[1:]).strip()
            else:
                body = cells[0]
            if row["id"] == rule_id and statement is None:
                # Translators: a rule quoted under its card's title ("Stop card (10): …"), as
                # your language punctuates a title before its text (Chinese: "{card}：{body}").
                titled = _("{card}: {body}").format(card=card, body=body) if card else body
                statement = f"**{rule_id}** — " + titled
            continue
        in_rulings = section == _RULINGS_SECTION
        if bullet is not None and in_rulings and rule_id in _BOLD_ID.findall(bullet["ids"]):
            ruling = [line]
    if ruling is not None:
        rulings.append("\n".join(ruling).strip())
    if statement is None and not rulings:
        return None
    parts = [statement] if statement else []
    if rulings:
        parts.append("\n".join(r if "\n" not in r else f"{r}\n" for r in rulings).strip())
    return "\n\n".join(parts)


def plain(markdown: str) -> str:
    """Markdown emphasis taken out, for a reader that shows text as it is (JSON, a pipe)."""
    return re.sub(r"\*\*|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)", "", markdown)
