"""What a player reads about a match: a move in plain words, a saved game in one line."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from game.engine.ai import SKILLS
from game.engine.cards import Animal
from game.engine.moves import Move
from game.engine.position import Position, cell_name
from game.engine.state import GameState
from game.i18n import NP_, _, after_colon, format_date, ngettext, pgettext


def computer_name(number: int, level: str) -> str:
    """A computer seat's name until it is renamed: 'Computer 1 (hard)' (a couch's and an
    online table's alike, in the player's language)."""
    return _("Computer %(n)d (%(level)s)") % {"n": number, "level": SKILLS.word(level)}


def cards_words(n: int) -> str:
    """'1 card', '5 cards'."""
    return ngettext("%(n)d card", "%(n)d cards", n) % {"n": n}


def par_words(par: int) -> str:
    """What par is, said where it shows (the glossary's word, explained): "Par: 1 card — the
    best possible"."""
    return ngettext("Par: %(n)d card \u2014 the best possible",
                    "Par: %(n)d cards \u2014 the best possible", par) % {"n": par}


def sentence(text: str) -> str:
    """The line with its first letter capitalised: a card name may open a sentence (German 'der
    gelbe Hund' -> 'Der gelbe Hund', Czech 'žlutý pes' -> 'Žlutý pes')."""
    return text[:1].upper() + text[1:]


# A played move, one whole sentence per scarer animal: Czech and Polish past tenses agree with
# it (pes vystrašil, kočka vystrašila; kot wystraszył, mysz wystraszyła). English is the same
# sentence four times; the context names the scarer for the translator.
MOVE_LINES = {
    Animal.ELEPHANT: NP_("scarer is an elephant", "%(scarer)s scared %(target)s on %(cell)s"),
    Animal.DOG: NP_("scarer is a dog", "%(scarer)s scared %(target)s on %(cell)s"),
    Animal.CAT: NP_("scarer is a cat", "%(scarer)s scared %(target)s on %(cell)s"),
    Animal.MOUSE: NP_("scarer is a mouse", "%(scarer)s scared %(target)s on %(cell)s"),
}
MOVE_IN_LINES = {
    Animal.ELEPHANT: NP_("scarer is an elephant",
                         "%(scarer)s scared %(target)s on %(cell)s and moved in"),
    Animal.DOG: NP_("scarer is a dog", "%(scarer)s scared %(target)s on %(cell)s and moved in"),
    Animal.CAT: NP_("scarer is a cat", "%(scarer)s scared %(target)s on %(cell)s and moved in"),
    Animal.MOUSE: NP_("scarer is a mouse",
                      "%(scarer)s scared %(target)s on %(cell)s and moved in"),
}
NAMED_MOVE_LINES = {
    Animal.ELEPHANT: NP_("scarer is an elephant",
                         "%(name)s: %(scarer)s scared %(target)s on %(cell)s"),
    Animal.DOG: NP_("scarer is a dog", "%(name)s: %(scarer)s scared %(target)s on %(cell)s"),
    Animal.CAT: NP_("scarer is a cat", "%(name)s: %(scarer)s scared %(target)s on %(cell)s"),
    Animal.MOUSE: NP_("scarer is a mouse", "%(name)s: %(scarer)s scared %(target)s on %(cell)s"),
}
NAMED_MOVE_IN_LINES = {
    Animal.ELEPHANT: NP_("scarer is an elephant",
                         "%(name)s: %(scarer)s scared %(target)s on %(cell)s and moved in"),
    Animal.DOG: NP_("scarer is a dog",
                    "%(name)s: %(scarer)s scared %(target)s on %(cell)s and moved in"),
    Animal.CAT: NP_("scarer is a cat",
                    "%(name)s: %(scarer)s scared %(target)s on %(cell)s and moved in"),
    Animal.MOUSE: NP_("scarer is a mouse",
                      "%(name)s: %(scarer)s scared %(target)s on %(cell)s and moved in"),
}
CONTEXTS = {Animal.ELEPHANT: "scarer is an elephant", Animal.DOG: "scarer is a dog",
            Animal.CAT: "scarer is a cat", Animal.MOUSE: "scarer is a mouse"}


def describe_move(before: GameState, move: Move, *, name: str | None = None,
                  named: bool = True) -> str:
    """The move played from `before`, in words: "Ben: the yellow dog scared the orange cat on
    c2 and moved in". Solo games (and not `named`: a shorter wording) leave out the name;
    `name` stands for the mover's own (the review tells two seats of one name apart)."""
    position = before.position
    scarer, target = position.card_at(*move.scarer), position.card_at(*move.target)
    if scarer is None or target is None:
        raise ValueError(f"{move} cannot be played on this field")
    words = {"scarer": scarer.subject_label, "target": target.object_label,
             "cell": cell_name(*move.target)}
    moved_in = move.move_in and not move.vertical
    player = before.current_player
    named = named and not (player is None or len(before.players) <= 1)
    if named:
        words["name"] = player.name if name is None else name
        lines = NAMED_MOVE_IN_LINES if moved_in else NAMED_MOVE_LINES
    else:
        lines = MOVE_IN_LINES if moved_in else MOVE_LINES
    animal = scarer.animal
    return sentence(pgettext(CONTEXTS[animal], lines[animal]) % words)


def describe_next(position: Position, move: Move, *, opens: bool = True) -> str:
    """A move still to play (a hint, a step of a solution), in words: "The yellow cat on b1
    scares the purple mouse on c1 and moves in". Not `opens` (after "Hint:"), its first letter
    is as the language writes it after a colon (Czech "Nápověda: žlutá kočka…")."""
    start = sentence if opens else after_colon
    scarer, target = position.card_at(*move.scarer), position.card_at(*move.target)
    if scarer is None or target is None:
        raise ValueError(f"{move} cannot be played on this field")
    names = {"scarer": scarer.subject_label, "from": cell_name(*move.scarer),
             "target": target.object_label, "to": cell_name(*move.target)}
    if move.move_in and not move.vertical:
        return start(_("%(scarer)s on %(from)s scares %(target)s on %(to)s and moves in")
                     % names)
    return start(_("%(scarer)s on %(from)s scares %(target)s on %(to)s") % names)


def moves_played(moves: int) -> str:
    """'3 moves played': a game in progress counted by what was played, never by the number
    of the move to come (issue 44: "move 4" after three moves read one off)."""
    return ngettext("%(n)d move played", "%(n)d moves played", moves) % {"n": moves}


def names_words(names: list[str]) -> str:
    """'Anna', 'Anna and Ben', 'Anna, Ben and Computer 1'."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def when_words(moment: datetime, today: date) -> str:
    """When a game was last saved: 'today 19:40', 'yesterday 19:40', else the day and time."""
    clock = moment.strftime("%H:%M")
    if moment.date() == today:
        return _("today %(time)s") % {"time": clock}
    if moment.date() == today - timedelta(days=1):
        return _("yesterday %(time)s") % {"time": clock}
    return format_date(moment.date(), clock)


def saved_game_words(about: str, moves: int, moment: datetime, today: date, *,
                     code: str | None = None, short: bool = False,
                     player: str | None = None) -> str:
    """A saved game in one line: "Standard with Anna, Ben and Whiskers — 6 moves played —
    yesterday 19:40". `about` names the game (its occasion's words: the mode and people, a
    level's name, the daily deal's day); `code` is an online table's. `player`: whose solo
    game it is (a family name), said unless `short` (the wording for a row that is full)."""
    if player is not None and not short:
        about = _("%(game)s (%(name)s)") % {"game": about, "name": player}
    if code is not None:
        about = _("Online table %(code)s: %(game)s") % {"code": code, "game": about}
    return _("%(game)s \u2014 %(played)s \u2014 %(when)s") % {
        "game": about, "played": moves_played(moves), "when": when_words(moment, today)}
