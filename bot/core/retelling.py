"""Telling a committed change again, as it was (see ``bot.core.outbox``): its reply rebuilt from the game's log,
for the changes whose delivery was never acknowledged."""

from __future__ import annotations

from typing import Any

from bot.core.caller import Caller
from bot.core.commits import table_at
from bot.core.history import logged_moves, publicity, replay, start_of
from bot.core.outbox import Redelivery, Tell
from bot.core.replies import Message, Reply
from bot.core.table import Table
from bot.games import presenter
from bot.i18n import use_locale
from rules.registry import get_game


async def redeliveries(service: Any, *, prefix: str = "", grace: float | None = None) -> list[Redelivery]:
    """The replies of changes that were committed ``grace`` seconds ago or more and never delivered, in the
    channels starting with ``prefix`` that this process claims now, rebuilt from the games' logs. Changes too
    young to tell stay for later; changes of a game that is gone (or replaced) are dropped."""
    grace = service.grace if grace is None else grace
    now = service.clock()
    out: list[Redelivery] = []
    for channel in await service.store.due_outboxes(now, prefix=prefix):
        pending = await service.store.undelivered(channel)
        young = []
        for version in sorted(pending):
            tell = Tell.model_validate_json(pending[version])
            if now - tell.at < grace:
                young.append(tell.at)
                continue
            reply = await retold(service, channel, version, tell)
            if reply is None:
                await service.store.delivered(channel, version)  # nothing left to tell
                continue
            actor = Caller(channel, tell.user, tell.name, tell.locale, tell.channel_locale, tell.platform)
            out.append(Redelivery(channel, version, reply, actor))
        if young:
            await service.store.index_outbox(channel, min(young) + grace)
    return out


async def retold(service: Any, channel: str, version: int, tell: Tell) -> Reply | None:
    """The reply of the change that made ``version``, as it was (None when its game is gone, or the move was
    taken back since: its undo tells the table)."""
    stored = await service.store.load(channel)
    if stored is None:
        if not tell.texts:
            return None
        return Reply([Message("public", "\n".join(tell.texts), locale=tell.text_locale)], version=version,
                     game_id=tell.game, delivery=version)
    table = Table.model_validate_json(stored.doc)
    if table.id != tell.game:
        return None
    actor = Caller(channel, tell.user, tell.name, tell.locale, tell.channel_locale, tell.platform)
    _user, channel_locale = await service.locales(actor)
    if tell.op not in ("move", "start", "undo") or table.state is None:  # the lobby's changes: their words
        return Reply([Message("public", "\n".join(tell.texts), locale=tell.text_locale)], version=version,
                     game_id=table.id, delivery=version)
    game = get_game(table.game)
    moves = logged_moves(await service.store.log(channel))
    if tell.op == "move":
        made = next((m for m in moves if m.version == version), None)
        if made is None:
            return None
        earlier = [m for m in moves if m.version < version]
        before = list(replay(game, table, earlier))[-1].after if earlier else start_of(game, table)
        after, events = game.apply(before, made.seat, game.parse_move(made.notation))
        changed, public = publicity(game, game.active_seats(before), after, events)
        then = table_at(table, after, game)
        reply = await service.compose.after_move(service.seat_locales(actor, then), then, game, after, made.seat,
                                              events, version, channel_locale, changed, note=made.by,
                                              public=public)
    else:  # the start, an undo: the table as it was then, and the hands
        standing = [m for m in moves if m.version <= version]
        position = list(replay(game, table, standing))[-1].after if standing else start_of(game, table)
        then = table_at(table, position, game)
        with use_locale(channel_locale):
            reply = Reply([await service.compose.board_message(then, game, position, channel_locale,
                                                            narration=tell.texts)])
        if presenter(table.game).private_hands:
            await service.compose.push_hands(service.seat_locales(actor, then), then, game, position, reply)
    reply.version, reply.game_id, reply.delivery = version, table.id, version
    return reply
