"""The kiosk attract loop: computer games and solver-played puzzles, each a fresh deal."""

from __future__ import annotations

import traceback

import pygame

from game.engine import Fell, Mode, MovedIn, Scared, apply, new_game
from game.engine.events import ColumnClosed
from game.engine.rng import Rng
from game.i18n import N_, _, ngettext
from game.scenes.base import Scene
from game.ui import look

FELT = (28, 92, 64)
FELT_DARK = (18, 66, 45)
CREAM = (250, 243, 224)
INK = (40, 36, 32)
GOLD = (247, 200, 72)
RED = (230, 90, 60)
CARD_W, CARD_H, GAP = 136, 190, 14
FIELD_TOP = 150
BANNER = pygame.Rect(360, 975, 1200, 90)
SIDE_BANNER = pygame.Rect(1478, 770, 426, 290)  # over the table scene's panel (and its buttons)

# Pace of the show, in seconds of logic time (readable from across a room).
INTRO_S, THINK_S, SHOW_S, FLEE_S, SETTLE_S, RESULT_S = 1.6, 0.35, 0.75, 0.3, 0.3, 4.5
BOT_BUDGET_S = 0.05  # the bots' think time per move: the demo paces itself, it need not be strong
SOLVER_BUDGET_S = 0.25

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Filip", "Greta", "Hugo")
# The shows, in turn: (mode, seat levels); a solo mode's seat is the solver.
PROGRAM = (
    (Mode.STANDARD, ("hard", "normal", "normal", "easy")),
    (Mode.SOLO, ("solver",)),
    (Mode.TEAMS, ("hard", "normal", "hard", "normal")),
    (Mode.SOLO_ADVANCED, ("solver",)),
    (Mode.ALL_INCLUDED, ("normal", "hard", "easy", "normal", "hard")),
    (Mode.SOLO, ("solver",)),
    (Mode.STANDARD, ("normal", "hard", "easy")),
)


def _log_and_count(app) -> None:
    """A bot or solver failed: logged and counted, and the show goes on with a random move."""
    from game.errors import log_traceback
    app.errors += 1
    log_traceback(traceback.format_exc())


class Demo:
    """One show: a fresh state and whatever picks its moves (bots or the solver's line)."""

    def __init__(self, app, number: int) -> None:
        self.app = app
        mode, levels = PROGRAM[number % len(PROGRAM)]
        seed = 7919 * number + 17
        names = list(NAMES[:len(levels)]) if not mode.solo else [_("The solver")]
        bots = None if mode.solo else list(levels)
        self.state = new_game(mode, names, seed, bots=bots)
        self.start = self.state.position
        self.puzzle = mode.solo
        self.rng = Rng(seed)
        self.levels = levels
        self.line: list = []
        self.proven = False
        self.best: int | None = None
        self._bots: dict[int, object] = {}
        if self.puzzle:
            self._solve()

    @property
    def kind(self) -> str:
        return "puzzle" if self.puzzle else "game"

    def title(self) -> str:
        mode = self.state.mode
        if self.puzzle:
            return _("%(mode)s: the solver at work") % {"mode": mode.label}
        return ngettext("%(mode)s: %(n)d computer player", "%(mode)s: %(n)d computer players",
                        len(self.state.players)) % {"mode": mode.label,
                                                    "n": len(self.state.players)}

    def _make_bots(self) -> None:
        """Only when this scene plays the game itself (the table scene has its own bots)."""
        self._bots = {seat: None for seat in range(len(self.levels))}
        try:
            from game.engine.ai import make_bot
        except ImportError:
            return  # no bots yet: every seat plays a random legal move
        for seat, level in enumerate(self.levels):
            try:
                self._bots[seat] = make_bot(level)
            except Exception:  # noqa: BLE001 - an unknown level plays at random
                _log_and_count(self.app)

    def _solve(self) -> None:
        try:
            from game.engine.solver import best_line, clear_memo
        except ImportError:
            return
        try:
            solution = best_line(self.state.position, SOLVER_BUDGET_S, target=self.state.target)
            self.line = list(solution.moves)
            self.proven = solution.proven
            self.best = solution.count
        except Exception:  # noqa: BLE001
            _log_and_count(self.app)
        finally:
            clear_memo()  # the attract loop must not grow the solver's memo for days

    def next_move(self):
        legal = self.state.legal_moves()
        move = self.line.pop(0) if self.puzzle and self.line else self._bot_move()
        if move is None or move.canonical() not in legal:
            move = legal[self.rng.below(len(legal))]
        return move

    def _bot_move(self):
        if not self._bots:
            self._make_bots()
        seat = self.state.turn
        bot = self._bots.get(seat)
        if bot is None:
            return None
        try:
            from game.engine.ai import view_for
            return bot.choose(view_for(self.state, seat, start=self.start), self.rng, BOT_BUDGET_S)
        except Exception:  # noqa: BLE001
            _log_and_count(self.app)
            return None


def _origins(old, events) -> dict:
    """For each card of the field after a move, the cell it was drawn in before it."""
    where = {(x, y): (x, y) for x, col in enumerate(old.columns) for y in range(len(col))}
    for event in events:
        if isinstance(event, Scared):
            where.pop(event.at, None)
        elif isinstance(event, MovedIn | Fell):
            where[event.to] = where.pop(event.source, event.source)
        elif isinstance(event, ColumnClosed):
            where = {((x - 1 if x > event.column else x), y): o for (x, y), o in where.items()}
    return where


def _card_xy(width: int, height: int, cell) -> tuple[int, int]:
    """Top-left pixel of a card; the field stays centred as columns close."""
    x, y = cell
    left = 960 - (width * CARD_W + (width - 1) * GAP) // 2
    return left + x * (CARD_W + GAP), FIELD_TOP + (height - 1 - y) * (CARD_H + GAP)


def _cards(count: int) -> str:
    return ngettext("%(n)d card", "%(n)d cards", count) % {"n": count}


# The computer players' levels as the demo names them (the seat levels are these words).
BOT_LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class AttractScene(Scene):
    """Plays show after show on the virtual clock; takes no input (the Kiosk sends it to the menu).
    `safe=True` (after repeated crashes) shows only the banner on a still field."""

    def __init__(self, app, safe: bool = False) -> None:
        super().__init__(app)
        self.safe = safe
        self.demo: Demo | None = None
        self.phase = "intro"
        self.t = 0.0
        self.blink = 0.0
        self.move = None
        self.after = None  # (state, events) of the move being shown
        self.origins: dict = {}
        self._texts: dict[tuple, pygame.Surface] = {}
        self.table = None  # the table scene playing a computer game, when it loads
        self._broken = False  # the table scene failed: play games on this scene's own field
        # Under the virtual clock (soak runs) nobody watches the tweens: draw them at 5 Hz.
        self._tween_every = 1 if getattr(app, "frames", None) is None else 12

    # Lifecycle --------------------------------------------------------------------
    def enter(self) -> None:
        assets = self.app.assets
        self._logo = assets.font(72, True).render("Scare It!", True, GOLD)
        self._render_words()
        if not self.safe:
            self._next_demo()

    def _render_words(self) -> None:
        """The banners and the scare rule, in the player's language (again when it changes)."""
        assets = self.app.assets
        play = _("Touch or press any key to play")
        banner = look.fitted(assets, play, 56, BANNER.w - 60, INK, True)
        self._banner = (banner, look.fitted(assets, play, 56, BANNER.w - 60, RED, True))
        self._side_banner = [look.fitted(assets, line, 54, SIDE_BANNER.w - 30, INK, True)
                             for line in (_("Touch or press"), _("any key"), _("to play"))]
        self._rule = [assets.font(26).render(line, True, CREAM) for line in (
            _("The scare rule:"), _("Elephant scares dog"), _("Dog scares cat"),
            _("Cat scares mouse"), _("Mouse scares elephant"))]

    def language_changed(self) -> None:
        super().language_changed()
        self._render_words()
        self._texts.clear()

    def exit(self) -> None:
        self._drop_table()
        self.demo = None
        self.after = None
        self._texts.clear()

    @property
    def showing(self):
        """The state on screen (the table scene's, while it plays a computer game)."""
        if self.table is not None:
            return getattr(self.table, "state", None)
        return self.demo.state if self.demo is not None else None

    # Text, rendered once per show or per move ---------------------------------------
    def _text(self, words: str, size: int, colour=CREAM, bold: bool = False) -> pygame.Surface:
        key = (words, size, colour, bold)
        surf = self._texts.get(key)
        if surf is None:
            surf = self.app.assets.font(size, bold).render(words, True, colour)
            self._texts[key] = surf
        return surf

    # The show -----------------------------------------------------------------------------
    def _next_demo(self) -> None:
        kiosk = self.app.kiosk_ctl
        number = (kiosk.games + kiosk.puzzles) if kiosk is not None else getattr(self, "_shows", 0)
        self._shows = number + 1
        self._texts.clear()  # one show's words never pile up
        self._drop_table()
        self.demo = Demo(self.app, number)
        self.phase, self.t, self.move, self.after = "intro", 0.0, None, None
        self.dirty = True
        if not self.demo.puzzle and not self._table_broken():
            self._start_table()

    # Computer games on the table scene (the game's own look); this scene only frames it ----
    def _table_broken(self) -> bool:
        return getattr(self.app.kiosk_ctl, "table_broken", self._broken)

    def _start_table(self) -> None:
        try:
            from game.scenes.play import PlayScene
            table = PlayScene(self.app, self.demo.state, on_finish=self._table_finished)
            table.enter()
        except Exception:  # noqa: BLE001 - no table scene (yet): this scene plays the game
            self._table_failed()
            return
        self.table = table
        self._to("table")

    def _table_finished(self, state) -> None:
        self.demo.state = state
        self._finish_show()

    def _table_failed(self) -> None:
        """Logged and counted; this game goes on from where it was, drawn by this scene."""
        _log_and_count(self.app)
        self._broken = True
        if self.app.kiosk_ctl is not None:
            self.app.kiosk_ctl.table_broken = True
        if self.table is not None:
            self.demo.state = getattr(self.table, "state", self.demo.state)
        self._drop_table()
        self.move = self.after = None
        if self.demo.state.over:
            self._finish_show()
        else:
            self._to("think")

    def _drop_table(self) -> None:
        table, self.table = self.table, None
        if table is not None:
            try:
                table.exit()
            except Exception:  # noqa: BLE001
                _log_and_count(self.app)

    def _update_table(self, dt: float) -> None:
        try:
            self.table.update(dt)
        except Exception:  # noqa: BLE001
            self._table_failed()
            return
        if self.table is not None and self.table.dirty and self.app.ticks % self._tween_every == 0:
            self.dirty = True

    def _finish_show(self) -> None:
        if self.app.kiosk_ctl is not None:
            self.app.kiosk_ctl.note_finished(self.demo.kind)
        self._to("result")

    def _to(self, phase: str) -> None:
        self.phase, self.t, self.dirty = phase, 0.0, True

    def update(self, dt: float) -> None:
        lit = self.blink < 0.5
        self.blink = (self.blink + dt) % 1.0
        if lit != (self.blink < 0.5):
            self.dirty = True
        if self.demo is None:
            return
        self.t += dt
        demo = self.demo
        if self.phase == "table":
            self._update_table(dt)
            return
        if self.phase in ("flee", "settle") and self.app.ticks % self._tween_every == 0:
            self.dirty = True
        if self.phase == "intro" and self.t >= INTRO_S:
            self._to("think")
        elif self.phase == "think" and self.t >= THINK_S:
            self.move = demo.next_move()
            self.after = apply(demo.state, self.move)
            self._to("show")
        elif self.phase == "show" and self.t >= SHOW_S:
            self._to("flee")
        elif self.phase == "flee" and self.t >= FLEE_S:
            old = demo.state.position
            demo.state, events = self.after
            self.origins = _origins(old, events)
            self._old_size = (old.width, old.height)
            self.after = None
            self._to("settle")
        elif self.phase == "settle" and self.t >= SETTLE_S:
            self.move = None
            if demo.state.over:
                self._finish_show()
            else:
                self._to("think")
        elif self.phase == "result" and self.t >= RESULT_S:
            self._next_demo()

    # Drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            try:
                self.table.draw(surface)
                self.table.dirty = False
            except Exception:  # noqa: BLE001
                self._table_failed()
        if self.table is not None:
            if self.phase == "result":
                self._draw_result(surface)
            self._draw_side_banner(surface)
            return
        surface.fill(FELT)
        pygame.draw.rect(surface, FELT_DARK, (0, 0, 1920, 120))
        surface.blit(self._logo, (40, 22))
        for i, line in enumerate(self._rule):
            surface.blit(line, (1588, 170 + i * 42))
        if self.demo is not None:
            self._draw_field(surface)
            self._draw_seats(surface)
            self._draw_caption(surface)
            if self.phase == "result":
                self._draw_result(surface)
        self._draw_banner(surface)

    def _draw_field(self, surface: pygame.Surface) -> None:
        position = self.demo.state.position
        w, h = position.width, position.height
        cards = self.app.assets
        fleeing = self.move.target if self.move is not None and self.phase == "flee" else None
        settle = _ease(self.t / SETTLE_S) if self.phase == "settle" else 1.0
        for x, column in enumerate(position.columns):
            for y, card in enumerate(column):
                px, py = _card_xy(w, h, (x, y))
                if (x, y) == fleeing:
                    lift = _ease(self.t / FLEE_S)
                    px, py = px + round(120 * lift), py - round(700 * lift)
                elif settle < 1.0 and (x, y) in self.origins:
                    ox, oy = _card_xy(*self._old_size, self.origins[(x, y)])
                    px, py = round(ox + (px - ox) * settle), round(oy + (py - oy) * settle)
                surface.blit(cards.card_image(card.code, CARD_W), (px, py))
        if self.move is not None and self.phase in ("show", "flee"):
            scarer = pygame.Rect(_card_xy(w, h, self.move.scarer), (CARD_W, CARD_H))
            target = pygame.Rect(_card_xy(w, h, self.move.target), (CARD_W, CARD_H))
            pygame.draw.rect(surface, GOLD, scarer.inflate(14, 14), 8, border_radius=16)
            if self.phase == "show":
                pygame.draw.rect(surface, RED, target.inflate(14, 14), 8, border_radius=16)
                pygame.draw.line(surface, GOLD, scarer.center, target.center, 10)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        state = self.demo.state
        y = 170
        for seat, player in enumerate(state.players):
            turn = seat == state.turn and not state.over
            name = player.name if not self.demo.puzzle else _("The solver")
            surface.blit(self._text(name, 34, GOLD if turn else CREAM, turn), (70, y))
            if turn:
                pygame.draw.polygon(surface, GOLD, [(40, y + 8), (40, y + 36), (60, y + 22)])
            if not self.demo.puzzle:
                level = self.demo.levels[seat]
                level = _(BOT_LEVELS[level]) if level in BOT_LEVELS else str(level)
                about = _("computer, %(level)s") % {"level": level}
                if player.team is not None:
                    about = _("%(about)s, team %(team)d") % {"about": about,
                                                             "team": player.team + 1}
                surface.blit(self._text(about, 24), (70, y + 44))
            y += 84
        if self.demo.puzzle and self.demo.best is not None:
            best = self.demo.best
            surface.blit(self._text(_("Aims for %(cards)s") % {"cards": _cards(best)}, 30), (40, y))
            y += 50
        if state.target is not None:
            surface.blit(self._text(_("Must remain:"), 30), (40, y + 20))
            surface.blit(self.app.assets.card_image(state.target.code, 90), (60, y + 70))

    def _draw_caption(self, surface: pygame.Surface) -> None:
        demo = self.demo
        title = self._text(demo.title(), 40, CREAM, True)
        surface.blit(title, title.get_rect(center=(960, 36)))
        count = demo.state.position.card_count()
        words = ngettext("%(n)d card on the field", "%(n)d cards on the field", count) % {
            "n": count}
        if self.move is not None and self.phase in ("show", "flee"):
            scarer = demo.state.position.card_at(*self.move.scarer)
            target = demo.state.position.card_at(*self.move.target)
            if scarer is not None and target is not None:
                names = {"scarer": scarer.label, "target": target.object_label}
                words = (_("%(scarer)s scares %(target)s and moves in") if self.move.move_in
                         else _("%(scarer)s scares %(target)s")) % names
                words = words[:1].upper() + words[1:]  # a caption starts with a capital
        caption = self._text(words, 36, GOLD)
        surface.blit(caption, caption.get_rect(center=(960, 92)))

    def _draw_result(self, surface: pygame.Surface) -> None:
        lines = self._result_lines()
        panel = pygame.Rect(0, 0, 1000, 150 + 58 * (len(lines) - 1))
        panel.center = (730 if self.table is not None else 960, 540)
        pygame.draw.rect(surface, CREAM, panel, border_radius=28)
        pygame.draw.rect(surface, GOLD, panel, 6, border_radius=28)
        for i, line in enumerate(lines):
            # Long names or words shrink a little to stay inside the panel.
            text = look.fitted(self.app.assets, line, 52 if i == 0 else 34, panel.w - 60, INK,
                               i == 0)
            top = panel.top + 30 + (i and 90 + 58 * (i - 1))
            surface.blit(text, text.get_rect(midtop=(panel.centerx, top)))

    def _result_lines(self) -> list[str]:
        state = self.demo.state
        if self.demo.puzzle:
            from game.engine.scoring import solo_title, target_met
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
        from game.engine.scoring import result
        outcome = result(state)
        names = [state.players[i].name for i in outcome.winners]
        if len(names) > 1:
            head = _("%(names)s and %(last)s share the win!") % {
                "names": ", ".join(names[:-1]), "last": names[-1]}
        else:
            head = _("%(name)s wins!") % {"name": names[0]}
        lines = [head]
        for player, score in zip(state.players, outcome.scores, strict=True):
            labels = [task.label for task in player.tasks]
            tasks = "" if not labels else labels[0] if len(labels) == 1 else _("%(first)s and %(second)s") % {
                "first": ", ".join(labels[:-1]), "second": labels[-1]}
            who = player.name if player.team is None else _("%(name)s, team %(team)d") % {
                "name": player.name, "team": player.team + 1}
            lines.append(ngettext("%(who)s: %(n)d point for %(tasks)s",
                                  "%(who)s: %(n)d points for %(tasks)s", score.total)
                         % {"who": who, "n": score.total, "tasks": tasks})
        return lines

    def _draw_banner(self, surface: pygame.Surface) -> None:
        lit = self.blink < 0.5
        pygame.draw.rect(surface, GOLD if lit else CREAM, BANNER, border_radius=45)
        text = self._banner[0 if lit else 1]
        surface.blit(text, text.get_rect(center=BANNER.center))

    def _draw_side_banner(self, surface: pygame.Surface) -> None:
        lit = self.blink < 0.5
        pygame.draw.rect(surface, GOLD if lit else CREAM, SIDE_BANNER, border_radius=36)
        pygame.draw.rect(surface, INK, SIDE_BANNER, 4, border_radius=36)
        for i, line in enumerate(self._side_banner):
            surface.blit(line, line.get_rect(center=(SIDE_BANNER.centerx,
                                                     SIDE_BANNER.top + 62 + i * 82)))
