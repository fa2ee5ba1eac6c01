"""Secrets over days (issue 48): every byte a player is sent across a game over days — its
notices, its status answers, every --once visit — holds no other seat's task card or token
until the end, nor the seed that dealt them."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3

import pytest

from game.engine.ai import view_for
from game.match.record import read_record
from game.online.shared.protocol import DAY, tasks_word
from tests.online.helpers import Recorder, ServerProcess
from tests.online.test_overdays import Family, other_than, read
from tests.online.test_overdays_once import play_by_once
from tests.online.test_secrecy import OVER, frames


def test_notices_and_status_tell_a_player_no_other_seats_secret():
    async def main():
        family = Family()
        table, anna, ben = family.table("computer")
        words = [tasks_word(view_for(table.state, i, start=table.dealt.position).tasks)
                 for i in range(2)]
        family.ask(ben, {"type": "more-time"})
        family.leave(anna)
        family.tick(1.8 * DAY)  # the reminder
        family.tick(DAY)  # the time runs out: a computer moves for Anna
        await family.server.thinking[table.code]
        family.ask(ben, {"type": "status", "tables": [
            {"code": table.code, "token": table.seats[1].token},
            {"code": table.code, "token": other_than(table.seats[0].token)}]})
        family.ask(ben, {"type": "sync"})
        sent = read(ben)
        kinds = {m["type"] for m in sent}
        assert {"notice", "status", "state", "moved"} <= kinds
        text = "".join(json.dumps(m) for m in sent)
        assert words[1] in text  # the check can see a task word when it is there
        assert words[0] not in text and table.seats[0].token not in text
        assert str(table.seed) not in text
        assert all(m["yours"] == [{"seat": 1, "tasks": words[1]}] for m in sent
                   if m["type"] == "state")
    asyncio.run(main())


@pytest.mark.slow
def test_every_once_visit_of_a_game_over_days_keeps_the_others_secrets(tmp_path):
    db = tmp_path / "tables.sqlite3"
    s = ServerProcess(db=db)
    recorder = Recorder(s.port)
    try:
        texts = play_by_once(tmp_path, lambda name: recorder.url if name == "Cleo" else s.url)
        data = recorder.bytes()
    finally:
        recorder.close()
        s.stop()
    record = read_record(texts[0])
    with sqlite3.connect(db) as con:
        (setup,) = con.execute("SELECT setup FROM finished").fetchone()
    tokens = [seat["token"] for seat in json.loads(setup)["seats"]]
    words = [tasks_word(t) for t in record.tasks]
    visits = [b"HTTP/1.1 101" + part for part in re.split(rb"HTTP/1\.1 101", data)[1:]]
    assert len(visits) >= 4, "every visit of Cleo's went through the recorder"
    told_end = False
    for visit in visits:
        before = visit[:visit.index(OVER)] if OVER in visit else visit
        told_end |= OVER in visit
        for other in (0, 1):
            assert words[other].encode() not in before, f"seat {other + 1}'s cards leaked"
            assert tokens[other].encode() not in visit, f"seat {other + 1}'s token leaked"
        assert str(record.seed).encode() not in before
        for message in frames(visit):
            if message["type"] == "over":
                break
            if message["type"] == "state":
                assert [y["seat"] for y in message["yours"]] == [2]
    assert told_end and any(tokens[2].encode() in v for v in visits)


def test_a_leave_for_good_tells_nobody_the_seats_new_token_or_its_cards():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        old = table.seats[0].token
        cards = tasks_word(view_for(table.state, 0, start=table.dealt.position).tasks)
        read(anna), read(ben)
        family.ask(anna, {"type": "leave", "token": old})
        await family.server.thinking[table.code]  # the computer plays her move
        family.ask(ben, {"type": "sync"})
        new = table.seats[0].token
        assert new != old and table.seats[0].left
        for peer in (anna, ben):
            text = "".join(json.dumps(m) for m in read(peer))
            assert "left" in text  # what is checked was sent
            assert new not in text and cards not in text and str(table.seed) not in text
            assert peer is anna or old not in text
    asyncio.run(main())
