"""The Anno 1800 images (``bot/games/anno1800/render``): palette PNGs at most 1000 px wide for random positions of
2, 3 and 4 players, a public table that shows nothing hidden, and a private image that shows the seat's own hand."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.anno1800 import render as R
from bot.games.anno1800.render import board as anno_board
from bot.games.anno1800.render import options as anno_options
from bot.games.anno1800.presenter import Anno1800Presenter
from bot.i18n import LOCALES, use_locale
from rules.anno1800.game import AnnoGame

G = AnnoGame()
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def decode(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def random_position(players: int, seed: int, moves: int):
    state = G.setup(players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        seat = state.current
        state, _ = G.apply(state, seat, rnd.choice(G.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("moves", [0, 40, 400])
def test_images_render_for_random_positions(players, moves):
    state = random_position(players, 100 + players, moves)
    board = decode(R.board_png(G.view(state, None), NAMES[:players]))
    assert board.mode == "P" and board.width <= 1000 and board.height <= 3000, board.size
    for seat in range(players):
        private = decode(R.options_png(G.view(state, seat), NAMES[:players]))
        assert private.mode == "P" and private.width <= 1000
    # the smallest text stays over 9 px on a phone showing the image 400 px wide
    assert anno_board.SMALL * 400 / board.width >= 9


def test_a_finished_game_draws_its_score_pad():
    """Random play seldom ends a game: the view of a position is given the outcome of a finished one."""
    view = G.view(random_position(2, 7, 200), None)
    outcome = {"finished": True, "winners": [0], "categories": ["farmer_worker", "obj_zoo"],
               "scores": {0: {"farmer_worker": 30, "obj_zoo": 4, "total": 34},
                          1: {"farmer_worker": 20, "obj_zoo": 10, "total": 30}}}
    over = view.model_copy(update={"over": True, "turn": None, "outcome": type(view).model_validate(
        {**view.model_dump(), "outcome": outcome}).outcome})
    assert anno_board.scores_height(over) > 0
    img = decode(R.board_png(over, NAMES[:2]))
    assert img.height > decode(R.board_png(view, NAMES[:2])).height


def test_the_public_image_shows_nothing_hidden():
    """Two states that differ only in the hands and the order of the decks draw the same table."""
    state = random_position(3, 11, 60)
    other = state.clone()
    for deck in ("farmer_worker", "artisan_engineer_investor", "new_world", "expeditions"):
        setattr(other, deck, list(reversed(getattr(other, deck))))
    hand = other.seats[1].hand
    assert hand and other.farmer_worker
    other.seats[1].hand = [other.farmer_worker[0], *hand[1:]]
    other.farmer_worker = [hand[0], *other.farmer_worker[1:]]
    assert R.board_png(G.view(state, None), NAMES[:3]) == R.board_png(G.view(other, None), NAMES[:3])
    # a seat's private image does not show another seat's hand either
    assert R.options_png(G.view(state, 0), NAMES[:3]) == R.options_png(G.view(other, 0), NAMES[:3])
    assert R.options_png(G.view(state, 1), NAMES[:3]) != R.options_png(G.view(other, 1), NAMES[:3])


def test_the_private_image_shows_the_seats_hand():
    state = random_position(2, 5, 30)
    seat = state.current
    view = G.view(state, seat)
    assert view.hand
    img = anno_options.options_image(view, NAMES[:2])
    fewer = view.model_copy(update={"hand": view.hand[:-1]})
    assert img.height - anno_options.options_image(fewer, NAMES[:2]).height == anno_options.CARD_ROW
    assert img.width == anno_options.WIDTH <= 1000
    assert view.options and len(view.options) == len(G.legal_moves(state, seat))
    # the hand is the seat's own: the public view has none
    assert G.view(state, None).hand == []


def test_the_options_are_the_presenters_labels_in_every_locale():
    """What the private image numbers is what the bot accepts back: each option's words are its move's label."""
    pres = Anno1800Presenter()
    state = random_position(3, 9, 25)
    view = G.view(state, state.current)
    assert view.options
    for locale in LOCALES:
        with use_locale(locale):
            for option in view.options:
                label = anno_options.option_label(view, option)
                assert label == pres.move_label(G.parse_move(option.move), view) and label != option.move


def test_a_board_drawn_from_kept_panels_is_the_board_drawn_afresh():
    """Panels are kept between boards (``board._panel``): after a move, only the panels that changed are drawn, and
    the image is the same, pixel for pixel, as one drawn from nothing; a panel is kept per language."""
    before = random_position(4, 31, 300)
    seat = before.current
    after, _ = G.apply(before, seat, random.Random(1).choice(G.legal_moves(before, seat)))
    while after.current == seat and not after.over:  # to the end of the turn: the next player's panel changes too
        after, _ = G.apply(after, seat, G.legal_moves(after, seat)[0])
    anno_board._panel.cache_clear()
    afresh = {}
    for state in (before, after):
        afresh[id(state)] = R.board_png(G.view(state, None), NAMES)
        anno_board._panel.cache_clear()
    R.board_png(G.view(before, None), NAMES)
    drawn = anno_board._panel.cache_info().misses
    assert R.board_png(G.view(after, None), NAMES) == afresh[id(after)]
    old, new = G.view(before, None), G.view(after, None)
    changed = sum(p != q or (old.current == p.seat) != (new.current == q.seat)
                  for p, q in zip(old.players, new.players))
    assert 2 <= changed < 4  # whose turn it is, at least
    assert anno_board._panel.cache_info().misses - drawn == changed
    with use_locale("ru"):
        R.board_png(G.view(after, None), NAMES)
    assert anno_board._panel.cache_info().misses - drawn == changed + 4  # Russian words on every panel
