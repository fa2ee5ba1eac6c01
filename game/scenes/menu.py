"""MenuScene: a scene made of pygame-gui widgets with a focus ring, Back, and the felt backdrop."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.i18n import _
from game.input import Action
from game.render import fit
from game.scenes.base import Scene
from game.scenes.input_guard import InputGuard
from game.ui import look, widget_text
from game.ui.focus import FocusRing
from game.ui.widget_words import spoken_value, typed_words

CENTER_X = 960
BUTTON_W, BUTTON_H = 560, 88


HEADING_BOX = pygame.Rect(60, 66, 1800, 120)  # two lines of a long headline, above the rows
LABEL_PAD = 24  # a pygame-gui button's border and rounded corners keep 12 px a side
ENTRY_PAD = 2 * 14 + 4  # theme.json's @entry: its padding, and the cursor


def size_entry(assets, entry) -> None:
    """Words too long for a text box at the entries' size are written smaller (down to
    theme.json's @entry_small size), whole: the box never hides the start of a long name."""
    widget_text.fit(entry, [entry.get_text() or getattr(entry, "placeholder_text", "")],
                    ENTRY_PAD)  # an empty box shows its placeholder


def fit_label(element, wordings, decorate=lambda words: words) -> str:
    """Give a pygame-gui button the first of `wordings` (longest first, each whole words the
    caller supplies) that fits its room, at the largest size the player's text size allows
    (game/ui/widget_text.py); returns the text set. The last one is used when none fits
    (the text audit reports it)."""
    wordings = [decorate(w) for w in dict.fromkeys(wordings) if w] or [""]
    return widget_text.fit(element, wordings, LABEL_PAD,
                           getattr(element, "raw_set_text", element.set_text))


def arrows(words: str) -> str:
    """A selector's words between its two arrows: "‹  3  ›"."""
    return f"\u2039  {words}  \u203a"


class MenuScene(Scene):
    """Subclasses build their widgets in `build()` with `button()` / `slider()` / `entry()`;
    the base kills them on exit, hides them while covered and drives them by keyboard / gamepad."""

    heading = ""
    heading_box = HEADING_BOX  # where the heading fits (narrower beside a corner button)
    # A result screen (the scores): a press made for the screen before never chooses here.
    waits_for_choice = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.elements: list = []
        self.actions: dict[object, Callable[[], None]] = {}
        self.ring = FocusRing(app.ui)
        self.covered = False  # another scene is on top: widgets stay hidden, even when rebuilt
        self.selectors: dict[object, Callable[[int], None]] = {}  # element -> step(-1 / +1)
        self._pointer: tuple[int, int] | None = None  # where the mouse was last seen
        self._spoken = None  # (element, words) last said of the focus
        self._typed: dict[object, str] = {}  # each text box's text as last echoed
        self.spoken_labels: dict[object, str | Callable[[], str]] = {}  # see label()
        self.guard = InputGuard()  # armed each time a screen that waits_for_choice shows

    # Lifecycle ------------------------------------------------------------------
    def enter(self) -> None:
        self._arm()
        self.build()
        self.ring.refresh()
        self.dirty = True
        self.announce()
        self._spoken = None
        self._speak_focus(interrupt=False)  # after the title and the question, never over them

    def spoken_words(self, element) -> str:
        """A widget as the table that speaks says it: its label (label()), then what it holds:
        "Speak the table: On", "Players: 4", "Music: 80 %", "Seed (optional): empty"."""
        words = spoken_value(element)
        label = self.spoken_labels.get(element)
        if label is None or label == "":  # "": its own words say what it is ("Page 1 of 4")
            return words
        return _("{label}: {value}").format(label=label() if callable(label) else label,
                                            value=words)

    def _speak_focus(self, element=None, interrupt: bool = True) -> None:
        """The focused widget's words (or `element`'s, a slider dragged), once per change,
        while this screen is in front; they cut off the words of the focus before (a voice
        would else read each step long after the player moved on)."""
        if element is None:
            item = self.ring.focused
            element = item.element if item is not None else None
        if element is None or self.app.stack.top is not self or not element.alive():
            return
        if isinstance(element, pygame_gui.elements.UITextEntryLine):  # set by code meanwhile
            self._typed[element] = element.get_text()
        words = self.spoken_words(element)
        if words and (element, words) != self._spoken:
            self._spoken = (element, words)
            self.app.speech.say(words, interrupt=interrupt)

    def speak_again(self) -> None:
        """After "Speech on": the screen as on arrival, then the focused widget."""
        super().speak_again()
        self._spoken = None
        self._speak_focus(interrupt=False)

    def _echo(self, element) -> None:
        """A letter typed into a text box is said; one taken away, "deleted: x"."""
        before, after = self._typed.get(element, ""), element.get_text()
        self._typed[element] = after
        if after != before and self.app.stack.top is self:
            self.app.speech.say(typed_words(before, after), interrupt=True)
            self._spoken = (element, self.spoken_words(element))

    def exit(self) -> None:
        self._kill()

    def pause(self) -> None:
        self.covered = True
        for element in self.elements:
            element.hide()

    def resume(self) -> None:
        self._arm()
        self.covered = False
        for element in self.elements:
            element.show()
        self.ring.refresh()
        self.dirty = True
        self._spoken = None  # back from the screen above: where the focus is, said again
        self._speak_focus()

    def _arm(self) -> None:
        """The screen shows (again): what the hands are doing now was meant for another."""
        if self.waits_for_choice:
            self.guard.arm(self.app.now, self.app.input.held)

    def build(self) -> None:
        """Create the widgets (override)."""

    def rebuild(self) -> None:
        """Throw the widgets away and build them again, keeping the focus position."""
        self.drop_widgets()
        self._build_again()

    def drop_widgets(self) -> None:
        """First half of a rebuild: kill the widgets, remember the focus position."""
        if self.elements and self._focus_kept is None:
            self._focus_kept = self.ring.index
            self._kill()

    def _build_again(self) -> None:
        index, self._focus_kept = self._focus_kept, None
        self.build()
        if self.covered:
            for element in self.elements:
                element.hide()
        if self.ring.items and index is not None:
            self.ring.index = min(index, len(self.ring.items) - 1)
        self.ring.refresh()
        self.dirty = True

    _focus_kept: int | None = None  # set between drop_widgets() and building them again

    def language_changed(self) -> None:
        """Button words are baked into the widgets: build them again in the new language
        (switch_language drops every scene's widgets first, so pygame-gui re-lays out none)."""
        super().language_changed()
        if self.elements or self._focus_kept is not None:
            self.drop_widgets()
            self._build_again()

    def label(self, element, words: str | Callable[[], str] | None) -> None:
        """What the table that speaks says before a widget's own words: its row's label, or
        which game a button acts on (words, or a function giving them as they are now)."""
        if words is not None:
            self.spoken_labels[element] = words

    def _kill(self) -> None:
        self.spoken_labels.clear()
        self._typed.clear()
        self.ring.clear()
        for element in self.elements:
            element.kill()
        self.elements.clear()
        self.actions.clear()
        self.selectors.clear()

    # Widget builders --------------------------------------------------------------
    def button(self, text: str, rect, action: Callable[[], None] | None = None, *,
               adjust: Callable[[int], None] | None = None, style: str = "@menu_button",
               focus: bool = True, enabled: bool = True, name: str | None = None,
               shorter: tuple[str, ...] = (), label: str | Callable[[], str] | None = None):
        """A button; `shorter` wordings stand in, in turn, when `text` is wider than it;
        `label`: its row's words, said before its own (a switch: "Full screen: On")."""
        element = pygame_gui.elements.UIButton(
            pygame.Rect(rect), text, self.app.ui,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id=style),
        )
        widget_text.follow(element, LABEL_PAD)  # words set later fit as well
        fit_label(element, (text, *shorter))  # the words at the player's text size
        if not enabled:
            element.disable()
        self.elements.append(element)
        if action is not None:
            self.actions[element] = action
        if focus:
            self.ring.add(element, action, adjust)
        self.label(element, label)
        return element

    def selector(self, words: str, rect, step: Callable[[int], None], *,
                 style: str = "@menu_button", name: str | None = None,
                 shorter: tuple[str, ...] = (), label: str | Callable[[], str] | None = None):
        """A value stepped through a ring, drawn "‹ words ›": a click on the left half goes
        back and on the right half forward, a right click back, the wheel both ways, and so do
        left / right on the keyboard and the pad; Enter goes forward."""
        element = self.button(arrows(words), rect, None, adjust=step, style=style, name=name,
                              label=label)
        fit_label(element, (words, *shorter), arrows)
        self.selectors[element] = step
        return element

    def entry(self, rect, initial: str, limit: int = 16, placeholder: str | None = None, *,
              label: str | Callable[[], str] | None = None):
        """A text box; the table that speaks says `label` and what it holds, and echoes each
        letter typed."""
        element = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(rect), self.app.ui, initial_text=initial, placeholder_text=placeholder,
            object_id=ObjectID(class_id="@entry"),
        )
        element.set_text_length_limit(limit)
        if initial:
            element.set_text(initial)  # the caret after the words: typing goes on at their end
        size_entry(self.app.assets, element)
        self.elements.append(element)
        self.ring.add(element)
        self.label(element, label)
        self._typed[element] = element.get_text()
        return element

    def slider(self, rect, value: float, low: float, high: float,
               adjust: Callable[[int], None] | None = None, *,
               label: str | Callable[[], str] | None = None):
        """A slider, said as `label` and its value in percent, on focus and on each change."""
        element = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(rect), value, (low, high), self.app.ui,
            object_id=ObjectID(class_id="@slider"), click_increment=(high - low) / 20,
        )
        self.elements.append(element)
        self.ring.add(element, None, adjust)
        self.label(element, label)
        return element

    @staticmethod
    def column(top: int, count: int, gap: int = 26, width: int = BUTTON_W,
               height: int = BUTTON_H) -> list[pygame.Rect]:
        """Rects for a centred column of buttons."""
        return [pygame.Rect(CENTER_X - width // 2, top + i * (height + gap), width, height)
                for i in range(count)]

    # Events ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.waits_for_choice and self.guard.swallows(event, self.app.now):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.elements:
            size_entry(self.app.assets, event.ui_element)  # typed or pasted: still whole
            self._echo(event.ui_element)
        if event.type == pygame.MOUSEMOTION or (event.type in (
                pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button <= 3):
            self._pointer = event.pos  # (SDL's old wheel-as-button events bring window pixels)
        if self._selector_input(event):
            self.dirty = True
            self._speak_focus()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            callback = self.actions.get(event.ui_element)
            if callback is not None:
                self.ring.focus(event.ui_element)
                self.app.audio.play("select")
                callback()
                self.dirty = True
                self._speak_focus()  # a switch clicked says its new value
                return True
            return False
        if event.type in (pygame_gui.UI_BUTTON_ON_HOVERED, pygame_gui.UI_BUTTON_ON_UNHOVERED):
            self.dirty = True
        action = self.app.input.action(event)
        if self.ring.handle(event, action):
            self.dirty = True
            self._speak_focus()
            return True
        if action is Action.BACK or (action is Action.PAUSE and self.back_on_pause):
            self.back()
            return True
        used = self.handle_more(event, action)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element in self.elements:
            self._speak_focus(event.ui_element)  # dragged or clicked: its new value
        return used

    back_on_pause = False

    def _selector_input(self, event: pygame.event.Event) -> bool:
        """A selector clicked (which half), right-clicked or wheeled."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.selectors:
            element = event.ui_element
            x = self._pointer[0] if self._pointer is not None else element.rect.right
            step = -1 if x < element.rect.centerx else 1
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            element, step = self._selector_at(event.pos), -1
        elif event.type == pygame.MOUSEWHEEL and getattr(event, "pos", self._pointer):
            where = getattr(event, "pos", None) or self._pointer
            element, step = self._selector_at(where), 1 if event.y > 0 else -1
        else:
            return False
        if element is None or not element.is_enabled:
            return False
        self.ring.focus(element)
        self.app.audio.play("select")
        self.selectors[element](step)
        return True

    def _selector_at(self, pos):
        return next((e for e in self.selectors if e.visible and e.rect.collidepoint(pos)), None)

    def handle_more(self, event: pygame.event.Event, action: Action | None) -> bool:
        """Scene-specific input not covered by the focus ring (override)."""
        return False

    def back(self) -> None:
        self.app.audio.play("select")
        self.app.pop()

    # Drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(look.backdrop(self.app.assets), (0, 0))
        self.draw_content(surface)
        if self.heading:
            fit.draw(surface, self.app.assets, _(self.heading), self.heading_box, 84, look.CREAM,
                     True, anchor="midtop", shadow=True)
        self.ring.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """What lies between the backdrop and the widgets (override)."""
