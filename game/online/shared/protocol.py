"""The wire format of docs/PROTOCOL.md: limits, error codes, and reading and writing messages."""

from __future__ import annotations

import json
import math
import unicodedata
from dataclasses import dataclass

from game.engine.ai import SKILLS
from game.engine.cards import ANIMAL_BY_LETTER, COLOUR_BY_LETTER
from game.engine.modes import Mode
from game.engine.state import Task

# The protocol's version: 2 since a seat's `kind` was named its `place` (docs/PROTOCOL.md).
VERSION = 2
# Versions a server still speaks, each with the seat field it named: an older game on the same
# server still plays (in a family, not every computer is updated on one day).
SPOKEN = {1: "kind", VERSION: "place"}
# Bytes: a client's message is small (the longest is a create of eight seats); the server's
# biggest is the game record at the end.
MAX_CLIENT_MESSAGE = 4096
MAX_SERVER_MESSAGE = 65536
# Token bucket per connection: RATE messages a second on average, BURST at once; a message
# with the bucket empty is refused, and STRIKES refusals close the connection.
RATE = 20.0
BURST = 40
STRIKES = 20
# Frames that carry no new message: pings, pongs (websockets answers a ping before the server
# sees it) and continuations. A client sends one frame a message, so it needs almost none.
FRAME_RATE = 4 * RATE
FRAME_BURST = 4 * BURST
# How often table codes may be guessed: game/online/server/pace.py.
NAME_MAX = 24
STAND_IN_MAX = 10 ** 6  # seconds: the longest wait before a computer plays an away seat
TOKEN_MAX = 64  # a token longer, or not ASCII, is a wrong token
PICKED_CODE_MIN = 10  # a code the host picks: 36^10 codes keep the guessing arithmetic true
CODE_ALPHABET = "CFHJKLMNPRTWXY346789"  # one of each look-alike pair (O 0, I 1, S 5, B 8...)
CODE_LENGTH = 6
CLOSE_POLICY = 1008  # the WebSocket close code for a peer that broke the rules
# The close code (RFC 6455's 1012, "service restart") of a server that stops to start again:
# its clients wait for it and take their seats back, never reading it as the host leaving.
CLOSE_RESTARTING = 1012

# Tables over days (docs/PROTOCOL.md, "Tables over days"): a move's time in seconds, what
# happens when it runs out, and how many such tables one address opens and one player sits at.
DAY = 24 * 3600
PER_MOVE_CHOICES = (12 * 3600, DAY, 2 * DAY, 3 * DAY, 5 * DAY, 7 * DAY, 14 * DAY, 0)  # 0: no limit
PER_MOVE_MAX = 14 * DAY
WAIT = "wait"  # the table waits for its player (reminders only): the family default
ON_TIME = (WAIT, "computer")  # "computer": a computer plays that one move for the late seat
DAYS_PER_ADDRESS = 20  # open tables over days one address opened
DAYS_PER_PLAYER = 20  # open tables over days one player key sits at
STATUS_MAX = 20  # (code, token) pairs in one `status` request
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": DAY}


def parse_duration(text: str) -> int:
    """A move's time as the command line says it: '90s', '12h', '2d', '30m', or 'none' (0,
    no limit). ValueError says what is wrong."""
    word = text.strip().lower()
    if word in ("none", "0"):
        return 0
    number, unit = word[:-1], word[-1:]
    if unit not in _UNITS or not number.isdigit():
        raise ValueError(f"'{text}' is not a time like 90s, 30m, 12h, 2d or none")
    seconds = int(number) * _UNITS[unit]
    if not 1 <= seconds <= PER_MOVE_MAX:
        raise ValueError(f"a move's time is from 1s to 14d, not {text}")
    return seconds


# Where each seat's player sits (a seat's place) in a create message and in the lobby:
# at the host's screen, far away (joins with the code), or a computer of the server.
HOST, REMOTE, COMPUTER = "host", "remote", "computer"
SEAT_PLACES = (HOST, REMOTE, COMPUTER)

# Every error code the server sends, with what it means (docs/PROTOCOL.md lists the same).
ERRORS = {
    "malformed": "the message is not a JSON object of a known type with the right fields",
    "version": "the client speaks another protocol version",
    "hello-first": "the first message must be hello",
    "rate-limited": "too many messages; this one was dropped",
    "hello-timeout": "the connection did not say hello in time",
    "too-many-connections": "too many connections from this address or its network hold no seat",
    "idle-timeout": "the connection neither joined nor opened a table in time",
    "too-many-tables": "this address (or its network) has opened as many tables as it may",
    "too-many-computers": "this address has as many computer seats as it may",
    "busy": "this connection is already waiting for an answer to join a table",
    "too-many-guesses": "this address gave too many wrong table codes",
    "too-many-guesses-network": "this address's network gave too many wrong table codes",
    "too-many-guesses-server": "the server was given too many wrong table codes",
    "seat-asked": "someone is asking for that seat already; try again once the table answered",
    "too-many-claims": "this address asked for away seats too often",
    "too-many-claims-table": "that table was asked for away seats too often",
    "claim-refused": "the table did not let you take that seat",
    "no-one-to-ask": "nobody at that table can let you take that seat now",
    "no-table": "there is no table with that code",
    "code-taken": "a table with that code exists already",
    "table-full": "every seat at that table is taken",
    "bad-name": "the name is empty, too long or has control characters",
    "name-taken": "someone at that table has that name already",
    "bad-token": "no seat at a table with that code has that token",
    "bad-table": "the mode, seat count, seat places or levels do not make a table",
    "server-full": "the server is full — try again in a minute",
    "already-seated": "this connection holds seats at a table already",
    "not-seated": "this connection holds no seat at a table",
    "not-started": "the game has not started",
    "game-over": "the game is over",
    "not-your-seat": "this connection does not hold that seat",
    "not-your-turn": "it is another seat's turn",
    "stale": "the move was sent for another move number; a fresh state follows",
    "illegal-move": "the rules do not allow that move there",
    "cannot-save": "the server cannot save moves right now; the move was not played",
    "not-host": "only the table's host may do that",
    "seat-connected": "that seat's player is connected",
    "no-claim": "there is no such request to answer",
    "too-many-days-tables": "this address has opened as many tables over days as it may (20)",
    "too-many-days-seats": "this player sits at as many tables over days as they may (20)",
    "not-over-days": "that is only for a table over days",
    "no-deadline": "the move to play now has no time limit",
    "more-time-given": "you gave this move more time already",
    "your-move": "more time is for the others' moves, not your own",
}
# A server too full to take a connection says so in HTTP, before any WebSocket (crowds.py):
# the client reads this header for that code and tells its words.
FULL = "server-full"
FULL_WORDS = ERRORS[FULL]  # "the server is full — try again in a minute"
FULL_HEADER = "X-Scare-It-Error"


class ProtocolError(ValueError):
    """A message the other side should not have sent; `code` is one of ERRORS."""

    def __init__(self, code: str, message: str | None = None) -> None:
        super().__init__(message or ERRORS[code])
        self.code = code


def encode(message: dict) -> str:
    # allow_nan=False: NaN and Infinity are not JSON, and no message may carry them.
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e999: a float too big is infinity
        raise ProtocolError("malformed", "a number in the message is not finite")
    return number


def _not_json(text: str) -> float:
    raise ProtocolError("malformed", f"{text} is not a JSON number")


def _writable(message: dict) -> None:
    """Every string (key or value) of the message is text UTF-8 can hold: a lone surrogate
    (an escape like \\ud800) could not be written back in an echo or an error."""
    stack: list = [message]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str) and any("\ud800" <= ch <= "\udfff" for ch in value):
            raise ProtocolError("malformed", "the message holds a lone surrogate, not text")


def decode(text: str | bytes) -> dict:
    """One message: a JSON object with a string 'type', every string text UTF-8 can hold and
    every number finite, so anything read can be written back. Else it is 'malformed'."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("malformed", "the message is not UTF-8 text") from None
    try:
        message = json.loads(text, parse_float=_finite, parse_constant=_not_json)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("malformed", "the message is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("malformed", "the message is not an object with a 'type'")
    if "\\u" in text:  # only an escape makes a surrogate: valid UTF-8 holds none
        _writable(message)
    return message


# --- the one place a client's message is checked --------------------------------------------

TEXT_MAX = 256  # any client string field, before its own rule (a name is cut to NAME_MAX)
SEATS_MAX = 8  # the most seats any mode has
NUMBER_MAX = 10 ** 6


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a client message: its type, and the values or lengths it may take."""

    value_type: type
    optional: bool = False
    choices: tuple = ()  # for a str: the values it may be (empty: any)
    low: int = 0  # for an int: the range; for a str: its length
    high: int = TEXT_MAX
    each: dict | type | None = None  # for a list: each item's fields (an object), or its type


def _modes() -> tuple[str, ...]:
    return tuple(m.value for m in Mode if not m.solo)


# Every message a client may send, with its fields (docs/PROTOCOL.md, "Client messages").
# Unknown fields are ignored; a missing, mistyped or out-of-range one is `malformed`.
CLIENT_MESSAGES: dict[str, dict[str, Field]] = {
    "hello": {"version": Field(int, high=NUMBER_MAX), "client": Field(str, optional=True)},
    "create": {"mode": Field(str, choices=_modes()), "seats": Field(list, low=1, high=SEATS_MAX),
               "code": Field(str, optional=True, high=40), "first": Field(int, optional=True,
                                                                          low=1, high=SEATS_MAX),
               # Over days: the move's time in seconds (0: no limit), the deadline rule, and
               # the player's own key (a secret of theirs: DAYS_PER_PLAYER counts it).
               "per_move": Field(int, optional=True, high=PER_MOVE_MAX),
               "on_time": Field(str, optional=True, choices=ON_TIME),
               "player": Field(str, optional=True, high=TEXT_MAX)},
    "join": {"code": Field(str, high=40), "name": Field(str, high=TEXT_MAX),
             "player": Field(str, optional=True, high=TEXT_MAX)},
    # A token of any length or alphabet is read: one that is not a token is a wrong guess.
    "rejoin": {"code": Field(str, high=40), "token": Field(str, high=TEXT_MAX)},
    "play": {"seat": Field(int, high=SEATS_MAX - 1), "move": Field(str, low=1, high=16),
             "number": Field(int, high=NUMBER_MAX)},
    "sync": {},
    "computer": {"seat": Field(int, high=SEATS_MAX - 1), "level": Field(str, choices=SKILLS)},
    "admit": {"claim": Field(int, high=2 ** 53), "allow": Field(bool)},
    "ping": {},
    "more-time": {},
    "leave": {"token": Field(str, high=TEXT_MAX)},
    "status": {"tables": Field(list, high=STATUS_MAX, each={"code": Field(str, high=40),
                                                            "token": Field(str, high=TEXT_MAX)})},
}
# A seat plan inside `create`.
SEAT_PLAN: dict[str, Field] = {"place": Field(str, choices=SEAT_PLACES),
                               "name": Field(str, optional=True),
                               "level": Field(str, optional=True, choices=SKILLS)}


def checked(message: dict, greeted: bool, version: int = VERSION) -> dict:
    """The one place a client's message is checked before any handler: its place in the
    conversation (hello first, and only once), then its fields (validate), in the words of
    the `version` the connection said hello in (an older one's read as this one's)."""
    msg_type = message["type"]
    if not greeted and msg_type != "hello":
        raise ProtocolError("hello-first")
    if greeted and msg_type == "hello":
        raise ProtocolError("malformed", "hello is said once, first")
    if version != VERSION and msg_type == "create" and isinstance(message.get("seats"), list):
        message = message | {"seats": [_renamed(plan, SPOKEN[version], "place")
                                       for plan in message["seats"]]}
    validate(message)
    if msg_type == "hello" and message["version"] not in SPOKEN:
        raise ProtocolError("version", f"this server speaks version {VERSION}")
    return message


def spoken_in(message: dict, version: int) -> dict:
    """A server's message in the words of an older `version` (a seat's place under its old
    name); the message itself, in this one's."""
    if version == VERSION:
        return message
    return _spoken(message, SPOKEN[version])


def _spoken(value, word: str):
    if isinstance(value, dict):
        return {(word if key == "place" else key): _spoken(item, word)
                for key, item in value.items()}
    if isinstance(value, list):
        return [_spoken(item, word) for item in value]
    return value


def _renamed(plan, old: str, new: str):
    if isinstance(plan, dict) and old in plan and new not in plan:
        return {(new if key == old else key): value for key, value in plan.items()}
    return plan


def validate(message: dict) -> dict:
    """The message checked against CLIENT_MESSAGES, so no handler sees a wrong field."""
    msg_type = message["type"]
    fields = CLIENT_MESSAGES.get(msg_type)
    if fields is None:
        raise ProtocolError("malformed", f"unknown message type '{msg_type[:40]}'")
    _check(message, fields, msg_type)
    if msg_type == "create":
        for plan in message["seats"]:
            if not isinstance(plan, dict):
                raise ProtocolError("malformed", "a seat plan is an object")
            _check(plan, SEAT_PLAN, "seat plan")
    return message


# --- the one place a server's message is checked (by the client's mirror) -------------------

def _server(value_type: type, *, optional: bool = False, each: dict | type | None = None) -> Field:
    """A field of a server message: any size the message limit lets through."""
    return Field(value_type, optional=optional, high=MAX_SERVER_MESSAGE, each=each)


# A public seat entry (docs/PROTOCOL.md, "Server messages").
SEAT_ENTRY: dict[str, Field] = {
    "seat": _server(int), "place": _server(str), "name": _server(str, optional=True),
    "level": _server(str, optional=True), "taken": _server(bool), "connected": _server(bool),
    "stand_in": _server(str, optional=True), "team": _server(int, optional=True),
    "computer_in": Field(int, optional=True, high=STAND_IN_MAX)}
# The fields of every server message that the mirror reads; the others it does not need.
SERVER_MESSAGES: dict[str, dict[str, Field]] = {
    "welcome": {"version": _server(int)},
    "pong": {},
    "joined": {"code": _server(str), "mode": _server(str),
               "seats": _server(list, each={"seat": _server(int), "token": _server(str)})},
    "lobby": {"seats": _server(list, each=SEAT_ENTRY), "free": _server(int)},
    "presence": {**SEAT_ENTRY, "waiting": _server(bool)},
    "error": {"code": _server(str), "message": _server(str, optional=True),
              "ref": _server(str, optional=True)},
    "claim-pending": {"seat": _server(int), "name": _server(str)},
    "claim": {"claim": _server(int), "seat": _server(int), "name": _server(str)},
    "claim-settled": {"claim": _server(int), "allow": _server(bool)},
    "taken": {"seat": _server(int)},
    "state": {"mode": _server(str), "seats": _server(list, each=SEAT_ENTRY),
              "yours": _server(list, each={"seat": _server(int), "tasks": _server(str)}),
              "start": _server(str), "first": _server(int), "moves": _server(list, each=str),
              "position": _server(str), "turn": _server(int)},
    "moved": {"number": _server(int), "move": _server(str), "turn": _server(int),
              "position": _server(str)},
    "over": {"tasks": _server(list, each=str), "result": _server(str), "record": _server(str)},
    "notice": {"note": _server(str), "seat": _server(int), "move": _server(int)},
    "status": {"tables": _server(list, each={"code": _server(str), "known": _server(bool)})},
}


def validate_server(message: dict) -> dict:
    """A server message checked against SERVER_MESSAGES, so no reader of the mirror sees a
    missing or mistyped field (ProtocolError 'malformed' says which). A type this client does
    not know passes: a newer server's message, which the mirror ignores."""
    msg_type = message["type"]
    _check(message, SERVER_MESSAGES.get(msg_type, {}), msg_type)
    return message


def _check(message: dict, fields: dict[str, Field], what: str) -> None:
    for key, rule in fields.items():
        value = message.get(key)
        if value is None:
            if rule.optional:
                continue
            raise ProtocolError("malformed", f"'{what}' needs '{key}'")
        if not isinstance(value, rule.value_type) or (rule.value_type is int and isinstance(value, bool)):
            raise ProtocolError("malformed", f"'{key}' must be {rule.value_type.__name__}")
        if rule.value_type is bool:
            continue
        size = value if rule.value_type is int else len(value)
        if not rule.low <= size <= rule.high:
            raise ProtocolError("malformed", f"'{key}' must be from {rule.low} to {rule.high}"
                                             + ("" if rule.value_type is int else " long"))
        if rule.choices and value not in rule.choices:
            raise ProtocolError("malformed", f"'{key}' is one of {', '.join(rule.choices)}")
        if isinstance(rule.each, dict):
            for item in value:
                if not isinstance(item, dict):
                    raise ProtocolError("malformed", f"each of '{key}' is an object")
                _check(item, rule.each, key)
        elif rule.each is not None and not all(isinstance(item, rule.each) for item in value):
            raise ProtocolError("malformed", f"each of '{key}' must be {rule.each.__name__}")


def is_token(text: str) -> bool:
    """A seat token's shape (what secrets.token_urlsafe makes); anything else is wrong."""
    return 0 < len(text) <= TOKEN_MAX and text.isascii() and text.isprintable()


def clean_name(text: str) -> str:
    """A player's name as the table keeps it: any run of white space (every Unicode line break
    too) made one space, trimmed; refused when empty, too long or holding control characters."""
    name = " ".join(text.split())
    if not name or len(name) > NAME_MAX:
        raise ProtocolError("bad-name", f"a name has 1 to {NAME_MAX} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise ProtocolError("bad-name", "a name may not hold control or unassigned characters")
    return name


def normal_code(text: str) -> str:
    """A table code as typed: case, spaces and dashes do not matter."""
    return "".join(ch for ch in text.upper() if ch not in " -")


# The order in which first symbols are dealt to shards: the code alphabet's twenty, then the
# other letters and digits (a picked code may begin with any), so every code has one shard.
SHARD_ORDER = CODE_ALPHABET + "".join(
    ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" if ch not in CODE_ALPHABET)


def shard_of(code: str, shards: int) -> int:
    """The shard (0 to `shards` - 1) that keeps a table code: its first symbol's place in
    SHARD_ORDER, modulo the number of shards (docs/PROTOCOL.md, beyond one process)."""
    return SHARD_ORDER.index(normal_code(code)[0]) % shards


def show_code(code: str) -> str:
    """A code as read out: two groups of three, KTR-4WM."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) == CODE_LENGTH else code


def tasks_word(tasks) -> str:
    """One seat's task cards as letters joined by '+': 'C+Y' (empty for none)."""
    return "+".join(t.letter for t in tasks)


def tasks_of(word: str) -> tuple[Task, ...]:
    out: list[Task] = []
    for letter in filter(None, word.upper().split("+")):
        if letter in ANIMAL_BY_LETTER:
            out.append(ANIMAL_BY_LETTER[letter])
        elif letter in COLOUR_BY_LETTER:
            out.append(COLOUR_BY_LETTER[letter])
        else:
            raise ProtocolError("malformed", f"'{letter}' is not a task card")
    return tuple(out)
