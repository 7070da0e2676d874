"""Issue 11: every word a player reads comes from a catalog, in five languages.

Two kinds of tests. The catalogs' own: the template holds every message of the source, each
language translates every one of them (these fail until the translators are done: that is
their to-do list), with the source's placeholders, and nothing else; the ``.mo`` files are the
``.po`` files compiled; each rules document has the English one's IDs. And the mechanism's,
with a pseudo-translation compiled in the test ("«" + message + "»" for every message of the
template): a text a command prints that does not come through the catalog shows up without
its guillemets, whatever the state of the real translations.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from imtheboss import catalogs, i18n
from imtheboss.cli import chosen_language, main
from imtheboss.engine import errors
from imtheboss.engine.errors import IllegalAction, msg, plural
from imtheboss.rulebook import rule_ids, rules_filename

ROOT = Path(__file__).resolve().parents[1]
DISPUTE = ROOT / "docs" / "examples" / "st2-stop-a-stop.txt"
STOP_A_STOP = "A stop cannot cancel a stop"
TRANSLATED = catalogs.TRANSLATED


def _po(lang: str) -> Catalog:
    with catalogs.po_path(lang).open("rb") as fh:
        return read_po(fh, locale=catalogs.LOCALE_NAMES[lang])


def _pot() -> Catalog:
    with catalogs.POT.open("rb") as fh:
        return read_po(fh)


# --- the catalogs ---------------------------------------------------------------------------


def test_the_template_is_up_to_date_with_the_source() -> None:
    """Run ``python -m imtheboss.catalogs extract`` (then ``update --lang X`` for each
    language) when this fails: a message was added, changed or removed."""
    fresh = catalogs.serialise(catalogs.build_template())
    assert catalogs.POT.read_bytes() == fresh


def test_the_template_has_no_dates_and_flags_brace_formats() -> None:
    text = catalogs.POT.read_text(encoding="utf-8")
    assert "POT-Creation-Date" not in text
    assert not re.search(r"^#: .*:\d+$", text, re.M), "line numbers make the file churn"
    template = _pot()
    brace = template.get("It is {player}'s turn")
    assert brace is not None and "python-brace-format" in brace.flags
    assert template.get(STOP_A_STOP) is not None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    """The translators' to-do list: every message of the template, translated, not fuzzy."""
    problems = [
        p
        for p in catalogs.translation_problems(lang, _po(lang), _pot())
        if p.kind in ("untranslated", "fuzzy")
    ]
    assert not problems, f"{len(problems)} to do, first: " + "; ".join(map(str, problems[:5]))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders_and_plural_forms(lang: str) -> None:
    problems = [
        p
        for p in catalogs.translation_problems(lang, _po(lang), _pot())
        if p.kind in ("placeholders", "plural-forms")
    ]
    assert not problems, "; ".join(map(str, problems))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_holds_a_message_nothing_uses(lang: str) -> None:
    problems = [
        p for p in catalogs.translation_problems(lang, _po(lang), _pot()) if p.kind == "obsolete"
    ]
    assert not problems, "; ".join(map(str, problems))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_mo_files_are_the_po_files_compiled(lang: str) -> None:
    """Run ``python -m imtheboss.catalogs compile`` when this fails."""
    assert catalogs.mo_matches(lang)
    with catalogs.mo_path(lang).open("rb") as fh:
        compiled = read_mo(fh)
    # Keyed by context too: "Start" (the replay's) and "Start" (a button) are two messages.
    shipped = {(m.context, _hashable(m.id)): _hashable(m.string) for m in compiled if m.id}
    for message in _po(lang):
        translation = _hashable(message.string)
        if message.id and not message.fuzzy and translation and all(_hashable(translation)):
            key = (message.context, _hashable(message.id))
            assert shipped.get(key) == translation, message.id


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list | tuple) else value


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("es", "nplurals=2; plural=(n != 1);"),
        ("sv", "nplurals=2; plural=(n != 1);"),
        ("zh", "nplurals=1; plural=0;"),
        ("ko", "nplurals=1; plural=0;"),
    ],
)
def test_plural_forms_are_each_languages(lang: str, forms: str) -> None:
    assert f'"Plural-Forms: {forms}\\n"' in catalogs.po_path(lang).read_text(encoding="utf-8")


def _checked(entries: list[tuple[Any, Any, str]], lang: str = "es") -> list[str]:
    catalog = Catalog(locale=catalogs.LOCALE_NAMES[lang], fuzzy=False)
    catalogs._set_plural_forms(catalog, lang)
    template = Catalog(fuzzy=False)
    for source, translation, flag in entries:
        catalog.add(source, translation, flags=[flag])
        template.add(source, flags=[flag])
    return [p.kind for p in catalogs.translation_problems(lang, catalog, template)]


def test_the_checker_sees_placeholders_that_differ() -> None:
    brace = "python-brace-format"
    assert _checked([("{n} cards", "{n} cartas", brace)]) == []
    assert _checked([("{n} cards", "{m} cartas", brace)]) == ["placeholders"]
    assert _checked([("{who} has {n}", "tiene {n}", brace)]) == ["placeholders"]
    assert _checked([("usage: %(prog)s", "uso: %(prog)s", "python-format")]) == []
    assert _checked([("expected %s", "esperado", "python-format")]) == ["placeholders"]
    # A plural form may spell the singular's number out, never invent a placeholder.
    pair = ("one card", "{n} cards")
    assert _checked([(pair, ("una carta", "{n} cartas"), brace)]) == []
    assert _checked([(pair, ("una carta", "{k} cartas"), brace)]) == ["placeholders"]
    assert _checked([(("{n} card", "{n} cards"), ("카드 {n}장",), brace)], "ko") == []
    assert _checked([("{n} cards", "", brace)]) == ["untranslated"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_rules_document_has_the_english_ids(lang: str) -> None:
    english = rule_ids((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    path = ROOT / "docs" / rules_filename(lang)
    assert path.is_file(), f"{path.name} is not written yet"
    assert rule_ids(path.read_text(encoding="utf-8")) == english


def test_every_rules_document_is_packaged() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for lang in i18n.LANGUAGES:
        name = rules_filename(lang)
        assert f'"docs/{name}" = "imtheboss/docs/{name}"' in pyproject


# --- choosing the language ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "es_MX"}, "es"),
        ({"LC_MESSAGES": "sv_SE.UTF-8", "LANG": "ko_KR.UTF-8"}, "sv"),
        ({"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "sv_SE", "LANG": "ko_KR"}, "es"),
        ({"LANGUAGE": "ko", "LC_ALL": "es_ES.UTF-8", "LANG": "sv_SE"}, "ko"),
        # LANGUAGE is a list: the first language the program speaks wins.
        ({"LANGUAGE": "fr_FR:sv_SE:es", "LANG": "ko_KR"}, "sv"),
        # C, POSIX and empty values say nothing: the next variable decides.
        ({"LANGUAGE": "", "LC_ALL": "C", "LC_MESSAGES": "POSIX", "LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LC_ALL": "C.UTF-8", "LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "C"}, "en"),
        # A language the program does not speak is English, not the next variable's.
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "ko_KR.UTF-8"}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "zh_HK.UTF-8"}, "zh"),
        ({"LANG": "zh_Hant_TW"}, "zh"),
        ({"LANGUAGE": "zh-Hant"}, "zh"),
        # Simplified locales get the one Chinese there is (traditional), not English.
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "ko_KR.eucKR@euro"}, "ko"),
    ],
)
def test_the_environment_names_the_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.language_from_env(environ) == expected


def test_lang_wins_over_the_environment() -> None:
    env = {"LANG": "ko_KR.UTF-8"}
    assert chosen_language(["board", "--lang", "sv"], env) == ("sv", None)
    assert chosen_language(["--lang=es", "board"], env) == ("es", None)
    assert chosen_language(["board"], env) == ("ko", None)
    assert chosen_language(["check", "--", "--lang"], env) == ("ko", None)
    assert chosen_language(["board", "--lang", "fr"], env) == ("ko", "fr")


@pytest.mark.parametrize("argv", [["--lang", "fr", "board"], ["board", "--lang=de"]])
def test_an_unknown_lang_is_one_sentence_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for code in i18n.LANGUAGES:
        assert f"{code} (" in err


# --- the mechanism, with a pseudo-translation -----------------------------------------------

PSEUDO = re.compile(r"«.*?»", re.S)
INNERMOST = re.compile(r"«[^«»]*»")


def _pseudo(text: str) -> str:
    # Keep a trailing newline outside the marks, as argparse's error line needs it.
    body = text.rstrip("\n")
    return f"«{body}»" + text[len(body) :]


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Compile every message of the template as «message» for a language, and read the
    catalogs from there."""

    def make(lang: str) -> None:
        catalog = Catalog(locale=catalogs.LOCALE_NAMES[lang], domain=i18n.DOMAIN, fuzzy=False)
        catalogs._set_plural_forms(catalog, lang)
        for message in _pot():
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                forms = catalog.num_plurals
                string: Any = tuple(_pseudo(message.id[min(i, 1)]) for i in range(forms))
                if forms == 1:
                    string = (_pseudo(message.id[1]),)
            else:
                string = _pseudo(message.id)
            catalog.add(message.id, string, context=message.context, flags=message.flags)
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with (folder / f"{i18n.DOMAIN}.mo").open("wb") as fh:
            write_mo(fh, catalog)

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setenv("COLUMNS", "200")
    return make


def test_explain_translates_a_refusal_and_its_words(pseudo: Callable[[str], None]) -> None:
    pseudo("es")
    i18n.use("es")
    error = IllegalAction("ST2", errors.Msg(errors.N_(STOP_A_STOP)))
    assert error.reason == STOP_A_STOP  # the engine's English is untouched
    assert i18n.explain(error) == "««A stop cannot cancel a stop» (ST2)»"
    nested = msg(errors.N_("The {colour} investor is unowned"), colour=errors.Msg("red"))
    assert i18n.render(nested) == "«The «red» investor is unowned»"
    assert str(nested) == "The red investor is unowned"
    # Player names pass through as they are.
    named = msg(errors.N_("It is {player}'s turn"), player="정훈")
    assert i18n.render(named) == "«It is 정훈's turn»"


def test_plurals_follow_each_languages_forms(pseudo: Callable[[str], None]) -> None:
    one, many = (
        "{player} must discard exactly {n} card to reach {limit}",
        ("{player} must discard exactly {n} cards to reach {limit}"),
    )
    for n in (1, 2):
        m = plural(one, many, n, player="Ann", n=n, limit=12)
        assert str(m) == (one if n == 1 else many).format(player="Ann", n=n, limit=12)
    pseudo("ko")
    i18n.use("ko")
    # Korean has one form: the plural's, for every count.
    assert i18n.render(plural(one, many, 1, player="A", n=1, limit=12)).startswith(
        "«A must discard exactly 1 cards"
    )


def test_check_lang_es_prints_the_translated_reason_with_the_rule(
    pseudo: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    pseudo("es")
    assert main(["check", "--lang", "es", str(DISPUTE)]) == 1
    out = capsys.readouterr().out
    assert "ST2" in out
    assert "«A stop cannot cancel a stop»" in out
    assert STOP_A_STOP not in PSEUDO.sub("", out)


def _json_check(lang: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["check", "--json", "--lang", lang, str(DISPUTE)]) == 1
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _shape(value: Any) -> Any:
    """Keys, rule IDs and numbers as they are; any other text reduced to its type."""
    if isinstance(value, dict):
        return {k: (v if k in ("rule", "text") else _shape(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return value if not isinstance(value, str) else "<text>"


def test_check_json_keeps_its_keys_and_ids_in_every_language(
    pseudo: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    english = _json_check("en", capsys)
    assert english["first_illegal"]["reason"] == STOP_A_STOP
    for lang in TRANSLATED:
        pseudo(lang)
        other = _json_check(lang, capsys)
        assert _shape(other) == _shape(english)
        assert other["first_illegal"]["rule"] == "ST2"
        assert other["first_illegal"]["reason"] == f"«{STOP_A_STOP}»"
        # The outcome is data in the notation's words, the same in every language.
        assert other["result"] == english["result"]


def test_lang_from_the_environment_without_lang(
    pseudo: Callable[[str], None],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pseudo("sv")
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert main(["board"]) == 0
    out = capsys.readouterr().out
    assert "«Deal tiles, top of the stack first»" in out
    assert "«space»" in out


def _english_words(text: str, allowed: set[str]) -> set[str]:
    """Words of three letters or more outside «…» (nested ones too)."""
    rest, before = text, None
    while rest != before:
        before, rest = rest, INNERMOST.sub(" ", rest)
    rest = re.sub(r"--?[a-z][\w-]*", " ", rest)
    return {w for w in re.findall(r"[A-Za-z]{3,}", rest) if w not in allowed}


COMMANDS = ["play", "replay", "simulate", "board", "check", "rules", "join", "web"]
#: Words that are the command line's own: command names, choices, metavars that are symbols.
KEYWORDS = {"imtheboss", *COMMANDS, "random", "alphabetical", "dealer", "shark", "LANG"}


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_help_is_wholly_translated(
    command: list[str], pseudo: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    pseudo("zh")
    with pytest.raises(SystemExit) as done:
        main(["--lang", "zh", *command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "«usage: »" in out and "«options»" in out
    assert _english_words(out, KEYWORDS) == set()


def test_argparse_errors_are_translated(
    pseudo: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    pseudo("ko")
    with pytest.raises(SystemExit) as done:
        main(["--lang", "ko", "simulate", "--games", "0"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert _english_words(err, KEYWORDS | {"games"}) == set(), err
    with pytest.raises(SystemExit):
        main(["--lang", "ko", "board", "--frobnicate"])
    assert "«unrecognized arguments: %s»".replace("%s", "--frobnicate") in capsys.readouterr().err


def test_board_and_simulate_tables_are_translated(
    pseudo: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    pseudo("es")
    assert main(["--lang", "es", "board"]) == 0
    board = capsys.readouterr().out
    allowed = {"RBYPOG"}
    assert _english_words(board, allowed) == set(), board
    assert main(["--lang", "es", "simulate", "--games", "2", "--players", "3"]) == 0
    table = capsys.readouterr().out
    assert _english_words(table, {"dealer"}) == set(), table


def test_the_check_report_is_wholly_translated(
    pseudo: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    """Outside the file's own lines (the notation keeps its English keywords) and the names
    of the players, not one English word."""
    pseudo("ko")
    assert main(["check", "--lang", "ko", str(DISPUTE)]) == 1
    out = capsys.readouterr().out
    notation = DISPUTE.read_text(encoding="utf-8")
    own = set(re.findall(r"[A-Za-z]{3,}", notation + str(DISPUTE)))
    assert _english_words(out, own) == set()


# --- the real catalogs (they pass once the translators are done) ----------------------------


def _real(lang: str, message: str) -> str:
    with catalogs.mo_path(lang).open("rb") as fh:
        compiled = read_mo(fh)
    entry = compiled.get(message)
    translated = entry.string if entry is not None else ""
    assert isinstance(translated, str) and translated, f"{lang}: {message!r} is not translated"
    return translated


def test_check_lang_es_with_the_spanish_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    spanish = _real("es", STOP_A_STOP)
    assert main(["check", "--json", "--lang", "es", str(DISPUTE)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["first_illegal"] == {
        "line": 16,
        "text": "Bob: stop",
        "rule": "ST2",
        "reason": spanish,
    }


def test_lang_sv_from_the_environment_with_the_swedish_catalog(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    swedish = _real("sv", "Deal tiles, top of the stack first")
    assert swedish != "Deal tiles, top of the stack first"
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert main(["board"]) == 0
    assert swedish in capsys.readouterr().out


def test_the_runtime_reads_mo_without_babel() -> None:
    """The player's install has no Babel: i18n and the catalogs' .mo are enough."""
    source = (ROOT / "src" / "imtheboss" / "i18n.py").read_text(encoding="utf-8")
    assert "babel" not in source.lower()
    for lang in TRANSLATED:
        assert catalogs.mo_path(lang).is_file()


def test_the_pot_lists_argparse_words_once() -> None:
    template = _pot()
    for word in ("usage: ", "options", "positional arguments", "show this help message and exit"):
        entry = template.get(word)
        assert entry is not None, word


def test_the_packaged_boards_name_is_in_the_catalog() -> None:
    from imtheboss.board_command import DEFAULT_BOARD_NAME
    from imtheboss.engine import default_board

    assert default_board().name == DEFAULT_BOARD_NAME
    assert _pot().get(DEFAULT_BOARD_NAME) is not None


def test_a_notation_error_names_line_and_column_in_the_tables_language(
    pseudo: Callable[[str], None], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pseudo("sv")
    bad = tmp_path / "bad.txt"
    bad.write_text("players: Ann, Bob, Cy\nseed: 1\n\nAnn: dance\n", encoding="utf-8")
    assert main(["check", "--lang", "sv", str(bad)]) == 2
    out = capsys.readouterr().out
    assert "«line 4, column 6: «unknown action 'dance'" in out
    assert (
        _english_words(out, {"bad", "txt", "dance", *re.findall(r"[a-z]+", str(tmp_path))}) == set()
    )


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_rules_are_read_in_the_tables_language_or_english(lang: str) -> None:
    from imtheboss.rulebook import rules_document

    english = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    own = ROOT / "docs" / rules_filename(lang)
    expected = own.read_text(encoding="utf-8") if own.is_file() else english
    assert rules_document(lang) == expected


def test_translator_comments_reach_the_template() -> None:
    entry = _pot().get("usage: ")
    assert entry is not None
    assert any("keep the space" in c for c in entry.auto_comments)


# --- the tool and the habit -----------------------------------------------------------------


def test_update_merges_the_template_and_compile_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``update`` keeps translations, adds new messages empty, drops the ones gone, and keeps
    the language's plural forms; ``compile`` writes what ``check`` then finds in step."""
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogs, "POT", tmp_path / "imtheboss.pot")

    def template(*ids: Any) -> None:
        pot = Catalog(fuzzy=False)
        for ident in ids:
            pot.add(ident, flags=["python-brace-format"])
        catalogs.POT.write_bytes(catalogs.serialise(pot))

    template("Kept {n}", "Gone")
    assert catalogs.update(["ko"], create=True) == ["ko"]
    po = catalogs.po_path("ko")
    assert '"Plural-Forms: nplurals=1; plural=0;\\n"' in po.read_text(encoding="utf-8")
    catalog = _po_at(po)
    catalog["Kept {n}"].string = "유지 {n}"
    po.write_bytes(catalogs.serialise(catalog))
    template("Kept {n}", ("New {n} card", "New {n} cards"))
    catalogs.update(["ko"])
    merged = _po_at(po)
    assert merged.get("Gone") is None
    assert merged["Kept {n}"].string == "유지 {n}"
    new = merged.get("New {n} card")
    assert new is not None and new.string in ("", ("",))
    assert "POT-Creation-Date" not in po.read_text(encoding="utf-8")
    catalogs.compile_mo(["ko"])
    assert catalogs.mo_matches("ko")
    assert [(p.kind, p.msgid) for p in catalogs.check(["ko"])] == [("untranslated", "New {n} card")]
    assert catalogs.compile_mo(["ko"]) == []  # the same .po compiles to the same bytes


def _po_at(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale="ko")


def test_errors_outside_the_ui_are_raised_with_messages_not_text() -> None:
    """A refusal written as a plain or f-string could not be translated: the engine, the
    notation, the names and the files raise their errors with a Msg (``msg(N_(…), …)``)."""
    import ast

    checked = {
        "IllegalAction": 1,
        "PositionError": 0,
        "BoardFileError": 0,
        "MsgError": 0,
        "NameRefused": 0,
        "NotationError": 2,
        "UnreadableFile": 1,
    }
    found = 0
    for path in sorted((ROOT / "src" / "imtheboss").rglob("*.py")):
        if "tui" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            position = checked.get(node.func.id)
            if position is None or len(node.args) <= position:
                continue
            found += 1
            argument = node.args[position]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            assert not isinstance(argument, ast.JoinedStr), f"{where}: an f-string"
            assert not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)), (
                f"{where}: a plain string"
            )
    assert found > 100


@pytest.mark.parametrize("lang", ["ko", "zh"])
@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_help_fits_80_columns_in_cells(
    lang: str,
    command: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """argparse measures with len(); a Hangul or Han character takes two cells. At 80 columns no
    line of --help may be wider, and every option's help starts in the same column."""
    from rich.cells import cell_len

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["--lang", lang, *command, "--help"])
    lines = capsys.readouterr().out.splitlines()
    assert max(map(cell_len, lines)) <= 80, "\n".join(lines)
    starts = set()
    for line in lines:
        found = re.match(r"^  (-\S+(?: \S+)?)( {2,})\S", line)
        if found:
            starts.add(cell_len(found.group(1)) + len(found.group(2)))
    assert len(starts) == 1, "\n".join(lines)  # one column for every option's help


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("kind", ["dealer", "random", "shark"])
def test_computer_players_are_named_in_the_tables_language(lang: str, kind: str) -> None:
    """A Korean table seats 딜러1, not Dealer1; the names pass the one name rule, so the save
    keeps them and the game resumes in any language."""
    from imtheboss.names import name_problem
    from imtheboss.table_settings import TableSettings

    i18n.use(lang)
    names = TableSettings(bots=2, bot_kind=kind).bot_names(("정훈",))
    base = names[0][:-1]
    assert names == (f"{base}1", f"{base}2")
    assert all(name_problem(name) is None for name in names)
    assert (base == kind.capitalize()) is (lang == "en"), base
