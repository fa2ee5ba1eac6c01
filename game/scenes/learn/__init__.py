"""Learning the game: How to play, its examples, and the guided first game."""
