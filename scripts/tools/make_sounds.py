#!/usr/bin/env python3
"""Synthesises SnapTable's sounds into Resources/sounds/ (run once; the WAVs are committed).

Needs numpy. Every sound is made here from code (noise, tones, envelopes): change a function,
run the script, commit the WAVs. 16-bit mono at 22050 Hz, each short and peaking at -3 dBFS;
how loud each plays is the game's business (SoundCue.gain), not the file's.
The file names are SoundCue.fileName's (Sources/SnapCore/Sound/SoundCue.swift).
"""
import os
import sys
import wave

import numpy as np

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "Resources", "sounds")
RATE = 22050
PEAK = 10 ** (-3 / 20)
rng = np.random.default_rng(21)


def t(seconds):
    return np.arange(int(seconds * RATE)) / RATE


def env(n, attack=0.003, decay=0.05):
    """A fast attack and an exponential decay (time constant `decay`)."""
    x = np.arange(n) / RATE
    a = np.clip(x / attack, 0, 1) if attack > 0 else 1
    return a * np.exp(-x / decay)


def lowpass(x, cutoff):
    """One-pole low-pass: softens noise into a thud or a swish."""
    a = np.exp(-2 * np.pi * cutoff / RATE)
    y = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc = (1 - a) * v + a * acc
        y[i] = acc
    return y


def highpass(x, cutoff):
    return x - lowpass(x, cutoff)


def noise(seconds):
    return rng.uniform(-1, 1, int(seconds * RATE))


def tone(freq, seconds, harmonics=(1.0,)):
    x = t(seconds)
    return sum(h * np.sin(2 * np.pi * freq * (k + 1) * x) for k, h in enumerate(harmonics))


def glide(f0, f1, seconds, harmonics=(1.0,)):
    """A tone sliding from f0 to f1 (phase kept continuous)."""
    n = int(seconds * RATE)
    f = np.linspace(f0, f1, n)
    phase = 2 * np.pi * np.cumsum(f) / RATE
    return sum(h * np.sin(phase * (k + 1)) for k, h in enumerate(harmonics))


def fade(x, seconds=0.005):
    """No click at the end."""
    n = min(len(x), int(seconds * RATE))
    x = x.copy()
    x[len(x) - n:] *= np.linspace(1, 0, n)
    return x


def save(name, x):
    x = fade(np.asarray(x, dtype=np.float64))
    x = x / max(1e-9, np.max(np.abs(x))) * PEAK
    data = (x * 32767).astype("<i2").tobytes()
    with wave.open(os.path.join(OUT, name + ".wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)


def card_tick():
    """A card landing on a pile: a short filtered click."""
    n = noise(0.04)
    return highpass(lowpass(n, 4000), 800) * env(len(n), 0.001, 0.006)


def turn_over():
    """A card flicked over: a swish rising into a snap."""
    n = noise(0.09)
    swish = highpass(lowpass(n, 6000), 1500) * np.sin(np.linspace(0, np.pi, len(n))) ** 2 * 0.5
    snap = np.zeros_like(n)
    click = highpass(noise(0.02), 2000) * env(int(0.02 * RATE), 0.0005, 0.004)
    snap[-len(click):] = click
    return swish + snap


def call(seat):
    """"Snap!": a short vowel-like shout, falling in pitch; each seat a step apart."""
    f0 = [220, 277, 330, 392][seat]
    d = 0.22
    voice = glide(f0 * 1.25, f0, d, harmonics=(1.0, 0.7, 0.5, 0.35, 0.2, 0.12))
    # A formant-ish brightness from a band of noise at the start: the "s".
    s = highpass(noise(0.04), 3000) * env(int(0.04 * RATE), 0.002, 0.015) * 0.6
    out = np.zeros(int(0.26 * RATE))
    out[:len(s)] += s
    start = int(0.03 * RATE)
    out[start:start + len(voice)] += voice * env(len(voice), 0.01, 0.09)
    return out


def snap_won():
    """The piles sliding in: a longer swish, then a soft thud."""
    n = noise(0.35)
    shape = np.sin(np.linspace(0, np.pi, len(n))) ** 1.5
    swish = highpass(lowpass(n, 3000), 400) * shape * 0.6
    thud = lowpass(noise(0.12), 300) * env(int(0.12 * RATE), 0.002, 0.03) * 4
    out = np.zeros(int(0.42 * RATE))
    out[:len(swish)] += swish
    out[int(0.28 * RATE):int(0.28 * RATE) + len(thud)] += thud
    return out


def wrong_call():
    """A buzzer: two detuned square-ish tones."""
    d = 0.32
    x = t(d)
    sq = np.sign(np.sin(2 * np.pi * 110 * x)) + np.sign(np.sin(2 * np.pi * 116.5 * x))
    return lowpass(sq, 1800) * np.clip(x / 0.01, 0, 1) * np.clip((d - x) / 0.04, 0, 1)


def too_late():
    """Two falling notes: "too late"."""
    a = tone(523, 0.12, (1, 0.3)) * env(int(0.12 * RATE), 0.005, 0.05)
    b = tone(392, 0.2, (1, 0.3)) * env(int(0.2 * RATE), 0.005, 0.08)
    return np.concatenate([a, np.zeros(int(0.03 * RATE)), b])


def player_out():
    """A slow falling glide."""
    d = 0.5
    return glide(440, 180, d, (1, 0.4, 0.2)) * env(int(d * RATE), 0.01, 0.25)


def round_won():
    """A rising major arpeggio."""
    notes = [523, 659, 784, 1047]
    parts = []
    for i, f in enumerate(notes):
        d = 0.14 if i < 3 else 0.45
        parts.append(tone(f, d, (1, 0.4, 0.15)) * env(int(d * RATE), 0.004, 0.08 if i < 3 else 0.2))
    return np.concatenate(parts)


def menu_move():
    return tone(1200, 0.03) * env(int(0.03 * RATE), 0.001, 0.008)


def menu_choose():
    a = tone(900, 0.04) * env(int(0.04 * RATE), 0.001, 0.012)
    b = tone(1350, 0.06) * env(int(0.06 * RATE), 0.001, 0.018)
    return np.concatenate([a, b])


def pick_up():
    """A card lifted: a short high rustle."""
    n = noise(0.06)
    return highpass(n, 2500) * np.sin(np.linspace(0, np.pi, len(n))) ** 2


def drop():
    """A card set down: a soft low tap."""
    n = noise(0.06)
    return lowpass(highpass(n, 200), 1500) * env(len(n), 0.001, 0.012)


def main():
    os.makedirs(OUT, exist_ok=True)
    save("deal-tick", card_tick())
    save("turn-over", turn_over())
    for seat in range(4):
        save(f"call-{seat}", call(seat))
    save("snap-won", snap_won())
    save("wrong-call", wrong_call())
    save("too-late", too_late())
    save("player-out", player_out())
    save("round-won", round_won())
    save("menu-move", menu_move())
    save("menu-choose", menu_choose())
    save("pick-up", pick_up())
    save("drop", drop())


if __name__ == "__main__":
    main()
