"""The wire format of docs/PROTOCOL.md: limits, error codes, and reading and writing messages."""

from __future__ import annotations

import json
import unicodedata

from game.engine.cards import ANIMAL_BY_LETTER, COLOUR_BY_LETTER
from game.engine.state import Task

VERSION = 1
# Bytes: a client's message is small (the longest is a create of eight seats); the server's
# biggest is the game record at the end.
MAX_CLIENT_MESSAGE = 4096
MAX_SERVER_MESSAGE = 65536
# Token bucket per connection: RATE messages a second on average, BURST at once; a message
# with the bucket empty is refused, and STRIKES refusals close the connection.
RATE = 20.0
BURST = 40
STRIKES = 20
# Failed code or token guesses allowed per address in GUESS_WINDOW seconds.
GUESSES = 10
GUESS_WINDOW = 60.0
NAME_MAX = 24
CODE_ALPHABET = "CFHJKLMNPRTWXY346789"  # one of each look-alike pair (O 0, I 1, S 5, B 8...)
CODE_LENGTH = 6
CLOSE_POLICY = 1008  # the WebSocket close code for a peer that broke the rules

# Seat kinds in a create message and in the lobby.
HOST, REMOTE, COMPUTER = "host", "remote", "computer"
SEAT_KINDS = (HOST, REMOTE, COMPUTER)

# Every error code the server sends, with what it means (docs/PROTOCOL.md lists the same).
ERRORS = {
    "malformed": "the message is not a JSON object of a known type with the right fields",
    "version": "the client speaks another protocol version",
    "hello-first": "the first message must be hello",
    "rate-limited": "too many messages; this one was dropped",
    "too-many-guesses": "too many wrong codes or tokens from this address; wait a minute",
    "no-table": "there is no table with that code",
    "code-taken": "a table with that code exists already",
    "table-full": "every seat at that table is taken",
    "bad-name": "the name is empty, too long or has control characters",
    "name-taken": "someone at that table has that name already",
    "bad-token": "that seat token is not one of this table's",
    "bad-table": "the mode, seat count, seat kinds or levels do not make a table",
    "server-full": "the server holds as many tables as it may",
    "already-seated": "this connection holds seats at a table already",
    "not-seated": "this connection holds no seat at a table",
    "not-started": "the game has not started",
    "game-over": "the game is over",
    "not-your-seat": "this connection does not hold that seat",
    "not-your-turn": "it is another seat's turn",
    "stale": "the move was sent for another move number; a fresh state follows",
    "illegal-move": "the rules do not allow that move there",
    "not-host": "only the table's host may do that",
    "seat-connected": "that seat's player is connected",
}


class ProtocolError(ValueError):
    """A message the other side should not have sent; `code` is one of ERRORS."""

    def __init__(self, code: str, message: str | None = None) -> None:
        super().__init__(message or ERRORS[code])
        self.code = code


def encode(message: dict) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def decode(text: str | bytes) -> dict:
    """One message: a JSON object with a string 'type'. Anything else is 'malformed'."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("malformed", "the message is not UTF-8 text") from None
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("malformed", "the message is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("malformed", "the message is not an object with a 'type'")
    return message


def need(message: dict, key: str, kind: type, optional: bool = False):
    """The value of `key`, checked to be of `kind` (bool is not an int here)."""
    if key not in message or message[key] is None:
        if optional:
            return None
        raise ProtocolError("malformed", f"'{message['type']}' needs '{key}'")
    value = message[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError("malformed", f"'{key}' must be {kind.__name__}")
    return value


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
