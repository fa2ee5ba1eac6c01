"""Translation figures: messages per catalogue, and how long a language switch takes (ms).

    python tools/bench_i18n.py

The switch is timed the way the player makes it: Settings over the title (two scenes, every
widget rebuilt), the catalogue loaded from its .mo, pygame-gui's locale set, one frame drawn.
"""

from __future__ import annotations

import argparse
import gettext
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SCARE_IT_PREFS", tempfile.mkdtemp(prefix="scare-it-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import i18n  # noqa: E402


def catalogue_counts() -> None:
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE:
            continue
        data = i18n.catalogue_path(code).read_bytes()
        translation = gettext.GNUTranslations(io.BytesIO(data))
        # A plural message is stored once per form as (msgid, index); the header under "".
        count = len({k if isinstance(k, str) else k[0] for k in translation._catalog} - {""})
        print(f"{code}: {count} messages ({len(data)} bytes compiled)")


def switch_times(rounds: int = 20) -> None:
    from game.app import App
    from game.scenes.settings.settings import SettingsScene
    from game.ui.language import switch_language

    app = App(frames=1, windowed=True)
    app.go_to_menu()
    app.push(SettingsScene(app))
    app.draw(force=True)
    codes = list(i18n.LANGUAGES)
    load, whole = [], []
    for i in range(rounds * len(codes)):
        code = codes[i % len(codes)]
        t0 = time.perf_counter()
        i18n.load(code)
        load.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        switch_language(app, code)
        app.draw(force=True)
        whole.append(time.perf_counter() - t0)
    ms = lambda xs: f"median {statistics.median(xs) * 1000:.2f} ms, max {max(xs) * 1000:.2f} ms"  # noqa: E731
    print(f"catalogue load: {ms(load)}")
    print(f"language switch (settings over title, rebuilt and drawn): {ms(whole)} "
          f"over {len(whole)} switches")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20,
                        help="switches through every language (default 20)")
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: one switch through every language (a check that it still measures)")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds = 1
    catalogue_counts()
    switch_times(args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
