"""The kiosk attract loop: computer games and solver-played puzzles on the table, each a fresh deal."""

from __future__ import annotations

from enum import Enum

import pygame

from game.engine import Mode, apply, new_game
from game.engine.ai import SKILLS
from game.engine.scoring import result, solo_title, target_met
from game.engine.solver import best_line, clear_memo
from game.i18n import _, ngettext
from game.match import OCCASIONS, score_lines, show_match
from game.names import friendly_name
from game.render import fit
from game.render.palette import CREAM, FELT, FELT_DARK, FELT_PANEL, GOLD, INK, RED
from game.scenes.base import Scene
from game.scenes.learn.lesson import LessonKind, lesson_scene
from game.scenes.stack import SceneStack
from game.scenes.table.couch import CouchTable
from game.scenes.table.panel import MODE_Y
from game.scenes.table.play import PlayScene, table_scene
from game.ui import look

BANNER = pygame.Rect(360, 975, 1200, 90)
# Over the table panel's buttons (no use in the demo), below its "Last move" words.
SIDE_BANNER = pygame.Rect(1478, 868, 426, 200)
SIDE_ROOM = 120  # the least height of the banner between the seats and the mode's name
PANEL_FILL = FELT_PANEL  # the table panel's colour, round the banner's corners

INTRO_S, RESULT_S = 1.6, 4.5  # seconds of logic time (readable from across a room)
PUZZLE_PACE = 0.5  # the solver's moves go quicker than a computer player's
BOT_BUDGET_S = 0.05  # the bots' think time per move: the demo paces itself, it need not be strong
SOLVER_BUDGET_S = 0.25

LESSON_EVERY = 2  # shows between two of the guided game's lessons (played by the coach)
DEMO_SEATS_MAX = 5  # more seats than this crowd the panel for a passer-by


def program(number: int) -> tuple[Mode, tuple[str, ...]]:
    """Show `number`: games and puzzles in turn, through every registered mode, with seats of
    every registered computer level in turn (a solo mode's seat is the solver)."""
    games = [m for m in Mode if not m.solo]
    puzzles = [m for m in Mode if m.solo]
    turn = number // 2
    if number % 2 and puzzles:
        return puzzles[turn % len(puzzles)], ("solver",)
    mode = games[turn % len(games)]
    counts = [n for n in mode.player_counts if n <= DEMO_SEATS_MAX] or [min(mode.player_counts)]
    levels = list(SKILLS)
    count = counts[turn % len(counts)]
    return mode, tuple(levels[(turn + seat) % len(levels)] for seat in range(count))


class Show(Enum):
    """Where one show stands: its title card, the game on the table, its result."""
    INTRO = "intro"
    TABLE = "table"
    RESULT = "result"
    REST = "rest"  # the guided game has ended: a moment on its last field, then the next show


class Demo:
    """One show: a fresh deal and a Match whose seats are bots (a game) or the solver's line
    (a puzzle), played on the table scene like any game."""

    def __init__(self, number: int, offset: int = 0) -> None:
        mode, levels = program(number)
        seed = 7919 * number + 17 + offset  # the kiosk's offset: another run, other deals
        # The computers by their friendly names, as a table's unnamed computers are.
        puzzle = OCCASIONS["solo"].plays(mode)  # shown as a deal played alone
        names = [friendly_name(i + 1) for i in range(len(levels))] if not puzzle else \
            [_("The solver")]
        bots = None if puzzle else list(levels)
        state = new_game(mode, names, seed, bots=bots)
        self.mode, self.seed = mode, seed  # which deal this show is
        self.puzzle = puzzle
        self.levels = levels
        self.proven = False
        self.best: int | None = None
        self.match = show_match(state, self._solve(state) if self.puzzle else None,
                                BOT_BUDGET_S)

    @property
    def shown(self) -> str:
        return "puzzle" if self.puzzle else "game"

    def _solve(self, state) -> list:
        """The solver's best line, carried on to the end of the game if it stops short."""
        try:
            solution = best_line(state.position, SOLVER_BUDGET_S, target=state.target)
        finally:
            clear_memo()  # the attract loop must not grow the solver's memo for days
        self.proven, self.best = solution.proven, solution.count
        line = list(solution.moves)
        after = state
        for move in line:
            after, _events = apply(after, move)
        while not after.over:
            move = after.legal_moves()[0]
            line.append(move)
            after, _events = apply(after, move)
        return line


def _cards(count: int) -> str:
    return ngettext("%(n)d card", "%(n)d cards", count) % {"n": count}


class AttractScene(Scene):
    """Plays show after show on the table scene (the game's own look) and frames it; takes no
    input (the Kiosk sends it to the menu). `safe=True` (after repeated crashes) shows only the
    banner on a still felt."""

    def __init__(self, app, safe: bool = False) -> None:
        super().__init__(app)
        self.safe = safe
        self.demo: Demo | None = None
        self.table: PlayScene | None = None
        self.final = None  # the state the show ended on (its result)
        # The table's own stack: it enters, ticks, draws and exits there, as on the app's.
        self.stage = SceneStack()
        self.phase = Show.INTRO
        self.t = 0.0
        self.blink = 0.0
        self.shows = 0
        self.since_lesson = 0  # shows since the last lesson (the first show is a game)
        self.lesson = False  # the show on the table is the guided game, played by the coach
        # Under the virtual clock (soak runs) nobody watches the tweens: draw them at 5 Hz.
        self._tween_every = 1 if app.frames is None else 12

    # Lifecycle --------------------------------------------------------------------
    def enter(self) -> None:
        assets = self.app.assets
        self._logo = fit.label(assets, "Scare It!", 72, GOLD, True)
        self._render_words()
        if not self.safe:
            self._next_demo()

    def _render_words(self) -> None:
        """The banners, in the player's language (again when it changes)."""
        assets = self.app.assets
        play = _("Touch or press any key to play")
        banner = look.fitted(assets, play, 56, BANNER.w - 60, INK, True)
        self._banner = (banner, look.fitted(assets, play, 56, BANNER.w - 60, RED, True))
        self._side_banners: dict[tuple[int, int], list] = {}  # by size: made when first shown

    def _side_banner(self, size: tuple[int, int]) -> list:
        """The panel's banner of this size, lit and unlit: opaque pictures, so they hide the
        buttons beneath (the text audit sees them go)."""
        if size not in self._side_banners:
            room = pygame.Rect((0, 0), size).inflate(-40, -30).size
            words = fit.fit(self.app.assets, _("Touch or press any key to play"), room, 54, INK,
                            True, align="centre")
            pictures = []
            for fill in (GOLD, CREAM):
                banner = pygame.Surface(size)
                banner.fill(PANEL_FILL)
                pygame.draw.rect(banner, fill, banner.get_rect(), border_radius=36)
                pygame.draw.rect(banner, INK, banner.get_rect(), 4, border_radius=36)
                banner.blit(words, words.get_rect(center=banner.get_rect().center))
                pictures.append((banner, words))
            self._side_banners[size] = pictures
        return self._side_banners[size]

    def language_changed(self) -> None:
        super().language_changed()
        self._render_words()
        self.stage.language_changed()

    def exit(self) -> None:
        self._drop_table()
        self.demo = None

    # The show -----------------------------------------------------------------------------
    def _next_demo(self) -> None:
        if self.since_lesson >= LESSON_EVERY:  # between the games: the rules, taught
            self.show_lesson()
            return
        self.since_lesson += 1
        self.lesson = False
        kiosk = self.app.kiosk_ctl
        number = kiosk.next_show() if kiosk is not None else self.shows
        self.shows = number + 1
        self._drop_table()
        self.demo = Demo(number, kiosk.deal_offset if kiosk is not None else 0)
        pace = PUZZLE_PACE if self.demo.puzzle else 1.0
        kind = CouchTable(pace=lambda: pace * self.app.settings.computer_pace)
        self.table = table_scene(self.app, self.demo.match, on_finish=self.finished, keep=False,
                               kind=kind)
        self.stage.clear(self.table)
        self._to(Show.INTRO)

    def show_lesson(self) -> None:
        """The guided game, each step played by the coach with its words on screen (the loop
        shows it after every LESSON_EVERY shows; the screenshots and bench_lesson ask now)."""
        self._drop_table()
        self.since_lesson = 0
        self.lesson = True
        self.demo = None
        kind = LessonKind(auto=True, pace=lambda: self.app.settings.computer_pace)
        self.table = lesson_scene(self.app, on_finish=lambda *_: self._to(Show.REST),
                                 kind=kind)
        self.stage.clear(self.table)
        self._to(Show.TABLE)  # no intro: the coach's first words are the lesson's title

    def finished(self, state, _finish) -> None:
        """The show's game is over: its result panel, from the state it ended on."""
        self.final = state
        if self.app.kiosk_ctl is not None:
            self.app.kiosk_ctl.note_finished(self.demo.shown)
        self._to(Show.RESULT)

    def _drop_table(self) -> None:
        table, self.table = self.table, None
        self.final = None
        if table is not None:
            self.stage.clear()
            del table  # nothing may hold the table when it is collected below
            self.demo = None  # its match is part of the table's web
            self.stage.release_left()  # a table's tens of MB of surfaces, now, not many shows later

    def _to(self, phase: Show) -> None:
        self.phase, self.t, self.dirty = phase, 0.0, True

    def update(self, dt: float) -> None:
        lit = self.blink < 0.5
        self.blink = (self.blink + dt) % 1.0
        if lit != (self.blink < 0.5):
            self.dirty = True
        if self.table is None:
            return
        self.t += dt
        if self.phase is Show.INTRO and self.t >= INTRO_S:
            self._to(Show.TABLE)
        elif self.phase is Show.TABLE:
            self.stage.update(dt)
            if self.stage.dirty and self.app.ticks % self._tween_every == 0:
                self.dirty = True
        elif self.phase in (Show.RESULT, Show.REST) and self.t >= RESULT_S:
            self._next_demo()

    # Drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.table is None:  # safe mode: a still felt and the banner
            surface.fill(FELT)
            pygame.draw.rect(surface, FELT_DARK, (0, 0, 1920, 120))
            surface.blit(self._logo, (40, 22))
            self._draw_banner(surface)
            return
        self.stage.draw(surface)
        if self.phase is Show.RESULT:
            self._draw_result(surface)
        self._draw_side_banner(surface)

    def _draw_result(self, surface: pygame.Surface) -> None:
        lines = self._result_lines()
        panel = pygame.Rect(0, 0, 1000, 150 + 58 * (len(lines) - 1))
        panel.center = (730, 540)
        pygame.draw.rect(surface, CREAM, panel, border_radius=28)
        pygame.draw.rect(surface, GOLD, panel, 6, border_radius=28)
        for i, line in enumerate(lines):
            # Long names or words shrink a little to stay inside the panel.
            text = look.fitted(self.app.assets, line, 52 if i == 0 else 34, panel.w - 60, INK,
                               i == 0)
            top = panel.top + 30 + (i and 90 + 58 * (i - 1))
            surface.blit(text, text.get_rect(midtop=(panel.centerx, top)))

    def _result_lines(self) -> list[str]:
        state = self.final
        if self.demo.puzzle:
            count = state.position.card_count()
            lines = [ngettext("%(n)d card left", "%(n)d cards left", count) % {"n": count}]
            title = solo_title(state)
            lines.append(_("Title: %(title)s") % {"title": _(title)} if title
                         else _("No title this time"))
            if state.target is not None:
                lines.append(_("Target kept") if target_met(state) else _("Target lost"))
            if self.demo.proven:
                lines.append(_("The solver proved no line leaves fewer"))
            return lines
        outcome = result(state)
        names = [state.players[i].name for i in outcome.winners]
        if len(names) > 1:
            head = _("%(names)s and %(last)s share the win!") % {
                "names": ", ".join(names[:-1]), "last": names[-1]}
        else:
            head = _("%(name)s wins!") % {"name": names[0]}
        return [head, *score_lines(state, outcome)]

    def _draw_banner(self, surface: pygame.Surface) -> None:
        lit = self.blink < 0.5
        pygame.draw.rect(surface, GOLD if lit else CREAM, BANNER, border_radius=45)
        text = self._banner[0 if lit else 1]
        surface.blit(text, text.get_rect(center=BANNER.center))

    def side_banner_place(self) -> pygame.Rect:
        """Where "Touch or press any key to play" sits: at the panel's foot, or, while the
        lesson's peeked task cards reach down there, a little smaller under the seats, clear
        of whose turn it is (it covered that header) and above the mode's name."""
        shown = self.table.in_sight() if self.lesson and self.table is not None else ()
        if not any(SIDE_BANNER.colliderect(place) for place in shown):
            return SIDE_BANNER
        top = max((place.bottom for place in shown if place.bottom <= MODE_Y), default=0) + 8
        below = MODE_Y - 10 if MODE_Y - 10 - top >= SIDE_ROOM else \
            min((place.top for place in shown if place.top > top), default=MODE_Y)
        under = pygame.Rect(SIDE_BANNER.x, top, SIDE_BANNER.w, min(SIDE_BANNER.h, below - top))
        # A large text size: the seats reach the mode's line and the task cards cover the
        # panel from the seats down; the banner goes under them, over the buttons.
        foot = max(place.bottom for place in shown) + 4
        return max(under, pygame.Rect(SIDE_BANNER.x, foot, SIDE_BANNER.w,
                                      SIDE_BANNER.bottom - foot), key=lambda r: r.h)

    def _draw_side_banner(self, surface: pygame.Surface) -> None:
        place = self.side_banner_place()
        banner, words = self._side_banner(place.size)[0 if self.blink < 0.5 else 1]
        surface.blit(banner, place)
        fit.seen(surface, words, words.get_rect(center=place.center), place.inflate(-40, -30))
