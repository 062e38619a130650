"""The player's preferences a table's controller follows, for controller tests without the App
(the App's settings have the same fields)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TablePreferences:
    partner_level: str = "normal"
    opponents_level: str = "normal"
    blind_offer: str = "never"
    auto_last_card: bool = True
    allow_undo: bool = True
    coach: bool = False
    coach_margin: int = 20
