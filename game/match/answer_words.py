"""The words of a solo answer and a review, as the screens show them (the best a deal
allows, where it slipped, the expert's move at a turn)."""

from __future__ import annotations

from game.engine.scoring import TITLES
from game.engine.solo_answer import Best, Slip, SoloAnswer
from game.i18n import _
from game.match.words import cards_words


def best_words(best: Best) -> str:
    """'Best possible: 1 card — King of the Beasts', or why there is no count."""
    if not best.proven:
        return _("Best possible: not proven \u2014 the search ran out of time")
    if best.count is None:
        return _("Best possible: none \u2014 no line keeps the target card")
    if best.count in TITLES:
        return _("Best possible: %(cards)s \u2014 %(title)s") % {
            "cards": cards_words(best.count), "title": _(TITLES[best.count])}
    return _("Best possible: %(cards)s") % {"cards": cards_words(best.count)}


def best_short(best: Best) -> str:
    """'3 cards', 'the target lost' or 'not proven' (after 'the best was')."""
    if not best.proven:
        return _("not proven")
    return _("the target lost") if best.count is None else cards_words(best.count)


def slip_words(slip: Slip) -> str:
    """'After move 4 the best was 3 cards; b2xc2 kept 1 card'."""
    if slip.after.impossible:
        return _("After move %(n)d the target card could no longer be kept; %(kept)s kept "
                 "%(before)s") % {"n": slip.number, "kept": slip.kept.text,
                                  "before": best_short(slip.before)}
    return _("After move %(n)d the best was %(after)s; %(kept)s kept %(before)s") % {
        "n": slip.number, "after": best_short(slip.after), "kept": slip.kept.text,
        "before": best_short(slip.before)}


def answer_words(answer: SoloAnswer, left: int) -> str:
    """The line under the best: how close the game came, or where it slipped."""
    if answer.slip is not None:
        return slip_words(answer.slip)
    if answer.best.proven and answer.best.count == left:
        return _("You reached it: no better line exists for this deal.")
    if not answer.best.proven:
        return _("The solver could not prove this deal within its budget.")
    return _("Where it slipped is not known: a field could not be proven in time.")
