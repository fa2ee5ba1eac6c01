"""Settings → Controls: every action's keys and gamepad buttons; a key pressed is added, one the
action has already is taken away."""

from __future__ import annotations

import pygame

from game.controls import ACTIONS, MODIFIERS, Binding, Device
from game.i18n import N_, _
from game.render import fit, looks
from game.scenes.menu import MenuScene
from game.ui import look

ROWS = 8  # actions a page shows
LABEL_X, KEY_X, PAD_X, ROW_H, ROW_GAP, TOP = 100, 820, 1420, 64, 10, 230
# At a large text size (looks.large) a page shows three actions, each row three lines of
# large text tall (an action's name wraps there), a page more.
ROWS_LARGE, ROW_GAP_LARGE = 3, 150
KEY_W, PAD_W = 560, 400
# Keys that are only half of a binding: the one pressed with them is awaited.
# What keeps a binding while the new one is awaited: fixed, so that a key once bound to Back
# can still be given to another action.
KEEP = {Device.KEYBOARD: Binding.parse("key:escape"), Device.GAMEPAD: Binding.parse("pad:b")}
_MODIFIER_KEYS = {pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
                  pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LGUI, pygame.K_RGUI}


def rows() -> int:
    """The actions a page shows."""
    return ROWS_LARGE if looks.large() else ROWS


def pitch() -> int:
    """From one row's top to the next one's."""
    return ROW_H + (ROW_GAP_LARGE if looks.large() else ROW_GAP)


class ControlsScene(MenuScene):
    heading = N_("Controls")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.listening: tuple[str, Device] | None = None  # (action, the device awaited)
        self.note = ""

    @property
    def names(self) -> list[str]:
        return list(ACTIONS)

    def build(self) -> None:
        controls = self.app.input.controls
        self.cells = {}
        shown = self.names[self.page * rows():(self.page + 1) * rows()]
        for i, name in enumerate(shown):
            y = TOP + i * pitch()
            for device, x, w in ((Device.KEYBOARD, KEY_X, KEY_W), (Device.GAMEPAD, PAD_X, PAD_W)):
                labels = [b.label() for b in controls.bindings(name, device)] or ["\u2014"]
                # Too long for the button: fewer of the bindings, never a cut word.
                shorter = tuple(" / ".join(labels[:k]) + " \u2026"
                                for k in range(len(labels) - 1, 0, -1))
                self.cells[(name, device)] = self.button(
                    " / ".join(labels), (x, y, w, ROW_H),
                    lambda n=name, d=device: self._listen(n, d), name=f"{name}_{device}",
                    shorter=shorter, label=self._cell_words(name, device))
        pages = (len(self.names) + rows() - 1) // rows()
        y = TOP + rows() * pitch() + 20
        self.pager = self.selector(_("Page %(n)d of %(of)d") % {"n": self.page + 1, "of": pages},
                      (LABEL_X, y, 520, 80), self._turn, name="page",
                      label="")  # "Page 1 of 4" says what it is
        self.button(_("Reset to defaults"), (LABEL_X + 560, y, 520, 80), self._reset,
                    name="reset")
        self.button(_("Back"), (LABEL_X + 1120, y, 440, 80), self.back, name="back")

    @staticmethod
    def _cell_words(name: str, device: Device) -> str:
        """Which action and device a cell binds, said before its keys."""
        title = _(ACTIONS[name].title)
        if device == Device.KEYBOARD:
            return _("%(action)s, keys") % {"action": title}
        return _("%(action)s, gamepad") % {"action": title}

    def _turn(self, step: int) -> None:
        pages = (len(self.names) + rows() - 1) // rows()
        self.page = (self.page + step) % pages
        self.listening = None
        self._rebuilt(focus="page")

    def _rebuilt(self, focus: str | None = None) -> None:
        self._kill()
        self.build()
        if focus == "page":
            self.ring.index = len(self.ring.items) - 3
        self.ring.refresh()
        self.dirty = True

    def _listen(self, name: str, device: Device) -> None:
        self.listening = (name, device)
        if device == Device.KEYBOARD:
            # TRANSLATORS: %(key)s is the key that leaves the bindings as they are ("Esc").
            note = _("Press a new key for \u201c%(action)s\u201d, or one of its keys to take "
                     "it away (%(key)s: leave them)")
        else:
            # TRANSLATORS: %(key)s is the gamepad button that leaves them as they are ("B").
            note = _("Press a new button for \u201c%(action)s\u201d, or one of its buttons to "
                     "take it away (%(key)s: leave them)")
        self.note = note % {"action": _(ACTIONS[name].title), "key": KEEP[device].label()}
        self.app.speech.say(self.note, interrupt=True)
        self.dirty = True

    def _reset(self) -> None:
        self.app.input.controls.reset()
        self.note = _("Every key and button is back to its default")
        self._save()

    def _save(self) -> None:
        self.app.settings.controls = self.app.input.controls.overrides()
        if not self.app.kiosk:
            self.app.settings.save()
        index = self.ring.index
        self._rebuilt()
        self.ring.index = index
        self.ring.refresh()
        self.app.speech.say(self.note)

    def catch(self, event: pygame.event.Event) -> Binding | None:
        """The binding an event gives while listening (None: not one for this device)."""
        name, device = self.listening
        if device == Device.KEYBOARD and event.type == pygame.KEYDOWN and \
                event.key not in _MODIFIER_KEYS:
            mod = getattr(event, "mod", 0)
            held = {"ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT}
            pressed = Binding(device, event.key, frozenset(m for m in MODIFIERS if mod & held[m]))
            return Binding.parse(pressed.text)  # a key the registry cannot name is refused
        if device == Device.GAMEPAD and event.type == pygame.CONTROLLERBUTTONDOWN:
            return Binding(device, event.button)
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if self.listening is None:
            return super().handle(event)
        if any(keep.matches(event) for keep in KEEP.values()):
            self.listening, self.note = None, ""
            self.dirty = True
            return True
        try:
            binding = self.catch(event)
        except (ValueError, KeyError):  # a key the registry has no name for
            binding = None
        if binding is None:
            return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.CONTROLLERBUTTONDOWN,
                                  pygame.CONTROLLERBUTTONUP, pygame.TEXTINPUT)
        name, device = self.listening
        self.listening = None
        if binding in self.app.input.controls.bindings(name, device):
            return self._take_away(name, binding)
        clash = self.app.input.controls.rebind(name, device, binding)
        if clash is not None:
            self.note = _("%(key)s already means \u201c%(other)s\u201d there: nothing changed") % {
                "key": binding.label(), "other": _(ACTIONS[clash].title)}
            self.app.audio.play("error")
            self.app.speech.say(self.note, interrupt=True)
            self.dirty = True
            return True
        self.note = _("\u201c%(action)s\u201d: %(key)s") % {"action": _(ACTIONS[name].title),
                                                          "key": binding.label()}
        self._save()
        return True

    def _take_away(self, name: str, binding: Binding) -> bool:
        """One of the action's own keys pressed: it no longer means the action (never its
        last one on the device)."""
        words = {"action": _(ACTIONS[name].title), "key": binding.label()}
        if not self.app.input.controls.unbind(name, binding):
            self.note = _("%(key)s is the last one \u201c%(action)s\u201d has there: it stays") \
                % words
            self.app.audio.play("error")
            self.app.speech.say(self.note, interrupt=True)
            self.dirty = True
            return True
        self.note = _("\u201c%(action)s\u201d: %(key)s taken away") % words
        self._save()
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        look.put(surface, assets, _("Keyboard"), (KEY_X, TOP - 56, KEY_W, 48), 34, look.CREAM,
                 True, anchor="midbottom")
        look.put(surface, assets, _("Gamepad"), (PAD_X, TOP - 56, PAD_W, 48), 34, look.CREAM,
                 True, anchor="midbottom")
        shown = self.names[self.page * rows():(self.page + 1) * rows()]
        for i, name in enumerate(shown):
            y = TOP + i * pitch()
            tall = pitch() - 6 if looks.large() else ROW_H  # three lines of large text
            look.put(surface, assets, _(ACTIONS[name].title),
                     (LABEL_X, y + (ROW_H - tall) // 2, KEY_X - LABEL_X - 30, tall), 34,
                     look.CREAM, True, anchor="midleft")
        if self.note:
            fit.draw(surface, assets, self.note, pygame.Rect(LABEL_X, 975, 1680, 90), 34,
                     look.GOLD if self.listening else look.CREAM)

