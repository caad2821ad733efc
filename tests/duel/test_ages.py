"""The end of an age and who begins the next one (D132-D137, D139, Q18, Q23)."""

from __future__ import annotations

import pytest

from rules.duel.structure import STRUCTURES

from .helpers import BOTTOM, G, kinds, layout, only_slots, play, sound, start, to_age


def last_card(pawn: int = 0, taker: int = 0, options: dict | None = None, age: int = 1):
    """The last card of an age is in slot 19 (a bottom slot in every age), ``taker`` to play."""
    state = start(first=taker, options=options)
    if age > 1:
        state = to_age(state, age)
    only_slots(state, [19])
    state.pawn = pawn
    assert state.current == taker
    return state


def test_D132_the_age_ends_with_its_last_card():
    state = start()
    only_slots(state, [18, 19])
    state, events = play(state, f"discard:{state.slots[18]}")
    assert state.age == 1 and "age_ended" not in kinds(events)
    state, events = play(state, f"discard:{state.slots[19]}")
    assert state.age == 2 and kinds(events).count("age_ended") == 1
    assert sound(state)


def test_D133_next_structure_is_dealt_from_its_prepared_deck():
    lay = layout()
    state = G.setup(2, {"wonders": "preset"}, layout=lay)
    only_slots(state, [19])
    state, events = play(state, f"discard:{state.slots[19]}")
    assert state.slots == lay.ages[1] and state.decks == [lay.ages[2]]
    assert state.face_up == [s.face_up for s in STRUCTURES[2].slots]
    started = next(e for e in events if e.kind == "age_started")
    assert started.params["cards"] == {str(i): c for i, c in enumerate(lay.ages[1]) if STRUCTURES[2].slots[i].face_up}
    state = to_age(state, 3)
    assert state.slots == lay.ages[2] and state.decks == []


@pytest.mark.parametrize("pawn, chooser", [(1, 1), (4, 1), (-1, 0), (-7, 0)])
@pytest.mark.parametrize("taker", [0, 1])
def test_D134_weaker_player_chooses_who_begins(pawn, chooser, taker):
    state = last_card(pawn, taker)
    state, _ = play(state, f"discard:{state.slots[19]}")
    assert state.age == 2  # the structure is dealt before the choice
    assert G.pending(state, chooser).kind == "starter" and G.pending(state, chooser).params == {"age": 2}
    assert G.active_seats(state) == {chooser}
    assert {m.notation for m in G.legal_moves(state, chooser)} == {"start:me", "start:opponent"}


@pytest.mark.parametrize("taker", [0, 1])
def test_D135_Q23_neutral_pawn_last_taker_begins_by_default(taker):
    state = last_card(0, taker)
    assert state.options.neutral_start == "last_begins"
    state, events = play(state, f"discard:{state.slots[19]}")
    assert state.decision == "turn" and state.current == taker and state.age == 2
    assert [e.seat for e in events if e.kind == "age_starter"] == [taker]


@pytest.mark.parametrize("taker", [0, 1])
@pytest.mark.parametrize("choice", ["me", "opponent"])
def test_D135_neutral_pawn_last_taker_chooses_with_the_english_option(taker, choice):
    state = last_card(0, taker, options={"neutral_start": "last_chooses"})
    state, _ = play(state, f"discard:{state.slots[19]}")
    assert G.pending(state, taker).kind == "starter"
    state, _ = play(state, f"start:{choice}")
    assert state.current == (taker if choice == "me" else 1 - taker) and state.decision == "turn"


@pytest.mark.parametrize("choice, starter", [("me", 1), ("opponent", 0)])
def test_D136_chosen_player_begins_then_turns_alternate(choice, starter):
    state = last_card(pawn=2, taker=0)
    state, _ = play(state, f"discard:{state.slots[19]}", f"start:{choice}")
    assert state.current == starter and state.age == 2
    seats = []
    for _ in range(3):
        seats.append(state.current)
        accessible = [state.slots[i] for i in STRUCTURES[2].accessible(state.slots)]
        state, _ = play(state, f"discard:{accessible[0]}")
    assert seats == [starter, 1 - starter, starter]


def test_D137_nothing_military_at_the_end_of_an_age():
    state = last_card(pawn=4, taker=0)
    state.loot = [True, True, False, True]
    coins = [p.coins for p in state.seats]
    state, _ = play(state, f"discard:{state.slots[19]}")
    assert state.pawn == 4 and state.loot == [True, True, False, True]
    assert [p.coins for p in state.seats] == [coins[0] + 2, coins[1]]  # only the discard's 2 coins


def test_D139_the_game_ends_after_age_3():
    state = last_card(taker=0, age=3)
    assert state.age == 3
    state, events = play(state, f"discard:{state.slots[19]}")
    assert state.decision == "over" and state.victory == "civilian" and state.winners
    assert G.outcome(state).finished and "age_ended" in kinds(events)
    assert sound(state)


def test_age_2_and_3_start_with_bottom_slots_accessible():
    state = to_age(start(), 2)
    assert STRUCTURES[2].accessible(state.slots) == BOTTOM[2]
    state = to_age(state, 3)
    assert STRUCTURES[3].accessible(state.slots) == BOTTOM[3]
