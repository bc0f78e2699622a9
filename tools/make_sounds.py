"""Synthesise the app's sound effects into WAV files (sprites/sounds/<name>.wav).

    python3 tools/make_sounds.py

Each sound is modelled on what makes it, from seeded noise and decaying resonances (no
recording, nothing downloaded), so the same command always writes the same files:

- deal: a card flicked off the deck (a snap, its air, its landing);
- slide: a card pushed across the felt (friction noise, a soft stop);
- flip: a card turned over (the edge lifting, a flap, the slap);
- shuffle: a riffle (a run of quickening clicks over the whirr) and the deck squared;
- die: a die thrown on the table (knocks of a small wooden cube, a roll between them);
- turn: your turn (two soft notes of a wooden bar, rising);
- refused: a move refused (two low muted knocks, falling);
- won_hand: a hand won (a quick rising arpeggio on a marimba);
- won_game: the game won (an arpeggio up to the octave, then the chord with a bell).

Only the standard library: run it again to make the files anew after a change here.
"""
import array
import math
import os
import random
import wave

RATE = 44100
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sprites", "sounds")


# ---- building blocks ---------------------------------------------------------------------
def silence(seconds):
    return [0.0] * int(RATE * seconds)


def mix(base, part, at, gain=1.0):
    """Add `part` into `base` from `at` seconds on (growing `base` as needed)."""
    start = int(at * RATE)
    if len(base) < start + len(part):
        base.extend([0.0] * (start + len(part) - len(base)))
    for i, v in enumerate(part):
        base[start + i] += v * gain
    return base


def noise(seconds, rng):
    return [rng.uniform(-1, 1) for _ in range(int(RATE * seconds))]


def bandpass(samples, centre, q):
    """A two-pole band-pass filter (the audio cookbook's, constant peak gain)."""
    w = 2 * math.pi * centre / RATE
    alpha = math.sin(w) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w), 1 - alpha
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for x in samples:
        y = (b0 * x + b2 * x2 - a1 * y1 - a2 * y2) / a0
        out.append(y)
        x2, x1, y2, y1 = x1, x, y1, y
    return out


def lowpass(samples, cutoff):
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in samples:
        y += k * (x - y)
        out.append(y)
    return out


def highpass(samples, cutoff):
    low = lowpass(samples, cutoff)
    return [x - y for x, y in zip(samples, low)]


def envelope(samples, attack, decay_time):
    """A quick linear attack of `attack` seconds, then an exponential fall with time
    constant `decay_time`."""
    a = max(1, int(attack * RATE))
    return [v * (i / a if i < a else math.exp(-(i - a) / (decay_time * RATE))) for i, v in enumerate(samples)]


def modes(partials, seconds, strike=0.0015):
    """A struck body: a sum of (frequency, amplitude, decay seconds) sinusoids, with a
    short strike at the start."""
    n = int(RATE * seconds)
    s = int(strike * RATE)
    out = [0.0] * n
    for freq, amp, decay in partials:
        step = 2 * math.pi * freq / RATE
        for i in range(n):
            out[i] += amp * math.sin(step * i) * math.exp(-i / (decay * RATE)) * (min(1.0, i / s) if s else 1.0)
    return fade_out(out, 0.015)


def normalise(samples, peak):
    top = max(abs(v) for v in samples) or 1.0
    return [v * peak / top for v in samples]


def fade_out(samples, seconds=0.01):
    n = min(len(samples), int(seconds * RATE))
    for i in range(n):
        samples[-1 - i] *= i / n
    return samples


# ---- the pieces of the sounds ------------------------------------------------------------
def tap(rng, loud=1.0, body=180):
    """A card landing on the felt: a dull knock and a short brush."""
    thump = modes([(body, 0.6, 0.018), (body * 2.3, 0.25, 0.01)], 0.06)
    brush = envelope(bandpass(noise(0.05, rng), 900, 0.9), 0.001, 0.008)
    return [loud * (a + 0.7 * b) for a, b in zip(thump, brush + [0.0] * len(thump))]


def snap(rng, loud=1.0):
    """The edge of a card let go: a bright click."""
    return [loud * v for v in envelope(lowpass(highpass(noise(0.02, rng), 2000), 7000), 0.0003, 0.0025)]


def swish(rng, seconds, centre, q=0.8, rise=0.3):
    """Air or friction: band-passed noise that swells and fades."""
    raw = lowpass(lowpass(bandpass(noise(seconds, rng), centre, q), 6500), 6500)
    n = len(raw)
    return [v * math.sin(math.pi * min(1.0, (i / n) / rise if i / n < rise else 1 - (i / n - rise) / (1 - rise) * 0.999))
            for i, v in enumerate(raw)]


def grain(samples, rng, depth=0.5, every=0.004):
    """Friction's unevenness: the level wavers at random every few milliseconds."""
    step = max(1, int(every * RATE))
    level, out = 1.0, []
    for i, v in enumerate(samples):
        if i % step == 0:
            level = 1 - depth * rng.random()
        out.append(v * level)
    return out


def bar(freq, loud=1.0, seconds=0.9, decay=0.35):
    """A marimba bar: the tuned partials 1, 4 and 10 times the note, the high ones short."""
    return [loud * v for v in modes([(freq, 1.0, decay), (freq * 3.93, 0.32, decay * 0.25),
                                     (freq * 9.9, 0.08, decay * 0.08)], seconds, strike=0.002)]


def bell(freq, loud=1.0, seconds=1.6):
    """A small bell: inharmonic partials, long and shimmering."""
    return [loud * v for v in modes([(freq, 1.0, 0.9), (freq * 2.76, 0.5, 0.5), (freq * 5.40, 0.2, 0.3)],
                                    seconds, strike=0.001)]


# ---- the sounds --------------------------------------------------------------------------
def deal():
    rng = random.Random(11)
    out = mix(silence(0.16), snap(rng, 0.8), 0.0)
    mix(out, swish(rng, 0.07, 3200, 0.7, 0.2), 0.002, 0.35)
    return mix(out, tap(rng, 0.6, 210), 0.075)


def slide():
    rng = random.Random(12)
    rub = grain(swish(rng, 0.2, 1800, 0.6, 0.25), rng, 0.45)
    out = mix(silence(0.26), rub, 0.0, 0.8)
    mix(out, swish(rng, 0.18, 5200, 1.2, 0.3), 0.01, 0.18)
    return mix(out, tap(rng, 0.45, 170), 0.19)


def flip():
    rng = random.Random(13)
    out = mix(silence(0.14), snap(rng, 0.5), 0.0)
    mix(out, swish(rng, 0.05, 2400, 0.7, 0.6), 0.004, 0.5)
    mix(out, envelope(lowpass(highpass(noise(0.03, rng), 900), 6000), 0.0005, 0.006), 0.05, 0.9)   # the slap
    return mix(out, tap(rng, 0.5, 240), 0.05)


def shuffle():
    rng = random.Random(14)
    out = silence(0.95)
    mix(out, grain(swish(rng, 0.55, 2600, 0.5, 0.35), rng, 0.6, 0.003), 0.0, 0.25)
    t, gap = 0.0, 0.026
    while t < 0.52:                     # the riffle: clicks coming faster, then easing
        mix(out, snap(rng, rng.uniform(0.35, 0.7)), t)
        t += gap * rng.uniform(0.75, 1.25)
        gap = max(0.008, gap * 0.93)
    mix(out, grain(swish(rng, 0.22, 1500, 0.6, 0.2), rng, 0.4), 0.56, 0.7)           # the bridge
    mix(out, tap(rng, 0.7, 150), 0.8)
    return mix(out, tap(rng, 0.5, 160), 0.86)                                        # squared


def die():
    rng = random.Random(15)
    out = silence(0.75)
    t, loud, gap = 0.0, 1.0, 0.13
    for _ in range(6):
        knock = modes([(rng.uniform(820, 980), 0.6, 0.012), (rng.uniform(1900, 2300), 0.35, 0.008),
                       (rng.uniform(3400, 3900), 0.2, 0.005), (rng.uniform(180, 230), 0.5, 0.02)], 0.07, 0.0005)
        mix(out, knock, t, loud)
        mix(out, envelope(lowpass(highpass(noise(0.01, rng), 2500), 8000), 0.0002, 0.002), t, 0.5 * loud)
        mix(out, grain(swish(rng, gap, 1200, 0.7, 0.4), rng, 0.8, 0.006), t + 0.01, 0.12 * loud)   # rolling
        t += gap
        gap *= 0.72
        loud *= 0.62
    return out


def turn():
    return mix(mix(silence(0.9), bar(659.3, 0.8), 0.0), bar(987.8, 0.9), 0.12)


def refused():
    soft = [(1.0, 0.06), (0.8, 0.05)]
    out = silence(0.36)
    for (loud, decay), (at, freq) in zip(soft, ((0.0, 233.1), (0.13, 174.6))):
        knock = modes([(freq, 1.0, decay), (freq * 2.7, 0.2, decay * 0.4)], 0.22, 0.003)
        mix(out, lowpass(knock, 1400), at, loud)
    return out


def won_hand():
    out = silence(1.2)
    for i, freq in enumerate((523.3, 659.3, 784.0)):
        mix(out, bar(freq, 0.8 + 0.1 * i, 1.0), i * 0.09)
    return out


def won_game():
    out = silence(2.4)
    for i, freq in enumerate((523.3, 659.3, 784.0, 1046.5)):
        mix(out, bar(freq, 0.75, 1.0), i * 0.11)
    for freq in (523.3, 659.3, 784.0, 1046.5):
        mix(out, bar(freq, 0.5, 1.8, 0.7), 0.5)
    return mix(out, bell(1568.0, 0.3), 0.5)


SOUNDS = {"deal": (deal, 0.7), "slide": (slide, 0.6), "flip": (flip, 0.65), "shuffle": (shuffle, 0.6),
          "die": (die, 0.7), "turn": (turn, 0.5), "refused": (refused, 0.45), "won_hand": (won_hand, 0.6),
          "won_game": (won_game, 0.65)}


def write(path, samples):
    data = array.array("h", (max(-32767, min(32767, int(v * 32767))) for v in samples))
    with wave.open(path, "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(data.tobytes())


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, (make, peak) in SOUNDS.items():
        write(os.path.join(OUT, f"{name}.wav"), fade_out(normalise(make(), peak)))
    print(f"{len(SOUNDS)} sounds written to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
