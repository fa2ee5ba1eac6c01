"""A campaign level on the table: the level's words, par and target; undo, redo, restart, hints.

The table scene configured by a LevelTable (game/scenes/level_table.py: the panel, the keys,
restart and pause); the history, par and hints live in its Match. With `demo` set the match
plays a solution line (a scripted seat) instead of taking input, with the normal animations
and pacing. It overrides no PlayScene method but the constructor (tests/scenes/test_play.py).
"""

from __future__ import annotations

from game.campaign.levels import Level
from game.campaign.session import level_state
from game.engine.moves import Move
from game.i18n import _
from game.match.controller import Match
from game.match.session import Phase
from game.scenes.deal_table import light_hint
from game.scenes.level_pause import LevelPauseScene  # also re-exported from here
from game.scenes.level_result import LevelResultScene
from game.scenes.level_table import LevelTable, SolutionTable
from game.scenes.play import PlayScene
from game.scenes.who_plays import solo_name

__all__ = ["LevelPauseScene", "LevelPlayScene", "level_result"]


def level_result(app, level: Level, *args, **kwargs) -> LevelResultScene:
    """A level's result screen whose next level, retry and solution open a fresh level table."""
    def play(next_level: Level, **options) -> None:
        app.replace(LevelPlayScene(app, next_level, **options))

    return LevelResultScene(app, level, *args, play=play, **kwargs)


class LevelPlayScene(PlayScene):
    def __init__(self, app, level: Level, *, demo: tuple[Move, ...] | None = None,
                 result: dict | None = None, match: Match | None = None,
                 keep: bool | None = None, kind: LevelTable | None = None) -> None:
        self.level = level
        self.demo = tuple(demo) if demo is not None else None
        if match is None:
            match = Match(level_state(level, solo_name(app)), par=level.par, level=level.id,
                          line=self.demo or ())
        keep = self.demo is None if keep is None else keep  # a solution is never saved
        super().__init__(app, match, on_finish=self._finished, keep=keep,
                         kind=kind or (SolutionTable() if self.demo is not None else LevelTable()))
        self.campaign = app.files.campaign()
        self.progress = app.files.progress()
        self.result = result or {}  # the player's own result, shown again after a solution
        app.last_level = level.id  # the level select follows the player

    # The level's own commands (undo, redo and their words are the table's) --------------
    def undo_to_good(self) -> None:
        self.settle()
        if self.session.known_reachable() is not False:
            return
        said = self.session.back_to_good()
        if said is None:
            self.say(_("Use Restart to try again from the start"))
            return
        self.play_beats(said)
        self.say(_("Back to the last point where par %(par)d could be reached")
                 % {"par": self.level.par})

    def ask_hint(self) -> None:
        self.settle()
        if self.state.over:
            self.say(_("The game is over: no scare is left"))
            return
        answer = self.session.hint()
        self.picture.forget()
        if answer.move is not None:
            light_hint(self, answer.move)
        elif answer.reachable is False:
            self.app.audio.play("error")
            self.say(_("Par %(par)d can no longer be reached") % {"par": self.level.par}, 8)
        else:
            self.say(_("No hint found in time \u2014 ask again"))

    # The end ---------------------------------------------------------------------------
    def _finished(self, state, finish) -> None:
        """The level's end (kept by the session at the last move): its result screen."""
        if self.demo is not None:
            result = dict(self.result, solution_cards=state.position.card_count())
            self.app.replace(self._result(**result))
            return
        missed = self.session.known_reachable() is False and self.session.index > 0
        self.app.replace(self._result(state, before=finish.before if finish else None,
                                      hints=self.session.hints_used,
                                      back_to_good=self._back_to_good if missed else None))

    def _back_to_good(self) -> None:
        """From the result screen: this game again, at its last point where par was in reach."""
        table = LevelPlayScene(self.app, self.level, match=self.session.match)
        self.app.replace(table)
        table.undo_to_good()

    def _result(self, *args, **kwargs) -> LevelResultScene:
        return level_result(self.app, self.level, *args, **kwargs)

    def stop_demo(self) -> None:
        if self.phase == Phase.DONE:
            return
        self.settle()
        self.session.close()
        self.app.replace(self._result(**self.result))

    def to_levels(self) -> None:
        self.app.pop()  # the pause overlay
        self.app.pop()  # this level: the level select beneath comes back
