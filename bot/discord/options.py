"""Autocomplete for the options of ``/game new``: ``key=value`` pairs read from the game's declared options.

A game declares its options as a pydantic model (``Game.Options``); the fields with a fixed set of values (a
``Literal``, or a ``bool``) are offered as ``key=value``, completing the last word typed and keeping the others.
Nothing here knows a particular game.
"""

from __future__ import annotations

import typing
from typing import Any, Literal

from rules.registry import games

CHOICES_MAX = 25
VALUE_MAX = 100


def option_values(game_name: str | None) -> dict[str, list[str]]:
    """Each option of the game with a fixed set of values, default first."""
    game = games().get((game_name or "").strip().lower())
    if game is None:
        return {}
    out: dict[str, list[str]] = {}
    for key, info in game.Options.model_fields.items():
        annotation: Any = info.annotation
        if typing.get_origin(annotation) is Literal:
            values = [str(v).lower() for v in typing.get_args(annotation)]
        elif annotation is bool:
            values = ["true", "false"]
        else:
            continue
        default = info.default
        default = str(default).lower() if default is not None else None
        if default in values:
            values.remove(default)
            values.insert(0, default)
        out[key] = values
    return out


def option_suggestions(game_name: str | None, current: str) -> list[str]:
    """Completions of ``current`` (``key=value key=val...``), at most 25, none longer than 100 characters."""
    values = option_values(game_name)
    words = current.split()
    if current and not current[-1].isspace() and words:
        done, partial = words[:-1], words[-1].lower()
    else:
        done, partial = words, ""
    used = {w.partition("=")[0].lower() for w in done}
    out: list[str] = []
    for key, options in values.items():
        if key in used:
            continue
        for value in options:
            pair = f"{key}={value}"
            if pair.startswith(partial) or (partial and partial in pair):
                text = " ".join([*done, pair])
                if len(text) <= VALUE_MAX:
                    out.append(text)
    return out[:CHOICES_MAX]
