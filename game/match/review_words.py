"""The words of a review at one move, in both views: with every task card known, and from what
its mover could know ("b2xc2 would have kept the yellow cat for you: from 41 % to 63 %")."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.ai.review import BETTER, Turn
from game.engine.cards import Card
from game.engine.state import GameState, apply
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


def kept_card(states: Sequence[GameState], turn: Turn) -> Card | None:
    """The card that counted for the mover (their own task cards) and was lost where the
    expert's move would have kept it (None: none): the card the move itself scared, when the
    expert's move scares another; or the card the next move scared, when after the expert's
    move no move at all could scare a card like it. `states`: the game's, from its start."""
    if turn.expert is None:
        return None
    before = states[turn.number - 1]
    player = before.players[turn.seat]

    def counts(card: Card | None) -> bool:
        return card is not None and (card.colour == player.colour_task
                                     or card.animal == player.animal_task)

    scared = before.position.card_at(*turn.move.target)
    if counts(scared) and turn.expert.target != turn.move.target:
        return scared
    if turn.number + 1 >= len(states):
        return None  # the move ended the game: nothing was scared after it
    after = states[turn.number]
    scared = after.position.card_at(*states[turn.number + 1].moves[-1].target)
    if not counts(scared):
        return None
    other = apply(before, turn.expert)[0]
    if any(other.position.card_at(*m.target) == scared for m in other.legal_moves()):
        return None
    return scared


def known_words(states: Sequence[GameState], turn: Turn, name: str, you: bool) -> str:
    """The expert's move with every card known, and what it would have changed for the mover
    (`states`: the game's); `you`: the mover is the one person at the table (else named)."""
    if turn.forced:
        return _("The only move there was.")
    if turn.expert is None or turn.expert_after is None:
        return _("The expert agrees, or knows nothing much better.")
    values = {"move": turn.expert.text, "name": name, "played": chance(turn.after[turn.seat]),
              "best": chance(turn.expert_after[turn.seat])}
    card = kept_card(states, turn)
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
