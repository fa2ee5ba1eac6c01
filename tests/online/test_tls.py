"""`scare-it serve --certfile --keyfile` speaks wss:// with the standard library's ssl."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess

import pytest
from websockets.sync.client import connect

from game.online.shared.protocol import VERSION
from tests.online.helpers import command, server


@pytest.fixture
def certificate(tmp_path):
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def test_a_table_server_speaks_wss_and_a_client_verifies_it(certificate):
    cert, key = certificate
    with server("--certfile", str(cert), "--keyfile", str(key)) as s:
        assert s.url.startswith("wss://")
        trusting = ssl.create_default_context(cafile=str(cert))
        # A generous wait: on a loaded 2-core machine (CI runs two test workers and their
        # servers) a fresh server's first TLS handshake once took over 10 s.
        with connect(s.url, ssl=trusting, proxy=None, open_timeout=60) as ws:
            ws.send(json.dumps({"type": "hello", "version": VERSION}))
            assert json.loads(ws.recv(timeout=60))["type"] == "welcome"
        with pytest.raises(ssl.SSLCertVerificationError):  # unknown to the system's store
            connect(s.url, proxy=None, open_timeout=60).__enter__()


def test_a_certificate_that_cannot_be_used_is_one_line(tmp_path):
    bad = tmp_path / "cert.pem"
    bad.write_text("not a certificate")
    done = subprocess.run(command("serve", "--port", "0", "--no-db", "--certfile", str(bad)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "cannot use the certificate" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
