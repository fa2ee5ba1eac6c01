"""The words of online play a family reads: what went wrong, and where a seat is."""

from __future__ import annotations

from game.i18n import N_, _
from game.match import computer_name
from game.online.client.background import Background
from game.online.client.comeback import clock_words
from game.online.client.mirror import SeatStatus
from game.online.shared.protocol import COMPUTER, HOST

TROUBLE = {
    # Issue 48: the most tables over days one computer opens, and one player sits at.
    "too-many-days-tables": N_("This computer has opened as many tables over days as it may. "
                               "Finish one first."),
    "too-many-days-seats": N_("You sit at as many tables over days as you may. Finish one "
                              "first."),
    # "+1 day" asked where it cannot be given (the button hides itself there; a race can ask).
    "more-time-given": N_("You have already given this move one more day."),
    "no-deadline": N_("This move has no time limit."),
    "not-over-days": N_("That works only at a table over days."),
    "your-move": N_("It is your move: one more day is for the others' moves."),
    "no-server": N_("Nobody answers at that address. Is the host's game open on the table's "
                    "screen, and is the address right?"),
    "no-answer": N_("The host's computer does not answer. Check the address; from outside "
                    "their home, the host's router must let the game through."),
    "bad-url": N_("That is not an address the game can use. It looks like 192.168.1.20 or "
                  "192.168.1.20:8765."),
    "not-a-table-server": N_("Something answers at that address, but it is not a Scare It! "
                             "table."),
    "no-table": N_("There is no table with that code. Ask the host to read it out again."),
    "table-full": N_("Every seat at that table is taken."),
    "name-taken": N_("Someone at that table has that name already. Pick another one."),
    "bad-name": N_("Type your name first: up to 24 letters."),
    "version": N_("The host has another version of the game. Both need the same one."),
    "lost": N_("The connection to the table was lost."),
    "damaged": N_("The saved table cannot be opened again: its file is damaged."),
    "closed": N_("The host has left the table. When they open it again, join it with the "
                 "same code and your name."),
    "unreachable": N_("The table could not be reached for a few minutes. Your seat waits for "
                      "you: Continue takes you back to it once the table is open again."),
    # Continue tried a table for minutes (a table on a host's computer answers only while
    # its host has a table open: then it tells a game that ended meanwhile).
    "not-reached": N_("The table could not be reached for a few minutes. Your game is kept: "
                      "try Continue later. A table on the host's computer answers once the "
                      "host opens a table online again; then you see how the game ended, if "
                      "it ended meanwhile."),
    # Issue 31: seats come back by their kept token, or by the table's word.
    "claim-refused": N_("The table did not let you in. Ask the host, then try again."),
    "no-one-to-ask": N_("Nobody at the table can let you in just now. Try again when the "
                        "host is back."),
    "seat-connected": N_("Your seat is being played on another screen right now."),
    "taken": N_("Your seat was taken over on another screen. If that was not you, tell the "
                "host."),
    "busy": N_("The table is still answering your last try. Wait a moment."),
    "untrusted": N_("The table's server cannot prove who it is: its certificate cannot be "
                    "verified, so the game does not connect to it."),
    "hello-timeout": N_("The table's server stopped waiting for this game. Try again."),
    "idle-timeout": N_("The table's server stopped waiting for this game. Try again."),
    "too-many-connections": N_("Too many games at your address, or on your network, are "
                               "connected to that server. Close one, or try again in a minute."),
    "too-many-tables": N_("Your address, or your network, has opened as many tables as that "
                          "server allows."),
    "too-many-computers": N_("That server runs as many computer players for your address as "
                             "it can."),
    "server-full": N_("The server is full — try again in a minute."),
    # The table's server cannot write its database (a full disk, say).
    "cannot-save": N_("The table's server cannot save moves right now, so it did not take "
                      "that move. Try it again in a moment."),
    # Table codes and away seats asked for too often.
    "too-many-guesses": N_("Too many wrong table codes came from your address. Check the code "
                           "with the host, then try again later."),
    "too-many-guesses-network": N_("Too many wrong table codes came from your network. Check "
                                   "the code with the host, then try again later."),
    "too-many-guesses-server": N_("That server has been sent too many wrong table codes. Try "
                                  "again later."),
    "seat-asked": N_("Someone else is asking for that seat just now. Try again when the table "
                     "has answered them."),
    "too-many-claims": N_("You have asked for seats too often. Wait a minute, then try again."),
    "too-many-claims-table": N_("That table has been asked for seats too often. Wait a minute, "
                                "then try again."),
    "game-over": N_("The game at that table is over."),
    # Issue 51: every other refusal a server can send (protocol.ERRORS), in words; a family
    # never reads a code.
    "malformed": N_("The table's server did not understand this game. Check that everyone has "
                    "the same version of the game."),
    "hello-first": N_("The table's server did not understand this game. Check that everyone "
                      "has the same version of the game."),
    "rate-limited": N_("This game sent the table too much at once. Wait a moment, then try "
                       "again."),
    "code-taken": N_("A table with that code is open already. Pick another code."),
    "bad-token": N_("Your kept seat no longer opens that table. Join it again with your name."),
    "bad-table": N_("The table's server cannot open a table with these seats."),
    "already-seated": N_("This game already sits at a table. Leave that table first, then try "
                         "again."),
    "not-seated": N_("You have no seat at that table now. Join it again with your name."),
    "not-started": N_("The game at that table has not begun yet: it begins once every seat is "
                      "taken."),
    "not-your-seat": N_("That seat at the table is not yours."),
    "not-your-turn": N_("It is another player's turn. Wait for yours."),
    "stale": N_("The table had moved on before your move arrived. Look at the field, then play "
                "again."),
    "illegal-move": N_("The table did not take that move: the rules do not allow it there."),
    "not-host": N_("Only the host of the table can do that."),
    "no-claim": N_("Nobody is asking for that seat any more."),
}


# A table opened on a server from the Host screen: what went wrong, when the words differ
# from a joiner's (there is no host to ask: this player is the host).
SERVER_TROUBLE = {
    "no-server": N_("Nobody answers at that address. Is a Scare It! server running there, and "
                    "is the address right? Leave the address empty to open the table on this "
                    "computer."),
    "no-answer": N_("The server at that address does not answer. Check the address, or leave "
                    "it empty to open the table on this computer."),
    "version": N_("That server runs another version of the game. Both need the same one."),
    "lost": N_("The connection to the server was lost before the table opened. Try again."),
}


def server_trouble(code: str) -> str:
    """Why a table could not be opened on a server, in words a family understands."""
    words = SERVER_TROUBLE.get(code) or TROUBLE.get(code)
    if words is None:
        return _("That server did not open the table. Try again later, or leave the address "
                 "empty to open the table on this computer.")
    return _(words)


def trouble_words(code: str) -> str:
    """What went wrong, in words a family understands (a code this game does not know, from a
    newer server: the general words, never the code)."""
    words = TROUBLE.get(code)
    if words is None:
        return _("The table did not let you in. Try again in a moment, or ask the host.")
    return _(words)


def trying_words(seconds: float, restarting: bool = False) -> str:
    """What a screen says while the table is tried again: how long so far."""
    shown = clock_words(seconds)
    if restarting:
        return _("The table's server is restarting. Trying to reach the table… (%(time)s)") \
            % {"time": shown}
    return _("Trying to reach the table… (%(time)s)") % {"time": shown}


def seat_name(info: SeatStatus, seats: tuple[SeatStatus, ...]) -> str:
    """A seat's name on this screen. The table sends no name for a computer seat, only its
    level: it is named here in the player's language, as a couch's computer is."""
    if info.place != COMPUTER:
        return info.name or ""
    number = sum(1 for s in seats[:info.seat + 1] if s.place == COMPUTER)
    return computer_name(number, info.level or "")


def seat_words(info: SeatStatus, mine: bool, hosting: bool,
               seats: tuple[SeatStatus, ...] = ()) -> str:
    """A seat in the lobby: who sits there and where, or that it waits for someone."""
    if info.place == COMPUTER:
        return _("%(name)s: the table's computer") % {"name": seat_name(info, seats or (info,))}
    if not info.taken:
        return _("free: waiting for someone to join")
    if mine:
        return _("%(name)s: on this screen") % {"name": info.name}
    if info.place == HOST:  # a seat of the host's own screen
        if hosting:
            return _("%(name)s: on this screen") % {"name": info.name}
        return _("%(name)s: hosts the table") % {"name": info.name}
    if not info.connected:
        return _("%(name)s: away") % {"name": info.name}
    return _("%(name)s: far away, joined") % {"name": info.name}


def outcome(work: Background | None) -> tuple[object, str] | None:
    """What background work (opening a table, joining one) came to once it is done: its result
    and "", or None and why it failed in the family's words; None while it runs."""
    if work is None or not work.done:
        return None
    if work.error is not None:
        return None, trouble_words(work.error.code)
    return work.result, ""
