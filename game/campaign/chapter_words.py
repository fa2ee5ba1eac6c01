"""What the chapter select says of a chapter: why it is locked, how much of it is cleared."""

from __future__ import annotations

import math

from game.campaign.levels import Campaign, Chapter
from game.campaign.progress import UNLOCK_SHARE, Progress
from game.i18n import _, ngettext


def why_locked(campaign: Campaign, progress: Progress, index: int) -> tuple[str, ...]:
    """Why the `index`th chapter is locked, longest first, then in fewer words for a narrow
    tile: the chapter before it to open, or how many more of its levels to clear."""
    before = campaign.chapters[index - 1]
    if not progress.chapter_unlocked(campaign, before.number):
        return (_("Open %(chapter)s first") % {"chapter": before.name},)
    need = math.ceil(UNLOCK_SHARE * len(before.levels) - 1e-9)
    more = need - sum(1 for lv in before.levels if progress.cleared(lv.id, lv.par))
    words = {"n": more, "chapter": before.name}
    return (ngettext("Clear %(n)d more level in %(chapter)s to open this chapter",
                     "Clear %(n)d more levels in %(chapter)s to open this chapter", more) % words,
            ngettext("%(n)d more level in %(chapter)s", "%(n)d more levels in %(chapter)s",
                     more) % words)


def cleared_words(progress: Progress, chapter: Chapter) -> str:
    """'3 of 10 levels cleared', and how many could not be loaded."""
    cleared = sum(1 for lv in chapter.levels if progress.cleared(lv.id, lv.par))
    total = len(chapter.levels)
    words = ngettext("%(cleared)d of %(total)d level cleared",
                     "%(cleared)d of %(total)d levels cleared", total) % {
        "cleared": cleared, "total": total}
    if chapter.broken:
        broken = len(chapter.broken)
        words = ngettext("%(cleared)s, %(n)d unavailable", "%(cleared)s, %(n)d unavailable",
                         broken) % {"cleared": words, "n": broken}
    return words
