"""The simultaneous turn: secret choices, the reveal, resolution order, passing, ends of ages (W10-W21, E.1)."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove

from .helpers import (
    G, coins, discard_all, give, hand, kinds, moves, of_kind, play, sound, stages, start, turn, view_strings,
)


def test_W11_W12_choices_are_secret_until_the_last_one():
    state = start(3, hands={1: {0: ["lumber_yard", "altar"], 1: ["stone_pit"], 2: ["clay_pool"]}})
    state, events = play(state, (0, "build:altar"))
    assert G.active_seats(state) == frozenset({1, 2})
    assert state.seats[0].order == "build:altar" and state.seats[0].city == []
    chose = of_kind(events, "chose")[0]
    assert chose.visible_to is None and chose.seat == 0 and "altar" not in str(chose.params)
    chosen = of_kind(events, "chosen")[0]
    assert chosen.visible_to == frozenset({0}) and chosen.params == {"move": "build:altar"}
    assert not any(e.reveals for e in events)
    assert G.view(state, 0).my_choice == "build:altar"
    for seat in (1, 2, None):
        view = G.view(state, seat)
        assert "altar" not in view_strings(view)
        assert view.my_choice in (None,) and view.players[0].chosen and not view.players[1].chosen
    assert G.view(state, 0).players[0].chosen
    # a second choice in the same turn is refused
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("build:lumber_yard"))
    assert caught.value.code == "wonders.error.already_chosen"
    assert G.legal_moves(state, 0) == [] and G.pending(state, 0) is None
    state, events = play(state, (2, "discard:clay_pool"), (1, "build:stone_pit"))
    assert "turn_revealed" in kinds(events)
    assert state.seats[0].city == ["altar"] and state.seats[1].city == ["stone_pit"]
    assert state.seats[2].coins == 6 and state.turn == 2
    assert next(e for e in events if e.kind == "turn_revealed").reveals
    sound(state)


def test_W14_W15_W16_hands_pass_left_then_right_then_left():
    state = start(4)
    before = [list(p.hand) for p in state.seats]
    state, events = discard_all(state)
    # seat i's hand (less the card played) goes to its left neighbour, seat i + 1
    for s in range(4):
        assert state.seats[(s + 1) % 4].hand == before[s][1:]
    assert of_kind(events, "hands_passed")[0].params["direction"] == "left"
    hands = [e for e in events if e.kind == "hand"]
    assert [e.visible_to for e in hands] == [frozenset({s}) for s in range(4)] and all(e.reveals for e in hands)
    while state.age == 1:
        state, _ = discard_all(state)
    assert G.view(state, None).direction == "right"
    before = [list(p.hand) for p in state.seats]
    state, _ = discard_all(state)
    for s in range(4):
        assert state.seats[(s - 1) % 4].hand == before[s][1:]
    while state.age == 2:
        state, _ = discard_all(state)
    before = [list(p.hand) for p in state.seats]
    state, _ = discard_all(state)
    for s in range(4):
        assert state.seats[(s + 1) % 4].hand == before[s][1:]
    sound(state)


@pytest.mark.parametrize("armada,turns", [(False, 6), (True, 7)])
def test_W10_W17_AR9_AR10_turns_per_age_and_the_last_card(armada, turns):
    state = start(3, {"armada": armada})
    for t in range(turns - 1):
        state, _ = discard_all(state)
        assert state.age == 1 and state.turn == t + 2
    pile = len(state.discard)
    coins_before = [p.coins for p in state.seats]
    state, events = discard_all(state)
    assert state.age == 2 and state.turn == 1
    assert len(of_kind(events, "last_discarded")) == 3
    assert all("card" not in e.params for e in of_kind(events, "last_discarded"))
    assert len(state.discard) == pile + 6  # 3 action discards and 3 last cards
    assert [p.coins for p in state.seats] == [c + 3 for c in coins_before]  # the last card gives nothing
    assert kinds(events).index("land_conflict") < kinds(events).index("age_ended") < kinds(events).index(
        "age_started")
    sound(state)


def test_W41_W42_sales_are_not_spendable_the_same_turn():
    state = start(3, hands={1: {0: ["workshop"], 1: ["stockade"], 2: ["altar"]}})
    give(state, 2, "lumber_yard")
    coins(state, 0, 1)
    # seat 1 has no coin: it cannot buy the wood of its left neighbour (seat 2), even though seat 0 pays it now
    assert not [m for m in moves(state, 1) if m.startswith("build:stockade")]
    assert "build:workshop:l2r0" in moves(state, 0)  # seat 0 buys glass from seat 1 (its left neighbour)
    state, events = turn(state, "build:workshop:l2r0", "discard:stockade", "build:altar")
    assert state.seats[0].coins == 1 and state.seats[1].coins == 0 + 2 + 3
    assert of_kind(events, "traded")[0].params == {"to": 1, "coins": 2, "side": "left"}


def test_W22_no_duplicate_structure_and_W20_discard_always_legal():
    state = start(3, hands={1: {0: ["lumber_yard", "altar"]}})
    give(state, 0, "altar")
    legal = moves(state, 0)
    assert not [m for m in legal if m.startswith("build:altar")]
    assert "discard:altar" in legal and "discard:lumber_yard" in legal
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("build:altar"))
    assert caught.value.code == "wonders.error.already_built"


def test_W30_W31_chain_builds_are_free():
    state = start(3)
    hand(state, 0, "temple", "statue", "lumber_yard")
    give(state, 0, "altar")
    coins(state, 0, 0)
    legal = moves(state, 0)
    assert "build:temple" in legal  # free by chain
    assert not [m for m in legal if m.startswith("build:statue")]  # no theater, no coins
    option = next(o for o in G.view(state, 0).options if o.move == "build:temple")
    assert option.chain and option.coins == 0


def test_W47_W48_stages_in_order_and_card_hidden():
    state = start(3, hands={1: {0: ["altar", "theater"]}})
    give(state, 0, "lumber_yard", "timber_yard")  # Rhodos A stage 1 costs 2 wood
    assert "stage:altar" in moves(state, 0)
    state, events = turn(state, "stage:altar", f"discard:{state.seats[1].hand[0]}",
                         f"discard:{state.seats[2].hand[0]}")
    assert state.seats[0].stages == ["altar"]
    built = of_kind(events, "stage_built")[0]
    assert built.params == {"stage": 1, "ship": False, "bank": 0} and built.visible_to is None
    assert all("altar" not in str(e.params) for e in events if e.visible_to is None)
    for seat in (None, 1, 2):
        assert "altar" not in view_strings(G.view(state, seat))
    assert G.view(state, None).players[0].stages_built == 1
    stages(state, 0, 3)
    assert not [m for m in moves(state, 0) if m.startswith("stage:")]
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move(f"stage:{state.seats[0].hand[0]}"))
    assert caught.value.code == "wonders.error.no_stage_left"


def test_W52_W56_land_conflicts_at_the_end_of_an_age():
    state = start(3, hands={1: {0: ["barracks"], 1: ["stone_pit"], 2: ["clay_pool"]}})
    state, _ = turn(state, "build:barracks", "build:stone_pit", "build:clay_pool")
    while state.age == 1:
        state, events = discard_all(state)
    assert state.seats[0].land == [1, 1]
    assert state.seats[1].land == [-1] and state.seats[2].land == [-1]
    conflicts = of_kind(events, "land_conflict")
    assert len(conflicts) == 3  # at 3 players every pair fights once


def test_W78_W79_olympia_free_build_once_per_age():
    state = start(3, boards=["olympia", "rhodos", "giza"], hands={1: {0: ["barracks", "baths", "altar"]}})
    stages(state, 0, 2)
    coins(state, 0, 0)
    legal = moves(state, 0)
    assert "free:barracks" in legal and "free:baths" in legal
    assert not [m for m in legal if m.startswith("free:altar")]  # a card without a cost: nothing to waive
    state, events = turn(state, "free:barracks", *(f"discard:{state.seats[s].hand[0]}" for s in (1, 2)))
    assert state.seats[0].city == ["barracks"] and state.seats[0].free_used
    assert of_kind(events, "card_built")[0].params["free"] is True
    assert not [m for m in moves(state, 0) if m.startswith("free:")]
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move(f"free:{state.seats[0].hand[0]}"))
    assert caught.value.code in ("wonders.error.free_build_used", "wonders.error.nothing_to_waive")
    while state.age == 1:
        state, _ = discard_all(state)
    assert not state.seats[0].free_used


def test_W82_W83_halikarnassos_builds_from_the_discard_pile():
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b",
                  hands={1: {0: ["altar", "stockade"], 1: ["barracks"], 2: ["guard_tower"]}})
    give(state, 0, "lumber_yard")
    state.seats[0].city = ["ore_vein", "lumber_yard"]
    state.seats[0].coins = 5
    # stage 1 of side B costs 2 ore: one own, one bought from the right neighbour (Rhodos, seat 2? no: seat 2 is
    # Giza) -> seat 0's neighbours are seat 1 (left, Rhodos: ore) and seat 2 (right, Giza: stone)
    state, events = turn(state, "stage:altar:l2r0", "discard:barracks", "discard:guard_tower")
    assert G.active_seats(state) == frozenset({0})
    assert G.pending(state, 0).kind == "revive"
    assert set(G.view(state, 0).discard) == {"barracks", "guard_tower"}
    for seat in (None, 1, 2):
        assert G.view(state, seat).discard == [] and G.view(state, seat).discard_size == 2
        assert "barracks" not in view_strings(G.view(state, seat))
    # W82: the two cards, and building nothing (the stage lets its owner build; it does not force it)
    assert moves(state, 0) == ["revive:barracks", "revive:guard_tower", "revive:none"]
    state, events = play(state, (0, "revive:barracks"))
    assert state.seats[0].city == ["ore_vein", "lumber_yard", "barracks"]
    built = of_kind(events, "card_built")[0]
    assert built.params["discard_pile"] and built.visible_to is None and built.reveals
    assert state.discard == ["guard_tower"] and state.turn == 2
    sound(state, cards=False)


def test_W82_halikarnassos_may_build_nothing_from_the_discard_pile():
    """W82 lets the owner build a discarded card: declining (``revive:none``) is always offered, after the cards,
    and leaves the pile and the city as they were; the table learns only that nothing was built."""
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b",
                  hands={1: {0: ["altar"], 1: ["barracks"], 2: ["guard_tower"]}})
    state.seats[0].city = ["ore_vein", "foundry"]
    state, _ = turn(state, "stage:altar", "discard:barracks", "discard:guard_tower")
    assert G.pending(state, 0).kind == "revive" and moves(state, 0)[-1] == "revive:none"
    assert [o.move for o in G.view(state, 0).options][-1] == "revive:none"
    city, pile, coins_before = list(state.seats[0].city), list(state.discard), state.seats[0].coins
    state, events = play(state, (0, "revive:none"))
    assert state.seats[0].city == city and state.discard == pile and state.seats[0].coins == coins_before
    assert not of_kind(events, "card_built")
    declined = of_kind(events, "revive_declined")
    assert len(declined) == 1 and declined[0].seat == 0 and declined[0].params == {}
    assert declined[0].visible_to is None and declined[0].reveals
    assert state.turn == 2 and G.pending(state, 0).kind == "turn"
    sound(state, cards=False)


def test_W84_halikarnassos_with_nothing_buildable():
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b", hands={1: {0: ["altar"]}})
    state.seats[0].city = ["ore_vein", "foundry"]
    state, events = turn(state, "stage:altar", *(f"discard:{state.seats[s].hand[0]}" for s in (1, 2)))
    # the pile holds the two discards: they are buildable
    assert G.pending(state, 0).kind == "revive"
    state2 = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b",
                   hands={1: {0: ["altar"], 1: ["stone_pit"], 2: ["clay_pool"]}})
    state2.seats[0].city = ["ore_vein", "foundry", "stone_pit", "clay_pool"]
    state2, events = turn(state2, "stage:altar", "discard:stone_pit", "discard:clay_pool")
    assert "revive_nothing" in kinds(events) and state2.turn == 2


def test_W85_AR159_babylon_b_plays_the_last_card_after_everyone():
    state = start(3, boards=["babylon", "rhodos", "giza"], sides="b")
    stages(state, 0, 2)
    while state.turn < 6:
        state, _ = discard_all(state)
    state, events = discard_all(state)
    assert state.age == 1 and G.active_seats(state) == frozenset({0})
    assert G.pending(state, 0).kind == "last"
    assert [len(p.hand) for p in state.seats] == [1, 0, 0]
    assert len(of_kind(events, "last_discarded")) == 2
    card = state.seats[0].hand[0]
    coins_before = state.seats[0].coins
    state, events = play(state, (0, f"discard:{card}"))
    assert state.age == 2 and state.seats[0].coins == coins_before + 3
    assert of_kind(events, "turn_revealed")[0].params["extra"] is True
    sound(state, cards=False)


def test_wrong_decision_and_not_your_decision():
    state = start(3)
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("island:bronze_island"))
    assert caught.value.code == "wonders.error.wrong_decision"
    state, _ = discard_all(state)
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b", hands={1: {0: ["altar"]}})
    state.seats[0].city = ["ore_vein", "foundry"]
    state, _ = turn(state, "stage:altar", *(f"discard:{state.seats[s].hand[0]}" for s in (1, 2)))
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 1, G.parse_move("revive:altar"))
    assert caught.value.code == "wonders.error.not_your_decision"
