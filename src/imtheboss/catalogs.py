"""The translation catalogs' tool: ``python -m imtheboss.catalogs extract|update|compile|check``.

Every text a player reads is a gettext message; this tool keeps the files that carry them
in step with the source:

- ``extract`` reads every ``_``, ``N_``, ``ngettext`` and ``pgettext`` call in the package
  into ``locale/imtheboss.pot``, sorted, without line numbers or dates, so that the file only
  changes in git when a message changes;
- ``update [--lang X]`` merges the template into each language's ``.po`` (new messages empty,
  gone ones dropped, changed ones marked fuzzy for the translator);
- ``compile [--lang X]`` writes the ``.mo`` beside each ``.po`` (both are committed: the
  runtime reads ``.mo`` with the stdlib and never needs Babel);
- ``check [--lang X]`` lists untranslated and fuzzy messages, placeholders that differ from
  the source, entries the template no longer has and ``.mo`` files older than their ``.po``.

Babel is imported lazily (a ``test`` extra): a player's install never needs it.
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from imtheboss.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from imtheboss.messages import POSSESSIVE

if TYPE_CHECKING:  # pragma: no cover - typing only
    from babel.messages.catalog import Catalog, Message

PACKAGE_DIR = Path(__file__).parent
POT = LOCALE_DIR / f"{DOMAIN}.pot"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")

# Plural rules as each language writes them (not Babel's CLDR guess: Spanish has no
# separate "many" form in our texts, Chinese and Korean have no plural at all).
PLURAL_FORMS: dict[str, tuple[int, str]] = {
    "es": (2, "(n != 1)"),
    "sv": (2, "(n != 1)"),
    "zh": (1, "0"),
    "ko": (1, "0"),
}
# The ``Language:`` header: Chinese is traditional, as in the Chinese rulebook.
LOCALE_NAMES = {"es": "es", "sv": "sv", "zh": "zh_Hant", "ko": "ko"}
TEAM_NAMES = {"es": "Español", "sv": "Svenska", "zh": "繁體中文", "ko": "한국어"}

KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "NC_": ((1, "c"), 2),
    "N_plural": (1, 2),
    # The engine's ``errors.plural(singular, plural, n, **params)``: a Msg with a count.
    "plural": (1, 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}
COMMENT_TAGS = ("Translators:",)

HEADER_COMMENT = (
    "# Messages of imtheboss, the terminal I'm the Boss!\n"
    "# This file is distributed under the same license as the imtheboss package (MIT).\n"
    "#"
)
# Header lines that would change on every run (dates, the tool's version): left out so the
# files change in git only when a message does.
_UNSTABLE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date|Generated-By): .*"\n', re.M)

_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGoc%]")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


# --- placeholders -------------------------------------------------------------------------


def brace_fields(text: str) -> frozenset[str] | None:
    """The ``{name}`` fields of ``text``, or None when it is not a valid brace format.
    ``{player_gen}`` (the language's possessive of ``{player}``, ``messages.fill``) counts as
    ``{player}``: a catalog may write either where the English writes ``{player}'s``."""
    counted = brace_counts(text)
    return None if counted is None else frozenset(counted)


def brace_counts(text: str) -> Counter[str] | None:
    """How many times each ``{name}`` field is used in ``text`` (a translation that drops
    the second ``{seed}`` of "--seed {seed}" drops what the player needs to type)."""
    try:
        return Counter(
            field.split(".")[0].split("[")[0].removesuffix(POSSESSIVE)
            for _, field, _, _ in string.Formatter().parse(text)
            if field is not None
        )
    except ValueError:
        return None


#: A command-line option in a message ("--seed 7 deals this game again"): a translation
#: keeps it as it is (options stay English in every language).
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def options(text: str) -> Counter[str]:
    return Counter(_OPTION.findall(text))


def percent_fields(text: str) -> tuple[str, ...]:
    """The ``%(name)s`` / ``%s`` conversions of ``text`` (argparse's own messages), sorted."""
    found = []
    for match in _PERCENT.finditer(text):
        if match.group(0) == "%%":
            continue
        found.append(match.group(1) or "%" + match.group(0)[-1])
    return tuple(sorted(found))


def placeholders(text: str, flags: Iterable[str]) -> object:
    """What a translation of ``text`` must keep: brace fields or percent conversions."""
    flags = set(flags)
    if "python-format" in flags:
        return percent_fields(text)
    if "python-brace-format" in flags:
        return brace_fields(text)
    return frozenset()


def _is_brace_format(text: str) -> bool:
    fields = brace_fields(text)
    return bool(fields) or (fields is not None and "{{" in text)


# --- reading and writing ------------------------------------------------------------------


def _read(path: Path, locale: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


def serialise(catalog: Catalog) -> bytes:
    """``catalog`` as the ``.po``/``.pot`` text this tool writes: sorted, no line numbers, no
    dates, no tool version."""
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=100,
        sort_output=True,
        ignore_obsolete=True,
        include_lineno=False,
    )
    return _UNSTABLE.sub(b"", buffer.getvalue())


def _write(path: Path, catalog: Catalog) -> bool:
    """Write ``catalog`` to ``path``; True when the file changed."""
    data = serialise(catalog)
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _set_plural_forms(catalog: Catalog, lang: str) -> None:
    count, expr = PLURAL_FORMS[lang]
    headers = [(k, v) for k, v in catalog.mime_headers if k.lower() != "plural-forms"]
    headers.append(("Plural-Forms", f"nplurals={count}; plural={expr};"))
    catalog.mime_headers = headers


def build_template(root: Path = PACKAGE_DIR) -> Catalog:
    """Every message of the package as a template catalog (what ``extract`` writes)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(
        domain=DOMAIN,
        project="imtheboss",
        version="0.1",
        header_comment=HEADER_COMMENT,
        charset="utf-8",
        fuzzy=False,
    )
    base = root.parent.parent if root == PACKAGE_DIR else root
    for filename, lineno, message, comments, context in extract_from_dir(
        root,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        path = (root / filename).relative_to(base).as_posix()
        texts = message if isinstance(message, tuple) else (message,)
        flags = ["python-brace-format"] if any(_is_brace_format(t) for t in texts if t) else []
        if any(percent_fields(t) or "%%" in t for t in texts if t) and not flags:
            flags = ["python-format"]
        catalog.add(
            message,
            locations=[(path, lineno)],
            auto_comments=comments,
            context=context,
            flags=flags,
        )
    # Babel adds python-format from its own guess; one flag per message, ours.
    for msg in catalog:
        if not msg.id:
            continue
        if "python-brace-format" in msg.flags:
            msg.flags.discard("python-format")
    return catalog


def extract() -> bool:
    return _write(POT, build_template())


def new_catalog(lang: str) -> Catalog:
    """An empty catalog for ``lang`` with the proper headers (made once per language)."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        locale=LOCALE_NAMES[lang],
        domain=DOMAIN,
        project="imtheboss",
        version="0.1",
        header_comment=HEADER_COMMENT,
        last_translator="imtheboss translators",
        language_team=TEAM_NAMES[lang],
        charset="utf-8",
        fuzzy=False,
    )
    _set_plural_forms(catalog, lang)
    return catalog


def update(langs: Sequence[str], *, create: bool = False) -> list[str]:
    """Merge the template into each language; ``create`` makes a missing ``.po`` first."""
    template = _read(POT)
    changed = []
    for lang in langs:
        path = po_path(lang)
        if path.exists():
            catalog = _read(path, locale=LOCALE_NAMES[lang])
        elif create:
            catalog = new_catalog(lang)
        else:
            raise SystemExit(f"{path} does not exist (run: init {lang})")
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        catalog.header_comment = HEADER_COMMENT
        _set_plural_forms(catalog, lang)
        if _write(path, catalog):
            changed.append(lang)
    return changed


#: The dates Babel puts in a compiled header (the .po has none): fixed, so that compiling
#: the same .po twice gives the same bytes.
_FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def compiled(lang: str) -> bytes:
    """The ``.mo`` of ``lang``'s ``.po``, as ``compile`` writes it."""
    from babel.messages.mofile import write_mo

    catalog = _read(po_path(lang), locale=LOCALE_NAMES[lang])
    catalog.creation_date = _FIXED_DATE
    catalog.revision_date = _FIXED_DATE
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_mo(langs: Sequence[str]) -> list[str]:
    changed = []
    for lang in langs:
        data = compiled(lang)
        path = mo_path(lang)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            changed.append(lang)
    return changed


# --- checking -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    lang: str
    kind: str  # untranslated | fuzzy | placeholders | obsolete | stale-mo | plural-forms
    msgid: str

    def __str__(self) -> str:
        return f"{self.lang}: {self.kind}: {self.msgid!r}"


def _msgid_key(message: Message) -> tuple[str, str | None]:
    ident = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return (ident, message.context)


def translation_problems(
    lang: str, catalog: Catalog, template: Catalog | None = None
) -> list[Problem]:
    """What a translator still has to do in ``catalog`` (and what the template disowns)."""
    problems: list[Problem] = []
    count, expr = PLURAL_FORMS[lang]
    if catalog.num_plurals != count or catalog.plural_expr.replace(" ", "") != expr.replace(
        " ", ""
    ):
        problems.append(Problem(lang, "plural-forms", catalog.plural_forms))
    wanted = {_msgid_key(m) for m in template if m.id} if template is not None else None
    for message in catalog:
        if not message.id:
            continue
        key = _msgid_key(message)
        if wanted is not None and key not in wanted:
            problems.append(Problem(lang, "obsolete", key[0]))
            continue
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if not all(strings):
            problems.append(Problem(lang, "untranslated", key[0]))
            continue
        if message.fuzzy:
            problems.append(Problem(lang, "fuzzy", key[0]))
        if not _placeholders_match(message):
            problems.append(Problem(lang, "placeholders", key[0]))
    if wanted is not None:
        have = {_msgid_key(m) for m in catalog if m.id}
        problems.extend(Problem(lang, "untranslated", k[0]) for k in sorted(wanted - have, key=str))
    return problems


def _placeholders_match(message: Message) -> bool:
    """A translation keeps exactly the source's placeholders, as many times as the source
    uses each, and its command-line options; a plural form keeps at least the singular's
    placeholders and nothing the source does not have (``{n}`` may be spelled out in a
    singular form)."""
    flags = message.flags
    if isinstance(message.id, tuple | list):
        singular = placeholders(message.id[0], flags)
        plural = placeholders(message.id[1], flags)
        for text in message.string or ():
            got = placeholders(text, flags)
            if isinstance(got, frozenset) and isinstance(singular, frozenset):
                assert isinstance(plural, frozenset)
                if not (got <= singular | plural and singular <= got):
                    return False
            elif got not in (singular, plural):
                return False
        return True
    text = str(message.string or "")
    if options(text) != options(message.id):
        return False
    if "python-brace-format" in set(flags):
        return brace_counts(text) == brace_counts(message.id)
    return placeholders(text, flags) == placeholders(message.id, flags)


def mo_matches(lang: str) -> bool:
    """The compiled ``.mo`` says what the ``.po`` says (its non-fuzzy translations)."""
    path = mo_path(lang)
    return path.exists() and path.read_bytes() == compiled(lang)


def check(langs: Sequence[str]) -> list[Problem]:
    template = _read(POT)
    problems: list[Problem] = []
    for lang in langs:
        path = po_path(lang)
        if not path.exists():
            problems.append(Problem(lang, "missing", str(path)))
            continue
        problems.extend(translation_problems(lang, _read(path, LOCALE_NAMES[lang]), template))
        if not mo_matches(lang):
            problems.append(Problem(lang, "stale-mo", str(mo_path(lang))))
    return problems


# --- command line ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m imtheboss.catalogs",
        description="Keep the translation catalogs in step with the source.",
    )
    parser.add_argument(
        "command", choices=("extract", "init", "update", "compile", "check"), help="what to do"
    )
    parser.add_argument(
        "--lang", choices=TRANSLATED, action="append", help="one language (repeatable)"
    )
    args = parser.parse_args(argv)
    langs: list[str] = args.lang or list(TRANSLATED)
    if args.command == "extract":
        print(f"{POT}: {'written' if extract() else 'unchanged'}")
    elif args.command == "init":
        missing = [lang for lang in langs if not po_path(lang).exists()]
        for lang in update(missing, create=True):
            print(f"{po_path(lang)}: created")
    elif args.command == "update":
        changed = update(langs)
        for lang in langs:
            print(f"{po_path(lang)}: {'updated' if lang in changed else 'unchanged'}")
    elif args.command == "compile":
        changed = compile_mo(langs)
        for lang in langs:
            print(f"{mo_path(lang)}: {'written' if lang in changed else 'unchanged'}")
    else:
        problems = check(langs)
        for problem in problems:
            print(problem)
        summary = Counter(f"{problem.lang} {problem.kind}" for problem in problems)
        for key, n in sorted(summary.items()):
            print(f"{key}: {n}", file=sys.stderr)
        if not problems:
            print("All catalogs complete.")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
