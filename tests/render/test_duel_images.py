"""The Duel images: they decode, have sane sizes, cover every phase and decision, in every locale, deterministically."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image

from bot.i18n import use_locale
from bot.games.duel.render import board as duel
from bot.games.duel.render import options as duel_options
from bot.render import render_board, render_options
from tests.render.conftest import BOARD_PHASES, DECISIONS, GAME, NAMES, reach

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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


@pytest.mark.parametrize("phase", list(BOARD_PHASES))
def test_board_every_phase(board_views, phase):
    img = decode(render_board(board_views[phase], NAMES))
    assert img.format == "PNG" and img.mode == "P"
    assert img.width == duel.WIDTH
    assert 700 <= img.height <= 2000


@pytest.mark.parametrize("kind", DECISIONS)
def test_board_during_every_decision(decision_states, kind):
    state, _seat = decision_states[kind]
    img = decode(render_board(GAME.view(state, None), NAMES))
    assert img.width == duel.WIDTH and 700 <= img.height <= 2000


@pytest.mark.parametrize("kind", DECISIONS)
def test_options_every_decision(option_views, kind):
    view = option_views[kind]
    assert view.decision == kind and view.options
    img = decode(render_options(view, NAMES))
    assert img.mode == "P" and img.width == duel_options.WIDTH
    assert 150 <= img.height <= 2600


def test_options_when_nothing_to_decide(board_views):
    view = board_views["age2"]  # a spectator's view: no options
    img = decode(render_options(view, NAMES))
    assert img.width == duel_options.WIDTH and img.height < 300
    waiting = view.model_copy(update={"seat": 1 - view.current})
    assert not waiting.options
    assert duel_options._title(waiting, NAMES) == f"Waiting for {NAMES[view.current]}"
    decode(render_options(waiting, NAMES))


def test_warm_up():
    from bot.render import warm_up

    warm_up(("en", "ru"))


def test_turn_options_are_numbered_in_view_order(option_views):
    view = option_views["turn"]
    actions = {o.action for o in view.options}
    assert "build" in actions or "discard" in actions
    # every option of a card lands in the same group, in the order of view.options
    groups: dict[str, list[int]] = {}
    for n, o in enumerate(view.options, start=1):
        groups.setdefault(o.card or "", []).append(n)
    for numbers in groups.values():
        assert numbers == sorted(numbers)


def test_numbers_match_the_legal_moves(option_views, decision_states):
    """The options image numbers view.options from 1; the bot numbers the legal moves the same way."""
    for kind, view in option_views.items():
        state, seat = decision_states[kind]
        assert [o.move for o in view.options] == [m.notation for m in GAME.legal_moves(state, seat)], kind


@pytest.mark.parametrize("victory,winners", [("science", [0]), ("civilian", [0, 1]), ("military", [1])])
def test_score_sheet_variants(board_views, victory, winners):
    view = board_views["over_civilian"]
    outcome = view.outcome.model_copy(update={"victory": victory, "winners": winners})
    decode(render_board(view.model_copy(update={"outcome": outcome}), NAMES))


def _highlight_pixels(data: bytes) -> int:
    rgb = decode(data).convert("RGB")
    return sum(n for n, c in rgb.getcolors(1 << 22) if c == duel.HIGHLIGHT)


def test_accessible_cards_are_framed_only_on_the_table(board_views):
    assert _highlight_pixels(render_board(board_views["age1"], NAMES)) > 1000
    assert _highlight_pixels(render_board(board_views["over_civilian"], NAMES)) < 1000


@pytest.mark.parametrize("locale", ["en", "ru", "it"])
def test_locales(board_views, option_views, locale):
    names = ["Алиса Щукина", "Niccolò Città"]
    with use_locale(locale):
        for view in board_views.values():
            decode(render_board(view, names))
        for view in option_views.values():
            decode(render_options(view, names))


def test_translations_reach_the_image(board_views, monkeypatch):
    """With a catalog that translates everything into Cyrillic, the image changes and still draws."""
    from babel.support import NullTranslations

    import bot.i18n

    table = str.maketrans("abcdefghijklmnopqrstuvwxyz", "абцдефгхийклмнопкрстуввхыз")

    class Cyrillic(NullTranslations):
        def gettext(self, message):
            return message if "{" in message else message.lower().translate(table)

        def pgettext(self, context, message):
            return self.gettext(message)

    english = render_board(board_views["age2"], NAMES)
    original = bot.i18n.translations
    monkeypatch.setattr(bot.i18n, "translations", lambda loc: Cyrillic() if loc == "ru" else original(loc))
    with use_locale("ru"):
        russian = render_board(board_views["age2"], NAMES)
        decode(render_options(board_views["age2"].model_copy(update={"seat": 0}), NAMES))
    assert russian != english
    decode(russian)


def test_png_has_no_metadata(board_views, option_views):
    for data in (render_board(board_views["age3"], NAMES), render_options(option_views["turn"], NAMES)):
        assert set(chunks(data)) <= {b"IHDR", b"PLTE", b"IDAT", b"IEND"}
        assert decode(data).info.keys() <= {"transparency"}  # nothing like text, time or software


def test_deterministic(board_views, option_views):
    from bot.games.duel.render import palette as duel_palette
    from bot.games.duel.render import sprites as duel_sprites
    from bot.render import draw

    first = [render_board(v, NAMES) for v in board_views.values()]
    first += [render_options(v, NAMES) for v in option_views.values()]
    again = [render_board(v, NAMES) for v in board_views.values()]
    again += [render_options(v, NAMES) for v in option_views.values()]
    assert first == again
    # fresh caches (as in a new process) give the same bytes
    for module in (draw, duel_sprites, duel, duel_options):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    duel_palette.palette.cache_clear()
    fresh = [render_board(v, NAMES) for v in board_views.values()]
    fresh += [render_options(v, NAMES) for v in option_views.values()]
    assert fresh == first


def test_hidden_cards_do_not_change_the_image():
    """Two games that differ only in which cards lie face down draw the same board."""
    state, _seat = reach(lambda s, k: s.age == 1 and k == "turn")
    down = [i for i, up in enumerate(state.face_up) if not up and state.slots[i]]
    assert len(down) >= 2
    other = state.clone()
    a, b = down[0], down[-1]
    other.slots[a], other.slots[b] = other.slots[b], other.slots[a]
    assert other.slots != state.slots
    assert render_board(GAME.view(state, None), NAMES) == render_board(GAME.view(other, None), NAMES)


def test_awkward_player_names(board_views):
    names = ["🎲\x00\u202e" + "x" * 200, ""]
    decode(render_board(board_views["age1"], names))
    decode(render_board(board_views["age1"], []))


def test_unknown_game(board_views):
    view = board_views["age1"].model_copy(update={"game": "chess"})
    with pytest.raises(ValueError):
        render_board(view, NAMES)
