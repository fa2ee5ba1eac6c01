"""What a player reads about a match: a move in plain words, a saved game in one line."""

from __future__ import annotations

from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.position import cell_name
from game.engine.state import GameState
from game.i18n import _, ngettext


def cards_words(n: int) -> str:
    """'1 card', '5 cards'."""
    return ngettext("%(n)d card", "%(n)d cards", n) % {"n": n}


def describe_move(before: GameState, move: Move) -> str:
    """The move played from `before`, in words: "Ben's yellow dog scared the orange cat on c2
    and moved in". Solo games leave out the name."""
    position = before.position
    scarer, target = position.card_at(*move.scarer), position.card_at(*move.target)
    if scarer is None or target is None:
        raise ValueError(f"{move} cannot be played on this field")
    words = {"scarer": scarer.label, "target": target.object_label,
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


def describe_next(position, move: Move) -> str:
    """A move about to be played (a hint, a solution's next step), in words: "The yellow cat
    on b1 scares the purple mouse on c1 and moves in"."""
    scarer, target = position.card_at(*move.scarer), position.card_at(*move.target)
    if scarer is None or target is None:
        raise ValueError(f"{move} cannot be played on this field")
    names = {"scarer": scarer.label, "from": cell_name(*move.scarer),
             "target": target.object_label, "to": cell_name(*move.target)}
    if move.move_in and not move.vertical:
        return _("The %(scarer)s on %(from)s scares the %(target)s on %(to)s and moves in") % names
    return _("The %(scarer)s on %(from)s scares the %(target)s on %(to)s") % names


def describe_game(mode: Mode, players: int, moves: int, *, level: str | None = None,
                  daily: bool = False) -> str:
    """One line for the title screen's Continue: "Standard, 3 players, move 14"."""
    move = moves + 1  # the move about to be played
    if level is not None:
        return _("Campaign level %(level)s, move %(move)d") % {"level": level, "move": move}
    if daily:
        return _("Daily deal, move %(move)d") % {"move": move}
    if mode.solo:
        return _("%(mode)s, move %(move)d") % {"mode": mode.label, "move": move}
    count = ngettext("%(n)d player", "%(n)d players", players) % {"n": players}
    return _("%(mode)s, %(count)s, move %(move)d") % {"mode": mode.label, "count": count,
                                                       "move": move}
