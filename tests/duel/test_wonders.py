"""Wonders (D61-D84, Q21, Q22, Q24, Q42, Q44, Q45, Q47, Q48)."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove
from rules.duel.data import CARDS, WONDERS, parse_units
from rules.duel.economy import card_price, choice_producers, fixed_production, unit_prices
from rules.duel.scoring import score_sheet

from .helpers import G, built, clear, discard_pile, give, kinds, only_slots, own, play, rich, sound, start

# §3.5: cost, VP, and effects.
SPEC = {
    "appian_way": ("2S 2C P", 3), "circus_maximus": ("2S W G", 3), "colossus": ("3C G", 3),
    "great_library": ("3W G P", 4), "great_lighthouse": ("2P S W", 4), "hanging_gardens": ("2W G P", 3),
    "mausoleum": ("2C 2G P", 2), "piraeus": ("2W S C", 2), "pyramids": ("3S P", 9), "sphinx": ("S C 2G", 6),
    "statue_of_zeus": ("2P C W S", 3), "temple_of_artemis": ("W S G P", 0),
}
PLAY_AGAIN = {"appian_way", "hanging_gardens", "piraeus", "sphinx", "temple_of_artemis"}


def units(wonder: str) -> int:
    return sum(WONDERS[wonder].cost)


def build(state, wonder: str, card: str | None = None, seat: int | None = None):
    """``seat`` (the current one) builds ``wonder`` with ``card`` (default: the first accessible card), buying
    every unit at 2: nothing is produced on either side in these tests unless said."""
    seat = state.current if seat is None else seat
    own(state, seat, wonder)
    card = card or state.slots[max(i for i, c in enumerate(state.slots) if c)]
    return play(state, f"wonder:{wonder}:{card}")


def test_wonder_data_matches_the_rules():
    for w, (cost, vp) in SPEC.items():
        assert WONDERS[w].cost == parse_units(cost), w
        assert WONDERS[w].vp == vp, w
    assert {w for w in WONDERS if WONDERS[w].play_again} == PLAY_AGAIN


@pytest.mark.parametrize("wonder", sorted(SPEC))
def test_D70_to_D82_wonder_victory_points(wonder):
    """D70 D71 D72 D73 D74 D75 D76 D78 D79 D80 D81 D82: each wonder's VP, counted once built (D143)."""
    state = own(start(), 0, wonder)
    assert score_sheet(state, 0)["wonders"] == 0
    built(state, 0, wonder)
    assert score_sheet(state, 0)["wonders"] == SPEC[wonder][1]


@pytest.mark.parametrize("wonder", sorted(SPEC))
def test_D68_play_again_only_for_its_wonders(wonder):
    """D70 D75 D78 D80 D82 give Play Again; the other wonders pass the turn."""
    state = rich(start())
    state, events = build(state, wonder)
    if G.pending(state, 0) and G.pending(state, 0).kind == "library":
        state, more = play(state, f"token:{state.library_offer[0]}")
        events += more
    assert state.current == (0 if wonder in PLAY_AGAIN else 1)
    assert ("play_again" in kinds(events)) == (wonder in PLAY_AGAIN)


def test_D61_only_your_own_wonders():
    state = rich(start())
    seat1_wonders = set(state.seats[1].wonders)
    offered = {m.args[0] for m in G.legal_moves(state, 0) if m.action == "wonder"}
    assert offered == set(state.seats[0].wonders)
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, G.parse_move(f"wonder:colossus:{state.slots[14]}"))
    assert err.value.code == "duel.error.not_your_wonder" and "colossus" in seat1_wonders


def test_D62_D63_Q47_wonder_cost_is_paid_and_any_card_can_be_tucked():
    # The Pretorium costs 8 coins; with 8 coins the player pays the Pyramids (3S + P) instead and tucks it.
    state = start(put={14: "pretorium"})
    state.seats[0].coins = 8
    assert "build:pretorium" in {m.notation for m in G.legal_moves(state, 0)}
    state.seats[0].coins = units("pyramids") * 2
    after, events = play(state, "wonder:pyramids:pretorium")
    assert after.seats[0].coins == 0
    assert after.seats[0].built == {"pyramids": "pretorium"}
    assert "pretorium" not in after.slots
    assert [e.params for e in events if e.kind == "wonder_built"] == [{"wonder": "pyramids", "card": "pretorium",
                                                                       "cost": 8}]
    assert sound(after)


def test_D64_Q21_tucked_card_gives_nothing_and_is_not_discarded():
    state = start(put={14: "guard_tower", 15: "tavern"})
    rich(state, 20)
    state, _ = play(state, "wonder:pyramids:tavern")
    assert state.seats[0].coins == 20 - 8  # the Tavern's 4 coins are not taken
    state, _ = play(state, "discard:" + state.slots[16])
    own(state, 0, "mausoleum")
    state, _ = play(state, "wonder:mausoleum:guard_tower")
    assert state.pawn == 0  # the Guard Tower's shield does not count
    assert "tavern" not in state.discard and "guard_tower" not in state.discard
    assert {m.args[0] for m in G.legal_moves(state, 0)} == set(state.discard)  # D77: Mausoleum never sees them
    assert "tavern" not in state.seats[0].city


def test_D65_a_wonder_is_built_once():
    state = built(rich(start()), 0, "pyramids")
    assert "pyramids" not in {m.args[0] for m in G.legal_moves(state, 0) if m.action == "wonder"}
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, G.parse_move(f"wonder:pyramids:{state.slots[14]}"))
    assert err.value.code == "duel.error.wonder_already_built"


def test_D66_D67_Q24_Q48_the_seventh_wonder_removes_the_eighth():
    # Bruno (seat 1) has built 4 wonders and Antoine (seat 0) 2; Antoine builds the Colossus, his 7th in the game,
    # and returns his unbuilt Pyramids to the box.
    state = rich(start())
    built(state, 1, "circus_maximus", "piraeus", "appian_way", "sphinx")
    own(state, 0, "pyramids", "colossus", "great_lighthouse", "temple_of_artemis")
    built(state, 0, "great_lighthouse", "temple_of_artemis")
    state, events = play(state, f"wonder:colossus:{state.slots[14]}")
    assert sum(len(p.built) for p in state.seats) == 7
    assert state.out_wonders == ["pyramids"] and "pyramids" not in state.seats[0].wonders
    assert [e.params for e in events if e.kind == "wonder_removed"] == [{"wonder": "pyramids"}]
    assert sound(state)
    state, _ = play(state, f"discard:{state.slots[15]}")
    assert not [m for m in G.legal_moves(state, 0) if m.action == "wonder"]
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, G.parse_move(f"wonder:pyramids:{state.slots[16]}"))
    assert err.value.code == "duel.error.wonder_limit"


def test_D67_the_removed_wonder_can_belong_to_the_opponent():
    state = rich(start())
    built(state, 0, "pyramids", "great_lighthouse", "temple_of_artemis")
    built(state, 1, "circus_maximus", "piraeus", "appian_way")
    state, _ = play(state, f"wonder:statue_of_zeus:{state.slots[14]}")
    assert state.out_wonders == ["colossus"] and state.seats[1].wonders == ["circus_maximus", "piraeus",
                                                                             "appian_way"]


def test_D68_Q17_play_again_after_the_reveal():
    state = rich(clear(start(), 15))  # slot 9 is covered only by slot 14 now
    state, events = build(state, "sphinx", card=state.slots[14])
    assert state.face_up[9] and state.current == 0
    assert kinds(events).index("card_revealed") < kinds(events).index("play_again")
    state, _ = play(state, f"discard:{state.slots[9]}")
    assert state.current == 1  # only one extra turn


def test_D69_Q18_play_again_lost_at_the_end_of_the_age():
    state = rich(only_slots(start(), [14]))
    state.pawn = 1  # seat 1 is weaker: it chooses who starts Age II
    state, events = build(state, "sphinx", card=state.slots[14])
    assert "play_again_lost" in kinds(events) and "play_again" not in kinds(events)
    assert state.age == 2 and G.pending(state, 1).kind == "starter"
    assert G.legal_moves(state, 0) == []


def test_D70_appian_way():
    state = start()
    state.seats[0].coins = 10
    state, _ = build(state, "appian_way")
    assert state.seats[0].coins == 3 and state.seats[1].coins == 4
    assert state.current == 0


def test_D70_appian_way_loss_floored_at_zero():
    state = start()
    state.seats[0].coins, state.seats[1].coins = 10, 2
    state, events = build(state, "appian_way")
    assert state.seats[1].coins == 0
    assert [e.params["amount"] for e in events if e.kind == "coins_lost"] == [2]


def test_D71_Q42_circus_maximus_destroys_a_grey_card():
    state = rich(give(start(), 1, "lumber_yard", "glassworks", "press"))
    state, _ = build(state, "circus_maximus")
    assert state.pawn == 1  # its shield
    assert G.pending(state, 0).kind == "destroy" and G.pending(state, 0).params == {"colour": "grey"}
    assert {m.notation for m in G.legal_moves(state, 0)} == {"destroy:glassworks", "destroy:press"}
    state, _ = play(state, "destroy:press")
    assert state.seats[1].city == ["lumber_yard", "glassworks"]
    assert state.discard[-1] == "press" and state.current == 1
    assert sound(state)


def test_D72_Q22_colossus():
    # Antoine tucks any accessible card, pays 3 clay + glass (bought at 2 each) and moves the pawn 2 spaces.
    state = start()
    state.seats[0].coins = 8
    state, _ = build(state, "colossus")
    assert state.seats[0].coins == 0 and state.pawn == 2


def test_D73_Q41_great_library():
    state = rich(start(box=["philosophy", "law", "theology", "urbanism", "strategy"],
                       board=["agriculture", "architecture", "economy", "masonry", "mathematics"]))
    state, events = build(state, "great_library")
    assert G.pending(state, 0).kind == "library"
    assert state.library_offer == ["philosophy", "law", "theology"]
    assert {m.notation for m in G.legal_moves(state, 0)} == {"token:philosophy", "token:law", "token:theology"}
    drawn = [e for e in events if e.kind == "library_drawn"]
    assert drawn[0].visible_to == {0}
    state, _ = play(state, "token:theology")
    assert state.seats[0].tokens == ["theology"]
    assert sorted(state.returned_tokens) == ["law", "philosophy"]
    assert state.library_offer == [] and state.box_tokens == ["urbanism", "strategy"]
    assert state.board_tokens == ["agriculture", "architecture", "economy", "masonry", "mathematics"]
    assert state.current == 1 and sound(state)


def test_D73_great_library_draw_is_random():
    boxes = {tuple(G.setup(2, seed=s).box_tokens[:3]) for s in range(10)}
    assert len(boxes) > 5


def test_D74_great_lighthouse_production():
    state = built(start(), 0, "great_lighthouse")
    prices = unit_prices(state, 1)
    assert prices == [2] * 5  # a wonder's production does not make the opponent pay more
    assert card_price(state, 0, CARDS["baths"]).total == 0


def test_D75_hanging_gardens():
    state = start()
    state.seats[0].coins = 8
    state, _ = build(state, "hanging_gardens")
    assert state.seats[0].coins == 6 and state.current == 0


def test_D76_mausoleum_builds_a_discarded_card_free():
    state = rich(discard_pile(start(), "tavern", "palace"), 10)
    state, _ = build(state, "mausoleum")
    assert state.seats[0].coins == 0
    assert G.pending(state, 0).kind == "mausoleum"
    state, events = play(state, "revive:palace")  # 7 VP, normally C + S + W + 2G
    assert "palace" in state.seats[0].city and "palace" not in state.discard
    assert state.seats[0].coins == 0
    assert score_sheet(state, 0)["civilian"] == 7
    assert state.current == 1 and sound(state)


def test_D76_mausoleum_rebuild_applies_the_card_effects():
    state = rich(discard_pile(start(), "tavern"), 10)
    state, _ = build(state, "mausoleum")
    state, _ = play(state, "revive:tavern")
    assert state.seats[0].coins == 4


def test_D77_Q40_mausoleum_cannot_take_removed_or_tucked_cards():
    state = rich(discard_pile(start(), "baths"), 10)
    tucked = next(iter(built(state, 0, "pyramids").seats[0].built.values()))
    state, _ = build(state, "mausoleum")
    assert [m.notation for m in G.legal_moves(state, 0)] == ["revive:baths"]
    for card in (state.removed[0], tucked):
        with pytest.raises(IllegalMove) as err:
            G.apply(state, 0, G.parse_move(f"revive:{card}"))
        assert err.value.code == "duel.error.not_in_discard"


def test_Q45_mausoleum_with_an_empty_discard_pile():
    state = rich(start(), 10)
    assert state.discard == []
    state, _ = build(state, "mausoleum")
    assert state.decision == "turn" and state.current == 1
    assert score_sheet(state, 0)["wonders"] == 2


def test_D78_piraeus():
    state = start()
    state.seats[0].coins = 8
    state, _ = build(state, "piraeus")
    assert state.current == 0
    assert choice_producers(state.seats[0]) == [(3, 4)]


def test_D79_pyramids_give_only_points():
    state = start()
    state.seats[0].coins = 8
    state, events = build(state, "pyramids")
    assert state.seats[0].coins == 0 and state.pawn == 0 and state.current == 1
    assert score_sheet(state, 0)["wonders"] == 9


def test_D80_sphinx():
    state = start()
    state.seats[0].coins = 8
    state, _ = build(state, "sphinx")
    assert state.seats[0].coins == 0 and state.current == 0


def test_D81_statue_of_zeus_destroys_a_brown_card():
    state = rich(give(start(), 1, "shelf_quarry", "quarry", "glassworks"))
    state, _ = build(state, "statue_of_zeus")
    assert state.pawn == 1
    assert {m.notation for m in G.legal_moves(state, 0)} == {"destroy:shelf_quarry", "destroy:quarry"}
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, G.parse_move("destroy:glassworks"))
    assert err.value.code == "duel.error.cannot_destroy"
    state, _ = play(state, "destroy:shelf_quarry")
    assert state.seats[1].city == ["quarry", "glassworks"] and "shelf_quarry" in state.discard


def test_D81_a_game_stored_with_its_follow_ups_written_as_text_loads():
    """Stored states once wrote a follow-up decision as text (``"destroy:brown"``): they load as the same decision."""
    state = rich(give(start(), 1, "shelf_quarry", "quarry"))
    state, _ = build(state, "statue_of_zeus")
    data = state.model_dump(mode="json")
    assert data["queue"] == [{"kind": "destroy", "colour": "brown"}]
    loaded = G.load({**data, "queue": ["destroy:brown"]})
    assert loaded == state and G.pending(loaded, 0).params == {"colour": "brown"}
    assert G.legal_moves(loaded, 0) == G.legal_moves(state, 0)


def test_D82_temple_of_artemis():
    state = start()
    state.seats[0].coins = 8
    state, _ = build(state, "temple_of_artemis")
    assert state.seats[0].coins == 12 and state.current == 0


@pytest.mark.parametrize("wonder", ["statue_of_zeus", "circus_maximus"])
def test_D83_Q44_destroy_without_target(wonder):
    state = rich(give(start(), 1, "glassworks" if wonder == "statue_of_zeus" else "quarry"))
    state, events = build(state, wonder)
    assert state.pawn == 1 and state.decision == "turn" and state.current == 1 and not state.queue
    assert "card_destroyed" not in kinds(events)


def test_D84_destroyed_card_stops_producing():
    state = rich(give(start(), 1, "shelf_quarry"))
    assert unit_prices(state, 0)[2] == 4
    state, _ = build(state, "statue_of_zeus")
    state, _ = play(state, "destroy:shelf_quarry")
    assert unit_prices(state, 0)[2] == 2  # the builder's stone is cheaper again
    assert "shelf_quarry" in state.discard
    assert fixed_production(state.seats[1]) == [0] * 5
