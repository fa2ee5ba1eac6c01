"""The turn checker (game/online/client/turns.py) on a fake clock: a table that becomes yours
is told once, a quarter of the time left once, a table not yours never."""

from __future__ import annotations

from game.online.client.turns import TurnChecker, Watched

DAY = 86400.0


class Tables:
    """A fake `status` answer: each code's entry, as the server words it, on a fake clock."""

    def __init__(self) -> None:
        self.now = 1_000_000.0
        self.entries: dict[str, dict] = {}
        self.asked: list[tuple[str, list]] = []

    def set(self, code: str, seat: int, turn: int, moves: int, per_move: float = DAY) -> None:
        self.entries[code] = {"code": code, "known": True, "seat": seat, "started": True,
                              "over": False, "turn": turn, "moves": moves,
                              "deadline": self.now + per_move, "per_move": per_move,
                              "names": ["Grandma", "Ben", None]}

    def ask(self, server: str, pairs: list[tuple[str, str]]) -> list[dict]:
        self.asked.append((server, pairs))
        return [self.entries.get(code, {"code": code, "known": False}) for code, _t in pairs]


WATCHED = [Watched("ws://home:8765", "ABC", "tok-ben"), Watched("ws://home:8765", "XYZ", "tok-2")]


def test_a_turn_that_becomes_yours_is_told_once_and_a_quarter_left_once():
    tables = Tables()
    checker = TurnChecker(tables.ask, clock=lambda: tables.now)
    tables.set("ABC", seat=1, turn=0, moves=4)
    tables.set("XYZ", seat=0, turn=1, moves=2)  # never this player's turn
    assert checker.check(WATCHED) == []
    tables.set("ABC", seat=1, turn=1, moves=5)  # Grandma moved
    told = checker.check(WATCHED)
    assert [(t.about, t.code, t.others) for t in told] == [("turn", "ABC", ("Grandma",))]
    assert told[0].link == "scare-it://home:8765/ABC"
    tables.now += DAY / 2
    assert checker.check(WATCHED) == []  # still this player's turn: said once
    tables.now += DAY / 4 + 1  # a quarter of the day left
    assert [(t.about, t.code) for t in checker.check(WATCHED)] == [("reminder", "ABC")]
    tables.now += DAY / 8
    assert checker.check(WATCHED) == []  # the reminder, once
    tables.set("ABC", seat=1, turn=0, moves=6)
    tables.set("ABC", seat=1, turn=1, moves=7)  # the next turn is told again
    assert [t.about for t in checker.check(WATCHED)] == ["turn"]
    assert all(pairs == [("ABC", "tok-ben"), ("XYZ", "tok-2")] for _s, pairs in tables.asked)


def test_a_table_not_yours_over_or_unknown_is_never_told():
    tables = Tables()
    checker = TurnChecker(tables.ask, clock=lambda: tables.now)
    tables.set("XYZ", seat=0, turn=1, moves=2)
    tables.entries["ABC"] = {"code": "ABC", "known": True, "seat": 1, "started": True,
                             "over": True, "turn": None, "moves": 9, "deadline": None}
    for _ in range(3):
        tables.now += DAY
        assert checker.check(WATCHED) == []


def test_a_server_that_cannot_be_reached_is_passed_by_until_the_next_round():
    tables = Tables()

    def ask(server, pairs):
        raise OSError("no route to host")
    checker = TurnChecker(ask, clock=lambda: tables.now)
    assert checker.check(WATCHED) == []
    assert checker.unreachable == {"ws://home:8765"}


def test_what_is_told_names_the_other_players_in_their_own_slot():
    from game.online.client.turns import REMINDER, TURN, Told, told_words
    title, body = told_words(Told(TURN, "ws://home:8765", "ABC", ("Grandma", "Ben")))
    assert "Grandma, Ben" in body and "ABC" in body and title
    reminder, _body = told_words(Told(REMINDER, "ws://home:8765", "ABC", ()))
    assert reminder != title and "ABC" in _body


def test_the_watch_tells_each_news_of_a_round_and_reads_the_tables_anew_each_round():
    from game.online.client.turns import TurnWatch
    tables = Tables()
    tables.set("ABC", seat=1, turn=1, moves=5)
    rounds, told = [], []

    def watched():
        rounds.append(1)
        return WATCHED
    watch = TurnWatch(watched, told.append, TurnChecker(tables.ask, clock=lambda: tables.now))
    watch.round()
    watch.round()
    assert len(rounds) == 2 and [(t.about, t.code) for t in told] == [("turn", "ABC")]


def test_the_watch_reads_a_damaged_token_file_as_none_and_leaves_it_where_it_is(tmp_path):
    """The window sets a damaged file aside and says so; a watcher reading beside it must not
    take that from it."""
    from game.online.client.tokens import TokenStore, peek
    damaged = tmp_path / "tokens.json"
    damaged.write_text("{not json", encoding="utf-8")
    assert peek(damaged) == [] and damaged.read_text(encoding="utf-8") == "{not json"
    assert peek(tmp_path / "none.json") == []
    good = tmp_path / "good.json"
    TokenStore.load(good).keep("ws://home:8765", "ABC", {1: "tok"}, "Ben")
    assert [(h.code, h.tokens) for h in peek(good)] == [("ABC", ((1, "tok"),))]


def test_the_game_and_the_watcher_tell_a_turn_once_between_them(tmp_path):
    """Both running (the window open, the watcher started at login), or one --once run after
    another: what one told is kept in a shared file, and the other does not tell it again."""
    from game.online.client.turns import ToldFile
    tables = Tables()
    tables.set("ABC", seat=1, turn=1, moves=5)
    told = ToldFile(tmp_path / "told.json")
    game = TurnChecker(tables.ask, clock=lambda: tables.now, told=told)
    watcher = TurnChecker(tables.ask, clock=lambda: tables.now, told=ToldFile(told.path))
    assert [t.about for t in game.check(WATCHED)] == ["turn"]
    assert watcher.check(WATCHED) == []
    tables.now += DAY * 3 / 4 + 1
    assert [t.about for t in watcher.check(WATCHED)] == ["reminder"]
    assert game.check(WATCHED) == []
    (tmp_path / "told.json").write_text("{damaged", encoding="utf-8")
    tables.set("ABC", seat=1, turn=1, moves=7)
    assert [t.about for t in game.check(WATCHED)] == ["turn"]  # a damaged file: told afresh
