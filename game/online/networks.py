"""Which network an address is in, for the limits that count networks as well as addresses
(docs/PROTOCOL.md, Limits): one place, for every limit that needs it."""

from __future__ import annotations

import functools
import ipaddress

IPV4_NETWORK = 24  # one home, office or café behind a router rarely spans more
IPV6_NETWORK = 64  # what one home or one phone is given (limits.address_key counts it so)


@functools.lru_cache(maxsize=65536)  # asked at every connection and for every open table
def network_of(address: str) -> str:
    """The network of an address as `limits.address_key` gives it: an IPv4 address's /24
    ('203.0.113.0/24'); an IPv6 key is its /64 already; anything else (no address) itself."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address  # an IPv6 key is a /64 network already; '?' counts as itself
    bits = IPV4_NETWORK if ip.version == 4 else IPV6_NETWORK
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))
