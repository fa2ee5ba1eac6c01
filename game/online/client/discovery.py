"""Tables on the home network: a hosted table advertised over mDNS/DNS-SD, and a list of them.

The advertisement says where the table is, its mode and free seats, the host's name and the
table's mark (which table it is, for a player's kept seat); the table code stays off the air
unless the host chooses to share it, so a neighbour's laptop on the same network still needs
the code read out.
"""

from __future__ import annotations

import hashlib
import socket
import threading
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from game.online.shared.protocol import VERSION

SERVICE = "_scare-it._tcp.local."
MARK_LENGTH = 16  # hex digits of a table's mark


@dataclass(frozen=True, slots=True)
class Listing:
    """One table found on the network."""

    name: str  # the advertised service name, unique on the network
    url: str
    host: str  # the host's name as players read it
    mode: str
    seats: int
    free: int
    code: str | None = None  # only when the host shared it
    table: str | None = None  # the table's mark (table_mark), None from an older game


def table_mark(tokens: dict[int, str]) -> str | None:
    """Which table this is, said on the air without its code: a hash of the host's first seat
    token. A new table at the same address has another; the same table opened again (its
    seats back by their tokens) the same. A hash of the code would not do: a code is short
    enough to find from its hash."""
    if not tokens:
        return None
    token = tokens[min(tokens)]
    return hashlib.sha256(b"scare-it table mark\0" + token.encode("utf-8")).hexdigest()[:MARK_LENGTH]


class NoNetwork(OSError):
    """This computer has no network interface to look for tables on (a laptop offline)."""


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    # Only IPv4: every home router and the loopback tests have it; None means every interface.
    try:
        if interfaces:
            return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        return Zeroconf(ip_version=IPVersion.V4Only)
    except RuntimeError as err:  # zeroconf's word for "no IPv4 interface to listen on"
        raise NoNetwork(f"no network to look for tables on ({err})") from None


class Advert:
    """A table advertised until close(); update() when seats are taken."""

    def __init__(self, host: str, port: int, addresses: list[str], *, mode: str, seats: int,
                 free: int, code: str | None = None, table: str | None = None,
                 interfaces: list[str] | None = None) -> None:
        self._zc = _zeroconf(interfaces)
        # A DNS label holds 63 bytes: the host's printable letters, cut whole, then the port.
        label = "".join(ch for ch in host if ch.isprintable() and ch != ".") or "table"
        room = 63 - len(f" {port}")
        label = label.encode("utf-8")[:room].decode("utf-8", "ignore").strip()
        self._name = f"{label} {port}.{SERVICE}"
        self._base = {"v": str(VERSION), "host": host, "mode": mode, "seats": str(seats)}
        if code is not None:
            self._base["code"] = code
        if table is not None:
            self._base["table"] = table
        self._info = self._make(port, addresses, free)
        self._zc.register_service(self._info, allow_name_change=True)

    def _make(self, port: int, addresses: list[str], free: int) -> ServiceInfo:
        return ServiceInfo(SERVICE, self._name, port=port,
                           addresses=[socket.inet_aton(a) for a in addresses],
                           properties=self._base | {"free": str(free)},
                           server=f"scare-it-{port}.local.")

    def update(self, free: int) -> None:
        info = self._info
        self._info = self._make(info.port, info.parsed_addresses(), free)
        self._info.name = info.name  # keep the name a clash may have changed
        self._zc.update_service(self._info)

    def close(self) -> None:
        self._zc.unregister_service(self._info)
        self._zc.close()


class Browser:
    """Tables on the network, kept up to date by zeroconf's own thread; `listings()` is a
    snapshot the window may read every frame."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self._zc = _zeroconf(interfaces)
        self._lock = threading.Lock()
        self._found: dict[str, Listing] = {}
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        listing = _listing(name, info) if info is not None else None
        if listing is not None:
            with self._lock:
                self._found[name] = listing

    def listings(self) -> list[Listing]:
        with self._lock:
            return sorted(self._found.values(), key=lambda x: (x.host, x.url))

    def close(self) -> None:
        self._browser.cancel()
        self._zc.close()


def _listing(name: str, info: ServiceInfo) -> Listing | None:
    """A listing from what was advertised; None for another version's or a broken one."""
    props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
             for k, v in info.properties.items()}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if props.get("v") != str(VERSION) or not addresses or not info.port:
        return None
    try:
        seats, free = int(props.get("seats", "")), int(props.get("free", ""))
    except ValueError:
        return None
    mark = props.get("table")
    if mark is not None and not (len(mark) == MARK_LENGTH and mark.isascii() and mark.isalnum()):
        mark = None  # not a mark this game makes: the table is listed, never matched
    return Listing(name, f"ws://{addresses[0]}:{info.port}", props.get("host", "?"),
                   props.get("mode", "?"), seats, free, props.get("code"), mark)


def browse(seconds: float, interfaces: list[str] | None = None) -> list[Listing]:
    """The tables heard within `seconds`."""
    browser = Browser(interfaces)
    try:
        threading.Event().wait(seconds)
        return browser.listings()
    finally:
        browser.close()
