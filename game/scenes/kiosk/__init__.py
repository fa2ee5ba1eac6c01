"""The kiosk: the attract loop, the operator overlay and the still-playing prompt."""
