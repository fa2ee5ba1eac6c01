"""Setup: the mode, how many play, names, human or computer seats, who starts, an optional seed."""

from __future__ import annotations

import os

import pygame
import pygame_gui

from game.engine.ai import SKILLS  # a new level appears here by itself
from game.engine.modes import Mode
from game.engine.rng import seed_from_text
from game.engine.state import new_game
from game.i18n import N_, _
from game.match import FIRST_PLAYER, OCCASIONS, made_up_name, mode_summary, save_memory
from game.match import NAME_MAX as setup_memory_NAME_MAX
from game.names import clean_name, typed_name
from game.render import fit, looks
from game.render.palette import BAD_TEXT, seat_colour
from game.scenes.menu import MenuScene, arrows, fit_label
from game.scenes.registry import open_screen
from game.scenes.table.play import table_scene
from game.ui import clipboard, look
from game.ui.team_badge import draw_team_badge


def seat_choices() -> list[str | None]:
    """What a seat can be: a human (None) or a computer of each level, from the registry."""
    return [None, *SKILLS]


def seat_label(level: str | None) -> str:
    """'Human' or 'Hard \u2014 a strong player' (the words on a seat's button, under the
    column heading "Human or computer"; the seat's name says "Computer 1 (hard)")."""
    if level is None:
        return _("Human")
    known = SKILLS.get(level)
    if known is not None:
        return _(known.choice)
    return _("Computer: %(level)s") % {"level": level}  # a level no longer offered


def seat_short(level: str | None) -> str:
    """Who plays the seat in one word, when its words do not fit: 'Human', 'Hard'."""
    return _("Human") if level is None else SKILLS.word(level).capitalize()


LABEL_X, CONTROL_X = 200, 760
LABEL_SIZE, LABEL_SPACING = 42, 0.85


def label_box(y: int, h: int = 76, tall: bool = False) -> pygame.Rect:
    """Where a row's label goes; a `tall` one (the long question) has room for two lines at
    the labels' size, reaching a little above and below its control (German needs both)."""
    if tall:
        return pygame.Rect(LABEL_X, y - 16, CONTROL_X - 20 - LABEL_X, h + 32)
    return pygame.Rect(LABEL_X, y, CONTROL_X - 20 - LABEL_X, h)


SEAT_TOP, SEAT_H, SEAT_GAP = 408, 66, 12
# At a large text size the seats sit lower: the column headings above them grow.
SEAT_TOP_LARGE = 446
RING_ROOM = 11  # the column headings sit above the focus ring round the first row
NAME_MAX = setup_memory_NAME_MAX


def seat_xy(seat: int, count: int) -> tuple[int, int]:
    """Where a seat's row starts: four to a column, two columns for more than four."""
    per_column = 4
    col, row = divmod(seat, per_column)
    x = 100 + col * 900 if count > 4 else 560  # room for a team's letter on the left
    return x, seat_top() + row * (SEAT_H + SEAT_GAP)


def seat_top() -> int:
    """The top of the first seat's row at the player's text size."""
    return SEAT_TOP_LARGE if looks.large() else SEAT_TOP


def below_seats(count: int) -> int:
    """The top of the rows under the seats."""
    rows = min(count, 4)
    return seat_top() + rows * (SEAT_H + SEAT_GAP) + 24


def count_hint(mode: Mode) -> str:
    """What the mode is, in one line (and, in teams, how a team is marked)."""
    if mode.teams:
        return mode_summary(mode) + " " + _("Same letter: same team.")
    return mode_summary(mode)


def seed_of(text: str) -> int:
    """The seed typed (a number, or any word, e.g. "picnic"); empty: a fresh shuffle."""
    text = text.strip()
    if not text:
        return int.from_bytes(os.urandom(8), "little")
    if text.isdigit():
        return int(text)
    return seed_from_text(text)


class SetupScene(MenuScene):
    heading = N_("New game")

    def __init__(self, app) -> None:
        super().__init__(app)
        memory = self.memory = app.setup_memory  # the last choices, for the next game
        if not memory["mode"].couch:  # the Solo menu offers the one-player modes
            memory["mode"] = Mode.STANDARD
        self.heading = _(SetupScene.heading)
        self.entries: list = []
        self.error = ""
        self.seed_entry: pygame_gui.elements.UITextEntryLine | None = None  # made by build()
        self.first_button: pygame_gui.elements.UIButton | None = None

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
        self.mode_button = self.selector(_(self.mode.label), (CONTROL_X, 190, 760, 76),
                                         self._mode, name="mode", label=_("Game"))
        self.count_button = self.selector(str(self.count), (CONTROL_X, 288, 260, 76),
                                          self._count, name="count", label=_("Players"))
        self.entries = []
        self.level_buttons = []
        for seat in range(self.count):
            x, y = seat_xy(seat, self.count)
            if self.memory["auto"][seat]:
                self.memory["names"][seat] = made_up_name(self.memory, seat)
            entry = self.entry((x + 70, y, 380, SEAT_H), self.memory["names"][seat], limit=NAME_MAX,
                               label=_("Name of player %(n)d") % {"n": seat + 1})
            self.entries.append(entry)
            label = seat_label(self.memory["levels"][seat])
            who = self.selector(label, (x + 462, y, 390, SEAT_H),
                                lambda d, s=seat: self._level(s, d), style="@small_button",
                                shorter=(seat_short(self.memory["levels"][seat]),),
                                label=_("Player %(n)d, human or computer") % {"n": seat + 1})
            self.level_buttons.append(who)
        y = below_seats(self.count)
        first, *shorter = self._first_words()
        self.first_button = self.selector(first, (CONTROL_X, y, 560, 76), self._first,
                                          name="first", shorter=tuple(shorter),
                                          label=_("Who last stroked a cat?"))
        self.seed_entry = self.entry((CONTROL_X, y + 94, 560, 70), self.memory["seed"], limit=24,
                                     placeholder=_("empty: a fresh shuffle"),
                                     label=_("Seed (optional)"))
        self.button(_("Back"), (560, 960, 360, 88), self.back, name="back")
        self.button(_("Start"), (1000, 960, 360, 88), self._start, name="start")
        if not self.app.kiosk:  # a kiosk's visitors play at this screen
            self.button(_("Online"), (1400, 960, 320, 88), self._online, name="online")

    def _remember_names(self) -> None:
        for seat, entry in enumerate(self.entries):
            if entry.alive():
                text = clean_name(entry.get_text(), NAME_MAX)
                if text != self.memory["names"][seat]:
                    # Typed by a player: a name of their own (cleared: a made-up one again).
                    self.memory["auto"][seat] = not text.strip()
                    self.memory["names"][seat] = text
        if self.seed_entry is not None and self.seed_entry.alive():
            self.memory["seed"] = self.seed_entry.get_text()

    def _names(self) -> list[str]:
        self._remember_names()
        return self._names_quiet()

    def _first_words(self) -> tuple[str, ...]:
        """Who starts: the name, then a long name's shorter wordings (its first word, then
        'Player 3'), or "pick at random"."""
        first = self.memory["first"]
        if first >= self.count:
            return (_("pick at random"),)
        name = self._names_quiet()[first]
        level = self.memory["levels"][first]
        if level is not None and self.memory["auto"][first]:  # "Computer 2 (expert)"
            number = sum(1 for k in self.memory["levels"][:first + 1] if k is not None)
            return (name, _("Computer %(n)d") % {"n": number})
        return (name, name.split()[0], _("Player %(n)d") % {"n": first + 1})

    def _names_quiet(self) -> list[str]:
        """The names as typed so far (read from the entries, so they follow the typing)."""
        names = []
        for i in range(self.count):
            entry = self.entries[i] if i < len(self.entries) else None
            text = entry.get_text() if entry is not None and entry.alive() else \
                self.memory["names"][i]
            names.append(clean_name(text, NAME_MAX) or made_up_name(self.memory, i))
        return names

    def _mode(self, step: int) -> None:
        self._remember_names()
        modes = [m for m in Mode if m.couch]  # the couch modes, in the order the game offers
        i = (modes.index(self.mode) + step) % len(modes)
        self.memory["mode"] = modes[i]
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

    def _level(self, seat: int, step: int) -> None:
        self._remember_names()
        chosen = self.memory["levels"]
        choices = seat_choices()
        level = chosen[seat] if chosen[seat] in choices else None
        chosen[seat] = choices[(choices.index(level) + step) % len(choices)]
        fit_label(self.level_buttons[seat], (seat_label(chosen[seat]), seat_short(chosen[seat])),
                  arrows)
        # Seats nobody has named follow what they are: "Computer 1 (hard)", "Player 3".
        for i in range(self.count):
            if self.memory["auto"][i] and i < len(self.entries):
                name = made_up_name(self.memory, i)
                self.memory["names"][i] = name
                self.entries[i].set_text(name)
        self._sync_first()
        self.dirty = True

    def _first(self, step: int) -> None:
        self._remember_names()
        self.memory["first"] = (self.memory["first"] + step) % (self.count + 1)
        fit_label(self.first_button, self._first_words(), arrows)
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        for seat, entry in enumerate(self.entries):
            pasted = clipboard.dropped_paste(event, entry, NAME_MAX)
            if pasted is not None:  # longer than a name: the box keeps what fits, shown
                before = "" if self.memory["auto"][seat] else entry.get_text()
                entry.set_text(clean_name(before + pasted, NAME_MAX))
                self.dirty = True
                return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        self._clean_entries()
        self._sync_first()

    def _clean_entries(self) -> None:
        """A line break or a control character typed or pasted into a name becomes a space
        at once, so the box shows the name the game will keep."""
        for entry in self.entries:
            if entry.alive():
                text = entry.get_text()
                typed = typed_name(text)
                if typed != text:
                    entry.set_text(typed)

    def _sync_first(self) -> None:
        """A renamed seat shows up in "Who last stroked a cat?" as its name is typed."""
        button = self.first_button
        if button is not None and button.alive():
            before = button.text
            if fit_label(button, self._first_words(), arrows) != before:
                self.dirty = True

    # Starting ---------------------------------------------------------------------
    def build_state(self):
        names = self._names()
        bots = [self.memory["levels"][i] for i in range(self.count)]
        first = self.memory["first"]
        return new_game(self.mode, names, seed_of(self.memory["seed"]),
                        None if first >= self.count else first, bots)

    def _start(self) -> None:
        try:
            state = self.build_state()
        except ValueError as err:
            self.error = str(err)
            self.dirty = True
            return
        if not self.app.kiosk:  # a visitor's names are not kept for the next one
            save_memory(self.memory)
        self.app.replace(table_scene(self.app, state))

    def _online(self) -> None:
        """The same table, hosted for people on other computers (online/host.py)."""
        if not OCCASIONS["hosted"].plays(self.mode):
            self.error = _("Online tables are for two or more players.")
            self.dirty = True
            return
        save_memory(self.memory)
        first = self.memory["first"]
        open_screen(self.app, "host_setup", self.mode, self._names(),
                    [self.memory["levels"][i] for i in range(self.count)],
                    None if first >= self.count else first)

    # Drawing ----------------------------------------------------------------------
    def _headings(self, surface: pygame.Surface, x: int, y: int) -> None:
        """The seats' column headings above the column of seats starting at (x, y)."""
        assets = self.app.assets
        if looks.large():  # as tall as the words at the player's size (the seats sit lower);
            # the second heading ends over its buttons, to have the room a long one needs
            tall = assets.font(looks.scaled(26)).get_height()
            look.put(surface, assets, _("Name"), (x + 76, y - RING_ROOM - tall, 220, tall), 26,
                     anchor="bottomleft")
            look.put(surface, assets, _("Human or computer"),
                     (x + 300, y - RING_ROOM - tall, 552, tall), 26, anchor="bottomright")
            return
        for words, left in ((_("Name"), x + 70), (_("Human or computer"), x + 462)):
            # No taller than the words at 26 px: above is the Players button, which a
            # larger text size would run under.
            look.put(surface, assets, words, (left + 6, y - RING_ROOM - 37, 380, 37), 26,
                     anchor="bottomleft")

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets

        def label(words: str, y: int, h: int = 76, tall: bool = False) -> None:
            fit.draw(surface, assets, words, label_box(y, h, tall), LABEL_SIZE, look.CREAM, True,
                     anchor="midleft", shadow=True, spacing=LABEL_SPACING)

        label(_("Game"), 190)
        label(_("Players"), 288)
        fit.draw(surface, assets, count_hint(self.mode), pygame.Rect(
            CONTROL_X + 290, 288, 1890 - CONTROL_X - 290, 74), 30, look.CREAM, anchor="midleft",
            shadow=True, spacing=0.9)
        for seat in range(self.count):
            x, y = seat_xy(seat, self.count)
            # The colour the seat has at the table; teammates share one (seats t and t + n/2).
            colour = seat_colour(seat, self.mode.team_of(seat, self.count))
            look.put(surface, assets, str(seat + 1), (x, y, 56, SEAT_H), 40, colour, True,
                     shadow=True, anchor="midright")
            team = self.mode.team_of(seat, self.count)
            if team is not None:  # the team's letter: a team is told apart without colour
                # Large: the letter grows with the text, the disc between the column of
                # seats on its left and the seat's number
                badge, left = (30, x - 16) if looks.large() else (17, x - 22)
                draw_team_badge(surface, assets, team, (left, y + SEAT_H // 2), badge)
        for col in range(2 if self.count > 4 else 1):
            x, y = seat_xy(col * 4, self.count)
            self._headings(surface, x, y)
        y = below_seats(self.count)
        label(_("Who last stroked a cat?"), y, tall=True)
        label(_("Seed (optional)"), y + 94, 70)
        if looks.large():  # beside both rows below, on three lines: the words at their size
            room = pygame.Rect(CONTROL_X + 580, y - 20, 1890 - CONTROL_X - 580, 952 - y + 20)
            fit.draw(surface, assets, _(FIRST_PLAYER), room, 28, look.CREAM, anchor="midleft",
                     shadow=True, spacing=0.9)
        else:
            fit.draw(surface, assets, _(FIRST_PLAYER),
                     pygame.Rect(CONTROL_X + 580, y, 1890 - CONTROL_X - 580, 76), 28,
                     look.CREAM, anchor="midleft", shadow=True)
        if self.error:
            look.put(surface, assets, self.error, (60, 880, 1800, 70), 36, BAD_TEXT, True,
                     shadow=True, anchor="midbottom")
