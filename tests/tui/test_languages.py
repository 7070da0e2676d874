"""The table in five languages: every word on screen passes through the catalogs, a switch in
the middle of a game redraws everything (the log's past lines included), and nothing English
is left on a Korean table outside the players' names and the rule IDs.

Two kinds of catalog: a pseudo-language (``pseudo_locale``: every message of the template with
its letters made Hangul) tests the program — a text that never went through gettext stays
Latin and is found; the real catalogs test the translations (those tests pass once the
translators' catalogs are complete, and their snapshots are taken from them).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pseudo_locale import install, pseudo
from rich.cells import cell_len
from rich.console import Console, Group
from rich.segment import Segment
from rich.text import Text
from test_snapshots import negotiation
from textual.widgets import Static
from tuikit import Driver, Policy, log_text, run, screen_text, settings

from imtheboss import i18n
from imtheboss.bots.random_play import random_steps
from imtheboss.engine.actions import Ask, Offer
from imtheboss.engine.begin import start
from imtheboss.engine.cards import Card
from imtheboss.engine.game import check_close
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import Phase
from imtheboss.engine.view import view
from imtheboss.notation import to_line
from imtheboss.session import GameSession
from imtheboss.table_settings import TableSettings
from imtheboss.tui.app import BossApp
from imtheboss.tui.labels import card_text
from imtheboss.tui.log import move_line
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.language import LanguageDialog
from imtheboss.tui.screens.legend import LegendScreen, legend_text
from imtheboss.tui.screens.private import PrivatePanel
from imtheboss.tui.screens.table import TableScreen
from imtheboss.tui.widgets.board import space_text
from imtheboss.tui.widgets.log_view import LogView, Wrapped, wrap_points


async def switch_to_korean_from_the_palette(pilot: Any, app: BossApp) -> None:
    """Ctrl+P → Language… → the last of the five, 한국어: as a player switches mid-game."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"Language")
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, LanguageDialog), app.screen
    await pilot.press("end", "enter")
    await pilot.pause(0.3)
    assert i18n.language() == "ko"


KOREAN_NAMES = ("정훈", "세연", "재영", "신영")
NAMES = ("Ann", "Bob", "Cy", "Di")

#: Latin words a Korean table may show, and why:
#: - the colour letters R B Y P O G, alone or in a space's code (RBY+2:POG): the letter is shown
#:   with every colour so nobody depends on the hue, and the board's codes are the same in
#:   every language (the legend explains them);
#: - the names of keys as they are printed on a keyboard (Enter, Esc(ape), Alt, Ctrl, Textual's
#:   footer spelling of them), and single letters: the keys to press (m, d, r, w, p, q, y, n);
#: - "M" of "$12M" is a single letter too;
#: - a command-line option (``--seed 1556`` on the score screen): it is typed as it is, in
#:   every language.
KEY_NAMES = {"Enter", "Esc", "Escape", "Alt", "Ctrl", "esc", "enter", "ctrl", "tab", "shift"}
KEY_NAMES |= {"home", "end", "pgup", "pgdn"}
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*[0-9]*")
_RULE_ID = re.compile(r"[A-Z]{1,2}[0-9]+|[Ff][0-9]{1,2}")
_COLOUR_CODE = re.compile(r"[RBYPOG]+")
_OPTION = re.compile(r"--[a-z][a-z-]*")


def english_words(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of ``text`` that are neither a player's name, a rule ID, a colour code,
    a key's name nor a single letter."""
    for name in names:
        text = text.replace(name, " ")
    text = _OPTION.sub(" ", text)
    found = []
    for word in _WORD.findall(text):
        if len(word) == 1 or word in KEY_NAMES:
            continue
        if _RULE_ID.fullmatch(word) or _COLOUR_CODE.fullmatch(word):
            continue
        found.append(word)
    return found


def test_the_checker_finds_english() -> None:
    """The allow-list lets rule IDs, colour codes and keys through, and nothing else."""
    assert english_words("정훈: ST2 RBY+2:POG Alt+1 F1 $3M m --seed 7") == []
    assert english_words("Ann plays a card", ("Ann",)) == ["plays", "card"]
    assert english_words(pseudo("Ann plays a travel card (ST2)")) == []


@pytest.fixture
def english() -> Iterator[None]:
    """Each test starts in English and leaves the process in English."""
    i18n.use("en")
    yield
    i18n.use("en")


# -- English stays as it was ----------------------------------------------------------------


def test_the_english_log_says_each_move_as_its_notation(english: None) -> None:
    """In English the log's line of a move is its line of notation, with and without its
    amounts: the words are translatable, the English table reads as before."""
    state = start(Setup(players=NAMES, seed=3))
    kinds = set()
    for before, action, _line, _after in random_steps(state, random.Random(3)):
        kinds.add(action.kind)
        assert move_line(action, before) == to_line(action, before)
        assert move_line(action, before, amounts=False) == to_line(action, before, amounts=False)
    assert {"offer", "ask", "close", "lay_family", "roll", "draw"} <= kinds, kinds


@pytest.mark.parametrize(
    ("language", "offer", "ask"),
    [
        ("es", "{name}: ofrece a {supplier} ${amount}M por ", "{name}: pide ${amount}M por "),
        # Chinese sums are in 萬 (issue 22): $3M is 300萬, and nothing is 0元.
        ("zh", "{name}：出價{wan}給{supplier}，換", "{name}：為"),
    ],
)
def test_a_price_in_the_log_reads_as_money(
    language: str, offer: str, ask: str, english: None
) -> None:
    """Only the English log is the notation, whose prices are bare numbers; another language
    says an offer's or an ask's price as money ("$3M", "300萬"), never a bare "出價3", and a
    price in dividends as dividends ("2 dividendos", "2股")."""
    state = start(Setup(players=NAMES, seed=3))
    seen = set()
    for before, action, _line, _after in random_steps(state, random.Random(3)):
        if not isinstance(action, Offer | Ask):
            continue
        i18n.use(language)
        line = move_line(action, before)
        i18n.use("en")
        assert line is not None
        fields = {
            "name": before.name(action.player),
            "amount": action.price.amount,
            "wan": f"{action.price.amount * 100}萬" if action.price.amount else "0元",
        }
        if action.price.dividends:  # a price in dividends says so
            word = {"es": " dividendo", "zh": "股"}[language]
            assert f"{action.price.amount}{word}" in line, line
            seen.add("dividends")
        elif isinstance(action, Offer):
            fields["supplier"] = before.name(action.supplier)
            assert line.startswith(offer.format(**fields)), line
        else:
            assert line.startswith(ask.format(**fields)), line
            money = "${amount}M" if language == "es" else "開價{wan}"
            assert money.format(**fields) in line, line
        seen.add(action.kind)
    assert seen == {"offer", "ask", "dividends"}, seen


# -- the switch -----------------------------------------------------------------------------


def test_a_language_switch_redraws_everything_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    """From the palette to the pseudo-language and back, in the middle of a negotiation: the
    board, the players, the deal, the footer and the log's past lines change language, the
    game does not change, and English again looks exactly as before."""
    session = negotiation(tmp_path)
    install(monkeypatch, tmp_path / "locale")
    i18n.use("en")

    async def game() -> None:
        app = BossApp(
            TableSettings(names=NAMES, seed=7, save_dir=tmp_path, ask_around=True), session
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            before = screen_text(app)
            log_before = log_text(app)
            actions = list(session.actions)
            assert "Resumed the saved game." in log_before
            await switch_to_korean_from_the_palette(pilot, app)
            text = screen_text(app)
            assert english_words(text, NAMES) == [], text
            log = log_text(app)
            assert "Resumed" not in log and pseudo("Resumed the saved game.") in log, log
            assert pseudo("Roll") not in text  # a key that does nothing now stays hidden
            assert list(session.actions) == actions
            # The legend and the palette (Textual's own commands included) speak it too.
            for keys, shown in ((["l"], "The board"), (["ctrl+p"], "Language…")):
                await pilot.press(*keys)
                await pilot.pause(0.3)
                text = screen_text(app)
                assert pseudo(shown) in text, text
                assert english_words(text, NAMES) == [], text
                await pilot.press("escape")
                await pilot.pause()
            app.action_choose_language()
            await pilot.pause()
            await pilot.press("home", "enter")  # English
            await pilot.pause(0.3)
            assert i18n.language() == "en"
            assert screen_text(app) == before
            assert log_text(app) == log_before

    run(game)


def test_the_names_screen_chooses_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    """Before anyone plays: the language button, then the names typed so far are kept."""
    install(monkeypatch, tmp_path / "locale")
    i18n.use("en")

    async def names() -> None:
        app = BossApp(TableSettings(players=4, save_dir=tmp_path, ask_around=True))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#name-0").value = "정훈"  # type: ignore[attr-defined]
            await pilot.click("#language")
            await pilot.pause()
            assert isinstance(app.screen, LanguageDialog)
            await pilot.press("end", "enter")
            await pilot.pause(0.3)
            text = screen_text(app)
            assert "한국어" in text and "정훈" in text, text
            assert english_words(text, ("Bob", "Cy", "Di")) == [], text

    run(names)


@pytest.mark.parametrize(
    ("language", "title", "call"),
    [("es", "Yo soy el jefe", "«¡Soy el jefe!»"), ("sv", "I'm the BOSS!", "«Jag är bossen!»")],
)
def test_the_games_name_is_not_the_boss_cards_call(
    language: str, title: str, call: str, tmp_path: Path, english: None
) -> None:
    """English writes the game's name and the boss card's call alike; the Spanish and the
    Swedish rulebooks do not ("Yo soy el jefe" on the cover, «¡Soy el jefe!» said with the
    card): the names screen heads with the name, a boss card in hand says the call."""
    i18n.use(language)
    assert call in card_text(Card.BOSS).plain
    assert title not in card_text(Card.BOSS).plain

    async def names() -> None:
        app = BossApp(TableSettings(players=4, save_dir=tmp_path, ask_around=True))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert f"{title} — " in text and call.strip("«»") not in text, text
            assert app.title == title

    run(names)


def text_columns(lines: list[list[Segment]]) -> list[tuple[int, int | None]]:
    """For each line of a rendered legend, its first cell of text and — for an entry, a line
    that starts with a styled tag — the cell where its text after the tag starts."""
    out = []
    for segments in lines:
        cells: list[tuple[str, bool]] = []
        for segment in segments:
            styled = bool(segment.style) and not segment.control
            for char in segment.text:
                cells.extend([(char, styled)] * cell_len(char))
        blank = [i for i, (char, styled) in enumerate(cells) if char != " " or styled]
        if not blank:
            continue
        first = blank[0]
        after: int | None = None
        if cells[first][1]:  # a tag: its styled run, unstyled spaces, then the text
            end = first
            while end < len(cells) and cells[end][1]:
                end += 1
            after = next((i for i in blank if i >= end), None)
        out.append((first, after))
    return out


@pytest.mark.parametrize("language", ["ko", "zh"])
def test_the_legend_wraps_under_its_text_in_cells(
    language: str, tmp_path: Path, english: None
) -> None:
    """Hangul and Han take two cells: every line that continues an entry of the legend —
    written on its own line by the translator, or wrapped by the terminal — starts at the
    cell where its entry's text starts, at 80 columns and narrower."""
    i18n.use(language)
    session = negotiation(tmp_path)

    async def game() -> None:
        app = BossApp(TableSettings(names=NAMES, seed=7, save_dir=tmp_path), session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LegendScreen)
            width = app.screen.query_one("#legend").size.width
            screen = screen_text(app)
        for cells in (width, 50, 44):
            console = Console(width=cells, color_system="truecolor")
            lines = console.render_lines(legend_text(), console.options, pad=False)
            if cells == width:  # what the table sees at 80 columns: no line cut or lost
                squeezed = "".join(screen.split())  # the screenshot's spacing of wide cells varies
                for line in lines[:12]:
                    words = "".join("".join(s.text for s in line).split())
                    assert words in squeezed, (words, screen)
            column: int | None = None
            continued = 0
            for first, after in text_columns(lines):
                if first <= 1:  # an entry (or a heading: no column)
                    column = after
                else:
                    assert column is not None and first == column, (cells, lines)
                    continued += 1
            assert continued >= 6

    run(game)


def test_a_language_switch_takes_the_old_languages_toasts_away(
    tmp_path: Path, english: None
) -> None:
    """A toast is not redrawn (it is a word of the moment): after a switch from the palette,
    none is left in the language just left."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=NAMES, seed=7))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+z")  # nothing to undo yet: a toast says so
            await pilot.pause(0.3)
            assert "No undo" in screen_text(app), screen_text(app)
            await switch_to_korean_from_the_palette(pilot, app)
            text = screen_text(app)
            assert "No undo" not in text and not list(app._notifications), text
            assert english_words(text, NAMES) == [], text
            await pilot.press("ctrl+z")  # a new toast speaks the new language
            await pilot.pause(0.3)
            assert [n.message for n in app._notifications] == [
                "무를 수 없습니다: 아직 아무 일도 일어나지 않았습니다."
            ]
            text = screen_text(app)
            assert "무를" in text and english_words(text, NAMES) == [], text

    run(game)


# -- a whole Korean game --------------------------------------------------------------------


class Watcher(Driver):
    """The driver of tuikit, looking at the whole screen at every step of the game."""

    def __init__(self, pilot: Any) -> None:
        super().__init__(pilot)
        self.looks = 0

    async def seen(self, where: str, seat: int | None) -> None:
        text = screen_text(self.app)
        found = english_words(text, KOREAN_NAMES)
        assert found == [], f"English at the {where}: {found}\n{text}"
        self.looks += 1


def korean_game(tmp_path: Path) -> None:
    """The tuikit players' whole game, through the keys, at 80×24, names in Hangul."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=KOREAN_NAMES, seed=1556))
        policy = Policy()
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Watcher(pilot)
            await driver.wait_for(lambda: app.session is not None)
            await driver.seen("table", None)
            steps = 0
            while driver.state.phase is not Phase.OVER:
                assert steps < 400, "the game does not end"
                at = len(app.session.actions)  # type: ignore[union-attr]
                await driver.play(policy(driver.state), at)
                steps += 1
            await pilot.pause()
            await driver.seen("score", None)
            assert driver.looks > steps

    run(game)


def test_a_whole_game_in_the_pseudo_language_shows_no_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    """Every text the program shows goes through the catalogs: with every message made Hangul,
    a whole game shows no Latin word outside the allow-list (this passes whatever the state
    of the real catalogs)."""
    install(monkeypatch, tmp_path / "locale")
    korean_game(tmp_path)


def test_a_whole_game_in_korean(tmp_path: Path, english: None) -> None:
    """The real Korean catalog: not one English word on screen in a whole game (passes once
    the Korean catalog is complete)."""
    i18n.use("ko")
    korean_game(tmp_path)


# -- snapshots in each language (taken from the translators' catalogs) ----------------------


@pytest.fixture
def speak() -> Iterator[Any]:
    def use(language: str) -> None:
        i18n.use(language)

    yield use
    i18n.use("en")


def table(tmp_path: Path, session: GameSession, names: tuple[str, ...] = NAMES) -> BossApp:
    settings = TableSettings(names=names, seed=7, save_dir=tmp_path, ask_around=True)
    return BossApp(settings, session)


@pytest.mark.parametrize("language", ["en", "es", "sv", "zh", "ko"])
def test_every_spaces_requirement_and_dividends_are_on_the_board_at_80x24(
    language: str, tmp_path: Path, speak: Any
) -> None:
    """Issue 22: the Korean "배당 6" took 6 cells and cut 8 of the 16 requirements to
    "RBY+2:…". At 80 columns each space shows its whole requirement and its dividends (the
    bare count where the language's label leaves no room); a wider terminal has room for the
    label ("배당 6")."""
    speak(language)
    session = GameSession.new(Setup(players=NAMES, seed=7), tmp_path)
    board = session.state.board

    async def game() -> None:
        for size in ((80, 24), (100, 24)):
            app = table(tmp_path, session)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                lines = screen_text(app).splitlines()[1:9]  # the board's 8 rows
            rows = [" ".join(line.split("│")[1].split()) for line in lines]
            assert len(rows) == 8
            for space in board.spaces:
                row = rows[(space.number - 1) % 8]
                label = i18n._("{count}d").format(count=space.dividends)
                shown = label if size == (100, 24) else None
                code = space_text(space).plain
                if shown is None:  # the label, or the bare count when it leaves no room
                    shown = label if f"{code} {label}" in row else str(space.dividends)
                assert f"{space.number} {code} {shown}" in row, (size, space.number, rows)
                if size == (80, 24) and language in ("en", "zh"):
                    assert shown == label  # "6d", "6股": the label fits

    run(game)


@pytest.mark.parametrize("language", ["zh", "ko", "es", "sv", "en"])
def test_the_log_never_breaks_a_sum_or_a_name(language: str, tmp_path: Path, speak: Any) -> None:
    """Issue 22: Rich breaks only at spaces and cuts a longer word anywhere, and a Chinese
    sentence has no spaces: the log showed "出價40" | "0萬". Lines with a sum and a name at
    every offset: each sum and each name is whole on one line of the log, at 80×24."""
    speak(language)
    names = ("王小明", "민준", "Lukas", "Di")
    session = GameSession.new(Setup(players=names, seed=7), tmp_path)
    sums = [i18n.money(amount) for amount in (4, 12, 125, 0)]
    filler = {"zh": "出價", "ko": "제안 "}.get(language, "offer ")

    async def game() -> None:
        app = table(tmp_path, session, names)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            for length in range(16):
                for name, amount in zip(names, sums, strict=True):
                    screen.write(filler * length + f"{name}{filler}{amount}")
            await pilot.pause()
            log_view = screen.query_one("#log", LogView)
            lines = [strip.text.rstrip() for strip in log_view.lines]
            width = log_view.content_size.width
        log = "\n".join(lines)
        for name, amount in zip(names, sums, strict=True):
            for word in (name, amount):
                whole = sum(line.count(word) for line in lines)
                assert whole >= 16, (word, log)  # on one line, each of the 16 times
        assert max(cell_len(line) for line in lines) <= width

    run(game)


def test_a_chinese_name_in_a_korean_line_keeps_its_particle() -> None:
    """Korean breaks only between its words: "安의" is one, though 安 is an ideograph."""
    line = "보스가 그 카드를 安의 손에서 찾지 못했습니다"
    for width in range(6, 40):
        lines = [part.plain for part in Text(line).divide(wrap_points(line, width))]
        assert all("安의" in part or "安" not in part for part in lines), (width, lines)


def test_the_deal_panel_never_breaks_a_sum_or_a_name(tmp_path: Path, speak: Any) -> None:
    """The deal panel wraps as the log does: its Chinese agreement line broke "200" | "萬".
    Its content, drawn at every width the panel can have, keeps each sum and name whole."""
    speak("zh")
    session = negotiation(tmp_path)

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            content = app.screen.query_one("#deal-text", Static).content
        assert isinstance(content, Group)
        assert all(
            isinstance(part, Wrapped) for part in content.renderables if isinstance(part, Text)
        )
        whole = "\n".join(
            part.text.plain for part in content.renderables if isinstance(part, Wrapped)
        )
        sums = re.findall(r"\d+萬|\d+元", whole)
        assert sums, whole
        for width in range(16, 47):
            console = Console(width=width, color_system=None)
            drawn = console.render_lines(content, pad=False)
            lines = ["".join(segment.text for segment in line) for line in drawn]
            for word in (*sums, *NAMES):
                if word in whole:
                    assert any(word in line for line in lines), (width, word, lines)

    run(game)


@pytest.mark.parametrize("language", ["ko", "zh", "es", "sv"])
def test_a_deal_at_80x24(language: str, snap_compare: Any, tmp_path: Path, speak: Any) -> None:
    speak(language)
    assert snap_compare(table(tmp_path, negotiation(tmp_path)), terminal_size=(80, 24))


def test_a_private_panel_in_korean(snap_compare: Any, tmp_path: Path, speak: Any) -> None:
    speak("ko")
    session = negotiation(tmp_path)
    boss = session.state.deal.boss if session.state.deal else 0
    keys = [f"f{boss + 1}", "enter"]
    assert snap_compare(table(tmp_path, session), press=keys, terminal_size=(80, 24))


def test_the_close_dialog_in_korean(snap_compare: Any, tmp_path: Path, speak: Any) -> None:
    speak("ko")
    session = negotiation(tmp_path)
    boss = session.state.deal.boss if session.state.deal else 0

    async def open_close(pilot: Any) -> None:
        app = pilot.app
        await pilot.pause()
        state = app.state
        closes = legal_actions(state, boss, ("close",))
        judge = functools.partial(check_close, state, boss)
        app.push_screen(CloseDialog(view(state, boss), closes, judge))  # as the app opens it
        await pilot.pause()
        assert isinstance(app.screen, CloseDialog)

    assert snap_compare(table(tmp_path, session), terminal_size=(80, 24), run_before=open_close)


def test_the_private_panel_keeps_its_place_across_a_switch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    """A switch while a player holds the keyboard: the panel stays, in the new language."""
    session = negotiation(tmp_path)
    install(monkeypatch, tmp_path / "locale")
    i18n.use("en")
    boss = session.state.deal.boss if session.state.deal else 0

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(f"f{boss + 1}", "enter")
            await pilot.pause()
            panel = app.screen
            assert isinstance(panel, PrivatePanel)
            app.set_language("ko")
            await pilot.pause()
            assert app.screen is panel
            text = screen_text(app)
            assert english_words(text, NAMES) == [], text

    run(game)


def test_the_replay_switches_language_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    """``imtheboss replay``: its palette's Language… redraws the board, the lines of the game
    (said from the moves, not copied from the file) and the footer."""
    from test_replay_keys import replay_app

    app, _money, _starts = replay_app(tmp_path)
    install(monkeypatch, tmp_path / "locale")
    i18n.use("en")

    async def replay() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("end", "left")
            await pilot.pause()
            before = screen_text(app)
            assert "Next" in before and "Board" in before, before
            app.action_choose_language()
            await pilot.pause()
            assert isinstance(app.screen, LanguageDialog)
            # Up and Down: the replay keeps Home, End and the arrows sideways for itself.
            await pilot.press("down", "down", "down", "down", "enter")
            await pilot.pause(0.3)
            text = screen_text(app)
            assert english_words(text, NAMES) == [], text
            app.action_choose_language()
            await pilot.pause()
            await pilot.press("up", "up", "up", "up", "enter")
            await pilot.pause(0.3)
            assert screen_text(app) == before

    run(replay)
