"""A kept game played back on the table: step forward and back, pause, speed; task cards shown."""

from __future__ import annotations

import pygame

from game.engine.scoring import result, solo_title
from game.i18n import _, ngettext
from game.input import Action
from game.match import LINE, Match, Record
from game.render.palette import GOLD, MUTED
from game.render.widgets import Button
from game.scenes.handover import task_image
from game.scenes.play import PANEL, SKIP_INPUT, PlayScene

SPEEDS = (0.5, 1.0, 2.0, 4.0)


class ReplayScene(PlayScene):
    """The record's moves are a scripted seat; the player steers the pointer of its Match."""

    def __init__(self, app, record: Record) -> None:
        match = Match.from_record(record, at_start=True, sources=[LINE] * max(1, len(record.seats)),
                                  line=record.moves, undo=True)
        super().__init__(app, match, keep=False)
        self.record = record
        self.paused = False
        self.speed_index = 1

    # Building ---------------------------------------------------------------------------
    def _build_panel(self) -> None:
        super()._build_panel()
        assets, x = self.app.assets, PANEL.x + 20
        self.btn_back = Button(assets, pygame.Rect(x, 880, 130, 76), "<", 40)
        self.btn_play = Button(assets, pygame.Rect(x + 145, 880, 130, 76), _("Pause"), 28,
                               on_label=_("Play"))
        self.btn_forward = Button(assets, pygame.Rect(x + 290, 880, 130, 76), ">", 40)
        self.btn_slower = Button(assets, pygame.Rect(x, 968, 100, 84), "-", 40)
        self.btn_faster = Button(assets, pygame.Rect(x + 110, 968, 100, 84), "+", 40)
        self.btn_close = Button(assets, pygame.Rect(x + 220, 968, 200, 84), _("Close"), 30)
        self.commands = {self.btn_back: self.step_back, self.btn_play: self.toggle_pause,
                         self.btn_forward: self.step_forward, self.btn_slower: self.slower,
                         self.btn_faster: self.faster, self.btn_close: self.close}
        self.buttons = list(self.commands)

    def _paint_panel(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, (16, 44, 32), PANEL)
        pygame.draw.line(surf, (80, 48, 24), PANEL.topleft, PANEL.bottomleft, 6)

    # Steering ---------------------------------------------------------------------------
    def _settle_animation(self) -> None:
        if self.director is not None:
            self.end_animation()

    def step_forward(self) -> None:
        self._settle_animation()
        move = self.match.redo_move()
        if move is None:
            self.say(_("This is the end of the game"))
            return
        self.bot_move = self.bot_aim = None
        self.play(move)

    def step_back(self) -> None:
        self._settle_animation()
        if self.match.undo() is None:
            self.say(_("This is the start of the game"))
            return
        self._layout()
        self._forget()
        self.app.audio.play("slide")
        self.begin_turn()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.dirty = True

    def slower(self) -> None:
        self._set_speed(self.speed_index - 1)

    def faster(self) -> None:
        self._set_speed(self.speed_index + 1)

    def _set_speed(self, index: int) -> None:
        self.speed_index = max(0, min(index, len(SPEEDS) - 1))
        self.speed = SPEEDS[self.speed_index]
        self.computer_pace = self.app.settings.computer_pace / self.speed
        self.say(_("Speed: %(speed)s") % {"speed": f"\u00d7{SPEEDS[self.speed_index]:g}"}, 1.5)

    def close(self) -> None:
        self.phase = "done"
        self.app.pop()

    def pace(self) -> float:
        # At Instant pace a replay would be over at once: it keeps a pace one can follow.
        base = self.app.settings.computer_pace or 0.5
        return base / self.speed

    def finish(self) -> None:
        """The end of the record: the last field stays for the player to look at."""

    def begin_turn(self) -> None:
        if not self.state.over and self.match.ply >= len(self.record.moves):
            self.phase, self.timer = "over", float("inf")  # a record that stops short
            self.dirty = True
            return
        super().begin_turn()

    # Ticks and input --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.paused and self.phase == "bot" and self.director is None:
            self.timer = max(self.timer, 0.0) + dt  # the clock stands still while paused
        super().update(dt)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.phase == "done":
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.contains(event.pos):
                    b.pressed, self.pressed_button, self.dirty = True, b, True
                    return True
            if self.director is not None:
                self.end_animation()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            button, self.pressed_button = self.pressed_button, None
            if button is not None:
                button.pressed, self.dirty = False, True
                if button.contains(event.pos):
                    self.commands[button]()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PLUS, pygame.K_EQUALS,
                                                          pygame.K_KP_PLUS):
            self.faster()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.slower()
            return True
        if event.type == pygame.CONTROLLERBUTTONDOWN and event.button in (
                pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER):
            (self.faster if event.button == pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
             else self.slower)()
            return True
        action = self.app.input.action(event)
        if action is None:
            return event.type in SKIP_INPUT
        {Action.LEFT: self.step_back, Action.RIGHT: self.step_forward,
         Action.SELECT: self.toggle_pause, Action.TOGGLE: self.toggle_pause,
         Action.UP: self.faster, Action.DOWN: self.slower,
         Action.BACK: self.close, Action.PAUSE: self.close}[action]()
        return True

    # Words and drawing ------------------------------------------------------------------
    def hint(self) -> str:
        total = len(self.record.moves)
        if self.match.ply >= total and self.director is None:
            return _("The end of the game: Left goes back, Esc closes")
        words = _("Move %(n)d of %(total)d") % {"n": self.match.ply + 1, "total": total}
        if self.paused:
            return _("%(move)s \u2014 paused: Left and Right step, Space plays") % {"move": words}
        return words

    def _idle_keys(self) -> tuple[tuple, tuple]:
        field_key, ui_key = super()._idle_keys()
        return field_key, ui_key + (self.paused, self.speed_index)

    def _sync_buttons(self) -> None:
        self.btn_play.on = self.paused

    def _draw_panel(self, surface: pygame.Surface) -> None:
        text, record = self.text, self.record
        x0 = PANEL.x + 30
        surface.blit(text.get(_("Replay"), 44, True), (x0, 24))
        players = len(record.seats)
        about = record.mode.label if record.mode.solo else _("%(mode)s, %(count)s") % {
            "mode": record.mode.label,
            "count": ngettext("%(n)d player", "%(n)d players", players) % {"n": players}}
        surface.blit(text.get(about, 26, False, MUTED), (x0, 84))
        y = 130
        final = self.match.states[-1]
        state = self.state
        step = min(110, 600 // max(1, players))
        for seat, player in enumerate(state.players):
            turn = seat == state.turn and not state.over and players > 1
            pygame.draw.circle(surface, self._seat_colour(seat) if players > 1 else GOLD,
                               (x0 + 10, y + 18), 8)
            mark = "  <" if turn else ""
            first = (player.name.split() or [player.name])[0]  # a long name: its first word
            surface.blit(text.fitted(player.name + mark, 28, 210, turn,
                                     GOLD if turn else (235, 240, 230), (first + mark,)),
                         (x0 + 30, y))
            w = min(64, step - 40)
            for i, task in enumerate(player.tasks):  # the game is over: task cards shown
                surface.blit(self.app.assets.card_image(task_image(task), w),
                             (x0 + 250 + i * (w + 10), y))
            y += step
        if state.target is not None:
            surface.blit(text.get(_("Keep this one:"), 26), (x0, y + 10))
            self.field.card(surface, state.target.code, x0 + 230, y, 70)
            y += 110
        ending = ending_words(final)
        for i, line in enumerate(text.wrapped(ending, 24, 400, True, GOLD)[:2]):
            surface.blit(line, (x0, max(y, 640) + i * 30))
        self._draw_last_words(surface)
        speed = _("Speed \u00d7%(speed)s") % {"speed": f"{SPEEDS[self.speed_index]:g}"}
        surface.blit(text.get(speed, 24, False, MUTED), (x0, max(y, 640) + 70))
        for b in self.buttons:
            b.draw(surface)


def ending_words(final) -> str:
    """How a game ended, in words: the winner, or the cards left and the title."""
    if len(final.players) <= 1:
        count = final.position.card_count()
        left = ngettext("%(n)d card left", "%(n)d cards left", count) % {"n": count}
        title = solo_title(final)
        return _("%(left)s: %(title)s") % {"left": left, "title": _(title)} if title else left
    outcome = result(final)
    names = " & ".join(final.players[i].name for i in outcome.winners)
    return ngettext("Winner: %(names)s", "Winners: %(names)s", len(outcome.winners)) % {
        "names": names}
