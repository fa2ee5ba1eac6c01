"""Tests for Scare It!, run headless with pytest."""
