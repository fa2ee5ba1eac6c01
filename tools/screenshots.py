"""Render every scene headless to PNG: `python tools/screenshots.py [--lang CODE] [--audit] OUTDIR`.

--audit fills the scenes with the longest content the game allows (names as long as the name
box takes, eight players, computers with their level, the longest level and puzzle names, the
longest puzzle code, the online scenes with long seat names and the table code), checks every
text drawn, also inside cached pictures (tools/text_audit.py): outside its box, off the screen,
over another text or a button, across the edge of what it sits on, with a character the font
cannot draw, or a widget's words wider than it; prints each and exits 1 if there is one.
--lang all runs every language the game has."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SCARE_IT_PREFS", tempfile.mkdtemp(prefix="scare-it-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import TICK, App  # noqa: E402
from game.campaign.draft import Draft  # noqa: E402
from game.campaign.puzzles import NAME_MAX as PUZZLE_NAME_MAX  # noqa: E402
from game.controls import BINDABLE, Device
from game.engine.modes import Mode  # noqa: E402
from game.engine.moves import parse_move  # noqa: E402
from game.engine.position import parse_position  # noqa: E402
from game.engine.scoring import result  # noqa: E402
from game.engine.state import apply, new_game  # noqa: E402
from game.match.session import Phase
from game.settings import CARD_SIZES  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import text_audit  # noqa: E402


def settle(app: App, seconds: float = 0.0) -> None:
    """Run the loop's work for `seconds` of logic time, handling queued events, then draw."""
    for _ in range(max(1, round(seconds / TICK))):
        for event in pygame.event.get():
            app.dispatch(event)
        app.step(TICK)
    app.draw(force=True)


AUDIT: dict[str, list[str]] | None = None  # --audit: each shot's problems
HEIGHTS: dict[str, dict[str, int]] = {}  # --audit: each shot's texts and their lines' heights
PARAGRAPHS: dict[str, list[str]] = {}  # --audit: each shot's paragraphs (reading text)
ONLINE_SHOWN = None  # called with each online shot's name (tools/translations.py review)
# As long as the name box takes (setup.NAME_MAX characters), as real people are named.
LONG_NAMES = ("Wilhelmina Großmann-Wüst", "Maximilian Wojciechowski", "Bartholomew Featherstone",
              "Anna-Katharina Oberhofer", "Gwendolyn Montgomery-Orr", "Friedrich Wilhelm Bäumer",
              "Jan Przybyszewski-Wójcik", "Kateřina Dvořáková-Malík")


def shoot(app: App, outdir: Path, name: str, seconds: float = 0.3) -> None:
    settle(app, seconds)
    pygame.image.save(app.screen, str(outdir / f"{name}.png"))
    print(f"wrote {outdir / name}.png")
    if AUDIT is not None:
        audit_shot(app, name)


def audit_shot(app: App, name: str) -> None:
    """The text audit of the screen shown as shot `name`: its problems, texts and heights."""
    problems = text_audit.audit(app)
    AUDIT[name] = problems
    HEIGHTS[name] = dict(text_audit.HEIGHTS)
    PARAGRAPHS[name] = sorted(text_audit.PARAGRAPHS)
    for problem in problems:
        print(f"  {name}: {problem}")


def names(players: int) -> list[str]:
    """The players' names: short ones for the pictures, the longest ones for the audit."""
    short = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn", "Greta", "Hugo")
    return list((LONG_NAMES if AUDIT is not None else short)[:players])


def demo_state(mode: Mode = Mode.STANDARD, players: int = 2):
    return new_game(mode, names(players), 2018, 0, [None] * players)


def play_shots(app: App, outdir: Path) -> None:
    """The table helper's scenes, when they exist."""
    try:
        from game.scenes.table.play import table_scene
    except ImportError:
        print("play scene not there yet: skipping play, hand-over, scoring and solo result")
        return
    state = demo_state()
    table = table_scene(app, state)
    app.stack.clear(table)
    settle(app, 0.5)
    while app.stack.top is not table:  # the opening hand-over (shot below): show the table
        app.pop()
    shoot(app, outdir, "play", 1.5)
    table.play(state.legal_moves()[0])
    shoot(app, outdir, "play_mid_animation", 0.12)
    last_move_shot(app, outdir)
    from game.scenes.table.pause import PauseScene
    app.stack.clear(table_scene(app, state))
    settle(app, 0.5)
    app.push(PauseScene(app, restart=lambda: None))
    shoot(app, outdir, "pause")
    app.stack.top._quit()  # the pause menu's own "Quit to menu" question
    shoot(app, outdir, "confirm_quit")
    handover_peek_shot(app, outdir)
    for module, cls, args, name in (
        ("game.scenes.table.scoring", "ScoringScene", (_finished(state), lambda s: None), "scoring"),
        ("game.scenes.solo.solo_result", "SoloResultScene",
         (_finished(demo_state(Mode.SOLO, 1)), None, lambda s: None), "solo_result"),
    ):
        try:
            scene_cls = getattr(__import__(module, fromlist=[cls]), cls)
            app.stack.clear(scene_cls(app, *args))
            shoot(app, outdir, name, 1.5)
        except Exception as err:  # noqa: BLE001 - a missing or changed scene is reported, not fatal
            print(f"skipped {name}: {type(err).__name__}: {err}")


def eight_players_shots(app: App, outdir: Path) -> None:
    """Eight seats, names as long as the box takes, every computer level: the New game screen,
    the table, and a scoring where all eight share the win (the longest headline there is)."""
    from game.engine.ai import SKILLS
    from game.match.words import computer_name
    from game.scenes.table.play import table_scene
    from game.scenes.table.scoring import ScoringScene
    from game.scenes.table.setup import SetupScene
    offered = list(SKILLS)  # every level the registry offers
    levels = [None if i % 2 == 0 else offered[(i // 2) % len(offered)] for i in range(8)]
    typed = names(8)
    app.go_to_menu()
    app.forget_setup_memory()
    setup = SetupScene(app)
    app.push(setup)
    setup.memory.update(mode=Mode.ALL_INCLUDED, count=8, levels=levels, first=1,
                        names=[n if k is None else "" for n, k in zip(typed, levels, strict=True)],
                        auto=[k is not None for k in levels])
    setup.rebuild()
    shoot(app, outdir, "setup_eight_players")
    seat_names = [n if k is None else computer_name(1 + sum(1 for j in levels[:i] if j), k)
                  for i, (n, k) in enumerate(zip(typed, levels, strict=True))]
    state = new_game(Mode.ALL_INCLUDED, seat_names, 2018, 0, levels)
    table = table_scene(app, state, keep=False)
    app.stack.clear(table)
    settle(app, 0.5)
    while app.stack.top is not table:
        app.pop()
    shoot(app, outdir, "play_eight_players", 0.5)
    scoring = ScoringScene(app, _all_eight_share(seat_names, levels), lambda s: None)
    app.stack.clear(scoring)
    shoot(app, outdir, "scoring_eight_share", 1.5)
    two = [seat_names[0], computer_name(1, offered[-2]), computer_name(2, offered[-1])]
    scoring = ScoringScene(app, _tied(two, [None, offered[-2], offered[-1]], (1, 2)),
                           lambda s: None)
    app.stack.clear(scoring)
    shoot(app, outdir, "scoring_two_computers_win", 1.5)
    app.forget_setup_memory()


def learner_shots(app: App, outdir: Path) -> None:
    """Settings -> Help, and each of the learner's helps at the table (issue 34): the reminder
    to peek, the points while peeking (at the table and on a team's hand-over), the question
    before a move that ends the game, the Hint; New game in Teams of Two with its letters."""
    from game.match.learner import ends_game
    from game.scenes.settings.helps import HelpScene
    from game.scenes.table.play import table_scene
    from game.scenes.table.setup import SetupScene

    s = app.settings
    helps = ("help_peek", "help_points", "help_end", "help_hint")
    before = {name: getattr(s, name) for name in helps}
    for name in helps:
        setattr(s, name, True)
    app.go_to_menu()
    app.push(HelpScene(app))
    shoot(app, outdir, "settings_help")
    app.go_to_menu()
    app.forget_setup_memory()
    app.push(SetupScene(app))
    app.setup_memory.update(mode=Mode.TEAMS, count=8, levels=[None, "easy"] * 4)
    if AUDIT is not None:
        app.setup_memory.update(names=names(8), auto=[False] * 8)
    app.stack.top.rebuild()
    shoot(app, outdir, "setup_teams_letters")
    bots = [None, "easy"]
    state = new_game(Mode.STANDARD, names(2), 2018, 0, bots)
    table = table_scene(app, state)
    app.stack.clear(table)
    settle(app, 0.5)
    shoot(app, outdir, "learn_peek_reminder", 0.5)
    table.peek.toggle()
    shoot(app, outdir, "learn_points_while_peeking", 0.3)
    table.peek.stop()
    table.commands.run("coach_hint")
    shoot(app, outdir, "learn_hint", 0.3)
    # A move that ends the game: play the deal on until one is there for the person.
    while not state.over and not (state.turn == 0 and any(
            ends_game(state, m) for m in state.legal_moves())):
        state, _events = apply(state, state.legal_moves()[-1])
    table = table_scene(app, state)
    app.stack.clear(table)
    settle(app, 0.5)
    table.play(next(m for m in state.legal_moves() if ends_game(state, m)))
    shoot(app, outdir, "learn_ends_the_game")
    team = new_game(Mode.TEAMS, names(4), 2018, 0, [None, None, "easy", "easy"])
    table = table_scene(app, team)
    app.stack.clear(table)
    settle(app, 0.5)
    app.stack.top.peek.toggle()
    shoot(app, outdir, "learn_team_handover_points", 0.3)
    while app.stack.top is not table:
        app.pop()
    shoot(app, outdir, "learn_team_table", 0.5)
    for name, value in before.items():
        setattr(s, name, value)


def lesson_shots(app: App, outdir: Path) -> None:
    """The guided first game: the first launch's offer, every step as the player sees it (a
    wrong try's hint on the first move), and the end with its offer."""
    from game.match import lesson
    from game.scenes.learn.lesson import lesson_scene
    from game.scenes.learn.lesson_offer import LessonOfferScene

    app.go_to_menu()
    app.push(LessonOfferScene(app))
    shoot(app, outdir, "lesson_offer")
    scene = lesson_scene(app)
    app.stack.clear(scene)
    settle(app, 0.5)
    for number, step in enumerate(lesson.STEPS, start=1):
        name = f"lesson_{number}_{step.does}"
        if step.does == lesson.WATCH:
            shoot(app, outdir, name, 0.2)
            for _ in range(600):
                settle(app, 0.05)
                if scene.kind.coach.current is not step:
                    break
            continue
        shoot(app, outdir, name, 0.5)
        if number == 1 or step.does == lesson.PEEK or \
                step.does == lesson.PLAY and lesson.LINE_MOVES[step.ply].move_in:
            with_keys(app, outdir, name)  # the keys named: Got it's, Peek's, moving in's
        if number == 1:  # How to play from the lesson's pause leads back to it
            from game.scenes.learn.how_to_play import HowToPlayScene
            app.push(HowToPlayScene(app))
            shoot(app, outdir, "lesson_how_to_play", 0.5)
            app.pop()
        if step.does == lesson.READ:
            said = scene.kind.coach.next(app.now, scene.controls.seen())  # the next step's words
            if said is not None:
                scene.commands.play(said)
        elif step.does == lesson.PEEK:
            scene.peek.toggle()
            settle(app, 0.1)
        else:
            right = lesson.LINE_MOVES[step.ply]
            if number == 4:  # a wrong try first: the coach's hint
                scene.play(next(m for m in scene.state.legal_moves() if m != right))
                shoot(app, outdir, f"{name}_wrong_try", 0.2)
                refused_pick(app, scene, right.scarer)
                shoot(app, outdir, f"{name}_refused", 0.2)
            scene.play(right)
            for _ in range(600):
                settle(app, 0.05)
                if scene.director is None and scene.phase is not Phase.ANIM:
                    break
    for _ in range(600):
        settle(app, 0.05)
        if type(app.stack.top).__name__ == "LessonEndScene":
            break
    shoot(app, outdir, "lesson_end", 0.5)


def with_keys(app: App, outdir: Path, name: str) -> None:
    """The screen again as a keyboard's and a gamepad's player sees it (its words name their
    keys), then back to the mouse."""
    for device in BINDABLE:
        app.input.device = device
        shoot(app, outdir, f"{name}_{device}", 0.1)
    app.input.device = Device.MOUSE


def refused_pick(app: App, scene, scarer) -> None:
    """The scarer picked, then a card far from it that scares nothing: the table's longest
    refusal ("Only a next-door card..."), in the coach's box."""
    field, scarers = scene.state.position, {m.scarer for m in scene.state.legal_moves()}
    far = next((x, y) for x in range(field.width) for y in range(field.height)
               if field.card_at(x, y) is not None and (x, y) not in scarers
               and abs(x - scarer[0]) + abs(y - scarer[1]) > 1)
    scene.controls.pick_cell(scarer)
    scene.controls.pick_cell(far)


def last_move_shot(app: App, outdir: Path) -> None:
    """Against the computer: its move marked on the field and said on the panel."""
    from game.scenes.table.play import table_scene
    state = new_game(Mode.STANDARD, ["Anna", "Robo"], 2018, 0, [None, "normal"])
    table = table_scene(app, state, keep=False)
    app.stack.clear(table)
    settle(app, 0.2)
    table.play(next(m for m in state.legal_moves() if m.move_in))
    while len(table.state.moves) < 2 or table.director is not None:
        settle(app, 0.1)
        table.session.match.ready(5)
    shoot(app, outdir, "play_last_move", 0.3)
    from game.scenes.table.moves import MovesScene
    app.push(MovesScene(app, table.session.match.move_list()))
    shoot(app, outdir, "moves_so_far")


def handover_peek_shot(app: App, outdir: Path) -> None:
    """A hand-over over the table, then while the player peeks: her task cards face up."""
    from game.scenes.table.play import table_scene
    state = demo_state(Mode.STANDARD, 3)
    table = table_scene(app, state)
    app.stack.clear(table)
    settle(app, 0.5)
    handover = app.stack.top
    if type(handover).__name__ != "HandoverScene":
        print(f"skipped handover_peek: {type(handover).__name__} on top, not a hand-over")
        return
    shoot(app, outdir, "handover")  # over the table it hides (an overlay: drawn over a scene)
    with_keys(app, outdir, "handover")  # how to peek: the key or button that peeks there
    handover.peek.toggle()  # what a quick tap on "Hold to peek" does
    handover.dirty = True
    shoot(app, outdir, "handover_peek")
    handover.back()  # Esc, twice: the cards hidden, then the pause menu (the hand-over hides)
    handover.back()
    shoot(app, outdir, "handover_paused")
    app.stack.top._quit()  # its question takes the pause menu's place
    shoot(app, outdir, "handover_quit")


def classic_shots(app: App, outdir: Path) -> None:
    """Classic solo and daily deal results, ended the way play_solo ends them: a first result
    kept as the deal's best, then a missed target under an earlier best for today's deal."""
    from datetime import date

    from game.scenes.solo.classic_result import show_result
    from game.scenes.table.play import table_scene
    app.stack.clear(table_scene(app, demo_state(Mode.SOLO_ADVANCED, 1), keep=False))
    shoot(app, outdir, "play_solo_advanced", 0.5)
    start = demo_state(Mode.SOLO, 1)
    app.go_to_menu()
    show_result(app, _finished(start), start)
    answered(app)
    searching(app, outdir)
    shoot(app, outdir, "classic_result", 1.0)
    deal_answer_shots(app, outdir)
    day = date(2024, 2, 29)
    app.files.progress().record_daily(day, 5)
    start = demo_state(Mode.SOLO_ADVANCED, 1)
    show_result(app, _finished(start), start, day)
    answered(app)  # its slip's words, whenever the search ends (the audit compares them)
    shoot(app, outdir, "daily_result", 1.0)


def answered(app: App, seconds: float = 120.0) -> None:
    """Wait (drawing) until the result screen's answer is in, as a player would."""
    import time
    box = app.stack.top.answer
    end = time.monotonic() + seconds
    while not box.job.finished and time.monotonic() < end:
        settle(app, 0.1)
    settle(app, 0.1)


class _Searching:
    """An answer still being searched, four tenths done (a real one of a finished deal comes
    in before the first picture)."""

    progress, result, refused, finished = 0.4, None, None, False

    def cancel(self) -> None:
        pass


def searching(app: App, outdir: Path) -> None:
    """The result screen while the deal's best is searched: the progress bar."""
    box = app.stack.top.answer
    box.job, job = _Searching(), box.job
    shoot(app, outdir, "classic_result_searching", 0.1)
    box.job = job
    settle(app, 0.1)


def deal_answer_shots(app: App, outdir: Path) -> None:
    """The result's Show a solution and Where did it slip? on the table, a few moves in."""
    result = app.stack.top
    for name, show in (("deal_solution", result.answer.show_solution),
                       ("deal_slip", result.answer.show_slip)):
        show()
        if app.stack.top is result:
            print(f"no {name} to show on this deal")
            continue
        shoot(app, outdir, name, 2.5)
        table = app.stack.top
        table.commands.run("stop")
        settle(app, 0.1)


# Two real games for the review's chart: an expert against a normal computer, and a close
# four-player game of normal computers (scores 9, 9, 10, 8), played with a node budget so
# they are the same games on any machine.
REVIEWED = (("expert_vs_normal", ["expert", "normal"], 101),
            ("four_players", ["normal"] * 4, 201))


def reviewed_record(levels: list[str], seed: int):
    """The game the computers play on this seed, its seats named as the pictures name them."""
    from dataclasses import replace

    from game.match.record import RecordedSeat, read_record
    from game.simulate import play_games
    folder = Path(tempfile.mkdtemp(prefix="scare-it-reviewed-"))
    play_games(Mode.STANDARD, levels, 1, seed=seed, nodes=20_000, record_dir=folder)
    record = read_record((folder / f"game-{seed}.txt").read_text(encoding="utf-8"))
    seats = tuple(RecordedSeat(name, level) for name, level in zip(names(len(levels)), levels,
                                                            strict=True))
    return replace(record, seats=seats)


def review_shots(app: App, outdir: Path) -> None:
    """The review of two real games: judging (the progress bar), then the chart at the
    turning point (the chart kept in a folder all languages share: judged once)."""
    import time

    from game.match.review_file import path_for
    from game.match.review_words import kept_card
    from game.scenes.records import review
    from game.scenes.records.review import ReviewScene
    if AUDIT is not None:  # the words are checked, not the chances: judged in a fifth the time
        review.NODES = 5_000
    kept = Path(tempfile.gettempdir()) / "scare-it-review-shots"
    kept.mkdir(exist_ok=True)
    for name, levels, seed in REVIEWED:
        record = reviewed_record(levels, seed)
        cache = path_for(kept / f"{name}-{'long' if AUDIT is not None else 'short'}.txt")
        scene = ReviewScene(app, record, cache)
        app.stack.clear(scene)
        if scene.job is not None:
            shoot(app, outdir, f"review_{name}_judging", 0.1)
        end = time.monotonic() + 300
        while scene.review is None and scene.refused is None and time.monotonic() < end:
            settle(app, 0.2)
        if scene.review is None:
            raise SystemExit(f"the review of {name} did not finish: {scene.refused}")
        turn = scene.review.turning_point
        advised = [t.number for t in scene.review.turns if t.expert is not None]
        scene.select(turn.number if turn is not None else advised[0] if advised else 1)
        shoot(app, outdir, f"review_{name}", 0.3)
        scene.other_view()  # the same move judged from what its mover could know
        shoot(app, outdir, f"review_{name}_mover", 0.3)
        scene.other_view()
        kept_at = [t.number for t in scene.review.turns  # the advice names a card kept
                   if kept_card(scene.states, t) is not None]
        if kept_at:
            scene.select(kept_at[0])
            shoot(app, outdir, f"review_{name}_kept_card", 0.3)
    scene.select(0)
    shoot(app, outdir, "review_the_deal", 0.3)


def kiosk_shots(outdir: Path) -> None:
    """The kiosk on its own App(kiosk=True): the attract loop, the "Still playing?" countdown
    over an idle menu, and the operator overlay while the exit chord is held."""
    app = App(frames=1, kiosk=True, idle=5.0, windowed=True)
    from game import i18n
    app.ui.set_locale(i18n.current())
    app.raise_errors = True
    looks_of(app)  # the kiosk's operator chose them in its settings, as for the other shots
    shoot(app, outdir, "kiosk_attract", 4.0)
    attract = app.stack.top
    attract.show_lesson()  # between the shows: the guided game, played by its coach
    shoot(app, outdir, "kiosk_lesson", 8.0)
    attract._next_demo()
    # A visitor opened the solo menu and walked away: after `idle` seconds the countdown shows.
    from game.scenes.solo.solo_menu import SoloMenuScene
    app.go_to_menu()
    app.push(SoloMenuScene(app))
    app.kiosk_ctl.last_input = app.now
    settle(app, app.idle_timeout + 3.4)  # 3.4 s into the 10 s countdown
    shoot(app, outdir, "kiosk_still_playing", TICK)
    app.kiosk_ctl.back_to_attract()
    settle(app, 2.0)
    chord = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=chord,
                                         unicode="", scancode=0))
    shoot(app, outdir, "kiosk_operator", 1.4)  # the bar about half full


def campaign_shots(app: App, outdir: Path) -> None:
    """The campaign helper's scenes: chapters, levels, a level with a hint, results, a solution."""
    from game.campaign.level_game import level_state, solution_line
    from game.engine.state import apply_all
    from game.scenes.solo.campaign_menu import CampaignMenuScene
    from game.scenes.solo.level_play import level_result, level_scene
    from game.scenes.solo.level_select import LevelSelectScene
    campaign, progress = app.files.campaign(), app.files.progress()
    for i, level in enumerate(campaign.levels[:13]):  # some stars, so the locks show too
        progress.levels[level.id] = level.par + i % 3
    app.go_to_menu()
    app.push(CampaignMenuScene(app))
    shoot(app, outdir, "campaign_chapters")
    app.push(LevelSelectScene(app, 1))
    shoot(app, outdir, "campaign_levels")
    level = campaign.level("the-long-table") or campaign.levels[0]
    app.push(level_scene(app, level))
    settle(app, 0.3)
    table = app.stack.top
    table.commands.run("hint")
    shoot(app, outdir, "campaign_level_hint")
    app.stack.top.pause_game()  # the level's own pause menu (with Level select)
    shoot(app, outdir, "campaign_pause")
    app.pop()
    level = campaign.level("keep-the-elephant") or campaign.levels[0]
    end, _ = apply_all(level_state(level), solution_line(level))
    app.replace(level_result(app, level, end, before=None))
    shoot(app, outdir, "campaign_result")
    app.stack.top.copier.copy()  # the line with its three-star scale, and the note saying it
    shoot(app, outdir, "campaign_result_copied")
    app.replace(level_scene(app, level, demo=solution_line(level), result={"state": end}))
    shoot(app, outdir, "campaign_solution", 1.2)
    if AUDIT is None:
        return
    # The longest level name in this language, on its table; every chapter's level select; and
    # every chapter open (its 'about' line shows rather than what unlocks it).
    font = app.assets.font(42, True)
    level = max(campaign.levels, key=lambda lv: font.size(i18n_(lv.name))[0])
    app.stack.clear(level_scene(app, level))
    shoot(app, outdir, "campaign_longest_level_name", 0.3)
    for level in campaign.levels:
        progress.levels.setdefault(level.id, level.par + 1)
    app.go_to_menu()
    app.push(CampaignMenuScene(app))
    shoot(app, outdir, "campaign_chapters_open")
    for chapter in campaign.chapters:
        app.go_to_menu()
        app.push(LevelSelectScene(app, chapter.number))
        shoot(app, outdir, f"campaign_levels_{chapter.number}", 0.1)


def i18n_(words: str) -> str:
    from game.i18n import _
    return _(words)


def replay_shots(app: App, outdir: Path) -> None:
    """The Replays list (two kept games) and one played back, paused a few moves in."""
    from game.match.controller import Match
    from game.match.loading import keep_game
    from game.scenes.records.replays import ReplaysScene
    from game.scenes.table.replay import replay_scene
    for state in (demo_state(Mode.STANDARD, 3), demo_state(Mode.SOLO_ADVANCED, 1)):
        match = Match(state)
        while not match.over:
            match.play(match.state.legal_moves()[0])
        keep_game(match.record(), match.state)
    app.stack.clear(ReplaysScene(app))
    shoot(app, outdir, "replays")
    record = app.stack.top._entry(app.stack.top.paths[-1])[0]
    scene = replay_scene(app, record)
    app.push(scene)
    settle(app, 0.2)
    for _ in range(4):
        scene.commands.run("forward")
        settle(app, 0.6)
    scene.commands.run("play")
    shoot(app, outdir, "replay", 0.6)
    running = Match(demo_state(Mode.STANDARD, 3))  # a game in progress: the title offers it
    while running.ply < 13:
        running.play(next(m for m in running.state.legal_moves()
                          if not apply(running.state, m)[0].over))
    app.saver.save(running.save_text(), running.game)
    app.go_to_menu()
    shoot(app, outdir, "title_continue")
    app.saver.forget(running.game)


def saved_games_shots(app: App, outdir: Path) -> None:
    """Saved games full (20, of every occasion, the longest names, saved today, yesterday and
    earlier), its last page, a game discarded with Undo, the question before it, the cap's
    notice, and the list empty."""
    import time
    from dataclasses import replace

    from game.campaign.people import People
    from game.match.controller import Match
    from game.match.loading import KEEP_GAMES, clear_game, load_games, save_game
    from game.match.record import Hosted, Joined, write_record
    from game.match.saving import cap_words, game_file
    from game.scenes.message import MessageScene
    from game.scenes.records.saved_games import SavedGamesScene
    app.files.use_people(People(Path(os.environ["SCARE_IT_PREFS"]) / "shots-saved-people"))
    app.files.people().choose(names(1)[0])  # the solo games are a family name's: their rows say whose
    app.saver.flush()
    for game in load_games()[0]:  # the games the shots before left: the list holds 20 of ours
        clear_game(game.record.game)
    campaign = app.files.campaign()
    font = app.assets.font(30)
    longest = max(campaign.levels, key=lambda lv: font.size(i18n_(lv.name))[0])
    games = [(Mode.ALL_INCLUDED, 8, {}), (Mode.TEAMS, 8, {}), (Mode.STANDARD, 4, {}),
            (Mode.SOLO, 1, {}), (Mode.SOLO_ADVANCED, 1, {}), (Mode.SOLO, 1, {"daily": "2026-11-30"}),
            (Mode.SOLO, 1, {"level": longest.id}), (Mode.ALL_INCLUDED_YOUNG, 7, {})]
    texts = []
    for i in range(KEEP_GAMES):
        mode, players, extra = games[i % len(games)]
        state = new_game(mode, names(players), 2018 + i, 0, [None] * players)
        if "level" in extra:
            state = new_game(Mode.SOLO, names(1), 1, 0, [None], position=longest.position)
        match = Match(state, **extra)
        while match.ply < 3 + 9 * i % 40:
            moves = [m for m in match.state.legal_moves() if not apply(match.state, m)[0].over]
            if not moves:
                break
            match.play(moves[0])
        text = match.save_text()
        if i == 0:  # a table the player sat at, someone else hosting it
            record = replace(match.record(), tasks=None, joined=Joined(
                "ws://192.168.100.200:41414", "KTR4WM", (players - 1,)))
            text = write_record(record, secret=True, final=match.state)
        if i == 2:  # a table the player hosted online
            record = replace(match.record(), online=Hosted(
                "KTR4WM", 41414, tuple(["host"] + ["remote"] * (players - 1)),
                tuple(chr(97 + k) * 22 for k in range(players))))
            text = write_record(record, secret=True, final=match.state)
        save_game(text)
        texts.append(match.game)
    now = time.time()
    for i, game in enumerate(texts):  # the newest first: today, then yesterday, then before
        moment = now - 3600 * (1 + 7 * i)
        os.utime(game_file(game), (moment, moment))
    app.stack.clear(SavedGamesScene(app))
    shoot(app, outdir, "saved_games")
    for _ in range(3):
        app.stack.top._next_page()
    shoot(app, outdir, "saved_games_last_page")
    scene = SavedGamesScene(app)
    app.stack.clear(scene)
    settle(app)
    widest = max(scene.on_page(), key=lambda g: font.size(scene.words(g))[0])
    scene._ask(widest)
    shoot(app, outdir, "saved_games_discard")
    app.pop()
    scene._discard(scene.on_page()[0])
    shoot(app, outdir, "saved_games_discarded")
    scene._undo(scene.on_page()[0])
    app.push(MessageScene(app, cap_words(
        "/home/wilhelmina/.local/share/ScareIt/ScareIt/saved-games/older")))
    shoot(app, outdir, "message_saved_games_cap")
    for game in load_games()[0]:
        clear_game(game.record.game)
    app.stack.clear(SavedGamesScene(app))
    shoot(app, outdir, "saved_games_empty")
    app.files.use_people(None)
    app.go_to_menu()


def stats_shots(app: App, outdir: Path) -> None:
    """Statistics with a few weeks of play: couch games, solo deals, the streak calendar."""
    from datetime import date, timedelta

    from game.campaign.stats import Statistics
    from game.scenes.records.statistics import StatisticsScene
    stats = Statistics(Path(os.environ["SCARE_IT_PREFS"]) / "shots-stats")
    app.files.use_statistics(stats)
    today = date(2026, 11, 26)
    for seats in ([None, "hard"], [None, None, "easy"], [None, "normal", "hard"], [None, None, "hard", None]):
        for seed in range(3):
            mode = Mode.STANDARD if len(seats) < 4 else Mode.TEAMS
            seats = seats if mode is Mode.STANDARD else seats[:4]
            stats.record_match(_finished(new_game(mode, ["A", "B", "C", "D"][:len(seats)],
                                                  seed, 0, seats)))
    for back in (0, 1, 2, 3, 5, 6, 7, 8, 9, 12, 15, 16, 17, 18, 19, 20, 22, 26, 27, 29):
        start = new_game(Mode.SOLO, ["You"], 100 + back, 0, [None])
        stats.record_solo(_finished(start), daily=today - timedelta(days=back),
                          game=f"daily-{back}", hints=back % 4 == 1,
                          today=today - timedelta(days=back))
        stats.note_best(f"daily-{back}", 1 + back % 3)
    for seed in range(12):
        stats.record_solo(_finished(new_game(Mode.SOLO_ADVANCED, ["You"], seed, 0, [None])),
                          game=f"advanced-{seed}", hints=seed % 5 == 2, today=today)
        if seed % 3:
            stats.note_best(f"advanced-{seed}", None if seed % 3 == 1 else 2)
    stats.record_level(2, 2)
    app.go_to_menu()
    app.push(StatisticsScene(app, today=today))
    shoot(app, outdir, "statistics")
    from game.scenes.records.recent_solo import RecentSoloScene
    app.push(RecentSoloScene(app))
    shoot(app, outdir, "statistics_recent_solo")
    app.pop()
    app.stack.top.ask_reset()
    shoot(app, outdir, "statistics_reset")
    from game.scenes.solo.classic_result import show_result
    start = demo_state(Mode.SOLO, 1)
    app.go_to_menu()
    show_result(app, _finished(start), start, today)
    settle(app, 0.2)
    app.stack.top.copier.copy()
    shoot(app, outdir, "daily_result_copied", 1.0)


def person_shots(app: App, outdir: Path) -> None:
    """The family's page: the widest name, every mode at the couch and online, the most people
    and computers played with, a streak, this week's wins and stars; the merge and forget
    questions; and nobody yet."""
    from datetime import date, timedelta

    from game.campaign.people import People
    from game.engine.ai import SKILLS
    from game.scenes.records.person_stats import PersonScene

    folder = Path(os.environ["SCARE_IT_PREFS"]) / "shots-people"
    people = People(folder)
    app.files.use_people(people)
    today = date(2026, 11, 26)
    font = app.assets.font(30)
    family = names(8)
    widest = max(family, key=lambda n: font.size(n)[0])
    family.remove(widest)
    levels = list(SKILLS)
    seed = 0
    for online in (False, True):
        for mode in Mode:
            if mode.solo:
                continue
            players = max(mode.player_counts)
            seats = [widest, *family][:players]
            bots = [None] * players
            bots[-1] = levels[seed % len(levels)]
            for _ in range(2):
                seed += 1
                state = _finished(new_game(mode, seats, seed, 0, bots))
                people.record_match(state, game=f"g{seed}", online=online,
                                    day=today - timedelta(days=seed % 9))
    for mode in Mode:  # and alone: every solo mode, with titles
        if mode.solo:
            for _ in range(3):
                seed += 1
                people.record_solo(_finished(new_game(mode, [widest], seed, 0, [None])),
                                   game=f"g{seed}")
    person = people.people[widest]
    person.streak, person.best_streak = 12, 37
    person.stars = {f"level-{i}": 3 for i in range(60)}
    app.go_to_menu()
    page = PersonScene(app, widest, today=today)
    app.push(page)
    shoot(app, outdir, "person")
    page.entry_name.set_text(family[0])
    page._rename()
    shoot(app, outdir, "person_merge")
    app.pop()
    page._ask_forget()
    shoot(app, outdir, "person_forget")
    app.pop()
    app.files.use_people(People(folder / "nobody"))
    app.stack.clear(PersonScene(app))
    shoot(app, outdir, "person_nobody")
    who_plays_shots(app, outdir, folder, widest)
    app.files.use_people(None)
    app.go_to_menu()


def who_plays_shots(app: App, outdir: Path, folder: Path, widest: str) -> None:
    """Who is playing on the Solo menu: the widest family name chosen; the new name's box,
    refusing a name of spaces; a new person's empty page."""
    from game.campaign.people import People
    from game.scenes.records.person_stats import PersonScene
    from game.scenes.solo.solo_menu import SoloMenuScene
    from game.scenes.solo.who_plays import NewNameScene

    people = People(folder / "who")
    app.files.use_people(people)
    people.choose(widest)
    app.go_to_menu()
    app.push(SoloMenuScene(app))
    shoot(app, outdir, "solo_menu_who_plays")
    app.push(NewNameScene(app, app.stack.top))
    app.stack.top.name_entry.set_text("   ")
    app.stack.top._take()
    shoot(app, outdir, "solo_menu_new_name")
    app.stack.clear(PersonScene(app, widest))
    shoot(app, outdir, "person_no_games")


def editor_shots(app: App, outdir: Path) -> None:
    """The puzzle editor: a full 4x8 field with a target while the solver still searches
    (its worker paused on purpose), then the proven answer, then a refused code."""
    from game.campaign.live_solver import Answer
    from game.campaign.puzzles import Puzzle, named_code
    from game.engine.cards import parse_card
    from game.engine.state import deal_position
    from game.scenes.editor.editor import EditorScene

    class Searching:
        """A worker held mid-search, so the picture shows "searching" with a best so far."""

        def ask(self, *args):
            return 1

        def cancel(self):
            pass

        def answer(self):
            return Answer(1, 5, False, True, 0.4)

    app.go_to_menu()
    editor = EditorScene(app)
    editor.proof.solver = Searching()
    app.push(editor)
    puzzle = Puzzle(deal_position(2018), parse_card("YC"))
    editor.edit(lambda _draft: Draft.of(puzzle))  # opened as the editor opens a pasted code
    editor.field.cursor = ("field", 2, 1)
    shoot(app, outdir, "editor_searching")
    app.go_to_menu()
    editor = EditorScene(app, Puzzle(deal_position(2018), parse_card("YC")))
    app.push(editor)
    editor.proof.solver.wait(30)
    editor.field.cursor = ("palette", 5)
    shoot(app, outdir, "editor_proven")
    editor.paste_code("YC..OE/PM..YE")
    shoot(app, outdir, "editor_bad_code")
    if AUDIT is not None:  # a proven answer over a problem (an empty column), and a refusal
        app.go_to_menu()
        editor = EditorScene(app)
        app.push(editor)
        editor.edit(lambda d: d.place(0, 0, parse_card("YE")))
        editor.edit(lambda d: d.place(2, 0, parse_card("PM")))
        editor.proof.solver.wait(30)
        editor.edit(lambda d: d.place(0, 1, parse_card("YE")))
        # a third yellow elephant: the box has two
        editor.edit(lambda d: d.place(0, 2, parse_card("YE")))
        shoot(app, outdir, "editor_problem", 0.5)
        # The longest message: a full field's code with a target and the longest name, copied.
        editor.edit(lambda _draft: Draft.of(puzzle))
        editor.paste_code(named_code(editor.draft.puzzle(), "The Elephant Parade of Grandma".ljust(
            PUZZLE_NAME_MAX, "!")))  # its name fills the box, as a friend's code does
        editor.copy_code()
        shoot(app, outdir, "editor_code_copied")
        editor.play_test()  # the play-test table, then a friend's shared puzzle, longest name
        settle(app, 0.3)
        table = app.stack.top
        table.say(table.kind.hint(table.controls.seen()) or "")
        shoot(app, outdir, "editor_play_test", 0.3)
        from game.campaign.levels import Level
        from game.scenes.solo.play_test import SHARED, play_test_scene
        shared = Level(id="shared", english_name="The Elephant Parade of Grandma".ljust(
            PUZZLE_NAME_MAX, "!"), chapter=0, par=1, position=deal_position(2018).mirrored(),
            target=parse_card("YC"))
        app.stack.clear(play_test_scene(app, shared, lambda end: None, SHARED))
        shoot(app, outdir, "shared_puzzle", 0.3)
    from game.campaign.puzzles import my_chapter, save_puzzle
    from game.paths import pref_dir
    from game.scenes.solo.campaign_menu import CampaignMenuScene
    from game.scenes.solo.level_select import LevelSelectScene
    save_puzzle(pref_dir(), "Yellow cat stays", Puzzle(deal_position(2018), parse_card("YC")), 1)
    save_puzzle(pref_dir(), "Small one", Puzzle(deal_position(7).mirrored(), None), 1)
    if AUDIT is not None:  # as long as the editor's name box takes
        save_puzzle(pref_dir(), "The Elephant Parade of Grandma".ljust(PUZZLE_NAME_MAX, "!"),
                    Puzzle(deal_position(11), None), 1)
    (pref_dir() / "puzzles" / "my-hand-edited.txt").write_text(
        "id: my-hand-edited\nname: Edited by hand\nchapter: 99\npar: two\n\nYC PM\n")
    app.files.puzzles_changed()
    app.go_to_menu()
    app.push(CampaignMenuScene(app))
    shoot(app, outdir, "campaign_my_puzzles")
    app.push(LevelSelectScene(app, my_chapter(app.files.campaign()).number))
    app.stack.top.focus = 2
    shoot(app, outdir, "my_puzzles_levels")
    if AUDIT is not None:
        attract_result_shot(app, outdir)


def attract_result_shot(app: App, outdir: Path) -> None:
    """The demo's own result panel at the end of its game."""
    from game.scenes.kiosk.attract import AttractScene
    scene = AttractScene(app)
    app.stack.clear(scene)
    match = scene.demo.match
    while not match.over:
        match.play(match.state.legal_moves()[0])
    scene.finished(match.state, None)
    shoot(app, outdir, "attract_result", 0.1)


def _tied(names: list[str], bots: list, winners: tuple[int, ...]):
    """The first deal of Standard whose game really ends with `winners` sharing the top (a
    staged result must agree with its own scores)."""
    for seed in range(1000):
        end = _finished(new_game(Mode.STANDARD, names, seed, 0, bots))
        if tuple(result(end).winners) == winners:
            return end
    raise SystemExit(f"no deal among the first 1000 ends with seats {winners} tied on top")


# All Included on one row: the yellow elephant scares the yellow dog (its column closes up),
# then the orange dog on the left (a second column empties, the end). One card of each colour
# and each animal is left, so each of the eight task cards scores one point: all share the win.
EIGHT_SHARE = ("OD YD YE OD PC BM", ("c1xb1", "b1xa1"))


def _all_eight_share(names: list[str], bots: list):
    """An All Included game of eight that really ends with all eight sharing the win."""
    field, moves = EIGHT_SHARE
    state = new_game(Mode.ALL_INCLUDED, names, 2018, 0, bots, position=parse_position(field))
    for move in moves:
        state, _ = apply(state, parse_move(move))
    if not state.over or len(result(state).winners) != len(names):
        raise SystemExit("the staged game of eight does not end with all eight sharing the win")
    return state


def _finished(state):
    while not state.over:
        state, _ = apply(state, state.legal_moves()[0])
    return state


def notices() -> list[tuple[str, str]]:
    """(shot, words) of the notices a damaged file gives, made by the game's own code from
    damaged files in a scratch folder: the words, the translated reason and the kept file's
    name exactly as a player sees them in the language on screen."""
    from game.match.loading import SAVE_FILE, load_game
    from game.settings import Settings
    scratch = Path(tempfile.mkdtemp(prefix="scare-it-notices-"))
    (scratch / "settings.json").write_text("[]", encoding="utf-8")  # it holds no settings
    before = os.environ["SCARE_IT_PREFS"]
    os.environ["SCARE_IT_PREFS"] = str(scratch)
    try:
        _settings, settings_notice = Settings.load()
    finally:
        os.environ["SCARE_IT_PREFS"] = before
    # A save naming a computer level no game has: the reader refuses it.
    (scratch / SAVE_FILE).write_text("seats: grandmaster\n", encoding="utf-8")
    _record, save_notice = load_game(scratch)
    if settings_notice is None or save_notice is None:
        raise SystemExit("the damaged files gave no notice: tools/screenshots.py is out of date")
    return [("message", settings_notice), ("message_damaged_save", save_notice)]


LOOKS = {"text_size": 1.0, "high_contrast": False, "card_size": CARD_SIZES[0]}  # the options


def main(argv: list[str]) -> int:
    global AUDIT
    from game import i18n
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0].strip('"'))
    parser.add_argument("--lang", default="en", choices=[*i18n.LANGUAGES, "all"],
                        help="the language to draw in (all: one process per language)")
    parser.add_argument("--audit", action="store_true",
                        help="fill the scenes with the longest content and check every text")
    parser.add_argument("--text-size", type=int, default=100, choices=range(100, 201),
                        metavar="100..200", help="Settings -> Accessibility: text size in %%")
    parser.add_argument("--high-contrast", action="store_true",
                        help="Settings -> Accessibility: high contrast")
    parser.add_argument("--card-size", default=CARD_SIZES[0], choices=CARD_SIZES,
                        help="Settings -> Accessibility: card size")
    parser.add_argument("--heights", type=Path, metavar="FILE",
                        help="with --audit: write each shot's texts and the height of their "
                             "lines, and its paragraphs (JSON: heights, paragraphs), to "
                             "compare text sizes")
    parser.add_argument("outdir", type=Path, help="the folder the PNGs are written to")
    args = parser.parse_args(argv)
    lang, audit, outdir = args.lang, args.audit, args.outdir
    LOOKS["text_size"], LOOKS["high_contrast"] = args.text_size / 100, args.high_contrast
    LOOKS["card_size"] = args.card_size
    looks = ["--text-size", str(args.text_size), "--card-size", args.card_size] + \
        (["--high-contrast"] * args.high_contrast)
    if lang == "all":  # one process per language: each opens its own window
        codes = list(i18n.LANGUAGES)
        def heights(code: str) -> list[str]:  # a file a language, beside the one named
            return [] if args.heights is None else [
                "--heights", str(args.heights.with_name(f"{code}-{args.heights.name}"))]

        runs = [subprocess.run([sys.executable, __file__, "--lang", code, *(["--audit"] * audit),
                                *looks, *heights(code), str(outdir / code)], check=False,
                               env=dict(os.environ, SCARE_IT_PREFS=tempfile.mkdtemp(
                                   prefix=f"scare-it-shots-{code}-"))).returncode
                for code in codes]
        bad = [code for code, rc in zip(codes, runs, strict=True) if rc]
        print(f"languages with problems: {', '.join(bad) or 'none'}")
        return 1 if bad else 0
    outdir.mkdir(parents=True, exist_ok=True)
    if i18n.set_language(lang):
        print(f"the {lang} catalogue failed to load: see errors.log", file=sys.stderr)
        return 1
    if audit:
        AUDIT = {}
        text_audit.watch_rectangles()
        from game.render import fit
        fit.Picture = text_audit.Recorder  # the words inside cached pictures are seen too
        # The table paints its words into cached pictures: make those recording screens too.
        import game.scenes.table.picture as table_picture
        if hasattr(table_picture, "picture"):
            table_picture.picture = text_audit.Recorder
        else:
            print("audit: table_picture.picture is gone: the table's cached words go unseen")
    try:
        code = shots(lang, outdir)
    finally:  # what was measured, also when a later scene failed
        if AUDIT is not None and args.heights is not None:
            measured = {"heights": HEIGHTS, "paragraphs": PARAGRAPHS}
            args.heights.write_text(json.dumps(measured, ensure_ascii=False, indent=0),
                                    encoding="utf-8")
    if AUDIT is not None:
        bad = {name: problems for name, problems in AUDIT.items() if problems}
        count = sum(len(p) for p in bad.values())
        print(f"audit ({lang}): {len(AUDIT)} screens, {count} problems on {len(bad)} screens")
        return 1 if bad else code
    return code


def looks_of(app: App) -> None:
    """The `app` takes the looks the options ask for (Settings -> Accessibility)."""
    app.settings.text_size = LOOKS["text_size"]
    app.settings.high_contrast = LOOKS["high_contrast"]
    app.settings.card_size = LOOKS["card_size"]
    app.apply_looks()


def shots(lang: str, outdir: Path) -> int:
    app = App(frames=1, windowed=True)
    app.ui.set_locale(lang)
    app.raise_errors = True
    app.settings.lesson_offered = True  # the first launch's offer has a picture of its own
    looks_of(app)
    app.go_to_menu()
    shoot(app, outdir, "title", 1.0)
    from game.scenes.learn.how_to_play import HowToPlayScene
    from game.scenes.message import MessageScene
    from game.scenes.settings.settings import SettingsScene
    from game.scenes.solo.solo_menu import SoloMenuScene
    from game.scenes.table.setup import SetupScene
    app.push(SetupScene(app))
    shoot(app, outdir, "setup")
    app.setup_memory.update(mode=Mode.ALL_INCLUDED, count=6, levels=[None, "easy", None, "normal", "hard", None, None, None])
    app.stack.top.rebuild()
    shoot(app, outdir, "setup_six_players")
    eight_players_shots(app, outdir)
    app.go_to_menu()
    app.push(SoloMenuScene(app))
    shoot(app, outdir, "solo_menu")
    app.go_to_menu()
    app.push(SettingsScene(app))
    shoot(app, outdir, "settings")
    from game.scenes.settings.access import AccessScene
    app.push(AccessScene(app))
    shoot(app, outdir, "settings_access")
    from game.scenes.settings.controls import ControlsScene
    app.push(ControlsScene(app))
    shoot(app, outdir, "settings_controls")
    app.stack.top._turn(1)
    app.stack.top._listen("undo", Device.KEYBOARD)
    shoot(app, outdir, "settings_controls_listening")
    app.go_to_menu()
    from game.scenes.learn.how_to_play import page_count
    for page in range(page_count()):  # the rules, then each mode's page
        app.stack.clear(HowToPlayScene(app, page))
        shoot(app, outdir, f"how_to_play_{page + 1}", 2.0)
    for name, words in notices():
        app.go_to_menu()
        app.push(MessageScene(app, words))
        shoot(app, outdir, name)
    app.go_to_menu()
    from game.scenes.table.pause import PauseScene
    app.push(PauseScene(app, restart=lambda: None))
    shoot(app, outdir, "pause_over_title")
    play_shots(app, outdir)
    learner_shots(app, outdir)
    lesson_shots(app, outdir)
    replay_shots(app, outdir)
    saved_games_shots(app, outdir)
    person_shots(app, outdir)
    classic_shots(app, outdir)
    review_shots(app, outdir)
    campaign_shots(app, outdir)
    stats_shots(app, outdir)
    editor_shots(app, outdir)
    # One window per process at a time: close this one before the kiosk opens its own.
    pygame.quit()
    kiosk_shots(outdir)
    pygame.quit()
    online_shots(outdir)
    pygame.quit()
    return 0


def online_shots(outdir: Path) -> None:
    """The online scenes against a loopback table (tools/online_screenshots.py), with seat
    names as long as the name box takes and the table's code, checked like the rest."""
    import online_screenshots

    def check(app, name: str) -> None:
        if ONLINE_SHOWN is not None:  # the review's record of which words each shot shows
            ONLINE_SHOWN(name)
        if AUDIT is None:
            return
        audit_shot(app, name)

    online_screenshots.main(outdir, names(3), check, LOOKS["text_size"], LOOKS["high_contrast"],
                            LOOKS["card_size"])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
