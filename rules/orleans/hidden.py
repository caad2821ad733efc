"""What a seat of Orléans cannot see, re-drawn: ``determinize`` (``rules.contract.Game.determinize``).

Hidden from every seat: the order of the hour-glass tiles still to come (which tiles they are follows from the ones
turned over; before round 1 the Pilgrimage is known to lie on top), and the seed, from which every later draw from
a bag (Phase 3, the Plague, torture, the Bathhouse) could be foreseen. Hidden from all but its owner, while planning
is simultaneous and secret: each seat's placements of the phase (``Player.planned``); the others know the board as it
was before the phase and whether the seat is done. Those placements are re-drawn: the seat's board goes back to its
public state and a random plan of random length is made from the same followers.

Not re-drawn, because what a seat sees fixes them: the kinds of the goods removed at setup (every good of the game
is on the map, in the goods market, with a player, lost to torture or removed, and all but the last are public),
and a bag's contents under ``bags = "own"`` (a seat's followers are its market, its tower, its places and its bag,
and everything else but the bag is public). A bag has no order to re-draw.
"""

from __future__ import annotations

import random

from rules.contract import Seat
from rules.orleans import planning
from rules.orleans.data import FIRST_EVENT
from rules.orleans.state import OrleansState


def determinize(state: OrleansState, seat: Seat | None, rng: random.Random) -> OrleansState:
    """A copy of ``state`` with everything ``seat`` (None: a spectator) cannot see re-drawn."""
    new = state.clone()
    _hourglass(new, rng)
    if new.phase == "planning" and planning.secret(new):
        for other in range(new.players):
            if other != seat:
                _plan(new, other, rng)
    new.seed = rng.getrandbits(48)
    return new


def _hourglass(state: OrleansState, rng: random.Random) -> None:
    """The tiles still face down, in a new order (the Pilgrimage stays on top until round 1 turns it over)."""
    fixed = 1 if state.round == 0 and state.hourglass[:1] == [FIRST_EVENT] else 0
    rest = sorted(state.hourglass[fixed:])  # the same sample whatever the true order was
    rng.shuffle(rest)
    state.hourglass[fixed:] = rest


def _plan(state: OrleansState, seat: int, rng: random.Random) -> None:
    """The seat's secret placements of this phase replaced by a random plan from the same followers."""
    p = state.seats[seat]
    if p.planned:
        board = planning.public_board(p)
        p.market, p.tower, p.slots = dict(board.market), list(board.tower), list(board.slots)
        p.planned = []
    for _ in range(rng.randrange(sum(p.market.values()) + len(p.tower) + 1)):
        moves = [m for m in planning.place_moves(state, seat) if m.action == "place"]
        if not moves:
            break
        planning.place(state, seat, rng.choice(moves), [])
