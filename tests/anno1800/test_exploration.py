"""The Old World, the New World, expeditions and the festival (spec §6.6-§6.9; checklist A102-A120, E11, E12)."""

from __future__ import annotations

from rules.anno1800.data import OLD_WORLD_TILES
from rules.anno1800.islands import field_ids, field_kinds, tokens

from .helpers import G, build_on, moves, play, put_cube, refused, set_cubes, set_hand, ship_tokens
from .helpers import sound, start


def explorer(old_world=None, new_world=None, explore=10):
    state = start(old_world=old_world, new_world=new_world)
    ship_tokens(state, 0, card_explore=explore)
    return state


def test_A102_A103_one_tile_from_the_top_for_owned_plus_one():
    state = explorer(old_world=["ow05", "ow12", "ow01"] + [t for t in OLD_WORLD_TILES if t not in
                                                          ("ow05", "ow12", "ow01")])
    state, events = play(state, "old_world")
    p = state.seats[0]
    assert p.old_world == ["ow05"] and state.old_world_tiles[0] == "ow12"
    assert [e.params for e in events if e.kind == "tokens_spent"] == [
        {"kind": "exploration", "count": 1, "from_cards": 1}]
    assert any(e.kind == "old_world" and e.reveals for e in events)


def test_E11_second_tile_costs_two_and_its_bonus_acts_at_once():
    state = explorer(old_world=["ow04", "ow12"] + [t for t in OLD_WORLD_TILES if t not in ("ow04", "ow12")])
    state.turn.actions = 2
    state, _ = play(state, "old_world")  # the improved warehouse
    assert "goods_worker" in state.seats[0].buildings
    state, events = play(state, "old_world")  # 2 tokens; 2 expedition cards at once
    assert [e.params["count"] for e in events if e.kind == "tokens_spent"] == [2]
    assert len(state.seats[0].expeditions) == 2
    sound(state)


def test_A104_old_world_cost_ignores_new_world_tiles():
    state = explorer()
    state.seats[0].new_world += state.new_world_tiles[:3]
    del state.new_world_tiles[:3]
    state, events = play(state, "old_world")
    assert [e.params["cost"] for e in events if e.kind == "old_world"] == [1]


def test_A105_at_most_four_old_world_tiles():
    state = explorer()
    state.turn.actions = 5
    for n in range(4):
        state, _ = play(state, "old_world")
    assert len(state.seats[0].old_world) == 4 and "old_world" not in moves(state)
    err = refused(state, 0, "old_world", "anno1800.error.island_limit")
    assert err.params == {"world": "old", "limit": 4}


def test_A106_a_tile_adds_2_inland_2_coast_2_sea():
    for tile in OLD_WORLD_TILES:
        state = explorer(old_world=[tile] + [t for t in OLD_WORLD_TILES if t != tile])
        state, _ = play(state, "old_world")
        kinds = field_kinds(state.seats[0])[20:]
        assert sorted(kinds) == ["coast", "coast", "inland", "inland", "sea", "sea"], tile
        assert field_ids(state.seats[0])[20:] == tuple(f"{tile}_{i}" for i in range(1, 7))


def test_A107_an_effect_bonus_resolves_when_placed():
    state = explorer(old_world=["ow01"] + [t for t in OLD_WORLD_TILES if t != "ow01"])  # 2 farmers, with cards
    hand = len(state.seats[0].hand)
    state, events = play(state, "old_world")
    assert state.seats[0].district[0] == 6 and len(state.seats[0].hand) == hand + 2


def test_A108_a_printed_industry_may_duplicate_one_already_owned():
    state = explorer(old_world=["ow06"] + [t for t in OLD_WORLD_TILES if t != "ow06"])  # a worker coal industry
    build_on(state, 0, "home_12", "coal_worker")
    state, _ = play(state, "old_world")
    p = state.seats[0]
    assert p.buildings.count("coal_worker") == 2 and p.printed[field_ids(p).index("ow06_1")]
    sound(state)


def test_A109_printed_tile_buildings_work_like_built_ones():
    state = explorer(old_world=["ow09"] + [t for t in OLD_WORLD_TILES if t != "ow09"], explore=1)
    state, _ = play(state, "old_world")
    assert tokens(state.seats[0]) == (3, 1)  # the tile's trade ship arrives with its token
    state = explorer(old_world=["ow06"] + [t for t in OLD_WORLD_TILES if t != "ow06"], explore=1)
    state.turn.actions = 2
    set_hand(state, 0, "fw30")  # coal + soap
    state, _ = play(state, "old_world", "build", "build:bricks_worker", "field:home_12")  # coal for the bricks
    assert "pay:w" in moves(state)  # the tile's coal industry, run by a worker


def test_A110_exploring_needs_no_full_home_island():
    state = explorer()
    assert "" in state.seats[0].buildings and "old_world" in moves(state)
    state, _ = play(state, "old_world")
    state.turn.actions = 1
    state, _ = play(state, "build", "build:timber_worker")
    assert "field:home_12" in moves(state)  # the home island stays buildable


def test_E12_A111_A113_first_new_world_tile():
    state = explorer(explore=0, new_world=["nwi03"] + [f"nwi0{i}" for i in (1, 2, 4, 5, 6, 7, 8)])
    hand = len(state.seats[0].hand)
    state, events = play(state, "new_world")
    p = state.seats[0]
    assert p.new_world == ["nwi03"] and len(p.hand) == hand + 3 and tokens(p) == (2, 0)
    assert [e.params for e in events if e.kind == "new_world"] == [
        {"tile": "nwi03", "cost": 1, "resources": ["cotton", "sugar_cane", "coffee_beans"]}]
    assert any(e.kind == "cards_drawn" and e.params["deck"] == "new_world" and e.params["count"] == 3
               for e in events)


def test_A111_new_world_cost_grows_and_ignores_old_world_tiles():
    state = explorer()
    state.seats[0].old_world.append("ow01")
    state.old_world_tiles.remove("ow01")
    state.seats[0].buildings += [""] * 6
    state.seats[0].printed += [False] * 6
    state.seats[0].work += [-1] * 12
    state.turn.actions = 2
    state, events = play(state, "new_world", "new_world")
    assert [e.params["cost"] for e in events if e.kind == "new_world"] == [1, 2]


def test_A112_at_most_four_new_world_tiles():
    state = explorer()
    state.turn.actions = 5
    for _ in range(4):
        state, _ = play(state, "new_world")
    err = refused(state, 0, "new_world", "anno1800.error.island_limit")
    assert err.params == {"world": "new", "limit": 4}


def test_A113_a_short_new_world_deck_gives_what_it_has():
    state = explorer()
    state.seats[1].hand += state.new_world[1:]
    del state.new_world[1:]
    hand = len(state.seats[0].hand)
    state, _ = play(state, "new_world")
    assert len(state.seats[0].hand) == hand + 1


def test_A114_expedition_two_tokens_up_to_three_cards():
    state = explorer(explore=1)  # 2 exploration tokens in all
    assert {"expedition:1", "expedition:2", "expedition:3"} <= set(moves(state))
    state, events = play(state, "expedition:3")
    assert len(state.seats[0].expeditions) == 3 and tokens(state.seats[0])[1] == 0
    state2 = explorer(explore=0)
    refused(state2, 0, "expedition:3", "anno1800.error.not_enough_tokens")


def test_A115_expedition_deck_limits():
    state = explorer()
    state.seats[1].expeditions += state.expeditions[2:]
    del state.expeditions[2:]
    assert "expedition:3" not in moves(state) and "expedition:2" in moves(state)
    refused(state, 0, "expedition:3", "anno1800.error.not_enough_cards")
    state.seats[1].expeditions += state.expeditions
    state.expeditions.clear()
    err = refused(state, 0, "expedition:1", "anno1800.error.deck_empty")
    assert err.params == {"deck": "expeditions"}


def test_A116_expedition_cards_are_secret():
    state = explorer()
    state, events = play(state, "expedition:3")
    cards = state.seats[0].expeditions
    public = [e for e in events if e.visible_to is None]
    assert all(not set(cards) & set(map(str, e.params.values())) for e in public)
    assert [e.params["cards"] for e in events if e.kind == "expeditions_received"] == [cards]
    assert G.view(state, 0).expeditions == cards
    other = G.view(state, 1)
    assert other.expeditions == [] and other.players[0].expedition_count == 3 and other.players[0].expeditions == []


def test_A117_expedition_cards_are_not_hand_cards():
    state = explorer()
    set_hand(state, 0, "fw36")
    state.seats[0].expeditions.append(state.expeditions.pop())
    ship_tokens(state, 0, card_explore=2)
    state, events = play(state, "play:fw36")
    assert state.fireworks == 0 and "end_triggered" in [e.kind for e in events]


def test_A118_A119_A120_festival_resets_cubes_ships_and_card_tokens():
    state = start()
    set_cubes(state, 0, {"farmer": 2}, {"worker": 2})
    put_cube(state, 0, "home_1", "farmer", 0)
    put_cube(state, 0, "home_7", "worker", 1)  # a mismatched cube (upgraded in place) goes to its own district
    ship_tokens(state, 0, trade_used=2, explore_used=1, card_trade=3, card_explore=1)
    state, events = play(state, "festival")
    p = state.seats[0]
    assert p.district == [3, 6, 2, 0, 0] and p.exhausted == [0] * 5 and all(t < 0 for t in p.work)
    assert tokens(p) == (2, 1) and p.card_trade == p.card_explore == 0
    assert [e.params for e in events if e.kind == "festival"] == [
        {"cubes": 4, "trade": 2, "exploration": 1, "card_tokens_lost": 4}]
    sound(state)


def test_A18_festival_needs_nothing():
    state = start()
    set_cubes(state, 0, {"farmer": 0, "worker": 0, "artisan": 0})
    ship_tokens(state, 0, trade_used=2, explore_used=1)
    state.seats[0].hand.clear()
    assert moves(state)[-1] == "festival" or "festival" in moves(state)
