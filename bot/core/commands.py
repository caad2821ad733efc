"""How each platform spells the bot's commands, so that texts can point players at the right one.

Texts name commands with placeholders (``{cmd_join}``), filled in for the caller's platform: ``/join`` in the
terminal and on Telegram, ``/game join`` on Discord (where the commands live in a ``/game`` group), and
``/startgame`` on Telegram, whose ``/start`` belongs to the platform itself.
"""

from __future__ import annotations

from functools import cache

COMMANDS = ("new", "join", "leave", "start", "play", "hand", "board", "status", "log", "undo", "abort", "lang",
            "help", "rules", "reminder", "quiet", "away", "back", "skip", "standin", "kick", "mygames", "export",
            "addbot", "hint")

_SPELLINGS = {
    "discord": {c: f"/game {c}" for c in COMMANDS} | {"play": "/play", "rules": "/rules"},
    "telegram": {c: f"/{c}" for c in COMMANDS} | {"start": "/startgame"},
}


@cache
def command_names(platform: str) -> dict[str, str]:
    """``{"cmd_new": "/new", ...}`` for the texts of ``platform`` (the terminal's spelling for any other)."""
    spelled = _SPELLINGS.get(platform, {c: f"/{c}" for c in COMMANDS})
    return {f"cmd_{c}": spelled[c] for c in COMMANDS}
