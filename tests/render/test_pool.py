"""Drawing in worker processes gives the same images as drawing here, in the caller's language."""

from __future__ import annotations

import random

from bot.i18n import use_locale
from bot.render import render_board, render_options
from bot.render.pool import RenderPool
from rules.registry import get_game


async def test_the_pool_draws_what_this_process_draws():
    game = get_game("wonders")
    state, chooser = game.setup(3, {"armada": True}, seed=4), random.Random(4)
    for _ in range(2):
        for seat in sorted(game.active_seats(state)):
            state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
    names = ["Анна", "Ben", "Chiara"]
    pool = RenderPool(2)
    try:
        with use_locale("ru"):
            drawn = await pool.render("board", game.view(state, None), names)
            hand = await pool.render("options", game.view(state, 1), names)
            assert drawn == render_board(game.view(state, None), names)
            assert hand == render_options(game.view(state, 1), names)
        with use_locale("it"):
            assert await pool.render("options", game.view(state, 1), names) != hand  # the locale crossed over
    finally:
        pool.close()
