"""The client side of an online table, for the game window and the headless commands.

One background thread per client reads the socket, keeps the Mirror and queues notices; the
caller's thread never blocks on the network except in connect/create/join, which wait for
the answer (the window runs those in a thread of their own: a join may wait minutes). Everything the caller reads is either a notice from `poll()` / `wait()` or an
immutable snapshot (`client.game`, `client.seats`): no lock is ever held by the caller.

Every seat of an online game is a move source for the session: `RemoteSeat(client, seat)`
has the calls of game.match.seats.MoveSource. A seat on another computer (or the server's
computer) answers poll() once the table confirmed its move; a seat at this screen offers its
move to the table and gets it back the same way, so every screen plays exactly the moves the
table accepted. `poll()` here also gives every notice (lobby, presence, moves with their
events for the animations, the end) for the window's panels.
"""

from __future__ import annotations

import queue
import ssl
import threading
import time
from collections import deque

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.engine.ai import SeatView
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.state import GameState
from game.online.client.mirror import (
    READERS,
    SEEN_MAX,
    ClaimAsked,
    ClaimPending,
    Closed,
    Confirmed,
    GameEnded,
    Mirror,
    Noted,
    Notice,
    Refused,
    Seated,
    SeatStatus,
    Status,
    TableDays,
    Welcome,
)
from game.online.shared.protocol import (
    CLOSE_RESTARTING,
    COMPUTER,
    FULL,
    FULL_HEADER,
    FULL_WORDS,
    MAX_SERVER_MESSAGE,
    decode,
    encode,
    normal_code,
)
from game.paths import log_traceback

# A table may hold its answer to a join for up to 20 s (wrong codes from the address, its
# network or the whole server; game.online.server.pace); a seat asked for by name waits for the
# host's word (the table gives up after 120 s). The client waits longer than the table does.
ANSWER_WAIT = 75.0
CLAIM_WAIT = 135.0
# Closed connections whose reason is the client's own, not a network fault.
OWN_REASONS = ("gave-up", "taken")
LOGGED_MAX = 20  # bad server messages logged per connection
RECONNECTS = 5  # tries, a second more apart each, before a lost table is given up


def routed(url: str, code: str | None) -> str:
    """Where a connection about table `code` goes: URL/t/CODE, or URL/new for a new table, so
    a front door routes it by the path to the process that keeps the code (a single server
    ignores the path)."""
    base = url.rstrip("/")
    return f"{base}/t/{normal_code(code)}" if code else f"{base}/new"


class OnlineError(ValueError):
    """Connecting, creating or joining failed; `code` is a protocol error code or one of
    'bad-url', 'no-server', 'no-answer', 'not-a-table-server', 'untrusted' (a wss:// server
    whose certificate cannot be verified), 'lost', 'gave-up' (the player stopped waiting),
    'taken' (another connection took the seat over), 'damaged' (a host's saved table that
    cannot be opened again). The message is English
    for the CLI; the window shows its own words for the code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class OnlineClient:
    """One connection to a table server, holding one or more seats at one table."""

    def __init__(self, url: str, *, timeout: float = 10.0, answer_wait: float = ANSWER_WAIT,
                 claim_wait: float = CLAIM_WAIT, insecure: bool = False) -> None:
        # `timeout`: reaching the server and its welcome; `answer_wait`: a table's answer to
        # create, join or rejoin; `claim_wait`: a seat asked for by name, once the table said
        # it asks. `insecure`: a wss:// certificate is not checked (a club's own).
        self.url, self.timeout, self.insecure = url, timeout, insecure
        self.answer_wait, self.claim_wait = answer_wait, claim_wait
        self.mirror = Mirror()
        self._ws: ClientConnection | None = None
        self._notices: queue.Queue[Notice] = queue.Queue()
        self._answers: queue.Queue[Notice] = queue.Queue()
        self._moves: dict[int, deque[Confirmed]] = {}
        self._lock = threading.Lock()  # the mirror: written by the reader, read by the caller
        self._reader: threading.Thread | None = None
        self.closed: Closed | None = None
        self.logged = 0  # bad server messages logged on this client

    # --- connecting -----------------------------------------------------------------------

    def connect(self, code: str | None = None) -> OnlineClient:
        """Open the connection and say hello; OnlineError says why it could not. It goes to
        the table `code`'s path (a front door routes by it), or to /new for a new table."""
        secure = self.url.lower().startswith("wss://")
        tls = None
        if secure and self.insecure:
            tls = ssl.create_default_context()
            tls.check_hostname, tls.verify_mode = False, ssl.CERT_NONE
        try:
            # Entered as a context manager, as websockets wants; close() leaves it. A wss://
            # server is checked against the system's trust store (the default context).
            self._ws = connect(routed(self.url, code), open_timeout=self.timeout, max_size=MAX_SERVER_MESSAGE,
                               compression=None, proxy=None,
                               **({"ssl": tls} if tls is not None else {})).__enter__()
        except InvalidURI:
            raise OnlineError("bad-url", f"'{self.url}' is not a table address (ws://HOST:PORT)") from None
        except InvalidStatus as err:  # a table server too full to take one more connection
            if err.response.headers.get(FULL_HEADER) == FULL:
                raise OnlineError(FULL, FULL_WORDS) from None
            raise OnlineError("not-a-table-server", f"{self.url} is not a table server ({err})") from None
        except InvalidHandshake as err:
            raise OnlineError("not-a-table-server", f"{self.url} is not a table server ({err})") from None
        except TimeoutError:
            raise OnlineError("no-answer", f"{self.url} does not answer") from None
        except ssl.SSLCertVerificationError as err:
            raise OnlineError("untrusted", f"the server's certificate cannot be verified "
                                           f"({err.verify_message or err})") from None
        except ssl.SSLError as err:
            raise OnlineError("not-a-table-server",
                              f"{self.url} does not speak TLS as a table server ({err})") from None
        except OSError as err:
            raise OnlineError("no-server", f"cannot reach {self.url}: {err.strerror or err}") from None
        self.closed = None
        self._reader = threading.Thread(target=self._read, name="scare-it-client", daemon=True)
        self._reader.start()
        self._send(Mirror.hello())
        answer = self._answer(self.timeout)
        if isinstance(answer, Refused):
            raise OnlineError(answer.code, f"{self.url} did not welcome us ({answer.message})")
        if not isinstance(answer, Welcome):
            said = answer.message if isinstance(answer, Closed) else ""
            raise OnlineError("not-a-table-server", f"{self.url} did not welcome us ({said})")
        return self

    def create(self, mode: Mode, seats: list[dict], code: str | None = None,
               first: int | None = None, days: dict | None = None) -> str:
        """Open a table; returns its code. `seats` are the plans of docs/PROTOCOL.md; `days`
        the fields of a table over days (`per_move`, `on_time`), None for a live one."""
        self._send(Mirror.create(mode, seats, code, first) | (days or {}))
        return self._seated().code

    def join(self, code: str, name: str, on_pending=None, player: str | None = None) -> int:
        """Take a free seat, or ask for one's own away seat by name in a started game (the
        table asks its host: `pending` says so meanwhile, and `on_pending(ClaimPending)` is
        called); returns the seat."""
        self._send(Mirror.join(code, name) | ({} if player is None else {"player": player}))
        return self._seated(on_pending).seats[0]

    def rejoin(self, code: str, tokens: list[str]) -> tuple[int, ...]:
        """Take seats back by their tokens (kept from an earlier connection); returns them."""
        for token in tokens:
            self._send({"type": "rejoin", "code": code, "token": token})
            self._seated()
        return self.mine

    def admit(self, claim: int, allow: bool) -> None:
        """Answer a claim: let the person asking for an away seat in, or refuse them."""
        self._send(Mirror.admit(claim, allow))

    def give_up(self) -> None:
        """Stop waiting for a table's answer (from another thread): the connection closes and
        the waiting call raises OnlineError('gave-up')."""
        self.close()
        self._answers.put(Closed("gave-up"))

    def resume(self, code: str, tokens: list[str]) -> None:
        """Take back seats by their tokens at a table opened again (the host continuing its
        saved table), and wait for the game as the table has it."""
        self.rejoin(code, tokens)
        end = time.monotonic() + self.timeout
        while self.mirror.game is None:  # the state follows the last `joined` at once
            if time.monotonic() > end or self.closed is not None:
                raise OnlineError("no-answer", f"{self.url} did not send the game")
            time.sleep(0.01)

    def reconnect(self) -> None:
        """After a lost connection: connect again and take back every seat by its token."""
        self.close()
        code, tokens = self.mirror.code, dict(self.mirror.tokens)
        self.connect(code)
        self.rejoin(code, [tokens[seat] for seat in sorted(tokens)])

    def reconnect_tries(self, tries: int = RECONNECTS, pause: float = 1.0) -> None:
        """reconnect() after a drop, `tries` times, the pause growing by `pause` before each
        (blocking: the window runs it in a thread); OnlineError('lost') when none worked."""
        for attempt in range(tries):
            threading.Event().wait(pause * (1 + attempt))
            try:
                self.reconnect()
                return
            except OnlineError:
                continue
        raise OnlineError("lost", "the table could not be reached again")

    def _seated(self, on_pending=None) -> Seated:
        answer = self._answer(self.answer_wait)
        while isinstance(answer, ClaimPending):  # the table asks its host: wait for the word
            if on_pending is not None:
                on_pending(answer)
            answer = self._answer(self.claim_wait)
        if isinstance(answer, Refused):
            raise OnlineError(answer.code, answer.message)
        if isinstance(answer, Closed) and answer.reason in OWN_REASONS:
            raise OnlineError(answer.reason, "the seat was not taken")
        if not isinstance(answer, Seated):
            raise OnlineError("lost", "the connection closed before the table answered")
        return answer

    def _answer(self, wait: float) -> Notice:
        try:
            return self._answers.get(timeout=wait)
        except queue.Empty:
            raise OnlineError("no-answer", f"{self.url} did not answer in time") from None

    # --- playing --------------------------------------------------------------------------

    def send_move(self, move: Move, seat: int | None = None) -> None:
        """Offer a move for one of this connection's seats (default: the one to move). The
        table answers with the move confirmed (a Confirmed notice) or a Refused notice."""
        with self._lock:
            message = self.mirror.play(move, seat)
        self._send(message)

    def stand_in(self, seat: int, level: str) -> None:
        """The host hands an away seat to a computer of `level` until its person is back."""
        self._send(Mirror.stand_in(seat, level))

    def more_time(self) -> None:
        """Over days, one more day for the seat to move (docs/PROTOCOL.md, `more-time`)."""
        self._send({"type": "more-time"})

    def leave(self, token: str) -> None:
        """Over days, this seat left for good: a computer plays it (docs/PROTOCOL.md, `leave`)."""
        self._send({"type": "leave", "token": token})

    def sync(self) -> None:
        self._send(Mirror.sync())

    def status(self, pairs: list[tuple[str, str]]) -> tuple[dict, ...]:
        """Whose turn and until when at each table of these (code, token) pairs (at most
        protocol.STATUS_MAX): the server's entries, in order (docs/PROTOCOL.md, "status")."""
        self._send({"type": "status", "tables": [{"code": c, "token": t} for c, t in pairs]})
        while True:
            notice = self.wait(self.answer_wait)
            if isinstance(notice, Status):
                return notice.tables
            if isinstance(notice, Refused) and notice.ref == "status":
                raise OnlineError(notice.code, notice.message)
            if notice is None or isinstance(notice, Closed):
                raise OnlineError("no-answer", f"{self.url} did not answer in time")

    def resync(self, why: str) -> None:
        """This screen's game and the table's disagree (`why`): logged, and the whole game
        asked for again, so the screen follows the table rather than a copy of its own."""
        self._log(f"this screen's game disagrees with the table's (a sync is asked): {why}")
        self.sync()

    def poll(self) -> list[Notice]:
        """Every notice since the last poll, oldest first; never blocks (for a frame loop)."""
        out = []
        while True:
            try:
                out.append(self._notices.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float | None = None) -> Notice | None:
        """The next notice, waiting up to `timeout` seconds (None: until one comes)."""
        try:
            return self._notices.get(timeout=timeout)
        except queue.Empty:
            return None

    def take_move(self, seat: int) -> Confirmed | None:
        """The next confirmed move of `seat` not yet taken (a RemoteSeat's source)."""
        with self._lock:
            waiting = self._moves.get(seat)
            return waiting.popleft() if waiting else None

    # --- what the caller may read (snapshots) ----------------------------------------------

    @property
    def game(self) -> GameState | None:
        """The game as this connection may know it (other seats' task cards empty until the
        end, when GameEnded brings them and this state shows them)."""
        return self.mirror.game

    @property
    def dealt(self) -> GameState | None:
        """The game before its first move, as this connection may know it: what a session's
        match starts from (then the moves of `game` are replayed on it)."""
        return self.mirror.dealt

    @property
    def seats(self) -> tuple[SeatStatus, ...]:
        return self.mirror.seats

    @property
    def mine(self) -> tuple[int, ...]:
        return self.mirror.mine

    @property
    def days(self) -> TableDays | None:
        """Over days, the table's time (None: a live table)."""
        return self.mirror.days

    @property
    def notes(self) -> tuple[Noted, ...]:
        """Over days, the table's history."""
        return self.mirror.notes

    @property
    def code(self) -> str | None:
        return self.mirror.code

    @property
    def token(self) -> str | None:
        """The first seat's token: keep it to take the seat back on another connection."""
        tokens = self.mirror.tokens
        return tokens[min(tokens)] if tokens else None

    @property
    def ended(self) -> GameEnded | None:
        return self.mirror.ended

    @property
    def claims(self) -> dict[int, ClaimAsked]:
        """Asks to take an away seat this screen may answer, not yet settled (a snapshot)."""
        with self._lock:
            return dict(self.mirror.claims)

    @property
    def pending(self) -> ClaimPending | None:
        """Asked by name for an away seat: the table is asking whether to let us in."""
        return self.mirror.pending

    def view(self, seat: int | None = None) -> SeatView:
        with self._lock:
            return self.mirror.view(seat)

    def close(self) -> None:
        ws, self._ws = self._ws, None
        if ws is not None:
            ws.close()
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(self.timeout)
        self._reader = None
        while not self._answers.empty():  # answers of the old connection mean nothing now
            self._answers.get_nowait()

    # --- the reader thread ----------------------------------------------------------------

    def _send(self, message: dict) -> None:
        ws = self._ws
        if ws is None:
            raise OnlineError("lost", "not connected")
        try:
            ws.send(encode(message))
        except ConnectionClosed:
            pass  # the reader reports the close

    def _read(self) -> None:
        """The reader thread. A WebSocket loses no message inside one connection, so the
        client asks for the whole game only when the mirror sees a gap (or a field that does
        not follow), never on silence; after a reconnect the rejoin brings the game."""
        ws = self._ws
        self._asked = False  # a sync is on its way and its state not yet here
        while True:
            try:
                raw = ws.recv()
            except ConnectionClosed as err:
                rcvd = err.rcvd
                # "closed": the server said goodbye first (its host left, or it stops); a
                # close this side began, or none at all, is a lost connection.
                said = rcvd is not None and err.rcvd_then_sent is not False
                reason = "closed" if said and rcvd.code in (1000, 1001) else "lost"
                if rcvd is not None and rcvd.code == CLOSE_RESTARTING:
                    reason = "restarting"  # the server comes back: the seats wait for us
                if self.mirror.taken:
                    reason = "taken"  # told so just before: coming back would take it again
                self._finish(Closed(reason, rcvd.reason if rcvd is not None else ""))
                return
            try:
                message = decode(raw)
            except ValueError as err:
                self._log(f"a server message that is not one: {err} ({str(raw)[:SEEN_MAX]!r})")
                continue  # the server's fault; the next state puts it right
            if message["type"] not in READERS:  # a newer server's, or nonsense: passed over
                self._log(f"a server message of a type this client does not know, passed over "
                          f"({str(raw)[:SEEN_MAX]!r})")
            with self._lock:
                notices = self.mirror.receive(message)
                doubted, self.mirror.doubted = self.mirror.doubted, None
                for notice in notices:
                    if isinstance(notice, Confirmed):
                        self._moves.setdefault(notice.seat, deque()).append(notice)
                # Asked once per gap: more messages that do not follow, before the state
                # comes back, are the same gap.
                resync = self.mirror.wants_sync and not self._asked
                self._asked = (self._asked or resync) and message["type"] != "state"
                self.mirror.wants_sync = False
            if doubted is not None:
                self._log(f"a server message not believed (a sync is asked): {doubted}")
            for notice in notices:
                self._notices.put(notice)
                # A refusal with no ref is the connection's own (too many connections from
                # this address, no hello in time): the close follows, and a waiting call
                # says why rather than "closed".
                if isinstance(notice, Welcome | Seated | ClaimPending) or (
                        isinstance(notice, Refused)
                        and notice.ref in ("hello", "create", "join", "rejoin", None)):
                    self._answers.put(notice)
            if resync:
                self._send(Mirror.sync())

    def _log(self, line: str) -> None:
        """One line in errors.log, the first LOGGED_MAX of a connection (a server that sends
        nothing but nonsense does not fill the player's disk)."""
        self.logged += 1
        if self.logged <= LOGGED_MAX:
            log_traceback(f"online {self.url}: {line}"
                          + (" (later ones are not logged)" if self.logged == LOGGED_MAX else ""))

    def _finish(self, closed: Closed) -> None:
        self.closed = closed
        self._notices.put(closed)
        self._answers.put(closed)


class RemoteSeat:
    """A seat played through the table server, with the calls of game.match.seats.MoveSource (ask,
    poll, cancel, close), so the session treats it as one more move source.

    For a player on another computer nobody offers: poll() gives their move once the table
    has confirmed it. For a person at this screen the table offers their move, which goes to
    the server; poll() gives it back only once confirmed, so this screen plays exactly the
    moves every other screen plays (a refused move never reaches the session)."""

    source = "remote"

    def __init__(self, client: OnlineClient, seat: int) -> None:
        self.client, self.seat = client, seat
        info = client.seats[seat] if seat < len(client.seats) else None
        # Records write a person as human and a server's computer by its level.
        self.recorded_as = info.level if info is not None and info.place == COMPUTER else "human"
        self._number: int | None = None

    def ask(self, state: GameState, start=None) -> None:
        self._number = len(state.moves)

    def offer(self, move: Move) -> None:
        """A move of a person at this screen, for the table to check."""
        self.client.send_move(move, self.seat)

    def poll(self) -> Move | None:
        confirmed = self.take()
        return None if confirmed is None else confirmed.move

    def take(self) -> Confirmed | None:
        """The seat's next confirmed move for the state asked (or a later one: this screen's
        game is behind the mirror's, and the match's agreement check finds it)."""
        while (moved := self.client.take_move(self.seat)) is not None:
            if self._number is None or moved.number >= self._number:
                self._number = None
                return moved
            # An older move of this seat, told again after a resync: the session has it.
        return None

    def cancel(self) -> None:
        """Nothing to stop: the person on the other computer is not asked to hurry."""
        self._number = None

    def close(self) -> None:
        """The client belongs to the table, not to one seat: whoever opened it closes it."""
