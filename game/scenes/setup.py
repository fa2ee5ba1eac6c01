"""Setup: the mode, how many play, names, human or computer seats, who starts, an optional seed."""

from __future__ import annotations

import os

import pygame

from game.engine.modes import Mode
from game.engine.rng import seed_from_text
from game.engine.state import new_game
from game.ui import look
from game.ui.menu import MenuScene

try:  # the computer players arrive in their own issue; until then they play random moves
    from game.engine.ai import make_bot  # noqa: F401

    KINDS = [(None, "Human"), ("easy", "Computer \u2014 easy"), ("normal", "Computer \u2014 normal"),
             ("hard", "Computer \u2014 hard")]
except Exception:  # noqa: BLE001 - a half-written AI package must not stop the menus
    KINDS = [(None, "Human"), ("random", "Computer (random moves)")]

MULTI = [Mode.STANDARD, Mode.TEAMS, Mode.ALL_INCLUDED, Mode.ALL_INCLUDED_YOUNG, Mode.SOLO,
         Mode.SOLO_ADVANCED]
LABEL_X, CONTROL_X = 200, 760
SEAT_TOP, SEAT_H, SEAT_GAP = 392, 66, 12
TEAM_COLOURS = [(255, 214, 90), (140, 210, 255), (255, 150, 170), (170, 240, 150)]


class SetupScene(MenuScene):
    heading = "New game"

    def __init__(self, app) -> None:
        super().__init__(app)
        memory = getattr(app, "setup_memory", None)  # the last choices, for the next game
        if memory is None:
            memory = app.setup_memory = {
                "mode": Mode.STANDARD, "count": 2, "names": [f"Player {i + 1}" for i in range(8)],
                "kinds": [0] * 8, "first": 0, "seed": "",
            }
        self.memory = memory
        self.entries: list = []
        self.error = ""

    # Choices --------------------------------------------------------------------
    @property
    def mode(self) -> Mode:
        return self.memory["mode"]

    @property
    def count(self) -> int:
        counts = self.mode.player_counts
        if self.memory["count"] not in counts:
            self.memory["count"] = min(counts, key=lambda c: abs(c - self.memory["count"]))
        return self.memory["count"]

    def build(self) -> None:
        self.mode_button = self.button(f"\u2039  {self.mode.label}  \u203a", (CONTROL_X, 190, 760, 76),
                                       lambda: self._mode(1), adjust=self._mode, name="mode")
        self.count_button = self.button(f"\u2039  {self.count}  \u203a", (CONTROL_X, 288, 260, 76),
                                        lambda: self._count(1), adjust=self._count, name="count")
        self.entries = []
        self.kind_buttons = []
        for seat in range(self.count):
            x, y = self._seat_xy(seat)
            entry = self.entry((x + 70, y, 330, SEAT_H), self.memory["names"][seat])
            self.entries.append(entry)
            label = KINDS[self.memory["kinds"][seat] % len(KINDS)][1]
            kind = self.button(label, (x + 414, y, 380, SEAT_H),
                               lambda s=seat: self._kind(s, 1),
                               adjust=lambda d, s=seat: self._kind(s, d), kind="@small_button")
            self.kind_buttons.append(kind)
        y = self._below_seats()
        self.first_button = self.button(self._first_text(), (CONTROL_X, y, 560, 76),
                                        lambda: self._first(1), adjust=self._first, name="first")
        self.seed_entry = self.entry((CONTROL_X, y + 94, 560, 70), self.memory["seed"], limit=24,
                                     placeholder="empty: a fresh shuffle")
        self.button("Back", (560, 960, 360, 88), self.back, name="back")
        self.button("Start", (1000, 960, 360, 88), self._start, name="start")

    def _seat_xy(self, seat: int) -> tuple[int, int]:
        per_column = 4
        col, row = divmod(seat, per_column)
        x = 150 + col * 840 if self.count > 4 else 560
        return x, SEAT_TOP + row * (SEAT_H + SEAT_GAP)

    def _below_seats(self) -> int:
        rows = min(self.count, 4)
        return SEAT_TOP + rows * (SEAT_H + SEAT_GAP) + 24

    def _remember_names(self) -> None:
        for seat, entry in enumerate(self.entries):
            if entry.alive():
                self.memory["names"][seat] = entry.get_text()
        if getattr(self, "seed_entry", None) is not None and self.seed_entry.alive():
            self.memory["seed"] = self.seed_entry.get_text()

    def _names(self) -> list[str]:
        self._remember_names()
        return [(self.memory["names"][i].strip() or f"Player {i + 1}") for i in range(self.count)]

    def _first_text(self) -> str:
        first = self.memory["first"]
        who = "pick at random" if first >= self.count else self._names_quiet()[first]
        return f"\u2039  {who}  \u203a"

    def _names_quiet(self) -> list[str]:
        return [(self.memory["names"][i].strip() or f"Player {i + 1}") for i in range(self.count)]

    def _mode(self, step: int) -> None:
        self._remember_names()
        i = (MULTI.index(self.mode) + step) % len(MULTI)
        self.memory["mode"] = MULTI[i]
        self.memory["first"] = min(self.memory["first"], self.count)
        self.error = ""
        self.rebuild()

    def _count(self, step: int) -> None:
        self._remember_names()
        counts = self.mode.player_counts
        i = (counts.index(self.count) + step) % len(counts)
        self.memory["count"] = counts[i]
        if self.memory["first"] > self.count:
            self.memory["first"] = self.count
        self.rebuild()

    def _kind(self, seat: int, step: int) -> None:
        self.memory["kinds"][seat] = (self.memory["kinds"][seat] + step) % len(KINDS)
        self.kind_buttons[seat].set_text(KINDS[self.memory["kinds"][seat]][1])
        self.dirty = True

    def _first(self, step: int) -> None:
        self._remember_names()
        self.memory["first"] = (self.memory["first"] + step) % (self.count + 1)
        self.first_button.set_text(self._first_text())
        self.dirty = True

    def handle_more(self, event, action) -> bool:
        if event.type == pygame.KEYDOWN or event.type >= pygame.USEREVENT:
            # A renamed seat shows up in "Who last stroked a cat?" at once.
            if self.memory["first"] < self.count and self.first_button.alive():
                text = self._first_text()
                if text != self.first_button.text:
                    self.first_button.set_text(text)
        return False

    # Starting ---------------------------------------------------------------------
    def seed(self) -> int:
        text = self.memory["seed"].strip()
        if not text:
            return int.from_bytes(os.urandom(8), "little")
        if text.isdigit():
            return int(text)
        return seed_from_text(text)  # any word works as a seed, e.g. "picnic"

    def build_state(self):
        names = self._names()
        bots = [KINDS[self.memory["kinds"][i] % len(KINDS)][0] for i in range(self.count)]
        first = self.memory["first"]
        return new_game(self.mode, names, self.seed(), None if first >= self.count else first, bots)

    def _start(self) -> None:
        try:
            state = self.build_state()
        except ValueError as err:
            self.error = str(err)
            self.dirty = True
            return
        try:
            from game.scenes.play import PlayScene
        except ImportError:
            from game.scenes.message import MessageScene
            self.app.push(MessageScene(self.app, "The card table is not ready yet in this version."))
            return
        self.app.replace(PlayScene(self.app, state))

    # Drawing ----------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets

        def label(words: str, y: int, h: int = 76) -> None:
            img = look.text(assets, words, 42, look.CREAM, True, shadow=True)
            surface.blit(img, img.get_rect(midleft=(LABEL_X, y + h // 2)))

        label("Game", 190)
        label("Players", 288)
        hint = look.text(assets, self._count_hint(), 34, look.CREAM)
        surface.blit(hint, hint.get_rect(midleft=(CONTROL_X + 290, 288 + 38)))
        for seat in range(self.count):
            x, y = self._seat_xy(seat)
            colour = look.GOLD
            if self.mode.teams:  # teammates share a colour (seats t and t + n/2 play together)
                colour = TEAM_COLOURS[seat % (self.count // 2)]
            img = look.text(assets, str(seat + 1), 40, colour, True, shadow=True)
            surface.blit(img, img.get_rect(midright=(x + 56, y + SEAT_H // 2)))
        y = self._below_seats()
        label("Who last stroked a cat?", y)
        label("Seed (optional)", y + 94, 70)
        if self.error:
            err = look.text(assets, self.error, 36, (255, 190, 170), True, shadow=True)
            surface.blit(err, err.get_rect(midbottom=(960, 950)))

    def _count_hint(self) -> str:
        counts = self.mode.player_counts
        if len(counts) == 1:
            return "one player"
        if self.mode.teams:
            return "4, 6 or 8: same-coloured numbers are a team"
        return f"{counts[0]} to {counts[-1]} players"
