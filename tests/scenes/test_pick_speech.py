"""Mid-move state spoken at every table (issue 50, blind finding 2), read through --speech-log:
a scarer chosen with its targets, put back, Move in on and off, and with a scarer chosen the
cursor's card as a target of it or not (never that card's own scares)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Mode, new_game
from game.match.session import Phase
from game.match.spoken import (
    aimed_words,
    cell_words,
    chosen_words,
    move_in_words,
    put_back_words,
)
from tests.scenes.test_play import KEYS, _steer, click, key, name, pump, top
from tests.scenes.test_speech import lines, spoken  # noqa: F401  (the fixture)


def settle(app, table, ticks: int = 600) -> None:
    """Frames until the table waits for the person's move (real time for an online table)."""
    import time

    for _ in range(ticks):
        if app.stack.top is table and table.phase is Phase.TURN and table.director is None \
                and (not hasattr(table.kind, "link") or table.kind.allows(table, None)):
            return
        pump(app, 1)
        time.sleep(0.002)
    raise AssertionError(f"the table did not wait for a move: {table.phase}")


def solo(app):
    from game.scenes.solo.classic_result import play_solo

    app.go_to_menu()
    play_solo(app, new_game(Mode.SOLO, ["Sam"], 8))
    pump(app, 2)
    return top(app), None


def couch(app):
    from game.scenes.table.play import table_scene

    app.stack.clear(table_scene(app, new_game(Mode.STANDARD, ["Anna", "Ben"], 4,
                                              first_player=0)))
    pump(app, 3)
    key(app, pygame.K_RETURN)  # the hand-over: "I'm Anna: play"
    pump(app, 2)
    return top(app), None


def level(app):
    from game.campaign.levels import DEFAULT_ROOT, load_campaign
    from game.scenes.solo.level_play import level_scene

    app.stack.clear(level_scene(app, load_campaign(DEFAULT_ROOT).levels[0]))
    pump(app, 3)
    return top(app), None


def online(app):
    from game.online.shared.protocol import COMPUTER, HOST
    from game.online.window.hosting import HostedTable, SeatPlan
    from game.scenes.online.play import online_scene
    from tests.online.helpers import LOOPBACK

    hosted = HostedTable(Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(COMPUTER, "", "easy")],
                         listen=LOOPBACK, port=0, advertise=False, first=0).open()
    for _ in range(2000):
        if hosted.client.game is not None:
            break
        pump(app, 1)
    table = online_scene(app, hosted.client, hosted)
    app.stack.clear(table)
    return table, hosted.close


def guided(app):
    """The guided game at its first move of the player's (its reading steps read, Peek done)."""
    from game.match import lesson
    from game.scenes.registry import open_screen

    open_screen(app, "lesson")
    table = top(app)
    coach = table.kind.coach
    for _ in range(40):
        step = coach.current
        if step.does == lesson.PLAY:
            break
        at = coach.step
        for _ in range(600):
            if step.does == lesson.WATCH and coach.step != at:
                break
            if step.does != lesson.WATCH and table.phase is Phase.TURN \
                    and table.director is None:
                break
            pump(app, 1)
        if step.does == lesson.READ:
            key(app, pygame.K_RETURN)  # Got it
        elif step.does == lesson.PEEK:
            key(app, pygame.K_p, hold=3)
    return table, None


TABLES = {"solo deal": solo, "couch game": couch, "campaign level": level, "online table": online,
          "guided game": guided}


@pytest.mark.parametrize("where", TABLES)
def test_a_scarer_chosen_its_targets_move_in_and_put_back_are_spoken(spoken, where):  # noqa: F811
    app, log = spoken
    table, close = TABLES[where](app)
    try:
        settle(app, table)
        state = table.state
        press = lambda what: key(app, KEYS[what])  # noqa: E731
        # A scarer with a target to its side, so that Move in means something (any scarer
        # where the field has none).
        moves = state.legal_moves()
        move = next((m for m in moves if not m.vertical), moves[0])
        _steer(app, table, move.scarer, press)
        assert lines(log)[-1] == cell_words(state, move.scarer) or "; can scare " in \
            lines(log)[-1]  # no scarer chosen: the card's own scares
        press("select")
        assert table.pick.selected == move.scarer
        assert lines(log)[-1] == chosen_words(state, move.scarer)
        assert lines(log)[-1].startswith("Scarer chosen: ")
        _steer(app, table, move.target, press)
        assert lines(log)[-1] == aimed_words(state, move.target, move.scarer)
        assert lines(log)[-1].endswith(": target") and "can scare" not in lines(log)[-1]
        if not move.vertical:
            press("toggle")
            assert lines(log)[-1] == move_in_words(True)
            press("toggle")
            assert lines(log)[-1] == move_in_words(False)
        other = next(((x, y) for x, y, _card in state.position.occupied()
                      if (x, y) != move.scarer and not any(
                          m.scarer == move.scarer and m.target == (x, y) for m in moves)), None)
        if other is not None:
            _steer(app, table, other, press)
            assert lines(log)[-1] == aimed_words(state, other, move.scarer)
            assert lines(log)[-1].endswith(": not a target")
        key(app, pygame.K_ESCAPE)  # put back (Back with a scarer chosen)
        assert table.pick.selected is None and app.stack.top is table
        assert lines(log)[-1] == put_back_words(state, move.scarer)
        assert name(app) == "PlayScene"
    finally:
        if close is not None:
            app.go_to_menu()
            pump(app)
            close()


def test_a_scarer_chosen_and_put_back_by_the_mouse_is_spoken_too(spoken):  # noqa: F811
    app, log = spoken
    table, _close = solo(app)
    settle(app, table)
    scarer = table.state.legal_moves()[0].scarer
    centre = table.field.layout.center(scarer)
    click(app, centre)
    assert table.pick.selected == scarer
    assert lines(log)[-1] == chosen_words(table.state, scarer)
    click(app, centre)  # a second click puts it back
    assert table.pick.selected is None
    assert lines(log)[-1] == put_back_words(table.state, scarer)


def test_the_words_name_the_cards_in_the_games_words():
    state = new_game(Mode.SOLO, ["Sam"], 8)
    move = state.legal_moves()[0]
    chosen = chosen_words(state, move.scarer)
    scarer = state.position.card_at(*move.scarer).label
    target = state.position.card_at(*move.target).label
    assert chosen.startswith("Scarer chosen: ") and scarer in chosen and target in chosen
    assert put_back_words(state, move.scarer).endswith(scarer)
    assert aimed_words(state, move.scarer, move.scarer).endswith(": your scarer")
    assert move_in_words(True) != move_in_words(False)
