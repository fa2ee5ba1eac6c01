"""The puzzle editor's toolbar part: the panel's buttons, the name box and Width / Height."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.campaign.draft import Draft, DraftHistory
from game.campaign.puzzles import NAME_MAX
from game.engine.position import MAX_COLUMNS, MAX_ROWS
from game.i18n import _
from game.render import fit
from game.render.palette import CREAM
from game.scenes.editor.layout import BUTTON_H, BUTTON_STEP, BUTTON_TOP, BUTTON_W, BUTTON_X, STEP_W
from game.scenes.menu import size_entry

STYLE = "@menu_button"


class Toolbar:
    """The panel's buttons; `active` while keyboard and pad work them (Tab, pad X) rather than
    the field. The scene's `button` and `entry` builders make the widgets, so its focus ring
    has them."""

    def __init__(self, assets, ring, ui) -> None:
        self.assets, self.ring, self.ui = assets, ring, ui
        self.active = False
        self.name_entry = None  # the puzzle's name box, made by build() (kept across builds)
        self.target_btn = None
        self.steps: dict[str, object] = {}  # the buttons greyed when they cannot act
        self.size = {"width": 0, "height": 0}  # the draft's, said before − and +

    def build(self, button: Callable, entry: Callable, commands: dict[str, Callable]) -> None:
        """Make the buttons, each calling `commands[name]` ("width" and "height" take a step,
        "target" a step or none)."""
        rows = [BUTTON_TOP + i * BUTTON_STEP for i in range(11)]
        for row, size in enumerate(("width", "height")):
            adjust = commands[size]
            y = rows[row]
            said = (lambda s=size: _("Width: %(n)d") % {"n": self.size[s]}) if size == "width" \
                else (lambda s=size: _("Height: %(n)d") % {"n": self.size[s]})
            self.steps[f"less{row}"] = button(
                "\u2212", (BUTTON_X, y, STEP_W, BUTTON_H), lambda a=adjust: a(-1), adjust=adjust,
                style=STYLE, name=f"less{row}", label=said)
            self.steps[f"more{row}"] = button(
                "+", (BUTTON_X + BUTTON_W - STEP_W, y, STEP_W, BUTTON_H), lambda a=adjust: a(1),
                adjust=adjust, style=STYLE, name=f"more{row}", label=said)
        self.target_btn = button("", (BUTTON_X, rows[2], BUTTON_W, BUTTON_H), commands["target"],
                                 adjust=commands["target"], name="target",
                                 label="")  # "Target: none" says what it is
        half = (BUTTON_W - 12) // 2
        self.steps["undo"] = button(_("Undo"), (BUTTON_X, rows[3], half, BUTTON_H),
                                    commands["undo"], style=STYLE, name="undo")
        self.steps["redo"] = button(_("Redo"), (BUTTON_X + BUTTON_W - half, rows[3], half,
                                                BUTTON_H), commands["redo"], style=STYLE, name="redo")
        full = [(BUTTON_X, y, BUTTON_W, BUTTON_H) for y in rows]
        button(_("Play-test"), full[4], commands["play_test"], name="play_test")
        name = self.name_entry
        self.name_entry = entry(full[5], name.get_text() if name is not None else "",
                                limit=NAME_MAX, placeholder=_("Name your puzzle"),
                                label=_("Puzzle name"))
        button(_("Save to My puzzles"), full[6], commands["save"], name="save")
        button(_("Copy code"), full[7], commands["copy"], name="copy")
        button(_("Paste code"), full[8], commands["paste"], name="paste")
        button(_("Clear the field"), full[9], commands["clear"], name="clear")
        button(_("Back"), full[10], commands["back"], name="back")

    def label(self, history: DraftHistory) -> None:
        """Words and greyed looks follow the draft: no − at one column, no Undo at the start."""
        if self.target_btn is None or not self.target_btn.alive():
            return
        draft = history.draft
        self.size = {"width": draft.width, "height": draft.height}
        target = draft.target.label if draft.target is not None else _("none")
        self.target_btn.set_text(_("Target: %(card)s") % {"card": target})
        for name, usable in (("less0", draft.width > 1), ("more0", draft.width < MAX_COLUMNS),
                             ("less1", draft.height > 1), ("more1", draft.height < MAX_ROWS),
                             ("undo", history.can_undo), ("redo", history.can_redo)):
            button = self.steps[name]
            if usable and not button.is_enabled:
                button.enable()
            elif not usable and button.is_enabled:
                button.disable()

    def name(self) -> str:
        """The puzzle's name as typed, without spaces round it."""
        return self.name_entry.get_text().strip()

    def set_name(self, name: str) -> None:
        """A pasted code's name fills the box (written smaller when long)."""
        self.name_entry.set_text(name)
        size_entry(self.assets, self.name_entry)

    def ask_name(self) -> None:
        """Keyboard and pad go to the name box: the puzzle needs a name first."""
        self.active = True
        self.ring.focus(self.name_entry)

    def typing(self) -> bool:
        """The name box has the focus: letters are words, not the editor's keys."""
        return self.active and self.ring.focused is not None and \
            self.ring.focused.element is self.name_entry

    def enter(self) -> None:
        """Keyboard and pad go to the buttons."""
        self.active = True
        self.ring.refresh()

    def leave(self) -> None:
        """Keyboard and pad go to the field: no button looks focused, no typing."""
        self.active = False
        self.ring.unmark()
        self.ui.set_focus_set(None)

    def draw(self, surface: pygame.Surface, draft: Draft) -> None:
        """The field's width and height between their − and + buttons."""
        for row, words in ((0, _("Width: %(n)d") % {"n": draft.width}),
                           (1, _("Height: %(n)d") % {"n": draft.height})):
            box = pygame.Rect(BUTTON_X + STEP_W + 8, BUTTON_TOP + row * BUTTON_STEP,
                              BUTTON_W - 2 * STEP_W - 16, BUTTON_H)
            fit.draw(surface, self.assets, words, box, 30, CREAM, True)
