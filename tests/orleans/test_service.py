"""Orléans through the service, as players meet it: whole games played to their end with typed moves (notation,
menu numbers, the labels the bot shows, words in three languages), the secret planning kept from the channel until
the reveal, every answer worded, and the images drawn at each phase."""

from __future__ import annotations

import random

import pytest

from bot.core.history import logged_moves
from bot.core.service import Caller, GameService
from bot.core.table import Table
from bot.games import presenter
from bot.i18n import use_locale
from rules.orleans.game import OrleansGame
from storage import GameStore
from tests.core.helpers import RecordingRenderer, put_state
from tests.orleans import helpers as H
from tests.orleans.smart import smart_move
from tests.resilience.checks import stored_game_is_the_replay_of_its_log

G = OrleansGame()
CHANNEL = "test:orleans"
PLAYERS = [Caller(CHANNEL, f"u:{n}", n) for n in ("Ann", "Ben", "Cid", "Dot")]
PRES = presenter("orleans")


async def table_of(store) -> tuple[Table, object]:
    stored = await store.load(CHANNEL)
    table = Table.model_validate_json(stored.doc)
    return table, (G.load(table.state) if table.state is not None else None)


async def started(service: GameService, players: int, options: str = "first_player=0") -> None:
    assert (await service.new(PLAYERS[0], "orleans", options)).ok
    for p in PLAYERS[1:players]:
        assert (await service.join(p)).ok
    assert (await service.start(PLAYERS[0])).ok


class Clock:
    """A clock that moves on 10 s at every reading: the same command typed twice is two moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 10
        return self.now


def typed(state, seat: int, move, rng: random.Random, locale: str) -> str:
    """How a player might type ``move``: its notation, its number in the menu, or its label in ``locale``."""
    way = rng.random()
    if way < 0.4:
        return move.notation
    legal = G.legal_moves(state, seat)
    if way < 0.6:
        return str(legal.index(move) + 1)
    with use_locale(locale):
        return PRES.move_label(move, G.view(state, seat))


@pytest.mark.parametrize(("players", "locale", "seed"), [(2, "en", 3), (3, "ru", 4), (4, "it", 5)])
async def test_a_whole_game_played_by_typing(store, players, locale, seed):
    service = GameService(store, render=False, seeds=lambda: seed, clock=Clock())
    for p in PLAYERS[:players]:
        await store.set_pref("user", p.user, "locale", locale)
    await started(service, players)
    rng = random.Random(seed)
    moves = 0
    while True:
        table, state = await table_of(store)
        if table.status != "playing":
            break
        seat = rng.choice(sorted(G.active_seats(state)))
        move = smart_move(state, seat, rng)
        reply = await service.play(PLAYERS[seat], typed(state, seat, move, rng, locale))
        assert reply.ok, reply.messages[0].text
        after = (await table_of(store))[1]
        assert after.ply == state.ply + 1
        for message in reply.messages:
            assert message.text or message.image is not None or message.audience != "public"
        moves += 1
    assert table.status == "finished" and moves > 100
    status = await service.status(PLAYERS[0])
    assert status.messages[0].monospace  # the score sheet
    log = await service.log(PLAYERS[1], 100)
    assert log.ok and log.messages[0].text.count("\n") >= 50


async def test_secret_plans_reach_only_their_planner_until_the_reveal(store):
    service = GameService(store, render=False, seeds=lambda: 1)
    await started(service, 3)
    _t, state = await table_of(store)
    state = H.to_planning(state)
    await put_state(store, state, CHANNEL)
    reply = await service.play(PLAYERS[0], "place:own_farmer:village:farmer")
    assert reply.ok
    public = " ".join(m.text for m in reply.public)
    assert "Village" not in public and "Farmer" not in public
    mine = [m for m in reply.messages if m.audience != "public" and m.user == PLAYERS[0].user]
    assert mine and "Ann places Farmer (own) on Village." in mine[0].text
    # the others see Ann's board as it was
    status = await service.status(PLAYERS[1])
    assert "Market: Farmer (own), Boatman (own)" in status.messages[0].text
    assert (await service.play(PLAYERS[0], "done")).ok
    assert "Ann has finished planning." in (await service.log(PLAYERS[2], 1)).messages[0].text
    await service.play(PLAYERS[1], "done")
    reply = await service.play(PLAYERS[2], "done")
    text = reply.public[0].text
    assert "The plans are revealed:" in text and "Ann — Village ← Farmer (own)" in text


@pytest.mark.parametrize(("locale", "text"), [
    ("en", "place farmer on village"),
    ("en", "put my farmer on the village"),
    ("ru", "поставить крестьянина на деревню"),
    ("ru", "поставь фермера в деревню"),
    ("it", "metti il contadino nel villaggio"),
])
async def test_a_placement_typed_in_words(store, locale, text):
    service = GameService(store, render=False, seeds=lambda: 1)
    await started(service, 2)
    _t, state = await table_of(store)
    await put_state(store, H.to_planning(state), CHANNEL)
    await store.set_pref("user", PLAYERS[0].user, "locale", locale)
    reply = await service.play(PLAYERS[0], text)
    assert reply.ok, reply.messages[0].text
    _t, after = await table_of(store)
    assert after.seats[0].slots[H.PLACES["village"].indices[0]] == "own_farmer"


@pytest.mark.parametrize(("locale", "text", "said"), [
    ("en", "place farmer on farm house", "cannot fill"),
    ("ru", "поставить крестьянина на ферму", "не может занять"),
    ("it", "metti il contadino sulla fattoria", "non può occupare"),
])
async def test_a_placement_that_does_not_fit_is_explained(store, locale, text, said):
    service = GameService(store, render=False, seeds=lambda: 1)
    await started(service, 2)
    _t, state = await table_of(store)
    await put_state(store, H.to_planning(state), CHANNEL)
    await store.set_pref("user", PLAYERS[0].user, "locale", locale)
    version = (await store.load(CHANNEL)).version
    reply = await service.play(PLAYERS[0], text)
    assert not reply.ok and said in reply.messages[0].text, reply.messages[0].text
    assert (await store.load(CHANNEL)).version == version


async def test_images_at_every_phase_through_the_service(store):
    renderer = RecordingRenderer()
    service = GameService(store, render=True, board_renderer=renderer, options_renderer=renderer,
                          seeds=lambda: 2, clock=Clock())
    await started(service, 3)
    rng = random.Random(2)
    phases = set()
    for _ in range(400):
        table, state = await table_of(store)
        if table.status != "playing":
            break
        seat = rng.choice(sorted(G.active_seats(state)))
        reply = await service.play(PLAYERS[seat], smart_move(state, seat, rng).notation)
        assert reply.ok
        phases.add(state.phase)
    assert {"followers", "planning", "actions"} <= phases
    seats = {v.seat for v in renderer.views}
    assert None in seats and seats - {None}  # the public board and private options
    secret = [v for v in renderer.views if v.seat is None and v.phase == "planning"]
    assert all(not v.planned and not v.options for v in secret)


async def test_a_secret_placement_is_taken_back_with_undo_and_nothing_told(store):
    service = GameService(store, render=False, seeds=lambda: 1, clock=Clock())
    await started(service, 3)
    _t, state = await table_of(store)
    await put_state(store, H.to_planning(state), CHANNEL)
    assert (await service.play(PLAYERS[0], "place:own_farmer:village:farmer")).ok
    assert (await service.play(PLAYERS[1], "place:own_trader:monastery:trader")).ok
    reply = await service.undo(PLAYERS[0])
    assert reply.ok, reply.messages[0].text
    assert "Ann changed their mind." in reply.public[0].text and "Village" not in reply.public[0].text
    _t, after = await table_of(store)
    assert "own_farmer" in after.seats[0].market and after.seats[1].planned


@pytest.mark.parametrize("keep", [2, None])
async def test_a_placement_folded_into_the_log_can_no_longer_be_taken_back(store, keep):
    """A long log's older moves are folded together (``GameStore.log_keep``): a secret placement folded so is no
    longer undone (it has no entry to delete), the answer says so and the game stays as it was; the newest moves
    still are, and the game goes on to its end with its log replaying it."""
    fold = GameStore(store.redis, namespace=store.namespace, log_keep=keep)
    service = GameService(fold, render=False, seeds=lambda: 1, clock=Clock())
    await started(service, 3)
    _t, state = await table_of(fold)
    while len(G.active_seats(state)) < 3:  # to the planning
        seat = min(G.active_seats(state))
        assert (await service.play(PLAYERS[seat], G.legal_moves(state, seat)[0].notation)).ok
        _t, state = await table_of(fold)
    place = next(m for m in G.legal_moves(state, 0) if m.action == "place")
    assert (await service.play(PLAYERS[0], place.notation)).ok
    for _ in range(3):  # Ben changes his mind again and again
        _t, state = await table_of(fold)
        ben = next(m for m in G.legal_moves(state, 1) if m.action == "place")
        assert (await service.play(PLAYERS[1], ben.notation)).ok
        _t, state = await table_of(fold)
        back = next(m for m in G.legal_moves(state, 1) if m.action == "unplace")
        assert (await service.play(PLAYERS[1], back.notation)).ok
    before = await fold.load(CHANNEL)
    anns = [m for m in logged_moves(await fold.log(CHANNEL)) if m.seat == 0]
    assert anns[-1].notation == place.notation and bool(anns[-1].entry) == (keep is None)
    reply = await service.undo(PLAYERS[0])
    if keep is None:  # not folded: taken back
        assert reply.ok
    else:
        assert not reply.ok and "only take back your own last move" in reply.messages[0].text
        assert (await fold.load(CHANNEL)).version == before.version
    assert (await service.undo(PLAYERS[1])).ok  # Ben's last move is still whole
    assert await stored_game_is_the_replay_of_its_log(fold, CHANNEL) > 0
