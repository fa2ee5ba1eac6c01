"""One connection's odd messages are refused in one place before any handler, never a crash
of its connection (issue 45): a second hello, text no UTF-8 can hold, numbers that are not
finite."""

from __future__ import annotations

import pytest

from game.online.shared.protocol import VERSION, ProtocolError, checked, decode, encode
from tests.online.helpers import RawPeer, server

OTHER = "127.0.0.2"  # another address of this machine's loopback

# Each would once close its connection with a traceback in the server's log, or be echoed
# as text that is not JSON.
ODD = [
    '{"type": "hello", "version": 1}',  # a second hello (KeyError 'hello', close 1011)
    '{"type": "ping", "ref": "\\ud800"}',  # a lone surrogate echoed (close 1006)
    '{"type": "\\udfff"}',  # a lone surrogate in the type, echoed as `ref`
    '{"type": "ping", "ref": [{"deep": "x\\udc00"}]}',
    '{"type": "ping", "ref": NaN}',  # echoed as {"ref":NaN}: not JSON
    '{"type": "ping", "ref": -Infinity}',
    '{"type": "ping", "ref": 1e999}',  # a float too big: inf
    '{"type": "join", "code": "ABCDEF", "name": "Ben", "extra": Infinity}',
]


def test_odd_messages_are_malformed_and_the_connection_lives_on():
    with server() as s:
        peer = RawPeer(s.url, source=OTHER)
        for raw in ODD:
            peer.send(raw)
            answer = peer.until("error")
            assert answer["code"] == "malformed", (raw, answer)
        peer.send({"type": "ping", "ref": "still here"})
        assert peer.until("pong")["ref"] == "still here"
        err = s.stop()
    assert "Traceback" not in err and "Error" not in err, err[-3000:]


@pytest.mark.parametrize("raw", ODD[1:])
def test_the_reader_refuses_what_cannot_be_written_back(raw):
    with pytest.raises(ProtocolError) as caught:
        decode(raw)
    assert caught.value.code == "malformed"


def test_a_paired_surrogate_escape_is_a_character_like_any():
    message = decode('{"type": "ping", "ref": "\\ud83c\\udca1"}')
    assert message["ref"] == "🂡" and encode(message)


def test_the_conversation_is_checked_before_any_handler():
    with pytest.raises(ProtocolError) as caught:
        checked({"type": "hello", "version": 1}, greeted=True)
    assert caught.value.code == "malformed" and "once" in str(caught.value)
    with pytest.raises(ProtocolError) as caught:
        checked({"type": "ping"}, greeted=False)
    assert caught.value.code == "hello-first"
    with pytest.raises(ProtocolError) as caught:
        checked({"type": "hello", "version": VERSION + 1}, greeted=False)
    assert caught.value.code == "version"
    assert checked({"type": "ping"}, greeted=True) == {"type": "ping"}


def test_the_server_never_writes_a_number_json_cannot_read():
    with pytest.raises(ValueError):
        encode({"type": "pong", "ref": float("nan")})
