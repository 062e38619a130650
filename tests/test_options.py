"""The Options screen, driven through pygame's event queue: changes are saved at once, survive a
restart, reach the next game; impossible custom rules are refused with the reason; Restore asks first."""

from __future__ import annotations

import itertools

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from game.rules import OPTION_BY_KEY, PRESETS
from scenes.look import layout, text
from scenes.screens.options import PAGES, OptionsScene
from scenes.screens.title import TitleScene
from scenes.settings import NAME_LENGTH, Settings
from tests.app_driver import click, click_widget, frames, make_app, press, type_into


def open_options(app, page: str = "game") -> OptionsScene:
    scene = OptionsScene(app)
    app.push(scene)
    frames(app)
    if page != "game":
        click_widget(app, scene.tabs[page])
    assert scene.page == page
    return scene


def button(scene: OptionsScene, words: str, near: str | None = None) -> UIButton:
    """The button showing `words` on the page; `near`: the one in the row called that."""
    found = [element for element in scene.widgets if isinstance(element, UIButton) and element.text == words]
    if near is not None:
        row = next(row for row in scene.rows if row.title == near)
        found = [element for element in found if row.rect.colliderect(element.rect)]
    assert len(found) == 1, f"{len(found)} buttons {words!r}"
    return found[0]


def entry_in_row(scene: OptionsScene, title: str) -> UITextEntryLine:
    row = next(row for row in scene.rows if row.title == title)
    return next(e for e in scene.widgets if isinstance(e, UITextEntryLine) and row.rect.colliderect(e.rect))


def menus(scene: OptionsScene) -> list[UIDropDownMenu]:
    return [element for element in scene.widgets if isinstance(element, UIDropDownMenu)]


def choose_in_menu(app, menu: UIDropDownMenu, words: str) -> None:
    """Open a drop-down with the mouse and click the option showing `words`."""
    click(app, menu.rect.center)
    items = menu.current_state.options_selection_list.item_list
    item = next(item for item in items if item["text"] == words)
    click_widget(app, item["button_element"])
    frames(app)


def hover(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.window.to_window(pos), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app)


def test_levels_variant_back_volume_and_a_name_are_saved_at_once_and_kept_after_a_restart(tmp_path):
    app = make_app(tmp_path)
    frames(app)
    scene = open_options(app)
    assert (app.settings.partner_level, app.settings.opponents_level) == ("expert", "normal"), "the defaults"
    click_widget(app, button(scene, "Normal", near="Partner's level"))
    assert (app.settings.partner_level, app.settings.opponents_level) == ("normal", "normal")
    assert scene.status == "Saved." and not scene.notice
    click_widget(app, button(scene, "Expert", near="Opponents' level"))
    assert (app.settings.partner_level, app.settings.opponents_level) == ("normal", "expert")
    choose_in_menu(app, menus(scene)[0], "Dunn 1995")
    assert app.settings.variant == "dunn"
    type_into(app, entry_in_row(scene, "Player names"), "Ada")
    assert app.settings.names[0] == "Ada"
    click_widget(app, scene.tabs["table"])
    click(app, scene.back_rects["computer"].center)
    assert app.settings.card_back == "computer" and app.art.back_name == "computer"
    click_widget(app, scene.tabs["screen"])
    before = app.settings.volume
    click_widget(app, scene.volume_slider.right_button)
    click_widget(app, scene.volume_slider.right_button)
    frames(app)
    assert app.settings.volume == pytest.approx(before + 0.10)
    assert app.sounds.volume == pytest.approx(before + 0.10)
    app.close()

    restarted = make_app(tmp_path)
    try:
        kept = restarted.settings
        assert (kept.partner_level, kept.opponents_level) == ("normal", "expert")
        assert (kept.variant, kept.names[0], kept.card_back) == ("dunn", "Ada", "computer")
        assert kept.volume == pytest.approx(before + 0.10)
        assert restarted.art.back_name == "computer"
        assert not restarted.notices
    finally:
        restarted.close()


def test_every_option_of_the_chosen_variant_shows_its_help_when_pointed_at(app):
    scene = open_options(app, "rules")
    for option in (OPTION_BY_KEY["mustbeat"], OPTION_BY_KEY["bags"], OPTION_BY_KEY["lose"]):
        row = next(row for row in scene.rows if option.help in row.help)
        hover(app, row.rect.center)
        words, _ = scene.info()
        assert option.help in words
    assert len([row for row in scene.rows if any(o.help in row.help for o in OPTION_BY_KEY.values())]) == len(
        OPTION_BY_KEY)


def test_a_preset_is_copied_to_a_custom_slot_and_its_options_change_one_by_one(app):
    scene = open_options(app, "rules")
    click_widget(app, button(scene, "Copy to Custom 1"))
    assert app.settings.variant == "custom1"
    assert app.settings.game_variant().rules == PRESETS["partner"].rules
    click_widget(app, button(scene, "Off", near="Must beat"))
    click_widget(app, button(scene, "Standard", near="Deck"))
    type_into(app, entry_in_row(scene, "Win at"), "250")
    rules = app.settings.game_variant().rules
    assert (rules.must_beat, rules.deck, rules.win) == (True, "jokers", 250)
    assert scene.status == "Saved."

    choose_in_menu(app, menus(scene)[0], "Solo")
    click_widget(app, button(scene, "Copy to Custom 1"))
    assert "Custom 1 has rules of its own" in scene.notice
    assert app.settings.variant == "solo" and app.settings.custom_line("custom1") == rules.to_line()
    click_widget(app, button(scene, "Replace Custom 1?"))
    assert app.settings.variant == "custom1" and app.settings.game_variant().rules == PRESETS["solo"].rules


def test_an_impossible_custom_combination_is_refused_with_the_reason_and_nothing_is_saved(app, tmp_path):
    line = PRESETS["partner"].rules.replace(min_team=2, max_team=3).to_line()
    app.change_settings(variant="custom2", custom_rules={"custom2": line})
    scene = open_options(app, "rules")
    plus = button(scene, "+", near="Lowest team bid")
    click_widget(app, plus)
    assert app.settings.game_variant().rules.min_team == 3, "a possible change is made"
    stored = app.settings.custom_line("custom2")
    on_disk = (tmp_path / "settings.json").read_text()

    click_widget(app, button(scene, "+", near="Lowest team bid"))
    assert scene.notice == "The lowest team bid is above the highest."
    assert scene.status == "Not saved."
    assert scene.info() == (scene.notice, scene.info()[1]) and scene.notice in scene.info()[0]
    assert app.settings.custom_line("custom2") == stored
    assert (tmp_path / "settings.json").read_text() == on_disk
    assert entry_in_row(scene, "Lowest team bid").get_text() == "3", "the page shows what is kept"

    type_into(app, entry_in_row(scene, "Win at"), "lots")
    assert scene.notice == "Win at: expected a whole number, not 'lots'."
    assert app.settings.custom_line("custom2") == stored
    assert entry_in_row(scene, "Win at").get_text() == "500", "the refused words give way to the setting"


def test_changing_one_custom_rule_remakes_only_the_controls_it_changed(app):
    """Remaking the page's sixty controls for every click held the frame for 20-160 ms."""
    app.change_settings(variant="custom1", custom_rules={"custom1": PRESETS["partner"].rules.to_line()})
    scene = open_options(app, "rules")
    before = set(scene.widgets)
    old_entry = entry_in_row(scene, "Boston")
    click_widget(app, button(scene, "+", near="Boston"))
    assert app.settings.game_variant().rules.boston == 10
    new_entry = entry_in_row(scene, "Boston")
    assert new_entry.get_text() == "10" and not old_entry.alive()
    remade = {element for element in scene.widgets if element not in before}
    assert remade == {new_entry, *menus(scene)}, "only the changed entry (and the drop-down menus) are made anew"
    assert all(element.alive() for element in scene.widgets)
    assert {element for element in before if element.alive()} == set(scene.widgets) - remade

    click_widget(app, button(scene, "Off", near="Must beat"))
    assert button(scene, "On", near="Must beat").alive() and app.settings.game_variant().rules.must_beat


def test_a_name_too_long_is_cut_and_an_empty_name_is_refused(app):
    scene = open_options(app)
    entry = entry_in_row(scene, "Player names")
    type_into(app, entry, "Bartholomew the Great")
    assert app.settings.names[0] == "Bartholomew the Great"[:NAME_LENGTH].strip()
    type_into(app, entry_in_row(scene, "Player names"), "")
    assert scene.notice.startswith("A name must have 1 to 12")
    assert app.settings.names[0] == "Bartholomew the Great"[:NAME_LENGTH].strip()
    assert entry_in_row(scene, "Player names").get_text() == app.settings.names[0]


def test_leaving_with_a_refused_name_stays_to_show_why(app):
    scene = open_options(app)
    type_into(app, entry_in_row(scene, "Player names"), "", finish=False)
    press(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is scene
    assert scene.notice.startswith("A name must have") and app.settings.names[0] == "You"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes[-1], TitleScene)


def test_a_name_is_kept_when_the_player_clicks_elsewhere_or_leaves(app):
    scene = open_options(app)
    entries = [e for e in scene.widgets if isinstance(e, UITextEntryLine)]
    type_into(app, entries[1], "Wes", finish=False)
    click(app, (20, 250))
    assert app.settings.names[1] == "Wes"
    type_into(app, entry_in_row(scene, "Player names"), "Zed", finish=False)
    press(app, pygame.K_ESCAPE)
    assert app.settings.names[0] == "Zed"
    assert isinstance(app.scenes[-1], TitleScene)


def test_table_and_screen_choices_are_saved_and_applied(app):
    scene = open_options(app, "table")
    click_widget(app, button(scene, "Last", near="Sort spades"))
    click_widget(app, button(scene, "Right", near="Aces go"))
    click_widget(app, button(scene, "On", near="Four colours"))
    click_widget(app, button(scene, "Off", near="Dim unplayable"))
    click_widget(app, button(scene, "Off", near="Play last card"))
    click_widget(app, button(scene, "On", near="Click to raise"))
    settings = app.settings
    assert (settings.spades_first, settings.aces_left, settings.four_colour) == (False, False, True)
    assert (settings.dim_illegal, settings.auto_last_card, settings.click_to_raise) == (False, False, True)
    assert app.art.four_colour
    click_widget(app, scene.tabs["screen"])
    click_widget(app, button(scene, "Off", near="Sound"))
    click_widget(app, button(scene, "Slow", near="Animation"))
    for _ in range(3):
        click_widget(app, button(scene, "-", near="Trick pause"))
    assert (app.settings.sound, app.settings.speed, app.settings.trick_delay) == (False, "slow", 0.0)
    assert not app.sounds.enabled
    click_widget(app, button(scene, "-", near="Trick pause"))
    assert app.settings.trick_delay == 0.0, "0 (click to continue) is the shortest"
    assert not app.fullscreen and app.settings.fullscreen, "a windowed test run, full screen by default"
    click_widget(app, button(scene, "Off", near="Full screen"))
    assert app.settings.fullscreen is False
    click_widget(app, button(scene, "On", near="Full screen"))
    assert app.fullscreen is True and app.settings.fullscreen is True
    click_widget(app, button(scene, "Off", near="Full screen"))
    assert app.fullscreen is False and app.settings.fullscreen is False
    click_widget(app, button(scene, "Slow", near="Animation"))
    assert scene.status == "Saved."
    click_widget(app, scene.tabs["game"])
    click_widget(app, button(scene, "On", near="Save Hand"))
    assert app.settings.save_hand


def test_restore_defaults_asks_first_then_resets_everything(app, tmp_path):
    app.change_settings(opponents_level="expert", variant="custom1", names=("Ada", "Bo", "Cy", "Di"), card_back="boing",
                        custom_rules={"custom1": PRESETS["solo"].rules.to_line()}, volume=0.9, four_colour=True)
    app.art.set_back("boing")
    changed = app.settings
    scene = open_options(app)
    click_widget(app, scene.restore)
    assert scene.confirming and app.settings == changed
    click_widget(app, scene.confirm_buttons["cancel"])
    assert not scene.confirming and app.settings == changed
    click_widget(app, scene.restore)
    press(app, pygame.K_ESCAPE)
    assert not scene.confirming and app.scenes[-1] is scene, "Esc closes the question, not the screen"
    click_widget(app, scene.restore)
    click_widget(app, scene.confirm_buttons["restore"])
    assert not scene.confirming
    assert app.settings == Settings()
    assert app.store.load() == (Settings(), None)
    assert (app.art.back_name, app.art.four_colour) == (Settings().card_back, False)
    assert scene.status == "Defaults restored."
    assert entry_in_row(scene, "Player names").get_text() == Settings().names[0]


def test_a_change_takes_effect_in_the_next_game(app):
    scene = open_options(app)
    choose_in_menu(app, menus(scene)[0], "Custom 2")
    type_into(app, entry_in_row(scene, "Player names"), "Ada")
    click_widget(app, scene.tabs["rules"])
    choose_in_menu(app, menus(scene)[1], "Suicide")
    type_into(app, entry_in_row(scene, "Win at"), "200")
    press(app, pygame.K_ESCAPE)
    app.new_game()
    game = app.session.game
    assert game.variant == "Custom 2"
    assert game.rules == PRESETS["suicide"].rules.replace(win=200)
    assert game.names["S"] == "Ada"

    app.push(OptionsScene(app))
    frames(app)
    choose_in_menu(app, menus(app.scenes[-1])[0], "NetSpades")
    app.pop()
    assert app.session.game.variant == "Custom 2", "the game being played keeps its rules"
    app.new_game()
    assert app.session.game.variant == "NetSpades" and app.session.game.rules == PRESETS["netspades"].rules


def test_back_and_escape_return_to_the_title_with_its_buttons(app):
    title = app.scenes[-1]
    scene = open_options(app)
    assert not title.buttons["new"].visible
    click_widget(app, scene.back)
    assert app.scenes[-1] is title and title.buttons["new"].visible
    assert not scene.widgets or not any(element.alive() for element in scene.widgets)
    open_options(app, "screen")
    press(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is title


def test_tab_and_page_keys_go_round_the_pages(app):
    scene = open_options(app)
    seen = [scene.page]
    for _ in PAGES:
        press(app, pygame.K_TAB)
        seen.append(scene.page)
    assert seen == [*PAGES, "game"]
    press(app, pygame.K_PAGEUP)
    assert scene.page == "screen"


BUSY_RULES = ("deck=jokers mustbeat=1 lowclub=1 misdeal=1 niltricks=partner blindnildown=100 exchange=2 blindteam=100 "
              "teamnil=50 doubleset=1 tenfor200=1 sevenfor140=1 bonusbid=10 boston=300 moe=1 minind=1 maxind=12 "
              "mintm=4 maxtm=12 win=100000 lose=-100000")
"""A Custom slot with every option away from Partner's: the longest summary and values."""


@pytest.mark.parametrize("variant", ["partner", "dunn", "custom1"])
def test_every_page_fits_the_frame_without_overlaps(app, variant, tmp_path):
    app.change_settings(variant=variant, custom_rules={"custom1": BUSY_RULES})
    scene = open_options(app)
    frame = pygame.Rect(0, 0, *layout.SIZE)
    for page in PAGES:
        click_widget(app, scene.tabs[page])
        hover(app, scene.rows[0].rect.center)
        boxes = [element.rect for element in scene.widgets]
        boxes += [text.render(words, colour).get_rect(topleft=pos) for words, pos, colour in scene.labels]
        boxes += list(scene.back_rects.values())
        for box in boxes:
            assert frame.contains(box), (page, box)
            assert box.bottom <= 296, (page, box)
        for first, second in itertools.combinations(boxes, 2):
            assert not first.colliderect(second), (page, first, second)
        pygame.image.save(pygame.transform.scale_by(app.screen, 2), str(tmp_path / f"options_{page}.png"))
