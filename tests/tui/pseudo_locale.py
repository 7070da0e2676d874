"""A pseudo-language for the tests: every message of the template, its letters made Hangul.

A real catalog says whether the translators are done; this one says whether the *program* is:
each message that passes through gettext comes out with no Latin letter left (two letters
become one syllable, two cells wide, so a line keeps about its English width), while a text
that never passed through gettext stays English on screen, where a test can find it.
Placeholders (``{name}``), Rich markup (``[b]``, ``[/]``) and rule IDs (``ST2``) are kept.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from imtheboss import i18n

POT = Path(i18n.__file__).parent / "locale" / "imtheboss.pot"

#: What is kept as it is: placeholders, markup tags, rule IDs, key names in a key cap.
_KEEP = re.compile(r"\{[^}]*\}|\[[^\]]*\]|\b[A-Z]{1,2}\d+\b|\b(?:Enter|Esc|Alt|Ctrl)\b|F\d+")
_LATIN = re.compile(r"[A-Za-z]{1,2}")


def _syllable(pair: str) -> str:
    """One Hangul syllable per one or two letters (the same pair, the same syllable)."""
    code = sum(ord(c) for c in pair) * 37 % 11172
    return chr(0xAC00 + code)


def pseudo(text: str) -> str:
    out: list[str] = []
    last = 0
    for match in _KEEP.finditer(text):
        out.append(_LATIN.sub(lambda m: _syllable(m.group()), text[last : match.start()]))
        out.append(match.group())
        last = match.end()
    out.append(_LATIN.sub(lambda m: _syllable(m.group()), text[last:]))
    return "".join(out)


def build(folder: Path, language: str = "ko") -> Path:
    """Write ``folder/<language>/LC_MESSAGES/imtheboss.mo`` with every message pseudo-translated;
    returns ``folder`` (a locale directory)."""
    with POT.open("rb") as handle:
        template = read_po(handle)
    catalog = Catalog(locale=language)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            catalog.add(message.id, (pseudo(message.id[1]),), context=message.context)
        else:
            catalog.add(message.id, pseudo(message.id), context=message.context)
    target = folder / language / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / f"{i18n.DOMAIN}.mo").open("wb") as handle:
        write_mo(handle, catalog)
    return folder


def install(monkeypatch: pytest.MonkeyPatch, folder: Path, language: str = "ko") -> None:
    """Make ``language`` the pseudo-language: ``i18n.use`` reads its catalogs from ``folder``
    (the palette's switch included) until the test ends."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", build(folder, language))
    i18n.use(language)
