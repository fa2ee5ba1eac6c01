"""What a player reads about a match: a move in plain words, a saved game in one line."""

from __future__ import annotations

from game.engine.cards import Card
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.position import cell_name
from game.engine.state import GameState
from game.i18n import N_, _, ngettext

# One entry per card so a translator can make the colour agree with the animal.
CARD_NAMES = {
    "YE": N_("yellow elephant"), "YD": N_("yellow dog"), "YC": N_("yellow cat"),
    "YM": N_("yellow mouse"), "OE": N_("orange elephant"), "OD": N_("orange dog"),
    "OC": N_("orange cat"), "OM": N_("orange mouse"), "PE": N_("purple elephant"),
    "PD": N_("purple dog"), "PC": N_("purple cat"), "PM": N_("purple mouse"),
    "BE": N_("blue elephant"), "BD": N_("blue dog"), "BC": N_("blue cat"),
    "BM": N_("blue mouse"),
}

MODE_NAMES = {
    Mode.STANDARD: N_("Standard"),
    Mode.TEAMS: N_("Teams of Two"),
    Mode.ALL_INCLUDED: N_("All Included"),
    Mode.ALL_INCLUDED_YOUNG: N_("All Included - young players"),
    Mode.SOLO: N_("Single player"),
    Mode.SOLO_ADVANCED: N_("Single player - advanced"),
}


def cards_words(n: int) -> str:
    """'1 card', '5 cards'."""
    return ngettext("%(n)d card", "%(n)d cards", n) % {"n": n}


def card_name(card: Card) -> str:
    return _(CARD_NAMES[card.code])


def mode_name(mode: Mode) -> str:
    return _(MODE_NAMES[mode])


def describe_move(before: GameState, move: Move) -> str:
    """The move played from `before`, in words: "Ben's yellow dog scared the orange cat on c2
    and moved in". Solo games leave out the name."""
    position = before.position
    scarer, target = position.card_at(*move.scarer), position.card_at(*move.target)
    if scarer is None or target is None:
        raise ValueError(f"{move} cannot be played on this field")
    words = {"scarer": card_name(scarer), "target": target.object_label,
             "cell": cell_name(*move.target)}
    moved_in = move.move_in and not move.vertical
    player = before.current_player
    if player is None or len(before.players) <= 1:
        if moved_in:
            return _("The %(scarer)s scared the %(target)s on %(cell)s and moved in") % words
        return _("The %(scarer)s scared the %(target)s on %(cell)s") % words
    words["name"] = player.name
    if moved_in:
        return _("%(name)s's %(scarer)s scared the %(target)s on %(cell)s and moved in") % words
    return _("%(name)s's %(scarer)s scared the %(target)s on %(cell)s") % words


def describe_game(mode: Mode, players: int, moves: int, *, level: str | None = None,
                  daily: bool = False) -> str:
    """One line for the title screen's Continue: "Standard, 3 players, move 14"."""
    move = moves + 1  # the move about to be played
    if level is not None:
        return _("Campaign level %(level)s, move %(move)d") % {"level": level, "move": move}
    if daily:
        return _("Daily deal, move %(move)d") % {"move": move}
    if mode.solo:
        return _("%(mode)s, move %(move)d") % {"mode": mode_name(mode), "move": move}
    count = ngettext("%(n)d player", "%(n)d players", players) % {"n": players}
    return _("%(mode)s, %(count)s, move %(move)d") % {"mode": mode_name(mode), "count": count,
                                                       "move": move}
