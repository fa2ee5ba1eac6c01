"""Previous / Next for a screen shown a page at a time at a large text size (a person's page,
Recent solo deals): turning keeps to the pages there are and the focus on the button pressed."""

from __future__ import annotations

from game.i18n import _


class PageTurns:
    """A MenuScene's pages: `page` the one shown, `page_count()` how many there are."""

    page = 0

    def page_count(self) -> int:
        raise NotImplementedError

    def turn_buttons(self, previous, following) -> None:
        """‹ Previous at `previous` and Next › at `following` (rects), where there are pages
        to turn to; the page shown kept to the pages there are."""
        pages = self.page_count()
        self.page = max(0, min(self.page, pages - 1))
        if pages > 1:
            self.button(_("\u2039  Previous"), previous, lambda: self.turn(-1),
                        name="previous", enabled=self.page > 0)
            self.button(_("Next  \u203a"), following, lambda: self.turn(1), name="next",
                        enabled=self.page < pages - 1)

    def turn(self, step: int) -> None:
        """The page before or after the one shown; the focus stays on the button pressed."""
        self.page = max(0, min(self.page_count() - 1, self.page + step))
        self.rebuild()
        name = "#next" if step > 0 else "#previous"
        self.ring.focus(next(e for e in self.elements if name in e.object_ids))
