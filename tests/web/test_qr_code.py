"""The join address's QR code (issue 24): what is drawn is the library's code, cell for cell.

No decoder is needed: the half blocks are read back into modules and compared with the modules
segno made, so a code that draws is a code that scans exactly as segno's would.
"""

from __future__ import annotations

import asyncio

import segno
from textual.app import App, ComposeResult

from imtheboss.tui.widgets.qr import CODE_STYLE, QrCode
from imtheboss.web.qr import QUIET_ZONE, half_block_rows, qr_modules, qr_rows

ADDRESS = "http://192.168.1.20:8765/"

#: Each half block as the (top, bottom) modules it stands for.
_READ = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}


def _read_back(rows: list[str]) -> list[tuple[bool, ...]]:
    modules: list[tuple[bool, ...]] = []
    for line in rows:
        pairs = [_READ[cell] for cell in line]
        modules.append(tuple(top for top, _ in pairs))
        modules.append(tuple(bottom for _, bottom in pairs))
    return modules


def test_the_drawing_is_segnos_code_with_its_quiet_zone() -> None:
    code = segno.make(ADDRESS, error="m", micro=False)
    size = len(code.matrix)
    drawn = _read_back(qr_rows(ADDRESS))
    side = size + 2 * QUIET_ZONE
    # An odd side leaves one light row under the last pair: the quiet zone, still light.
    assert len(drawn) == side + side % 2
    assert not any(any(row) for row in drawn[side:])
    for row in drawn[:QUIET_ZONE] + drawn[side - QUIET_ZONE : side]:
        assert not any(row)
    for y, row in enumerate(code.matrix):
        line = drawn[QUIET_ZONE + y]
        assert len(line) == side
        assert not any(line[:QUIET_ZONE]) and not any(line[-QUIET_ZONE:])
        assert line[QUIET_ZONE : QUIET_ZONE + size] == tuple(m == 1 for m in row)


def test_a_code_is_square_on_screen_two_modules_a_cell() -> None:
    modules = qr_modules(ADDRESS)
    rows = half_block_rows(modules)
    assert len(rows) == (len(modules) + 1) // 2
    assert {len(line) for line in rows} == {len(modules[0])}


def test_no_micro_code_even_for_a_short_text() -> None:
    # A Micro QR code has one finder pattern and no room for a quiet zone of four; phones'
    # camera apps mostly do not read it.
    modules = qr_modules("1")
    assert len(modules) == 21 + 2 * QUIET_ZONE


class _OneCode(App[None]):
    def compose(self) -> ComposeResult:
        yield QrCode(ADDRESS, id="code")


def test_the_widget_is_as_wide_as_the_code_and_black_on_white() -> None:
    asyncio.run(_widget_is_the_code())


async def _widget_is_the_code() -> None:
    app = _OneCode()
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        widget = app.query_one("#code", QrCode)
        width, height = QrCode.cells(ADDRESS)
        assert (width, height) == (len(qr_modules(ADDRESS)[0]), len(qr_rows(ADDRESS)))
        assert widget.size.width == width
        assert widget.size.height == height
        drawn = widget.drawing()
        assert drawn.plain.split("\n") == qr_rows(ADDRESS)
        assert drawn.style == CODE_STYLE
        assert CODE_STYLE.color is not None and CODE_STYLE.color.triplet is not None
        assert CODE_STYLE.color.triplet.hex == "#000000"
        assert CODE_STYLE.bgcolor is not None and CODE_STYLE.bgcolor.triplet is not None
        assert CODE_STYLE.bgcolor.triplet.hex == "#ffffff"
