"""The Orléans images: they decode as palette PNGs, phone-readable widths, cover every phase and decision at 2, 3 and
4 players in every locale, number the options as the legal moves, draw deterministically, and show nothing a viewer
may not know (another seat's secret plan, a bag kept hidden with bags=own)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.orleans.render import board as orleans_board
from bot.games.orleans.render import options as orleans_options
from bot.i18n import LOCALES, use_locale
from bot.render import render_board, render_options
from tests.orleans import helpers as H
from tests.render.orleans_support import DECISIONS, NAMES, G, decision, reach, rich_planning

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# A phone shows an image about 400 px wide: at 760 px the smallest text (18 px) is still over 9 px there.
PHONE = 400


def decode(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.fixture(scope="module")
def decisions():
    return {kind: decision(kind, 4 if kind == "bath" else 2) for kind in DECISIONS}


@pytest.fixture(scope="module")
def phases():
    out = {}
    for players in (2, 3, 4):
        for kind in ("draw", "plan", "action", "over"):
            state, _seat = reach(kind, players, seeds=range(40), min_round=3 if kind != "over" else 1)
            out[(players, kind)] = state
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", ["draw", "plan", "action", "over"])
def test_board_every_phase_and_player_count(phases, players, kind):
    img = decode(render_board(G.view(phases[(players, kind)], None), NAMES[:players]))
    assert img.format == "PNG" and img.mode == "P"
    assert img.width == orleans_board.WIDTH and orleans_board.SMALL * PHONE / img.width >= 9
    assert 1000 <= img.height <= 2900, img.height


@pytest.mark.parametrize("kind", DECISIONS)
def test_options_every_decision(decisions, kind):
    state, seat = decisions[kind]
    view = G.view(state, seat)
    assert view.decision == kind and view.options
    img = decode(render_options(view, NAMES[:state.players]))
    assert img.mode == "P" and img.width == orleans_options.WIDTH
    assert 300 <= img.height <= 3000, img.height
    decode(render_board(G.view(state, None), NAMES[:state.players]))


def test_the_longest_planning_menu_is_grouped_by_place():
    state = rich_planning()
    view = G.view(state, 0)
    assert len(view.options) > 100
    groups = orleans_options._plan_groups(view)
    numbers = [n for _key, options in groups for n, _move in options]
    assert sorted(numbers) == list(range(1, len(view.options) + 1))
    for key, options in groups:
        if key:  # one group per place: its options are consecutive in the menu
            assert [n for n, _m in options] == list(range(options[0][0], options[-1][0] + 1))
            assert all(move.split(":")[2] == key for _n, move in options)
    img = decode(render_options(view, NAMES))
    assert img.height <= 3000


def test_numbers_are_the_legal_moves(decisions):
    for kind, (state, seat) in decisions.items():
        view = G.view(state, seat)
        assert view.options == [m.notation for m in G.legal_moves(state, seat)], kind


def test_waiting_and_spectators(decisions):
    state, seat = decisions["plan"]
    others = [s for s in G.active_seats(state) if s != seat]
    after, _ = G.apply(state, seat, G.parse_move("done"))
    mine = G.view(after, seat)
    assert not mine.options
    assert orleans_options.title(mine, NAMES[:2]).startswith("Waiting for ")
    assert all(NAMES[s] in orleans_options.title(mine, NAMES[:2]) for s in others)
    decode(render_options(mine, NAMES[:2]))
    decode(render_options(G.view(state, None), NAMES[:2]))


@pytest.mark.parametrize("locale", LOCALES)
def test_locales(phases, decisions, locale):
    with use_locale(locale):
        for players in (2, 3, 4):
            decode(render_board(G.view(phases[(players, "action")], None), NAMES[:players]))
        for kind in ("plan", "route", "torture", "deed"):
            state, seat = decisions[kind]
            decode(render_options(G.view(state, seat), NAMES[:state.players]))


def test_translations_reach_the_image(phases):
    view = G.view(phases[(3, "action")], None)
    with use_locale("en"):
        english = render_board(view, NAMES[:3])
    with use_locale("ru"):
        russian = render_board(view, NAMES[:3])
    assert english != russian


def test_png_has_no_metadata_and_is_deterministic(phases, decisions):
    view = G.view(phases[(4, "plan")], None)
    first = render_board(view, NAMES)
    assert first == render_board(view, NAMES)
    img = decode(first)
    assert not img.info.get("dpi") and not any(k in img.info for k in ("Software", "Comment"))
    state, seat = decisions["action"]
    assert render_options(G.view(state, seat), NAMES[:2]) == render_options(G.view(state, seat), NAMES[:2])


def test_another_seats_secret_plan_is_not_drawn():
    """The board and a rival's options are the same image before and after a seat's secret placement."""
    state = H.to_planning(H.start(3))
    before_board = render_board(G.view(state, None), NAMES[:3])
    before_rival = render_options(G.view(state, 1), NAMES[:3])
    after, _ = H.play(state, 0, "place:own_farmer:village:farmer")
    assert render_board(G.view(after, None), NAMES[:3]) == before_board
    assert render_options(G.view(after, 1), NAMES[:3]) == before_rival
    assert render_options(G.view(after, 0), NAMES[:3]) != render_options(G.view(state, 0), NAMES[:3])


def test_what_nobody_may_see_is_not_drawn():
    """Two states that differ only in what is hidden (the order of the events to come, the generator of the draws)
    draw the same images; with bags=own the others see only the size of a bag."""
    state = H.start(3, {"bags": "own"})
    H.give(state, 0, "knight", "scholar")
    other = state.clone()
    other.hourglass = [other.hourglass[0], *reversed(other.hourglass[1:])]
    other.seed = (state.seed or 0) + 1
    for seat in (None, 1):
        assert render_board(G.view(state, seat), NAMES[:3]) == render_board(G.view(other, seat), NAMES[:3])
    assert render_options(G.view(state, 1), NAMES[:3]) == render_options(G.view(other, 1), NAMES[:3])
    assert G.view(state, None).players[0].bag is None and G.view(state, 0).players[0].bag == {"knight": 1,
                                                                                              "scholar": 1}
    public = H.start(3)
    H.give(public, 0, "knight", "scholar")
    assert render_board(G.view(public, None), NAMES[:3]) != render_board(G.view(state, None), NAMES[:3])


def test_awkward_player_names(phases):
    view = G.view(phases[(3, "action")], None)
    decode(render_board(view, ["🎲\x00\u202e" + "x" * 200, "", "Ω"]))
    decode(render_board(view, []))


def test_warm_up():
    from bot.render import warm_up

    warm_up(("en", "ru", "it"), ("orleans",))
