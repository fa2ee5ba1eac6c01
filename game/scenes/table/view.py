"""What the table shows, frozen once per drawn frame (Tatham's drawstate): the parts that paint
the field and the banner read this snapshot, never the scene."""

from __future__ import annotations

from dataclasses import dataclass

from game.controls import Device
from game.engine.state import GameState
from game.match import Phase
from game.scenes.table.pick import Press


@dataclass(frozen=True, slots=True)
class FieldShot:
    """What the field's still picture shows (its cache is good while this is equal)."""
    state: int  # the state's identity: a new state is a new picture
    selected: tuple | None
    move_in: bool
    moving: float | None  # a shake or a drag: a new picture each frame
    field: int
    aim: tuple | None
    hint_move: object


@dataclass(frozen=True, slots=True)
class WordsShot:
    """What the banner and the side panel show (their cache is good while this is equal)."""
    message: str
    hint: str
    phase: Phase
    bot_label: str
    index: int
    buttons: tuple
    kind_words: object  # what the kind's panel shows besides (TableKind.panel_words)
    reachable: bool | None


@dataclass(frozen=True, slots=True)
class PickView:
    """The player's choosing as it is this frame (a copy of the table's Pick)."""
    selected: tuple | None
    move_in: bool
    targets: frozenset  # the picked scarer's targets
    press: Press | None
    drag_pos: tuple | None
    shake_cell: tuple | None
    shake_until: float
    hint_move: object
    cursor: tuple | None  # None: the cursor is hidden

    @property
    def side_targets(self) -> bool:
        """The picked scarer can scare a card to its side (Move in means something)."""
        return self.selected is not None and any(t[0] != self.selected[0] for t in self.targets)

    @property
    def dragging(self) -> bool:
        """A held scarer is being dragged (a move in, onto a side target)."""
        return self.drag_pos is not None and self.press is not None and self.press.holds_scarer

    @property
    def lit(self) -> bool:
        """Something on the field is lit, moved or marked (the hint only on the turn)."""
        return (self.selected is not None or self.move_in or self.shake_cell is not None
                or self.drag_pos is not None)


@dataclass(frozen=True, slots=True)
class TableView:
    """The table this frame: the state shown and its phase, the field it lies on, the pick,
    the banner's words, the computer's aim, the last move and what the buttons show."""
    state: GameState
    shown: GameState  # what the panel shows: while a move animates, the state before it
    animating: bool  # a move is being shown card by card
    phase: Phase
    field: object  # the FieldRenderer the state is laid out on
    solo: bool
    now: float
    pick: PickView
    message: str  # the banner's own words ("" : the hint shows)
    bot_label: str
    index: int  # the session's place in the history
    aim: tuple | None  # the cell a computer's move is lit on
    computer_moving: bool  # a computer's move is being shown, step by step
    last_cells: tuple | None  # (scarer, scared) of the last move
    last_words: str | None  # the last move in words (None while one animates, or at the start)
    title: str | None  # the panel's title: its occasion's (None: the seats' names show)
    kind_words: object  # what the kind's panel shows besides the rest (hashable)
    reachable: bool | None  # par still in reach (None: not known yet)
    device: Device  # what the player uses now: the mouse, the keyboard or a gamepad
    peek_active: bool  # Peek is held (or tapped on)
    peek_owner: object  # the player whose task cards show now, or None
    points: str | None  # beside the peeked cards: what they would score now (a couch's help)
    prompting: bool  # a learner's first turn: Peek is pointed at
    can_undo: bool  # a move to take back
    can_redo: bool  # a move taken back to play again
    ply: int  # the moves played so far (a solution's or a replay's place in its line)
    controls: object  # the keys and buttons the player set (game/controls.py), for words
    words: object  # the kind's hint(view): the banner's words from this view
    # The last move without the mover's name: where a long name leaves its words no room.
    last_short: str | None = None

    @property
    def hint(self) -> str:
        """The banner's words when it has none of its own: the kind's, from this view."""
        return self.words(self)

    @property
    def player(self):
        """The seat whose turn it is in the state, or None."""
        return self.state.current_player

    def field_shot(self) -> FieldShot:
        """The field part of the still picture's cache key."""
        pick = self.pick
        moving = self.now if (pick.shake_cell is not None or pick.drag_pos is not None) else None
        return FieldShot(id(self.state), pick.selected, pick.move_in, moving, id(self.field),
                         self.aim, pick.hint_move)

    def words_shot(self, buttons: tuple) -> WordsShot:
        """The words part of the still picture's cache key (with the `buttons`' key: they
        follow the view)."""
        return WordsShot(self.message, self.hint, self.phase, self.bot_label, self.index,
                         buttons, self.kind_words, self.reachable)

    @property
    def lit(self) -> bool:
        """The still picture is not the bare field."""
        return self.pick.lit or (self.pick.hint_move is not None and self.phase == Phase.TURN)


def snapshot(scene) -> TableView:
    """The table scene's view now: the one place that reads the scene for the painters."""
    pick, session = scene.pick, scene.session
    cursor = pick.cursor if pick.cursor_visible and scene.phase == Phase.TURN else None
    targets = frozenset(pick.targets_of.get(pick.selected, ())) if pick.selected else frozenset()
    pick_view = PickView(pick.selected, pick.move_in, targets, pick.press, pick.drag_pos,
                         pick.shake_cell, pick.shake_until, pick.hint_move, cursor)
    animating = scene.director is not None
    owner = scene.kind.peek_owner(scene.state, scene.phase) if scene.peek.active and \
        scene.buttons.shows("peek") else None
    points = scene.learner.points_words(scene.state, scene.state.turn) if owner is not None \
        else None
    return TableView(scene.state, session.shown(animating=animating), animating, scene.phase,
                     scene.field, scene.solo, scene.app.now, pick_view,
                     scene.banner.message, scene.bot_label, session.index,
                     session.aim, session.move is not None, session.last_cells(),
                     None if animating else session.describe_last(), session.occasion.heading,
                     scene.kind.panel_words(), session.known_reachable(),
                     scene.app.input.device, scene.peek.active, owner, points,
                     scene.learner.prompting(scene.state, scene.phase, scene.solo,
                                             scene.buttons.shows("peek"),
                                             scene.app.stack.top is scene),
                     session.can_undo, session.can_redo, session.ply,
                     scene.app.input.controls, scene.kind.hint,
                     None if animating else session.describe_last(named=False))
