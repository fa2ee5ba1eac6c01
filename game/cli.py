"""The command line: starts the game, or runs headless engine commands (never imports pygame)."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import re
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass

from game import i18n
from game.desktop import install_arguments, run_install
from game.paths import check_pref_dir
from game.settings import Settings

PROG = "scare-it"
MESSAGE_MAX = 300  # characters of a one-line refusal
GAME_OPTIONS = ("--frames", "--kiosk", "--idle", "--windowed", "--lang", "--speech",
                "--speech-log")  # without a command
INVITE_PREFIX = "scare-it:"  # an invite link (game.online.client.links; not imported at the start)


class BadCommand(Exception):
    """Bad input: reported as one short line on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line as one short line (no usage dump). A
    subcommand's parser reads its arguments from its Command when it is first used, so
    starting the game imports no subcommand's module (the online code, the simulator)."""

    command: Command | None = None

    def error(self, message: str):
        raise BadCommand(_plain_argparse_message(message))

    def parse_known_args(self, args=None, namespace=None):
        self.add_command_arguments()
        return super().parse_known_args(args, namespace)

    def add_command_arguments(self) -> None:
        if self.command is not None:
            command, self.command = self.command, None
            command.part("arguments")(self)


def _plain_argparse_message(message: str) -> str:
    m = re.match(r"argument (?:command|COMMAND): invalid choice: '?([^' ]*)'?", message)
    if m:
        return f"unknown command '{m.group(1)}' (choose {', '.join(COMMANDS)})"
    return message


# --- argument readers: each turns one text into a value or refuses naming it -----------------


def whole_number(text: str, what: str, minimum: int = 0, below: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise BadCommand(f"{what} must be a whole number, not '{text}'") from None
    if value < minimum:
        raise BadCommand(f"{what} must be at least {minimum}, not {value}")
    if below is not None and value >= below:
        raise BadCommand(f"{what} must be below {below}, not {value}")
    return value


def seconds(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise BadCommand(f"{what} must be a number of seconds, not '{text}'") from None
    if not value > 0 or value == float("inf"):
        raise BadCommand(f"{what} must be a positive number of seconds, not '{text}'")
    return value


@dataclass(frozen=True, slots=True)
class Command:
    """One subcommand: its usage line, its help, how it reads arguments, and what it does."""

    usage: str
    summary: str
    arguments: Callable[[argparse.ArgumentParser], None] | str
    run: Callable[[argparse.Namespace], int] | str
    module: str | None = None  # where `arguments` and `run` (then names) live, imported on use

    def part(self, which: str) -> Callable:
        """`arguments` or `run`, from its module when the command names one."""
        found = getattr(self, which)
        return getattr(importlib.import_module(self.module), found) if self.module else found


ENGINE = "game.rule_commands"  # the rules engine's commands: a launch of the game never loads them
ONLINE = "game.online.commands"
# The one table of subcommands; `scare-it --help` lists them in this order.
COMMANDS: dict[str, Command] = {
    "moves": Command("moves POSITION", "list every legal move, one a line",
                     "moves_arguments", "run_moves", ENGINE),
    "apply": Command("apply POSITION MOVE... [--rules RULES]",
                     "play the moves in order and print the resulting position",
                     "apply_arguments", "run_apply", ENGINE),
    "perft": Command("perft POSITION DEPTH [--rules RULES] [--divide]",
                     "count the move sequences of DEPTH moves (the count is the last line)",
                     "perft_arguments", "run_perft", ENGINE),
    "solve": Command("solve POSITION [--target KIND]",
                     "fewest cards that can remain in solo play (or 'impossible'), then the moves",
                     "solve_arguments", "run_solve", ENGINE),
    "deal": Command("deal [--seed N]", "print a dealt 4x8 position",
                    "deal_arguments", "run_deal", ENGINE),
    "levels": Command("levels [--root DIR]",
                      "list the puzzle levels: id, par, target or -, position (tab-separated)",
                      "levels_arguments", "run_levels", "game.campaign.commands"),
    "replay": Command("replay FILE", "check a game record against the rules; print the final "
                      "position and the result", "replay_arguments", "run_replay", ENGINE),
    "analyse": Command("analyse RECORD [--nodes N]",
                       "a solo record: the fewest cards still reachable after each move, then "
                       "'best: N'; a finished multiplayer one: each seat's chance to win after "
                       "each move, the expert's choice where it differs, then the turning point",
                       "analyse_arguments", "run_analyse", ENGINE),
    "simulate": Command("simulate --mode MODE --seats LEVEL,... --games N [--seed S] "
                        "[--budget SEC | --nodes N] [--record DIR]",
                        "play computer-only games headless; print wins per seat with a 95 percent confidence interval",
                        "add_arguments", "run", "game.simulate"),
    "serve": Command("serve [--host ADDR] [--port N] [--stand-in-after SECONDS] [--max-tables N] "
                     "[--db FILE | --no-db] [--certfile FILE --keyfile FILE] [--stats FILE] "
                     "[--hello-within N] [--idle-within N] [--idle-per-address N] "
                     "[--idle-per-network N] [--tables-per-address N] [--tables-per-network N] "
                     "[--computers-per-address N] [--guesses N] [--guess-interval N] "
                     "[--network-guesses N] [--network-guess-interval N] [--server-guesses N] "
                     "[--server-guess-interval N] [--connections N] [--reserved N] "
                     "[--shard I/N] [--trust-proxy ADDR]...",
                     "run online tables for anyone with the address (docs/PROTOCOL.md)",
                     "serve_arguments", "run_serve", ONLINE),
    "host": Command("host URL --mode MODE --seats N [--code CODE] [--computer LEVEL]... [--first SEAT] "
                    "[--name NAME] [--bot LEVEL] [--record FILE] [--token-file FILE] [--claims ANSWER] "
                    "[--insecure] [--advertise [--interface ADDR]...] "
                    "[--per-move TIME [--on-time wait|computer] [--once]]",
                    "open a table on a server, print its code, play seat 1 until the game is over",
                    "host_arguments", "run_host", ONLINE),
    "join": Command("join URL CODE | join scare-it://HOST:PORT/CODE [--name NAME] [--bot LEVEL] "
                    "[--record FILE] [--token-file FILE] [--claims ANSWER] [--insecure] [--once]",
                    "take a free seat at a table and play it until the game is over",
                    "join_arguments", "run_join", ONLINE),
    "my-tables": Command("my-tables [--token-file FILE]... [--insecure]",
                         "list the tables your token files hold: whose turn, and until when",
                         "my_tables_arguments", "run_my_tables", ONLINE),
    "watch": Command("watch [--token-file FILE]... [--every SECONDS] [--once]",
                     "tell with a desktop notification when it is your turn at a table over "
                     "days (install-desktop can start it at login)",
                     "watch_arguments", "run_watch", "game.watch"),
    "tables": Command("tables [--seconds S] [--interface ADDR]",
                      "list the tables advertised on the home network",
                      "tables_arguments", "run_tables", ONLINE),
    "install-desktop": Command("install-desktop [--uninstall] [--watch]",
                               "add Scare It! to the desktop's menu (Linux, this user)",
                               install_arguments, run_install),
}


def _epilog() -> str:
    lines = ["commands:"]
    for command in COMMANDS.values():
        lines.append(f"  {PROG} {command.usage}")
        lines.append(f"      {command.summary}")
    lines += [
        "",
        "POSITION lists rows top row first, separated by '/'; a cell is colour then animal",
        "(YC = yellow cat) or '..' for empty, e.g. 'YC .. OE/PM BD YE'.",
        "A MOVE is scarer cell, x, target cell, and '+' when the scarer moves in: b1xc1, b1xc1+.",
        "RULES: standard | all-included | solo.   Bad input exits with status 2.",
        f"With no command, {PROG} starts the game; {PROG} scare-it://HOST:PORT/CODE (an invite",
        "link) starts it at Join a table with the address and code filled in.",
    ]
    return "\n".join(lines)


def version() -> str:
    """The installed version, from the package metadata (pyproject.toml is its one source)."""
    from importlib import metadata

    try:
        return metadata.version("scare-it")
    except metadata.PackageNotFoundError:
        return "(not installed)"


class _Version(argparse.Action):
    """--version: the installed version, looked up only when asked for (reading the package
    metadata would cost every launch tens of milliseconds)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{PROG} {version()}")  # on stdout, as argparse's own version action
        parser.exit()


def build_parser() -> _Parser:
    parser = _Parser(
        prog=PROG,
        description="Scare It! - play the card game, or use its rules engine from the shell.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    parser.add_argument("--frames", metavar="N", help="quit the game after N frames (for tests)")
    parser.add_argument("--kiosk", action="store_true", help=(
        "kiosk mode: full screen demo loop; Esc and closing the window do not quit, "
        "the operator holds Ctrl+Shift+Q for 3 seconds to quit (docs/KIOSK.md)"))
    parser.add_argument("--idle", metavar="SECONDS", help="return to the demo after SECONDS idle")
    parser.add_argument("--windowed", action="store_true", help="play in a window")
    parser.add_argument("--lang", metavar="CODE", help=(
        "the game's language for this run: en, cs, de or pl (default: as chosen in Settings, "
        "else the system's)"))
    parser.add_argument("--speech", action="store_true", help=(
        "speak the table from the first screen, for this run (the saved setting stays as it "
        "is); the speech key, F2 unless changed in Settings, turns it on or off on any screen "
        "and keeps the choice"))
    parser.add_argument("--speech-log", metavar="FILE", help=(
        "write every line the table speaks to FILE, whether or not the voice is on (what a "
        "player who cannot see the screen hears); it does not turn the voice on: add --speech"))
    parser.add_argument("--insecure", action="store_true", dest="window_insecure", help=(
        "at a wss:// table server, do NOT check its certificate (a club's own self-signed "
        "one): anyone between you and the server could then read and change the game"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, command in COMMANDS.items():
        p = sub.add_parser(name, help=command.summary, description=command.summary)
        p.command = command  # its arguments are read when it is used
    return parser


def take_invite(argv: list[str]) -> tuple[list[str], str | None]:
    """An invite link given to the game itself (a click on scare-it://… in a chat starts
    `scare-it LINK`): taken out of the arguments, for the game to open at Join. A link after
    a command (`scare-it join LINK`) is that command's."""
    for i, arg in enumerate(argv):
        if arg in COMMANDS:
            break
        if arg.lower().startswith(INVITE_PREFIX):
            return argv[:i] + argv[i + 1:], arg
    return argv, None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        argv, invite = take_invite(argv)
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:  # --help printed its text
            return done.code if isinstance(done.code, int) else 0
        args.invite = invite
        if args.command is None:
            return _play(args)
        if invite is not None:
            raise BadCommand(f"an invite link is for starting the game, or for '{PROG} join LINK'")
        if args.window_insecure:  # the commands that connect take their own, after their name
            raise BadCommand(f"give --insecure after '{args.command}', or start the game with it")
        for option in GAME_OPTIONS:
            if getattr(args, option.lstrip("-").replace("-", "_"), None) not in (None, False):
                raise BadCommand(f"{option} is for starting the game; it does nothing with "
                              f"'{args.command}'")
        return COMMANDS[args.command].part("run")(args)
    except (BadCommand, ValueError) as err:  # the engine's NotationError, IllegalMove among them
        message = " ".join(str(err).split()) or type(err).__name__
        if len(message) > MESSAGE_MAX:  # a 130 kB bad input is quoted, not echoed whole
            message = message[:MESSAGE_MAX - 3] + "..."
        print(f"{PROG}: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `scare-it moves ... | head -1`
        return 0


def _play(args: argparse.Namespace) -> int:
    """Start the game screens (imported only now: the headless commands never load pygame)."""
    stop_at_once_on_signals()
    frames = None if args.frames is None else whole_number(args.frames, "--frames")
    idle = None if args.idle is None else seconds(args.idle, "--idle")
    if args.lang is not None and args.lang not in i18n.LANGUAGES:
        raise BadCommand(f"unknown language '{args.lang}' (choose {', '.join(i18n.LANGUAGES)})")
    # The start makes tens of thousands of objects that last (modules, classes, the theme) and
    # hardly any garbage: the collector, which would walk them all again and again, waits until
    # the first frame is on screen (App.start_the_rest turns it back on; so does the end).
    gc.disable()
    try:
        return _start(args, frames, idle)
    finally:
        gc.enable()


def _start(args: argparse.Namespace, frames: int | None, idle: float | None) -> int:
    """Import the game screens and run the game (the collector is off: see _play)."""
    try:
        app = importlib.import_module("game.app")
    except ImportError as err:  # e.g. pygame-ce missing from this Python
        print(f"{PROG}: cannot start the game screens: {err}", file=sys.stderr)
        return 1
    unusable = check_pref_dir()
    if unusable is not None:  # say it in one line, and play on without saving
        print(f"{PROG}: {unusable}", file=sys.stderr)
    i18n.start(Settings.load()[0].language, args.lang)
    options = {"frames": frames, "kiosk": args.kiosk, "windowed": args.windowed}
    if getattr(args, "invite", None) is not None:
        options["invite"] = args.invite
    if args.speech_log is not None:
        options["speech_log"] = args.speech_log
    if args.speech:
        options["speech"] = True
    if args.window_insecure:
        options["insecure"] = True
    if idle is not None:  # otherwise the game keeps its own idle default
        options["idle"] = idle
    code = app.run(**options)
    return code if isinstance(code, int) else 0


def stop_at_once_on_signals() -> None:
    """Until the game's loop runs (it then ends cleanly, game.kiosk.os_signals_end), a stop
    signal ends the start-up at once, quietly, status 0: nothing has been written yet, and a
    thread being started or an import half done must not hang the exit or print a traceback."""
    def stop(signum, frame) -> None:
        os._exit(0)

    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, stop)


if __name__ == "__main__":
    raise SystemExit(main())
