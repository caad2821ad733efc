"""The 7 Wonders images: they decode, have sane sizes, cover every phase, player count and decision, in every locale,
deterministically, without metadata and without leaking hidden information."""

from __future__ import annotations

import io
import random
import struct

import pytest
from PIL import Image

from bot.i18n import use_locale
from bot.games.wonders.render import board as wonders
from bot.games.wonders.render import options as wonders_options
from bot.render import render_board, render_options
from tests.render.wonders_support import DECISIONS, GAME, NAMES, PHASES, decision_state, find, phase_views

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
COUNTS = (3, 4, 5, 6, 7)


def decode(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def chunks(data: bytes) -> list[bytes]:
    out, pos = [], len(PNG_SIGNATURE)
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        out.append(kind)
        pos += 12 + length
    return out


@pytest.fixture(scope="session")
def tables():
    """{(players, armada): {phase: public view}}"""
    return {(n, armada): phase_views(n, armada, seed=n) for n in COUNTS for armada in (False, True)}


@pytest.fixture(scope="session")
def decisions():
    """{kind: (state, seat)} where seat must take that decision."""
    return {kind: decision_state(kind) for kind in DECISIONS}


@pytest.fixture(scope="session")
def option_views(decisions):
    return {kind: GAME.view(state, seat) for kind, (state, seat) in decisions.items()}


# --- the table ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("armada", [False, True], ids=["base", "armada"])
def test_table_every_phase(tables, players, armada):
    views = tables[(players, armada)]
    assert set(views) == set(PHASES)
    for phase, view in views.items():
        img = decode(render_board(view, NAMES[:players]))
        assert img.format == "PNG" and img.mode == "P", phase
        assert img.width == wonders.WIDTH, phase
        assert 600 <= img.height <= 3200, (phase, img.height)


def _seat_pixels(data: bytes) -> dict[int, int]:
    rgb = decode(data).convert("RGB")
    colours = {c: n for n, c in rgb.getcolors(1 << 22)}
    return {seat: colours.get(colour, 0) for seat, colour in enumerate(wonders.SEAT_COLOURS)}


def test_every_city_has_its_panel(tables):
    """Each seat's colour (its name bar) is drawn, and only the seats of the game."""
    for players in (3, 7):
        pixels = _seat_pixels(render_board(tables[(players, True)]["age2"], NAMES[:players]))
        for seat in range(players):
            assert pixels[seat] > 8000, (players, seat)
        for seat in range(players, 7):
            assert pixels[seat] < 500, (players, seat)


def test_seven_players_armada_is_a_tall_phone_image(tables):
    img = decode(render_board(tables[(7, True)]["age3"], NAMES))
    assert img.width == 1280 and 1400 <= img.height <= 2600
    over = decode(render_board(tables[(7, True)]["over"], NAMES))
    assert over.height > img.height  # the score sheet comes on top of the cities


def test_team_game():
    views = phase_views(6, True, seed=3, teams=True)
    for view in views.values():
        decode(render_board(view, NAMES[:6]))


def test_status_marks_follow_the_view(tables):
    """The thinking / ready marks come from ``deciding`` and ``chosen`` only."""
    view = tables[(5, True)]["age2"]
    states = {wonders.status_of(view, p) for p in view.players}
    assert states == {"thinking", "ready"}
    everyone_ready = view.model_copy(update={"players": [p.model_copy(update={"chosen": p.deciding})
                                                         for p in view.players]})
    assert render_board(everyone_ready, NAMES) != render_board(view, NAMES)


@pytest.mark.parametrize("winners", [[2], [0, 3], []])
def test_score_sheet_variants(tables, winners):
    view = tables[(4, True)]["over"]
    outcome = view.outcome.model_copy(update={"winners": winners})
    img = decode(render_board(view.model_copy(update={"outcome": outcome}), NAMES))
    assert img.width == wonders.WIDTH


def test_directions_draw_differently(tables):
    view = tables[(4, False)]["age2"]
    assert view.direction == "right"
    left = view.model_copy(update={"direction": "left"})
    assert render_board(left, NAMES) != render_board(view, NAMES)


def test_awkward_player_names(tables):
    view = tables[(3, True)]["age1"]
    decode(render_board(view, ["🎲\x00\u202e" + "x" * 200, "", "Ω"]))
    decode(render_board(view, []))


# --- the hand and the other decisions ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", DECISIONS)
def test_options_every_decision(option_views, kind):
    view = option_views[kind]
    assert view.decision == kind and view.options
    img = decode(render_options(view, NAMES[:len(view.players)]))
    assert img.mode == "P" and img.width == wonders_options.WIDTH
    assert 150 <= img.height <= 3600, img.height


def test_numbers_are_the_legal_moves(option_views, decisions):
    """The image numbers ``view.options`` from 1; the service numbers the legal moves in the same order."""
    for kind, view in option_views.items():
        state, seat = decisions[kind]
        assert [o.move for o in view.options] == [m.notation for m in GAME.legal_moves(state, seat)], kind


def test_turn_groups_number_in_order(option_views):
    """Every option of a card lands in the card's group, in the order of view.options, and every card of the hand
    has a group (with a reason when it cannot be built)."""
    view = option_views["turn"]
    groups: dict[str, list[int]] = {}
    for n, o in enumerate(view.options, start=1):
        groups.setdefault(o.card or "", []).append(n)
    for numbers in groups.values():
        assert numbers == list(range(numbers[0], numbers[-1] + 1))
    assert set(groups) <= set(view.hand)
    assert any(o.trade for o in view.options)  # the chosen turn shows trade with neighbours
    assert any(o.ship for o in view.options)


def test_cards_that_cannot_be_built_still_show(option_views):
    view = option_views["turn"]
    buildable = {o.card for o in view.options if o.action in ("build", "free")}
    me = view.players[view.seat]
    trimmed = [o for o in view.options if o.action not in ("build", "free")]
    full = render_options(view, NAMES)
    without = render_options(view.model_copy(update={"options": trimmed}), NAMES)
    assert buildable and full != without
    decode(without)
    built = next(iter(c for cards in me.city.values() for c in cards), None)
    if built is not None:  # a card of the hand already in the city
        decode(render_options(view.model_copy(update={"hand": [*view.hand, built]}), NAMES))


def test_waiting_players(decisions):
    """A seat that has chosen sees its own choice and whom the table waits for; a spectator sees who thinks."""
    state, seat = decisions["turn"]
    others = sorted(GAME.active_seats(state) - {seat})
    move = GAME.legal_moves(state, seat)[0]
    after, _ = GAME.apply(state, seat, move)
    if not GAME.active_seats(after):
        pytest.skip("the turn resolved at once")
    mine = GAME.view(after, seat)
    assert not mine.options and mine.my_choice
    names = NAMES[:state.players]
    title = wonders_options.title(mine, names)
    assert title.startswith("Waiting for ") and names[others[0]] in title
    decode(render_options(mine, names))
    spectator = decode(render_options(GAME.view(after, None), names))
    assert spectator.height < 200


def test_side_choice_and_olympia_free_build():
    state, seat = find(lambda s, seat, k: k == "turn" and any(m.action == "free" for m in GAME.legal_moves(s, seat)),
                       games=((7, False), (5, True)))
    decode(render_options(GAME.view(state, seat), NAMES[:state.players]))


def test_options_for_a_spectator(tables):
    view = tables[(5, True)]["age1"]
    assert view.seat is None and not view.options
    decode(render_options(view, NAMES))


# --- words, bytes, determinism ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["ru", "it"])
def test_locales(tables, option_views, locale):
    names = ["Алиса Щукина", "Niccolò Città", "Фёдор", "Zoë", "Ёж", "Perù", "Юлия"]
    with use_locale(locale):
        for players in (3, 7):
            for view in tables[(players, True)].values():
                decode(render_board(view, names[:players]))
        for view in option_views.values():
            decode(render_options(view, names[:len(view.players)]))


def test_translations_reach_the_image(tables, option_views, monkeypatch):
    """With a catalog that translates everything into Cyrillic, the images change and still draw."""
    from babel.support import NullTranslations

    import bot.i18n

    table = str.maketrans("abcdefghijklmnopqrstuvwxyz", "абцдефгхийклмнопкрстуввхыз")

    class Cyrillic(NullTranslations):
        def gettext(self, message):
            return message if "{" in message else message.lower().translate(table)

        def pgettext(self, context, message):
            return self.gettext(message)

    view = tables[(7, True)]["age2"]
    english = render_board(view, NAMES)
    english_hand = render_options(option_views["turn"], NAMES)
    original = bot.i18n.translations
    monkeypatch.setattr(bot.i18n, "translations", lambda loc: Cyrillic() if loc == "ru" else original(loc))
    with use_locale("ru"):
        russian = render_board(view, NAMES)
        russian_hand = render_options(option_views["turn"], NAMES)
    assert russian != english and russian_hand != english_hand
    decode(russian)
    decode(russian_hand)


def test_png_has_no_metadata(tables, option_views):
    for data in (render_board(tables[(7, True)]["over"], NAMES), render_options(option_views["turn"], NAMES)):
        assert set(chunks(data)) <= {b"IHDR", b"PLTE", b"IDAT", b"IEND"}
        assert decode(data).info.keys() <= {"transparency"}


def test_deterministic(tables, option_views):
    from bot.games.wonders.render import palette as wonders_palette
    from bot.games.wonders.render import sprites as wonders_sprites
    from bot.render import draw, icons

    views = list(tables[(7, True)].values()) + list(tables[(3, False)].values())
    first = [render_board(v, NAMES) for v in views] + [render_options(v, NAMES) for v in option_views.values()]
    again = [render_board(v, NAMES) for v in views] + [render_options(v, NAMES) for v in option_views.values()]
    assert first == again
    # fresh caches (as in a new process) give the same bytes
    for module in (draw, icons, wonders_sprites, wonders, wonders_options):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    wonders_palette.palette.cache_clear()
    fresh = [render_board(v, NAMES) for v in views] + [render_options(v, NAMES) for v in option_views.values()]
    assert fresh == first


def test_warm_up_both_games():
    from bot.render import warm_up

    warm_up(("en", "ru"), ("wonders",))


# --- hidden information --------------------------------------------------------------------------------------------


def _mid_turn(players: int, armada: bool, seed: int):
    """A state in Age II where some seats have chosen and some have not."""
    state = GAME.setup(players, {"armada": armada}, seed=seed)
    rnd = random.Random(seed)
    while not (state.age == 2 and state.turn == 3):
        for seat in sorted(GAME.active_seats(state)):
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
    seats = sorted(GAME.active_seats(state))
    for seat in seats[: len(seats) // 2]:
        state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize("armada", [False, True], ids=["base", "armada"])
def test_hidden_information_does_not_change_the_table(armada):
    """Two games that differ only in hidden information (other hands, unrevealed choices, the discard pile's cards,
    the cards under wonder stages, the decks and island decks) draw the same public image."""
    state = _mid_turn(5, armada, seed=11)
    chosen = [s for s, p in enumerate(state.seats) if p.order]
    waiting = [s for s, p in enumerate(state.seats) if p.waiting and not p.order]
    assert chosen and waiting
    other = state.clone()
    a, b = other.seats[waiting[0]], other.seats[chosen[0]]
    a.hand[0], b.hand[-1] = b.hand[-1], a.hand[0]  # swap a card between two hands
    other_choice = "discard:" + b.hand[0]
    b.order = other_choice if b.order != other_choice else "build:" + b.hand[0]  # another secret choice
    other.discard = list(reversed(other.discard))
    for p in other.seats:
        p.stages = list(reversed(p.stages))
    other.decks = [list(reversed(d)) for d in other.decks]
    if armada:
        other.island_decks = [list(reversed(d)) for d in other.island_decks]
    assert other.model_dump() != state.model_dump()
    assert render_board(GAME.view(state, None), NAMES) == render_board(GAME.view(other, None), NAMES)
    # ...while a public difference does change it
    richer = state.clone()
    richer.seats[0].coins += 5
    assert render_board(GAME.view(richer, None), NAMES) != render_board(GAME.view(state, None), NAMES)


# --- declining Halikarnassos (W82); the ally's hand in the team game (B.17) ------------------------------------------


def test_W82_the_discard_pile_image_numbers_building_nothing(option_views):
    """The last option of a Halikarnassos decision, ``revive:none``, has its numbered tile; a seat that chose it
    reads its choice in words."""
    view = option_views["revive"]
    names = NAMES[:len(view.players)]
    assert view.options[-1].move == "revive:none"
    full = render_options(view, names)
    without = render_options(view.model_copy(update={"options": view.options[:-1]}), names)
    assert full != without
    decode(full)
    for locale in ("en", "ru", "it"):
        with use_locale(locale):
            text = wonders_options.choice_text("revive:none")
            decode(render_options(view, names))
        assert text and "none" not in text, (locale, text)
    chose = view.model_copy(update={"options": [], "my_choice": "revive:none"})
    decode(render_options(chose, names))


def _team_state(seed: int = 3):
    return GAME.setup(4, {"armada": True, "teams": True}, seed=seed)


def _swapped(state, a: int, b: int):
    other = state.clone()
    other.seats[a].hand, other.seats[b].hand = other.seats[b].hand, other.seats[a].hand
    return other


def test_B17_the_hand_image_shows_the_allys_hand():
    """Drawn from the view only: without the ally's hand the image differs, and another ally hand draws another
    image; in a game without teams there is none to draw."""
    state = _team_state()
    view = GAME.view(state, 0)
    names = NAMES[:4]
    assert view.ally == 1 and view.ally_hand == state.seats[1].hand
    shown = render_options(view, names)
    decode(shown)
    assert shown != render_options(view.model_copy(update={"ally": None, "ally_hand": []}), names)
    assert render_options(GAME.view(_swapped(state, 1, 2), 0), names) != shown
    with use_locale("ru"):
        decode(render_options(view, names))
    # once the seat has chosen, its image still shows the ally's hand
    after, _ = GAME.apply(state, 0, GAME.legal_moves(state, 0)[0])
    mine = GAME.view(after, 0)
    assert not mine.options and mine.ally_hand
    assert render_options(mine, names) != render_options(mine.model_copy(update={"ally": None, "ally_hand": []}),
                                                         names)
    plain = GAME.view(GAME.setup(4, {"armada": True}, seed=3), 0)
    assert plain.ally is None and plain.ally_hand == []


def test_B17_W12_W90_no_hidden_information_of_others_in_the_hand_image():
    """Opponents swapping hands, and the ally's secret choice (whichever card), leave seat 0's hand image as it
    was."""
    state = _team_state()
    names = NAMES[:4]
    shown = render_options(GAME.view(state, 0), names)
    assert render_options(GAME.view(_swapped(state, 2, 3), 0), names) == shown
    for card in (state.seats[1].hand[0], state.seats[1].hand[-1]):
        chose, _ = GAME.apply(state, 1, GAME.parse_move(f"discard:{card}"))
        assert render_options(GAME.view(chose, 0), names) == shown
