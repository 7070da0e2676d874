"""The autosave: the seed stays secret until the game ends, temporary files are never taken for
saves, resume takes the newest whole save, and a folder that cannot be written loses nothing."""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

import pytest

from imtheboss.check import run_check
from imtheboss.cli import main
from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.game import possible_closes
from imtheboss.engine.position import Position
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import InvestorRef, Phase, Price
from imtheboss.saves import cannot_save_in
from imtheboss.seal import KEY_NAME, SealError, seal, unseal
from imtheboss.session import GameSession, ResumeError

NAMES = ("Ann", "Bob", "Cy", "Di")
SEED = 918273645  # long enough that finding it by chance in a file is no coincidence


def moves(session: GameSession, count: int) -> None:
    """Play ``count`` legal moves of a random game on ``session`` (saved as they go)."""
    from imtheboss.bots.random_play import play_random_game

    _, actions = play_random_game(getattr(session.setup, "seed", 1) or 1)
    for action in actions[len(session.actions) : len(session.actions) + count]:
        session.act(action)


def game_save(folder: Path) -> Path:
    (path,) = [p for p in (folder / "games").iterdir() if not p.name.startswith(".")]
    return path


# -- the seed ---------------------------------------------------------------------------------


def test_an_unfinished_save_never_shows_the_seed(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    moves(session, 30)
    path = game_save(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert str(SEED) not in path.name, "the file name gives the seed away"
    assert str(SEED) not in text and "seed:" not in text, text
    assert text.splitlines()[1].startswith("seal: 1-")
    # Yet it resumes exactly: the same seed, the same hands, the same draw pile.
    resumed = GameSession.resume(tmp_path)
    assert resumed.setup == session.setup
    assert resumed.state == session.state


def test_the_seal_key_is_private_and_the_seal_hides_the_seed_length(tmp_path: Path) -> None:
    GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    key = tmp_path / "games" / KEY_NAME
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    secret = bytes(range(32))
    nonce = b"12345678"
    assert len(seal(1, secret, nonce)) == len(seal(10**17, secret, nonce))
    assert unseal(seal(-5, secret, nonce), secret) == -5


def test_two_games_with_one_seed_get_different_seals(tmp_path: Path) -> None:
    a = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path / "a")
    b = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path / "b")
    assert a.save_path is not None and b.save_path is not None
    seal_a = a.save_path.read_text(encoding="utf-8").splitlines()[1]
    seal_b = b.save_path.read_text(encoding="utf-8").splitlines()[1]
    assert seal_a != seal_b


def test_a_seal_opens_only_with_its_own_key(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    moves(session, 5)
    path = game_save(tmp_path)
    # Another installation's key: a clear refusal that names the line, never a wrong deal.
    key = tmp_path / "games" / KEY_NAME
    key.write_text("ab" * 32 + "\n", encoding="ascii")
    with pytest.raises(ResumeError, match=r"line 2: the seal does not open") as caught:
        GameSession.load(path)
    assert str(SEED) not in str(caught.value)
    key.unlink()
    with pytest.raises(ResumeError, match=r"line 2: the key that opens the seal .* is missing"):
        GameSession.load(path)
    with pytest.raises(SealError):
        unseal("1-zz-00-00", bytes(32))


def test_an_edited_seal_is_refused(tmp_path: Path) -> None:
    GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    path = game_save(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    body = list(lines[1])
    body[30] = "0" if body[30] != "0" else "1"
    lines[1] = "".join(body)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ResumeError, match="line 2: the seal does not open"):
        GameSession.load(path)


def test_an_old_save_with_a_plain_seed_still_loads_and_is_then_sealed(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    old = games / f"20250101-120000-seed{SEED}.txt"
    old.write_text(f"players: {', '.join(NAMES)}\nseed: {SEED}\n\n", encoding="utf-8")
    session = GameSession.resume(tmp_path)
    assert session.setup == Setup(players=NAMES, seed=SEED)
    moves(session, 3)
    # Sealed now, and renamed: the old name gave the seed away.
    assert not old.exists()
    assert game_save(tmp_path).name == "20250101-120000.txt"
    assert str(SEED) not in game_save(tmp_path).read_text(encoding="utf-8")
    assert GameSession.resume(tmp_path).state == session.state


def test_check_says_an_unfinished_save_is_sealed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    from rich.console import Console

    code = run_check(
        str(game_save(tmp_path)), keep_going=False, as_json=False, console=Console(width=200)
    )
    out = capsys.readouterr().out
    assert code == 2
    assert "line 2" in out and "sealed until the game ends" in out, out


def last_deal(seed: int) -> Position:
    """The 15th deal about to start: Ann owns red and blue, the marker is on space 1 (R B)."""
    return Position(
        players=NAMES,
        # Every player owns an investor, as S2 deals them (a position must be reachable).
        investors={
            "Ann": (Colour.RED, Colour.BLUE),
            "Bob": (Colour.YELLOW,),
            "Cy": (Colour.PINK,),
            "Di": (Colour.ORANGE,),
        },
        deals_done=14,
        marker=1,
        turn="Ann",
        hands={name: () for name in NAMES},
        seed=seed,
    )


def test_the_finished_save_holds_the_plain_seed(tmp_path: Path) -> None:
    session = GameSession.new(last_deal(SEED), tmp_path)
    assert str(SEED) not in game_save(tmp_path).read_text(encoding="utf-8")
    session.act(A.StartDeal(player=0))
    session.act(A.Close(player=0, supplies=next(possible_closes(session.state))))
    session.act(A.TimeUp())
    assert session.state.phase is Phase.OVER
    assert session.save_path is not None and session.save_path.parent.name == "finished"
    assert f"seed: {SEED}\n" in session.save_path.read_text(encoding="utf-8")
    assert not list((tmp_path / "games").glob("*.txt")), "the sealed save stays behind"
    assert main(["check", str(session.save_path)]) == 0


def test_resume_errors_never_show_the_seed(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    moves(session, 10)
    path = game_save(tmp_path)
    path.write_text(path.read_text(encoding="utf-8") + "Ann: fly to the moon\n", encoding="utf-8")
    with pytest.raises(ResumeError) as caught:
        GameSession.resume(tmp_path)
    assert str(SEED) not in str(caught.value) and path.name in str(caught.value)


# -- temporary files and damaged saves ----------------------------------------------------------


def test_a_leftover_temporary_file_is_never_resumed(tmp_path: Path) -> None:
    """Today's bug: a kill during a save left ``.save-XXXX.txt``, cut at a line end; resume
    picked it (the newest ``*.txt``) and went on with half the game."""
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    moves(session, 40)
    path = game_save(tmp_path)
    cut = "\n".join(path.read_text(encoding="utf-8").splitlines()[:20]) + "\n"
    leftover = path.parent / ".save-k1llm3.txt"
    leftover.write_text(cut, encoding="utf-8")
    os.utime(leftover, (path.stat().st_mtime + 60, path.stat().st_mtime + 60))
    resumed = GameSession.resume(tmp_path)
    assert resumed.save_path == path
    assert resumed.state == session.state and resumed.skipped == []


def test_temporary_files_are_dotfiles_without_the_save_suffix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []
    real_replace = os.replace

    def spying(src: str, dst: str) -> None:
        made.append(Path(src).name)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spying)
    GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    assert made and all(n.startswith(".save-") and n.endswith(".tmp") for n in made), made


def test_stale_temporary_files_are_cleaned_and_fresh_ones_left(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    stale = [games / ".save-old1.tmp", games / ".save-old2.txt", games / ".seal-key.abc123.tmp"]
    fresh = games / ".save-now.tmp"
    # Named like a temp file of ours, but not one: the suffix filter must leave it alone.
    mine = games / ".save-notes.bak"
    for path in [*stale, fresh, mine]:
        path.write_text("players: Ann, Bob, Cy\n", encoding="utf-8")
    for path in [*stale, mine]:
        os.utime(path, (1, 1))
    GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    assert not any(p.exists() for p in stale)
    assert fresh.exists(), "a save being written by another game right now"
    assert mine.exists(), "not a file of ours"


def test_resume_passes_over_damaged_saves_and_says_which(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    moves(session, 12)
    good = game_save(tmp_path)
    later = good.stat().st_mtime + 10
    broken = good.parent / "99990101-000000.txt"
    broken.write_text("players: Ann, Bob\nseed: nonsense\n", encoding="utf-8")
    empty = good.parent / "99990101-000001.txt"
    empty.write_bytes(b"")
    for path, when in ((broken, later), (empty, later + 1)):
        os.utime(path, (when, when))
    resumed = GameSession.resume(tmp_path)
    assert resumed.save_path == good and resumed.state == session.state
    assert [s.split(" ")[0] for s in resumed.skipped] == [empty.name, broken.name]
    good.unlink()
    with pytest.raises(ResumeError, match=r"no save in .* can be resumed: 99990101-000001\.txt"):
        GameSession.resume(tmp_path)


# -- the sharks' budget --------------------------------------------------------------------------


def test_the_save_keeps_the_sharks_budget(tmp_path: Path) -> None:
    players = ("Ann", "Bob", "Cy", "Shark1")
    bots = {"Shark1": "shark"}
    session = GameSession.new(Setup(players=players, seed=SEED), tmp_path, bots=bots, bot_budget=8)
    moves(session, 5)
    text = game_save(tmp_path).read_text(encoding="utf-8")
    assert text.splitlines()[1:3] == ["bots: Shark1=shark", "bot-budget: 8"]
    resumed = GameSession.resume(tmp_path)
    assert resumed.bots == bots and resumed.bot_budget == 8
    assert resumed.state == session.state


@pytest.mark.parametrize("budget", ["lots", "0", "20001", "-8", "8.5", ""])
def test_a_bad_budget_in_a_save_is_named_by_its_line(
    budget: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ("Ann", "Bob", "Cy", "Shark1")
    session = GameSession.new(
        Setup(players=players, seed=SEED), tmp_path, bots={"Shark1": "shark"}, bot_budget=8
    )
    moves(session, 5)
    path = game_save(tmp_path)
    text = path.read_text(encoding="utf-8").replace("bot-budget: 8", f"bot-budget: {budget}")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ResumeError, match=r"line 3, column 1: bot-budget: .* from 1 to 20000"):
        GameSession.load(path)
    # At the command line: one sentence, exit 2, no traceback, and never the seed.
    assert main(["play", "--resume", "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("imtheboss: nothing to resume:") and "line 3" in err
    assert f"'{budget}' is not" in err
    assert "Traceback" not in err and str(SEED) not in err


# -- a games folder that cannot be written -------------------------------------------------------


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    (tmp_path / "games").write_text("not a folder", encoding="utf-8")
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)  # no crash
    assert session.save_problem is not None
    assert "a file stands where the folder should be" in session.save_problem
    assert str(SEED) not in session.save_problem
    moves(session, 25)  # the game goes on in memory
    assert session.save_problem is not None and len(session.actions) == 25
    (tmp_path / "games").unlink()
    moves(session, 1)
    assert session.save_problem is None
    resumed = GameSession.resume(tmp_path)
    assert resumed.state == session.state and len(resumed.actions) == 26


def test_a_full_disk_loses_no_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import imtheboss.saves as saves_module

    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    moves(session, 5)
    real_write = saves_module.write

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(saves_module, "write", full)
    moves(session, 20)
    assert session.save_problem is not None and "the disk is full" in session.save_problem
    assert len(GameSession.resume(tmp_path).actions) == 5  # the file holds the last good save
    monkeypatch.setattr(saves_module, "write", real_write)
    assert session.save()
    assert GameSession.resume(tmp_path).state == session.state


def test_a_failed_write_leaves_the_old_save_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENOSPC in the middle of writing the new file: the old one is untouched, and no
    temporary file stays behind."""
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    moves(session, 8)
    real_fsync = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    moves(session, 1)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert session.save_problem is not None
    assert len(GameSession.resume(tmp_path).actions) == 8
    assert [p.name for p in (tmp_path / "games").iterdir() if p.name.startswith(".save")] == []


def test_a_missing_parent_under_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("", encoding="utf-8")
    problem = cannot_save_in(blocker / "home")
    assert problem is not None and "a file stands where the folder should be" in problem


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    games.chmod(0o500)
    try:
        session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
        assert session.save_problem is not None and "permission" in session.save_problem
        moves(session, 3)
    finally:
        games.chmod(0o700)
    moves(session, 1)
    assert session.save_problem is None
    assert GameSession.resume(tmp_path).state == session.state


def test_play_warns_in_one_sentence_and_plays_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from imtheboss.tui.app import BossApp

    started: list[bool] = []
    monkeypatch.setattr(BossApp, "run", lambda self, *a, **k: started.append(True))
    home = tmp_path / "home"
    home.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("IMTHEBOSS_HOME", str(home))
    assert main(["play", "--names", "Ann,Bob,Cy"]) == 0
    err = capsys.readouterr().err
    assert started == [True], "a game night is not blocked by a folder"
    assert err.count("\n") == 1 and err.startswith("imtheboss: games cannot be saved in")
    assert "played in memory" in err
    assert sys.exc_info() == (None, None, None)


def test_play_says_nothing_when_the_folder_is_fine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from imtheboss.tui.app import BossApp

    monkeypatch.setattr(BossApp, "run", lambda self, *a, **k: None)
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))
    assert main(["play", "--names", "Ann,Bob,Cy"]) == 0
    assert capsys.readouterr().err == ""
    assert not [p for p in (tmp_path / "games").iterdir() if not p.name.startswith(".")]


# -- the size of a save (issue 23, item 6) ---------------------------------------------------------


def haggling(seed: int) -> Position:
    """Ann, the Boss of a deal on space 5, can offer Bob $2M for his yellow investor and take
    the offer back as often as she likes: a game that grows without end."""
    return Position(
        players=NAMES,
        investors={
            "Ann": (Colour.RED, Colour.BLUE),
            "Bob": (Colour.YELLOW, Colour.PINK),
            "Cy": (Colour.ORANGE,),
            "Di": (Colour.GREEN,),
        },
        deals_done=3,
        marker=5,
        turn="Ann",
        hands={"Ann": (), "Bob": (), "Cy": (Card.STOP,), "Di": (Card.HIRE,)},
        seed=seed,
    )


def haggle(session: GameSession, rounds: int) -> None:
    yellow = (InvestorRef(colour=Colour.YELLOW),)
    for _ in range(rounds):
        session.act(A.Offer(player=0, supplier=1, cards=yellow, price=Price(amount=2)))
        session.act(A.Withdraw(player=0, supplier=1))


def test_a_save_past_the_old_reading_limit_still_resumes(tmp_path: Path) -> None:
    """The 4 MiB that ``read_text`` allows any file is not what the writer keeps to: a long
    evening of offers and withdrawals was written and then refused on ``--resume``."""
    from imtheboss.saves import SAVE_LIMIT, write
    from imtheboss.textfile import MAX_BYTES

    session = GameSession.new(haggling(SEED), tmp_path)
    session.act(A.StartDeal(player=0))
    haggle(session, 2)
    session.close()
    text = session.text()
    rounds = (MAX_BYTES - len(text)) // len("".join(text.splitlines(True)[-2:])) + 100
    # The same game haggled longer: its text as the writer writes it, without playing and
    # saving the hundreds of thousands of moves one by one.
    longer = text + "".join(text.splitlines(True)[-2:]) * rounds
    assert MAX_BYTES < len(longer.encode()) <= SAVE_LIMIT
    assert session.save_path is not None
    write(session.save_path, longer)
    resumed = GameSession.resume(tmp_path)
    assert len(resumed.actions) == len(session.actions) + 2 * rounds
    resumed.close()


def test_a_save_the_reader_would_refuse_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import imtheboss.saves as saves_module

    monkeypatch.setattr(saves_module, "SAVE_LIMIT", 2500)
    session = GameSession.new(haggling(SEED), tmp_path)
    session.act(A.StartDeal(player=0))
    while session.save_problem is None:
        haggle(session, 1)
    assert "the game is too long to save (more than 2500 bytes)" in session.save_problem
    assert session.save_path is not None
    assert session.save_path.stat().st_size <= 2500
    kept = len(GameSession.load(session.save_path).actions)
    assert kept == len(session.actions) - session.moves_not_saved() > 0


# -- a position the table cannot play on (issue 23, item 14) -------------------------------------

_NO_SEED = """players: Ann, Bob, Cy, Di
deals-done: 2
marker: 7
turn: Ann
investors: Ann=red,blue; Bob=yellow; Cy=pink; Di=orange
hand Ann: stop
hand Bob: stop
hand Cy: boss
hand Di: hire
"""


def test_a_position_without_a_seed_is_not_resumed_into_a_dead_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, it resumed and then every roll was refused ("Write down the number rolled")."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "puzzle.txt").write_text(_NO_SEED, encoding="utf-8")
    assert GameSession.load(games / "puzzle.txt").state.rng is None  # a dispute reads it
    with pytest.raises(ResumeError, match=r"no save in .* can be resumed: puzzle\.txt") as caught:
        GameSession.resume(tmp_path)
    assert "a position without a seed cannot be played at the table" in str(caught.value)
    assert "add a line `seed: N` to its header to play it" in str(caught.value)
    assert main(["play", "--resume", "puzzle", "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("imtheboss: nothing to resume: ") and err.count("\n") == 1
    assert "puzzle.txt: a position without a seed cannot be played at the table" in err
    # With the seed written in, the table plays it: the roll is the die's.
    (games / "puzzle.txt").write_text(_NO_SEED + "seed: 12\n", encoding="utf-8")
    session = GameSession.resume(tmp_path)
    session.act(A.Roll(player=0))
    assert session.lines[-1] is not None and session.lines[-1].startswith("Ann: roll ")
    session.close()


# -- undo (issue 20: the refusal is the game's, with a reason a player reads) ---------------------


def test_undo_of_a_roll_is_refused_in_words_and_changes_nothing(tmp_path: Path) -> None:
    from imtheboss import i18n
    from imtheboss.record import UndoRefused

    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "puzzle.txt").write_text(_NO_SEED + "seed: 12\n", encoding="utf-8")
    session = GameSession.resume(tmp_path)
    session.act(A.Roll(player=0))
    before = (session.state, list(session.actions), list(session.lines))
    with pytest.raises(UndoRefused) as refused:
        session.undo()
    assert (session.state, session.actions, session.lines) == before
    assert str(refused.value) == "a roll cannot be taken back: it showed what chance gave"
    i18n.use("es")
    try:
        assert i18n.explain(refused.value) == i18n._(
            "a roll cannot be taken back: it showed what chance gave"
        )
        assert i18n.explain(refused.value) != str(refused.value)
    finally:
        i18n.use("en")
    session.close()
