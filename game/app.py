"""The application: display, fixed-timestep loop, global keys, and the scene stack it owns."""

from __future__ import annotations

import gc
import importlib
import os
import sys
import threading
import time
import traceback
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.audio import Audio
from game.controls import Controls
from game.errors import log_traceback, report
from game.i18n import _
from game.input import Input
from game.kiosk import Kiosk, os_signals_end
from game.match.saving import SaveWriter
from game.paths import saving_off
from game.render import looks, memory
from game.render.assets import Assets
from game.scenes.message import MessageScene
from game.scenes.registry import open_screen
from game.scenes.stack import SceneStack
from game.scenes.title import TitleScene
from game.settings import LARGE_CARDS, Settings
from game.speech import Speech
from game.ui.theme import make_manager, release_manager, use_theme
from game.window import LOGICAL_SIZE, GameWindow, NoDisplay, start_display

if TYPE_CHECKING:
    from game.campaign.live_solver import LiveSolver
    from game.campaign.player_files import PlayerFiles
    from game.match.profile import Profile

TICK = 1 / 60  # logic runs at 60 Hz
MAX_FRAME = 0.25  # clamp: after a long stall, do not try to catch up more than this
IDLE_FPS = 20  # frame rate while nothing on screen changes
ACTIVE_FPS = 60


# Loaded when first asked for, not at launch: the player's files and profile stand on the rules
# engine, which a title with nothing to continue never needs (tests/test_start.py).
PLAYER_FILES = "game.campaign.player_files:PlayerFiles"
PROFILE = "game.match.profile:Profile"
SETUP_MEMORY = "game.match.setup_memory:load_memory"
KIOSK_MEMORY = "game.match.setup_memory:kiosk_memory"  # each visitor's New game starts afresh
LIVE_SOLVER = "game.campaign.live_solver:LiveSolver"


def _late(target: str):
    """The class or function named "module:attribute", its module imported now."""
    module, attribute = target.split(":")
    return getattr(importlib.import_module(module), attribute)


# tools/bench_start.py names a file here: the game writes into it the wall-clock time at which
# its first frame was on screen (launch to first frame, apart from the interpreter's exit).
FIRST_FRAME_FILE = "SCARE_IT_FIRST_FRAME_FILE"


def mark_first_frame() -> None:
    path = os.environ.get(FIRST_FRAME_FILE)
    if path:
        with open(path, "w", encoding="ascii") as out:
            out.write(repr(time.time()))


class App:
    """Owns the window, the UI manager, assets, settings, input and the scene stack."""

    def __init__(self, *, frames: int | None = None, kiosk: bool = False, idle: float = 90.0,
                 windowed: bool = False, speech_log=None, insecure: bool = False,
                 speech: bool = False) -> None:
        self.frames = frames  # None = real time; N = run N ticks on a virtual clock, then exit
        self.kiosk = kiosk
        self.windowed = windowed  # --windowed: never go full screen, kiosk included
        self.insecure = insecure  # --insecure: a wss:// table server's certificate is not checked
        self.idle_timeout = idle
        self.running = True
        self.now = 0.0  # logic time in seconds, advanced by fixed ticks (the virtual clock)
        self.ticks = 0
        self.stack = SceneStack()
        self._files: PlayerFiles | None = None  # the player's files and the levels (files)
        self.last_level: str | None = None  # the level select follows the player
        self._setup_memory: dict | None = None  # the New game screen's last choices
        self._live_solver: LiveSolver | None = None  # the puzzle editor's solver worker
        self.errors = 0
        self.raise_errors = False  # tests set this so a scene bug fails the test
        self._ui_busy_until = 0.0  # redraw pygame-gui widgets a little after input (hover, press)
        self._last_ui_frame = -1
        self._rest_started = False  # the first frame is drawn before the rest (start_the_rest)
        self._shown = False  # the first frame is on screen
        memory.keep_big_blocks_apart()  # before the first picture: see game/render/memory.py
        start_display()
        self.settings, self._notice = Settings.load()
        if saving_off():  # the pref folder is unusable (game.paths.check_pref_dir said why)
            self._notice = _("Your settings and games cannot be saved on this computer, so "
                            "nothing is kept after this game. The details are in the terminal.")
        self.assets = Assets()
        self.assets.colour_symbols = self.settings.colour_symbols
        # The icon must be set before the window opens for some window managers to use it.
        pygame.display.set_icon(self.assets.icon())
        pygame.display.set_caption("Scare It!")
        self.window = GameWindow(self.settings, windowed=windowed, kiosk=kiosk)
        self.audio = Audio(self.assets, self.settings)
        # --speech-log: every line written down; --speech: the voice on for this run.
        self.speech = Speech(self.settings, speech_log, start_on=speech)
        self.apply_looks()
        controls = Controls(self.settings.controls)
        if controls.notice and not self._notice:
            self._notice = controls.notice
        self.input = Input(controls)
        self.ui = make_manager(LOGICAL_SIZE, self.settings.high_contrast)
        self.saver = SaveWriter()  # the game in progress, saved after every move off the frame
        # Kiosk mode (attract loop, idle timeout, operator exit) hooks in here; None otherwise.
        self.kiosk_ctl = None
        if kiosk:
            self.kiosk_ctl = Kiosk(self)
        # Tables over days: "your turn" told on the desktop (started with the rest, in real
        # time only; a kiosk plays at no table).
        self.turn_alerts = None

    # Scene helpers ------------------------------------------------------
    def open_invite(self, link: str) -> None:
        """Join a table with the invite link's address and code filled in (its module and
        the online code are loaded only now, as when Join is chosen on the title)."""
        open_screen(self, "invite", link)

    def push(self, scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene) -> None:
        self.stack.replace(scene)

    def quit(self) -> None:
        """The player's Quit: the game ends (a kiosk's visitor goes back to the demo)."""
        if self.kiosk_ctl is not None:
            self.kiosk_ctl.visitor_quit()
            return
        self.stop()

    def stop(self) -> None:
        """The loop ends after this frame."""
        self.running = False

    @property
    def screen(self) -> pygame.Surface:
        """The window's surface at the logical size, which every screen draws on."""
        return self.window.screen

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter / Settings: switch at once, even mid-animation (nothing is rebuilt)."""
        self.window.toggle_fullscreen(self.now)
        self.resized()

    def apply_looks(self) -> None:
        """Text size, high contrast and reduced motion from the settings, on every screen."""
        s = self.settings
        self.assets.high_contrast = s.high_contrast
        cards = looks.set_cards(s.card_size == LARGE_CARDS)
        if looks.set_looks(s.text_size, s.high_contrast, s.reduced_motion) or cards:
            self.assets.forget_built()
            if hasattr(self, "ui"):
                # Every screen in the stack, covered ones too (the title under Settings): its
                # widgets are dropped, the theme is loaded, and they are built again in it,
                # their words fitted at the new size (a re-laid-out old button is cut).
                scenes = self.stack.scenes
                for scene in scenes:
                    scene.drop_widgets()
                use_theme(self.ui, s.high_contrast)  # the menus' colours and word sizes
                for scene in scenes:
                    scene.looks_changed()
                self._ui_busy_until = self.now + 0.5

    def resized(self) -> None:
        for scene in self.stack.scenes:
            scene.resized()
        self._ui_busy_until = self.now + 0.5

    def go_to_menu(self, notice: str | None = None) -> None:
        """Back to the title screen; a pending notice (e.g. after an error) or the one given is
        shown over it once."""
        if notice is not None:
            self.tell(notice)
        self.stack.clear(TitleScene(self))
        self.show_notice()

    def tell(self, notice: str) -> None:
        """Words for the player, shown once over the next screen that shows notices (the title,
        or show_notice() at once); a newer notice takes an older one's place."""
        self._notice = notice

    def take_notice(self) -> str | None:
        """The notice waiting to be shown, now no longer waiting."""
        notice, self._notice = self._notice, None
        return notice

    def show_notice(self) -> None:
        notice = self.take_notice()
        if notice:
            self.push(MessageScene(self, notice))

    def show_progress_notice(self) -> bool:
        """The progress file's notice (kept aside as damaged, or not saved), shown once over
        the top screen; False when there is none."""
        notice = self.files.take_progress_notice()
        if notice is None:
            return False
        self.push(MessageScene(self, notice, heading=_("Your progress")))
        return True

    def profile(self) -> Profile:
        """The player's profile (progress, statistics and replays in the pref folder) that a
        table's session keeps a finished game with; the family's people too, except at a kiosk
        (its visitors are nobody the family keeps)."""
        files = self.files
        return _late(PROFILE)(files.progress(), files.statistics(),
                              people=None if self.kiosk else files.people())

    @property
    def files(self) -> PlayerFiles:
        """What the scenes share: the player's progress, statistics and people, and the levels,
        each read when first asked for."""
        if self._files is None:
            self._files = _late(PLAYER_FILES)()
        return self._files

    def follow_level(self, level_id: str | None) -> None:
        """The level the level select shows next: the one last played (None: the first)."""
        self.last_level = level_id

    @property
    def setup_memory(self) -> dict:
        """The New game screen's last choices, read from new_game.json when first asked for
        (a kiosk's visitor: fresh ones, a computer to play against); the screen changes them
        in place for the next game."""
        if self._setup_memory is None:
            self._setup_memory = _late(KIOSK_MEMORY if self.kiosk else SETUP_MEMORY)()
        return self._setup_memory

    def forget_setup_memory(self) -> None:
        """Read the New game screen's choices from new_game.json again when next asked for."""
        self._setup_memory = None

    @property
    def live_solver(self) -> LiveSolver:
        """The puzzle editor's solver worker, one per App: its process starts when first asked
        for (about 0.1-0.7 s) and then waits between editor visits, so opening the editor
        again answers at once."""
        if self._live_solver is None:
            self._live_solver = _late(LIVE_SOLVER)()
        return self._live_solver

    @property
    def live_solver_started(self) -> bool:
        """Whether the editor's solver worker is running (asking `live_solver` starts it)."""
        return self._live_solver is not None

    # The loop -------------------------------------------------------------
    def toggle_speech(self) -> None:
        """The speech key, on any screen: the voice on or off, said either way; turned on, the
        screen in front is said again, so the player hears where they are."""
        self.speech.switch(not self.speech.voiced)
        if not self.kiosk:  # a kiosk's visitor changes nothing for the next one
            self.settings.save()
        for scene in self.stack.scenes:
            scene.settings_changed()
        top = self.stack.top
        if self.speech.voiced and top is not None:
            top.speak_again()

    def _global_key(self, event) -> bool:
        if self.input.controls.means("fullscreen", event):
            self.toggle_fullscreen()
            return True
        if self.input.controls.means("speech", event):
            self.toggle_speech()
            return True
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWMOVED):
            self.window.remember()
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE,
                          pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self.resized()
            return False
        return False

    def dispatch(self, event) -> None:
        """One event: global keys, then the UI manager, then the scenes top-down."""
        if self.kiosk_ctl is not None and self.kiosk_ctl.on_event(event):
            return
        if event.type == pygame.QUIT and not self.kiosk:
            self.quit()
            return
        if self.input.process(event) or event.type >= pygame.USEREVENT:
            # Player input (or a pygame-gui event) may change how widgets look: redraw a moment.
            self._ui_busy_until = self.now + 0.5
        if event.type == pygame.CONTROLLERDEVICEREMOVED and self.input.just_pulled:
            self.gamepad_pulled()
            return
        if self._global_key(event):
            return
        self.ui.process_events(event)
        self.stack.handle(event)

    def gamepad_pulled(self) -> None:
        """A gamepad was unplugged mid-game: pause, say so, and let mouse or keyboard carry on."""
        top = self.stack.top
        if top is None or self.kiosk_ctl is not None or not top.pause_game():
            return  # menus and the demo need no gamepad: nothing is lost
        self.push(MessageScene(
            self, _("The gamepad was unplugged, so the game is paused. Plug it back in, or carry "
                    "on with the keyboard or the mouse."), heading=_("Gamepad unplugged")))

    def step(self, dt: float) -> None:
        """One fixed logic tick."""
        self.now += dt
        self.ticks += 1
        self.window.place_when_due(self.now)
        self.stack.update(dt)
        self.audio.want_music(self._music())
        self.ui.update(dt)
        if self.kiosk_ctl is not None:
            self.kiosk_ctl.update(dt)
        link = self.turn_alerts.take_link() if self.turn_alerts is not None else None
        if link is not None:  # a click on a "your turn" notification: that table
            self.open_invite(link)
        self._no_voice()
        told = self.saver.take_notice()  # saving started failing, or works again: say so once
        if told is not None:
            if self.kiosk_ctl is not None:
                log_traceback(f"notice: {told}")
            else:
                self.push(MessageScene(self, told))

    def _no_voice(self) -> None:
        """Speech is on and no voice route started: said once, on screen (and so in the
        speech log); a kiosk's operator finds it in errors.log."""
        missing = self.speech.take_problem()
        if missing is None:
            return
        if self.kiosk_ctl is not None:
            log_traceback(f"notice: {missing}")
        else:
            self.push(MessageScene(self, missing, heading=_("No speech")))

    def _music(self) -> str | None:
        """The loop of the top full screen (an overlay keeps the one beneath it)."""
        for scene in reversed(self.stack.scenes):
            if scene.opaque:
                return scene.music
        return None

    def draw(self, force: bool = False) -> bool:
        """Draw the visible scenes and the UI when something changed; True if drawn."""
        if not (force or self.stack.dirty or self.ui_dirty()):
            return False
        self._last_ui_frame = self.ticks
        new_screen = self.stack.new_screen  # a full screen left: keep what its heir draws
        if new_screen:
            self.assets.watch_frame()
        try:
            self.stack.draw(self.screen)
        finally:
            if new_screen:
                self.assets.keep_drawn()
        self.ui.draw_ui(self.screen)
        pygame.display.flip()
        if not self._shown:
            self._shown = True
            mark_first_frame()
        return True

    def ui_dirty(self) -> bool:
        """The widgets need a redraw: shortly after input, or a blinking text cursor (5 Hz)."""
        if self.now < self._ui_busy_until:
            return True
        typing = any(
            isinstance(e, pygame_gui.elements.UITextEntryLine) for e in self.ui.get_focus_set() or ()
        )
        return typing and self.ticks - self._last_ui_frame >= 12

    def busy(self) -> bool:
        """Something moves: run the loop at the full frame rate."""
        return self.stack.dirty or self.now < self._ui_busy_until

    def run(self) -> int:
        with os_signals_end(self):  # a stop signal ends any game cleanly, a kiosk too
            return self._run()

    def start_the_rest(self) -> None:
        """Start what the first frame does not need, right after it: every pygame module not
        started yet (the joystick among them: pads plugged in already are announced now, as
        hot-plugged ones are later) and the sound device."""
        if self._rest_started:
            return
        self._rest_started = True
        gc.enable()  # off while the game started (game.cli._play)
        pygame.init()
        self.audio.start()
        if self.frames is None and not self.kiosk:
            threading.Thread(target=self._watch_turns, name="turns", daemon=True).start()

    def _watch_turns(self) -> None:
        """Off the frame thread: the online code loads here (named, as the screens' registry
        does), then the player's tables over days are asked every few minutes."""
        self.turn_alerts = importlib.import_module("game.turn_alerts").TurnAlerts()
        self.turn_alerts.watch.run()

    def _run(self) -> int:
        if not self.stack.scenes:
            self.go_to_menu()
        else:
            self.show_notice()
        clock = pygame.Clock() if hasattr(pygame, "Clock") else pygame.time.Clock()
        accumulator = 0.0
        frames_left = self.frames
        first_frame = True
        while self.running:
            if frames_left is not None:
                if frames_left <= 0:
                    break
                frames_left -= 1
                elapsed = TICK  # virtual clock: exactly one tick per frame, no sleeping
            else:
                fps = ACTIVE_FPS if self.busy() else IDLE_FPS
                elapsed = min(clock.tick(fps) / 1000.0, MAX_FRAME)
            if not first_frame:
                self.start_the_rest()  # from the second frame on (once)
            accumulator += elapsed
            if first_frame:  # in real time the clock's first tick says ~0 s: tick once anyway,
                # or the title is drawn before pygame-gui's first update, without its buttons
                accumulator = max(accumulator, TICK)
            ticks = 0
            while accumulator >= TICK - 1e-9:
                ticks += 1
                accumulator -= TICK
            self.frame(ticks)
            first_frame = False
        self.settings.save()
        if self.turn_alerts is not None:
            self.turn_alerts.stop()
        self.speech.close()
        self.saver.close()  # the last move's save reaches the disk before the program ends
        pygame.quit()
        release_manager(self.ui)
        return 0

    def frame(self, ticks: int) -> None:
        """One frame: the waiting events, `ticks` logic ticks, the drawing; a scene's exception
        in any of them becomes a message (counted in `errors`), not a crash."""
        for event in pygame.event.get():
            self._guarded(self.dispatch, event)
        for _tick in range(ticks):
            self._guarded(self.step, TICK)
        self._guarded(self.draw)

    def _guarded(self, fn, *args) -> None:
        """Run one piece of the loop; a scene's exception becomes a message, not a crash."""
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - any scene bug must not end the program
            self.errors += 1
            if self.raise_errors:
                raise
            report(self, traceback.format_exc())


def run(frames: int | None = None, kiosk: bool = False, idle: float = 90.0, windowed: bool = False,
        invite: str | None = None, speech_log=None, insecure: bool = False,
        speech: bool = False) -> int:
    """Start the game; returns the process exit status. `invite`: an invite link to open at
    Join a table (game.online.client.links)."""
    try:
        app = App(frames=frames, kiosk=kiosk, idle=idle, windowed=windowed,
                  speech_log=speech_log, insecure=insecure, speech=speech)
    except NoDisplay as err:
        print(f"scare-it: {err}", file=sys.stderr)
        return 1
    except (pygame.error, OSError) as err:
        # The window or the sound could not start: say why in one line, keep the details.

        log_traceback(traceback.format_exc())
        print(f"scare-it: the game could not start ({err}); details are in errors.log",
              file=sys.stderr)
        return 1
    if invite is not None and not kiosk:  # a kiosk joins no table
        app.go_to_menu()
        app.open_invite(invite)
    return app.run()
