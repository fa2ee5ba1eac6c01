"""Scenes: one file per scene, plus the scene stack that drives them.

A scene that goes on to another is handed what it needs (a callback, a factory) or imports
it: no scene is looked up by name.
"""

