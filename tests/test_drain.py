"""The test helper that takes a child's output whole keeps the lines readline() buffered."""

from __future__ import annotations

import subprocess
import sys

from tests.drain import drain

CHILD = "import sys\nfor n in range(2000):\n    print('line', n)\nprint('oops', file=sys.stderr)\n"


def test_the_lines_readline_took_in_are_not_lost():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    child.wait(timeout=60)  # every line waits in the pipe: readline() takes a buffer of them
    assert child.stdout.readline() == "line 0\n"
    out, err = drain(child, 60)
    assert out.splitlines() == [f"line {n}" for n in range(1, 2000)]
    assert err == "oops\n"
