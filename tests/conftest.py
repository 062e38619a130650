"""Shared test setup: hypothesis settings for CI and the App fixture (the display and sound
card are switched off for every test by the conftest at the top of the project)."""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", deadline=None, derandomize=True, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=60)
# A night's search for counterexamples: SPADES_HYPOTHESIS=deep python -m pytest -n 2 -k ...
settings.register_profile("deep", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("SPADES_HYPOTHESIS") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def app(tmp_path):
    """The real App, windowed, instant, with its files in `tmp_path`, showing the title."""
    from tests.app_driver import frames, make_app

    app = make_app(tmp_path)
    frames(app)
    yield app
    app.close()
