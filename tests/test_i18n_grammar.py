"""Issue 22: the grammar a catalog cannot hold, written once per language in the code.

A possessive depends on the name (Swedish "Lukas tur", "Evas tur"), a sum on its size (Chinese
3000萬), a colour on the noun it describes and whether it is definite (Swedish *röd* in a list,
*den röda investeraren*); a card is named with its noun in one place. Each test reads what a
player of that language reads, from the real catalogs.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from imtheboss import catalogs, i18n
from imtheboss.cli import main
from imtheboss.engine import Setup, new_game
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.errors import AND, COMMA, N_, all_of, msg, words
from imtheboss.engine.state import FamilyRef, InvestorRef
from imtheboss.engine.words import card_word, colour_word, investor_colour, money
from imtheboss.rulebook import rule_text, rules_document
from imtheboss.tui import labels, log

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "imtheboss"
DISPUTE = ROOT / "docs" / "examples" / "st2-stop-a-stop.txt"


# --- the possessive -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "turn"),
    [
        ("Lukas", "Det är Lukas tur"),
        ("Max", "Det är Max tur"),
        ("Inez", "Det är Inez tur"),
        ("Eva", "Det är Evas tur"),
        ("Cy", "Det är Cys tur"),
        ("Mäklare2", "Det är Mäklare2:s tur"),
    ],
)
def test_a_swedish_name_ending_in_s_x_or_z_takes_no_genitive_s(name: str, turn: str) -> None:
    i18n.use("sv")
    assert i18n.render(msg(N_("It is {player}'s turn"), player=name)) == turn


def test_the_possessive_reaches_the_screens_through_the_catalog() -> None:
    state = new_game(Setup(players=("Lukas", "Eva", "Cy"), seed=1))
    owned = next(c for c in Colour if state.owners[c] is not None)
    owner = state.name(state.owners[owned])  # type: ignore[index]
    i18n.use("sv")
    investor = labels.ref_text(state, InvestorRef(colour=owned))
    assert investor.startswith(i18n.possessive(owner) + " ")
    assert not investor.startswith(owner + "s ") or owner[-1] not in "sxz"
    lukas = state.players.index(next(p for p in state.players if p.name == "Lukas"))
    card = labels.ref_text(state, FamilyRef(owner=lukas, colour=Colour.YELLOW))
    assert card == "Lukas gula familjekort"
    i18n.use("en")
    assert labels.ref_text(state, FamilyRef(owner=lukas, colour=Colour.YELLOW)) == (
        "Lukas's yellow family card"
    )


def _format_sites() -> list[tuple[str, int, str]]:
    """Every ``_("…").format(…)`` (and ngettext's, pgettext's): a message filled by hand."""
    found = []
    for path in SOURCE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format"
                and isinstance(node.func.value, ast.Call)
                and isinstance(node.func.value.func, ast.Name)
                and node.func.value.func.id in ("_", "ngettext", "pgettext")
            ):
                continue
            for arg in node.func.value.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.append((path.name, node.lineno, arg.value))
    return found


def test_no_message_with_a_possessive_is_filled_by_str_format() -> None:
    """A catalog writes ``{player_gen}`` for the possessive; ``str.format`` cannot fill it
    (``i18n.fill`` does), so a message whose translation uses one must go through ``fill``."""
    possessive: set[str] = set()
    for lang in catalogs.TRANSLATED:
        for message in catalogs._read(catalogs.po_path(lang), catalogs.LOCALE_NAMES[lang]):
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if any(catalogs.POSSESSIVE + "}" in (t or "") for t in texts):
                possessive.update(ids)
    glued = [site for site in _format_sites() if site[2] in possessive or "}'s" in site[2]]
    assert not glued, glued


def test_no_swedish_translation_glues_an_s_to_a_name() -> None:
    catalog = catalogs._read(catalogs.po_path("sv"), catalogs.LOCALE_NAMES["sv"])
    glued = [
        m.id
        for m in catalog
        if m.id
        and any(
            re.search(r"\{\w+\}s\b", t or "")
            for t in (m.string if isinstance(m.string, tuple) else (m.string,))
        )
    ]
    assert not glued, glued


# --- colours ---------------------------------------------------------------------------------


def test_swedish_colours_are_plain_in_lists_and_definite_before_their_noun() -> None:
    i18n.use("sv")
    listed = words((colour_word(c) for c in (Colour.RED, Colour.YELLOW, Colour.GREEN)), COMMA, AND)
    assert i18n.render(listed) == "röd, gul och grön"
    assert labels.colour_name(Colour.BLUE) == "blå"
    unowned = msg(N_("The {colour} investor is unowned"), colour=investor_colour(Colour.RED))
    assert i18n.render(unowned) == "Den röda investeraren är ägarlös"
    state = new_game(Setup(players=("Lukas", "Eva", "Cy"), seed=1))
    from imtheboss.engine import actions as A

    lay = A.LayFamily(player=0, colour=Colour.YELLOW)
    assert labels.describe(lay, state) == "Lägg fram ditt gula familjekort"


def test_check_lists_investors_in_plain_swedish_colours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ("Lukas", "Eva", "Cy")
    state = new_game(Setup(players=players, seed=1))
    placer, boss = state.name(state.right_of(state.turn)), state.name(state.turn)
    path = tmp_path / "game.txt"
    path.write_text(
        f"players: {', '.join(players)}\nseed: 1\n\n{placer}: marker 3\n{boss}: deal\n", "utf-8"
    )
    assert main(["check", "--lang", "sv", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"det är {i18n.swedish_possessive(boss)} tur" in out
    for definite in ("röda", "gula", "gröna"):
        assert f": {definite}" not in out and f"{definite}," not in out, out


# --- money -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "written"),
    [(30, "3000萬"), (12, "1200萬"), (2, "200萬"), (0, "0元"), (100, "1億"), (125, "1億2500萬")],
)
def test_chinese_sums_are_written_in_wan(amount: int, written: str) -> None:
    i18n.use("zh")
    assert i18n.money(amount) == written
    assert labels.money(amount) == written
    assert i18n.render(money(amount)) == written
    keeps = msg(N_("the bank paid {payee} {amount}"), payee="安", amount=money(amount))
    assert written in i18n.render(keeps) and "百萬" not in i18n.render(keeps)


def test_chinese_zero_is_written_as_a_price_tag_writes_it() -> None:
    """Issue 22: "0萬" (zero ten-thousands) is no sum anyone writes; zero is 0元, in the
    referee's "+0元" and in a price of nothing."""
    i18n.use("zh")
    assert i18n.money(0) == "0元" and i18n.money(-3) == "-300萬"
    assert i18n._("+{money}").format(money=i18n.money(0)) == "+0元"
    assert "萬" not in i18n.render(
        msg(N_("the bank paid {payee} {amount}"), payee="安", amount=money(0))
    )


def test_other_languages_write_sums_in_millions_of_dollars() -> None:
    for lang in ("en", "es", "sv", "ko"):
        i18n.use(lang)
        assert i18n.money(30) == "$30M"


def test_the_chinese_log_says_a_price_in_wan() -> None:
    from imtheboss.engine.state import Price

    i18n.use("zh")
    assert log._price(Price(amount=12), amounts=True) == "1200萬"
    i18n.use("en")
    assert log._price(Price(amount=12), amounts=True) == "12"  # the notation's bare number


# --- dividends, card names, punctuation -------------------------------------------------------


def test_korean_dividends_say_dividends_and_fit_their_column() -> None:
    i18n.use("ko")
    text = i18n._("{count}d").format(count=6)
    assert text == "배당 6"
    # The board's column is measured in cells (a Hangul syllable takes two): "배당 6" is 6.
    assert cell_len(text) == 6 and len(text) == 4


@pytest.mark.parametrize(
    ("lang", "card", "name"),
    [
        ("es", Card.TRAVEL_BLUE, "carta de viaje azul"),
        ("es", Card.FAMILY_RED, "carta de familia roja"),
        ("es", Card.STOP, "carta de parada"),
        ("ko", Card.TRAVEL_BLUE, "파란색 여행 카드"),
        ("ko", Card.STOP, "정지 카드"),
        ("ko", Card.FAMILY_RED, "빨간색 일족 카드"),
        ("sv", Card.HIRE, "anställningskort"),
        ("zh", Card.TRAVEL_GREY, "灰色旅行卡"),
    ],
)
def test_a_card_is_named_with_its_noun_in_one_place(lang: str, card: Card, name: str) -> None:
    i18n.use(lang)
    assert i18n.render(card_word(card)) == name
    assert labels.card_name(card) == name


def test_a_chinese_rule_title_takes_a_full_width_colon(
    capsys: pytest.CaptureFixture[str],
) -> None:
    i18n.use("zh")
    quoted = rule_text("ST1", rules_document("zh"))
    assert quoted is not None and "（10）：" in quoted and "（10）:" not in quoted
    assert main(["check", "--explain", "--lang", "zh", str(DISPUTE)]) == 1
    out = capsys.readouterr().out
    assert "（10）：" in out and "（10）:" not in out
    assert main(["rules", "--lang", "zh", "ST2"]) == 0
    assert "：" in capsys.readouterr().out


def test_the_catalog_check_catches_a_dropped_placeholder_and_option() -> None:
    from babel.messages.catalog import Message

    source = "The seed was {seed} (--seed {seed} deals this game again)."
    dropped = Message(source, "시드: {seed} (같은 시드로 다시 나눌 수 있습니다).")
    dropped.flags.add("python-brace-format")
    assert not catalogs._placeholders_match(dropped)
    kept = Message(source, "시드: {seed} (--seed {seed}로 이 게임을 다시 나눕니다).")
    kept.flags.add("python-brace-format")
    assert catalogs._placeholders_match(kept)
    genitive = Message("It is {player}'s turn", "Det är {player_gen} tur")
    genitive.flags.add("python-brace-format")
    assert catalogs._placeholders_match(genitive)


# --- a list after a negative ------------------------------------------------------------------


def _short_of(hand: tuple[Card, ...], play: tuple[Card, ...]) -> str:
    """The refusal of a discard of ``play`` from ``hand``, as the table's language says it."""
    from imtheboss.engine import IllegalAction
    from imtheboss.engine.common import _take_from_hand

    state = new_game(Setup(players=("Lukas", "Eva", "Cy"), seed=1))
    players = list(state.players)
    players[2] = players[2].replace(hand=hand)
    state = state.replace(players=tuple(players))
    with pytest.raises(IllegalAction) as refused:
        _take_from_hand(state, 2, play, "T2")
    return i18n.reason(refused.value)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Cy does not hold travel blue or family red"),
        ("es", "Cy no tiene carta de viaje azul ni carta de familia roja en la mano"),
        ("sv", "Cy har inget blått resekort eller rött familjekort på handen"),
        ("zh", "Cy手上沒有藍色旅行卡、紅色家族卡"),
        ("ko", "Cy의 손에 없는 카드: 파란색 여행 카드, 빨간색 일족 카드"),
    ],
)
def test_a_list_after_a_negative_is_joined_as_the_language_says_it(lang: str, said: str) -> None:
    """ "ninguna carta de viaje azul, carta de familia roja" read as one odd card: Spanish
    says "X ni Y", Swedish "inget X eller Y"; and the refusal names only the cards the hand
    lacks (the stop card Cy holds is not among them), so the negative is true of each."""
    i18n.use(lang)
    hand = (Card.STOP, Card.HIRE)
    assert _short_of(hand, (Card.STOP, Card.TRAVEL_BLUE, Card.FAMILY_RED)) == said


def test_three_items_after_a_negative_and_a_hire_set_short_of_three() -> None:
    i18n.use("es")
    three = (Card.TRAVEL_BLUE, Card.FAMILY_RED, Card.STOP)
    assert _short_of((Card.HIRE,), three) == (
        "Cy no tiene carta de viaje azul, carta de familia roja ni carta de parada en la mano"
    )
    assert _short_of((Card.HIRE, Card.HIRE), (Card.HIRE,) * 3) == (
        "Cy no tiene carta de contratación ×3 en la mano"
    )
    i18n.use("sv")
    assert _short_of((Card.HIRE,), three) == (
        "Cy har inget blått resekort, rött familjekort eller stoppkort på handen"
    )
    i18n.use("en")
    assert _short_of((Card.HIRE,), (Card.HIRE,) * 3) == "Cy does not hold hire ×3"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "This space does not use green (D2)"),
        ("es", "Esta casilla no usa verde (D2)"),
        ("sv", "Den här rutan använder inte grön (D2)"),
    ],
)
def test_a_space_refuses_a_colour_it_does_not_use(lang: str, said: str) -> None:
    from imtheboss.engine import IllegalAction, apply
    from imtheboss.engine.actions import Close, LayFamily
    from support import ANN, B, G, R, dealing, fam, inv, play, position

    state, _ = play(dealing(position(marker=1)), LayFamily(player=ANN, colour=G))
    with pytest.raises(IllegalAction) as refused:
        apply(state, Close(player=ANN, supplies={R: inv(R), B: inv(B), G: fam(ANN, G)}))
    i18n.use(lang)
    assert i18n.explain(refused.value) == said


def test_colours_after_a_negative_are_joined_with_the_languages_nor() -> None:
    from imtheboss.engine.errors import none_of

    colours = none_of(colour_word(c) for c in (Colour.RED, Colour.BLUE, Colour.GREEN))
    said = {"en": "red, blue or green", "es": "rojo, azul ni verde", "sv": "röd, blå eller grön"}
    for lang, listed in said.items():
        i18n.use(lang)
        assert i18n.render(colours) == listed


def test_check_names_the_discarded_cards_with_their_noun(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The discard pile under `check`'s outcome is a list of cards: "carta de parada", as the
    hand and the refusals name it, not the play's word "parada"."""
    assert main(["check", "--lang", "es", str(DISPUTE)]) == 1
    out = capsys.readouterr().out
    assert "Descartadas (2 cartas): carta de viaje roja, carta de parada" in out, out


# --- a list in running text ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "of spaces 2 and 10 split"),
        ("es", "de las casillas 2 y 10 es"),
        ("sv", "på rutorna 2 och 10 delas"),
        ("zh", "第2和第10格的可選顏色"),
        ("ko", "2번과 10번 칸의"),
    ],
)
def test_the_guessed_spaces_are_a_list_with_its_conjunction(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "rutorna 2, 10" read as a label, not a sentence: a list in running text is joined by
    the language's word before its last item, each number written as the language counts."""
    assert main(["board", "--lang", lang]) == 0
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "items", "said"),
    [
        ("en", ("red", "blue", "yellow"), "red, blue and yellow"),
        ("sv", ("röd", "blå", "gul"), "röd, blå och gul"),
        ("es", ("Ana", "Inés"), "Ana e Inés"),
        ("es", ("Eva", "Hilda"), "Eva e Hilda"),
        ("es", ("cobre", "hierro"), "cobre y hierro"),
        ("es", ("Ana", "Bea", "Cy"), "Ana, Bea y Cy"),
        ("zh", ("紅", "藍", "黃"), "紅、藍和黃"),
        ("ko", ("빨간색", "파란색"), "빨간색과 파란색"),
        ("ko", ("보스 카드", "정지 카드"), "보스 카드와 정지 카드"),
        ("ko", ("정훈", "세연", "재영"), "정훈, 세연과 재영"),
        ("ko", ("2", "10"), "2와 10"),
        ("ko", ("10", "3"), "10과 3"),
        ("ko", ("1", "5"), "1과 5"),
        # A Latin name's last sound is not the program's to guess: the particle would be a
        # guess (Ann과? Bob과?), so the list keeps its commas, particle-safe.
        ("ko", ("Ann", "Bob"), "Ann, Bob"),
        ("ko", ("$12M", "$8M"), "$12M, $8M"),
    ],
)
def test_a_list_is_joined_by_the_languages_own_word(
    lang: str, items: tuple[str, ...], said: str
) -> None:
    i18n.use(lang)
    assert i18n.all_of(items) == said
    assert i18n.render(all_of(items)) == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The deal needs exactly 2 of pink, orange and green, not 3 (D2)"),
        ("es", "El negocio necesita exactamente 2 de rosa, naranja y verde, no 3 (D2)"),
        ("sv", "Affären behöver exakt 2 av rosa, orange och grön, inte 3 (D2)"),
        # "不是3" left the count without its unit: 3 of what (種, kinds).
        ("zh", "這筆交易恰好需要粉紅色、橘色和綠色中的2種，而不是3種（D2）"),
        (
            "ko",
            "이 거래에는 분홍색, 주황색과 녹색 중 정확히 2개가 필요합니다 (지정한 수: 3개) (D2)",
        ),
    ],
)
def test_a_refusal_lists_the_colours_as_a_sentence_does(lang: str, said: str) -> None:
    from imtheboss.engine import IllegalAction
    from imtheboss.engine.closes import _check_pick

    three = frozenset({Colour.PINK, Colour.ORANGE, Colour.GREEN})
    i18n.use(lang)
    with pytest.raises(IllegalAction) as refused:
        _check_pick(set(three), three, 2)
    assert i18n.explain(refused.value) == said


def test_three_cards_of_a_proposal_are_one_list_not_and_and() -> None:
    """The standing close said "…orange investor and …yellow investor and …": a proposal's
    cards, in the log, the menus and the deal box, are one list."""
    state = new_game(Setup(players=("Lukas", "Eva", "Cy"), seed=1))
    refs = (
        FamilyRef(owner=0, colour=Colour.RED),
        FamilyRef(owner=1, colour=Colour.BLUE),
        FamilyRef(owner=2, colour=Colour.GREEN),
    )
    assert labels.refs_text(state, refs) == (
        "Lukas's red family card, Eva's blue family card and Cy's green family card"
    )
    i18n.use("sv")
    assert labels.refs_text(state, refs) == (
        "Lukas röda familjekort, Evas blå familjekort och Cys gröna familjekort"
    )


def test_no_list_is_glued_with_a_bare_and() -> None:
    """ "A and B and C": every list before its last item goes through one formatter
    (``i18n.all_of``, ``messages.all_of``), never a join on the catalog's " and "."""
    glued = [
        f"{path.relative_to(SOURCE)}:{number}"
        for path in SOURCE.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if '_(" and ").join' in line
        or "AND).join" in line
        or re.search(r"words\([^)]*, AND\)", line)
    ]
    assert not glued, glued


@pytest.mark.parametrize(
    ("lang", "said", "legend"),
    [
        ("en", "next $5M/div. · then 1–5 ends it", "Legend"),
        ("es", "sig. $5M/div. · termina con 1–5", "Leyenda"),
        # "sedan slutar 1–3" read as the numbers stopping; a Swede's legend is a Förklaring.
        ("sv", "nästa $5M/utd. · slut vid 1–5", "Förklaring"),
        ("zh", "下筆每股5百萬 · 之後擲1–5結束", None),
        ("ko", "다음 배당 $5M · 뒤에 1–5 나오면 끝", None),
    ],
)
def test_the_boards_end_roll_note_reads_natively_and_fits_its_edge(
    lang: str, said: str, legend: str | None
) -> None:
    """The board's bottom edge at 80 columns holds 34 cells: the next tile and, for the late
    tiles, the die numbers that end the game after it (the longest: $5M, 1–5)."""
    i18n.use(lang)
    next_tile = i18n._("next ${value}M/div.").format(value=5)
    line = i18n._("{next} · then {numbers} ends it").format(next=next_tile, numbers="1–5")
    assert line == said
    assert cell_len(line) <= 34
    if legend is not None:
        assert i18n._("Legend") == legend


# --- reviewed sentences ------------------------------------------------------------------------


def _sentences() -> list[str]:
    """Messages as a table reads them: a name ending in s, a Korean and a Chinese name, real
    cards, sums of 10 and more, through the engine's ``Msg`` and the screens' helpers."""
    state = new_game(Setup(players=("Lukas", "민준", "安", "Eva"), seed=1))
    travel_blue = words([card_word(Card.TRAVEL_BLUE)])
    return [
        i18n.render(msg(N_("It is {player}'s turn"), player="Lukas")),
        i18n.render(msg(N_("It is {player}'s turn"), player="Eva")),
        i18n.render(msg(N_("{player} does not hold {cards}"), player="安", cards=travel_blue)),
        i18n.fill(
            i18n._("{name} accepts {supplier}'s price of {price} for {cards}."),
            name="민준",
            supplier="Lukas",
            price=labels.money(10),
            cards=labels.ref_text(state, InvestorRef(colour=Colour.RED)),
        ),
        i18n._("The Boss pays {player} {money}.").format(player="민준", money=labels.money(30)),
        i18n._("The Boss keeps {money}.").format(money=labels.money(12)),
        i18n.render(
            msg(
                N_("{price} is more than this deal's proceeds ({proceeds})"),
                price=money(14),
                proceeds=money(12),
            )
        ),
        labels.ref_text(state, FamilyRef(owner=0, colour=Colour.YELLOW)),
        i18n.render(
            msg(
                N_("{player}'s {colour} investor"),
                player="Lukas",
                colour=investor_colour(Colour.RED),
            )
        ),
        labels.cards_list((Card.STOP, Card.TRAVEL_GREY, Card.FAMILY_GREEN)),
    ]


REVIEWED = {
    "es": [
        "Es el turno de Lukas",
        "Es el turno de Eva",
        "安 no tiene carta de viaje azul en la mano",
        "민준 acepta el precio de Lukas, $10M, por el inversor rojo de Lukas.",
        "El jefe paga $30M a 민준.",
        "El jefe se queda $12M.",
        "$14M es más que las ganancias de este negocio ($12M)",
        "la carta de familia amarilla de Lukas",
        "el inversor rojo de Lukas",
        "carta de parada, carta de viaje gris y carta de familia verde",
    ],
    "sv": [
        "Det är Lukas tur",
        "Det är Evas tur",
        "安 har inget blått resekort på handen",
        "민준 godtar Lukas pris på $10M för Lukas röda investerare.",
        "Bossen betalar 민준 $30M.",
        "Bossen behåller $12M.",
        "$14M är mer än affärens intäkter ($12M)",
        "Lukas gula familjekort",
        "Lukas röda investerare",
        "stoppkort, grått resekort och grönt familjekort",
    ],
    "zh": [
        "現在是Lukas的回合",
        "現在是Eva的回合",
        "安手上沒有藍色旅行卡",
        "민준接受Lukas為Lukas的紅色資本家開的1000萬。",
        "總裁付3000萬給민준。",
        "總裁留下1200萬。",
        "1400萬超過這筆交易的利潤（1200萬）",
        "Lukas的黃色家族卡",
        "Lukas的紅色資本家",
        "停止卡、灰色旅行卡和綠色家族卡",
    ],
    "ko": [
        "지금은 Lukas의 차례입니다",
        "지금은 Eva의 차례입니다",
        "安의 손에 없는 카드: 파란색 여행 카드",
        "민준: Lukas의 빨간색 투자자에 대한 Lukas의 요구($10M)를 받아들였습니다.",
        "보스가 민준에게 $30M 지불.",
        "보스 몫: $12M.",
        "$14M: 이 거래의 배당금($12M)보다 많습니다",
        "Lukas의 노란색 일족 카드",
        "Lukas의 빨간색 투자자",
        "정지 카드, 회색 여행 카드와 녹색 일족 카드",
    ],
}


@pytest.mark.parametrize("lang", sorted(REVIEWED))
def test_each_language_reads_as_its_reviewed_sentences(lang: str) -> None:
    """The sentences were read against each rulebook (issue 22); a catalog or grammar change
    that alters one shows here, to be read again."""
    i18n.use(lang)
    assert _sentences() == REVIEWED[lang]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Withdraw your ask"),
        ("es", "Retirar tu petición"),
        ("sv", "Dra tillbaka din begäran"),
        ("zh", "撤回你的開價"),
        ("ko", "내 요구 철회"),
    ],
)
def test_a_player_withdraws_their_own_ask_not_an_offer(lang: str, said: str) -> None:
    from imtheboss.engine import actions as A

    state = new_game(Setup(players=("Lukas", "Eva", "Cy"), seed=1))
    i18n.use(lang)
    assert labels.describe(A.Withdraw(player=1), state) == said
    assert "{supplier}" not in labels.describe(A.Withdraw(player=0, supplier=1), state)
