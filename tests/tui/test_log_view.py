"""The log draws what it was given before it had a width in its first frame (issue 20): it used
to keep those lines until its first resize, which Textual sends after that frame is drawn, so
a resumed game's log came in a second frame of its own."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.strip import Strip

from imtheboss.tui.widgets.log_view import LogView

LINES = [f"Line {n}: Annabell rolls 4 and the dollar marker moves on." for n in range(1, 31)]


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        log = LogView(wrap=True, markup=True, max_lines=500, min_width=20)
        for line in LINES:
            log.add_line(line)  # before the log has a width, as a resumed game's log is
        yield log


def first_frame() -> tuple[list[str], list[int], LogView]:
    """The screen's rows at the first frame, how many lines the log held each time it drew a
    row, and the log."""
    rows: list[str] = []
    drawn: list[int] = []

    async def run() -> LogView:
        app = LogApp()
        render_line = LogView.render_line

        def counted(self: LogView, y: int) -> Strip:
            drawn.append(len(self.lines))
            return render_line(self, y)

        LogView.render_line = counted  # type: ignore[method-assign]
        try:
            async with app.run_test(size=(40, 10)) as pilot:
                await pilot.pause()
                log = app.query_one(LogView)
                rows.extend(strip.text for strip in app.screen._compositor.render_strips())
                return log
        finally:
            LogView.render_line = render_line  # type: ignore[method-assign]

    log = asyncio.run(run())
    return rows, drawn, log


def test_what_was_written_before_the_first_layout_is_in_the_first_frame() -> None:
    rows, _drawn, log = first_frame()
    text = " ".join(" ".join(rows).split())
    # The newest line in sight, at the bottom, as a log that was written to as it went.
    assert "Line 30: Annabell rolls 4 and the" in text
    assert "Line 1:" not in text
    assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
    # Wrapped at the log's own width (40 columns less the scroll bar), not at 78.
    assert all(strip.cell_length <= 39 for strip in log.lines)


def test_the_log_never_draws_itself_empty_first() -> None:
    _rows, drawn, log = first_frame()
    assert drawn, "the log drew nothing"
    # Every row it ever drew, it drew with every line written (main drew a frame of blank
    # rows first, then the lines once its resize came).
    assert min(drawn) == len(log.lines) > len(LINES)
