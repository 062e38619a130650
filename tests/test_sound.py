"""Tests for the synthesized chip sounds and the Sounds player (mute, volume, silence without audio)."""

from __future__ import annotations

import wave

import numpy as np
import pygame
import pytest

from scenes.look.sound import FADE_SECONDS, PEAK, SOUND_NAMES, Sounds, synthesize, to_wav

RATE = 44100
FULL_SCALE = 32767
LONGEST = {"deal": 0.060, "win": 1.5, "lose": 1.5}
"""The longest each sound may last, in seconds; the rest stay under 0.4 s."""


def left_channel(name: str, rate: int = RATE) -> np.ndarray:
    samples = np.array(synthesize(name, rate), dtype=np.int64)
    return samples[0::2]


def pitch(samples: np.ndarray, rate: int) -> float:
    """The frequency of a tone from its zero crossings (two per cycle)."""
    nonzero = samples[samples != 0]
    crossings = np.count_nonzero(np.diff(np.signbit(nonzero)))
    return crossings / 2 / (len(samples) / rate)


@pytest.fixture
def mixer():
    """A closed mixer before and after the test, so each test opens it the way it wants."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def made_sounds(monkeypatch, mixer) -> list:
    """Every pygame Sound built during the test, each counting how often it was played."""
    made: list = []

    class CountingSound(pygame.mixer.Sound):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.plays = 0
            made.append(self)

        def play(self, *args, **kwargs):
            self.plays += 1
            return super().play(*args, **kwargs)

    monkeypatch.setattr(pygame.mixer, "Sound", CountingSound)
    return made


def total_plays(made: list) -> int:
    return sum(sound.plays for sound in made)


# --- synthesis ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_is_audible_stereo_and_quiet(name):
    samples = synthesize(name)
    left, right = np.array(samples[0::2]), np.array(samples[1::2])
    assert len(samples) > 0 and len(samples) % 2 == 0
    assert np.array_equal(left, right)
    peak = int(np.max(np.abs(left)))
    assert peak > 0.2 * FULL_SCALE
    assert peak <= PEAK * FULL_SCALE + 1


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_fades_in_from_and_out_to_silence(name):
    left = np.abs(left_channel(name))
    fade = round(FADE_SECONDS * RATE)
    ceiling = PEAK * FULL_SCALE * np.arange(fade) / fade + 1
    assert left[0] == 0 and left[-1] == 0
    assert np.all(left[:fade] <= ceiling)
    assert np.all(left[::-1][:fade] <= ceiling)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_is_short(name):
    seconds = len(left_channel(name)) / RATE
    assert 0 < seconds < LONGEST.get(name, 0.4)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_a_sound_lasts_as_long_at_any_sample_rate(name):
    assert abs(len(left_channel(name, 22050)) * 2 - len(left_channel(name, RATE))) <= 2


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_the_same_sound_has_the_same_samples_every_time(name):
    assert synthesize(name) == synthesize(name)


def test_the_sounds_all_differ():
    assert len({synthesize(name).tobytes() for name in SOUND_NAMES}) == len(SOUND_NAMES)


def test_unknown_sound_name_is_refused():
    with pytest.raises(KeyError):
        synthesize("applause")


def test_made_bid_arpeggio_climbs_an_octave_and_set_falls_one():
    made, fallen = left_channel("made"), left_channel("set")
    first_note = slice(int(0.005 * RATE), int(0.06 * RATE))
    assert 1.85 < pitch(made[-int(0.1 * RATE) :], RATE) / pitch(made[first_note], RATE) < 2.15
    assert 0.45 < pitch(fallen[-int(0.1 * RATE) :], RATE) / pitch(fallen[first_note], RATE) < 0.55


def test_spades_broken_is_a_low_thud():
    thud = left_channel("spades_broken")
    assert pitch(thud[int(0.03 * RATE) :], RATE) < 150


def test_the_lost_game_phrase_descends():
    lose = left_channel("lose")
    quarter = len(lose) // 4
    pitches = [pitch(lose[i * quarter + 400 : (i + 1) * quarter - 400], RATE) for i in range(4)]
    assert pitches == sorted(pitches, reverse=True)
    assert pitches[0] > pitches[-1] * 1.1
    assert pitches[0] < 500


def test_to_wav_writes_the_sound_as_a_stereo_16_bit_file(tmp_path):
    path = tmp_path / "win.wav"
    to_wav("win", path)
    with wave.open(str(path), "rb") as written:
        assert (written.getnchannels(), written.getsampwidth(), written.getframerate()) == (2, 2, RATE)
        frames = written.readframes(written.getnframes())
    assert np.array_equal(np.frombuffer(frames, "<i2"), np.array(synthesize("win"), dtype=np.int16))


# --- playing --------------------------------------------------------------------------------------------------------


def test_sounds_play_every_name_with_the_dummy_audio_driver(mixer):
    sounds = Sounds()
    assert sounds.available
    for name in SOUND_NAMES:
        sounds.play(name)
    assert pygame.mixer.get_busy()


def test_playing_an_unknown_name_is_a_programming_error(mixer):
    with pytest.raises(KeyError):
        Sounds().play("applause")


@pytest.mark.parametrize(
    ("size", "decode"),
    [
        (-16, lambda raw: np.frombuffer(raw, np.int16) / FULL_SCALE),
        (16, lambda raw: (np.frombuffer(raw, np.uint16).astype(float) - 32768) / FULL_SCALE),
        (8, lambda raw: (np.frombuffer(raw, np.uint8).astype(float) - 128) / 127),
        (32, lambda raw: np.frombuffer(raw, np.float32).astype(float)),
    ],
)
@pytest.mark.parametrize(("frequency", "channels"), [(22050, 1), (48000, 2)])
def test_sounds_are_built_in_the_mixers_own_rate_and_format(made_sounds, frequency, size, channels, decode):
    pygame.mixer.init(frequency, size, channels)
    Sounds()
    assert len(made_sounds) == len(SOUND_NAMES)
    for name, sound in zip(SOUND_NAMES, made_sounds, strict=True):
        assert sound.get_length() == pytest.approx(len(left_channel(name)) / RATE, abs=0.002)
        samples = decode(sound.get_raw())
        assert len(samples) == round(sound.get_length() * frequency) * channels
        assert samples[0] == 0 and samples[-1] == 0
        assert 0.2 < np.max(np.abs(samples)) <= PEAK + 0.01


def test_without_a_mixer_sounds_are_silent_no_ops(made_sounds, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    assert not sounds.available
    for name in SOUND_NAMES:
        sounds.play(name)
    sounds.set_volume(0.3)
    sounds.set_enabled(False)
    sounds.set_enabled(True)
    assert made_sounds == []
    with pytest.raises(KeyError):
        sounds.play("applause")


def test_an_unusable_audio_driver_leaves_the_game_silent(mixer, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_audio_driver")
    sounds = Sounds()
    assert not sounds.available
    sounds.play("shuffle")


def test_muting_stops_play_calls_and_unmuting_restores_them(made_sounds):
    sounds = Sounds()
    sounds.play("deal")
    assert total_plays(made_sounds) == 1
    sounds.set_enabled(False)
    assert not sounds.enabled
    sounds.play("deal")
    sounds.play("win")
    assert total_plays(made_sounds) == 1
    sounds.set_enabled(True)
    sounds.play("win")
    assert total_plays(made_sounds) == 2


def test_sounds_made_muted_play_nothing_and_open_no_device_until_unmuted(made_sounds):
    sounds = Sounds(enabled=False)
    for name in SOUND_NAMES:
        sounds.play(name)
    assert not sounds.available and not sounds.enabled and not pygame.mixer.get_init()
    assert total_plays(made_sounds) == 0
    sounds.set_enabled(True)
    sounds.play("deal")
    assert sounds.available and total_plays(made_sounds) == 1


def test_muting_cuts_off_a_sound_already_playing(mixer):
    sounds = Sounds()
    sounds.play("win")
    assert pygame.mixer.get_busy()
    sounds.set_enabled(False)
    assert not pygame.mixer.get_busy()


def test_volume_is_clamped_to_zero_to_one_and_reaches_every_sound(made_sounds):
    assert Sounds(volume=5.0).volume == 1.0
    made_sounds.clear()
    sounds = Sounds(volume=-2.0)
    assert sounds.volume == 0.0
    sounds.set_volume(1.7)
    assert sounds.volume == 1.0
    sounds.set_volume(0.25)
    assert sounds.volume == 0.25
    assert [sound.get_volume() for sound in made_sounds] == pytest.approx([0.25] * len(SOUND_NAMES), abs=1 / 128)


def test_default_volume_is_below_full(mixer):
    sounds = Sounds()
    assert 0 < sounds.volume < 1
    assert sounds.enabled
