"""Checks shared by the Discord tests: what may appear in public, what must stay private, what images carry."""

from __future__ import annotations

import struct
from typing import Any

from bot.core.table import Table
from bot.discord.delivery import ALT_MAX
from bot.discord.views import clip
from bot.games import presenter
from bot.i18n import use_locale
from bot.render import render_board
from rules.registry import get_game
from tests.discord.conftest import Exchange, components
from tests.fakes.discord_server import EPHEMERAL, FakeDiscord

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TEXT_CHUNKS = {b"tEXt", b"iTXt", b"zTXt", b"eXIf"}
PUBLIC_IMAGES = {"board.png", "scores.png"}  # the table, and the score sheet of a game that ended


def png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data.startswith(PNG_SIGNATURE), "not a PNG"
    chunks, pos = [], len(PNG_SIGNATURE)
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        chunks.append((kind, data[pos + 8:pos + 8 + length]))
        pos += 12 + length
    return chunks


def assert_no_metadata(data: bytes) -> None:
    """An image carries pixels only: no text chunks (which could say more than the picture)."""
    kinds = {k for k, _ in png_chunks(data)}
    assert not kinds & TEXT_CHUNKS, f"metadata chunks in an image: {kinds & TEXT_CHUNKS}"


def assert_public_message_is_public(fake: FakeDiscord, msg: dict[str, Any]) -> None:
    """A channel message holds nothing private: no move menus, no options picture, no ephemeral flag."""
    assert msg["_kind"] == "channel" and msg["_audience"] is None
    assert not int(msg["flags"]) & EPHEMERAL
    assert not components(msg, 3), "a move menu in a public message"
    for button in components(msg, 2):
        assert button["custom_id"].startswith("bb:hand:"), button
    for attachment in msg["attachments"]:
        assert attachment["filename"] in PUBLIC_IMAGES, attachment
        assert_no_metadata(fake.files[int(attachment["id"])])
    allowed = msg.get("_allowed_mentions") or {}
    assert not allowed.get("parse"), "public messages never ping everyone or roles by parsing"


def assert_private_to(msg: dict[str, Any], user_id: int) -> None:
    """Seen by ``user_id`` alone: an ephemeral answer to them, or a DM to them."""
    assert msg["_audience"] == user_id
    if msg["_kind"] != "dm":
        assert int(msg["flags"]) & EPHEMERAL, "a private answer without the ephemeral flag"


def assert_exchange_keeps_secrets(fake: FakeDiscord, ex: Exchange) -> None:
    """Every message of an exchange is either public and harmless, or seen by one person only; every callback of
    a command or a hand button is an ephemeral deferral."""
    for msg in ex.new:
        if msg["_audience"] is None:
            assert_public_message_is_public(fake, msg)
        else:
            assert_private_to(msg, msg["_audience"])
    if ex.interaction.type == 2 or (ex.interaction.type == 3 and
                                    ex.interaction.payload["data"]["custom_id"].startswith("bb:hand:")):
        assert ex.interaction.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    elif ex.interaction.type == 3:
        assert ex.interaction.callback == {"type": 6}  # a menu of a private hand view: updated in place


def assert_board_image_is_the_public_view(fake: FakeDiscord, msg: dict[str, Any], stored_doc: str,
                                          locale: str = "en") -> None:
    """The picture posted in the channel is exactly the drawing of the spectators' view of the stored game, and
    its alt text says no more than the public summary."""
    table = Table.model_validate_json(stored_doc)
    game = get_game(table.game)
    view = game.view(game.load(table.state or {}), None)
    (attachment,) = msg["attachments"]
    assert fake.files[int(attachment["id"])] == render_board(view, table.names)
    with use_locale(locale):
        summary = presenter(table.game).summary(view, table.names)
    assert attachment["description"] == clip(summary, ALT_MAX)
