"""``imtheboss web`` (issue 24): one game per server, whichever page opens it; a reload
resumes it; a second page is told in a sentence (the page asks ``/refusal`` once its
connection is refused) and never gets a second writer; the page
fetches nothing from elsewhere; another site's page, or another name for this machine, is
refused; a message too big closes that page only. Loopback only, every wait bounded."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import aiohttp
import pytest
import textual_serve
from webkit import WAIT, screen_bytes, served, until

from imtheboss import i18n
from imtheboss.cli import build_parser
from imtheboss.saves import in_use, saves_in
from imtheboss.web.phones import DEVICE_COOKIE, LANG_COOKIE, PhoneSeats
from imtheboss.web.server import MESSAGE_LIMIT, lan_addresses, local_names
from imtheboss.web.table import OneTable
from imtheboss.web_command import play_words

#: Enough of the table's first frame to know it is drawn (it is ~60 kB at 80×24).
FIRST_FRAME = 20_000


def _table(save_dir: Path) -> OneTable:
    launcher = OneTable(["--names", "Ann,Bob,Cy", "--seed", "7"], save_dir)
    launcher.handover = 0.3
    return launcher


def _socket_url(base: str) -> str:
    return f"{base}/ws?width=80&height=24"


def test_a_reload_resumes_the_game_the_first_page_began(tmp_path: Path) -> None:
    async def scenario() -> None:
        launcher = _table(tmp_path)
        async with served(launcher) as site, aiohttp.ClientSession() as client:
            async with client.ws_connect(_socket_url(site.url), headers=site.origin) as first:
                assert await screen_bytes(first, FIRST_FRAME) >= FIRST_FRAME
                await until(lambda: launcher.save is not None, "the new game's save")
            await until(lambda: not site.server.relays, "the first page's table to quit")
            save = launcher.save
            assert save is not None and not in_use(save)
            async with client.ws_connect(_socket_url(site.url), headers=site.origin) as again:
                assert await screen_bytes(again, FIRST_FRAME) >= FIRST_FRAME
                (relay,) = site.server.relays
                # The reload's table holds the very save the first page began: no new game.
                await until(lambda: in_use(save), "the resumed table to hold the save")
                assert saves_in(tmp_path / "games") == [save]
                assert relay.command.endswith(f"--resume {save}")

    asyncio.run(asyncio.wait_for(scenario(), 3 * WAIT))


def test_a_second_page_is_told_in_a_sentence_and_gets_no_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        launcher = _table(tmp_path)
        async with served(launcher) as site, aiohttp.ClientSession() as client:
            async with client.ws_connect(_socket_url(site.url), headers=site.origin) as first:
                assert await screen_bytes(first, FIRST_FRAME) >= FIRST_FRAME
                sentence = "This game is open in another tab or window"
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(_socket_url(site.url), headers=site.origin)
                assert refused.value.status == 503
                # The page, once closed, asks why, and shows the sentence.
                async with client.get(site.url + "/refusal") as why:
                    assert sentence in (await why.json())["refusal"]
                assert len(site.server.relays) == 1
                await until(lambda: launcher.save is not None, "the game's save")
            await until(lambda: not site.server.relays, "the table to quit")
            assert len(saves_in(tmp_path / "games")) == 1

    asyncio.run(asyncio.wait_for(scenario(), 3 * WAIT))


def test_one_address_holds_one_phone_seat_whatever_keys_its_pages_make_up(
    tmp_path: Path,
) -> None:
    """Issue 24: the phone server starts one seat process per network address, so a phone
    that makes up new device keys (a cleared cookie, a private tab) claims no second seat."""
    phones = PhoneSeats("ws://127.0.0.1:9/", tmp_path)  # no table there: it waits offline
    phones.handover = 0.3

    def key(digit: str) -> dict[str, str]:
        return {"Origin": "", "Cookie": f"{DEVICE_COOKIE}={digit * 32}"}

    async def scenario() -> None:
        async with (
            served(phones, processes=4, per_address=1) as site,
            aiohttp.ClientSession() as client,
        ):
            first = {**key("a"), "Origin": site.url}
            async with client.ws_connect(_socket_url(site.url), headers=first):
                await until(lambda: len(site.server.relays) == 1, "the first phone's seat")
                other = {**key("b"), "Origin": site.url}
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(_socket_url(site.url), headers=other)
                assert refused.value.status == 503
                async with client.get(site.url + "/refusal") as why:
                    said = (await why.json())["refusal"]
                assert said == "This device already holds a seat at this game: play it there."
                assert len(site.server.relays) == 1

    asyncio.run(asyncio.wait_for(scenario(), 3 * WAIT))


def test_the_page_fetches_nothing_from_elsewhere(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with served(_table(tmp_path)) as site, aiohttp.ClientSession() as client:
            async with client.get(site.url + "/") as page:
                text = await page.text()
                policy = page.headers["Content-Security-Policy"]
            assert "default-src 'self'" in policy and "font-src 'self'" in policy
            links = re.findall(r'(?:src|href)="([^"]*)"', text) + re.findall(
                r'url\("([^"]*)"\)', text
            )
            assert links, "the page links its script, style and fonts"
            assert all(link.startswith("/static/") for link in links), links
            assert "googleapis" not in text and "https://" not in text
            for link in links:
                async with client.get(site.url + link) as asset:
                    assert asset.status == 200, link
            assert 'name="viewport"' in text

    asyncio.run(asyncio.wait_for(scenario(), WAIT))
    # What textual-serve ships does not fetch on its own either.
    static = Path(textual_serve.__file__).parent / "static"
    for name in ("js/textual.js", "css/xterm.css"):
        shipped = (static / name).read_text(encoding="utf-8")
        assert "fonts.googleapis" not in shipped and "@import" not in shipped


def test_another_sites_page_and_another_name_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with served(_table(tmp_path)) as site, aiohttp.ClientSession() as client:
            # A name another site made resolve to this machine (DNS rebinding).
            async with client.get(
                site.url + "/", headers={"Host": f"evil.example:{site.port}"}
            ) as page:
                assert page.status == 421
            for headers in ({"Origin": "http://evil.example"}, {}):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(_socket_url(site.url), headers=headers)
                assert refused.value.status == 403
            assert not site.server.relays

    asyncio.run(asyncio.wait_for(scenario(), WAIT))


def test_bad_messages_are_dropped_and_a_too_big_one_closes_that_page(tmp_path: Path) -> None:
    async def scenario() -> None:
        launcher = _table(tmp_path)
        async with served(launcher) as site, aiohttp.ClientSession() as client:
            async with client.ws_connect(_socket_url(site.url), headers=site.origin) as page:
                assert await screen_bytes(page, FIRST_FRAME) >= FIRST_FRAME
                for bad in (
                    "not json",
                    "[]",
                    '{"stdin": 1}',
                    '["resize", {"width": 1e9}]',
                    '["stdin", 5]',
                    '["ping", "' + "x" * 100 + '"]',
                ):
                    await page.send_str(bad)
                await page.send_str(json.dumps(["ping", "still-here"]))
                loop = asyncio.get_running_loop()
                end = loop.time() + WAIT
                pong = None
                while pong is None and loop.time() < end:
                    message = await asyncio.wait_for(page.receive(), WAIT)
                    if message.type == aiohttp.WSMsgType.TEXT:
                        pong = json.loads(message.data)
                assert pong == ["pong", "still-here"]
                await until(lambda: launcher.save is not None, "the game's save")
                await page.send_str(json.dumps(["stdin", "x" * (MESSAGE_LIMIT + 1)]))
                # The frames already under way may come first; then the close.
                end = loop.time() + WAIT
                kinds = set()
                while loop.time() < end and not page.closed:
                    kinds.add((await asyncio.wait_for(page.receive(), WAIT)).type)
                assert page.closed, kinds
            await until(lambda: not site.server.relays, "the table to quit")
            assert launcher.save is not None and not in_use(launcher.save)

    asyncio.run(asyncio.wait_for(scenario(), 3 * WAIT))


def test_the_table_gets_plays_options_as_given() -> None:
    args = build_parser().parse_args(
        [
            "web",
            "--names",
            "Ann,Bob",
            "--bots",
            "1",
            "--variant",
            "V1",
            "--variant",
            "V7",
            "--ask-around",
            "--stop-window",
            "4",
            "--port",
            "9000",
        ]
    )
    assert play_words(args) == [
        "--names",
        "Ann,Bob",
        "--variant",
        "V1",
        "--variant",
        "V7",
        "--stop-window",
        "4.0",
        "--ask-around",
        "--bots",
        "1",
    ]
    # and play takes them back as they were meant
    again = build_parser().parse_args(["play", *play_words(args)])
    assert (again.names, again.bots, again.variant, again.stop_window, again.ask_around) == (
        "Ann,Bob",
        1,
        ["V1", "V7"],
        4.0,
        True,
    )


def test_on_the_lan_a_page_may_come_by_an_address_never_by_another_name() -> None:
    alone, lan = local_names(False, 8766), local_names(True, 8766)
    assert alone.allows_host("127.0.0.1:8766") and alone.allows_host("[::1]:8766")
    assert not alone.allows_host("192.168.1.20:8766")  # loopback unless asked
    assert lan.allows_host("192.168.1.20:8766") and lan.allows_host("[fe80::1]:8766")
    # A name that another site made resolve here (DNS rebinding) is no address of ours.
    for host in ("evil.example:8766", "192.168.1.20.evil.example:8766", "127.0.0.1:8767", ""):
        assert not lan.allows_host(host)
    assert lan.allows_origin("http://192.168.1.20:8766", "192.168.1.20:8766")
    assert not lan.allows_origin("http://evil.example:8766", "192.168.1.20:8766")


def test_the_lan_addresses_shown_are_this_machines_and_never_loopback() -> None:
    import ipaddress

    for address in lan_addresses():
        assert not ipaddress.ip_address(address).is_loopback


def test_a_phones_seat_speaks_the_phones_language_not_the_servers(tmp_path: Path) -> None:
    """The phone page puts the browser's language in a cookie; the phone's seat process is
    started with it (``join --lang``), or with the server's when the program does not speak
    it; anything that is not a language tag is not passed on."""
    phones = PhoneSeats("ws://127.0.0.1:8765/", tmp_path)
    device = {DEVICE_COOKIE: "c" * 32}

    def lang(tag: str | None) -> str:
        phones.devices.clear()
        cookies = device if tag is None else {**device, LANG_COOKIE: tag}
        launch = phones.launch(cookies)
        assert launch is not None
        words = list(launch.words)
        return words[words.index("--lang") + 1]

    assert lang("es-ES") == "es"
    assert lang("ko") == "ko"
    assert lang("zh-TW") == "zh"
    assert lang(None) == "en"  # the server's
    assert lang("fr-FR") == "en"
    assert lang("es; rm -rf /") == "es"  # its language tag, and nothing of the rest
    assert lang("rm -rf /") == "en"


def test_the_phone_page_is_worded_in_the_phones_language(tmp_path: Path) -> None:
    """A phone's page (its words while it opens, its refusals) follows the browser's
    Accept-Language, the first language there the program speaks; the table's page stays in
    the table's."""
    phones = PhoneSeats("ws://127.0.0.1:9/", tmp_path)
    with i18n.speaking("es"):
        opening = i18n._("Opening the table…")

    async def scenario() -> None:
        async with served(phones) as site, aiohttp.ClientSession() as client:
            spanish = {"Accept-Language": "fr-FR,es-ES;q=0.8,en;q=0.5"}
            async with client.get(site.url + "/", headers=spanish) as page:
                html = await page.text()
            assert '<html lang="es">' in html and opening in html
            async with client.get(site.url + "/", headers={"Accept-Language": "de"}) as page:
                assert '<html lang="en">' in await page.text()
        async with (
            served(_table(tmp_path)) as site,
            aiohttp.ClientSession() as client,
            client.get(site.url + "/", headers={"Accept-Language": "es"}) as page,
        ):
            assert '<html lang="en">' in await page.text()

    asyncio.run(asyncio.wait_for(scenario(), WAIT))


def test_the_phone_pages_title_and_a_wrong_address_are_in_the_phones_language(
    tmp_path: Path,
) -> None:
    """The browser's tab is the first thing a phone shows, before the seat draws: it was in
    the host's language (the title was looked up once, when the server started)."""
    phones = PhoneSeats("ws://127.0.0.1:9/", tmp_path)
    english = "I'm the Boss! — your seat"
    titles = {}
    for lang in ("es", "ko"):
        with i18n.speaking(lang):
            titles[lang] = i18n._(english)
            wrong = i18n._("This is not the address of this game.")
        assert titles[lang] != english

    async def scenario() -> None:
        async with served(phones) as site, aiohttp.ClientSession() as client:
            for lang, header in (("es", "es-ES,es;q=0.9"), ("ko", "ko-KR")):
                async with client.get(site.url + "/", headers={"Accept-Language": header}) as page:
                    assert f"<title>{titles[lang]}</title>" in await page.text()
            misdirected = {"Accept-Language": "ko", "Host": f"elsewhere.example:{site.port}"}
            async with client.get(site.url + "/", headers=misdirected) as page:
                assert page.status == 421 and wrong in await page.text()

    asyncio.run(asyncio.wait_for(scenario(), WAIT))
