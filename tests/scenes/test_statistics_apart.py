"""Statistics and Replays say what a game was (issue 32, finding 5): an online game is counted
and kept apart from the couch games, and an advanced deal whose target was missed is never
drawn as a title nor listed as an ordinary deal."""

from __future__ import annotations

import pygame
import pytest

from game.campaign.stats import Statistics
from game.engine import Mode, new_game
from game.engine.cards import parse_card
from game.engine.position import parse_position
from game.engine.rules import Rules
from game.engine.state import Player, initial_state
from game.match.controller import Match
from game.match.profile import Profile
from game.match.record import record_of
from game.match.session import Session
from game.ui.charts import BAR_TOP
from tests.scenes.drive import pump


@pytest.fixture
def app(menu_app):
    return menu_app


def profile(app) -> Profile:
    return app.profile()


def played_out(online: bool, seed: int = 4) -> Match:
    """A couch-mode game played to its end by computers, at one screen or an online table."""
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], seed, 0, ["easy", "easy"])
    match = Match(state, undo=False, threaded=False)
    match.online = online  # what match_of says of a table's game
    return match


def test_an_online_game_is_counted_and_kept_apart_from_couch_games(app):
    from game.scenes.records.replays import ReplaysScene
    from game.scenes.records.statistics import StatisticsScene

    for online, seed in ((True, 4), (False, 5)):
        session = Session(played_out(online, seed), pace=lambda: 0.0, profile=profile(app))
        session.play_out()
    stats = app.files.statistics()
    assert stats.modes["standard"]["played"] == 1  # the couch game only
    assert stats.online["standard"]["played"] == 1
    again = Statistics.load(app.prefs)
    assert again.online == stats.online and again.modes == stats.modes
    replays = ReplaysScene(app)
    app.push(replays)
    pump(app)
    lines = [e.text for e in replays.elements if "winner" in e.text.lower()]
    assert len(lines) == 2 and sum("Online: " in line for line in lines) == 1
    app.pop()
    scene = StatisticsScene(app)
    app.push(scene)
    pump(app)
    button = next(e for e in scene.elements if "#online" in e.object_ids)
    assert button.text == "Show: online games" and not scene.online
    scene.actions[button]()
    pump(app)
    assert scene.online and next(e for e in scene.elements if "#online" in e.object_ids).text \
        == "Show: couch games"
    app.pop()


def missed_advanced_deal():
    """An advanced deal ended with one card left, but not the target's kind."""
    return initial_state(parse_position("YE"), Rules.SOLO, mode=Mode.SOLO_ADVANCED,
                         players=(Player("Sam"),), seed=9, target=parse_card("PD"))


def test_a_missed_target_is_not_drawn_as_a_title(app):
    from game.scenes.records.statistics import SOLO, StatisticsScene

    final = missed_advanced_deal()
    assert final.over
    profile(app).finish(record_of(final, []), final)
    scene = StatisticsScene(app)
    app.push(scene)
    pump(app)
    x, y = SOLO.x + 28, SOLO.y + 74
    chart = pygame.Rect(x, y + 136, SOLO.w - 56, SOLO.bottom - y - 150)
    shot = app.screen.subsurface(chart)
    gold = pygame.Color(BAR_TOP)
    assert not any(shot.get_at((i, j))[:3] == gold[:3]
                   for i in range(0, chart.w, 3) for j in range(0, chart.h, 3))
    app.pop()


def test_replays_say_a_target_was_missed(app):
    from game.scenes.records.replays import ReplaysScene

    final = missed_advanced_deal()
    profile(app).finish(record_of(final, []), final)
    scene = ReplaysScene(app)
    app.push(scene)
    pump(app)
    assert any("1 card left: target missed" in e.text for e in scene.elements)
    app.pop()
