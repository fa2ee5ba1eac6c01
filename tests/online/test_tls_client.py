"""wss:// on the client side (issue 31): a certificate is checked against the system's trust
store; one that cannot be verified is refused with the code 'untrusted' and clear words;
--insecure (the CLI) connects anyway. The server is a TLS WebSocket server inside the test
with a self-signed certificate made by the `openssl` command."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from game.online.client.client import OnlineClient, OnlineError
from tests.online import fake_server
from tests.online.fake_server import FakeServer, no_table, server_tls
from tests.online.helpers import ROOT, command

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None,
                                reason="the openssl command is needed to make a certificate")
certificate = fake_server.certificate  # a self-signed certificate made by `openssl`


def test_a_certificate_nobody_vouches_for_is_refused_as_untrusted(certificate):
    with FakeServer(no_table, ssl=server_tls(certificate)) as server:
        with pytest.raises(OnlineError) as refused:
            OnlineClient(server.url).connect()
        assert refused.value.code == "untrusted"
        assert "certificate cannot be verified" in str(refused.value)
        assert server.received == []  # not one word was sent to it


def test_a_certificate_the_trust_store_holds_is_accepted(certificate, monkeypatch):
    """The client uses the system's trust store (OpenSSL's default paths, which
    SSL_CERT_FILE names here): a certificate found there connects without --insecure."""
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
    with FakeServer(no_table, ssl=server_tls(certificate)) as server:
        client = OnlineClient(server.url).connect()
        with pytest.raises(OnlineError) as refused:
            client.join("KTR4WM", "Ben")
        assert refused.value.code == "no-table"  # it spoke with the table, over TLS
        client.close()


def test_insecure_connects_to_a_clubs_own_certificate(certificate):
    with FakeServer(no_table, ssl=server_tls(certificate)) as server:
        client = OnlineClient(server.url, insecure=True).connect()
        with pytest.raises(OnlineError):
            client.join("KTR4WM", "Ben")
        client.close()
        assert server.received[0]["type"] == "hello"


def test_ws_to_a_tls_server_and_wss_to_a_plain_one_are_not_table_servers(certificate):
    with FakeServer(no_table, ssl=server_tls(certificate)) as server:
        with pytest.raises(OnlineError) as plain:
            OnlineClient(server.url.replace("wss://", "ws://"), timeout=5).connect()
    assert plain.value.code in ("not-a-table-server", "no-answer", "lost")
    with FakeServer(no_table) as server:
        with pytest.raises(OnlineError) as secure:
            OnlineClient(server.url.replace("ws://", "wss://"), timeout=5).connect()
    assert secure.value.code == "not-a-table-server"


def test_the_cli_refuses_in_one_line_and_insecure_connects(certificate):
    with FakeServer(no_table, ssl=server_tls(certificate)) as server:
        refused = subprocess.run(command("join", server.url, "KTR4WM"), capture_output=True,
                                 text=True, timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL)
        insecure = subprocess.run(command("join", server.url, "KTR4WM", "--insecure"),
                                  capture_output=True, text=True, timeout=60, cwd=ROOT,
                                  stdin=subprocess.DEVNULL)
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1
    assert "certificate cannot be verified" in refused.stderr
    assert insecure.returncode == 2 and "no table" in insecure.stderr  # it reached the table


def test_help_says_plainly_what_insecure_gives_up():
    shown = subprocess.run(command("join", "--help"), capture_output=True, text=True,
                           timeout=60, cwd=ROOT)
    words = " ".join(shown.stdout.split())
    assert "--insecure" in words and "do NOT check its certificate" in words
    assert "--token-file" in words and "invite link" in words


def test_the_window_joins_a_clubs_own_certificate_only_when_started_with_insecure(certificate):
    from game.cli import build_parser, main
    from game.online.window.joining import Joining

    with FakeServer(no_table, ssl=server_tls(certificate)) as server:
        with pytest.raises(OnlineError) as checked:
            Joining(server.url, "KTR4WM", "Ben", timeout=5).run()
        with pytest.raises(OnlineError) as unchecked:
            Joining(server.url, "KTR4WM", "Ben", timeout=60, insecure=True).run()
    assert checked.value.code == "untrusted"
    assert unchecked.value.code == "no-table"  # it spoke with the table
    assert build_parser().parse_args(["--insecure"]).window_insecure
    assert main(["--insecure", "join", server.url, "KTR4WM"]) == 2
