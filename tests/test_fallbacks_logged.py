"""No fallback hides what happened (issue 18, section 5): a missing asset, an unreadable theme
and a solver process that cannot start each play around the fault and say so in errors.log."""

from __future__ import annotations

import multiprocessing

import pytest

from game.campaign import live_solver
from game.engine import parse_position
from game.paths import LOG


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    return tmp_path


def logged(prefs) -> str:
    path = prefs / LOG
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_a_missing_card_face_is_drawn_and_logged(prefs, tmp_path, monkeypatch):
    import pygame

    from game.render import assets

    pygame.init()
    monkeypatch.setattr(assets, "ASSETS", tmp_path / "no-assets")
    art = assets.Assets()
    assert art.card_image("YC", 120).get_width() == 120
    assert "YC.png could not be loaded" in logged(prefs) and "stand-in" in logged(prefs)


def test_an_unreadable_theme_is_logged(prefs, tmp_path):
    from game.ui.theme import load_theme

    broken = tmp_path / "theme.json"
    broken.write_text("{not json")
    assert load_theme(broken) is None
    assert "theme" in logged(prefs) and "pygame-gui's own look" in logged(prefs)


def test_a_solver_process_that_cannot_start_is_logged_and_a_thread_goes_on(prefs, monkeypatch):
    def refuse(method=None):
        raise OSError("no processes in this sandbox")

    monkeypatch.setattr(multiprocessing, "get_context", refuse)
    solver = live_solver.LiveSolver()
    try:
        solver.ask(parse_position("YC PM"))
        answer = solver.wait(30)
        assert solver.mode == "thread" and answer.count is not None
    finally:
        solver.close()
    assert "no worker process" in logged(prefs) and "sandbox" in logged(prefs)
