"""Leaving a table over days for good (issue 48): a computer plays that seat for the rest of
the game, the history says so to everyone, the token opens nothing any more, and all of it
is kept in the database (a fake wall clock, as tests/online/test_overdays.py)."""

from __future__ import annotations

import asyncio

from game.engine.ai import SKILLS
from game.online.server.store import Store
from tests.online.test_overdays import TWO, Family, notes, other_than, read


def test_a_player_who_leaves_for_good_is_played_by_a_computer_said_to_all_and_kept(tmp_path):
    async def main():
        family = Family(Store(tmp_path / "t.sqlite3"))
        table, anna, ben = family.table()  # Anna to move
        token = table.seats[0].token
        read(anna), read(ben)
        family.ask(anna, {"type": "leave", "token": token})
        told = [m for m in read(ben) if m["type"] == "notice"]
        assert [(m["note"], m["seat"]) for m in told] == [("left", 0)]
        assert [m["note"] for m in read(anna) if m["type"] == "notice"] == ["left"]
        assert notes(table) == [("left", 0, 0)]
        assert table.computer_turn() is not None and table.computer_turn()[1] in SKILLS
        await family.server.thinking[table.code]  # it was her turn: the computer moves
        assert len(table.state.moves) == 1 and table.state.turn == 1
        assert not table.held_by(anna.id)
        # Her token opens nothing now, as a wrong token opens nothing.
        back, wrong = family.peer(), family.peer()
        family.ask(back, {"type": "rejoin", "code": table.code, "token": token})
        family.ask(wrong, {"type": "rejoin", "code": table.code, "token": other_than(token)})
        assert read(back) == read(wrong) == [{"type": "error", "code": "bad-token"}]
        # Nor does her name take the seat back.
        family.ask(back, {"type": "join", "code": table.code, "name": "Anna"})
        assert read(back)[-1]["code"] == "table-full"
        # Kept with the database's each write: a computer's seat, said in the notes.
        family.server.close()
        again, problems = Store(tmp_path / "t.sqlite3").tables(0.0)
        assert problems == [] and len(again) == 1
        kept = again[0]
        assert kept.seats[0].left and kept.seats[0].computer in SKILLS
        assert kept.seat_of(token) is None and ("left", 0, 0) in notes(kept)
        assert [m.text for m in kept.state.moves] == [m.text for m in table.state.moves]
    asyncio.run(main())


def test_leaving_for_good_only_with_your_own_token_and_only_over_days():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        family.ask(ben, {"type": "leave", "token": table.seats[0].token})
        assert read(ben)[-1]["code"] == "not-your-seat"
        assert table.seats[0].computer is None
        live_anna, live_ben = family.peer(), family.peer()
        family.ask(live_anna, {"type": "create", "mode": "standard", "seats": TWO})
        family.ask(live_ben, {"type": "join", "code": live_anna.table.code, "name": "Ben"})
        read(live_ben)
        token = live_anna.table.seats[1].token
        family.ask(live_ben, {"type": "leave", "token": token})
        assert read(live_ben)[-1]["code"] == "not-over-days"
        family.ask(family.peer(), {"type": "leave"})  # no token: malformed, before any table
    asyncio.run(main())


def test_a_computer_seat_after_a_leave_is_played_at_the_level_the_table_uses():
    async def main():
        family = Family()
        anna, ben = family.peer(), family.peer()
        seats = [*TWO, {"place": "computer", "level": "easy"}]
        family.ask(anna, {"type": "create", "mode": "standard", "seats": seats, "first": 2,
                          "per_move": 86400})
        table = anna.table
        family.ask(ben, {"type": "join", "code": table.code, "name": "Ben"})
        family.ask(ben, {"type": "leave", "token": table.seats[1].token})
        assert table.seats[1].computer == "easy"
    asyncio.run(main())
