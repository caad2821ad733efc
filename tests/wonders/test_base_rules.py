"""Base-game rules of the checklist (W1-W90) played through the engine: players, actions, production, commerce,
wonders, military, commercial cards and guilds.

Seats: seat i's left neighbour is i + 1 and its right neighbour i - 1 (mod n). Starting resources: Rhodos O,
Alexandria G, Ephesos P, Babylon C, Olympia W, Halikarnassos L, Giza S.
"""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove
from rules.wonders.data import CARDS
from rules.wonders.economy import production
from rules.wonders.scoring import score_sheet

from .helpers import (
    G, coins, finish_age, give, hand, kinds, moves, of_kind, option, others, play, refused, sound, stages, start,
    turn,
)

NO_WOOD = ["alexandria", "ephesos", "halikarnassos"]  # starting resources G, P, L


def builds(state, seat, card):
    """The legal build moves of one card."""
    return [m for m in moves(state, seat) if m.startswith(f"build:{card}")]


# --- players and the turn ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("armada", [False, True])
def test_W1_AR1_three_to_seven_players(armada):
    for players in range(3, 8):
        state = G.setup(players, {"armada": armada}, seed=players)
        assert state.players == players and len(state.seats) == players
    for players in (1, 2, 8):
        with pytest.raises(IllegalMove) as caught:
            G.setup(players, {"armada": armada}, seed=1)
        assert caught.value.code == "error.player_count"


def test_W4_the_wonder_produces_its_resource_every_turn():
    # Olympia makes wood; nobody else does: Stockade (W) is built with it on turn 1, School (W P) on turn 2.
    state = start(3, boards=["olympia", "alexandria", "ephesos"], hands={1: {0: ["stockade"]}})
    assert production(state.seats[0]).fixed[0] == 1
    assert builds(state, 0, "stockade") == ["build:stockade"]
    state, _ = turn(state, "build:stockade", *others(state, 0))
    hand(state, 0, "school", *state.seats[0].hand[1:])
    give(state, 0, "press")
    assert builds(state, 0, "school") == ["build:school"]
    state, _ = turn(state, "build:school", *others(state, 0))
    assert state.seats[0].city == ["stockade", "press", "school"] and state.seats[0].coins == 3


def test_W26_production_is_not_used_up():
    # One Lumber Yard pays the wood of Stockade on turn 1 and again the wood of School on turn 2.
    state = start(3, boards=NO_WOOD, hands={1: {0: ["stockade"]}})
    give(state, 0, "lumber_yard", "press")
    state, _ = turn(state, "build:stockade", *others(state, 0))
    hand(state, 0, "school", *state.seats[0].hand[1:])
    assert builds(state, 0, "school") == ["build:school"]
    state, _ = turn(state, "build:school", *others(state, 0))
    assert {"stockade", "school"} <= set(state.seats[0].city) and state.seats[0].coins == 3


def test_W13_choices_are_resolved_together_whatever_their_order():
    def play_in(order):
        state = start(3, hands={1: {0: ["altar"], 1: ["clay_pit"], 2: ["stone_pit"]}})
        chosen = {0: "build:altar", 1: "build:clay_pit", 2: "discard:stone_pit"}
        for seat in order[:-1]:
            state, evs = play(state, (seat, chosen[seat]))
            assert "turn_revealed" not in kinds(evs) and not any(p.city for p in state.seats)
        state, evs = play(state, (order[-1], chosen[order[-1]]))
        assert kinds(evs).count("turn_revealed") == 1
        return state

    a, b = play_in((0, 1, 2)), play_in((2, 0, 1))
    assert a.model_dump_json() == b.model_dump_json()
    assert a.seats[0].city == ["altar"] and a.seats[1].city == ["clay_pit"] and a.discard == ["stone_pit"]


def test_W18_each_player_takes_exactly_one_of_the_three_actions():
    state = start(3, boards=["rhodos", "olympia", "alexandria"], hands={1: {0: ["altar"], 1: ["theater"]}})
    give(state, 1, "lumber_yard")  # Olympia A stage 1: 2 wood (the board's own and the Lumber Yard)
    for seat in range(3):
        assert {m.split(":")[0] for m in moves(state, seat)} <= {"build", "free", "stage", "discard"}
    before = [(len(p.hand), len(p.city), len(p.stages)) for p in state.seats]
    state, events = turn(state, "build:altar", "stage:theater", f"discard:{state.seats[2].hand[0]}")
    after = [(len(p.hand), len(p.city), len(p.stages)) for p in state.seats]
    assert [a[0] for a in after] == [b[0] - 1 for b in before]
    assert after[0][1:] == (before[0][1] + 1, 0)
    assert after[1][1:] == (before[1][1], 1)
    assert after[2][1:] == (0, 0) and len(state.discard) == 1
    assert kinds(events).count("card_built") == kinds(events).count("stage_built") == 1


def test_W19_discarding_gives_3_coins():
    state = start(3)
    state, events = turn(state, *others(state))
    assert [p.coins for p in state.seats] == [6, 6, 6]
    gains = of_kind(events, "coins_gained")
    assert [e.params for e in gains] == [{"amount": 3, "reason": "discard"}] * 3


def test_W23_a_free_structure_costs_nothing():
    state = start(3, hands={1: {0: ["altar"]}})
    coins(state, 0, 0)
    assert builds(state, 0, "altar") == ["build:altar"]
    state, events = turn(state, "build:altar", *others(state, 0))
    assert state.seats[0].coins == 0 and state.seats[0].city == ["altar"]
    assert of_kind(events, "card_built")[0].params["bank"] == 0


def test_W24_a_coin_cost_goes_to_the_bank():
    state = start(3, hands={1: {0: ["clay_pit"]}})
    assert option(state, 0, "build:clay_pit").bank == 1
    state, events = turn(state, "build:clay_pit", *others(state, 0))
    assert state.seats[0].coins == 2
    assert [state.seats[s].coins for s in (1, 2)] == [6, 6]  # their discards only: nobody received the coin
    assert of_kind(events, "card_built")[0].params["bank"] == 1 and not of_kind(events, "traded")
    coins(state, 0, 0)
    hand(state, 0, "timber_yard", *state.seats[0].hand[1:])
    assert builds(state, 0, "timber_yard") == []


def test_W25_a_resource_cost_must_be_fully_covered():
    # Barracks costs 1 ore: nobody of Alexandria, Ephesos, Halikarnassos makes ore.
    state = start(3, boards=NO_WOOD, hands={1: {0: ["barracks"]}})
    coins(state, 30, 0)
    assert builds(state, 0, "barracks") == []
    refused(state, 0, "build:barracks", "wonders.error.cannot_pay")
    give(state, 2, "ore_vein")  # the right neighbour sells it
    assert builds(state, 0, "barracks") == ["build:barracks:l0r2"]


def test_W27_one_unit_pays_one_unit_a_turn():
    # Walls costs 3 stone: Giza's stone and a Stone Pit make 2, and no neighbour sells stone.
    state = start(3, boards=["giza", "alexandria", "ephesos"])
    hand(state, 0, "walls", *state.seats[0].hand[1:])
    give(state, 0, "stone_pit")
    assert builds(state, 0, "walls") == []
    give(state, 0, "quarry")
    assert builds(state, 0, "walls") == ["build:walls"]


def test_W28_a_choice_card_gives_one_of_its_resources_a_turn():
    # Timber Yard (S/W) and Clay Pit (C/O) cannot pay the 3 units of Stables (C W O) on their own.
    state = start(3, boards=NO_WOOD)
    hand(state, 0, "stables", "stockade", "baths", "barracks", "guard_tower", "altar", "theater")
    give(state, 0, "timber_yard", "clay_pit")
    for card in ("stockade", "baths", "barracks", "guard_tower"):
        assert builds(state, 0, card) == [f"build:{card}"]
    assert builds(state, 0, "stables") == []
    give(state, 0, "ore_vein")
    assert builds(state, 0, "stables") == ["build:stables"]


def test_W29_a_card_built_this_turn_pays_for_nothing_this_turn():
    state = start(3, boards=NO_WOOD, hands={1: {0: ["stockade"], 1: ["lumber_yard"]}})
    state, _ = play(state, (1, "build:lumber_yard"))
    assert builds(state, 0, "stockade") == []  # the Lumber Yard chosen by the left neighbour does not exist yet
    refused(state, 0, "build:stockade:l2r0", "wonders.error.cannot_pay")
    state, _ = play(state, (0, "discard:stockade"), (2, f"discard:{state.seats[2].hand[0]}"))
    hand(state, 0, "school", *state.seats[0].hand[1:])
    give(state, 0, "press")
    assert builds(state, 0, "school") == ["build:school:l2r0"]  # from the next turn on


# --- commerce --------------------------------------------------------------------------------------------------


def test_W32_buying_costs_2_coins_paid_to_the_neighbour():
    state = start(3, boards=NO_WOOD, hands={1: {0: ["stockade"]}})
    give(state, 1, "lumber_yard")
    assert builds(state, 0, "stockade") == ["build:stockade:l2r0"]
    state, events = turn(state, "build:stockade:l2r0", *others(state, 0))
    assert state.seats[0].coins == 1 and state.seats[1].coins == 3 + 3 + 2
    assert of_kind(events, "traded")[0].params == {"to": 1, "coins": 2, "side": "left"}


def test_W33_no_trade_with_a_player_two_seats_away():
    # 5 players: only Olympia (seat 3, two seats to the right of seat 0) makes wood.
    state = start(5, boards=["rhodos", "alexandria", "ephesos", "olympia", "babylon"], hands={1: {0: ["stockade"]}})
    coins(state, 30, 0)
    assert builds(state, 0, "stockade") == []
    give(state, 4, "lumber_yard")
    assert builds(state, 0, "stockade") == ["build:stockade:l0r2"]


def test_W34_brown_grey_and_the_wonder_resource_can_be_bought():
    state = start(3, boards=["alexandria", "ephesos", "giza"], hands={1: {0: ["baths", "apothecary", "stockade"]}})
    give(state, 1, "loom", "timber_yard")  # grey card and brown choice card of the left neighbour
    assert builds(state, 0, "baths") == ["build:baths:l0r2", "build:baths:l2r0"]  # Giza's stone, the Timber Yard
    assert builds(state, 0, "apothecary") == ["build:apothecary:l2r0"]
    assert builds(state, 0, "stockade") == ["build:stockade:l2r0"]


def test_W35_W70_forum_and_caravansery_produce_for_their_owner_only():
    state = start(3, boards=NO_WOOD)
    hand(state, 0, "stockade", "baths", "barracks", "guard_tower", "school", "apothecary", "workshop")
    give(state, 0, "forum", "caravansery")
    assert sorted(G.view(state, None).players[0].choices) == ["GLP", "WSOC"]
    for card in ("stockade", "baths", "barracks", "guard_tower", "apothecary", "workshop"):
        assert builds(state, 0, card) == [f"build:{card}"]  # one unit a turn from either
    assert builds(state, 0, "school") == ["build:school"]  # W from the Caravansery, P from the Forum
    # the neighbours cannot buy from them (nobody else makes wood or stone)
    coins(state, 20, 1, 2)
    for seat in (1, 2):
        hand(state, seat, "stockade", "baths")
        assert builds(state, seat, "stockade") == [] and builds(state, seat, "baths") == []


def test_W36_W87_alexandria_stage_resources_are_not_for_sale():
    state = start(3, boards=["ephesos", "alexandria", "halikarnassos"])
    stages(state, 1, 2)  # Alexandria A stage 2: one of W/S/O/C a turn
    hand(state, 0, "stockade", "baths")
    hand(state, 1, "stockade", "baths")
    coins(state, 20, 0)
    assert builds(state, 1, "stockade") == ["build:stockade"] and builds(state, 1, "baths") == ["build:baths"]
    assert builds(state, 0, "stockade") == [] and builds(state, 0, "baths") == []
    state.seats[1].stages = []
    give(state, 1, "timber_yard")
    assert builds(state, 0, "stockade") == ["build:stockade:l2r0"]  # a brown S/W card would be


def test_W37_a_neighbour_cannot_refuse_to_sell():
    state = start(3, boards=NO_WOOD, hands={1: {0: ["stockade"]}})
    give(state, 1, "lumber_yard")
    seller_moves = moves(state, 1)
    state, _ = play(state, (0, "build:stockade:l2r0"))
    assert moves(state, 1) == seller_moves  # the seller is never asked, whatever it does
    assert {m.split(":")[0] for m in seller_moves} <= {"build", "stage", "discard"}
    state, events = play(state, (1, f"discard:{state.seats[1].hand[0]}"), (2, f"discard:{state.seats[2].hand[0]}"))
    assert "stockade" in state.seats[0].city and state.seats[1].coins == 3 + 3 + 2


def test_W38_the_seller_uses_the_unit_it_sells():
    state = start(3, boards=NO_WOOD, hands={1: {1: ["stockade"]}})
    give(state, 1, "lumber_yard")
    hand(state, 0, "school", *state.seats[0].hand[1:])
    give(state, 0, "press")
    state, _ = turn(state, "build:school:l2r0", "build:stockade", f"discard:{state.seats[2].hand[0]}")
    assert "school" in state.seats[0].city and "stockade" in state.seats[1].city
    assert state.seats[1].coins == 3 + 2


def test_W39_both_neighbours_buy_the_same_unit():
    state = start(3, boards=NO_WOOD, hands={1: {1: ["stockade"]}})
    give(state, 0, "lumber_yard")
    hand(state, 2, "school", *state.seats[2].hand[1:])
    give(state, 2, "press")
    # seat 0 is the right neighbour of seat 1 and the left neighbour of seat 2
    state, events = turn(state, f"discard:{state.seats[0].hand[0]}", "build:stockade:l0r2", "build:school:l2r0")
    assert "stockade" in state.seats[1].city and "school" in state.seats[2].city
    assert state.seats[0].coins == 3 + 3 + 2 + 2
    assert sorted((e.seat, e.params["to"]) for e in of_kind(events, "traded")) == [(1, 0), (2, 0)]


def test_W40_no_more_units_than_the_neighbour_makes():
    state = start(3, boards=NO_WOOD)
    hand(state, 0, "caravansery", *state.seats[0].hand[1:])  # 2 wood
    give(state, 1, "lumber_yard")
    coins(state, 20, 0)
    assert builds(state, 0, "caravansery") == []
    refused(state, 0, "build:caravansery:l4r0", "wonders.error.cannot_pay")
    give(state, 2, "lumber_yard")
    assert builds(state, 0, "caravansery") == ["build:caravansery:l2r2"]
    refused(state, 0, "build:caravansery:l4r0", "wonders.error.no_such_plan")


def _price_board(discount=None, olympia_b=False):
    boards = ["olympia" if olympia_b else "rhodos", "giza", "babylon"]  # left makes S, right makes C
    state = start(3, boards=boards, sides="b" if olympia_b else "a")
    hand(state, 0, "baths", "guard_tower", "apothecary", "scriptorium")
    give(state, 1, "loom")
    give(state, 2, "press")
    if discount:
        give(state, 0, discount)
    if olympia_b:
        stages(state, 0, 1)
    return state


def test_W44_east_trading_post_raw_from_the_right_at_1():
    state = _price_board("east_trading_post")
    assert builds(state, 0, "guard_tower") == ["build:guard_tower:l0r1"]  # clay from the right
    assert builds(state, 0, "baths") == ["build:baths:l2r0"]  # stone from the left: still 2
    assert builds(state, 0, "scriptorium") == ["build:scriptorium:l0r2"]  # goods: still 2


def test_W45_west_trading_post_raw_from_the_left_at_1():
    state = _price_board("west_trading_post")
    assert builds(state, 0, "baths") == ["build:baths:l1r0"]
    assert builds(state, 0, "guard_tower") == ["build:guard_tower:l0r2"]
    assert builds(state, 0, "apothecary") == ["build:apothecary:l2r0"]


def test_W46_marketplace_goods_from_both_at_1():
    state = _price_board("marketplace")
    assert builds(state, 0, "apothecary") == ["build:apothecary:l1r0"]
    assert builds(state, 0, "scriptorium") == ["build:scriptorium:l0r1"]
    assert builds(state, 0, "baths") == ["build:baths:l2r0"] and builds(state, 0, "guard_tower") == [
        "build:guard_tower:l0r2"]


def test_W80_olympia_b_raw_from_both_at_1():
    state = _price_board(olympia_b=True)
    assert builds(state, 0, "baths") == ["build:baths:l1r0"]
    assert builds(state, 0, "guard_tower") == ["build:guard_tower:l0r1"]
    assert builds(state, 0, "apothecary") == ["build:apothecary:l2r0"]  # goods: still 2
    state.seats[0].stages = []
    assert builds(state, 0, "baths") == ["build:baths:l2r0"]  # not before the stage is built


# --- wonders ---------------------------------------------------------------------------------------------------


def test_W49_any_card_of_any_colour_builds_a_stage():
    state = start(3)
    cards = ["lumber_yard", "loom", "altar", "tavern", "stockade", "apothecary", "workers_guild"]
    assert {CARDS[c].colour for c in cards} == {"brown", "grey", "blue", "yellow", "red", "green", "purple"}
    hand(state, 0, *cards)
    give(state, 0, "sawmill")  # Rhodos A stage 1: 2 wood
    assert {m for m in moves(state, 0) if m.startswith("stage:")} == {f"stage:{c}" for c in cards}
    state, _ = turn(state, "stage:workers_guild", *others(state, 0))
    assert state.seats[0].stages == ["workers_guild"] and "workers_guild" not in state.seats[0].city


def test_W51_a_stage_is_paid_with_commerce():
    state = start(3, boards=["rhodos", "olympia", "alexandria"])
    give(state, 2, "lumber_yard")
    coins(state, 4, 0)
    # Rhodos A stage 1 costs 2 wood: one from each neighbour
    stage = [m for m in moves(state, 0) if m.startswith("stage:")]
    assert {m.split(":")[2] for m in stage} == {"l2r2"}
    state, events = turn(state, stage[0], *others(state, 0))
    assert len(state.seats[0].stages) == 1 and state.seats[0].coins == 0
    assert state.seats[1].coins == 3 + 3 + 2 and state.seats[2].coins == 3 + 3 + 2


def test_W88_rhodes_stage_shields_are_land_shields():
    state = start(3, hands={1: {1: ["barracks"]}})
    stages(state, 0, 2)  # Rhodos A stage 2: 2 shields
    give(state, 1, "ore_vein")
    assert G.view(state, None).players[0].shields == 2
    state, _ = turn(state, f"discard:{state.seats[0].hand[0]}", "build:barracks", f"discard:{state.seats[2].hand[0]}")
    state, _ = finish_age(state)
    assert state.seats[0].land == [1, 1]  # 2 shields beat the Barracks of seat 1 and the nothing of seat 2
    assert sorted(state.seats[1].land) == [-1, 1]


def test_W89_ephesos_a_stage_2_gives_9_coins_once():
    state = start(3, boards=["ephesos", "rhodos", "giza"])
    stages(state, 0, 1)
    give(state, 0, "sawmill")  # stage 2: 2 wood
    state, events = turn(state, f"stage:{state.seats[0].hand[0]}", *others(state, 0))
    assert state.seats[0].coins == 3 + 9
    assert {"amount": 9, "reason": "stage"} in [e.params for e in of_kind(events, "coins_gained") if e.seat == 0]
    state, events = turn(state, *others(state))
    assert state.seats[0].coins == 3 + 9 + 3
    sound(state, cards=False)


# --- military --------------------------------------------------------------------------------------------------


def test_W53_W54_W55_land_conflict_values_by_age():
    # seat 0 and seat 2 have 1 shield each, seat 1 none: 0 and 2 tie, each beats seat 1
    state = start(3)
    give(state, 0, "barracks")
    give(state, 2, "stockade")
    tokens = []
    for age in (1, 2, 3):
        state, events = finish_age(state)
        conflicts = {(e.seat, e.params["other"]): e.params for e in of_kind(events, "land_conflict")}
        assert conflicts[(0, 2)]["tokens"] == [] and conflicts[(0, 2)]["other_tokens"] == []  # W55
        tokens.append([list(p.land) for p in state.seats])
    assert tokens[-1][0] == [1, 3, 5] and tokens[-1][2] == [1, 3, 5]  # W53
    assert tokens[-1][1] == [-1, -1, -1, -1, -1, -1]  # W54: -1 in every age
    assert state.phase == "over" and score_sheet(state, 1)["military"] == -6


# --- commercial cards (coins when built) --------------------------------------------------------------------------


def _build_now(state, card, seat=0):
    hand(state, seat, card, *state.seats[seat].hand[1:])
    state, events = turn(state, *(f"build:{card}" if s == seat else f"discard:{state.seats[s].hand[0]}"
                                  for s in sorted(G.active_seats(state))))
    gained = sum(e.params["amount"] for e in of_kind(events, "coins_gained")
                 if e.seat == seat and e.params["reason"] == "card")
    return state, gained


def test_W63_tavern_gives_5_coins():
    state, gained = _build_now(start(3), "tavern")
    assert gained == 5 and state.seats[0].coins == 8


def test_W64_vineyard_counts_brown_cards_of_the_three_cities():
    state = start(3)
    give(state, 0, "lumber_yard")
    give(state, 1, "ore_vein", "clay_pool")
    give(state, 2, "stone_pit")
    give(state, 1, "loom")  # grey: not counted
    state, gained = _build_now(state, "vineyard")
    assert gained == 1 + 2 + 1


def test_W65_bazar_counts_grey_cards_of_the_three_cities_twice():
    state = start(3)
    give(state, 0, "loom")
    give(state, 1, "press")
    give(state, 2, "glassworks", "lumber_yard")
    state, gained = _build_now(state, "bazar")
    assert gained == 2 * 3


def test_W67_lighthouse_counts_itself():
    state = start(3)
    give(state, 0, "tavern", "stone_pit", "glassworks")  # Lighthouse costs S G
    give(state, 1, "marketplace")  # a neighbour's yellow card does not count
    state, gained = _build_now(state, "lighthouse")
    assert gained == 2
    assert score_sheet(state, 0)["commercial"] == 2


def test_W68_chamber_of_commerce_two_coins_and_two_points_per_grey_card():
    state = start(3)
    give(state, 0, "loom", "glassworks", "brickyard", "press")  # cost 2C P; 3 grey cards
    give(state, 1, "loom")  # not counted
    state, gained = _build_now(state, "chamber_of_commerce")
    assert gained == 2 * 3
    assert score_sheet(state, 0)["commercial"] == 2 * 3


# --- guilds ----------------------------------------------------------------------------------------------------


def test_W72_craftsmens_guild_two_points_per_neighbouring_grey_card():
    state = start(3)
    give(state, 0, "craftsmens_guild", "loom", "press")  # own grey cards do not count
    give(state, 1, "glassworks")
    give(state, 2, "loom", "press")
    assert score_sheet(state, 0)["guilds"] == 2 * 3


@pytest.mark.parametrize("guild,colour_cards", [
    ("traders_guild", ["tavern", "marketplace", "vineyard"]),
    ("philosophers_guild", ["apothecary", "workshop", "library"]),
    ("spies_guild", ["stockade", "barracks", "walls"]),
    ("magistrates_guild", ["altar", "baths", "temple"]),
])
def test_W73_one_point_per_neighbouring_card_of_the_guild_colour(guild, colour_cards):
    state = start(3)
    give(state, 0, guild, *colour_cards)  # own cards of that colour do not count
    give(state, 1, *colour_cards[:2], "lumber_yard")
    give(state, 2, colour_cards[2], "loom")
    assert score_sheet(state, 0)["guilds"] == 3


def test_W75_shipowners_guild_counts_own_brown_grey_purple_itself_included():
    state = start(3)
    give(state, 0, "shipowners_guild", "lumber_yard", "quarry", "loom", "spies_guild", "altar")
    give(state, 1, "ore_vein", "press", "workers_guild")  # the neighbours' cards do not count
    assert score_sheet(state, 0)["guilds"] == (1 + 2 + 1 + 1) + 0  # Spies: no red card next door
    state.seats[0].city.remove("spies_guild")
    assert score_sheet(state, 0)["guilds"] == 1 + 2 + 1


def test_W21_one_shared_discard_pile_that_persists_across_ages():
    state = start(3)
    cards = [p.hand[0] for p in state.seats]
    state, _ = turn(state, *others(state))
    assert sorted(state.discard) == sorted(cards)  # the three discards, one pile
    state, _ = finish_age(state)
    assert state.age == 2 and sorted(state.discard[:3]) == sorted(cards)
    assert len(state.discard) == 3 * 6 + 3  # 6 discards each and the 3 last cards
    assert G.view(state, 1).discard_size == len(state.discard) and G.view(state, 1).discard == []


def test_W43_own_production_before_buying():
    # Giza (seat 2, the right neighbour) sells stone, but seat 0 has its own Stone Pit: no purchase is offered.
    state = start(3, boards=["rhodos", "alexandria", "giza"], hands={1: {0: ["baths"]}})
    assert builds(state, 0, "baths") == ["build:baths:l0r2"]
    give(state, 0, "timber_yard")  # a choice card (S/W) counts too
    assert builds(state, 0, "baths") == ["build:baths"]
    refused(state, 0, "build:baths:l0r2", "wonders.error.no_such_plan")


def test_W50_a_card_under_a_stage_has_no_effect_and_stays_hidden():
    state = start(3)
    hand(state, 0, "tavern", *state.seats[0].hand[1:])
    give(state, 0, "sawmill")  # Rhodos A stage 1: 2 wood
    state, events = turn(state, "stage:tavern", *others(state, 0))
    assert state.seats[0].coins == 3  # no 5 coins from the Tavern
    assert state.seats[0].stages == ["tavern"] and "tavern" not in state.seats[0].city
    for seat in (None, 1, 2):
        assert "tavern" not in str(G.view(state, seat).model_dump())
    assert all("tavern" not in str(e.params) for e in events if e.visible_to is None)
