"""The table's input read as the game's words: a pick or a release gives a move, a selection,
a complaint or nothing (Tatham's interpret_move); keys are named; refusals are explained."""

from __future__ import annotations

from dataclasses import dataclass

from game.controls import DEFAULT, Controls
from game.engine.cards import Animal
from game.engine.moves import Move
from game.i18n import N_, NP_, _, pgettext
from game.input import Action
from game.scenes.table.pick import Press, PressOn

# "An elephant", "A dog": the subject of a refusal; REFUSED its object, which Czech, German
# and Polish inflect (Polish negation even takes the genitive: "nie wystraszy myszy").
ARTICLED = {Animal.ELEPHANT: N_("An elephant"), Animal.DOG: N_("A dog"), Animal.CAT: N_("A cat"),
            Animal.MOUSE: N_("A mouse")}
REFUSED = {Animal.ELEPHANT: NP_("can't scare", "an elephant"),
           Animal.DOG: NP_("can't scare", "a dog"), Animal.CAT: NP_("can't scare", "a cat"),
           Animal.MOUSE: NP_("can't scare", "a mouse")}
# Whole sentences, as Czech inflects the scared ones (sloni straší psy).
RULES = {Animal.ELEPHANT: N_("elephants scare dogs"), Animal.DOG: N_("dogs scare cats"),
         Animal.CAT: N_("cats scare mice"), Animal.MOUSE: N_("mice scare elephants")}
NOTHING = {Animal.ELEPHANT: N_("No dog next to this elephant"),
           Animal.DOG: N_("No cat next to this dog"),
           Animal.CAT: N_("No mouse next to this cat"),
           Animal.MOUSE: N_("No elephant next to this mouse")}


@dataclass(frozen=True)
class Select:
    """The chosen scarer becomes `cell` (None: no scarer chosen)."""
    cell: tuple[int, int] | None


@dataclass(frozen=True)
class Complain:
    """An illegal pick, explained; `cell` shakes."""
    words: str
    cell: tuple[int, int] | None = None


# What a pick or a release means: a Move to play, a Select, a Complain, or None (nothing).
Outcome = Move | Select | Complain | None


def rule(animal) -> str:
    """'elephants scare dogs': the scare rule for one animal."""
    return _(RULES[animal])


def why_not(scarer, target, neighbours: bool) -> str:
    """A gentle explanation of an illegal pick, in the game's words."""
    s, t = scarer.animal, target.animal
    if not neighbours:
        return _("Only a next-door card can be scared: above, below, left or right")
    return _("%(scarer)s can't scare %(target)s \u2014 %(rule)s") % {
        "scarer": _(ARTICLED[s]), "target": pgettext("can't scare", REFUSED[t]),
        "rule": rule(s)}


def nothing_to_scare(card) -> str:
    return _("%(problem)s \u2014 %(rule)s") % {"problem": _(NOTHING[card.animal]),
                                          "rule": rule(card.animal)}


def _next_door(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def interpret_pick(position, targets_of: dict, selected, cell, move_in: bool) -> Outcome:
    """A click, Enter or south button on `cell` while `selected` is the chosen scarer (or
    None); `targets_of` maps each scarer to the cells it can scare."""
    card = position.card_at(*cell)
    if selected is not None and cell in targets_of.get(selected, ()):
        return Move(selected, cell, move_in and cell[0] != selected[0])
    if card is None:
        return Complain(_("Pick a card: that cell is empty"))
    if cell == selected:
        return Select(None)
    if cell in targets_of:
        return Select(cell)
    if selected is not None:
        return Complain(why_not(position.card_at(*selected), card, _next_door(selected, cell)),
                        cell)
    return Complain(nothing_to_scare(card), cell)


def interpret_release(position, targets_of: dict, selected, move_in: bool, press: Press,
                      dragged: bool, cell) -> Outcome:
    """The mouse let go over `cell` after `press` on the field."""
    start = press.cell
    if press.on is PressOn.TARGET:
        return interpret_pick(position, targets_of, selected, cell, move_in) \
            if cell == start else None
    if dragged:
        if cell is not None and cell in targets_of.get(start, ()):
            return Move(start, cell, cell[0] != start[0])  # a drag moves in
        if cell is not None and cell != start and position.card_at(*cell):
            return Complain(why_not(position.card_at(*start), position.card_at(*cell),
                                    _next_door(start, cell)), cell)
        return None
    if press.on is PressOn.AGAIN and cell == start:
        return Select(None)  # a second click on the chosen scarer puts it back
    return None


def step_cursor(position, cursor, action: Action, visible: bool) -> tuple[int, int]:
    """The keyboard or pad cursor after `action` (only shown, not moved, while hidden); it
    stays on a card of its column."""
    x, y = cursor
    if visible:
        if action is Action.LEFT:
            x = (x - 1) % position.width
        elif action is Action.RIGHT:
            x = (x + 1) % position.width
        elif action is Action.UP:
            y = min(y + 1, position.height - 1)
        elif action is Action.DOWN:
            y = max(y - 1, 0)
    top = len(position.columns[x]) - 1
    return (x, max(0, min(y, top)))


def undo_key(event, controls: Controls = DEFAULT) -> bool:
    return controls.means("undo", event)


def redo_key(event, controls: Controls = DEFAULT) -> bool:
    return controls.means("redo", event)


def peek_key(event, controls: Controls = DEFAULT) -> bool:
    """Pressed or let go (the peek is held)."""
    return controls.means("peek", event)
