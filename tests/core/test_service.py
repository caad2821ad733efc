"""GameService against a real Redis: the lobby, moves, authorization, bad input, audiences, the log."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.service import Caller, GameService
from bot.core.table import Table
from bot.games.duel.names import card as card_name
from rules.contract import Move
from rules.registry import get_game
from tests.core.helpers import (
    ALICE, BOB, CAROL, CHANNEL, DUEL, RecordingRenderer, caller_for, load, play_random, started_duel,
)


@pytest.fixture
def service(store):
    return GameService(store, render=False, seeds=lambda: SEED)


SEED = 5


def accessible_cards(state) -> list[str]:
    return [s.card for s in DUEL.view(state, None).structure if s.accessible and s.card]


def free_card(state, seat: int) -> str:
    """An accessible card that ``seat`` can build for nothing."""
    return next(s.card for s in DUEL.view(state, None).structure if s.accessible and s.card and s.cost[seat] == 0)


async def assert_refused_unchanged(store, reply, text_part: str | None = None):
    """A refusal is one ephemeral message to the caller, and the stored game did not move."""
    assert not reply.ok
    assert [m.audience for m in reply.messages] == ["ephemeral"]
    if text_part is not None:
        assert text_part in reply.messages[0].text, reply.messages[0].text


# --- lobby ------------------------------------------------------------------------------------------------------


async def test_new_join_start(service, store):
    reply = await service.new(ALICE, "duel")
    assert reply.ok and reply.messages[0].audience == "public"
    assert "Alice" in reply.messages[0].text
    await service.join(BOB)
    reply = await service.start(ALICE)
    assert reply.ok
    version, table, state = await load(store)
    assert table.status == "playing" and [p.user for p in table.players] == [ALICE.user, BOB.user]
    assert state is not None and state.decision == "draft"
    # the board goes to the channel, mentioning whoever decides first
    board = reply.messages[-1]
    assert board.audience == "public" and board.mentions == [table.players[state.current].user]


async def test_unknown_game_and_bad_options(service, store):
    reply = await service.new(ALICE, "chess")
    await assert_refused_unchanged(store, reply, "chess")
    assert await store.load(CHANNEL) is None
    reply = await service.new(ALICE, "duel", "wonders=banana")
    await assert_refused_unchanged(store, reply, "wonders")
    reply = await service.new(ALICE, "duel", "nonsense")
    await assert_refused_unchanged(store, reply, "nonsense")
    assert await store.load(CHANNEL) is None


async def test_a_second_game_in_the_channel_is_refused(service, store):
    await service.new(ALICE, "duel")
    version, _, _ = await load(store)
    reply = await service.new(BOB, "duel")
    await assert_refused_unchanged(store, reply, "already running")
    assert (await load(store))[0] == version


async def test_join_twice_and_full_table(service, store):
    await service.new(ALICE, "duel")
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.join(ALICE), "already")
    assert (await load(store))[0] == version
    await service.join(BOB)
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.join(CAROL), "full")
    assert (await load(store))[0] == version


async def test_start_needs_the_creator_and_enough_players(service, store):
    await service.new(ALICE, "duel")
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.start(ALICE), "exactly 2 players")
    await service.join(BOB)
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.start(BOB), "Alice")
    assert (await load(store))[0] == version


async def test_leave_in_the_lobby_but_not_during_a_game(service, store):
    await service.new(ALICE, "duel")
    await service.join(BOB)
    assert (await service.leave(BOB)).ok
    _, table, _ = await load(store)
    assert [p.user for p in table.players] == [ALICE.user]
    await service.join(BOB)
    await service.start(ALICE)
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.leave(BOB), "/abort")
    assert (await load(store))[0] == version


async def test_abort_by_the_creator_only_then_a_new_game(service, store):
    await started_duel(service)
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.abort(BOB), "Alice")
    assert (await load(store))[0] == version
    assert (await service.abort(ALICE)).ok
    assert (await load(store))[1].status == "aborted"
    assert (await service.new(BOB, "duel")).ok
    _, table, _ = await load(store)
    assert table.creator == BOB.user and table.status == "lobby"


# --- moves --------------------------------------------------------------------------------------------------------


async def test_a_move_by_notation_number_and_name(service, store):
    await started_duel(service)
    version, _, state = await load(store)
    assert state.current == 0
    first = free_card(state, 0)
    reply = await service.play(ALICE, f"build:{first}")
    assert reply.ok and reply.version == version + 1
    assert card_name(first) in reply.messages[0].text
    _, _, state = await load(store)
    assert state.seats[0].city == [first]
    # by name, with an action word (Bob)
    second = free_card(state, 1)
    assert Move("build", (second,)) in DUEL.legal_moves(state, 1)
    assert (await service.play(BOB, f"build {card_name(second).lower()}")).ok
    _, _, state = await load(store)
    assert state.seats[1].city == [second]
    # by number: the first option of the menu
    first = DUEL.legal_moves(state, 0)[0]
    assert (await service.play(ALICE, "1")).ok
    _, _, after = await load(store)
    assert after.ply == state.ply + 1 and (first.action != "build" or first.args[0] in after.seats[0].city)


async def test_not_your_turn_not_a_player_and_spectators(service, store):
    await started_duel(service)
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.play(BOB, "build:lumber_yard"), "Alice")
    await assert_refused_unchanged(store, await service.play(CAROL, "build:lumber_yard"), "not playing")
    await assert_refused_unchanged(store, await service.hand(CAROL), "not playing")
    assert (await load(store))[0] == version
    # a spectator can see the public board
    reply = await service.board(CAROL)
    assert reply.ok and reply.messages[0].audience == "public"


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("build:nonexistent_card", "no card"),
        ("wonder:pyramids", "cannot afford The Pyramids"),  # the card under it is left out: still, why not
        ("wonder", "None of your options now fits"),
        ("fly:away", "no move"),
        ("build:aqueduct", "cannot be taken"),  # not in Age I's structure
        ("wonder:colossus:lumber_yard", "not one of your wonders"),
        ("token:law", "current decision"),
        ("xyzzy plugh", "did not understand"),
        ("", "Which move"),
        ("Aqueduct", "cannot be taken"),
        ("build aqueduct", "cannot be taken"),
        ("garisson", "Did you mean Garrison"),
        ("Strategy", "not one of your options"),  # a progress token: no move of a turn is about one
    ],
)
async def test_bad_moves_get_a_clear_answer_and_change_nothing(service, store, text, expect):
    await started_duel(service)
    version, _, state = await load(store)
    reply = await service.play(ALICE, text)
    await assert_refused_unchanged(store, reply, expect)
    new_version, _, new_state = await load(store)
    assert new_version == version and new_state == state


async def test_ambiguous_names_offer_the_candidates(service, store):
    await started_duel(service)
    version, _, _ = await load(store)
    reply = await service.play(ALICE, "lumber yard")  # build it or discard it?
    await assert_refused_unchanged(store, reply, "several moves")
    values = {c.value for c in reply.messages[0].choices}
    assert values == {"build:lumber_yard", "discard:lumber_yard"}
    assert (await load(store))[0] == version


async def test_cannot_afford(service, store):
    await started_duel(service)
    _, _, state = await load(store)
    # Spend Alice's coins: she must not be able to afford a 2-coin card with 0 coins.
    version, table, state = await load(store)
    state.seats[0].coins = 0
    table.state = state.model_dump(mode="json")
    await store.commit(CHANNEL, version, table.model_dump_json(), status="playing", log={"op": "test"})
    version, _, state = await load(store)
    costly = next(s for s in DUEL.view(state, 0).structure if s.accessible and s.card and s.cost[0] > 0)
    reply = await service.play(ALICE, f"build:{costly.card}")
    await assert_refused_unchanged(store, reply, "cannot afford")
    assert (await load(store))[0] == version


async def test_stale_button_is_refused(service, store):
    await started_duel(service)
    version, _, _ = await load(store)
    assert (await service.play(ALICE, "build:lumber_yard", version=version)).ok
    reply = await service.play(BOB, "build:guard_tower", version=version)  # made for the old position
    await assert_refused_unchanged(store, reply, "older position")
    assert (await load(store))[0] == version + 1


async def test_two_presses_at_the_same_moment_apply_once(store):
    service_a, service_b = (GameService(store, render=False, seeds=lambda: SEED) for _ in range(2))
    await started_duel(service_a)
    version, _, _ = await load(store)
    replies = await asyncio.gather(
        service_a.play(ALICE, "build:lumber_yard"), service_b.play(ALICE, "build:lumber_yard")
    )
    assert sorted(r.ok for r in replies) == [False, True]
    new_version, _, state = await load(store)
    assert new_version == version + 1 and state.seats[0].city == ["lumber_yard"]
    entries = await store.log(CHANNEL)
    assert [e.fields.get("move") for e in entries].count("build:lumber_yard") == 1


async def test_a_whole_game_through_the_service_then_nothing_more(service, store):
    await started_duel(service, "")
    played = await play_random(service, store, 500, seed=11)
    version, table, state = await load(store)
    assert table.status == "finished" and DUEL.outcome(state).finished
    assert played == state.ply
    reply = await service.play(ALICE, "1")
    await assert_refused_unchanged(store, reply, "over")
    assert (await load(store))[0] == version
    status = await service.status(ALICE)
    assert "Total" in status.messages[0].monospace  # the score sheet, to be shown in a fixed-width font


# --- what each audience sees ---------------------------------------------------------------------------------------


async def test_public_images_come_from_the_public_view(store):
    board, options = RecordingRenderer(), RecordingRenderer()
    service = GameService(store, board_renderer=board, options_renderer=options, seeds=lambda: SEED)
    await started_duel(service)
    await service.play(ALICE, "build:lumber_yard")
    _, _, state = await load(store)
    assert board.views and all(v.seat is None for v in board.views)
    assert board.views[-1] == DUEL.view(state, None)
    reply = await service.hand(BOB)
    assert reply.messages[0].audience == "ephemeral" and reply.messages[0].user == BOB.user
    assert options.views[-1].seat == 1 and options.views[-1].options


async def test_the_great_library_offer_goes_only_to_its_builder(store):
    board = RecordingRenderer()
    service = GameService(store, board_renderer=board, options_renderer=RecordingRenderer(), seeds=lambda: SEED)
    await started_duel(service)
    version, table, state = await load(store)
    state.seats[0].wonders = ["great_library", "pyramids", "sphinx", "colossus"]
    state.seats[0].coins = 30
    table.state = state.model_dump(mode="json")
    await store.commit(CHANNEL, version, table.model_dump_json(), status="playing", log={"op": "test"})
    reply = await service.play(ALICE, "wonder:great_library:lumber_yard")
    assert reply.ok, reply.messages[0].text
    _, _, state = await load(store)
    offer = state.library_offer
    assert len(offer) == 3
    private = [m for m in reply.messages if m.audience == "private"]
    public = [m for m in reply.messages if m.audience == "public"]
    assert [m.user for m in private] == [ALICE.user]
    assert {c.value for c in private[0].choices} == {f"token:{t}" for t in offer}
    from bot.games.duel.names import token
    for m in public:
        assert not any(token(t) in m.text for t in offer)
    assert all(not v.library_offer for v in board.views)


async def test_a_step_the_channel_does_not_hear_of_brings_the_mover_their_next_options(service, store):
    """Anno 1800: choosing the cube to upgrade tells nobody anything (the upgrade is told once it is paid) and leaves
    the same player deciding; the answer is that player's next options (what to pay with), for them alone."""
    game = get_game("anno1800")
    assert (await service.new(ALICE, "anno1800", "first_player=0")).ok
    assert (await service.join(BOB)).ok
    assert (await service.start(ALICE)).ok
    assert (await service.play(ALICE, "upgrade")).ok
    stored = await store.load(CHANNEL)
    state = game.load(Table.model_validate_json(stored.doc).state)
    quiet = next(m for m in game.legal_moves(state, 0) if m.action == "upgrade"
                 and not game.apply(state, 0, m)[1] and game.active_seats(game.apply(state, 0, m)[0]) == {0})
    reply = await service.play(ALICE, quiet.notation)
    assert reply.ok and not reply.public
    after = game.load(Table.model_validate_json((await store.load(CHANNEL)).doc).state)
    [private] = reply.messages
    assert private.audience == "private" and private.user == ALICE.user
    assert [c.value for c in private.choices] == [m.notation for m in game.legal_moves(after, 0)]


async def test_languages_public_follows_the_channel_ephemeral_the_user(service, store):
    await service.lang(ALICE, "ru")
    await service.lang(BOB, "it", personal=True)
    reply = await service.new(ALICE, "duel")
    assert reply.messages[0].locale == "ru"
    await service.join(BOB)
    reply = await service.join(BOB)  # refused: in Bob's own language
    assert reply.messages[0].locale == "it"
    it_caller = Caller(CHANNEL, "u:dora", "Dora", locale="it-IT")
    reply = await service.hand(it_caller)
    assert reply.messages[0].locale == "it"


async def test_log_narrates_the_last_moves(service, store):
    await started_duel(service)
    await service.play(ALICE, "build:lumber_yard")
    await service.play(BOB, "build:guard_tower")
    reply = await service.log(CAROL, 5)
    text = reply.messages[0].text
    assert reply.messages[0].audience == "ephemeral"
    assert text.index("Lumber Yard") < text.index("Guard Tower")
    assert "Alice" in text and "Bob" in text


async def test_caller_for_matches_seats():
    assert caller_for(0).user == ALICE.user and caller_for(1).user == BOB.user


# --- undo ------------------------------------------------------------------------------------------------------------


async def test_undo_takes_back_an_own_move_that_revealed_nothing(service, store):
    await started_duel(service)
    _, _, before = await load(store)
    first = free_card(before, 0)
    reply = await service.play(ALICE, f"build:{first}")
    assert reply.ok
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.undo(BOB), "your own last move")
    reply = await service.undo(ALICE)
    assert reply.ok and reply.messages[0].audience == "public"
    new_version, _, state = await load(store)
    assert new_version == version + 1 and state == before
    # once is enough: the previous position is gone
    await assert_refused_unchanged(store, await service.undo(ALICE), "your own last move")
    assert (await load(store))[0] == new_version
    # the log no longer shows the move
    log = (await service.log(ALICE)).messages[0].text
    assert card_name(first) not in log


async def test_no_undo_after_the_opponent_moved_or_after_a_reveal(service, store):
    await started_duel(service)
    _, _, state = await load(store)
    await service.play(ALICE, f"build:{free_card(state, 0)}")
    _, _, state = await load(store)
    await service.play(BOB, f"discard:{accessible_cards(state)[0]}")
    version, _, _ = await load(store)
    await assert_refused_unchanged(store, await service.undo(ALICE))
    await assert_refused_unchanged(store, await service.undo(CAROL), "not playing")
    assert (await load(store))[0] == version
    # play until a move reveals a face-down card: that move cannot be taken back
    for _ in range(30):
        version, table, state = await load(store)
        seat = state.current
        caller = caller_for(seat)
        move = DUEL.legal_moves(state, seat)[0]
        _, events = DUEL.apply(state, seat, move)
        await service.play(caller, move.notation)
        if any(e.reveals for e in events):
            await assert_refused_unchanged(store, await service.undo(caller), "revealed")
            assert (await load(store))[0] == version + 1
            break
    else:
        pytest.fail("no move revealed a card")


@pytest.mark.parametrize(("locale", "word"), [("ru", "ход"), ("it", "turno")])
async def test_refusals_speak_the_callers_language(service, store, locale, word):
    await started_duel(service)
    version, _, _ = await load(store)
    bob = Caller(CHANNEL, BOB.user, BOB.name, locale=locale)
    reply = await service.play(bob, "build:lumber_yard")  # not Bob's turn
    await assert_refused_unchanged(store, reply, word)
    assert reply.messages[0].locale == locale
    reply = await service.play(Caller(CHANNEL, ALICE.user, ALICE.name, locale=locale), "build:nonexistent")
    await assert_refused_unchanged(store, reply)
    assert "nonexistent" in reply.messages[0].text and "There is no card" not in reply.messages[0].text
    assert (await load(store))[0] == version


async def test_choices_list_the_callers_moves_without_images(service, store):
    await started_duel(service)
    version, _, state = await load(store)
    got_version, choices = await service.choices(ALICE)
    assert got_version == version
    assert [c.value for c in choices] == [m.notation for m in DUEL.legal_moves(state, 0)]
    assert all(c.label for c in choices)
    assert (await service.choices(BOB))[1] == [] and (await service.choices(CAROL))[1] == []


async def test_a_start_that_needs_private_chats_waits_for_every_player(service, store):
    await service.new(ALICE, "duel")
    await service.join(BOB)
    await service.set_private_chat(ALICE.user, True)
    version, _, _ = await load(store)
    reply = await service.start(ALICE, needs_private_chat=True)
    await assert_refused_unchanged(store, reply, "Bob")
    assert "Alice" not in reply.messages[0].text
    assert (await load(store))[0] == version
    await service.set_private_chat(BOB.user, True)
    assert await service.can_reach(BOB.user)
    assert (await service.start(ALICE, needs_private_chat=True)).ok


async def test_first_time_and_channel_memos(service):
    assert await service.first_time("tg:1:update:7") is True
    assert await service.first_time("tg:1:update:7") is False
    await service.remember(CHANNEL, "board_message", "123")
    assert await service.recall(CHANNEL, "board_message") == "123"
    await service.remember(CHANNEL, "board_message", None)
    assert await service.recall(CHANNEL, "board_message") is None


async def test_rules_answer_for_the_asker_or_the_channel(service, store):
    reply = await service.rules(ALICE, "duel", "how much does discarding give?")
    message = reply.messages[0]
    assert reply.ok and message.audience == "ephemeral" and message.user == ALICE.user
    assert "2" in message.text and "coin" in message.text.lower()
    await service.lang(ALICE, "ru")
    reply = await service.rules(Caller(CHANNEL, BOB.user, BOB.name, locale="it"), "duel", "scartare", public=True)
    assert reply.messages[0].audience == "public" and reply.messages[0].locale == "ru"
    bad = await service.rules(ALICE, "chess", "how do knights move")
    assert not bad.ok and bad.code == "unknown_game" and bad.messages[0].text
    topics = await service.rule_topics(ALICE, "duel", "pira")
    assert topics and all(c.value and c.label for c in topics)
    assert await store.load(CHANNEL) is None  # asking about rules never creates or changes a game


async def test_a_suggested_rules_topic_answers_with_that_section(service):
    topics = await service.rule_topics(ALICE, "duel", "mausol")
    chosen = topics[0]
    reply = await service.rules(ALICE, "duel", chosen.value)
    assert reply.ok and "\n2. " not in reply.messages[0].text  # that section alone
    assert chosen.label.split(" ")[0] in reply.messages[0].text


async def test_rules_without_a_game_name_mean_the_channels_game(service):
    await started_duel(service)
    reply = await service.rules(ALICE, "how", "much does discarding give")
    assert reply.ok and "coin" in reply.messages[0].text.lower()


async def test_after_a_move_each_player_hears_in_their_own_language(service, store):
    """The mover's locales are read once for the command; another seat's private messages use their own setting,
    else the channel's."""
    await service.lang(ALICE, "ru")  # the channel
    await service.lang(BOB, "it", personal=True)
    en_alice = Caller(CHANNEL, ALICE.user, ALICE.name, locale="en-US")
    await service.new(en_alice, "wonders")
    await service.join(BOB)
    await service.join(CAROL)
    await service.start(en_alice)
    game = get_game("wonders")
    for caller in (BOB, CAROL, en_alice):  # the last choice reveals the turn, and every new hand goes out
        stored = await store.load(CHANNEL)
        state = game.load(Table.model_validate_json(stored.doc).state)
        seat = [ALICE.user, BOB.user, CAROL.user].index(caller.user)
        reply = await service.play(caller, game.legal_moves(state, seat)[0].notation)
        assert reply.ok, reply.messages[0].text
    await reply.settle()
    locales = {(m.audience, m.user): m.locale for m in reply.messages}
    assert locales[("public", None)] == "ru"
    assert locales[("private", BOB.user)] == "it"
    assert locales[("private", CAROL.user)] == "ru"
    assert locales[("private", ALICE.user)] == "en"
