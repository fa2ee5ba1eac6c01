"""The application: display, fixed-timestep loop, global keys, and the scene stack it owns."""

from __future__ import annotations

import os
import sys
import traceback
import warnings

import pygame

from game.scenes.stack import SceneStack

LOGICAL_SIZE = (1920, 1080)  # everything is drawn at this size; SDL scales it to the window
TICK = 1 / 60  # logic runs at 60 Hz
MAX_FRAME = 0.25  # clamp: after a long stall, do not try to catch up more than this
IDLE_FPS = 20  # frame rate while nothing on screen changes
ACTIVE_FPS = 60


class NoDisplay(RuntimeError):
    """There is no screen to open a window on."""


class App:
    """Owns the window, the UI manager, assets, settings, input and the scene stack."""

    def __init__(self, *, frames: int | None = None, kiosk: bool = False, idle: float = 90.0,
                 windowed: bool = False) -> None:
        self.frames = frames  # None = real time; N = run N ticks on a virtual clock, then exit
        self.kiosk = kiosk
        self.idle_timeout = idle
        self.running = True
        self.now = 0.0  # logic time in seconds, advanced by fixed ticks (the virtual clock)
        self.ticks = 0
        self.stack = SceneStack()
        self.errors = 0
        _init_pygame()
        from game.settings import Settings
        self.settings, self.notice = Settings.load()
        flags = pygame.SCALED | pygame.RESIZABLE
        if self.settings.fullscreen and not windowed:
            flags |= pygame.FULLSCREEN
        with warnings.catch_warnings():
            # SDL falls back to its software renderer headless; that is expected, not news.
            warnings.simplefilter("ignore")
            self.screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
        pygame.display.set_caption("Scare It!")
        from game.render.assets import Assets
        self.assets = Assets()
        icon = self.assets.icon()
        if icon is not None:
            pygame.display.set_icon(icon)
        from game.audio import Audio
        self.audio = Audio(self.assets, self.settings)
        from game.input import Input
        self.input = Input()
        from game.ui.theme import make_manager
        self.ui = make_manager(LOGICAL_SIZE)

    # Scene helpers ------------------------------------------------------
    def push(self, scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene) -> None:
        self.stack.replace(scene)

    def quit(self) -> None:
        self.running = False

    def toggle_fullscreen(self) -> None:
        pygame.display.toggle_fullscreen()
        self.settings.fullscreen = not self.settings.fullscreen
        self.settings.save()
        for scene in self.stack.scenes:
            scene.resized()

    def go_to_menu(self) -> None:
        from game.scenes.title import TitleScene
        self.stack.clear(TitleScene(self))

    # The loop -------------------------------------------------------------
    def _global_key(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            alt_enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT
            if event.key == pygame.K_F11 or alt_enter:
                self.toggle_fullscreen()
                return True
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE):
            for scene in self.stack.scenes:
                scene.resized()
            return False
        return False

    def dispatch(self, event) -> None:
        """One event: global keys, then the UI manager, then the scenes top-down."""
        if event.type == pygame.QUIT and not self.kiosk:
            self.quit()
            return
        if self.input.process(event):
            for scene in self.stack.scenes:
                scene.dirty = True
        if self._global_key(event):
            return
        self.ui.process_events(event)
        self.stack.handle(event)

    def step(self, dt: float) -> None:
        """One fixed logic tick."""
        self.now += dt
        self.ticks += 1
        self.stack.update(dt)
        self.ui.update(dt)

    def draw(self, force: bool = False) -> bool:
        """Draw the visible scenes and the UI when something changed; True if drawn."""
        if not (force or self.stack.dirty or self.ui_dirty()):
            return False
        self.stack.draw(self.screen)
        self.ui.draw_ui(self.screen)
        pygame.display.flip()
        return True

    def ui_dirty(self) -> bool:
        # pygame-gui elements animate on hover/focus; a redraw at the idle rate keeps them live.
        return self.ticks % 3 == 0

    def run(self) -> int:
        if not self.stack.scenes:
            self.go_to_menu()
        clock = pygame.Clock() if hasattr(pygame, "Clock") else pygame.time.Clock()
        accumulator = 0.0
        frames_left = self.frames
        while self.running:
            if frames_left is not None:
                if frames_left <= 0:
                    break
                frames_left -= 1
                elapsed = TICK  # virtual clock: exactly one tick per frame, no sleeping
            else:
                fps = ACTIVE_FPS if self.stack.dirty else IDLE_FPS
                elapsed = min(clock.tick(fps) / 1000.0, MAX_FRAME)
            for event in pygame.event.get():
                self._guarded(self.dispatch, event)
            accumulator += elapsed
            while accumulator >= TICK - 1e-9:
                self._guarded(self.step, TICK)
                accumulator -= TICK
            self._guarded(self.draw)
        self.settings.save()
        pygame.quit()
        return 0

    def _guarded(self, fn, *args) -> None:
        """Run one piece of the loop; a scene's exception becomes a message, not a crash."""
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - any scene bug must not end the program
            self.errors += 1
            from game.errors import report
            report(self, traceback.format_exc())


def _init_pygame() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("SDL_VIDEODRIVER")
    ):
        raise NoDisplay(
            "no display found: run Scare It! on a desktop, or set SDL_VIDEODRIVER=dummy for a headless run"
        )
    pygame.init()
    try:
        pygame.display.init()
    except pygame.error as err:
        raise NoDisplay(f"cannot open a window ({err})") from None


def run(frames: int | None = None, kiosk: bool = False, idle: float = 90.0, windowed: bool = False) -> int:
    """Start the game; returns the process exit status."""
    try:
        app = App(frames=frames, kiosk=kiosk, idle=idle, windowed=windowed)
    except NoDisplay as err:
        print(f"scare-it: {err}", file=sys.stderr)
        return 1
    return app.run()
