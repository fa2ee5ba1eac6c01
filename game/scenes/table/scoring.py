"""Scoring: every task card revealed, the cards that earn points, totals, teams and winners."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.rng import next_seed
from game.engine.scoring import earns, result
from game.engine.state import GameState, new_game
from game.i18n import _
from game.match import computer_name, score_lines, team_letter, team_name
from game.render import fit, looks
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import CREAM, FELT_FRAME, GOLD
from game.scenes.menu import MenuScene, fit_label
from game.scenes.registry import screen
from game.ui import look
from game.ui.task_cards import task_image

ROWS = pygame.Rect(760, 190, 1120, 720)
FIELD_AREA = pygame.Rect(20, 170, 720, 760)
BUTTONS_Y = 960  # the top of the buttons under the rows and the field
LABEL_MAX = 300  # the widest a row's team or WINNER label may be


class ScoringScene(MenuScene):
    """The scores of a finished couch game (kept by the session at its last move); `again`
    puts a new deal for the same seats on the table."""

    waits_for_choice = True  # the key that showed the scores (or came just after) deals nothing

    def __init__(self, app, state: GameState, again: Callable[[GameState], None], *,
                 record=None) -> None:
        super().__init__(app)
        self.record = record  # the game's record, for its review (None: no review offered)
        self.state = state
        self.again = again
        self.result = result(state)
        self.selected = self.result.winners[0] if self.result.winners else 0

    @property
    def heading(self) -> str:
        """Built when drawn, so it follows a language switch."""
        return self._headline()

    def _headline(self) -> str:
        players, res = self.state.players, self.result
        names = [players[i].name for i in res.winners]
        if res.team_totals:
            teams = sorted({players[i].team for i in res.winners})
            if len(teams) > 1:
                labels = [team_name(t) for t in teams]
                return _("A tie: %(teams)s and %(last)s share it!") % {
                    "teams": ", ".join(labels[:-1]), "last": labels[-1]}
            return _("Team %(letter)s wins: %(names)s!") % {"letter": team_letter(teams[0]),
                                                         "names": " & ".join(names)}
        if len(names) > 1:
            return _("A tie: %(names)s and %(last)s share the victory!") % {
                "names": ", ".join(names[:-1]), "last": names[-1]}
        return _("%(name)s wins!") % {"name": names[0]}

    def enter(self) -> None:
        super().enter()
        pos = self.state.position
        self.field = FieldRenderer(self.app.assets, FieldLayout(pos.width, pos.height, FIELD_AREA,
                                                                gap=8))
        self.app.audio.play("win")

    def spoken_lines(self) -> list[str]:
        return score_lines(self.state, self.result)  # each player's points, after the winner

    def build(self) -> None:
        n = len(self.state.players)
        self.row_h = min(150, ROWS.h // n)
        self.row_buttons = []
        for i, player in enumerate(self.state.players):
            rect = (ROWS.x, ROWS.y + i * self.row_h + 4, 250, self.row_h - 8)
            b = self.button(player.name, rect, lambda i=i: self._select(i), name=f"row{i}",
                            shorter=self.shorter_names(i))
            self.row_buttons.append(b)
        # Once one computer's own name needs its short form, every computer still named so
        # takes it: the rows never call one "Computer 1 (hard)" and the next "Computer 2".
        named = [i for i in range(n) if self._computer_named(i)]
        if any(self.row_buttons[i].text != self.state.players[i].name for i in named):
            for i in named:
                fit_label(self.row_buttons[i], self.shorter_names(i))
        self.bottom_buttons(BUTTONS_Y)
        self.ring.index = n  # start on Play again

    def bottom_buttons(self, y: int) -> None:
        """What comes next (the guided game offers its own: game/scenes/learn/lesson_end.py)."""
        self.button(_("Play again"), (ROWS.x + 60, y, 440, 92), self.play_again, name="again")
        self.button(_("Menu"), (ROWS.x + 560, y, 440, 92), self.app.go_to_menu, name="menu")
        if self.record is not None:
            self.button(_("Review the game"), (FIELD_AREA.centerx - 220, y, 440, 92),
                        self.review, name="review")

    def _computer_number(self, i: int) -> int:
        """Which computer seat `i` is, counting the computers in seating order from 1."""
        return sum(1 for p in self.state.players[:i + 1] if p.bot)

    def _computer_named(self, i: int) -> bool:
        """Whether seat `i` is a computer with the name it was given ('Computer 2 (expert)')."""
        player = self.state.players[i]
        return bool(player.bot) and player.name == computer_name(self._computer_number(i),
                                                                 player.bot)

    def shorter_names(self, i: int) -> tuple[str, ...]:
        """A long name on its row's button: its first word, then its seat ('Computer 2')."""
        player = self.state.players[i]
        if player.bot:
            return (_("Computer %(n)d") % {"n": self._computer_number(i)},)
        return (player.name.split()[0] if player.name.split() else "",
                _("Player %(n)d") % {"n": i + 1})

    def review(self) -> None:
        self.app.push(screen("review").after_game(self.app, self.record))

    def _select(self, i: int) -> None:
        self.selected = i
        self.dirty = True

    def play_again(self) -> None:
        s = self.state
        names = [p.name for p in s.players]
        bots = [p.bot for p in s.players]
        self.again(new_game(s.mode, names, next_seed(s.seed), None, bots))

    def update(self, dt: float) -> None:
        item = self.ring.focused
        if item is not None and item.element in self.row_buttons:
            i = self.row_buttons.index(item.element)
            if i != self.selected:
                self._select(i)

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        self._draw_field(surface)
        players, res = self.state.players, self.result
        card_w = max(44, min(96, int((self.row_h - 14) / 1.4)))
        # The team and WINNER labels sit at the right; every total keeps clear of the widest
        # one, so the totals stand in one column (ZWYCIĘZCA is longer than WINNER).
        labels = [_("WINNER")] + [team_name(p.team) for p in players
                                  if p.team is not None]
        # At a large text size they are as large as the row lets them be (up to the player's
        # text size), the words beside them no wider than the room left.
        large = looks.large()
        font = assets.font(looks.scaled(26) if large else 26, True)
        room = min(LABEL_MAX, max([110] + [font.size(t)[0] for t in labels]))
        for i, player in enumerate(players):
            y = ROWS.y + i * self.row_h
            row = pygame.Rect(ROWS.x - 10, y, ROWS.w + 10, self.row_h - 2)
            if i == self.selected:
                pygame.draw.rect(surface, GOLD, row, 5, border_radius=16)
            elif i in res.winners:
                pygame.draw.rect(surface, CREAM, row, 2, border_radius=16)
            x = ROWS.x + 270
            for task in player.tasks:
                surface.blit(assets.card_image(task_image(task), card_w), (x, y + 6))
                x += card_w + 10
            score = res.scores[i]
            mid = y + self.row_h // 2
            parts = []
            if player.colour_task is not None:
                parts.append(_("colour %(n)d") % {"n": score.colour_points})
            if player.animal_task is not None:
                parts.append(_("animal %(n)d") % {"n": score.animal_points})
            side = pygame.Rect(ROWS.right - 10 - room, y, room, self.row_h - 2)
            detail = look.fitted(assets, "  +  ".join(parts), 30,
                                 min(300, side.x - 140 - (ROWS.x + 500)), look.CREAM)
            surface.blit(detail, detail.get_rect(midleft=(ROWS.x + 500, mid)))
            if large:  # the team above, WINNER below: each in half the row
                team = side.inflate(0, -8)
                team.h //= 2
                winner = team.move(0, team.h) if player.team is not None else side
                if player.team is not None:
                    look.put(surface, assets, team_name(player.team), team, 26,
                             anchor="midright")
                if i in res.winners:
                    look.put(surface, assets, _("WINNER"), winner, 26, look.GOLD, True,
                             anchor="midright")
            else:
                if player.team is not None:
                    look.put(surface, assets, team_name(player.team),
                             side.move(0, -16), 26, anchor="midright")
                if i in res.winners:
                    look.put(surface, assets, _("WINNER"), side.move(0, 16)
                             if player.team is not None else side, 26, look.GOLD, True,
                             anchor="midright")
            look.put(surface, assets, str(score.total), (side.x - 130, y, 120, self.row_h - 2), 56,
                     look.GOLD, True, shadow=True, anchor="midright")
        if res.team_totals:
            text = "   ".join(_("Team %(letter)s: %(points)d") % {"letter": team_letter(t), "points": v}
                               for t, v in sorted(res.team_totals.items()))
            look.put(surface, assets, _("Team totals  %(totals)s") % {"totals": text},
                     (ROWS.x, ROWS.y + len(players) * self.row_h + 6, ROWS.w, 50), 34, look.GOLD,
                     True, anchor="midtop")

    def _draw_field(self, surface: pygame.Surface) -> None:
        lay = self.field.layout
        frame = lay.rect.inflate(30, 30)
        pygame.draw.rect(surface, FELT_FRAME, frame, border_radius=18)
        player = self.state.players[self.selected]
        self.field.cards(surface, self.state.position)
        for x, y, card in self.state.position.occupied():
            if not earns(player, card):
                self.field.dim(surface, (x, y))
                self.field.dim(surface, (x, y))
        words = _("Cards that earn %(name)s points are bright") % {"name": player.name}
        if looks.large():  # up to three lines at the player's text size, above the buttons
            font = self.app.assets.font(looks.scaled(28))
            top = frame.bottom + 10
            box = pygame.Rect(FIELD_AREA.x, top, FIELD_AREA.w,
                              min(2 * font.get_linesize() + font.get_height(),
                                  BUTTONS_Y - 10 - top))
            fit.draw(surface, self.app.assets, words, box, 28, look.CREAM, anchor="midtop")
            return
        note = look.fitted(self.app.assets, words, 28, FIELD_AREA.w, look.CREAM)
        place = note.get_rect(midtop=(frame.centerx, frame.bottom + 10))
        # Under the field, but never past the field's side of the screen: a narrow field (its
        # columns closed up) is not centred in it, and a long name would reach the rows.
        place.x = max(FIELD_AREA.x, min(place.x, FIELD_AREA.right - place.w))
        surface.blit(note, place)
