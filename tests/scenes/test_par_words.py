"""Issue 44: "par 1" / "Par: 1 card" were never explained. The glossary keeps the word par
(docs/GLOSSARY.md: the fewest cards a level can leave); every screen that says it says what
it is too: the level select, the level's table, the level result, the editor's save."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.campaign.level_game import level_state, solution_line  # noqa: E402
from game.engine.state import apply_all  # noqa: E402
from game.match import par_words  # noqa: E402
from tests.scenes.drive import new_app, pump  # noqa: E402
from tests.tool import load_tool  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    return new_app("mouse")


@pytest.fixture
def words_on(monkeypatch):
    """Every text a scene draws, cached pictures' words included (the text audit's screen)."""
    audit = load_tool("text_audit")
    from game.render import fit
    from game.scenes.table import picture
    monkeypatch.setattr(fit, "Picture", audit.Recorder)
    monkeypatch.setattr(picture, "picture", audit.Recorder)

    def words(scene) -> str:
        screen = audit.Recorder()
        scene.draw(screen)
        return "\n".join(t.words for t in screen.texts)
    return words


def explained(words: str, par: int) -> bool:
    return " ".join(par_words(par).split()) in " ".join(words.split())


def test_the_level_select_the_table_and_the_result_say_what_par_is(app, words_on):
    from game.scenes.solo.level_play import level_result, level_scene
    from game.scenes.solo.level_select import LevelSelectScene
    level = app.files.campaign().levels[0]
    app.go_to_menu()
    select = LevelSelectScene(app, 1)
    app.push(select)
    pump(app, 2)
    assert explained(words_on(select), level.par)
    app.push(level_scene(app, level))
    pump(app, 5)
    assert explained(words_on(app.stack.top), level.par)
    end, _ = apply_all(level_state(level), solution_line(level))
    app.replace(level_result(app, level, end, before=None))
    pump(app, 2)
    assert explained(words_on(app.stack.top), level.par)


def test_the_editor_says_what_par_is_when_a_puzzle_is_saved():
    from game.scenes.editor.editor import saved_words
    assert explained(saved_words("Cat nap", 2), 2)
