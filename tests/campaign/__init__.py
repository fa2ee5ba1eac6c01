"""Tests of the campaign: level files, hints and progress."""
