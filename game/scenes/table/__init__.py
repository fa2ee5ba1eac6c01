"""The table: the scene that plays a game, its parts and kinds, and what opens over it."""
