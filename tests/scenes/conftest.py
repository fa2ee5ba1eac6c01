"""Shared scene-test set-up: one App per module, with its own prefs folder."""

import os

import pytest


@pytest.fixture(scope="module")
def module_app(tmp_path_factory):
    """One App for the module (opening one costs more than most tests) and its prefs folder;
    raise_errors makes a scene's exception fail the test instead of becoming a notice."""
    from game.app import App

    prefs = tmp_path_factory.mktemp("prefs")
    old = os.environ.get("SCARE_IT_PREFS")
    os.environ["SCARE_IT_PREFS"] = str(prefs)
    application = App(frames=1, windowed=True)
    application.raise_errors = True
    yield application, prefs
    if old is None:
        os.environ.pop("SCARE_IT_PREFS", None)
    else:
        os.environ["SCARE_IT_PREFS"] = old


@pytest.fixture
def menu_app(module_app, tmp_path, monkeypatch):
    """The module's App on the title screen with a fresh, empty prefs folder of this test's."""
    from tests.scenes.drive import reset

    prefs = tmp_path / "prefs"
    prefs.mkdir()
    monkeypatch.setenv("SCARE_IT_PREFS", str(prefs))
    reset(module_app[0], prefs)
    return module_app[0]


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    """A fresh prefs folder for a test that starts Apps of its own (tests.scenes.drive.new_app),
    as restarts of the game would find it; pygame ends with the test."""
    import gc

    import pygame

    from tests.scenes.drive import end_last_app

    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    yield tmp_path
    end_last_app()
    pygame.quit()
    gc.collect()  # the Apps' cycles (scenes hold their app) go now, their dead surfaces too


@pytest.fixture(autouse=True, scope="module")
def _end_the_last_app_after_each_module():
    """An App a module started with tests.scenes.drive.new_app is not held past the module
    (its pending saves written first): a later module on the same worker never meets it."""
    yield
    import gc

    from tests.scenes.drive import end_last_app

    end_last_app()
    gc.collect()


@pytest.fixture
def app(prefs):
    """A fresh start of the game on its own prefs folder (a module may define its own)."""
    from tests.scenes.drive import new_app

    return new_app()
