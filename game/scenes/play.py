"""The table scene: it feeds the session (game/match/session.py) the player's moves, plays the
beats it answers with (animations, lights, hand-overs, the end) and paints; its kind
(table_panel.TableKind) says what the panel shows and which commands it adds."""

from __future__ import annotations

import pygame

from game.anim.director import Director
from game.engine.ai import LEVELS
from game.engine.moves import Move
from game.engine.state import COLUMN_EMPTIED, GameState
from game.i18n import _, ngettext
from game.match import session as beats
from game.match.controller import Match
from game.match.session import Phase, Session, table_match
from game.match.spoken import move_words
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import seat_colour
from game.render.widgets import TextCache
from game.scenes.base import Scene
from game.scenes.handover import HandoverScene, Peek
from game.scenes.scoring import ScoringScene
from game.scenes.solo_result import SoloResultScene
from game.scenes.table_buttons import TableButtons
from game.scenes.table_events import SKIP_INPUT, TableEvents
from game.scenes.table_fields import TableFields
from game.scenes.table_learner import Learner
from game.scenes.table_panel import PANEL, TableKind
from game.scenes.table_picture import TablePicture
from game.ui.task_cards import task_words

SAID_S = 2.5  # each of the others' moves since a player's last turn is said this long

__all__ = ["PANEL", "SKIP_INPUT", "PlayScene"]


class PlayScene(TableEvents, Scene):
    """The table for a Match (or a fresh deal). `keep` gives the session the player's profile
    and the save writer: the game is saved after every move for Continue and kept once at its
    last move (not for demos, play-tests, solutions and replays). `on_finish(state, finish)`
    says what comes after the end; by default the kind's results screen."""

    music = "table"

    def __init__(self, app, state: GameState | Match, *, on_finish=None,
                 keep: bool = True, kind: TableKind | None = None,
                 session: Session | None = None) -> None:
        super().__init__(app)
        self.kind = kind or TableKind()  # couch or solo unless told
        self.on_finish = on_finish
        self.keep = keep
        if session is None:  # the table's own: a kind that keeps its game another way says so
            match = state if isinstance(state, Match) else table_match(state)
            session = Session(match, pace=self.pace, settle_s=self._settle_s,
                              profile=app.profile() if keep else None,
                              saver=app.saver if keep else None, hold_end=self.kind.hold_end)
        self.session = session
        self.solo = self.session.solo
        self.speed = 1.0  # animations faster than the setting by this (a replay's speed)
        self.hint_move: Move | None = None  # a suggested move lit on the field until the next
        self.fields = TableFields(app.assets, lambda background: self.kind.paint(self, background))
        self.field: FieldRenderer | None = None  # the field now (laid out when entered)
        self.anim_field: FieldRenderer | None = None  # the field a move animates from
        self.text = TextCache(app.assets)
        self.director: Director | None = None
        self.bot_label = _("computer")
        self.told_close = False  # "The empty column closes up" is said once a game
        self.selected = None
        self.move_in = False
        self.cursor = (self.state.position.width // 2, 0)
        self.cursor_visible = False
        self.press = None  # (cell, pos, what) of a mouse press on the field
        self.drag_pos = None
        self.message = ""
        self.message_until = 0.0
        self.told: list[str] = []  # words to say in turn, each once the one before is gone
        self.unseen: list[str] = []  # the others' moves, to tell once the player sees the table
        self.shake_cell = None
        self.shake_until = 0.0
        self.peek = Peek()
        self.buttons = TableButtons()  # the kind chooses them (TableKind.build)
        self.moves: list[Move] = []
        self.targets_of: dict = {}

    # What the session says, as the panel and field read it --------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def start_state(self) -> GameState:
        return self.session.start

    @property
    def phase(self) -> Phase:
        return self.session.phase

    @property
    def bot_move(self) -> Move | None:
        return self.session.move

    @property
    def bot_aim(self):
        return self.session.aim

    @property
    def player(self):
        return self.state.current_player

    @property
    def layout(self) -> FieldLayout:
        return self.field.layout

    def pace(self) -> float:
        """How long a computer's move takes to show, times the normal pace (the kind may say)."""
        return self.kind.pace(self)

    def _settle_s(self) -> float:
        return beats.SETTLE_S / max(0.25, self.app.settings.animation_speed)

    # Lifecycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self.picture = TablePicture(self)
        self.kind.build(self)
        self.learner = Learner(self)  # Settings -> Help
        self.learner.build()
        self._layout()
        self.play_beats(self.session.begin())
        self.kind.entered(self)

    def resized(self) -> None:
        self.picture.forget()
        self.dirty = True  # drawing is at the fixed logical size; SDL scales to the window

    def resume(self) -> None:
        self.picture.forget()
        self.dirty = True
        self.peek.stop()
        self.press = self.drag_pos = None
        self.buttons.reset()  # back from a pause by Esc: no button stays lit or pressed
        if self.phase == Phase.TURN:  # e.g. the hand-over was answered by keyboard: show the cursor
            self.cursor_visible = self.app.input.kind != "mouse"
            self._tell_unseen()

    def exit(self) -> None:
        """Leaving the table: the seats stop. A game not finished stays saved for Continue."""
        self.session.close()

    def _layout(self) -> None:
        pos = self.state.position
        self.field = self.fields.get(pos.width, pos.height, self.field, self.anim_field)
        cx, cy = self.cursor
        self.cursor = (min(cx, pos.width - 1), min(cy, pos.height - 1))

    # Beats: what the session says happens -------------------------------------------------
    def play_beats(self, said: list) -> None:
        for beat in said:
            kind = type(beat)
            if kind is beats.Played:
                self.app.speech.say(move_words(beat.before, beat.move, beat.events))
                self._animate(beat)
            elif kind in (beats.TurnBegins, beats.ThinkStarted, beats.GameOver, beats.Stopped):
                self._turn_begins(beat)
            elif kind is beats.ShowScarer:
                self.selected = beat.cell
            elif kind is beats.Sent:
                self.selected = None  # the move is on its way to the table
            elif kind is beats.HandOver:
                self.app.push(HandoverScene(self.app, self.player, self.state.players,
                                            table=self))
            elif kind is beats.Kept and beat.finish is not None and beat.finish.notices:
                self.app.tell("\n".join(beat.finish.notices))
            elif kind is beats.Finished:
                self._after_end()
            elif kind is beats.Moved:
                self.settle()
                self.message = ""  # what was said of the state left behind no longer holds
                self.hint_move = None
                self._layout()
                self.picture.forget()
                self.app.audio.play("slide")
            self.dirty = True

    def _turn_begins(self, beat) -> None:
        self.selected = None
        self.move_in = False
        self.press = self.drag_pos = None
        self.moves = self.state.legal_moves()
        self.targets_of = {}
        for m in self.moves:
            self.targets_of.setdefault(m.scarer, set()).add(m.target)
        player = self.player
        if isinstance(beat, beats.GameOver):
            left = self.state.position.card_count()
            if self.solo:  # a puzzle: how it went, not why no scare is left
                self.say(ngettext("The end: %(n)d card left", "The end: %(n)d cards left",
                                  left) % {"n": left}, 99)
            else:
                self.say(_("Game over: a column is empty") if beat.reason == COLUMN_EMPTIED
                         else _("Game over: no scare is possible"), 99)
        elif isinstance(beat, beats.ThinkStarted):
            if player is not None and player.bot:
                self.bot_label = _("computer (%(level)s)") % {"level": LEVELS.word(player.bot)}
            if player is not None and not self.solo:  # whose turn, for a player who listens
                self.app.speech.say(_("%(name)s is thinking") % {"name": player.name})
        elif isinstance(beat, beats.TurnBegins):
            if not self.solo and player is not None:
                self.app.speech.say(_("%(name)s's turn") % {"name": player.name})
            self.message = ""
            # A keyboard or gamepad player sees where the cursor is from the first frame.
            self.cursor_visible = self.app.input.kind != "mouse"
            unseen = self.session.moves_since_turn_of(beat.seat)
            if len(unseen) > 1 and not self.solo:  # several seats moved: each one, in order
                self.unseen = unseen
                if self.app.stack.top is self:  # else once the hand-over screen is answered
                    self._tell_unseen()
        self.buttons["peek"].visible = not self.solo and player is not None and bool(player.tasks) \
            and self.phase == Phase.TURN
        self.learner.turn_begins()

    def peek_owner(self):
        """The player whose task cards Peek shows: on a couch, the one whose turn it is."""
        return self.player if self.phase == Phase.TURN else None

    def _animate(self, played: beats.Played) -> None:
        """The director shows what the move did, from the field before it."""
        old = played.before
        self.hint_move = None
        self.selected = None
        self.press = self.drag_pos = None
        self.peek.stop()
        self.anim_field = self.fields.get(old.position.width, old.position.height, self.field,
                                          self.anim_field)
        before = self.anim_field.layout
        self._layout()
        speed = self.app.settings.animation_speed * self.speed
        self.director = Director(old.position, list(played.events), before.place,
                                 self.layout.place, speed=speed, sound=self.app.audio.play,
                                 on_begin=self.picture.step_begins,
                                 on_end=self.picture.step_ends,
                                 motion=not self.app.settings.reduced_motion)
        self.picture.start_move(old, self.anim_field)
        self.director.start()

    def _tell_unseen(self) -> None:
        unseen, self.unseen = self.unseen, []
        if unseen:
            self.say(unseen[0], SAID_S, spoken=False)  # heard as they were played
            self.told = unseen[1:]

    def column_closes(self) -> None:
        if self.solo and not self.told_close:
            self.told_close = True
            self.say(_("The empty column closes up"))

    def end_animation(self) -> None:
        """The move has been shown (or skipped): the session goes on."""
        director, self.director = self.director, None
        if director is not None and not director.done:
            director.on_begin = director.on_end = None  # no layer work: repaint
            director.finish()
        natural = director is not None and director.done and not director.skipped \
            and self.anim_field is self.field
        self.picture.move_ended(natural)
        self.play_beats(self.session.settled())

    def settle(self) -> None:
        """Finish a running animation at once (the state is already the new one)."""
        if self.director is not None:
            self.director.on_begin = self.director.on_end = None
            self.director.finish()
            self.director = None

    def _after_end(self) -> None:
        """The end has been seen: what comes next (the results, unless told otherwise)."""
        if self.on_finish is not None:
            self.on_finish(self.state, self.session.finish)
            return

        def again(state: GameState) -> None:
            self.app.replace(PlayScene(self.app, state))

        if self.solo:
            self.app.replace(SoloResultScene(self.app, self.state, self.start_state, again))
        else:
            self.app.replace(ScoringScene(self.app, self.state, again,
                                           record=self.session.record()))

    # Commands -----------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """The player's move, handed to the session (or first a question: it ends the game)."""
        if self.learner.confirm(move):
            return
        self.play_beats(self.session.offer(move))

    def undo(self) -> None:
        """Back to the last state where a person was to move (a computer's reply goes too)."""
        if not self.session.undo_allowed:
            return
        self.settle()
        said = self.session.undo()
        if said is None:
            self.say(_("Nothing to undo yet"))
            return
        self.play_beats(said)
        self.say(_("Undone: the last scare was taken back"))

    def redo(self) -> None:
        """The move taken back, played again and animated (or a taken-back restart)."""
        if not self.session.undo_allowed:
            return
        if self.director is not None:
            self.end_animation()
        said = self.session.redo()
        if said is None:
            self.say(_("Nothing to redo"))
            return
        self.play_beats(said)
        if not any(isinstance(b, beats.Played) for b in said):
            self.say(_("Redone"))

    def restart(self) -> None:
        self.kind.restart(self)

    def new_game(self) -> None:
        """The same deal from the start, at a fresh table: the same game (its id), whose save
        of the moves before goes (the player chose to deal again)."""
        self.app.replace(PlayScene(self.app, self.session.deal_again(),
                                   on_finish=self.on_finish, keep=self.keep,
                                   kind=self.kind))

    def pause_game(self) -> bool:
        self.kind.pause(self)
        return True

    # Messages -----------------------------------------------------------------------------
    def say(self, text: str, seconds: float = 3.0, spoken: bool = True) -> None:
        if text != self.message:
            self.told = []  # something new to say: the queue of old moves gives way
            if spoken:  # the table that speaks reads the message line too
                self.app.speech.say(text)
        self.message = text
        self.message_until = self.app.now + seconds
        self.dirty = True

    def speak_tasks(self) -> None:
        """The table that speaks: the player's own task cards, at the table (after the
        hand-over), never on the hand-over screen where others may listen before "I'm ..."."""
        player = self.player
        if player is not None and player.tasks:
            self.app.speech.say(_("Your task cards: %(cards)s") % {
                "cards": ", ".join(task_words(t) for t in player.tasks)}, interrupt=True)

    def peek_pressed(self) -> None:
        """Peek held (its button, key or pad button): the task cards show, and are said."""
        self.peek.press(self.app.now)
        self.speak_tasks()

    def peek_released(self) -> None:
        self.peek.release(self.app.now)

    def in_sight(self) -> tuple[pygame.Rect, ...]:
        """The peeked task cards while they show (table_panel.draw_peek's box at its tallest)."""
        return (pygame.Rect(PANEL.x + 10, 500, 440, 460),) if self.peek.active else ()

    def complain(self, text: str, cell=None) -> None:
        self.app.speech.say(text, interrupt=True)
        self.say(text, spoken=False)
        self.app.audio.play("error")
        if cell is not None:
            self.shake_cell = cell
            self.shake_until = self.app.now + 0.35

    def hint(self) -> str:
        return self.kind.hint(self)

    # Ticks and drawing --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        now = self.app.now
        if self.message and now >= self.message_until:
            self.message = self.told.pop(0) if self.told else ""
            self.message_until = now + SAID_S
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
            return
        if self.phase in (Phase.COMPUTER, Phase.TURN):
            self.fields.warm_up(self.state.position, self.field, self.anim_field)
        if self.phase == Phase.COMPUTER:
            self.dirty = True  # "… is thinking" moves its dots
        self.play_beats(self.session.update(dt))
        self.learner.update()
        if self.peek.active:
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        self.buttons["move_in"].visible = self.phase == Phase.TURN and self.side_targets()
        # A drag of a scarer is a move in (onto a side target): the button follows it.
        self.buttons["move_in"].on = self.move_in or self.dragging()
        self.buttons["peek"].on = self.peek.active
        self.kind.sync(self)
        self.picture.draw(surface)
        self.learner.draw(surface)

    def seat_colour(self, seat: int):
        return seat_colour(seat, self.state.players[seat].team)
