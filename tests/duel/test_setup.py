"""Components, setup, the wonder draft and the three age structures (D1-D26)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.contract import IllegalMove
from rules.duel.data import AGE_CARDS, CARDS, GUILDS, LOOT_ZONES, PRESET_WONDERS, START_COINS, TOKENS, WONDERS
from rules.duel.structure import STRUCTURES

from .helpers import BOTTOM, G, clear, give, kinds, layout, play, sound, start

# §1.3 of the spec, 1-based: slot -> the slots covering it.
SPEC_COVERS = {
    1: "01<-03,04; 02<-04,05; 03<-06,07; 04<-07,08; 05<-08,09; 06<-10,11; 07<-11,12; 08<-12,13; "
    "09<-13,14; 10<-15,16; 11<-16,17; 12<-17,18; 13<-18,19; 14<-19,20",
    2: "01<-07; 02<-07,08; 03<-08,09; 04<-09,10; 05<-10,11; 06<-11; 07<-12; 08<-12,13; 09<-13,14; "
    "10<-14,15; 11<-15; 12<-16; 13<-16,17; 14<-17,18; 15<-18; 16<-19; 17<-19,20; 18<-20",
    3: "01<-03,04; 02<-04,05; 03<-06,07; 04<-07,08; 05<-08,09; 06<-10; 07<-10; 08<-11; 09<-11; "
    "10<-12,13; 11<-14,15; 12<-16; 13<-16,17; 14<-17,18; 15<-18; 16<-19; 17<-19,20; 18<-20",
}


def _spec_covers(age: int) -> dict[int, set[int]]:
    out = {i: set() for i in range(20)}
    for rel in SPEC_COVERS[age].split("; "):
        slot, by = rel.split("<-")
        out[int(slot) - 1] = {int(b) - 1 for b in by.split(",")}
    return out


def _rows(age: int) -> list[int]:
    return list(Counter(s.row for s in STRUCTURES[age].slots).values())


def test_D1_exactly_two_players():
    assert (G.min_players, G.max_players) == (2, 2)
    for players in (1, 3):
        with pytest.raises(IllegalMove) as err:
            G.setup(players, seed=1)
        assert err.value.code == "error.player_count"
    assert G.setup(2, seed=1).players == 2


def test_D2_deck_sizes_and_colours():
    assert [len(AGE_CARDS[a]) for a in (1, 2, 3)] == [23, 23, 20]
    assert len(GUILDS) == 7
    colours = {a: Counter(CARDS[c].colour for c in AGE_CARDS[a]) for a in (1, 2, 3)}
    assert colours[1] == {"brown": 6, "grey": 2, "blue": 3, "green": 4, "yellow": 4, "red": 4}
    assert colours[2] == {"brown": 3, "grey": 2, "blue": 5, "green": 4, "yellow": 4, "red": 5}
    assert colours[3] == {"blue": 6, "green": 4, "yellow": 5, "red": 5}  # Q5: no brown or grey in Age III
    assert {CARDS[g].colour for g in GUILDS} == {"purple"}


def test_D3_wonders_tokens_military_tokens_and_pawn():
    assert len(WONDERS) == 12 and len(TOKENS) == 10
    state = G.setup(2, seed=3)
    assert state.loot == [True, True, True, True]
    assert isinstance(state.pawn, int)


def test_D4_each_player_starts_with_7_coins():
    assert START_COINS == 7
    assert [p.coins for p in G.setup(2, seed=4).seats] == [7, 7]
    assert [p.coins for p in start().seats] == [7, 7]


def test_D5_pawn_starts_on_the_neutral_space():
    assert G.setup(2, seed=5).pawn == 0


def test_D6_military_tokens_two_and_five_on_each_side():
    assert LOOT_ZONES == ((3, 2), (6, 5))
    state = start()
    assert state.loot == [True] * 4
    assert sound(state)


@pytest.mark.parametrize("seed", range(5))
def test_D7_D8_five_board_tokens_five_set_aside(seed):
    state = G.setup(2, seed=seed)
    assert len(state.board_tokens) == 5 == len(set(state.board_tokens))
    assert len(state.box_tokens) == 5
    assert set(state.board_tokens) | set(state.box_tokens) == set(TOKENS)


def test_D7_board_tokens_are_random():
    boards = {frozenset(G.setup(2, seed=s).board_tokens) for s in range(20)}
    assert len(boards) > 5


def test_D8_set_aside_tokens_are_never_offered_by_a_science_pair():
    state = give(start(age1={19: "apothecary"}), 0, "school")  # School: wheel; Apothecary: the second wheel
    state, _ = play(state, "build:apothecary")
    assert G.pending(state, 0).kind == "token"
    offered = {m.args[0] for m in G.legal_moves(state, 0)}
    assert offered == set(state.board_tokens)
    assert not offered & set(state.box_tokens)
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, G.parse_move(f"token:{state.box_tokens[0]}"))
    assert err.value.code == "duel.error.token_not_offered"


@pytest.mark.parametrize("choice, expected", [("0", 0), ("1", 1)])
def test_D9_first_player_fixed_before_the_draft(choice, expected):
    state = G.setup(2, {"first_player": choice}, seed=9)
    assert state.first_player == expected
    assert state.decision == "draft" and state.current == expected
    assert G.pending(state, expected).kind == "draft"


def test_D9_random_first_player_uses_both_seats():
    assert {G.setup(2, seed=s).first_player for s in range(20)} == {0, 1}


def _draft_game(first: int):
    wonders = ["pyramids", "sphinx", "colossus", "mausoleum", "piraeus", "great_library", "hanging_gardens",
               "appian_way"]
    lay = layout(first, wonders=wonders)
    return G.setup(2, {"wonders": "draft"}, layout=lay), wonders


@pytest.mark.parametrize("first", [0, 1])
def test_D10_D11_D12_draft_order(first):
    a, b = first, 1 - first
    state, w = _draft_game(first)
    assert state.offer == w[:4] and state.current == a  # D10: round 1 reveals 4, A picks first
    state, _ = play(state, "draft:sphinx")
    assert state.current == b
    state, _ = play(state, "draft:pyramids")
    assert state.current == b
    state, events = play(state, "draft:mausoleum")
    # A gets the last one of the round without choosing; round 2 reveals 4 new wonders and B picks first (D11).
    assert state.seats[a].wonders == ["sphinx", "colossus"]
    assert state.seats[b].wonders == ["pyramids", "mausoleum"]
    assert state.offer == w[4:] and state.current == b
    assert "wonders_revealed" in kinds(events)
    state, _ = play(state, "draft:appian_way")
    assert state.current == a
    state, _ = play(state, "draft:piraeus")
    assert state.current == a
    state, _ = play(state, "draft:great_library")
    assert state.seats[a].wonders == ["sphinx", "colossus", "piraeus", "great_library"]
    assert state.seats[b].wonders == ["pyramids", "mausoleum", "appian_way", "hanging_gardens"]
    assert [len(p.wonders) for p in state.seats] == [4, 4]  # D12
    assert state.age == 1 and state.decision == "turn" and state.current == a
    assert sound(state)


def test_D13_undrafted_wonders_out_of_game():
    state, w = _draft_game(0)
    assert sorted(state.undrafted) == sorted(set(WONDERS) - set(w))
    assert len(state.undrafted) == 4
    view = G.view(state, None).model_dump_json()
    assert not [x for x in state.undrafted + state.wonder_deck if f'"{x}"' in view]


@pytest.mark.parametrize("first", [0, 1])
def test_D14_first_game_preset(first):
    state = G.setup(2, {"wonders": "preset", "first_player": str(first)}, seed=14)
    assert state.seats[first].wonders == list(PRESET_WONDERS[0])
    assert state.seats[1 - first].wonders == list(PRESET_WONDERS[1])
    assert set(PRESET_WONDERS[0]) == {"pyramids", "great_lighthouse", "temple_of_artemis", "statue_of_zeus"}
    assert set(PRESET_WONDERS[1]) == {"circus_maximus", "piraeus", "appian_way", "colossus"}
    assert state.decision == "turn" and state.age == 1


@pytest.mark.parametrize("seed", range(5))
def test_D15_D16_D17_removed_cards_and_guilds(seed):
    state = G.setup(2, seed=seed)
    decks = state.decks
    assert [len(d) for d in decks] == [20, 20, 20]  # D17
    for age in (1, 2):
        assert set(decks[age - 1]) <= set(AGE_CARDS[age])
        assert len(set(AGE_CARDS[age]) & set(state.removed)) == 3  # D15
    assert len(set(AGE_CARDS[3]) & set(state.removed)) == 3
    assert sum(CARDS[c].is_guild for c in decks[2]) == 3  # D16
    assert len(set(GUILDS) & set(state.removed)) == 4
    assert sound(state)


def test_D10_D11_D15_reveals_and_removals_are_random():
    states = [G.setup(2, seed=s) for s in range(15)]
    assert len({tuple(s.offer) for s in states}) > 5
    assert len({tuple(s.wonder_deck) for s in states}) > 5
    assert all(not set(s.offer) & set(s.wonder_deck) for s in states)
    assert len({frozenset(s.removed) for s in states}) > 5


def test_D16_guilds_vary_between_games():
    sets = {frozenset(c for c in G.setup(2, seed=s).decks[2] if CARDS[c].is_guild) for s in range(15)}
    assert len(sets) > 3


def test_D17_every_structure_has_20_slots():
    assert [len(STRUCTURES[a].slots) for a in (1, 2, 3)] == [20, 20, 20]
    state = start()
    assert sum(c is not None for c in state.slots) == 20


def test_D18_age1_rows():
    assert _rows(1) == [2, 3, 4, 5, 6]


def test_D19_age2_rows():
    assert _rows(2) == [6, 5, 4, 3, 2]


def test_D20_age3_rows():
    assert _rows(3) == [2, 3, 4, 2, 4, 3, 2]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_D21_D22_odd_rows_face_up(age):
    slots = STRUCTURES[age].slots
    assert all(s.face_up == (s.row % 2 == 1) for s in slots)
    assert sum(s.face_up for s in slots) == 12  # D22
    assert sum(not s.face_up for s in slots) == 8


def test_D22_dealt_state_has_12_face_up():
    state = start()
    assert sum(state.face_up) == 12


@pytest.mark.parametrize("age", [1, 2, 3])
def test_D23_cover_relations_match_the_spec(age):
    assert {s.index: set(s.covered_by) for s in STRUCTURES[age].slots} == _spec_covers(age)


def test_D23_a_card_is_accessible_once_both_covering_cards_are_gone():
    structure = STRUCTURES[1]
    present = [True] * 20
    assert 9 not in structure.accessible(present)  # slot 10 (1-based) is covered by 15 and 16
    present[14] = False
    assert 9 not in structure.accessible(present)
    present[15] = False
    assert 9 in structure.accessible(present)


@pytest.mark.parametrize("age", [1, 2, 3])
def test_D24_bottom_row_accessible_at_start(age):
    assert STRUCTURES[age].accessible([True] * 20) == BOTTOM[age]
    assert all(STRUCTURES[age].slots[i].face_up for i in BOTTOM[age])


def test_D25_face_down_card_revealed_when_it_becomes_accessible():
    state = start(age1={14: "lumber_yard", 15: "quarry", 9: "garrison"})
    assert not state.face_up[9]
    state, events = play(state, "build:lumber_yard")
    assert not state.face_up[9] and "card_revealed" not in kinds(events)
    state, events = play(state, "build:quarry")
    assert state.face_up[9]
    revealed = [e.params for e in events if e.kind == "card_revealed"]
    assert revealed == [{"slot": 9, "card": "garrison"}]


@pytest.mark.parametrize("first", [0, 1])
def test_D26_first_player_starts_age1(first):
    state = start(first)
    assert state.current == first and G.active_seats(state) == {first}
    assert G.legal_moves(state, 1 - first) == []


def test_D25_reveal_waits_for_the_follow_up_decisions():
    # Slot 9 becomes accessible when the School (slot 15) makes a science pair: it is revealed once the token is
    # chosen, before the opponent's turn.
    state = give(start(put={15: "school"}), 0, "apothecary")
    clear(state, 14)
    state, events = play(state, "build:school")
    assert G.pending(state, 0).kind == "token" and not state.face_up[9]
    slot9 = next(s for s in G.view(state, None).structure if s.slot == 9)
    assert not slot9.accessible and slot9.card is None  # takeable only once revealed, at the end of the turn
    state, events = play(state, "token:law")
    assert state.face_up[9] and "card_revealed" in kinds(events) and state.current == 1
