"""Keyboard-only games played from the speech log alone (issue 50, Done when): a listener who
never looks at the game's state reads what the table says of the cursor, a chosen scarer and
its targets, picks a legal move from those words, answers each hand-over it hears, and plays
until the end is spoken. A solo deal, a couch game and an online table."""

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
TARGETS = re.compile(r"^Scarer chosen: .*\. Choose a target: ([a-h]\d+) ")
AIMED = re.compile(r": (target|not a target|your scarer)$")  # the cursor, a scarer chosen
HANDED = re.compile(r"^I'm .+: play$")  # the hand-over's button in focus
POINTS = re.compile(r"^[^:]+: \d+ points?\b")  # "Anna: 3 points (task cards: ...)"


class Listener:
    """A player with the keyboard and the speech log, and nothing else."""

    def __init__(self, app, log) -> None:
        self.app, self.log, self.heard = app, log, 0
        self.said: list[str] = []  # all the listener heard

    def fresh(self) -> list[str]:
        """The lines said since the listener last listened."""
        said = lines(self.log)
        new, self.heard = said[self.heard:], len(said)
        self.said += new
        return new

    def press(self, k) -> list[str]:
        key(self.app, k)
        return self.fresh()

    def cursor(self, k) -> str | None:
        """A cursor key; the cursor's line when the table answered with one."""
        said = [line for line in self.press(k) if CELL.match(line)]
        return said[-1] if said else None

    def seek_scarer(self, line: str) -> str:
        """Each column from the bottom up until a card that can scare is heard: its line."""
        for _column in range(10):
            for _ in range(9):
                down = self.cursor(pygame.K_DOWN)
                if down == line:
                    break
                line = down
            for _ in range(9):
                if "; can scare " in line:
                    return line
                up = self.cursor(pygame.K_UP)
                if up == line:
                    break
                line = up
            line = self.cursor(pygame.K_RIGHT)
        raise AssertionError("no scarer heard on the whole field:\n" + "\n".join(self.said[-30:]))

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
        target = TARGETS.match(chosen[-1]).group(1)
        line = self.steer(line, target)
        assert line.endswith(": target"), line
        self.press(pygame.K_RETURN)
        return True

    def play(self, ended, limit: float = 60.0) -> list[str]:
        """Turns, hand-overs and waiting until `ended(line)` is heard; all that was said."""
        give_up = time.monotonic() + limit
        while time.monotonic() < give_up:
            self.fresh()
            if any(ended(line) for line in self.said):
                return self.said
            last = self.said[-1] if self.said else ""
            if last.startswith("Pass to ") or HANDED.match(last):
                self.press(pygame.K_RETURN)  # the hand-over heard: "I'm ...: play"
                continue
            if not self.turn():
                pump(self.app, 1)
        raise AssertionError("the end was never heard:\n" + "\n".join(self.said[-20:]))


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
        heard = Listener(app, log).play(POINTS.match, limit=120.0)
        assert any(line.startswith("Computer") for line in heard)
    finally:
        app.go_to_menu()
        pump(app)
        close()
