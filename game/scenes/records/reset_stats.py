"""Reset statistics, asked first: it says what starts again and what stays, and offers the
family's pages too. Kept apart by default: a page is a person's own record (Grandma's wins),
which a reset of the totals should not wipe unasked; a family starting afresh resets both in
one place. The pages keep their names and campaign stars, as the campaign keeps its stars."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.render import looks
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import CENTER_X


class ResetScene(ConfirmScene):
    """Keep them (focused: a stray Enter loses nothing), Reset, Reset with the family pages."""

    @property
    def panel_size(self) -> tuple[int, int]:
        """Three buttons side by side; at a large text size as a question's panel."""
        return super().panel_size if looks.large() else (1380, 520)

    def __init__(self, app, reset: Callable[[bool], None]) -> None:
        super().__init__(
            app, _("Reset statistics?"), lambda: reset(False), yes=_("Reset"),
            no=_("Keep them"),
            detail=_("Counts, charts, streaks and the recent solo deals start again; campaign "
                     "stars stay. The family's pages stay too, unless you reset them as well: "
                     "then their games start again, their names and stars stay."),
            shorter=(_("Counts, charts and streaks start again; campaign stars stay. The "
                       "family's pages stay, unless you reset them too."),))
        self.reset_all = lambda: reset(True)

    def build(self) -> None:
        y = self.panel_rect.bottom - 140
        self.button(self.no_text, (CENTER_X - 640, y, 400, 88), self.back, name="no")
        self.button(self.yes_text, (CENTER_X - 200, y, 400, 88), self._yes, name="yes")
        self.button(_("Reset family pages too"), (CENTER_X + 240, y, 400, 88), self._all,
                    name="family_too", shorter=(_("Family pages too"),))

    def _all(self) -> None:
        self.app.pop()
        self.reset_all()
