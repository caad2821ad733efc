"""What a new player meets in the first hour (issue 9, items 4 and 11): no traceback after a table closes before
its start, clear answers to clumsy commands, and an end or a stop that the table tells truthfully."""

from __future__ import annotations

import pytest

from bot.core.service import GameService
from tests.core.helpers import ALICE, BOB, CAROL, RecordingRenderer, load, play_random, started_duel


@pytest.fixture
def service(store):
    return GameService(store, render=False, seeds=lambda: 5)


async def refused(reply, *parts: str) -> str:
    assert not reply.ok
    text = reply.messages[0].text
    for part in parts:
        assert part in text, text
    return text


@pytest.mark.parametrize("game", ["duel", "wonders"])
@pytest.mark.parametrize("close", ["leave", "abort"])
async def test_a_table_closed_before_its_start_is_no_game_for_every_command(service, store, game, close):
    assert (await service.new(ALICE, game)).ok
    assert (await getattr(service, close)(ALICE)).ok
    for command in ("status", "board", "log", "join", "leave", "abort", "hand", "undo"):
        reply = await getattr(service, command)(ALICE)
        await refused(reply, "There is no game in this channel")
    assert (await service.play(ALICE, "build:baths")).code == "error.no_game"
    assert (await service.new(BOB, game)).ok  # and a new table opens at once


async def test_a_value_an_option_does_not_take_is_named(service):
    text = await refused(await service.new(ALICE, "duel", "first_player=7"), "“7”", "first_player")
    assert "Unknown or invalid option" not in text
    await refused(await service.new(ALICE, "duel", "colour=red"), "Unknown or invalid option “colour”")


async def test_new_without_a_game_lists_the_games(service):
    text = await refused(await service.new(ALICE, ""), "Which game?", "duel", "wonders")
    assert "“”" not in text


@pytest.mark.parametrize("count", ["0", "-3", "²", "③", "ten", "101", "1 2"])
async def test_a_log_count_that_is_not_one_to_a_hundred_is_explained(service, store, count):
    await started_duel(service)
    await refused(await service.log(ALICE, count), "from 1 to 100")


async def test_a_log_count_as_typed(service, store):
    await started_duel(service)
    await play_random(service, store, 4)
    reply = await service.log(ALICE, "2")
    assert reply.ok and [line.split(".")[0] for line in reply.messages[0].text.splitlines()] == ["3", "4"]


async def test_leave_by_someone_not_seated_says_so(service, store):
    await started_duel(service)
    await refused(await service.leave(CAROL), "You are not at this table")


async def test_unrecognised_input_is_not_echoed_in_full(service, store):
    await started_duel(service)
    reply = await service.play(ALICE, "zzqx " * 2000)
    text = await refused(reply, "did not understand")
    assert len(text) < 300


async def test_after_an_abort_the_board_shows_nobody_to_play(store):
    renderer = RecordingRenderer()
    service = GameService(store, render=True, seeds=lambda: 5, board_renderer=renderer, options_renderer=renderer)
    await started_duel(service)
    assert (await service.abort(ALICE)).ok
    reply = await service.board(BOB)
    assert reply.ok and "stopped" in reply.messages[0].text
    assert renderer.views[-1].stopped and not reply.messages[0].mentions
    status = (await service.status(BOB)).messages[0].text
    assert "▶" not in status and "Cards you can take" not in status


async def test_status_after_the_end_says_the_game_is_over(service, store):
    await started_duel(service)
    await play_random(service, store, 500)
    _v, table, _state = await load(store)
    assert table.status == "finished"
    text = (await service.status(ALICE)).messages[0].text
    assert text.startswith("The game is over.") and "▶" not in text


def _finished(game_name: str, players: int, seed: int):
    import random

    from rules.registry import get_game

    game = get_game(game_name)
    state = game.setup(players, {}, seed=seed)
    chooser = random.Random(seed)
    while game.active_seats(state):
        seat = min(game.active_seats(state))
        state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
    return game, state


@pytest.mark.parametrize("game_name", ["duel", "wonders"])
def test_the_summary_of_a_finished_game_names_no_turn(game_name):
    from bot.games import presenter

    game, state = _finished(game_name, 3 if game_name == "wonders" else 2, 4)
    text = presenter(game_name).summary(game.view(state, None), ["Ann", "Ben", "Cid"])
    assert text.startswith("The game is over.") and "turn" not in text.split("\n")[0] and "▶" not in text


@pytest.mark.parametrize("game_name", ["duel", "wonders"])
def test_a_stopped_board_is_drawn_without_anyone_to_play(game_name):
    from bot.i18n import use_locale
    from bot.render import render_board
    from rules.registry import get_game

    game = get_game(game_name)
    players = 3 if game_name == "wonders" else 2
    state = game.setup(players, {}, seed=8)
    view = game.view(state, None)
    with use_locale("en"):
        going = render_board(view, ["Ann", "Ben", "Cid"][:players])
        stopped = render_board(view.model_copy(update={"stopped": True}), ["Ann", "Ben", "Cid"][:players])
    assert going != stopped
