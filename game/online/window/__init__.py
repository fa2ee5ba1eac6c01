"""The game window's glue: a hosted or joined table as a session, its seats and its saves."""
