"""Small helpers for pygame-gui widgets laid out in columns on the logical frame."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel


def button(manager: pygame_gui.UIManager, rect: tuple[int, int, int, int], label: str, *,
           container: UIPanel | None = None, object_id: str | None = None, tool_tip: str | None = None) -> UIButton:
    return UIButton(pygame.Rect(rect), label, manager=manager, container=container, tool_tip_text=tool_tip,
                    object_id=ObjectID(object_id=f"#{object_id}") if object_id else None)


def label(manager: pygame_gui.UIManager, rect: tuple[int, int, int, int], words: str, *,
          container: UIPanel | None = None, object_id: str | None = None) -> UILabel:
    return UILabel(pygame.Rect(rect), words, manager=manager, container=container,
                   object_id=ObjectID(object_id=f"#{object_id}") if object_id else None)


def column(manager: pygame_gui.UIManager, x: int, y: int, width: int, labels: list[str], *, height: int = 20,
           gap: int = 6, container: UIPanel | None = None) -> list[UIButton]:
    """Buttons stacked from (x, y) downwards, one per label."""
    return [button(manager, (x, y + i * (height + gap), width, height), words, container=container,
                   object_id="title_button")
            for i, words in enumerate(labels)]


def show(elements, shown: bool) -> None:
    """Show `elements` (pygame-gui widgets), or hide them: a panel drawn by the scene over where they
    sit would otherwise have them drawn on top of it."""
    for element in elements:
        if shown:
            element.show()
        else:
            element.hide()


def veil(size: tuple[int, int], colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
    """A see-through surface of one colour, to dim what lies under an overlay (made once
    by the scene that uses it, not every frame)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((*colour, alpha))
    return surface


def toggle_text(name: str, on: bool) -> str:
    return f"{name}: {'On' if on else 'Off'}"
