"""No scene class grows past 25 methods: a scene is a thin door onto its parts (issue 33).

Counted with every base and mixin the class has inside game/, except the scene framework
itself (Scene, MenuScene, OverlayScene: the stack's lifecycle and the widget helpers every
menu shares)."""

import importlib
import inspect
import pkgutil

import game.scenes
from game.scenes.base import Scene
from game.scenes.menu import MenuScene
from game.scenes.overlay import OverlayScene

FRAMEWORK = {Scene, MenuScene, OverlayScene}
MOST = 25


def methods(cls: type) -> set[str]:
    """The names of the methods and properties `cls` and its game bases define."""
    names = set()
    for klass in cls.__mro__:
        if klass in FRAMEWORK or not klass.__module__.startswith("game."):
            continue
        names.update(n for n, v in vars(klass).items()
                     if inspect.isfunction(v) or isinstance(v, (staticmethod, classmethod, property)))
    return names


def scene_classes():
    for info in pkgutil.walk_packages(game.scenes.__path__, "game.scenes."):
        module = importlib.import_module(info.name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, Scene) and cls not in FRAMEWORK:
                yield cls


def test_every_scene_class_has_at_most_25_methods_with_its_bases():
    classes = list(scene_classes())
    assert len(classes) > 40  # the walk found the rooms' scenes, not an empty package
    big = {f"{c.__module__}.{c.__qualname__}": len(methods(c)) for c in classes
           if len(methods(c)) > MOST}
    assert not big, big


def test_the_count_sees_a_mixin_and_leaves_the_framework_out():
    """The rule bites: a scene with a mixin counts the mixin's methods, not MenuScene's."""
    mixin = type("Mixin", (), {f"m{i}": (lambda self: None) for i in range(20)})
    mixin.__module__ = "game.scenes.probe"
    probe = type("Probe", (mixin, MenuScene), {f"n{i}": (lambda self: None) for i in range(6)})
    probe.__module__ = "game.scenes.probe"
    assert len(methods(probe)) == 26
