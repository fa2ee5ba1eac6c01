"""Settings -> Accessibility -> Card size: large (issue 50, finding 6). At 200 % text, every
table kind lays its field out with cards at least GROWTH times as wide; a full field is then
bigger than its view and pans, so the keyboard, gamepad and mouse each bring every card whole
into the view, left of the side panel, and the cards never reach the panel; its words fit."""

from __future__ import annotations

import json

import pygame
import pytest

from game.controls import Device
from game.match import Phase
from game.render import looks
from game.render.field import PLAY_AREA, RING, FieldLayout
from game.scenes.table.fields import FIELD_AREA
from game.scenes.table.section import PANEL
from game.settings import CARD_SIZES, LARGE_CARDS, Settings
from tests.scenes.drive import post, pump, step_selector
from tests.scenes.test_big_text import (
    app,  # noqa: F401  (the fixture: texts recorded)
    text_audit,
)
from tests.scenes.test_pick_speech import online
from tests.scenes.test_table_parts import tables

GROWTH = 1.3  # a large card is at least this much wider than a normal one (1.35 measured)
SCREEN = pygame.Rect(0, 0, 1920, 1080)


@pytest.fixture
def big(app):  # noqa: F811  (test_big_text.app, the fixture it takes)
    """The App with the texts in cached pictures recorded (test_big_text's `app`)."""
    return app


def kinds(big):
    """Each table kind a room makes (the couch's, a solo deal, a level, a solution, the lesson,
    a replay), and the online table (with its closing)."""
    made = {name: (lambda make=make: (make(), None)) for name, make in tables(big).items()}
    made["online"] = lambda: online(big)
    return made


def laid_out(big, make, size: str):
    """The table at 200 % with cards of `size`: its field's layout and the audit's problems."""
    big.settings.text_size = 2.0
    big.settings.card_size = size
    big.apply_looks()
    scene, close = make()
    try:
        if big.stack.top is not scene:  # (the online table is on the stack already: a
            big.stack.clear(scene)      # second clear() would make it leave its table)
        pump(big, 3)
        for _ in range(5):  # a hand-over or a coach: the table beneath
            if big.stack.top is scene:
                break
            big.pop()
        assert big.stack.top is scene
        pump(big, 3, force=True)
        screen = text_audit.Recorder()
        scene.draw(screen)
        problems = text_audit.check_scene(screen.texts, None, [], screen.shapes)
        return scene.field.layout, scene.state.position, problems
    finally:
        big.go_to_menu()
        pump(big)
        if close is not None:
            close()


def test_large_cards_are_bigger_on_every_table_kind_and_never_under_the_panel(big):
    """Every kind kinds() makes (the rooms' tables and the online one, walked: a new kind is
    met here too)."""
    walked = list(kinds(big))
    assert len(walked) >= 7
    for kind in walked:
        _bigger_and_in_view(big, kinds(big)[kind], kind)


def _bigger_and_in_view(big, make, kind: str) -> None:
    try:
        normal, _position, _problems = laid_out(big, make, CARD_SIZES[0])
        large, position, problems = laid_out(big, make, LARGE_CARDS)
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
    assert problems == [], kind
    assert large.card_w >= GROWTH * normal.card_w, (kind, normal.card_w, large.card_w)
    assert (large.width, large.height) == (position.width, position.height), kind
    # Its view is left of the panel and on the screen; every card can be panned whole into it.
    assert SCREEN.contains(large.area) and PLAY_AREA.contains(large.area), kind
    assert not large.area.colliderect(PANEL), kind
    for cell in _cells(large):
        shown = FieldLayout(large.width, large.height, FIELD_AREA, fill=True,
                            pan=large.pan_to([cell]))
        assert _whole(shown, cell), (kind, cell)


def _cells(layout) -> list:
    return [(x, y) for x in range(layout.width) for y in range(layout.height)]


def _toward(layout, cell) -> tuple[int, int]:
    """Where the mouse goes for `cell`: the middle of the part of it in view, or (hidden yet)
    the point of the view nearest to it."""
    seen = pygame.Rect(layout.area).clip(layout.card_rect(cell))
    if seen.w and seen.h:
        return seen.center
    x, y = layout.card_rect(cell).center
    view = layout.area
    return min(max(x, view.left + 1), view.right - 2), min(max(y, view.top + 1), view.bottom - 2)


def _whole(layout, cell) -> bool:
    """The card with its cursor ring is whole in the field's view."""
    return layout.area.contains(layout.card_rect(cell).inflate(2 * RING, 2 * RING))


def test_a_large_card_is_bigger_on_a_full_field_and_on_three_columns_at_every_text_size():
    """4x8 and a solo field closed to 3 columns, at 100 % and 200 %: the large card is GROWTH
    times as wide (measured: 153 -> 207 px at 100 %, 149 -> 201 px at 200 %, on both)."""
    try:
        for size in (1.0, 2.0):
            looks.set_looks(size, False, False)
            for width in (8, 3):
                normal = FieldLayout(width, 4, FIELD_AREA)
                large = FieldLayout(width, 4, FIELD_AREA, fill=True)
                assert large.card_w >= GROWTH * normal.card_w, (size, width, normal.card_w,
                                                               large.card_w)
                assert large.zoomed and not normal.zoomed
    finally:
        looks.set_looks(1.0, False, False)


def test_a_zoomed_field_pans_as_little_as_it_must_and_never_shows_bare_screen():
    """From each end of its pan, each card is brought whole into view; a card in view already
    moves nothing; the cards and their labels still cover the view after any pan."""
    layout = FieldLayout(8, 4, FIELD_AREA, fill=True)
    ends = [FieldLayout(8, 4, FIELD_AREA, fill=True, pan=(sx * 999, sy * 999))
            for sx in (-1, 1) for sy in (-1, 1)]
    assert len({end.pan for end in ends}) == 4  # it pans both ways
    for end, (sx, sy) in zip(ends, [(sx, sy) for sx in (-1, 1) for sy in (-1, 1)], strict=True):
        # The arrows: toward the side the field goes on past the view, never the other way.
        shown_side, hidden_side = ("left", "right") if sx > 0 else ("right", "left")
        assert hidden_side in end.hidden_sides() and shown_side not in end.hidden_sides()
        shown_side, hidden_side = ("top", "bottom") if sy > 0 else ("bottom", "top")
        assert hidden_side in end.hidden_sides() and shown_side not in end.hidden_sides()
    assert FieldLayout(3, 2, FIELD_AREA, fill=True).hidden_sides() == ()  # a small field
    for start in [layout, *ends]:
        for cell in _cells(start):
            pan = start.pan_to([cell])
            shown = FieldLayout(8, 4, FIELD_AREA, fill=True, pan=pan)
            assert _whole(shown, cell), (start.pan, cell)
            if _whole(start, cell):
                assert pan == start.pan, (start.pan, cell)
            cards = shown.rect
            assert cards.left - shown.label_w <= FIELD_AREA.left + RING
            assert cards.right >= FIELD_AREA.right - RING
            assert cards.top <= FIELD_AREA.top + RING
            assert cards.bottom + shown.label_h >= FIELD_AREA.bottom - RING


def couch_at(big, size: str):
    """The couch table at 200 % with cards of `size`, on the first player's turn."""
    big.settings.text_size = 2.0
    big.settings.card_size = size
    big.apply_looks()
    scene = tables(big)["couch"]()
    big.stack.clear(scene)
    pump(big, 3)
    for _ in range(5):
        if big.stack.top is scene:
            break
        big.pop()
    pump(big, 3)
    assert scene.phase == Phase.TURN
    return scene


def press(big, action: str, device: Device) -> None:
    """The first key or button the controls registry binds to `action`."""
    binding = big.input.controls.bindings(action, device)[0]
    if device == Device.KEYBOARD:
        post(pygame.KEYDOWN, key=binding.code, mod=0, unicode="", scancode=0)
        post(pygame.KEYUP, key=binding.code, mod=0, unicode="", scancode=0)
    else:
        post(pygame.CONTROLLERBUTTONDOWN, button=binding.code, instance_id=0)
        post(pygame.CONTROLLERBUTTONUP, button=binding.code, instance_id=0)
    pump(big, 2)


@pytest.mark.parametrize("device", [Device.KEYBOARD, Device.GAMEPAD])
def test_the_cursor_shows_every_large_card_whole(big, device):
    """The cursor walks the whole 4x8 field (up the columns, left to right): the field pans so
    the card under it, with its ring, is whole in the view every time."""
    try:
        scene = couch_at(big, LARGE_CARDS)
        assert scene.field.layout.zoomed
        press(big, "select", device)  # the first press shows the cursor where it is
        for _ in range(8):
            press(big, "left", device)
        for _ in range(4):
            press(big, "down", device)
        seen = set()
        for x in range(8):
            for y in range(4):
                layout = scene.field.layout
                seen.add(scene.pick.cursor)
                assert _whole(layout, scene.pick.cursor), (scene.pick.cursor, layout.pan)
                if y < 3:
                    press(big, "down" if x % 2 else "up", device)
            press(big, "right", device)
        assert seen == set(_cells(scene.field.layout))
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_the_mouse_reaches_every_large_card_by_its_edge_and_clicks_it(big):
    """The mouse over the part of a card the view shows pans it whole into view (so moving
    toward a hidden card brings it, card by card); a click then chooses it."""
    try:
        scene = couch_at(big, LARGE_CARDS)
        for cell in _cells(scene.field.layout):
            for _ in range(12):
                layout = scene.field.layout
                if _whole(layout, cell):
                    break
                post(pygame.MOUSEMOTION, pos=_toward(layout, cell), rel=(0, 0),
                     buttons=(0, 0, 0))
                pump(big, 2)
            assert _whole(scene.field.layout, cell), (cell, scene.field.layout.pan)
        scarer = next(iter(scene.pick.targets_of))
        layout = scene.field.layout
        post(pygame.MOUSEMOTION, pos=layout.card_rect(scarer).center, rel=(0, 0),
             buttons=(0, 0, 0))
        pump(big, 2)
        centre = scene.field.layout.card_rect(scarer).center
        post(pygame.MOUSEBUTTONDOWN, button=1, pos=centre)
        post(pygame.MOUSEBUTTONUP, button=1, pos=centre)
        pump(big, 2)
        assert scene.pick.selected == scarer
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_large_cards_never_reach_the_panel(big):
    """With the field panned to its right end (the cursor on column h) the side panel looks
    as it does with normal cards: no card, glow or cursor is drawn over it."""
    panels = []
    try:
        for size in (CARD_SIZES[0], LARGE_CARDS):
            scene = couch_at(big, size)
            press(big, "select", Device.KEYBOARD)
            for _ in range(8):
                press(big, "right", Device.KEYBOARD)
            press(big, "select", Device.KEYBOARD)  # a card chosen or refused: lights on
            pump(big, 2, force=True)
            screen = pygame.Surface(SCREEN.size)
            scene.draw(screen)
            panels.append(pygame.image.tobytes(screen.subsurface(PANEL), "RGB"))
            big.go_to_menu()
            pump(big)
        assert panels[0] == panels[1]
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_the_card_size_is_chosen_in_accessibility_and_kept(big, tmp_path, monkeypatch):
    from game.scenes.registry import open_screen

    open_screen(big, "access")
    pump(big)
    try:
        step_selector(big, "card_size")
        pump(big)
        assert big.settings.card_size == LARGE_CARDS and looks.large_cards
        monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
        big.settings.save()
        assert Settings.load()[0].card_size == LARGE_CARDS
        step_selector(big, "card_size")
        pump(big)
        assert big.settings.card_size == CARD_SIZES[0] and not looks.large_cards
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_a_settings_file_from_before_the_card_size_reads_normal_and_a_bad_one_is_refused(
        tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"text_size": 2.0}), encoding="utf-8")
    settings, notice = Settings.load()
    assert notice is None and settings.card_size == CARD_SIZES[0]
    (tmp_path / "settings.json").write_text(json.dumps({"card_size": "huge"}), encoding="utf-8")
    settings, notice = Settings.load()
    assert notice is not None and settings.card_size == CARD_SIZES[0]  # damaged: defaults


def test_a_card_lifted_for_a_move_leaves_the_banner_above_a_zoomed_field(big):
    """A move's card on a row cut by the view's top is lifted off the cached table inside the
    view only: the banner's words above it stay (they were painted over with felt)."""
    from types import SimpleNamespace

    try:
        scene = couch_at(big, LARGE_CARDS)
        layout = scene.field.layout
        top = (3, 3)
        card = layout.card_rect(top)
        assert card.top < layout.area.top < card.bottom  # the foot shown: the top row cut
        picture = scene.picture
        picture.anim_field = scene.field
        marked = (1, 2, 3)
        picture.rest.fill(marked)
        sprite = SimpleNamespace(x=card.x, y=card.y, width=card.w)
        picture.step_begins(SimpleNamespace(moving=[sprite]))
        assert picture.rest.get_at((card.centerx, layout.area.top - 5))[:3] == marked
        assert picture.rest.get_at((card.centerx, layout.area.top + 5))[:3] != marked
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_a_move_on_a_row_out_of_view_is_shown_whole(big):
    """A move whose cards lie past the view (played by a computer seat, a far player, a
    replay: no cursor led there) pans the field to them before it is shown; the last move is
    what the field shows when nothing else is looked at."""
    try:
        big.settings.text_size = 2.0
        big.settings.card_size = LARGE_CARDS
        big.apply_looks()
        scene = tables(big)["solo"]()
        big.stack.clear(scene)
        pump(big, 3)
        layout = scene.field.layout
        move = next(m for m in scene.state.legal_moves()
                    if not (_whole(layout, m.scarer) and _whole(layout, m.target)))
        scene.play(move)
        assert scene.director is not None
        shown = scene.picture.anim_field.layout
        assert _whole(shown, move.scarer) and _whole(shown, move.target), (move, shown.pan)
        scene.end_animation()
        # Shown by a jump (a replay's step, an undo: no animation) with nothing else looked at,
        # the last move is what the field pans to.
        scene.pan = tuple(-999 * p if p else 999 for p in shown.pan)
        scene.lay_out()
        scene.pick.cursor_visible, scene.pick.hover = False, None
        pump(big, 2)
        last = [cell for cell in scene.session.last_cells() if cell is not None]
        assert all(_whole(scene.field.layout, cell) for cell in last), scene.field.layout.pan
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_a_large_cards_glow_leaves_the_row_numbers_and_column_letters_whole(big):
    """A hint lit on the bottom-left cards of a full field of large cards: the glows round
    them reach no label (the audit finds no text across a glow's edge)."""
    from game.engine.moves import Move

    try:
        scene = couch_at(big, LARGE_CARDS)
        scene.pick.hint_move = Move(scarer=(0, 0), target=(1, 0), move_in=False)
        scene.pick.cursor, scene.pick.cursor_visible = (0, 0), True
        pump(big, 3, force=True)
        assert _whole(scene.field.layout, (0, 0)) and scene.field.layout.labels
        screen = text_audit.Recorder()
        scene.draw(screen)
        assert text_audit.check_scene(screen.texts, None, [], screen.shapes) == []
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_the_cards_the_coach_rings_are_shown_whole(big):
    """The guided game on a zoomed field: the coach's ringed cards come first (here the
    first move's scarer and target, on the bottom row, with the cursor left on the top)."""
    from tests.scenes.test_pick_speech import guided

    try:
        big.settings.text_size = 2.0
        big.settings.card_size = LARGE_CARDS
        big.apply_looks()
        scene, _close = guided(big)
        cells = scene.kind.looked_at(scene.controls.seen())
        assert cells and scene.field.layout.zoomed
        scene.pick.cursor, scene.pick.cursor_visible = (cells[0][0], 3), True
        pump(big, 3)
        assert all(_whole(scene.field.layout, cell) for cell in cells), scene.field.layout.pan
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)


def test_a_dragged_card_keeps_the_field_still(big):
    """While a scarer is dragged the field does not pan (its targets stay under the mouse),
    though the last move lies out of view."""
    try:
        big.settings.text_size = 2.0
        big.settings.card_size = LARGE_CARDS
        big.apply_looks()
        scene = tables(big)["solo"]()
        big.stack.clear(scene)
        pump(big, 3)
        scene.play(scene.state.legal_moves()[0])
        scene.end_animation()
        pump(big, 2)
        last = [cell for cell in scene.session.last_cells() if cell is not None]
        far = max(scene.pick.targets_of, key=lambda cell: abs(cell[0] - last[0][0]))
        for _ in range(12):  # the mouse brings the far scarer whole into view
            layout = scene.field.layout
            post(pygame.MOUSEMOTION, pos=_toward(layout, far), rel=(0, 0), buttons=(0, 0, 0))
            pump(big, 2)
        layout = scene.field.layout
        assert _whole(layout, far) and not all(_whole(layout, cell) for cell in last)
        start = layout.card_rect(far).center
        post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
        pump(big, 2)
        post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0))
        pump(big, 2)
        assert scene.pick.dragging()
        scene.pick.hover = None  # (as after a move: nothing under the mouse looked at)
        pump(big, 3)
        assert scene.field.layout.pan == layout.pan
    finally:
        big.settings.card_size = CARD_SIZES[0]
        big.apply_looks()
        big.go_to_menu()
        pump(big)
