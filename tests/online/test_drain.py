"""SIGUSR1 drains a `serve` process: no new tables, the running ones go on, then it exits."""

from __future__ import annotations

import signal
import urllib.error
import urllib.request

from tests.online.helpers import RawPeer, ServerProcess, finish, host, spawn

PLANS = [{"place": "host", "name": "Anna"}, {"place": "remote"}]


def _health(port: int) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            return answer.status, answer.read().decode().strip()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode().strip()


def test_a_draining_server_refuses_new_tables_finishes_its_games_and_exits():
    s = ServerProcess()
    try:
        h, code = host(s.url, "--seats", "2", "--bot", "easy", "--name", "Anna")
        assert _health(s.port) == (200, "ok")
        s.process.send_signal(signal.SIGUSR1)
        # Told as soon as asked: a front door's check sends new tables elsewhere.
        for _ in range(100):
            if _health(s.port)[0] != 200:
                break
        assert _health(s.port) == (503, "draining")
        late = RawPeer(s.url + "/new")
        late.send({"type": "create", "mode": "standard", "seats": PLANS})
        assert late.until("error")["code"] == "server-full"
        # The running table goes on to its end.
        j = spawn("join", s.url, code, "--name", "Ben", "--bot", "easy")
        hc, hout, herr = finish(h)
        jc, jout, jerr = finish(j)
        assert (hc, jc) == (0, 0), herr + jerr
        assert hout[-1] == jout[-1]
        late.close()
        assert s.process.wait(timeout=60) == 0
    finally:
        if s.process.poll() is None:
            s.stop()
