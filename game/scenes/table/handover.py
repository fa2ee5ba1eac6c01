"""Hand-over between two human players: "Pass to Anna", then a private peek at her task cards."""

from __future__ import annotations

import pygame

from game.controls import KeyedLine
from game.i18n import N_, _, pgettext
from game.match import team_name
from game.render import fit, looks
from game.render.assets import CARD_RATIO
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.scenes.table.buttons import TableButtons
from game.scenes.table.pause import PauseScene
from game.ui import look
from game.ui.task_cards import (
    SCORING,
    SCORING_ONE,
    SCORING_TEAM,
    scoring_lines,
    task_image,
    task_words,
)

TAP_S = 0.3  # a press shorter than this is a tap: the cards stay shown until Hide


# Sentences shown on two lines: one message each, so a translator sees the whole sentence
# and puts its line break (\n) where it reads best (one break, as the English has).
# How to peek: with a key or a pad button, the one that peeks here (Space would press the
# focused "I'm Ben: play"); with the mouse, the button.
PEEK_HOW = KeyedLine(
    "handover",
    # TRANSLATORS: two lines on screen; put the line break (\n) where it reads best.
    # %(handover_peek)s is a key or a gamepad button ("P", "Y").
    keys=N_("Hold %(handover_peek)s to see your cards;\n"
            "a quick press keeps them shown until you press it again."),
    # TRANSLATORS: two lines on screen; put the line break (\n) where it reads best.
    mouse=N_("Press and hold \u201cHold to peek\u201d to see your cards;\n"
             "a quick tap keeps them shown until you tap \u201cHide my cards\u201d."))
TWO_LINES = (SCORING, PEEK_HOW.keys, PEEK_HOW.mouse, SCORING_ONE, SCORING_TEAM)


class Peek:
    """Press and hold to look; a quick tap keeps the cards shown until the next tap (Hide)."""

    def __init__(self) -> None:
        self.held = False
        self.latched = False
        self.since = 0.0
        self._swallow = False

    @property
    def active(self) -> bool:
        return self.held or self.latched

    @property
    def pressed(self) -> bool:
        """A press is under way whose release counts: a hold, or the tap on Hide."""
        return self.held or self._swallow

    def press(self, now: float) -> None:
        if self.latched:
            self.latched = False  # a tap on "Hide"
            self._swallow = True
            return
        self.held = True
        self.since = now

    def release(self, now: float) -> None:
        if self._swallow:
            self._swallow = False
            return
        if self.held:
            self.held = False
            self.latched = now - self.since < TAP_S

    def toggle(self) -> None:
        self.latched = not self.active
        self.held = False

    def stop(self) -> None:
        self.held = self.latched = self._swallow = False


class HandoverScene(OverlayScene):
    back_on_pause = True  # Start on a gamepad pauses too

    @property
    def panel_size(self) -> tuple[int, int]:
        """Taller and wider at a large text size: the words take two lines each (issue 50)."""
        return (1400, 980) if looks.large() else (1040, 760)

    def __init__(self, app, player, players=(), table=None) -> None:
        super().__init__(app)
        self.player = player
        self.table = table  # the table beneath: Esc pauses its game (the pause shows no card)
        self.heading = _("Pass to %(name)s") % {"name": player.name}
        self.peek = Peek()
        self._said = ""  # the words on how to peek last drawn
        # The table's Pause beside this panel pauses as Esc does; the table's other buttons
        # wait for the player (greyed) while the table is handed over.
        self.beside = TableButtons()
        if table is not None and table.buttons.get("pause") is not None:
            self.beside.add("pause", table.buttons["pause"], self._pause_game)

    def enter(self) -> None:
        super().enter()
        if self.table is not None:
            self.table.buttons.doze(*self.beside)

    def exit(self) -> None:
        super().exit()
        if self.table is not None:
            self.table.buttons.wake()

    def build(self) -> None:
        panel = self.panel_rect
        y = panel.bottom - 130
        wide = (panel.w - 180) // 2 if looks.large() else 420  # the larger words' room
        self.peek_button = self.button(_("Hold to peek"), (panel.x + 60, y, wide, 92), None,
                                       focus=False, name="peek")
        name = self.player.name
        self.go_button = self.button(_("I'm %(name)s: play") % {"name": name},
                                     (panel.right - 80 - wide, y, wide + 20, 92), self.done,
                                     name="continue",
                                     shorter=(_("I'm %(name)s: play") % {"name": (name.split() or [name])[0]},
                                              pgettext("hand-over button: I play now", "Play")))
        self.ring.add(self.peek_button, self._toggle)
        self.ring.index = 0

    def _toggle(self) -> None:
        self.peek.toggle()
        self.dirty = True

    def done(self) -> None:
        self.peek.stop()
        self.app.pop()

    def back(self) -> None:
        """Esc / east button: hide the cards if shown, else pause the game (between turns,
        without anyone having to play first)."""
        if self.peek.active:
            self.peek.stop()
            self.dirty = True
        elif self.table is not None:
            self._pause_game()

    def _pause_game(self) -> None:
        """The pause menu over the table; this panel hides until it is back (the cards too)."""
        table = self.table
        self.peek.stop()
        self.beside.reset()

        def restart() -> None:
            self.app.pop()  # this hand-over: the restarted game hands over itself
            table.commands.run("restart")

        self.app.push(PauseScene(self.app, restart=restart, moves=table.session.move_list,
                                 kept=table.session.saved))

    def _learner(self):
        """The table's help for learners (it notes the peek, and says the points); None when
        the hand-over stands alone (a tool's picture of it)."""
        return self.table.learner if self.table is not None else None

    def _hold_key(self, event) -> bool:
        return self.app.input.controls.means("handover_peek", event)

    def handle(self, event: pygame.event.Event) -> bool:
        now = self.app.now
        if self._hold_key(event):
            if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
                if not getattr(event, "repeat", False):
                    self.peek.press(now)
            else:
                self.peek.release(now)
            self.dirty = True
            return True
        # The press is read from the mouse event itself, not from pygame-gui's START_PRESS
        # (posted, so it arrives a frame late): a tap whose press and release share a frame
        # must begin and end the peek in that order.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.peek_button.rect.collidepoint(event.pos):
            self.peek.press(now)
            self.dirty = True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.peek.pressed:
            self.peek.release(now)
            self.dirty = True
        if self._beside(event):
            self.dirty = True
            return True
        return super().handle(event)

    def peek_how(self) -> str:
        """How to peek, with the device in hand."""
        app = self.app
        return PEEK_HOW.words(app.input.controls, app.input.device)

    def _beside(self, event) -> bool:
        """The mouse over the table's Pause beside the panel: it lights, and a click on it
        pauses (True: a press or release of it)."""
        if event.type == pygame.MOUSEMOTION:
            self.dirty |= self.beside.hover(event.pos)
            return False
        if getattr(event, "button", None) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.beside.press(event.pos) is not None
        return event.type == pygame.MOUSEBUTTONUP and self.beside.release(event.pos)

    def update(self, dt: float) -> None:
        if not self.peek.active and self.peek_how() != self._said:
            self.dirty = True  # another device in hand: its words
        learner = self._learner()
        if self.peek.active and learner is not None:
            learner.looked(self.table.state.turn, self.table.banner)  # no reminder to peek at the table then
        label = _("Hide my cards") if self.peek.latched else _("Hold to peek")
        if self.peek_button.text != label:
            self.peek_button.set_text(label)
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.covered:  # under the pause menu only the table shows, never two panels
            super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        panel = self.panel_rect
        player = self.player
        if not self.peek.active and looks.large():
            self._draw_waiting_large(surface)
            return
        if not self.peek.active:
            lines = [_("Everyone else, please look away while %(name)s peeks.")
                     % {"name": player.name}]
            if player.team is not None:
                lines.insert(0, team_name(player.team))
            for i, line in enumerate(lines):
                img = look.fitted(assets, line, 34, panel.w - 80, look.INK)
                surface.blit(img, img.get_rect(midtop=(CENTER_X, panel.y + 150 + i * 56)))
            # How to peek: one sentence on two lines at one size (shrunk together if need be).
            self._said = self.peek_how()
            fit.draw(surface, assets, self._said, pygame.Rect(
                panel.x + 40, panel.y + 150 + len(lines) * 56, panel.w - 80, 104), 34, look.INK,
                anchor="midtop", spacing=1.2)
            back = assets.card_image("back", 150)
            n = max(1, len(player.tasks))
            for i in range(n):
                x = CENTER_X - (n * 170 - 20) // 2 + i * 170
                surface.blit(back, (x, panel.y + 380))
            return
        # Only the owner's own cards, only while they peek.
        n = len(player.tasks)
        w = 200
        total = n * w + (n - 1) * 40
        for i, task in enumerate(player.tasks):
            x = CENTER_X - total // 2 + i * (w + 40)
            surface.blit(assets.card_image(task_image(task), w), (x, panel.y + 140))
            look.put(surface, assets, task_words(task), (x - 20, panel.y + 426, w + 40, 50), 30,
                     look.INK, True, anchor="midtop")
        if not player.tasks:
            look.put(surface, assets, _("You hold no task card in this mode."),
                     (panel.x + 30, panel.y + 246, panel.w - 60, 50), 34, look.INK, anchor="midtop")
        for i, line in enumerate(scoring_lines(player)):
            look.put(surface, assets, line, (panel.x + 30, panel.y + 484 + i * 36, panel.w - 60, 40),
                     28, look.INK, anchor="midtop")
        learner = self._learner()  # Settings -> Help
        if learner is not None:
            points = learner.points_words(self.table.state, self.table.state.turn)
            if points is not None:
                look.put(surface, assets, points, (panel.x + 30, panel.y + 562, panel.w - 60, 46),
                         34, look.INK, True, anchor="midtop")

    def _draw_waiting_large(self, surface: pygame.Surface) -> None:
        """Before the peek at a large text size: the team, who looks away and how to peek,
        each at the player's text size on up to two lines (three for how to peek), one under
        the other; the backs of the task cards smaller, in the room left above the buttons."""
        assets = self.app.assets
        panel = self.panel_rect
        player = self.player
        lines = [_("Everyone else, please look away while %(name)s peeks.") % {"name": player.name}]
        if player.team is not None:
            lines.insert(0, team_name(player.team))
        self._said = self.peek_how()
        tall = assets.font(looks.scaled(34)).get_height()
        y = panel.y + 140
        for words, rows in [*((line, 2) for line in lines), (self._said, 3)]:
            box = pygame.Rect(panel.x + 40, y, panel.w - 80, rows * tall)
            y = fit.draw(surface, assets, words, box, 34, look.INK, anchor="midtop").bottom + 18
        room = self.peek_button.rect.top - 16 - y
        width = min(150, int(room / CARD_RATIO))
        if width < 60:  # no room for the backs: the words say it all
            return
        back = assets.card_image("back", width)
        n = max(1, len(player.tasks))
        for i in range(n):
            x = CENTER_X - (n * (width + 20) - 20) // 2 + i * (width + 20)
            surface.blit(back, (x, y))
