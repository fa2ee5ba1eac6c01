"""A campaign level on the table: the level's words, par and target; undo, redo, restart, hints.

Built on the table's PlayScene (field, picking, animations); the history, par and hints live
in its Match. With `demo` set the match plays a solution line (a scripted seat) instead of
taking input, with the normal animations and pacing.
"""

from __future__ import annotations

import pygame

from game.campaign.levels import Level
from game.campaign.progress import progress_of
from game.campaign.puzzles import campaign_of
from game.campaign.session import level_state
from game.engine.moves import Move
from game.engine.position import Position, cell_name
from game.engine.scoring import target_met
from game.i18n import N_, _, ngettext
from game.input import Action
from game.match import LINE, Match
from game.render.hud import scare_cycle
from game.render.palette import BAD, GOLD, MUTED
from game.render.widgets import Button
from game.scenes.level_pause import LevelPauseScene  # also re-exported from here
from game.scenes.level_result import LevelResultScene
from game.scenes.play import PANEL, SKIP_INPUT, PlayScene
from game.scenes.statistics import statistics_of

CYCLE_Y = 468
KEYS = (N_("Keys: U undo  R redo  H hint  Ctrl+R restart"),
        N_("Pad: Y hint  LB undo  RB redo  Back restart"))


def describe(position: Position, move: Move) -> str:
    """A move in words: 'The yellow cat on b1 scares the purple mouse on c1 and moves in'."""
    scarer, target = position.card_at(*move.scarer), position.card_at(*move.target)
    names = {"scarer": scarer.label, "from": cell_name(*move.scarer),
             "target": target.object_label, "to": cell_name(*move.target)}
    if move.move_in and not move.vertical:
        return _("The %(scarer)s on %(from)s scares the %(target)s on %(to)s and moves in") % names
    return _("The %(scarer)s on %(from)s scares the %(target)s on %(to)s") % names


class LevelPlayScene(PlayScene):
    def __init__(self, app, level: Level, *, demo: tuple[Move, ...] | None = None,
                 result: dict | None = None, match: Match | None = None,
                 keep: bool | None = None) -> None:
        self.level = level
        self.demo = tuple(demo) if demo is not None else None
        if match is None:
            match = Match(level_state(level), par=level.par, level=level.id,
                          line=self.demo or (), sources=[LINE] if self.demo else None)
        keep = self.demo is None if keep is None else keep  # a solution is never saved
        super().__init__(app, match, on_finish=self._finished, keep=keep)
        self.campaign = campaign_of(app)
        self.progress = progress_of(app)
        self.result = result or {}  # the player's own result, shown again after a solution
        app.last_level = level.id  # the level select follows the player

    # Building ---------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.demo is None and self.level.hint:
            self.say(self.level.hint, 8)

    def _build_panel(self) -> None:
        super()._build_panel()
        assets = self.app.assets
        self.cycle = scare_cycle(assets, (420, 228), card_w=56)
        x = PANEL.x + 20
        self.btn_move_in.rect.topleft = (x, 700)
        self.btn_hint = Button(assets, pygame.Rect(x, 786, 200, 70), _("Hint (H)"), 30)
        self.btn_restart = Button(assets, pygame.Rect(x + 220, 786, 200, 70), _("Restart"), 30)
        self.btn_undo = Button(assets, pygame.Rect(x, 866, 200, 70), _("Undo (U)"), 30)
        self.btn_redo = Button(assets, pygame.Rect(x + 220, 866, 200, 70), _("Redo (R)"), 30)
        self.btn_pause = Button(assets, pygame.Rect(x, 946, 420, 64), _("Pause (Esc)"), 30)
        self.btn_good = Button(assets, pygame.Rect(x, CYCLE_Y + 84, 420, 76),
                               _("Undo to last good point (G)"), 28)
        self.btn_stop = Button(assets, pygame.Rect(x, 946, 420, 64), _("Stop the solution (Esc)"),
                               28)
        self.btn_peek.visible = False
        self.commands = {self.btn_hint: self.ask_hint, self.btn_restart: self.restart,
                         self.btn_redo: self.redo, self.btn_good: self.undo_to_good,
                         self.btn_stop: self.stop_demo}
        self.buttons = [self.btn_move_in, self.btn_pause, self.btn_undo, self.btn_peek,
                        *self.commands]

    def _paint_panel(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, (16, 44, 32), PANEL)
        pygame.draw.line(surf, (80, 48, 24), PANEL.topleft, PANEL.bottomleft, 6)
        if self.level.target is None:
            surf.blit(self.cycle, (PANEL.x + 20, CYCLE_Y))
        font = self.app.assets.font(21)
        if self.demo is None:
            for i, line in enumerate(KEYS):
                img = font.render(_(line), True, MUTED)
                surf.blit(img, (PANEL.x + 22, 1018 + i * 27))

    # The history (undo, redo and their words are the table's) --------------------------
    def restart(self) -> None:
        self._settle()
        if self.state == self.match.start:
            self.say(_("This is the start of the level"))
            return
        self.match.restart()
        self._show(_("Back to the start - Undo brings your game back"))

    def undo_to_good(self) -> None:
        self._settle()
        if self.match.known_reachable() is not False:
            return
        if self.match.undo_to_reachable() is None:
            self.say(_("Use Restart to try again from the start"))
            return
        self._show(_("Back to the last point where par %(par)d could be reached")
                   % {"par": self.level.par})

    def ask_hint(self) -> None:
        self._settle()
        if self.state.over:
            self.say(_("The game is over: no scare is left"))
            return
        answer = self.match.hint()
        self._forget()
        if answer.move is not None:
            self.hint_move = answer.move
            self.selected = None
            self.move_in = False
            self.cursor = answer.move.scarer
            self.app.audio.play("select")
            self.say(_("Hint: %(move)s") % {"move": describe(self.state.position, answer.move)}, 8)
        elif answer.reachable is False:
            self.app.audio.play("error")
            self.say(_("Par %(par)d can no longer be reached") % {"par": self.level.par}, 8)
        else:
            self.say(_("No hint found in time - ask again"))

    # The end ---------------------------------------------------------------------------
    def _finished(self, state) -> None:
        if self.demo is not None:
            result = dict(self.result, solution_cards=state.position.card_count())
            self.app.replace(LevelResultScene(self.app, self.level, **result))
            return
        before = self.progress.best(self.level.id)
        statistics_of(self.app).record_level(state.position.card_count(), self.level.par,
                                             target_met(state))
        self.progress.record_level(self.level.id, state.position.card_count(), target_met(state))
        self.app.replace(LevelResultScene(self.app, self.level, state, before=before,
                                          hints=self.match.hints_used))

    def stop_demo(self) -> None:
        if self.phase == "done":
            return
        self._settle()
        self.phase = "done"
        self.app.replace(LevelResultScene(self.app, self.level, **self.result))

    def pause_game(self) -> None:
        if self.demo is not None:
            self.stop_demo()
            return
        self.app.push(LevelPauseScene(self.app, self.restart, self._to_levels))

    def _to_levels(self) -> None:
        self.app.pop()  # the pause overlay
        self.app.pop()  # this level: the level select beneath comes back

    # Input -----------------------------------------------------------------------------
    def _command(self, event):
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key in (pygame.K_u, pygame.K_BACKSPACE) or (ctrl and event.key == pygame.K_z):
                return self.undo
            if event.key == pygame.K_r:
                return self.restart if ctrl else self.redo
            if ctrl and event.key == pygame.K_y:
                return self.redo
            if event.key == pygame.K_h:
                return self.ask_hint
            if event.key == pygame.K_g:
                return self.undo_to_good
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            return {pygame.CONTROLLER_BUTTON_Y: self.ask_hint,
                    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: self.undo,
                    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: self.redo,
                    pygame.CONTROLLER_BUTTON_BACK: self.restart}.get(event.button)
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if self.phase == "done":
            return False
        if self.demo is not None:
            return self._handle_demo(event)
        command = self._command(event)
        if command is not None:
            command()
            self.dirty = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                any(b.contains(event.pos) for b in self.buttons):
            if self.director is not None:
                self._settle()
                self.begin_turn()
            return self._mouse_down(event.pos)  # buttons work even while a scare animates
        return super().handle(event)

    def _handle_demo(self, event) -> bool:
        action = self.app.input.action(event)
        if action in (Action.BACK, Action.PAUSE) or (
                event.type == pygame.MOUSEBUTTONDOWN and self.btn_stop.contains(event.pos)):
            self.stop_demo()
            return True
        if self.director is not None and event.type in SKIP_INPUT:
            self.end_animation()
            return True
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        return event.type in SKIP_INPUT

    def _mouse_up(self, pos) -> bool:
        button = self.pressed_button
        if button in self.commands:
            self.pressed_button = None
            button.pressed = False
            self.dirty = True
            if button.contains(pos):
                self.commands[button]()
            return True
        return super()._mouse_up(pos)

    def hint(self) -> str:
        """The solution says each move before it plays it (the line's seat is "thinking")."""
        if self.demo is not None and self.phase == "bot" and self.match.ply < len(self.demo):
            step = self.match.ply
            return _("Solution %(step)d/%(steps)d: %(move)s") % {
                "step": step + 1, "steps": len(self.demo),
                "move": describe(self.state.position, self.demo[step])}
        return super().hint()

    # Drawing ---------------------------------------------------------------------------
    def _idle_keys(self) -> tuple[tuple, tuple]:
        field_key, ui_key = super()._idle_keys()
        return field_key, ui_key + (self.match.known_reachable(),)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        level, text = self.level, self.text
        x0 = PANEL.x + 30
        chapter = self.campaign.chapter(level.chapter)
        number = next((i + 1 for i, lv in enumerate(chapter.levels) if lv.id == level.id), 0) \
            if chapter else 0
        top = _("Solution") if self.demo is not None else \
            _("Chapter %(chapter)d  \u00b7  Level %(level)d") % {"chapter": level.chapter,
                                                               "level": number}
        surface.blit(text.get(top, 24, False, MUTED), (x0, 22))
        y = 52
        for line in text.wrapped(_(level.name), 42, 400, True)[:2]:
            surface.blit(line, (x0, y))
            y += 54
        y += 8
        left = self.state.position.card_count()
        surface.blit(text.get(_("Cards left: %(n)d") % {"n": left}, 34, True, GOLD), (x0, y))
        y += 46
        surface.blit(text.get(ngettext("Par: %(n)d card", "Par: %(n)d cards", level.par)
                              % {"n": level.par}, 30),
                     (x0, y))
        y += 48
        if level.target is not None:
            surface.blit(text.get(_("Keep this one:"), 28), (x0, y + 10))
            self.field.card(surface, level.target.code, x0 + 260, y, 76)
            surface.blit(text.get(_(level.target.label), 26, True), (x0, y + 52))
            y += 118
        if level.hint:
            lines = text.wrapped(_(level.hint), 24, 380, False, (225, 232, 220))
            room = CYCLE_Y - 8 - y
            lines = lines[:max(1, room // 31)]
            box = pygame.Rect(PANEL.x + 16, y, 428, 20 + 31 * len(lines))
            pygame.draw.rect(surface, (26, 62, 44), box, border_radius=16)
            for i, line in enumerate(lines):
                surface.blit(line, (box.x + 16, box.y + 10 + i * 31))
        self._draw_status(surface)
        demo = self.demo is not None
        for b in (self.btn_hint, self.btn_restart, self.btn_undo, self.btn_redo, self.btn_pause):
            b.visible = not demo
        self.btn_stop.visible = demo
        self.btn_peek.visible = False
        self.btn_move_in.visible = not demo and self.phase == "turn" and self._side_targets()
        self.btn_move_in.on = self.move_in or self._dragging()
        self.btn_good.visible = not demo and self.match.known_reachable() is False
        for b in self.buttons:
            b.draw(surface)

    def _sync_buttons(self) -> None:
        super()._sync_buttons()
        self.btn_move_in.visible = self.btn_move_in.visible and self.demo is None

    def _draw_status(self, surface: pygame.Surface) -> None:
        """Par out of reach, once the solver (or the end) has said so; the way back sits below."""
        if self.demo is not None:
            return
        known = self.match.known_reachable()
        if known is False:
            area = pygame.Rect(PANEL.x + 6, CYCLE_Y - 4, PANEL.w - 6, 240)
            pygame.draw.rect(surface, (16, 44, 32), area)
            words = _("Par %(par)d is out of reach now") % {"par": self.level.par}
            if self.state.over:
                words = _("Par %(par)d was not reached") % {"par": self.level.par}
            surface.blit(self.text.get(words, 30, True, BAD), (PANEL.x + 30, CYCLE_Y + 24))
