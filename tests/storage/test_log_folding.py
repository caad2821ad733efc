"""A long log's older moves are folded into one compact entry (``GameStore(log_keep=...)``, ``lua.pack_log``):
every move still comes back, in order, with its seat, notation, version and ``by``; the newest entries keep their
ids (an undo deletes one); everything that is not a plain move stays; the game takes less memory."""

from __future__ import annotations

import pytest

from storage import GameStore

CH = "dc:1:fold"
KEEP = 8


def folding(store: GameStore, keep: int | None = KEEP) -> GameStore:
    return GameStore(store.redis, namespace=store.namespace, log_keep=keep)


def move(version: int) -> dict[str, str]:
    """The log entry of a move, as the service writes it: a few notations come back again and again."""
    follower = ["boatman", "farmer", "trader"][version % 5 % 3]
    entry = {"seat": str(version % 3), "move": f"place:own_boatman:ship:{follower}"}
    if version % 7 == 0:
        entry["by"] = "bot"
    return entry


async def played(store: GameStore, moves: int, channel: str = CH) -> int:
    await store.create(channel, "0", status="lobby", log={"op": "new", "user": "u0"})
    await store.commit(channel, 1, "1", status="playing", log={"op": "start", "user": "u0"})
    for version in range(2, moves + 2):
        await store.commit(channel, version, str(version), status="playing", log=move(version + 1))
    return moves + 2


async def test_every_move_comes_back_in_order_after_folding(store: GameStore) -> None:
    fold = folding(store)
    last = await played(fold, 300)
    length = await store.redis.xlen(fold.keys.log(CH))
    assert length <= 2 * KEEP + 2 + 1  # the lobby's two entries, the folded one, at most twice KEEP newest
    entries = await fold.log(CH)
    assert [e.fields for e in entries[:2]] == [{"op": "new", "user": "u0"}, {"op": "start", "user": "u0"}]
    moves = entries[2:]
    assert [e.version for e in moves] == list(range(3, last + 1))
    assert [e.fields for e in moves] == [move(v) for v in range(3, last + 1)]
    assert all(e.id == "" for e in moves[:-2 * KEEP])  # folded: no entry of their own
    assert all(e.id for e in moves[-KEEP:])  # the newest stay whole
    newest = await fold.log(CH, count=5, reverse=True)
    assert [e.version for e in newest] == list(range(last, last - 5, -1))
    oldest = await fold.log(CH, count=4)
    assert [e.version for e in oldest] == [1, 2, 3, 4]


async def test_a_folded_log_takes_far_less_memory(store: GameStore) -> None:
    await played(folding(store), 400, "dc:1:folded")
    await played(folding(store, None), 400, "dc:1:whole")
    folded = await store.memory_usage("dc:1:folded")
    whole = await store.memory_usage("dc:1:whole")
    assert folded < whole / 3, (folded, whole)


async def test_the_newest_entries_can_still_be_deleted_by_an_undo(store: GameStore) -> None:
    fold = folding(store)
    last = await played(fold, 100)
    newest = (await fold.log(CH, count=1, reverse=True))[0]
    assert newest.id
    await fold.commit(CH, last, "undone", status="playing", log=None, drop=newest.id)
    entries = await fold.log(CH)
    assert entries[-1].version == last - 1
    assert newest.version not in [e.version for e in entries]


async def test_entries_that_are_not_plain_moves_stay_whole(store: GameStore) -> None:
    fold = folding(store)
    await fold.create(CH, "0", status="playing", log={"op": "new"})
    odd = [{"seat": "0", "move": "a b"}, {"seat": "1", "move": "x", "note": "kept"}, {"move": "alone"},
           {"seat": "0", "move": "x", "by": "@2"}]
    version = 1
    for i in range(60):
        log = odd[i // 15] if i % 15 == 0 else {"seat": "0", "move": f"m{i}"}
        version = await fold.commit(CH, version, str(i), status="playing", log=log)
    entries = await fold.log(CH)
    kept = [e.fields for e in entries if e.id and e.version <= 50]
    for entry in odd:
        assert entry in kept
    assert sorted(e.version for e in entries) == list(range(1, version + 1))


async def test_folding_keeps_the_ttl_and_the_archive_opens_folded_moves(store: GameStore) -> None:
    fold = folding(store)
    last = await played(fold, 60)
    ttl = await store.redis.ttl(fold.keys.log(CH))
    assert fold.ttl - 5 <= ttl <= fold.ttl
    before = await fold.log(CH)
    assert await fold.archive(CH, last, "g1")
    assert await fold.past_log(CH, "g1") == before


async def test_a_commit_folded_since_is_still_known_as_applied(store: GameStore) -> None:
    fold = folding(store)
    await played(fold, 80)
    assert await fold.commit_applied(CH, 10, "lost", move(10)) is True
    assert await fold.commit_applied(CH, 10, "lost", move(11)) is False


def test_log_keep_must_be_a_positive_int(store: GameStore) -> None:
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ValueError):
            folding(store, bad)


async def test_a_seats_moves_in_a_row_take_a_byte_or_two_each(store: GameStore) -> None:
    """Runs: a seat's consecutive moves share one line, each move a code of one or two characters."""
    fold = folding(store)
    await fold.create(CH, "0", status="playing", log={"op": "new"})
    version = 1
    for i in range(400):  # a turn is ten moves of one seat, among 100 notations
        version = await fold.commit(CH, version, str(i), status="playing",
                                    log={"seat": str(i // 10 % 4), "move": f"m{i * 7 % 100}"})
    [folded] = [f for _, f in await store.redis.xrange(fold.keys.log(CH)) if "runs" in f]
    runs = folded["runs"].split("\n")
    assert len(runs) == (400 - 2 * KEEP) // 10 + 1  # a line a turn (the last one folded cut short)
    assert len(folded["runs"]) < 400 * 2, len(folded["runs"])
    moves = [e for e in await fold.log(CH) if "move" in e.fields]
    assert [e.fields["move"] for e in moves] == [f"m{i * 7 % 100}" for i in range(400)]
    assert [e.version for e in moves] == list(range(2, 402))


async def test_codes_of_many_notations_come_back(store: GameStore) -> None:
    """Word numbers past 32 and past 832 take two and three characters (``lua.pack_log``'s ``code``)."""
    fold = folding(store)
    await fold.create(CH, "0", status="playing", log={"op": "new"})
    version = 1
    logged = []
    for i in range(1000):
        log = {"seat": "0", "move": f"w{i}"} if i % 9 else {"seat": "1", "move": f"w{i // 2}", "by": "bot"}
        logged.append(log)
        version = await fold.commit(CH, version, str(i), status="playing", log=log)
    assert [e.fields for e in await fold.log(CH) if e.version > 1] == logged


async def test_a_log_folded_a_line_a_move_is_rewritten_as_runs(store: GameStore) -> None:
    """An entry folded by the earlier script (a field 'moves', a line a move) still opens, and the next fold turns
    it into runs without losing a move, a by or a version gap."""
    fold = folding(store)
    key = fold.keys.log(CH)
    await fold.create(CH, "0", status="playing", log={"op": "new"})
    await store.redis.xadd(key, {"v": "9", "words": "a\nb:c\nd", "moves": "0 1 @3\n0 2\n1 3 bot\n1 1 @8\n2 2"})
    earlier = [(3, "0", "a", None), (4, "0", "b:c", None), (5, "1", "d", "bot"), (8, "1", "a", None),
               (9, "2", "b:c", None)]
    expected = [{"seat": s, "move": m, **({"by": b} if b else {})} for _, s, m, b in earlier]
    entries = await fold.log(CH)
    assert [(e.version, e.fields) for e in entries[1:]] == [(v, f) for (v, *_), f in zip(earlier, expected)]
    await store.redis.hset(fold.keys.game(CH), "v", 9)
    version = 9
    for i in range(3 * KEEP):
        log = {"seat": "3", "move": "d" if i % 2 else "e"}
        expected.append(log)
        version = await fold.commit(CH, version, str(i), status="playing", log=log)
    raw = [f for _, f in await store.redis.xrange(key)]
    assert [f for f in raw if "moves" in f] == []
    [folded] = [f for f in raw if "runs" in f]
    assert folded["runs"].startswith("0 01 @3\n1 2 bot\n1 0 @8\n2 1\n3 3232323")
    assert folded["runs"].count("\n") == 4  # seat 3's moves, folded twice, make one run
    moves = (await fold.log(CH))[1:]
    assert [e.fields for e in moves] == expected
    assert [e.version for e in moves] == [3, 4, 5, 8, 9, *range(10, 10 + 3 * KEEP)]
