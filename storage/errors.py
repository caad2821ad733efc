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
    """No Redis server answered, and none could be started; the message is one line (see
    ``storage.server.connect``)."""


class EmbeddedRedisError(StorageError):
    """An embedded server (``redis-server`` or ``valkey-server``) could not be found, started, joined or stopped, or
    cannot exist on this system (see ``storage.server.EmbeddedRedis``)."""


class StorageUnavailable(StorageError):
    """Redis could not do what was asked: no connection, a timeout, a server still loading its data, out of memory,
    read-only. ``kind`` names which (``connection``, ``timeout``, ``loading``, ``memory``, ``readonly``) for the
    counters; ``cause`` is the client's exception. The request may be retried in a moment; a commit that raised it
    may still have been applied (``GameStore.commit_applied`` tells)."""

    def __init__(self, kind: str, cause: BaseException) -> None:
        self.kind = kind
        self.cause = cause
        super().__init__(f"Redis unavailable ({kind}): {cause}")
