"""The engine imports light: no pydantic until a file is read (issue 10, the table's first
frame), and the board it builds without the validator is the one the validator reads."""

from __future__ import annotations

import subprocess
import sys

import pytest

from imtheboss.boardfile import parse_board
from imtheboss.engine import board as board_module


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_a_new_game_and_its_moves_import_no_pydantic() -> None:
    modules = _modules_after(
        "import random\n"
        "from imtheboss.engine import Options, Setup, new_game, legal_actions, view\n"
        "from imtheboss.bots.random_play import random_steps\n"
        "state = new_game(Setup(players=('A', 'B', 'C'), seed=1, options=Options()))\n"
        "for _ in random_steps(state, random.Random(1)): pass\n"
        "view(state, 0); legal_actions(state, 0)"
    )
    assert "imtheboss.engine.game" in modules
    assert not {m for m in modules if m.split(".")[0] == "pydantic"}


def test_reading_a_file_still_validates() -> None:
    modules = _modules_after(
        "from imtheboss.engine import GameRecord, Setup\n"
        "GameRecord.from_json(GameRecord(setup=Setup(players=('A', 'B', 'C'), seed=1)).to_json())"
    )
    assert "pydantic" in modules


@pytest.mark.parametrize("name", ["transcribed", "reconstructed"])
def test_a_built_in_board_is_what_the_validator_reads_from_its_file(name: str) -> None:
    validated = parse_board(board_module.built_in_text(name), f"{name} board")
    built_in = board_module.built_in_board(name)
    assert validated == built_in
    assert built_in is not None and validated.model_dump_json() == built_in.model_dump_json()


def test_the_table_starts_no_process_machinery_without_a_shark() -> None:
    """The sharks' process pool (``FarThinker``) imports ``multiprocessing`` when it is first
    started: a table without a shark never pays its imports before the first frame."""
    modules = _modules_after("import imtheboss.tui.app")
    assert "imtheboss.tui.bot_seats" in modules
    assert "multiprocessing" not in modules
    assert "concurrent.futures.process" not in modules


def _printed(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_table_freezes_its_imports_before_the_first_frame() -> None:
    """The first full collection came inside the table's first frame and walked every object
    the imports built (20–30 ms): the app freezes them when it is built (gcpolicy)."""
    frozen = _printed(
        "import gc\n"
        "from imtheboss.tui.app import BossApp, TableSettings\n"
        "before = gc.get_freeze_count()\n"
        "BossApp(TableSettings(names=('Ann', 'Bob', 'Cy')))\n"
        "print(before, gc.get_freeze_count())"
    ).split()
    assert int(frozen[0]) == 0 and int(frozen[1]) > 10_000


def test_settling_still_frees_a_cycle_dropped_before_the_freeze() -> None:
    """Freezing the imports early must not keep their garbage for good: ``settle`` unfreezes
    before its one full collection."""
    assert (
        _printed(
            "import weakref\n"
            "from imtheboss import gcpolicy\n"
            "class Node: pass\n"
            "node = Node(); node.me = node; gone = weakref.ref(node); del node\n"
            "gcpolicy.imported()\n"
            "gcpolicy.settle()\n"
            "print(gone() is None)"
        )
        == "True"
    )


def test_the_table_imports_the_engine_without_writing_its_values_methods() -> None:
    """``dataclass`` compiled six methods for each of the engine's values at import, half of
    the engine's import: ``frozen.value`` leaves them to each class's first use."""
    unmade = _printed(
        "import imtheboss.tui.app\n"
        "from imtheboss.engine import frozen\n"
        "print(' '.join(sorted(c.__name__ for c in frozen._UNMADE)))"
    ).split()
    assert len(unmade) >= 60
    assert {"GameState", "Deal", "PlayerState", "DealClosed", "Close", "Agreement"} <= set(unmade)


def test_the_table_imports_no_pretty_printer_for_its_log() -> None:
    """Textual's RichLog imports rich.pretty (which imports attrs, where installed) to
    pretty-print any object written to it; the table's log writes markup and renderables
    (widgets.log_view.LogView), and imports neither (together 36 M instructions of the first
    frame, issue 20)."""
    modules = _modules_after("import imtheboss.tui.app")
    assert not modules & {"rich.pretty", "attr", "textual.widgets._rich_log"}


def test_a_new_table_imports_no_notation_parser() -> None:
    """A new game's table writes notation lines and reads none: the parser and the replay are
    imported where a game is read (a resume, ``check``), not before the first frame."""
    modules = _modules_after("import imtheboss.tui.app")
    assert "imtheboss.notation.writer" in modules
    assert not modules & {
        "imtheboss.notation.syntax",
        "imtheboss.notation.convert",
        "imtheboss.notation.replay",
    }


def test_an_english_line_of_the_log_compiles_no_wide_character_class() -> None:
    """The log's test for ideographs is a character class that ``re`` takes about 7 ms to
    compile (issue 20): compiled at the first line that may need it, never for ASCII."""
    from imtheboss import wrapping

    wrapping._pattern.cache_clear()
    assert not wrapping.own_wrap("A new game. Ann bids $12M.")
    assert wrapping._pattern.cache_info().currsize == 0
    assert not wrapping.own_wrap("Año nuevo: Åsa")  # beyond ASCII, no ideograph
    assert wrapping.own_wrap("安出價400萬")


def test_the_built_in_boards_are_built_when_first_asked_for() -> None:
    """Importing the engine reads no board (issue 20: both were parsed from TOML at import);
    a new game on the default board builds that one only, and the same value every time."""
    code = (
        "import sys\n"
        "from imtheboss.engine import board\n"
        "print(sorted(board._built), 'importlib.resources' in sys.modules)\n"
        "first = board.default_board()\n"
        "print(sorted(board._built), board.default_board() is first,"
        " board.built_in_name(first), board.built_in_board('nonesuch'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == [
        "[] False",
        "['transcribed'] True transcribed None",
    ]
    assert board_module.built_in_name(board_module.reconstructed_board()) == "reconstructed"


def test_the_table_collects_its_young_objects_less_often_until_it_is_up() -> None:
    """The young collections of the table's imports and first frame walked objects that live
    as long as the table (about 10 M instructions): the threshold is raised as the table's
    modules begin to import and put back by ``settle()``."""
    printed = _printed(
        "import gc\n"
        "before = gc.get_threshold()\n"
        "from imtheboss.tui.app import BossApp\n"
        "from imtheboss import gcpolicy\n"
        "raised = gc.get_threshold()\n"
        "gcpolicy.settle()\n"
        "print(before == gc.get_threshold(), raised[0], raised[1:] == before[1:])"
    )
    assert printed == "True 20000 True"
