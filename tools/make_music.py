"""Write the background music: two gentle seamless loops (menus, table) made from sine tones."""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import make_assets  # noqa: E402  (its WAV writer, atomic write and sample rate habits)

RATE = 16000  # soft tones under 4 kHz: half the bytes of the effects' rate
LOOP_S = 32.0  # four chords of eight seconds, then round again without a seam
PEAK = 0.32  # of full scale: under the effects (0.45 - 0.75), and the music slider on top


def note(n: int) -> float:
    """The frequency of MIDI note n (60 = middle C)."""
    return 440.0 * 2 ** ((n - 69) / 12)


def _add_tone(out: list[float], start: float, length: float, freq: float, level: float,
              attack: float, release: float, harmonics: Sequence[float] = (1.0,),
              decay: float | None = None) -> None:
    """A tone into the loop `out` (wrapping past its end, so the loop has no seam): a slow
    rise and fall for pads, or a quick attack and exponential `decay` for plucks."""
    n, first = len(out), int(start * RATE)
    total = int((length + release) * RATE)
    step = 2 * math.pi * freq / RATE
    for i in range(total):
        t = i / RATE
        if decay is not None:
            env = min(1.0, t / attack) * math.exp(-t / decay)
        else:
            env = min(1.0, t / attack, max(0.0, (length + release - t) / release))
        if env < 1e-4 and t > attack:
            if decay is not None:
                break
            continue
        phase = step * i
        out[(first + i) % n] += level * env * sum(h * math.sin((k + 1) * phase)
                                                  for k, h in enumerate(harmonics))


def compose(chords: Sequence[Sequence[int]], bass: Sequence[int], scale: Sequence[int],
            seed: int, density: float, beat_s: float, duration: float = LOOP_S) -> list[float]:
    """Chords held as a pad, a bass note each, and a sparse plucked tune from `scale` chosen
    by a seeded random walk (the same samples every run)."""
    out = [0.0] * int(duration * RATE)
    rng = random.Random(seed)
    span = duration / len(chords)
    for i, chord in enumerate(chords):
        start = i * span
        for n in chord:
            _add_tone(out, start, span, note(n), 0.10, 2.5, 2.5, (1.0, 0.12))
        _add_tone(out, start, span, note(bass[i]), 0.16, 1.0, 2.0, (1.0, 0.25))
    beats = int(duration / beat_s)
    at = len(scale) // 2
    for b in range(beats):
        if rng.random() >= density:
            continue
        at = max(0, min(len(scale) - 1, at + rng.choice((-2, -1, -1, 1, 1, 2))))
        _add_tone(out, b * beat_s, 0.1, note(scale[at]), 0.13, 0.03, 0.1, (1.0, 0.3, 0.08),
                  decay=0.7)
    return out


# Menus: bright and open (C major, 70 beats a minute); the table: calmer and sparser, in A
# minor, so thinking is not hurried.
TRACKS = {
    "menu": dict(chords=[(55, 60, 64, 71), (57, 60, 64, 67), (53, 57, 60, 64), (55, 59, 62, 67)],
                 bass=[36, 45, 41, 43], scale=[67, 69, 72, 74, 76, 79, 81, 84], seed=5,
                 density=0.55, beat_s=60 / 70),
    "table": dict(chords=[(57, 60, 64, 67), (53, 57, 60, 64), (55, 60, 64, 71), (52, 55, 59, 62)],
                  bass=[45, 41, 36, 40], scale=[64, 67, 69, 72, 74, 76, 79], seed=11,
                  density=0.4, beat_s=60 / 60),
}


def wav(samples: Sequence[float], peak: float = PEAK) -> bytes:
    """16-bit mono at RATE, normalised to `peak` (no end fades: the loop runs on)."""
    return make_assets.wav_bytes(samples, peak, RATE, fade_ends=False)


def generate(out: Path, duration: float = LOOP_S) -> list[Path]:
    written = []
    for name, recipe in TRACKS.items():
        path = out / "music" / f"{name}.wav"
        make_assets.write_atomic(path, wav(compose(**recipe, duration=duration)))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=make_assets.ASSETS, help="folder (assets/)")
    parser.add_argument("--minute", type=Path, metavar="FILE",
                        help="also write a minute of the table's music, looped, to FILE")
    args = parser.parse_args(argv)
    try:
        written = generate(args.out)
        if args.minute is not None:
            loop = compose(**TRACKS["table"])
            make_assets.write_atomic(args.minute, wav((loop * 2)[:60 * RATE]))
    except OSError as exc:
        print(f"make_music: could not write the music: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {', '.join(str(p) for p in written)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
