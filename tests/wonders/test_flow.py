"""More of the flow: the side choice, the end of an age, timing details of the end-of-turn order."""

from __future__ import annotations

from .helpers import (
    G, discard_all, give, hand, kinds, moves, of_kind, play, ships, sound, stages, start, top_islands,
    turn, view_strings,
)

A = {"armada": True}


def test_side_choice_is_simultaneous_and_secret():
    state = start(3, sides=None)
    assert state.phase == "sides" and G.active_seats(state) == frozenset({0, 1, 2})
    state, events = play(state, (1, "side:b"))
    assert state.seats[1].side == "" and state.seats[1].order == "side:b"
    assert G.view(state, 1).my_choice == "side:b" and G.view(state, 0).my_choice is None
    state, events = play(state, (0, "side:a"), (2, "side:b"))
    assert [p.side for p in state.seats] == ["a", "b", "b"]
    assert of_kind(events, "sides_revealed")[0].params == {"sides": ["a", "b", "b"]}
    assert "age_started" in kinds(events) and state.phase == "play" and state.age == 1
    sound(state)


def test_AR67_AR68_land_then_naval_conflict_at_every_age_end():
    state = start(3, A)
    ships(state, 0, red=2)
    ages = []
    while state.phase != "over":
        state, events = discard_all(state)
        if "age_ended" in kinds(events):
            order = kinds(events)
            assert order.index("land_conflict") < order.index("naval_conflict") < order.index("age_ended")
            ages.append(of_kind(events, "naval_conflict")[0].params["tokens"])
    assert ages == [[3, -1, -1], [5, -2, -2], [7, -3, -3]]
    assert state.seats[0].naval == [3, 5, 7]
    assert "game_over" in kinds(events) and G.outcome(state).finished


def test_halikarnassos_on_the_last_turn_sees_the_last_cards():
    # first-edition FAQ: a Halikarnassos stage built on the last turn of an age may take the cards discarded at
    # the end of that age
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b")
    state.seats[0].city = ["ore_vein", "foundry"]
    while state.turn < 6:
        state, _ = discard_all(state)
    last = [p.hand[1] for p in state.seats]
    state, events = turn(state, f"stage:{state.seats[0].hand[0]}", *(f"discard:{state.seats[s].hand[0]}"
                                                                      for s in (1, 2)))
    assert G.pending(state, 0).kind == "revive"
    assert set(last) <= set(G.view(state, 0).discard)
    assert len(of_kind(events, "last_discarded")) == 3
    state, events = play(state, (0, f"revive:{last[1]}"))
    assert last[1] in state.seats[0].city and state.age == 2


def test_AR158_babylon_extra_turn_allows_a_naval_construction():
    state = start(3, A, boards=["babylon", "rhodos", "giza"], sides="b")
    stages(state, 0, 2)
    while state.turn < 7:
        state, _ = discard_all(state)
    state, _ = discard_all(state)
    assert G.pending(state, 0).kind == "last"
    hand(state, 0, "altar")
    give(state, 0, "stone_pit")  # board_1 blue position 1 costs 1 stone
    assert "build:altar:ship" in moves(state, 0)
    state, events = play(state, (0, "build:altar:ship"))
    assert state.seats[0].ships[2] == 1 and state.age == 2


def test_AR140_pirate_harbor_strikes_at_the_end_of_the_turn_it_enters_play():
    state = start(3, A)
    hand(state, 0, "map_room", *state.seats[0].hand[1:])
    give(state, 0, "lumber_yard", "clay_pool")
    ships(state, 1, yellow=1)
    top_islands(state, 2, "pirate_harbor")
    state, events = turn(state, "build:map_room", *(f"discard:{state.seats[s].hand[0]}" for s in (1, 2)))
    assert state.seats[0].islands == ["pirate_harbor"]
    assert state.seats[1].coins == 3 + 3 - 1 and state.seats[2].coins == 3 + 3
    assert kinds(events).index("island_drawn") < kinds(events).index("coins_lost")


def test_exploration_from_a_free_advance_and_island_choice_hidden():
    # a blue Armada card's free advance on green enters position 2: a level-1 exploration, same turn
    state = start(3, A, hands={1: {0: ["shipyard"]}})
    ships(state, 0, green=1)
    state, events = turn(state, "build:shipyard:adv_green", *(f"discard:{state.seats[s].hand[0]}" for s in (1, 2)))
    assert G.pending(state, 0).kind == "island"
    offer = list(state.seats[0].offer)
    for seat in (None, 1, 2):
        assert not set(offer) & view_strings(G.view(state, seat))
    state, events = play(state, (0, f"island:{offer[2]}"))
    assert state.seats[0].islands == [offer[2]]
    sound(state, cards=False)


def test_group_exploration_with_fewer_cards_than_explorers():
    state = start(3, A, hands={1: {0: ["apothecary"], 1: ["workshop"], 2: ["scriptorium"]}})
    for s in range(3):
        give(state, s, "loom", "glassworks", "press")
        ships(state, s, green=1)
    deck = list(state.island_decks[0])
    state.island_decks[0] = deck[:2]
    state.seats[2].islands = deck[2:]  # 7 islands already in play: 2 left in the deck
    state, events = turn(state, "build:apothecary:ship", "build:workshop:ship", "build:scriptorium:ship")
    assert of_kind(events, "exploration")[0].params["cards"] == [1, 1, 0]
    assert [e.seat for e in of_kind(events, "exploration_empty")] == [2]
    assert state.seats[0].islands == [deck[0]] and state.seats[1].islands == [deck[1]]
    assert state.turn == 2
