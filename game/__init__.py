"""Scare It! - the digital edition of the family card game."""

__version__ = "0.1.0"
