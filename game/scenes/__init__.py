"""Scenes: one file per scene, plus the scene stack that drives them."""
