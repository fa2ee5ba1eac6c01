"""The campaign's level files: a data package (game.levels once built or installed)."""
