"""Exceptions raised by ``storage``."""

from __future__ import annotations


class StorageError(Exception):
    """Base class of every error raised by ``storage``."""


class StaleVersion(StorageError):
    """A compare-and-set found another version than the caller expected.

    ``current`` is the version stored now, or ``None`` when the game no longer exists. The caller re-reads the game,
    re-validates its change against the new document, and retries or tells the user the board changed; it never
    overwrites.
    """

    def __init__(self, current: int | None, expected: int | None = None) -> None:
        self.current = current
        self.expected = expected
        if current is None:
            message = "the game no longer exists"
        else:
            message = f"the game is at version {current}"
        if expected is not None:
            message += f", expected version {expected}"
        super().__init__(message)


class GameExists(StorageError):
    """``create`` found a game already stored for that channel."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        super().__init__(f"a game already exists in channel {channel!r}")


class RedisUnavailable(StorageError):
    """No Redis server answered, and none could be started (see ``storage.server.connect``)."""


class EmbeddedRedisError(StorageError):
    """A private ``redis-server`` could not be found, started or stopped (see ``storage.server.EmbeddedRedis``)."""
