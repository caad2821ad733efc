"""Display names of cards, wonders, progress tokens and islands in en / ru / it, for the corpus and the look-up.

7 Wonders Duel: the project's catalogs (``bot.games.duel_names``, contexts ``duel.*``).
7 Wonders + Armada: ``bot.games.wonders_names`` when it exists (the catalogs), otherwise the list shipped in
``corpus/wonders_names.toml``; that list also gives the other names players use (``alt``), which help the look-up.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from bot.i18n import pgettext, use_locale

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"

# Placeholder kinds in corpus texts ({card:baths}) -> catalog context, per game.
_DUEL_CONTEXTS = {"card": "duel.card", "wonder": "duel.wonder", "token": "duel.token"}
_WONDERS_CONTEXTS = {"card": "wonders.card", "wonder": "wonders.monument", "island": "wonders.island"}
# A wonder board is also called by its city (Rhodos), context ``wonders.wonder``.
_CITY_CONTEXT = "wonders.wonder"


@functools.cache
def _wonders_table() -> dict:
    with (CORPUS_DIR / "wonders_names.toml").open("rb") as f:
        return tomllib.load(f)


def _duel_name(kind: str, key: str, locale: str) -> str:
    from bot.games import duel_names

    context = _DUEL_CONTEXTS[kind]
    with use_locale(locale):
        return pgettext(context, duel_names.TABLES[context][key])


def _catalog_wonders_name(kind: str, key: str, locale: str) -> str | None:
    """The name from the catalogs once ``bot.games.wonders_names`` exists; None while it does not (or lacks it)."""
    try:
        from bot.games import wonders_names  # type: ignore[attr-defined]
    except ImportError:
        return None
    try:
        context = _WONDERS_CONTEXTS[kind]
        table = wonders_names.TABLES[context]  # type: ignore[attr-defined]
        english = table[key]
        with use_locale(locale):
            found = pgettext(context, english)
        # an entry the catalogs do not translate yet falls back to the shipped list
        if locale != "en" and found == english:
            return None
        return found
    except Exception:  # noqa: BLE001 - any other shape of that module: use the shipped list
        return None


def _catalog_city(key: str, locale: str) -> str | None:
    try:
        from bot.games import wonders_names  # type: ignore[attr-defined]

        english = wonders_names.TABLES[_CITY_CONTEXT][key]  # type: ignore[attr-defined]
        with use_locale(locale):
            return pgettext(_CITY_CONTEXT, english)
    except Exception:  # noqa: BLE001
        return None


def name(game: str, kind: str, key: str, locale: str) -> str:
    """The display name of ``key`` (a ``kind`` of ``game``: card, wonder, token, island) in ``locale``."""
    if game == "duel":
        return _duel_name(kind, key, locale)
    found = _catalog_wonders_name(kind, key, locale)
    if found:
        return found
    entry = _wonders_table()[kind][key]
    return entry.get(locale) or entry["en"]


def alternatives(game: str, kind: str, key: str) -> list[str]:
    """Other names players may use for ``key`` (older translations, city names, the English of other prints)."""
    if game == "duel":
        return [key.replace("_", " ")]
    entry = _wonders_table().get(kind, {}).get(key, {})
    out = [key.replace("_", " ")]
    if kind == "wonder":
        out += [c for lang in ("en", "ru", "it") if (c := _catalog_city(key, lang))]
    out += [entry[lang] for lang in ("en", "ru", "it") if lang in entry]
    out += list(entry.get("alt", ()))
    return out
