"""The one registry of the player's actions and their keyboard and gamepad bindings; overrides."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

import pygame

from game.i18n import N_, NP_, _, pgettext

# Which contexts each place of the game reads: two actions clash when one binding would mean
# both in the same place. "nav" (arrows, Enter, Esc) holds everywhere.
PLACES = {
    "menu": {"nav", "global"},
    "table": {"nav", "global", "table", "couch"},  # the couch and solo table
    "level": {"nav", "global", "table", "level"},  # a campaign level's table
    "replay": {"nav", "global", "replay"},
    "handover": {"nav", "global", "handover"},
    "editor": {"nav", "global", "editor"},  # the puzzle editor (its card letters stay typed)
}
KEYS = {name[2:].lower(): getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")}
BUTTONS = {name[18:].lower(): getattr(pygame, name) for name in dir(pygame)
           if name.startswith("CONTROLLER_BUTTON_") and name != "CONTROLLER_BUTTON_MAX"}
MODIFIERS = ("ctrl", "alt", "shift")
NBSP = "\u00a0"  # no line break inside one key's words of a help line
_KEY_NAMES = {v: k for k, v in sorted(KEYS.items(), reverse=True)}  # one name per code
_BUTTON_NAMES = {v: k for k, v in BUTTONS.items()}


class Device(StrEnum):
    """What the player holds: the mouse (or a finger), the keyboard or a gamepad."""

    MOUSE = "mouse"
    KEYBOARD = "keyboard"
    GAMEPAD = "gamepad"


BINDABLE = (Device.KEYBOARD, Device.GAMEPAD)  # the devices that press keys or buttons
# How a binding's text names its device ("key:ctrl+z", "pad:y"): the settings files keep these.
_PREFIX = {Device.KEYBOARD: "key", Device.GAMEPAD: "pad"}
_BY_PREFIX = {prefix: device for device, prefix in _PREFIX.items()}
# What a key or button is called on screen (others: the key's letter or name, upper-cased).
KEY_WORDS = {"return": NP_("key", "Enter"), "kp_enter": NP_("key", "keypad Enter"),
             "space": NP_("key", "Space"), "escape": NP_("key", "Esc"),
             "backspace": NP_("key", "Backspace"), "tab": NP_("key", "Tab"),
             "up": NP_("key", "Up"), "down": NP_("key", "Down"), "left": NP_("key", "Left"),
             "right": NP_("key", "Right"), "delete": NP_("key", "Delete"),
             "kp_plus": NP_("key", "keypad +"), "kp_minus": NP_("key", "keypad -"),
             "ctrl": NP_("key", "Ctrl"), "alt": NP_("key", "Alt"), "shift": NP_("key", "Shift")}
SIGNS = {"plus": "+", "minus": "-", "equals": "=", "leftbracket": "[", "rightbracket": "]"}
# A pad's buttons go by what is printed on them; only the d-pad's directions are words.
BUTTON_SIGNS = {"a": "A", "b": "B", "x": "X", "y": "Y", "leftshoulder": "LB",
                "rightshoulder": "RB", "back": "Back", "start": "Start", "guide": "Guide",
                "leftstick": "L3", "rightstick": "R3"}
BUTTON_WORDS = {"dpad_up": NP_("gamepad", "d-pad up"), "dpad_down": NP_("gamepad", "d-pad down"),
                "dpad_left": NP_("gamepad", "d-pad left"),
                "dpad_right": NP_("gamepad", "d-pad right")}


def _key_word(name: str) -> str:
    if name in KEY_WORDS:
        return pgettext("key", KEY_WORDS[name])
    return SIGNS.get(name, name.upper())


@dataclass(frozen=True)
class Binding:
    """One key (with its modifiers) or one gamepad button, written "key:ctrl+z" or "pad:y"."""

    device: Device  # one of BINDABLE
    code: int
    mods: frozenset = frozenset()

    @classmethod
    def parse(cls, text: str) -> Binding:
        """The binding a text names; ValueError says what is wrong with it."""
        prefix, _sep, name = str(text).partition(":")
        device = _BY_PREFIX.get(prefix)
        if device == Device.GAMEPAD and name in BUTTONS:
            return cls(device, BUTTONS[name])
        if device == Device.KEYBOARD:
            *mods, key = name.split("+") if name else [""]
            if key in KEYS and all(m in MODIFIERS for m in mods):
                return cls(device, KEYS[key], frozenset(mods))
        raise ValueError(f"{text!r} names no key or gamepad button")

    @property
    def text(self) -> str:
        if self.device == Device.GAMEPAD:
            return f"{_PREFIX[self.device]}:{_BUTTON_NAMES[self.code]}"
        return f"{_PREFIX[self.device]}:" + "+".join([m for m in MODIFIERS if m in self.mods]
                                 + [_KEY_NAMES[self.code]])

    def label(self) -> str:
        """What the player reads: "Ctrl+Z", "LB", "Space"."""
        if self.device == Device.GAMEPAD:
            name = _BUTTON_NAMES[self.code]
            if name in BUTTON_WORDS:
                return pgettext("gamepad", BUTTON_WORDS[name])
            return BUTTON_SIGNS.get(name, name.upper())
        keys = [m for m in MODIFIERS if m in self.mods] + [_KEY_NAMES[self.code]]
        return "+".join(_key_word(k) for k in keys)

    def matches(self, event, held: bool = False) -> bool:
        """The event is this key or button pressed (and, with `held`, let go too). Ctrl and Alt
        must be as bound; Shift only counts when bound (Shift+Tab still reaches the focus)."""
        if self.device == Device.GAMEPAD:
            types = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP) if held \
                else (pygame.CONTROLLERBUTTONDOWN,)
            return event.type in types and getattr(event, "button", None) == self.code
        types = (pygame.KEYDOWN, pygame.KEYUP) if held else (pygame.KEYDOWN,)
        if event.type not in types or getattr(event, "key", None) != self.code:
            return False
        mod = getattr(event, "mod", 0)
        held_mods = {"ctrl": bool(mod & pygame.KMOD_CTRL), "alt": bool(mod & pygame.KMOD_ALT),
                     "shift": bool(mod & pygame.KMOD_SHIFT)}
        return all(held_mods[m] == (m in self.mods) for m in ("ctrl", "alt")) and \
            ("shift" not in self.mods or held_mods["shift"])


@dataclass(frozen=True)
class ActionInfo:
    """An action: its words (help lines, the Controls page), where it holds, its default
    bindings, and the mouse's way to do it (for the README's table)."""

    name: str
    words: str  # short, for a help line ("undo")
    title: str  # for the Controls page and the README ("Undo (solo)")
    context: str
    keys: tuple[str, ...]
    pad: tuple[str, ...]
    mouse: str = ""
    hold: bool = False  # read while held (press and release)


def _a(name, words, title, context, keys, pad, mouse="", hold=False) -> ActionInfo:
    return ActionInfo(name, words, title, context, tuple(f"key:{k}" for k in keys),
                      tuple(f"pad:{b}" for b in pad), mouse, hold)


# The registry. Every screen reads it; the README's controls table and the help lines are
# made from it. The same action has the same binding at the solo table, in the campaign and
# on the couch: LB undo, RB redo, Y is the couch's peek and a level's hint (never both at one
# table); so the couch's Hint (Settings -> Help) is H and R3, and R3 is a hint at every table.
# L3 speaks the field; the cursor's column has a key only (C), since a pad has no button left
# that no table uses (Settings -> Controls can give it one).
ACTIONS: dict[str, ActionInfo] = {a.name: a for a in (
    _a("up", N_("up"), N_("Cursor up"), "nav", ["up"], ["dpad_up"]),
    _a("down", N_("down"), N_("Cursor down"), "nav", ["down"], ["dpad_down"]),
    _a("left", N_("left"), N_("Cursor left"), "nav", ["left"], ["dpad_left"]),
    _a("right", N_("right"), N_("Cursor right"), "nav", ["right"], ["dpad_right"]),
    _a("select", N_("choose"), N_("Choose (a card, a button)"), "nav",
       ["return", "kp_enter", "space"], ["a"], "click"),
    _a("back", N_("back"), N_("Back; at the table: put the scarer back, or pause"), "nav", ["escape"], ["b"],
       "click the chosen scarer again"),
    _a("toggle", N_("move in"), N_("Move in (side scares)"), "table", ["tab"], ["x"],
       "drag onto the target"),
    _a("pause", N_("pause"), N_("Pause"), "table", [], ["start"], "Pause button"),
    _a("undo", N_("undo"), N_("Undo (solo)"), "table", ["u", "backspace", "ctrl+z"],
       ["leftshoulder"], "Undo button"),
    _a("redo", N_("redo"), N_("Redo (solo)"), "table", ["r", "ctrl+y"], ["rightshoulder"],
       "Redo button"),
    _a("peek", N_("peek"), N_("Peek at your task cards (hold)"), "couch", ["p"], ["y"],
       "hold Peek; a quick tap keeps them shown until Hide", hold=True),
    _a("hint", N_("hint"), N_("Hint (campaign)"), "level", ["h"], ["y", "rightstick"],
       "Hint button"),
    _a("couch_hint", N_("hint"), N_("Hint (couch table)"), "couch",
       ["h"], ["rightstick"], "Hint button"),
    _a("restart", N_("restart"), N_("Restart (campaign)"), "level", ["ctrl+r"], ["back"],
       "Restart button"),
    _a("good", N_("last good point"), N_("Undo to the last good point (campaign)"), "level",
       ["g"], [], "its button"),
    _a("overview", N_("the field"), N_("Speak the field"),
       "table", ["o"], ["leftstick"]),
    _a("column", N_("the column"), N_("Speak the cursor's column"), "table", ["c"], []),
    _a("handover_peek", N_("peek"), N_("Peek on the hand-over screen (hold)"), "handover",
       ["p"], ["y"], "hold \u201cHold to peek\u201d", hold=True),
    _a("slower", N_("slower"), N_("Replay slower"), "replay", ["minus", "kp_minus"],
       ["leftshoulder"], "- button"),
    _a("faster", N_("faster"), N_("Replay faster"), "replay", ["plus", "equals", "kp_plus"],
       ["rightshoulder"], "+ button"),
    _a("edit_remove", N_("remove"), N_("Take the card away (editor)"), "editor",
       ["delete", "backspace", "x"], ["y"], "right click"),
    _a("edit_target", N_("target"), N_("Mark the target card (editor)"), "editor", ["t"],
       ["back"], "Target button"),
    _a("edit_undo", N_("undo"), N_("Undo (editor)"), "editor", ["u", "ctrl+z"], [],
       "Undo button"),
    _a("edit_redo", N_("redo"), N_("Redo (editor)"), "editor", ["r", "ctrl+y"], [],
       "Redo button"),
    _a("brush_back", N_("card before"), N_("Brush: the card before (editor)"), "editor",
       ["leftbracket"], ["leftshoulder"], "click a card under the field"),
    _a("brush_on", N_("next card"), N_("Brush: the next card (editor)"), "editor",
       ["rightbracket"], ["rightshoulder"], "click a card under the field"),
    _a("edit_buttons", N_("the buttons"), N_("To the buttons and back (editor)"), "editor",
       ["tab"], ["x"], "click a button"),
    _a("edit_copy", N_("copy code"), N_("Copy the puzzle's code (editor)"), "editor",
       ["ctrl+c"], [], "Copy code button"),
    _a("edit_paste", N_("paste code"), N_("Paste a puzzle's code (editor)"), "editor",
       ["ctrl+v"], [], "Paste code button"),
    _a("fullscreen", N_("full screen"), N_("Full screen"), "global", ["f11", "alt+return", "alt+kp_enter"], []),
    # A function key: it means nothing typed, so it works while a name box has the focus too,
    # and at every screen; a player who cannot see the screen finds it from the first second.
    _a("speech", N_("speech"), N_("Speak the table on or off"), "global", ["f2"], []),
)}


def _clash_places(a: ActionInfo, b: ActionInfo) -> bool:
    return any(a.context in p and b.context in p for p in PLACES.values())


class Controls:
    """The bindings in force: the registry's defaults with the player's overrides (a table of
    action name to binding texts, as Settings keeps it). `notice` tells of overrides that could
    not be used (their action keeps its defaults)."""

    def __init__(self, overrides: dict | None = None) -> None:
        self._bound: dict[str, tuple[Binding, ...]] = {
            name: tuple(Binding.parse(t) for t in a.keys + a.pad) for name, a in ACTIONS.items()}
        self.notice: str | None = None
        bad = []
        for name, texts in (overrides or {}).items():
            try:
                if name not in ACTIONS:
                    raise ValueError(f"no action {name!r}")
                bindings = tuple(Binding.parse(t) for t in texts)
            except (ValueError, TypeError):
                bad.append(str(name))
                continue
            if self._clash(name, bindings) is not None:
                bad.append(name)
                continue
            self._bound[name] = bindings
        if bad:
            self.notice = _("Some controls in your settings could not be used (%(names)s); they "
                            "keep their usual keys.") % {"names": ", ".join(sorted(bad))}

    def bindings(self, name: str, device: Device | None = None) -> tuple[Binding, ...]:
        return tuple(b for b in self._bound[name] if device in (None, b.device))

    def means(self, name: str, event) -> bool:
        """The event is one of the action's bindings (pressed; a held action also let go)."""
        held = ACTIONS[name].hold
        return any(b.matches(event, held) for b in self._bound[name])

    def action(self, event, place: str) -> str | None:
        """The action an event means in a place (PLACES), if any."""
        contexts = PLACES[place]
        for name, info in ACTIONS.items():
            if info.context in contexts and self.means(name, event):
                return name
        return None

    def _clash(self, name: str, bindings) -> str | None:
        """The other action that one of these bindings already means where both hold."""
        me = ACTIONS[name]
        for other, info in ACTIONS.items():
            if other != name and _clash_places(me, info) and \
                    set(bindings) & set(self._bound[other]):
                return other
        return None

    def rebind(self, name: str, device: Device, binding: Binding) -> str | None:
        """`binding` joins the action's others, first on its device (the one help lines
        name): the player's other keys keep working until taken away (`unbind`). Refused (the
        clashing action's name is returned, nothing changes) when another action there has it."""
        clash = self._clash(name, (binding,))
        if clash is not None:
            return clash
        others = tuple(b for b in self._bound[name] if b != binding)
        self._bound[name] = (binding,) + others
        return None

    def unbind(self, name: str, binding: Binding) -> bool:
        """Take one of the action's bindings away; refused (False, nothing changes) for its
        last one on that device, which would leave the action out of reach there."""
        bound = self._bound[name]
        if binding not in bound or len(self.bindings(name, binding.device)) <= 1:
            return False
        self._bound[name] = tuple(b for b in bound if b != binding)
        return True

    def reset(self) -> None:
        self.__init__()

    def overrides(self) -> dict[str, list[str]]:
        """What differs from the defaults, as Settings keeps it."""
        default = Controls.__new__(Controls)
        Controls.__init__(default)
        return {name: [b.text for b in bound] for name, bound in self._bound.items()
                if bound != default._bound[name]}

    def keys_of(self, name: str, device: Device) -> str:
        """The action's bindings on one device, as the player reads them: "U / Ctrl+Z"."""
        return " / ".join(b.label() for b in self.bindings(name, device))

    def help_line(self, device: Device, names) -> str:
        """"Keys: U undo  R redo  H hint  Ctrl+R restart" (the first binding of each action)."""
        parts = []
        for name in names:
            bound = self.bindings(name, device)
            if bound:
                part = pgettext("help line", "%(key)s %(action)s") % {
                    "key": bound[0].label(), "action": _(ACTIONS[name].words)}
                parts.append(part.replace(" ", NBSP))  # a key and its action on one line
        line = _("Keys: %(list)s") if device == Device.KEYBOARD else _("Pad: %(list)s")
        return line % {"list": "  ".join(parts)}

    def guide_lines(self, device: Device, places=("table", "level")) -> list[str]:
        """How to play's page of keys: each action that holds at the tables, with all of its
        bindings on one device ("U / Ctrl+Z: Undo (solo)")."""
        contexts = set().union(*(PLACES[p] for p in places))
        arrows = ("up", "down", "left", "right")  # one line for the four: more room to grow
        lines = [_("%(keys)s: %(action)s") % {
            "keys": ", ".join(self.keys_of(name, device) for name in arrows),
            "action": _("Move the cursor")}]
        return lines + [_("%(keys)s: %(action)s") % {"keys": self.keys_of(name, device),
                                                      "action": _(info.title)}
                         for name, info in ACTIONS.items() if name not in arrows
                         and info.context in contexts and self.bindings(name, device)]


DEFAULT = Controls()  # the defaults, for code that runs without an app (tests, tools)
# The kiosk operator's exit, held (game/kiosk.py): no player's action, so never rebound.
OPERATOR_EXIT = Binding.parse("key:ctrl+shift+q")

# Every line of words that names a key or a pad button, as each is made (a test walks them).
KEYED_LINES: list[KeyedLine] = []
_SLOT = re.compile(r"%\((\w+)\)s")


@dataclass(frozen=True)
class KeyedLine:
    """Words that name keys or buttons, never typed into them: in `keys` (and `pad`, when a
    gamepad's words differ) a slot named after an action takes that action's key or button,
    as bound where the words are read (`place`, of PLACES); `mouse` is said with the mouse in
    hand, or when an action has nothing bound on the device ("": nothing is said)."""

    place: str
    keys: str
    mouse: str = ""
    pad: str = ""

    def __post_init__(self) -> None:
        for name in self.actions:
            if ACTIONS[name].context not in PLACES[self.place]:
                raise ValueError(f"{name!r} does not hold at {self.place!r}: {self.keys!r}")
        KEYED_LINES.append(self)

    @property
    def slots(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(_SLOT.findall(self.keys + self.pad + self.mouse)))

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions whose keys the words name (the other slots are the caller's)."""
        return tuple(s for s in _SLOT.findall(self.keys + self.pad) if s in ACTIONS)

    def words(self, controls: Controls, device: Device, **values) -> str:
        """The words for the `device` in the player's hand, each key the first one bound to
        its action (kept on one line); `values` fill the other slots."""
        keyed = device in BINDABLE
        bound = {name: controls.bindings(name, device) for name in self.actions} if keyed else {}
        if not keyed or not all(bound.values()):
            return _(self.mouse) % values if self.mouse else ""
        keys = {name: b[0].label().replace(" ", NBSP) for name, b in bound.items()}
        text = self.pad if device == Device.GAMEPAD and self.pad else self.keys
        return _(text) % {**values, **keys}


def readme_table() -> str:
    """The README's controls table (English), made from the registry's defaults."""
    rows = ["| action | mouse / touch | keyboard | gamepad |", "|---|---|---|---|"]
    for name, info in ACTIONS.items():
        cells = [info.title, info.mouse, DEFAULT.keys_of(name, Device.KEYBOARD),
                 DEFAULT.keys_of(name, Device.GAMEPAD)]
        rows.append("| " + " | ".join(c or "\u2014" for c in cells) + " |")
    return "\n".join(rows)
