"""Animals, colours, cards and the scare rule."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from game.i18n import N_, NP_, _, pgettext


class Animal(IntEnum):
    """The four animals; each scares the next one in this order (and mouse scares elephant)."""

    ELEPHANT = 0
    DOG = 1
    CAT = 2
    MOUSE = 3

    @property
    def letter(self) -> str:
        return "EDCM"[self]

    @property
    def label(self) -> str:
        """The animal's name in the player's language (English in the CLI)."""
        return _(ANIMAL_NAMES[self])

    @property
    def object_label(self) -> str:
        """The animal as the one scared, lower case: Czech 'psa', Polish 'kota', German
        'Elefanten' - for sentences like _("%(scarer)s scares %(target)s")."""
        return pgettext("scared", ANIMAL_OBJECTS[self])

    @property
    def victim(self) -> Animal:
        """The animal this one scares."""
        return Animal((self + 1) % 4)

    @property
    def scarer(self) -> Animal:
        """The animal that scares this one."""
        return Animal((self + 3) % 4)


class Colour(IntEnum):
    YELLOW = 0
    ORANGE = 1
    PURPLE = 2
    BLUE = 3

    @property
    def letter(self) -> str:
        return "YOPB"[self]

    @property
    def label(self) -> str:
        """The colour's name in the player's language (English in the CLI)."""
        return _(COLOUR_NAMES[self])


# The card words as the printed editions use them; each language's catalogue has its own.
ANIMAL_NAMES = (N_("Elephant"), N_("Dog"), N_("Cat"), N_("Mouse"))
COLOUR_NAMES = (N_("Yellow"), N_("Orange"), N_("Purple"), N_("Blue"))
# A whole card by name: adjectives agree with the animal (Czech žlutý pes, žlutá kočka).
CARD_NAMES = {
    "YE": N_("yellow elephant"), "YD": N_("yellow dog"), "YC": N_("yellow cat"),
    "YM": N_("yellow mouse"), "OE": N_("orange elephant"), "OD": N_("orange dog"),
    "OC": N_("orange cat"), "OM": N_("orange mouse"), "PE": N_("purple elephant"),
    "PD": N_("purple dog"), "PC": N_("purple cat"), "PM": N_("purple mouse"),
    "BE": N_("blue elephant"), "BD": N_("blue dog"), "BC": N_("blue cat"), "BM": N_("blue mouse"),
}
# The same words as the object of a scare (Czech, Polish and German inflect them).
ANIMAL_OBJECTS = (NP_("scared", "elephant"), NP_("scared", "dog"), NP_("scared", "cat"),
                  NP_("scared", "mouse"))
CARD_OBJECTS = {
    "YE": NP_("scared", "yellow elephant"),
    "YD": NP_("scared", "yellow dog"),
    "YC": NP_("scared", "yellow cat"),
    "YM": NP_("scared", "yellow mouse"),
    "OE": NP_("scared", "orange elephant"),
    "OD": NP_("scared", "orange dog"),
    "OC": NP_("scared", "orange cat"),
    "OM": NP_("scared", "orange mouse"),
    "PE": NP_("scared", "purple elephant"),
    "PD": NP_("scared", "purple dog"),
    "PC": NP_("scared", "purple cat"),
    "PM": NP_("scared", "purple mouse"),
    "BE": NP_("scared", "blue elephant"),
    "BD": NP_("scared", "blue dog"),
    "BC": NP_("scared", "blue cat"),
    "BM": NP_("scared", "blue mouse"),
}
ANIMAL_BY_LETTER = {a.letter: a for a in Animal}
COLOUR_BY_LETTER = {c.letter: c for c in Colour}


class Card(NamedTuple):
    """One animal card: a colour and an animal. Written colour first, e.g. YC = yellow cat."""

    colour: Colour
    animal: Animal

    @property
    def code(self) -> str:
        return self.colour.letter + self.animal.letter

    @property
    def label(self) -> str:
        """The card by name in the player's language, e.g. 'yellow cat'."""
        return _(CARD_NAMES[self.code])

    @property
    def object_label(self) -> str:
        """The card as the one scared, e.g. Czech 'žlutou kočku' (see Animal.object_label)."""
        return pgettext("scared", CARD_OBJECTS[self.code])

    def scares(self, other: Card) -> bool:
        return self.animal.victim == other.animal

    def __str__(self) -> str:
        return self.code


def scares(scarer: Animal, target: Animal) -> bool:
    """The scare rule: elephant > dog > cat > mouse > elephant."""
    return (scarer + 1) % 4 == target


def parse_card(text: str) -> Card:
    """Parse a two-letter card code such as 'YC' (case-insensitive)."""
    up = text.upper()
    if len(up) != 2 or up[0] not in COLOUR_BY_LETTER or up[1] not in ANIMAL_BY_LETTER:
        raise ValueError(f"'{text}' is not a card")
    return Card(COLOUR_BY_LETTER[up[0]], ANIMAL_BY_LETTER[up[1]])


def full_deck() -> list[Card]:
    """The 32 animal cards: 4 animals x 4 colours x 2 copies, in a fixed order."""
    return [Card(c, a) for c in Colour for a in Animal for _ in range(2)]
