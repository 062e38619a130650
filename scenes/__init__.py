"""The screens: pygame-ce and pygame-gui scenes over the engine in `game`."""
