"""The words of a solo answer and a review, as the screens show them (the best a deal
allows, where it slipped, the better move in words, and in the notation for a second line)."""

from __future__ import annotations

from game.engine.moves import Move
from game.engine.position import Position
from game.engine.scoring import TITLES
from game.engine.solo_answer import Best, Slip, SoloAnswer
from game.i18n import NP_, _, pgettext
from game.match.words import cards_words, describe_next


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


# An ordinal by the English ending its number takes; Czech, German and Polish write "4." for
# each (and decline the word after it, not the number).
ORDINALS = {"st": NP_("ordinal", "%(n)dst"), "nd": NP_("ordinal", "%(n)dnd"),
            "rd": NP_("ordinal", "%(n)drd"), "th": NP_("ordinal", "%(n)dth")}


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '21st' ('4.' in Czech, German and Polish)."""
    ending = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return pgettext("ordinal", ORDINALS[ending]) % {"n": n}


def better_words(position: Position, move: Move) -> str:
    """The expert's (or the solver's) move from `position`, in words: "Better: The blue dog on
    d3 scares the purple mouse on d2."."""
    return _("Better: %(move)s.") % {"move": describe_next(position, move, opens=False)}


def notation_words(played: Move | None, better: Move | None = None) -> str:
    """The moves in the text notation, for the smaller line under their words: "In notation:
    c2xb2; better: f2xg2+"."""
    if played is None:
        return _("In notation, better: %(better)s") % {"better": better.text}
    if better is None:
        return _("In notation: %(played)s") % {"played": played.text}
    return _("In notation: %(played)s; better: %(better)s") % {"played": played.text,
                                                               "better": better.text}


def slip_words(slip: Slip) -> str:
    """'Your 4th move was the slip. The best possible before it: 1 card; after it: 3 cards.'
    (each outcome its own sentence; the move that kept it is said by `better_words`)."""
    values = {"nth": ordinal(slip.number), "before": cards_words(slip.before.count)}
    if slip.after.impossible:
        return _("Your %(nth)s move was the slip. The best possible before it: %(before)s; "
                 "after it, no line kept the target card on the field.") % values
    values["after"] = cards_words(slip.after.count)
    return _("Your %(nth)s move was the slip. The best possible before it: %(before)s; "
             "after it: %(after)s.") % values


def answer_words(answer: SoloAnswer, left: int) -> str:
    """The line under the best: how close the game came, or where it slipped."""
    if answer.slip is not None:
        return slip_words(answer.slip)
    if answer.best.proven and answer.best.count == left:
        return _("You reached it: no better line exists for this deal.")
    if not answer.best.proven:
        return _("The solver could not prove this deal within its budget.")
    return _("Where it slipped is not known: a field could not be proven in time.")
