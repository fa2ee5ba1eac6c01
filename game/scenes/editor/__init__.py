"""The puzzle editor and its play-test table."""
