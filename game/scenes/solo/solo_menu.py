"""Solo menu: a classic deal (fresh or by seed), an advanced deal, the daily deal, the campaign."""

from __future__ import annotations

import secrets
from datetime import date

import pygame
import pygame_gui

from game.campaign.levels import Level
from game.campaign.puzzles import MAX_CODE, CodeError, looks_like_code, parse_code, split_named
from game.engine import solver
from game.engine.modes import Mode
from game.engine.rng import seed_from_text
from game.engine.state import new_game
from game.i18n import N_, _
from game.match import cards_words
from game.render import fit
from game.render.palette import BAD_TEXT
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.registry import open_screen
from game.scenes.solo.campaign_menu import CampaignMenuScene
from game.scenes.solo.classic_result import play_solo
from game.scenes.solo.play_test import SHARED, play_test_scene
from game.scenes.solo.who_plays import add_row, solo_name
from game.ui import clipboard, look

MAX_SEED = (1 << 64) - 1  # a deal is dealt by a 64-bit generator
FRESH_SEEDS = 10 ** 9  # a fresh deal gets at most nine digits: easy to read out and share
PLAYER_RECT = pygame.Rect(CENTER_X - 320, 178, 640, 70)  # who is playing (game.scenes.solo.who_plays)
NEW_NAME_RECT = pygame.Rect(CENTER_X + 340, 178, 300, 70)
ENTRY_RECT = pygame.Rect(CENTER_X - 320, 262, 640, 70)  # lined up with the buttons
NOTE_Y = 366
COLUMN_Y = 400
BLURB_BOX = pygame.Rect(CENTER_X - 560, 916, 1120, 152)  # below the deals, to the screen's foot
BAD = BAD_TEXT
SHARED_SOLVE_S = 1.0  # the solver's time for a shared puzzle's par (the fewest cards found)

BLURB = {
    "seed": N_("Every deal has a number. Type one to play that deal again or share it with a "
               "friend; leave it empty for a fresh deal. A friend's puzzle code opens their puzzle."),
    "random": N_("Clear the field: keep scaring until no scare is left. One card left makes you "
                 "King of the Beasts."),
    "advanced": N_("As above, but one face-up target card must still be on the field at the end."),
    "daily": N_("Everyone gets the same deal today. Compare your result with friends!"),
    "player": N_("Whose family page the results and stars go to: a name, or You for nobody's. "
                 "Kept for next time."),
    "new_player": N_("A name not on the list yet: it gets a family page of its own."),
    "editor": N_("Lay out the cards of a puzzle of your own, try it, and share its code with "
                 "a friend."),
    "campaign": N_("Puzzles in chapters, each proven solvable to its par. Earn up to three stars "
                   "a level."),
}


def parse_seed(text: str) -> int | None:
    """The seed typed in the Solo menu: None when empty; ValueError (gentle words) when bad."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise ValueError(_("A deal's number is digits only, like 2024"))
    seed = int(text)
    if seed > MAX_SEED:
        raise ValueError(_("That number is too big for a deal \u2014 try a shorter one"))
    return seed


def fresh_seed() -> int:
    return secrets.randbelow(FRESH_SEEDS)


def start_solo(app, mode: Mode, seed: int, daily: date | None = None) -> None:
    """Deal a one-player game and go to the table; its best result is kept in progress."""
    state = new_game(mode, [solo_name(app)], seed, 0, [None])
    play_solo(app, state, daily)


class SoloMenuScene(MenuScene):
    """The solo deals; an optional seed above the classic deals picks which deal they play."""

    heading = N_("Solo")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.note = ""  # how a shared puzzle went, said when the player is back here
        self.error = ""
        self.seed_entry: pygame_gui.elements.UITextEntryLine | None = None  # made by build()

    def build(self) -> None:
        add_row(self, PLAYER_RECT, NEW_NAME_RECT)
        self.seed_entry = self.entry(ENTRY_RECT, "", limit=MAX_CODE,
                                     placeholder=_("empty: a fresh deal"),
                                     label=_("Seed (optional)"))
        rects = self.column(COLUMN_Y, 6, gap=10, width=640, height=76)
        random = self.button(_("Random deal"), rects[0], self._random, name="random")
        self.button(_("Random deal \u2014 advanced"), rects[1], self._advanced, name="advanced")
        self.button(_("Daily deal"), rects[2], self._daily, name="daily")
        self.campaign = self.button(_("Campaign"), rects[3], self._campaign, name="campaign")
        self.button(_("Make a puzzle"), rects[4], self._editor, name="editor")
        self.button(_("Back"), rects[5], self.back, name="back")
        self.ring.focus(random)  # the seed and who plays are there for those who want them

    # The seed ---------------------------------------------------------------------
    def seed_text(self) -> str:
        entry = self.seed_entry
        return entry.get_text() if entry is not None and entry.alive() else ""

    def chosen_seed(self) -> int | None:
        """The typed seed, a fresh one when the field is empty, or None (and a message) if bad.
        A puzzle code opens in the editor (None: no deal to start)."""
        if looks_like_code(self.seed_text()):
            return self._shared(self.seed_text())
        try:
            seed = parse_seed(self.seed_text())
        except ValueError as err:
            self.error = str(err)
            self.app.audio.play("error")
            self.ring.focus(self.seed_entry)
            self.dirty = True
            return None
        self.error = ""
        return fresh_seed() if seed is None else seed

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element is self.seed_entry:
            if self.chosen_seed() is None:
                return True  # Enter on a bad seed keeps the focus there, with the message
        pasted = clipboard.dropped_paste(event, self.seed_entry, MAX_CODE)
        if pasted is not None:  # too long for the box: the code's reader says what is wrong
            self._shared(pasted)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.error = self.note = ""  # the message goes once the player fixes the number
            self.dirty = True
        return super().handle(event)

    # Starting ---------------------------------------------------------------------
    def _classic(self, mode: Mode) -> None:
        seed = self.chosen_seed()
        if seed is not None:
            start_solo(self.app, mode, seed)

    def _random(self) -> None:
        self._classic(Mode.SOLO)

    def _advanced(self) -> None:
        self._classic(Mode.SOLO_ADVANCED)

    def _daily(self) -> None:
        today = date.today()
        start_solo(self.app, Mode.SOLO, seed_from_text(today.isoformat()), daily=today)

    def _shared(self, text: str) -> None:
        """A friend's puzzle code: its play screen (the answer stays hidden until Hint is
        asked); the seed field is cleared, so Random deal deals again."""
        code, name = split_named(text)
        try:
            puzzle = parse_code(code)
        except CodeError as err:  # a bad code stays in the field, said
            self.error = str(err)
            self.app.audio.play("error")
            self.dirty = True
            return None
        self.error = ""
        self.seed_entry.set_text("")
        best = solver.best_line(puzzle.position, SHARED_SOLVE_S, target=puzzle.target)
        level = Level(id="shared", english_name=name or _("A friend's puzzle"), chapter=0,
                      par=best.count, position=puzzle.position, target=puzzle.target)

        def done(end) -> None:
            left = end.position.card_count()
            self.error = ""
            self.note = _("You left %(left)s; the fewest possible: %(par)s") % {
                "left": cards_words(left), "par": cards_words(level.par)}
            self.dirty = True

        self.app.push(play_test_scene(self.app, level, done, SHARED))
        return None

    def _editor(self) -> None:
        """Make a puzzle, from an empty field."""
        self.error = ""
        open_screen(self.app, "editor", None)

    def _campaign(self) -> None:
        self.app.push(CampaignMenuScene(self.app))

    # Drawing ----------------------------------------------------------------------
    def best_words(self) -> str:
        """The player's best on the typed deal (classic and advanced), or ''."""
        try:
            seed = parse_seed(self.seed_text())
        except ValueError:
            return ""
        if seed is None:
            return ""
        progress = self.app.files.progress()
        found = [(advanced, progress.best_classic(f"{prefix}{seed}"))
                 for advanced, prefix in ((False, ""), (True, "advanced-"))]
        found = [_("%(cards)s (advanced)") % {"cards": cards_words(best)} if advanced
                 else cards_words(best) for advanced, best in found if best is not None]
        if not found:
            return _("No best kept yet for deal %(seed)d") % {"seed": seed}
        return _("Your best on deal %(seed)d: %(best)s") % {"seed": seed, "best": ", ".join(found)}

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        for words, rect in ((_("Seed (optional)"), ENTRY_RECT),
                            (_("Who is playing") if not self.app.kiosk else "", PLAYER_RECT)):
            if words:
                label = look.fitted(assets, words, 40, rect.x - 60, look.CREAM, True, shadow=True)
                surface.blit(label, label.get_rect(midright=(rect.x - 24, rect.centery)))
        words, colour = (self.error, BAD) if self.error else \
            (self.note or self.best_words(), look.GOLD)
        if words:
            look.put(surface, assets, words, (60, NOTE_Y - 40, 1800, 80), 32, colour, True,
                     shadow=True)
        blurb = self.blurb()
        if blurb:
            fit.draw(surface, assets, blurb, BLURB_BOX, 38, look.CREAM, anchor="midtop")

    def blurb(self) -> str:
        """What the focused entry is, in a line or two under the deals ("" for Back)."""
        item = self.ring.focused
        key = "seed" if item is not None and item.element is self.seed_entry else None
        if key is None:
            name = item.element.object_ids if item is not None else []
            key = next((k for k in BLURB if f"#{k}" in name), None)
        return _(BLURB[key]) if key else ""
