"""The screens facing damaged things: names with line breaks typed into the New game box, a
save full of NUL bytes under the title, replays the Replays screen cannot read, a disk that
fills up mid-game. Findings 1, 2 and 6 of issue 19."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app import App
from game.controls import Device
from game.engine import Mode, new_game
from game.match.controller import Match
from game.match.loading import REPLAYS_DIR, SAVE_FILE, keep_replay, load_game, save_game
from game.match.record import read_record
from game.match.saving import clear_game, game_of
from game.match.session import Phase
from game.match.setup_memory import load_memory
from game.names import clean_name, typed_name
from game.scenes.table.setup import NAME_MAX, SetupScene
from tests.scenes.drive import pump

# Every character Python's str.splitlines() breaks a line at, and what else a name box can get.
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    yield tmp_path
    pygame.quit()


def fresh_app() -> App:
    pygame.quit()  # one window per process
    app = App(frames=1, windowed=True)
    app.raise_errors = True
    return app


def test_every_line_break_is_a_line_break_to_the_record_reader():
    """The list above is the reader's own idea of a line break, not a copy of ours."""
    for ch in LINE_BREAKS:
        assert len(f"a{ch}b".splitlines()) == 2, repr(ch)
    every = [chr(c) for c in range(0x3000) if len(f"a{chr(c)}b".splitlines()) == 2]
    assert sorted(every) == sorted(LINE_BREAKS)


def saved_names(names: list[str], mode=Mode.STANDARD) -> list[str]:
    """The names after a save to disk and Continue's load."""
    state = new_game(mode, names, 7, 0, [None] * len(names))
    match = Match(state)
    match.play(state.legal_moves()[0])
    text = match.save_text()
    assert save_game(text) is None
    record, notice = load_game()
    assert notice is None, notice
    clear_game(game_of(text))  # each example alone in the store: Continue reads every save
    return [seat.name for seat in record.seats]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=2))
def test_any_name_the_name_box_accepts_round_trips_through_a_save(prefs, typed):
    """Whatever is typed or pasted, the name the box keeps comes back from a save unchanged."""
    names = [clean_name(t, NAME_MAX) or f"Player {i + 1}" for i, t in enumerate(typed)]
    assert saved_names(names) == names


@given(st.text(alphabet=st.sampled_from(LINE_BREAKS + " ab%,()\t\x00\u200b\u200d"), max_size=30))
def test_a_clean_name_is_one_visible_line(text):
    name = clean_name(text)
    assert len(name.splitlines()) <= 1 and name == name.strip() and "  " not in name
    assert clean_name(name) == name and typed_name(name) == name


def test_a_line_break_typed_into_the_name_box_never_costs_the_game(prefs):
    app = fresh_app()
    for ch in LINE_BREAKS:
        setup = SetupScene(app)
        app.push(setup)
        pump(app, 1, force=True)
        setup.entries[0].set_text(f"An{ch}na")
        pump(app, 1, force=True)
        assert setup.entries[0].get_text() == "An na", f"the box shows what is kept ({ch!r})"
        setup.entries[1].set_text(f"{ch}Bob{ch}")
        state = setup.build_state()
        assert [p.name for p in state.players] == ["An na", "Bob"]
        match = Match(state)
        match.play(state.legal_moves()[0])
        assert save_game(match.save_text()) is None
        record, notice = load_game()
        assert notice is None and [s.name for s in record.seats] == ["An na", "Bob"], repr(ch)
        app.pop()


def test_names_in_new_game_json_are_cleaned_as_they_load(prefs):
    (prefs / "new_game.json").write_text('{"names": ["A\\u2028nna", "\\u0000", "Bob"]}')
    memory = load_memory()
    assert memory["names"][:3] == ["A nna", "Player 2", "Bob"]


def test_a_record_written_with_a_line_break_in_a_name_still_reads():
    """Other writers (a tool, a future seat kind) cannot break a record either."""
    state = new_game(Mode.SOLO, ["A\nB\u2028C(,)%"], 3)
    match = Match(state)
    match.play(state.legal_moves()[0])
    text = match.save_text()
    assert len([ln for ln in text.splitlines() if ln.startswith("seats:")]) == 1
    assert read_record(text).seats[0].name == "A B C(,)%"


def nul_save(prefs: Path) -> None:
    (prefs / SAVE_FILE).write_bytes(b"\x00" * 4096)


def test_a_save_full_of_nul_bytes_is_told_on_the_title_without_a_crash(prefs):
    nul_save(prefs)
    app = fresh_app()
    app.go_to_menu()
    pump(app, 3, force=True)
    assert type(app.stack.top).__name__ == "MessageScene"
    assert "\x00" not in app.stack.top.message and "damaged" in app.stack.top.message
    assert any(p.name.startswith(SAVE_FILE + ".damaged") for p in prefs.iterdir())


def test_a_replay_with_nul_bytes_is_listed_as_damaged_with_a_safe_name(prefs):
    match = Match(new_game(Mode.SOLO, ["Solo"], 5))
    match.play(match.state.legal_moves()[0])
    assert keep_replay(match.record_text()) is None
    folder = prefs / REPLAYS_DIR
    (folder / "bad\x1b[31m.txt").write_bytes(b"mode: solo\n\x00\x00\x00")
    (folder / "nul.txt").write_bytes(b"\x00" * 100)
    from game.scenes.records.replays import ReplaysScene

    app = fresh_app()
    scene = ReplaysScene(app)
    app.push(scene)
    pump(app, 2, force=True)
    # One row a replay: a damaged one is a greyed-out row that says so, with a safe name.
    rows = [next(e for e in scene.elements if f"#replay_{i}" in e.object_ids)
            for i in range(len(scene.paths))]
    damaged = [row.text for row in rows if not row.is_enabled]
    assert len(rows) == 3 and len(damaged) == 2
    assert all("\x00" not in w and "\x1b" not in w for w in damaged)
    assert any("bad\\x1b[31m.txt" in w for w in damaged)


def test_an_unreadable_replays_folder_is_said_so(prefs, monkeypatch):
    """As root a chmod does not stop reading, so the refusal is injected where it lands."""
    (prefs / REPLAYS_DIR).mkdir()
    real = Path.iterdir

    def refuse(self):
        if self.name == REPLAYS_DIR:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real(self)

    monkeypatch.setattr(Path, "iterdir", refuse)
    from game.scenes.records.replays import ReplaysScene

    app = fresh_app()
    scene = ReplaysScene(app)
    app.push(scene)
    pump(app, 2, force=True)
    assert scene.paths == [] and "cannot be read" in scene.unreadable


def test_the_table_is_told_once_when_saving_fails_and_once_when_it_works(prefs, monkeypatch):
    app = fresh_app()
    real = os.fsync
    full = {"on": True}

    def fsync(fd):
        if full["on"]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    text = Match(new_game(Mode.STANDARD, ["A", "B"], 1, 0)).save_text()
    told = []
    for _ in range(20):
        app.saver.save(text)
        app.saver.flush()
        pump(app, 1, force=True)
        if type(app.stack.top).__name__ == "MessageScene":
            told.append(app.stack.top.message)
            app.pop()
    full["on"] = False
    app.saver.save(text)
    app.saver.flush()
    pump(app, 1, force=True)
    told.append(app.stack.top.message)
    assert told == ["This game cannot be saved: the disk is full.",
                    "This game can be saved again."]


def paste(app, entry, text, monkeypatch):
    """Ctrl+V into a focused entry, the clipboard standing in (the dummy driver has none)."""
    from game.ui import clipboard

    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: text, raising=False)
    import pygame_gui.core.utility as utility

    monkeypatch.setattr(utility, "clipboard_paste", lambda: text)
    import pygame_gui.elements.ui_text_entry_line as line

    monkeypatch.setattr(line, "clipboard_paste", lambda: text)
    app.ui.set_focus_set(entry)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL,
                                         unicode="v", scancode=0))
    pump(app, 2, force=True)


def test_a_megabyte_pasted_into_the_seed_field_is_called_too_long(prefs, monkeypatch):
    from game.scenes.solo.solo_menu import SoloMenuScene

    app = fresh_app()
    scene = SoloMenuScene(app)
    app.push(scene)
    pump(app, 1, force=True)
    paste(app, scene.seed_entry, "YC" * 500_000, monkeypatch)
    assert "too long" in scene.error and "1000000" in scene.error
    assert app.stack.top is scene


def test_a_name_too_long_for_the_box_keeps_what_fits_instead_of_nothing(prefs, monkeypatch):
    app = fresh_app()
    setup = SetupScene(app)
    app.push(setup)
    pump(app, 1, force=True)
    paste(app, setup.entries[0], "Maximiliana\u2028Alexandrina von Habsburg", monkeypatch)
    kept = setup.entries[0].get_text()
    assert kept == clean_name("Maximiliana Alexandrina von Habsburg", NAME_MAX) and kept


def test_a_disk_that_fills_up_mid_game_is_told_at_the_table_and_play_goes_on(prefs,
                                                                             monkeypatch):
    from game.scenes.table.play import table_scene

    app = fresh_app()
    app.settings.animation_speed = 25.0
    app.settings.computer_pace = 0.0
    app.input.device = Device.MOUSE
    state = new_game(Mode.SOLO, ["Solo"], 11)
    table = table_scene(app, state)
    app.push(table)
    pump(app, 2, force=True)
    real = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def play_one():
        move = next(m for m in table.state.legal_moves() if not m.move_in)
        for cell in (move.scarer, move.target):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                                 pos=table.field.layout.center(cell)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                                 pos=table.field.layout.center(cell)))
            pump(app, 2, force=True)
        for _ in range(600):
            if table.director is None and table.phase != Phase.REST:
                break
            pump(app, 1)
        app.saver.flush()
        pump(app, 1, force=True)

    monkeypatch.setattr(os, "fsync", full)
    play_one()
    assert app.stack.top.message == "This game cannot be saved: the disk is full."
    app.pop()
    pump(app, 2, force=True)
    play_one()
    assert len(table.session.match.moves) == 2
    assert app.stack.top is table, "told once, not at every move"
    monkeypatch.setattr(os, "fsync", real)
    play_one()
    assert app.stack.top.message == "This game can be saved again."
    app.pop()
    record, notice = load_game()
    assert notice is None and record.moves == table.session.match.moves
