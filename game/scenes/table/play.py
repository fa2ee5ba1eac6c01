"""The one table scene: it feeds the session (game/match/session.py) the player's moves, plays
the beats it answers with (animations, lights, hand-overs, the end) and paints. It is made of
parts (table/section.py: the field with the player's Pick, the banner, the kind's panel, the
buttons, the peeked cards, the learner's ring, a lesson's coach), each drawn from the frame's
one view (table/view.py, which input reads too), and the controls (input) and the picture (the
cached painting); its kind (table/kind.py TableKind; the couch's is CouchTable) chooses its
panel and parts, its buttons follow the view, it adds its commands and says what follows the
end."""

from __future__ import annotations

from functools import partial

import pygame

from game.anim.director import Director
from game.controls import Device
from game.engine.ai import SKILLS
from game.engine.moves import Move
from game.engine.state import COLUMN_EMPTIED, GameState
from game.i18n import _, ngettext
from game.match import (
    REST_S,
    Finished,
    GameEnds,
    HandOver,
    Kept,
    Match,
    Moved,
    Phase,
    Played,
    Sent,
    Session,
    ShowScarer,
    Stopped,
    ThinkStarted,
    TurnBegins,
    deal_match,
    move_words,
)
from game.render.field import PLAY_AREA, FieldRenderer
from game.render.widgets import TextCache
from game.scenes.base import Scene
from game.scenes.table.buttons import TableButtons
from game.scenes.table.commands import TableCommands
from game.scenes.table.couch import CouchTable
from game.scenes.table.field import Banner
from game.scenes.table.field_part import FieldPart
from game.scenes.table.fields import TableFields
from game.scenes.table.flow import flows
from game.scenes.table.handover import HandoverScene, Peek
from game.scenes.table.input import SKIP_INPUT, TableControls
from game.scenes.table.kind import TableKind
from game.scenes.table.learner import Learner
from game.scenes.table.panel import PANEL, heading_and_seats
from game.scenes.table.peek_box import PeekBox, peek_place
from game.scenes.table.pick import Pick
from game.scenes.table.picture import TablePicture
from game.scenes.table.view import TableView, snapshot

__all__ = ["PANEL", "SKIP_INPUT", "PlayScene", "table_scene"]


class PlayScene(Scene):
    """The table for one Session (table_scene makes it for a match or a fresh deal).
    `on_finish(state, finish)` says what comes after the end; by default the kind's
    (TableKind.finished)."""

    music = "table"

    def __init__(self, app, session: Session, *, kind: TableKind | None = None,
                 on_finish=None) -> None:
        super().__init__(app)
        self.kind = kind or CouchTable()  # couch or solo unless told
        self.teaches = self.kind.teaches
        self.on_finish = on_finish
        self.session = session
        self.solo = self.session.solo
        self.fields = TableFields(app.assets, lambda background: self.kind.panel.paint(background))
        self.field: FieldRenderer | None = None  # the field now (laid out when entered)
        # How far a zoomed field (large cards) is moved to show the cursor: at first to its
        # foot, where the cards stay longest and the column letters are.
        self.pan = (0, -PLAY_AREA.height)
        self.text = TextCache(app.assets)
        self.director: Director | None = None
        self.bot_label = _("computer")
        self.pick = Pick(self.state.position.width)
        self.banner = Banner(self.text)
        self.peek = Peek()
        self.commands = TableCommands(self)  # by name: the table's own and its kind's
        self.buttons = TableButtons(self.commands)  # the kind chooses them (TableKind.build)
        self.controls = TableControls(self)
        self.field_part = FieldPart(self.text)  # paints the view's pick
        self.view: TableView | None = None  # the frame's view, made once as it is drawn

    # What the session says, as the panel and field read it --------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def phase(self) -> Phase:
        return self.session.phase

    @property
    def player(self):
        return self.state.current_player

    # Lifecycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self.picture = TablePicture(self)
        kind = self.kind
        kind.panel = kind.make_panel(self.app, self.text)
        kind.build(self.buttons, self.app, self.solo)
        self.learner = Learner(self.app.settings, kind.helps, kind.asks_end)  # Settings -> Help
        self.learner.build(self.buttons, self.app.assets, self.state, self.solo)
        self.parts = self.kind.parts((self.field_part, self.banner, self.kind.panel, self.buttons,
                                      PeekBox(self.app.assets, self.text),
                                      self.learner))
        self.lay_out()
        self.announce()  # what the kind says of its table on arrival, before the first turn
        self.play_beats(self.session.begin())
        words = self.kind.opening_words()
        if words:
            self.say(words, 8)

    def spoken_lines(self) -> list[str]:
        return self.kind.spoken_lines(snapshot(self), self.session)

    def resized(self) -> None:
        """Also after another language or text size (language_changed, looks_changed): the
        panel's fixed parts in the field pictures' background are painted again in it."""
        self.fields.forget()
        self.lay_out()  # the card size may have changed in Settings (its own field picture)
        self.picture.forget()
        self.dirty = True  # drawing is at the fixed logical size; SDL scales to the window

    def resume(self) -> None:
        self.picture.forget()
        self.dirty = True
        self.peek.stop()
        self.pick.press = self.pick.drag_pos = None
        self.buttons.reset()  # back from a pause by Esc: no button stays lit or pressed
        if self.phase == Phase.TURN:  # e.g. the hand-over was answered by keyboard: show the cursor
            self.pick.cursor_visible = self.app.input.device != Device.MOUSE
            self.banner.tell_unseen(self.app.now)

    def exit(self) -> None:
        """Leaving the table: the seats stop. A game not finished stays saved for Continue."""
        self.session.close()
        self.kind.left()

    def lay_out(self, follow: bool = False) -> None:
        """The field for the state's size (the cursor kept on it). `follow`: a zoomed field
        first pans to show whole what the kind points at (a coach's ring), else what the
        player looks at (Pick.looked_at), else the last move, and is laid out only if it
        moved; never while a move is shown (its cards fly between two layouts of one pan) or
        a card is dragged (its targets stay under the mouse)."""
        if follow:
            layout = self.field.layout
            if self.director is not None or not layout.zoomed or self.pick.dragging():
                return
            cells = self.kind.looked_at(self.controls.seen()) or \
                self.pick.looked_at(self.session.aim, self.phase == Phase.COMPUTER) or \
                [cell for cell in self.session.last_cells() or () if cell is not None]
            pan = layout.pan_to(cells)
            if pan == layout.pan:
                return
            self.pan, self.dirty = pan, True
        pos = self.state.position
        self.field = self.fields.get(pos.width, pos.height, self.field, self.picture.anim_field,
                                     pan=self.pan)
        self.pick.clamp(pos.width, pos.height)

    # Beats: what the session says happens -------------------------------------------------
    def play_beats(self, said: list) -> None:
        if said:
            self.view = None  # the table moved on: input reads a fresh view
        for beat in said:
            beat_type = type(beat)
            if beat_type is Played:
                self.app.speech.say(move_words(beat.before, beat.move, beat.events))
                self._animate(beat)
            elif beat_type in (TurnBegins, ThinkStarted, GameEnds, Stopped):
                self._turn_begins(beat)
            elif beat_type is ShowScarer:
                self.pick.selected = beat.cell
            elif beat_type is Sent:
                self.pick.selected = None  # the move is on its way to the table
            elif beat_type is HandOver:
                self.app.push(HandoverScene(self.app, self.player, self.state.players,
                                            table=self))
            elif beat_type is Kept and beat.finish is not None and beat.finish.notices:
                self.app.tell("\n".join(beat.finish.notices))
            elif beat_type is Finished:  # the end has been seen: what comes next
                then = self.on_finish or partial(self.kind.finished, self.app, self.session)
                then(self.state, self.session.finish)
            elif beat_type is Moved:
                self.finish_animation()
                self.banner.message = ""  # what was said of the state left behind no longer holds
                self.pick.hint_move = None
                self.lay_out()
                self.picture.forget()
                self.app.audio.play("slide")
            self.dirty = True

    def _turn_begins(self, beat) -> None:
        self.pick.begin_turn(self.state.legal_moves())
        player = self.player
        if isinstance(beat, GameEnds):
            left = self.state.position.card_count()
            if self.solo:  # a puzzle: how it went, not why no scare is left
                self.say(ngettext("The end: %(n)d card left", "The end: %(n)d cards left",
                                  left) % {"n": left}, 99)
            else:
                self.say(_("Game over: a column is empty") if beat.reason == COLUMN_EMPTIED
                         else _("Game over: no scare is possible"), 99)
        elif isinstance(beat, ThinkStarted):
            if player is not None and player.bot:
                self.bot_label = _("computer (%(level)s)") % {"level": SKILLS.word(player.bot)}
            if player is not None and not self.solo:  # whose turn, for a player who listens
                self.app.speech.say(_("%(name)s is thinking") % {"name": player.name})
        elif isinstance(beat, TurnBegins):
            if not self.solo and player is not None:
                self.app.speech.say(_("Turn: %(name)s") % {"name": player.name})
            self.banner.message = ""
            # A keyboard or gamepad player sees where the cursor is from the first frame.
            self.pick.cursor_visible = self.app.input.device != Device.MOUSE
            unseen = self.session.moves_since_turn_of(beat.seat)
            if len(unseen) > 1 and not self.solo:  # several seats moved: each one, in order
                # Said as a recap: a far screen saw them played already (issue 51).
                # TRANSLATORS: %(move)s is a whole sentence: "Ben: the dog scared the cat on c2".
                self.banner.unseen = [_("While you waited \u2014 %(move)s") % {"move": move}
                                      for move in unseen]
                if self.app.stack.top is self:  # else once the hand-over screen is answered
                    self.banner.tell_unseen(self.app.now)
        peek = self.buttons.get("peek")
        if peek is not None:
            peek.visible = not self.solo and player is not None and bool(player.tasks) \
                and self.phase == Phase.TURN
        self.learner.turn_begins()

    def _animate(self, played: Played) -> None:
        """The director shows what the move did, from the field before it."""
        old = played.before
        self.pick.hint_move = None
        self.pick.selected = None
        self.pick.press = self.pick.drag_pos = None
        self.pick.hover = None  # the move is shown: the field follows the mouse once it moves
        self.peek.stop()
        self.pan = self.fields.pan_to(old.position, self.pan,  # a zoomed field shows the move
                                      [played.move.scarer, played.move.target])
        anim_field = self.fields.get(old.position.width, old.position.height, self.field,
                                     self.picture.anim_field, pan=self.pan)
        self.picture.anim_field = anim_field
        before = anim_field.layout
        self.lay_out()
        def column_closes(_closed) -> None:
            """The director's event: the field is laid out anew (a solo table says so, once)."""
            self.picture.column_closes(self.field)
            if self.solo and self.banner.first_close():
                self.say(_("The empty column closes up"))

        speed = self.app.settings.animation_speed * self.kind.speed()
        self.director = Director(old.position, list(played.events), before.place,
                                 self.field.layout.place, speed=speed, sound=self.app.audio.play,
                                 on_begin=self.picture.step_begins,
                                 on_end=self.picture.step_ends, on_close=column_closes,
                                 motion=not self.app.settings.reduced_motion)
        self.picture.start_move(old, anim_field)
        self.director.start()

    def end_animation(self) -> None:
        """The move has been shown (or skipped): the session goes on."""
        director, self.director = self.director, None
        self.view = None  # the move is shown: the next view says so
        if director is not None and not director.done:
            director.on_begin = director.on_end = director.on_close = None  # repaint
            director.finish()
        natural = director is not None and director.done and not director.skipped \
            and self.picture.anim_field is self.field
        self.picture.move_ended(natural)
        self.play_beats(self.session.move_shown())

    def finish_animation(self) -> None:
        """Finish a running animation at once (the state is already the new one)."""
        if self.director is not None:
            self.director.on_begin = self.director.on_end = self.director.on_close = None
            self.director.finish()
            self.director = None

    # Commands -----------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """The player's move, handed to the session (or first a question: it ends the game)."""
        view = self.controls.seen()
        allowed = self.kind.allows(view, move)
        if allowed is not True:  # refused: nothing, or what the kind does instead
            if allowed:
                self.commands.play(allowed)
            return
        ask = self.learner.confirm(view, move)
        if ask is not None:  # "play it?" first: its yes plays the move here
            self.commands.play(ask)
            return
        self.play_beats(self.session.offer(move))

    def undo(self) -> None:
        """Back to the last state where a person was to move (a computer's reply goes too)."""
        if not self.session.undo_allowed:
            return
        self.finish_animation()
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
        if not any(isinstance(b, Played) for b in said):
            self.say(_("Redone"))

    def pause_game(self) -> bool:
        self.commands.run("pause")
        return True

    # Messages -----------------------------------------------------------------------------
    def say(self, text: str, seconds: float = 3.0, spoken: bool = True) -> None:
        """The banner's words for `seconds` (the table that speaks reads them too)."""
        if self.banner.say(text, self.app.now + seconds) and spoken:
            self.app.speech.say(text)
        self.dirty = True

    def in_sight(self) -> tuple[pygame.Rect, ...]:
        """The panel's turn header and seats, and the peeked task cards while they show (the
        PeekBox at its tallest below a large text size)."""
        top = heading_and_seats(len(self.state.players))
        if not self.peek.active:
            return (top,)
        tallest = peek_place(self.controls.seen()) if flows() else \
            pygame.Rect(PANEL.x + 10, 500, 440, 460)
        return top, tallest

    def complain(self, text: str, cell=None) -> None:
        """A refused pick: a sound, `cell` shaking, and why (where the table's kind says)."""
        self.app.audio.play("error")
        if cell is not None:
            self.pick.shake(cell, self.app.now)
        said = self.kind.refused(text)  # where the kind says it, else here
        if said is not None:
            self.commands.play(said)
        else:
            self.app.speech.say(text, interrupt=True)
            self.say(text, spoken=False)

    # Ticks, input and drawing -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        handled = self.controls.handle(event)
        self.dirty = True  # the cached picture repaints only what changed
        return handled

    def update(self, dt: float) -> None:
        if self.kind.listens:
            on_top = self.app.stack.top is self
            for reply in self.kind.listen(self.app, self.session, on_top):
                self.commands.play(reply)
            if not on_top or self not in self.app.stack.scenes:
                return
        now = self.app.now
        if self.banner.tick(now):
            self.dirty = True
        if self.pick.shake_cell is not None:
            self.dirty = True
            if now >= self.pick.shake_until:
                self.pick.shake_cell = None
        if self.director is not None:
            self.director.update(dt)
            self.dirty = True
            if self.director.done:
                self.end_animation()
        else:
            self.lay_out(follow=True)
            if self.phase in (Phase.COMPUTER, Phase.TURN):
                self.fields.warm_up(self.state.position, self.field, self.picture.anim_field,
                                    pan=self.pan)
            if self.phase == Phase.COMPUTER:
                self.dirty = True  # "… is thinking" moves its dots
            self.play_beats(self.session.update(dt))
            changed, words = self.learner.update(self.controls.seen(), self.buttons,
                                                 self.banner, self.app.stack.top is self)
            if words:
                self.say(words, 8)
            if changed or self.peek.active:
                self.dirty = True
        reply = self.kind.update(self.controls.seen(), self.app.now)
        if reply is not None:
            self.commands.play(reply)

    def draw(self, surface: pygame.Surface) -> None:
        self.view = view = snapshot(self)  # the frame's one view: the parts paint from it
        self.kind.follow(view, self.buttons)
        self.picture.draw(surface, view)
        for part in self.parts:
            if not part.cached:  # drawn over the cached picture: private, or moving
                part.draw(surface, view)


def table_scene(app, game: GameState | Match, *, kind: TableKind | None = None,
                keep: bool = True, on_finish=None) -> PlayScene:
    """The table of `game` (a match, or a fresh deal: its match made in game/match/tables.py)
    for a kind (the couch or solo unless told), paced by the settings. `keep` gives the
    session the player's profile and the save writer: the game is saved after every move for
    Continue and kept once at its last move (not for demos, play-tests, solutions and
    replays)."""
    kind = kind or CouchTable()  # couch or solo unless told
    match = game if isinstance(game, Match) else deal_match(game)
    session = Session(match, pace=lambda: kind.pace(app.settings),
                      rest_s=lambda: rest_s(app.settings),
                      profile=app.profile() if keep else None,
                      saver=app.saver if keep else None, hold_end=kind.hold_end)
    return PlayScene(app, session, kind=kind, on_finish=on_finish)


def rest_s(settings) -> float:
    """The rest before a hand-over, at the player's animation speed."""
    return REST_S / max(0.25, settings.animation_speed)
