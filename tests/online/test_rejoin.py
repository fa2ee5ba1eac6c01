"""A dropped player gets the seat back (by token, or by code and name) while the table waits;
after a while a computer stands in for one who does not come back."""

from __future__ import annotations

from game.online.client.client import OnlineClient, OnlineError
from game.online.client.mirror import GameEnded, Started
from tests.online.helpers import RawPeer, finish, host, server, spawn


def _until(client, kind, timeout=60):
    while True:
        notice = client.wait(timeout=timeout)
        assert notice is not None, f"no {kind.__name__} came"
        if isinstance(notice, kind):
            return notice


def _play_out(client, seat):
    sent = None
    while True:
        game = client.game
        if game is not None and not game.over and game.turn == seat and sent != len(game.moves):
            client.send_move(game.legal_moves()[0])
            sent = len(game.moves)
        notice = client.wait(timeout=60)
        assert notice is not None, "the table went quiet"
        if isinstance(notice, GameEnded):
            return notice


def test_code_and_name_give_the_seat_back_to_a_new_process_once_the_host_lets_it_in():
    with server() as s:
        anna = RawPeer(s.url)
        anna.send({"type": "create", "mode": "standard", "first": 1, "seats": [
            {"place": "host", "name": "Anna"}, {"place": "remote"}, {"place": "computer", "level": "easy"}]})
        code = anna.until("joined")["code"]
        person = OnlineClient(s.url).connect()
        seat = person.join(code, "Dora")
        _until(person, Started)
        person.close()  # the connection drops mid-game
        watcher = OnlineClient(s.url).connect()
        try:
            watcher.join(code, "Eve")
            raise AssertionError("a stranger took a seat kept for its player")
        except OnlineError as err:
            assert err.code == "table-full"
        watcher.close()
        back = spawn("join", s.url, code, "--name", "Dora", "--bot", "easy")
        claim = anna.until("claim")
        assert claim["name"] == "Dora"
        anna.send({"type": "admit", "claim": claim["claim"], "allow": True})
        assert back.stdout.readline().strip() == f"seat {seat + 1}"
        back.kill()
        finish(back)


def test_a_token_takes_the_seat_back_and_the_table_said_it_waits():
    with server() as s:
        h, code = host(s.url, "--mode", "standard", "--seats", "2", "--bot", "easy", "--first", "2")
        person = OnlineClient(s.url).connect()
        seat = person.join(code, "Dora")
        _until(person, Started)
        assert person.game.turn == seat  # --first 2: the table waits for Dora from the start
        token = person.token
        person.close()
        spy = OnlineClient(s.url).connect()  # a second connection of Dora's, by token
        spy.mirror.code, spy.mirror.tokens = code, {seat: token}
        spy.reconnect()
        assert spy.mine == (seat,)
        assert _until(spy, Started).state.turn == seat
        final = _play_out(spy, seat)
        spy.close()
        hc, hout, herr = finish(h)
        assert hc == 0, herr
        assert any(line == f"waiting for Dora (seat {seat + 1})" for line in hout), hout
        assert final.result == hout[-1]


def test_a_computer_stands_in_for_a_player_who_stays_away():
    with server("--stand-in-after", "1") as s:
        h, code = host(s.url, "--mode", "all-included", "--seats", "2", "--bot", "easy")
        person = OnlineClient(s.url).connect()
        seat = person.join(code, "Dora")
        _until(person, Started)
        watcher_token = person.token
        person.close()
        hc, hout, herr = finish(h)
        assert hc == 0, herr  # the game finished with a computer in Dora's seat
        again = OnlineClient(s.url).connect()
        again.mirror.code, again.mirror.tokens = code, {seat: watcher_token}
        again.reconnect()  # the finished game is still there for her: result and record
        ended = _until(again, GameEnded)
        assert ended.result == hout[-1]
        again.close()
