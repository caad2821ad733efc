"""Inline keyboards: the menu of moves (in a player's private chat), the buttons under the board and the lobby."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.helpers import create_deep_linked_url

from bot.core.replies import Choice
from bot.i18n import pgettext, use_locale
from bot.telegram import ids, texts

MAX_BUTTONS = 100  # Telegram's limit for one keyboard


def moves(place: ids.Place, made: ids.Made, choices: list[Choice]) -> list[InlineKeyboardMarkup]:
    """One button per move, a row each (labels carry costs and are long), in keyboards of at most ``MAX_BUTTONS``
    (a long menu takes several messages); the buttons carry the place, the game and the version the menu was made
    for."""
    buttons = [
        [InlineKeyboardButton(c.label or c.value, callback_data=ids.move_data(place, made, c.value, i))]
        for i, c in enumerate(choices)
    ]
    return [InlineKeyboardMarkup(buttons[i:i + MAX_BUTTONS]) for i in range(0, len(buttons), MAX_BUTTONS)]


def private_chat_link(bot_username: str, place: ids.Place) -> str:
    return create_deep_linked_url(bot_username, ids.start_payload(place))


def board(locale: str, thread: int | None = None) -> InlineKeyboardMarkup:
    """Under the board: every player fetches their options privately."""
    with use_locale(locale):
        label = pgettext("telegram button", texts.BUTTON_OPTIONS)
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=ids.place_data(ids.OPTIONS, thread))]])


def lobby(locale: str, bot_username: str, place: ids.Place) -> InlineKeyboardMarkup:
    with use_locale(locale):
        join = pgettext("telegram button", texts.BUTTON_JOIN)
        private = pgettext("telegram button", texts.BUTTON_PRIVATE_CHAT)
    return InlineKeyboardMarkup([
        [InlineKeyboardButton(join, callback_data=ids.place_data(ids.JOIN, place.thread))],
        [InlineKeyboardButton(private, url=private_chat_link(bot_username, place))],
    ])


def private_chat(locale: str, bot_username: str, place: ids.Place) -> InlineKeyboardMarkup:
    with use_locale(locale):
        private = pgettext("telegram button", texts.BUTTON_PRIVATE_CHAT)
    return InlineKeyboardMarkup([[InlineKeyboardButton(private, url=private_chat_link(bot_username, place))]])


def go_to_game(locale: str, link: str) -> InlineKeyboardMarkup:
    """Under a private message about a game (a reminder): the button that opens its group (or topic)."""
    with use_locale(locale):
        label = pgettext("telegram button", texts.BUTTON_GO_TO_GAME)
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=link)]])
