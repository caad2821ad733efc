"""Durable delivery (issue 11, item 9): what a commit must tell is written with it, removed once delivered, and
told again, as it was, when the process that made the change stopped before telling it."""

from __future__ import annotations

import asyncio

from bot.core.outbox import redeliver_once
from bot.core.service import GameService
from tests.core.helpers import ALICE, BOB, CHANNEL, DUEL, load, started_duel


def service_of(store, **kw) -> GameService:
    return GameService(store, render=False, seeds=lambda: 5, grace=0.0, **kw)


async def test_a_change_is_kept_to_be_told_until_it_was_delivered(store):
    service = service_of(store)
    await started_duel(service)
    pending = await store.undelivered(CHANNEL)
    assert sorted(pending) == [2, 3]  # join and start (the table's creation is the answer to its command)
    for version in pending:
        await service.delivered(CHANNEL, version)
    reply = await service.play(ALICE, "1")
    assert reply.delivery == reply.version and list(await store.undelivered(CHANNEL)) == [reply.version]
    await service.delivered(CHANNEL, reply.version)
    assert await store.undelivered(CHANNEL) == {}


async def test_an_undelivered_move_is_told_again_as_it_was(store):
    first = service_of(store)
    await started_duel(first)
    for version in list(await store.undelivered(CHANNEL)):
        await first.delivered(CHANNEL, version)
    told = await first.play(ALICE, "1")  # the process stops here: nothing was delivered
    assert told.ok
    await first.play(BOB, "1")
    second = service_of(store)  # another process, later
    pushed = []

    async def push(item):
        pushed.append(item)

    assert await redeliver_once(second, push, prefix="") == 2
    again = next(item for item in pushed if item.version == told.version)
    assert [m.text for m in again.reply.public] == [m.text for m in told.public]
    assert [m.mentions for m in again.reply.public] == [m.mentions for m in told.public]
    assert again.actor.user == ALICE.user and again.reply.delivery == told.version
    assert await store.undelivered(CHANNEL) == {}
    assert await redeliver_once(second, push, prefix="") == 0  # told once


async def test_a_move_taken_back_is_not_told_again_but_its_undo_is(store):
    service = service_of(store)
    await started_duel(service)
    _v, _t, state = await load(store)
    move = next(m for m in DUEL.legal_moves(state, 0) if m.action == "discard")
    played = await service.play(ALICE, move.notation)
    undone = await service.undo(ALICE)
    pushed = []

    async def push(item):
        pushed.append(item)

    await redeliver_once(service, push, prefix="")
    versions = [item.version for item in pushed]
    assert played.version not in versions and undone.version in versions
    retold = next(item for item in pushed if item.version == undone.version)
    assert "takes back" in retold.reply.public[0].text


async def test_two_processes_claim_each_channel_once(store):
    services = [service_of(store) for _ in range(2)]
    for i in range(6):
        await started_duel(services[0], channel=f"{CHANNEL}:{i}")
    got: list[list[str]] = [[], []]

    def pusher(i):
        async def push(item):
            got[i].append(item.channel)
        return push

    await asyncio.gather(*(redeliver_once(s, pusher(i), prefix="") for i, s in enumerate(services)))
    assert not set(got[0]) & set(got[1])
    assert sorted(set(got[0]) | set(got[1])) == sorted(f"{CHANNEL}:{i}" for i in range(6))


async def test_a_young_change_waits_for_its_own_delivery(store):
    service = GameService(store, render=False, seeds=lambda: 5, grace=3600)
    await started_duel(service)

    async def push(item):
        raise AssertionError("told before its time")

    assert await redeliver_once(service, push, prefix="") == 0
    assert await store.undelivered(CHANNEL)  # still there, for its own delivery or a later look

