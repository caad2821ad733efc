"""What the bot does when Redis misbehaves (issue 10, items 6-8 and 11): a stalled commit is read back and
delivered, errors get a clear answer and are counted, a restarted server costs no failed call, a killed server's
append-only file keeps every game consistent, and preferences are forgotten a while after their last use."""

from __future__ import annotations

import asyncio

import pytest
from redis.exceptions import BusyLoadingError

from bot.core.service import Caller, GameService
from storage import GameStore, client
from tests.core.helpers import ALICE, BOB, CHANNEL, DUEL, load, started_duel
from tests.resilience.checks import stored_game_is_the_replay_of_its_log


def service_on(url: str, *, read_back: float = 5.0, command_timeout: float = 0.5) -> GameService:
    store = GameStore(client(url, socket_timeout=command_timeout), namespace="trouble")
    return GameService(store, render=False, seeds=lambda: 5, read_back=read_back)


async def first_move(service: GameService) -> tuple[Caller, str]:
    _v, _t, state = await load(service.store)
    seat = min(DUEL.active_seats(state))
    return (ALICE, BOB)[seat], DUEL.legal_moves(state, seat)[0].notation


def freeze_during_commit(service: GameService, server, seconds: float) -> None:
    """The next commit reaches a server that stops answering for ``seconds``."""
    commit = service.store.commit

    async def frozen(*args, **kwargs):
        server.freeze()
        asyncio.get_running_loop().call_later(seconds, server.thaw)
        service.store.commit = commit
        return await commit(*args, **kwargs)

    service.store.commit = frozen


async def test_a_commit_stalled_in_redis_is_read_back_and_delivered(server):
    service = service_on(server.url)
    await started_duel(service)
    version, _t, _s = await load(service.store)
    caller, move = await first_move(service)
    freeze_during_commit(service, server, 1.5)
    reply = await service.play(caller, move)
    assert reply.ok, reply.messages[0].text
    assert reply.version == version + 1 and reply.public  # the narration and the board go to the channel
    assert service.counters["storage.commit_read_back"] == 1, service.counters
    assert (await load(service.store))[0] == version + 1
    assert await stored_game_is_the_replay_of_its_log(service.store, CHANNEL) == 1


async def test_a_commit_whose_fate_cannot_be_told_in_time_says_so(server):
    service = service_on(server.url, read_back=0.5)
    await started_duel(service)
    version, _t, _s = await load(service.store)
    caller, move = await first_move(service)
    freeze_during_commit(service, server, 3.0)
    reply = await service.play(caller, move)
    assert not reply.ok and reply.code == "error.unavailable_move"
    assert "cannot tell whether your move was made" in reply.messages[0].text
    await asyncio.sleep(3.0)  # the server works through the commit held up in it
    assert (await load(service.store))[0] == version + 1
    assert await stored_game_is_the_replay_of_its_log(service.store, CHANNEL) == 1


async def test_redis_down_gets_a_clear_answer_in_the_callers_language(server):
    service = service_on(server.url)
    await started_duel(service)
    server.stop()
    russian = Caller(CHANNEL, ALICE.user, ALICE.name, locale="ru")
    reply = await service.play(russian, "1")
    assert not reply.ok and reply.code == "error.unavailable"
    assert "Стол сейчас недоступен" in reply.messages[0].text
    assert service.counters["storage.connection"] >= 1
    board = await service.board(BOB)
    assert board.code == "error.unavailable"


async def test_after_a_restart_the_first_call_succeeds(server):
    service = service_on(server.url)
    await started_duel(service)  # the pool now holds connections to the old server
    server.restart()  # without persistence: the table is gone, but the call must not fail on a dead connection
    reply = await service.status(ALICE)
    assert reply.code == "error.no_game", reply.messages[0].text
    assert not any(name.startswith("storage.") for name in service.counters)


async def test_a_full_redis_answers_unavailable_and_changes_nothing(server):
    service = service_on(server.url)
    await started_duel(service)
    version, _t, _s = await load(service.store)
    caller, move = await first_move(service)
    server.command("CONFIG", "SET", "maxmemory", "1")
    reply = await service.play(caller, move)
    assert not reply.ok and reply.code == "error.unavailable"
    assert service.counters["storage.memory"] == 1
    server.command("CONFIG", "SET", "maxmemory", "0")
    assert (await load(service.store))[0] == version
    assert (await service.play(caller, move)).ok


async def test_a_server_still_loading_its_data_answers_unavailable(server, monkeypatch):
    service = service_on(server.url)
    await started_duel(service)

    async def loading(*_args, **_kwargs):
        raise BusyLoadingError("Redis is loading the dataset in memory")

    monkeypatch.setattr(service.store.redis, "hmget", loading)
    reply = await service.board(ALICE)
    assert reply.code == "error.unavailable" and service.counters["storage.loading"] == 1


async def test_a_killed_redis_restarts_from_its_append_only_file_with_every_game_consistent(aof_server):
    service = service_on(aof_server.url)
    await started_duel(service)
    for kill in range(4):
        for _ in range(6):
            _v, table, state = await load(service.store)
            if table.status != "playing":
                break
            caller, move = await first_move(service)
            assert (await service.play(caller, move)).ok
        await asyncio.sleep(1.2)  # appendfsync everysec: what was written a second ago is on disk
        written = await stored_game_is_the_replay_of_its_log(service.store, CHANNEL)
        aof_server.kill()
        aof_server.start()
        assert await stored_game_is_the_replay_of_its_log(service.store, CHANNEL) == written, kill


@pytest.mark.parametrize(("kind", "ttl"), [("user", "pref_ttl"), ("channel", "pref_ttl"), ("memo", "memo_ttl")])
async def test_preferences_and_memos_are_forgotten_a_while_after_their_last_use(store, kind, ttl):
    await store.set_pref(kind, "x1", "locale", "ru")
    key = store.keys.pref(kind, "x1")
    assert 0 < await store.redis.ttl(key) <= getattr(store, ttl)
    await store.redis.expire(key, 10)
    assert await store.get_prefs(kind, "x1") == {"locale": "ru"}
    assert await store.redis.ttl(key) > 10  # reading renews the retention
