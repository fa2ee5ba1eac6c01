"""The game's art, fonts, sounds and theme: a data package (game.assets once built or installed)."""
