"""Continue, its first half: the saved game in progress read (and a finished one caught up) for the title."""

from __future__ import annotations

from game.match import Record, continue_words, load_game, occasion_of


def continue_line(app) -> tuple[Record, tuple[str, str]] | None:
    """The saved game and what the title's Continue button says of it ("Standard, 3 players,
    13 moves played", then a shorter wording without the players), or None."""
    record = saved_game(app)
    if record is None:
        return None
    return record, (continue_words(record), continue_words(record, short=True))


def saved_game(app) -> Record | None:
    """The game Continue brings back: the most recently saved (pending saves written first).
    A damaged save is kept aside and its notice waits with the App (tell) for the title to show."""
    app.saver.flush()
    record, notice = load_game(finished=lambda record, final: catch_up(app, record, final))
    if notice is not None:
        app.tell(notice)
    return record


def catch_up(app, record: Record, final) -> None:
    """A finished game whose end was not kept yet (the process ended at its last move): keep
    it now, as the session would have."""
    par = occasion_of(record).par(record, app.files.campaign())
    finish = app.profile().finish(record, final, par)
    if finish.notices:
        app.tell("\n".join(finish.notices))
