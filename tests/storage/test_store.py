"""GameStore against a real Redis: create/load/commit, stale versions, undo point, TTLs, log, delete, prefs."""

from __future__ import annotations

import json
import random

import pytest
import redis.asyncio as aredis
from redis.crc import key_slot

from storage import GameExists, GameStore, LogEntry, StaleVersion, StoredGame, hash_tag
from storage.store import PACK_DOC_FROM

CH = "dc:123:456"


async def snapshot(store: GameStore, channel: str = CH) -> tuple[dict[str, str], list[LogEntry]]:
    """Everything stored for a game: the raw hash and the log."""
    return await store.redis.hgetall(store.keys.game(channel)), await store.log(channel)


async def test_create_then_load_round_trips(store: GameStore) -> None:
    doc = json.dumps({"players": ["ana", "bo"], "name": "Партия № 1 — città"}, ensure_ascii=False)
    assert await store.create(CH, doc, status="lobby", log={"event": "created", "who": "ana"}) == 1
    game = await store.load(CH)
    assert isinstance(game, StoredGame)
    assert (game.version, game.doc, game.status, game.deadline) == (1, doc, "lobby", None)
    assert game.updated_ms > 1_600_000_000_000
    [entry] = await store.log(CH)
    assert (entry.version, entry.fields) == (1, {"event": "created", "who": "ana"})


async def test_a_game_uses_two_keys_in_one_slot(store: GameStore) -> None:
    await store.create(CH, "[]", status="playing", log={"event": "created"})
    await store.commit(CH, 1, "[1]", status="playing", log={"m": "1"}, deadline=1_900_000_000.0)
    keys = {key async for key in store.redis.scan_iter(match=f"{store.namespace}:*")}
    game_keys = keys - set(store.timer_keys())
    assert game_keys == {f"{store.namespace}:{{{CH}}}:game", f"{store.namespace}:{{{CH}}}:log"}
    assert {hash_tag(key) for key in game_keys} == {CH}
    assert len({key_slot(key.encode()) for key in game_keys}) == 1


async def test_create_without_log_writes_no_entry(store: GameStore) -> None:
    await store.create(CH, "{}", status="lobby")
    assert await store.log(CH) == []


async def test_create_twice_raises_game_exists(store: GameStore) -> None:
    await store.create(CH, '"first"', status="lobby")
    with pytest.raises(GameExists):
        await store.create(CH, '"second"', status="lobby")
    game = await store.load(CH)
    assert game is not None and game.doc == '"first"'


async def test_load_of_a_missing_channel_is_none(store: GameStore) -> None:
    assert await store.load("tg:-100999") is None


async def test_commit_bumps_the_version_and_logs_once(store: GameStore) -> None:
    await store.create(CH, "[]", status="lobby", log={"event": "created"})
    version = await store.commit(CH, 1, '["e2e4"]', status="playing", log={"who": "ana", "move": "e2e4"})
    assert version == 2
    game = await store.load(CH)
    assert game is not None
    assert (game.version, game.doc, game.status) == (2, '["e2e4"]', "playing")
    log = await store.log(CH)
    assert [e.version for e in log] == [1, 2]
    assert log[-1].fields == {"who": "ana", "move": "e2e4"}


async def test_stale_commit_changes_nothing(store: GameStore) -> None:
    await store.create(CH, "[]", status="lobby", log={"event": "created"})
    await store.commit(CH, 1, '["a"]', status="playing", log={"move": "a"})
    before = await snapshot(store)
    with pytest.raises(StaleVersion) as caught:
        await store.commit(CH, 1, '["b"]', status="finished", log={"move": "b"}, deadline=1.0)
    assert (caught.value.current, caught.value.expected) == (2, 1)
    assert await snapshot(store) == before
    assert [await store.redis.zcard(key) for key in store.timer_keys()] == [0] * store.index_buckets


async def test_commit_to_a_missing_game_is_stale_with_no_current_version(store: GameStore) -> None:
    with pytest.raises(StaleVersion) as caught:
        await store.commit(CH, 1, "[]", status="playing", log={"move": "a"})
    assert caught.value.current is None
    assert await store.redis.exists(store.keys.game(CH), store.keys.log(CH)) == 0


async def test_deadline_is_stored_and_cleared(store: GameStore) -> None:
    await store.create(CH, "[]", status="playing")
    await store.commit(CH, 1, "[1]", status="playing", log={"m": "1"}, deadline=1_900_000_000.25)
    game = await store.load(CH)
    assert game is not None and game.deadline == 1_900_000_000.25
    await store.commit(CH, 2, "[2]", status="playing", log={"m": "2"})
    game = await store.load(CH)
    assert game is not None and game.deadline is None


async def ttls(store: GameStore, channel: str = CH) -> tuple[int, int]:
    return await store.redis.ttl(store.keys.game(channel)), await store.redis.ttl(store.keys.log(channel))


async def test_commit_sets_the_ttl_of_both_keys(store: GameStore) -> None:
    await store.create(CH, "[]", status="lobby", log={"event": "created"})
    for key_ttl in await ttls(store):
        assert store.ttl - 5 <= key_ttl <= store.ttl
    await store.commit(CH, 1, "[1]", status="playing", log={"m": "1"})
    for key_ttl in await ttls(store):
        assert store.ttl - 5 <= key_ttl <= store.ttl


async def test_a_finished_game_keeps_the_shorter_ttl(store: GameStore) -> None:
    assert store.finished_ttl < store.ttl
    await store.create(CH, "[]", status="playing", log={"event": "created"})
    await store.commit(CH, 1, "[1]", status="finished", log={"event": "ended"})
    for key_ttl in await ttls(store):
        assert store.finished_ttl - 5 <= key_ttl <= store.finished_ttl
    other = GameStore(store.redis, namespace=store.namespace, finished_statuses=("over",))
    await other.commit(CH, 2, "[2]", status="over", log={"event": "ended"})
    await other.commit(CH, 3, "[3]", status="finished", log={"event": "ended"})  # not finished for this store
    for key_ttl in await ttls(store):
        assert store.ttl - 5 <= key_ttl <= store.ttl


async def test_a_commit_refreshes_a_lowered_ttl(store: GameStore) -> None:
    await store.create(CH, "[]", status="playing", log={"event": "created"})
    await store.redis.expire(store.keys.game(CH), 100)
    await store.redis.expire(store.keys.log(CH), 100)
    assert max(await ttls(store)) <= 100
    await store.commit(CH, 1, "[1]", status="playing", log={"m": "1"})
    for key_ttl in await ttls(store):
        assert store.ttl - 5 <= key_ttl <= store.ttl


async def test_the_log_is_trimmed_to_about_maxlen(store: GameStore) -> None:
    small = GameStore(store.redis, namespace=store.namespace, log_maxlen=10)
    await small.create(CH, "0", status="playing", log={"m": "0"})
    for version in range(1, 301):
        await small.commit(CH, version, str(version), status="playing", log={"m": str(version)})
    node_size = int((await store.redis.config_get("stream-node-max-entries")).get("stream-node-max-entries", 100))
    length = await store.redis.xlen(small.keys.log(CH))
    assert 10 <= length <= 10 + node_size < 301
    newest = await small.log(CH, count=3, reverse=True)
    assert [e.version for e in newest] == [301, 300, 299]
    assert [e.fields["m"] for e in newest] == ["300", "299", "298"]


async def test_an_untrimmed_log_keeps_everything(store: GameStore) -> None:
    untrimmed = GameStore(store.redis, namespace=store.namespace, log_maxlen=None)
    await untrimmed.create(CH, "0", status="playing", log={"m": "0"})
    for version in range(1, 151):
        await untrimmed.commit(CH, version, str(version), status="playing", log={"m": str(version)})
    assert [e.version for e in await untrimmed.log(CH)] == list(range(1, 152))
    assert [e.version for e in await untrimmed.log(CH, count=2)] == [1, 2]


async def test_log_fields_are_checked(store: GameStore) -> None:
    await store.create(CH, "[]", status="playing")
    with pytest.raises(ValueError):
        await store.commit(CH, 1, "[]", status="playing", log={"v": "7"})
    with pytest.raises(TypeError):
        await store.commit(CH, 1, "[]", status="playing", log={"n": 7})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        await store.commit(CH, 1, {"not": "json text"}, status="playing", log={})  # type: ignore[arg-type]
    game = await store.load(CH)
    assert game is not None and game.version == 1


async def test_delete_with_a_version_is_a_compare_and_set(store: GameStore) -> None:
    await store.create(CH, "[]", status="playing", log={"event": "created"})
    await store.commit(CH, 1, "[1]", status="playing", log={"m": "1"}, deadline=1_900_000_000.0)
    with pytest.raises(StaleVersion) as caught:
        await store.delete(CH, expected_version=1)
    assert caught.value.current == 2
    assert await store.load(CH) is not None and len(await store.log(CH)) == 2
    assert await store.delete(CH, expected_version=2) is True
    assert await store.redis.exists(store.keys.game(CH), store.keys.log(CH)) == 0
    assert [await store.redis.zcard(key) for key in store.timer_keys()] == [0] * store.index_buckets
    assert await store.delete(CH) is False
    assert await store.delete(CH, expected_version=2) is False


async def test_delete_without_a_version(store: GameStore) -> None:
    await store.create(CH, "[]", status="playing", log={"event": "created"})
    assert await store.delete(CH) is True
    assert await store.load(CH) is None and await store.log(CH) == []


async def test_a_new_game_does_not_continue_an_old_log(store: GameStore) -> None:
    await store.redis.xadd(store.keys.log(CH), {"v": "7", "move": "left over"})
    await store.create(CH, "[]", status="lobby", log={"event": "created"})
    assert [(e.version, e.fields) for e in await store.log(CH)] == [(1, {"event": "created"})]


async def test_games_in_different_channels_are_independent(store: GameStore) -> None:
    await store.create("tg:-1", '"a"', status="lobby")
    await store.create("tg:-2", '"b"', status="lobby")
    await store.commit("tg:-1", 1, '"a2"', status="playing", log={"m": "x"})
    a, b = await store.load("tg:-1"), await store.load("tg:-2")
    assert a is not None and b is not None
    assert (a.version, a.doc, b.version, b.doc) == (2, '"a2"', 1, '"b"')


async def test_prefs_set_get_delete(store: GameStore) -> None:
    assert await store.get_prefs("user", "tg:42") == {}
    await store.set_pref("user", "tg:42", "locale", "ru")
    await store.set_pref("user", "tg:42", "dm_ok", "1")
    await store.set_pref("channel", "tg:42", "locale", "it")
    assert await store.get_prefs("user", "tg:42") == {"locale": "ru", "dm_ok": "1"}
    await store.set_pref("user", "tg:42", "locale", None)
    assert await store.get_prefs("user", "tg:42") == {"dm_ok": "1"}
    assert await store.get_prefs("channel", "tg:42") == {"locale": "it"}


async def test_memory_usage_grows_with_the_document(store: GameStore) -> None:
    assert await store.memory_usage(CH) == 0
    await store.create(CH, json.dumps(["x"]), status="playing", log={"event": "created"})
    small = await store.memory_usage(CH)
    assert small > 0
    noise = random.Random(0)  # a document that does not compress much
    await store.commit(CH, 1, json.dumps([noise.randbytes(8).hex() for _ in range(2000)]), status="playing",
                       log={"m": "big"})
    assert await store.memory_usage(CH) > small + 20_000


async def test_the_store_needs_a_decoding_client(redis_url: str) -> None:
    client = aredis.Redis.from_url(redis_url)  # decode_responses=False
    try:
        with pytest.raises(ValueError, match="decode_responses"):
            GameStore(client)
    finally:
        await client.aclose()


async def test_bad_settings_are_refused(redis: aredis.Redis) -> None:
    for settings in ({"ttl": 0}, {"finished_ttl": -1}, {"log_maxlen": 0}):
        with pytest.raises(ValueError):
            GameStore(redis, **settings)  # type: ignore[arg-type]


async def test_claim_once_is_true_exactly_once_across_concurrent_callers(store) -> None:
    import asyncio

    results = await asyncio.gather(*(store.claim_once("tg:update:42") for _ in range(20)))
    assert results.count(True) == 1
    assert await store.claim_once("tg:update:43") is True
    ttl = await store.redis.ttl(store.keys.once("tg:update:42"))
    assert 0 < ttl <= 86400


async def test_a_channel_moves_with_its_game_log_outbox_preferences_memos_and_timer(store):
    """A Telegram group upgraded to a supergroup gets a new id: everything of its channel follows it."""
    old, new = "tg:-100", "tg:-1009999"
    await store.create(old, '{"x": 1}', status="playing", log={"op": "new"})
    version = await store.commit(old, 1, '{"x": 2}', status="playing", log={"seat": "0", "move": "a:b"},
                                 deadline=123.0, tell='{"op": "move"}')
    await store.set_pref("channel", old, "locale", "ru")
    await store.set_pref("memo", old, "board_message", "42")
    assert await store.move_channel(old, new)
    assert await store.load(old) is None and (await store.load(new)).doc == '{"x": 2}'
    assert [e.fields for e in await store.log(new)] == [{"op": "new"}, {"seat": "0", "move": "a:b"}]
    assert await store.undelivered(new) == {version: '{"op": "move"}'} and await store.undelivered(old) == {}
    assert await store.get_prefs("channel", new) == {"locale": "ru"} and await store.get_prefs("memo", old) == {}
    assert await store.get_prefs("memo", new) == {"board_message": "42"}
    assert await store.due_timers(1000.0) == [new]
    assert await store.redis.ttl(store.keys.game(new)) > 0


async def test_a_channel_does_not_move_onto_a_game(store):
    await store.create("tg:-1", "{}", status="lobby")
    await store.create("tg:-2", "{}", status="lobby")
    with pytest.raises(GameExists):
        await store.move_channel("tg:-1", "tg:-2")


async def test_a_long_document_is_stored_compressed_and_read_back_as_given(store: GameStore) -> None:
    doc = json.dumps({"seats": [{"hand": [f"card{i}" for i in range(40)], "gold": i} for i in range(4)]})
    assert len(doc) >= PACK_DOC_FROM
    await store.create(CH, doc, status="playing")
    raw = (await snapshot(store))[0]["doc"]
    assert raw.startswith("~z") and len(raw) < len(doc) / 3
    assert (await store.load(CH)).doc == doc
    longer = doc + " " * 10
    await store.commit(CH, 1, longer, status="playing", log=None)
    assert (await store.load(CH)).doc == longer


async def test_a_short_document_is_stored_as_it_is_whatever_it_starts_with(store: GameStore) -> None:
    for i, doc in enumerate(["{}", "~z", "~", "~~z" + "=" * 3, ""]):
        channel = f"{CH}:{i}"
        await store.create(channel, doc, status="lobby")
        assert (await store.load(channel)).doc == doc
        assert (await snapshot(store, channel))[0]["doc"] in (doc, "~" + doc)
    await store.redis.hset(store.keys.game(CH + ":0"), "doc", '{"stored": "before compression"}')
    assert (await store.load(CH + ":0")).doc == '{"stored": "before compression"}'
