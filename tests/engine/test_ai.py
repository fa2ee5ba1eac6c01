"""Computer opponents: the seat view hides the others' task cards; bots only play legal moves."""

from __future__ import annotations

import gc
import pickle
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import i18n
from game.engine.ai import SKILLS, ExpertBot, HardBot, SeatView, Skill, make_bot, view_for
from game.engine.ai import bots as bots_module
from game.engine.ai.beliefs import deals, own_tasks, sparing_weights
from game.engine.ai.bots import STYLES
from game.engine.ai.expert import DealSearchBot
from game.engine.ai.fast import encode, gen_moves, play, settle, shrinks, to_move
from game.engine.cards import Animal, Colour
from game.engine.modes import Mode
from game.engine.position import parse_position
from game.engine.rng import Rng
from game.engine.state import GameState, Player, apply, deal_position, new_game
from tests.engine.helpers import MULTI, NAMES, played

# The levels that search for their whole budget, and every level but the gentlest (which
# plays at random, sparing only its own cards): these weigh the deals and the game's end.
SEARCHING = [level.name for level in SKILLS.levels() if level.searches]
WEIGHING = list(SKILLS)[1:]


def _reachable(root) -> list:
    """Every object reachable from `root` (the view's whole object graph)."""
    seen, stack, out = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        out.append(obj)
        stack.extend(gc.get_referents(obj))
        if hasattr(obj, "__slots__"):
            stack.extend(getattr(obj, name) for name in obj.__slots__ if hasattr(obj, name))
    return out


def test_view_holds_no_player_or_state():
    state = played(new_game(Mode.STANDARD, NAMES[:4], 7, first_player=0), 5, 1)
    graph = _reachable(view_for(state, 2))
    assert not any(isinstance(o, (GameState, Player)) for o in graph)
    others = [p.tasks for i, p in enumerate(state.players) if i != 2]
    assert not any(o is t for o in graph for t in others if t)


@pytest.mark.parametrize("mode,n", [(mode, mode.player_counts[-1]) for mode in MULTI], ids=str)
def test_view_is_the_same_whatever_the_others_hold(mode, n):
    state = played(new_game(mode, NAMES[:n], 11, first_player=1), 6, 3)
    # The same game, but every other seat holds different task cards.
    swapped = list(state.players)
    for i, player in enumerate(swapped):
        if i != 0:
            tasks = tuple(Animal((t + 1) % 4) if isinstance(t, Animal) else Colour((t + 2) % 4)
                          for t in player.tasks)
            swapped[i] = replace(player, tasks=tasks)
    other = replace(state, players=tuple(swapped))
    assert other.players != state.players
    a, b = view_for(state, 0), view_for(other, 0)
    assert a == b
    assert pickle.dumps(a) == pickle.dumps(b)


def test_view_fields():
    state = played(new_game(Mode.TEAMS, NAMES[:4], 5, first_player=2, bots=["hard"] * 4), 3, 9)
    view = view_for(state, 1)
    assert isinstance(view, SeatView)
    assert view.tasks == state.players[1].tasks
    assert view.moves == state.moves and view.turn == state.turn
    assert view.first_player == 2
    assert view.start == deal_position(5)
    assert view.teammates == (3,)
    assert [s.bot for s in view.seats] == ["hard"] * 4


def test_the_true_deal_is_among_those_considered():
    for mode, n in [(m, count) for m in MULTI for count in m.player_counts]:
        state = new_game(mode, NAMES[:n], 21, first_player=1)
        truth = tuple(
            (int(p.colour_task) if p.colour_task is not None else -1,
             int(p.animal_task) if p.animal_task is not None else -1)
            for p in state.players
        )
        for seat in range(n):
            view = view_for(state, seat)
            assert own_tasks(view) == truth[seat]
            assert truth in deals(view)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_fast_field_agrees_with_the_engine(seed):
    for mode in Mode:  # every registered mode: its rules close columns as it says
        state = new_game(mode, NAMES[:mode.player_counts[0]], seed, first_player=0)
        rng = Rng(seed)
        field, closed = encode(state.position), 0
        while not state.over:
            fast = gen_moves(field)
            assert [to_move(m) for m in fast] == state.legal_moves()
            m = rng.choice(fast)
            state, _ = apply(state, to_move(m))
            field, closed, ended = settle(play(field, m), shrinks(m), closed,
                                          mode.rules.closings_allowed)
            assert field == encode(state.position) or ended
            assert closed == state.closed


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(MULTI), data=st.data())
def test_every_level_plays_only_legal_moves(seed, mode, data):
    n = data.draw(st.sampled_from(mode.player_counts))
    levels = [data.draw(st.sampled_from(list(SKILLS))) for _ in range(n)]
    # Hard searches one deal, so the search itself runs whatever the machine's speed.
    bots = [HardBot(max_samples=1, width=4) if level == "hard"
            else make_bot(level, nodes=8) if level == "expert" else make_bot(level)
            for level in levels]
    state = new_game(mode, NAMES[:n], seed, first_player=seed % n, bots=levels)
    rng = Rng(seed)
    while not state.over:
        seat = state.turn
        move = bots[seat].choose(view_for(state, seat), rng, 1.0)
        assert move in state.legal_moves()
        state, _ = apply(state, move)


@pytest.mark.parametrize("level", SEARCHING)
def test_searching_levels_answer_within_a_tiny_budget(level):
    state = played(new_game(Mode.STANDARD, NAMES[:4], 8, first_player=0), 4, 2)
    for budget in (0.0, 0.001):
        assert make_bot(level).choose(view_for(state, state.turn), Rng(0), budget) in (
            state.legal_moves()
        )


@pytest.mark.parametrize("level", SEARCHING)
def test_a_node_budget_ignores_the_clock(level, monkeypatch):
    # The same view, seed and node budget give the same move on a fast and a slow machine.
    state = played(new_game(Mode.STANDARD, NAMES[:4], 12, first_player=1), 5, 4)
    view = view_for(state, state.turn)
    fast = [make_bot(level, nodes=40).choose(view, Rng(s), 0.0) for s in range(3)]
    ticks = iter(range(0, 10**9, 1000))  # every look at the clock: 1000 s later
    monkeypatch.setattr(bots_module.time, "perf_counter", lambda: float(next(ticks)))
    slow = [make_bot(level, nodes=40).choose(view, Rng(s), 0.0) for s in range(3)]
    assert fast == slow


def test_every_level_has_its_words_and_makes_its_bot():
    for level in SKILLS.levels():
        assert level.word and level.choice.lower().startswith(level.word)
        assert make_bot(level.name).level == level.name
    assert isinstance(make_bot("expert"), ExpertBot) and make_bot("Expert ").level == "expert"


@pytest.mark.parametrize("level", list(SKILLS))
def test_solo_and_unknown_start_still_give_legal_moves(level):
    state = new_game(Mode.SOLO, ["Ann"], 3, bots=[level])
    move = make_bot(level).choose(view_for(state, 0), Rng(1), 0.01)
    assert move in state.legal_moves()
    state = replace(new_game(Mode.STANDARD, NAMES[:3], 4, first_player=0), seed=None)
    assert view_for(state, 0).start is None
    assert make_bot(level).choose(view_for(state, 0), Rng(1), 0.01) in state.legal_moves()


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


# Elephants in column b can scare the yellow dogs of column a or the blue dogs of column c;
# no move can empty a column.
CHOICE = parse_position("YD PE BD/YD PE BD/YD PE BD")


def _choice_state(mode: Mode, n: int, tasks) -> GameState:
    state = new_game(mode, NAMES[:n], 1, first_player=0, position=CHOICE)
    players = tuple(replace(p, tasks=t) for p, t in zip(state.players, tasks, strict=True))
    return replace(state, players=players, seed=None)


@pytest.mark.parametrize("level", WEIGHING)
def test_scares_the_card_that_scores_for_others(level):
    # Seat 0 holds yellow and cat: the yellow dogs are its own points, the blue ones are not.
    state = _choice_state(Mode.STANDARD, 2, [(Animal.CAT, Colour.YELLOW),
                                             (Animal.DOG, Colour.BLUE)])
    for seed in range(5):
        move = make_bot(level).choose(view_for(state, 0), Rng(seed), 5.0)
        assert state.position.card_at(*move.target).colour == Colour.BLUE


@pytest.mark.parametrize("level", list(SKILLS))
def test_teams_bot_spares_its_own_card(level):
    # Teams of Two: seat 0 holds yellow; scaring a yellow dog would cost its team a point.
    tasks = [(Colour.YELLOW,), (Colour.PURPLE,), (Animal.ELEPHANT,), (Animal.MOUSE,)]
    state = _choice_state(Mode.TEAMS, 4, tasks)
    for seed in range(5):
        move = make_bot(level).choose(view_for(state, 0), Rng(seed), 5.0)
        assert state.position.card_at(*move.target).colour == Colour.BLUE


@pytest.mark.parametrize("level", WEIGHING)
def test_ends_the_game_when_ahead(level):
    # Column a holds one elephant; moving it in on the blue dog empties column a and ends the
    # game with seat 0 (yellow, elephant) far ahead. Staying lets the game go on.
    position = parse_position(".. YE YE/.. YE YE/PE BD YE")
    state = new_game(Mode.STANDARD, NAMES[:2], 1, first_player=0, position=position)
    tasks = [(Animal.ELEPHANT, Colour.YELLOW), (Animal.DOG, Colour.BLUE)]
    players = tuple(replace(p, tasks=t) for p, t in zip(state.players, tasks, strict=True))
    state = replace(state, players=players, seed=None)
    move = make_bot(level).choose(view_for(state, 0), Rng(0), 5.0)
    after, _ = apply(state, move)
    assert after.over


# Seat 0 holds yellow and elephant and the other seat blue and dog; every card left is blue and
# many are dogs, so every end of the game is the other seat's win, and it knows it. Five of the
# eight moves let it empty a column next.
TRAP = parse_position(".. .. BD BM/BC BD BM BD/BC BD BC BC")


def _hands_an_end(field, m) -> bool:
    after, _, ended = settle(play(field, m), shrinks(m), 0, 0)
    return ended or any(settle(play(after, r), shrinks(r), 0, 0)[2] for r in gen_moves(after))


@pytest.mark.parametrize("level", WEIGHING)
def test_does_not_hand_the_next_player_a_win(level):
    state = new_game(Mode.STANDARD, NAMES[:2], 1, first_player=0, position=TRAP)
    tasks = [(Animal.ELEPHANT, Colour.YELLOW), (Animal.DOG, Colour.BLUE)]
    players = tuple(replace(p, tasks=t) for p, t in zip(state.players, tasks, strict=True))
    state = replace(state, players=players, seed=None)
    field = encode(TRAP)
    handing = [m for m in gen_moves(field) if _hands_an_end(field, m)]
    assert 0 < len(handing) < len(gen_moves(field))
    for seed in range(4):
        move = make_bot(level).choose(view_for(state, 0), Rng(seed), 5.0)
        assert move not in [to_move(m) for m in handing]


def test_a_careful_player_expects_the_next_to_take_a_handed_win():
    # In TRAP every end of the game is the other seat's win. A careful seat counts a move that
    # hands over an end as lost; the normal level only weighs that end in (THREAT_WEIGHT).
    from game.engine.ai.bots import Outlook

    state = new_game(Mode.STANDARD, NAMES[:2], 1, first_player=0, position=TRAP)
    tasks = [(Animal.ELEPHANT, Colour.YELLOW), (Animal.DOG, Colour.BLUE)]
    players = tuple(replace(p, tasks=t) for p, t in zip(state.players, tasks, strict=True))
    view = view_for(replace(state, players=players, seed=None), 0)
    field = encode(TRAP)
    moves = gen_moves(field)
    handing = [i for i, m in enumerate(moves) if _hands_an_end(field, m)]
    tally = [0] * 16
    for col in field:
        for c in col:
            tally[c] += 1
    careful = Outlook(view, careful=True).values(field, 0, tally, moves)
    normal = Outlook(view).values(field, 0, tally, moves)
    assert all(careful[i] == 0.0 for i in handing)
    assert all(normal[i] > 0.0 for i in handing)
    others = [i for i in range(len(moves)) if i not in handing]
    assert all(careful[i] == pytest.approx(normal[i]) for i in others)


def _careful_move(view: SeatView, rng: Rng):
    from game.engine.ai.bots import Outlook, pick_best

    field = encode(view.position)
    moves = gen_moves(field)
    tally = [0] * 16
    for col in field:
        for c in col:
            tally[c] += 1
    return to_move(pick_best(rng, moves, Outlook(view, careful=True).values(field, view.closed,
                                                                        tally, moves)))


@pytest.mark.parametrize("others,seed", [("careful", 0), ("counting", 1)])
def test_the_reading_tells_which_style_of_player_the_others_are(others, seed):
    # The others play as careful players who weigh every deal alike, or as normal bots (card
    # counters); from their moves alone the deal search (whose reading the expert uses) takes
    # each for the style it is.
    state = new_game(Mode.STANDARD, NAMES[:4], seed, first_player=1)
    start = state.position
    expert, normal, rng = DealSearchBot(nodes=20), make_bot("normal"), Rng(seed)
    while not state.over:
        view = view_for(state, state.turn, start=start)
        if state.turn == 0:
            move = expert.choose(view, rng, 0.0)
        elif others == "careful":
            move = _careful_move(view, rng)
        else:
            move = normal.choose(view, rng, 0.0)
        state, _ = apply(state, move)
    assert len(state.moves) > 8
    for seat in (1, 2, 3):
        assert expert.style_of[(seat, own_tasks(view_for(state, seat)))] == others


def test_expert_draws_its_deals_by_its_reading_of_the_moves():
    # By default the expert weighs the deals by the cards each seat scared (the normal level's
    # card counting); with the styles reading, by the deal search's, styles of player included.
    state = played(new_game(Mode.STANDARD, NAMES[:4], 3, first_player=1), 9, 3)
    view = view_for(state, state.turn)
    found = deals(view)
    expert = make_bot("expert", nodes=300)
    weights = expert.weights(view, found, 0.0)
    assert weights == sparing_weights(view, found, careless=expert.careless)
    assert 0 < min(weights) < max(weights)
    expert.reading = "styles"
    expert.choose(view, Rng(0), 0.0)
    reader = DealSearchBot(nodes=300)
    reader.choose(view, Rng(0), 0.0)
    assert expert.style_of == reader.style_of and len(expert.style_of) > 0
    assert reader.styles == STYLES  # the deal search reads every style of player the bots know
    earlier = make_bot("expert", nodes=300)
    earlier.reading = "kinds"  # the reading's earlier name, as older tournament options say it
    assert earlier.weights(view, found, 0.0) == expert.weights(view, found, 0.0)
    expert.reading = "none"
    assert expert.weights(view, found, 0.0) is None


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), low=st.floats(0.01, 0.9), more=st.floats(0.01, 0.09))
def test_a_more_careless_reading_doubts_a_spared_card_less(seed, low, more):
    # One move by another seat on a full field, where every hand had a card to spare: a deal
    # in which that move scared the seat's own card weighs less than one in which it spared
    # it, and the gap narrows as the reading believes players careless more often.
    state = new_game(Mode.STANDARD, NAMES[:4], seed, first_player=1)
    mine = set(state.players[0].tasks)
    # A card some other seat scores (all eight task cards are dealt), so the move tells.
    moves = [m for m in state.legal_moves() if not {state.position.card_at(*m.target).colour,
                                                    state.position.card_at(*m.target).animal} <= mine]
    state, _ = apply(state, moves[seed % len(moves)])
    view = view_for(state, 0)
    found = deals(view)
    sure, loose = (sparing_weights(view, found, careless=c) for c in (low, low + more))
    assert min(sure) < max(sure)
    assert min(loose) / max(loose) > min(sure) / max(sure)


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_the_deal_search_searches_each_distinct_outcome_once(seed):
    # Moves that scare the same kind of card and leave the same field are one candidate; every
    # outcome among the best is kept, and every move that ends the game is searched.
    state = played(new_game(Mode.STANDARD, NAMES[:4], seed, first_player=0), 9, seed)
    view = view_for(state, state.turn)
    field = encode(view.position)
    moves = gen_moves(field)
    bot = DealSearchBot()
    chosen = bot.moves_to_search(view, field, moves, [0.0] * len(moves))

    def outcome(m):
        return field[m[2]][m[3]], settle(play(field, m), shrinks(m), 0,
                                         view.rules.closings_allowed)

    outcomes = [outcome(moves[i]) for i in chosen]
    assert len(set(outcomes)) == len(outcomes)
    distinct = {outcome(m) for m in moves}
    endings = {o for o in distinct if o[1][2]}
    assert endings <= set(outcomes)
    assert len(outcomes) == min(len(distinct - endings), bot.width) + len(endings)


def test_equal_cards_side_by_side_are_one_candidate():
    # Two yellow dogs stacked beside two yellow elephants: scaring either dog and staying
    # leaves the same field; moving in does not.
    position = parse_position("YD YE/YD YE")
    state = new_game(Mode.STANDARD, NAMES[:2], 1, first_player=0, position=position)
    view = view_for(state, 0)
    field = encode(position)
    moves = gen_moves(field)
    assert len(moves) == 4
    assert len(DealSearchBot().moves_to_search(view, field, moves, [0.0] * 4)) == 3


def _handed_by_hand(view: SeatView, v: list[int], ends: tuple[int, ...]) -> float:
    """Outlook.handed written plainly: every deal, every end, the next player's best."""
    from game.engine.ai.beliefs import sides_of

    side, sides = sides_of(view)
    me, nxt = side[view.seat], side[(view.seat + 1) % view.players]
    found = deals(view)
    total = 0.0
    for deal in found:
        holds: list[list[int]] = [[] for _ in range(sides)]
        for seat, (colour, animal) in enumerate(deal):
            holds[side[seat]] += ([colour] if colour >= 0 else []) + ([4 + animal] if animal >= 0 else [])
        best = None
        for e in sorted(set(ends)):
            scores = [sum(v[x] - (x == e >> 2) - (x == 4 + (e & 3)) for x in h) for h in holds]
            top = max(scores)
            rival = max(x for k, x in enumerate(scores) if k != nxt)
            mark = (1 / scores.count(top) if scores[nxt] == top else 0.0, scores[nxt] - rival)
            if best is None or mark > best[0]:
                best = (mark, scores)
        scores = best[1]
        total += (1 / scores.count(max(scores)) if scores[me] == max(scores) else 0.0) / len(found)
    return total


@settings(max_examples=40, deadline=None)
@given(setup=st.sampled_from([(Mode.STANDARD, 4), (Mode.STANDARD, 3), (Mode.TEAMS, 4),
                              (Mode.ALL_INCLUDED, 6)]),
       seat=st.integers(0, 5), v=st.lists(st.integers(0, 8), min_size=8, max_size=8),
       ends=st.lists(st.integers(0, 15), min_size=1, max_size=3))
def test_a_handed_end_is_judged_as_the_next_player_would_take_it(setup, seat, v, ends):
    from game.engine.ai.bots import Outlook

    mode, n = setup
    view = view_for(new_game(mode, NAMES[:n], 5, first_player=0), seat % n)
    ends = tuple(sorted(ends))
    assert Outlook(view, careful=True).handed(v, ends) == pytest.approx(
        _handed_by_hand(view, v, ends))


def test_the_deal_search_follows_a_handed_end_to_the_next_players_own_choice():
    # Read as a careful player, the next seat takes any end of the game it is handed, so here
    # handing one looks like a sure win for seat 0; but the next seat would not win by taking
    # it, and at expert's last turn in a line the search follows the reply it would choose.
    from game.engine.ai.bots import TaskGuesses, scores_of
    from game.engine.ai.fast import counts

    position = parse_position("PE BE .. BM .. YD OC OM/PD OE .. BC .. YM OD PM/"
                              "PC YE YE OC BD YC PC BM/PD OE YC BE YD OM YM BD")
    state = new_game(Mode.STANDARD, NAMES[:2], 1, first_player=0, position=position)
    tasks = [(Animal.ELEPHANT, Colour.PURPLE), (Animal.DOG, Colour.BLUE)]
    players = tuple(replace(p, tasks=t) for p, t in zip(state.players, tasks, strict=True))
    state = replace(state, players=players, seed=None)
    view = view_for(state, 0)
    deal = (own_tasks(view), own_tasks(view_for(state, 1)))
    bot = DealSearchBot()
    bot.sync(view)
    table = TaskGuesses(view, [deal], [1.0])
    models = [bot.own_outlook(view, deal), bot.outlook(view, 1, deal[1], style="careful")]
    field = encode(position)
    moves, tally = gen_moves(field), counts(field)
    pts = table.points[0]
    values = models[0].values(field, 0, tally, moves)
    handing = [i for i, m in enumerate(moves) if _hands_an_end(field, m)]
    assert max(values) == 1.0 and values.index(1.0) in handing
    followed = bot.leaf_value(table, pts, models, field, 0, tally, scores_of(tally, pts), moves,
                              values)
    assert followed <= 0.5


def test_a_lead_counts_for_more_the_fewer_cards_are_left():
    # Expert's own lead at its next turn goes through a softmax whose temperature falls with
    # the cards left (fitted to who went on to win): the same two-point lead is surer late.
    from game.engine.ai.bots import Outlook
    from game.engine.ai.expert import EXPERT

    view = view_for(new_game(Mode.STANDARD, NAMES[:4], 3, first_player=0), 0)
    deal = tuple((seat, seat) for seat in range(4))  # seat i holds colour i and animal i
    temperatures = EXPERT["temperature"]
    assert len(temperatures) == 33
    assert all(a <= b for a, b in zip(temperatures, temperatures[1:], strict=False))
    outlook = Outlook(view, [deal], temperature=temperatures)
    early = outlook.share([8, 7, 7, 7, 8, 7, 7, 7])  # 29 cards left, 16 points against 14
    late = outlook.share([4, 3, 3, 3, 4, 3, 3, 3])  # 13 cards left, 8 points against 6
    assert 0.25 < early < late < 1.0
    # Where every count of cards has the same temperature, it is the plain softmax.
    even = Outlook(view, [deal], temperature=(2.0,) * 33)
    plain = Outlook(view, [deal], temperature=2.0)
    for v in ([8, 7, 7, 7, 8, 7, 7, 7], [4, 3, 3, 3, 4, 3, 3, 3], [1, 5, 0, 2, 3, 1, 2, 2]):
        assert even.share(v) == pytest.approx(plain.share(v))


def test_a_level_cannot_take_a_used_name_or_a_seat_kind():
    for name in [*SKILLS, "human", "line", "remote"]:
        with pytest.raises(ValueError, match="exists already"):
            SKILLS.register(Skill(name, lambda nodes: make_bot("easy"), name, name))
    assert len(SKILLS) == len(SKILLS.levels())


def test_a_replaced_level_keeps_its_place_and_gives_back_the_old_one():
    order = list(SKILLS)
    middle = SKILLS[order[1]]
    old = SKILLS.replace(replace(middle, word="quicker"))
    try:
        assert list(SKILLS) == order
        assert SKILLS[middle.name].word == "quicker"
    finally:
        SKILLS.replace(old)
    assert old is middle and SKILLS[middle.name] is middle


def test_a_levels_word_is_in_the_players_language():
    german = i18n.load("de")
    i18n.set_language("de")
    try:
        words = {name: SKILLS.word(name) for name in SKILLS}
    finally:
        i18n.set_language("en")
    assert words == {name: german.gettext(SKILLS[name].word) for name in SKILLS}
    assert any(words[name] != SKILLS[name].word for name in SKILLS)
    assert SKILLS.word("grandmaster") == "grandmaster"  # a level no longer offered
