"""The words of a solo answer and a review, as the screens show them (the best a deal
allows, where it slipped, the expert's move at a turn)."""

from __future__ import annotations

from game.engine.scoring import TITLES
from game.engine.solo_answer import Best, Slip, SoloAnswer
from game.i18n import NP_, _, pgettext
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


# An ordinal by the English ending its number takes; Czech, German and Polish write "4." for
# each (and decline the word after it, not the number).
ORDINALS = {"st": NP_("ordinal", "%(n)dst"), "nd": NP_("ordinal", "%(n)dnd"),
            "rd": NP_("ordinal", "%(n)drd"), "th": NP_("ordinal", "%(n)dth")}


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '21st' ('4.' in Czech, German and Polish)."""
    ending = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return pgettext("ordinal", ORDINALS[ending]) % {"n": n}


def slip_words(slip: Slip) -> str:
    """'After your 4th move the best was 3 cards; b2xc2 kept 1 card'."""
    if slip.after.impossible:
        return _("After your %(nth)s move the target card could no longer be kept; %(kept)s "
                 "kept %(before)s") % {"nth": ordinal(slip.number), "kept": slip.kept.text,
                                       "before": best_short(slip.before)}
    return _("After your %(nth)s move the best was %(after)s; %(kept)s kept %(before)s") % {
        "nth": ordinal(slip.number), "after": best_short(slip.after), "kept": slip.kept.text,
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
