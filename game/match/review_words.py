"""The words of a review at one move, in both views: with every task card known, and from what
its mover could know ("b2xc2 would have kept the yellow cat for you: from 41 % to 63 %")."""

from __future__ import annotations

from game.engine.ai.review import BETTER, Turn
from game.engine.cards import Card
from game.engine.state import GameState
from game.i18n import _, format_percent

# The two views a review can be read in (docs/REVIEW.md): every card known, the mover's own.
VIEWS = ("known", "mover")


def chance(value: float) -> str:
    return format_percent(round(100 * value))


def view_words(view: str) -> str:
    """Which view the words are judged in, said plainly."""
    if view == "known":
        return _("Judged with all cards known: every player's task cards, as after the game.")
    return _("Judged from what the mover could know: their own task cards and the moves so "
             "far (the chart: all cards known).")


def view_button(view: str) -> str:
    return _("View: all cards known") if view == "known" else _("View: what the mover knew")


def kept_card(before: GameState, turn: Turn) -> Card | None:
    """The card the move scared away that counted for its mover (their own task cards) and the
    expert's move would have left on the field (None: no such card)."""
    if turn.expert is None or turn.expert.target == turn.move.target:
        return None
    player = before.players[turn.seat]
    card = before.position.card_at(*turn.move.target)
    if card is None or (card.colour != player.colour_task and card.animal != player.animal_task):
        return None
    return card


def known_words(before: GameState, turn: Turn, name: str, you: bool) -> str:
    """The expert's move with every card known, and what it would have changed for the mover;
    `you`: the mover is the one person at the table (else they are named)."""
    if turn.forced:
        return _("The only move there was.")
    if turn.expert is None or turn.expert_after is None:
        return _("The expert agrees, or knows nothing much better.")
    values = {"move": turn.expert.text, "name": name, "played": chance(turn.after[turn.seat]),
              "best": chance(turn.expert_after[turn.seat])}
    card = kept_card(before, turn)
    if card is not None:
        values["card"] = card.object_label
        if you:
            return _("%(move)s would have kept %(card)s for you: from %(played)s to "
                     "%(best)s") % values
        return _("%(move)s would have kept %(card)s for %(name)s: from %(played)s to "
                 "%(best)s") % values
    if you:
        return _("%(move)s would have been better for you: from %(played)s to %(best)s") % values
    return _("%(move)s would have been better for %(name)s: from %(played)s to "
             "%(best)s") % values


def mover_words(turn: Turn, name: str, you: bool) -> str:
    """The expert's move from the mover's own seat (their cards only), and the mover's chance
    after the move played and after it, as far as the mover could tell."""
    if turn.forced:
        return _("The only move there was.")
    belief = turn.belief
    if belief is None:
        return _("Not judged from the mover's seat: the search there never tried this move.")
    values = {"move": belief.expert.text, "name": name, "played": chance(belief.played),
              "best": chance(belief.best)}
    if belief.expert.canonical() == turn.move.canonical() or belief.best < belief.played + BETTER:
        if you:
            return _("From what you could know, nothing was much better (your chance as it "
                     "looked then: %(played)s)") % values
        return _("From what %(name)s could know, nothing was much better (the chance as it "
                 "looked then: %(played)s)") % values
    if you:
        return _("From what you could know, %(move)s was better: from %(played)s to "
                 "%(best)s as it looked then") % values
    return _("From what %(name)s could know, %(move)s was better: from %(played)s to "
             "%(best)s as it looked then") % values
