"""The deadline index: due timers fire once across concurrent pollers, and stale index entries never fire."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import pytest

from storage import GameStore

NOW = time.time()
PAST, FUTURE = NOW - 60, NOW + 3600


async def new_game(store: GameStore, channel: str, deadline: float | None) -> int:
    """A game at version 2 whose last commit set ``deadline``."""
    await store.create(channel, "[]", status="playing")
    return await store.commit(channel, 1, "[1]", status="playing", log={"m": "1"}, deadline=deadline)


async def index(store: GameStore) -> dict[str, float]:
    """Every entry of the timer index (of all its buckets)."""
    entries: dict[str, float] = {}
    for key in store.timer_keys():
        entries.update(await store.redis.zrange(key, 0, -1, withscores=True))
    return entries


async def index_add(store: GameStore, entries: dict[str, float]) -> None:
    """Write index entries where the store keeps them (a member that names no channel: in the first bucket)."""
    for member, score in entries.items():
        channel = member.rpartition("|")[0]
        key = store.timer_key(channel) if channel else store.timer_keys()[0]
        await store.redis.zadd(key, {member: score})


async def drop_index(store: GameStore) -> None:
    for key in store.timer_keys():
        await store.redis.delete(key)


async def test_only_due_channels_are_returned_once(store: GameStore) -> None:
    await new_game(store, "due:1", PAST)
    await new_game(store, "due:2", NOW - 1)
    await new_game(store, "later", FUTURE)
    await new_game(store, "none", None)
    assert sorted(await store.due_timers(NOW)) == ["due:1", "due:2"]
    assert await store.due_timers(NOW) == []
    assert await store.due_timers(FUTURE + 1) == ["later"]
    assert await index(store) == {}


async def test_due_timers_come_earliest_first_up_to_the_limit(store: GameStore) -> None:
    for i in range(5):
        await new_game(store, f"c{i}", PAST + 4 - i)  # c4 is the earliest
    assert await store.due_timers(NOW, limit=2) == ["c4", "c3"]
    assert await store.due_timers(NOW, limit=10) == ["c2", "c1", "c0"]
    assert await store.due_timers(NOW, limit=0) == []


async def test_each_due_timer_goes_to_exactly_one_of_many_pollers(store: GameStore) -> None:
    due = {f"tg:-{i}" for i in range(30)}
    for channel in due:
        await new_game(store, channel, PAST)
    for i in range(10):
        await new_game(store, f"later:{i}", FUTURE)
    results = await asyncio.gather(*(store.due_timers(NOW, limit=2) for _ in range(20)))
    claimed = Counter(channel for result in results for channel in result)
    assert set(claimed) == due
    assert max(claimed.values()) == 1
    assert sum(1 for result in results if result) > 1  # the claims really were spread over pollers
    assert len(await index(store)) == 10


async def test_a_commit_without_deadline_removes_the_timer(store: GameStore) -> None:
    await new_game(store, "tg:1", FUTURE)
    assert await index(store) == {"tg:1|2": FUTURE}
    await store.commit("tg:1", 2, "[2]", status="playing", log={"m": "2"})
    assert await index(store) == {}
    assert await store.due_timers(FUTURE + 1) == []


async def test_a_new_deadline_replaces_the_old_one(store: GameStore) -> None:
    await new_game(store, "tg:1", PAST)
    await store.commit("tg:1", 2, "[2]", status="playing", log={"m": "2"}, deadline=FUTURE)
    assert await index(store) == {"tg:1|3": FUTURE}
    assert await store.due_timers(NOW) == []
    assert await store.due_timers(FUTURE) == ["tg:1"]


async def test_stale_index_entries_never_fire(store: GameStore) -> None:
    # Index updates of two racing processes may land out of order; leave what a late one would leave behind.
    await new_game(store, "superseded", None)  # at version 2, no deadline
    await new_game(store, "deleted", PAST)
    await store.delete("deleted")
    await index_add(store, {"superseded|1": PAST, "deleted|2": PAST, "never-existed|5": PAST, "garbage": PAST})
    assert await store.due_timers(NOW) == []
    assert await index(store) == {}  # claimed and dropped


async def test_an_early_index_entry_is_put_back_under_the_true_deadline(store: GameStore) -> None:
    await new_game(store, "tg:1", FUTURE)
    await index_add(store, {"tg:1|2": PAST})  # an out-of-date score for the live version
    assert await store.due_timers(NOW) == []
    assert await index(store) == {"tg:1|2": FUTURE}


async def test_reindex_finds_deadlines_missing_from_the_index(store: GameStore) -> None:
    await new_game(store, "due", PAST)
    await new_game(store, "later", FUTURE)
    await new_game(store, "none", None)
    await drop_index(store)  # as if the processes died right after their commits
    assert await store.reindex_timers() == 2
    assert await index(store) == {"due|2": PAST, "later|2": FUTURE}
    assert await store.due_timers(NOW) == ["due"]


async def test_create_can_set_a_deadline(store: GameStore) -> None:
    await store.create("tg:1", "[]", status="lobby", deadline=PAST)
    game = await store.load("tg:1")
    assert game is not None and game.deadline == PAST
    assert await store.due_timers(NOW) == ["tg:1"]


async def test_a_failed_index_update_does_not_fail_the_commit(
    store: GameStore, caplog: pytest.LogCaptureFixture
) -> None:
    await store.create("tg:1", "[]", status="playing")
    await store.redis.set(store.timer_key("tg:1"), "not a sorted set")  # every index update now fails (WRONGTYPE)
    assert await store.commit("tg:1", 1, "[1]", status="playing", log={"m": "1"}, deadline=PAST) == 2
    assert "timer index not updated" in caplog.text
    game = await store.load("tg:1")
    assert game is not None and (game.version, game.deadline) == (2, PAST)
    await drop_index(store)
    assert await store.reindex_timers() == 1
    assert await store.due_timers(NOW) == ["tg:1"]
