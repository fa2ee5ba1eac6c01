"""The Host screen offers a table over days (issue 48): live or over days, the time for each
move (12 hours to 14 days, or no limit) and what happens when it runs out; every other person
then plays on their own computer, and the table opens on a table server."""

from __future__ import annotations

from game.online.client.client import OnlineError
from game.online.client.tokens import window_store
from game.online.shared.protocol import DAY, DAYS_PER_PLAYER, HOST, PER_MOVE_CHOICES, REMOTE, WAIT
from game.scenes.online import host as host_screen
from game.scenes.online.days import per_move_words
from tests.scenes.test_online import app, press, run_until, top, type_into  # noqa: F401 - app fixture
from tests.scenes.test_online_host_on_server import to_host_screen


def test_the_host_chooses_a_table_over_days_and_its_time_and_deadline_rule(
        app, monkeypatch):  # noqa: F811
    asked: list = []

    def refuse(address, mode, seats, **options):
        asked.append((address, [s.place for s in seats], options.get("days")))
        raise OnlineError("no-server", "nobody there")

    monkeypatch.setattr(host_screen, "open_on_server", refuse)
    scene = to_host_screen(app)
    assert scene.per_move_button is None  # live, as always, unless told
    scene.selectors[scene.days_button](1)
    scene = app.stack.top
    assert scene.per_move_button is not None and scene.rule_button is not None
    assert per_move_words(2 * DAY) in scene.per_move_button.text  # the default: two days
    seen = []
    for _ in PER_MOVE_CHOICES:  # every choice in the ring, and back to the first
        scene.selectors[scene.per_move_button](1)
        seen.append(scene.per_move)
    assert sorted(seen) == sorted(PER_MOVE_CHOICES) and scene.per_move == 2 * DAY
    assert scene.spoken_words(scene.per_move_button) == "Each move: 2 days"
    # Every other person plays on their own computer: no couch seat over days.
    assert scene.places[0] == HOST and REMOTE in scene.places
    scene._toggle(1)
    assert scene.places[1] == REMOTE and "own computer" in scene.error
    # This computer's table goes when the window closes: over days, a server's address.
    press(app, "Open the table")
    assert asked == [] and "address" in scene.error
    scene.selectors[scene.rule_button](1)
    type_into(app, "server", "127.0.0.1:9")
    press(app, "Open the table")
    run_until(app, lambda: bool(asked) and scene.opening is None)
    assert asked[0][2] == {"per_move": 2 * DAY, "on_time": "computer"}
    scene.selectors[scene.rule_button](1)
    assert scene.on_time == WAIT
    assert top(app) == "HostSetupScene"


def test_a_twenty_first_table_over_days_is_refused_with_a_clear_message(
        app, monkeypatch):  # noqa: F811
    asked: list = []
    monkeypatch.setattr(host_screen, "open_on_server", lambda *a, **k: asked.append(a))
    store = window_store()
    for number in range(DAYS_PER_PLAYER):
        store.keep("127.0.0.1:9", f"AB{number:04d}", {0: "t" * 22}, "Anna", days=True)
    scene = to_host_screen(app)
    scene.selectors[scene.days_button](1)
    scene = app.stack.top
    type_into(app, "server", "127.0.0.1:9")
    press(app, "Open the table")
    assert asked == [] and "20 tables over days" in scene.error
