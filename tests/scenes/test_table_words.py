"""What the table says: the others' moves since a player's turn, the daily deal, twin targets."""

from __future__ import annotations

from datetime import date

import pytest

from game.controls import Device
from game.engine import Mode, new_game
from game.engine.cards import Card
from game.match.controller import Match
from game.match.session import Phase
from game.scenes.table.view import snapshot
from tests.scenes.drive import pump


@pytest.fixture
def app(module_app):
    application, _prefs = module_app
    application.settings.computer_pace = 0.0
    application.settings.animation_speed = 25.0
    application.input.device = Device.MOUSE
    return application


def drawn_words(scene) -> list[str]:
    """Every text the scene's panel asks for when painted."""
    words = []
    get, draw = scene.text.get, scene.text.draw

    def spy(text, *args, **kwargs):
        words.append(text)
        return get(text, *args, **kwargs)

    def spy_draw(surface, text, *args, **kwargs):
        words.append(text)
        return draw(surface, text, *args, **kwargs)

    scene.text.get, scene.text.draw = spy, spy_draw
    try:
        scene.kind.panel.draw(scene.picture.rest, snapshot(scene))
    finally:
        scene.text.get, scene.text.draw = get, draw
    return words


def test_each_of_the_others_moves_is_said_in_turn_as_a_recap(app):
    from game.scenes.table.field import SAID_S
    from game.scenes.table.play import table_scene
    state = new_game(Mode.STANDARD, ["Anna", "Robo", "Cleo"], 12, 0, [None, "easy", "easy"])
    scene = table_scene(app, state)
    app.stack.clear(scene)
    pump(app)
    scene.play(state.legal_moves()[0])
    for _ in range(600):
        if scene.phase == Phase.TURN and scene.session.ply == 3:
            break
        scene.session.match.ready(10)
        pump(app)
    assert scene.session.ply == 3
    first, second = scene.session.moves_since_turn_of(0)
    assert first.startswith("Robo") and second.startswith("Cleo")
    said = []
    for _ in range(int(3 * SAID_S * 60)):
        if scene.banner.message and scene.banner.message not in said:
            said.append(scene.banner.message)
        pump(app, 1)
    # Told as a recap, not as moves being played now (issue 51: a far screen saw them live).
    assert said[:2] == [f"While you waited \u2014 {first}", f"While you waited \u2014 {second}"]


def test_the_daily_deal_is_named_and_twin_targets_say_either_counts(app):
    from game.scenes.table.play import table_scene
    state = new_game(Mode.SOLO_ADVANCED, ["You"], 3)
    twins = sum(1 for *_xy, card in state.position.occupied() if card == state.target)
    scene = table_scene(app, Match(state, daily=date.today().isoformat()))
    app.stack.clear(scene)
    pump(app)
    words = drawn_words(scene)
    assert "Daily deal" in words
    assert ("Keep one of these:" if twins > 1 else "Keep this one:") in words
    assert isinstance(state.target, Card)
