"""Redis key names.

Every key of one game carries the channel as a hash tag, ``{ns}:{<channel>}:game`` and ``{ns}:{<channel>}:log``, so
both live in one Redis Cluster slot and one Lua script may touch them together. Global keys (the timer and outbox
indexes, "my games", preferences, claimed tokens) are only ever used by single-key commands (a Lua script, a
transaction: one key), or several in a non-transactional pipeline that a cluster client splits by node. On a Redis
Cluster each index is split in buckets (``{ns}:timers:<b>``) living in different slots, so that no node carries
every game's deadlines.

=============================  ======  =====================================================================
key                            type    content
=============================  ======  =====================================================================
``{ns}:{<channel>}:game``      HASH    ``v``, ``doc``, ``status``, ``created``, ``updated``, ``deadline``, ``cid``
                                       (the id of the last commit)
``{ns}:{<channel>}:log``       STREAM  one entry per committed change: the caller's fields plus ``v``
``{ns}:{<channel>}:outbox``    HASH    version -> what that change must tell (JSON), until it was delivered
``{ns}:outboxes``              ZSET    index of outboxes to look at: member the channel, score when
``{ns}:timers``                ZSET    index of deadlines: member ``<channel>|<version>``, score the deadline
``{ns}:outboxes:<b>``,         ZSET    the same two indexes split in buckets ``0 .. n-1`` (a channel's bucket:
``{ns}:timers:<b>``                    ``bucket_of``), when the store has several (on a Redis Cluster)
``{ns}:pref:<kind>:<id>``      HASH    preferences of a user or a channel (``locale``, ``dm_ok``, ...), and
                                       ``memo`` details of a channel; forgotten a while after their last use
``{ns}:once:<token>``          STRING  a token claimed once (e.g. a platform update id, so it is applied once)
``{ns}:games:<user>``          SET     the channels where the user sits at a game that has not ended
``{ns}:{<ch>}:past``           ZSET    the finished games of a channel put aside by a new one (id -> when)
``{ns}:{<ch>}:past:<id>``      HASH    such a game as it ended (as ``game``), kept as long as it would have been
``{ns}:{<ch>}:past:<id>:log``  STREAM  its log
=============================  ======  =====================================================================
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

DEFAULT_NAMESPACE = "bb"

_BRACES = frozenset("{}")


def hash_tag(key: str) -> str | None:
    """The part of ``key`` that Redis Cluster hashes: the text inside the first ``{...}``, or ``None``.

    Follows the Cluster specification: the first ``{``, then the first ``}`` after it, and only when the braces
    enclose at least one character.
    """
    start = key.find("{")
    if start < 0:
        return None
    end = key.find("}", start + 1)
    if end < 0 or end == start + 1:
        return None
    return key[start + 1 : end]


def check_channel(channel: str) -> str:
    """Return ``channel`` if it can be a hash tag: a non-empty string without ``{`` or ``}``; else ``ValueError``."""
    if not isinstance(channel, str) or not channel:
        raise ValueError(f"a channel must be a non-empty string, not {channel!r}")
    if _BRACES & set(channel):
        raise ValueError(f"a channel must not contain '{{' or '}}': {channel!r}")
    return channel


@dataclass(frozen=True, slots=True)
class Keys:
    """The key names of one namespace (``bb`` in production, a unique one per test)."""

    namespace: str = DEFAULT_NAMESPACE

    def __post_init__(self) -> None:
        if not isinstance(self.namespace, str) or not self.namespace:
            raise ValueError(f"a namespace must be a non-empty string, not {self.namespace!r}")
        if _BRACES & set(self.namespace):
            raise ValueError(f"a namespace must not contain '{{' or '}}': {self.namespace!r}")

    def game(self, channel: str) -> str:
        """The HASH of the game in ``channel``."""
        return f"{self.namespace}:{{{check_channel(channel)}}}:game"

    def log(self, channel: str) -> str:
        """The STREAM of committed changes of the game in ``channel``."""
        return f"{self.namespace}:{{{check_channel(channel)}}}:log"

    def games_of(self, user: str) -> str:
        """The SET of the channels where ``user`` sits at a game that has not ended ("my games")."""
        if not isinstance(user, str) or not user:
            raise ValueError(f"a user must be a non-empty string, not {user!r}")
        return f"{self.namespace}:games:{user}"

    def past(self, channel: str, game_id: str | None = None) -> str:
        """The ZSET of the finished games put aside in ``channel``, or (with ``game_id``) the HASH of one of them."""
        base = f"{self.namespace}:{{{check_channel(channel)}}}:past"
        if game_id is None:
            return base
        if not game_id or _BRACES & set(game_id) or ":" in game_id:
            raise ValueError(f"not a game id: {game_id!r}")
        return f"{base}:{game_id}"

    def past_log(self, channel: str, game_id: str) -> str:
        """The STREAM of the log of a finished game put aside in ``channel``."""
        return f"{self.past(channel, game_id)}:log"

    def outbox(self, channel: str) -> str:
        """The HASH of what the changes of the game in ``channel`` must tell and has not told yet (by version)."""
        return f"{self.namespace}:{{{check_channel(channel)}}}:outbox"

    def outboxes(self, bucket: int | None = None) -> str:
        """The ZSET indexing the channels whose outbox may hold something: member the channel, score when to look
        (with ``bucket``: that bucket of the index split in buckets)."""
        return f"{self.namespace}:outboxes" + _bucket_suffix(bucket)

    def outbox_pattern(self) -> str:
        """A SCAN ``MATCH`` pattern for every outbox of the namespace."""
        return f"{_glob_escape(self.namespace)}:{{*}}:outbox"

    def timers(self, bucket: int | None = None) -> str:
        """The ZSET indexing the deadlines of every game of the namespace (with ``bucket``: that bucket of the
        index split in buckets)."""
        return f"{self.namespace}:timers" + _bucket_suffix(bucket)

    def once(self, token: str) -> str:
        """The key that marks ``token`` as claimed."""
        if not token:
            raise ValueError("a token must be a non-empty string")
        return f"{self.namespace}:once:{token}"

    def pref(self, kind: str, id: str) -> str:  # noqa: A002 - ``id`` is the natural name here
        """The HASH of preferences of one ``kind`` (``user``, ``channel``, ...) and ``id``."""
        if not isinstance(kind, str) or not kind or ":" in kind:
            raise ValueError(f"a preference kind must be a non-empty string without ':', not {kind!r}")
        if not isinstance(id, str) or not id:
            raise ValueError(f"a preference id must be a non-empty string, not {id!r}")
        return f"{self.namespace}:pref:{kind}:{id}"

    def game_pattern(self) -> str:
        """A SCAN ``MATCH`` pattern for every game hash of the namespace."""
        return f"{_glob_escape(self.namespace)}:{{*}}:game"

    def channel_of_game(self, key: str, suffix: str = "}:game") -> str:
        """The channel of a game key made by :meth:`game` (the inverse of it; ``suffix`` for another key of the
        game, e.g. ``"}:outbox"``)."""
        prefix = f"{self.namespace}:{{"
        if not (key.startswith(prefix) and key.endswith(suffix)) or len(key) <= len(prefix) + len(suffix):
            raise ValueError(f"not a game key of namespace {self.namespace!r}: {key!r}")
        return key[len(prefix) : -len(suffix)]


def timer_member(channel: str, version: int) -> str:
    """The timer-index member of ``channel`` at ``version``: ``<channel>|<version>``."""
    return f"{channel}|{version}"


def parse_timer_member(member: str) -> tuple[str, int] | None:
    """``(channel, version)`` of a timer-index member, or ``None`` when it is not one."""
    channel, sep, version = member.rpartition("|")
    if not sep or not channel or not version.isdigit():
        return None
    return channel, int(version)


def bucket_of(channel: str, buckets: int) -> int:
    """The bucket (``0 .. buckets-1``) of ``channel`` in an index split in ``buckets``: stable across processes and
    restarts (CRC-32 of the channel)."""
    return zlib.crc32(channel.encode("utf-8")) % buckets if buckets > 1 else 0


def _bucket_suffix(bucket: int | None) -> str:
    if bucket is None:
        return ""
    if not isinstance(bucket, int) or isinstance(bucket, bool) or bucket < 0:
        raise ValueError(f"a bucket must be a non-negative int, not {bucket!r}")
    return f":{bucket}"


def _glob_escape(text: str) -> str:
    """Escape the characters that are special in Redis ``MATCH`` patterns."""
    return "".join("\\" + c if c in "*?[]\\" else c for c in text)
