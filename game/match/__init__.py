"""The match layer (the midend): one game's history, move sources, hints, records and saves. No pygame.

Import what you need from its modules (game.match.controller, .record, .session...): the package
itself loads nothing, so reading a record at start does not bring in the computers and the solver.
"""
