"""The names the Anno 1800 images draw, behind one function, ``name(kind, key)``.

``bot/games/anno1800/names.py`` (the id -> msgid tables, one message context per kind: ``anno1800.<kind>``) is being
written beside these images. While it does not exist, or has no table for a kind, or no entry for an id, the name is
a stand-in: the English id prettified (``steel_beams`` -> "Steel beams", ``obj_alonso_graves`` -> "Alonso Graves").
When names.py is complete this module is the only place to change (drop the fallback).
"""

from __future__ import annotations

import importlib
from types import ModuleType

_PREFIXES = ("obj_",)
_PROPER = ("objective",)  # kinds whose ids are people's names: every word capitalised


def _names() -> ModuleType | None:
    try:
        return importlib.import_module("bot.games.anno1800.names")
    except ModuleNotFoundError as e:
        if e.name not in ("bot.games.anno1800.names", "bot.games.anno1800"):
            raise
        return None


def prettified(kind: str, key: str) -> str:
    """The stand-in name of an id: its words, the first capitalised (every one for a person's name)."""
    raw = key
    for prefix in _PREFIXES:
        if raw.startswith(prefix):
            raw = raw[len(prefix):]
    if raw.isalnum() and any(c.isdigit() for c in raw):
        return raw.upper()  # a numbered component (ow09, nw01, ex12): its number as the stand-in
    words = raw.replace("_", " ").split()
    if not words:
        return key
    if kind in _PROPER:
        return " ".join(w.capitalize() for w in words)
    return " ".join([words[0].capitalize(), *words[1:]])


def name(kind: str, key: str) -> str:
    """The display name of ``key`` (an engine id) of ``kind`` ("resource", "building", "tier", "objective",
    "card", "expedition", "old_world", "new_world", "deck"...), in the current locale when names.py has it."""
    module = _names()
    if module is not None:
        table = getattr(module, "TABLES", {}).get(f"anno1800.{kind}")
        if table is not None and key in table:
            return module.name(f"anno1800.{kind}", key)  # type: ignore[no-any-return]
    return prettified(kind, key)
