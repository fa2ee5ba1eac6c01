"""Each mode in words: a one-line summary for New game, a How to play page, and team letters."""

from __future__ import annotations

from game.engine.modes import Mode
from game.i18n import N_, _

# mode.value -> (one line for New game, the How to play page's title, the page's words).
# Keyed by value so a mode registered elsewhere simply has no page (tests ask for every one).
GUIDE: dict[str, tuple[str, str]] = {
    "standard": (
        N_("2 to 4 players. Each secretly collects an animal and a colour."),
        N_("Each player gets two secret task cards: one animal and one colour.\n"
           "The game ends at once when a column is empty.\n"
           "Every card left that matches your animal or your colour scores 1 point "
           "(2 if it matches both). Most points wins; a tie shares the win.")),
    "teams": (
        N_("Teams of two: one collects an animal, the other a colour."),
        N_("Four, six or eight players sit so that teams take turns: A, B, A, B\u2026\n"
           "In each team one player holds an animal task card, the other a colour card. "
           "Keep them secret, even from your teammate!\n"
           "When a column is empty the game ends. Both teammates' points add up: "
           "the team with most points wins.")),
    "all-included": (
        N_("Up to 8 players, one task card each. Two empty columns end it."),
        N_("Everyone holds one task card, dealt in turn: an animal, a colour, an animal\u2026\n"
           "The first column to empty closes up: its neighbours slide together and play "
           "goes on. The second empty column ends the game.\n"
           "Each card left that matches your task card scores 1 point.")),
    "all-included-young": (
        N_("As All Included, but shorter: the first empty column ends it."),
        N_("Just like All Included: one task card each, an animal or a colour.\n"
           "But the game is shorter: it ends as soon as one column is empty.\n"
           "Each card left that matches your task card scores 1 point.")),
    "solo": (
        N_("On your own: scare until no scare is left."),
        N_("Playing alone, there are no task cards.\n"
           "Keep scaring until no scare is possible: empty columns close up and play goes on.\n"
           "The fewer cards are left, the better. One last card makes you King of the "
           "Beasts!")),
    "solo-advanced": (
        N_("On your own, and one shown card must stay to the end."),
        N_("As Single player, but one card is shown at the start, for example a yellow "
           "cat.\n"
           "Scare as many cards as you can, but that card must be among the last ones left.\n"
           "Scare it away, and the game earns no title.")),
}
# What "Who last stroked a cat?" on New game does, in the rulebook's own way of asking.
FIRST_PLAYER = N_("Whoever last stroked a cat starts the game.")


def summary(mode: Mode) -> str:
    """The mode in one line, in the player's language ('' for a mode without words)."""
    words = GUIDE.get(mode.value)
    return _(words[0]) if words else ""


def team_letter(team: int) -> str:
    """A team's letter: A, B, C, D (marks a team without its colour)."""
    return chr(ord("A") + team)


def team_name(team: int) -> str:
    """'Team A'."""
    return _("Team %(letter)s") % {"letter": team_letter(team)}
