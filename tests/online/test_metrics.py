"""`/metrics` on the server's port: what an operator watches, and nothing that names a table."""

from __future__ import annotations

import re
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from game.match.record import read_record
from tests.online.helpers import RawPeer, finish, host, server, spawn


def _metrics(port: int) -> tuple[str, dict[tuple[str, tuple], float]]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = answer.read().decode()
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(text) for s in family.samples}
    return text, samples


def _sum(samples: dict, name: str) -> float:
    return sum(v for (n, _), v in samples.items() if n == name)


def test_metrics_count_tables_moves_and_refusals_and_name_no_table_token_or_player(tmp_path):
    with server() as s:
        kept = tmp_path / "game.txt"
        h, code = host(s.url, "--seats", "2", "--bot", "easy", "--name", "Annabel",
                       "--record", str(kept))
        j = spawn("join", s.url, code, "--name", "Bertrand", "--bot", "easy")
        assert finish(h)[0] == 0 and finish(j)[0] == 0
        waiting = RawPeer(s.url)
        waiting.send({"type": "create", "mode": "standard",
                      "seats": [{"place": "host", "name": "Clementine"}, {"place": "remote"}]})
        joined = waiting.until("joined")
        stranger = RawPeer(s.url)
        stranger.send({"type": "rejoin", "code": joined["code"], "token": "x" * 22})
        assert stranger.until("error")["code"] == "bad-token"
        text, samples = _metrics(s.port)
        # Every word in it (numbers aside: a code's digits may stand in one by chance).
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_\-]*", text))
        for secret in (code, joined["code"], joined["seats"][0]["token"], "Annabel", "Bertrand",
                       "Clementine"):
            assert not any(secret.upper() in word.upper() for word in words), secret
        assert samples[("scare_it_tables", (("state", "waiting"),))] == 1
        assert _sum(samples, "scare_it_connections") >= 2
        moves = _sum(samples, "scare_it_moves_total")
        # The game's every move (a random deal: how many it takes varies), and no other.
        assert moves == len(read_record(kept.read_text(encoding="utf-8")).moves)
        assert _sum(samples, "scare_it_move_seconds_count") > 0
        assert _sum(samples, "scare_it_db_write_seconds_count") >= moves
        assert samples[("scare_it_refusals_total", (("reason", "bad-token"),))] == 1
        assert ("scare_it_gc_pauses_total", ()) in samples
