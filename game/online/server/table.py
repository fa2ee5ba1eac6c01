"""One online table without I/O: seats, lobby, the game checked by the engine, what each is sent.

The table is the only authority. Connections are plain ids; every method returns the messages
to send as (connection id, message) pairs, so the server (or a test) does the sending. Each
connection is sent the task cards of the seats it holds and no others until the game is over.
"""

from __future__ import annotations

import copy
import hmac
import math
import secrets
import time
from dataclasses import asdict, dataclass, replace

from game.engine.ai import SKILLS, view_for
from game.engine.modes import Mode
from game.engine.moves import parse_move
from game.engine.position import NotationError, format_position
from game.engine.state import GameState, IllegalMove, apply, new_game
from game.match.record import Hosted, Record, record_of, result_text, write_record
from game.online.server.overdays import Days
from game.online.server.pace import TABLE_CLAIMS, Pace
from game.online.shared.protocol import (
    COMPUTER,
    HOST,
    REMOTE,
    SEAT_PLACES,
    STAND_IN_MAX,
    ProtocolError,
    clean_name,
    is_token,
    tasks_word,
)

Out = tuple[int, dict]
CLAIM_WAIT = 120.0  # seconds a request to take an away seat waits for an answer
CLAIMS_AT_ONCE = 4  # open claims at one table: more would only flood the host with questions


@dataclass(frozen=True, slots=True)
class Claim:
    """Someone without the token asks to take an away seat by its name; the host (or, with
    no host here, the players) let them in or not."""

    id: int
    conn: int
    seat: int
    asked: float


def refusal(code: str, ref: str | None, text: str | None = None) -> dict:
    """An `error` message, as the table and the server send it."""
    out = {"type": "error", "code": code, "message": text or ProtocolError(code).args[0]}
    if ref is not None:
        out["ref"] = ref
    return out


@dataclass
class Seat:
    """One chair at the table. A person's seat keeps its token for the whole game, so the
    person gets it back after a dropped connection; `stand_in` is the computer level playing
    it while they are away."""

    place: str  # where its player sits: HOST, REMOTE or COMPUTER
    token: str
    name: str | None = None
    level: str | None = None  # a computer seat's level
    holder: int | None = None  # the connection holding it now
    taken: bool = False  # a person sat down (host seats from the start)
    stand_in: str | None = None
    away_since: float | None = None
    player: str | None = None  # over days: the player's own key (never sent; its limit counts it)
    left: bool = False  # over days: its person left for good; `stand_in` plays it to the end

    @property
    def computer(self) -> str | None:
        """The level playing this seat now: the computer's, or the stand-in's."""
        return self.level if self.place == COMPUTER else self.stand_in


def stored_seat(seat: dict) -> dict:
    """A seat as the database keeps it, its place under its own name: a server before
    protocol version 2 wrote it as `kind`."""
    if "kind" in seat and "place" not in seat:
        seat = {("place" if key == "kind" else key): value for key, value in seat.items()}
    return seat


class Table:
    """A table: created by a host connection with a mode and one plan per seat."""

    def __init__(self, code: str, mode: Mode, plans: list[dict], host: int, *,
                 seed: int, first: int | None = None, opened_by: str = "",
                 days: Days | None = None) -> None:
        if mode.solo or len(plans) not in mode.player_counts:
            counts = ", ".join(map(str, mode.player_counts))
            raise ProtocolError("bad-table", f"{mode.value} is for {counts} seats, not {len(plans)}")
        if first is not None and not 0 <= first < len(plans):
            raise ProtocolError("bad-table", f"there is no seat {first + 1} to open the game")
        self.code, self.mode, self.seed, self.first = code, mode, seed, first
        self.seats = [self._seat(i, plan, host) for i, plan in enumerate(plans)]
        if not any(s.place == HOST for s in self.seats):
            raise ProtocolError("bad-table", "the host holds at least one seat")
        if days is not None and sum(s.place == HOST for s in self.seats) > 1:
            raise ProtocolError("bad-table", "over days, each person plays on their own computer: "
                                             "the host holds one seat")
        names = [s.name for s in self.seats if s.name]
        if len(set(names)) != len(names):
            raise ProtocolError("name-taken", "two seats have the same name")
        self.dealt: GameState | None = None
        self.state: GameState | None = None
        self.opened_by = opened_by  # the address that created it (its limits count it)
        self.claims: dict[int, Claim] = {}
        self._asked: dict[int, set[int]] = {}  # claim id -> the connections asked so far
        self._claims = 0
        self._paced = Pace(TABLE_CLAIMS)
        # The server's wait before its computer plays an away seat (None: only at the host's
        # word) and its clock: each seat entry says how long is left (the screens count down).
        self.stand_in_after: float | None = None
        self.clock = time.monotonic
        # Over days (None: a live table): its time, on the wall clock, and its notes.
        self.days, self.wall = days, time.time
        self.days_next: Days | None = None  # a move's new time, kept with the move (play)
        self.closed = False  # over days: closed, untouched too long (over for good)

    @classmethod
    def from_record(cls, record: Record, now: float) -> Table:
        """A hosted table saved mid-game (the host's save, record.online), open again at the
        same move with the same task cards. Every person is away until they take their seat
        back: the host's window and the far players with their token, or code and name."""
        online = record.online
        if online is None or record.tasks is None:
            raise ValueError("the record is not an online table's save")
        plans = [{"place": COMPUTER, "level": seat.bot} if place == COMPUTER
                 else {"place": HOST, "name": seat.name}
                 for place, seat in zip(online.places, record.seats, strict=True)]
        table = cls(online.code, record.mode, plans, -1, seed=record.seed or 0, first=record.first)
        for seat, place, token, named in zip(table.seats, online.places, online.tokens,
                                             record.seats, strict=True):
            seat.place = place
            if place != COMPUTER:
                seat.token, seat.name, seat.taken = token, named.name, True
                seat.holder, seat.away_since = None, now
        table.dealt = record.start_state()
        state = table.dealt
        for move in record.moves:
            state, _ = apply(state, move)
        table.state = state
        return table

    def snapshot(self) -> dict:
        """The table as the server's database keeps it (its moves are kept one by one); over
        days, with the time of the move being played when there is one (`days_next`)."""
        seats = [{k: v for k, v in asdict(s).items() if k not in ("holder", "away_since")}
                 for s in self.seats]
        days = self.days_next or self.days
        days = None if days is None else days.snapshot()
        return {"code": self.code, "mode": self.mode.value, "seed": self.seed,
                "first": self.first, "opened_by": self.opened_by, "seats": seats,
                "started": self.started, "days": days, "closed": self.closed}

    @classmethod
    def restore(cls, snapshot: dict, moves: list[str], now: float) -> Table:
        """A table from the server's database after a restart, at the same move: every person
        is away until they come back with their token (a lobby's far seats are free again)."""
        seats = [Seat(**stored_seat(seat)) for seat in snapshot["seats"]]
        plans = [{"place": COMPUTER, "level": s.level} if s.place == COMPUTER
                 else {"place": HOST, "name": f"seat {i + 1}"} for i, s in enumerate(seats)]
        days = snapshot.get("days")  # a database of before tables over days has none
        table = cls(snapshot["code"], Mode.parse(snapshot["mode"]), plans, -1, seed=snapshot["seed"],
                    first=snapshot["first"], opened_by=snapshot["opened_by"])
        table.seats, table.closed = seats, snapshot.get("closed", False)
        table.days = None if days is None else Days(**days)
        for seat in seats:
            seat.away_since = now
            if not snapshot["started"] and seat.place == REMOTE and days is None:
                seat.name, seat.taken = None, False
        if snapshot["started"]:
            table.state = table.dealt = table._deal()
            for text in moves:
                table.state, _ = apply(table.state, parse_move(text))
        return table

    def hosted(self, port: int) -> Hosted:
        """What the host's save keeps of this table to open it again (see from_record)."""
        return Hosted(self.code, port, tuple(s.place for s in self.seats),
                      tuple(None if s.place == COMPUTER else s.token for s in self.seats))

    def saved(self, port: int, game: str | None = None, state: GameState | None = None) -> Record:
        """The game (at `state`, one read of the table's) as the host's save holds it: the
        whole record, every task card, and the table (its code, port and seat tokens)."""
        state = self.state if state is None else state
        record = record_of(self.dealt, state.moves, game=game)
        return replace(record, online=self.hosted(port))

    @staticmethod
    def _seat(index: int, plan: dict, host: int) -> Seat:
        place = plan.get("place") if isinstance(plan, dict) else None
        if place not in SEAT_PLACES:
            raise ProtocolError("bad-table",
                                f"seat {index + 1}: place is one of {', '.join(SEAT_PLACES)}")
        seat = Seat(place, secrets.token_urlsafe(16))
        if place == HOST:
            seat.name = clean_name(_text(plan, "name"))
            seat.holder, seat.taken = host, True
        elif place == COMPUTER:
            level = _text(plan, "level")
            if level not in SKILLS:
                raise ProtocolError("bad-table", f"seat {index + 1}: level is one of {', '.join(SKILLS)}")
            # No name: every screen words a computer seat in its own language (by its level).
            seat.level, seat.taken = level, True
        return seat

    # --- who is here ----------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def over(self) -> bool:
        """The game ended, or (over days) the table was closed: over for good either way."""
        return self.state is not None and (self.state.over is not None or self.closed)

    def held_by(self, conn: int) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.holder == conn]

    def connections(self) -> set[int]:
        return {s.holder for s in self.seats if s.holder is not None}

    def is_host(self, conn: int) -> bool:
        return any(s.holder == conn and s.place == HOST for s in self.seats)

    def host_holds(self, conn: int) -> list[Out]:
        """The host's connection, just made: it learns its tokens and sees the lobby (and the
        game, when the host's seats and computers fill the table)."""
        return [(conn, self._joined(conn))] + self._to_all(self.lobby()) + self._maybe_start()

    def join(self, conn: int, name: str, now: float = 0.0) -> list[Out]:
        """A person takes the first free remote seat. In a started game a name never takes a
        seat by itself (names are public): asking for an away seat by its name is a claim
        that the host, or with no host here the players, must let in (`admit`)."""
        name = clean_name(name)
        if self.started:
            index = self.claimable(name)
            if index is not None and self.over:  # nothing to take: the end comes by token
                raise ProtocolError("game-over")
            if index is not None:
                return self._claim(conn, index, now)
            raise ProtocolError("table-full", "the game at that table has started")
        if any(s.name == name for s in self.seats):
            raise ProtocolError("name-taken")
        free = next((s for s in self.seats if s.place == REMOTE and not s.taken), None)
        if free is None:
            raise ProtocolError("table-full")
        free.name, free.taken, free.holder = name, True, conn
        return [(conn, self._joined(conn))] + self._to_all(self.lobby()) + self._maybe_start()

    def claimable(self, name: str) -> int | None:
        """The away seat of a started game that a join with this name asks for, if any."""
        if not self.started:
            return None
        name = clean_name(name)
        return next((i for i, s in enumerate(self.seats)
                     if s.place != COMPUTER and not s.left and s.name == name
                     and s.holder is None), None)

    def seat_of(self, token: str) -> int | None:
        """The person's seat this token opens, if any (a token of any other shape opens none)."""
        if not is_token(token):
            return None
        wanted = token.encode("ascii")
        for index, seat in enumerate(self.seats):
            if seat.place != COMPUTER and hmac.compare_digest(seat.token.encode("ascii"), wanted):
                return index
        return None

    def rejoin(self, conn: int, token: str) -> list[Out]:
        """The seat whose token this is comes back to `conn` (a computer standing in stops).
        A seat whose holder is connected is not taken: the server first makes sure that
        connection is gone (`take_over`)."""
        index = self.seat_of(token)
        if index is None:
            raise ProtocolError("bad-token")
        holder = self.seats[index].holder
        if holder is not None and holder != conn:
            raise ProtocolError("seat-connected")
        return self._return(conn, index)

    def take_over(self, conn: int, index: int) -> list[Out]:
        """The seat goes to `conn` from a holder that no longer answers; that holder is told."""
        old = self.seats[index].holder
        told = [] if old is None or old == conn else [(old, {"type": "taken", "seat": index})]
        self.seats[index].holder = None
        return told + self._return(conn, index)

    def _return(self, conn: int, index: int) -> list[Out]:
        seat = self.seats[index]
        seat.holder, seat.stand_in, seat.away_since = conn, None, None
        out = self._settle_claims(lambda c: c.seat == index, False, "the seat's player came back")
        out.append((conn, self._joined(conn)))
        if not self.started:
            return out + self._to_all(self.lobby()) + self._maybe_start()
        out.append((conn, self.state_for(conn)))
        if self.over:
            out.append((conn, self.over_message()))
        return out + self._to_all(self._presence(index))

    def drop(self, conn: int, now: float) -> list[Out]:
        """The connection is gone. Before the game a remote seat is free again; during it the
        seat is kept for its person, and everyone is told the table waits for them."""
        out: list[Out] = self._settle_claims(lambda c: c.conn == conn, False, None)
        for index in self.held_by(conn):
            seat = self.seats[index]
            seat.holder, seat.away_since = None, now
            if not self.started and seat.place == REMOTE and self.days is None:
                seat.name, seat.taken, seat.token = None, False, secrets.token_urlsafe(16)
            elif self.started:
                out += self._to_all(self._presence(index))
        if self.claims:
            out += self._ask()
        return out + self._to_all(self.lobby()) if not self.started else out

    # --- claims: an away seat asked for by name ---------------------------------------------

    def askers(self) -> list[int]:
        """Who may let someone take an away seat: the host's connection, or with no host
        here, every connected player."""
        hosts = {s.holder for s in self.seats if s.place == HOST and s.holder is not None}
        return sorted(hosts or self.connections())

    def _claim(self, conn: int, index: int, now: float) -> list[Out]:
        if any(c.conn == conn for c in self.claims.values()) or len(self.claims) >= CLAIMS_AT_ONCE:
            raise ProtocolError("busy")
        if any(c.seat == index for c in self.claims.values()):
            raise ProtocolError("seat-asked")
        askers = self.askers()
        if not askers:
            raise ProtocolError("no-one-to-ask")
        self._paced.check("", now, "too-many-claims-table")  # each one a question to the host
        self._claims += 1
        claim = Claim(self._claims, conn, index, now)
        self.claims[claim.id] = claim
        self._asked[claim.id] = set()
        name = self.seats[index].name
        return [(conn, {"type": "claim-pending", "seat": index, "name": name})] + self._ask()

    def _ask(self) -> list[Out]:
        """Every open claim put to whoever may answer it now and was not asked yet (the host
        left: the players are asked); a claim nobody is left to answer is refused."""
        askers = self.askers()
        if not askers:
            return self._settle_claims(lambda c: True, False, "nobody is left to answer")
        out: list[Out] = []
        for claim in self.claims.values():
            asked = self._asked[claim.id]
            message = {"type": "claim", "claim": claim.id, "seat": claim.seat,
                       "name": self.seats[claim.seat].name}
            out += [(a, message) for a in askers if a not in asked and a != claim.conn]
            asked.update(askers)
        return out

    def admit(self, conn: int, claim_id: int, allow: bool) -> list[Out]:
        """An asker's answer to a claim. Let in, the seat gets a new token (the old one no
        longer opens it) and goes to the claimant; refused, the claimant is told."""
        claim = self.claims.get(claim_id)
        if claim is None:
            raise ProtocolError("no-claim")
        if conn not in self.askers():
            raise ProtocolError("not-host")
        seat = self.seats[claim.seat]
        if allow and seat.holder is None:
            out = self._settle_claims(lambda c: c.id == claim_id, True, None)
            seat.token = secrets.token_urlsafe(16)
            return out + self._return(claim.conn, claim.seat)
        return self._settle_claims(lambda c: c.id == claim_id, False, None)

    def expire(self, now: float, wait: float = CLAIM_WAIT) -> list[Out]:
        """Claims nobody answered in `wait` seconds are refused."""
        return self._settle_claims(lambda c: now - c.asked >= wait, False, "nobody answered")

    def _settle_claims(self, which, allow: bool, why: str | None) -> list[Out]:
        out: list[Out] = []
        for claim in [c for c in self.claims.values() if which(c)]:
            del self.claims[claim.id]
            self._asked.pop(claim.id, None)
            settled = {"type": "claim-settled", "claim": claim.id, "allow": allow}
            out += [(a, settled) for a in self.askers() if a != claim.conn]
            if not allow:
                out.append((claim.conn, refusal("claim-refused", "join", why)))
        return out

    def claimant(self, conn: int) -> bool:
        return any(c.conn == conn for c in self.claims.values())

    def away(self, now: float, after: float) -> list[int]:
        """Seats of a running game whose person has been away `after` seconds, no stand-in
        (none over days: nobody needs to be there; the deadline rule says what happens)."""
        if not self.started or self.over or self.days is not None:
            return []
        return [i for i, s in enumerate(self.seats)
                if s.place != COMPUTER and s.holder is None and s.stand_in is None
                and s.away_since is not None and now - s.away_since >= after]

    def stand_in(self, conn: int | None, index: int, level: str) -> list[Out]:
        """A computer of `level` plays seat `index` until its person comes back. Asked by
        the host (conn) or by the server itself (conn None) after a while."""
        if conn is not None and not self.is_host(conn):
            raise ProtocolError("not-host")
        if not self.started or self.over:
            raise ProtocolError("not-started" if not self.started else "game-over")
        if not 0 <= index < len(self.seats) or self.seats[index].place == COMPUTER:
            raise ProtocolError("malformed", "that seat is not a person's")
        if level not in SKILLS:
            raise ProtocolError("malformed", f"level is one of {', '.join(SKILLS)}")
        seat = self.seats[index]
        if seat.holder is not None:
            raise ProtocolError("seat-connected")
        seat.stand_in = level
        return self._to_all(self._presence(index))

    # --- the game -------------------------------------------------------------------------

    def _maybe_start(self) -> list[Out]:
        # Over days, every seat taken starts it: nobody needs to be connected.
        if self.started or not all(s.taken and (s.holder is not None or s.place == COMPUTER
                                                or self.days is not None) for s in self.seats):
            return []
        self.dealt = self.state = self._deal()
        if self.days is not None:
            self.days.start_move(0, self.wall())
        out = [(conn, self.state_for(conn)) for conn in sorted(self.connections())]
        if self.over:  # a deal with no move at all
            out += self._to_all(self.over_message())
        return out

    def _deal(self) -> GameState:
        # The record (an English file, like the CLI) names a computer seat by its number.
        names = [s.name or f"Computer {i + 1}" for i, s in enumerate(self.seats)]
        bots = [s.level for s in self.seats]
        return new_game(self.mode, names, self.seed, first_player=self.first, bots=bots)

    def computer_turn(self):
        """(seat, level, view) when a computer is to move now, else None."""
        if not self.started or self.over:
            return None
        seat = self.state.turn
        level = self.seats[seat].computer
        if level is None and self.days is not None and self.days.late == seat:
            level = SKILLS.default  # its time ran out: a computer plays this one move
        if level is None:
            return None
        return seat, level, view_for(self.state, seat, start=self.dealt.position)

    def play(self, conn: int | None, index: int, text: str, number: int,
             keep=None) -> list[Out]:
        """A move for seat `index`, sent by `conn` (None: the table's own computer).
        `keep(state)` is given the table's next state before the table takes it: when it
        raises, the table stays as it was (a move that cannot be saved is never shown)."""
        if not self.started:
            raise ProtocolError("not-started")
        if self.over:
            raise ProtocolError("game-over")
        if not 0 <= index < len(self.seats):
            raise ProtocolError("not-your-seat", f"there is no seat {index + 1}")
        seat = self.seats[index]
        late = self.days is not None and self.days.late == index
        if conn is None and seat.computer is None and not late or (
                conn is not None and seat.holder != conn):
            raise ProtocolError("not-your-seat")
        if index != self.state.turn:
            raise ProtocolError("not-your-turn")
        if number != len(self.state.moves):
            raise ProtocolError("stale", f"move {number + 1} was sent; the table is at move "
                                         f"{len(self.state.moves) + 1}")
        try:
            state, _ = apply(self.state, parse_move(text))
        except (NotationError, IllegalMove) as err:
            raise ProtocolError("illegal-move", str(err)) from None
        notice = self._next_days(conn is None and late and seat.computer is None, index, number,
                                 len(state.moves))
        try:
            if keep is not None:  # over days, the move's new time is kept with it
                keep(state)
        finally:
            after, self.days_next = self.days_next, None
        self.days = after if after is not None else self.days
        self.state = state
        move = self.state.moves[-1]
        out = self._to_all({
            "type": "moved", "number": number, "seat": index, "move": move.text,
            "position": format_position(self.state.position), "turn": self.state.turn,
            "over": self.state.over,
        } | ({} if self.days is None else {"deadline": self.days.deadline}))
        if notice is not None:
            out += self._to_all(notice)
        if self.over:
            out += self._to_all(self.over_message())
        return out

    # --- over days ------------------------------------------------------------------------

    def _next_days(self, computer: bool, index: int, number: int, moves: int) -> dict | None:
        """Over days, the table's time once move `number` is played (in `days_next` until it
        is kept): the next move's deadline; a computer's move for a late seat said in the
        history (the notice returned)."""
        if self.days is None:
            return None
        self.days_next = after = copy.deepcopy(self.days)
        now = self.wall()
        notice = after.note("computer-moved", index, number, now) if computer else None
        after.start_move(moves, now)
        return notice

    def tick(self, now: float) -> list[Out]:
        """Over days, what this moment (wall time) brings: a reminder, the time run out, told
        to whoever is here and kept in the table's notes."""
        if self.days is None or not self.started or self.over:
            return []
        out: list[Out] = []
        for notice in self.days.due(self.state.turn, len(self.state.moves), now):
            out += self._to_all(notice)
        return out

    def more_time(self, conn: int, now: float) -> list[Out]:
        """A player gives the seat to move one more day (once each for each move)."""
        if self.days is None:
            raise ProtocolError("not-over-days")
        if not self.started or self.over:
            raise ProtocolError("not-started" if not self.started else "game-over")
        mine, turn = self.held_by(conn), self.state.turn
        if turn in mine:
            raise ProtocolError("your-move")
        if self.days.deadline is None:
            raise ProtocolError("no-deadline")
        if mine[0] in self.days.gave:
            raise ProtocolError("more-time-given")
        return self._to_all(self.days.more_time(mine[0], turn, len(self.state.moves), now))

    def leave(self, conn: int, token: str, now: float) -> list[Out]:
        """Over days, a player leaves for good: a computer (a level the table uses already,
        else the usual one) plays their seat to the end, the history says so to everyone,
        and the seat gets a token nobody holds (theirs opens nothing; their name claims
        nothing). The seat stays a person's in the game itself, so every record is the same."""
        if self.days is None:
            raise ProtocolError("not-over-days")
        if not self.started or self.over:
            raise ProtocolError("not-started" if not self.started else "game-over")
        index = self.seat_of(token)
        if index is None or self.seats[index].holder != conn:
            raise ProtocolError("not-your-seat")
        out = self._to_all(self.days.note("left", index, len(self.state.moves), now))
        seat = self.seats[index]
        levels = [s.level for s in self.seats if s.place == COMPUTER]
        seat.stand_in = levels[0] if levels else SKILLS.default
        seat.left, seat.holder, seat.player = True, None, None
        seat.token, seat.away_since = secrets.token_urlsafe(16), now
        self.days.touched = now
        return out + self._to_all(self._presence(index))

    def close(self, now: float) -> list[Out]:
        """Over days, untouched too long: closed for good, said in its notes and to whoever
        is here with its end (the record as far as it went, every seat's task cards)."""
        self.closed = True
        out = self._to_all(self.days.note("closed", self.state.turn, len(self.state.moves), now))
        return out + self._to_all(self.over_message())

    def status_of(self, index: int) -> dict:
        """What a `status` tells the seat `index` of its table: whose turn, until when, its
        players, the last move and the field (docs/PROTOCOL.md, "status")."""
        days = self.days
        return {"known": True, "seat": index, "started": self.started, "over": self.over,
                "turn": self.state.turn if self.started and not self.over else None,
                "deadline": None if days is None or self.over else days.deadline,
                "moves": len(self.state.moves) if self.started else 0,
                # What My tables shows of it: only ever for a token that sits here.
                "mode": self.mode.value, "seats": [self._public(i) for i in range(len(self.seats))],
                "per_move": None if days is None else days.per_move or 0, "last": self._last(),
                "names": [seat.name if seat.place != COMPUTER else None for seat in self.seats],
                "position": format_position(self.state.position) if self.started else None}

    def _last(self) -> dict | None:
        """The last move, its seat and the field before it (My tables says it in words)."""
        if not self.started or not self.state.moves:
            return None
        state = self.dealt
        for move in self.state.moves[:-1]:
            state, _ = apply(state, move)
        return {"move": self.state.moves[-1].text, "seat": state.turn,
                "before": format_position(state.position)}

    def _days_fields(self) -> dict:
        days = self.days
        if days is None:
            return {}
        return {"days": {"per_move": days.per_move or 0, "on_time": days.on_time,
                         "deadline": days.deadline}, "notes": days.notes}

    # --- messages -------------------------------------------------------------------------

    def _joined(self, conn: int) -> dict:
        return {"type": "joined", "code": self.code, "mode": self.mode.value,
                "seats": [{"seat": i, "token": self.seats[i].token} for i in self.held_by(conn)]
                } | self._days_fields()

    def _public(self, index: int) -> dict:
        seat = self.seats[index]
        entry = {"seat": index, "place": seat.place, "name": seat.name, "level": seat.level,
                 "taken": seat.taken, "connected": seat.holder is not None or seat.place == COMPUTER,
                 "stand_in": seat.stand_in}
        left = self.computer_in(index)
        return entry if left is None else entry | {"computer_in": left}

    def computer_in(self, index: int) -> int | None:
        """Whole seconds before the server's computer plays this away seat (rounded up), or
        None: nothing counts down (a seat held, played already, or no wait set)."""
        seat, after = self.seats[index], self.stand_in_after
        if after is None or index not in self.away(self.clock(), 0.0):
            return None
        return min(STAND_IN_MAX, max(0, math.ceil(seat.away_since + after - self.clock())))

    def lobby(self) -> dict:
        return {"type": "lobby", "code": self.code, "mode": self.mode.value,
                "seats": [self._public(i) for i in range(len(self.seats))],
                "free": sum(1 for s in self.seats if not s.taken)}

    def state_for(self, conn: int) -> dict:
        """The whole game as `conn` may see it: public fields, plus the task cards of its own
        seats taken from the same per-seat view the computers decide from."""
        if not self.started:
            return self.lobby()
        state, start = self.state, self.dealt.position
        seats = []
        for i, player in enumerate(state.players):
            seats.append(self._public(i) | {"team": player.team})
        yours = [{"seat": i, "tasks": tasks_word(view_for(state, i, start=start).tasks)}
                 for i in self.held_by(conn)]
        return {"type": "state", "code": self.code, "mode": self.mode.value, "seats": seats,
                "first": self.dealt.turn, "start": format_position(start),
                "moves": [m.text for m in state.moves],
                "position": format_position(state.position), "turn": state.turn,
                "closed": state.closed, "over": state.over, "yours": yours} | self._days_fields()

    def over_message(self) -> dict:
        """The end, the same for everyone: the result, every seat's task cards, the record."""
        state = self.state
        record = write_record(record_of(self.dealt, state.moves), final=state)
        if self.closed and state.over is None:
            return {"type": "over", "result": "closed: untouched for 30 days", "reason": "closed",
                    "tasks": [tasks_word(p.tasks) for p in state.players], "record": record}
        return {"type": "over", "result": result_text(state), "reason": state.over,
                "tasks": [tasks_word(p.tasks) for p in state.players], "record": record}

    def _presence(self, index: int) -> dict:
        seat = self.seats[index]
        waiting = (self.started and not self.over and self.state.turn == index
                   and seat.holder is None and seat.computer is None)
        return {"type": "presence", **self._public(index), "waiting": waiting}

    def _to_all(self, message: dict) -> list[Out]:
        return [(conn, message) for conn in sorted(self.connections())]


def _text(plan: dict, key: str) -> str:
    value = plan.get(key)
    if not isinstance(value, str):
        raise ProtocolError("bad-table", f"a {plan.get('place')} seat needs a '{key}'")
    return value
