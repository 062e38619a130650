"""Card pictures: sizes, shapes, colours, backs, rotations and the felt (scenes/cardart.py)."""

from __future__ import annotations

import pygame
import pytest

from game.cards import CARDS, DECKS, card
from scenes.look.cardart import BACKS, CARD_H, CARD_W, OUTLINE_WIDTH, CardArt, felt, sheet
from scenes.look.palette import BLUE, CARD_WHITE, FELT, GOLD, GOLD_DARK, GREEN, RED, RIM_DARK


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def colours_in(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    width, height = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for y in range(height) for x in range(width)
            if surface.get_at((x, y)).a == 255}


def corners(surface: pygame.Surface) -> list[pygame.Color]:
    width, height = surface.get_size()
    return [surface.get_at(point) for point in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1))]


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt()


@pytest.fixture
def display():
    pygame.display.init()
    screen = pygame.display.set_mode((640, 360))
    yield screen
    pygame.display.quit()


@pytest.mark.parametrize("deck_name", sorted(DECKS))
def test_every_card_of_every_deck_has_a_40_by_56_face(art: CardArt, deck_name: str) -> None:
    for each in DECKS[deck_name].cards:
        assert art.face(each).get_size() == (CARD_W, CARD_H), each


def test_no_two_cards_share_a_face(art: CardArt) -> None:
    faces = {pixels(art.face(each)) for each in CARDS}
    assert len(faces) == len(CARDS) == 54


def test_the_big_joker_looks_different_from_the_little_joker(art: CardArt) -> None:
    assert pixels(art.face(card("BJ"))) != pixels(art.face(card("LJ")))
    assert GOLD in colours_in(art.face(card("BJ")))


@pytest.mark.parametrize(("deck_name", "marked"),
                         [("jokers", {"2C"}), ("deuces", {"2D", "2H", "2C"}), ("standard", set())])
def test_a_card_of_another_suit_that_plays_as_a_spade_has_a_gold_spade_under_its_index(
        art: CardArt, deck_name: str, marked: set[str]) -> None:
    deck = DECKS[deck_name]
    index_corner = pygame.Rect(0, 0, 10, 28)
    for each in deck.cards:
        face = art.face(each, deck).subsurface(index_corner)
        if each.text in marked:
            assert GOLD_DARK in colours_in(face), f"{each.text} is a spade in the {deck_name} deck"
            assert pixels(art.face(each, deck)) != pixels(art.face(each)), "the same card in another deck is unmarked"
            assert pixels(art.dimmed(each, deck)) != pixels(art.dimmed(each))
            assert pixels(art.highlighted(each, deck)) != pixels(art.highlighted(each))
        elif not each.is_joker:
            assert pixels(art.face(each, deck)) == pixels(art.face(each)), f"{each.text} is drawn as printed"


def test_faces_are_cached(art: CardArt) -> None:
    assert art.face(card("QH")) is art.face(card("QH"))


def test_cards_have_rounded_transparent_corners_and_an_opaque_middle(art: CardArt) -> None:
    for picture in [art.face(card("AS")), art.face(card("BJ")), art.back(), art.dimmed(card("7D")),
                    art.highlighted(card("KC"))]:
        assert all(corner.a == 0 for corner in corners(picture))
        assert picture.get_at((CARD_W // 2, CARD_H // 2)).a == 255
        assert picture.get_at((CARD_W // 2, 0)).a == 255  # the edge itself is drawn


def test_red_suits_are_red_and_black_suits_are_not(art: CardArt) -> None:
    assert RED in colours_in(art.face(card("5H")))
    assert RED in colours_in(art.face(card("5D")))
    assert RED not in colours_in(art.face(card("5S")))
    assert RED not in colours_in(art.face(card("5C")))


def test_four_colour_paints_diamonds_blue_and_clubs_green_but_leaves_spades_alone() -> None:
    two_colour = CardArt(four_colour=False)
    four_colour = CardArt(four_colour=True)
    assert BLUE in colours_in(four_colour.face(card("9D")))
    assert RED not in colours_in(four_colour.face(card("9D")))
    assert GREEN in colours_in(four_colour.face(card("9C")))
    assert pixels(four_colour.face(card("9D"))) != pixels(two_colour.face(card("9D")))
    assert pixels(four_colour.face(card("9S"))) == pixels(two_colour.face(card("9S")))
    assert pixels(four_colour.face(card("9H"))) == pixels(two_colour.face(card("9H")))


def test_switching_four_colour_on_redraws_the_faces() -> None:
    art = CardArt()
    before = pixels(art.face(card("KD")))
    art.four_colour = True
    assert art.four_colour
    assert pixels(art.face(card("KD"))) != before
    art.four_colour = False
    assert pixels(art.face(card("KD"))) == before


def test_there_are_at_least_six_backs_and_each_looks_different(art: CardArt) -> None:
    assert len(BACKS) >= 6
    pictures = {pixels(art.back_named(name)) for name in BACKS}
    assert len(pictures) == len(BACKS)
    for name in BACKS:
        assert art.back_named(name).get_size() == (CARD_W, CARD_H)


def test_backs_have_a_white_border_inside_the_edge(art: CardArt) -> None:
    for name in BACKS:
        back = art.back_named(name)
        border = [(CARD_W // 2, 1), (CARD_W // 2, 2), (1, CARD_H // 2), (CARD_W - 2, CARD_H // 2),
                  (CARD_W // 2, CARD_H - 2)]
        assert all(tuple(back.get_at(point))[:3] == CARD_WHITE for point in border), name
        assert tuple(back.get_at((CARD_W // 2, 10)))[:3] != CARD_WHITE


def test_choosing_a_back_changes_the_current_back() -> None:
    art = CardArt(back=BACKS[0])
    first = pixels(art.back())
    art.set_back(BACKS[1])
    assert art.back_name == BACKS[1]
    assert pixels(art.back()) == pixels(art.back_named(BACKS[1])) != first
    art.back_name = BACKS[2]
    assert pixels(art.back()) == pixels(art.back_named(BACKS[2]))


def test_unknown_back_is_refused() -> None:
    with pytest.raises(ValueError):
        CardArt(back="tartan-of-nowhere")
    with pytest.raises(ValueError):
        CardArt().set_back("nope")


def test_a_quarter_turn_lays_the_card_on_its_side_and_is_cached(art: CardArt) -> None:
    face = art.face(card("JS"))
    side = art.rotated(face, 1)
    assert side.get_size() == (CARD_H, CARD_W)
    assert art.rotated(face, 1) is side
    assert art.rotated(face, 3).get_size() == (CARD_H, CARD_W)
    assert art.rotated(face, 4) is face
    # Two quarter turns are exactly the card upside down: nothing is smoothed.
    assert pixels(art.rotated(face, 2)) == pixels(pygame.transform.flip(face, True, True))


def test_dimmed_card_is_darker_than_its_face(art: CardArt) -> None:
    face, dim = art.face(card("8H")), art.dimmed(card("8H"))
    assert dim.get_size() == face.get_size()
    assert pixels(dim) != pixels(face)
    middle = (CARD_W // 2, CARD_H // 2 - 3)
    assert sum(dim.get_at(middle)[:3]) < sum(face.get_at(middle)[:3])


def test_highlighted_card_has_a_gold_edge(art: CardArt) -> None:
    picture = art.highlighted(card("AH"))
    assert GOLD in colours_in(picture)
    assert GOLD not in colours_in(art.face(card("AH")))
    ring = art.outline()
    assert ring.get_size() == (CARD_W + 2 * OUTLINE_WIDTH, CARD_H + 2 * OUTLINE_WIDTH)
    assert ring.get_at((CARD_W // 2, CARD_H // 2)).a == 0


def test_shadow_is_a_translucent_card_shape(art: CardArt) -> None:
    shadow = art.shadow()
    assert shadow.get_size() == (CARD_W, CARD_H)
    assert 0 < shadow.get_at((CARD_W // 2, CARD_H // 2)).a < 255
    assert shadow.get_at((0, 0)).a == 0


def test_felt_has_the_requested_size_and_a_dark_rim() -> None:
    table = felt((320, 200))
    assert table.get_size() == (320, 200)
    assert tuple(table.get_at((0, 0)))[:3] == RIM_DARK
    centre = {tuple(table.get_at((x, y)))[:3] for x in range(150, 170) for y in range(90, 110)}
    assert FELT in centre


def test_pictures_are_ready_for_the_display_once_it_is_open(display: pygame.Surface) -> None:
    art = CardArt(four_colour=True, back=BACKS[-1])
    display.blit(felt(display.get_size()), (0, 0))
    display.blit(art.face(card("QS")), (10, 10))
    display.blit(art.rotated(art.back(), 1), (60, 10))
    assert art.face(card("QS")).get_size() == (CARD_W, CARD_H)
    assert art.face(card("QS")).get_at((0, 0)).a == 0


def test_sheet_shows_every_face_and_back(art: CardArt) -> None:
    picture = sheet(art)
    assert picture.get_width() >= 15 * CARD_W
    assert picture.get_height() >= 5 * CARD_H
