"""Hear what a blind player hears: the lines of a --speech-log file spoken into one WAV file
through pyttsx3's espeak-ng voice (the route Windows takes with SAPI 5).

    scare-it --speech-log /tmp/said.txt        # play a while, then:
    python tools/speech_wav.py /tmp/said.txt /tmp/said.wav --lang cs
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import i18n  # noqa: E402
from game.voices import Pyttsx3Voice  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path, help="a file --speech-log wrote (one line a line)")
    parser.add_argument("wav", type=Path, help="the WAV file to write")
    parser.add_argument("--lang", default="en", choices=sorted(i18n.LANGUAGES),
                        help="the language the log is in (its voice)")
    parser.add_argument("--lines", type=int, default=0, help="only the first N lines")
    args = parser.parse_args(argv)
    try:
        lines = args.log.read_text(encoding="utf-8").splitlines()
        voice = Pyttsx3Voice()
    except OSError as err:
        print(f"speech_wav: {err}", file=sys.stderr)
        return 1
    lines = [line for line in lines if line.strip()][:args.lines or None]
    voice.save(". ".join(lines), args.lang, args.wav)
    voice.close()
    print(f"{args.wav}: {len(lines)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
