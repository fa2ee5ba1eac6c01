"""Scenes: one file per scene, plus the scene stack that drives them.

A scene that goes on to another is handed what it needs (a callback, a factory) or imports
it. Only the first screens (the title, the kiosk) open what they lead to by name, through the
one registry (game/scenes/registry.py), so a launch imports only what its first screen shows.
"""

