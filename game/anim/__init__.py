"""Animations: easing curves, tweens, and the director that plays the engine's events."""
