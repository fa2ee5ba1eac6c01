"""The Scene base class: the lifecycle and hooks every scene implements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import _

if TYPE_CHECKING:
    import pygame

App = Any  # the game.app.App that owns the stack (not imported: scenes sit below the app)


class Scene:
    """One screen of the game. The stack calls the lifecycle hooks in pairs:
    enter/exit when pushed/removed, pause/resume when covered/uncovered by another scene.

    `opaque = False` marks an overlay: the scenes beneath it are drawn first.
    `dirty` asks the app to redraw; scenes that animate keep it True while they move.
    `music` names the loop played while the scene is the top full screen (None: quiet).
    """

    opaque = True
    music = "menu"  # the loop played while this is the top full screen (assets/music)
    teaches = False  # the guided game's table (How to play leads back to it, not to another)
    heading = ""  # the screen's title (English, translated when shown or spoken)

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    # Lifecycle -----------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack (build UI elements here)."""

    def exit(self) -> None:
        """Removed from the stack (kill UI elements here)."""

    def pause(self) -> None:
        """Another scene was pushed on top (hide UI elements here)."""

    def resume(self) -> None:
        """The scene on top was popped (show UI elements again here)."""
        self.dirty = True

    # The table that speaks ------------------------------------------------
    def spoken_lines(self) -> list[str]:
        """What the table that speaks says of this screen after its title: its main content."""
        return []

    def announce(self, interrupt: bool = True) -> None:
        """Speak the screen's title, then its main content (on arrival), cutting off the last
        screen's words: one place every screen speaks from, so none is silent by oversight."""
        lines = [_(self.heading)] if self.heading else []
        lines = [line for line in lines + self.spoken_lines() if line]
        for i, line in enumerate(lines):  # the first cuts off (a dialog's question: no title)
            self.app.speech.say(line, interrupt=interrupt and i == 0)

    def speak_again(self) -> None:
        """Speech was just turned on: say this screen as on arrival, after "Speech on"."""
        self.announce(interrupt=False)

    def settings_changed(self) -> None:
        """A setting changed from outside this screen (the speech key): redraw what shows it."""
        self.dirty = True

    # Per-event / per-tick / per-frame -------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Offered each event top-down; return True to consume it."""
        return False

    def update(self, dt: float) -> None:
        """One fixed logic tick of `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the logical-resolution surface."""

    def resized(self) -> None:
        """The window changed size or fullscreen state."""
        self.dirty = True

    def pause_game(self) -> bool:
        """Pause the game this scene plays (a gamepad was unplugged); False: it plays none."""
        return False

    def in_sight(self) -> tuple[pygame.Rect, ...]:
        """Places showing something now that a scene framing this one (the kiosk's demo
        around its table) must leave uncovered; none by default."""
        return ()

    def drop_widgets(self) -> None:
        """Kill the scene's widgets before they are built again (a language switch); scenes
        without widgets have none to drop."""

    def looks_changed(self) -> None:
        """Text size or high contrast changed: what a scene built in the old looks is built
        again, as for a language (widgets after drop_widgets, rendered lines)."""
        self.language_changed()

    def language_changed(self) -> None:
        """The player chose another language: words drawn from now on are in it; scenes that
        keep built text (widgets, rendered lines) build it again. Most redraw like a resize."""
        self.resized()
