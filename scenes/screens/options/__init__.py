"""The Options screen: variant and custom rules, computer level, table, sound and screen, player names.

Four pages behind tabs (Game, Rules, Table, Sound & screen), a module each. Every change
goes through ``app.change_settings`` at once, so it is saved (atomically) and read by the
next hand; a value the settings or the rules engine refuse is not saved, and the reason is
shown in plain words in the info box. Hovering over a row shows its one-line help there.
"""

from __future__ import annotations

from scenes.screens.options.frame import PAGES, RULE_VALUE_X, OptionsFrame, plain
from scenes.screens.options.game_page import GamePage
from scenes.screens.options.rules_page import RulesPage
from scenes.screens.options.screen_page import ScreenPage
from scenes.screens.options.table_page import TablePage


class OptionsScene(GamePage, RulesPage, TablePage, ScreenPage, OptionsFrame):
    """Every setting on four pages; pushed over the title or the in-game menu, left with Back or Esc.

    `page` is the page shown first (one of :data:`PAGES`). After a change, `status`
    holds "Saved." or "Not saved." and `notice` the refusal reason (empty when the
    last change was saved); `confirm` is the Restore-defaults question while open, with its
    `confirm_buttons` "restore" and "cancel".
    """


__all__ = ["PAGES", "RULE_VALUE_X", "OptionsScene", "plain"]
