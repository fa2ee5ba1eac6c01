"""The player's profile and statistics, loaded once per App (the title reads them without the
statistics screen), and the progress file's notice shown once."""

from __future__ import annotations

from game.campaign.people import People
from game.campaign.progress import progress_of
from game.campaign.stats import Statistics
from game.i18n import _
from game.match.profile import Profile
from game.paths import pref_dir
from game.scenes.message import MessageScene


def profile_of(app) -> Profile:
    """The player's profile (progress, statistics and replays in the pref folder) that a
    table's session keeps a finished game with; the family's people too, except at a kiosk
    (its visitors are nobody the family keeps)."""
    return Profile(progress_of(app), statistics_of(app),
                   people=None if app.kiosk else people_of(app))


def people_of(app) -> People:
    """The family's people, loaded once per App from the pref folder."""
    if app.people is None:
        app.people = People.load(pref_dir())
    return app.people


def statistics_of(app) -> Statistics:
    """The player's statistics, loaded once per App from the pref folder (beside progress)."""
    if app.statistics is None:
        app.statistics = Statistics.load(pref_dir())
    return app.statistics


def tell_notice(app) -> bool:
    """Show the progress file's notice (corrupt file kept aside, or a failed save) once."""
    progress = progress_of(app)
    if not progress.notice:
        return False
    notice, progress.notice = progress.notice, None
    app.push(MessageScene(app, notice, heading=_("Your progress")))
    return True
