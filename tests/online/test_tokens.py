"""Kept seat tokens (issue 31): one file per player (the window's in the per-user folder, the
CLI's named by --token-file), found again however the address was typed, written atomically,
a damaged one kept aside with a notice; `scare-it join --token-file` comes back by itself."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.online.client import tokens as tokens_module
from game.online.client.links import server_key
from game.online.client.tokens import KEEP, TokenStore
from tests.online.helpers import finish, host, server, spawn


def test_kept_seats_are_found_however_the_address_and_code_are_typed(tmp_path):
    path = tmp_path / "tokens.json"
    store = TokenStore.load(path)
    store.keep("192.168.1.20", "ktr-4wm", {1: "secret-b", 0: "secret-a"}, "Ben")
    again = TokenStore.load(path)
    for url, code in (("ws://192.168.1.20:8765", "KTR4WM"), (" 192.168.1.20 ", "k t r 4 w m"),
                      ("WS://192.168.1.20:8765/", "KTR-4WM")):
        kept = again.get(url, code)
        assert kept is not None and kept.tokens == ((0, "secret-a"), (1, "secret-b"))
        assert kept.name == "Ben" and kept.seats == (0, 1)
    assert again.get("192.168.1.20:9000", "KTR4WM") is None  # another server, another table
    assert again.get("wss://192.168.1.20:8765", "KTR4WM") is None
    again.forget("192.168.1.20", "KTR4WM")
    assert TokenStore.load(path).kept == []


def test_the_newest_tables_are_kept_and_listed_newest_first(tmp_path):
    store = TokenStore.load(tmp_path / "tokens.json")
    for n in range(KEEP + 5):
        store.keep("eva.local", f"CODE{n}", {0: f"t{n}"}, "Ben")
    kept = TokenStore.load(tmp_path / "tokens.json").kept
    assert len(kept) == KEEP and {k.code for k in kept} == {f"CODE{n}" for n in range(5, KEEP + 5)}
    assert [k.code for k in store.at("eva.local")][0] == f"CODE{KEEP + 4}"


def test_a_tables_mark_is_kept_and_stays_when_the_seat_is_kept_again_without_one(tmp_path):
    path = tmp_path / "tokens.json"
    TokenStore.load(path).keep("eva.local", "KTR4WM", {1: "t"}, "Ben", table="1234567890abcdef")
    TokenStore.load(path).keep("eva.local", "KTR4WM", {1: "t2"}, "Ben")  # Continue, typed
    kept = TokenStore.load(path).get("eva.local", "KTR4WM")
    assert kept.table == "1234567890abcdef" and kept.tokens == ((1, "t2"),)
    TokenStore.load(path).keep("eva.local", "OTHER1", {0: "u"}, "Ben")
    assert TokenStore.load(path).get("eva.local", "OTHER1").table is None  # never listed


@settings(max_examples=60, deadline=None)
@given(tokens=st.dictionaries(st.integers(0, 7), st.text(
    st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=64),
    min_size=1, max_size=8),
    name=st.text(min_size=1, max_size=24))
def test_any_seats_a_table_gives_come_back_from_the_file(tmp_path_factory, tokens, name):
    path = tmp_path_factory.mktemp("tokens") / "tokens.json"
    TokenStore.load(path).keep("wss://club.example.org:443", "ABCDEF", tokens, name)
    kept = TokenStore.load(path).get("wss://club.example.org:443", "abc-def")
    assert kept is not None and dict(kept.tokens) == tokens and kept.name == name


@pytest.mark.parametrize("content", [
    b"not json", b"[]", b'{"tables": {}}', b'{"tables": [7]}',
    b'{"tables": [{"server": "ws://a:1", "code": "X", "name": "B", "when": 1, "seats": []}]}',
    json.dumps({"tables": [{"server": "ws://a:1", "code": "X", "name": "B", "when": 1,
                            "seats": [{"seat": 0, "token": "\u017elu\u0165ou\u010dk\u00fd"}]}]}).encode(),
    json.dumps({"tables": [{"server": "ws://a:1", "code": "X", "name": "B", "when": 1,
                            "seats": [{"seat": True, "token": "t"}]}]}).encode(),
    json.dumps({"tables": [{"server": "ws://a:1", "code": "X", "name": "B", "when": 1,
                            "seats": [{"seat": 0, "token": "t" * 65}]}]}).encode(),
    json.dumps({"tables": [{"server": "ws://a:1", "code": "X", "name": "B", "when": 1,
                            "seats": [{"seat": 0, "token": "t"}], "table": ["x"]}]}).encode(),
    b"\xff\xfe{", b'{"tables": [\x00]}', b"[" * 100_000,
])
def test_a_damaged_file_is_kept_aside_with_a_notice(tmp_path, content):
    path = tmp_path / "tokens.json"
    path.write_bytes(content)
    store = TokenStore.load(path)
    assert store.kept == [] and store.notice and store.problem
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("tokens.json.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert aside[0].name in store.notice and aside[0].name in store.problem
    assert not path.exists()
    store.keep("eva.local", "ABCDEF", {0: "t"}, "Ben")  # and the game goes on with a new one
    assert TokenStore.load(path).get("eva.local", "ABCDEF") is not None


def test_a_file_that_cannot_be_moved_aside_is_told_and_left_alone(tmp_path, monkeypatch):
    path = tmp_path / "tokens.json"
    path.mkdir()  # a folder where the file should be
    monkeypatch.setattr(tokens_module, "keep_aside", lambda _path, _tag: None)  # a read-only folder
    store = TokenStore.load(path)
    assert store.kept == [] and store.notice and "could not be read" in store.notice
    assert "left as it is" in store.problem
    store.keep("eva.local", "ABCDEF", {0: "t"}, "Ben")
    assert store.unsaved and path.is_dir()  # said, not raised; the folder untouched


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "tokens.json"
    store = TokenStore.load(path)
    store.keep("eva.local", "ABCDEF", {0: "old"}, "Ben")
    before = path.read_bytes()

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    store.keep("eva.local", "ABCDEF", {0: "new"}, "Ben")
    assert store.unsaved == "No space left on device"
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["tokens.json"]  # no temporary left


def test_server_keys_are_one_spelling():
    assert server_key("Eva.Local") == "ws://eva.local:8765"
    assert server_key("wss://[::1]:9000/x") == "wss://[::1]:9000"


# --- the CLI ---------------------------------------------------------------------------------


def test_join_with_a_token_file_comes_back_by_itself_and_forgets_a_finished_table(tmp_path):
    tokens = tmp_path / "mia.json"
    with server() as s:
        eva, code = host(s.url, "--seats", "2", "--name", "Eva", "--bot", "easy", "--first", "2")
        try:
            # Mia opens and thinks (her moves from standard input): the table waits for her.
            mia = spawn("join", s.url, code, "--name", "Mia", "--token-file", str(tokens),
                        stdin=subprocess.PIPE)
            assert mia.stdout.readline().strip() == "seat 2"
            assert mia.stdout.readline().startswith("your move")
            mia.kill()  # the player's computer goes down mid-game
            mia.communicate(timeout=20)
            kept = TokenStore.load(tokens).get(s.url, code)
            assert kept is not None and kept.seats == (1,) and kept.name == "Mia"
            # Started again with the same file, and no name: the seat comes back by itself.
            back = spawn("join", s.url, code, "--bot", "easy", "--token-file", str(tokens))
            bc, bout, berr = finish(back)
            hc, hout, herr = finish(eva)
        finally:
            if eva.poll() is None:
                eva.kill()
    assert (bc, hc) == (0, 0), berr + herr
    assert bout[0] == "seat 2" and bout[-1] == hout[-1]
    assert TokenStore.load(tokens).kept == []  # the table is over: nothing kept


def test_a_token_file_in_no_folder_is_one_line(tmp_path):
    from tests.online.test_commands import _refusal

    line = _refusal("join", "ws://127.0.0.1:1", "ABCDEF", "--token-file",
                    str(tmp_path / "none" / "t.json"))
    assert "no such folder" in line
