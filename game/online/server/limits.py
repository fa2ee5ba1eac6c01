"""What one address, and the whole server, may ask of a table server (docs/PROTOCOL.md, Limits)."""

from __future__ import annotations

import ipaddress
import logging
import resource
import time
from dataclasses import dataclass

from game.online.server.pace import ADDRESS_GUESSES, NETWORK_GUESSES, SERVER_GUESSES


@dataclass(frozen=True, slots=True)
class Limits:
    """The numbers of the limits table; `serve` takes each as an option."""

    hello_within: float = 10.0  # seconds for a new connection's `hello`
    idle_within: float = 30.0  # seconds a connection may hold no seat (a join takes one at once)
    idle_per_address: int = 16  # connections of one address that hold no seat
    idle_per_network: int = 64  # the same for all addresses of one /24 (IPv6: /64) together
    connections: int = 10_000  # every connection at once (and never past the file limit)
    reserved: int = 1000  # of those, kept for people coming back to their seat (at most half)
    tables_per_address: int = 8  # open tables one address created
    tables_per_network: int = 32  # open tables the addresses of one /24 (IPv6: /64) created
    computers_per_address: int = 12  # computer seats (stand-ins too) at those tables
    # Wrong table codes (game.online.server.pace): so many at once, then one every so many seconds.
    guesses: int = ADDRESS_GUESSES.burst  # from one address
    guess_interval: float = ADDRESS_GUESSES.interval
    network_guesses: int = NETWORK_GUESSES.burst  # from its network (IPv4 /24, IPv6 /48)
    network_guess_interval: float = NETWORK_GUESSES.interval
    server_guesses: int = SERVER_GUESSES.burst  # from everyone at once
    server_guess_interval: float = SERVER_GUESSES.interval
    lobby_linger: float = 60.0  # a table nobody holds that never started goes then
    linger: float = 600.0  # a started table nobody holds goes then


def address_key(host: str) -> str:
    """Whom a connection's limits count it to: an IPv4 address, or an IPv6 /64 network (one
    home or one phone is given a whole /64, so counting single IPv6 addresses would give an
    attacker 2^64 of them); an IPv4 address mapped into IPv6 counts as itself."""
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def open_files(wanted: int) -> int:
    """Raise this process's soft limit of open files as far as the hard one allows (toward
    `wanted`), and return it: the connection cap stays below it, so an accept never fails
    for want of a file."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass  # not allowed here: the cap follows the soft limit as it is
    return soft


class Quieter(logging.Filter):
    """At most `most` log lines of one key in `window` seconds; then one line says how many
    were left out. A flood of refused connections must not fill the log (it once wrote
    127,599 tracebacks, 51.7 MB, in 15 s)."""

    def __init__(self, most: int = 5, window: float = 10.0, clock=time.monotonic) -> None:
        super().__init__()
        self.most, self.window, self.clock = most, window, clock
        self._seen: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = f"{record.name}:{record.msg}"
        now = self.clock()
        start, count = self._seen.get(key, (now, 0))
        if now - start >= self.window:
            if count > self.most:
                record.msg = (f"{record.msg} (and {count - self.most} more like it "
                              f"in {self.window:g} s left out)")
            start, count = now, 0
        self._seen[key] = (start, count + 1)
        if len(self._seen) > 1000:  # many keys at once: forget the finished windows
            self._seen = {k: v for k, v in self._seen.items() if now - v[0] < self.window}
        return count < self.most
