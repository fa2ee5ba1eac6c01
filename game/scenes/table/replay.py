"""A kept game played back on the table: step forward and back, pause, speed; task cards shown.

The replay is a configuration of the table: its Match's seats play the record's moves (a
scripted line) and a ReplayTable kind gives the panel, the keys and the pace.
"""

from __future__ import annotations

import pygame

from game.controls import KeyedLine
from game.engine.scoring import result, solo_title, target_met
from game.i18n import N_, _, format_number, ngettext, pgettext
from game.input import Action
from game.match import Record, occasion_of, replay_match
from game.render import looks
from game.render.assets import CARD_RATIO
from game.render.palette import FELT_PANEL, GOLD, MUTED, PALE_BRIGHT, WOOD, seat_colour
from game.render.widgets import Button
from game.scenes.table.commands import Before, KindCommand, Reply
from game.scenes.table.flow import GAP, flows, lines
from game.scenes.table.kind import TableKind
from game.scenes.table.panel import FLOW_END, LAST_WORDS, ROOM, draw_last_words
from game.scenes.table.play import PANEL, SKIP_INPUT, PlayScene, table_scene
from game.scenes.table.section import Section
from game.ui.task_cards import task_image

SPEEDS = (0.5, 1.0, 2.0, 4.0)
END_HOW = KeyedLine(
    "replay",
    # TRANSLATORS: %(left)s and %(back)s are keys or gamepad buttons ("Left", "Esc").
    keys=N_("The end of the game: %(left)s goes back, %(back)s closes"),
    # TRANSLATORS: "<" and "Close" are the replay's buttons.
    mouse=N_("The end of the game: \u201c<\u201d goes back, \u201cClose\u201d closes"))
PAUSED_HOW = KeyedLine(
    "replay",
    # TRANSLATORS: %(left)s, %(right)s and %(select)s are keys or gamepad buttons ("Left",
    # "Right", "Enter"); %(move)s is "Move 3 of 20".
    keys=N_("%(move)s \u2014 paused: %(left)s and %(right)s step, %(select)s plays"),
    # TRANSLATORS: "<", ">" and "Play" are the replay's buttons; %(move)s is "Move 3 of 20".
    mouse=N_("%(move)s \u2014 paused: \u201c<\u201d and \u201c>\u201d step, \u201cPlay\u201d plays"))


class ReplayTable(TableKind):
    """The replay's panel and keys; the player steers the pointer of the table's Match."""

    hold_end = True  # the last field stays for the player to look at

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record
        self.paused = False
        self.speed_index = 1

    picks = False  # the field shows the record's moves: the mouse only works the buttons

    # Building ---------------------------------------------------------------------------
    def build(self, buttons, app, solo: bool) -> None:
        assets = app.assets
        x = PANEL.x + 20
        # Large text: Pause / Play wider and taller between narrower arrows, its word as
        # large as the text size makes it ("Přehrát", "Odtwórz").
        backs, plays, forwards = ((pygame.Rect(x, 872, 90, 84), pygame.Rect(x + 100, 872, 220, 84),
                                   pygame.Rect(x + 330, 872, 90, 84)) if flows() else
                                  (pygame.Rect(x, 880, 130, 76), pygame.Rect(x + 145, 880, 130, 76),
                                   pygame.Rect(x + 290, 880, 130, 76)))
        self.btn_back = Button(assets, backs, "<", 40)
        self.btn_play = Button(assets, plays, _("Pause"), 28,
                               on_label=pgettext("replay button: play the recording", "Play"))
        self.btn_forward = Button(assets, forwards, ">", 40)
        self.btn_slower = Button(assets, pygame.Rect(x, 968, 100, 84), "\u2212", 40)  # a minus sign
        self.btn_faster = Button(assets, pygame.Rect(x + 110, 968, 100, 84), "+", 40)
        self.btn_close = Button(assets, pygame.Rect(x + 220, 968, 200, 84), _("Close"), 30)
        for button, command in ((self.btn_back, "back"), (self.btn_play, "play"),
                                (self.btn_forward, "forward"), (self.btn_slower, "slower"),
                                (self.btn_faster, "faster"), (self.btn_close, "close")):
            buttons.add(None, button, command)

    def make_panel(self, app, text) -> Section:
        return ReplayPanel(app.assets, text, self)

    def pace(self, settings) -> float:
        # At Instant pace a replay would be over at once: it keeps a pace one can follow.
        return (settings.computer_pace or 0.5) / SPEEDS[self.speed_index]

    # Steering ---------------------------------------------------------------------------
    def commands(self) -> dict[str, KindCommand | str]:
        return {"back": KindCommand(self.step_back, Before.END),
                "forward": KindCommand(self.step_forward, Before.END),
                "play": KindCommand(self.toggle_pause),
                "slower": KindCommand(lambda app, session: self.set_speed(self.speed_index - 1)),
                "faster": KindCommand(lambda app, session: self.set_speed(self.speed_index + 1)),
                "close": KindCommand(self.close),
                "restart": KindCommand(lambda app, session: Reply(beats=tuple(session.jump(0))))}

    def step_forward(self, app, session) -> Reply:
        return step(session.step_forward(), _("This is the end of the game"))

    def step_back(self, app, session) -> Reply:
        return step(session.step_back(), _("This is the start of the game"))

    def toggle_pause(self, app, session) -> None:
        self.paused = not self.paused
        session.hold(self.paused)

    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def set_speed(self, index: int) -> Reply:
        self.speed_index = max(0, min(index, len(SPEEDS) - 1))
        speed = "\u00d7" + format_number(SPEEDS[self.speed_index])
        return Reply(words=_("Speed: %(speed)s") % {"speed": speed}, seconds=1.5)

    def close(self, app, session) -> None:
        session.close()
        app.pop()

    def finished(self, app, session, state, finish) -> None:
        """The last field stays (hold_end): the player closes the replay."""

    # Input ------------------------------------------------------------------------------
    def handle(self, event, view, keys) -> bool | str:
        speed = keys.controls.action(event, "replay")
        if speed in ("slower", "faster"):
            return speed
        action = keys.action(event)
        if action is None:
            return event.type in SKIP_INPUT
        return {Action.LEFT: "back", Action.RIGHT: "forward", Action.SELECT: "play",
                Action.TOGGLE: "play", Action.UP: "faster", Action.DOWN: "slower",
                Action.BACK: "close", Action.PAUSE: "close"}[action]

    # Words and drawing ------------------------------------------------------------------
    def hint(self, view) -> str:
        total = len(self.record.moves)
        shown = view.ply  # the moves on the field; the panel describes the last of them
        if shown >= total and not view.animating:
            return END_HOW.words(view.controls, view.device)
        if shown == 0:
            words = ngettext("The start: %(total)d move to come", "The start: %(total)d moves to come",
                             total) % {"total": total}
        else:
            words = _("Move %(n)d of %(total)d") % {"n": shown, "total": total}
        if self.paused:
            return PAUSED_HOW.words(view.controls, view.device, move=words)
        return words

    def panel_words(self) -> tuple:
        return (self.paused, self.speed_index)

    def sync(self, view, buttons) -> None:
        self.btn_play.on = self.paused


class ReplayPanel(Section):
    """The replay's side panel: the game's seats with their task cards, how it ended, the
    last move and the speed (the replay kind's, `replay`)."""

    rect = PANEL
    cached = True

    def __init__(self, assets, text, replay: ReplayTable) -> None:
        self.assets, self.text, self.replay = assets, text, replay

    def paint(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, FELT_PANEL, PANEL)
        pygame.draw.line(surf, WOOD, PANEL.topleft, PANEL.bottomleft, 6)

    def draw(self, surface: pygame.Surface, view) -> None:
        text, record = self.text, self.replay.record
        x0 = PANEL.x + 30
        text.draw(surface, _("Replay"), (x0, 20, ROOM, 60), 44, True)
        players = len(record.seats)
        about = occasion_of(record).replay_about(record)
        # Large text: the game's line as tall as the text size makes it, the seats under it.
        # (as wide as the panel's edge allows: "Gra standardowa," on one line at 200 %).
        about_h = 2 * lines(26) if flows() else 40
        about_w = PANEL.right - 20 - x0 if flows() else ROOM
        text.draw(surface, about, (x0, 80, about_w, about_h), 26, False, MUTED)
        y = 80 + about_h + 10
        state = view.state
        # Large text: the seats closer with smaller task cards, the last move the room; with
        # many seats as close as keeps the speed and two lines of the last move in the room.
        reserve = lines(24) + 3 * lines(22) + 3 * GAP
        step = max(44, min(66, (FLOW_END - y - reserve) // max(1, players))) if flows() \
            else min(110, 600 // max(1, players))
        for seat, player in enumerate(state.players):
            turn = seat == state.turn and not state.over and players > 1
            pygame.draw.circle(surface, seat_colour(seat, player.team) if players > 1 else GOLD,
                               (x0 + 10, y + 18), 8)
            mark = "  <" if turn else ""
            first = (player.name.split() or [player.name])[0]  # a long name: its first word
            surface.blit(text.fitted(player.name + mark, 28, 210, turn,
                                     GOLD if turn else PALE_BRIGHT, (first + mark,)),
                         (x0 + 30, y))
            w = min(44, round((step - 4) / CARD_RATIO)) if flows() else min(64, step - 40)
            for i, task in enumerate(player.tasks):  # the game is over: task cards shown
                surface.blit(self.assets.card_image(task_image(task), w),
                             (x0 + 250 + i * (w + 10), y))
            y += step
        if state.target is not None:
            keep_h = max(98, 2 * lines(26)) if flows() else 98
            text.draw(surface, _("Keep this one:"), (x0, y, 260, keep_h), 26, anchor="midleft")
            view.field.card(surface, state.target.code, x0 + 270, y, 70)
            y += keep_h + 12
        speed = _("Speed \u00d7%(speed)s") % {"speed": format_number(SPEEDS[self.replay.speed_index])}
        if not flows():
            if state.over:  # the end is on the field: how it ended, with the scores
                top = max(y, 570)
                end = text.draw(surface, ending_words(state), (x0, top, ROOM, 62), 24, True, GOLD)
                text.draw(surface, scores_words(state), (x0, end.bottom + 6, ROOM,
                                                         LAST_WORDS.y - 48 - end.bottom - 6), 22,
                          False, MUTED)
            draw_last_words(view, text, surface)
            text.draw(surface, speed, (x0, LAST_WORDS.y - 44, ROOM, 36), 24, False, MUTED)
            return
        # Large text: how it ended and the scores, the speed, then the last move in the room
        # left, one under the other, each as tall as the text size makes it.
        if state.over:
            y = text.draw(surface, ending_words(state), (x0, y, ROOM, 2 * lines(24)), 24, True,
                          GOLD, "topleft").bottom + 6
            if scores_words(state):
                y = text.draw(surface, scores_words(state), (x0, y, ROOM, 2 * lines(22)), 22,
                              False, MUTED, "topleft").bottom
        # The speed beside the title where both fit at their size (the last move's room).
        title_w = self.assets.font(44, True).size(_("Replay"))[0]
        if title_w + 20 + self.assets.font(looks.scaled(24)).size(speed)[0] <= ROOM:
            text.draw(surface, speed, (x0, 20, ROOM, lines(24)), 24, False, MUTED, "topright")
        else:
            y = text.draw(surface, speed, (x0, y + GAP, ROOM, lines(24)), 24, False, MUTED,
                          "topleft").bottom
        draw_last_words(view, text, surface, y + GAP)

def replay_scene(app, record: Record) -> PlayScene:
    """A record's moves on the table, steered by a ReplayTable; nothing is saved or kept."""
    match = replay_match(record)
    return table_scene(app, match, keep=False, kind=ReplayTable(record))


def ending_words(final) -> str:
    """How a game ended, in words: the winner, or the cards left and the title."""
    if len(final.players) <= 1:
        count = final.position.card_count()
        left = ngettext("%(n)d card left", "%(n)d cards left", count) % {"n": count}
        title = solo_title(final)
        if not target_met(final):  # an advanced deal's target card was scared away
            return _("%(left)s: target missed") % {"left": left}
        return _("%(left)s: %(title)s") % {"left": left, "title": _(title)} if title else left
    names, count = winner_names(final)
    return ngettext("Winner: %(names)s", "Winners: %(names)s", count) % {"names": names}


def winner_names(final) -> tuple[str, int]:
    """The winners of a multiplayer game as one text ("Anna & Ben"), and how many they are."""
    winners = result(final).winners
    return " & ".join(final.players[i].name for i in winners), len(winners)


def scores_words(final) -> str:
    """Each seat's points at the end of a multiplayer game (empty for a solo game)."""
    if len(final.players) <= 1:
        return ""
    return ", ".join(_("%(name)s %(points)d") % {"name": p.name, "points": s.total}
                     for p, s in zip(final.players, result(final).scores, strict=True))


def step(said: list | None, at_edge: str) -> Reply:
    """One step of the replay's pointer (the beats the session `said`), or the words for the
    edge of the game it is already at (None said)."""
    return Reply(words=at_edge) if said is None else Reply(beats=tuple(said))
