"""A table over days: each move's time, what happens when it runs out, and the table's notes.

Its clock is wall time (seconds since the epoch): a deadline goes on while the server is
stopped. Nobody needs to be connected: the server looks at every such table on its rounds
(`due`), and what happened is kept in the table's notes, for whoever comes back (docs/SERVER.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from game.online.shared.protocol import DAY, ON_TIME, WAIT

MORE_TIME = DAY  # what "more time" adds to the deadline of the seat to move
CLOSE_AFTER = 30 * DAY  # a table untouched this long past its last deadline is closed
NOTES_KEPT = 100  # the table's last notes, kept and sent in its state
# Each note's English words (a client words it in its own language by its `note`).
NOTES = {
    "reminder": "a quarter of the time for this move is left",
    "time-ran-out": "the time for this move ran out; the table waits for its player",
    "computer-moved": "the time for this move ran out: a computer moved for the seat",
    "more-time": "a player gave the seat to move one more day",
    "left": "a player left the table for good: a computer plays that seat",
    "closed": "the table was untouched for 30 days past its last deadline and is closed",
}


@dataclass
class Days:
    """How a table over days keeps time: `per_move` seconds a move (None: no limit) and
    `on_time`, WAIT (reminders only) or COMPUTER (a computer plays that one move)."""

    per_move: float | None
    on_time: str = WAIT
    deadline: float | None = None  # wall time the move to play now is due (None: no limit)
    at_move: int = 0  # the number of moves played when `deadline` was set
    reminded: bool = False  # the quarter-left reminder of this move was given
    ran_out: bool = False  # this move's time ran out (said once)
    late: int | None = None  # the seat a computer plays this one move for
    touched: float = 0.0  # the last change (a move, a seat taken, more time)
    gave: list[int] = field(default_factory=list)  # seats that gave more time for this move
    notes: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.on_time not in ON_TIME:
            raise ValueError(f"on_time is one of {', '.join(ON_TIME)}")

    def snapshot(self) -> dict:
        return asdict(self)

    def start_move(self, moves: int, now: float) -> None:
        """A new move is to be played (the game started, or a move was just played)."""
        self.deadline = None if self.per_move is None else now + self.per_move
        self.at_move, self.touched = moves, now
        self.reminded = self.ran_out = False
        self.late, self.gave = None, []

    def note(self, note: str, seat: int, move: int, now: float) -> dict:
        """A line of the table's history, kept and returned as the notice that says it."""
        entry = {"note": note, "seat": seat, "move": move, "at": round(now)}
        self.notes = (self.notes + [entry])[-NOTES_KEPT:]
        return {"type": "notice", **entry, "message": NOTES[note]}

    def due(self, turn: int, moves: int, now: float) -> list[dict]:
        """The notices this moment brings: the reminder at a quarter left, then the end of
        the time (under COMPUTER, `late` names the seat a computer now plays one move for)."""
        if self.deadline is None or self.per_move is None:
            return []
        out = []
        if not self.reminded and now >= self.deadline - self.per_move / 4:
            self.reminded = True
            out.append(self.note("reminder", turn, moves, now))
        if not self.ran_out and now >= self.deadline:
            self.ran_out = True
            if self.on_time == WAIT:
                out.append(self.note("time-ran-out", turn, moves, now))
            else:
                self.late = turn
        return out

    def more_time(self, giver: int, turn: int, moves: int, now: float) -> dict:
        """`giver` gives the seat to move one more day: once each for each move."""
        self.deadline += MORE_TIME
        self.gave.append(giver)
        self.touched = now
        if now < self.deadline:  # the time is running again: said again when it runs out
            self.ran_out, self.late = False, None
            self.reminded = now >= self.deadline - self.per_move / 4 and self.reminded
        return self.note("more-time", turn, moves, now)

    def closing(self, now: float) -> bool:
        """Untouched for CLOSE_AFTER past the last deadline (or the last change, with none)."""
        last = max(self.touched, self.deadline or 0.0)
        return now - last >= CLOSE_AFTER
