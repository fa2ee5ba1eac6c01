"""Settings -> Text size 200 % on the online screens besides the table's panel and the lobby: a
long word on the Join screen (a Continue that did not reach its table) and the claim prompt's
words grow at least 1.8 times, and nothing is cut or drawn over."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from game import i18n
from game.online.client.mirror import ClaimAsked
from game.scenes.online.claim import ClaimScene
from game.scenes.online.join import JoinScene
from game.scenes.online.words import trouble_words
from tests.scenes.drive import pump

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import text_audit  # noqa: E402

from tests.scenes.test_big_text import GROWTH, READING, recording  # noqa: E402


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)  # the big-text tests' one fixture


def seen(app, text_size: float, make) -> dict[str, int]:
    """The screens `make(app)` leaves on the stack, drawn at `text_size` as the audit draws
    them (each visible one on its own recording screen): each text's smallest height. Nothing
    is cut or drawn over."""
    app.settings.text_size = text_size
    app.apply_looks()
    app.go_to_menu()
    make(app)
    pump(app, 3)
    heights: dict[str, int] = {}
    for scene in app.stack.visible():
        screen = text_audit.Recorder()
        scene.draw(screen)
        panel = None if scene.opaque else getattr(scene, "panel_rect", None)
        assert text_audit.check_scene(screen.texts, panel, [], screen.shapes) == []
        for t in screen.texts:
            if t.height:
                heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights


def grown(app, words: str, make) -> tuple[int, int | None]:
    """`words`' height at 100 % and at 200 % (None: not drawn), as `make` shows them."""
    small = seen(app, 1.0, make)
    large = seen(app, 2.0, make)
    assert words in small, small
    return small[words], large.get(words)


def not_reached(app) -> None:
    """The Join screen after Continue tried its table for minutes (the save stays)."""
    scene = JoinScene(app, browse=False)
    app.push(scene)
    scene.error = trouble_words("not-reached")
    scene.rebuild()


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_long_word_on_the_join_screen_grows_at_200(app, lang):
    """"The table could not be reached for a few minutes. ..." is two lines at 24 px at 100 %
    above the buttons; at 200 % it is said at its size in a notice over the screen."""
    assert i18n.set_language(lang) is None
    words = trouble_words("not-reached")
    before, after = grown(app, words, not_reached)
    assert after is not None and after >= GROWTH * before, (before, after)


class Table:
    """The online table under the claim prompt, as far as the prompt reads it."""

    def __init__(self) -> None:
        self.kind = SimpleNamespace(client=SimpleNamespace(claims={1: None}),
                                    link=SimpleNamespace(answer=lambda claim, allow: None))

    def update(self, dt: float) -> None:
        """The table listens on under the prompt: nothing here."""


def claim(app) -> None:
    app.push(ClaimScene(app, Table(), ClaimAsked(1, 1, "Maximilian Wojciechowski")))


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_claim_prompts_words_grow_at_200(app, lang):
    """What letting someone in does ("Vielleicht ist es Maximilian Wojciechowski an einem
    anderen Computer. ..." 26 px at 100 % in German), at least 1.8 times as tall at 200 %."""
    assert i18n.set_language(lang) is None
    scene = ClaimScene.__new__(ClaimScene)
    scene.claim = ClaimAsked(1, 1, "Maximilian Wojciechowski")
    reading = app.assets.font(READING).get_height()
    for words in ClaimScene._words(scene):
        before, after = grown(app, words, claim)
        if before <= reading:
            assert after is not None and after >= GROWTH * before, (words, before, after)
