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
        """The animal as the one scared, lower case, with the article a language needs: Czech
        'psa', Polish 'kota', German 'den Elefanten', English 'the elephant'."""
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
# A card named in a sentence (docs/GLOSSARY.md, "Card names in sentences"): German takes the
# article in its case (der gelbe Hund / den gelben Hund), Czech and Polish the case alone.
# The one who scares (nominative): "the yellow dog" scares ...
CARD_SUBJECTS = {
    "YE": NP_("scarer", "the yellow elephant"),
    "YD": NP_("scarer", "the yellow dog"),
    "YC": NP_("scarer", "the yellow cat"),
    "YM": NP_("scarer", "the yellow mouse"),
    "OE": NP_("scarer", "the orange elephant"),
    "OD": NP_("scarer", "the orange dog"),
    "OC": NP_("scarer", "the orange cat"),
    "OM": NP_("scarer", "the orange mouse"),
    "PE": NP_("scarer", "the purple elephant"),
    "PD": NP_("scarer", "the purple dog"),
    "PC": NP_("scarer", "the purple cat"),
    "PM": NP_("scarer", "the purple mouse"),
    "BE": NP_("scarer", "the blue elephant"),
    "BD": NP_("scarer", "the blue dog"),
    "BC": NP_("scarer", "the blue cat"),
    "BM": NP_("scarer", "the blue mouse"),
}
# The one scared (Czech and Polish accusative, German accusative with its article).
CARD_OBJECTS = {
    "YE": NP_("scared", "the yellow elephant"),
    "YD": NP_("scared", "the yellow dog"),
    "YC": NP_("scared", "the yellow cat"),
    "YM": NP_("scared", "the yellow mouse"),
    "OE": NP_("scared", "the orange elephant"),
    "OD": NP_("scared", "the orange dog"),
    "OC": NP_("scared", "the orange cat"),
    "OM": NP_("scared", "the orange mouse"),
    "PE": NP_("scared", "the purple elephant"),
    "PD": NP_("scared", "the purple dog"),
    "PC": NP_("scared", "the purple cat"),
    "PM": NP_("scared", "the purple mouse"),
    "BE": NP_("scared", "the blue elephant"),
    "BD": NP_("scared", "the blue dog"),
    "BC": NP_("scared", "the blue cat"),
    "BM": NP_("scared", "the blue mouse"),
}
# The same for an animal without a colour.
ANIMAL_OBJECTS = (NP_("scared", "the elephant"), NP_("scared", "the dog"), NP_("scared", "the cat"),
                  NP_("scared", "the mouse"))
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
        """The card by name, on its own (a title, a list, a quote): 'yellow cat', German
        'gelbe Katze' - in a sentence use subject_label or object_label."""
        return _(CARD_NAMES[self.code])

    @property
    def subject_label(self) -> str:
        """The card as the one who scares, mid-sentence: German 'der gelbe Hund', Czech 'žlutý
        pes', English 'the yellow dog' (words.sentence() capitalises a line's first letter)."""
        return pgettext("scarer", CARD_SUBJECTS[self.code])

    @property
    def object_label(self) -> str:
        """The card as the one scared: German 'den gelben Hund', Czech 'žlutou kočku', Polish
        'żółtego kota', English 'the yellow cat'."""
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
