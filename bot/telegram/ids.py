"""Names the adapter gives Telegram things in the core and in buttons and links.

* the service's channel of a group is ``tg:<chat_id>`` (groups have negative ids), of a forum topic
  ``tg:<chat_id>:<thread_id>`` (each topic is a table of its own; "General" is the group's own channel); a user is
  ``tg:<user_id>``. Where a button or a link must name a group's place, it writes ``<chat>`` or ``<chat>_<thread>``;
* callback data (at most 64 bytes) names what a button does and, for a move, the place, the game and the version it
  was made for: ``m:<place>:<game>:<version>:<move>``, where ``<game>`` is the game's id (a group's versions start
  again at 1 with each new game, so a button of an earlier game is told apart) and ``<move>`` the move's notation, or
  ``#<n>`` (its place in the menu) when the notation is too long. The service refuses a button of another game, or of
  an earlier decision of that player (``error.stale``; another player's secret choice does not make it stale).
  ``h`` (my options) and ``j`` (join) act on the chat of the message they are on, in its topic ``h:<thread>`` (the
  topic is in the data: Telegram leaves it out of a message too old to show);
* the deep link that opens the private chat carries the place: ``start=g<place>``;
* a link that opens a group's game (for messages sent elsewhere: reminders, ``/mygames``) is
  ``https://t.me/c/<chat id without -100>[/<thread>]``; Telegram has such links only for supergroups.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core import places
from bot.core.service import Caller
from bot.core.text import whole_number

PREFIX = "tg:"
PLATFORM = "telegram"  # how the service's texts spell commands here (``/startgame``: ``/start`` is Telegram's)
CALLBACK_LIMIT = 64  # bytes
OPTIONS = "h"
JOIN = "j"
MOVE = "m"
UNKNOWN_GAME = "?"  # never the id of a game (the service's are letters and digits)
SUPERGROUP_IDS = -10**12  # supergroups' ids are below this: -100 then the id their links use


@dataclass(frozen=True, slots=True)
class Place:
    """Where a group's game is played: the chat, and in a forum its topic (None: "General", or not a forum)."""

    chat: int
    thread: int | None = None

    @property
    def channel(self) -> str:
        return channel_of(self.chat, self.thread)

    @property
    def token(self) -> str:
        """The place in buttons and links: ``<chat>`` or ``<chat>_<thread>``."""
        return f"{self.chat}" if self.thread is None else f"{self.chat}_{self.thread}"


def caller(chat_id: int, user_id: int, name: str, locale: str | None = None, thread: int | None = None,
           place: str | None = None) -> Caller:
    """The service's caller for a Telegram user in a chat (texts spell commands the Telegram way); ``place``: the
    group's title (for messages about its game sent elsewhere)."""
    return Caller(channel_of(chat_id, thread), user_key(user_id), name, locale=locale, platform=PLATFORM, place=place)


def caller_for(channel: str, user: str, name: str = "", locale: str | None = None,
               place: str | None = None) -> Caller:
    """The same for ids already in the service's form (``tg:<id>``)."""
    return Caller(channel, user, name, locale=locale, platform=PLATFORM, place=place)


def channel_of(chat_id: int, thread: int | None = None) -> str:
    return f"{PREFIX}{chat_id}" if thread is None else f"{PREFIX}{chat_id}:{thread}"


def place_of(channel: str | None) -> Place | None:
    """The chat (and topic) of a channel ``tg:<chat>[:<thread>]`` (None for anything else)."""
    if not channel or not channel.startswith(PREFIX):
        return None
    chat, _, thread = channel[len(PREFIX):].partition(":")
    return parse_place(f"{chat}_{thread}" if thread else chat)


def parse_place(token: str) -> Place | None:
    """A place as buttons and links write it (``<chat>`` or ``<chat>_<thread>``)."""
    chat, sep, thread = token.partition("_")
    chat_id = _chat_id(chat)
    if chat_id is None:
        return None
    if not sep:
        return Place(chat_id)
    thread_id = whole_number(thread)
    return None if thread_id is None else Place(chat_id, thread_id)


def link_of(channel: str) -> str | None:
    """A link that opens a group's channel (in a forum, its topic): ``https://t.me/c/<id>[/<thread>]``, for a
    supergroup only (None for a basic group, a private chat or anything else)."""
    place = place_of(channel)
    if place is None or place.chat >= SUPERGROUP_IDS:
        return None
    link = f"https://t.me/c/{-place.chat + SUPERGROUP_IDS}"
    return link if place.thread is None else f"{link}/{place.thread}"


places.register(PREFIX.removesuffix(":"), link_of)


def user_key(user_id: int) -> str:
    return f"{PREFIX}{user_id}"


def telegram_id(key: str | None) -> int | None:
    """The Telegram id in ``tg:<id>`` (None for anything else)."""
    if not key or not key.startswith(PREFIX):
        return None
    return _chat_id(key[len(PREFIX):])


@dataclass(frozen=True, slots=True)
class Made:
    """What a menu was made for: a game of the group (its id) at a version."""

    game_id: str
    version: int


@dataclass(frozen=True, slots=True)
class MoveButton:
    chat_id: int
    made: Made
    move: str | None  # the notation, or None when the button names the move by its place
    index: int | None = None
    thread_id: int | None = None  # the forum topic of the game

    @property
    def place(self) -> Place:
        return Place(self.chat_id, self.thread_id)


def move_data(place: Place | int, made: Made, notation: str, index: int) -> str:
    """The callback data of a move button (at most 64 bytes: the move by its place when its notation is too long)."""
    where = (place if isinstance(place, Place) else Place(place)).token
    data = f"{MOVE}:{where}:{made.game_id}:{made.version}:{notation}"
    if len(data.encode()) <= CALLBACK_LIMIT:
        return data
    return f"{MOVE}:{where}:{made.game_id}:{made.version}:#{index}"


def parse_move_data(data: str) -> MoveButton | None:
    """The move button of callback data (None when it is not one). A button made before game ids
    (``m:<chat>:<version>:<menu>:<move>``) never names the game running now, so the service refuses it as stale
    (its game is ``UNKNOWN_GAME`` when its fields do not even read as a game and a version)."""
    parts = data.split(":", 4)
    if len(parts) != 5 or parts[0] != MOVE or not parts[4]:
        return None
    place = parse_place(parts[1])
    if place is None:
        return None
    game, version = parts[2], whole_number(parts[3])
    if not ((game == "" or (game.isascii() and game.isalnum())) and version is not None):
        game, version = UNKNOWN_GAME, 0
    made = Made(game, version)
    if parts[4].startswith("#"):
        index = whole_number(parts[4][1:])
        return None if index is None else MoveButton(place.chat, made, None, index, place.thread)
    return MoveButton(place.chat, made, parts[4], thread_id=place.thread)


def place_data(action: str, thread: int | None) -> str:
    """The callback data of ``h`` (my options) or ``j`` (join) for a message in the topic ``thread``."""
    return action if thread is None else f"{action}:{thread}"


def parse_place_data(data: str) -> tuple[str, int | None] | None:
    """(``h`` or ``j``, the topic) of such data (None when it is not one)."""
    action, sep, thread = data.partition(":")
    if action not in (OPTIONS, JOIN):
        return None
    if not sep:
        return action, None
    thread_id = whole_number(thread)
    return None if thread_id is None else (action, thread_id)


def start_payload(place: Place | int) -> str:
    """The deep link's payload (at most 64 characters of ``[A-Za-z0-9_-]``): ``g<place>``."""
    return "g" + (place if isinstance(place, Place) else Place(place)).token


def parse_start_payload(payload: str) -> Place | None:
    if not payload.startswith("g"):
        return None
    return parse_place(payload[1:])


def _chat_id(text: str) -> int | None:
    """A chat id as written in our data (groups' ids are negative)."""
    number = whole_number(text.removeprefix("-"))
    return None if number is None else (-number if text.startswith("-") else number)
