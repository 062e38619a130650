"""Shared test setup: no display or sound card, and hypothesis settings for CI."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", deadline=None, derandomize=True, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def app(tmp_path):
    """The real App, windowed, instant, with its files in `tmp_path`, showing the title."""
    from tests.app_driver import frames, make_app

    app = make_app(tmp_path)
    frames(app)
    yield app
    app.close()
