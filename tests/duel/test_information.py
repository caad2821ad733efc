"""Public and hidden information in the views (D151-D155, Q20, Q51, Q52)."""

from __future__ import annotations

import pytest

from rules.duel.data import CARDS

from .helpers import G, built, give, hidden_ids, layout, leaks, own, play, rich, start, to_age, tokens, view_strings


def test_D151_Q52_public_information_in_every_view():
    state = built(give(start(), 0, "lumber_yard", "tavern"), 1, "colossus")
    tokens(state, 0, "law")
    state.pawn, state.seats[1].coins = -2, 11
    for seat in (None, 0, 1):
        view = G.view(state, seat)
        assert [p.coins for p in view.players] == [7, 11]
        assert view.players[0].city == ["lumber_yard", "tavern"]
        assert [(w.id, w.built) for w in view.players[1].wonders] == [
            ("circus_maximus", False), ("piraeus", False), ("appian_way", False), ("colossus", True)]
        assert [w.id for w in view.players[0].wonders] == state.seats[0].wonders
        assert view.players[0].tokens == ["law"]
        assert view.board_tokens == state.board_tokens and view.pawn == -2 and view.loot == state.loot
        face_up = {s.slot: s.card for s in view.structure if s.card}
        assert face_up == {i: c for i, c in enumerate(state.slots) if c and state.face_up[i]}
        assert view.wonders_built == 1


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_D152_face_down_cards_are_unknown(seat):
    state = start()
    down = [c for i, c in enumerate(state.slots) if not state.face_up[i]]
    assert len(down) == 8
    view = G.view(state, seat)
    assert not set(down) & view_strings(view)
    assert all(s.card is None and s.back == "1" for s in view.structure if not state.face_up[s.slot])


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_D153_removed_cards_guilds_wonders_and_tokens_are_unknown(seat):
    state = G.setup(2, {"wonders": "draft"}, layout=layout())
    assert len(state.undrafted) == 4 and len(state.wonder_deck) == 4
    assert hidden_ids(state, seat) >= set(state.removed) | set(state.box_tokens)
    assert sum(CARDS[c].is_guild for c in state.removed) == 4
    assert not leaks(state, seat)
    state = to_age(start(), 2)
    assert not leaks(state, seat)


def test_D154_great_library_offer_only_for_its_builder():
    state = rich(start(box=["philosophy", "law", "theology", "urbanism", "strategy"],
                       board=["agriculture", "architecture", "economy", "masonry", "mathematics"]))
    own(state, 0, "great_library")
    state, events = play(state, f"wonder:great_library:{state.slots[19]}")
    assert G.view(state, 0).library_offer == ["philosophy", "law", "theology"]
    for seat in (None, 1):
        assert G.view(state, seat).library_offer == []
        assert not {"philosophy", "law", "theology"} & view_strings(G.view(state, seat))
    drawn = next(e for e in events if e.kind == "library_drawn")
    assert drawn.visible_for(0) and not drawn.visible_for(1) and not drawn.visible_for(None)
    state, events = play(state, "token:law")
    for seat in (None, 0, 1):
        assert not {"philosophy", "theology"} & view_strings(G.view(state, seat))
        assert "law" in G.view(state, seat).players[0].tokens
    assert all(e.visible_to is None for e in events)
    assert not [e for e in events if "philosophy" in str(e.params) or "theology" in str(e.params)]


def test_D155_face_down_guilds_show_the_guild_back():
    state = to_age(start(age3={3: "builders_guild", 4: "scientists_guild"}), 3)
    assert not state.face_up[3] and not state.face_up[2]
    view = {s.slot: s for s in G.view(state, None).structure}
    assert (view[3].card, view[3].back) == (None, "guild")
    assert (view[4].card, view[4].back) == (None, "guild")
    assert (view[2].card, view[2].back) == (None, "3")
    assert not {"builders_guild", "scientists_guild"} & view_strings(G.view(state, None))


def test_D32_Q20_discard_pile_listed_for_everyone():
    state, _ = play(start(), f"discard:{start().slots[19]}")
    assert G.view(state, None).discard == G.view(state, 1).discard == [start().slots[19]]
