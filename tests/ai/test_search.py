"""The computer player (``rules.players.SearchPlayer``, ``rules.search``): only legal moves, from what its seat may
know, the same decision from the same seed, within its time budget."""

from __future__ import annotations

import math
import random
import time
from functools import partial

import pytest

from rules.contract import Game, Move
from rules.players import PLAYERS, SearchPlayer, decide, make_player
from rules.registry import get_game
from rules.search import SearchSettings, _Node, _Search
from rules.wonders.decisions import TURN_ACTIONS, deciding
from rules.wonders.orders import Pricer
from rules.wonders.worth import card_worth

DUEL = get_game("duel")
WONDERS = get_game("wonders")
ORLEANS = get_game("orleans")


def play_out(game: Game, state, players: dict[int, SearchPlayer]):
    """The game to its end, each seat played by its player; every move is checked against the legal ones first."""
    moves = 0
    while game.active_seats(state):
        seat = min(game.active_seats(state))
        legal = game.legal_moves(state, seat)
        move = players[seat].choose(game, state, seat)
        assert move in legal, (moves, seat, move)
        state, _events = game.apply(state, seat, move)
        moves += 1
        assert moves < 5000
    return state


@pytest.mark.parametrize("name,players,options", [
    ("duel", 2, {}),
    ("wonders", 3, {}),
    ("wonders", 3, {"armada": True}),
    ("orleans", 2, {}),
])
def test_complete_games_with_only_legal_moves(name, players, options):
    game = get_game(name)
    state = game.setup(players, options, seed=5)
    final = play_out(game, state, {s: SearchPlayer(seed=s, iterations=6) for s in range(players)})
    result = game.outcome(final)
    assert result.finished and result.winners
    assert game.check_invariants(final) == []


def first_moves(game: Game, state, count: int, seed: int = 0):
    chooser = random.Random(seed)
    for _ in range(count):
        seat = min(game.active_seats(state))
        state, _events = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
    return state


def decision(state, game: Game, seat: int, seed: int = 3, iterations: int = 60):
    player = SearchPlayer(seed=seed, iterations=iterations)
    move = player.choose(game, state, seat)
    return move, player.last.visits


def test_duel_hidden_cards_and_seed_do_not_sway_it():
    state = first_moves(DUEL, DUEL.setup(2, {}, seed=8), 8)  # the draft is over: age I has begun
    seat = min(DUEL.active_seats(state))
    hidden = [i for i, card in enumerate(state.slots) if card is not None and not state.face_up[i]]
    assert len(hidden) >= 2
    other = state.clone()
    a, b = hidden[0], hidden[1]
    other.slots[a], other.slots[b] = other.slots[b], other.slots[a]
    other.decks[0].reverse()  # the age II deck in another order
    other.seed = (state.seed or 0) + 12345
    assert other != state
    assert DUEL.view(other, seat) == DUEL.view(state, seat)
    assert decision(other, DUEL, seat) == decision(state, DUEL, seat)


def test_wonders_others_secret_choice_does_not_sway_it():
    start = WONDERS.setup(3, {}, seed=9)
    options = WONDERS.legal_moves(start, 1)
    one, _ = WONDERS.apply(start, 1, options[0])
    two, _ = WONDERS.apply(start, 1, options[-1])
    two.seed = (two.seed or 0) + 777
    assert one != two
    assert WONDERS.view(one, 0) == WONDERS.view(two, 0)
    assert decision(one, WONDERS, 0, iterations=40) == decision(two, WONDERS, 0, iterations=40)


def test_orleans_others_secret_plan_does_not_sway_it():
    state = ORLEANS.setup(2, {}, seed=4)
    while ORLEANS.pending(state, 0) is None or ORLEANS.pending(state, 1) is None:  # to the simultaneous planning
        seat = min(ORLEANS.active_seats(state))
        state, _ = ORLEANS.apply(state, seat, ORLEANS.legal_moves(state, seat)[0])
    places = [m for m in ORLEANS.legal_moves(state, 1) if m.action == "place"]
    assert len(places) >= 2
    one, _ = ORLEANS.apply(state, 1, places[0])
    two, _ = ORLEANS.apply(state, 1, places[-1])
    assert one != two
    assert ORLEANS.view(one, 0) == ORLEANS.view(two, 0)
    assert decision(one, ORLEANS, 0, iterations=40) == decision(two, ORLEANS, 0, iterations=40)


def to_planning(players: int, seed: int):
    """An Orléans game of ``players`` at its first planning phase, where every seat places its followers at once."""
    state = ORLEANS.setup(players, {}, seed=seed)
    while len(ORLEANS.active_seats(state)) < players:
        seat = min(ORLEANS.active_seats(state))
        state, _ = ORLEANS.apply(state, seat, ORLEANS.legal_moves(state, seat)[0])
    return state


def grown_tree(state, seat: int, settings: SearchSettings, iterations: int) -> _Node:
    runner = _Search(ORLEANS, seat, random.Random(7), settings)
    runner.centre(state)
    root = _Node()
    for _ in range(iterations):
        runner.iterate(root, ORLEANS.determinize(state, seat, runner.rng))
    return root


def depth(node: _Node) -> int:
    return 1 + max((depth(child) for child in node.children.values()), default=0) if node.children else 0


def test_in_a_secret_simultaneous_step_the_tree_branches_on_the_deciding_seats_own_picks():
    """Open loop: where four seats plan at once, the root's branches are seat 0's own placements (the others'
    picks are chance to it), so the same iterations reach further down its plan than a tree that branches on every
    joint choice, which almost never comes twice."""
    state = to_planning(4, seed=6)
    own = {m.notation for m in ORLEANS.considered_moves(state, 0)}
    opened = grown_tree(state, 0, SearchSettings(), 300)
    assert opened.children and all(len(key) == 1 and key[0].split(":", 1)[1] in own and key[0].startswith("0:")
                                   for key in opened.children)
    assert set(opened.arms) == {0, 1, 2, 3}  # the others still choose, each from its own bandit
    closed = grown_tree(state, 0, SearchSettings(open_loop=False), 300)
    assert all(len(key) == 4 for key in closed.children)
    assert len(closed.children) > len(opened.children)
    assert depth(opened) > depth(closed)
    assert SearchSettings().open_loop


@pytest.mark.parametrize("name,players", [("duel", 2), ("wonders", 3)])
def test_a_fixed_seed_gives_the_same_decision(name, players):
    game = get_game(name)
    state = first_moves(game, game.setup(players, {}, seed=11), 10)
    seat = min(game.active_seats(state))
    assert decision(state, game, seat, seed=5) == decision(state, game, seat, seed=5)
    player = SearchPlayer(seed=5, iterations=60)
    again = SearchPlayer(seed=5, iterations=60)
    assert [player.choose(game, state, seat) for _ in range(3)] == [again.choose(game, state, seat) for _ in range(3)]


@pytest.mark.parametrize("name,players", [("duel", 2), ("wonders", 3)])
def test_the_time_budget_is_respected(name, players):
    game = get_game(name)
    state = first_moves(game, game.setup(players, {}, seed=12), 10)
    seat = min(game.active_seats(state))
    player = SearchPlayer(seed=1, budget=0.2)
    start = time.perf_counter()
    move = player.choose(game, state, seat)
    took = time.perf_counter() - start
    assert move in game.legal_moves(state, seat)
    assert took <= 2 * 0.2 + 0.2
    assert player.last.iterations > 0


def test_a_single_legal_move_is_played_without_search():
    state = DUEL.setup(2, {}, seed=1)
    chooser = random.Random(1)
    while len(DUEL.legal_moves(state, seat := min(DUEL.active_seats(state)))) > 1:  # the draft's last wonder
        state, _ = DUEL.apply(state, seat, chooser.choice(DUEL.legal_moves(state, seat)))
    player = SearchPlayer(seed=0, iterations=50)
    assert player.choose(DUEL, state, seat) == DUEL.legal_moves(state, seat)[0] and player.last.iterations == 0


def test_players_are_registered_and_made_by_name():
    assert {"ai", "greedy", "random"} <= set(PLAYERS)
    ai = make_player("ai", 3, budget=0.5)
    assert isinstance(ai, SearchPlayer) and ai.budget == 0.5 and ai.iterations is None
    capped = make_player("ai", 3, iterations=10)
    assert capped.budget is None and capped.iterations == 10
    assert SearchPlayer().budget == 1.0
    state = DUEL.setup(2, {}, seed=1)
    seat = min(DUEL.active_seats(state))
    assert make_player("random", 1).choose(DUEL, state, seat) in DUEL.legal_moves(state, seat)


def test_a_worker_process_can_decide_from_plain_arguments():
    state = first_moves(DUEL, DUEL.setup(2, {}, seed=11), 10)
    seat = min(DUEL.active_seats(state))
    notation = decide("duel", state.model_dump_json(), seat, "ai", 4, iterations=20)
    assert notation == SearchPlayer(seed=4, iterations=20).choose(DUEL, state, seat).notation


def test_the_search_counts_each_seats_advantage_from_where_it_began(monkeypatch):
    """A seat far ahead (or far behind) when the search begins still tells a gain from a loss: its rewards are
    squashed around the lead it had then, not around an even game, where every such position would look won (or
    lost) alike. Uncentred, the old curve comes back."""
    state = first_moves(DUEL, DUEL.setup(2, {}, seed=13), 10)
    values = {"now": [60.0, 0.0]}
    monkeypatch.setattr(DUEL, "evaluations", lambda position: list(values["now"]))
    runner = _Search(DUEL, 0, random.Random(1), SearchSettings())
    runner.centre(state)
    assert runner._evaluate(state) == {0: 0.5, 1: 0.5}
    values["now"] = [64.0, 0.0]  # four points more for seat 0: as much as the scale
    gain = runner._evaluate(state)
    assert gain[0] == pytest.approx(1 / (1 + math.exp(-1)))  # its lead grew by one scale: about 0.73
    assert gain[1] == pytest.approx(1 - gain[0])
    plain = _Search(DUEL, 0, random.Random(1), SearchSettings(centre=False))
    assert plain._evaluate(state)[0] == pytest.approx(1.0)  # an even game's curve: won, whatever the move
    assert SearchSettings().centre


def test_at_a_large_table_a_seats_lead_is_counted_over_the_mean_of_the_others():
    """Among six others, the best of them is mostly who had the luckiest random moves: from ``mean_from`` seats on
    (6 by default) a seat's lead is its evaluation less the others' mean; at a smaller table, less the best of
    them (7 Wonders, 800 iterations against greedy players: 7 players, 28 games, 6 won by the best, 11 by the mean;
    6 players, 24 games, 8 and 10; 5 players, 30 games, 9 and 10.5; 3 players, 30 games, 24 and 20)."""
    values = [10.0, 0.0, 0.0, 0.0, 0.0, 0.0, 4.0]
    wide = _Search(WONDERS, 0, random.Random(1), SearchSettings())
    assert wide._leads(values) == pytest.approx([10 - 4 / 6, -14 / 6, -14 / 6, -14 / 6, -14 / 6, -14 / 6, 4 - 10 / 6])
    assert SearchSettings().mean_from == 6
    assert wide._leads([10.0, 0.0, 0.0, 0.0, 4.0]) == [6.0, -10.0, -10.0, -10.0, -6.0]  # five: less the best other
    narrow = _Search(WONDERS, 0, random.Random(1), SearchSettings(mean_from=8))
    assert narrow._leads(values) == [6.0, -10.0, -10.0, -10.0, -10.0, -10.0, -6.0]


def test_the_search_rates_positions_by_the_games_evaluation(monkeypatch):
    """The search asks ``Game.evaluations`` (every seat at once), which by default asks ``Game.evaluation`` (which a
    game may set apart from its one-step ``heuristic``) of each seat, never the heuristic itself."""
    state = first_moves(DUEL, DUEL.setup(2, {}, seed=13), 10)
    seat = min(DUEL.active_seats(state))
    asked: list[int] = []

    def evaluation(position, who):
        asked.append(who)
        return 0.0

    def heuristic(position, who):
        raise AssertionError("the search asked the heuristic")

    monkeypatch.setattr(DUEL, "evaluation", evaluation)
    monkeypatch.setattr(DUEL, "evaluations", lambda position: Game.evaluations(DUEL, position))
    monkeypatch.setattr(DUEL, "heuristic", heuristic)
    move = SearchPlayer(seed=2, iterations=20).choose(DUEL, state, seat)
    assert move in DUEL.legal_moves(state, seat)
    assert set(asked) == {0, 1}


@pytest.mark.parametrize("name,players,options", [
    ("duel", 2, {}),
    ("wonders", 3, {}),
    ("wonders", 7, {"armada": True}),
    ("orleans", 3, {}),
    ("anno1800", 4, {}),
])
def test_every_games_evaluations_are_its_evaluation_of_each_seat(name, players, options):
    """A game's ``evaluations`` (each seat rated once) gives exactly what ``evaluation`` gives seat by seat, over the
    positions of a random game and at its end."""
    game = get_game(name)
    state = game.setup(players, options, seed=21)
    rng = random.Random(21)
    checked = 0
    while True:
        if checked % 7 == 0 or not game.active_seats(state):
            assert game.evaluations(state) == [game.evaluation(state, s) for s in range(players)], checked
        if not game.active_seats(state):
            break
        seat = min(game.active_seats(state))
        state, _events = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        checked += 1
    assert checked > 50


def test_the_deciding_seats_moves_start_with_the_games_own_prior_unless_the_settings_name_one():
    """Orléans' one-step rating is a surer guide than a short search's own estimates (600 iterations against a greedy
    player at 2: 1 game in 10 won with 3 tries of it, 4 with 30, then with ``prior_gain`` 3 with 30 and 7 with 300),
    7 Wonders' is not (3 players: 40 games in 60 won with 3, 30 with 30): each game says how many tries its moves
    start with; settings that name a number win."""
    state = to_planning(2, seed=6)
    legal = ORLEANS.considered_moves(state, 0)
    for settings, tries in ((SearchSettings(), ORLEANS.search_prior), (SearchSettings(prior=5.0), 5.0)):
        runner = _Search(ORLEANS, 0, random.Random(3), settings)
        runner.centre(state)
        root = _Node()
        runner.credit(root, state, legal)
        assert {arm[0] for arm in root.arms[0].values()} == {tries}
        assert set(root.arms[0]) == {m.notation for m in legal}
    assert ORLEANS.search_prior > WONDERS.search_prior == DUEL.search_prior == Game.search_prior


def test_the_prior_imagines_the_others_same_secret_picks_after_each_of_the_seats_moves(monkeypatch):
    """In a step where the others choose at the same time, the prior imagines their picks at random, but the same
    picks after every move of the deciding seat (7 players: six others), so that its moves are rated on the same
    luck, not one on the others' good draws and the next on their bad ones."""
    state = WONDERS.setup(7, {}, seed=12)
    legal = WONDERS.considered_moves(state, 0)
    imagined: dict[str, list[tuple[int, str]]] = {}
    real = WONDERS.apply

    def apply(position, seat, move, **kwargs):
        if seat == 0:
            imagined[move.notation] = []
        else:
            list(imagined.values())[-1].append((seat, move.notation))
        return real(position, seat, move, **kwargs)

    monkeypatch.setattr(WONDERS, "apply", apply)
    runner = _Search(WONDERS, 0, random.Random(3), SearchSettings())
    runner.centre(state)
    runner.credit(_Node(), state, legal)
    assert len(imagined) == len(legal) > 1
    drawn = list(imagined.values())
    assert [seat for seat, _move in drawn[0]] == [1, 2, 3, 4, 5, 6]
    assert all(picks == drawn[0] for picks in drawn)


def test_ucb_explores_by_the_games_own_constant_unless_the_settings_name_one(monkeypatch):
    """UCB1's constant is the game's (``Game.search_exploration``: 7 Wonders, whose playouts play the game to its end,
    explores less than the default); a number in the settings wins. A move tried 10 times at 0.9 against one tried
    once at 0.5, each available 100 times: a low constant keeps to the first, a high one tries the second again."""
    state = WONDERS.setup(3, {}, seed=4)
    sure, doubtful = WONDERS.considered_moves(state, 0)[:2]
    assert WONDERS.search_exploration < Game.search_exploration == DUEL.search_exploration

    def pick(settings: SearchSettings) -> Move:
        node = _Node(arms={0: {sure.notation: [10, 9.0, 99], doubtful.notation: [1, 0.5, 99]}})
        return _Search(WONDERS, 0, random.Random(1), settings)._pick(node, 0, [sure, doubtful])[0]

    monkeypatch.setattr(WONDERS, "search_exploration", 0.1)
    assert pick(SearchSettings()) == sure
    assert pick(SearchSettings(exploration=0.7)) == doubtful
    monkeypatch.setattr(WONDERS, "search_exploration", 0.7)
    assert pick(SearchSettings()) == doubtful
    assert pick(SearchSettings(exploration=0.1)) == sure


def test_a_finished_playout_is_rewarded_by_the_lead_in_points_where_the_game_says_so():
    """A playout that ends the game rewards each seat by who won (``Game.search_margin`` 0, the default), or, in 7
    Wonders (a curve 12 points wide), by its lead in points over the best of the others: a game lost by a point counts
    for more than one lost by twenty. A number in the settings wins."""
    rng = random.Random(12)
    state = WONDERS.setup(4, {}, seed=12)
    while WONDERS.active_seats(state):
        seat = min(WONDERS.active_seats(state))
        state, _events = WONDERS.apply(state, seat, rng.choice(WONDERS.considered_moves(state, seat)))
    result = WONDERS.outcome(state)
    totals = [result.scores[s]["total"] for s in range(4)]
    leads = [totals[s] - max(t for o, t in enumerate(totals) if o != s) for s in range(4)]
    assert len(set(leads)) > 2  # the seats lost by different margins

    def rewards(game, settings: SearchSettings) -> list[float]:
        found = _Search(game, 0, random.Random(1), settings)._evaluate(state)
        return [found[s] for s in range(4)]

    assert Game.search_margin == DUEL.search_margin == 0 < WONDERS.search_margin == 12.0
    by_lead = rewards(WONDERS, SearchSettings())
    assert by_lead == pytest.approx([1 / (1 + math.exp(-lead / 12.0)) for lead in leads])
    assert sorted(range(4), key=by_lead.__getitem__) == sorted(range(4), key=leads.__getitem__)
    assert rewards(WONDERS, SearchSettings(margin=5.0)) == pytest.approx(
        [1 / (1 + math.exp(-lead / 5.0)) for lead in leads])
    winners = set(result.winners)
    assert rewards(WONDERS, SearchSettings(margin=0)) == [(1 / len(winners) if s in winners else 0.0)
                                                          for s in range(4)]


@pytest.mark.parametrize("game, players, waived", [
    (ORLEANS, 2, {"pass", "take:none", "deed:none"}),
    (WONDERS, 3, {"discard"}),
], ids=["orleans", "wonders"])
def test_a_playout_leaves_out_the_moves_that_give_something_up_while_another_is_legal(monkeypatch, game, players,
                                                                                      waived):
    """A random playout draws from ``Game.playout_moves``: the considered moves less those the game ``waives``
    (Orléans: a pass, a good or a deed refused; 7 Wonders: a card discarded), unless nothing else is left. Duel and
    Anno 1800 waive nothing."""
    state = game.setup(players, {}, seed=5)
    rng = random.Random(5)
    left_out = 0
    alone = None
    while game.active_seats(state):
        seat = min(game.active_seats(state))
        considered = game.considered_moves(state, seat)
        playout = game.playout_moves(state, seat)
        given_up = [m for m in considered if m.action in waived or m.notation in waived]
        assert [m for m in considered if game.waives(m)] == given_up
        assert playout == ([m for m in considered if m not in given_up] or considered)
        left_out += bool(given_up) and len(given_up) < len(considered)
        if given_up and alone is None:
            alone = (state.clone(), seat, given_up)
        state, _events = game.apply(state, seat, rng.choice(considered))
    assert left_out
    position, seat, given_up = alone
    monkeypatch.setattr(game, "considered_moves", lambda s, who: list(given_up))
    assert game.playout_moves(position, seat) == given_up  # nothing else: kept
    for other in (DUEL, get_game("anno1800")):
        assert type(other).waives is Game.waives


@pytest.mark.parametrize("players, options", [(3, {}), (7, {}), (4, {"armada": True})])
def test_a_playout_move_is_one_of_the_playout_moves_and_any_of_them_may_come(players, options):
    """``Game.playout_move`` draws from ``playout_moves``; 7 Wonders draws a turn's card by card without listing the
    menu (``Pricer.playout_move``), the cards and the next stage tried by their worth give or take a random spread:
    every draw is among the playout moves (no discard while a card can be played). With a wide spread, enough draws
    meet each of them but a stage or a discard with another card than the one worth least (``worth.card_worth``),
    which is the card a playout gives up. Along random games, every decision (Armada's follow-ups too)."""
    game = WONDERS
    state = game.setup(players, options, seed=11)
    rng = random.Random(11)
    assert type(game).playout_move is not Game.playout_move
    positions = 0
    while game.active_seats(state):
        seat = min(game.active_seats(state))
        allowed = {m.notation: m for m in game.playout_moves(state, seat)}
        assert {game.playout_move(state, seat, rng).notation for _ in range(20)} <= set(allowed)
        draw = partial(game.playout_move, state, seat, rng)
        if deciding(state, seat).actions == TURN_ACTIONS:
            draw = partial(Pricer(state, seat).playout_move, rng, 1000.0)
            least = min(state.seats[seat].hand, key=lambda cid: card_worth(state, seat, cid))
            allowed = {n: m for n, m in allowed.items() if m.action in ("build", "free") or m.args[0] == least}
        drawn = {draw().notation for _ in range(40 * len(allowed))}
        assert drawn == set(allowed), (positions, seat)
        positions += 1
        state, _events = game.apply(state, seat, rng.choice(game.considered_moves(state, seat)))
    assert positions >= 18 * players
    other = ORLEANS.setup(2, {}, seed=3)
    seat = min(ORLEANS.active_seats(other))
    assert ({ORLEANS.playout_move(other, seat, rng).notation for _ in range(200)}
            == {m.notation for m in ORLEANS.playout_moves(other, seat)})  # the contract's own: drawn alike


@pytest.mark.parametrize("players, options", [(3, {}), (7, {"armada": True})])
def test_a_playout_step_plays_the_drawn_move_as_apply_would(players, options):
    """``Game.playout_step`` plays what ``playout_move`` draws, as ``apply`` plays it: 7 Wonders records a turn's
    move without checking it again, and the state after it is the one ``apply`` makes of the same move, its events
    too. The state before is played on in place. Along games to the end, every seat's every decision."""
    game = WONDERS
    state = game.setup(players, options, seed=5)
    assert type(game).playout_step is not Game.playout_step
    steps = turns = 0
    while game.active_seats(state):
        seat = min(game.active_seats(state))
        turns += deciding(state, seat).actions == TURN_ACTIONS
        before = state.clone()
        move = game.playout_move(before, seat, random.Random(steps))
        expected, expected_events = game.apply(before, seat, move)
        given = state
        state, events = game.playout_step(state, seat, random.Random(steps))
        assert state is given
        assert state.model_dump() == expected.model_dump(), (steps, move)
        assert [(e.kind, e.params, e.seat) for e in events] == [(e.kind, e.params, e.seat) for e in expected_events]
        steps += 1
    assert turns >= 18 * players
    if options:
        assert steps > turns  # Armada's follow-ups (islands, ships, the naval conflict) went through apply_inplace
    assert game.outcome(state).finished


@pytest.mark.parametrize("guided", [True, False])
def test_guided_playouts_draw_from_the_games_playout_moves(monkeypatch, guided):
    """With ``guided`` (the default) the playouts ask ``Game.playout_move``; without it, they draw from every
    considered move."""
    state = first_moves(WONDERS, WONDERS.setup(3, {}, seed=8), 3)
    seat = min(WONDERS.active_seats(state))
    asked: list[int] = []
    real = WONDERS.playout_move

    def playout_move(position, who, rng):
        asked.append(who)
        return real(position, who, rng)

    monkeypatch.setattr(WONDERS, "playout_move", playout_move)
    move = SearchPlayer(seed=4, iterations=30, settings=SearchSettings(guided=guided)).choose(WONDERS, state, seat)
    assert move in WONDERS.legal_moves(state, seat)
    assert bool(asked) == guided
    assert SearchSettings().guided


def test_a_playout_plays_as_many_plies_as_the_game_says_unless_the_settings_name_a_number(monkeypatch):
    """``Game.search_playout`` plies below the tree (7 Wonders to the end of the game, with Armada too; Anno 1800
    none at 4 players; in the other games 8); a number in the settings wins."""
    played: list[int] = []
    real = WONDERS.playout_step

    def playout_step(position, seat, rng):
        played.append(seat)
        return real(position, seat, rng)

    monkeypatch.setattr(WONDERS, "playout_step", playout_step)
    own = _Search(WONDERS, 0, random.Random(2), SearchSettings())._playout(WONDERS.setup(4, {}, seed=8))
    assert WONDERS.outcome(own).finished and len(played) >= 72  # 4 seats, 18 turns each
    played.clear()
    short = _Search(WONDERS, 0, random.Random(2), SearchSettings(playout=5))._playout(WONDERS.setup(4, {}, seed=8))
    assert not WONDERS.outcome(short).finished and len(played) == 5
    played.clear()
    armada = WONDERS.setup(4, {"armada": True}, seed=8)
    armada = _Search(WONDERS, 0, random.Random(2), SearchSettings())._playout(armada)
    assert WONDERS.outcome(armada).finished and len(played) >= 72
    for game, state in ((DUEL, DUEL.setup(2, {}, seed=8)), (ORLEANS, ORLEANS.setup(3, {}, seed=8))):
        assert game.search_playout(state) == 8
    anno = get_game("anno1800")
    assert anno.search_playout(anno.setup(4, {}, seed=8)) == 0 < anno.search_playout(anno.setup(3, {}, seed=8)) == 8
