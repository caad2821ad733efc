"""Asynchronous play (issue 15): reminders, clocks, the table's decisions about a player whose time ran out,
stand-ins, returning players, with a fake clock and the real Redis."""

from __future__ import annotations

import json

import pytest

from bot.core.caller import Caller
from bot.core.service import GameService
from bot.core.table import Table
from bot.core.timing import DAY, HOUR
from rules.replay import load_record, replay
from tests.core.helpers import ALICE, BOB, CAROL, CHANNEL, DUEL, load


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


def service_for(store, clock: Clock) -> GameService:
    return GameService(store, render=False, seeds=lambda: 7, clock=clock, ai="greedy")  # the quick player


async def duel(service: GameService, options: str = "wonders=preset first_player=0") -> None:
    assert (await service.new(ALICE, "duel", options)).ok
    assert (await service.join(BOB)).ok
    assert (await service.start(ALICE)).ok


async def table_of(store) -> Table:
    return Table.model_validate_json((await store.load(CHANNEL)).doc)


async def first_move(service: GameService, store) -> None:
    _v, _table, state = await load(store)
    seat = min(DUEL.active_seats(state))
    move = DUEL.legal_moves(state, seat)[0]
    caller = ALICE if seat == 0 else BOB
    reply = await service.play(caller, move.notation)
    assert reply.ok, reply.messages[0].text


# --- reminders -------------------------------------------------------------------------------------------------
async def test_a_reminder_fires_once_at_the_delay_and_stops_after_a_move(store, clock):
    service = service_for(store, clock)
    await duel(service, "wonders=preset first_player=0 reminder=2h")
    clock.advance(2 * HOUR - 60)
    assert await service.fire_due() == []  # not yet
    clock.advance(61)
    fired = await service.fire_due()
    assert len(fired) == 1
    reply = fired[0][1]
    public = [m for m in reply.messages if m.audience == "public"]
    private = [m for m in reply.messages if m.audience == "private"]
    assert public[0].mentions == [ALICE.user] and "Alice" in public[0].text
    assert [m.user for m in private] == [ALICE.user]
    assert await service.fire_due() == []  # once
    clock.advance(60)
    assert await service.fire_due() == []
    await first_move(service, store)  # Alice moves: her reminders stop, Bob's time starts
    clock.advance(2 * HOUR - 1)
    assert await service.fire_due() == []
    clock.advance(2)
    fired = await service.fire_due()
    assert [m.mentions for m in fired[0][1].messages if m.audience == "public"] == [[BOB.user]]


async def test_reminders_stop_after_three_in_a_row(store, clock):
    service = service_for(store, clock)
    await duel(service, "wonders=preset first_player=0 reminder=1h")
    sent = 0
    for _ in range(10):
        clock.advance(HOUR)
        sent += len(await service.fire_due())
    assert sent == 3
    _v, table, _s = await load(store)
    assert table.time_of(0).reminded == 3


async def test_reminders_off(store, clock):
    service = service_for(store, clock)
    await duel(service, "wonders=preset first_player=0 reminder=off")
    clock.advance(10 * DAY)
    assert await service.fire_due() == []
    stored = await store.load(CHANNEL)
    assert stored.deadline is None


async def test_a_restart_between_arming_and_firing_still_fires_once(store, clock):
    await duel(service_for(store, clock), "wonders=preset first_player=0 reminder=1h")
    clock.advance(HOUR + 1)
    restarted = service_for(store, clock)  # a new process: it knows only what Redis holds
    assert len(await restarted.fire_due()) == 1
    assert await service_for(store, clock).fire_due() == []


async def test_two_services_on_one_redis_fire_each_reminder_once(store, clock):
    import asyncio

    first, second = service_for(store, clock), service_for(store, clock)
    await duel(first, "wonders=preset first_player=0 reminder=1h")
    clock.advance(HOUR + 1)
    results = await asyncio.gather(*(s.fire_due() for s in (first, second, first, second)))
    assert sum(len(r) for r in results) == 1


async def test_a_claimer_that_dies_leaves_the_timer_to_another_after_its_lease(store, clock):
    service = service_for(store, clock)
    await duel(service, "wonders=preset first_player=0 reminder=1h")
    clock.advance(HOUR + 1)
    assert await store.due_timers(clock(), lease=30) == [CHANNEL]  # claimed, then the claimer dies
    assert await service.fire_due() == []  # leased to the dead one
    clock.advance(31)
    assert len(await service.fire_due()) == 1


async def test_quiet_hours_hold_a_reminder_until_they_end(store, clock):
    service = service_for(store, clock)
    # 1_700_000_000 is 2023-11-14 22:13:20 UTC
    assert (await service.quiet(ALICE, "22-8 UTC")).ok
    await duel(service, "wonders=preset first_player=0 reminder=1h")
    clock.advance(HOUR)  # 23:13 UTC: quiet
    assert await service.fire_due() == []
    _v, table, _s = await load(store)
    assert table.time_of(0).snooze == 1_700_000_000.0 - (22 * HOUR + 13 * 60 + 20) + DAY + 8 * HOUR
    clock.now = table.time_of(0).snooze - 1
    assert await service.fire_due() == []
    clock.advance(1)
    fired = await service.fire_due()
    assert len(fired) == 1 and fired[0][1].messages[0].mentions == [ALICE.user]


async def test_quiet_hours_bad_input_is_refused(store, clock):
    service = service_for(store, clock)
    for bad in ("25-8", "22-8 Mars/Olympus", "later", "22-8 UTC extra"):
        reply = await service.quiet(ALICE, bad)
        assert not reply.ok and reply.code == "error.bad_quiet", bad
    assert (await store.get_prefs("user", ALICE.user)).get("quiet") is None
    assert (await service.quiet(ALICE, "22:30-07:15 Europe/Rome")).ok
    assert (await store.get_prefs("user", ALICE.user))["quiet"] == "22:30-07:15 Europe/Rome"
    assert (await service.quiet(ALICE, "off")).ok
    assert (await store.get_prefs("user", ALICE.user)).get("quiet") is None


async def test_the_creator_sets_the_reminder_delay_later(store, clock):
    service = service_for(store, clock)
    await duel(service)
    assert not (await service.reminder(BOB, "1h")).ok  # not the creator
    for bad in ("-3h", "forever", "0h"):
        reply = await service.reminder(ALICE, bad)
        assert not reply.ok and reply.code == "error.bad_reminder", bad
    assert (await service.reminder(ALICE, "30m")).ok
    _v, table, _s = await load(store)
    assert table.timing.reminder == 1800
    shown = await service.reminder(BOB)
    assert "30" in shown.messages[0].text


# --- clocks and the table's decisions ----------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["clock=forever", "reminder=-3h", "clock=5h", "expired=never"])
async def test_bad_timing_options_are_refused(store, clock, bad):
    service = service_for(store, clock)
    reply = await service.new(ALICE, "duel", bad)
    assert not reply.ok
    assert reply.code in ("error.bad_table_option", "error.bad_reminder")
    assert bad.split("=")[1] in reply.messages[0].text
    assert await store.load(CHANNEL) is None


async def expired_duel(store, clock, options: str = "") -> GameService:
    service = service_for(store, clock)
    await duel(service, f"wonders=preset first_player=0 reminder=off clock=1d {options}")
    clock.advance(DAY + 1)
    fired = await service.fire_due()
    assert len(fired) == 1
    message = fired[0][1].messages[0]
    assert "Alice" in message.text and "/skip" in message.text
    assert message.mentions == [BOB.user]  # the others decide
    return service


async def test_a_clock_runs_out_and_the_table_is_told_and_shown(store, clock):
    service = await expired_duel(store, clock)
    _v, table, _s = await load(store)
    assert table.time_of(0).expired is not None
    status = await service.status(BOB)
    assert "ran out" in status.messages[0].text


async def test_the_bank_pays_the_time_a_move_took_and_adds_the_allowance(store, clock):
    service = service_for(store, clock)
    await duel(service, "wonders=preset first_player=0 clock=1d")
    clock.advance(6 * HOUR)
    await first_move(service, store)
    _v, table, _s = await load(store)
    assert table.time_of(0).bank == pytest.approx(DAY - 6 * HOUR + DAY)
    assert "Time left" in (await service.status(BOB)).messages[0].text


async def test_skip_the_bot_makes_the_decision_and_the_player_plays_on(store, clock):
    service = await expired_duel(store, clock)
    reply = await service.vote(BOB, "skip")
    assert reply.ok
    clock.advance(3)
    fired = await service.fire_due()
    assert "The bot plays for Alice" in fired[0][1].messages[0].text
    _v, table, state = await load(store)
    assert not table.players[0].standin  # only that decision
    entries = await store.log(CHANNEL)
    assert entries[-1].fields.get("by") == "bot"


async def test_standin_the_bot_plays_until_the_player_is_back(store, clock):
    service = await expired_duel(store, clock)
    assert (await service.vote(BOB, "standin", "alice")).ok
    _v, table, _s = await load(store)
    assert table.players[0].standin and not table.players[0].kicked
    for _ in range(6):  # Bob moves, the bot answers for Alice
        clock.advance(3)
        await service.fire_due()
        _v, table, state = await load(store)
        if 1 in DUEL.active_seats(state):
            await first_move(service, store)
    bot_moves = [e for e in await store.log(CHANNEL) if e.fields.get("by") == "bot"]
    assert len(bot_moves) >= 3
    assert (await service.back(ALICE)).ok
    _v, table, _s = await load(store)
    assert not table.players[0].standin


async def test_kick_the_player_cannot_return(store, clock):
    service = await expired_duel(store, clock)
    assert (await service.vote(BOB, "kick")).ok
    _v, table, _s = await load(store)
    assert table.players[0].kicked
    reply = await service.back(ALICE)
    assert not reply.ok and reply.code == "error.kicked"
    reply = await service.play(ALICE, "1")
    assert not reply.ok and reply.code == "error.kicked"


async def test_the_default_applies_after_the_grace_period(store, clock):
    service = await expired_duel(store, clock, "expired=kick")
    clock.advance(12 * HOUR + 1)
    fired = await service.fire_due()
    assert "did not decide" in fired[0][1].messages[0].text
    _v, table, _s = await load(store)
    assert table.players[0].kicked


async def test_bad_votes_are_refused_and_change_nothing(store, clock):
    service = service_for(store, clock)
    await duel(service, "wonders=preset first_player=0 clock=1d")
    before = (await store.load(CHANNEL)).version
    reply = await service.vote(BOB, "skip")
    assert reply.code == "error.nobody_expired"
    clock.advance(DAY + 1)
    await service.fire_due()
    before = (await store.load(CHANNEL)).version
    cases = [
        (CAROL, "skip", "", "error.not_a_player"),
        (ALICE, "skip", "", "error.vote_self"),
        (BOB, "skip", "bob", "error.not_expired"),
        (BOB, "skip", "zed", "error.unknown_player"),
    ]
    for caller, decision, who, code in cases:
        reply = await service.vote(caller, decision, who)
        assert not reply.ok and reply.code == code, (caller, who, reply.code)
    assert (await store.load(CHANNEL)).version == before


async def test_votes_need_a_majority_and_count_once(store, clock):
    players = [Caller(CHANNEL, f"u:p{i}", f"P{i}") for i in range(4)]
    service = service_for(store, clock)
    assert (await service.new(players[0], "wonders", "clock=1d reminder=off")).ok
    for p in players[1:]:
        assert (await service.join(p)).ok
    assert (await service.start(players[0])).ok
    for p in players[1:]:  # everyone but P0 chooses a card
        moves = (await service.choices(p))[1]
        assert (await service.play(p, moves[0].value)).ok
    clock.advance(DAY + 1)
    await service.fire_due()
    assert (await service.vote(players[1], "standin")).ok
    again = await service.vote(players[1], "standin")
    assert not again.ok and again.code == "error.already_voted"
    assert not (await table_of(store)).players[0].standin  # 1 of 2 needed (3 voters)
    assert (await service.vote(players[2], "standin")).ok
    assert (await table_of(store)).players[0].standin


# --- away and back ---------------------------------------------------------------------------------------------
async def test_away_and_back(store, clock):
    service = service_for(store, clock)
    await duel(service)
    assert (await service.away(ALICE)).ok
    again = await service.away(ALICE)
    assert not again.ok and again.code == "error.already_away"
    clock.advance(3)
    fired = await service.fire_due()
    assert fired and "The bot plays for Alice" in fired[0][1].messages[0].text
    assert (await service.back(ALICE)).ok
    reply = await service.back(ALICE)
    assert not reply.ok and reply.code == "error.not_away"
    reply = await service.away(CAROL)
    assert not reply.ok and reply.code == "error.not_a_player"


async def test_a_player_who_moves_while_away_is_back(store, clock):
    service = service_for(store, clock)
    await duel(service)
    assert (await service.away(ALICE)).ok
    await first_move(service, store)  # before the bot's move: Alice plays herself
    _v, table, _s = await load(store)
    assert not table.players[0].standin


# --- stand-ins finish games; records ---------------------------------------------------------------------------
@pytest.mark.parametrize("game,count", [("duel", 2), ("wonders", 3), ("orleans", 2)])
async def test_stand_ins_finish_a_whole_game(store, clock, game, count):
    players = [Caller(CHANNEL, f"u:p{i}", f"P{i}") for i in range(count)]
    service = service_for(store, clock)
    assert (await service.new(players[0], game, "")).ok
    for p in players[1:]:
        assert (await service.join(p)).ok
    assert (await service.start(players[0])).ok
    for p in players:
        assert (await service.away(p)).ok
    for _ in range(3000):
        clock.advance(3)
        await service.fire_due()
        table = await table_of(store)
        if table.status == "finished":
            break
    assert table.status == "finished"
    entries = await store.log(CHANNEL)
    assert all(e.fields.get("by") == "bot" for e in entries if "move" in e.fields)
    exported = await service.export(players[1])
    record = load_record(exported.messages[0].file.data)
    assert record.names == [p.name for p in players]
    _game, _state, outcome = replay(record)
    assert outcome.finished


async def test_the_end_of_a_game_brings_its_record_and_export(store, clock):
    service = GameService(store, render=True, seeds=lambda: 7, clock=clock, ai="greedy")
    await duel(service)
    assert (await service.away(ALICE)).ok
    assert (await service.away(BOB)).ok
    last = None
    for _ in range(300):
        clock.advance(HOUR)
        for _channel, reply in await service.fire_due():
            last = reply
        _v, table, _s = await load(store)
        if table.status == "finished":
            break
    record = last.messages[-1]
    assert record.audience == "public" and "moves in" in record.text and "/export" in record.text
    assert record.image is not None and record.image.png.startswith(b"\x89PNG")
    assert "Alice" in record.text  # the bot played for her
    export = await service.export(CAROL)  # anyone in the channel may have the record
    data = json.loads(export.messages[0].file.data)
    logged = [e for e in await store.log(CHANNEL) if "move" in e.fields]
    assert data["game"] == "duel" and data["seed"] == 7 and len(data["moves"]) == len(logged) > 20
    assert data["names"] == ["Alice", "Bob"] and all(m["by"] == "bot" for m in data["moves"])
    # a new game in the channel keeps the finished one for export
    assert (await service.new(ALICE, "duel")).ok
    again = await service.export(BOB)
    assert json.loads(again.messages[0].file.data) == data
    nothing = await service.export(Caller("other:chan", BOB.user, BOB.name))
    assert not nothing.ok and nothing.code == "error.no_record"


async def test_my_games_lists_the_games_of_a_player_with_whose_turn_it_is(store, clock):
    service = service_for(store, clock)
    await duel(service)
    elsewhere = [Caller("test:other", c.user, c.name, place="#other") for c in (ALICE, CAROL)]
    assert (await service.new(elsewhere[1], "duel", "", )).ok
    assert (await service.join(elsewhere[0])).ok
    text = (await service.my_games(ALICE)).messages[0].text
    assert "your turn" in text and "#other" in text and "waiting for players" in text
    text = (await service.my_games(BOB)).messages[0].text
    assert "waiting for Alice" in text and "#other" not in text
    assert (await service.abort(elsewhere[1])).ok
    text = (await service.my_games(ALICE)).messages[0].text
    assert "#other" not in text
