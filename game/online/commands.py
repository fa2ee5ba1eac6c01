"""The headless online commands: `serve`, `host`, `join`, `tables` and `my-tables` (English,
no pygame)."""

from __future__ import annotations

import argparse
import ipaddress
import secrets
import socket
import ssl
import sys
import time
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

from game.engine.ai import SKILLS, make_bot
from game.engine.modes import Mode
from game.engine.moves import parse_move
from game.engine.position import NotationError, format_position
from game.engine.rng import Rng
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.comeback import PATIENCE, Comeback
from game.online.client.discovery import Advert, NoNetwork, browse, table_mark
from game.online.client.links import DEFAULT_PORT, BadLink, is_invite, parse_invite, table_url
from game.online.client.mirror import (
    ClaimAsked,
    Closed,
    Confirmed,
    GameEnded,
    LobbyChanged,
    Presence,
    Refused,
)
from game.online.client.tokens import FILE_NAME, TokenStore
from game.online.client.turns import ask_server
from game.online.server.limits import Limits, address_key
from game.online.server.pgstore import is_url
from game.online.server.server import serve_forever
from game.online.server.store import StoreError
from game.online.shared.protocol import (
    CODE_ALPHABET,
    COMPUTER,
    HOST,
    ON_TIME,
    REMOTE,
    STAND_IN_MAX,
    WAIT,
    parse_duration,
    show_code,
)
from game.paths import pref_dir_headless, write_atomic

BUDGET = 0.3
SAVE_AGAIN = 1.0  # seconds a computer waits to send a move again when the server cannot save
CLAIM_ANSWERS = ("leave", "admit", "refuse")  # what --claims does with a claim for an away seat
# Seconds with nothing more from the table: a --once run has read what it was sent on arrival
# (the table sends it at once, in one go; only another player's move could come later).
QUIET = 0.5


# --- serve ----------------------------------------------------------------------------------

def serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="0.0.0.0",
                   help="the address to listen on (default 0.0.0.0: every interface)")
    p.add_argument("--port", default=str(DEFAULT_PORT),
                   help=f"the TCP port (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--stand-in-after", metavar="SECONDS", default="120",
                   help="a computer plays for a player away this long (default 120; 0: never)")
    p.add_argument("--max-tables", metavar="N", default="1000", help="tables at once (default 1000)")
    p.add_argument("--db", metavar="FILE|URL", default=None,
                   help="the SQLite database that keeps every table, so a restarted server "
                        "goes on with them (default: tables.sqlite3 in the per-user data "
                        "folder); or a postgresql://... URL that several servers share "
                        "(docs/SERVER.md)")
    p.add_argument("--no-db", action="store_true", help="keep tables in memory only")
    p.add_argument("--certfile", metavar="FILE", default=None,
                   help="serve wss:// with this TLS certificate (PEM; with --keyfile)")
    p.add_argument("--keyfile", metavar="FILE", default=None, help="the certificate's private key")
    p.add_argument("--shard", metavar="I/N", default=None,
                   help="process I of N behind a front door: new table codes come from this "
                        "process's share (docs/PROTOCOL.md; default: all codes)")
    p.add_argument("--trust-proxy", metavar="ADDR", action="append", default=[],
                   help="a front door's address: connections from it are counted by the "
                        "client address in its X-Forwarded-For (repeat for more)")
    p.add_argument("--stats", metavar="FILE", default=None,
                   help="write the server's figures there as JSON every second (tables, "
                        "connections, moves, the time from a move in to its 'moved' out)")
    limits = Limits()
    for name, what in LIMIT_OPTIONS.items():
        p.add_argument(f"--{name.replace('_', '-')}", metavar="N", default=None,
                       help=f"{what} (default {getattr(limits, name):g})")


# The limits `serve` takes as options (docs/PROTOCOL.md, "Limits").
LIMIT_OPTIONS = {
    "hello_within": "seconds a new connection has to say hello",
    "idle_within": "seconds a connection may hold no seat before it is let go",
    "idle_per_address": "connections of one address that hold no seat",
    "idle_per_network": "connections of one network (IPv4 /24, IPv6 /48) that hold no seat",
    "tables_per_address": "open tables one address may create",
    "tables_per_network": "open tables the addresses of one network (IPv4 /24, IPv6 /48) may create",
    "computers_per_address": "computer seats at the tables of one address",
    "guesses": "wrong table codes one address may give at once",
    "guess_interval": "then seconds between wrong codes of one address",
    "network_guesses": "wrong table codes one network (IPv4 /24, IPv6 /48) may give at once",
    "network_guess_interval": "then seconds between wrong codes of one network",
    "server_guesses": "wrong table codes all addresses together may give at once",
    "server_guess_interval": "then seconds between wrong codes of all addresses together",
    "connections": "connections at once, all addresses together",
    "reserved": "of those, kept for players coming back to their seat (at most half)",
}


def run_serve(args: argparse.Namespace) -> int:
    port = _whole(args.port, "--port", 0, 65535)
    after = _whole(args.stand_in_after, "--stand-in-after", 0, STAND_IN_MAX)
    tables = _whole(args.max_tables, "--max-tables", 1, 10 ** 6)
    chosen = {name: _whole(getattr(args, name), "--" + name.replace("_", "-"), 1, 10 ** 6)
              for name in LIMIT_OPTIONS if getattr(args, name) is not None}
    limits = replace(Limits(), **chosen)
    tls = _tls(args.certfile, args.keyfile)
    db = (None if args.no_db else args.db if args.db and is_url(args.db) else Path(args.db)
          if args.db else pref_dir_headless() / "tables.sqlite3")
    try:
        return serve_forever(args.host, port, stand_in_after=after or None, max_tables=tables,
                             limits=limits, db=db, tls=tls, shard=_shard(args.shard),
                             trusted=frozenset(_address_of(a) for a in args.trust_proxy),
                             stats=None if args.stats is None else Path(args.stats))
    except StoreError as err:
        raise ValueError(str(err)) from None
    except OSError as err:
        raise ValueError(f"cannot listen on {args.host}:{port}: {err.strerror or err}") from None


def _shard(text: str | None) -> tuple[int, int]:
    """--shard I/N: this process's place among N (0 <= I < N <= the code alphabet's 20)."""
    if text is None:
        return 0, 1
    own, slash, count = text.partition("/")
    if not slash:
        raise ValueError(f"--shard wants I/N (process I of N, e.g. 0/2), not '{text}'")
    shards = _whole(count, "--shard's N", 1, len(CODE_ALPHABET))
    return _whole(own, "--shard's I", 0, shards - 1), shards


def _address_of(text: str) -> str:
    """--trust-proxy ADDR: an IP address, counted as the limits count addresses."""
    try:
        return address_key(str(ipaddress.ip_address(text.strip())))
    except ValueError:
        raise ValueError(f"--trust-proxy wants an IP address, not {text!r}") from None


def _tls(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    if certfile is None and keyfile is None:
        return None
    if certfile is None:
        raise ValueError("--keyfile needs --certfile")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as err:
        raise ValueError(f"cannot use the certificate {certfile}: {err}") from None
    return context


# --- host and join --------------------------------------------------------------------------

def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--name", default=None, help="your name at the table")
    p.add_argument("--bot", metavar="LEVEL", default=None,
                   help="let a computer of LEVEL play your seat: " + ", ".join(SKILLS)
                        + " (default: read moves from standard input)")
    p.add_argument("--record", metavar="FILE", default=None,
                   help="write the game record there once the game is over")
    p.add_argument("--token-file", metavar="FILE", default=None,
                   help="keep your seats' secret tokens in FILE (read at the start, written "
                        "when you sit down, cleared when the game ends): started again with "
                        "the same FILE, you take your seat back by itself. Without it, a new "
                        "start can only ask the table to let you back in by name")
    p.add_argument("--claims", choices=CLAIM_ANSWERS, default="leave",
                   help="when someone without a seat's token asks by name to take an away "
                        "player's seat: 'admit' lets them in (anyone with the code and that "
                        "name: only for a table among people you trust, or of bots), 'refuse' "
                        "sends them away, 'leave' (the default) leaves the answer to a game "
                        "window at the table (or to the claim's 2 minutes running out)")
    p.add_argument("--once", action="store_true",
                   help="a table over days: take the seat (back from --token-file when it "
                        "holds one), play one move if it is this seat's turn, print one last "
                        "line starting with 'moved', 'waiting' or 'over', and leave")
    p.add_argument("--insecure", action="store_true",
                   help="for a wss:// server: do NOT check its certificate. Anyone between "
                        "you and the server could then read and change the game; use it only "
                        "for a club's own self-signed certificate on a network you trust")


def host_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("url", metavar="URL",
                   help="the table server, e.g. ws://127.0.0.1:8765 or wss://club.example.org:8765")
    p.add_argument("--mode", default=Mode.DEFAULT.value,
                   help=", ".join(m.value for m in Mode if not m.solo))
    p.add_argument("--seats", default="2", help="how many seats, yours (seat 1) included")
    p.add_argument("--code", default=None, help="the table code to use (default: a new one)")
    p.add_argument("--computer", metavar="LEVEL", action="append", default=[],
                   help="one more seat for a computer the server plays (repeat for more)")
    p.add_argument("--first", metavar="SEAT", default=None,
                   help="the seat that opens the game (default: at random)")
    p.add_argument("--per-move", metavar="TIME", default=None,
                   help="a table over days: how long each move may take, e.g. 12h, 1d, 2d, "
                        "14d, 90s (to try it), or none (no limit); nobody needs to stay "
                        "connected (see --once)")
    p.add_argument("--on-time", choices=ON_TIME, default=WAIT,
                   help="over days, when a move's time runs out: 'wait' (the default: "
                        "reminders only) or 'computer' (a computer plays that one move)")
    p.add_argument("--advertise", action="store_true",
                   help="list the table on the home network (mDNS)")
    p.add_argument("--interface", metavar="ADDR", action="append", default=None,
                   help="advertise on this interface address only (repeatable)")
    _common(p)


def join_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("url", metavar="URL",
                   help="the table server, e.g. ws://127.0.0.1:8765 or wss://club.example.org"
                        ":8765, or an invite link scare-it://HOST:PORT/CODE (then no CODE)")
    p.add_argument("code", metavar="CODE", nargs="?", default=None,
                   help="the table code the host read out")
    _common(p)


def run_host(args: argparse.Namespace) -> int:
    mode = _mode(args.mode)
    seats = _whole(args.seats, "--seats", 1, 99)
    levels = [_level(level) for level in args.computer]
    bot = None if args.bot is None else _level(args.bot)
    if seats not in mode.player_counts:
        counts = ", ".join(map(str, mode.player_counts))
        raise ValueError(f"{mode.value} is for {counts} seats, not {seats}")
    if len(levels) > seats - 1:
        raise ValueError(f"{len(levels)} computers do not fit beside you at {seats} seats")
    first = None if args.first is None else _whole(args.first, "--first", 1, seats) - 1
    days = None if args.per_move is None else {"per_move": parse_duration(args.per_move),
                                                "on_time": args.on_time}
    if args.once and days is None:
        raise ValueError("--once is for a table over days: give --per-move too")
    _check_record(args.record)
    name = args.name or "Host"
    plans = ([{"place": HOST, "name": name}] + [{"place": REMOTE}] * (seats - 1 - len(levels))
             + [{"place": COMPUTER, "level": level} for level in levels])
    url = table_url(args.url)
    store = _token_store(args.token_file)
    kept = store.get(url, args.code) if store is not None and args.code else None
    client = OnlineClient(url, insecure=args.insecure).connect(args.code)
    try:
        if kept is not None:  # started again: the host's seats come back by their tokens
            client.rejoin(args.code, [token for _seat, token in kept.tokens])
            code = client.code
        else:
            code = client.create(mode, plans, args.code, first, days)
        _keep(store, client, name)
        print(show_code(code), flush=True)
        if args.once:
            return _once(client, bot, args.record, store)
        advert = (_advertise(args, mode, seats, seats - 1 - len(levels),
                             table_mark(client.mirror.tokens)) if args.advertise else None)
        try:
            return _play(client, bot, args.record, advert, store, args.claims)
        finally:
            if advert is not None:
                advert.close()
    finally:
        client.close()


def run_join(args: argparse.Namespace) -> int:
    bot = None if args.bot is None else _level(args.bot)
    _check_record(args.record)
    url, code = _address(args.url, args.code)
    store = _token_store(args.token_file)
    kept = store.get(url, code) if store is not None else None
    name = args.name or (kept.name if kept is not None else "Guest")
    client = OnlineClient(url, insecure=args.insecure).connect(code)
    try:
        seat = None
        if kept is not None:
            try:
                seat = client.rejoin(code, [token for _seat, token in kept.tokens])[0]
            except OnlineError as err:
                if err.code != "bad-token":
                    raise
                store.forget(url, code)  # it opens nothing there now: ask by name
        if seat is None:
            seat = client.join(code, name, on_pending=_waiting)
        _keep(store, client, name)
        print(f"seat {seat + 1}", flush=True)
        if args.once:
            return _once(client, bot, args.record, store)
        return _play(client, bot, args.record, store=store, claims=args.claims)
    finally:
        client.close()


def _address(url: str, code: str | None) -> tuple[str, str]:
    """The table URL and code: an invite link holds both, else both are given."""
    if is_invite(url):
        if code is not None:
            raise ValueError("give an invite link, or an address and a code, not both")
        try:
            return parse_invite(url)
        except BadLink as err:
            raise ValueError(str(err)) from None
    if code is None:
        raise ValueError("the table code is missing (or give an invite link scare-it://…)")
    return table_url(url), code


def _waiting(pending) -> None:
    # On stderr: standard output's first line stays the seat taken (scripts read it).
    print(f"{pending.name}'s seat is away: waiting for the table to let you in",
          file=sys.stderr, flush=True)


def _token_store(path: str | None) -> TokenStore | None:
    if path is None:
        return None
    if not Path(path).resolve().parent.is_dir():
        raise ValueError(f"cannot keep the tokens in {path}: no such folder")
    store = TokenStore.load(path)
    if store.problem is not None:
        print(f"scare-it: {store.problem}", file=sys.stderr, flush=True)
    return store


def _keep(store: TokenStore | None, client: OnlineClient, name: str) -> None:
    if store is None or client.code is None:
        return
    store.keep(client.url, client.code, dict(client.mirror.tokens), name)
    if store.unsaved is not None:
        print(f"scare-it: cannot keep the tokens in {store.path}: {store.unsaved}",
              file=sys.stderr, flush=True)


def _play(client: OnlineClient, level: str | None, record: str | None, advert=None,
          store: TokenStore | None = None, claims: str = "leave") -> int:
    """Play this connection's seat until the game is over; 0 then, 1 if the table is lost."""
    bot, rng = (make_bot(level), Rng(secrets.randbits(63))) if level else (None, None)
    sent: int | None = None  # the move number our last move was sent for
    while True:
        notice = client.wait(timeout=0.5)
        if isinstance(notice, GameEnded):
            print(notice.result, flush=True)
            if store is not None and client.code is not None:
                store.forget(client.url, client.code)  # a finished table opens no seat
            return _write_record(record, notice.record)
        if isinstance(notice, Closed) and notice.reason == "taken":
            print("scare-it: your seat was taken over by another connection", file=sys.stderr)
            if store is not None and client.code is not None:
                store.forget(client.url, client.code)
            return 1
        if isinstance(notice, ClaimAsked):
            _answer_claim(client, notice, claims)
        if isinstance(notice, Closed):
            if not _come_back(client, notice):
                return 1
            sent = None
        elif isinstance(notice, Refused):
            if bot is None:
                print(f"refused: {notice.message}", file=sys.stderr, flush=True)
            elif notice.code == "cannot-save":  # the server's disk: the same move, a bit later
                time.sleep(SAVE_AGAIN)
            sent = None
        elif isinstance(notice, Presence) and notice.waiting:
            print(f"waiting for {notice.seat.name} (seat {notice.seat.seat + 1})", flush=True)
        elif isinstance(notice, LobbyChanged) and advert is not None:
            advert.update(notice.free)
        game = client.game
        if game is None or game.over or game.turn not in client.mine or sent == len(game.moves):
            continue
        seat = game.turn
        try:
            move = _choose(client, bot, rng, seat)
        except EOFError:
            print("scare-it: standard input ended before the game", file=sys.stderr)
            return 1
        except NotationError as err:
            print(f"refused: {err}", file=sys.stderr, flush=True)
            continue
        client.send_move(move, seat)
        sent = len(game.moves)


def _choose(client: OnlineClient, bot, rng, seat: int):
    """The seat's move: the bot's, or one line of standard input (EOFError when it ended,
    NotationError when the line is not a move)."""
    if bot is not None:
        return bot.choose(client.view(seat), rng, BUDGET)
    print(f"your move (seat {seat + 1}): {format_position(client.game.position)}", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return parse_move(line)


def _once(client: OnlineClient, level: str | None, record: str | None,
          store: TokenStore | None) -> int:
    """One visit to a table over days: what it sent on arrival read, one move played if it is
    this seat's turn, and one last line: `moved MOVE`, `waiting ...` or `over RESULT`."""
    ended = _settle(client)
    game = client.game
    if ended is None and game is not None and not game.over and game.turn in client.mine:
        bot, rng = (make_bot(level), Rng(secrets.randbits(63))) if level else (None, None)
        seat, number = game.turn, len(game.moves)
        try:
            move = _choose(client, bot, rng, seat)
        except EOFError:
            print("scare-it: standard input ended before a move was given", file=sys.stderr)
            return 1
        except NotationError as err:
            print(f"scare-it: that is not a move: {err}", file=sys.stderr)
            return 1
        client.send_move(move, seat)
        refused = _answered(client, number)
        if refused is not None:
            print(f"scare-it: the move was refused: {refused.message}", file=sys.stderr)
            return 1
        print(f"moved {move.text}", flush=True)
        ended = _settle(client)
        if ended is None:
            return 0
    if ended is not None:
        print(f"over {ended.result}", flush=True)
        if store is not None and client.code is not None:
            store.forget(client.url, client.code)  # a finished table opens no seat
        return _write_record(record, ended.record)
    print(_waiting_line(client), flush=True)
    return 0


def _settle(client: OnlineClient) -> GameEnded | None:
    """Every notice the table sent on arrival (or after a move) read, until it is quiet; the
    game's end if it has ended."""
    while True:
        notice = client.wait(timeout=QUIET)
        if notice is None:
            return client.ended
        if isinstance(notice, Closed):
            raise OnlineError("lost", "the connection to the table was lost")


def _answered(client: OnlineClient, number: int) -> Refused | None:
    """The table's answer to our move number `number`: None once confirmed, or the refusal."""
    while True:
        notice = client.wait(timeout=client.answer_wait)
        if notice is None or isinstance(notice, Closed):
            raise OnlineError("no-answer", "the table did not answer the move")
        if isinstance(notice, Refused):
            return notice
        if isinstance(notice, Confirmed) and notice.number == number:
            return None


def _waiting_line(client: OnlineClient) -> str:
    """Whom the table waits for, in one line that starts with 'waiting'."""
    game = client.game
    if game is None:
        free = sum(1 for s in client.seats if not s.taken)
        return f"waiting for players to sit down ({free} free)"
    seat = client.seats[game.turn] if game.turn < len(client.seats) else None
    who = seat.name if seat is not None and seat.name else "a computer"
    return f"waiting for {who} (seat {game.turn + 1})"


def _come_back(client: OnlineClient, closed: Closed) -> bool:
    """After a drop (a server restarting, a host's window opened again): the seats are taken
    back by their tokens, tried for a few minutes; False (and why, on stderr) if they are not."""
    why = ("the table's server is restarting" if closed.reason == "restarting"
           else "the connection to the table was lost")
    print(f"scare-it: {why}; trying to reach the table again for up to "
          f"{PATIENCE / 60:g} minutes", file=sys.stderr, flush=True)
    back = Comeback(client)
    back.wait()
    if back.error is not None:
        print(f"scare-it: the table could not be reached again ({back.error})", file=sys.stderr)
        return False
    print("scare-it: back at the table", file=sys.stderr, flush=True)
    return True


def _answer_claim(client: OnlineClient, claim: ClaimAsked, answer: str) -> None:
    """Say who asks for which seat, and answer as --claims says (or leave it to others)."""
    asked = f"someone asks to take {claim.name}'s seat (seat {claim.seat + 1})"
    if answer == "leave":
        print(f"{asked}; a game window at the table can let them in", flush=True)
        return
    client.admit(claim.claim, answer == "admit")
    print(f"{asked}: {'let in' if answer == 'admit' else 'refused'} (--claims {answer})",
          flush=True)


def _write_record(path: str | None, text: str) -> int:
    if path is None:
        return 0
    try:
        write_atomic(Path(path), text)
    except OSError as err:
        print(f"scare-it: cannot write the record {path}: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0


def _check_record(path: str | None) -> None:
    if path is not None and not Path(path).resolve().parent.is_dir():
        raise ValueError(f"cannot write the record {path}: no such folder")


def _advertise(args, mode: Mode, seats: int, free: int, table: str | None) -> Advert | None:
    url = urlsplit(args.url)
    try:
        address = str(ipaddress.ip_address(url.hostname or ""))
    except ValueError:
        address = socket.gethostbyname(url.hostname or "localhost")
    try:
        return Advert(args.name or "Host", url.port or DEFAULT_PORT, [address], mode=mode.value,
                      seats=seats, free=free, table=table, interfaces=args.interface)
    except NoNetwork as err:  # the table plays on; it is just not listed
        print(f"scare-it: the table is not advertised: {err}", file=sys.stderr, flush=True)
        return None


# --- tables ---------------------------------------------------------------------------------

def tables_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seconds", default="3", help="how long to listen (default 3)")
    p.add_argument("--interface", metavar="ADDR", action="append", default=None,
                   help="listen on this interface address only (repeatable)")


def run_tables(args: argparse.Namespace) -> int:
    try:
        seconds = float(args.seconds)
    except ValueError:
        raise ValueError(f"--seconds must be a number, not '{args.seconds}'") from None
    if not 0 < seconds <= 60:
        raise ValueError("--seconds must be more than 0 and at most 60")
    try:
        found = browse(seconds, args.interface)
    except NoNetwork as err:  # a laptop offline: one line, no traceback
        raise ValueError(str(err)) from None
    for t in found:
        print(f"{t.url}\t{t.host}\t{t.mode}\t{t.free}/{t.seats} free\t{t.code or '-'}")
    return 0


# --- my-tables ------------------------------------------------------------------------------

def my_tables_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--token-file", metavar="FILE", action="append", default=None,
                   help="a token file of host or join --token-file (repeatable; default: "
                        "the one the game keeps)")
    p.add_argument("--insecure", action="store_true",
                   help="for a wss:// server: do NOT check its certificate (see join)")


def run_my_tables(args: argparse.Namespace) -> int:
    """One line for each table kept in the token files: its code, server, your name and seat,
    whose turn, and until when (asked with `status`: the tables over days, and live ones)."""
    stores = [TokenStore.load(path) for path in args.token_file] if args.token_file else [
        TokenStore.load(pref_dir_headless() / FILE_NAME)]
    kept: dict[str, list] = {}
    for store in stores:
        if store.problem is not None:
            print(f"scare-it: {store.problem}", file=sys.stderr, flush=True)
        for held in store.kept:
            kept.setdefault(held.server, []).append(held)
    for url, tables in kept.items():
        try:
            entries = ask_server(url, [(h.code, h.tokens[0][1]) for h in tables], args.insecure)
        except OnlineError as err:
            print(f"scare-it: {url}: {err}", file=sys.stderr, flush=True)
            continue
        for held, entry in zip(tables, entries, strict=True):
            print(f"{show_code(held.code)}\t{url}\t{held.name} (seat "
                  f"{held.tokens[0][0] + 1})\t{_whose(entry, held.tokens[0][0])}", flush=True)
    return 0


def _whose(entry: dict, seat: int) -> str:
    """A status entry in words: whose turn and until when."""
    if not entry["known"]:
        return "unknown here (finished, closed, or not this table's token)"
    if entry["over"]:
        return "over"
    if not entry["started"]:
        return "waiting for players to sit down"
    turn = "your turn" if entry["turn"] == seat else f"waiting for seat {entry['turn'] + 1}"
    due = entry.get("deadline")
    if due is None:
        return f"{turn}\tno time limit"
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(due))
    return f"{turn}\tdue {when}"


# --- readers --------------------------------------------------------------------------------

def _whole(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, not '{text}'") from None
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {value}")
    return value


def _mode(text: str) -> Mode:
    mode = Mode.parse(text)
    if mode.solo:
        raise ValueError(f"{mode.value} is played alone, not at an online table")
    return mode


def _level(text: str) -> str:
    level = text.strip().lower()
    if level not in SKILLS:
        raise ValueError(f"unknown bot level '{text}' (choose {', '.join(SKILLS)})")
    return level


__all__ = ["OnlineError", "host_arguments", "join_arguments", "my_tables_arguments", "run_host",
           "run_join", "run_my_tables", "run_serve", "run_tables", "serve_arguments",
           "tables_arguments"]
