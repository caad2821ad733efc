"""Components: the "My hand" button under a board and the menus of moves in a player's private hand view.

All three are ``DynamicItem``s: discord.py routes a click by matching the custom id against a template, so they
keep working after the bot restarts, with nothing kept in memory. The custom id carries the game and the version the
component was made for (see ``ids.py``). What a click does lives in ``actions.py``.

A select menu holds at most 25 options and a message at most 5 rows: up to 125 moves fit in 5 menus; beyond that
the moves come in pages of 100 (4 menus) with a row of buttons to turn the pages.
"""

from __future__ import annotations

import math
import re
from typing import Any, Protocol

import discord

from bot.core.replies import Choice
from bot.discord.ids import (
    HAND_TEMPLATE, MOVE_TEMPLATE, PAGE_TEMPLATE, Made, Where, hand_id, made_of, move_id, page_id, where_of,
)
from bot.i18n import _, pgettext, use_locale

SELECT_MAX = 25  # options in one select menu
ROWS = 5  # action rows in one message
LABEL_MAX = 100  # characters of an option's label, value or description
PLACEHOLDER_MAX = 150


class Handler(Protocol):
    """What the components call (``actions.Actions``), reached through ``interaction.client.actions``."""

    async def hand_pressed(self, interaction: discord.Interaction, made: Made) -> None: ...

    async def move_selected(self, interaction: discord.Interaction, where: Where, made: Made, value: str) -> None: ...

    async def page_turned(self, interaction: discord.Interaction, where: Where, made: Made, page: int) -> None: ...


def _handler(interaction: discord.Interaction) -> Handler:
    return interaction.client.actions  # type: ignore[attr-defined]


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=HAND_TEMPLATE):
    """The persistent "My hand" button of a public board message."""

    def __init__(self, made: Made, button: discord.ui.Button | None = None, *, label: str = "My hand") -> None:
        super().__init__(
            button or discord.ui.Button(style=discord.ButtonStyle.primary, label=label, emoji="🂠",
                                        custom_id=hand_id(made))
        )
        self.made = made

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> HandButton:
        return cls(made_of(match), item if isinstance(item, discord.ui.Button) else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).hand_pressed(interaction, self.made)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=MOVE_TEMPLATE):
    """One menu of moves; its value is the move's notation, played in the game and at the version the menu was made
    for."""

    def __init__(self, where: Where, made: Made, part: int, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=move_id(where, made, part), options=[
            discord.SelectOption(label="-", value="-")]))
        self.where = where
        self.made = made
        self.part = part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> MoveSelect:
        return cls(where_of(match), made_of(match), int(match["part"]),
                   item if isinstance(item, discord.ui.Select) else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        value = str(values[0]) if values else ""
        await _handler(interaction).move_selected(interaction, self.where, self.made, value)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=PAGE_TEMPLATE):
    """Turns the page of a long list of moves."""

    def __init__(self, where: Where, made: Made, page: int, button: discord.ui.Button | None = None) -> None:
        super().__init__(button or discord.ui.Button(label=str(page + 1), custom_id=page_id(where, made, page)))
        self.where = where
        self.made = made
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> PageButton:
        return cls(where_of(match), made_of(match), int(match["page"]),
                   item if isinstance(item, discord.ui.Button) else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).page_turned(interaction, self.where, self.made, self.page)


def board_view(made: Made, locale: str) -> discord.ui.View:
    """The "My hand" button under a public message (the locale of the channel)."""
    view = discord.ui.View(timeout=None)
    with use_locale(locale):
        view.add_item(HandButton(made, label=pgettext("discord.button", "My hand")))
    return view


def pages_of(count: int) -> tuple[int, int]:
    """(moves on a page, number of pages) for ``count`` moves."""
    if count <= SELECT_MAX * ROWS:
        return SELECT_MAX * ROWS, 1
    per_page = SELECT_MAX * (ROWS - 1)
    return per_page, math.ceil(count / per_page)


def moves_view(where: Where, made: Made, choices: list[Choice], locale: str, page: int = 0) -> discord.ui.View | None:
    """Menus of ``choices`` (one page of them), in ``locale``; None when there is nothing to choose."""
    if not choices:
        return None
    per_page, pages = pages_of(len(choices))
    page = max(0, min(page, pages - 1))
    start = page * per_page
    shown = choices[start:start + per_page]
    view = discord.ui.View(timeout=None)
    with use_locale(locale):
        for part, offset in enumerate(range(0, len(shown), SELECT_MAX)):
            group = shown[offset:offset + SELECT_MAX]
            first = start + offset + 1
            if len(choices) <= SELECT_MAX:
                placeholder = _("Choose a move")
            else:
                placeholder = _("Choose a move ({first}–{last} of {count})").format(
                    first=first, last=first + len(group) - 1, count=len(choices))
            select = discord.ui.Select(
                custom_id=move_id(where, made, part),
                placeholder=clip(placeholder, PLACEHOLDER_MAX),
                options=[discord.SelectOption(label=clip(c.label or c.value, LABEL_MAX), value=c.value[:LABEL_MAX],
                                              description=clip(c.value, LABEL_MAX)) for c in group],
                row=part,
            )
            view.add_item(MoveSelect(where, made, part, select))
        if pages > 1:
            previous = discord.ui.Button(label=_("◀ Previous"), custom_id=page_id(where, made, max(page - 1, 0)),
                                         disabled=page == 0, row=ROWS - 1)
            following = discord.ui.Button(label=_("Next ▶ ({page}/{pages})").format(page=page + 1, pages=pages),
                                          custom_id=page_id(where, made, min(page + 1, pages - 1)),
                                          disabled=page == pages - 1, row=ROWS - 1)
            view.add_item(PageButton(where, made, max(page - 1, 0), previous))
            view.add_item(PageButton(where, made, min(page + 1, pages - 1), following))
    return view
