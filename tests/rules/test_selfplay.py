"""Self-play (``rules.selfplay``) plays from the menu an engine hands over after a move, and its checks catch a menu
that is not the engine's ``legal_moves``."""

from __future__ import annotations

from rules.anno1800.game import AnnoGame
from rules.selfplay import play


class _Counting(AnnoGame):
    """Anno 1800, counting the menus asked of ``legal_moves``."""

    def __init__(self) -> None:
        self.asked = 0

    def legal_moves(self, state, seat):
        self.asked += 1
        return super().legal_moves(state, seat)


class _Lying(_Counting):
    """Hands over, after every move, a menu short of its last move."""

    def apply_inplace_listing(self, state, seat, move):
        state, events, listed = super().apply_inplace_listing(state, seat, move)
        return state, events, None if listed is None else (listed[0], listed[1][:-1])


def test_selfplay_plays_from_the_menu_handed_over():
    game = _Counting()
    result = play(game, 3, 5, check=False)
    assert not result.violations and result.moves > 100
    assert game.asked == 1  # the first menu only: every later one came with the move before it
    assert play(AnnoGame(), 3, 5, check=True) == result  # the same game, every handed menu checked


def test_a_menu_handed_over_that_is_not_the_legal_one_is_a_violation():
    result = play(_Lying(), 3, 5, check=True)
    assert result.violations == ["move 1: the menu listed after the move differs from legal_moves"]
