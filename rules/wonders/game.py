"""7 Wonders (first edition), with the Armada expansion as an option, as a ``rules.contract.Game``.

Every turn is simultaneous: ``active_seats`` are the seats that still have to choose; a choice is recorded
secretly; when the last active seat has chosen, the turn resolves (see ``effects``). Seat ``i``'s left neighbour
is seat ``i + 1`` (mod n), its right neighbour seat ``i - 1``; hands pass left in Ages I and III, right in Age II.

Decisions (``pending(...).kind``) and their moves, each kind one record of ``rules.wonders.decisions``:

=========  ===========================================================================================
side       ``side:a`` / ``side:b``  the wonder side (option sides="choice"), all players at once
turn       ``build:<card>[:ship][:adv_<colour>][:<plan>]``, ``free:<card>[...]`` (Olympia A),
           ``stage:<card>[:ship][:track_<colour>][:<plan>]``, ``discard:<card>[:ship]``
last       the same moves, for Babylon B's last card of the age (an extra turn after everyone's last)
island     ``island:<island>``  the island kept in an exploration
advance    ``advance:<colour>[_<colour>...]``  the different ships of Frothy Harbor / Stormy Archipelago
           (colours in alphabetical order: blue, green, red, yellow)
revive     ``revive:<card>[:adv_<colour>]``  Halikarnassos: a card of the discard pile, built free;
           ``revive:none``  build nothing (the stage allows the build, it does not force it: W82)
naval      ``naval:in`` / ``naval:out``  Forgotten Harbor: take part in this age's Naval Conflict or not
=========  ===========================================================================================

``<plan>`` is a payment plan's notation (``rules.wonders.trade``): ``l<coins>r<coins>`` paid to the left and right
neighbours, then ``x<coins>`` to the far right (Eastern Emporium) and ``y<coins>`` to the far left (Western
Emporium); omitted when nothing is bought. Each Pareto-best plan is a separate legal move, the cheapest first.
A hand may hold two copies of one card (from 4 players, e.g. two Lumber Yards in Age I): the card id names either.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pydantic import BaseModel

from rules.contract import Event, Game, IllegalMove, Move, Outcome, Pending, Seat, remembered_parser
from rules.rng import new_seed
from rules.wonders import strategy
from rules.wonders import effects
from rules.wonders.data import (
    ARMADA_CARDS,
    CARDS,
    ISLAND_LEVELS,
    ISLANDS,
    LAND_DEFEAT,
    LAND_VICTORY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAVAL_DEFEAT,
    NAVAL_REWARDS,
    TOP,
    armada_count,
    base_multiset,
    guild_count,
)
from rules.wonders.decisions import BY_ACTION, DECISIONS, TURN_ACTIONS, Decision, deciding
from rules.wonders.economy import has_special
from rules.wonders.hidden import determinize
from rules.wonders.orders import Pricer
from rules.wonders.scoring import outcome
from rules.wonders.setup import check_layout, check_options, initial_state, random_layout
from rules.wonders.state import WondersLayout, WondersOptions, WondersState
from rules.wonders.view import OptionView, WondersView, build_view


def _check_syntax(move: Move) -> None:
    decision = BY_ACTION.get(move.action)
    if decision is None:
        raise IllegalMove("error.unknown_action", action=move.action)
    decision.syntax(move)


_parse_move = remembered_parser(_check_syntax)


class WondersGame(Game[WondersState, WondersOptions]):
    name = "wonders"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    State = WondersState
    Options = WondersOptions
    Layout = WondersLayout
    # The search's playouts play the game to its end (``search_playout``), rated by who won or nearly won
    # (``search_margin``), and one move changes a seat's share of wins little: UCB1 keeps to the moves that look best
    # sooner than by default. Against greedy players, 1 s a decision, 2 workers, rated by who won, 0.7 / 0.35 / 0.2: 4
    # players, deals 110-119 (40 games), 32 / 33 / - won, ahead of 86.7 / 92.9 / - % of the others; 7 players, deals
    # 100-103 (28 games), 15 / 15 / 17 won, 75.3 / 81.2 / 85.1 %; Armada, 7 players, deals 100-103, 13 / 15 / - won,
    # 70.2 / 71.7 / - %. Rated by the lead, 7 players, 0.35 / 0.2: 19 / 20 won, 88.4 / 91.7 %. (Before discards were
    # waived, 0.7 / 0.35: 4 players, deals 100-109, 24 / 28 won, 73.8 / 88.7 %; deals 110-119, 24 / 25 won, 75.4 / 78.8
    # %; 7 players 16 / 13 won, 78.0 / 75.6 %.)
    search_exploration = 0.2
    # A playout's finish by the seat's lead in points, a curve 12 points wide, rather than by who won: among many
    # players, what a move changes in who wins is mostly lost in the luck of the others' random moves, and a game lost
    # by a point tells more than one lost by twenty. On a curve this wide nearly every point of the lead counts, so that
    # a search of few playouts (some 40 a second from the start of an Armada game of 7 players, on a machine that runs
    # random self-play at half the speed of the one that measured the first results below) still tells its moves apart.
    # Against greedy players, 1 s a decision, 2 workers, exploration 0.35, by who won / by the lead on a curve 2 points
    # wide: 4 players, deals 110-119 (40 games), 33 / 35 won, ahead of 92.9 / 93.8 % of the others; 7 players, deals
    # 100-103 (28 games), 15 / 19 won, 81.2 / 88.4 %; Armada, 7 players, deals 100-103, 15 / 17 won, 71.7 / 84.8 %. On
    # the slower one, exploration 0.2, curves 2 / 6 / 12 / 24 points wide: Armada, 7 players, deals 100-103, 10 / 14 /
    # 20 / 11 won, 58.9 / 63.4 / 69.0 / 66.2 points a game; deals 104-107, 9 / 11 / 16 / - won, 59.3 / 63.0 / 67.8 / -
    # points (2 s a decision, 2 points wide, deals 100-103: 10 won); 7 players, deals 100-103, 10 / 21 won (2 / 12
    # wide), ahead of 77.1 / 90.2 %; 4 players, deals 110-119, - / 35 won, ahead of 94.6 %.
    search_margin = 12.0
    # A playout's seats try the cards of their hand and the next stage by what each is worth to their city
    # (``rules.wonders.worth``) plus a random share of up to this many points, rather than in a random order: their
    # later turns then add up to a plan (a science set, the lead in shields over a neighbour) as a player's do, and
    # the others play more as real players would. Against greedy players, 7 players, 1 s a decision, 2 workers, deals
    # 104-107 and 100-103 (28 games each): in a random order (stop 43) 16 and 15 won; by a static worth per card,
    # spread 0, 21 and 18, spread 2, 18 and 22; by the worth in the city (science held, resources lacking,
    # neighbours' shields), spread 1, 18 and 23, spread 2, 19 and 23 (deals 108-111: 21, against 15 at stop 43).
    playout_spread = 2.0

    # --- setup -----------------------------------------------------------------------------------------------
    def random_layout(self, players: int, options: WondersOptions, seed: int) -> WondersLayout:
        return random_layout(players, self.options(options), seed)

    def setup(
        self,
        players: int = 3,
        options: WondersOptions | dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        layout: BaseModel | dict[str, Any] | None = None,
    ) -> WondersState:
        self.check_players(players)
        opts = self.options(options)
        check_options(players, opts)
        if layout is None:
            seed = new_seed() if seed is None else seed
            lay = random_layout(players, opts, seed)
        else:
            lay = WondersLayout.model_validate(layout if isinstance(layout, dict) else layout.model_dump())
            check_layout(players, lay, opts)
        state = initial_state(players, opts, lay)
        events: list[Event] = []
        if opts.sides == "choice":
            state.phase = "sides"
            for p in state.seats:
                p.waiting = "side"
        else:
            effects.start_age(state, 1, events)
            state.step = 7
        return state

    # --- decisions (each kind's record is in ``rules.wonders.decisions``) ----------------------------------------
    def active_seats(self, state: WondersState) -> frozenset[Seat]:
        return frozenset([s for s, p in enumerate(state.seats) if p.waiting and not p.order])

    def pending(self, state: WondersState, seat: Seat) -> Pending | None:
        decision = deciding(state, seat)
        return None if decision is None else Pending(seat=seat, kind=decision.kind, params=decision.params(state, seat))

    def decision_actions(self, state: WondersState, seat: Seat) -> tuple[str, ...]:
        decision = deciding(state, seat)
        return () if decision is None else decision.actions

    def legal_moves(self, state: WondersState, seat: Seat) -> list[Move]:
        decision = deciding(state, seat)
        return [] if decision is None else decision.options(state, seat)

    def options_for(self, state: WondersState, seat: Seat) -> list[OptionView]:
        """The viewing seat's legal moves with their prices (turn decisions) or plain (follow-ups)."""
        decision = deciding(state, seat)
        return [] if decision is None else decision.menu(state, seat)

    def parse_move(self, text: str) -> Move:
        return _parse_move(text)

    def apply(self, state: WondersState, seat: Seat, move: Move, *, inplace: bool = False
              ) -> tuple[WondersState, list[Event]]:
        """``inplace``: play on ``state`` itself and return it (``apply_inplace``); otherwise on a copy."""
        if state.phase == "over":
            raise IllegalMove("error.game_over")
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalMove("error.not_a_player")
        p = state.seats[seat]
        if not p.waiting:
            raise IllegalMove("wonders.error.not_your_decision")
        if p.order:
            raise IllegalMove("wonders.error.already_chosen")
        move = _parse_move(move.notation)
        decision = DECISIONS[p.waiting]
        if move.action not in decision.actions:
            raise IllegalMove("wonders.error.wrong_decision", expected=decision.kind)
        notation = decision.check(state, seat, move)
        return self._record(state if inplace else state.clone(), seat, decision, notation)

    def _record(self, state: WondersState, seat: Seat, decision: Decision, notation: str
                ) -> tuple[WondersState, list[Event]]:
        """``seat``'s choice (a legal move's notation) kept secret in ``state`` itself, and the step resolved once every
        waiting seat has chosen."""
        state.seats[seat].order = notation
        events = [
            Event("chose", {"decision": decision.kind}, seat=seat),
            effects.private("chosen", {"move": notation}, seat),
        ]
        if not self.active_seats(state):  # every waiting seat has chosen
            effects.resolve(state, events)
        state.ply += 1
        return state, events

    def apply_inplace(self, state: WondersState, seat: Seat, move: Move) -> tuple[WondersState, list[Event]]:
        return self.apply(state, seat, move, inplace=True)

    # --- information -----------------------------------------------------------------------------------------
    def view(self, state: WondersState, seat: Seat | None) -> WondersView:
        if seat is not None and not 0 <= seat < state.players:
            seat = None
        options = self.options_for(state, seat) if seat is not None else []
        return build_view(state, seat, options)

    def determinize(self, state: WondersState, seat: Seat | None, rng: random.Random) -> WondersState:
        return determinize(state, seat, rng)

    def search_playout(self, state: WondersState) -> int:
        """To the end of the game (no game has this many plies), where the search counts who won: the rating of a
        position halfway does not see the science sets, guilds and conflicts still to come as a finish played out
        does. Against greedy players, 1 s a decision, 2 workers, 8 plies / 64 / to the end (before ``waives``): 4
        players, deals 100-109 (40 games), 21 / 24 / 24 won, ahead of 67.9 / 76.7 / 73.8 % of the others; 7 players,
        deals 100-103 (28 games), 10 / 11 / 16 won, ahead of 64.0 / 73.8 / 78.0 %; 3 players, deals 100-109 (30
        games), 12.5 / - / 26 won, ahead of 58.3 / - / 88.3 %. With Armada, 7 players, with ``waives``: 8 plies, deals
        100-103 (28 games), 5 won, ahead of 55.1 %; to the end, deals 100-103 and 104-107, 13 and 14 won, ahead of 70.2
        and 73.5 % (before ``waives``, deals 100-107: 15 of 56 won at 8 plies, 17 to the end)."""
        return 1000

    def waives(self, move: Move) -> bool:
        """A discard, while a card can be built or a stage: a hand offers a discard of each card it holds (7 of the 13
        moves of a first turn at 4 players), so seats choosing at random discarded more than half their cards (56 % in
        20 games of 4 players), and a playout to the end of such a game said little about one played by builders.
        Against greedy players, 1 s a decision, 2 workers, exploration 0.7, by who won, discards kept / waived: 3
        players, deals 100-109 (30 games) 26 / 29 won, ahead of 88.3 / 98.3 % of the others; 4 players, deals 100-109
        (40 games) 24 / 30.5 won, 73.8 / 90.0 %, deals 110-119 24 / 32 won, 75.4 / 86.7 %; 5 players, deals 100-105 (30
        games) 17 / 20 won, 69.2 / 88.3 %; 6 players, deals 100-104 (30 games) 15 / 15 won, 68.3 / 76.3 %; 7 players,
        deals 100-103 (28 games) 16 / 15 won, 78.0 / 75.3 %."""
        return move.action == "discard"

    def playout_move(self, state: WondersState, seat: Seat, rng: random.Random) -> Move:
        """A turn's move drawn card by card (``Pricer.playout_move``), what looks worth most first give or take
        ``playout_spread`` points: listing a turn's every move prices each card of the hand, and took some 40 % of a
        playout's time at 7 players."""
        decision = deciding(state, seat)
        if decision is not None and decision.actions == TURN_ACTIONS:
            return Pricer(state, seat).playout_move(rng, self.playout_spread)
        return super().playout_move(state, seat, rng)

    def playout_step(self, state: WondersState, seat: Seat, rng: random.Random) -> tuple[WondersState, list[Event]]:
        """``playout_move`` played in place; a turn's without being checked again: the Pricer wrote it from its own
        plans, as the menu writes it (checking it priced the city a second time, some 10 % of a playout's time at
        7 players with Armada)."""
        move = self.playout_move(state, seat, rng)
        decision = deciding(state, seat)
        if decision is not None and decision.actions == TURN_ACTIONS:
            return self._record(state, seat, decision, move.notation)
        return self.apply_inplace(state, seat, move)

    def heuristic(self, state: WondersState, seat: Seat) -> float:
        return strategy.standing(state, seat)

    def evaluations(self, state: WondersState) -> list[float]:
        return strategy.standings(state)

    def outcome(self, state: WondersState) -> Outcome:
        return outcome(state)

    def coins(self, state: WondersState) -> dict[Seat, int]:
        return {seat: player.coins for seat, player in enumerate(state.seats)}

    def check_invariants(self, state: WondersState) -> list[str]:
        return invariants(state)


# --- invariants, for self-play ----------------------------------------------------------------------------------

_LAND_VALUES = {LAND_DEFEAT, *LAND_VICTORY.values()}
_NAVAL_VALUES = {*NAVAL_DEFEAT.values(), *(v for r in NAVAL_REWARDS.values() for v in r)}
_ALL_ISLANDS = sorted(ISLANDS)
_CARD_IDS = frozenset(CARDS)
_LEVEL_SETS = {level: frozenset(ids) for level, ids in ISLAND_LEVELS.items()}
_GUILD_IDS = frozenset(c for c in CARDS if CARDS[c].is_guild)
_ARMADA_IDS = frozenset(ARMADA_CARDS)


def cards_in_play(state: WondersState) -> list[str]:
    cards = [c for deck in state.decks for c in deck] + list(state.discard)
    for p in state.seats:
        cards += p.hand
        cards += p.city
        cards += p.stages
    return cards


def invariants(state: WondersState) -> list[str]:
    errors: list[str] = []
    n = state.players
    armada = state.options.armada
    done = max(0, state.age - (0 if state.phase == "over" else 1))
    most_land = 2 * done * (n - 1)
    for s, p in enumerate(state.seats):
        city, ships = p.city, p.ships
        if (p.coins >= 0 and len(set(city)) == len(city) and min(ships) >= 0 and max(ships) <= TOP
                and (p.waiting or not p.order) and len(p.stages) <= 4 and len(p.land) <= most_land
                and len(p.naval) <= done and _LAND_VALUES.issuperset(p.land)
                and _NAVAL_VALUES.issuperset(p.naval)):
            continue  # the fast path: say what is wrong only when something is
        if p.coins < 0:
            errors.append(f"seat {s} has {p.coins} coins")
        if len(set(city)) != len(city):
            errors.append(f"seat {s} has duplicate structures")
        if min(ships) < 0 or max(ships) > TOP:
            errors.append(f"seat {s} ships {ships}")
        if p.order and not p.waiting:
            errors.append(f"seat {s} has an order without a decision")
        if len(p.stages) > 4:
            errors.append(f"seat {s} built {len(p.stages)} stages")
        if not _LAND_VALUES.issuperset(p.land) or len(p.land) > most_land:
            errors.append(f"seat {s} land tokens {p.land}")
        if not _NAVAL_VALUES.issuperset(p.naval) or len(p.naval) > done:
            errors.append(f"seat {s} naval tokens {p.naval}")
    # Cards: nothing leaves the game (hands, cities, stages, the discard pile, the decks still to deal); the base
    # copies are exactly those of the player count, with N + 2 guilds and, with Armada, N cards of each age.
    counts = Counter(cards_in_play(state))
    base = base_multiset(n)
    keys = counts.keys()
    if {c: counts[c] for c in base} != base:
        errors.append("base cards not conserved")
    if not keys <= _CARD_IDS:
        errors.append("unknown cards")
    guilds = keys & _GUILD_IDS
    if len(guilds) != guild_count(n) or sum(counts[g] for g in guilds) != len(guilds):
        errors.append(f"guilds not conserved: {sorted(guilds)}")
    armada_cards = keys & _ARMADA_IDS
    if armada:
        per_age = Counter(ARMADA_CARDS[c].age for c in armada_cards)
        if (any(per_age[a] != armada_count(n) for a in (1, 2, 3))
                or sum(counts[c] for c in armada_cards) != len(armada_cards)):
            errors.append("armada cards not conserved")
    elif armada_cards:
        errors.append("armada cards in a base game")
    # Hand sizes: equal, but for a seat that keeps its last card to play it (Babylon B).
    sizes = [len(p.hand) for p in state.seats]
    if max(sizes) != min(sizes):
        if not (min(sizes) == 0 and max(sizes) == 1
                and all(has_special(p, "play_last") for p in state.seats if p.hand)):
            errors.append(f"hand sizes {sizes}")
    if armada:
        islands = [i for d in state.island_decks for i in d]
        for p in state.seats:
            islands += p.islands + p.offer
        if sorted(islands) != _ALL_ISLANDS:
            errors.append("islands not conserved")
        for level, deck in enumerate(state.island_decks, start=1):
            if not _LEVEL_SETS[level].issuperset(deck):
                errors.append(f"island deck {level} holds another level")
    if (state.phase == "over") != bool(state.winners):
        errors.append("a finished game needs winners, an unfinished one none")
    if state.phase != "over" and not any(p.waiting for p in state.seats):
        errors.append("nobody has a decision in an unfinished game")
    return errors
