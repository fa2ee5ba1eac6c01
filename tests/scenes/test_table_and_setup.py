"""The table and the New game screen as a player meets them: peeks, pace, panels, remembered
choices and results (issue 9's playtest), each driven by posted events on a headless table."""

import pygame
import pytest

from game.app import TICK
from game.controls import Device
from game.engine import Mode, apply, new_game
from game.engine.rng import Rng
from game.match.session import Phase
from game.scenes.table.view import snapshot
from tests.scenes.drive import post, pump


@pytest.fixture
def app(module_app):
    app = module_app[0]
    app.settings.animation_speed = 25.0
    app.settings.computer_pace = 0.0
    app.input.device = Device.MOUSE
    return app


def tap(app, pos, ticks=2):
    """Press and release in the same frame (a touchpad tap, xdotool click)."""
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    pump(app, ticks)


def key(app, k):
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    pump(app, 1)


def top(app):
    return app.stack.top


def name(app):
    return type(app.stack.top).__name__


def start(app, state, answer=True):
    from game.scenes.table.play import table_scene

    scene = table_scene(app, state)
    app.stack.clear(scene)
    pump(app, 2)
    while answer and name(app) == "HandoverScene":
        key(app, pygame.K_RETURN)
        pump(app, 1)
    return scene


def drawn_words(scene):
    """Every text the scene renders from now on."""
    words = []
    real, real_draw = scene.text.get, scene.text.draw

    def spy(text, *args, **kw):
        words.append(text)
        return real(text, *args, **kw)

    def spy_draw(surface, text, *args, **kw):  # text fitted into its box
        words.append(text)
        return real_draw(surface, text, *args, **kw)

    scene.text.get, scene.text.draw = spy, spy_draw
    return words


def repaint(app, scene):
    """Draw once from the caches, then once from nothing: the two pictures must agree."""
    app.stack.draw(app.screen)
    cached = pygame.image.tobytes(app.screen, "RGB")
    scene.picture.forget()
    app.stack.draw(app.screen)
    return cached, pygame.image.tobytes(app.screen, "RGB")


def two_humans(seed=11):
    return new_game(Mode.STANDARD, ["Anna", "Ben"], seed, 0, [None, None])


# Bug 1: a peek ends as it began, whatever the timing ------------------------------------------
def test_handover_peek_tap_in_one_frame_shows_then_hides(app):
    start(app, two_humans(), answer=False)
    handover = top(app)
    assert name(app) == "HandoverScene"
    pos = handover.peek_button.rect.center
    tap(app, pos)
    assert handover.peek.active and handover.peek_button.text == "Hide my cards"
    tap(app, pos)
    assert not handover.peek.active and handover.peek_button.text == "Hold to peek"
    for _ in range(3):  # tap after tap keeps alternating
        tap(app, pos)
        assert handover.peek.active
        tap(app, pos)
        assert not handover.peek.active
    # A hold still peeks only while held.
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    pump(app, 40)
    assert handover.peek.active and handover.peek_button.text == "Hold to peek"
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    pump(app, 2)
    assert not handover.peek.active


def test_table_peek_button_stops_saying_hide_without_a_mouse_move(app):
    scene = start(app, two_humans())
    assert scene.buttons["peek"].visible
    pos = scene.buttons["peek"].rect.center
    tap(app, pos)
    assert scene.peek.active and scene.buttons["peek"].on
    tap(app, pos)
    assert not scene.peek.active
    assert not scene.buttons["peek"].on
    cached, fresh = repaint(app, scene)
    assert cached == fresh, "the cached table still shows the old Peek button"


# Bug 3: game over on the panel -----------------------------------------------------------------
def _last_move_state(seed=5):
    """Two humans, one plain (not move-in) move before the end of the game."""
    rng = Rng(seed)
    state = two_humans(seed)
    while True:
        moves = state.legal_moves()
        for m in moves:
            after, _ = apply(state, m)
            if after.over and not m.move_in:
                return state, m
        state, _ = apply(state, rng.choice(moves))
        if state.over:
            state = two_humans(seed := seed + 1)


def test_game_over_panel_says_so_not_whose_turn(app):
    state, last = _last_move_state()
    scene = start(app, state)
    words = drawn_words(scene)
    tap(app, scene.field.layout.center(last.scarer))
    tap(app, scene.field.layout.center(last.target))
    pump(app, 10)
    assert scene.phase.ended
    words.clear()
    scene.picture.forget()
    pump(app, 1)
    assert "Game over" in words
    assert not any(w.startswith("Turn: ") for w in words), words


# Item 4: pacing ---------------------------------------------------------------------------------
def _ticks_to_bot_move(app, pace):
    app.settings.computer_pace = pace
    state = new_game(Mode.STANDARD, ["Robo", "Anna"], 3, 0, ["easy", None])
    scene = start(app, state, answer=False)
    aimed = 0
    for ticks in range(1, 2000):
        pump(app, 1, draw=ticks % 15 == 0)  # the timing is logic time: few frames need drawing
        aimed += scene.session.aim is not None
        if scene.session.index:
            return ticks, aimed
    raise AssertionError("the computer never moved")


def test_computer_pace_makes_a_visible_difference(app):
    instant, _ = _ticks_to_bot_move(app, 0.0)
    normal, aimed_normal = _ticks_to_bot_move(app, 1.0)
    relaxed, aimed_relaxed = _ticks_to_bot_move(app, 1.8)
    assert instant < 10
    assert normal >= 60 * 2  # think, show the scarer, show the target: two seconds at least
    assert relaxed > normal * 1.5
    assert aimed_normal >= 30 and aimed_relaxed > aimed_normal  # the target is lit before it goes


def test_the_field_settles_before_the_handover_covers_it(app):
    app.settings.animation_speed = 1.0
    scene = start(app, two_humans())
    move = next(m for m in scene.state.legal_moves() if not m.move_in)
    tap(app, scene.field.layout.center(move.scarer))
    tap(app, scene.field.layout.center(move.target), ticks=1)
    ticks = 0
    while name(app) != "HandoverScene":
        if scene.director is None:
            assert scene.phase == Phase.REST
        pump(app, 1)
        ticks += 1
    assert scene.director is None
    assert ticks * TICK > 0.3 + 0.8  # the animation, then most of a second at rest
    # Any key skips the wait.
    key(app, pygame.K_RETURN)
    pump(app, 2)
    move = next(m for m in scene.state.legal_moves() if not m.move_in)
    tap(app, scene.field.layout.center(move.scarer))
    tap(app, scene.field.layout.center(move.target), ticks=1)
    while scene.director is not None:
        pump(app, 1)
    assert scene.phase == Phase.REST
    key(app, pygame.K_SPACE)
    assert name(app) == "HandoverScene"


# Item 5: solo ---------------------------------------------------------------------------------
def _solo_before_a_close(seed=7):
    rng = Rng(seed)
    state = new_game(Mode.SOLO, ["Sam"], seed)
    while True:
        moves = state.legal_moves()
        closing = [m for m in moves if not m.move_in and apply(state, m)[0].position.width
                   < state.position.width and not apply(state, m)[0].over]
        if closing:
            return state, closing[0]
        state, _ = apply(state, rng.choice(moves))
        if state.over:
            state = new_game(Mode.SOLO, ["Sam"], seed := seed + 1)


def test_solo_column_closes_slowly_and_says_so_once(app):
    app.settings.animation_speed = 1.0
    state, move = _solo_before_a_close()
    scene = start(app, state)
    assert snapshot(scene).hint == "Pick a card to scare with"
    tap(app, scene.field.layout.center(move.scarer))
    tap(app, scene.field.layout.center(move.target), ticks=1)
    closing = 0
    said = []
    while scene.director is not None:
        step = scene.director.step
        closing += type(step).__name__ == "CloseStep"
        if scene.banner.message:
            said.append(scene.banner.message)
        pump(app, 1)
    assert closing * TICK >= 0.7  # the eye can follow it
    assert "The empty column closes up" in said


def test_solo_goal_is_on_the_panel(app):
    scene = start(app, new_game(Mode.SOLO, ["Sam"], 3))
    words = drawn_words(scene)
    scene.picture.forget()
    scene.dirty = True
    pump(app, 1)
    joined = " ".join(words)
    assert "Leave as few cards" in joined and "King" in joined


# Item 6: scoring explained on the table's peek --------------------------------------------------
def test_peek_explains_points(app):
    scene = start(app, two_humans())
    words = drawn_words(scene)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.buttons["peek"].rect.center)
    pump(app, 2)
    joined = " ".join(words)
    assert "1 point" in joined and "both" in joined and "scores 2" in joined
    post(pygame.MOUSEBUTTONUP, button=1, pos=scene.buttons["peek"].rect.center)
    pump(app, 1)


# Item 8: the small things on the table --------------------------------------------------------
def _side_move(state):
    return next((m for m in state.legal_moves() if m.move_in and not m.vertical), None)


def test_move_in_button_follows_a_drag(app):
    seed = 1
    while _side_move(state := new_game(Mode.SOLO, ["Sam"], seed)) is None:
        seed += 1
    scene = start(app, state)
    move = _side_move(state)
    a, b = scene.field.layout.center(move.scarer), scene.field.layout.center(move.target)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=a)
    post(pygame.MOUSEMOTION, pos=((a[0] + b[0]) // 2, a[1]), rel=(0, 0), buttons=(1, 0, 0))
    pump(app, 1)
    assert scene.buttons["move_in"].on
    post(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, button=1, pos=b)
    pump(app, 2)
    assert scene.state.moves[-1] == move.canonical()


def test_keyboard_player_sees_the_cursor_and_own_hints(app):
    scene = start(app, two_humans())  # the hand-over was answered with Enter
    assert scene.pick.cursor_visible
    seed = 1
    while _side_move(state := new_game(Mode.SOLO, ["Sam"], seed)) is None:
        seed += 1
    scene = start(app, state)
    key(app, pygame.K_LEFT)
    assert scene.pick.cursor_visible
    scene.pick.selected = _side_move(state).scarer
    assert "Tab" in snapshot(scene).hint and "click" not in snapshot(scene).hint
    post(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_LEFT, instance_id=0)
    pump(app, 1)
    assert "X then A" in snapshot(scene).hint
    post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    pump(app, 1)
    assert "drag" in snapshot(scene).hint


def test_pause_button_drops_its_highlight_after_esc(app):
    scene = start(app, new_game(Mode.SOLO, ["Sam"], 3))
    pos = scene.buttons["pause"].rect.center
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pump(app, 1)
    assert scene.buttons["pause"].hot
    tap(app, pos)
    assert name(app) == "PauseScene"
    key(app, pygame.K_ESCAPE)
    pump(app, 1)
    assert top(app) is scene
    assert not scene.buttons["pause"].hot and not scene.buttons["pause"].pressed


# Item 7 and issue 13 item 6: the new game screen ------------------------------------------------
def _fresh_setup(app):
    from game.scenes.table.setup import SetupScene

    app.forget_setup_memory()
    scene = SetupScene(app)
    app.stack.clear(scene)
    pump(app, 2)
    return scene


def _type(app, entry, words):
    tap(app, entry.rect.center)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    for _ in range(30):  # clear what is there
        post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)
    pump(app, 1)
    for ch in words:
        post(pygame.TEXTINPUT, text=ch)
        pump(app, 1)


def test_first_player_follows_the_names_as_typed(app):
    scene = _fresh_setup(app)
    assert "Player 1" in scene.first_button.text
    _type(app, scene.entries[0], "Anna")
    pump(app, 2)
    assert scene.entries[0].get_text() == "Anna"
    assert "Anna" in scene.first_button.text and "Player 1" not in scene.first_button.text


def test_computer_seats_say_so_and_levels_come_from_the_ai(app):
    from game.engine.ai import SKILLS
    from game.scenes.table.setup import seat_choices, seat_label

    assert seat_choices() == [None, *SKILLS]  # a level added to the AI appears here by itself
    for level in SKILLS.levels():
        assert seat_label(level.name) == level.choice  # the registry's words, in English
    assert "genius" in seat_label("genius")  # an unknown level still says what it is
    first, second = list(SKILLS)[:2]
    scene = _fresh_setup(app)
    tap(app, scene.level_buttons[1].rect.center)
    assert scene.memory["levels"][1] == first and scene.entries[1].get_text() == "Whiskers"
    tap(app, scene.level_buttons[1].rect.center)  # another level: the same friendly name
    assert scene.memory["levels"][1] == second and scene.entries[1].get_text() == "Whiskers"
    _type(app, scene.entries[1], "Robo")
    tap(app, scene.level_buttons[1].rect.center)  # a renamed seat keeps its name
    assert scene.entries[1].get_text() == "Robo"
    assert scene.build_state().players[1].bot is not None


def test_names_seats_and_levels_are_remembered(app):
    scene = _fresh_setup(app)
    _type(app, scene.entries[0], "Anna")
    tap(app, scene.level_buttons[1].rect.center)
    tap(app, scene.level_buttons[1].rect.center)
    tap(app, scene.level_buttons[1].rect.center)  # the third level: hard
    start_button = next(e for e in scene.elements if getattr(e, "text", "") == "Start")
    tap(app, start_button.rect.center)
    assert name(app) in ("PlayScene", "HandoverScene")
    again = _fresh_setup(app)  # the next start: read back from the prefs folder
    assert again.entries[0].get_text() == "Anna"
    assert again.memory["levels"][:2] == [None, "hard"]
    assert again.entries[1].get_text() == "Whiskers"


def test_computer_seats_left_unnamed_get_friendly_names_distinct_at_the_table(app):
    """Issue 44: unnamed computers were "Computer 1 (hard)"; they get friendly names, as the
    lesson's Whiskers, from the registry in game/names.py, never two alike at one table."""
    from game.engine.ai import SKILLS
    from game.match import made_up_name
    from game.names import FRIENDLY_NAMES
    memory = {"levels": [next(iter(SKILLS))] * 8, "names": ["Pip"] + [""] * 7,
              "auto": [False] + [True] * 7}
    names = [made_up_name(memory, seat) for seat in range(1, 8)]
    assert len(set(names)) == 7 and set(names) <= set(FRIENDLY_NAMES)
    assert "Pip" not in names  # a name a player typed at this table is not given again
    scene = _fresh_setup(app)
    tap(app, scene.level_buttons[1].rect.center)
    state = scene.build_state()
    assert state.players[1].bot and state.players[1].name in FRIENDLY_NAMES


def test_a_cleared_name_box_takes_the_name_of_what_the_seat_is_now(app):
    """Issue 44: a box cleared on a computer's seat, then made human, never keeps the
    computer's name; cleared on a computer, the computer's friendly name."""
    from game.names import FRIENDLY_NAMES
    scene = _fresh_setup(app)
    tap(app, scene.level_buttons[1].rect.center)  # a computer
    _type(app, scene.entries[1], "")  # its box cleared
    pump(app, 2)
    assert scene.build_state().players[1].name in FRIENDLY_NAMES
    while scene.memory["levels"][1] is not None:  # round the levels back to a human
        tap(app, scene.level_buttons[1].rect.center)
    assert scene.entries[1].get_text() == "Player 2"
    _type(app, scene.entries[1], "")
    pump(app, 2)
    assert scene.build_state().players[1].name == "Player 2"


def test_a_damaged_memory_file_gives_the_defaults(app, module_app):
    (module_app[1] / "new_game.json").write_text("{not json", encoding="utf-8")
    scene = _fresh_setup(app)
    assert scene.entries[0].get_text() == "Player 1"
    (module_app[1] / "new_game.json").write_text('{"count": "x", "names": [3], "levels": ["z"]}',
                                                 encoding="utf-8")
    scene = _fresh_setup(app)
    assert scene.count == 2 and scene.memory["levels"][0] is None


def test_a_memory_file_of_before_levels_were_named_so_reads_its_seats(app, module_app):
    """new_game.json written before the rename said `kinds` for each seat's level."""
    (module_app[1] / "new_game.json").write_text('{"count": 3, "kinds": [null, "hard", "easy"]}',
                                                 encoding="utf-8")
    scene = _fresh_setup(app)
    assert scene.memory["levels"][:3] == [None, "hard", "easy"] and "kinds" not in scene.memory


# Item 6: titles and stars explained ---------------------------------------------------------------
def test_solo_result_lists_what_each_count_earns(app):
    from game.engine.scoring import TITLES
    from game.scenes.solo.solo_result import title_ladder

    ladder = " ".join(title_ladder())
    for n, title in TITLES.items():
        assert f"{n}: {title}" in ladder
    assert f"{max(TITLES) + 1} or more: no title" in ladder


def test_level_result_explains_the_stars(app):
    from game.scenes.solo.level_result import how_stars_are_earned

    assert how_stars_are_earned(4) == "Stars: 3 for 4 cards left, 2 for 5, 1 for 6"
    assert how_stars_are_earned(1).startswith("Stars: 3 for 1 card left,")


def test_long_tile_names_fit_whole(app):
    from game.render import fit

    words = "The Smallest Scare of All the Animals"  # a level tile's name room (level_select)
    img = fit.fit(app.assets, words, (242, 60), 26, (0, 0, 0), True)
    assert img.get_width() <= 242 and img.get_height() <= 60
    assert fit.choose(app.assets, words, (242, 60), 26, True).fits
    short = fit.fit(app.assets, "The Smallest Scare", (242, 60), 26, (0, 0, 0), True)
    assert short.get_width() <= 242 and short.get_height() < img.get_height()


# Item 8: Redo in random-deal solo; How to play's last page -------------------------------------
def _plain_move(scene):
    return next(m for m in scene.state.legal_moves() if not m.move_in)


def test_random_deal_solo_has_redo(app):
    scene = start(app, new_game(Mode.SOLO, ["Sam"], 12))
    first = _plain_move(scene)
    tap(app, scene.field.layout.center(first.scarer))
    tap(app, scene.field.layout.center(first.target))
    pump(app, 5)
    after = scene.state
    key(app, pygame.K_u)
    assert len(scene.state.moves) == 0
    key(app, pygame.K_r)  # R redoes, animated like the campaign
    pump(app, 5)
    assert scene.state.moves == after.moves
    key(app, pygame.K_u)
    post(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    pump(app, 5)
    assert scene.state.moves == after.moves
    tap(app, scene.buttons["undo"].rect.center)
    tap(app, scene.buttons["redo"].rect.center)
    pump(app, 5)
    assert scene.state.moves == after.moves
    key(app, pygame.K_r)
    assert scene.banner.message == "Nothing to redo"
    key(app, pygame.K_u)
    other = next(m for m in scene.state.legal_moves() if not m.move_in and m != first)
    tap(app, scene.field.layout.center(other.scarer))
    tap(app, scene.field.layout.center(other.target))
    pump(app, 5)
    key(app, pygame.K_r)  # a new move drops what was taken back
    assert scene.state.moves == (other.canonical(),)


def test_how_to_play_words_end_above_the_page_counter(app):
    from game.scenes.learn.how_to_play import PAGES, TEXT_BOX, HowToPlayScene

    scene = HowToPlayScene(app)
    app.stack.clear(scene)
    pump(app, 1)
    from game.ui import look

    count = look.text(app.assets, "4 / 4", 34, look.INK)
    count_top = TEXT_BOX.bottom - 30 - count.get_height()
    for _title, body in PAGES:
        para = scene.paragraph(body, count_top - 8 - (TEXT_BOX.top + 130))
        assert TEXT_BOX.top + 130 + para.get_height() <= count_top
