"""Online play through the game window, driven by posted events against real tables on loopback.

The host: New game -> Online -> seats far away -> Open the table -> the lobby -> the table,
with a second, headless `scare-it join` process at the other seat. The joiner: Join a table ->
address, code and name typed -> the lobby -> the table, against a headless `scare-it host` on
a `scare-it serve` process. Each player's screen holds only their own task cards until the
end; the end is in the player's Replays and statistics with every seat's task cards; a dropped
connection takes its seat back; the host leaving is told in words.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pygame_gui
import pytest

from game import i18n
from game.campaign.stats import Statistics
from game.engine.ai import SKILLS
from game.engine.modes import Mode
from game.engine.state import new_game
from game.match.loading import SAVE_FILE, saved_files
from game.match.record import Hosted, record_of, write_record
from game.match.session import Phase
from game.match.words import computer_name
from game.online.client.discovery import Listing
from game.online.client.links import DEFAULT_PORT, table_url
from game.online.client.mirror import Mirror
from game.online.server.table import Table
from game.online.shared.protocol import COMPUTER, HOST, REMOTE, show_code
from game.online.window.hosting import SeatPlan
from game.online.window.joining import join_table
from game.online.window.seat_sources import match_of
from game.paths import pref_dir
from game.scenes.online import join as join_screen
from game.scenes.online.host import HostSetupScene
from game.scenes.online.link import TableLink
from game.scenes.online.pause import leave_words
from game.scenes.online.play import OnlineKind
from game.scenes.online.words import seat_name, seat_words, trouble_words
from game.scenes.table.play import PlayScene
from game.scenes.table.view import snapshot
from tests.online.helpers import LOOPBACK, Recorder, finish, host, server, spawn
from tests.scenes.drive import is_table, lasting_move, past_the_guard, pump

LIMIT = 90.0  # seconds a whole game may take here (bots on a shared machine)


@pytest.fixture
def app(module_app, monkeypatch, tmp_path):
    application, _prefs = module_app
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))  # replays and statistics of this test
    application.files.forget()  # statistics and people read again, from this test's folder
    application.settings.animation_speed = 25.0
    application.settings.computer_pace = 0.0
    application.running = True
    # The host's table on loopback only, on a free port, listed on loopback.
    monkeypatch.setattr(HostSetupScene, "table_defaults",
                        {"listen": LOOPBACK, "port": 0, "interfaces": [LOOPBACK]})
    monkeypatch.setattr(TableLink, "patience", 3.0)  # a table gone for good: given up soon
    # No home-network listings: another test's table going on or off the air would rebuild
    # the Join screen while an address is typed (the entry typed into is then a dead one).
    monkeypatch.setattr(join_screen, "Browser", lambda interfaces=None: ListingLater())
    application.go_to_menu()
    pump(application)
    yield application
    application.go_to_menu()  # leaves any table: its connection and server close
    pump(application)


# Driving ------------------------------------------------------------------------------------
def post(app, event_type, **attrs) -> None:
    app.dispatch(pygame.event.Event(event_type, **attrs))
    pump(app)


def click(app, pos) -> None:
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def button(app, text: str):
    for element in app.stack.top.elements:
        if isinstance(element, pygame_gui.elements.UIButton) and element.text == text:
            return element
    raise AssertionError(f"no button {text!r} in {type(app.stack.top).__name__}")


def press(app, text: str) -> None:
    click(app, button(app, text).rect.center)


def type_into(app, field: str, words: str) -> None:
    """Click the scene's `field`_entry, clear it with backspaces, then type `words` as text
    input. The entry is looked up again at the end: a table turning up on the network
    rebuilds the join screen mid-typing (its new entry keeps the words and the focus)."""
    entry = getattr(app.stack.top, f"{field}_entry")
    click(app, entry.rect.center)
    post(app, pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    for _ in range(len(entry.get_text())):
        post(app, pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)
    for ch in words:
        post(app, pygame.TEXTINPUT, text=ch)
    assert getattr(app.stack.top, f"{field}_entry").get_text() == words


def top(app) -> str:
    return type(app.stack.top).__name__


def run_until(app, done, limit: float = 20.0, each=None) -> None:
    """Frames in real time (the network answers in its own threads) until done() holds."""
    end = time.monotonic() + limit
    while not done():
        if time.monotonic() > end:
            said = getattr(app.stack.top, "error", "")
            raise AssertionError(f"timed out on {top(app)}: {said!r}")
        if each is not None:
            each()
        pump(app, 1)
        time.sleep(0.005)


def play_by_mouse(app, table: PlayScene, seen_tasks: list, lasting: bool = False) -> None:
    """One frame of a person at this screen: when it is their turn, a click on a scarer and
    one on its first target (`lasting`: on a move that does not end the game, if there is
    one). Every frame, the task cards this screen knows are noted."""
    if app.stack.top is not table:
        return
    # Over once the table has said so (its last move may still be showing here).
    seen_tasks.append((table.kind.client.ended, [p.tasks for p in table.state.players]))
    if table.phase == Phase.TURN and table.director is None:
        move = lasting_move(table.state) if lasting else table.state.legal_moves()[0]
        click(app, table.field.layout.center(move.scarer))
        click(app, table.field.layout.center(move.target))


def kept_records() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((pref_dir() / "replays").glob("*.txt"))]


def line(record: str, key: str) -> str:
    return next(x for x in record.splitlines() if x.startswith(key + ":")).split(":", 1)[1].strip()


def played(record: str) -> int:
    """Games of the record's mode the statistics file counts as played online (issue 32:
    apart from the couch games)."""
    stats = Statistics.load(pref_dir())
    assert line(record, "mode") not in stats.modes
    return stats.online[line(record, "mode")]["played"]


def secret_kept(seen: list, mine: int) -> None:
    """Before the end this screen never knew another seat's task cards."""
    during = [tasks for over, tasks in seen if over is None]
    assert during, "the table was never seen during the game"
    for tasks in during:
        assert tasks[mine], "this screen's own task cards are shown to its player"
        assert all(not t for i, t in enumerate(tasks) if i != mine)


# The host -----------------------------------------------------------------------------------
@pytest.mark.slow  # an online game end to end, through windows (make test-slow)
def test_the_host_plays_a_whole_game_with_a_far_away_player(app, tmp_path):
    press(app, "New game")
    assert top(app) == "SetupScene"
    press(app, "Online")
    assert top(app) == "HostSetupScene"
    assert button(app, "Far away: joins online")  # the second person joins from afar
    press(app, "Open the table")
    run_until(app, lambda: top(app) == "LobbyScene")
    lobby = app.stack.top
    port, code = lobby.hosted.port, lobby.client.code
    record = tmp_path / "ben.txt"
    ben = spawn("join", f"ws://{LOOPBACK}:{port}", show_code(code).lower(), "--name", "Ben",
                "--bot", "easy", "--record", str(record))
    try:
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        run_until(app, lambda: top(app) == "ScoringScene", LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        returncode, out, err = finish(ben)
    finally:
        if ben.poll() is None:
            ben.kill()
    assert returncode == 0, err
    secret_kept(seen, 0)
    kept = kept_records()
    assert len(kept) == 1  # the host's Replays hold the game, once
    theirs = record.read_text(encoding="utf-8")
    for key in ("moves", "result", "tasks", "start"):
        assert line(kept[0], key) == line(theirs, key)  # both screens saw one game
    assert all(line(kept[0], "tasks").split())  # every seat's task cards, shown at the end
    assert out[-1] == line(kept[0], "result")
    past_the_guard(app)  # the scores wait for a choice made on them
    press(app, "Play again")  # a new table with the same people here and far away
    assert top(app) == "HostSetupScene" and app.stack.top.places == [HOST, REMOTE]
    assert played(kept[0]) == 1  # the game is counted in the host's statistics, once


# The joiner ---------------------------------------------------------------------------------
def join_by_typing(app, url: str, code: str, name: str, enter: bool = False) -> None:
    press(app, "Join a table")
    assert top(app) == "JoinScene"
    type_into(app, "name", name)
    type_into(app, "address", url.removeprefix("ws://"))
    type_into(app, "code", code)
    if enter:  # Enter in the code's field joins too
        post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    else:
        press(app, "Join")


def test_a_wrong_code_and_no_server_are_told_in_words(app):
    with server() as s:
        join_by_typing(app, s.url, "ZZZ-ZZZ", "Mia", enter=True)  # no error but this one
        scene = app.stack.top
        run_until(app, lambda: scene.joining is None)
        assert scene.error == trouble_words("no-table")
    press(app, "Join")  # the server is gone now
    run_until(app, lambda: scene.joining is None)
    assert scene.error == trouble_words("no-server")
    assert top(app) == "JoinScene"


@pytest.mark.slow  # an online game end to end, through windows (make test-slow)
def test_the_joiner_plays_a_whole_game_and_gets_its_seat_back_after_a_drop(app, tmp_path):
    record = tmp_path / "eva.txt"
    with server() as s:
        wire = Recorder(s.port)  # the network between this window and the table
        eva, code = host(s.url, "--seats", "2", "--name", "Eva", "--bot", "easy",
                         "--record", str(record))
        try:
            join_by_typing(app, wire.url, code, "Mia")
            run_until(app, lambda: is_table(app, OnlineKind))
            table = app.stack.top
            assert table.kind.client.mine == (1,)
            seen: list = []
            run_until(app, lambda: len(table.state.moves) >= 3, LIMIT,
                      lambda: play_by_mouse(app, table, seen))
            # Last move and Moves so far tell the game as this screen has seen it.
            run_until(app, lambda: table.director is None and app.stack.top is table)
            assert table.session.describe_last()
            for _ in range(5):  # a click that lands on a move coming in skips its animation
                click(app, table.buttons["pause"].rect.center)
                if top(app) == "OnlinePauseScene":
                    break
            press(app, "Moves so far")
            assert top(app) == "MovesScene"
            assert len(app.stack.top.moves) == len(table.state.moves)
            press(app, "Back")
            press(app, "Back to the table")
            assert app.stack.top is table
            wire.cut()  # the connection drops under the window
            run_until(app, lambda: table.kind.link.trying is not None)
            assert "Trying to reach the table" in snapshot(table).hint
            run_until(app, lambda: table.kind.link.trying is None, 20.0)
            assert is_table(app, OnlineKind)
            run_until(app, lambda: top(app) == "ScoringScene", LIMIT,
                      lambda: play_by_mouse(app, table, seen))
            returncode, out, err = finish(eva)
        finally:
            wire.close()
            if eva.poll() is None:
                eva.kill()
    assert returncode == 0, err
    secret_kept(seen, 1)
    kept = kept_records()
    assert len(kept) == 1
    theirs = record.read_text(encoding="utf-8")
    for key in ("moves", "result", "tasks"):
        assert line(kept[0], key) == line(theirs, key)
    assert played(kept[0]) == 1
    past_the_guard(app)  # the scores wait for a choice made on them
    press(app, "Play again")  # back to joining: the address and name are kept
    assert top(app) == "JoinScene"
    assert app.stack.top.address_entry.get_text() == wire.url.removeprefix("ws://")
    assert app.stack.top.name_entry.get_text() == "Mia"


def test_the_last_join_is_remembered_and_a_damaged_memory_is_passed_over(app):
    (pref_dir() / "join.json").write_text('{"name": 7, "address": "10.0.0.9", "code": ["x"]}',
                                          encoding="utf-8")
    press(app, "Join a table")
    assert app.stack.top.address_entry.get_text() == "10.0.0.9"
    assert app.stack.top.code_entry.get_text() == ""  # not a string: not believed
    press(app, "Back")
    (pref_dir() / "join.json").write_bytes(b"\xff\xfe[[[")
    press(app, "Join a table")
    assert app.stack.top.address_entry.get_text() == ""


@pytest.mark.slow  # an online game end to end, through windows (make test-slow)
def test_the_host_leaving_is_told_to_the_joiner(app):
    with server() as s:
        eva, code = host(s.url, "--seats", "2", "--name", "Eva")  # plays from stdin: waits
        try:
            join_by_typing(app, s.url, code, "Mia")
            run_until(app, lambda: is_table(app, OnlineKind))
            s.process.kill()  # the table's computer is gone: nobody can take the seats back
            run_until(app, lambda: top(app) == "MessageScene", 30.0)
        finally:
            eva.kill()
            eva.communicate(timeout=10)
    # Tried again for minutes (here seconds), then the seat is said to wait for Continue.
    assert app.stack.top.message == trouble_words("unreachable")


class ListingLater:
    """A home network on which a table turns up after a while (the Join screen's browser)."""

    def __init__(self) -> None:
        self.found: list = []

    def listings(self) -> list:
        return list(self.found)

    def close(self) -> None:
        pass


def test_a_table_turning_up_while_an_address_is_typed_keeps_every_letter(app):
    press(app, "Join a table")
    scene = app.stack.top
    scene.browser = network = ListingLater()
    type_into(app, "address", "192.168")
    network.found = [Listing("eva", "ws://10.0.0.7:8765", "Eva", "standard", 2, 1)]
    run_until(app, lambda: len(scene.listing_buttons) == 1, 5.0)  # the screen was built again
    for ch in ".1.20":
        post(app, pygame.TEXTINPUT, text=ch)
    assert scene.address_entry.get_text() == "192.168.1.20"
    assert scene.name_entry.get_text() != "" and scene.code_entry.get_text() == ""


def test_a_typed_address_becomes_a_table_url():
    assert table_url("192.168.1.20") == f"ws://192.168.1.20:{DEFAULT_PORT}"
    assert table_url(" eva.local:9000 ") == "ws://eva.local:9000"
    assert table_url("ws://10.0.0.2:9000") == "ws://10.0.0.2:9000"


# A couch at the host beside a far-away player; every mode with a computer too -------------------------
def host_a_table(app, mode: Mode, seats: list[SeatPlan]) -> PlayScene:
    """From the host setup scene (its seats set by clicks) to the table, a headless joiner
    process at every far-away seat; returns the table once the game is on."""
    scene = HostSetupScene(app, mode, [s.name for s in seats], [s.level for s in seats], 0)
    app.stack.push(scene)
    pump(app)
    for seat, plan in enumerate(seats):
        if plan.place != COMPUTER and scene.places[seat] != plan.place:
            click(app, scene.where_buttons[seat].rect.center)
    assert scene.places == [s.place for s in seats]
    press(app, "Open the table")
    run_until(app, lambda: top(app) == "LobbyScene")
    return app.stack.top


def play_out(app, table: PlayScene, seen: list, peeks: list | None = None) -> list[str]:
    """Play this screen's seats by mouse, answering each hand-over, to the scores; `peeks`
    gets whether Peek was offered at each of this screen's turns."""
    handovers = []

    def each():
        if top(app) == "HandoverScene":
            handovers.append(app.stack.top.player.name)
            press(app, button_text_starting(app, "I'm "))
        if peeks is not None and app.stack.top is table and table.phase == Phase.TURN:
            peeks.append(table.buttons["peek"].visible)
        play_by_mouse(app, table, seen)

    run_until(app, lambda: top(app) == "ScoringScene", LIMIT, each)
    return handovers


def button_text_starting(app, words: str) -> str:
    for element in app.stack.top.elements:
        if isinstance(element, pygame_gui.elements.UIButton) and element.text.startswith(words):
            return element.text
    raise AssertionError(f"no button starting {words!r}")


def far_players(lobby, count: int, tmp_path) -> list:
    url, code = f"ws://{LOOPBACK}:{lobby.hosted.port}", lobby.client.code
    return [spawn("join", url, code, "--name", f"Far {i + 1}", "--bot", "easy",
                  "--record", str(tmp_path / f"far{i}.txt")) for i in range(count)]


@pytest.mark.slow  # a whole online game more (make test-slow)
def test_a_couch_at_the_host_hands_over_beside_a_far_player(app, tmp_path):
    seats = [SeatPlan(HOST, "Eva"), SeatPlan(HOST, "Ben"), SeatPlan(REMOTE, "")]
    lobby = host_a_table(app, Mode.STANDARD, seats)
    joiners = far_players(lobby, 1, tmp_path)
    try:
        run_until(app, lambda: top(app) in ("PlayScene", "HandoverScene"))
        table = next(s for s in app.stack.scenes if isinstance(s, PlayScene))
        assert table.kind.client.mine == (0, 1)
        seen: list = []
        peeks: list = []
        handovers = play_out(app, table, seen, peeks)
        results = [finish(j) for j in joiners]
    finally:
        for j in joiners:
            if j.poll() is None:
                j.kill()
    assert all(code == 0 for code, _out, _err in results), results
    assert set(handovers) == {"Eva", "Ben"}  # the two at this screen pass it between them
    assert peeks and all(peeks)  # and each may peek at their own task cards
    during = [tasks for ended, tasks in seen if ended is None]
    assert all(t[0] and t[1] and not t[2] for t in during)  # the couch's own, no more
    kept = kept_records()
    assert line(kept[0], "moves") == line((tmp_path / "far0.txt").read_text("utf-8"), "moves")


@pytest.mark.slow
@pytest.mark.parametrize("mode", [m for m in Mode if not m.solo], ids=lambda m: m.value)
def test_every_mode_finishes_online_with_a_computer_and_far_away_players(app, tmp_path, mode):
    count = max(mode.player_counts)
    seats = [SeatPlan(HOST, "Eva"), SeatPlan(COMPUTER, "", "easy")] \
        + [SeatPlan(REMOTE, "")] * (count - 2)
    lobby = host_a_table(app, mode, seats)
    joiners = far_players(lobby, count - 2, tmp_path)
    try:
        run_until(app, lambda: is_table(app, OnlineKind), 30.0)
        seen: list = []
        play_out(app, app.stack.top, seen)
        results = [finish(j) for j in joiners]
    finally:
        for j in joiners:
            if j.poll() is None:
                j.kill()
    assert all(code == 0 for code, _out, _err in results), results
    secret_kept(seen, 0)
    assert played(kept_records()[0]) == 1


@pytest.mark.slow  # a whole online game more (make test-slow)
def test_the_table_waits_for_a_dropped_player_and_the_host_lets_the_computer_play(app, tmp_path):
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    [far] = far_players(lobby, 1, tmp_path)
    try:
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        run_until(app, lambda: len(table.state.moves) >= 2, LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        far.kill()  # the far player's computer is gone without a word
        far.communicate(timeout=10)
        run_until(app, lambda: table.kind.link.waiting_for(table.state) == "Far 1", LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        pump(app)
        # The window's table lets its computer play after two minutes: every screen counts.
        assert snapshot(table).hint.startswith(
            "Far 1 is away: the computer plays for them when the time is up (")
        assert table.kind.link.where_words(table.kind.client.seats[1])[0].startswith("away (")
        assert table.buttons["stand_in"].visible
        click(app, table.buttons["stand_in"].rect.center)
        run_until(app, lambda: table.kind.client.seats[1].stand_in is not None)
        assert table.kind.link.waiting_for(table.state) is None
        run_until(app, lambda: top(app) == "ScoringScene", LIMIT,
                  lambda: play_by_mouse(app, table, seen))
    finally:
        if far.poll() is None:
            far.kill()
    secret_kept(seen, 0)
    assert played(kept_records()[0]) == 1


# Computer seats in the viewer's language --------------------------------------------------------
def _seat_entries(message):
    """Every public seat entry in a server message, however deep."""
    if isinstance(message, dict):
        if "place" in message and "seat" in message:
            yield message
        for value in message.values():
            yield from _seat_entries(value)
    elif isinstance(message, list):
        for value in message:
            yield from _seat_entries(value)


def test_computer_seats_are_named_on_each_screen_in_its_own_language():
    mode = max((m for m in Mode if not m.solo), key=lambda m: max(m.player_counts))
    every = list(SKILLS)
    levels = [every[i % len(every)] for i in range(max(mode.player_counts) - 1)]
    plans = [{"place": "host", "name": "Anna"}] + [{"place": "computer", "level": lv} for lv in levels]
    table = Table("ABCD", mode, plans, 1, seed=7)
    outs = table.host_holds(1)  # the computers fill the table: the game starts
    computers = [e for _conn, m in outs for e in _seat_entries(m) if e["place"] == "computer"]
    assert computers and all(e["name"] is None for e in computers)  # no words on the wire
    mirror = Mirror()
    for _conn, message in outs:
        mirror.receive(message)
    assert mirror.game is not None
    english = {}
    try:
        for lang in i18n.LANGUAGES:
            assert i18n.set_language(lang) is None
            match = match_of(mirror, seat_name)
            for number, level in enumerate(levels, 1):
                name = match.start.players[number].name
                # The couch's name for its computer of that level, in this language.
                assert name == computer_name(number, level)
                assert SKILLS.word(level) in name
                words = seat_words(mirror.seats[number], False, True, mirror.seats)
                assert name in words
                english.setdefault(level, name)
                if i18n._("Computer %(n)d (%(level)s)") != "Computer %(n)d (%(level)s)" \
                        or i18n._(SKILLS[level].word) != SKILLS[level].word:
                    assert name != english[level], (lang, name)
    finally:
        i18n.set_language("en")


# The host leaves and Continues the table later ---------------------------------------------------
def saved_text() -> str:
    files = saved_files()
    assert len(files) == 1  # the table's one game in the store
    return files[0].read_text(encoding="utf-8")


@pytest.mark.slow  # an online game end to end, through windows (make test-slow)
def test_the_host_leaves_and_continues_the_table_and_the_far_player_comes_back(app, tmp_path):
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    code = lobby.client.code
    [far] = far_players(lobby, 1, tmp_path)
    try:
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        run_until(app, lambda: len(table.state.moves) >= 3, LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        pump(app)
        before = table.kind.client.game.moves
        mine = table.state.players[0].tasks
        app.go_to_menu()  # the host leaves: the table closes for everyone
        pump(app)
        saved = saved_text()
        assert line(saved, "online") and line(saved, "secret")  # the whole game, kept
        assert top(app) == "TitleScene"
        press(app, button_text_starting(app, "Continue"))
        run_until(app, lambda: is_table(app, OnlineKind), 30.0)
        again = app.stack.top
        assert again.kind.client.code == code  # the same code: the far player finds it again
        assert again.state.moves[:len(before)] == before  # the same game, from where it was
        assert again.state.players[0].tasks == mine  # the same task cards
        run_until(app, lambda: top(app) == "ScoringScene", LIMIT,
                  lambda: play_by_mouse(app, again, seen))
        returncode, _out, err = finish(far)  # it took its seat back by itself, by its token
    finally:
        if far.poll() is None:
            far.kill()
    assert returncode == 0, err
    secret_kept(seen, 0)
    [kept] = kept_records()
    assert line(kept, "moves") == line((tmp_path / "far0.txt").read_text("utf-8"), "moves")
    assert not saved_files()  # the end is kept: nothing to Continue
    assert played(kept) == 1


def test_a_damaged_online_save_is_set_aside_with_a_clear_notice(app):
    good = ("# Scare It! game record\nversion: 2\nmode: standard\nrules: standard\nseed: 5\n"
            "seats: Eva (human), Ben (human)\nfirst: 1\n")
    record = new_game(Mode.STANDARD, ["Eva", "Ben"], 5, first_player=0)
    text = write_record(replace(record_of(record), online=Hosted(
        "KTR4WM", DEFAULT_PORT, ("host", "remote"), ("a" * 22, "b" * 22))), secret=True)
    assert good.splitlines()[3] in text
    broken = {
        "cut short": text[: len(text) // 2],
        "not JSON": text.replace(line(text, "online"), "{\"code\": \"KTR4WM\", "),
        "no token": text.replace("\"" + "b" * 22 + "\"", "null"),
        "no host": text.replace("\"host\"", "\"remote\""),
        "a computer for a person": text.replace("\"remote\"", "\"computer\""),
    }
    for why, damaged in broken.items():
        (pref_dir() / SAVE_FILE).write_text(damaged, encoding="utf-8")
        app.go_to_menu()
        pump(app)
        assert top(app) == "MessageScene", why  # said over the title, in words
        assert "damaged" in app.stack.top.message, why
        title = app.stack.scenes[0]
        assert title.saved is None, why  # no Continue: a fresh game can start
        assert not (pref_dir() / SAVE_FILE).exists(), why  # kept aside, under another name
        assert any("damaged" in p.name for p in pref_dir().iterdir()), why


# The menu at an online table ---------------------------------------------------------------------
def test_the_menu_at_an_online_table_says_the_table_plays_on_and_what_leaving_does(app):
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    far = join_table(f"{LOOPBACK}:{lobby.hosted.port}", lobby.client.code, "Ben")
    try:
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        # This screen moves until it is the far player's turn (they move when the test says).
        run_until(app, lambda: table.kind.client.game.turn == 1 and table.state.turn == 1, LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        count = len(table.kind.client.game.moves)
        assert table.buttons["pause"].label == "Menu"  # nothing on the panel says it pauses
        click(app, table.buttons["pause"].rect.center)
        menu = app.stack.top
        assert top(app) == "OnlinePauseScene" and menu.heading == "The table plays on"
        texts = {e.text for e in menu.elements if isinstance(e, pygame_gui.elements.UIButton)}
        assert not texts & {"Restart", "Undo", "Redo", "Resume"}  # nothing that is not so
        assert {"Moves so far", "Leave the table"} <= texts
        # The others play on while the menu is open, and the host's save follows the table.
        run_until(app, lambda: far.game is not None and len(far.game.moves) == count)
        far.send_move(far.game.legal_moves()[0], 1)
        run_until(app, lambda: len(table.kind.client.game.moves) > count)
        run_until(app, lambda: table.kind.host_saver.saved > count)
        assert top(app) == "OnlinePauseScene"
        press(app, "Leave the table")
        assert top(app) == "ConfirmScene" and "Continue" in app.stack.top.detail
        press(app, "Leave")
        assert top(app) == "TitleScene" and app.stack.top.saved is not None  # Continue is there
    finally:
        far.close()


def test_leaving_says_what_becomes_of_the_seat_for_host_and_far_player():
    class Table:
        def __init__(self, hosted):
            self.hosted = hosted
            self.client = type("Client", (), {"code": "KTR4WM", "days": None})()  # live

    for lang in i18n.LANGUAGES:
        try:
            assert i18n.set_language(lang) is None
            host, far = leave_words(Table(object())), leave_words(Table(None))
            assert host != far and "KTR-4WM" in host and "KTR-4WM" in far
        finally:
            i18n.set_language("en")


def test_a_saved_table_the_server_refuses_is_said_in_words_and_the_title_is_safe(app):
    long = "Eva " + "x" * 40  # a name no table takes (a save edited by hand)
    record = new_game(Mode.STANDARD, [long, "Ben"], 5, first_player=0)
    text = write_record(replace(record_of(record), online=Hosted(
        "KTR4WM", DEFAULT_PORT, ("host", "remote"), ("a" * 22, "b" * 22))), secret=True)
    (pref_dir() / SAVE_FILE).write_text(text, encoding="utf-8")
    app.go_to_menu()
    pump(app)
    press(app, button_text_starting(app, "Continue: Online table"))
    scene = app.stack.top
    run_until(app, lambda: scene.opening is None)
    assert top(app) == "ReopenScene" and scene.error == trouble_words("damaged")
    press(app, "Back")
    assert top(app) == "TitleScene"
