"""GameStore against a real Redis (issue 15): finished games put aside with their logs, each user's games, and
timers claimed with a lease (per prefix) so that a claimer that dies leaves its timer to another."""

from __future__ import annotations

import asyncio

import pytest

from storage import GameStore, StaleVersion

CH = "dc:1:2"
NOW = 1_900_000_000.0


async def finished_game(store: GameStore, channel: str = CH) -> int:
    await store.create(channel, '{"g": 1}', status="playing", log={"op": "new"})
    await store.commit(channel, 1, '{"g": 1, "m": 1}', status="playing", log={"seat": "0", "move": "a"})
    return await store.commit(channel, 2, '{"g": 1, "end": 1}', status="finished", log={"seat": "1", "move": "b"})


async def test_a_finished_game_is_put_aside_with_its_log_and_kept_for_its_retention(store: GameStore):
    version = await finished_game(store)
    with pytest.raises(StaleVersion):
        await store.archive(CH, version - 1, "g1")
    assert await store.archive(CH, version, "g1")
    assert await store.load(CH) is None  # the channel is free for a new game
    kept = await store.load_past(CH, "g1")
    assert kept is not None and kept.doc == '{"g": 1, "end": 1}' and kept.status == "finished"
    assert [e.fields.get("move") for e in await store.past_log(CH, "g1")] == [None, "a", "b"]
    assert await store.past(CH) == ["g1"]
    ttl = await store.redis.ttl(store.keys.past(CH, "g1"))
    assert 0 < ttl <= store.finished_ttl
    await store.redis.delete(store.keys.past(CH, "g1"))  # its retention ended
    assert await store.past(CH) == []
    assert not await store.archive(CH, 1, "nothing")  # no game: nothing to put aside


async def test_each_users_games_are_tracked(store: GameStore):
    await store.track("u:1", CH)
    await store.track("u:1", "tg:-1002")
    await store.track("u:2", CH)
    assert await store.tracked("u:1") == [CH, "tg:-1002"]
    await store.untrack("u:1", CH)
    assert await store.tracked("u:1") == ["tg:-1002"]
    assert 0 < await store.redis.ttl(store.keys.games_of("u:1")) <= store.pref_ttl


async def test_a_leased_timer_goes_to_one_claimer_and_back_to_another_when_the_lease_ends(store: GameStore):
    await store.create(CH, "{}", status="playing", deadline=NOW)
    claims = await asyncio.gather(*(store.due_timers(NOW + 1, lease=30) for _ in range(6)))
    assert sorted(c for claim in claims for c in claim) == [CH]  # once
    assert await store.due_timers(NOW + 20, lease=30) == []  # still leased
    assert await store.due_timers(NOW + 32, lease=30) == [CH]  # the claimer died: another takes it
    await store.timer_done(CH, 1)
    assert await store.due_timers(NOW + 100, lease=30) == []


async def test_timers_are_claimed_by_prefix(store: GameStore):
    await store.create("dc:1:2", "{}", status="playing", deadline=NOW)
    await store.create("tg:-5", "{}", status="playing", deadline=NOW)
    with pytest.raises(ValueError):
        await store.due_timers(NOW + 1, prefix="tg:")  # a prefix needs a lease
    assert await store.due_timers(NOW + 1, prefix="tg:", lease=30) == ["tg:-5"]
    assert await store.due_timers(NOW + 1, prefix="dc:", lease=30) == ["dc:1:2"]


async def test_a_claimed_timer_of_a_superseded_version_is_dropped(store: GameStore):
    await store.create(CH, "{}", status="playing", deadline=NOW)
    await store.redis.zadd(store.timer_key(CH), {f"{CH}|1": NOW})
    await store.commit(CH, 1, "{}", status="playing", log=None, deadline=NOW + 1000)  # re-armed later
    assert await store.due_timers(NOW + 1, lease=30) == []
    assert await store.due_timers(NOW + 1001, lease=30) == [CH]
