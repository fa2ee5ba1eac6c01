"""The puzzle editor in words, for the table that speaks: the cursor's place, the cards, the
target."""

from __future__ import annotations

from game.campaign.draft import Draft
from game.engine.position import cell_name
from game.i18n import _, ngettext


def place_words(draft: Draft, cursor: tuple, palette) -> str:
    """Where the cursor is and what lies there: a cell's card, or the palette's brush."""
    if cursor[0] != "field":
        return palette.words(draft, cursor[1])
    card = draft.card_at(cursor[1], cursor[2])
    where = cell_name(cursor[1], cursor[2])
    if card is None:
        return _("%(cell)s: empty") % {"cell": where}
    return _("%(cell)s, %(card)s") % {"cell": where, "card": card.label}


def count_words(draft: Draft) -> str:
    """The cards placed so far."""
    n = draft.card_count()
    return ngettext("%(n)d card on the field", "%(n)d cards on the field", n) % {"n": n}


def target_words(draft: Draft) -> str:
    """The card that must stay, or none."""
    target = draft.target
    return _("Target: %(card)s") % {"card": target.label if target is not None else _("none")}


class EditorVoice:
    """The editor's words said aloud; each call's first line cuts off what was said before."""

    def __init__(self, app, field, palette) -> None:
        self.app, self.field, self.palette = app, field, palette

    def speak(self, *lines: str) -> None:
        """Say these lines, the first cutting off what was said before."""
        for i, line in enumerate(lines):
            self.app.speech.say(line, interrupt=i == 0)

    def place(self, draft: Draft, *more: str) -> None:
        """The cursor's place, then `more`."""
        self.speak(place_words(draft, self.field.cursor, self.palette), *more)

    def placed(self, draft: Draft) -> None:
        """The cursor's place and the cards placed so far (after a card came or went)."""
        self.place(draft, count_words(draft))

    def brush(self, draft: Draft) -> None:
        """The brush's card."""
        self.speak(self.palette.words(draft))

    def step_brush(self, draft: Draft, step: int) -> None:
        """The brush before or after this one, said."""
        self.palette.step(step)
        self.brush(draft)
