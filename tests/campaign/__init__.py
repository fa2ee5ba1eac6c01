"""Tests of the campaign: level files, sessions, hints and progress."""
