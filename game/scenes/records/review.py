"""The review of a finished game with others: each player's chance to win across the game as a
chart, its turning points, and at each move the field there and the expert's move where it
would have been better. Analysed in the background (a progress bar, cancellable), kept beside
the replay so a second look is at once."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.ai import review as reviewing
from game.engine.ai.review import Review
from game.i18n import _
from game.match import (
    VIEWS,
    Analyser,
    Job,
    Record,
    deal_words,
    kept_replay,
    path_for,
    read_review,
    seat_names,
    short_names,
    turn_words,
    view_button,
    write_record,
    write_review,
)
from game.render import fit, looks
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import FELT_FRAME, MUTED, seat_colour
from game.scenes.menu import MenuScene
from game.ui import look, progress_bar, win_chart

CHART = pygame.Rect(40, 190, 1250, 500)
FIELD = pygame.Rect(1330, 290, 550, 400)
VIEW = pygame.Rect(1330, 190, 550, 84)  # which view the words are in: above the field
WORDS = pygame.Rect(60, 706, 1800, 248)  # five lines in words, then the notation's smaller one
LINE_H = 42
NOTATION_H = 34
# At a large text size (looks.large) the chart gives the words its lower part: the words'
# box starts higher, each line and the notation's taller.
CHART_LARGE = pygame.Rect(40, 190, 1250, 330)
FIELD_LARGE = pygame.Rect(1330, 290, 550, 230)
WORDS_LARGE = pygame.Rect(60, 536, 1800, 414)


def chart() -> pygame.Rect:
    return CHART_LARGE if looks.large() else CHART


def words_box() -> pygame.Rect:
    return WORDS_LARGE if looks.large() else WORDS


def pager() -> pygame.Rect:
    """Where the pager of the move's words sits (a large text size): right of the notation."""
    words = WORDS_LARGE
    return pygame.Rect(words.right - 440, words.bottom - 84, 440, 84)


def line_h(size: int = 30) -> int:
    """A line's height in the words' box, for words asked for at `size`: fixed below a large
    text size (the box holds five lines and the notation; a word too wide shrinks to fit), taller
    with the text in the large layout's taller box."""
    fixed = LINE_H if size >= 30 else NOTATION_H
    return max(fixed, round(1.4 * looks.scaled(size))) if looks.large() else fixed


PROCESS = True  # a worker process (tests may use a thread)
NODES = reviewing.DEFAULT_NODES  # plies a field (tests may judge quicker)


class ReviewScene(MenuScene):
    """The review of `record` (a finished game); `cache`: the file it is kept in beside the
    replay (None: kept in memory only)."""

    def __init__(self, app, record: Record, cache: Path | None = None) -> None:
        super().__init__(app)
        self.heading = _("Review of the game")
        self.record = record
        self.cache = cache
        self.states = [state for state, _events in record.replay()]
        final = self.states[-1]
        self.names = seat_names(final.players)
        self.short = short_names(final.players)  # beside the chart, never two alike
        self.colours = [seat_colour(i, p.team) for i, p in enumerate(final.players)]
        self.people = {i for i, p in enumerate(final.players) if p.bot is None}
        self.nodes = NODES
        self.view = VIEWS[0]
        # Both views are judged (the mover's own costs half as much again: docs/REVIEW.md).
        self.review: Review | None = read_review(
            cache, record, NODES, beliefs=True) if cache else None
        self.job = None if self.review is not None else Analyser(
            Job(write_record(record, final=final), NODES, beliefs=True), process=PROCESS)
        self.selected = self._opening()
        self.fields: dict[tuple[int, int], FieldRenderer] = {}
        self.page = 0  # the page of the move's words shown (a large text size: `word_pages`)

    @classmethod
    def after_game(cls, app, record: Record) -> ReviewScene:
        """The review of a game just finished, kept beside its replay (the session kept the
        replay at the last move) so Replays opens it at once; in memory only if not kept."""
        kept = kept_replay(record.game)
        return cls(app, record, path_for(kept) if kept is not None else None)

    # The analysis ------------------------------------------------------------------------
    @property
    def refused(self) -> str | None:
        return None if self.job is None else self.job.refused

    def update(self, dt: float) -> None:
        if self.review is None and self.job is not None:
            self.dirty = True
            if self.job.finished:
                if self.job.result is not None:
                    self.review = self.job.result.review
                    self.selected = self._opening()
                    if self.cache is not None:
                        write_review(self.cache, self.record, self.review, self.nodes,
                                          beliefs=True)
                self.rebuild()
                self.speak_move()  # judged: the move the screen opens at, or why not

    def exit(self) -> None:
        super().exit()
        if self.job is not None and not self.job.finished:
            self.job.cancel()

    # Buttons -----------------------------------------------------------------------------
    def build(self) -> None:
        y = 960
        if self.review is None:
            self.button(_("Cancel"), (760, y, 400, 92), self.back, name="cancel")
            return
        w, gap = 400, 30
        x = 960 - (4 * w + 3 * gap) // 2
        rects = [(x + i * (w + gap), y, w, 92) for i in range(4)]
        self.button(_("Previous move"), rects[0], lambda: self.select(self.selected - 1),
                    name="previous")
        self.button(_("Next move"), rects[1], lambda: self.select(self.selected + 1),
                    name="next")
        self.button(_("Next turning point"), rects[2], self.next_turning, name="turning")
        self.button(view_button(self.view), VIEW, self.other_view, name="view")
        self.button(_("Back"), rects[3], self.back, name="back")
        pages = len(self.word_pages()[1])
        if pages > 1:  # a large text size: the move's words over pages, turned here
            self.page = min(self.page, pages - 1)
            self.selector(_("Page %(n)d of %(of)d") % {"n": self.page + 1, "of": pages},
                          pager(), self.turn_page, name="page",
                          label="")  # "Page 1 of 2" says what it is

    def turn_page(self, step: int) -> None:
        """The move's words on their next or previous page (a large text size)."""
        self.page = (self.page + step) % max(1, len(self.word_pages()[1]))
        self.rebuild()

    def other_view(self) -> None:
        """From every card known to what the mover knew, and back (the chart stays)."""
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        self.page = 0
        self.rebuild()
        self.speak_move()  # the verdict, judged from the other view

    def _opening(self) -> int:
        """The move the screen opens at: the turning point (else the last move)."""
        turn = self.review.turning_point if self.review is not None else None
        return turn.number if turn is not None else len(self.states) - 1

    def select(self, index: int) -> None:
        selected = max(0, min(len(self.states) - 1, index))
        if selected != self.selected:
            self.selected = selected
            self.page = 0
            if looks.large():  # the pager's pages are the new move's
                self.rebuild()
            self.speak_move()
        self.dirty = True

    # Words -------------------------------------------------------------------------------
    def spoken_lines(self) -> list[str]:
        """The move in focus in words (never the notation), or the judging's state."""
        if self.review is not None:
            return self.lines()
        if self.refused is not None:
            return [self.unreadable()]
        return [_("Judging every move\u2026")]

    def speak_move(self) -> None:
        """What the screen now shows, cutting off the words of the move looked at before."""
        for i, line in enumerate(self.spoken_lines()):
            self.app.speech.say(line, interrupt=i == 0)

    @staticmethod
    def unreadable() -> str:
        return _("This game cannot be reviewed: its record cannot be read back.")

    def turning(self) -> list[int]:
        return [t.number for t in self.review.turns if t.turning] if self.review else []

    def next_turning(self) -> None:
        marks = self.turning()
        if marks:
            self.select(next((i for i in marks if i > self.selected), marks[0]))

    def handle_more(self, event, action) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.review \
                and chart().collidepoint(event.pos):
            self.select(win_chart.nearest(chart(), len(self.states), event.pos[0]))
            return True
        return False

    # Drawing -----------------------------------------------------------------------------
    def series(self) -> list[list[float]]:
        review = self.review
        return [[review.start[s], *(t.after[s] for t in review.turns)]
                for s in range(len(self.names))]

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        if self.review is None:
            if self.refused is not None:
                fit.draw(surface, assets, self.unreadable(), words_box(), 34, look.CREAM)
                return
            progress_bar.labelled(surface, assets, _("Judging every move\u2026"),
                                  pygame.Rect(360, 500, 1200, 60), self.job.progress, 36,
                                  look.GOLD)
            return
        win_chart.draw(surface, assets, chart(), self.series(), self.colours, self.names,
                       self.turning(), self.selected, self.short)
        self._field(surface)
        lines = self.lines()
        words, step, notation_h = words_box(), line_h(), line_h(24)
        rows = [1] * len(lines)  # the rows a line may wrap to: the longest takes those spare
        rows[max(range(len(lines)), key=lambda i: len(lines[i]))] += max(
            0, (words.h - notation_h) // step - len(lines))
        shown = range(len(lines))
        if looks.large():  # every line wrapped at the large size, over pages where they must
            (step, rows), pages = self.word_pages()
            shown = pages[min(self.page, len(pages) - 1)]
        y = words.y
        for i in shown:
            line = lines[i]
            box = pygame.Rect(words.x, y, words.w, rows[i] * step)
            said = fit.draw(surface, assets, line, box, 30 if i else 32,
                            look.GOLD if i == 0 else look.CREAM, i == 0,
                            anchor="midleft" if rows[i] == 1 else "topleft")
            # A line wrapped takes the rows it needs, never more than it was given.
            y = max(y + step, min(box.bottom, said.bottom + 6))
        notation = self.notation()
        if notation:  # for those who read the notation: smaller, under the words
            room = words.w - (words.right - pager().x if len(self.word_pages()[1]) > 1 else 0)
            fit.draw(surface, assets, notation, pygame.Rect(words.x, words.bottom - notation_h,
                                                            room, notation_h),
                     24, MUTED, anchor="midleft")

    def word_pages(self) -> tuple[tuple[int, list[int]], list[list[int]]]:
        """At a large text size: the height of a row and each line's rows wrapped at the large
        size, and the lines on each page (whole lines, as many as the words' box holds over
        the notation and the pager); one page of every line below it or before the judging."""
        if self.review is None or not looks.large():
            return (0, []), [[]]
        lines, words = self.lines(), words_box()
        font = self.app.assets.font(looks.scaled(30), True)
        rows = [len(fit.break_lines(font, line, words.w)) for line in lines]
        step = font.get_linesize()  # a line of large text, its spacing in it
        if sum(rows) * step <= words.h - line_h(24):
            return (step, rows), [list(range(len(lines)))]
        room = words.h - max(line_h(24), pager().h)
        pages: list[list[int]] = [[]]
        left = room
        for i, count in enumerate(rows):
            if pages[-1] and count * step > left:
                pages.append([])
                left = room
            pages[-1].append(i)
            left -= count * step
        return (step, rows), pages

    def _field(self, surface: pygame.Surface) -> None:
        state = self.states[self.selected]
        pos = state.position
        key = (pos.width, pos.height)
        if key not in self.fields:
            self.fields[key] = FieldRenderer(self.app.assets, FieldLayout(
                pos.width, pos.height, FIELD_LARGE if looks.large() else FIELD, labels=True,
                gap=6))
        field = self.fields[key]
        pygame.draw.rect(surface, FELT_FRAME, field.layout.rect.inflate(24, 24),
                         border_radius=16)
        field.cards(surface, pos)

    def _words(self) -> tuple[list[str], str]:
        if self.selected == 0:
            return deal_words(self.names, self.review.start), ""
        turn = self.review.turns[self.selected - 1]
        you = self.people == {turn.seat}  # the one person at the table is "you"
        return turn_words(self.states, turn, self.names[turn.seat], you, self.view)

    def lines(self) -> list[str]:
        """The move looked at, in words: what it changed, what the expert would have done and
        in which view that is judged, a sentence a line."""
        return self._words()[0]

    def notation(self) -> str:
        """The same moves in the notation, for the smaller line under the words ("" at the
        deal)."""
        return self._words()[1]
