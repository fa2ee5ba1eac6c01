"""Game records: one game as plain `key: value` lines (docs/RECORDS.md), written and read back."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import date, datetime

from game.engine.ai.skills import SKILLS
from game.engine.cards import ANIMAL_BY_LETTER, COLOUR_BY_LETTER, Card, parse_card
from game.engine.events import Event
from game.engine.modes import Mode
from game.engine.moves import Move, parse_move
from game.engine.position import NotationError, Position, format_position, parse_position
from game.engine.rules import Rules
from game.engine.scoring import result, solo_title, target_met
from game.engine.state import GameState, IllegalMove, Player, Task, apply, initial_state, new_game
from game.files import shown
from game.match.occasions import OCCASIONS
from game.names import clean_name

HEADING = "# Scare It! game record"
# The keys in the order they are written; readers take them in any order.
REQUIRED = ("mode", "rules", "seed", "seats", "first", "start", "moves", "final", "result")
OPTIONAL = ("version", "game", "occasion", "level", "daily", "target", "hints", "date", "tasks",
            "secret", "online", "joined")
# 1: the first records (no `version:` line). 2: `version:` and `game:` (the game's own id, so
# a finished game is counted once however often it is read back) are written. 3: `occasion:`
# (game.match.occasions) too; a record naming none is still written as version 2, which an
# earlier version of the game reads (a version 2 record's occasion is recognised).
VERSION = 3
UNNAMED = 2  # the version of a record that names no occasion
IN_PROGRESS = "in progress"
HUMAN = "human"
_ESCAPES = (("%", "%25"), (",", "%2C"), ("(", "%28"), (")", "%29"))
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LEVEL_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$")


class RecordError(ValueError):
    """A record that cannot be read or does not replay; `line` is the 1-based line at fault."""

    def __init__(self, line: int, message: str) -> None:
        message = shown(message, 200)  # it quotes the file: safe to show, never 130 kB long
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message


@dataclass(frozen=True, slots=True)
class RecordedSeat:
    """A seat as a record names it: the player's name and the computer level (None: human)."""

    name: str
    bot: str | None = None


# Where each seat's player sits at an online table (game/online/shared/protocol.py speaks the
# same words: SEAT_PLACES).
ONLINE_PLACES = ("host", "remote", "computer")


@dataclass(frozen=True, slots=True)
class Hosted:
    """The online table a saved game was hosted at, for Continue to open it again: its code,
    the port it listened on, and each seat's place and secret token (a person takes the seat
    back with it). Only the host's own save holds it, never a record that is shown."""

    code: str
    port: int
    places: tuple[str, ...]
    tokens: tuple[str | None, ...]

    def text(self) -> str:
        seats = [{"place": p, "token": t} for p, t in zip(self.places, self.tokens, strict=True)]
        return json.dumps({"code": self.code, "port": self.port, "seats": seats},
                          separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Joined:
    """The online table a saved game was joined at (this player sat there, someone else
    hosted it), for Continue to join it again: the table's server address, its code and this
    screen's seats. The seats' tokens stay in the kept tokens (game.online.client.tokens)."""

    server: str
    code: str
    seats: tuple[int, ...]

    def text(self) -> str:
        return json.dumps({"server": self.server, "code": self.code, "seats": list(self.seats)},
                          separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Record:
    """One game: how it was dealt, who sat where, every move. The states follow by replaying."""

    mode: Mode
    seats: tuple[RecordedSeat, ...]
    first: int  # 0-based seat that opened the game
    start: Position
    moves: tuple[Move, ...] = ()
    tasks: tuple[tuple[Task, ...], ...] | None = None  # None: not known (a shared running game)
    seed: int | None = None
    target: Card | None = None  # Single player, advanced (and campaign levels with a target)
    level: str | None = None  # the campaign level's id
    daily: str | None = None  # the daily deal's date, ISO
    hints: int = 0
    date: str | None = None  # when the game finished, ISO
    game: str | None = None  # the game's own id (a version 1 record has none)
    online: Hosted | None = None  # the host's save of an online table
    joined: Joined | None = None  # a joiner's save of an online table (no task cards in it)
    occasion: str | None = None  # its occasion's name (None: recognised, game.match.occasions)

    @property
    def rules(self) -> Rules:
        return self.mode.rules

    def start_state(self) -> GameState:
        """The state before the first move (task cards empty when the record does not hold them)."""
        n = len(self.seats)
        tasks = self.tasks if self.tasks is not None else ((),) * n
        players = tuple(
            Player(s.name, tuple(tasks[i]), self.mode.team_of(i, n), s.bot)
            for i, s in enumerate(self.seats)
        )
        return initial_state(self.start, self.mode.rules, mode=self.mode, players=players,
                             turn=self.first, target=self.target, seed=self.seed)

    def replay(self) -> list[tuple[GameState, list[Event]]]:
        """Every state from the start, each with the events of the move that reached it.
        Raises IllegalMove (naming the move's number) when a move cannot be played."""
        state = self.start_state()
        out: list[tuple[GameState, list[Event]]] = [(state, [])]
        for number, move in enumerate(self.moves, start=1):
            try:
                state, events = apply(state, move)
            except IllegalMove as err:
                raise IllegalMove(f"move {number} ({move}): {err}") from None
            out.append((state, events))
        return out

    def final_state(self) -> GameState:
        return self.replay()[-1][0]


def record_of(start: GameState, moves=(), *, level: str | None = None,
              daily: str | None = None, hints: int = 0, date: str | None = None,
              game: str | None = None, occasion: str | None = None) -> Record:
    """The record of a game that began at `start` and went on with `moves`."""
    first = start.turn
    return Record(
        mode=start.mode or _mode_for(start), seats=tuple(RecordedSeat(p.name, p.bot) for p in start.players),
        first=first, start=start.position, moves=tuple(moves),
        tasks=tuple(tuple(p.tasks) for p in start.players), seed=start.seed,
        target=start.target, level=level, daily=daily, hints=hints, date=date, game=game,
        occasion=occasion,
    )


def _mode_for(state: GameState) -> Mode:
    """A state dealt without a mode (a bare position): the first registered mode it fits."""
    n = len(state.players) or 1
    return next(m for m in Mode if m.rules is state.rules and n in m.player_counts
                and m.target == (state.target is not None))


# Writing -----------------------------------------------------------------------------------

def result_text(state: GameState) -> str:
    """The `result:` value: scores and winners, or cards left and title, or 'in progress'."""
    if not state.over:
        return IN_PROGRESS
    if state.rules is Rules.SOLO:
        count = state.position.card_count()
        words = f"{count} card{'s' if count != 1 else ''} left"
        if state.target is not None:
            words += ", target kept" if target_met(state) else ", target lost"
        return f"{words} - {solo_title(state) or 'no title'}"
    outcome = result(state)
    scores = ", ".join(f"{p.name} {s.total}" for p, s in zip(state.players, outcome.scores,
                                                           strict=True))
    winners = " and ".join(state.players[i].name for i in outcome.winners)
    return f"{scores} - won by {winners}"


def tasks_text(tasks) -> str:
    """Task cards seat by seat, space-separated; one seat's cards joined by '+' (C+Y)."""
    return " ".join("+".join(t.letter for t in seat) or "-" for seat in tasks)


def seats_text(seats) -> str:
    for i, seat in enumerate(seats):
        check_name(seat.name, i)
    return ", ".join(f"{_escape(s.name)} ({s.bot or HUMAN})" for s in seats)


def check_name(name: str, index: int = 0) -> None:
    """ValueError for a seat's name with nothing visible in it: the reader refuses such a
    seat, so a record holding one could never be read back. (Any other name reads back as
    game.names.clean_name keeps it; where a name is typed it is cleaned, or a made-up one
    given, so only a caller that skipped that meets this.)"""
    if not clean_name(name):
        raise ValueError(f"seat {index + 1}'s name {shown(name, 40)!r} cannot be kept: it has "
                         "nothing visible in it")


def write_record(record: Record, *, secret: bool = False, final: GameState | None = None) -> str:
    """The record as text. The task cards of a running game are written only with `secret`
    (a save file, as `secret:`); a finished game shows them as `tasks:`. `final`, when the
    caller has it, spares replaying the moves."""
    final = record.final_state() if final is None else final
    version = VERSION if record.occasion is not None else UNNAMED
    lines = [HEADING, f"version: {version}", f"mode: {record.mode.value}",
             f"rules: {record.rules.value}", f"seed: {'-' if record.seed is None else record.seed}"]
    for key in ("game", "occasion", "level", "daily"):
        if getattr(record, key) is not None:
            lines.append(f"{key}: {getattr(record, key)}")
    if record.target is not None:
        lines.append(f"target: {record.target.code}")
    lines += [f"seats: {seats_text(record.seats)}", f"first: {record.first + 1}"]
    if record.tasks is not None and any(record.tasks):
        if final.over:
            lines.append(f"tasks: {tasks_text(record.tasks)}")
        elif secret:
            lines.append(f"secret: {tasks_text(record.tasks)}")
    if secret and record.online is not None:
        lines.append(f"online: {record.online.text()}")
    if secret and record.joined is not None:
        lines.append(f"joined: {record.joined.text()}")
    if record.hints:
        lines.append(f"hints: {record.hints}")
    if record.date is not None:
        lines.append(f"date: {record.date}")
    lines += [f"start: {format_position(record.start)}",
              f"moves: {' '.join(m.text for m in record.moves) or '-'}",
              f"final: {format_position(final.position)}",
              f"result: {result_text(final)}"]
    return "\n".join(lines) + "\n"


def _escape(name: str) -> str:
    """A name as the seats line holds it: its syntax characters, and anything a line could
    break at or that could not be seen, written as %XX (UTF-8), so every name reads back."""
    for raw, code in _ESCAPES:
        name = name.replace(raw, code)
    return "".join(ch if ch == " " or (ch.isprintable() and not ch.isspace())
                   else "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))
                   for ch in name)


def _unescape(name: str) -> str:
    """Every %XX run decoded as UTF-8 (records before this wrote only %25 %2C %28 %29, and a
    literal '%' always as %25, so they read the same)."""
    return _PERCENT.sub(lambda m: _decode(m.group(0)), name)


def _decode(run: str) -> str:
    data = bytes(int(run[i + 1:i + 3], 16) for i in range(0, len(run), 3))
    return data.decode("utf-8", "replace")


# Reading -----------------------------------------------------------------------------------

def read_record(text: str) -> Record:
    """Read a record; a broken one raises RecordError naming the line (unknown or missing key,
    bad value, ragged position, illegal move, a final field or result that does not follow)."""
    return read_replayed(text)[0]


def read_replayed(text: str) -> tuple[Record, list[tuple[GameState, list[Event]]]]:
    """read_record, and the replayed states with their events (spares a second replay)."""
    values: dict[str, tuple[int, str]] = {}
    lines = text.removeprefix("\ufeff").splitlines()  # a byte-order mark is not a line
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in REQUIRED + OPTIONAL:
            raise RecordError(number, f"'{_short(line)}' is not a record line (key: value)")
        if key in values:
            raise RecordError(number, f"'{key}:' appears twice")
        values[key] = (number, value.strip())
    end = len(lines) + 1
    for key in REQUIRED:
        if key not in values:
            raise RecordError(end, f"the record is cut short or incomplete: no '{key}:' line")
    if "tasks" in values and "secret" in values:
        raise RecordError(values["secret"][0], "a record holds either 'tasks:' or 'secret:'")
    record = _build(values)
    return record, _check(record, values)


def _short(text: str, width: int = 40) -> str:
    """A quoted bit of the record, safe to show (NUL bytes and controls made visible)."""
    return shown(text, width)


def _field(values, key: str, read):
    number, value = values[key]
    try:
        return read(value)
    except (ValueError, IndexError) as err:
        raise RecordError(number, f"{key}: {err}") from None


def _build(values) -> Record:
    mode = _field(values, "mode", Mode.parse)
    rules = _field(values, "rules", Rules.parse)
    if rules is not mode.rules:
        raise RecordError(values["rules"][0],
                          f"rules: {mode.value} is played with {mode.rules.value} rules, not {rules.value}")
    seed = _field(values, "seed", lambda v: None if v == "-" else _whole(v, "the seed"))
    seats = _field(values, "seats", _read_seats)
    if len(seats) not in mode.player_counts:
        counts = ", ".join(map(str, mode.player_counts))
        raise RecordError(values["seats"][0],
                          f"seats: {mode.label} is for {counts} players, not {len(seats)}")
    first = _field(values, "first", lambda v: _whole(v, "the first player") - 1)
    if not 0 <= first < len(seats):
        raise RecordError(values["first"][0], f"first: there is no seat {first + 1}")
    start = _field(values, "start", parse_position)
    moves = _field(values, "moves", lambda v: tuple(parse_move(t) for t in v.split() if t != "-"))
    tasks = None
    for key in ("tasks", "secret"):
        if key in values:
            tasks = _field(values, key, _read_tasks)
            if len(tasks) != len(seats):
                raise RecordError(values[key][0],
                                  f"{key}: {len(tasks)} seats' task cards for {len(seats)} seats")
    target = _field(values, "target", parse_card) if "target" in values else None
    if mode.target and target is None:
        raise RecordError(values["mode"][0], "mode: the advanced game needs a 'target:' line")
    if target is not None and mode.rules is not Rules.SOLO:  # a card of the solo rules
        raise RecordError(values["target"][0], f"target: a {mode.value} game has no target card")
    hints = _field(values, "hints", lambda v: _whole(v, "hints")) if "hints" in values else 0
    level = _field(values, "level", _level_id) if "level" in values else None
    daily = _field(values, "daily", _day) if "daily" in values else None
    when = _field(values, "date", _when) if "date" in values else None
    seats = tuple(_named(values, i, seat) for i, seat in enumerate(seats))
    if tasks is not None:
        _check_tasks(values, mode, seats, first, tasks)
    if "version" in values:
        _field(values, "version", _version)
    game = _field(values, "game", _game_id) if "game" in values else None
    occasion = _field(values, "occasion", OCCASIONS.parse) if "occasion" in values else None
    online = _field(values, "online", _hosted) if "online" in values else None
    joined = _field(values, "joined", _joined) if "joined" in values else None
    record = Record(mode=mode, seats=seats, first=first, start=start, moves=moves, tasks=tasks,
                    seed=seed, target=target, level=level, daily=daily, hints=hints, date=when,
                    game=game, online=online, joined=joined, occasion=occasion)
    occasion = OCCASIONS.of(record)
    if not occasion.plays(mode):  # a level's or a day's line in a game of others, and so on
        key = next(k for k in ("occasion", "level", "daily", "online", "joined") if k in values)
        raise RecordError(values[key][0], f"{key}: a {occasion.name} game is not played as "
                                          f"{mode.value}")
    if online is not None:
        _check_hosted(values, seats, tasks, online)
    if joined is not None:
        _check_joined(values, seats, online, joined)
    return record


def _joined(text: str) -> Joined:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError("the online table is not readable") from None
    if not isinstance(data, dict):
        raise ValueError("the online table is not readable")
    server, code, seats = data.get("server"), data.get("code"), data.get("seats")
    if not (isinstance(server, str) and 0 < len(server) <= 200 and server.isascii()
            and server.isprintable() and " " not in server):
        raise ValueError("the online table's address is not an address")
    if not (isinstance(code, str) and 4 <= len(code) <= 12 and code.isascii() and code.isalnum()):
        raise ValueError("the online table's code is not 4 to 12 letters or digits")
    if not (isinstance(seats, list) and seats and all(
            isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seats)):
        raise ValueError("the online table names none of this player's seats")
    return Joined(server, code, tuple(seats))


def _check_joined(values, seats, online, joined: Joined) -> None:
    """A joined table's seats are seats of the record, held by people; it is not hosted here."""
    number = values["joined"][0]
    if online is not None:
        raise RecordError(number, "joined: only a game at someone else's table is joined")
    for seat in joined.seats:
        if seat >= len(seats) or seats[seat].bot is not None:
            raise RecordError(number, f"joined: seat {seat + 1} is no person's seat here")


def _hosted(text: str) -> Hosted:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError("the online table is not readable") from None
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("the online table has no seats")
    code, port = data.get("code"), data.get("port")
    if not (isinstance(code, str) and 4 <= len(code) <= 12 and code.isascii() and code.isalnum()):
        raise ValueError("the online table's code is not 4 to 12 letters or digits")
    if not (isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536):
        raise ValueError("the online table's port is not a port")
    places, tokens = [], []
    for seat in data["seats"]:
        # A save of a version before protocol 2 names the seat's place `kind`.
        place = seat.get("place", seat.get("kind")) if isinstance(seat, dict) else None
        token = seat.get("token") if isinstance(seat, dict) else None
        if place not in ONLINE_PLACES:
            raise ValueError(f"an online seat is one of {', '.join(ONLINE_PLACES)}")
        if (place == "computer") != (token is None) or not (token is None or (
                isinstance(token, str) and 16 <= len(token) <= 64 and token.isascii())):
            raise ValueError("a person's online seat needs its token (a computer's none)")
        places.append(place)
        tokens.append(token)
    return Hosted(code, port, tuple(places), tuple(tokens))


def _check_hosted(values, seats, tasks, online: Hosted) -> None:
    """An online table's seats must be the record's: a computer where the record has one,
    a person's seat (the host's own among them) elsewhere; and its task cards are known."""
    number = values["online"][0]
    if tasks is None:
        raise RecordError(number, "online: only a game with its task cards is hosted online")
    if len(online.places) != len(seats):
        raise RecordError(number, f"online: {len(online.places)} seats for {len(seats)} players")
    for i, (place, seat) in enumerate(zip(online.places, seats, strict=True)):
        if (place == "computer") != (seat.bot is not None):
            raise RecordError(number, f"online: seat {i + 1} is {place} but plays as "
                                      f"{seat.bot or HUMAN}")
    if "host" not in online.places:
        raise RecordError(number, "online: the host holds no seat")
    people = [s.name for s in seats if s.bot is None]
    if len(set(people)) != len(people):
        raise RecordError(number, "online: two people at the table have the same name")


def _named(values, index: int, seat: RecordedSeat) -> RecordedSeat:
    """A seat whose name is one the game could have typed (see game.match.names)."""
    name = clean_name(seat.name)
    if not name:
        raise RecordError(values["seats"][0], f"seats: seat {index + 1} has no visible name")
    return seat if name == seat.name else replace(seat, name=name)


def _check_tasks(values, mode: Mode, seats, first: int, tasks) -> None:
    """The task cards must be a deal this mode can give: as many per seat, of the same sorts
    (animal or colour), as the game's own deal for these seats; and no card twice."""
    key = "tasks" if "tasks" in values else "secret"
    number = values[key][0]
    flat = [(type(t).__name__, int(t)) for seat in tasks for t in seat]  # IntEnums: 0 == 0
    if len(set(flat)) != len(flat):
        raise RecordError(number, f"{key}: a task card is dealt only once")
    dealt = new_game(mode, [s.name for s in seats], 0, first).players

    def shapes(hands) -> list[tuple[str, ...]]:
        return sorted(tuple(sorted(type(t).__name__ for t in hand)) for hand in hands)

    if shapes(tasks) != shapes(p.tasks for p in dealt):
        want = " ".join("+".join(sorted(type(t).__name__.lower() for t in p.tasks)) or "-"
                        for p in dealt)
        raise RecordError(number, f"{key}: {mode.value} does not deal these task cards "
                                  f"(for {len(seats)} seats it deals {want})")


def _level_id(text: str) -> str:
    if not _LEVEL_ID.match(text):
        raise ValueError(f"'{text}' is not a level's id")
    return text


def _day(text: str) -> str:
    try:
        if not _DAY.match(text):
            raise ValueError
        date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a date (write it like 2024-05-17)") from None
    return text


def _when(text: str) -> str:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a date and time (write it like "
                         "2024-05-17T18:30:00)") from None
    return text


def _check(record: Record, values) -> list[tuple[GameState, list[Event]]]:
    """Replay the moves; the final field and the result must be the ones the record states."""
    try:
        states = record.replay()
    except IllegalMove as err:
        raise RecordError(values["moves"][0], f"moves: {err}") from None
    final = states[-1][0]
    if final.over and record.mode.rules is not Rules.SOLO and record.tasks is None:
        raise RecordError(values["result"][0], "a finished game's record must show the 'tasks:'")
    if "secret" in values and final.over:
        raise RecordError(values["secret"][0], "a finished game shows its task cards as 'tasks:'")
    written = _field(values, "final", parse_position)
    if written != final.position:
        raise RecordError(values["final"][0],
                          f"final: the moves lead to {format_position(final.position)}")
    number, stated = values["result"]
    if final.over or stated != IN_PROGRESS:
        if stated != result_text(final):
            raise RecordError(number, f"result: the game ends '{result_text(final)}'")
    return states


def _version(text: str) -> int:
    version = _whole(text, "the version")
    if not 1 <= version <= VERSION:
        raise ValueError(f"this game reads records of versions 1 to {VERSION}, not {version}")
    return version


def _game_id(text: str) -> str:
    if not (1 <= len(text) <= 32 and text.isascii() and text.replace("-", "").isalnum()):
        raise ValueError(f"'{_short(text)}' is not a game id (letters and digits)")
    return text


def _whole(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{what} must be a whole number, not '{text}'")
    return int(text)


def _read_seats(text: str) -> tuple[RecordedSeat, ...]:
    seats = []
    for part in text.split(","):
        name, paren, level = part.strip().partition("(")
        if not paren or not level.endswith(")") or not name.strip():
            raise ValueError(f"'{part.strip()}' is not a seat (write it like Anna (human))")
        level = level[:-1].strip().lower()
        if level != HUMAN and level not in SKILLS:
            raise ValueError(f"'{level}' is neither human nor a computer level "
                             f"({', '.join(SKILLS)})")
        seats.append(RecordedSeat(_unescape(name.strip()), None if level == HUMAN else level))
    return tuple(seats)


def _read_tasks(text: str) -> tuple[tuple[Task, ...], ...]:
    out = []
    for part in text.split():
        seat: list[Task] = []
        for letter in part.upper().split("+"):
            if letter == "-":
                continue
            if letter in ANIMAL_BY_LETTER:
                seat.append(ANIMAL_BY_LETTER[letter])
            elif letter in COLOUR_BY_LETTER:
                seat.append(COLOUR_BY_LETTER[letter])
            else:
                raise ValueError(f"'{letter}' is not a task card (E D C M or Y O P B)")
        out.append(tuple(seat))
    return tuple(out)


__all__ = ["Hosted", "NotationError", "Record", "RecordError", "RecordedSeat", "check_name", "read_record", "read_replayed",
           "record_of", "result_text", "write_record"]
