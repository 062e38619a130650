"""The window: the 640×360 frame scaled up to the screen, sharp or filling it, letterboxed.

Every scene draws on one logical frame (:data:`scenes.look.layout.SIZE`). :class:`Screen`
opens the window (fullscreen at the desktop's size, or a resizable window that fits
the desktop) and copies the frame into it, scaled by nearest neighbour:

- *sharp*: by the largest whole number that fits, so every pixel of the frame becomes
  the same square of screen pixels (black borders round it where the screen is
  bigger);
- *fill*: as large as the screen allows, keeping the shape (some pixels a screen
  pixel wider than others);
- *auto* (the default): sharp when the whole-number size comes within
  :data:`AUTO_SHARP_SHARE` of the filling size (1920×1080: 3×; 1366×768: 2×), else fill
  (1024×600, where a whole number would leave the picture at 1×).

Mouse positions are mapped back to the frame by :meth:`Screen.to_frame`; pygame-gui
asks the same mapping through :class:`FrameUIManager`.

>>> fit((1920, 1080), "auto")
Viewport(x=0, y=0, width=1920, height=1080, sharp=True)
>>> fit((1024, 600), "auto")
Viewport(x=0, y=12, width=1024, height=576, sharp=False)
>>> fit((1024, 600), "sharp")
Viewport(x=192, y=120, width=640, height=360, sharp=True)
"""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from dataclasses import dataclass

import pygame
import pygame_gui

from scenes.look import layout
from scenes.look.palette import BLACK

AUTO_SHARP_SHARE = 0.8
"""Auto scaling stays sharp while the whole-number size is at least this share of the filling size."""
WINDOW_SHARE = 0.88
"""A window opens at most this share of the desktop's height (leaving room for a task bar
and the window's title bar, which SDL cannot measure beforehand)."""
HEADLESS_DRIVERS = ("dummy", "offscreen")


Place = tuple[tuple[int, int], tuple[int, int]]
"""A window's position on the desktop and its size."""


class NoDisplayError(RuntimeError):
    """There is no screen to draw on; the message says so in plain words."""


@dataclass(frozen=True)
class Viewport:
    """Where the frame lands in the window, in window pixels."""

    x: int
    y: int
    width: int
    height: int
    sharp: bool

    @property
    def scale(self) -> float:
        return self.width / layout.WIDTH

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.width, self.height)

    def describe(self) -> str:
        """In words, for the options screen: ``sharp, 3x`` or ``filling, 1.6x``."""
        if self.sharp:
            return f"sharp, {round(self.scale)}x"
        return f"filling, {self.scale:.1f}x"


def fit(window: tuple[int, int], scaling: str) -> Viewport:
    """Where the frame goes in a window of this size, `scaling` being auto, sharp or fill."""
    width, height = window
    filling = min(width / layout.WIDTH, height / layout.HEIGHT)
    whole = int(min(width // layout.WIDTH, height // layout.HEIGHT))
    whole_wanted = scaling == "sharp" or (scaling == "auto" and whole >= AUTO_SHARP_SHARE * filling)
    scale = whole if whole >= 1 and whole_wanted else filling
    size_w, size_h = max(1, round(layout.WIDTH * scale)), max(1, round(layout.HEIGHT * scale))
    return Viewport((width - size_w) // 2, (height - size_h) // 2, size_w, size_h, float(scale).is_integer())


def window_size(desktop: tuple[int, int], scaling: str = "auto") -> tuple[int, int]:
    """The size a window opens at on this desktop, with room left for the task bar and the title
    bar: the largest whole multiple of the frame from 2× up (1280×720 on 1920×1080); where no more
    than 1× fits, the picture `scaling` makes in that room, so that it fills the window (auto:
    1200×675 on 1366×768, where 1× would be a fifth of the screen, but 1× on 800×600).

    >>> window_size((1920, 1080)), window_size((2560, 1440)), window_size((1366, 768))
    ((1280, 720), (1920, 1080), (1200, 675))
    >>> window_size((1366, 768), "sharp"), window_size((800, 600)), window_size((640, 400))
    ((640, 360), (640, 360), (626, 352))
    """
    room = (desktop[0], int(desktop[1] * WINDOW_SHARE))
    whole = min(room[0] // layout.WIDTH, room[1] // layout.HEIGHT)
    if whole >= 2:
        return layout.WIDTH * whole, layout.HEIGHT * whole
    view = fit(room, scaling)
    return view.width, view.height


def within_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, cut down to the screen's where it is larger."""
    desktop = pygame.display.get_desktop_sizes()[0]
    return min(size[0], desktop[0]), min(size[1], desktop[1])


def check_display() -> None:
    """Start SDL's video; NoDisplayError when there is no real screen.

    Without a display SDL quietly falls back to drawing off screen, and the game would
    run invisibly; a driver without a screen is accepted only when asked for by name
    (``SDL_VIDEODRIVER=dummy``, as the tests do)."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplayError(_no_display_words(str(error))) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER", "") not in HEADLESS_DRIVERS:
        pygame.display.quit()
        raise NoDisplayError(_no_display_words(f"only SDL's '{driver}' driver could start"))


def _no_display_words(detail: str) -> str:
    return ("Spades needs a screen to draw on, and none was found "
            f"({detail}).\nStart it from your desktop; over SSH, connect with 'ssh -X' so the window "
            "can open on your own screen.")


def display_window() -> pygame.Window:
    """The window the display module opened (its place and size are asked and set through it)."""
    with warnings.catch_warnings():  # only its place and size are used, never its surface
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def keep_from_shrinking_below(size: tuple[int, int]) -> None:
    """The window cannot be dragged smaller than `size`: below the frame's own size its pixel
    text would be scaled down past reading."""
    display_window().minimum_size = size


class Screen:
    """The game's window and the frame every scene draws on."""

    def __init__(self, fullscreen: bool, scaling: str = "auto", size: tuple[int, int] | None = None,
                 maximized: bool = False) -> None:
        """`size` and `maximized`: the window as the player left it in an earlier run (its own size,
        and whether it was maximized over it)."""
        self.frame = pygame.Surface(layout.SIZE)
        self.scaling = scaling
        self.fullscreen = fullscreen
        self.chosen_size = size
        """The window's size the player chose in an earlier run, if any: the window opens at it."""
        self.windowed_place: Place | None = None
        """Where the window was and its size when it last went fullscreen: it comes back there."""
        self.normal_place: Place | None = None
        """Where the window is and its size when neither maximized nor minimized (as it was last seen
        so): un-maximized, the window manager puts it back there."""
        self.maximized = maximized
        """The window is maximized (as the window manager last said): back from fullscreen, so is it again."""
        self.minimized = False
        """The window is minimized: restored, it is as it was (maximized or not)."""
        self.window = self._open()
        self.viewport = fit(self.window.get_size(), scaling)
        self.present_cost: float | None = None
        """Seconds a frame takes to reach the screen (a running average; None before the first)."""

    def _open(self) -> pygame.Surface:
        """The display in full screen, or a window: at its own size and place, then maximized over it
        if it was (so that the window manager has that size and place to restore it to)."""
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        desktop = pygame.display.get_desktop_sizes()[0]
        if self.windowed_place is None:
            window = self._open_window(within_desktop(self.chosen_size or window_size(desktop, self.scaling)))
        else:
            position, size = self.windowed_place
            window = self._open_window(within_desktop(size))
            # SDL opens the new window where the old one's inside was, and a window manager puts its
            # title bar there: back and forth, the window crept down by a title bar each time.
            display_window().position = position
        self.normal_place = self._place()
        if self.maximized:
            display_window().maximize()
        return window

    @staticmethod
    def _place() -> Place:
        window = display_window()
        return window.position, window.size

    @staticmethod
    def _open_window(size: tuple[int, int]) -> pygame.Surface:
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        keep_from_shrinking_below(layout.SIZE)
        return window

    @property
    def windowed_size(self) -> tuple[int, int] | None:
        """The window's size to open at next time, within the screen: as it is now (maximized, its own
        size under that), or, in fullscreen, as it was before (None if it has not been in a window yet,
        or on a screen smaller than the frame, where the window opens at what fits anyway)."""
        if self.fullscreen:
            size = self.windowed_place[1] if self.windowed_place else self.chosen_size
        else:
            size = self.normal_place[1] if self.maximized and self.normal_place else self.window.get_size()
        if size is None:
            return None
        size = within_desktop(size)
        return size if size[0] >= layout.WIDTH and size[1] >= layout.HEIGHT else None

    def set_fullscreen(self, on: bool) -> bool:
        """Switch between fullscreen and a window; False (and nothing changed) if the display refuses.
        The window comes back where it was, at the size it had."""
        if on == self.fullscreen:
            return True
        if on:
            self.windowed_place = self.normal_place if self.maximized and self.normal_place else self._place()
        self.fullscreen = on
        try:
            self.window = self._open()
        except pygame.error:
            self.fullscreen = not on
            self.window = self._open()
            return False
        self.resized()
        return True

    def note(self, events: list[pygame.event.Event]) -> None:
        """Follow the window manager's word on the window, a frame's events at a time: maximized,
        minimized, or restored (from maximized to its own size, or from minimized to what it was);
        a window in full screen keeps what it was before. Brought back from minimized, a maximized
        window is told restored, maximized and restored again at once (SDL under X11): a restore
        among the same events as a maximize leaves it maximized.

        A window moved or resized while neither maximized nor minimized has a new place of its own
        (:attr:`normal_place`); the move and resize that come with a maximize (before it, under
        Windows) are not its own."""
        if self.fullscreen:
            return
        kinds = [event.type for event in events]
        for kind in kinds:
            if kind == pygame.WINDOWMAXIMIZED:
                self.maximized, self.minimized = True, False
            elif kind == pygame.WINDOWMINIMIZED:
                self.minimized = True
            elif kind == pygame.WINDOWRESTORED:
                self.maximized = self.maximized and (self.minimized or pygame.WINDOWMAXIMIZED in kinds)
                self.minimized = False
        moved = any(kind in (pygame.WINDOWMOVED, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESTORED) for kind in kinds)
        if moved and not (self.maximized or self.minimized or pygame.WINDOWMAXIMIZED in kinds):
            self.normal_place = self._place()

    @staticmethod
    def ask_attention() -> None:
        """Flash the window's button on the task bar until the player comes back to it, if it is not
        the window in front (where the system can: some cannot flash, and then nothing happens)."""
        window = display_window()
        if not window.focused:
            with contextlib.suppress(pygame.error):
                window.flash(pygame.FLASH_UNTIL_FOCUSED)

    def set_scaling(self, scaling: str) -> None:
        self.scaling = scaling
        self.resized()

    def resized(self) -> None:
        """The window changed size (or scaling changed): place the frame again (and time it afresh)."""
        self.present_cost = None
        self.window = pygame.display.get_surface()
        self.viewport = fit(self.window.get_size(), self.scaling)
        self.window.fill(BLACK)

    def present(self) -> None:
        """Copy the frame to the window, scaled, and show it (timed: see :attr:`present_cost`); not
        while the window is minimized, where the copy would cost as much for nothing to see (the
        window's return is an event, and the next frame shows the picture as it is by then)."""
        if not pygame.display.get_active():
            return
        start = time.perf_counter()
        view = self.viewport
        if (view.width, view.height) == layout.SIZE:
            self.window.blit(self.frame, (view.x, view.y))
        else:
            pygame.transform.scale(self.frame, (view.width, view.height), self.window.subsurface(view.rect))
        pygame.display.flip()
        spent = time.perf_counter() - start
        self.present_cost = spent if self.present_cost is None else 0.9 * self.present_cost + 0.1 * spent

    def to_frame(self, position: tuple[float, float]) -> tuple[int, int]:
        """A window position as a position on the frame (outside it when in the borders)."""
        view = self.viewport
        return (int((position[0] - view.x) * layout.WIDTH // view.width),
                int((position[1] - view.y) * layout.HEIGHT // view.height))

    def to_window(self, position: tuple[float, float]) -> tuple[int, int]:
        """A frame position as a window position (the middle of that frame pixel's square)."""
        view = self.viewport
        return (int(view.x + (position[0] + 0.5) * view.width / layout.WIDTH),
                int(view.y + (position[1] + 0.5) * view.height / layout.HEIGHT))

    def frame_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """`event` with its mouse position on the frame (other events unchanged)."""
        if not hasattr(event, "pos") or event.type not in MOUSE_EVENTS:
            return event
        values = dict(event.dict)
        values["pos"] = self.to_frame(event.pos)
        return pygame.event.Event(event.type, values)


MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class FrameUIManager(pygame_gui.UIManager):
    """pygame-gui laid out on the frame: it asks the screen where the mouse is on it."""

    def __init__(self, screen: Screen) -> None:
        super().__init__(layout.SIZE)
        self.screen = screen

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        return self.screen.to_frame(position)

    def update(self, time_delta: float) -> None:
        """Update the widgets, and let go of the areas of those killed: pygame-gui 0.6.14's sprite
        group keeps each killed element's rectangle in ``lostsprites`` for a dirty-rectangle drawing
        it never does, so a long session kept a few dozen of them per hand for good."""
        super().update(time_delta)
        self.get_sprite_group().lostsprites.clear()
