"""The home-LAN set-up (issue 24) is written in every language the program speaks, with the
same commands as the README's three steps (only the players' names differ), and each command
is one the program takes."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from imtheboss import i18n
from imtheboss.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
_COMMAND = re.compile(r"`(imtheboss [^`]+)`")


def _commands(text: str) -> list[str]:
    return [re.sub(r"--names \S+", "--names NAMES", c) for c in _COMMAND.findall(text)]


def _readme_steps() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Hands on phones")
    return readme[start : readme.index("\n## ", start + 1)]


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_the_lan_steps_are_in_every_language_with_the_same_commands(lang: str) -> None:
    steps = _readme_steps()
    assert f"docs/lan.{lang}.md" in steps
    translated = (ROOT / "docs" / f"lan.{lang}.md").read_text(encoding="utf-8")
    assert _commands(translated) == _commands(steps)


def test_every_command_of_the_steps_is_one_the_program_takes() -> None:
    for command in _commands(_readme_steps()):
        words = shlex.split(command)[1:]
        if words == ["join"]:
            continue  # the command named, not run
        build_parser().parse_args([w.replace("NAMES", "Ann,Bob,Cy") for w in words])
