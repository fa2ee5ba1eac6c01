"""Memory given back at once: dead scenes collected, freed pages returned to the system.

A scene that left the stack is a web of cycles (scene, match, listeners) holding tens of MB of
surfaces; the collector's oldest generation may not look at it for many scenes. And glibc keeps
freed pages inside the process: without a trim, resident memory stays at its highest mark.
Called where a scene's worth of memory has just been let go (a show ends, a visitor leaves).

And glibc, once a big block it had mapped on its own is freed, raises the size above which it
maps blocks apart (up to 32 MB): the full-screen pictures (8 MB each) then come from the heap,
where the small objects between them keep the freed room from going back, and the resident
size climbs hour by hour. `keep_big_blocks_apart` fixes that size, so every picture is mapped
on its own and its pages leave with it.
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


M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)
BIG_BLOCK = 256 * 1024  # bytes: blocks this big or bigger are mapped apart (a 256x256 picture)


@cache
def _mallopt():
    """glibc's mallopt, or None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return None


def keep_big_blocks_apart() -> bool:
    """Map every block of BIG_BLOCK bytes or more apart from the heap, for the whole process
    (glibc would raise that size as big blocks are freed); True when the allocator took it."""
    mallopt = _mallopt()
    return mallopt is not None and mallopt(M_MMAP_THRESHOLD, BIG_BLOCK) == 1


def release() -> None:
    """Collect every dead cycle now and hand the freed pages back to the system."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
