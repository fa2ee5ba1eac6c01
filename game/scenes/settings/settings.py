"""Settings: language, fullscreen, music, effects and speech volumes, mute, animation speed, colour
symbols, computer pace; the way to the accessibility settings."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.i18n import N_, _, format_percent, pgettext
from game.render import fit
from game.scenes.menu import MenuScene, arrows
from game.scenes.message import MessageScene
from game.scenes.registry import open_screen
from game.ui import look
from game.ui.language import switch_language

SPEEDS = [(0.5, N_("Slow")), (1.0, N_("Normal")), (1.5, N_("Fast")), (2.5, N_("Very fast"))]
PACES = [(1.8, N_("Relaxed")), (1.0, N_("Normal")), (0.5, N_("Quick")), (0.0, N_("Instant"))]
LABEL_X, CONTROL_X, CONTROL_W, ROW_H, ROW_GAP = 380, 1000, 520, 64, 12
LABEL_W = CONTROL_X - LABEL_X - 30  # a long label shrinks to this, never runs into its control
TOP = 196
# The three volumes: (setting, the slider's row); the effects one answers with a sound.
VOLUMES = (("music_volume", 2), ("effects_volume", 3), ("speech_volume", 4))


def _nearest(options: list[tuple[float, str]], value: float) -> int:
    return min(range(len(options)), key=lambda i: abs(options[i][0] - value))


def on_off(value: bool) -> str:
    """A switch's words."""
    return pgettext("switch", "On") if value else pgettext("switch", "Off")


def _sound(muted: bool) -> str:
    return _("Muted") if muted else pgettext("sound", "On")


def _choice(options, value: float) -> str:
    return _(options[_nearest(options, value)][1])


class SettingsScene(MenuScene):
    heading = N_("Settings")
    ROWS = (N_("Language"), N_("Full screen"), N_("Music"), N_("Sound effects"), N_("Speech"),
            N_("Sound"), N_("Animation speed"), N_("Colour symbols on cards"),
            N_("Computer players' pace"))

    def _row(self, i: int) -> tuple[int, int, int, int]:
        return (CONTROL_X, TOP + i * (ROW_H + ROW_GAP), CONTROL_W, ROW_H)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.fullscreen: pygame_gui.elements.UIButton | None = None  # made by build()

    def build(self) -> None:
        s = self.app.settings
        row = self.row_label
        self.language = self.selector(i18n.LANGUAGES[i18n.current()].name, self._row(0),
                                      self._language, name="language", label=row(0))
        self.fullscreen = self.button(on_off(self._full_screen()), self._row(1),
                                      self._fullscreen,
                                      adjust=lambda d: self._fullscreen(),
                                      enabled=not self.app.kiosk, label=row(1))
        self.sliders = {}
        for name, i in VOLUMES:
            x, y, w, h = self._row(i)
            self.sliders[name] = self.slider((x, y + 10, w, h - 20), getattr(s, name), 0.0, 1.0,
                                             lambda step, name=name: self._nudge(name, step),
                                             label=row(i))
        self.effects = self.sliders["effects_volume"]
        self.mute = self.button(_sound(s.muted), self._row(5), self._mute,
                                adjust=lambda d: self._mute(), label=row(5))
        self.speed = self.selector(_choice(SPEEDS, s.animation_speed), self._row(6),
                                   self._speed, label=row(6))
        self.symbols = self.button(on_off(s.colour_symbols), self._row(7), self._symbols,
                                   adjust=lambda d: self._symbols(), label=row(7))
        self.pace = self.selector(_choice(PACES, s.computer_pace), self._row(8), self._pace,
                                  label=row(8))
        y = TOP + 9 * (ROW_H + ROW_GAP) + 16
        self.button(_("Accessibility"), (960 - 610, y, 400, 80), lambda: open_screen(self.app, "access"),
                    name="accessibility")
        self.button(_("Help"), (960 - 190, y, 380, 80), lambda: open_screen(self.app, "help"),
                    name="help")
        self.button(_("Back"), (960 + 210, y, 400, 80), self.back, name="back")

    def row_label(self, i: int) -> str:
        """Row `i`'s name, said before its control's value ("Music: 80 %")."""
        return _(self.ROWS[i])

    def _full_screen(self) -> bool:
        """A kiosk is full screen whatever the setting says (and stays so)."""
        return pygame.display.is_fullscreen() if self.app.kiosk else self.app.settings.fullscreen

    def _language(self, step: int) -> None:
        """The next language, on every screen at once; the choice is kept for the next start."""
        codes = list(i18n.LANGUAGES)
        code = codes[(codes.index(i18n.current()) + step) % len(codes)]
        self.app.settings.language = code
        self._changed()
        notice = switch_language(self.app, code)  # rebuilds this scene's widgets too
        if notice:
            self.app.push(MessageScene(self.app, notice))

    # Changes are saved at once: the player never has to look for an Apply button. At a kiosk
    # they last for this visit only (game/kiosk.py puts the operator's back).
    def _changed(self) -> None:
        self.app.settings.clamp()
        if not self.app.kiosk:
            self.app.settings.save()
        self.dirty = True

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()  # saves the setting itself
        self.fullscreen.set_text(on_off(self.app.settings.fullscreen))
        self.dirty = True

    def _nudge(self, name: str, step: int) -> None:
        s = self.app.settings
        setattr(s, name, round(min(1.0, max(0.0, getattr(s, name) + 0.05 * step)), 2))
        self.sliders[name].set_current_value(getattr(s, name))
        self._volume_changed(name)

    def _volume_changed(self, name: str) -> None:
        self._changed()
        self.app.audio.volumes_changed()
        if name == "effects_volume":
            self.app.audio.play("select")  # the speech volume is heard in its own words

    def _mute(self) -> None:
        s = self.app.settings
        s.muted = not s.muted
        self.mute.set_text(_sound(s.muted))
        self._changed()

    def _speed(self, step: int) -> None:
        s = self.app.settings
        i = (_nearest(SPEEDS, s.animation_speed) + step) % len(SPEEDS)
        s.animation_speed = SPEEDS[i][0]
        self.speed.set_text(arrows(_choice(SPEEDS, s.animation_speed)))
        self._changed()

    def _symbols(self) -> None:
        s = self.app.settings
        s.colour_symbols = not s.colour_symbols
        self.app.assets.colour_symbols = s.colour_symbols
        self.symbols.set_text(on_off(s.colour_symbols))
        self._changed()

    def _pace(self, step: int) -> None:
        s = self.app.settings
        i = (_nearest(PACES, s.computer_pace) + step) % len(PACES)
        s.computer_pace = PACES[i][0]
        self.pace.set_text(arrows(_choice(PACES, s.computer_pace)))
        self._changed()

    def handle_more(self, event: pygame.event.Event, action) -> bool:
        for name, slider in self.sliders.items():
            if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is slider:
                setattr(self.app.settings, name, round(float(slider.get_current_value()), 2))
                self._volume_changed(name)
                return True
        return False

    def resized(self) -> None:
        super().resized()
        if self.fullscreen is not None and self.fullscreen.alive():
            self.fullscreen.set_text(on_off(self._full_screen()))

    def draw_labels(self, surface: pygame.Surface) -> None:
        """Each row's name, left of its control."""
        for i, name in enumerate(self.ROWS):
            y, h = self._row(i)[1::2]
            label = look.fitted(self.app.assets, _(name), 44, LABEL_W, look.CREAM, True,
                                shadow=True)
            surface.blit(label, label.get_rect(midleft=(LABEL_X, y + h // 2)))

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        self.draw_labels(surface)
        if self.app.kiosk:
            fit.draw(surface, assets, _("At this kiosk, what you change here lasts for your "
                                        "visit only."), pygame.Rect(200, 992, 1520, 64), 34,
                     look.CREAM)
        for name, row in VOLUMES:
            y, h = self._row(row)[1::2]
            look.put(surface, assets, format_percent(round(getattr(self.app.settings, name) * 100)),
                     (CONTROL_X + CONTROL_W + 30, y, 1890 - CONTROL_X - CONTROL_W - 30, h), 40,
                     anchor="midleft")
