"""Saved games, driven by posted events (issue 32, "Done when"): a couch game paused, a solo
deal started and played, and a table hosted online are all in Saved games after a restart;
each resumes at its move; discarding one (asked, and undone while the list is open) leaves the
others; the list answers the keyboard, the mouse and the gamepad."""

from __future__ import annotations

import time
from collections import Counter

import pygame
import pytest

from game.engine.modes import Mode
from game.engine.state import apply
from game.match.controller import Match
from game.match.session import Phase
from game.online.shared.protocol import HOST, REMOTE, show_code
from game.online.window.hosting import SeatPlan
from game.scenes.online.play import OnlineKind
from tests.match.helpers import dealt, random_line
from tests.scenes.drive import click, element, is_table, key, name, new_app, pad, press, pump

LIMIT = 60.0  # seconds of real time the online table may take to answer (a shared machine)





def settle(app, table, limit: float = LIMIT) -> None:
    """Frames until the table waits for a person here (hand-overs answered by mouse)."""
    end = time.monotonic() + limit
    while True:
        if name(app) == "HandoverScene":
            press(app, "continue")
            continue
        if app.stack.top is table and table.phase == Phase.TURN and table.director is None:
            return
        assert time.monotonic() < end, f"stuck on {name(app)} ({table.phase})"
        pump(app, 1)
        time.sleep(0.002)


def thinnest(position) -> int:
    """The fewest cards any column of the field holds."""
    counts = Counter(x for x, _y, _card in position.occupied())
    return min(counts.get(x, 0) for x in range(position.width))


def play_by_mouse(app, table, moves: int) -> None:
    """This many of this screen's moves, each a click on a scarer and one on its target."""
    for _ in range(moves):
        settle(app, table)
        # The move that leaves the thinnest column fullest: a far table's deal is the host's,
        # at random, and a column emptied here, or by the far computer's reply, would end the
        # game the test leaves and comes back to.
        moves = [m for m in table.state.legal_moves() if not m.move_in]
        move = max(moves, key=lambda m: thinnest(apply(table.state, m)[0].position))
        click(app, table.field.layout.center(move.scarer))
        click(app, table.field.layout.center(move.target))
    settle(app, table)


def quit_to_title(app, pause_id: str = "quit", yes: str = "yes") -> None:
    """Esc, then Quit (or Leave) on the pause menu, confirmed: back on the title."""
    key(app, pygame.K_ESCAPE)
    press(app, pause_id)
    press(app, yes)
    pump(app, 3)
    assert name(app) == "TitleScene"


def saved_list(app):
    app.go_to_menu()
    pump(app, 2)
    press(app, "saved_games")
    assert name(app) == "SavedGamesScene"
    return app.stack.top


@pytest.mark.slow  # an online game end to end, through windows (make test-slow)
def test_three_games_kept_apart_resume_at_their_move_and_one_is_discarded(prefs):
    far: list = []
    try:
        run_three_games(prefs, far)
    finally:
        for process in far:
            if process.poll() is None:
                process.kill()
            process.communicate(timeout=30)


def run_three_games(prefs, far: list) -> None:
    app = new_app("mouse")
    app.go_to_menu()
    pump(app, 2)
    where: dict[str, tuple] = {}  # each game's moves when it was left

    press(app, "new_game")  # a couch game, paused and left
    press(app, "start")
    couch = next(s for s in app.stack.scenes if type(s).__name__ == "PlayScene")
    play_by_mouse(app, couch, 2)
    where["couch"] = couch.state.moves
    quit_to_title(app)

    press(app, "solo")  # a solo deal, started and played
    press(app, "random")
    solo = app.stack.top
    play_by_mouse(app, solo, 3)
    where["solo"] = solo.state.moves
    quit_to_title(app)

    from tests.scenes.test_online import far_players, host_a_table  # an online table hosted
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    far += far_players(lobby, 1, prefs)  # a computer far away takes the other seat
    end = time.monotonic() + LIMIT
    while not is_table(app, OnlineKind):
        assert time.monotonic() < end, name(app)
        pump(app, 1)
        time.sleep(0.005)
    table = app.stack.top
    assert lobby is not table
    play_by_mouse(app, table, 2)
    where["online"] = table.kind.client.game.moves
    quit_to_title(app)
    app.saver.close()

    app = new_app("mouse")  # a restart
    listed = saved_list(app)
    assert len(listed.games) == 3
    kinds = {g.record.game: ("online" if g.record.online else "solo" if g.record.mode.solo
                             else "couch") for g in listed.games}
    assert sorted(kinds.values()) == ["couch", "online", "solo"]
    assert kinds[listed.games[0].record.game] == "online"  # the latest first: Continue's
    assert all(" played \u2014 " in listed.words(g) for g in listed.games)  # moves played

    for row in range(3):  # each resumes at its move
        listed = saved_list(app)
        game = listed.games[row]
        press(app, f"resume_{row}")
        kind = kinds[game.record.game]
        end = time.monotonic() + LIMIT
        while kind != "online" and not any(hasattr(s, "session") for s in app.stack.scenes):
            assert time.monotonic() < end, name(app)
            pump(app, 1)
        if kind == "online":  # the table opens again from its save, at its move
            assert name(app) == "ReopenScene" and app.stack.top.record.moves == where[kind]
            end = time.monotonic() + LIMIT
            while name(app) not in ("LobbyScene", "PlayScene", "HandoverScene"):
                assert time.monotonic() < end, name(app)
                pump(app, 1)
            if name(app) == "LobbyScene":
                press(app, "leave")
            else:
                quit_to_title(app)
            continue
        table = next(s for s in app.stack.scenes if hasattr(s, "session"))
        assert table.state.moves == where[kind], kind
        while name(app) == "HandoverScene":
            press(app, "continue")
        quit_to_title(app)

    listed = saved_list(app)
    gone = listed.games[1]
    press(app, "discard_1")
    assert name(app) == "ConfirmScene"
    press(app, "no")  # kept: asked first
    assert len(listed.games) == 3 and not listed.discarded
    press(app, "discard_1")
    press(app, "yes")
    assert listed.discarded == {gone.record.game}
    press(app, "undo_1")  # undone while the list is open
    assert not listed.discarded
    press(app, "discard_1")
    press(app, "yes")
    press(app, "back")
    app.saver.close()

    app = new_app("mouse")  # the next start: the others are there, the discarded one is not
    listed = saved_list(app)
    assert {g.record.game for g in listed.games} == set(kinds) - {gone.record.game}
    app.saver.close()


def test_the_list_answers_keyboard_and_gamepad_and_says_when_it_is_empty(prefs):
    app = new_app("keyboard")
    listed = saved_list(app)
    assert not listed.games and [e for e in listed.elements if "#back" in e.object_ids]
    key(app, pygame.K_ESCAPE)
    assert name(app) == "TitleScene"
    for seed in range(7):  # two pages
        match = Match(dealt(Mode.STANDARD, 2, seed))
        match.play(random_line(match.start, seed)[0][0])
        app.saver.save(match.save_text())
    listed = saved_list(app)
    assert len(listed.games) == 7 and len(listed.on_page()) == 5
    assert listed.ring.focused.element is element(app, "resume_0")
    key(app, pygame.K_RIGHT)
    assert listed.ring.focused.element is element(app, "discard_0")
    key(app, pygame.K_RETURN)
    assert name(app) == "ConfirmScene"
    key(app, pygame.K_ESCAPE)  # Esc is No
    assert name(app) == "SavedGamesScene" and not listed.discarded
    press(app, "more")
    assert listed.page == 1 and len(listed.on_page()) == 2
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, pygame.CONTROLLER_BUTTON_B)  # back
    assert name(app) == "TitleScene"
    listed = saved_list(app)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # the first row's Resume: the latest game
    assert any(hasattr(s, "session") for s in app.stack.scenes)
    app.saver.close()


def test_back_stands_in_the_middle_alone_and_the_pair_with_more_games_does_too(prefs):
    """Issue 44: a lone Back stood right of the middle, where it sits beside "Older games"."""
    app = new_app("mouse")
    saved_list(app)
    from game.scenes.menu import CENTER_X as middle
    assert element(app, "back").rect.centerx == middle
    for seed in range(7):  # two pages: "Older games" and Back, the pair in the middle
        match = Match(dealt(Mode.STANDARD, 2, seed))
        match.play(random_line(match.start, seed)[0][0])
        app.saver.save(match.save_text())
    saved_list(app)
    pair = element(app, "more").rect.union(element(app, "back").rect)
    assert pair.centerx == middle
    app.saver.close()


@pytest.mark.slow  # an online game through a window (make test-slow)
def test_a_table_sat_at_is_kept_and_continue_joins_it_again_at_its_move(prefs, monkeypatch):
    """A table someone else hosts, sat at from here: in Saved games after a restart (said as an
    online table), and Resume joins it again with the kept token, at the move it was left."""
    from game.scenes.online import join as join_screen
    from tests.online.helpers import finish, host, server
    from tests.scenes.test_online import ListingLater, join_by_typing

    monkeypatch.setattr(join_screen, "Browser", lambda interfaces=None: ListingLater())
    app = new_app("mouse")
    app.go_to_menu()
    pump(app, 2)
    match = Match(dealt(Mode.STANDARD, 2, 3))  # a couch game saved beside it: it stays
    match.play(random_line(match.start, 3)[0][0])
    app.saver.save(match.save_text())
    with server() as s:
        eva, code = host(s.url, "--seats", "2", "--name", "Eva", "--bot", "easy")
        try:
            join_by_typing(app, s.url, code, "Mia")
            wait_for(app, "PlayScene")
            table = app.stack.top
            play_by_mouse(app, table, 2)
            left_at = table.state.moves
            quit_to_title(app)

            app = new_app("mouse")  # a restart: both games are listed, the table first
            listed = saved_list(app)
            assert len(listed.games) == 2
            joined = listed.games[0].record
            assert joined.joined is not None and joined.moves == left_at
            assert joined.joined.seats == (1,) and joined.seats[1].name == "Mia"
            assert show_code(code) in listed.words(listed.games[0])
            press(app, "resume_0")  # joined again by the kept token: the same seat, its move
            wait_for(app, "PlayScene", "LobbyScene")
            wait_for(app, "PlayScene")
            table = app.stack.top
            assert table.kind.client.mine == (1,) and table.state.moves[:len(left_at)] == left_at
            assert table.session.game == joined.game  # saved into the same file
            quit_to_title(app)
            listed = saved_list(app)
            assert [g.record.game for g in listed.games] == [joined.game, match.game]
            press(app, "discard_0")
            press(app, "yes")
            press(app, "back")
            app = new_app("mouse")
            assert [g.record.game for g in saved_list(app).games] == [match.game]
            app.saver.close()
        finally:
            if eva.poll() is None:
                eva.kill()
            finish(eva)


def wait_for(app, *scenes: str) -> None:
    """Frames in real time until one of these scenes is on top (hand-overs answered)."""
    end = time.monotonic() + LIMIT
    while name(app) not in scenes:
        assert time.monotonic() < end, name(app)
        pump(app, 1)
        time.sleep(0.005)
