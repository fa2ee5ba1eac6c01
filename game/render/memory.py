"""Memory given back at once: dead scenes collected, freed pages returned to the system.

A scene that left the stack is a web of cycles (scene, match, listeners) holding tens of MB of
surfaces; the collector's oldest generation may not look at it for many scenes. And glibc keeps
freed pages inside the process: without a trim, resident memory stays at its highest mark.
Called where a scene's worth of memory has just been let go (a show ends, a visitor leaves).
"""

from __future__ import annotations

import ctypes
import gc
import sys
from functools import cache


@cache
def _malloc_trim():
    """glibc's malloc_trim, or None (macOS, Windows, musl: their allocators do this alone)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim  # by name: find_library runs ldconfig
    except (OSError, AttributeError):
        return None


def release() -> None:
    """Collect every dead cycle now and hand the freed pages back to the system."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
