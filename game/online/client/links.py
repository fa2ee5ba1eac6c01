"""Table addresses as people type them, and invite links (docs/PROTOCOL.md, "Invite links")."""

from __future__ import annotations

from urllib.parse import parse_qs, quote, unquote, urlsplit

from game.online.shared.protocol import normal_code

DEFAULT_PORT = 8765
SCHEME = "scare-it"
CODE_MAX = 24  # a picked code is at most this long; a link with more is not a table's
HOST_MAX = 253  # the longest DNS name


class BadLink(ValueError):
    """A text that is not an invite link (the message says why, in English)."""


def table_url(typed: str) -> str:
    """An address as a person types it ('192.168.1.20', 'eva.local:8765', 'wss://club.org')
    as a table URL: ws:// when no scheme is given, the usual port when none is."""
    text = typed.strip()
    if "://" not in text:
        text = "ws://" + text
    rest = text.split("://", 1)[1]
    host = rest.split("/", 1)[0]
    if ":" not in host.rsplit("]", 1)[-1]:
        text = text.replace(host, f"{host}:{DEFAULT_PORT}", 1)
    return text


def server_key(url: str) -> str:
    """One spelling for one server: 'ws://eva.local:8765' however it was typed (case, a
    missing port, a trailing path), so kept seats are found again by their server."""
    parts = urlsplit(table_url(url))
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        port = DEFAULT_PORT  # not a port at all: the key still names the text given
    return f"{parts.scheme.lower()}://{host}:{port}"


def invite_link(url: str, code: str) -> str:
    """The link a host shares: scare-it://HOST:PORT/CODE, with ?tls=1 for a wss:// server."""
    parts = urlsplit(server_key(url))
    link = f"{SCHEME}://{parts.netloc}/{quote(normal_code(code))}"
    return link + "?tls=1" if parts.scheme == "wss" else link


def is_invite(text: str) -> bool:
    return text.strip().lower().startswith(SCHEME + ":")


def parse_invite(text: str) -> tuple[str, str]:
    """(table URL, code) of an invite link; BadLink says what is wrong with one that is not."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError as err:
        raise BadLink(f"'{text[:80]}' is not an invite link ({err})") from None
    if parts.scheme.lower() != SCHEME:
        raise BadLink(f"an invite link starts with {SCHEME}://")
    host = parts.hostname or ""
    if not host or len(host) > HOST_MAX or parts.username is not None \
            or any(ch.isspace() or ch in "/\\@" for ch in host):
        raise BadLink("the invite link names no table server")
    code = normal_code(unquote(parts.path).strip("/"))
    if not code or len(code) > CODE_MAX or not (code.isascii() and code.isalnum()):
        raise BadLink("the invite link holds no table code")
    if port == 0:  # no server listens there; read as the usual port it would mislead
        raise BadLink("the invite link names port 0, where no table server listens")
    tls = parse_qs(parts.query).get("tls", ["0"])[-1].lower() in ("1", "yes", "true")
    shown = f"[{host}]" if ":" in host else host
    return f"{'wss' if tls else 'ws'}://{shown}:{port or DEFAULT_PORT}", code
