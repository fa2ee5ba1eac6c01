"""The online table's panel (issue 51, finding 5): each seat's line (its name, and where it plays:
"here", "online", "away", "away: the computer plays", "table's computer") stays in its own row,
with the longest names a seat may have, in every language and at every table size."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game import i18n
from game.engine.modes import Mode
from game.engine.state import new_game
from game.online.client.mirror import SeatStatus
from game.online.shared.protocol import COMPUTER, HOST, NAME_MAX, REMOTE
from game.render.widgets import TextCache
from game.scenes.online.link import TableLink
from game.scenes.online.play import OnlineKind, OnlinePanel
from game.scenes.settings.access import TEXT_SIZES
from game.scenes.table.panel import SEATS_Y, seat_step
from game.scenes.table.section import PANEL

# Names as long as a person's may be (protocol.NAME_MAX letters), as the text audit has them.
LONG = ("Wilhelmina Großmann-Wüst", "Maximilian Wojciechowski")


class Client:
    """The seats as a table says them: this screen's first, then one of each other kind."""

    code = "KTR4WM"
    days, notes = None, ()  # a live table

    def __init__(self, count: int) -> None:
        places = [(HOST, True, None), (REMOTE, True, None), (REMOTE, False, None),
                  (REMOTE, False, "normal"), (COMPUTER, True, None)]
        self.mine = (0,)
        self.seats = tuple(SeatStatus(i, place, LONG[i % 2], None, True, connected, stand_in)
                           for i, (place, connected, stand_in)
                           in enumerate((places * 2)[:count]))


class Recording(TextCache):
    """The words drawn and where they went."""

    def __init__(self, assets) -> None:
        super().__init__(assets)
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def draw(self, surface, text, box, *args, **kwargs) -> pygame.Rect:
        rect = super().draw(surface, text, box, *args, **kwargs)
        self.drawn.append((text, rect))
        return rect


def panel_words(client):
    """What the online kind puts into the view for its panel, off `client`."""
    kind = OnlineKind(client, None)
    kind.link = TableLink(client, None, None)
    return kind.panel_words()


def test_the_names_are_the_longest_a_seat_may_have():
    assert all(len(name) == NAME_MAX for name in LONG)


def test_each_seats_words_stay_in_its_row_with_the_longest_names_in_every_language(module_app):
    app, _prefs = module_app
    counts = {max(m.player_counts) for m in Mode if not m.solo} | {3}
    try:
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            for count in sorted(counts):
                client = Client(count)
                text = Recording(app.assets)
                panel = OnlinePanel(app.assets, text)
                state = new_game(Mode.ALL_INCLUDED, [s.name for s in client.seats], 3, 0,
                                 [None] * count)
                view = SimpleNamespace(state=state, shown=state, animating=False, solo=False,
                                       bot_label="computer", last_words="",
                                       kind_words=panel_words(client))
                panel.draw(pygame.Surface((1920, 1080)), view)
                step = seat_step(count)
                for row in range(count):
                    top = SEATS_Y + row * step
                    inside = [(words, rect) for words, rect in text.drawn
                              if rect.centery in range(top, top + step)]
                    assert len(inside) >= 2, (language, count, row, inside)
                    for words, rect in inside:  # nothing spills into the rows around it
                        assert top <= rect.top and rect.bottom <= top + step, \
                            (language, count, words, rect, top, step)
                        assert PANEL.left < rect.left and rect.right <= PANEL.right, \
                            (language, count, words, rect)
                    for i, (words, rect) in enumerate(inside):
                        for other, beside in inside[i + 1:]:
                            assert not rect.colliderect(beside), (language, count, words, other)
    finally:
        i18n.set_language(i18n.SOURCE)


@pytest.mark.parametrize("size", TEXT_SIZES)
def test_a_long_first_word_fits_as_the_current_seat_beside_the_widest_place_word(module_app,
                                                                                  size):
    """"Bartholomew" in bold, the current seat, beside "away: the computer plays": the text
    audit met it only when a stand-in had moved before its picture (at 125 % it came and went
    from run to run); here every seat's turn at every text size."""
    from dataclasses import replace

    from game.render import fit

    app, _prefs = module_app
    app.settings.text_size = size
    app.apply_looks()
    client = Client(4)
    client.seats = tuple(s._replace(name="Bartholomew Featherstone") if hasattr(s, "_replace")
                         else replace(s, name="Bartholomew Featherstone") for s in client.seats)
    panel = OnlinePanel(app.assets, Recording(app.assets))
    dealt = new_game(Mode.ALL_INCLUDED, [s.name for s in client.seats], 3, 0, [None] * 4)
    fit.MISFITS.clear()
    for turn in range(4):
        state = replace(dealt, turn=turn)
        view = SimpleNamespace(state=state, shown=state, animating=False, solo=False,
                               bot_label="computer", last_words="", kind_words=panel_words(client))
        panel.draw(pygame.Surface((1920, 1080)), view)
    app.settings.text_size = 1.0
    app.apply_looks()
    assert not [m for m in fit.MISFITS if "Bartholomew" in m[0]], fit.MISFITS
