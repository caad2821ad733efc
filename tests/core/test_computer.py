"""Computer players at a table (issue 16): seats filled at /new (``bots=N``) or with /addbot, their moves made by
the timers from their seat's view, and hints where the table allows them; bad input refused, nothing changed."""

from __future__ import annotations

import pytest

from bot.core.caller import Caller
from bot.core.service import GameService
from bot.core.table import Table
from tests.core.helpers import ALICE, BOB, CAROL, CHANNEL, DUEL


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def service_for(store, clock=None) -> GameService:
    return GameService(store, render=False, seeds=lambda: 5, clock=clock or Clock(), ai="greedy")


async def table_of(store, channel: str = CHANNEL) -> Table:
    return Table.model_validate_json((await store.load(channel)).doc)


async def test_bots_fill_seats_at_new_and_play_a_whole_game_against_a_person(store):
    clock = Clock()
    service = service_for(store, clock)
    assert (await service.new(ALICE, "duel", "bots=1 reminder=off")).ok
    table = await table_of(store)
    assert [p.bot for p in table.players] == [False, True] and table.players[1].name == "Bot 1"
    start = await service.start(ALICE)
    assert start.ok
    assert all(m.user != "bot:1" for m in start.messages)  # nothing is sent to a computer player
    for _ in range(400):
        table = await table_of(store)
        if table.status != "playing":
            break
        state = DUEL.load(table.state)
        if 0 in DUEL.active_seats(state):
            choices = (await service.choices(ALICE))[1]
            assert (await service.play(ALICE, choices[-1].value)).ok
        else:
            clock.now += 3
            fired = await service.fire_due()
            assert fired, "the computer player must move"
            assert all(m.user != "bot:1" for _c, r in fired for m in r.messages)
    assert table.status == "finished"
    bot_moves = [e for e in await store.log(CHANNEL) if e.fields.get("by") == "bot"]
    assert bot_moves and all(e.fields["seat"] == "1" for e in bot_moves)


async def test_addbot_in_the_lobby_by_the_creator(store):
    service = service_for(store)
    assert (await service.new(ALICE, "wonders", "")).ok
    assert not (await service.add_bot(BOB)).ok  # not the creator
    assert (await service.add_bot(ALICE)).ok
    assert (await service.add_bot(ALICE)).ok
    table = await table_of(store)
    assert [p.name for p in table.players] == ["Alice", "Bot 1", "Bot 2"]
    assert (await service.start(ALICE)).ok
    reply = await service.add_bot(ALICE)
    assert not reply.ok and reply.code == "error.not_in_lobby"


@pytest.mark.parametrize("options", ["bots=9", "bots=2", "bots=-1", "bots=lots", "hints=maybe"])
async def test_bad_bot_and_hint_options_are_refused(store, options):
    reply = await service_for(store).new(ALICE, "duel", options)
    assert not reply.ok and reply.code in ("error.bad_bots", "error.bad_table_option")
    assert await store.load(CHANNEL) is None


async def test_a_full_table_takes_no_bot(store):
    service = service_for(store)
    assert (await service.new(ALICE, "duel", "bots=1")).ok
    reply = await service.add_bot(ALICE)
    assert not reply.ok and reply.code == "error.table_full"
    before = (await store.load(CHANNEL)).version
    assert not (await service.join(BOB)).ok
    assert (await store.load(CHANNEL)).version == before


async def test_the_last_person_leaving_closes_a_table_of_bots(store):
    service = service_for(store)
    assert (await service.new(ALICE, "wonders", "bots=2")).ok
    assert (await service.leave(ALICE)).ok
    assert (await table_of(store)).status == "aborted"


async def test_hints_only_where_allowed_and_only_on_your_turn(store):
    service = service_for(store)
    assert (await service.new(ALICE, "duel", "hints=true first_player=0")).ok
    assert (await service.join(BOB)).ok
    assert (await service.start(ALICE)).ok
    before = (await store.load(CHANNEL)).version
    hint = await service.hint(ALICE)
    assert hint.ok and hint.messages[0].audience == "ephemeral" and hint.messages[0].user == ALICE.user
    notation = hint.messages[0].text.rsplit("[", 1)[1].rstrip("]")
    state = DUEL.load((await table_of(store)).state)
    assert notation in {m.notation for m in DUEL.legal_moves(state, 0)}
    assert (await service.hint(ALICE)).messages[0].text == hint.messages[0].text  # the same position, the same hint
    reply = await service.hint(BOB)
    assert not reply.ok and reply.code == "error.not_your_turn"
    reply = await service.hint(CAROL)
    assert not reply.ok and reply.code == "error.not_a_player"
    assert (await store.load(CHANNEL)).version == before
    other = Caller("test:nohints", ALICE.user, ALICE.name)
    assert (await service.new(other, "duel", "bots=1")).ok
    assert (await service.start(other)).ok
    reply = await service.hint(other)
    assert not reply.ok and reply.code == "error.hints_off"


async def test_the_computer_player_thinks_in_a_worker_process(store):
    """Issue 16, item 1: with ``ai_processes`` the search runs in a worker process (the bot's own process stays free);
    its move is a legal one, the same as in a thread with the same seed and budget-free iteration cap."""
    from bot.core.computer import think
    from tests.duel import helpers as duel

    state = duel.start()
    seat = min(DUEL.active_seats(state))
    elsewhere = await think(DUEL, state, seat, kind="greedy", seed=3, budget=0.2, processes=1)
    here = await think(DUEL, state, seat, kind="greedy", seed=3, budget=0.2, processes=0)
    assert elsewhere == here and elsewhere in DUEL.legal_moves(state, seat)
