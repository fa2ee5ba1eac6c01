"""Scoring: every task card revealed, the cards that earn points, totals, teams and winners."""

from __future__ import annotations

import pygame

from game.engine.scoring import earns, result
from game.engine.state import GameState, new_game
from game.render.field import FieldLayout, FieldRenderer
from game.scenes.handover import task_image
from game.scenes.statistics import statistics_of
from game.ui import look
from game.ui.menu import MenuScene

ROWS = pygame.Rect(760, 190, 1120, 720)
FIELD_AREA = pygame.Rect(20, 170, 720, 760)


def next_seed(seed: int | None) -> int:
    """A new deal for 'play again', derived from the last one so replays stay reproducible."""
    return ((seed or 0) * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFF


class ScoringScene(MenuScene):
    def __init__(self, app, state: GameState) -> None:
        super().__init__(app)
        self.state = state
        self.result = result(state)
        statistics_of(app).record_match(state)
        self.selected = self.result.winners[0] if self.result.winners else 0
        self.heading = self._headline()

    def _headline(self) -> str:
        players, res = self.state.players, self.result
        names = [players[i].name for i in res.winners]
        if res.team_totals:
            teams = sorted({players[i].team for i in res.winners})
            if len(teams) > 1:
                return "A tie: " + " and ".join(f"Team {t + 1}" for t in teams) + " share it!"
            return f"Team {teams[0] + 1} wins: {' & '.join(names)}!"
        if len(names) > 1:
            return f"A tie: {', '.join(names[:-1])} and {names[-1]} share the victory!"
        return f"{names[0]} wins!"

    def enter(self) -> None:
        super().enter()
        pos = self.state.position
        self.field = FieldRenderer(self.app.assets, FieldLayout(pos.width, pos.height, FIELD_AREA,
                                                                gap=8))
        self.app.audio.play("win")

    def build(self) -> None:
        n = len(self.state.players)
        self.row_h = min(150, ROWS.h // n)
        self.row_buttons = []
        for i, player in enumerate(self.state.players):
            rect = (ROWS.x, ROWS.y + i * self.row_h + 4, 250, self.row_h - 8)
            label = player.name if len(player.name) <= 12 else player.name[:11] + "."
            b = self.button(label, rect, lambda i=i: self._select(i), name=f"row{i}")
            self.row_buttons.append(b)
        y = 960
        self.button("Play again", (ROWS.x + 60, y, 440, 92), self.play_again, name="again")
        self.button("Menu", (ROWS.x + 560, y, 440, 92), self.app.go_to_menu, name="menu")
        self.ring.index = n  # start on Play again

    def _select(self, i: int) -> None:
        self.selected = i
        self.dirty = True

    def play_again(self) -> None:
        from game.scenes.play import PlayScene
        s = self.state
        names = [p.name for p in s.players]
        bots = [p.bot for p in s.players]
        state = new_game(s.mode, names, next_seed(s.seed), None, bots)
        self.app.replace(PlayScene(self.app, state))

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
        for i, player in enumerate(players):
            y = ROWS.y + i * self.row_h
            row = pygame.Rect(ROWS.x - 10, y, ROWS.w + 10, self.row_h - 2)
            if i == self.selected:
                pygame.draw.rect(surface, (255, 214, 90), row, 5, border_radius=16)
            elif i in res.winners:
                pygame.draw.rect(surface, (250, 243, 224), row, 2, border_radius=16)
            x = ROWS.x + 270
            for task in player.tasks:
                surface.blit(assets.card_image(task_image(task), card_w), (x, y + 6))
                x += card_w + 10
            score = res.scores[i]
            mid = y + self.row_h // 2
            parts = []
            if player.colour_task is not None:
                parts.append(f"colour {score.colour_points}")
            if player.animal_task is not None:
                parts.append(f"animal {score.animal_points}")
            detail = look.text(assets, "  +  ".join(parts), 30, look.CREAM)
            surface.blit(detail, detail.get_rect(midleft=(ROWS.x + 500, mid)))
            total = look.text(assets, str(score.total), 56, look.GOLD, True, shadow=True)
            surface.blit(total, total.get_rect(midright=(ROWS.right - 130, mid)))
            if player.team is not None:
                team = look.text(assets, f"Team {player.team + 1}", 26, look.CREAM)
                surface.blit(team, team.get_rect(midright=(ROWS.right - 10, mid - 16)))
            if i in res.winners:
                win = look.text(assets, "WINNER", 26, look.GOLD, True)
                surface.blit(win, win.get_rect(midright=(ROWS.right - 10, mid + 16)))
        if res.team_totals:
            text = "   ".join(f"Team {t + 1}: {v}" for t, v in sorted(res.team_totals.items()))
            img = look.text(assets, "Team totals  " + text, 34, look.GOLD, True)
            surface.blit(img, img.get_rect(midtop=(ROWS.centerx, ROWS.y + len(players) * self.row_h
                                                   + 6)))

    def _draw_field(self, surface: pygame.Surface) -> None:
        lay = self.field.layout
        frame = lay.rect.inflate(30, 30)
        pygame.draw.rect(surface, (20, 70, 46), frame, border_radius=18)
        player = self.state.players[self.selected]
        self.field.cards(surface, self.state.position)
        for x, y, card in self.state.position.occupied():
            if not earns(player, card):
                self.field.dim(surface, (x, y))
                self.field.dim(surface, (x, y))
        note = look.text(self.app.assets, f"Cards that earn {player.name} points are bright",
                         28, look.CREAM)
        surface.blit(note, note.get_rect(midtop=(frame.centerx, frame.bottom + 10)))
