"""The session an online table's window plays: the match of its seats as move sources
(seat_sources.match_of) and the saver that keeps it for Continue. No pygame."""

from __future__ import annotations

from collections.abc import Callable

from game.match.session import Session
from game.online.client.client import OnlineClient
from game.online.window.host_save import HostSaver
from game.online.window.hosting import HostedTable
from game.online.window.joined_save import JoinSaver, joined_game
from game.online.window.seat_sources import match_of


def online_session(client: OnlineClient, hosted: HostedTable | None, writer, *, profile,
                  pace: Callable[[], float], rest_s: Callable[[], float],
                  name=None) -> Session:
    """The one Session of this window's online table. The end is kept in this player's
    Replays and statistics (`profile`). The host's window saves the table (the whole game,
    as the table has it) for Continue; a far player's saves the game as this screen has it,
    and Continue joins the table again. `name` names each seat on this screen (match_of)."""
    game = hosted.game if hosted is not None else (
        joined_game(client.url, client.code) if client.code else None)
    match = match_of(client, name, game)
    saver = (HostSaver(writer, hosted, match.game) if hosted is not None
             else JoinSaver(writer, client, match))
    return Session(match, pace=pace, rest_s=rest_s, profile=profile, saver=saver)
