"""Continue: the saved game back on its table (opened through the registry, so the title,
which only reads the save, loads no table, no computer and no solver)."""

from __future__ import annotations

from datetime import date

from game.i18n import _
from game.match import Record, clear_game, resumed_match
from game.scenes.message import MessageScene
from game.scenes.registry import open_screen


def continue_game(app, record: Record) -> None:
    """Put the saved game on the table: a couch game opens on the hand-over screen of the
    player to move (the table does that when no move was played at it yet). The tables come
    from the registry: the title, which reads the saved game, loads none of them."""
    if record.level is not None:
        level = app.files.campaign().level(record.level)
        if level is None:  # the level is gone from this version of the campaign
            clear_game(record.game)
            app.push(MessageScene(app, _("The saved level is no longer in the campaign.")))
            return
        open_screen(app, "level_table", level, match=resumed_match(record, level.par))
        return
    if record.online is not None:  # the host's online table: it opens again, its people come back
        open_screen(app, "reopen_online", record)
        return
    if record.joined is not None:  # a table this player sat at: joined again
        open_screen(app, "join_again", record)
        return
    if record.mode.solo:
        daily = date.fromisoformat(record.daily) if record.daily else None
        open_screen(app, "solo_table", resumed_match(record), daily, push=True)
        return
    open_screen(app, "table", resumed_match(record))
