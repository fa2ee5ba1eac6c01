"""Kinds that see only the view: no table kind or part takes the table scene or holds it.

The kinds are found as TableKind's subclasses and the parts as Section's, once every room's
module is imported; a method "takes the scene" when a parameter is named `scene` or `table`
(a kind or part that holds it is test_table_parts' to find)."""

from __future__ import annotations

import inspect

from game.scenes.table.kind import TableKind
from game.scenes.table.section import Section
from tests.scenes.test_scene_sizes import scene_classes


def subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)


def walked(base) -> list[type]:
    list(scene_classes())  # every room's modules imported: every kind and part defined
    found = [base, *(c for c in subclasses(base) if c.__module__.startswith("game."))]
    assert len(found) > 3, base  # the walk reached the rooms
    return found


def takes_scene(cls) -> list[str]:
    """The methods of `cls` (its own) with a parameter named `scene` or `table`."""
    said = []
    for name, member in vars(cls).items():
        if inspect.isfunction(member) and \
                {"scene", "table"} & set(inspect.signature(member).parameters):
            said.append(f"{cls.__qualname__}.{name}")
    return said


def test_no_kind_or_part_takes_the_scene():
    """Every kind's hooks and commands, every part's methods (the learner's helps and the
    lesson's coach too): none is handed the table scene. A kind's buttons and keys name the
    table's commands; its commands get the app and the session and answer a Reply."""
    found = [m for base in (TableKind, Section) for cls in walked(base) for m in takes_scene(cls)]
    assert not found, found


LIVE = {"pick", "client", "link"}  # the table's live choosing and an online table's connection


def test_no_part_holds_the_live_pick_or_connection():
    """A part is made without the table's live Pick or an online table's client or link, so
    it can only paint what the frame's view carries (the pick is changed by the table's input
    alone; the online kind puts what its panel shows into the view as it is made)."""
    found = [f"{cls.__qualname__}.{name}" for cls in walked(Section)
             for name, member in vars(cls).items() if inspect.isfunction(member)
             and LIVE & set(inspect.signature(member).parameters)]
    assert not found, found
