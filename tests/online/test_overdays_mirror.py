"""The window's mirror of a table over days (issue 48): its time (`days`) and history
(`notes`) from `joined` and `state`, each `notice` added, and the new deadline after a move."""

from __future__ import annotations

import asyncio

from game.engine.moves import legal_moves
from game.online.client.mirror import Mirror, Noted
from game.online.shared.protocol import DAY
from tests.online.test_overdays import Family, read


def test_the_mirror_keeps_the_tables_time_and_history_over_days():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        mirror = Mirror()
        for message in read(ben):
            mirror.receive(message)
        assert mirror.days is not None and mirror.days.per_move == DAY
        assert mirror.days.on_time == "wait" and mirror.days.deadline == table.days.deadline
        assert mirror.notes == ()
        family.tick(0.8 * DAY)  # a quarter of the time is left
        noticed = [n for m in read(ben) for n in mirror.receive(m)]
        assert noticed == [Noted("reminder", 0, 0)] and mirror.notes == (Noted("reminder", 0, 0),)
        family.ask(ben, {"type": "more-time"})
        for message in read(ben):
            mirror.receive(message)
        assert mirror.days.deadline == table.days.deadline  # one more day, told
        move = legal_moves(table.state.position)[0]
        family.ask(anna, {"type": "play", "seat": 0, "move": move.text, "number": 0})
        for message in read(ben):
            mirror.receive(message)
        assert mirror.game is not None and len(mirror.game.moves) == 1
        assert mirror.days.deadline == table.days.deadline == family.now + DAY  # Ben's time
        late = Mirror()  # whoever comes back later reads the whole history in `joined`
        late.receive(table._joined(next(iter(table.seats[1:2])).holder))
        assert [n.note for n in late.notes] == ["reminder", "more-time"]
    asyncio.run(main())


def test_a_live_tables_mirror_has_no_days():
    mirror = Mirror()
    mirror.receive({"type": "joined", "code": "KTR4WM", "mode": "standard",
                    "seats": [{"seat": 0, "token": "t"}]})
    assert mirror.days is None and mirror.notes == ()
