"""The online table's link: what it hears on the network comes back as a report for the
table to act on, in order, with no table scene behind it."""

from __future__ import annotations

import threading

from game.engine.modes import Mode
from game.engine.state import new_game
from game.online.client.client import OnlineError
from game.online.client.mirror import (
    ClaimAsked,
    ClaimSettled,
    Closed,
    GameEnded,
    Presence,
    Refused,
    SeatStatus,
    Started,
)
from game.online.shared.protocol import COMPUTER, REMOTE
from game.scenes.online.link import Follow, Leave, MoveRefused, Reveal, Say, TableLink


class Client:
    """A client whose notices are given by the test: nothing goes over a network."""

    url, code = "ws://127.0.0.1:9", None

    def __init__(self, *notices, mine=(0,), claims=None) -> None:
        self.notices = list(notices)
        self.mine = mine
        self.seats = ()
        self.claims = claims or {}
        self.ended = None

    def poll(self):
        notices, self.notices = self.notices, []
        return notices


def person(seat: int, connected: bool, stand_in=None) -> SeatStatus:
    return SeatStatus(seat, REMOTE, f"Far {seat}", None, True, connected, stand_in)


def test_nothing_heard_is_no_news():
    heard = TableLink(Client(), None, None).listen(asking=False)
    assert heard.said == [] and heard.ask is None and not heard.news


def test_others_coming_and_going_are_words_in_the_order_heard():
    client = Client(Presence(person(1, False), True), Presence(person(1, True), False),
                    Presence(person(0, False), False))  # seat 0 is this screen's own
    heard = TableLink(client, None, None).listen(asking=False)
    assert heard.news
    assert [type(s) for s in heard.said] == [Say, Say]
    assert "dropped" in heard.said[0].text and heard.said[0].seconds == 5.0
    assert "back at the table" in heard.said[1].text


def test_the_table_computer_coming_is_not_said():
    computer = SeatStatus(2, COMPUTER, None, "normal", True, True)
    heard = TableLink(Client(Presence(computer, False)), None, None).listen(asking=False)
    assert heard.said == [] and heard.news


def test_a_refused_move_comes_back_as_a_refusal():
    heard = TableLink(Client(Refused("bad-move", "no", "play")), None, None).listen(False)
    assert [type(s) for s in heard.said] == [MoveRefused]
    assert TableLink(Client(Refused("bad", "no", "join")), None, None).listen(False).said == []


def test_a_move_the_server_cannot_save_is_said_in_plain_words():
    heard = TableLink(Client(Refused("cannot-save", "the server cannot save moves right now",
                                     "play")), None, None).listen(False)
    [refusal] = heard.said
    assert "cannot save moves right now" in refusal.text and "Try it again" in refusal.text
    other = TableLink(Client(Refused("bad-move", "no", "play")), None, None).listen(False)
    assert other.said[0].text != refusal.text


def test_the_end_reveals_its_task_cards_once():
    tasks = ((1, 2), (3, 4))
    client = Client(GameEnded("over", tasks, ""))
    client.ended = GameEnded("over", tasks, "")
    link = TableLink(client, None, None)
    assert link.listen(False).said == [Reveal(tasks)]
    assert link.reveal() is None  # already in the history


def test_a_whole_game_sent_mid_game_is_for_the_session_to_follow():
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 3, 0, [None, None])
    heard = TableLink(Client(Started(state)), None, None).listen(False)
    assert heard.said == [Follow(state)]


def test_a_taken_seat_leaves_and_forgets_the_far_players_save():
    heard = TableLink(Client(Closed("taken"), Refused("x", "y", "play")), None, None).listen(False)
    assert len(heard.said) == 1 and isinstance(heard.said[0], Leave)
    assert heard.said[0].forget_save and heard.leaving


def test_a_claim_is_asked_once_no_prompt_is_open_and_until_answered():
    claim = ClaimAsked(4, 1, "Far 1")
    client = Client(claim, claims={4: claim})
    link = TableLink(client, None, None)
    assert link.listen(asking=True).ask is None  # one prompt at a time
    assert link.listen(asking=False).ask == claim
    answered = []
    client.admit = lambda number, allow: answered.append((number, allow))
    link.answer(4, False)
    assert answered == [(4, False)] and link.listen(asking=False).ask is None


def test_a_claim_settled_by_another_screen_is_said():
    client = Client(ClaimAsked(4, 1, "Far 1"), ClaimSettled(4, True))
    heard = TableLink(client, None, None).listen(False)
    assert [type(s) for s in heard.said] == [Say] and "given back" in heard.said[0].text


class Reaching(Client):
    """A client whose table answers after `refusals` tries (a restarting server)."""

    def __init__(self, *notices, refusals: int = 0) -> None:
        super().__init__(*notices)
        self.refusals, self.tries = refusals, 0

    def reconnect(self) -> None:
        self.tries += 1
        if self.tries <= self.refusals:
            raise OnlineError("no-server", "nobody answers")


def test_a_restarting_server_is_waited_for_with_a_clock_and_never_read_as_the_host_leaving():
    now = [0.0]
    go = threading.Event()

    def sleep(seconds: float) -> bool:
        go.wait(10)
        now[0] += seconds
        return False

    link = TableLink(Reaching(Closed("restarting"), refusals=3), None, None)
    link.clock, link.sleep = (lambda: now[0]), sleep
    assert link.listen(False).said == []  # trying, nothing to leave for
    now[0] = 42.0
    assert link.trying_words() == ("The table's server is restarting. Trying to reach the "
                                   "table… (0:42)")
    assert not link.host_left
    go.set()
    link.trying.wait(10)
    heard = link.listen(False)
    assert [type(s) for s in heard.said][-1] is Say and link.trying is None
    assert link.client.tries == 4 and link.trying_words() is None


def test_a_table_not_reached_in_all_that_time_says_the_seat_waits():
    link = TableLink(Reaching(Closed("lost"), refusals=10 ** 6), None, None)
    now = [0.0]
    link.clock = lambda: now[0]
    link.sleep = lambda seconds: now.__setitem__(0, now[0] + seconds)
    said = link.listen(False).said
    while not said:  # (its clock runs out at once)
        said = link.listen(False).said
    [_withdraw, leave] = said
    assert isinstance(leave, Leave) and "Continue" in leave.notice and "host" not in leave.notice


def test_an_away_seat_counts_down_on_this_screens_clock_from_what_the_table_said():
    from dataclasses import replace

    from game.engine.modes import Mode
    from game.engine.state import new_game

    state = new_game(Mode.STANDARD, ["Eva", "Far 1"], 3, 1, [None, None])
    client = Client(mine=(0,))
    away = replace(person(1, False), computer_in=120)
    client.seats = (person(0, True), away)
    now = [1000.0]
    link = TableLink(client, None, None)
    link.clock = lambda: now[0]
    link.listen(False)  # heard at 1000 s on this screen's clock
    assert link.where_words(away)[0] == "away (2:00)"
    now[0] += 18.5
    assert link.where_words(away)[0] == "away (1:42)"
    assert link.waiting_words(state) == \
        "Far 1 is away: the computer plays for them when the time is up (1:42)"
    now[0] += 200
    assert link.where_words(away)[0] == "away (0:00)"  # until the table says it plays
    client.seats = (person(0, True), replace(away, computer_in=120))  # the table said it again
    link.listen(False)
    assert link.where_words(client.seats[1])[0] == "away (2:00)"
    played = replace(away, stand_in="normal", computer_in=None)
    client.seats = (person(0, True), played)
    assert link.where_words(played)[0] == "away: the computer plays"
    assert link.waiting_words(state) is None
    waiting = person(1, False)  # no wait set (only the host's word): no count
    client.seats = (person(0, True), waiting)
    assert link.where_words(waiting)[0] == "away"
    assert link.waiting_words(state) == "Far 1 is away: the table waits for them to come back"
