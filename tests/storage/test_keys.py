"""Key layout: one game's keys share a hash tag, hence one Redis Cluster slot."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from redis.crc import key_slot

from storage import Keys, hash_tag
from storage import split_cluster_url
from storage.keys import bucket_of, parse_timer_member, timer_member

channels = st.text(min_size=1).filter(lambda c: "{" not in c and "}" not in c)


def slot(key: str) -> int:
    return key_slot(key.encode())


def test_key_names() -> None:
    keys = Keys("bb")
    assert keys.game("dc:123:456") == "bb:{dc:123:456}:game"
    assert keys.log("dc:123:456") == "bb:{dc:123:456}:log"
    assert keys.timers() == "bb:timers"
    assert keys.timers(3) == "bb:timers:3" and keys.outboxes(0) == "bb:outboxes:0" and keys.outboxes() == "bb:outboxes"
    assert keys.pref("user", "tg:42") == "bb:pref:user:tg:42"
    assert Keys().namespace == "bb"


@pytest.mark.parametrize("channel", ["dc:123:456", "tg:-100123", "local:main"])
def test_game_keys_share_a_hash_tag_and_slot(channel: str) -> None:
    keys = Keys("bb")
    game, log = keys.game(channel), keys.log(channel)
    assert hash_tag(game) == hash_tag(log) == channel
    assert slot(game) == slot(log) == slot(f"{{{channel}}}")


@given(channel=channels, namespace=st.sampled_from(["bb", "bbtest-0a1b", "x:y"]))
def test_any_channel_keeps_its_keys_in_one_slot(channel: str, namespace: str) -> None:
    keys = Keys(namespace)
    assert hash_tag(keys.game(channel)) == channel
    assert slot(keys.game(channel)) == slot(keys.log(channel))
    assert keys.channel_of_game(keys.game(channel)) == channel


@pytest.mark.parametrize("channel", ["", "a{b", "a}b", "{x}"])
def test_channels_that_cannot_be_a_hash_tag_are_refused(channel: str) -> None:
    with pytest.raises(ValueError):
        Keys().game(channel)


@pytest.mark.parametrize("namespace", ["", "b{b", "b}b"])
def test_bad_namespaces_are_refused(namespace: str) -> None:
    with pytest.raises(ValueError):
        Keys(namespace)


def test_bad_pref_keys_are_refused() -> None:
    with pytest.raises(ValueError):
        Keys().pref("us:er", "1")
    with pytest.raises(ValueError):
        Keys().pref("user", "")


def test_hash_tag_follows_the_cluster_rules() -> None:
    assert hash_tag("a:{b}:c") == "b"
    assert hash_tag("a:{}:{b}") is None  # an empty first tag means the whole key is hashed
    assert hash_tag("no-tag") is None
    assert hash_tag("{a}{b}") == "a"


@given(channel=channels, version=st.integers(min_value=1, max_value=10**12))
def test_timer_members_round_trip(channel: str, version: int) -> None:
    assert parse_timer_member(timer_member(channel, version)) == (channel, version)


def test_foreign_timer_members_are_not_parsed() -> None:
    assert parse_timer_member("tg:1") is None
    assert parse_timer_member("tg:1|x") is None
    assert parse_timer_member("|3") is None


def test_the_buckets_of_an_index_are_stable_and_spread() -> None:
    assert bucket_of("tg:-100123", 8) == 7  # CRC-32: the same in every process, whatever PYTHONHASHSEED
    assert bucket_of("tg:-100123", 1) == 0
    assert len({bucket_of(f"tg:-{i}", 8) for i in range(100)}) == 8
    slots = {slot(Keys("bb").timers(b)) for b in range(8)}
    assert len(slots) == 8  # each bucket in a slot of its own (so they spread over a cluster's nodes)
    with pytest.raises(ValueError):
        Keys("bb").timers(-1)


def test_cluster_urls() -> None:
    assert split_cluster_url("redis+cluster://h:7001/0") == ("redis://h:7001/0", True)
    assert split_cluster_url("rediss+cluster://u:p@h:7001") == ("rediss://u:p@h:7001", True)
    assert split_cluster_url("redis://h:6379/0") == ("redis://h:6379/0", False)
    assert split_cluster_url("unix:///tmp/r.sock") == ("unix:///tmp/r.sock", False)
