"""A client's copy of its table without I/O: it reads the server's messages into notices and
keeps the game as the seat may know it, replaying each confirmed move with the engine."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, replace

from game.engine.ai import SeatView, view_for
from game.engine.events import Event
from game.engine.modes import Mode
from game.engine.moves import Move, parse_move
from game.engine.position import Position, format_position, parse_position
from game.engine.state import GameState, IllegalMove, Player, apply, initial_state
from game.online.shared.protocol import (
    COMPUTER,
    DAY,
    VERSION,
    ProtocolError,
    tasks_of,
    validate_server,
)


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """A seat as everyone sees it: who sits there, whether they are connected, and the
    computer level playing it (its own, or a stand-in while its person is away)."""

    seat: int
    place: str  # where its player sits: HOST, REMOTE or COMPUTER
    name: str | None
    level: str | None
    taken: bool
    connected: bool
    stand_in: str | None = None
    team: int | None = None
    computer_in: int | None = None  # seconds, as the table said it, before a computer plays


# --- notices: what happened, in the order it happened ------------------------------------

@dataclass(frozen=True, slots=True)
class Welcome:
    version: int


@dataclass(frozen=True, slots=True)
class Seated:
    code: str
    seats: tuple[int, ...]  # the seats this connection holds


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    seats: tuple[SeatStatus, ...]
    free: int


@dataclass(frozen=True, slots=True)
class Started:
    """The game as this seat may know it; sent at the start and after a resync that could not
    be told as moves (e.g. on a rejoin)."""

    state: GameState


@dataclass(frozen=True, slots=True)
class Confirmed:
    """A move the table confirmed, with the events it made here (for the animations) and the
    game as this mirror played it (`before`, `state`): the match takes that state as it is,
    the one apply of the move on this screen."""

    number: int  # 0-based: the count of moves before it
    seat: int
    move: Move
    events: tuple[Event, ...]
    mine: bool  # one of this connection's seats played it
    before: GameState
    state: GameState


@dataclass(frozen=True, slots=True)
class Presence:
    seat: SeatStatus
    waiting: bool  # it is this seat's turn and nobody plays it: the table waits


@dataclass(frozen=True, slots=True)
class Refused:
    code: str  # one of protocol.ERRORS
    message: str
    ref: str | None  # the type of the message refused


@dataclass(frozen=True, slots=True)
class Noted:
    """Over days, a line of the table's history (docs/PROTOCOL.md, "Tables over days"):
    a reminder, a time run out, a computer's move for a late seat, more time, the close."""

    note: str
    seat: int
    move: int


@dataclass(frozen=True, slots=True)
class TableDays:
    """A table over days' time: `per_move` seconds a move (0: no limit), `on_time` (what
    happens when it runs out) and the wall time the move to play now is due (None: never)."""

    per_move: int
    on_time: str
    deadline: float | None


@dataclass(frozen=True, slots=True)
class Status:
    """The answer to a `status`: one entry for each (code, token) asked, in order."""

    tables: tuple[dict, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    result: str
    tasks: tuple[tuple, ...]  # every seat's task cards, now shown
    record: str  # the game record (docs/RECORDS.md)


@dataclass(frozen=True, slots=True)
class ClaimPending:
    """This connection asked by name for an away seat of a started game: the table asks its
    host (or, with no host there, the other players) to let it in, and the answer follows."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class ClaimAsked:
    """Someone without the seat's token asks to take `name`'s away seat; this screen may let
    them in or refuse (`Mirror.admit`). The first answer of any asked screen counts."""

    claim: int
    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class ClaimSettled:
    claim: int
    allow: bool


@dataclass(frozen=True, slots=True)
class Taken:
    """This connection's seat was taken over by another one (the connection closes next)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Closed:
    """The connection ended; `reason` is a code (protocol.ERRORS, or 'lost', 'closed', or
    'restarting': the server said it stops to start again)."""

    reason: str
    message: str = ""


Notice = (Welcome | Seated | LobbyChanged | Started | Confirmed | Presence | Refused | GameEnded
          | ClaimPending | ClaimAsked | ClaimSettled | Taken | Closed | Noted | Status)


SEEN_MAX = 300  # how much of a doubted message the log keeps


def doubt(message: dict, err: BaseException) -> str:
    """One line for the log: the message as seen, the error, and the reader's line that
    failed (a bug in a reader shows there; a server's bad field shows in the message)."""
    where = traceback.extract_tb(err.__traceback__)[-1]
    seen = repr(message)
    if len(seen) > SEEN_MAX:
        seen = seen[:SEEN_MAX] + "..."
    return (f"{type(err).__name__}: {err} (at {where.name}, line {where.lineno}) "
            f"reading {seen}")


class Mirror:
    """What one connection knows of its table. `receive` turns each server message into
    notices; `wants_sync` is set when a message was missed and the client should ask again."""

    def __init__(self) -> None:
        self.code: str | None = None
        self.mode: Mode | None = None
        self.mine: tuple[int, ...] = ()
        self.tokens: dict[int, str] = {}
        self.seats: tuple[SeatStatus, ...] = ()
        self.game: GameState | None = None
        self.dealt: GameState | None = None
        self.start: Position | None = None
        self.ended: GameEnded | None = None
        self.wants_sync = False
        self.pending: ClaimPending | None = None  # asked by name: the table decides
        self.claims: dict[int, ClaimAsked] = {}  # asks this screen may answer, not yet settled
        self.taken: tuple[int, ...] = ()  # seats of this connection another one took over
        self.doubted: str | None = None  # the last server message not believed, and why:
        # the client logs it and clears it
        self.days: TableDays | None = None  # over days, the table's time (None: live)
        self.notes: tuple[Noted, ...] = ()  # over days, the table's history

    # --- what the client sends ------------------------------------------------------------

    @staticmethod
    def hello() -> dict:
        return {"type": "hello", "version": VERSION, "client": "scare-it"}

    @staticmethod
    def create(mode: Mode, seats: list[dict], code: str | None = None,
               first: int | None = None) -> dict:
        out = {"type": "create", "mode": mode.value, "seats": seats}
        if code is not None:
            out["code"] = code
        if first is not None:
            out["first"] = first + 1
        return out

    @staticmethod
    def join(code: str, name: str) -> dict:
        return {"type": "join", "code": code, "name": name}

    def rejoin(self, seat: int | None = None) -> dict:
        seat = self.mine[0] if seat is None else seat
        return {"type": "rejoin", "code": self.code, "token": self.tokens[seat]}

    def play(self, move: Move, seat: int | None = None) -> dict:
        if self.game is None:
            raise ProtocolError("not-started")
        seat = self.game.turn if seat is None else seat
        return {"type": "play", "seat": seat, "move": move.text, "number": len(self.game.moves)}

    @staticmethod
    def sync() -> dict:
        return {"type": "sync"}

    @staticmethod
    def admit(claim: int, allow: bool) -> dict:
        return {"type": "admit", "claim": claim, "allow": allow}

    @staticmethod
    def stand_in(seat: int, level: str) -> dict:
        return {"type": "computer", "seat": seat, "level": level}

    # --- what the client may read ---------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        game = self.game
        return game is not None and not game.over and game.turn in self.mine

    def view(self, seat: int | None = None) -> SeatView:
        """The seat's view, built by the rule the computers use (its own task cards only)."""
        seat = self.mine[0] if seat is None else seat
        if self.game is None:
            raise ProtocolError("not-started")
        return view_for(self.game, seat, start=self.start)

    # --- what the server sends ------------------------------------------------------------

    def receive(self, message: dict) -> list[Notice]:
        """Read one server message. A message that does not fit what came before (a gap, a
        field that does not follow) asks for a sync instead of being believed, and so does
        one the protocol's checks refuse (validate_server: a field missing or mistyped); a
        bug in a reader is not caught here."""
        reader = READERS.get(message["type"])
        if reader is None:
            return []  # a newer server's message this client does not know: ignored
        try:
            return reader(self, validate_server(message))
        except (ValueError, IllegalMove) as err:
            # The server's word that cannot be believed (malformed, not a field or a move, or
            # moves that do not lead to its field): the client logs what was seen and where.
            self.doubted = doubt(message, err)
            self.wants_sync = True
            return []

    def _on_welcome(self, m: dict) -> list[Notice]:
        return [Welcome(int(m["version"]))]

    def _on_pong(self, m: dict) -> list[Notice]:
        return []

    def _on_joined(self, m: dict) -> list[Notice]:
        self.code, self.mode = m["code"], Mode.parse(m["mode"])
        self.tokens = {int(s["seat"]): s["token"] for s in m["seats"]}
        self.mine = tuple(sorted(self.tokens))
        self.pending = None
        self._read_days(m)
        return [Seated(self.code, self.mine)]

    def _on_lobby(self, m: dict) -> list[Notice]:
        self.seats = tuple(_seat(s) for s in m["seats"])
        return [LobbyChanged(self.seats, int(m["free"]))]

    def _on_presence(self, m: dict) -> list[Notice]:
        info = _seat(m)
        if info.seat < len(self.seats):
            info = replace(info, team=self.seats[info.seat].team)
            self.seats = self.seats[:info.seat] + (info,) + self.seats[info.seat + 1:]
        return [Presence(info, bool(m["waiting"]))]

    def _on_error(self, m: dict) -> list[Notice]:
        refused = Refused(str(m["code"]), str(m.get("message", "")), m.get("ref"))
        if refused.ref in ("join", "rejoin"):
            self.pending = None  # a claim refused (or any join refused): nothing waits now
        return [refused]

    def _on_claim_pending(self, m: dict) -> list[Notice]:
        self.pending = ClaimPending(int(m["seat"]), str(m["name"]))
        return [self.pending]

    def _on_claim(self, m: dict) -> list[Notice]:
        claim = ClaimAsked(int(m["claim"]), int(m["seat"]), str(m["name"]))
        self.claims[claim.claim] = claim
        return [claim]

    def _on_claim_settled(self, m: dict) -> list[Notice]:
        settled = ClaimSettled(int(m["claim"]), bool(m["allow"]))
        self.claims.pop(settled.claim, None)
        return [settled]

    def _on_taken(self, m: dict) -> list[Notice]:
        seat = int(m["seat"])
        self.taken += (seat,)
        self.tokens.pop(seat, None)  # it no longer opens the seat for this connection
        self.mine = tuple(s for s in self.mine if s != seat)
        return [Taken(seat)]

    def _on_state(self, m: dict) -> list[Notice]:
        mode = Mode.parse(m["mode"])
        seats = tuple(_seat(s) for s in m["seats"])
        own = {int(y["seat"]): tasks_of(y["tasks"]) for y in m["yours"]}
        players = tuple(Player(s.name or "", own.get(s.seat, ()), s.team,
                               s.level if s.place == COMPUTER else None) for s in seats)
        start = parse_position(m["start"])
        state = initial_state(start, mode.rules, mode=mode, players=players, turn=int(m["first"]))
        moves = [parse_move(t) for t in m["moves"]]
        self.dealt = state
        old = self.game
        same = (old is not None and self.start == start
                and tuple(moves[:len(old.moves)]) == old.moves)
        self.mode, self.seats, self.start = mode, seats, start
        self.wants_sync = False
        self._read_days(m)
        if own:
            self.mine = tuple(sorted(own))
        if same:
            # The same game with moves missed: tell them as moves, so they animate.
            self.game = replace(old, players=players)
            out: list[Notice] = []
            for move in moves[len(old.moves):]:
                out += self._advance(move)
            self._check(m)
            return out
        for move in moves:
            state, _ = apply(state, move)
        self.game = state
        self._check(m)
        return [Started(state)]

    def _on_moved(self, m: dict) -> list[Notice]:
        if self.game is None:
            self.wants_sync = True
            return []
        number = int(m["number"])
        have = len(self.game.moves)
        if number < have:
            return []  # told twice (after a resync): already played here
        if number > have:
            self.wants_sync = True  # a move was missed: ask for the whole game
            return []
        out = self._advance(parse_move(m["move"]))
        if self.days is not None and "deadline" in m:  # the next move's time
            self.days = replace(self.days, deadline=_when(m["deadline"]))
        if self.game.turn != int(m["turn"]) or _text(self.game.position) != m["position"]:
            self.wants_sync = True
        return out

    def _advance(self, move: Move) -> list[Notice]:
        before = self.game
        self.game, events = apply(before, move)
        return [Confirmed(len(before.moves), before.turn, self.game.moves[-1], tuple(events),
                          before.turn in self.mine, before, self.game)]

    def _check(self, m: dict) -> None:
        if _text(self.game.position) != m["position"] or self.game.turn != int(m["turn"]):
            raise ValueError("the moves do not lead to the field the table has")

    def _on_notice(self, m: dict) -> list[Notice]:
        noted = Noted(str(m["note"]), int(m["seat"]), int(m["move"]))
        self.notes = self.notes + (noted,)
        if noted.note == "more-time" and self.days is not None and self.days.deadline:
            self.days = replace(self.days, deadline=self.days.deadline + DAY)
        return [noted]

    def _read_days(self, m: dict) -> None:
        """Over days, the table's time and history as `joined` and `state` tell them."""
        days = m.get("days")
        if not isinstance(days, dict):
            return
        per_move, on_time = days.get("per_move"), days.get("on_time")
        if not isinstance(per_move, int) or not isinstance(on_time, str):
            raise ValueError("the table's days lack their time or rule")
        self.days = TableDays(per_move, on_time, _when(days.get("deadline")))
        notes = m.get("notes") or []
        if not isinstance(notes, list) or not all(isinstance(n, dict) for n in notes):
            raise ValueError("the table's notes are not a list of objects")
        self.notes = tuple(Noted(str(n["note"]), int(n["seat"]), int(n["move"])) for n in notes
                           if {"note", "seat", "move"} <= n.keys())

    def _on_status(self, m: dict) -> list[Notice]:
        return [Status(tuple(m["tables"]))]

    def _on_over(self, m: dict) -> list[Notice]:
        tasks = tuple(tasks_of(word) for word in m["tasks"])
        if self.game is not None and len(tasks) == len(self.game.players):
            players = tuple(replace(p, tasks=t) for p, t in zip(self.game.players, tasks, strict=True))
            self.game = replace(self.game, players=players)
        self.ended = GameEnded(str(m["result"]), tasks, str(m["record"]))
        return [self.ended]


# Each server message's reader, by its type ("claim-pending" is read by _on_claim_pending).
READERS = {name.removeprefix("_on_").replace("_", "-"): reader
           for name, reader in vars(Mirror).items() if name.startswith("_on_")}


def _when(value) -> float | None:
    """A wall time the server sent (None: no deadline); ValueError for anything else."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("a deadline is a number")
    return float(value)


def _seat(s: dict) -> SeatStatus:
    return SeatStatus(int(s["seat"]), str(s["place"]), s.get("name"), s.get("level"),
                    bool(s["taken"]), bool(s["connected"]), s.get("stand_in"), s.get("team"),
                    s.get("computer_in"))


def _text(position: Position) -> str:
    return format_position(position)
