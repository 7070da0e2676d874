"""``imtheboss rules`` in Chinese and Korean, at 80 and 40 columns, as a reader sees it.

Rich wrapped the rules at spaces only, and its tables cut what did not fit with "…": at 80
columns the Chinese rules lost 1,265 of their 8,016 characters (a rule printed its first line
only), and a paragraph broke at its few spaces ("Kies &" alone on a line). The rules are
wrapped as the table's log is (``imtheboss.wrapping``): between ideographs, never inside a sum,
a rule ID or a colour's letter and word, never before "，。：", and nothing is cut off.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from rich.cells import cell_len

from imtheboss import i18n
from imtheboss.cli import main
from imtheboss.rulebook import rule_text, rules_document
from imtheboss.wrapping import wrap_points

#: The characters each language writes its words in: every one must reach the reader.
SCRIPT = {"zh": "[\u4e00-\u9fff]", "ko": "[\uac00-\ud7a3]"}
#: A line (or a table cell's line) never starts with a closing mark.
STARTS_CLOSED = re.compile(r"(?:^|\s)[，。、：；！？）」』]")
#: What a reader must find whole: rule IDs, sums ("1200萬", "$12M"), a colour's letter and word.
WHOLE = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{1,3}[0-9]{1,2}(?![0-9])|\d+億\d*萬|\d+萬|\$\d+M|\b[RBYPOG][紅藍黃粉橘綠]"
)


def _printed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> str:
    monkeypatch.setenv("COLUMNS", args[0])
    assert main(["rules", "--lang", *args[1:]]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("width", [80, 40])
@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_printed_rules_lose_nothing_and_break_nothing(
    lang: str, width: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _printed(capsys, monkeypatch, str(width), lang)
    source = rules_document(lang)
    lines = out.splitlines()
    assert all(cell_len(line) <= width for line in lines), max(lines, key=cell_len)
    assert len(re.findall(SCRIPT[lang], out)) == len(re.findall(SCRIPT[lang], source))
    assert out.count("…") == source.count("…")
    opened = [line for line in lines if STARTS_CLOSED.search(line)]
    assert not opened, opened
    # Each ID, sum and colour is found whole as often as the rules write it (a Markdown
    # link's address and the table's ID column aside, which the reader sees too).
    wanted = Counter(WHOLE.findall(source))
    found = Counter(WHOLE.findall(out))
    broken = {word: (n, found[word]) for word, n in wanted.items() if found[word] < n}
    assert not broken, broken


def test_a_chinese_rule_by_id_fills_its_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "N3 —" was left alone on its line, the rule's text (no spaces) below it."""
    out = _printed(capsys, monkeypatch, "40", "zh", "N3")
    first = out.splitlines()[0]
    assert first.startswith("N3 — ") and cell_len(first.rstrip()) > 30, out


def test_a_rule_quoted_by_check_explain_wraps_the_same_way() -> None:
    from rich.console import Console

    from imtheboss.rules_markdown import RulesMarkdown

    i18n.use("zh")
    text = rule_text("TR5", rules_document("zh"))
    assert text is not None
    console = Console(width=40, color_system=None, record=True)
    console.print(RulesMarkdown(text))
    out = console.export_text()
    assert all(cell_len(line) <= 40 for line in out.splitlines())
    assert not [line for line in out.splitlines() if STARTS_CLOSED.search(line)], out
    assert Counter(WHOLE.findall(out)) == Counter(WHOLE.findall(text)), out


@pytest.mark.parametrize(
    "line",
    [
        "顏色一律同時以字母與文字標示：R紅、B藍、Y黃、P粉紅、O橘、G綠。",
        "總裁付出1億2500萬，自己留下3000萬；見第9節與CL2。",
    ],
)
def test_a_chinese_line_keeps_its_letters_sums_and_ids_at_every_width(line: str) -> None:
    for width in range(12, 60):  # "1億2500萬，" is 11 cells: a line holds it
        points = wrap_points(line, width)
        pieces = [line[a:b] for a, b in zip([0, *points], [*points, len(line)], strict=True)]
        assert all(cell_len(piece.rstrip()) <= width for piece in pieces), (width, pieces)
        for word in ("G綠", "R紅", "1億2500萬", "3000萬", "第9節", "CL2"):
            if word in line:
                assert any(word in piece for piece in pieces), (width, pieces)
        assert not any(piece[0] in "，。、：；" for piece in pieces), (width, pieces)
