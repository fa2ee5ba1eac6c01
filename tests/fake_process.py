"""A stand-in for subprocess.Popen that never speaks: each start is kept in a list, and a
process runs until it is terminated (as a voice waiting for its line would)."""

from __future__ import annotations


def fake_popen(started: list):
    """A Popen-like class whose processes are appended to `started` as they start."""

    class Process:
        def __init__(self, args=None, *rest, **kwargs):
            self.args, self.ended = args, False
            started.append(self)

        def poll(self):
            return 0 if self.ended else None

        def terminate(self):
            self.ended = True

        def wait(self, timeout=None):
            return 0

    return Process
