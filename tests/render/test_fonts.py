"""The bundled font draws every character the images may show: names, UI words, in every locale (no tofu)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import importlib

from bot.games import bundles
from bot.i18n import KEYWORDS, LOCALES, pgettext, use_locale
from bot.render import fonts

BOT = Path(__file__).resolve().parents[2] / "bot"
# The shared drawing code and every game's images.
RENDER_DIRS = [BOT / "render", *(BOT / "games" / name / "render" for name in bundles())]
NAMES = [importlib.import_module(f"bot.games.{name}.names") for name in bundles()]
EXTRA = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя" "àèéìíîòóùúÀÈÉÌÒÙ«»’" "−–×…→/+0123456789"
# The symbols the 7 Wonders images draw as text (arrows, the pirate's skull, the anchor, the "most held" star...).
SYMBOLS = "◀▶↔⇄≠★☠⚓?=×·→−–…"


def render_messages() -> list[tuple[str | None, str]]:
    """Every message the renderer marks for translation, with its context."""
    out = []
    for directory in RENDER_DIRS:
        for _file, _line, message, _comments, context in extract_from_dir(
            directory, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            texts = message if isinstance(message, tuple) else (message,)
            out += [(context, t) for t in texts]
    return out


def test_renderer_marks_its_words():
    messages = render_messages()
    assert len(messages) > 30
    games = tuple(f"{name}." for name in bundles())  # each game's images speak in their game's contexts
    assert all(context and context.startswith((*games, "card.")) for context, _ in messages)
    contexts = {context for context, _ in messages}
    assert {"wonders.render", "card.colour.letter", "wonders.resource.letter"} <= contexts


@pytest.mark.parametrize("locale", LOCALES)
def test_font_covers_every_drawn_text(locale):
    texts = [EXTRA, SYMBOLS]
    with use_locale(locale):
        for module in NAMES:
            for context, table in module.TABLES.items():
                texts += [module.name(context, key) for key in table]
        texts += [pgettext(context, message) for context, message in render_messages()]
    for text in texts:
        for bold in (False, True):
            assert fonts.covers(text, bold), (text, fonts.missing(text, bold))


def test_cmap_agrees_with_freetype():
    """``covers`` reads the font's character map; FreeType draws real glyphs for those characters, and the same
    empty box (.notdef) for one that is missing."""
    font = fonts.font(24)
    tofu = font.getmask("\U0001f3b2").getbbox()  # a game die: not in DejaVu Sans
    assert not fonts.covers("\U0001f3b2")
    for ch in "ЖжàÈ−×…→Wq7":
        assert fonts.covers(ch)
        box = font.getmask(ch).getbbox()
        assert box and box != tofu or ch in "−"


def test_clean_drops_what_cannot_be_drawn():
    assert fonts.clean("Алиса \U0001f3b2 Città\x00") == "Алиса Città"
