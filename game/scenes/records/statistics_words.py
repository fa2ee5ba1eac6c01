"""The statistics screen's figures in words: each panel's lines, as shown and as said."""

from __future__ import annotations

from datetime import date

from game.engine.ai import SKILLS
from game.engine.modes import Mode
from game.engine.scoring import TITLES
from game.i18n import _, ngettext


def by_level(against: dict) -> list[tuple[str, tuple[int, int]]]:
    """The computer levels a mode was played against, gentlest first as the registry orders
    them (a level no longer offered comes last, by name)."""
    order = {name: i for i, name in enumerate(SKILLS)}
    return sorted(against.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))


def couch_title(online: bool) -> str:
    return _("Online games") if online else _("Couch games")


def couch_rows(stats, online: bool) -> list[tuple[str, str, str]]:
    """Each mode played at the couch (or online): its name, its games and wins, and how
    it went against the computer."""
    rows = []
    table = stats.online if online else stats.modes
    for mode in (m for m in Mode if m.couch):
        entry = table.get(mode.value)
        if not entry or not entry["played"]:
            continue
        played = ngettext("%(n)d game", "%(n)d games", entry["played"]) % {"n": entry["played"]}
        wins = entry["human_wins"]
        won = ngettext("%(n)d won by a person", "%(n)d won by people", wins) % {"n": wins}
        # TRANSLATORS: "9 games · 7 won by people"; the parts are the two messages before.
        games = _("%(games)s  \u00b7  %(won)s") % {"games": played, "won": won}
        if entry["against"]:
            parts = [_("%(level)s %(won)d of %(played)d") % {
                "level": SKILLS.word(level), "won": won_, "played": played_}
                for level, (played_, won_) in by_level(entry["against"])]
            against = _("Against the computer: %(list)s") % {"list": ", ".join(parts)}
        else:
            against = _("People only, no computer seats")
        rows.append((_(mode.label), games, against))
    return rows


def no_couch_words(online: bool) -> str:
    return _("No online game finished yet. Join a table, or host one from New game.") \
        if online else _("No couch game finished yet. New game on the title screen "
                         "starts one.")


def solo_words(stats) -> tuple[str, list[str]]:
    """The solo deals played and the best, and how often each title was earned."""
    games = ngettext("%(n)d game", "%(n)d games", stats.solo_games) % {"n": stats.solo_games}
    if stats.solo_best is None:
        best = _("no best yet")
    else:
        best = ngettext("best: %(n)d card left", "best: %(n)d cards left",
                        stats.solo_best) % {"n": stats.solo_best}
    # TRANSLATORS: "12 games · best: 1 card left" (or "· no best yet").
    return (_("%(games)s  \u00b7  %(best)s") % {"games": games, "best": best},
            [f"{_(TITLES[n])} \u00d7{stats.solo_titles.get(n, 0)}" for n in sorted(TITLES)])


def streak_words(stats, today: date) -> tuple[str, str]:
    """The daily deal's streak now, and the longest."""
    current, longest = stats.streaks(today)
    return (ngettext("Streak: %(n)d day", "Streak: %(n)d days", current) % {"n": current},
            ngettext("longest %(n)d day", "longest %(n)d days", longest) % {"n": longest})


def campaign_rows(files) -> list[tuple[str, int, int]]:
    """Each chapter: its name, and its stars earned of those possible."""
    campaign, progress = files.campaign(), files.progress()
    return [(chapter.name, *progress.chapter_stars(campaign, chapter.number))
            for chapter in campaign.chapters]


def levels_played(stats) -> str:
    played = stats.levels_played
    return ngettext("%(n)d level played", "%(n)d levels played", played) % {"n": played}


def spoken_lines(stats, files, today: date, online: bool) -> list[str]:
    """Each panel's title, then its figures, as the panels show them."""
    couch = [line for row in couch_rows(stats, online)
             for line in (_("%(mode)s: %(games)s") % {"mode": row[0], "games": row[1]},
                          row[2])] or [no_couch_words(online)]
    titles = [ngettext("%(title)s: %(n)d time", "%(title)s: %(n)d times", n)
              % {"title": _(TITLES[t]), "n": n}
              for t in sorted(TITLES) for n in [stats.solo_titles.get(t, 0)]]
    stars = [ngettext("%(chapter)s: %(got)d of %(all)d star",
                      "%(chapter)s: %(got)d of %(all)d stars", possible)
             % {"chapter": name, "got": got, "all": possible}
             for name, got, possible in campaign_rows(files)]
    return [couch_title(online), *couch, _("Solo deals"), solo_words(stats)[0], *titles,
            _("Daily deal"), *streak_words(stats, today), _("Campaign"), levels_played(stats),
            *stars]
