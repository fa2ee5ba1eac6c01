"""Every file in the per-user folder, damaged for real: the game says so, keeps the file aside,
and plays on (docs/DAMAGED_FILES.md). Findings 2-5, 9, 10 and 13 of issue 19."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from game import files, paths
from game.campaign.levels import load_level
from game.campaign.progress import Progress
from game.campaign.puzzles import FOLDER, load_my_puzzles
from game.campaign.stats import Statistics
from game.engine import Mode, new_game
from game.engine.rng import Rng
from game.match.controller import Match
from game.match.loading import (
    REPLAYS_DIR,
    SAVE_FILE,
    SaveWriter,
    keep_replay,
    load_game,
    load_replay,
    save_game,
)
from game.match.record import RecordError, read_record, write_record
from game.settings import FILE as SETTINGS
from game.settings import RANGES, Settings


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    return tmp_path


def running(mode=Mode.STANDARD, count=2, seed=4, moves=3) -> Match:
    state = new_game(mode, [f"P{i}" for i in range(count)], seed, 0, [None] * count)
    match = Match(state)
    rng = Rng(seed)
    for _ in range(moves):
        legal = match.state.legal_moves()
        match.play(legal[rng.below(len(legal))])
    return match


def kept_aside(folder: Path, name: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + ".") and
                  not p.name.endswith(".tmp"))


# -- the one reader: every family of bad file ------------------------------------------------

# The kinds of bad file bad_files() makes: those that are no regular file, then the two whose
# bytes are not text. Each test of a file the game reads takes them from here.
NOT_FILES = ("fifo", "folder", "huge", "loop")
BAD_KINDS = (*NOT_FILES, "nul", "latin1")


def bad_files(folder: Path) -> dict[str, Path]:
    """One file of every kind the reader refuses, made for real."""
    made = {}
    made["fifo"] = folder / "fifo"
    os.mkfifo(made["fifo"])
    made["folder"] = folder / "folder"
    made["folder"].mkdir()
    made["huge"] = folder / "huge"
    with open(made["huge"], "wb") as fh:  # sparse: 5 GB that take no room on the disk
        fh.truncate(5 * 1024 ** 3)
    made["nul"] = folder / "nul"
    made["nul"].write_bytes(b"\x00" * 512)
    made["latin1"] = folder / "latin1"
    made["latin1"].write_bytes("mode: standard \xe9\n".encode("latin-1"))
    made["loop"] = folder / "loop"
    os.symlink("loop", made["loop"])  # relative: it stays a loop when renamed, as "x" -> "x"
    return made


def made_in(folder: Path, name: str) -> dict[str, Path]:
    """bad_files in a folder of their own; the loop made again as `name` -> `name`."""
    (folder / "made").mkdir()
    made = bad_files(folder / "made")
    made["loop"].unlink()
    os.symlink(name, made["loop"])
    return made


def test_the_reader_refuses_each_kind_of_bad_file_without_reading_it(tmp_path):
    made = bad_files(tmp_path)
    assert set(made) == set(BAD_KINDS)
    for kind, path in made.items():
        with pytest.raises(files.FileFault) as fault:
            files.read_text(path)
        assert fault.value.why and fault.value.words, kind
    with pytest.raises(files.FileFault, match="not a regular file"):
        files.read_text("/dev/zero")


def test_a_file_that_lies_about_its_size_is_stopped_at_the_limit():
    """/proc files say 0 bytes; the reader stops at its limit all the same."""
    text = files.read_text("/proc/self/status", limit=1 << 20)
    assert "Name:" in text
    with pytest.raises(files.FileFault, match="too large"):
        files.read_text("/proc/self/status", limit=16)


def test_a_byte_order_mark_is_not_part_of_the_text(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfmode: standard\n")
    assert files.read_text(path) == "mode: standard\n"


def test_shown_makes_any_text_safe_to_draw():
    assert files.shown("a\x00b\nc\u2028d\ud800") == "a\\x00b c d\\ud800"
    assert len(files.shown("x" * 10_000)) == files.SHOWN


# -- settings.json: findings 3, 4, 9 ---------------------------------------------------------

DAMAGED_SETTINGS = {
    "not json": b"{volume: loud",
    "a list": b"[1, 2]",
    "400 digits": b'{"volume": 1' + b"0" * 400 + b"}",
    "NaN": b'{"volume": NaN}',
    "infinite": b'{"animation_speed": 1e400}',
    "out of range": b'{"computer_pace": -1}',
    "wrong kind": b'{"muted": "yes"}',
    "unknown language": b'{"language": "xx"}',
    "nested": b"[" * 100_000 + b"]" * 100_000,
    "NUL bytes": b"\x00" * 64,
    "not UTF-8": b'{"language": "\xff"}',
}


@pytest.mark.parametrize("kind", DAMAGED_SETTINGS)
def test_damaged_settings_give_defaults_a_notice_and_are_kept_aside(prefs, kind):
    raw = DAMAGED_SETTINGS[kind]
    (prefs / SETTINGS).write_bytes(raw)
    settings, notice = Settings.load()
    assert settings == Settings() and notice and "defaults" in notice
    backups = kept_aside(prefs, SETTINGS)
    assert len(backups) == 1 and backups[0].read_bytes() == raw
    assert backups[0].name in notice
    settings.save()  # at exit: the defaults are written, the damaged file is still kept
    assert backups[0].read_bytes() == raw and json.loads((prefs / SETTINGS).read_text())


def test_a_range_is_the_one_the_settings_screen_keeps(prefs):
    for name, (low, high) in RANGES.items():
        for value, good in ((low, True), (high, True), (high * 2 + 1, False)):
            (prefs / SETTINGS).write_text(json.dumps({name: value}))
            settings, notice = Settings.load()
            assert (notice is None) == good, (name, value)
            for backup in kept_aside(prefs, SETTINGS):
                backup.unlink()


def test_a_damaged_settings_file_that_cannot_be_moved_is_never_overwritten(prefs, monkeypatch):
    import game.settings

    (prefs / SETTINGS).write_text("{broken")
    monkeypatch.setattr(game.settings, "keep_aside", lambda path, tag: None)
    settings, notice = Settings.load()
    assert "left as it is" in notice
    settings.effects_volume = 0.1
    settings.save()
    assert (prefs / SETTINGS).read_text() == "{broken"


@pytest.mark.parametrize("kind", NOT_FILES)
def test_settings_that_are_not_a_file_do_not_hang_the_start(prefs, kind):
    made = made_in(prefs, SETTINGS)
    os.replace(made[kind], prefs / SETTINGS)
    settings, notice = Settings.load()
    assert settings == Settings() and notice
    assert len(kept_aside(prefs, SETTINGS)) == 1


# -- the game in progress: findings 2, 5, 6, 9, 10 -------------------------------------------

def test_a_save_with_a_bom_continues(prefs):
    match = running()
    (prefs / SAVE_FILE).write_bytes(b"\xef\xbb\xbf" + match.save_text().encode())
    record, notice = load_game()
    assert notice is None and record.moves == tuple(match.moves)


def bad_saves() -> dict[str, str]:
    """Saves that read as records line by line but say something no game can hold."""
    text = running().save_text()
    solo = running(Mode.SOLO, 1).save_text()
    young = running(Mode.ALL_INCLUDED_YOUNG, 3).save_text()

    def secret(record_text, value):
        lines = [ln if not ln.startswith("secret:") else f"secret: {value}"
                 for ln in record_text.splitlines()]
        return "\n".join(lines) + "\n"

    def add(record_text, line):
        lines = record_text.splitlines()
        return "\n".join(lines[:2] + [line] + lines[2:]) + "\n"

    return {
        "daily: not-a-date": add(solo, "daily: not-a-date"),
        "daily on a couch game": add(text, "daily: 2024-05-17"),
        "date: garbage": add(text, "date: yesterday"),
        "young with two task cards a seat": secret(young, "C+Y D+O E+P"),
        "three task cards on one seat": secret(text, "C+Y+M D+O"),
        "a task card twice": secret(text, "C+Y C+O"),
        "target on a Standard game": add(text, "target: YC"),
        "a level on a couch game": add(text, "level: first-steps"),
        "a name that is only controls": text.replace("P0 (", "%00%07 ("),
        "NUL bytes": "\x00" * 300,
    }


@pytest.mark.parametrize("kind", bad_saves())
def test_a_save_that_says_the_impossible_is_kept_aside(prefs, kind):
    text = bad_saves()[kind]
    (prefs / SAVE_FILE).write_text(text, encoding="utf-8", errors="surrogatepass")
    record, notice = load_game()
    assert record is None and notice and "\x00" not in notice
    assert not (prefs / SAVE_FILE).exists() and len(kept_aside(prefs, SAVE_FILE)) == 1
    assert load_game() == (None, None)  # the next start: no Continue, no second notice


@pytest.mark.parametrize("kind", NOT_FILES)
def test_a_save_that_is_not_a_file_is_kept_aside(prefs, kind):
    made = made_in(prefs, SAVE_FILE)
    os.replace(made[kind], prefs / SAVE_FILE)
    record, notice = load_game()
    assert record is None and notice and len(kept_aside(prefs, SAVE_FILE)) == 1


@contextmanager
def failing_disk(monkeypatch, code=errno.ENOSPC):
    """Every write fails as a full disk does: after the temporary file was made."""
    real = os.fsync
    state = {"on": True}

    def fsync(fd):
        if state["on"]:
            raise OSError(code, os.strerror(code))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    yield state
    monkeypatch.setattr(os, "fsync", real)


def test_saving_that_starts_failing_is_told_once_and_once_when_it_works_again(prefs,
                                                                               monkeypatch):
    match = running()
    writer = SaveWriter()
    told = []
    with failing_disk(monkeypatch) as disk:
        for _ in range(45):
            writer.save(match.save_text())
            writer.flush()
            told.append(writer.take_notice())
        assert [t for t in told if t] == ["This game cannot be saved: the disk is full."]
        assert not list(prefs.rglob("*.tmp")), "a failed write takes its temporary file away"
        disk["on"] = False
        writer.save(match.save_text())
        writer.flush()
        assert writer.take_notice() == "This game can be saved again."
        writer.save(match.save_text())
        writer.flush()
        assert writer.take_notice() is None
    writer.close()
    assert load_game()[0] is not None


def test_a_read_only_folder_is_said_so(prefs, monkeypatch):
    with failing_disk(monkeypatch, errno.EROFS):
        assert save_game(running().save_text()) == \
            "This game cannot be saved: the folder cannot be written to."


def test_a_record_progress_and_statistics_on_a_full_disk_leave_no_temporary_file(prefs,
                                                                                monkeypatch):
    match = running(Mode.SOLO, 1, moves=2)
    with failing_disk(monkeypatch):
        assert keep_replay(match.record_text()) is not None
        assert Statistics(prefs).save() is not None
        assert Progress(prefs).save() is not None
    leftovers = [p for p in prefs.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []


def _mount_tiny(folder: Path) -> bool:
    if os.geteuid() != 0:
        return False
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                          capture_output=True)
    return done.returncode == 0


def test_a_really_full_disk(tmp_path, monkeypatch):
    """A 64 kB filesystem, filled: the writes fail for real (root only, else skipped)."""
    tiny = tmp_path / "tiny"
    if not _mount_tiny(tiny):
        pytest.skip("needs root to mount a tiny tmpfs")
    try:
        monkeypatch.setenv("SCARE_IT_PREFS", str(tiny))
        match = running()
        assert save_game(match.save_text()) is None
        with open(tiny / "filler", "wb", buffering=0) as fh, \
                pytest.raises(OSError, match="No space"):
            while True:
                fh.write(b"x" * 4096)
        writer = SaveWriter()
        for _ in range(10):
            writer.save(match.save_text() + "# " + "y" * 8192 + "\n")
            writer.flush()
        assert writer.take_notice() == "This game cannot be saved: the disk is full."
        assert keep_replay(running(Mode.SOLO, 1).record_text()) is not None
        writer.close()
        assert not [p for p in tiny.rglob("*.tmp")]
        assert load_game()[0] is not None, "the last good save is still there"
    finally:
        subprocess.run(["umount", str(tiny)], capture_output=True)


# -- progress and statistics -----------------------------------------------------------------

@pytest.mark.parametrize("store", [Progress, Statistics])
@pytest.mark.parametrize("kind", BAD_KINDS)
def test_progress_and_statistics_that_are_not_text_are_kept_aside(tmp_path, store, kind):
    name = store(tmp_path).path.name
    made = made_in(tmp_path, name)
    os.replace(made[kind], tmp_path / name)
    loaded = store.load(tmp_path)
    assert loaded.notice and len(kept_aside(tmp_path, name)) == 1


@pytest.mark.parametrize("store", [Progress, Statistics])
def test_progress_and_statistics_with_a_bom_load(tmp_path, store):
    fresh = store(tmp_path)
    fresh.save()
    text = fresh.path.read_bytes()
    fresh.path.write_bytes(b"\xef\xbb\xbf" + text)
    assert store.load(tmp_path).notice is None


def test_a_bug_in_reading_progress_is_not_called_a_damaged_file(tmp_path, monkeypatch):
    """Issue 18: a TypeError is a bug, never "your progress was corrupt"."""
    Progress(tmp_path).save()

    class Buggy(dict):
        """The file's data, as a reader with a bug in it meets it."""

        def get(self, *args):
            raise TypeError("a bug")

    real = json.loads
    monkeypatch.setattr(json, "loads", lambda text: Buggy(real(text)))
    with pytest.raises(TypeError):
        Progress.load(tmp_path)
    assert not kept_aside(tmp_path, "progress.json")


# -- records, level files, My puzzles --------------------------------------------------------

def test_a_record_with_a_bom_reads(tmp_path):
    text = running(Mode.SOLO, 1).record_text()
    assert read_record("\ufeff" + text) == read_record(text)
    path = tmp_path / "r.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert load_replay(path) == read_record(text)


def test_a_replay_full_of_nul_bytes_is_a_record_error(tmp_path):
    path = tmp_path / "r.txt"
    path.write_bytes(b"mode: standard\n\x00\x00\x00\n")
    with pytest.raises(RecordError, match="NUL"):
        load_replay(path)


def test_a_level_file_with_a_bom_loads(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"\xef\xbb\xbfid: a\nname: A\nchapter: 1\npar: 1\n\nYC PM\n")
    assert load_level(path).id == "a"


def test_a_symlink_loop_in_my_puzzles_is_listed_as_unavailable(tmp_path):
    folder = tmp_path / FOLDER
    folder.mkdir()
    (folder / "my-good.txt").write_text("id: my-good\nname: Good\nchapter: 99\npar: 1\n\nYC PM\n")
    os.symlink(folder / "my-loop.txt", folder / "my-loop.txt")
    os.mkfifo(folder / "my-fifo.txt")
    chapter = load_my_puzzles(tmp_path)
    assert [lv.id for lv in chapter.levels] == ["my-good"]
    assert sorted(e.path.name for e in chapter.broken) == ["my-fifo.txt", "my-loop.txt"]


def test_the_cli_refuses_endless_and_huge_records_in_one_line(tmp_path):
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as fh:
        fh.truncate(4 * 1024 ** 3)
    for path in ("/dev/zero", str(huge)):
        done = subprocess.run([sys.executable, "-m", "game", "replay", path],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1 and "cannot read the record" in done.stderr


def test_every_record_the_game_writes_reads_back_in_every_mode():
    """The new value checks refuse nothing the game writes (modes from the code's registry)."""
    for mode in Mode:
        for count in mode.player_counts:
            match = running(mode, count, seed=count, moves=2)
            for text in (match.save_text(), match.record_text()):
                read_record(text)
            assert read_record(write_record(match.record(), secret=True)).seats == \
                read_record(match.save_text()).seats


def test_pref_dir_problems_are_one_line_and_play_goes_on(tmp_path, monkeypatch):
    """Finding 8, in-process: every kind of unusable folder is said in one line, and the run
    keeps its files in a throw-away folder."""
    a_file = tmp_path / "file"
    a_file.write_text("x")
    cases = {"a file": str(a_file), "under a file": str(a_file / "sub"),
             "a 300-character name": str(tmp_path / ("n" * 300)), "in /proc": "/proc/scare-it"}
    for kind, value in cases.items():
        monkeypatch.setenv("SCARE_IT_PREFS", value)
        problem = paths.check_pref_dir()
        assert problem and "\n" not in problem and "SCARE_IT_PREFS" in problem, kind
        assert paths.saving_off() and paths.pref_dir().is_dir()
        assert save_game(running().save_text()) is None  # into the throw-away folder
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path / "fine"))
    assert paths.check_pref_dir() is None and not paths.saving_off()
    assert (tmp_path / "fine").is_dir() and not (tmp_path / "fine" / REPLAYS_DIR).exists()


def test_every_setting_the_settings_screen_offers_reads_back_without_a_notice(prefs):
    from game.scenes.settings.settings import PACES, SPEEDS

    for speed, _words in SPEEDS:
        for pace, _words in PACES:
            Settings(animation_speed=speed, computer_pace=pace, effects_volume=1.0).save()
            settings, notice = Settings.load()
            assert notice is None and (settings.animation_speed, settings.computer_pace) == \
                (speed, pace)


def test_what_the_game_writes_is_always_in_range(prefs):
    """Tests (and any future caller) may set a speed beyond the screen's choices; the file
    written is still one the next start reads without calling it damaged."""
    Settings(animation_speed=25.0, computer_pace=-3.0).save()
    assert Settings.load()[1] is None


def test_a_puzzle_saved_with_a_line_break_in_its_name_is_still_a_puzzle(tmp_path):
    from game.campaign.puzzles import Puzzle, parse_code, save_puzzle

    puzzle = Puzzle(parse_code("YCPM").position)
    saved = save_puzzle(tmp_path, "Two\u2028cats\nid: my-evil", puzzle, 1)
    chapter = load_my_puzzles(tmp_path)
    assert chapter.broken == () and [lv.id for lv in chapter.levels] == [saved.id]
    assert chapter.levels[0].english_name == "Two cats id: my-evil"
