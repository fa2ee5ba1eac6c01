"""A `status` tells a token that sits at a table what My tables shows (issue 48): its mode,
players, the last move and the field; a wrong token still learns nothing (test_overdays)."""

from __future__ import annotations

import asyncio

from game.engine.moves import legal_moves
from game.engine.position import format_position
from game.online.shared.protocol import DAY
from tests.online.test_overdays import Family, read


def test_a_status_tells_a_seated_token_the_players_the_last_move_and_the_field():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        move = legal_moves(table.state.position)[0]
        family.ask(anna, {"type": "play", "seat": 0, "move": move.text, "number": 0})
        peer = family.peer()
        family.ask(peer, {"type": "status", "tables": [
            {"code": table.code, "token": table.seats[1].token},
            {"code": table.code, "token": "x" * 22}]})
        mine, wrong = read(peer)[0]["tables"]
        assert mine["mode"] == "standard" and mine["last"]["move"] == move.text
        assert mine["last"]["seat"] == 0 and mine["per_move"] == DAY
        assert [s["name"] for s in mine["seats"]] == ["Anna", "Ben"]
        assert mine["position"] == format_position(table.state.position)
        assert wrong == {"code": table.code, "known": False}
    asyncio.run(main())
