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
