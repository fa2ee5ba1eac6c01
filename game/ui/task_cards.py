"""Task cards in pictures and words: a card's image name, what it asks for, how it scores
(the hand-over, the table's panel, the replay and the scores all show them)."""

from __future__ import annotations

from game.engine.cards import Animal, Colour
from game.i18n import N_, _


def task_image(task) -> str:
    """The image name of a task card: task_E.. for animal types, task_Y.. for colours."""
    return f"task_{task.letter}"


def task_words(task) -> str:
    """What a task card asks for, as a caption: 'Elephants', 'Blue cards'."""
    if isinstance(task, Animal):
        return {Animal.ELEPHANT: _("Elephants"), Animal.DOG: _("Dogs"), Animal.CAT: _("Cats"),
                Animal.MOUSE: _("Mice")}[task]
    return _(COLOUR_CARDS[task])


# Whole words per colour: Czech and Polish make the colour agree with "cards" (Žluté karty).
COLOUR_CARDS = {Colour.YELLOW: N_("Yellow cards"), Colour.ORANGE: N_("Orange cards"),
                Colour.PURPLE: N_("Purple cards"), Colour.BLUE: N_("Blue cards")}


# Sentences shown on two lines: one message each, so a translator sees the whole sentence
# and puts its line break (\n) where it reads best (one break, as the English has).
# TRANSLATORS: two lines on screen; put the line break (\n) where it reads best.
SCORING = N_("At the end, each card left on the field that matches one of these\n"
             "scores 1 point; a card matching both scores 2.")
# One task card (All Included, and each member of a team in Teams of Two).
# TRANSLATORS: two lines on screen; put the line break (\n) where it reads best.
SCORING_ONE = N_("At the end, each card left on the field that matches it\n"
                 "scores 1 point.")
# TRANSLATORS: two lines on screen; put the line break (\n) where it reads best.
SCORING_TEAM = N_("At the end, each card left that matches it scores 1 point\n"
                  "for your team; your teammate's card counts too.")


def scoring_lines(player=None) -> list[str]:
    """How task cards score, in two short lines (shown wherever the cards are peeked at):
    the words fit the player's cards (one card cannot match twice; a team adds up)."""
    words = SCORING
    if player is not None and len(player.tasks) == 1:
        words = SCORING_TEAM if player.team is not None else SCORING_ONE
    return _(words).split("\n")
