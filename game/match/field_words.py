"""The field spoken on request: each column's height and top card, or one column bottom up."""

from __future__ import annotations

from game.engine.position import cell_name
from game.engine.state import GameState
from game.i18n import _, ngettext


def scare_count(state: GameState) -> int:
    """The scares the player to move could make (a side scare's stay and move in count once)."""
    return len({(move.scarer, move.target) for move in state.legal_moves()})


def overview_words(state: GameState) -> str:
    """What a player who cannot see the field needs to plan: how many cards and scares, and
    each column's height and top card ("a: 4 cards, the yellow cat on top; c: empty")."""
    position = state.position
    head = ngettext("%(n)d card on the field", "%(n)d cards on the field",
                    position.card_count()) % {"n": position.card_count()}
    n = scare_count(state)
    scares = ngettext("%(n)d scare possible", "%(n)d scares possible", n) % {"n": n}
    columns = []
    for x, stack in enumerate(position.columns):
        letter = "abcdefgh"[x]
        if not stack:
            columns.append(_("%(column)s: empty") % {"column": letter})
        else:
            columns.append(ngettext("%(column)s: %(n)d card, %(card)s on top",
                                    "%(column)s: %(n)d cards, %(card)s on top", len(stack))
                           % {"column": letter, "n": len(stack), "card": stack[-1].label})
    return _("%(cards)s, %(scares)s. %(columns)s") % {
        "cards": head, "scares": scares, "columns": "; ".join(columns)}


def column_words(state: GameState, column: int) -> str:
    """One column from the bottom up, each card with its cell: what falls when one below goes
    ("Column b: b1 orange mouse, b2 yellow cat")."""
    letter = "abcdefgh"[column]
    stack = state.position.columns[column] if column < state.position.width else ()
    if not stack:
        return _("Column %(column)s is empty") % {"column": letter}
    cards = [_("%(cell)s %(card)s") % {"cell": cell_name(column, y), "card": card.label}
             for y, card in enumerate(stack)]
    return _("Column %(column)s: %(cards)s") % {"column": letter, "cards": ", ".join(cards)}
