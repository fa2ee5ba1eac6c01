"""The table scene: the turn flow (whose turn, computer seats, animations, undo); its kind
(table_panel.TableKind) says what the panel shows and which commands it adds."""

from __future__ import annotations

import pygame

from game.anim.director import Director
from game.engine.moves import Move
from game.engine.state import COLUMN_EMPTIED, GameState
from game.i18n import _, ngettext
from game.input import Action
from game.match import HUMAN, Match
from game.match.save import keep_replay
from game.render.field import PLAY_AREA, FieldLayout, FieldRenderer
from game.render.palette import seat_colour
from game.render.widgets import Button, TextCache
from game.scenes.base import Scene
from game.scenes.handover import HandoverScene, Peek
from game.scenes.scoring import ScoringScene
from game.scenes.solo_result import SoloResultScene
from game.scenes.table_field import BANNER, draw_banner, draw_field, draw_last_move
from game.scenes.table_input import (
    Complain,
    Select,
    interpret_pick,
    interpret_release,
    peek_key,
    redo_key,
    step_cursor,
    undo_key,
)
from game.scenes.table_panel import (
    PANEL,
    TableKind,
    draw_last_words,
    draw_peek,
)

# A computer's move, each part times Settings.computer_pace (Relaxed 1.8 .. Instant 0), so a
# player can follow it: it "thinks", lights its scarer, then its target, then scares; the
# field then rests a moment before the next seat begins.
THINK_S = 0.8
SHOW_S = 0.7  # the scarer alone
AIM_S = 0.7  # the scarer and its target
AFTER_S = 0.6
SETTLE_S = 0.9  # after a move, the field rests this long (at Normal animation speed) before
# the hand-over screen covers it
OVER_HOLD_S = 1.6  # the last field stays on screen this long before the scores
SKIP_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN,
              pygame.FINGERDOWN)
DRAG_START = 14  # pixels the mouse must travel before a press becomes a drag


def picture(size: tuple[int, int]) -> pygame.Surface:
    """An opaque full-screen surface made straight in the display's format (fast to blit;
    ten times cheaper than Surface(...).convert())."""
    screen = pygame.display.get_surface()
    return pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)


class PlayScene(Scene):
    """The table: turns input into moves for a Match and paints it. `state` is a fresh deal
    or a Match (a resumed game, a scripted line); `keep` saves the game after every move for
    Continue and keeps its record among the replays at the end (not for demos)."""

    def __init__(self, app, state: GameState | Match, *, on_finish=None,
                 keep: bool = True, kind: TableKind | None = None) -> None:
        super().__init__(app)
        self.kind = kind or TableKind()  # couch or solo unless told
        if isinstance(state, Match):
            self.match = state
            state = state.state
        else:
            solo = len(state.players) <= 1 or bool(state.mode and state.mode.solo)
            self.match = Match(state, undo=solo)
        self.on_finish = on_finish
        self.keep = keep
        self.solo = len(state.players) <= 1 or bool(state.mode and state.mode.solo)
        self.humans = [i for i, s in enumerate(self.match.sources) if s == HUMAN]
        self.last_human: int | None = None
        self.moved_here = False  # a move was played at this table (not only resumed)
        self.computer_pace: float | None = None  # None: Settings.computer_pace (the demo sets its own)
        self.speed = 1.0  # animations faster than the setting by this (a replay's speed)
        self.hint_move: Move | None = None  # a suggested move lit on the field until the next
        self.renderers: dict[tuple[int, int], FieldRenderer] = {}
        self.text = TextCache(app.assets)
        self.director: Director | None = None
        self.phase = "turn"  # turn | bot | anim | over | done
        self.timer = 0.0
        self.bot_move: Move | None = None
        self.bot_label = _("computer")
        self.bot_aim = None  # the target a computer seat is about to scare, lit before it does
        self.told_close = False  # "The empty column closes up" is said once a game
        self.selected = None
        self.move_in = False
        self.cursor = (state.position.width // 2, 0)
        self.cursor_visible = False
        self.press = None  # (cell, pos, what) of a mouse press on the field
        self.drag_pos = None
        self.message = ""
        self.message_until = 0.0
        self.shake_cell = None
        self.shake_until = 0.0
        self.peek = Peek()
        self.pressed_button: Button | None = None

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def start_state(self) -> GameState:
        return self.match.start

    @property
    def history(self) -> list[GameState]:
        """The states before the current one (what undo can go back to)."""
        return self.match.states[:self.match.index]

    # Lifecycle --------------------------------------------------------------------

    def enter(self) -> None:
        # Two cached pictures: `rest` is the table with every card at rest and nothing lit
        # (kept up to date card by card while a move animates, so the next move starts from
        # it for free); `layer` is the still picture with highlights (a chosen scarer, glows),
        # made when first needed.
        self.rest = picture(self.app.screen.get_size())
        self.layer: pygame.Surface | None = None
        self._rest_key = self._field_key = None
        self._forget()
        self._build_panel()
        self._layout()
        self.begin_turn()
        self.kind.entered(self)

    def resized(self) -> None:
        self._forget()
        self.dirty = True  # drawing is at the fixed logical size; SDL scales to the window

    def resume(self) -> None:
        self._forget()
        self.dirty = True
        self.peek.stop()
        self.press = self.drag_pos = None
        for b in self.buttons:  # back from a pause by Esc: no button stays lit or pressed
            b.hot = b.pressed = False
        self.pressed_button = None
        if self.phase == "turn":  # e.g. the hand-over was answered by keyboard: show the cursor
            self.cursor_visible = self.app.input.kind != "mouse"

    def _build_panel(self) -> None:
        self.kind.build(self)

    def _renderer(self, width: int, height: int) -> FieldRenderer:
        key = (width, height)
        if key not in self.renderers:
            layout = FieldLayout(width, height, PLAY_AREA.inflate(0, -70).move(0, 35))
            renderer = FieldRenderer(self.app.assets, layout)
            self._paint_panel(renderer.background)
            self.renderers[key] = renderer
        return self.renderers[key]

    def _paint_panel(self, surf: pygame.Surface) -> None:
        """The side panel's fixed parts, painted once into the table background."""
        self.kind.paint(self, surf)

    def _warm_up(self) -> None:
        """While the table waits for a choice, build the field for one column fewer (and its
        card faces): a scare that empties a column then starts without a ~20 ms hitch."""
        pos = self.state.position
        key = (pos.width - 1, pos.height)
        if pos.width <= 1 or key in self.renderers:
            return
        width = self._renderer(*key).layout.card_w
        for _x, _y, card in pos.occupied():
            self.app.assets.card_image(card.code, width)

    def _layout(self) -> None:
        pos = self.state.position
        self.field = self._renderer(pos.width, pos.height)
        self.layout = self.field.layout
        cx, cy = self.cursor
        self.cursor = (min(cx, pos.width - 1), min(cy, pos.height - 1))

    # Turns ------------------------------------------------------------------------

    @property
    def player(self):
        return self.state.current_player

    def begin_turn(self) -> None:
        self.selected = None
        self.move_in = False
        self.press = self.drag_pos = None
        self.moves = self.state.legal_moves()
        self.targets_of: dict = {}
        for m in self.moves:
            self.targets_of.setdefault(m.scarer, set()).add(m.target)
        self.dirty = True
        if self.state.over:
            self.phase = "over"
            self.timer = OVER_HOLD_S
            left = self.state.position.card_count()
            if self.solo:  # a puzzle: how it went, not why no scare is left
                self.say(ngettext("The end: %(n)d card left", "The end: %(n)d cards left",
                                  left) % {"n": left}, 99)
            elif self.state.over == COLUMN_EMPTIED:
                self.say(_("Game over: a column is empty"), 99)
            else:
                self.say(_("Game over: no scare is possible"), 99)
            return
        player = self.player
        pace = self.pace()
        if self.match.source_of() != HUMAN:
            self.phase = "bot"
            self.bot_move = self.bot_aim = None
            self.timer = (THINK_S + (AFTER_S if self.history else 0.0)) * pace
            if player is not None and player.bot:
                self.bot_label = _("computer (%(level)s)") % {"level": _(player.bot)}
            self.match.start_thinking()  # in a worker thread: the table keeps drawing
            return
        self.phase = "turn"
        self.message = ""
        # A keyboard or gamepad player sees where the cursor is from the first frame.
        self.cursor_visible = self.app.input.kind != "mouse"
        turn = self.state.turn
        if not self.solo and len(self.humans) > 1 and self.last_human != turn:
            if self.moved_here:
                self.phase = "settle"  # let the last move be seen before the hand-over
                self.timer = SETTLE_S / max(0.25, self.app.settings.animation_speed)
            else:
                self.hand_over()
        else:
            self.last_human = turn
        self.btn_peek.visible = not self.solo and player is not None and bool(player.tasks)

    def pace(self) -> float:
        """How long a computer's move takes to show, times the normal pace."""
        return self.app.settings.computer_pace if self.computer_pace is None \
            else self.computer_pace

    def hand_over(self) -> None:
        """Cover the field with "Pass to Anna" for the next human."""
        self.phase = "turn"
        self.last_human = self.state.turn
        self.app.push(HandoverScene(self.app, self.player, self.state.players))
        self.dirty = True

    def play(self, move: Move) -> None:
        """Play a move: the match decides, the director shows what happened."""
        before = self.field.layout
        old = self.state
        _state, events = self.match.play(move)
        self.moved_here = True
        self.hint_move = None
        self._save()
        self._layout()
        self.selected = None
        self.press = self.drag_pos = None
        self.peek.stop()
        speed = self.app.settings.animation_speed * self.speed
        self.anim_field = self.renderers[(old.position.width, old.position.height)]
        self.director = Director(old.position, events, before.place, self.layout.place,
                                 speed=speed, sound=self.app.audio.play,
                                 on_begin=self._step_begins, on_end=self._step_ends)
        self.phase = "anim"
        if self._rest_shows(old, self.anim_field):
            self._paint_ui(self.rest, self.anim_field)  # the cards at rest are already there
        else:
            self._paint_rest()  # the table, the panel and every card at rest, once per move
        self._rest_key = self._field_key = None  # in flux until the animation ends
        self._forget()
        self.director.start()
        self.dirty = True

    # The cached pictures: what does not move during an animation ---------------------------

    def _forget(self) -> None:
        """The words and buttons on both cached pictures are painted anew at the next draw."""
        self._static_key = self._rest_ui = None

    def _paint_rest(self) -> None:
        """The table with every card at rest (mid-animation: the sprites at rest), no highlights."""
        rest = self.rest
        if self.director is not None:
            field = self.anim_field
            rest.blit(field.background, (0, 0))
            moving = set(map(id, self.director.moving()))
            for sprite in self.director.sprites():
                if id(sprite) not in moving and sprite.layer == 0:
                    field.card(rest, sprite.name, sprite.x, sprite.y, sprite.width)
        else:
            field = self.field
            rest.blit(field.background, (0, 0))
            field.cards(rest, self.state.position)
        draw_banner(self, rest)
        self._draw_panel(rest)

    def _rest_shows(self, state: GameState, field: FieldRenderer) -> bool:
        """`rest` holds exactly this state's cards on this field (identity, not equality)."""
        return self._rest_key is not None and self._rest_key[0] is state \
            and self._rest_key[1] is field

    def _highlighted(self) -> bool:
        """Something on the field is lit, moved or marked: the still picture is not `rest`."""
        return (self.selected is not None or self.move_in or self.shake_cell is not None
                or self.drag_pos is not None or (self.hint_move is not None and self.phase == "turn"))

    def _step_begins(self, step) -> None:
        """Lift the step's cards off the cached layer (paint the bare table over them)."""
        if type(step).__name__ == "CloseStep":
            self.anim_field = self.field  # the field is laid out anew: repaint it all once
            if self.solo and not self.told_close:
                self.told_close = True
                self.say(_("The empty column closes up"))
            self._paint_rest()
            return
        bg = self.anim_field.background
        for sprite in step.moving:
            rect = pygame.Rect(round(sprite.x), round(sprite.y), sprite.width,
                               round(sprite.width * 1.4) + 1)
            self.rest.blit(bg, rect, rect)

    def _step_ends(self, step) -> None:
        """Put the cards that came to rest back onto the cached layer."""
        for sprite in step.moving:
            if sprite.layer == 0:
                self.anim_field.card(self.rest, sprite.name, sprite.x, sprite.y, sprite.width)

    def end_animation(self) -> None:
        if self.director is not None:
            if not self.director.done:
                self.director.on_begin = self.director.on_end = None  # no layer work: repaint
                self.director.finish()
        # A natural end leaves every card at rest on `rest`; a skip does not.
        natural = self.director is not None and self.director.done and not self.director.skipped
        natural = natural and self.anim_field is self.field
        self.director = None
        self._rest_key = (self.state, self.field) if natural else None
        self._forget()
        self.begin_turn()

    # Saves: the game in progress after every move, the record of a finished one -------------

    def _save(self) -> None:
        """Hand the game to the save thread (the frame never waits for the disk)."""
        if self.keep:
            if self.state.over:
                self.app.saver.forget()
            else:
                self.app.saver.save(self.match.save_text())

    def exit(self) -> None:
        """Leaving the table: a game not finished is abandoned, so its save goes."""
        self.match.close()
        if self.keep and self.phase != "done":
            self.app.saver.forget()

    def finish(self) -> None:
        if self.phase == "done":
            return
        self.phase = "done"
        if self.keep:
            self.app.saver.forget()
            notice = keep_replay(self.match.record_text())
            if notice is not None:
                self.app.notice = notice
        if self.on_finish is not None:
            self.on_finish(self.state)
        elif self.solo:
            self.app.replace(SoloResultScene(self.app, self.state, self.start_state))
        else:
            self.app.replace(ScoringScene(self.app, self.state))

    # The history: undo and redo move the match's pointer ------------------------------------

    def _settle(self) -> None:
        """Finish a running animation at once (the state is already the new one)."""
        if self.director is not None:
            self.director.on_begin = self.director.on_end = None
            self.director.finish()
            self.director = None

    def _show(self, words: str) -> None:
        """The pointer moved without a move to animate: show the state it points at."""
        self._save()
        self.hint_move = None
        self._layout()
        self._forget()
        self.app.audio.play("slide")
        self.begin_turn()
        self.say(words)

    def undo(self) -> None:
        """Back to the last state where a human was to move (a computer's reply goes too)."""
        if not self.match.undo_allowed:
            return
        self._settle()
        if self.match.undo_turn() is None:
            self.say(_("Nothing to undo yet"))
            return
        self._show(_("Undone: the last scare was taken back"))

    def redo(self) -> None:
        """The move taken back, played again and animated (or a taken-back restart)."""
        if not self.match.undo_allowed:
            return
        if self.director is not None:
            self.end_animation()
        move = self.match.redo_move()
        if move is not None and self.phase in ("turn", "over"):
            self.begin_turn()
            self.play(move)  # the match keeps the rest of the redo tail
            return
        if move is not None or self.match.redo() is None:
            self.say(_("Nothing to redo"))
            return
        self._show(_("Redone"))

    def restart(self) -> None:
        self.kind.restart(self)

    def new_game(self) -> None:
        """The same deal from the start, at a fresh table."""
        match = Match(self.match.start, sources=self.match.sources, undo=self.match.undo_allowed,
                      daily=self.match.daily)
        self.app.replace(PlayScene(self.app, match, on_finish=self.on_finish, keep=self.keep,
                                   kind=self.kind))

    def pause_game(self) -> None:
        self.kind.pause(self)
    # Messages ---------------------------------------------------------------------

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.message = text
        self.message_until = self.app.now + seconds
        self.dirty = True

    def complain(self, text: str, cell=None) -> None:
        self.say(text)
        self.app.audio.play("error")
        if cell is not None:
            self.shake_cell = cell
            self.shake_until = self.app.now + 0.35

    def hint(self) -> str:
        words = self.kind.hint(self)
        if words is not None:
            return words
        player = self.player
        if self.phase == "bot":
            if self.bot_aim is not None:
                return _("%(name)s scares the lit card") % {"name": player.name}
            if self.bot_move is not None:
                return _("%(name)s picks a card to scare with") % {"name": player.name}
            dots = "." * (1 + int(self.app.now * 3) % 3)
            return _("%(name)s is thinking") % {"name": player.name} + dots
        if self.phase != "turn":
            return ""
        if self.selected is None:
            if player is not None and not self.solo:
                return _("%(name)s, pick a card to scare with") % {"name": player.name}
            return _("Pick a card to scare with")
        if self._side_targets():
            kind = self.app.input.kind
            if kind == "keyboard":
                return _("Pick a glowing card. To the side: Enter = stay, Tab then Enter = move in")
            if kind == "gamepad":
                return _("Pick a glowing card. To the side: A = stay, X then A = move in")
            return _("Pick a glowing card. To the side: click = stay, drag onto it = move in")
        return _("Now pick a glowing card to scare it")

    # Choosing a move ------------------------------------------------------------------

    def _side_targets(self) -> bool:
        if self.selected is None:
            return False
        return any(t[0] != self.selected[0] for t in self.targets_of.get(self.selected, ()))

    def pick(self, cell, move_in: bool | None = None) -> None:
        """A click, Enter or south button on a cell."""
        if self.phase != "turn" or cell is None:
            return
        self._apply(interpret_pick(self.state.position, self.targets_of, self.selected, cell,
                                   self.move_in if move_in is None else move_in))

    def _apply(self, outcome, sound: bool = True) -> None:
        """What an input meant (table_input): play the move, change the scarer, or complain."""
        if isinstance(outcome, Move):
            self.play(outcome)
        elif isinstance(outcome, Select):
            self.selected = outcome.cell
            if sound:
                self.app.audio.play("select")
            self.dirty = True
        elif isinstance(outcome, Complain):
            self.complain(outcome.words, outcome.cell)

    def toggle_move_in(self) -> None:
        if self.selected is None or not self._side_targets():
            self.say(_("Move in is for scaring a card to the side: pick a scarer first"))
            return
        self.move_in = not self.move_in
        self.app.audio.play("select")
        self.dirty = True

    def move_cursor(self, action: Action) -> None:
        self.cursor = step_cursor(self.state.position, self.cursor, action, self.cursor_visible)
        self.cursor_visible = True
        self.dirty = True

    # Events -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.phase == "done":
            return False
        answer = self.kind.handle(self, event)
        if answer is not None:
            return answer
        if self.director is not None and event.type in SKIP_INPUT:
            self.end_animation()  # any input finishes the animation at once
            return True
        if self.phase == "settle" and event.type in SKIP_INPUT:
            self.hand_over()  # the player is ready: no need to wait
            return True
        if self.phase == "over" and event.type in SKIP_INPUT:
            if undo_key(event):
                self.undo()
            else:
                self.finish()
            return True
        if self.solo and redo_key(event):
            self.redo()
            return True
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event.pos)
        if event.type in (pygame.KEYUP, pygame.CONTROLLERBUTTONUP):
            if peek_key(event):
                self.peek.release(self.app.now)
                self.dirty = True
                return True
            return False
        if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            if undo_key(event) and self.solo:
                self.undo()
                return True
            if peek_key(event) and self.btn_peek.visible:
                self.peek.press(self.app.now)
                self.dirty = True
                return True
        action = self.app.input.action(event)
        if action is None:
            return False
        if action is Action.PAUSE or (action is Action.BACK and self.selected is None):
            self.pause_game()
        elif action is Action.BACK:
            self.selected = None
            self.move_in = False
        elif self.phase != "turn":
            return True
        elif action in (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT):
            self.move_cursor(action)
        elif action is Action.SELECT:
            if not self.cursor_visible:
                self.move_cursor(action)  # the first press shows where the cursor is
            else:
                self.pick(self.cursor)
        elif action is Action.TOGGLE:
            self.toggle_move_in()
        self.dirty = True
        return True

    def _motion(self, event) -> bool:
        for b in self.buttons:
            hot = b.contains(event.pos)
            if hot != b.hot:
                b.hot = hot
                self.dirty = True
        if self.press is not None and self.press[2] in ("scarer", "again"):
            start = self.press[1]
            if self.drag_pos is not None or (pygame.Vector2(event.pos) - start).length() > DRAG_START:
                self.drag_pos = event.pos
                self.dirty = True
        return False

    def _mouse_down(self, pos) -> bool:
        self.cursor_visible = False
        for b in self.buttons:
            if b.contains(pos):
                b.pressed = True
                self.pressed_button = b
                if b is self.btn_peek:
                    self.peek.press(self.app.now)
                self.dirty = True
                return True
        if self.phase != "turn":
            return True
        cell = self.layout.cell_at(pos)
        if cell is None:
            return False
        if self.selected is not None and cell in self.targets_of.get(self.selected, ()):
            self.press = (cell, pos, "target")
        elif cell in self.targets_of:
            if cell == self.selected:
                self.press = (cell, pos, "again")
            else:
                self.pick(cell)
                self.press = (cell, pos, "scarer")
        else:
            self.pick(cell)
        self.dirty = True
        return True

    def _mouse_up(self, pos) -> bool:
        button, self.pressed_button = self.pressed_button, None
        if button is not None:
            button.pressed = False
            self.dirty = True
            if button is self.btn_peek:
                self.peek.release(self.app.now)
            elif button.contains(pos) and button in self.commands:
                self.commands[button]()
            return True
        press, self.press = self.press, None
        dragged, self.drag_pos = self.drag_pos, None
        if press is None or self.phase != "turn":
            return False
        self.dirty = True
        outcome = interpret_release(self.state.position, self.targets_of, self.selected,
                                    self.move_in, press, dragged is not None,
                                    self.layout.cell_at(pos))
        self._apply(outcome, sound=False)  # a second click puts the scarer back quietly
        return True

    # Ticks ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        now = self.app.now
        if self.message and now >= self.message_until:
            self.message = ""
            self.dirty = True
        if self.shake_cell is not None:
            self.dirty = True
            if now >= self.shake_until:
                self.shake_cell = None
        if self.director is not None:
            self.director.update(dt)
            self.dirty = True
            if self.director.done:
                self.end_animation()
        elif self.phase == "bot":
            self._warm_up()
            self.dirty = True
            self.timer -= dt
            if self.timer <= 0:
                pace = self.pace()
                if self.bot_move is None:
                    if not self.match.thinking:
                        self.match.start_thinking()
                    self.bot_move = self.match.poll()  # a bot's error is raised here
                    if self.bot_move is None:
                        return  # still thinking: "… is thinking" stays, the frames go on
                    self.selected = self.bot_move.scarer
                    self.timer = SHOW_S * pace
                elif self.bot_aim is None:
                    self.bot_aim = self.bot_move.target
                    self.timer = AIM_S * pace
                else:
                    self.bot_aim = None
                    self.play(self.bot_move)
        elif self.phase == "settle":
            self.timer -= dt
            if self.timer <= 0:
                self.hand_over()
        elif self.phase == "over":
            self.timer -= dt
            if self.timer <= 0:
                self.finish()
        elif self.phase == "turn":
            self._warm_up()
        if self.peek.active:
            self.dirty = True

    # Drawing ----------------------------------------------------------------------

    def _sync_buttons(self) -> None:
        """The buttons show the table's state before anything is painted (a cached picture is
        kept only while they look the same)."""
        self.btn_move_in.visible = self.phase == "turn" and self._side_targets()
        # A drag of a scarer is a move in (onto a side target): the button follows it.
        self.btn_move_in.on = self.move_in or self._dragging()
        self.btn_peek.on = self.peek.active
        self.kind.sync(self)

    def _dragging(self) -> bool:
        return self.drag_pos is not None and self.press is not None \
            and self.press[2] in ("scarer", "again")

    def draw(self, surface: pygame.Surface) -> None:
        self._sync_buttons()
        if self.director is not None:
            surface.blit(self.rest, (0, 0))
            self.anim_field.sprites(surface, self.director.moving())
            return
        field_key, ui_key = self._idle_keys()
        if not self._highlighted():
            if not self._rest_shows(self.state, self.field):
                self._rest_key, self._rest_ui = (self.state, self.field), ui_key
                self._paint_rest()
            elif ui_key != self._rest_ui:
                self._rest_ui = ui_key
                self._paint_ui(self.rest)  # the cards are still right: only the words change
            surface.blit(self.rest, (0, 0))
        else:
            if self.layer is None:
                self.layer = picture(self.app.screen.get_size())
            if field_key != self._field_key:
                self._field_key, self._static_key = field_key, ui_key
                self.layer.blit(self.field.background, (0, 0))
                draw_field(self, self.layer)
                draw_banner(self, self.layer)
                self._draw_panel(self.layer)
            elif ui_key != self._static_key:
                self._static_key = ui_key
                self._paint_ui(self.layer)
            surface.blit(self.layer, (0, 0))
        draw_last_move(self, surface)  # drawn each frame (two outlines): no cache to keep true
        if self.cursor_visible and self.phase == "turn":
            self.field.draw_cursor(surface, self.cursor)
        if self.peek.active and self.btn_peek.visible and self.phase == "turn":
            draw_peek(self, surface, self.player)  # never cached: task cards stay private

    def _draw_last_words(self, surface: pygame.Surface) -> None:
        draw_last_words(self, surface)

    def _paint_ui(self, surface: pygame.Surface, field: FieldRenderer | None = None) -> None:
        """Repaint only the banner and the side panel of a cached picture."""
        bg = (field or self.field).background
        for rect in (BANNER, PANEL):
            surface.blit(bg, rect, rect)
        draw_banner(self, surface)
        self._draw_panel(surface)

    def _idle_keys(self) -> tuple[tuple, tuple]:
        """What the still picture depends on: the field part and the words-and-buttons part."""
        moving = self.app.now if (self.shake_cell is not None or self.drag_pos is not None) \
            else None
        field_key = (id(self.state), self.selected, self.move_in, moving, id(self.field),
                     self.bot_aim, self.hint_move)
        ui_key = (self.message, self.hint(), self.phase, self.bot_label, self.match.index,
                  tuple((b.hot, b.pressed, b.visible, b.on) for b in self.buttons))
        return field_key, ui_key + self.kind.idle_key(self)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        self.kind.draw(self, surface)

    def _seat_colour(self, seat: int):
        team = self.state.players[seat].team
        return seat_colour(seat, team)
