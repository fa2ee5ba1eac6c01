"""A crowd cannot lock a family out (issue 45 #6): connections counted by network as well as
by address, the room kept for people who sit at a table, and the clear word of a full server.

The server asks; this module only counts. A network is `networks.network_of` (an IPv4 /24, an
IPv6 /48). docs/PROTOCOL.md, Limits, has the numbers and what each refusal says.
"""

from __future__ import annotations

from collections import Counter
from http import HTTPStatus

from game.online.shared.protocol import FULL, FULL_HEADER, FULL_WORDS

# Connections past the cap that are still answered "full" in HTTP rather than cut unanswered:
# each lives one handshake, and they stay well inside the open files kept back (FILES_KEPT).
OVERFLOW = 32


class Crowd:
    """Open TCP connections by network, the peers of each network, those answered `full`, and
    the peers that hold no seat yet, oldest first (the first to go when the server is full)."""

    def __init__(self) -> None:
        self.transports: Counter[str] = Counter()
        self.peers: dict[str, set[int]] = {}
        self.overflow = 0  # connections past the cap, each only told the server is full
        self.unseated: dict[int, object] = {}  # peer id -> peer, in the order they came

    def opened(self, network: str) -> None:
        self.transports[network] += 1

    def closed(self, network: str) -> None:
        self.transports[network] -= 1
        if self.transports[network] <= 0:
            del self.transports[network]

    def arrived(self, network: str, peer) -> None:
        self.peers.setdefault(network, set()).add(peer.id)
        self.unseated[peer.id] = peer

    def left(self, network: str, peer: int) -> None:
        mine = self.peers.get(network)
        if mine is not None:
            mine.discard(peer)
            if not mine:
                del self.peers[network]
        self.unseated.pop(peer, None)

    def oldest_idle(self, idle):
        """The peer that came first of those `idle(peer)` says hold no seat and wait for no
        answer, taken off the list; None when there is none. A peer that sat down or waits
        leaves the list as it is passed (its seat, or its own deadline, settles it), so each
        is looked at once: this runs for every connection of a full server."""
        while self.unseated:
            key = next(iter(self.unseated))
            peer = self.unseated.pop(key)
            if idle(peer):
                return peer
        return None


def reserve(limit: int, connections: int) -> int:
    """The connections kept for people who sit at a table (a rejoin by token): the `reserved`
    limit, and never more than half of all connections."""
    return min(limit, connections // 2)


def full_answer(connection, request):
    """websockets' process_request: a connection taken past the cap is answered in HTTP 503
    with the words and a header the client knows, rather than cut with no word (which a
    client could only read as "not a table server")."""
    if not getattr(connection, "full", False):
        return None
    response = connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, FULL_WORDS + "\n")
    response.headers[FULL_HEADER] = FULL
    response.headers["Retry-After"] = "60"
    return response
