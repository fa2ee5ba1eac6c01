"""Saved games: every game in progress, most recent first, in words beside a picture of its
field; resume one, or discard it (asked first, and Undo brings it back while the list is open)."""

from __future__ import annotations

from datetime import date, datetime

import pygame

from game.i18n import _
from game.input import Action
from game.match import (
    SavedGame,
    discard,
    forget_discarded,
    load_games,
    occasion_of,
    saved_game_words,
    undo_discard,
)
from game.online.shared.protocol import show_code
from game.render import fit, looks
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.message import MessageScene
from game.scenes.registry import open_screen
from game.scenes.table.resume import catch_up
from game.ui import campaign_look as cl
from game.ui import charts, look

PAGE = 5  # games on one page
TOP = 196  # the first row's top
ROW_H = 132
# At a large text size (looks.large) a row is three lines of the largest text tall (a game's
# line wraps, its names counted where they are too many), and a page holds fewer rows.
PAGE_LARGE, ROW_H_LARGE = 3, 230
GAP = 14  # between rows
PICTURE_X, PICTURE_W = 80, 200
WORDS_X, WORDS_RIGHT = 304, 1330
RESUME = pygame.Rect(1350, 0, 250, 88)
DISCARD = pygame.Rect(1610, 0, 250, 88)
BOTTOM_Y = 950


def page_size() -> int:
    """The games on one page: fewer at a large text size."""
    return PAGE_LARGE if looks.large() else PAGE


def row_h() -> int:
    return ROW_H_LARGE if looks.large() else ROW_H


class SavedGamesScene(MenuScene):
    """One row per saved game: its picture, its words, Resume and Discard."""

    def __init__(self, app, today: date | None = None) -> None:
        super().__init__(app)
        self.heading = _("Saved games")
        self.today = today or date.today()
        forget_discarded()  # games discarded while a list was open when the game stopped
        app.saver.flush()
        self.games, self.notice = load_games(finished=lambda record, final:
                                             catch_up(app, record, final))
        self.discarded: set[str] = set()  # game ids discarded while this list is open
        self.page = 0
        self._words: dict[str, str] = {}
        self._fields: dict[str, object] = {}

    # What each row says -------------------------------------------------------------------
    def words(self, game: SavedGame, short: bool = False) -> str:
        """The game in one line: the mode and its people (a level by its name, the daily deal
        by its day, an online table by its code), the move, when it was last saved. `short`:
        the people counted instead of named (the wording for names that fit no row)."""
        key = (game.record.game, short)
        if key not in self._words:
            record = game.record
            occasion = occasion_of(record)
            about = occasion.saved_about(record, self.app.files.campaign(), short)
            table = record.online or record.joined  # hosted here, or joined
            code = show_code(table.code) if table is not None else None
            player = occasion.player(record)  # whose, if the family's
            if self.app.kiosk or player is None or self.app.files.people().person(player) is None:
                player = None
            self._words[key] = saved_game_words(
                about, len(record.moves), datetime.fromtimestamp(game.when), self.today,
                code=code, short=short, player=player)
        return self._words[key]

    def field(self, game: SavedGame):
        """The field where the game stands (replayed once)."""
        key = game.record.game
        if key not in self._fields:
            self._fields[key] = game.record.final_state()
        return self._fields[key]

    # Widgets ------------------------------------------------------------------------------
    def on_page(self) -> list[SavedGame]:
        return self.games[self.page * page_size():(self.page + 1) * page_size()]

    def build(self) -> None:
        for i, game in enumerate(self.on_page()):
            y = TOP + i * (row_h() + GAP) + (row_h() - RESUME.h) // 2
            key = game.record.game
            # The table that speaks names the game a button acts on before the button.
            if key in self.discarded:
                undo = self.button(_("Undo"), RESUME.union(DISCARD).move(0, y),
                                   lambda g=game: self._undo(g), name=f"undo_{i}")
                self.label(undo, _("Discarded: %(game)s") % {"game": self.words(game)})
                continue
            for words, rect, act, action in ((_("Resume"), RESUME, self._resume, "resume"),
                                           (_("Discard"), DISCARD, self._ask, "discard")):
                self.label(self.button(words, rect.move(0, y), lambda g=game, a=act: a(g),
                                       name=f"{action}_{i}"), self.words(game))
        back = pygame.Rect(0, BOTTOM_Y, 520, 88)
        back.centerx = CENTER_X  # alone, in the middle; beside "Older games", the pair is
        if len(self.games) > page_size():
            last = (self.page + 1) * page_size() >= len(self.games)
            back.x = CENTER_X + 20
            self.button(_("Newer games") if last else _("Older games"),
                        back.move(-back.w - 40, 0), self._next_page, name="more")
        self.button(_("Back"), back, self.back, name="back")

    def handle_more(self, event, action) -> bool:
        if action in (Action.LEFT, Action.RIGHT):  # Resume and Discard side by side
            self.ring.move(-1 if action is Action.LEFT else 1)
            return True
        return False

    def _focus(self, name: str) -> None:
        element = next((e for e in self.elements if f"#{name}" in e.object_ids), None)
        if element is not None:
            self.ring.focus(element)

    def _next_page(self) -> None:
        pages = (len(self.games) + page_size() - 1) // page_size()
        self.page = (self.page + 1) % max(1, pages)
        self.rebuild()
        self._focus("more")

    # What the buttons do ------------------------------------------------------------------
    def _resume(self, game: SavedGame) -> None:
        """The game on its table, where it was; the list closes (what was discarded goes)."""
        self.app.pop()
        open_screen(self.app, "continue", game.record)

    def _ask(self, game: SavedGame) -> None:
        self.app.push(ConfirmScene(self.app, _("Discard this game?"),
                                   lambda: self._discard(game), yes=_("Discard"),
                                   no=_("Keep it"), detail=self.words(game),
                                   shorter=(self.words(game, short=True),)))

    def _discard(self, game: SavedGame) -> None:
        index = self.on_page().index(game)
        if discard(game.record.game) is None:
            self.app.push(MessageScene(self.app, _("This game could not be discarded: its file "
                                                   "cannot be moved.")))
            return
        self.discarded.add(game.record.game)
        self.rebuild()
        self._focus(f"undo_{index}")

    def _undo(self, game: SavedGame) -> None:
        index = self.on_page().index(game)
        if undo_discard(game.record.game):
            self.discarded.discard(game.record.game)
        self.rebuild()
        self._focus(f"resume_{index}")

    def exit(self) -> None:
        super().exit()
        forget_discarded()  # the list is left: what was discarded is gone for good

    def update(self, dt: float) -> None:
        if self.notice:  # a damaged save was set aside while the list was read: say so once
            notice, self.notice = self.notice, None
            self.app.push(MessageScene(self.app, notice))

    # Words --------------------------------------------------------------------------------
    @staticmethod
    def empty_words() -> str:
        return _("No saved games: every game you start is kept here until it ends or you "
                 "discard it.")

    def spoken_lines(self) -> list[str]:
        """An empty list says so; a full one names its games as the focus comes to them."""
        return [] if self.games else [self.empty_words()]

    # Drawing ------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        if not self.games:
            look.put(surface, assets, self.empty_words(), (160, 420, 1600, 200), 40, shadow=True)
            return
        for i, game in enumerate(self.on_page()):
            y = TOP + i * (row_h() + GAP)
            row = pygame.Rect(60, y, 1800, row_h())
            surface.blit(cl.tile(assets, row.size, cl.TILE), row.topleft)
            gone = game.record.game in self.discarded
            state = self.field(game)
            picture = cl.mini_field(assets, state.position, (PICTURE_W, ROW_H - 16), state.target)
            box = pygame.Rect(PICTURE_X, y + 8, PICTURE_W, row_h() - 16)
            surface.blit(picture, picture.get_rect(center=box.center))
            wordings = [self.words(game), self.words(game, short=True)]
            if gone:
                wordings = [_("Discarded: %(game)s") % {"game": w} for w in wordings]
            # Large text: the largest size (its names counted sooner than the words shrink).
            size, floor = (looks.scaled(30),) * 2 if looks.large() else (30, fit.FLOOR)
            fit.draw(surface, assets, wordings[0],
                     pygame.Rect(WORDS_X, y + 10, WORDS_RIGHT - WORDS_X, row_h() - 20), size,
                     charts.MUTED if gone else cl.TEXT, anchor="midleft", shorter=wordings[1:],
                     floor=floor)
        pages = (len(self.games) + page_size() - 1) // page_size()
        if pages > 1:
            look.put(surface, assets, f"{self.page + 1} / {pages}", (60, BOTTOM_Y, 340, 88), 30,
                     anchor="midleft", shadow=True)
