"""Redis storage: the only code that talks to Redis.

It knows JSON strings and Redis, never games. One game ("table") per chat channel, committed through a Lua
compare-and-set on its version, with a log stream, a timer index and small preference hashes; see
``storage.store`` for the model and ``storage.keys`` for the key layout. ``connect`` opens a client
(``decode_responses=True``, which ``GameStore`` requires), falling back to a private embedded server if asked; for
a Redis Cluster (a ``redis+cluster://`` URL, or a node that says it runs in cluster mode) the client is redis-py's
``RedisCluster``, and every multi-key command of the store stays inside one game's hash slot.

    async with await connect(settings.redis_url, embedded_fallback=True, data_dir=data_dir) as conn:
        store = GameStore(conn.redis)
        game = await store.load("tg:-100123")
        ...
        version = await store.commit("tg:-100123", game.version, new_doc, status="playing", log={"move": "..."})
"""

from .errors import EmbeddedRedisError, GameExists, RedisUnavailable, StaleVersion, StorageError, StorageUnavailable
from .keys import Keys, hash_tag
from .server import (
    Connection, EmbeddedRedis, client, cluster_client, connect, find_redis_server, is_cluster, split_cluster_url,
)
from .store import GameStore, LogEntry, StoredGame

__all__ = [
    "Connection",
    "EmbeddedRedis",
    "EmbeddedRedisError",
    "GameExists",
    "GameStore",
    "Keys",
    "LogEntry",
    "RedisUnavailable",
    "StaleVersion",
    "StorageError",
    "StorageUnavailable",
    "StoredGame",
    "client",
    "cluster_client",
    "connect",
    "find_redis_server",
    "hash_tag",
    "is_cluster",
    "split_cluster_url",
]
