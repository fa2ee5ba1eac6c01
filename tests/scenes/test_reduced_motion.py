"""Settings -> Reduced motion stops every background animation: the title's drifting cards
stand still on the game clock (issue 50, finding 10)."""

from __future__ import annotations

import pygame
import pytest

from game.app import TICK
from tests.scenes.drive import pump


@pytest.fixture
def title(app):
    app.settings.lesson_offered = True  # no first-start offer over the title
    app.go_to_menu()
    pump(app)
    return app


def _two_frames_apart(app, seconds: float) -> tuple[bytes, bytes]:
    app.draw(force=True)
    before = pygame.image.tobytes(app.screen, "RGB")
    pump(app, round(seconds / TICK), draw=False)
    app.draw(force=True)
    return before, pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("reduced", (False, True))
def test_the_titles_cards_stand_still_with_reduced_motion(title, reduced):
    """Two frames 2 s apart on the game clock: the same pixels with reduced motion; without
    it the cards drift (the comparison can tell)."""
    title.settings.reduced_motion = reduced
    title.apply_looks()
    pump(title)
    before, after = _two_frames_apart(title, 2.0)
    assert (before == after) is reduced


def test_the_rings_that_pulse_hold_still_with_reduced_motion():
    """The coach's and the learner's rings grow and shrink by looks.pulse: held with reduced
    motion, moving without."""
    from game.render import looks

    times = [i * TICK for i in range(60)]
    try:
        looks.set_looks(1.0, False, False)
        assert len({looks.pulse(t) for t in times}) > 1
        looks.set_looks(1.0, False, True)
        assert {looks.pulse(t) for t in times} == {0.0}
    finally:
        looks.set_looks(1.0, False, False)
