"""The puzzle editor's input words: which of its actions also work on the buttons, and which
the help lines under the field name."""

from __future__ import annotations

# The editor's actions (game.controls) that also work while a button has the focus; the rest
# act on the field's cursor (EditorScene.commands says what each does).
ANYWHERE = {"edit_undo", "edit_redo", "edit_copy", "edit_paste"}
HELP = ("select", "edit_remove", "edit_target", "edit_undo", "edit_redo", "brush_back",
        "brush_on", "edit_buttons")  # what the help lines under the field name
