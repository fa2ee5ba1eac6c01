"""Settings -> Text size on the small side-panel words: the level panel's key lines grow."""

from __future__ import annotations

import pytest

from game import i18n
from game.render import fit, looks


@pytest.fixture
def app(menu_app):
    yield menu_app
    looks.set_looks(1.0, False, False)
    i18n.set_language("en")


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_level_panels_key_lines_are_larger_at_200_percent_in_every_language(app, lang):
    """At 100 % a line each at the panel's foot; at 200 % each fits its room at a size above
    the 100 % one and never under 20 px (the key line wraps, the pad line moves up)."""
    from game.controls import DEFAULT
    from game.scenes.solo.level_table import DEVICES, HELP, help_boxes

    assert i18n.set_language(lang) is None
    sizes = {}
    for text_size in (1.0, 2.0):
        looks.set_looks(text_size, False, False)
        for device, box in zip(DEVICES, help_boxes(), strict=True):
            chosen = fit.choose(app.assets, DEFAULT.help_line(device, HELP), box[2:], 21,
                                floor=16 if text_size <= 1 else 20)
            assert chosen.fits, (lang, text_size, device)
            sizes[text_size, device] = chosen.size
    for device in DEVICES:
        assert sizes[2.0, device] > sizes[1.0, device] and sizes[2.0, device] >= 20
    looks.set_looks(2.0, False, False)
    boxes = help_boxes()
    assert not any(a != b and _overlap(a, b) for a in boxes for b in boxes)


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
