"""The Rules page: every option of the chosen variant; Custom slots are changed option by option."""

from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIDropDownMenu

from game.rules import CUSTOM_SLOTS, OPTIONS, PRESETS, Option, Rules, RulesError, custom_variant
from scenes.look.palette import GOLD, GREY_LIGHT
from scenes.screens.options.frame import (
    PAGE_TOP,
    ROW_H,
    RULE_COLUMNS,
    RULE_ROW_H,
    RULE_VALUE_X,
    RULES_TOP,
    OptionsFrame,
    Row,
    plain,
    variant_name,
    variant_rules,
)


def rule_text(option: Option, rules: Rules) -> str:
    """An option's value as the Rules page shows it (and as its entry box takes it)."""
    value = rules.to_dict()[option.key]
    if option.kind == "bool":
        return "On" if value else "Off"
    return str(value)



class RulesPage(OptionsFrame):
    # -- Rules: every option of the chosen variant ----------------------------------------------------
    def _build_rules(self) -> None:
        settings = self.app.settings
        chosen = settings.variant
        custom = chosen in CUSTOM_SLOTS
        y = PAGE_TOP + 4
        self._row(16, y, 300, "Variant", "Which rules to play. Presets are fixed; Custom 1 and 2 can be changed "
                                         "option by option.")
        self._variant_menu(88, y, 160)
        if custom:
            self.labels.append(("Start from", (346, y + 5), GREY_LIGHT))
            choices = [(variant.name, variant_id) for variant_id, variant in PRESETS.items()]
            menu = UIDropDownMenu([("Choose...", ""), *choices], ("Choose...", ""),
                                  pygame.Rect(440, y, 184, ROW_H), manager=self.app.ui,
                                  object_id=ObjectID(object_id="#options_menu"))
            self._add(menu, lambda event: self._copy_rules(event.selected_option_id, chosen))
            self.rows.append(Row(pygame.Rect(342, y, 290, ROW_H), "Start from",
                                 f"Replace every option of {variant_name(chosen)} with a preset's, then change "
                                 "what you like."))
        else:
            for i, slot in enumerate(CUSTOM_SLOTS):
                words = f"Replace {variant_name(slot)}?" if self.copy_asked == slot else (
                    f"Copy to {variant_name(slot)}")
                self._button((330 + i * 150, y, 146, ROW_H), words, lambda slot=slot: self.copy_to(chosen, slot))
                self.rows.append(Row(pygame.Rect(326 + i * 150, y, 150, ROW_H), f"Copy to {variant_name(slot)}",
                                     f"Put {variant_name(chosen)}'s rules in {variant_name(slot)} and play them, "
                                     "to change what you like there."))
        rules = variant_rules(settings, chosen)
        per_column = (len(OPTIONS) + 1) // 2
        for index, option in enumerate(OPTIONS):
            column, line = divmod(index, per_column)
            x = RULE_COLUMNS[column]
            top = RULES_TOP + line * RULE_ROW_H
            title = option.label
            self._row(x, top, 298, title, f"{title}: {option.help}", height=RULE_ROW_H)
            control = x + RULE_VALUE_X
            if custom:
                self._rule_control(option, rules, control, top)
            else:
                shown = rule_text(option, rules)
                self.labels.append((shown.capitalize() if shown.isalpha() else shown,  # "Standard", "Off"
                                    (control, top + (RULE_ROW_H - 8) // 2), GOLD))

    def _rule_control(self, option: Option, rules: Rules, x: int, y: int) -> None:
        words = rule_text(option, rules)
        h = RULE_ROW_H - 1
        if option.kind == "bool":
            value = bool(getattr(rules, option.field))
            self._button((x, y, 48, h), words, lambda: self.change_rule(option, "0" if value else "1"), on=value)
        elif option.kind == "choice":
            following = option.choices[(option.choices.index(words) + 1) % len(option.choices)]
            self._button((x, y, 88, h), words.capitalize(), lambda: self.change_rule(option, following))
        elif option.kind == "int":
            step = 1 if option.high <= 26 else 10 if option.high <= 1000 else 50
            value = int(getattr(rules, option.field))
            self._button((x, y, 16, h), "-", lambda: self.change_rule(option, str(value - step)))
            self._entry((x + 18, y, 64, h), words, lambda typed: self.change_rule(option, typed))
            self._button((x + 84, y, 16, h), "+", lambda: self.change_rule(option, str(value + step)))
        else:
            self._entry((x, y, 100, h), words, lambda typed: self.change_rule(option, typed))

    def change_rule(self, option: Option, raw: str) -> None:
        """Set one option of the Custom slot in force; an impossible combination is refused with the reason."""
        slot = self.app.settings.variant
        if slot not in CUSTOM_SLOTS:
            return
        current = variant_rules(self.app.settings, slot)
        if raw.strip() == rule_text(option, current) or (option.kind == "bool" and raw.strip() == str(
                int(getattr(current, option.field)))):
            return
        try:
            rules = Rules.from_dict({option.key: raw}, base=current)
        except RulesError as error:
            self.refuse(plain(str(error)))
            return
        self.change(custom_rules={**dict(self.app.settings.custom_rules), slot: rules.to_line()})

    def copy_to(self, source: str, slot: str) -> None:
        """The Copy button: a Custom slot holding rules of its own is only replaced on a second click."""
        own = variant_rules(self.app.settings, slot)
        if own != custom_variant(slot).rules and own != PRESETS[source].rules and self.copy_asked != slot:
            self.copy_asked = slot
            self.notice = f"{variant_name(slot)} has rules of its own: click again to replace them."
            self.notice_row = self.chosen
            self.refresh()
            return
        self._copy_rules(source, slot)

    def _copy_rules(self, source: str, slot: str) -> None:
        self.copy_asked = None
        if source not in PRESETS or slot not in CUSTOM_SLOTS:
            return
        line = PRESETS[source].rules.to_line()
        self.change(custom_rules={**dict(self.app.settings.custom_rules), slot: line}, variant=slot)

