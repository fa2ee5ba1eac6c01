"""The registry of occasions: each occasion a table is set for, said once.

An occasion (a couch game, a solo deal, the daily deal, a campaign level, a table hosted here,
a table joined) holds how its match is made and resumed, what the profile keeps of it (the
best before, the statistics), how Saved games, the kept games and Continue name it, the
table panel's title and the screen its table opens with (a name the scenes' screen registry
resolves: no scene is imported here). A record names its occasion (`occasion:`); a record
written before that line is the first registered occasion that `recognises` it. Adding an occasion
is one entry here, its room and its words; iterating OCCASIONS gives every one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date as Date

from game.engine.scoring import target_met
from game.engine.state import GameState
from game.i18n import N_, _, format_date, ngettext
from game.match.words import moves_played, names_words


def deal_key(deal) -> str:
    """How a classic deal's best is filed (`deal`: its record or its start): its seed
    (advanced deals apart: their target differs)."""
    advanced = deal.mode is not None and deal.mode.target
    return f"{'advanced-' if advanced else ''}{deal.seed}"


def players_words(n: int) -> str:
    """'3 players'."""
    return ngettext("%(n)d player", "%(n)d players", n) % {"n": n}


@dataclass(frozen=True, eq=False)
class Occasion:
    """One occasion. `name` is what a record's `occasion:` line writes; `screen` the
    scenes' registry name of what Continue opens its table with (a function of (app,
    record)); `solo` a game of one player alone (undo, a best kept, the solo shelf of kept
    games); `title` the table panel's heading (N_: pass through _() to show; None: the panel
    names the seats)."""

    name: str
    screen: str
    solo: bool = False
    title: str | None = None

    # How its match is made and resumed ---------------------------------------------------
    def recognises(self, record) -> bool:
        """A record written before records named their occasion is this one's."""
        return False

    def plays(self, mode) -> bool:
        """Its games are played in `mode`: alone (a mode that deals no task cards) or not."""
        return mode.solo == self.solo

    def kept(self, record) -> dict:
        """What a match of this occasion keeps from its record (Match's keyword arguments)."""
        return {}

    def made(self) -> dict:
        """How a fresh match of it is made (Match's keyword arguments)."""
        return {"undo": self.solo}

    def resumed(self, par: int | None = None) -> dict:
        """How a saved match of it is made again (Match.from_record's keyword arguments)."""
        return self.made()

    # What the profile keeps ---------------------------------------------------------------
    def best(self, progress, record) -> int | None:
        """The best result kept for its deal (None: none yet, or none is kept)."""
        return None

    def par(self, record, campaign) -> int | None:
        """The par its result is measured by (None: none)."""
        return None

    def keep(self, profile, record, final: GameState, par: int | None, online: bool) -> None:
        """Count a finished game in the statistics (and the family's), and keep its best."""
        if self.solo:
            profile.statistics.record_solo(final, None, game=record.game, hints=record.hints)
            if profile.people is not None:
                profile.people.record_solo(final, game=record.game)
            return
        profile.statistics.record_match(final, game=record.game, online=online)
        if profile.people is not None:
            profile.people.record_match(final, game=record.game, online=online)

    # How it is named ----------------------------------------------------------------------
    def about(self, record, campaign) -> str | None:
        """The game by its own name (a level's, the daily deal's day); None: by its mode."""
        return None

    def saved_about(self, record, campaign, short: bool = False) -> str:
        """Saved games' words for the game: its own name, else the mode and its people
        (`short`: the people counted, not named)."""
        about = self.about(record, campaign)
        if about is not None:
            return about
        mode = record.mode
        if self.solo:
            return mode.label
        if short:
            return _("%(mode)s, %(count)s") % {"mode": mode.label,
                                                "count": players_words(len(record.seats))}
        return _("%(mode)s with %(names)s") % {"mode": mode.label,
                                                "names": names_words([s.name for s in record.seats])}

    def kept_about(self, record, campaign) -> str:
        """The kept games' words for it: its own name, else the mode (and the players)."""
        about = self.about(record, campaign)
        if about is not None:
            return about
        players = len(record.seats)
        return record.mode.label if self.solo else ngettext(
            "%(mode)s, %(n)d player", "%(mode)s, %(n)d players", players) % {
            "mode": record.mode.label, "n": players}

    def replay_about(self, record) -> str:
        """The replay panel's line under its heading: the mode (and the players)."""
        return record.mode.label if self.solo else _("%(mode)s, %(count)s") % {
            "mode": record.mode.label, "count": players_words(len(record.seats))}

    def continue_words(self, record, short: bool = False) -> str:
        """The title's Continue: "Standard, 3 players, 13 moves played" (`short`: no players)."""
        played = moves_played(len(record.moves))
        if short or self.solo:
            return _("%(mode)s, %(played)s") % {"mode": record.mode.label, "played": played}
        return _("%(mode)s, %(count)s, %(played)s") % {
            "mode": record.mode.label, "count": players_words(len(record.seats)),
            "played": played}

    @property
    def saves_tasks(self) -> bool:
        """Its save holds the seats' task cards (a solo deal has none)."""
        return not self.solo

    def player(self, record) -> str | None:
        """Whose game it is, said beside it in Saved games (a family's solo player)."""
        return record.seats[0].name if self.solo else None

    @property
    def heading(self) -> str | None:
        """The table panel's title in the player's language (None: the panel names the seats)."""
        return _(self.title) if self.title is not None else None


class Couch(Occasion):
    """A game at one screen, people and computers: no undo, its computers in a worker process."""

    def recognises(self, record) -> bool:
        return True  # what no other occasion recognises

    def resumed(self, par: int | None = None) -> dict:
        return {"undo": False, "process": True}


class SoloDeal(Occasion):
    """A classic deal played alone: its best kept by the deal's seed."""

    def recognises(self, record) -> bool:
        return self.plays(record.mode)  # any game of a mode played alone

    def best(self, progress, record) -> int | None:
        return progress.best_classic(deal_key(record))

    def keep(self, profile, record, final, par, online) -> None:
        super().keep(profile, record, final, par, online)
        if target_met(final):
            profile.progress.record_classic(deal_key(record), final.position.card_count())


class DailyDeal(Occasion):
    """The day's deal: its best kept by the day, its statistics by the day."""

    def recognises(self, record) -> bool:
        return record.daily is not None

    def kept(self, record) -> dict:
        return {"daily": record.daily}

    def best(self, progress, record) -> int | None:
        return progress.best_daily(record.daily)

    def keep(self, profile, record, final, par, online) -> None:
        day = Date.fromisoformat(record.daily)
        profile.statistics.record_solo(final, day, game=record.game, hints=record.hints)
        if profile.people is not None:
            profile.people.record_solo(final, game=record.game)
        if target_met(final):
            profile.progress.record_daily(day, final.position.card_count())

    def about(self, record, campaign) -> str | None:
        return _("Daily deal %(date)s") % {"date": format_date(record.daily)}

    def continue_words(self, record, short: bool = False) -> str:
        return _("Daily deal, %(played)s") % {"played": moves_played(len(record.moves))}


class CampaignLevel(Occasion):
    """A level of the campaign: par, its best kept by the level."""

    def recognises(self, record) -> bool:
        return record.level is not None

    def kept(self, record) -> dict:
        return {"level": record.level}

    def resumed(self, par: int | None = None) -> dict:
        return {"par": par}

    def best(self, progress, record) -> int | None:
        return progress.best(record.level)

    def par(self, record, campaign) -> int | None:
        level = campaign.level(record.level)
        return level.par if level is not None else None  # a level gone from the campaign

    def keep(self, profile, record, final, par, online) -> None:
        left, met = final.position.card_count(), target_met(final)
        par = par if par is not None else left
        profile.statistics.record_level(left, par, met, game=record.game)
        profile.progress.record_level(record.level, left, met)
        if profile.people is not None:
            profile.people.record_level(record.level, left, par, met,
                                        name=final.players[0].name)

    def about(self, record, campaign) -> str | None:
        level = campaign.level(record.level)
        return _(level.name) if level is not None else _("Campaign level %(level)s") % {
            "level": record.level}

    def continue_words(self, record, short: bool = False) -> str:
        return _("Campaign level %(level)s, %(played)s") % {
            "level": record.level, "played": moves_played(len(record.moves))}


class OnlineTable(Occasion):
    """A table played online: counted with the online games; Continue names it."""

    def continue_words(self, record, short: bool = False) -> str:
        played = moves_played(len(record.moves))
        if short:
            return _("%(mode)s, %(played)s") % {"mode": _("Online table"), "played": played}
        return _("Online table, %(count)s, %(played)s") % {
            "count": players_words(len(record.seats)), "played": played}



class TableHosted(OnlineTable):
    """A table this window hosted: it opens again, its people come back."""

    def recognises(self, record) -> bool:
        return record.online is not None


class TableJoined(OnlineTable):
    """A table this player sat at, someone else hosting: joined again."""

    saves_tasks = False  # the table keeps them, not the joiner's save

    def recognises(self, record) -> bool:
        return record.joined is not None


class OccasionRegistry:
    """The occasions in the order an old record is recognised (the couch, which recognises
    every record, last); iterating gives the occasions."""

    def __init__(self, occasions: tuple[Occasion, ...]) -> None:
        self._occasions = {o.name: o for o in occasions}

    def __iter__(self) -> Iterator[Occasion]:
        return iter(list(self._occasions.values()))

    def __getitem__(self, name: str) -> Occasion:
        return self._occasions[name]

    def parse(self, text: str) -> str:
        """An occasion's name as a record writes it; ValueError names the choices."""
        if text not in self._occasions:
            raise ValueError(f"unknown occasion '{text}' (one of {', '.join(self._occasions)})")
        return text

    def register(self, occasion: Occasion) -> Occasion:
        """One more occasion, recognised before the couch (tests register a throwaway one)."""
        if occasion.name in self._occasions:
            raise ValueError(f"an occasion named '{occasion.name}' exists already")
        *others, couch = self._occasions.values()
        self._occasions = {o.name: o for o in (*others, occasion, couch)}
        return occasion

    def unregister(self, name: str) -> None:
        del self._occasions[name]

    def of(self, record) -> Occasion:
        """The occasion a record names, or (an old record) the first that recognises it."""
        if record.occasion is not None:
            return self._occasions[record.occasion]
        return next(o for o in self._occasions.values() if o.recognises(record))


OCCASIONS = OccasionRegistry((
    CampaignLevel("level", "continue_level", solo=True, title=N_("Single player")),
    TableHosted("hosted", "reopen_online"),
    TableJoined("joined", "join_again"),
    DailyDeal("daily", "continue_solo", solo=True, title=N_("Daily deal")),
    SoloDeal("solo", "continue_solo", solo=True, title=N_("Single player")),
    Couch("couch", "continue_couch"),
))


def occasion_of(record) -> Occasion:
    """The occasion of a record (see OccasionRegistry.of)."""
    return OCCASIONS.of(record)
