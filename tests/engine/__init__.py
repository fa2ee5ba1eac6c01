"""Tests of the rules engine: notation, moves, states, scoring, solver and AI."""
