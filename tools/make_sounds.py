"""Make the app's sound effects from arithmetic: assets/sounds/{place,capture,end}.wav.

Run `python tools/make_sounds.py` after changing a sound; the output is committed, so the app and
its builds need nothing but these files.  The sounds are synthesised here (sine partials with
exponential decays and a little seeded noise), so they are ours to license: see assets/LICENSES.md.
The output is byte-for-byte reproducible (fixed seed, no timestamps in WAV files).
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools.usage, when run as a script

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

RATE = 22050  # plenty for clicks and chimes, and half the size of 44.1 kHz
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def tone(freq: float, length: float, decay: float, start: float = 0.0, amp: float = 1.0) -> list[tuple[int, float]]:
    """(sample index, value) pairs of a sine that fades out with time constant ``decay``."""
    first = int(start * RATE)
    return [(first + i, amp * math.exp(-i / RATE / decay) * math.sin(2 * math.pi * freq * i / RATE))
            for i in range(int(length * RATE))]


def noise(length: float, decay: float, start: float = 0.0, amp: float = 1.0, seed: int = 1) -> list[tuple[int, float]]:
    """A burst of seeded white noise low-passed by a running average: the 'tick' of a piece landing."""
    rng = random.Random(seed)
    first, smooth, out = int(start * RATE), 0.0, []
    for i in range(int(length * RATE)):
        smooth += 0.35 * (rng.uniform(-1, 1) - smooth)
        out.append((first + i, amp * math.exp(-i / RATE / decay) * smooth))
    return out


def mix(length: float, *parts: list[tuple[int, float]], peak: float = 0.8) -> list[float]:
    """Add the parts into one buffer, normalise to ``peak`` and fade the last 5 ms to avoid a click."""
    buf = [0.0] * int(length * RATE)
    for part in parts:
        for i, v in part:
            if i < len(buf):
                buf[i] += v
    top = max(abs(v) for v in buf) or 1.0
    fade = int(0.005 * RATE)
    for k in range(fade):
        buf[-1 - k] *= k / fade
    return [v * peak / top for v in buf]


def write(name: str, samples: list[float]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in samples))


def place() -> list[float]:
    """A piece set on a wooden board: a short knock (low body, bright click, a breath of noise)."""
    return mix(0.14, tone(180, 0.14, 0.035), tone(820, 0.05, 0.008, amp=0.6),
               noise(0.03, 0.006, amp=0.9, seed=1))


def capture() -> list[float]:
    """Pieces taken: two quick knocks, the second lower, as if lifting and dropping a stone."""
    return mix(0.26, tone(240, 0.1, 0.03), noise(0.03, 0.006, amp=0.8, seed=2),
               tone(150, 0.16, 0.045, start=0.09), tone(620, 0.05, 0.01, start=0.09, amp=0.5),
               noise(0.03, 0.008, start=0.09, amp=0.8, seed=3), peak=0.85)


def game_end() -> list[float]:
    """The game is over: a soft rising chime (C5 E5 G5 C6) with a bell-like overtone."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = []
    for k, f in enumerate(notes):
        parts.append(tone(f, 0.9 - 0.12 * k, 0.28, start=0.12 * k))
        parts.append(tone(f * 2.76, 0.3, 0.06, start=0.12 * k, amp=0.15))
    return mix(1.0, *parts, peak=0.7)


def main(argv: list[str] | None = None) -> None:
    tool_parser(__doc__, writes_and_takes(
        writes="assets/sounds/{place,capture,end}.wav over the committed ones (the same bytes unless a "
               "sound changed)",
        takes="under a second")).parse_args(argv)  # --help writes nothing
    write("place", place())
    write("capture", capture())
    write("end", game_end())
    for p in sorted(OUT.glob("*.wav")):
        print(f"{p.relative_to(OUT.parent.parent)}: {p.stat().st_size} bytes")


if __name__ == "__main__":
    main()
