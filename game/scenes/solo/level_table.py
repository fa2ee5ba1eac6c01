"""A campaign level's table kind: the level's words, par and target on the panel; its keys and
buttons (hint, undo to the last good point, restart as a step, back to the level select)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.controls import BINDABLE
from game.i18n import _, after_colon
from game.match import par_words
from game.render import fit, looks
from game.render.assets import CARD_RATIO
from game.render.hud import scare_cycle
from game.render.palette import BAD, FELT_BOX, FELT_PANEL, GOLD, MUTED, PALE_HINT, WOOD
from game.render.widgets import Button
from game.scenes.registry import screen
from game.scenes.solo.deal_table import hint_reply
from game.scenes.solo.level_pause import LevelPauseScene
from game.scenes.solo.level_result import LevelResultScene, goal_words
from game.scenes.table.commands import Before, KindCommand, Reply
from game.scenes.table.couch import move_in_button, undo_sync
from game.scenes.table.flow import GAP, flows, lines
from game.scenes.table.kind import TableKind
from game.scenes.table.panel import PANEL, ROOM
from game.scenes.table.section import Section

CYCLE_Y = 468
TARGET_W = 76  # the width of the card to keep on the panel
HELP = ("undo", "redo", "hint", "restart")  # the actions the panel's help lines name
DEVICES = BINDABLE  # one help line each, in this order
SKIP_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN,
              pygame.FINGERDOWN)


def help_boxes() -> list[tuple[int, int, int, int]]:
    """Where the key and pad help lines go (DEVICES' order): a line each at the panel's foot;
    at a larger text size the key line takes two lines there and the pad line the room
    between the scare cycle and the buttons, so both can grow."""
    x, w = PANEL.x + 22, PANEL.width - 44
    if looks.text_size <= 1:
        return [(x, 1016, w, 30), (x, 1043, w, 30)]
    return [(x, 1014, w, 62), (x, CYCLE_Y + 234, w, 78)]


BUTTONS_Y = 786  # the top of the buttons' rows (Hint and Restart first)
# At a large text size the buttons sit lower, in the foot's room (no key line under them
# there), and the help lines, where they stay, end above them.
BUTTONS_Y_LARGE = 848
HELP_END = BUTTONS_Y_LARGE - 6
HELP_LEAST = 32  # their smallest size there: 1.8 times as tall as the 100 % line of any language


def flowing_help(assets, controls, size: int) -> list[tuple[int, int, int, int]]:
    """At a large text size (flows) the key and pad help lines in the scare cycle's room, one
    under the other, each as tall as its words wrap at `size`, ending at HELP_END (DEVICES'
    order)."""
    x, w = PANEL.x + 22, PANEL.width - 44
    heights = []
    for device in DEVICES:
        font = assets.font(size)
        heights.append(len(fit.break_lines(font, controls.help_line(device, HELP), w))
                       * font.get_height())
    y = HELP_END - sum(heights) - GAP
    return [(x, y, w, heights[0]), (x, y + heights[0] + GAP, w, heights[1])]


def level_result(app, level, *args, **kwargs) -> LevelResultScene:
    """A level's result screen whose next level, retry and solution open a fresh level table
    (by the registry: the level's table scene imports this module)."""
    def play(next_level, **options) -> None:
        app.replace(screen("level_table")(app, next_level, **options))

    return LevelResultScene(app, level, *args, play=play, **kwargs)


def to_levels(app) -> None:
    """From the level's pause: back to the level select beneath."""
    app.pop()  # the pause overlay
    app.pop()  # this level: the level select beneath comes back


def level_panel(app, text, level, solution: bool = False,
                words: tuple[str, str] | None = None) -> LevelPanel:
    """A level's panel part, with the level's number in its chapter (the `app`'s campaign),
    its words through the TextCache `text`."""
    chapter = app.files.campaign().chapter(level.chapter)
    number = next((i + 1 for i, lv in enumerate(chapter.levels) if lv.id == level.id),
                  0) if chapter else 0
    return LevelPanel(app.assets, text, app.input.controls, level, number, solution, words)


class LevelTable(TableKind):
    """The table of a campaign level: the `level`, its commands and its end (`result`: the
    player's result so far). A play-test's (an in-memory level) gives `on_done`, which gets
    the final state instead of a result screen, and the panel's `words` (the line and a
    shorter one, untranslated) instead of the level's chapter."""

    def __init__(self, level, result: dict | None = None, pace=None, *,
                 on_done: Callable[[object], None] | None = None,
                 words: tuple[str, str] | None = None) -> None:
        super().__init__(pace)
        self.level = level
        self.result = result or {}
        self.on_done, self.words = on_done, words

    def make_panel(self, app, text) -> Section:
        words = tuple(_(w) for w in self.words) if self.words else None
        return level_panel(app, text, self.level, words=words)

    def build(self, buttons, app, solo: bool) -> None:
        assets = app.assets
        x, y = PANEL.x + 20, BUTTONS_Y_LARGE if flows() else BUTTONS_Y
        buttons.add("move_in", move_in_button(assets, pygame.Rect(x, y - 86, 420, 76)),
                    "move_in")
        buttons.add("pause", Button(assets, pygame.Rect(x, y + 160, 420, 64), _("Pause"), 30),
                    "pause")
        buttons.add("undo", Button(assets, pygame.Rect(x, y + 80, 200, 70), _("Undo"), 30),
                    "undo")
        buttons.add("hint", Button(assets, pygame.Rect(x, y, 200, 70), _("Hint"), 30), "hint")
        buttons.add("restart", Button(assets, pygame.Rect(x + 220, y, 200, 70),
                                      _("Restart"), 30), "restart")
        buttons.add("redo", Button(assets, pygame.Rect(x + 220, y + 80, 200, 70), _("Redo"),
                                   30), "redo")
        buttons.add("good", Button(assets, pygame.Rect(x, CYCLE_Y + 84, 420, 76),
                                   _("Undo to the last good point"), 28), "good")

    def opening_words(self) -> str | None:
        return self.level.hint or None

    def spoken_lines(self, view, session) -> list[str]:
        """The panel in words: the level, its name, the cards left, the goal and par."""
        level = self.level
        top = _(self.words[0]) if self.words else _("Chapter %(chapter)d  \u00b7  Level "
                                                    "%(level)d") % {
            "chapter": level.chapter, "level": self.panel.number}  # as the panel's top says
        return [top, _(level.name),
                _("Cards left: %(n)d") % {"n": view.state.position.card_count()},
                _("Goal: %(goal)s") % {"goal": after_colon(goal_words(level))},
                par_words(level.par)]

    # Commands ---------------------------------------------------------------------------
    def commands(self) -> dict[str, KindCommand | str]:
        return {"restart": KindCommand(self.restart, Before.FINISH), "pause": KindCommand(self.pause),
                "hint": KindCommand(self.ask_hint, Before.FINISH),
                "good": KindCommand(self.undo_to_good, Before.FINISH)}

    def restart(self, app, session) -> Reply:
        if session.state == session.start:
            return Reply(words=_("This is the start of the level"))
        return Reply(beats=tuple(session.restart()),
                     words=_("Back to the start \u2014 Undo brings your game back"))

    def pause(self, app, session) -> Reply:
        return Reply(over=lambda table: LevelPauseScene(
            app, lambda: table.commands.run("restart"), lambda: to_levels(app),
            kept=session.saved))

    def undo_to_good(self, app, session) -> Reply | None:
        """Back to the last point where par could still be reached."""
        if session.known_reachable() is not False:
            return None
        said = session.back_to_good()
        if said is None:
            return Reply(words=_("Use Restart to try again from the start"))
        return Reply(beats=tuple(said), words=_("Back to the last point where par %(par)d could be "
                                          "reached") % {"par": self.level.par})

    def ask_hint(self, app, session) -> Reply:
        """The first move of a line that reaches par, lit; or why there is none."""
        if session.state.over:
            return Reply(words=_("The game is over: no scare is left"))
        answer = session.hint()
        if answer.move is not None:
            return hint_reply(session, answer.move)
        if answer.reachable is False:
            return Reply(sound="error", seconds=8, words=_("Par %(par)d can no longer be "
                                                           "reached") % {"par": self.level.par})
        return Reply(words=_("No hint found in time \u2014 ask again"))

    # The end ----------------------------------------------------------------------------
    def finished(self, app, session, state, finish) -> None:
        """The level's end (kept by the session at the last move): its result screen; a
        play-test's goes back to the editor beneath."""
        level = self.level
        if self.on_done is not None:
            app.pop()
            self.on_done(state)
            return

        def back_to_good() -> None:
            """From the result screen: this game again, at its last point where par was in
            reach."""
            table = screen("level_table")(app, level, match=session.carry_on())
            app.replace(table)
            table.commands.run("good")

        missed = session.known_reachable() is False and session.index > 0
        app.replace(level_result(app, level, state, before=finish.before if finish else None,
                                 hints=session.hints_used,
                                 back_to_good=back_to_good if missed else None))

    # Input ------------------------------------------------------------------------------
    buttons_while_moving = True  # its buttons work even while a scare animates

    def handle(self, event, view, keys) -> str | None:
        """The level's own keys and pad buttons (game.controls) run its commands."""
        name = keys.controls.action(event, "level")
        return name if name in ("undo", "redo", "restart", "hint", "good") else None

    # Words ------------------------------------------------------------------------------
    def sync(self, view, buttons) -> None:
        """A level's commands, and the way back once par is out of reach."""
        undo_sync(view, buttons)
        buttons["good"].visible = view.reachable is False


class LevelPanel(Section):
    """A level's side panel: the chapter and level (or "Solution"), its name, the cards left,
    par, the target card, the level's hint, and par out of reach; the help lines and the
    scare cycle painted into the background."""

    rect = PANEL
    cached = True

    def __init__(self, assets, text, controls, level, number: int, solution: bool,
                 words: tuple[str, str] | None = None) -> None:
        self.assets, self.text, self.controls = assets, text, controls
        self.level, self.number, self.solution = level, number, solution
        self.words = words  # a play-test's line (and a shorter one) instead of the chapter
        self.cycle = scare_cycle(assets, (420, 228), card_w=56)

    def paint(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, FELT_PANEL, PANEL)
        pygame.draw.line(surf, WOOD, PANEL.topleft, PANEL.bottomleft, 6)
        if flows():  # large text: the words take the cycle's room (drawn with the view)
            return
        if self.level.target is None:
            surf.blit(self.cycle, (PANEL.x + 20, CYCLE_Y))
        if not self.solution:
            # The same margin on both sides: a long language's key line takes a smaller size.
            for device, box in zip(DEVICES, help_boxes(), strict=True):
                fit.draw(surf, self.assets, self.controls.help_line(device, HELP), box, 21,
                         MUTED, anchor="topleft", floor=16 if looks.text_size <= 1 else 20)

    def draw(self, surface: pygame.Surface, view) -> None:
        level, text = self.level, self.text
        x0 = PANEL.x + 30
        # Large text: the first line as tall as the text size makes it.
        if self.words is not None:  # an in-memory level has no chapter: what this table is
            # Large text: the first wording that holds one line nearly at its size (a shorter
            # one where the longer would get smaller), else the first that holds two so.
            words, tall = list(self.words), lines(24)
            if flows():
                fits = [(k, h) for h in (tall, 2 * tall) for k, w in enumerate(words)
                        if self._roomy(w, (ROOM, h))]
                first, tall = fits[0] if fits else (0, 2 * tall)
                words = words[first:]
            at = text.draw(surface, words[0], (x0, 12, ROOM, tall if flows() else 38),
                           24, False, MUTED, "midleft", shorter=tuple(words[1:]))
        else:
            top = _("Solution") if self.solution else \
                _("Chapter %(chapter)d  \u00b7  Level %(level)d") % {"chapter": level.chapter,
                                                                   "level": self.number}
            # Large text: on one line where it holds it nearly at its size, else on two.
            tall = lines(24) if self._roomy(top, (ROOM, lines(24))) else 2 * lines(24)
            at = text.draw(surface, top, (x0, 16, ROOM, tall if flows() else 36), 24, False,
                           MUTED)
        name_y = max(52, at.bottom + 4) if flows() else 52
        name = text.draw(surface, _(level.name), (x0, name_y, ROOM, 112), 42, True,
                         spacing=0.93)
        y = max(name.bottom, name_y + 54) + 8
        left = view.state.position.card_count()
        text.draw(surface, _("Cards left: %(n)d") % {"n": left}, (x0, y - 2, ROOM, 50), 34, True, GOLD)
        y += 46
        # Par said with what it is (issue 44); two lines where one does not hold it.
        par = text.draw(surface, par_words(level.par), (x0, y, ROOM, 80), 30)
        y = max(y + 48, par.bottom + 8)
        if level.target is not None and flows():
            y = self.large_target(surface, view, y)
        elif level.target is not None:
            # Beside the card, never under it.
            words = pygame.Rect(x0, y, 250, 46)
            text.draw(surface, _("Keep this one:"), words.move(0, 4), 28)
            view.field.card(surface, level.target.code, x0 + 280, y, TARGET_W)
            at = text.draw(surface, level.target.label, words.move(0, 48), 26, True)
            y = max(y + 118, at.bottom + 8)
        helps, end = self.places(view, y)
        if level.hint:
            box = pygame.Rect(PANEL.x + 16, y, 428, end - y)
            hint = fit.fit(self.assets, _(level.hint), (box.w - 32, box.h - 20), 24, PALE_HINT)
            box.h = hint.get_height() + 20
            pygame.draw.rect(surface, FELT_BOX, box, border_radius=16)
            fit.draw(surface, self.assets, _(level.hint), box.inflate(-32, -20), 24,
                     PALE_HINT, anchor="topleft")
        if flows() and not self.solution:
            for device, box in zip(DEVICES, helps, strict=False):  # none: they gave way
                fit.draw(surface, self.assets, self.controls.help_line(device, HELP), box, 21,
                         MUTED, anchor="topleft", floor=20)
        self.status(surface, view)

    def large_target(self, surface: pygame.Surface, view, y: int) -> int:
        """Large text: the card to keep at the panel's right, "Keep this one:" beside it (on
        two lines where one does not hold it at its size), the card's name across under both;
        returns where what follows begins."""
        x0, target = PANEL.x + 30, self.level.target
        card_x = x0 + ROOM - TARGET_W
        keep = _("Keep this one:")
        one = self._roomy(keep, (card_x - x0 - 20, lines(28)), 28)
        at = self.text.draw(surface, keep, (x0, y + 4, card_x - x0 - 20,
                                             lines(28) * (1 if one else 2)), 28)
        view.field.card(surface, target.code, card_x, y, TARGET_W)
        name_y = max(at.bottom, y + round(TARGET_W * CARD_RATIO)) + 8
        at = self.text.draw(surface, target.label, (x0, name_y, ROOM, 2 * lines(26)), 26, True)
        return at.bottom + 12

    def places(self, view, y: int) -> tuple[list, int]:
        """Where the help lines go and where the hint's room ends, under the goal at `y`: above
        the scare cycle (or the par line; with neither, a target level with par in reach, down
        to where they would be). Large text: the help lines in the cycle's room at the largest
        size down to HELP_LEAST that leaves the hint its room, else none: they give way to the
        level's words (the buttons beside them say Undo, Redo, Hint and Restart; the keys stay
        in Settings -> Controls and How to play), never drawn small."""
        level = self.level
        free = level.target is not None and (self.solution or view.reachable is not False)
        if not flows():
            return help_boxes(), CYCLE_Y + 240 if free else CYCLE_Y - 8
        if self.solution:  # no help lines
            return help_boxes(), HELP_END
        for size in range(looks.scaled(21), HELP_LEAST - 1, -2):
            helps = flowing_help(self.assets, self.controls, size)
            end = helps[0][1] - 8
            if end < y:
                continue
            if not level.hint or self._roomy(_(level.hint), (428 - 32, end - y - 20)):
                return helps, end
        return [], HELP_END

    def _roomy(self, words: str, box: tuple[int, int], size: int = 24) -> bool:
        """Whether `words` at `size` fit `box` nearly at the player's text size."""
        chosen = fit.choose(self.assets, words, box, size)
        return chosen.fits and chosen.size >= looks.scaled(size) * 9 // 10

    def status(self, surface: pygame.Surface, view) -> None:
        """Par out of reach, once the solver (or the end) has said so; the way back sits below."""
        if self.solution:
            return
        if view.reachable is False:
            area = pygame.Rect(PANEL.x + 6, CYCLE_Y - 4, PANEL.w - 6, 240)
            pygame.draw.rect(surface, FELT_PANEL, area)
            words = _("Par %(par)d is out of reach now") % {"par": self.level.par}
            if view.state.over:
                words = _("Par %(par)d was not reached") % {"par": self.level.par}
            self.text.draw(surface, words, (PANEL.x + 30, CYCLE_Y + 16, ROOM, 84), 30, True, BAD)
