"""Undo (issue 10, items 1, 2 and 9): a secret choice is taken back without telling what it was, the Great
Library's pick reveals tokens and cannot be taken back, and the log always replays, however many moves were taken
back (an undo removes its move's entry)."""

from __future__ import annotations

import pytest

from bot.core.service import Caller, GameService
from bot.core.table import Table
from bot.games.wonders.names import card as wonders_card
from rules.registry import get_game
from storage import GameStore
from tests.core.helpers import ALICE, BOB, CHANNEL, DUEL, load, started_duel
from tests.duel import helpers as duel
from tests.resilience.checks import stored_game_is_the_replay_of_its_log

WONDERS = get_game("wonders")
SEATS = [Caller(CHANNEL, f"u:w{i}", f"w{i}") for i in range(3)]


async def test_taking_back_a_secret_choice_tells_the_table_nothing_of_it(store):
    service = GameService(store, render=False, seeds=lambda: 4)
    assert (await service.new(SEATS[0], "wonders", "sides=a")).ok
    for seat in SEATS[1:]:
        assert (await service.join(seat)).ok
    assert (await service.start(SEATS[0])).ok
    table = Table.model_validate_json((await store.load(CHANNEL)).doc)
    state = WONDERS.load(table.state)
    move = WONDERS.legal_moves(state, 0)[0]
    card = wonders_card(move.args[0])
    assert (await service.play(SEATS[0], move.notation)).ok
    assert (await service.play(SEATS[1], WONDERS.legal_moves(state, 1)[0].notation)).ok
    reply = await service.undo(SEATS[0])
    assert reply.ok
    public = [m.text for m in reply.messages if m.audience == "public"]
    assert public and "changed their mind" in public[0] and card not in " ".join(public)
    private = [m for m in reply.messages if m.audience != "public"]
    assert [m.user for m in private] == [SEATS[0].user] and card in private[0].text
    await stored_game_is_the_replay_of_its_log(store, CHANNEL)


def test_the_great_library_draw_and_pick_are_reveals():
    """Both moves show hidden tokens (the draw to its builder, the pick to everyone): the service never takes back
    a move with a revealing event (``bot.core.history.undoable``)."""
    state = duel.own(duel.rich(duel.start(), 30, 0), 0, "great_library")
    state, events = duel.play(state, f"wonder:great_library:{state.slots[19]}")
    assert any(e.kind == "library_drawn" and e.reveals for e in events)
    _state, events = duel.play(state, f"token:{state.library_offer[0]}")
    assert any(e.kind == "token_taken" and e.reveals for e in events)


@pytest.mark.parametrize("pairs", [60])
async def test_the_log_replays_however_many_moves_were_taken_back(redis, pairs):
    store = GameStore(redis, namespace=f"bbtest-undo-{pairs}", log_maxlen=20)
    try:
        service = GameService(store, render=False, seeds=lambda: 5)
        await started_duel(service)
        for _ in range(pairs):
            _v, _t, state = await load(store)
            seat = min(DUEL.active_seats(state))
            move = next(m for m in DUEL.legal_moves(state, seat) if m.action == "discard")
            caller = (ALICE, BOB)[seat]
            assert (await service.play(caller, move.notation)).ok
            assert (await service.undo(caller)).ok
        assert await stored_game_is_the_replay_of_its_log(store, CHANNEL) == 0
        assert len(await store.log(CHANNEL)) <= 4  # the lobby: new, join, start
        assert (await service.play(ALICE, "1")).ok
        assert (await service.log(ALICE)).ok
        assert await stored_game_is_the_replay_of_its_log(store, CHANNEL) == 1
    finally:
        async for key in redis.scan_iter(match=f"{store.namespace}:*"):
            await redis.unlink(key)
