"""The words of a review at one move, in both views: with every task card known, and from what
its mover could know. Moves are said in words (the notation only on a smaller second line),
chances as a child counts them ("about 2 in 10"), each seat by its name as the table shows it."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.ai.review import BETTER, Turn
from game.engine.cards import Card
from game.engine.state import GameState, Player, apply
from game.i18n import _, ngettext
from game.match.answers import better_words, notation_words
from game.match.words import describe_move

# The two views a review can be read in (docs/REVIEW.md): every card known, the mover's own.
VIEWS = ("known", "mover")


def chance_words(value: float) -> str:
    """A chance to win as a child counts it: 0.18 is 'about 2 in 10' (one shape for every
    chance, so a sentence can hold any of them)."""
    n = int(10 * value + 0.5)
    return ngettext("about %(n)d in 10", "about %(n)d in 10", n) % {"n": n}


def seat_names(players: Sequence[Player]) -> list[str]:
    """Each seat's name as the table shows it ('Computer 1 (easy)'); where two seats share a
    name, each with its seat ('Anna (seat 1)', 'Anna (seat 3)')."""
    names = [p.name for p in players]
    return [_("%(name)s (seat %(n)d)") % {"name": name, "n": i + 1} if names.count(name) > 1
            else name for i, name in enumerate(names)]


def short_names(players: Sequence[Player]) -> list[tuple[str, ...]]:
    """Shorter wordings of each seat's name for a narrow place, never one two seats share: the
    first word where no other name begins with it (not 'Computer' of 'Computer 2 (hard)'),
    then 'Computer 2' (the second computer, as the table counts them) or 'Player 3' (the third
    seat)."""
    firsts = [(p.name.split() or [""])[0] for p in players]
    shorter = []
    for i, (player, first) in enumerate(zip(players, firsts, strict=True)):
        if player.bot:
            count = sum(1 for p in players[:i + 1] if p.bot)
            seat = _("Computer %(n)d") % {"n": count}
        else:
            seat = _("Player %(n)d") % {"n": i + 1}
        # A first word no other name has, unless it only begins the seat's own ("Computer").
        alone = first and firsts.count(first) == 1 and not seat.startswith(first)
        shorter.append((first, seat) if alone else (seat,))
    return shorter


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


def move_words(states: Sequence[GameState], turn: Turn, name: str) -> str:
    """The move played, in words, with its number: "Move 8 — Dan: the purple cat scared the
    blue mouse on b2 and moved in" (a turning point says so)."""
    values = {"n": turn.number, "move": describe_move(states[turn.number - 1], turn.move,
                                                      name=name)}
    if turn.turning:
        return _("Move %(n)d, a turning point \u2014 %(move)s") % values
    return _("Move %(n)d \u2014 %(move)s") % values


def chance_line(turn: Turn, name: str) -> str:
    """What the move changed for its mover ("Dan: chance to win about 5 in 10 before this
    move, about 2 in 10 after it.")."""
    return _("%(name)s: chance to win %(before)s before this move, %(after)s after it.") % {
        "name": name, "before": chance_words(turn.before[turn.seat]),
        "after": chance_words(turn.after[turn.seat])}


def known_words(states: Sequence[GameState], turn: Turn, name: str, you: bool) -> list[str]:
    """The expert's move with every card known, in words, and what it would have changed for
    the mover (`states`: the game's); `you`: the mover is the one person at the table (else
    named). A sentence a line."""
    if turn.forced:
        return [_("The only move there was.")]
    if turn.expert is None or turn.expert_after is None:
        return [_("The expert agrees, or knows nothing much better.")]
    values = {"name": name, "best": chance_words(turn.expert_after[turn.seat])}
    better = better_words(states[turn.number - 1].position, turn.expert)
    card = kept_card(states, turn)
    if card is not None:
        values["card"] = card.object_label
        if you:
            return [better, _("That move would have kept %(card)s for you, and your chance to "
                              "win would have been %(best)s.") % values]
        return [better, _("%(name)s: that move would have kept %(card)s, and the chance to win "
                          "would have been %(best)s.") % values]
    if you:
        return [better, _("Your chance to win would have been %(best)s.") % values]
    return [better, _("%(name)s: the chance to win would have been %(best)s.") % values]


def mover_better(turn: Turn) -> bool:
    """Whether the mover's own expert would have played another move, clearly better."""
    belief = turn.belief
    return belief is not None and not turn.forced and \
        belief.expert.canonical() != turn.move.canonical() and \
        belief.best >= belief.played + BETTER


def mover_words(states: Sequence[GameState], turn: Turn, name: str, you: bool) -> list[str]:
    """The expert's move from the mover's own seat (their cards only), in words, and the
    mover's chance after the move played and after it, as far as the mover could tell."""
    if turn.forced:
        return [_("The only move there was.")]
    belief = turn.belief
    if belief is None:
        return [_("Not judged from the mover's seat: the search there never tried this move.")]
    values = {"name": name, "played": chance_words(belief.played),
              "best": chance_words(belief.best)}
    if not mover_better(turn):
        if you:
            return [_("From what you could know, nothing was much better."),
                    _("Your chance to win as it looked then: %(played)s.") % values]
        return [_("%(name)s: from what could be known at that seat, nothing was much "
                  "better.") % values,
                _("The chance to win as it looked from that seat then: %(played)s.") % values]
    better = better_words(states[turn.number - 1].position, belief.expert)
    if you:
        return [better, _("As it looked to you then, your chance to win was %(played)s after "
                          "your move and would have been %(best)s after this one.") % values]
    return [better, _("%(name)s: as it looked from that seat then, the chance to win was "
                      "%(played)s after the move played and would have been %(best)s after "
                      "this one.") % values]


def turn_words(states: Sequence[GameState], turn: Turn, name: str, you: bool,
               view: str) -> tuple[list[str], str]:
    """The review's lines at a move, each a sentence in words (the move, its mover's chance,
    the better move and what it would have changed, the view), and the smaller line with the
    moves in the notation."""
    if view == "known":
        advice = known_words(states, turn, name, you)
        shown = not turn.forced and turn.expert_after is not None
        better = turn.expert if shown else None
    else:
        advice = mover_words(states, turn, name, you)
        better = turn.belief.expert if mover_better(turn) else None
    lines = [move_words(states, turn, name), chance_line(turn, name), *advice, view_words(view)]
    return lines, notation_words(turn.move, better)


def deal_words(names: Sequence[str], chances: Sequence[float]) -> list[str]:
    """The review's lines at the deal: every seat's chance to win there."""
    said = ", ".join(_("%(name)s %(chance)s") % {"name": n, "chance": chance_words(c)}
                     for n, c in zip(names, chances, strict=True))
    return [_("The deal: every task card known"), _("Chances to win: %(list)s") % {"list": said},
            _("Click the chart or use the buttons to look at a move.")]
