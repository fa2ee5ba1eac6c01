"""In real time the first frame follows a first tick too (issue 32, finding 2): the loop's
clock says almost no time has passed at its first frame, and without a tick the title was
drawn before pygame-gui's first update, with none of its buttons, Continue among them (seen
on two starts in five here). The virtual clock of the other start tests always ticks first."""

import pygame

from game.app import App
from game.engine.modes import Mode
from game.match.controller import Match
from game.match.loading import save_game
from game.ui import look
from tests.match.helpers import dealt, random_line


class NoTimeYet:
    """A frame clock whose first tick says no time has passed (a fast machine, a first frame)."""

    def __init__(self) -> None:
        self.ticks = 0

    def tick(self, fps: int = 0) -> int:
        self.ticks += 1
        return 0 if self.ticks == 1 else 16


def test_the_first_frame_shows_the_titles_buttons_and_continue(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    match = Match(dealt(Mode.STANDARD, 3, 11))
    match.play(random_line(match.start, 11)[0][0])
    assert save_game(match.save_text()) is None
    monkeypatch.setattr(pygame, "Clock", NoTimeYet, raising=False)
    monkeypatch.setattr(pygame.time, "Clock", NoTimeYet)
    pygame.quit()
    app = App(windowed=True)
    app.raise_errors = True
    seen = []
    flip = pygame.display.flip

    def first_flip() -> None:
        title = app.stack.top
        button = next(e for e in title.elements if e.text.startswith("Continue"))
        felt = look.backdrop(app.assets).get_at(button.rect.center)
        seen.append((app.screen.get_at(button.rect.center), felt))
        app.running = False  # one frame is all this test needs
        flip()

    monkeypatch.setattr(pygame.display, "flip", first_flip)
    app.run()
    [(drawn, felt)] = seen
    assert drawn != felt, "the first frame shows the felt where Continue's button belongs"
