"""Keyboard-only games played from the speech log alone (issue 50, Done when): a listener who
never looks at the game's state reads what the table says of the cursor, a chosen scarer and
its targets, picks a legal move from those words, answers each hand-over it hears, and plays
until the end is spoken: a solo deal, a couch game, an online table and the guided game (whose
move is found by trying what the table says is legal; a wrong try is answered in words). A
campaign level is played so in the campaign screens' own tests."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game.engine import Mode, new_game
from tests.scenes.test_pick_speech import online
from tests.scenes.test_play import key, pump
from tests.scenes.test_speech import lines, spoken  # noqa: F401  (the fixture)

CELL = re.compile(r"^([a-h])(\d+)(?:,|$)")  # a cursor line: "b3, purple cat; ..."
TARGETS = re.compile(r"^Scarer chosen: .*\. Choose a target: (.*)$")
AIMED = re.compile(r": (target|not a target|your scarer)$")  # the cursor, a scarer chosen
HANDED = re.compile(r"^I'm .+: play$")  # the hand-over's button in focus
PEEK = re.compile(r"\bPeek\b")  # the coach asks for a peek at the task cards
POINTS = re.compile(r"^[^:]+: \d+ points?\b")  # "Anna: 3 points (task cards: ...)"


class Listener:
    """A player with the keyboard and the speech log, and nothing else."""

    def __init__(self, app, log) -> None:
        self.app, self.log, self.heard = app, log, 0
        self.said: list[str] = []  # all the listener heard
        self.refused: set = set()  # (scarer, target, move in) tried and refused this turn
        self.spent: set = set()  # scarers whose every move was refused this turn
        self.silent_go_on = False  # nothing said: the select key goes on (the coach's "Got it")

    def fresh(self) -> list[str]:
        """The lines said since the listener last listened."""
        said = lines(self.log)
        new, self.heard = said[self.heard:], len(said)
        self.said += new
        if any(" scared " in line for line in new):
            self.refused, self.spent = set(), set()  # a move was made: a new field
        return new

    def press(self, k) -> list[str]:
        key(self.app, k)
        return self.fresh()

    def cursor(self, k) -> str | None:
        """A cursor key; the cursor's line when the table answered with one."""
        said = [line for line in self.press(k) if CELL.match(line)]
        return said[-1] if said else None

    def seek_scarer(self, line: str) -> str:
        """Each column from the bottom up until a card that can scare is heard (one not yet
        refused with every target): its line."""
        for _column in range(10):
            for _ in range(9):
                down = self.cursor(pygame.K_DOWN)
                if down == line:
                    break
                line = down
            for _ in range(9):
                if "; can scare " in line and where(line) not in self.spent:
                    return line
                up = self.cursor(pygame.K_UP)
                if up == line:
                    break
                line = up
            line = self.cursor(pygame.K_RIGHT)
        raise AssertionError("no scarer heard on the whole field:\n" + "\n".join(m for m in self.said if not CELL.match(m)))

    def steer(self, line: str, cell: str) -> str:
        """Arrows until the cursor's line names `cell`."""
        for _ in range(30):
            x, y = CELL.match(line).groups()
            if f"{x}{y}" == cell:
                return line
            if x != cell[0]:
                k = pygame.K_RIGHT if x < cell[0] else pygame.K_LEFT
            else:
                k = pygame.K_UP if int(y) < int(cell[1:]) else pygame.K_DOWN
            line = self.cursor(k)
        raise AssertionError(f"the cursor never reached {cell}")

    def turn(self) -> bool:
        """One move from the words alone; False when the table gave no cursor to move."""
        line = self.cursor(pygame.K_RIGHT)
        if line is None:
            return False  # not this player's turn: no cursor spoken
        if AIMED.search(line):  # a scarer is chosen already, and was heard so
            chosen = [m for m in self.said if TARGETS.match(m)][-1:]
        else:
            line = self.seek_scarer(line)
            chosen = [m for m in self.press(pygame.K_RETURN) if TARGETS.match(m)]
        assert chosen, "choosing a scarer was not said"
        scarer = where(chosen[-1].removeprefix("Scarer chosen: "))
        # Each target heard, staying; one to the side moving in too (the column letter differs).
        tries = [(t, move_in) for t in TARGETS.match(chosen[-1]).group(1).split(", ")
                 for move_in in (False, True)[:1 + (t[0] != scarer[0])]]
        left = [(where(t), move_in) for t, move_in in tries
                if (scarer, where(t), move_in) not in self.refused]
        if not left:  # every move of this scarer was refused: put it back, try another
            self.spent.add(scarer)
            self.press(pygame.K_ESCAPE)
            return True
        target, move_in = left[0]
        line = self.steer(line, target)
        assert line.endswith(": target"), line
        if move_in:
            assert self.press(pygame.K_TAB)[-1].startswith("Move in on")
        said = self.press(pygame.K_RETURN)
        if not any(" scared " in m for m in said):  # no move heard: refused (or on its way)
            self.refused.add((scarer, target, move_in))
        return True

    def play(self, ended, rounds: int = 6000) -> list[str]:
        """Turns, hand-overs and waiting until `ended(line)` is heard; all that was said."""
        for _ in range(rounds):
            self.fresh()
            if any(ended(line) for line in self.said):
                return self.said
            last = self.said[-1] if self.said else ""
            if last.startswith("Pass to ") or HANDED.match(last):
                self.press(pygame.K_RETURN)  # the hand-over heard: "I'm ...: play"
            elif PEEK.search(last):
                key(self.app, pygame.K_p, hold=3)  # asked to peek at the task cards
                self.fresh()
            elif not self.turn():
                if not self.fresh() and self.silent_go_on:
                    self.press(pygame.K_RETURN)  # the coach waits: "Got it"
                pump(self.app, 1)
                time.sleep(0.001)  # an online table's answers come in their own threads
        raise AssertionError("the end was never heard:\n" + "\n".join(self.said[-20:]))


def where(line: str) -> str:
    """The cell a line begins with ("b3, purple cat" or "b3 purple cat": "b3")."""
    return re.match(r"[a-h]\d+", line).group(0)


@pytest.mark.slow
def test_a_solo_deal_is_played_from_the_speech_log_to_its_title(spoken):  # noqa: F811
    from game.engine.scoring import TITLES
    from game.scenes.solo.classic_result import play_solo

    app, log = spoken
    app.go_to_menu()
    play_solo(app, new_game(Mode.SOLO, ["Sam"], 11))
    pump(app, 2)
    ends = {*TITLES.values(), "No title this time"}  # the result's heading
    heard = Listener(app, log).play(lambda line: line in ends)
    assert type(app.stack.top).__name__ == "ClassicResultScene"
    assert any(" scared " in line for line in heard)  # each move heard as it was played


def test_a_couch_game_is_played_from_the_speech_log_to_its_points(spoken):  # noqa: F811
    from game.scenes.table.play import table_scene

    app, log = spoken
    app.stack.clear(table_scene(app, new_game(Mode.STANDARD, ["Anna", "Ben"], 6,
                                              first_player=0)))
    pump(app, 2)
    heard = Listener(app, log).play(POINTS.match)
    assert type(app.stack.top).__name__ == "ScoringScene"
    assert any(line.startswith("I'm Ben: play") for line in heard)


@pytest.mark.slow
def test_an_online_table_is_played_from_the_speech_log_to_its_points(spoken):  # noqa: F811
    app, log = spoken
    _table, close = online(app)
    try:
        heard = Listener(app, log).play(POINTS.match)
        assert any(line.startswith("Computer") for line in heard)
    finally:
        app.go_to_menu()
        pump(app)
        close()


@pytest.mark.slow
def test_the_guided_game_is_played_from_the_speech_log_to_its_points(spoken):  # noqa: F811
    """The coach's moves are found by trying what the table says is legal: a wrong try is
    answered in words and another is tried; a reading step goes on with the select key."""
    from game.scenes.registry import open_screen

    app, log = spoken
    open_screen(app, "lesson")
    pump(app, 2)
    listener = Listener(app, log)
    listener.silent_go_on = True
    heard = listener.play(POINTS.match)
    assert type(app.stack.top).__name__ == "LessonEndScene"
    assert any(line.startswith("Your task cards") for line in heard)  # the peek step
