"""The properties that must hold whatever happens to the bot and to Redis."""

from __future__ import annotations

from bot.core.history import logged_moves, replay
from bot.core.table import Table
from rules.registry import get_game
from storage import GameStore


async def stored_game_is_the_replay_of_its_log(store: GameStore, channel: str) -> int:
    """Assert that the stored game is what replaying its logged moves from its seed gives; return the moves."""
    stored = await store.load(channel)
    assert stored is not None
    table = Table.model_validate_json(stored.doc)
    game = get_game(table.game)
    moves = logged_moves(await store.log(channel))
    if table.state is None:
        assert not moves
        return 0
    steps = list(replay(game, table, moves))
    position = steps[-1].after if steps else game.setup(len(table.players), table.options, seed=table.seed)
    assert position == game.load(table.state), "the stored game is not the replay of its log"
    assert (table.status == "finished") == (not game.active_seats(position))
    return len(moves)
