"""What a child process printed, whole, once it ends: read through the same buffered pipes
its first lines were read from with readline().

Popen.communicate(timeout=...) reads the raw pipes, past what readline() had already taken
into its buffer: those lines were lost (a saved game's FORGETTING line, once, on a loaded CI)."""

from __future__ import annotations

import subprocess
import threading


def drain(process: subprocess.Popen, timeout: float) -> tuple[str, str]:
    """Wait for `process` to end and return all of its standard output and error not read
    yet (each read on a thread of its own, so a full error pipe never stalls the output)."""
    got: dict[str, str] = {}

    def read(name: str, pipe) -> None:
        got[name] = pipe.read()
        pipe.close()

    readers = [threading.Thread(target=read, args=(name, pipe), daemon=True)
               for name, pipe in (("out", process.stdout), ("err", process.stderr)) if pipe]
    for reader in readers:
        reader.start()
    process.wait(timeout=timeout)
    for reader in readers:
        reader.join(timeout)
        if reader.is_alive():  # a grandchild still holds the pipe open
            raise subprocess.TimeoutExpired(process.args, timeout)
    return got.get("out", ""), got.get("err", "")
