"""Which network an address is in, for the limits that count networks as well as addresses
(docs/PROTOCOL.md, Limits; the code gate's, the crowd's): one place, for every limit that
needs it."""

from __future__ import annotations

import functools
import ipaddress

IPV4_NETWORK = 24  # one home, office or café behind a router rarely spans more
IPV6_NETWORK = 48  # one site; a home or a phone has a whole /64 (limits.address_key counts it so)


@functools.lru_cache(maxsize=65536)  # asked at every connection, every code and every table
def network_of(address: str) -> str:
    """The network of an address as `limits.address_key` gives it (an IPv4 address or an IPv6
    /64): its IPv4 /24 ('203.0.113.0/24') or its IPv6 /48; anything else (no address) itself."""
    try:
        net = ipaddress.ip_network(address, strict=False)
    except ValueError:
        return address  # '?' counts as itself
    prefix = IPV4_NETWORK if net.version == 4 else IPV6_NETWORK
    return str(net.supernet(new_prefix=prefix)) if net.prefixlen > prefix else str(net)
