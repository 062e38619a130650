"""The game's chip sounds: synthesized by code at start-up, played through pygame's mixer, muted or silent.

Every sound is built from a few 8-bit-computer voices (square waves, a triangle, sample-and-hold
noise), each shaped by an attack/decay envelope, mixed, scaled to a quiet peak and faded in and out
over a few milliseconds so nothing clicks. Nothing is read from or written to disk except by
`to_wav`, which lets a person listen to one sound.

>>> samples = synthesize("deal")
>>> len(samples) // 2 < 0.060 * 44100   # a dealt card's tick is shorter than 60 ms
True
"""

from __future__ import annotations

import array
import math
import os
import sys
import wave
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from os import PathLike

import numpy as np
import pygame

SOUND_NAMES = ("shuffle", "deal", "play", "trick", "spades_broken", "bid", "made", "set", "win", "lose", "turn")

RATE = 44100
"""The sample rate of `synthesize` and `to_wav` unless told otherwise."""
PEAK = 0.4
"""The loudest sample of any sound, as a fraction of full scale, before the player's volume."""
_SOFTER = {"bid": 0.75, "turn": 0.6}
"""Sounds kept below PEAK, as a fraction of it."""
FADE_SECONDS = 0.003
"""Every sound rises from silence and falls back to it over this long, so it never clicks."""
DEFAULT_VOLUME = 0.6

# Equal-tempered note frequencies (Hz) used by the tunes.
C4, E4, F4, F_SHARP4, G4 = 261.63, 329.63, 349.23, 369.99, 392.00
C5, E_FLAT5, E5, G5, A5 = 523.25, 622.25, 659.25, 783.99, 880.00
B5, C6, E6 = 987.77, 1046.50, 1318.51
G3 = 196.00

Wave = np.ndarray


# --- voices and envelopes -------------------------------------------------------------------------------------------


def _times(seconds: float, rate: int) -> Wave:
    return np.arange(max(1, round(seconds * rate))) / rate


def _phase(freq: float | Wave, count: int, rate: int) -> Wave:
    """The running phase (in cycles) of an oscillator at a fixed or a changing frequency."""
    if np.isscalar(freq):
        return np.arange(count) * (float(freq) / rate)
    return np.concatenate(([0.0], np.cumsum(freq[:-1]))) / rate


def _square(freq: float | Wave, count: int, rate: int, duty: float = 0.5) -> Wave:
    return np.where(_phase(freq, count, rate) % 1.0 < duty, 1.0, -1.0)


def _triangle(freq: float | Wave, count: int, rate: int) -> Wave:
    # Starts at zero and rising, like a sine.
    return 1.0 - 4.0 * np.abs((_phase(freq, count, rate) + 0.25) % 1.0 - 0.5)


def _noise(rng: np.random.Generator, count: int, rate: int, clock: float) -> Wave:
    """Sample-and-hold noise: a new random level `clock` times a second (lower clock, duller noise)."""
    steps = (np.arange(count) * (clock / rate)).astype(np.int64)
    levels = rng.uniform(-1.0, 1.0, int(steps[-1]) + 1)
    return levels[steps]


def _sweep(start: float, end: float, seconds: float, count: int, rate: int) -> Wave:
    """A frequency gliding exponentially from `start` to `end` Hz over `seconds`, then holding."""
    progress = np.minimum(np.arange(count) / (seconds * rate), 1.0)
    return start * (end / start) ** progress


def _envelope(count: int, rate: int, attack: float, decay: float | None, release: float = 0.004) -> Wave:
    """A linear attack, an exponential decay (time constant `decay`, None to sustain) and a short release."""
    t = np.arange(count) / rate
    shape = np.minimum(1.0, t / attack) if attack > 0 else np.ones(count)
    if decay is not None:
        shape = shape * np.exp(-np.maximum(0.0, t - attack) / decay)
    tail = (count - 1 - np.arange(count)) / rate
    return shape * np.minimum(1.0, tail / release)


class _Track:
    """A mono mix of notes and hits placed in time."""

    def __init__(self, seconds: float, rate: int) -> None:
        self.rate = rate
        self.samples = np.zeros(max(1, round(seconds * rate)))

    def add(self, start: float, wave: Wave, level: float = 1.0) -> None:
        first = round(start * self.rate)
        part = wave[: max(0, len(self.samples) - first)]
        self.samples[first : first + len(part)] += level * part

    def note(
        self,
        start: float,
        seconds: float,
        freq: float | Wave,
        voice: str = "square",
        duty: float = 0.25,
        attack: float = 0.004,
        decay: float | None = None,
        level: float = 1.0,
    ) -> None:
        """One note of a square (with its duty cycle) or triangle voice."""
        count = round(seconds * self.rate)
        if voice == "square":
            tone = _square(freq, count, self.rate, duty)
        else:
            tone = _triangle(freq, count, self.rate)
        self.add(start, tone * _envelope(count, self.rate, attack, decay), level)


def _vibrato(freq: float, seconds: float, rate: int, depth: float, speed: float, delay: float) -> Wave:
    t = _times(seconds, rate)
    return freq * (1.0 + depth * np.minimum(1.0, t / max(delay, 1e-9)) * np.sin(2 * math.pi * speed * t))


# --- the sounds -----------------------------------------------------------------------------------------------------


def _shuffle(rate: int, rng: np.random.Generator) -> _Track:
    """A riffle: a run of short noise bursts, quickening as the halves interleave, then a soft squaring-up."""
    track = _Track(0.37, rate)
    start = 0.004
    clicks = 17
    for index in range(clicks):
        burst = _times(0.010, rate)
        hit = _noise(rng, len(burst), rate, 11000.0) * _envelope(len(burst), rate, 0.0008, 0.0022, 0.002)
        track.add(start, hit, rng.uniform(0.55, 1.0))
        start += 0.024 - 0.012 * index / (clicks - 1) + rng.uniform(-0.002, 0.002)
    swoosh = _times(0.07, rate)
    track.add(0.29, _noise(rng, len(swoosh), rate, 5000.0) * _envelope(len(swoosh), rate, 0.012, 0.02), 0.45)
    return track


def _deal(rate: int, rng: np.random.Generator) -> _Track:
    """A tick: a few milliseconds of bright noise over a high blip."""
    track = _Track(0.035, rate)
    count = len(track.samples)
    track.add(0.0, _noise(rng, count, rate, 7000.0) * _envelope(count, rate, 0.0006, 0.004), 0.8)
    track.note(0.0, 0.035, 1800.0, duty=0.25, attack=0.0006, decay=0.005, level=0.5)
    return track


def _play(rate: int, rng: np.random.Generator) -> _Track:
    """A snap: a crack of white noise and a square voice dropping fast in pitch."""
    track = _Track(0.09, rate)
    count = len(track.samples)
    track.add(0.0, _noise(rng, count, rate, float(rate)) * _envelope(count, rate, 0.0008, 0.009), 0.9)
    track.note(0.0, 0.09, _sweep(750.0, 170.0, 0.05, count, rate), duty=0.5, attack=0.001, decay=0.018, level=0.6)
    return track


def _trick(rate: int, rng: np.random.Generator) -> _Track:
    """A chime: a short B then a ringing E above, square with a triangle shadow."""
    track = _Track(0.34, rate)
    track.note(0.0, 0.07, B5, duty=0.25, attack=0.002, decay=0.2)
    track.note(0.07, 0.27, E6, duty=0.25, attack=0.002, decay=0.09)
    track.note(0.07, 0.27, E6 / 2, voice="triangle", attack=0.002, decay=0.12, level=0.6)
    return track


def _spades_broken(rate: int, rng: np.random.Generator) -> _Track:
    """A low thud: a triangle falling from 140 to 45 Hz with a burst of dull noise on the hit."""
    track = _Track(0.30, rate)
    count = len(track.samples)
    track.note(0.0, 0.30, _sweep(140.0, 45.0, 0.22, count, rate), voice="triangle", attack=0.002, decay=0.09)
    track.add(0.0, _noise(rng, count, rate, 900.0) * _envelope(count, rate, 0.001, 0.025), 0.5)
    track.note(0.0, 0.30, _sweep(110.0, 55.0, 0.1, count, rate), duty=0.125, attack=0.002, decay=0.04, level=0.25)
    return track


def _bid(rate: int, rng: np.random.Generator) -> _Track:
    """A soft blip: a triangle sliding up a fourth."""
    track = _Track(0.075, rate)
    count = len(track.samples)
    track.note(0.0, 0.075, _sweep(660.0, 880.0, 0.015, count, rate), voice="triangle", attack=0.004, decay=0.03)
    return track


def _turn(rate: int, rng: np.random.Generator) -> _Track:
    """A soft door chime, E then A above: at a server's table, the player's turn after a wait."""
    track = _Track(0.36, rate)
    for start, seconds, freq in ((0.0, 0.12, E5), (0.12, 0.24, A5)):
        track.note(start, seconds, freq, voice="triangle", attack=0.004, decay=0.1)
        track.note(start, seconds, freq, duty=0.125, attack=0.004, decay=0.06, level=0.3)
    return track


def _arpeggio(rate: int, notes: tuple[float, ...], step: float, last: float, duty: float) -> _Track:
    track = _Track(step * (len(notes) - 1) + last, rate)
    for index, freq in enumerate(notes):
        seconds = last if index == len(notes) - 1 else step
        track.note(index * step, seconds, freq, duty=duty, attack=0.003, decay=0.12)
        track.note(index * step, seconds, freq, voice="triangle", attack=0.003, decay=0.12, level=0.5)
    return track


def _made(rate: int, rng: np.random.Generator) -> _Track:
    """A rising major arpeggio: C E G C."""
    return _arpeggio(rate, (C5, E5, G5, C6), step=0.07, last=0.16, duty=0.25)


def _set(rate: int, rng: np.random.Generator) -> _Track:
    """A falling minor arpeggio: G E-flat C G."""
    return _arpeggio(rate, (G5, E_FLAT5, C5, G4), step=0.075, last=0.15, duty=0.5)


def _win(rate: int, rng: np.random.Generator) -> _Track:
    """A fanfare: C E G C, a step back to G, and a long C with vibrato over a triangle bass."""
    track = _Track(1.15, rate)
    beat = 0.09
    lead = ((C5, beat), (E5, beat), (G5, beat), (C6, 2 * beat), (G5, beat))
    start = 0.0
    for freq, seconds in lead:
        track.note(start, seconds, freq, duty=0.25, attack=0.003, decay=0.35)
        start += seconds
    held = 1.15 - start
    track.note(start, held, _vibrato(C6, held, rate, 0.008, 6.0, 0.15), duty=0.25, attack=0.003, decay=0.4)
    track.note(0.0, 3 * beat, C4, voice="triangle", attack=0.004, level=0.8)
    track.note(3 * beat, 3 * beat, G3, voice="triangle", attack=0.004, level=0.8)
    track.note(start, held, C4, voice="triangle", attack=0.004, decay=0.5, level=0.8)
    return track


def _lose(rate: int, rng: np.random.Generator) -> _Track:
    """A sad descending phrase: G, F-sharp, F, then a long wobbling E that sags."""
    track = _Track(1.3, rate)
    step = 0.25
    for index, freq in enumerate((G4, F_SHARP4, F4)):
        track.note(index * step, step, freq, duty=0.5, attack=0.025, decay=0.3, level=0.7)
        track.note(index * step, step, freq, voice="triangle", attack=0.025, decay=0.3)
    held = 1.3 - 3 * step
    sag = _vibrato(E4, held, rate, 0.015, 5.0, 0.1) * _sweep(1.0, 0.94, held, round(held * rate), rate)
    track.note(3 * step, held, sag, duty=0.5, attack=0.025, decay=0.35, level=0.7)
    track.note(3 * step, held, sag, voice="triangle", attack=0.025, decay=0.35)
    return track


_RECIPES: dict[str, Callable[[int, np.random.Generator], _Track]] = {
    "shuffle": _shuffle,
    "deal": _deal,
    "play": _play,
    "trick": _trick,
    "spades_broken": _spades_broken,
    "bid": _bid,
    "made": _made,
    "set": _set,
    "win": _win,
    "lose": _lose,
    "turn": _turn,
}


def _mono(name: str, rate: int) -> Wave:
    """One sound as floats in [-PEAK, PEAK], faded in and out; the same every time."""
    recipe = _RECIPES[name]
    rng = np.random.Generator(np.random.PCG64(zlib.crc32(name.encode())))
    samples = recipe(rate, rng).samples
    loudest = float(np.max(np.abs(samples)))
    if loudest > 0:
        samples = samples * (PEAK * _SOFTER.get(name, 1.0) / loudest)
    fade = min(len(samples) // 2, max(1, round(FADE_SECONDS * rate)))
    ramp = np.arange(fade) / fade
    samples[:fade] *= ramp
    samples[len(samples) - fade :] *= ramp[::-1]
    return samples


def _int16(mono: Wave) -> Wave:
    return np.round(mono * 32767).astype(np.int16)


def synthesize(name: str, rate: int = RATE) -> array.array:
    """The interleaved stereo signed 16-bit samples of one sound; KeyError for an unknown name.

    >>> left, right = synthesize("bid")[100:102]
    >>> left == right
    True
    """
    samples = array.array("h")
    samples.frombytes(np.repeat(_int16(_mono(name, rate)), 2).tobytes())
    return samples


def to_wav(name: str, path: str | PathLike[str], rate: int = RATE) -> None:
    """Write one sound as a stereo 16-bit WAV file, to listen to or inspect."""
    samples = synthesize(name, rate)
    if sys.byteorder == "big":
        samples.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())


def _encode(mono: Wave, size: int, channels: int) -> bytes:
    """Samples in the mixer's own format, as `pygame.mixer.get_init()` reports it (size, channels)."""
    if size == -16:
        data = _int16(mono)
    elif size == 16:
        data = (np.round(mono * 32767) + 32768).astype(np.uint16)
    elif size == 8:
        data = (np.round(mono * 127) + 128).astype(np.uint8)
    elif size == -8:
        data = np.round(mono * 127).astype(np.int8)
    elif size in (32, -32):  # pygame only ever opens 32-bit audio as floats
        data = mono.astype(np.float32)
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    return np.repeat(data, max(1, channels)).tobytes()


# --- playing them ---------------------------------------------------------------------------------------------------


class Sounds:
    """The game's sounds, ready to play by name; silent (and never failing) when there is no audio device.

    >>> sounds = Sounds(enabled=False)
    >>> sounds.play("shuffle"); sounds.available
    False
    >>> sounds.set_volume(2.0); sounds.volume
    1.0
    """

    def __init__(self, enabled: bool = True, volume: float = DEFAULT_VOLUME) -> None:
        self._enabled = enabled
        self._volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._tried = False
        if enabled:
            self._open()

    def _open(self) -> None:
        """Open the audio device and make the sounds, once; muted games never touch the device."""
        if self._tried:
            return
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(RATE, -16, 2, 512)
                with _native_messages_hushed():
                    pygame.mixer.init()
            spec = pygame.mixer.get_init()
            if spec is None:
                return
            rate, size, channels = spec
            self._sounds = {
                name: pygame.mixer.Sound(buffer=_encode(_mono(name, rate), size, channels)) for name in SOUND_NAMES
            }
            for sound in self._sounds.values():
                sound.set_volume(self._volume)
        except Exception:  # no audio device, no SDL_mixer, an odd format: the game goes on in silence
            self._sounds = {}

    @property
    def available(self) -> bool:
        """Whether there is a working mixer (looked for when sound is first on); when False every
        call is a silent no-op."""
        return bool(self._sounds)

    @property
    def enabled(self) -> bool:
        """Whether sounds play (False: muted)."""
        return self._enabled

    @property
    def volume(self) -> float:
        """The playing volume, 0 (silent) to 1 (the sounds' own level)."""
        return self._volume

    def set_enabled(self, flag: bool) -> None:
        """Unmute (True) or mute (False); muting also cuts off the sounds now playing."""
        self._enabled = bool(flag)
        if self._enabled:
            self._open()
        else:
            for sound in self._sounds.values():
                sound.stop()

    def set_volume(self, volume: float) -> None:
        """Set the volume, clamped to 0..1."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def play(self, name: str) -> None:
        """Play one sound by name, unless muted or without audio; KeyError for a name not in SOUND_NAMES."""
        if name not in SOUND_NAMES:
            raise KeyError(name)
        if self._enabled and self._sounds:
            self._sounds[name].play()


@contextmanager
def _native_messages_hushed() -> Iterator[None]:
    """Keep native libraries from writing to the console meanwhile: without a sound card ALSA
    prints a dozen lines of its configuration errors, and the game already goes on silent."""
    try:
        saved = os.dup(2)
        hush = os.open(os.devnull, os.O_WRONLY)
    except OSError:  # no file descriptor 2 (a windowed start): nothing to hush
        yield
        return
    try:
        os.dup2(hush, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(hush)


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))
