"""One online table without I/O: seats, lobby, the game checked by the engine, what each is sent.

The table is the only authority. Connections are plain ids; every method returns the messages
to send as (connection id, message) pairs, so the server (or a test) does the sending. Each
connection is sent the task cards of the seats it holds and no others until the game is over.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, replace

from game.engine.ai import LEVELS, view_for
from game.engine.modes import Mode
from game.engine.moves import parse_move
from game.engine.position import NotationError, format_position
from game.engine.state import GameState, IllegalMove, apply, new_game
from game.match.record import Hosted, Record, record_of, result_text, write_record
from game.online.protocol import (
    COMPUTER,
    HOST,
    REMOTE,
    SEAT_KINDS,
    ProtocolError,
    clean_name,
    tasks_word,
)

Out = tuple[int, dict]


@dataclass
class Seat:
    """One chair at the table. A person's seat keeps its token for the whole game, so the
    person gets it back after a dropped connection; `stand_in` is the computer level playing
    it while they are away."""

    kind: str
    token: str
    name: str | None = None
    level: str | None = None  # a computer seat's level
    holder: int | None = None  # the connection holding it now
    taken: bool = False  # a person sat down (host seats from the start)
    stand_in: str | None = None
    away_since: float | None = None

    @property
    def computer(self) -> str | None:
        """The level playing this seat now: the computer's, or the stand-in's."""
        return self.level if self.kind == COMPUTER else self.stand_in


class Table:
    """A table: created by a host connection with a mode and one plan per seat."""

    def __init__(self, code: str, mode: Mode, plans: list[dict], host: int, *,
                 seed: int, first: int | None = None) -> None:
        if mode.solo or len(plans) not in mode.player_counts:
            counts = ", ".join(map(str, mode.player_counts))
            raise ProtocolError("bad-table", f"{mode.value} is for {counts} seats, not {len(plans)}")
        if first is not None and not 0 <= first < len(plans):
            raise ProtocolError("bad-table", f"there is no seat {first + 1} to open the game")
        self.code, self.mode, self.seed, self.first = code, mode, seed, first
        self.seats = [self._seat(i, plan, host) for i, plan in enumerate(plans)]
        if not any(s.kind == HOST for s in self.seats):
            raise ProtocolError("bad-table", "the host holds at least one seat")
        names = [s.name for s in self.seats if s.name]
        if len(set(names)) != len(names):
            raise ProtocolError("name-taken", "two seats have the same name")
        self.dealt: GameState | None = None
        self.state: GameState | None = None

    @classmethod
    def from_record(cls, record: Record, now: float) -> Table:
        """A hosted table saved mid-game (the host's save, record.online), open again at the
        same move with the same task cards. Every person is away until they take their seat
        back: the host's window and the far players with their token, or code and name."""
        online = record.online
        if online is None or record.tasks is None:
            raise ValueError("the record is not an online table's save")
        plans = [{"kind": COMPUTER, "level": seat.bot} if kind == COMPUTER
                 else {"kind": HOST, "name": seat.name}
                 for kind, seat in zip(online.kinds, record.seats, strict=True)]
        table = cls(online.code, record.mode, plans, -1, seed=record.seed or 0, first=record.first)
        for seat, kind, token, named in zip(table.seats, online.kinds, online.tokens,
                                            record.seats, strict=True):
            seat.kind = kind
            if kind != COMPUTER:
                seat.token, seat.name, seat.taken = token, named.name, True
                seat.holder, seat.away_since = None, now
        table.dealt = record.start_state()
        state = table.dealt
        for move in record.moves:
            state, _ = apply(state, move)
        table.state = state
        return table

    def hosted(self, port: int) -> Hosted:
        """What the host's save keeps of this table to open it again (see from_record)."""
        return Hosted(self.code, port, tuple(s.kind for s in self.seats),
                      tuple(None if s.kind == COMPUTER else s.token for s in self.seats))

    def saved(self, port: int, game: str | None = None, state: GameState | None = None) -> Record:
        """The game (at `state`, one read of the table's) as the host's save holds it: the
        whole record, every task card, and the table (its code, port and seat tokens)."""
        state = self.state if state is None else state
        record = record_of(self.dealt, state.moves, game=game)
        return replace(record, online=self.hosted(port))

    @staticmethod
    def _seat(index: int, plan: dict, host: int) -> Seat:
        kind = plan.get("kind") if isinstance(plan, dict) else None
        if kind not in SEAT_KINDS:
            raise ProtocolError("bad-table", f"seat {index + 1}: kind is one of {', '.join(SEAT_KINDS)}")
        seat = Seat(kind, secrets.token_urlsafe(16))
        if kind == HOST:
            seat.name = clean_name(_text(plan, "name"))
            seat.holder, seat.taken = host, True
        elif kind == COMPUTER:
            level = _text(plan, "level")
            if level not in LEVELS:
                raise ProtocolError("bad-table", f"seat {index + 1}: level is one of {', '.join(LEVELS)}")
            # No name: every screen words a computer seat in its own language (by its level).
            seat.level, seat.taken = level, True
        return seat

    # --- who is here ----------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.over is not None

    def held_by(self, conn: int) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.holder == conn]

    def connections(self) -> set[int]:
        return {s.holder for s in self.seats if s.holder is not None}

    def is_host(self, conn: int) -> bool:
        return any(s.holder == conn and s.kind == HOST for s in self.seats)

    def host_holds(self, conn: int) -> list[Out]:
        """The host's connection, just made: it learns its tokens and sees the lobby (and the
        game, when the host's seats and computers fill the table)."""
        return [(conn, self._joined(conn))] + self._to_all(self.lobby()) + self._maybe_start()

    def join(self, conn: int, name: str) -> list[Out]:
        """A person takes the first free remote seat; in a started game, a person whose seat
        waits for them (same name) gets it back."""
        name = clean_name(name)
        if self.started:
            for seat in self.seats:
                if seat.kind != COMPUTER and seat.name == name and seat.holder is None:
                    return self._return(conn, seat)
            raise ProtocolError("table-full", "the game at that table has started")
        if any(s.name == name for s in self.seats):
            raise ProtocolError("name-taken")
        free = next((s for s in self.seats if s.kind == REMOTE and not s.taken), None)
        if free is None:
            raise ProtocolError("table-full")
        free.name, free.taken, free.holder = name, True, conn
        return [(conn, self._joined(conn))] + self._to_all(self.lobby()) + self._maybe_start()

    def rejoin(self, conn: int, token: str) -> list[Out]:
        """The seat whose token this is comes back to `conn` (a computer standing in stops)."""
        for seat in self.seats:
            if seat.kind != COMPUTER and hmac.compare_digest(seat.token, token):
                return self._return(conn, seat)
        raise ProtocolError("bad-token")

    def _return(self, conn: int, seat: Seat) -> list[Out]:
        seat.holder, seat.stand_in, seat.away_since = conn, None, None
        out = [(conn, self._joined(conn))]
        if not self.started:
            return out + self._to_all(self.lobby()) + self._maybe_start()
        out.append((conn, self.state_for(conn)))
        if self.over:
            out.append((conn, self.over_message()))
        return out + self._to_all(self._presence(self.seats.index(seat)))

    def drop(self, conn: int, now: float) -> list[Out]:
        """The connection is gone. Before the game a remote seat is free again; during it the
        seat is kept for its person, and everyone is told the table waits for them."""
        out: list[Out] = []
        for index in self.held_by(conn):
            seat = self.seats[index]
            seat.holder, seat.away_since = None, now
            if not self.started and seat.kind == REMOTE:
                seat.name, seat.taken, seat.token = None, False, secrets.token_urlsafe(16)
            elif self.started:
                out += self._to_all(self._presence(index))
        return self._to_all(self.lobby()) if not self.started else out

    def away(self, now: float, after: float) -> list[int]:
        """Seats of a running game whose person has been away `after` seconds, no stand-in."""
        if not self.started or self.over:
            return []
        return [i for i, s in enumerate(self.seats)
                if s.kind != COMPUTER and s.holder is None and s.stand_in is None
                and s.away_since is not None and now - s.away_since >= after]

    def stand_in(self, conn: int | None, index: int, level: str) -> list[Out]:
        """A computer of `level` plays seat `index` until its person comes back. Asked by
        the host (conn) or by the server itself (conn None) after a while."""
        if conn is not None and not self.is_host(conn):
            raise ProtocolError("not-host")
        if not self.started or self.over:
            raise ProtocolError("not-started" if not self.started else "game-over")
        if not 0 <= index < len(self.seats) or self.seats[index].kind == COMPUTER:
            raise ProtocolError("malformed", "that seat is not a person's")
        if level not in LEVELS:
            raise ProtocolError("malformed", f"level is one of {', '.join(LEVELS)}")
        seat = self.seats[index]
        if seat.holder is not None:
            raise ProtocolError("seat-connected")
        seat.stand_in = level
        return self._to_all(self._presence(index))

    # --- the game -------------------------------------------------------------------------

    def _maybe_start(self) -> list[Out]:
        if self.started or not all(s.taken and (s.holder is not None or s.kind == COMPUTER)
                                   for s in self.seats):
            return []
        # The record (an English file, like the CLI) names a computer seat by its number.
        names = [s.name or f"Computer {i + 1}" for i, s in enumerate(self.seats)]
        bots = [s.level for s in self.seats]
        self.dealt = new_game(self.mode, names, self.seed, first_player=self.first, bots=bots)
        self.state = self.dealt
        out = [(conn, self.state_for(conn)) for conn in sorted(self.connections())]
        if self.over:  # a deal with no move at all
            out += self._to_all(self.over_message())
        return out

    def computer_turn(self):
        """(seat, level, view) when a computer is to move now, else None."""
        if not self.started or self.over:
            return None
        seat = self.state.turn
        level = self.seats[seat].computer
        if level is None:
            return None
        return seat, level, view_for(self.state, seat, start=self.dealt.position)

    def play(self, conn: int | None, index: int, text: str, number: int) -> list[Out]:
        """A move for seat `index`, sent by `conn` (None: the table's own computer)."""
        if not self.started:
            raise ProtocolError("not-started")
        if self.over:
            raise ProtocolError("game-over")
        if not 0 <= index < len(self.seats):
            raise ProtocolError("not-your-seat", f"there is no seat {index + 1}")
        seat = self.seats[index]
        if conn is None and seat.computer is None or conn is not None and seat.holder != conn:
            raise ProtocolError("not-your-seat")
        if index != self.state.turn:
            raise ProtocolError("not-your-turn")
        if number != len(self.state.moves):
            raise ProtocolError("stale", f"move {number + 1} was sent; the table is at move "
                                         f"{len(self.state.moves) + 1}")
        try:
            self.state, _ = apply(self.state, parse_move(text))
        except (NotationError, IllegalMove) as err:
            raise ProtocolError("illegal-move", str(err)) from None
        move = self.state.moves[-1]
        out = self._to_all({
            "type": "moved", "number": number, "seat": index, "move": move.text,
            "position": format_position(self.state.position), "turn": self.state.turn,
            "over": self.state.over,
        })
        if self.over:
            out += self._to_all(self.over_message())
        return out

    # --- messages -------------------------------------------------------------------------

    def _joined(self, conn: int) -> dict:
        return {"type": "joined", "code": self.code, "mode": self.mode.value,
                "seats": [{"seat": i, "token": self.seats[i].token} for i in self.held_by(conn)]}

    def _public(self, index: int) -> dict:
        seat = self.seats[index]
        return {"seat": index, "kind": seat.kind, "name": seat.name, "level": seat.level,
                "taken": seat.taken, "connected": seat.holder is not None or seat.kind == COMPUTER,
                "stand_in": seat.stand_in}

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
                "closed": state.closed, "over": state.over, "yours": yours}

    def over_message(self) -> dict:
        """The end, the same for everyone: the result, every seat's task cards, the record."""
        state = self.state
        record = write_record(record_of(self.dealt, state.moves), final=state)
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
        raise ProtocolError("bad-table", f"a {plan.get('kind')} seat needs a '{key}'")
    return value
