"""The session: one game's turn flow on the virtual clock, as beats the table plays.

Whose turn it is, a computer's pacing (it thinks, shows its scarer, then its target, then
scares), the hand-over between two people at one screen, undo and redo, and the end: the last
move's outcome is kept by the player's profile at once — record, statistics, progress — and
only then is the save removed. The table feeds it the player's moves and the end of each
animation, and plays what it says; it holds no turn state of its own. Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.engine.events import Event
from game.engine.moves import Move
from game.engine.state import GameState
from game.match.controller import HintAnswer, Match
from game.match.profile import Finish
from game.match.seats import HUMAN, LineSeat
from game.match.session_views import SessionViews
from game.match.tables import again_match

# A computer's move, each part times the pace (Settings.computer_pace: Relaxed 1.8 .. Instant
# 0), so a player can follow it; the field rests a moment before the next seat begins.
THINK_S = 0.8
SHOW_S = 0.7  # the scarer alone
AIM_S = 0.7  # the scarer and its target
AFTER_S = 0.6
REST_S = 0.9  # after a move the field rests this long before the hand-over screen covers it
OVER_HOLD_S = 1.6  # the last field stays on screen this long before the results

class Phase(Enum):
    """Where the turn flow stands; the table reads it to know what input means now."""
    TURN = "turn"  # a person at this screen is to move
    COMPUTER = "computer"  # another seat is to move: it thinks, shows its move, plays it
    SENT = "sent"  # a person's move went to an online table; it is played once confirmed
    ANIM = "anim"  # a move is being shown; the table calls move_shown() when it has been
    REST = "rest"  # the field rests before the hand-over
    OVER = "over"  # the game is over; the last field stays a moment
    STOPPED = "stopped"  # a scripted line ran out before the end (a record that stops short)
    DONE = "done"  # the results are next (or the table was left)

    @property
    def ended(self) -> bool:
        """The last field is on the table: the game is over, or its line stopped short."""
        return self in (Phase.OVER, Phase.STOPPED)

@dataclass(frozen=True, slots=True)
class TurnBegins:
    """A person at this screen is to move."""
    seat: int


@dataclass(frozen=True, slots=True)
class Sent:
    """A person's move went to the online table; the session plays it once it is confirmed."""
    seat: int


@dataclass(frozen=True, slots=True)
class ThinkStarted:
    """A computer (or a line, or a remote player) is choosing its move."""
    seat: int


@dataclass(frozen=True, slots=True)
class ShowScarer:
    seat: int
    cell: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ShowTarget:
    seat: int
    cell: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Played:
    """A move was played: animate `events` from the field of `before`."""
    move: Move
    before: GameState
    events: tuple[Event, ...]
    seat: int


@dataclass(frozen=True, slots=True)
class HandOver:
    """Cover the field: the next person at this screen takes over."""
    seat: int


@dataclass(frozen=True, slots=True)
class Kept:
    """The last move was played and the game is kept (None: a table that keeps nothing)."""
    finish: Finish | None


@dataclass(frozen=True, slots=True)
class GameEnds:
    """The end is on the field (`reason`: the engine's word for it)."""
    reason: str


@dataclass(frozen=True, slots=True)
class Finished:
    """The last field has been seen: the results are next."""


@dataclass(frozen=True, slots=True)
class Moved:
    """The pointer moved without a move to animate (undo, redo of a restart, restart, a jump)."""


@dataclass(frozen=True, slots=True)
class Stopped:
    """The scripted line holds no more moves (a record that stops before the end)."""


@dataclass(frozen=True, slots=True)
class Revealed:
    """Every seat's task cards are shown (the end of an online game): the history has them."""
    tasks: tuple[tuple, ...]


Beat = (TurnBegins | Sent | ThinkStarted | ShowScarer | ShowTarget | Played | HandOver | Kept
        | GameEnds | Finished | Moved | Stopped | Revealed)


class Session(SessionViews):
    """The turn flow of one Match. `pace()` scales a computer's showing (the settings, a
    replay's speed); `rest_s()` is the rest before a hand-over; with `hold_end` the last
    field stays until the table is left (a replay). With a `profile` the end is
    kept (game/match/profile.py); with a `saver` (game/match/saving.SaveWriter) the game is saved
    after every move for Continue and the save removed once the end is kept."""

    def __init__(self, match: Match, *, pace: Callable[[], float] = lambda: 1.0,
                 rest_s: Callable[[], float] = lambda: REST_S, profile=None, saver=None,
                 par: int | None = None, hold_end: bool = False) -> None:
        self.match = match
        self.pace = pace
        self.rest_s = rest_s
        self.profile = profile
        self.saver = saver
        self.par = match.par if par is None else par
        self.phase = Phase.DONE  # begin() starts the first turn
        self.timer = 0.0
        self.move: Move | None = None  # the computer's chosen move, while it shows it
        self.aim: tuple[int, int] | None = None  # its target, lit before it scares
        self.paused = False  # a replay's pause: a computer's clock stands still
        self.last_human: int | None = None
        self.moved_here = False  # a move was played in this session (not only resumed)
        self.finish: Finish | None = None
        self.kept = False  # the end was kept (once)
        self.hold_end = hold_end  # the last field stays until the table is left (a replay)
        self.saved = saver is not None and match.resumed  # a save of this game exists

    # What the table reads (and the views in game/match/session_views.py) ------------------
    @property
    def solo(self) -> bool:
        """A deal played alone (its occasion says): a puzzle, not a contest."""
        return self.occasion.solo

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.match.seats) if seat.source == HUMAN]

    @property
    def thinking(self) -> bool:
        """A computer is choosing (its move not yet shown)."""
        return self.phase == Phase.COMPUTER and self.move is None

    # The flow -------------------------------------------------------------------------------
    def begin(self) -> list[Beat]:
        """Begin the turn of whoever is to move in the current state."""
        self.move = self.aim = None
        state = self.state
        if state.over:
            self.phase, self.timer = Phase.OVER, OVER_HOLD_S
            return [GameEnds(state.over)]
        seat = self.match.seat_of()
        turn = state.turn
        if seat.source != HUMAN:
            if isinstance(seat, LineSeat) and not seat.holds(state):
                self.phase = Phase.STOPPED
                return [Stopped()]
            self.phase = Phase.COMPUTER
            self.timer = (THINK_S + (AFTER_S if self.match.index else 0.0)) * self.pace()
            self.match.start_thinking()  # a computer thinks in its worker: the table draws on
            return [ThinkStarted(turn)]
        self.phase = Phase.TURN
        if seat.confirms:
            seat.ask(state, self.match.start.position)  # the move it is to confirm is for this
        if not self.solo and len(self.humans) > 1 and self.last_human != turn:
            if self.moved_here:
                # The last move is seen first.
                self.phase, self.timer = Phase.REST, self.rest_s()
                return []
            return self._hand_over()
        self.last_human = turn
        return [TurnBegins(turn)]

    def _hand_over(self) -> list[Beat]:
        self.phase = Phase.TURN
        self.last_human = self.state.turn
        return [HandOver(self.state.turn), TurnBegins(self.state.turn)]

    def offer(self, move: Move) -> list[Beat]:
        """A person's move, handed to their seat (IllegalMove, and nothing changes, when it
        cannot be played). A seat here answers with it at once; a seat that confirms (online)
        sends it to the table: the session waits, then plays what the seat answers."""
        if self.phase != Phase.TURN:
            raise ValueError(f"no person is to move now ({self.phase})")
        seat = self.match.seat_of()
        seat.offer(move)
        if seat.confirms:
            self.phase = Phase.SENT
            return [Sent(self.state.turn)]
        return self._play(seat.poll())

    def withdraw(self) -> None:
        """The move sent went nowhere (the table refused it, or the connection dropped): the
        person is to move again. A confirmation that still comes is played as it arrives."""
        if self.phase == Phase.SENT:
            self.phase = Phase.TURN

    def _confirmed(self) -> list[Beat]:
        """A confirming seat's move, once the table has confirmed it (looked for whenever the
        seat is to move, sent or not: a move sent before a drop comes back in the resync)."""
        seat = self.match.seat_of()
        if not seat.confirms:
            return []
        move = seat.poll()
        return [] if move is None else self._play(move)

    def _play(self, move: Move) -> list[Beat]:
        before = self.state
        seat = before.turn
        _state, events = self.match.play(move)
        self.moved_here = True
        self.move = self.aim = None
        self.phase = Phase.ANIM
        beats: list[Beat] = [Played(move, before, tuple(events), seat)]
        if self.saver is not None:
            self.saver.save(self.match.save_text(), self.match.game)
            self.saved = True
        if self.state.over:
            beats.append(Kept(self._keep()))
        return beats

    def _keep(self) -> Finish | None:
        """The end, kept: the finished game's save is on disk first (a crash from here on is
        caught up at the next start), then the profile keeps it, then the save goes."""
        self.kept = True
        if self.saver is not None:
            self.saver.flush()
        if self.profile is not None:
            self.finish = self.profile.finish(self.match.record(), self.state, self.par,
                                              online=self.match.online)
        if self.saver is not None:
            self.saver.forget(self.match.game)
        return self.finish

    def move_shown(self) -> list[Beat]:
        """The table has shown the move (or it was skipped): the next turn begins."""
        if self.phase != Phase.ANIM:
            return []
        return self.begin()

    def update(self, dt: float) -> list[Beat]:
        """One tick of the virtual clock."""
        if self.phase in (Phase.TURN, Phase.SENT):
            return self._confirmed()
        if self.phase == Phase.COMPUTER:
            if self.paused:
                return []
            self.timer -= dt
            if self.timer > 0:
                return []
            if self.move is None:
                if not self.match.thinking:
                    self.match.start_thinking()
                move = self.match.poll()  # a computer's error is raised here
                if move is None:
                    return []  # still thinking: the frames go on
                self.move, self.timer = move, SHOW_S * self.pace()
                return [ShowScarer(self.state.turn, move.scarer)]
            if self.aim is None:
                self.aim, self.timer = self.move.target, AIM_S * self.pace()
                return [ShowTarget(self.state.turn, self.move.target)]
            return self._play(self.move)
        if self.phase == Phase.REST or (self.phase == Phase.OVER and not self.hold_end):
            self.timer -= dt
            if self.timer <= 0:
                return self.hurry()
        return []

    def hurry(self) -> list[Beat]:
        """The player is ready: the hand-over now, or the results now."""
        if self.phase == Phase.REST:
            return self._hand_over()
        if self.phase == Phase.OVER and not self.hold_end:
            self.phase = Phase.DONE
            return [Finished()]
        return []

    # The history ----------------------------------------------------------------------------
    def moved(self) -> list[Beat]:
        """The pointer moved without a move to animate (undo, restart, a jump, or the match's
        own way back to a good point): save it and begin the turn it points at."""
        if self.saver is not None and not self.state.over:
            self.saver.save(self.match.save_text(), self.match.game)
            self.saved = True
        return [Moved(), *self.begin()]

    def undo(self) -> list[Beat] | None:
        """Back to the last state where a person was to move (None: nothing to undo)."""
        if self.match.undo_turn() is None:
            return None
        return self.moved()

    def redo(self) -> list[Beat] | None:
        """The move taken back, played again (animated), or a taken-back restart; None: nothing
        to redo."""
        move = self.match.redo_move()
        if move is not None and (self.phase in (Phase.TURN, Phase.COMPUTER) or self.phase.ended):
            self.match.cancel_thinking()
            return self._play(move)  # the match keeps the rest of the redo tail
        if move is not None or self.match.redo() is None:
            return None
        return self.moved()

    def restart(self) -> list[Beat]:
        self.match.restart()
        return self.moved()

    def jump(self, index: int) -> list[Beat]:
        self.match.jump(index)
        return self.moved()

    def step_forward(self) -> list[Beat] | None:
        """A replay's next move (or the move taken back), played; None: no move waits."""
        return self.redo() if self.match.redo_move() is not None else None

    def step_back(self) -> list[Beat] | None:
        """One step back along the history (a replay); None: this is the start."""
        return None if self.match.index == 0 else self.jump(self.match.index - 1)

    # The table's other commands -------------------------------------------------------------
    def hint(self) -> HintAnswer:
        """A suggested move for the person to move (the match counts it for the record)."""
        return self.match.hint()

    def back_to_good(self) -> list[Beat] | None:
        """Back to the latest point where par could still be reached (None: none found)."""
        if self.match.undo_to_reachable() is None:
            return None
        return self.moved()

    def hold(self, paused: bool) -> None:
        """A replay's pause: a computer's (or the line's) clock stands still while held."""
        self.paused = paused

    def follow(self, state: GameState) -> list[Beat]:
        """An online table sent its whole game (a resync that could not be told as moves):
        the match takes it unless it has it already; never a game of this screen's own."""
        return self.moved() if self.match.follow(state) else []

    def reveal(self, tasks: tuple[tuple, ...]) -> list[Beat]:
        """The end of an online game showed every seat's task cards: the history keeps them
        (the record, the scores and the statistics need them)."""
        self.match.reveal(tasks)
        if self.state.over and not self.kept:  # it ended while this screen was away
            return [Revealed(tasks), Kept(self._keep())]
        return [Revealed(tasks)]

    def deal_again(self) -> Match:
        """The same deal from its start, for a fresh table: the same game, whose save of the
        moves so far goes (the player chose to deal again)."""
        if self.saved and self.saver is not None:
            self.saver.forget(self.match.game)
            self.saved = False
        return again_match(self.match)

    def carry_on(self) -> Match:
        """This game as it stands, for a fresh table that takes it over (the level's result
        screen: back to its last good point); this session is done with it."""
        self.phase = Phase.DONE
        return self.match

    def close(self) -> None:
        """The table is left: every seat's worker stops. A game not finished stays saved."""
        self.match.close()
        self.phase = Phase.DONE

    def play_out(self) -> GameState:
        """Play every seat to the end with no table (simulate, tools): the same flow, no
        clock to wait for. Every seat must be a computer or a line."""
        self.begin()
        while self.phase not in (Phase.DONE, Phase.STOPPED) \
                and not (self.phase == Phase.OVER and self.hold_end):
            if self.phase == Phase.ANIM:
                self.move_shown()
            elif self.phase == Phase.COMPUTER:
                self.match.ready()
                self.update(float("inf"))
            elif self.phase == Phase.OVER:
                self.hurry()
            else:
                raise ValueError(f"a person is to move ({self.phase}): play_out needs computers")
        return self.state
