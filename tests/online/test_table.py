"""The table authority and the client's mirror without a network: lobby, start, secrecy per
message, and that lost or repeated messages never make a mirror disagree with the table."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.modes import Mode
from game.match.record import read_record, write_record
from game.online.client.mirror import Confirmed, GameEnded, Mirror, Started
from game.online.server.table import Table
from game.online.shared.protocol import COMPUTER, HOST, REMOTE, ProtocolError, tasks_word

MODES = [m for m in Mode if not m.solo]
SHAPES = [(m, n) for m in MODES for n in m.player_counts]


def _table(mode: Mode, n: int, seed: int = 6_150_223_901_337_411, computers: int = 0) -> tuple[Table, list]:
    plans = ([{"place": HOST, "name": "Anna"}] + [{"place": REMOTE}] * (n - 1 - computers)
             + [{"place": COMPUTER, "level": "easy"}] * computers)
    table = Table("TESTTT", mode, plans, 0, seed=seed)
    outs = table.host_holds(0)
    for conn in range(1, n - computers):
        outs += table.join(conn, f"Player {conn + 1}")
    return table, outs


def _feed(mirrors: dict[int, Mirror], outs, keep=lambda conn, message: True):
    notices = {conn: [] for conn in mirrors}
    for conn, message in outs:
        if conn in mirrors and keep(conn, message):
            # Through JSON, as on the wire.
            notices[conn] += mirrors[conn].receive(json.loads(json.dumps(message)))
    return notices


@pytest.mark.parametrize("mode,n", SHAPES, ids=lambda x: getattr(x, "value", str(x)))
def test_each_connection_gets_its_own_cards_only_until_the_end(mode, n):
    table, outs = _table(mode, n)
    assert table.started
    tasks = [tasks_word(p.tasks) for p in table.state.players]
    while not table.over:
        seat = table.state.turn
        outs += table.play(seat, seat, table.state.legal_moves()[0].text, len(table.state.moves))
    end = next(i for i, (_, m) in enumerate(outs) if m["type"] == "over")
    for conn, message in outs[:end]:
        assert str(table.seed) not in json.dumps(message)
        if message["type"] == "state":
            assert message["yours"] == [{"seat": conn, "tasks": tasks[conn]}]
        else:
            assert "tasks" not in message and "yours" not in message
    overs = [m for _, m in outs[end:] if m["type"] == "over"]
    assert len(overs) == n and all(m["tasks"] == tasks for m in overs)


def test_the_lobby_frees_a_seat_whose_person_left_before_the_start():
    table = Table("TESTTT", Mode.STANDARD, [{"place": HOST, "name": "Anna"}, {"place": REMOTE},
                                            {"place": REMOTE}], 0, seed=1)
    table.host_holds(0)
    table.join(1, "Ben")
    lobby = table.drop(1, now=0.0)[0][1]
    assert lobby["free"] == 2 and lobby["seats"][1]["name"] is None
    table.join(2, "Ben")  # the name is free again, and so is the seat
    assert not table.started
    with pytest.raises(ProtocolError) as refused:
        table.play(2, 1, "a1xa2", 0)
    assert refused.value.code == "not-started"
    table.join(3, "Cleo")
    assert table.started


@pytest.mark.parametrize("plans", [
    [{"place": REMOTE}, {"place": REMOTE}],  # nobody is the host
    [{"place": HOST, "name": "Anna"}],  # too few
    [{"place": HOST, "name": "Anna"}, {"place": COMPUTER, "level": "genius"}],
    [{"place": HOST, "name": "Anna"}, {"place": "ghost"}],
    [{"place": HOST, "name": "Anna"}, "remote"],
    [{"place": HOST, "name": "Anna"}, {"place": HOST, "name": "Anna"}],
    [{"place": HOST}, {"place": REMOTE}],
])
def test_a_table_that_cannot_be_is_refused(plans):
    with pytest.raises(ProtocolError) as refused:
        Table("TESTTT", Mode.STANDARD, plans, 0, seed=1)
    assert refused.value.code in ("bad-table", "name-taken", "bad-name")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2 ** 32),
       lost=st.lists(st.booleans(), min_size=40, max_size=40), computers=st.integers(0, 1))
def test_lost_messages_are_made_good_by_a_sync(shape, seed, lost, computers):
    """Any pattern of lost 'moved' messages: each mirror notices the gap and asks (no
    watchdog on silence: a loss nothing follows is a dropped connection, and the rejoin's
    state at the end makes it good), and ends with the table's moves, told once each and in
    order."""
    mode, n = shape
    table, outs = _table(mode, n, seed, computers=min(computers, n - 1))
    people = n - min(computers, n - 1)
    mirrors = {conn: Mirror() for conn in range(people)}
    told = {conn: [] for conn in mirrors}
    count = 0

    def keep(conn, message):
        return message["type"] != "moved" or not lost[(message["number"] + conn) % len(lost)]

    def absorb(notices):
        for conn, found in notices.items():
            told[conn] += [x.move for x in found if isinstance(x, Confirmed)]
            for x in found:
                if isinstance(x, Started):
                    told[conn] = list(x.state.moves)

    absorb(_feed(mirrors, outs))
    while not table.over:
        count += 1
        seat = table.state.turn
        conn = seat if seat < people else None
        outs = table.play(conn, seat, table.state.legal_moves()[seed % 3 % len(
            table.state.legal_moves())].text, len(table.state.moves))
        absorb(_feed(mirrors, outs, keep))
        for c, mirror in mirrors.items():  # a gap seen: the mirror asks
            if mirror.wants_sync:
                absorb(_feed(mirrors, [(c, table.state_for(c))]))
    for c, mirror in mirrors.items():
        absorb(_feed(mirrors, [(c, table.state_for(c)), (c, table.over_message())]))
        assert mirror.game.moves == table.state.moves
        assert mirror.game.position == table.state.position
        assert told[c] == list(table.state.moves)
        assert [p.tasks for p in mirror.game.players] == [p.tasks for p in table.state.players]
        assert isinstance(mirror.ended, GameEnded)


def test_a_moved_message_that_does_not_follow_is_not_believed():
    table, outs = _table(Mode.STANDARD, 2)
    mirror = Mirror()
    _feed({1: mirror}, outs)
    seat = table.state.turn
    moved = table.play(seat, seat, table.state.legal_moves()[0].text, 0)[0][1]
    forged = dict(moved, position="YC/YC")
    assert mirror.receive(forged) and mirror.wants_sync  # played, but the field disagrees
    mirror.wants_sync = False
    assert mirror.receive(moved) == []  # told twice: played once
    assert mirror.receive(dict(moved, number=5)) == [] and mirror.wants_sync


@pytest.mark.parametrize("mode,n", SHAPES, ids=lambda x: getattr(x, "value", str(x)))
def test_a_saved_table_opens_again_at_the_same_move_and_its_people_take_their_seats_back(mode, n):
    table, _ = _table(mode, n, computers=1)
    for _ in range(3):
        if table.over:
            break
        seat = table.state.turn
        conn = None if table.seats[seat].place == COMPUTER else seat
        table.play(conn, seat, table.state.legal_moves()[0].text, len(table.state.moves))
    record = read_record(write_record(table.saved(8765, "abc"), secret=True, final=table.state))
    again = Table.from_record(record, now=100.0)
    assert again.code == table.code and again.state == table.state and again.dealt == table.dealt
    assert not again.connections()  # everyone is away until they come back
    if not again.over:  # a computer may stand in for whoever stays away
        assert again.away(100.0 + 120, 120) == [i for i in range(n) if i != n - 1]
    # The host by its token, a far player by code and name (the host lets them in: a name
    # is public), the other by its token.
    outs = again.rejoin(50, table.seats[0].token)
    if n > 2:
        asked = again.join(51, "Player 2", now=100.0)
        assert [(c, m["type"]) for c, m in asked] == [(51, "claim-pending"), (50, "claim")]
        assert not any(m["type"] == "state" for _, m in asked)  # nothing before the host says
        outs += again.admit(50, asked[1][1]["claim"], True)
        assert again.seat_of(table.seats[1].token) is None  # the old token opens it no more
    for i in range(2, n - 1):
        outs += again.rejoin(50 + i, table.seats[i].token)
    states = [m for _, m in outs if m["type"] == "state"]
    assert {tuple(y["seat"] for y in m["yours"]) for m in states} == {(i,) for i in range(n - 1)}
    for m in states:  # each its own task cards, as before
        [mine] = m["yours"]
        assert mine["tasks"] == tasks_word(table.state.players[mine["seat"]].tasks)
    assert again.is_host(50)
    with pytest.raises(ProtocolError):
        again.rejoin(60, "x" * 22)


def test_a_shown_record_never_holds_the_tables_tokens():
    table, _ = _table(Mode.STANDARD, 2)
    record = table.saved(8765)
    assert "online:" not in write_record(record, final=table.state)
    assert table.seats[0].token in write_record(record, secret=True, final=table.state)


def test_each_seat_entry_says_how_long_until_the_computer_plays_an_away_seat():
    table, _outs = _table(Mode.STANDARD, 3)
    now = [100.0]
    table.stand_in_after, table.clock = 120.0, lambda: now[0]
    mirror = Mirror()
    _feed({2: mirror}, [(2, table.state_for(2))])
    _feed({2: mirror}, table.drop(1, now[0]))  # Player 2's connection is gone
    assert mirror.seats[1].computer_in == 120
    now[0] += 30.5
    _feed({2: mirror}, [(2, table.state_for(2))])  # as a screen coming back hears it
    assert mirror.seats[1].computer_in == 90  # whole seconds, rounded up
    assert all(s.computer_in is None for s in mirror.seats if s.seat != 1)
    _feed({2: mirror}, table.stand_in(None, 1, "normal"))
    assert mirror.seats[1].stand_in == "normal" and mirror.seats[1].computer_in is None
    table.stand_in_after = None  # only the host's word lets a computer play: nothing counts
    table.drop(2, now[0])
    assert "computer_in" not in table.state_for(0)["seats"][2]
