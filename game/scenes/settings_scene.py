"""Settings: fullscreen, volume and mute, animation speed, colour symbols, computer pace."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import look
from game.ui.menu import MenuScene

SPEEDS = [(0.5, "Slow"), (1.0, "Normal"), (1.5, "Fast"), (2.5, "Very fast")]
PACES = [(1.8, "Relaxed"), (1.0, "Normal"), (0.5, "Quick"), (0.0, "Instant")]
LABEL_X, CONTROL_X, CONTROL_W, ROW_H = 420, 1000, 520, 84
TOP = 220


def _nearest(options: list[tuple[float, str]], value: float) -> int:
    return min(range(len(options)), key=lambda i: abs(options[i][0] - value))


class SettingsScene(MenuScene):
    heading = "Settings"
    ROWS = ("Full screen", "Volume", "Sound", "Animation speed", "Colour symbols on cards",
            "Computer players' pace")

    def _row(self, i: int) -> tuple[int, int, int, int]:
        return (CONTROL_X, TOP + i * (ROW_H + 24), CONTROL_W, ROW_H)

    def build(self) -> None:
        s = self.app.settings
        self.fullscreen = self.button(self._on_off(s.fullscreen), self._row(0),
                                      self._fullscreen, adjust=lambda d: self._fullscreen())
        x, y, w, h = self._row(1)
        self.volume = self.slider((x, y + 14, w, h - 28), s.volume, 0.0, 1.0, self._nudge_volume)
        self.mute = self.button("Muted" if s.muted else "On", self._row(2), self._mute,
                                adjust=lambda d: self._mute())
        self.speed = self.button(self._choice(SPEEDS, s.animation_speed), self._row(3),
                                 lambda: self._speed(1), adjust=self._speed)
        self.symbols = self.button(self._on_off(s.colour_symbols), self._row(4), self._symbols,
                                   adjust=lambda d: self._symbols())
        self.pace = self.button(self._choice(PACES, s.computer_pace), self._row(5),
                                lambda: self._pace(1), adjust=self._pace)
        self.button("Back", (960 - 200, TOP + 6 * (ROW_H + 24) + 30, 400, 88), self.back,
                    name="back")

    @staticmethod
    def _on_off(value: bool) -> str:
        return "On" if value else "Off"

    @staticmethod
    def _choice(options, value: float) -> str:
        return f"\u2039  {options[_nearest(options, value)][1]}  \u203a"

    # Changes are saved at once: the player never has to look for an Apply button.
    def _changed(self) -> None:
        self.app.settings.clamp()
        self.app.settings.save()
        self.dirty = True

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()  # saves the setting itself
        self.fullscreen.set_text(self._on_off(self.app.settings.fullscreen))
        self.dirty = True

    def _nudge_volume(self, step: int) -> None:
        s = self.app.settings
        s.volume = round(min(1.0, max(0.0, s.volume + 0.05 * step)), 2)
        self.volume.set_current_value(s.volume)
        self._changed()
        self.app.audio.play("select")

    def _mute(self) -> None:
        s = self.app.settings
        s.muted = not s.muted
        self.mute.set_text("Muted" if s.muted else "On")
        self._changed()

    def _speed(self, step: int) -> None:
        s = self.app.settings
        i = (_nearest(SPEEDS, s.animation_speed) + step) % len(SPEEDS)
        s.animation_speed = SPEEDS[i][0]
        self.speed.set_text(self._choice(SPEEDS, s.animation_speed))
        self._changed()

    def _symbols(self) -> None:
        s = self.app.settings
        s.colour_symbols = not s.colour_symbols
        self.app.assets.colour_symbols = s.colour_symbols
        self.symbols.set_text(self._on_off(s.colour_symbols))
        self._changed()

    def _pace(self, step: int) -> None:
        s = self.app.settings
        i = (_nearest(PACES, s.computer_pace) + step) % len(PACES)
        s.computer_pace = PACES[i][0]
        self.pace.set_text(self._choice(PACES, s.computer_pace))
        self._changed()

    def handle_more(self, event: pygame.event.Event, action) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            self.app.settings.volume = round(float(self.volume.get_current_value()), 2)
            self._changed()
            return True
        return False

    def resized(self) -> None:
        super().resized()
        if hasattr(self, "fullscreen") and self.fullscreen.alive():
            self.fullscreen.set_text(self._on_off(self.app.settings.fullscreen))

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        for i, name in enumerate(self.ROWS):
            _, y, _, h = self._row(i)
            label = look.text(assets, name, 44, look.CREAM, True, shadow=True)
            surface.blit(label, label.get_rect(midleft=(LABEL_X, y + h // 2)))
        vol = look.text(assets, f"{round(self.app.settings.volume * 100)}%", 40, look.CREAM)
        _, y, _, h = self._row(1)
        surface.blit(vol, vol.get_rect(midleft=(CONTROL_X + CONTROL_W + 30, y + h // 2)))
