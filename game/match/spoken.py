"""What the table that speaks says: the focused card and what it can scare, a move with its falls."""

from __future__ import annotations

from game.engine.cards import Animal, Colour
from game.engine.events import ColumnClosed, Fell
from game.engine.position import cell_name
from game.engine.scoring import Result
from game.engine.state import GameState
from game.i18n import NP_, _, ngettext, pgettext
from game.match.mode_guide import team_letter
from game.match.words import describe_move, sentence

# A card that fell, one line per animal: Czech and Polish past tenses agree with it (kočka
# spadla, pes spadl; mysz spadła, kot spadł).
FELL_LINES = {
    Animal.ELEPHANT: NP_("card that fell is an elephant", "%(card)s on %(cell)s fell"),
    Animal.DOG: NP_("card that fell is a dog", "%(card)s on %(cell)s fell"),
    Animal.CAT: NP_("card that fell is a cat", "%(card)s on %(cell)s fell"),
    Animal.MOUSE: NP_("card that fell is a mouse", "%(card)s on %(cell)s fell"),
}
FELL_CONTEXTS = {Animal.ELEPHANT: "card that fell is an elephant",
                 Animal.DOG: "card that fell is a dog", Animal.CAT: "card that fell is a cat",
                 Animal.MOUSE: "card that fell is a mouse"}


def focus_words(state: GameState, cell: tuple[int, int]) -> str:
    """The cell under the cursor as a listener hears it: "b2, yellow cat; can scare the purple
    mouse on c2" (an empty cell: its name alone; a card with no scare: the card)."""
    line = cell_words(state, cell)
    if state.position.card_at(*cell) is None:
        return line
    targets = []
    for move in state.legal_moves():
        if move.scarer == cell and move.target not in targets:
            targets.append(move.target)
    if not targets:
        return line
    named = [_("%(target)s on %(cell)s") % {
        "target": state.position.card_at(*t).object_label, "cell": cell_name(*t)}
        for t in targets]
    return _("%(card)s; can scare %(targets)s") % {"card": line, "targets": ", ".join(named)}


def cell_words(state: GameState, cell: tuple[int, int]) -> str:
    """A cell and its card as the cursor names it: "b2, yellow cat" (an empty cell: "b2")."""
    card = state.position.card_at(*cell)
    if card is None:
        return cell_name(*cell)
    return _("%(cell)s, %(card)s") % {"cell": cell_name(*cell), "card": card.label}


def named_card(state: GameState, cell: tuple[int, int]) -> str:
    """A card with its cell, as a column is read: "b2 orange dog"."""
    return _("%(cell)s %(card)s") % {"cell": cell_name(*cell),
                                     "card": state.position.card_at(*cell).label}


def chosen_words(state: GameState, scarer: tuple[int, int]) -> str:
    """A scarer just chosen, and what it can scare: "Scarer chosen: b2 orange dog. Choose a
    target: c2 yellow cat, b3 blue cat"."""
    targets = list(dict.fromkeys(m.target for m in state.legal_moves() if m.scarer == scarer))
    # TRANSLATORS: %(scarer)s is a cell and a card in the nominative ("b2 orange dog");
    # %(targets)s a list of them ("c2 yellow cat, b3 blue cat"): the cards it can scare.
    return _("Scarer chosen: %(scarer)s. Choose a target: %(targets)s") % {
        "scarer": named_card(state, scarer),
        "targets": ", ".join(named_card(state, t) for t in targets)}


def put_back_words(state: GameState, scarer: tuple[int, int]) -> str:
    """The chosen scarer put back: "Scarer put back: b2 orange dog"."""
    # TRANSLATORS: %(scarer)s is a cell and a card in the nominative ("b2 orange dog").
    return _("Scarer put back: %(scarer)s") % {"scarer": named_card(state, scarer)}


def move_in_words(on: bool) -> str:
    """Move in switched on or off, with what it means."""
    if on:
        return _("Move in on: your scarer takes the target's cell")
    return _("Move in off: your scarer stays in its cell")


def aimed_words(state: GameState, cell: tuple[int, int], scarer: tuple[int, int]) -> str:
    """The cell under the cursor while a scarer is chosen: "c2, yellow cat: target", "c3, blue
    dog: not a target", "b2, orange dog: your scarer" (an empty cell: its name alone)."""
    line = cell_words(state, cell)
    if state.position.card_at(*cell) is None:
        return line
    if cell == scarer:
        # TRANSLATORS: %(card)s is a cell and a card ("b2, orange dog"): the card the player
        # chose to scare with (the glossary's "card that scares").
        return _("%(card)s: your scarer") % {"card": line}
    if any(m.scarer == scarer and m.target == cell for m in state.legal_moves()):
        # TRANSLATORS: %(card)s is a cell and a card ("c2, yellow cat"); "target": a card the
        # chosen scarer can scare now (not the solo deal's target card).
        return pgettext("a card the chosen scarer can scare", "%(card)s: target") % {"card": line}
    return pgettext("a card the chosen scarer can scare", "%(card)s: not a target") % {
        "card": line}


def move_words(before: GameState, move, events) -> str:
    """A played move as it is heard: "Computer 1: the yellow elephant scared the blue dog on d3;
    the orange cat on d4 fell" (each fall and each closed column in the order they happened)."""
    parts = [describe_move(before, move)]
    for event in events:
        if isinstance(event, Fell):
            animal = event.card.animal
            parts.append(pgettext(FELL_CONTEXTS[animal], FELL_LINES[animal]) % {
                "card": event.card.subject_label, "cell": cell_name(*event.source)})
        elif isinstance(event, ColumnClosed):
            parts.append(_("column %(column)s closed up") % {"column": "abcdefgh"[event.column]})
    return sentence("; ".join(parts))


# A task card inside a sentence, in lower case where the language writes it so (the card's own
# label is a caption: "Elephant", "Yellow").
TASK_IN_SENTENCE = {
    Animal.ELEPHANT: NP_("task card inside a sentence", "elephants"),
    Animal.DOG: NP_("task card inside a sentence", "dogs"),
    Animal.CAT: NP_("task card inside a sentence", "cats"),
    Animal.MOUSE: NP_("task card inside a sentence", "mice"),
    Colour.YELLOW: NP_("task card inside a sentence", "yellow cards"),
    Colour.ORANGE: NP_("task card inside a sentence", "orange cards"),
    Colour.PURPLE: NP_("task card inside a sentence", "purple cards"),
    Colour.BLUE: NP_("task card inside a sentence", "blue cards"),
}


def score_lines(state: GameState, outcome: Result) -> list[str]:
    """Each player's points in a line: "Anna: 3 points (task cards: mice and purple cards)"
    (the kiosk's result card shows them; the table that speaks says them after the winner)."""
    lines = []
    for player, score in zip(state.players, outcome.scores, strict=True):
        words = [pgettext("task card inside a sentence", TASK_IN_SENTENCE[task])
                 for task in player.tasks]
        who = player.name if player.team is None else _("%(name)s, team %(letter)s") % {
            "name": player.name, "letter": team_letter(player.team)}
        if not words:
            lines.append(ngettext("%(who)s: %(n)d point", "%(who)s: %(n)d points", score.total)
                         % {"who": who, "n": score.total})
            continue
        tasks = words[0] if len(words) == 1 else _("%(first)s and %(second)s") % {
            "first": ", ".join(words[:-1]), "second": words[-1]}
        # TRANSLATORS: %(tasks)s is a list of task cards in the nominative ("mice and yellow
        # cards"), after the colon of "task cards:"; %(who)s is a name, also in the nominative.
        lines.append(ngettext("%(who)s: %(n)d point (task cards: %(tasks)s)",
                              "%(who)s: %(n)d points (task cards: %(tasks)s)", score.total)
                     % {"who": who, "n": score.total, "tasks": tasks})
    return lines
