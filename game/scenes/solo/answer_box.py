"""The deal's answer on a solo result screen: the best possible, proven in the background
while the player reads the result (a progress bar, never a frozen frame), then Show a
solution and Where did it slip? on the table."""

from __future__ import annotations

import pygame

from game.engine.state import GameState, apply
from game.i18n import _
from game.match import (
    Analyser,
    Job,
    answer_words,
    best_words,
    better_words,
    notation_words,
    record_of,
    write_record,
)
from game.render import fit, looks
from game.render.palette import MUTED
from game.scenes.registry import open_screen
from game.ui import look, progress_bar

PROCESS = True  # a worker process (tests and the screenshot tool may use a thread)
BEST_H = 46  # the best's line at the box's top
NOTATION_H = 30  # the notation's smaller line at its foot


class AnswerBox:
    """Asks for the answer of the deal `start` played to `end`; the scene draws it and owns
    the two buttons it enables once the answer is in."""

    def __init__(self, scene, start: GameState, end: GameState, nodes: int | None = None) -> None:
        self.scene = scene
        self.start = start
        self.moves = end.moves[len(start.moves):]
        self.left = end.position.card_count()
        text = write_record(record_of(start, self.moves), final=end)
        self.job = Analyser(Job(text, nodes), process=PROCESS)
        self._told = False  # the scene has heard the answer
        self._chosen: tuple | None = None  # (words, box, text size) -> the words shown large

    @property
    def answer(self):
        result = self.job.result if self.job.finished else None
        return None if result is None else result.solo

    def build(self, rects) -> None:
        """The two buttons, in `rects`, greyed until the answer allows them."""
        scene = self.scene
        self.solution = scene.button(_("Show a solution"), rects[0], self.show_solution,
                                     name="solution", enabled=False)
        self.slip = scene.button(_("Where did it slip?"), rects[1], self.show_slip,
                                 name="slip", enabled=False)
        self._enabled = None
        self.update()

    def tick(self) -> bool:
        """Take in the worker's news; True while the box still changes (the scene redraws)."""
        if not hasattr(self, "solution"):
            return True
        finished = self.job.finished
        self.update()
        return not finished or self._enabled is None

    def update(self) -> None:
        answer = self.answer
        wanted = (bool(answer and answer.solution), bool(answer and answer.slip))
        if answer is not None and not self._told:
            self._told = True
            self.scene.answered(answer)
            self.scene.app.speech.say(self.spoken())
        if wanted != self._enabled:
            self._enabled = wanted
            for button, on in zip((self.solution, self.slip), wanted, strict=True):
                button.enable() if on else button.disable()

    def close(self) -> None:
        if not self.job.finished:
            self.job.cancel()

    # The table ---------------------------------------------------------------------------
    def _table(self, start: GameState, line, heading: str, words: str) -> None:
        # By the registry: the table (table/play.py) imports the result screen that holds this box.
        open_screen(self.scene.app, "deal_solution", start, line, heading, words)

    def show_solution(self) -> None:
        answer = self.answer
        if answer is None or not answer.solution:
            return
        self._table(self.start, answer.solution, _("Solution"), best_words(answer.best))

    def before_slip(self, slip) -> GameState:
        """The field the slipping move was played on."""
        state = self.start
        for move in self.moves[:slip.number - 1]:
            state = apply(state, move)[0]
        return state

    def show_slip(self) -> None:
        answer = self.answer
        if answer is None or answer.slip is None:
            return
        slip = answer.slip
        self._table(self.before_slip(slip), slip.line, _("Where did it slip?"),
                    answer_words(answer, self.left))

    def spoken(self) -> str:
        """The answer as the table that speaks says it: the best, then where it slipped and
        the move that kept it, in words (never the notation)."""
        return f"{best_words(self.answer.best)} {self.words()[0]}"

    # Drawing -----------------------------------------------------------------------------
    def words(self) -> tuple[str, str]:
        """What the answer says under the best, in words (where it slipped and the move that
        kept the best), and that move in the notation for a smaller line ("" if none)."""
        answer = self.answer
        said = answer_words(answer, self.left)
        if answer.slip is None:
            return said, ""
        slip = answer.slip
        better = better_words(self.before_slip(slip).position, slip.kept)
        return f"{said} {better}", notation_words(None, slip.kept)

    def _large_words(self, said: str, box: tuple[int, int]) -> str:
        """A long slip with its better move (German: four lines) at its size in `box`, else
        the slip alone: the better move stays in the notation's line (and on the table's).
        Chosen once per size, not each frame."""
        key = (said, box, looks.text_size)
        if self._chosen is None or self._chosen[0] != key:
            assets, least = self.scene.app.assets, looks.scaled(28)
            alone = answer_words(self.answer, self.left)
            if not fit.choose(assets, said, box, least, floor=least).fits and \
                    fit.choose(assets, alone, box, least, floor=least).fits:
                said = alone
            self._chosen = (key, said)
        return self._chosen[1]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The best (or the search's progress), the words under it (two lines' room) and the
        notation's smaller line, in `rect`."""
        assets = self.scene.app.assets
        # the notation's line as tall as it is at the player's size, where the rect has room
        notation_h = assets.font(looks.scaled(24)).get_height() if looks.large() \
            else NOTATION_H
        top = pygame.Rect(rect.x, rect.y, rect.w, BEST_H)
        low = pygame.Rect(rect.x, top.bottom, rect.w, rect.h - BEST_H - notation_h)
        notation = pygame.Rect(rect.x, low.bottom, rect.w, notation_h)
        answer = self.answer
        if answer is None and self.job.refused is None:
            progress_bar.labelled(surface, assets, _("Best possible: searching\u2026"),
                                  top.inflate(-200, 0), self.job.progress, 32, look.GOLD)
            return
        if answer is None:  # a record the analysis refused: said, never a traceback
            fit.draw(surface, assets, _("No best possible: this game's record cannot be "
                                        "read back"), top, 30, look.CREAM)
            return
        fit.draw(surface, assets, best_words(answer.best), top, 36, look.GOLD, True,
                 shadow=True)
        said, moves = self.words()
        if looks.large() and answer.slip is not None:
            said = self._large_words(said, low.size)
        fit.draw(surface, assets, said, low, 28, look.CREAM)
        if moves:  # for those who read the notation: smaller, under the words
            fit.draw(surface, assets, moves, notation, 24, MUTED)
