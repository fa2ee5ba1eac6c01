"""The online commands refuse bad input with one line on stderr and exit 2, and never load pygame."""

from __future__ import annotations

import queue
import socket
import subprocess
import sys
import threading
import time

import pytest

from game.online.commands import CLAIM_ANSWERS
from tests.online.helpers import ROOT, RawPeer, command, finish, host, server, spawn


def _refusal(*args: str) -> str:
    done = subprocess.run(command(*args), capture_output=True, text=True, timeout=60, cwd=ROOT,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("scare-it: "), done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def url():
    with server() as s:
        yield s.url


def test_no_server_is_one_line():
    url = f"ws://127.0.0.1:{_free_port()}"
    assert "cannot reach" in _refusal("join", url, "ABC-DEF")
    assert "cannot reach" in _refusal("host", url, "--mode", "standard", "--seats", "2")


@pytest.mark.parametrize("url", ["garbage", "http://127.0.0.1:1", "ws://", "ws://127.0.0.1:99999",
                                 "ws://[::1", ""])
def test_garbage_urls_are_one_line(url):
    _refusal("join", url, "ABCDEF")


def test_a_server_that_is_not_a_table_server_is_one_line():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        process = subprocess.Popen(command("join", f"ws://127.0.0.1:{port}", "ABCDEF"),
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   cwd=ROOT)
        peer, _ = listener.accept()
        peer.recv(4096)
        peer.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi")
        peer.close()
        _, err = process.communicate(timeout=60)
    assert process.returncode == 2 and len(err.splitlines()) == 1, err


def test_wrong_code_full_table_and_taken_name(url):
    assert "no table" in _refusal("join", url, "WWW-WWW", "--name", "Ben")
    h, code = host(url, "--mode", "standard", "--seats", "2", "--bot", "easy", "--name", "Anna")
    assert "has that name" in _refusal("join", url, code, "--name", "Anna")
    j = spawn("join", url, code, "--name", "Ben", "--bot", "easy")
    assert finish(j)[0] == 0 and finish(h)[0] == 0
    assert "started" in _refusal("join", url, code, "--name", "Cleo")
    h, code = host(url, "--mode", "standard", "--seats", "2", "--code", "kids-table-one")
    assert code == "KIDSTABLEONE"
    assert "exists already" in _refusal("host", url, "--mode", "standard", "--code",
                                        "KIDS TABLE ONE")
    assert "10 to 40" in _refusal("host", url, "--mode", "standard", "--code", "kids")
    h.kill()
    finish(h)


@pytest.mark.parametrize("args,words", [
    (["--mode", "solo"], "played alone"),
    (["--mode", "chess"], "unknown mode"),
    (["--mode", "teams", "--seats", "3"], "teams is for 4, 6, 8 seats"),
    (["--seats", "two"], "whole number"),
    (["--bot", "genius"], "unknown bot level"),
    (["--seats", "2", "--computer", "easy", "--computer", "easy"], "do not fit"),
    (["--record", "/no/such/folder/r.txt"], "no such folder"),
    (["--first", "9"], "--first"),
    (["--per-move", "15d"], "from 1s to 14d"),
    (["--per-move", "tomorrow"], "not a time like"),
    (["--once"], "give --per-move too"),
    (["--per-move", "1d", "--on-time", "skip"], "invalid choice"),
])
def test_bad_host_options_are_one_line(url, args, words):
    assert words in _refusal("host", url, *args)


def test_serve_on_a_taken_port_is_one_line():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert "cannot listen" in _refusal("serve", "--host", "127.0.0.1", "--port", str(port),
                                         "--no-db")


NO_PYGAME = """
import sys
from game.cli import main
code = main({argv!r})
loaded = [m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui")]
print("LOADED" if loaded else "CLEAN", code)
"""


def test_online_commands_never_import_pygame(url):
    h, code = host(url, "--mode", "standard", "--seats", "2", "--bot", "easy")
    done = subprocess.run([sys.executable, "-c", NO_PYGAME.format(
        argv=["join", url, code, "--name", "Ben", "--bot", "easy"])],
        capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.stdout.splitlines()[-1] == "CLEAN 0", done.stderr
    assert finish(h)[0] == 0


@pytest.mark.parametrize("answer", [a for a in CLAIM_ANSWERS if a != "leave"])  # leave: no answer
def test_a_command_line_host_answers_a_claim_as_its_option_says(url, answer):
    expected = "joined" if answer == "admit" else "error"
    h, code = host(url, "--mode", "standard", "--seats", "2", "--name", "Anna", "--bot", "easy",
                   "--claims", answer)
    try:
        dora = RawPeer(url)
        dora.send({"type": "join", "code": code, "name": "Dora"})
        token = dora.until("joined")["seats"][0]["token"]
        dora.until("state")
        dora.close()  # her connection drops; someone without her token asks by name
        claimant = RawPeer(url, source="127.0.0.2")
        for _ in range(100):  # two connections race: her drop may reach the table after this
            claimant.send({"type": "join", "code": code, "name": "Dora"})
            reply = claimant.recv(30)
            if reply["type"] == "claim-pending":
                break
            assert reply.get("code") == "table-full", reply  # her seat still held: again
            time.sleep(0.1)
        else:
            raise AssertionError("her seat was never let go")
        message = claimant.until(expected)
        if expected == "joined":
            assert message["seats"][0]["token"] != token  # let in, with a new token
        else:
            assert message["code"] == "claim-refused"
        # The host says what it answered; it may say so after the claimant has heard.
        said = queue.Queue()
        threading.Thread(target=lambda: [said.put(line) for line in h.stdout],
                         daemon=True).start()
        seen = []
        while not any(f"(--claims {answer})" in line and "Dora" in line for line in seen):
            seen.append(said.get(timeout=60))
    finally:
        h.kill()
        h.wait()
