"""Invite links (docs/PROTOCOL.md, "Invite links"): written and read back for every kind of
address, anything else refused with a reason; `scare-it join LINK` plays with one; the game
started with one opens at Join with both filled in; the desktop entry handles them."""

from __future__ import annotations

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cli import take_invite
from game.online.client.links import DEFAULT_PORT, BadLink, invite_link, is_invite, parse_invite
from game.online.shared.protocol import CODE_ALPHABET, normal_code
from tests.online.helpers import ROOT, command, finish, host, server


@pytest.mark.parametrize("url,link", [
    ("ws://192.168.1.20:8765", "scare-it://192.168.1.20:8765/KTR4WM"),
    ("192.168.1.20", "scare-it://192.168.1.20:8765/KTR4WM"),
    ("ws://[2001:db8::7]:9000", "scare-it://[2001:db8::7]:9000/KTR4WM"),
    ("wss://Club.Example.org:443", "scare-it://club.example.org:443/KTR4WM?tls=1"),
])
def test_a_link_says_the_server_and_the_code(url, link):
    assert invite_link(url, "ktr-4wm") == link
    back_url, code = parse_invite(link)
    assert code == "KTR4WM" and invite_link(back_url, code) == link


@given(host=st.one_of(st.ip_addresses(v=4).map(str), st.ip_addresses(v=6).map(lambda a: f"[{a}]"),
                      st.from_regex(r"[a-z][a-z0-9-]{0,20}(\.[a-z]{2,6}){0,2}", fullmatch=True)),
       port=st.integers(1, 65535), secure=st.booleans(),
       code=st.text(st.sampled_from(CODE_ALPHABET + "ABDEGQ0125"), min_size=4, max_size=24))
def test_every_table_address_comes_back_from_its_link(host, port, secure, code):
    url = f"{'wss' if secure else 'ws'}://{host}:{port}"
    back_url, back_code = parse_invite(invite_link(url, code))
    assert back_code == normal_code(code)
    assert back_url.lower() == url.lower()


@pytest.mark.parametrize("text", [
    "http://192.168.1.20:8765/KTR4WM", "scare-it://", "scare-it:///KTR4WM",
    "scare-it://192.168.1.20:8765/", "scare-it://192.168.1.20:99999/KTR4WM",
    "scare-it://192.168.1.20:8765/KTR%2F4WM", "scare-it://me@192.168.1.20/KTR4WM",
    "scare-it://192.168.1.20/" + "K" * 25, "scare-it://192.168.1.20/KTR\u00e94WM",
    "scare-it://[::1/KTR4WM", "scare-it://192.168.1.20/KTR4WM/../x", "scare-it:KTR4WM",
])
def test_what_is_not_a_link_is_refused_with_a_reason(text):
    with pytest.raises(BadLink) as refused:
        parse_invite(text)
    assert str(refused.value)


def test_a_link_without_a_port_means_the_usual_one_and_tls_is_said_in_the_query():
    assert parse_invite("SCARE-IT://eva.local/ktr-4wm") == (f"ws://eva.local:{DEFAULT_PORT}", "KTR4WM")
    assert parse_invite("scare-it://eva.local/KTR4WM?tls=1&later=x#y")[0].startswith("wss://")
    assert is_invite(" scare-it://x/Y") and not is_invite("ws://x")


def test_the_game_takes_a_link_given_to_it_and_leaves_a_commands_alone():
    assert take_invite(["--windowed", "scare-it://h/C0DE"]) == (["--windowed"], "scare-it://h/C0DE")
    assert take_invite(["join", "scare-it://h/C0DE"]) == (["join", "scare-it://h/C0DE"], None)


def test_join_plays_from_an_invite_link():
    with server() as s:
        eva, code = host(s.url, "--seats", "2", "--name", "Eva", "--bot", "easy")
        try:
            link = invite_link(s.url, code)
            mia = subprocess.Popen(command("join", link, "--name", "Mia", "--bot", "easy"),
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   cwd=ROOT)
            mc, mout, merr = finish(mia)
            ec, eout, _err = finish(eva)
        finally:
            if eva.poll() is None:
                eva.kill()
    assert (mc, ec) == (0, 0), merr
    assert mout[0] == "seat 2" and mout[-1] == eout[-1]


@pytest.mark.parametrize("args,words", [
    (["join", "scare-it://h:1/ABCD", "ABCD"], "not both"),
    (["join", "scare-it://me@h:1/ABCD"], "invite link"),
    (["join", "ws://127.0.0.1:1"], "code is missing"),
    (["scare-it://h/ABCD", "tables"], "invite link is for starting the game"),
    (["join", "scare-it://127.0.0.1:0/ABCD"], "port 0"),
])
def test_bad_links_on_the_command_line_are_one_line(args, words):
    from tests.online.test_commands import _refusal

    assert words in _refusal(*args)


@pytest.mark.parametrize("text", ["scare-it://192.168.1.20:0/KTR4WM",
                                  "scare-it://[2001:db8::7]:00/KTR4WM"])
def test_port_0_in_a_link_is_refused_not_read_as_the_usual_port(text):
    with pytest.raises(BadLink, match="port 0"):
        parse_invite(text)
