"""Hostile and clumsy input through every command of the service (issue 10): nothing raises, every refusal leaves
the stored game as it was, and whatever happened, the stored game is the replay of its log."""

from __future__ import annotations

import asyncio
import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.service import Caller, GameService
from tests.core.helpers import ALICE, BOB, CAROL, CHANNEL, started_duel
from tests.resilience.checks import stored_game_is_the_replay_of_its_log

WEIRD = st.sampled_from([
    "²", "③", "٣", "0", "-1", "99999999999999999999", "1" * 500, "build:", ":", "::", "build::baths", "wonder:x:y:z",
    "build:²", "build:baths:²", "\x00", "\u202e", "🂠", "/play", "undo", "build baths " * 300, "Сторона В",
    "discard", "wonder", "x" * 6000, "draft:pyramids", "token:law", "start:me",
])
TEXT = st.one_of(WEIRD, st.text(max_size=80), st.text(alphabet="abcdefgh :_0123456789²③", max_size=40))
COMMAND = st.tuples(
    st.sampled_from(["play", "play_button", "undo", "hand", "board", "status", "log", "join", "leave", "abort",
                     "lang", "new", "rules"]),
    st.sampled_from([ALICE, BOB, CAROL]),
    TEXT,
    st.integers(min_value=-5, max_value=10**12),
)


async def _run(service: GameService, name: str, caller: Caller, text: str, number: int):
    if name == "play":
        return await service.play(caller, text)
    if name == "play_button":
        return await service.play(caller, text, version=number, game_id=text[:10])
    if name == "log":
        return await service.log(caller, text)
    if name == "lang":
        return await service.lang(caller, text, personal=number % 2 == 0)
    if name == "new":
        return await service.new(caller, text, text)
    if name == "rules":
        return await service.rules(caller, text, text)
    return await getattr(service, name)(caller)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(commands=st.lists(COMMAND, min_size=1, max_size=25))
def test_hostile_commands_never_raise_and_refusals_change_nothing(redis_url, commands):
    async def scenario() -> None:
        import redis.asyncio as aredis

        from storage import GameStore

        client = aredis.Redis.from_url(redis_url, decode_responses=True)
        store = GameStore(client, namespace=f"bbtest-hostile-{threading.get_ident()}-{id(commands)}")
        try:
            service = GameService(store, render=False, seeds=lambda: 7)
            await started_duel(service)
            for name, caller, text, number in commands:
                before = await store.load(CHANNEL)
                reply = await _run(service, name, caller, text, number)
                assert reply.messages, (name, text)
                assert all(isinstance(m.text, str) for m in reply.messages)
                if not reply.ok:
                    after = await store.load(CHANNEL)
                    assert (after.version if after else None) == (before.version if before else None), (name, text)
            if await store.load(CHANNEL) is not None:
                await stored_game_is_the_replay_of_its_log(store, CHANNEL)
        finally:
            async for key in client.scan_iter(match=f"{store.namespace}:*"):
                await client.unlink(key)
            await client.aclose()

    asyncio.run(scenario())
