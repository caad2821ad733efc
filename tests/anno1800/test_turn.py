"""Turns, actions, free operations and the end of the game (spec §4, §8; checklist A14, A16-A19, A135-A140, E14)."""

from __future__ import annotations

import random

from rules.anno1800.decisions import pending_kind

from .helpers import G, give_card, kind, kinds, moves, play, put_cube, refused, set_hand, ship_tokens, start

ACTIONS = {"build", "play", "swap", "hire", "upgrade", "old_world", "new_world", "expedition", "festival"}


def actions_in(state):
    return {m.split(":")[0] for m in moves(state)} & ACTIONS


def test_A16_one_action_a_turn():
    state = start()
    give_card(state, 0, "fw41", where="played")  # something free to do after the action
    assert "festival" in actions_in(state)
    state, _ = play(state, "festival")
    assert actions_in(state) == set() and moves(state) == ["activate", "end"]


def test_A16_plus_extra_actions():
    state = start()
    give_card(state, 0, "aei04", where="played")
    state, _ = play(state, "activate:aei04", "festival")
    assert "festival" in actions_in(state)
    state, events = play(state, "festival")
    assert "turn_ended" in kinds(events)


def test_A17_no_end_without_an_action():
    state = start()
    assert "end" not in moves(state)
    refused(state, 0, "end", "anno1800.error.no_action_taken")


def test_A18_festival_is_always_available():
    for seed in range(6):
        state = G.setup(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if pending_kind(state) == "turn" and state.turn.actions > 0:
                assert "festival" in moves(state)
            if state.over:
                break
            state, _ = G.apply(state, state.current, rng.choice(G.legal_moves(state, state.current)))


def test_A19_free_operations_only_in_ones_own_turn():
    state = start()
    give_card(state, 1, "fw41", where="played")
    put_cube(state, 1, "home_1", "farmer")
    state.seats[1].gold = 3
    for move in ("activate:fw41", "shift", "end", "festival"):
        refused(state, 1, move, "error.not_your_turn")
    assert G.legal_moves(state, 1) == [] and G.pending(state, 1) is None


def test_A14_turns_go_round_in_seat_order():
    state = start(4, first=2)
    order = []
    for _ in range(8):
        order.append(state.current)
        state, _ = play(state, "festival")
    assert order == [2, 3, 0, 1, 2, 3, 0, 1] and state.round == 3


def pass_turn(state):
    """A festival, and the end of the turn if it does not end by itself."""
    seat = state.current
    state, events = play(state, "festival")
    if not state.over and state.current == seat:
        state, more = play(state, "end")
        events += more
    return state, events


def emptying(state, seat):
    """Give ``seat`` a single card it can play at once (2 exploration tokens, on cards)."""
    set_hand(state, seat, "fw3" + str(6 + seat))
    ship_tokens(state, seat, card_explore=2)
    return state


def test_A135_A137_playing_the_last_card_triggers_the_end_and_gives_the_fireworks():
    state = emptying(start(), 0)
    state, events = play(state, "play:fw36")
    assert "end_triggered" in kinds(events) and state.fireworks == 0 and state.end_round == 2
    assert G.view(state, 1).players[0].fireworks


def test_A136_A137_an_empty_hand_keeps_playing_and_nobody_else_gets_fireworks():
    state = emptying(start(3), 0)
    state, _ = play(state, "play:fw36", "end")
    emptying(state, 1)
    state, events = play(state, "play:fw37")
    assert "end_triggered" not in kinds(events) and state.fireworks == 0
    state, _ = play(state, "end", "festival")
    assert state.current == 0 and state.round == 2 and not state.over  # seat 0 plays its final turn
    assert "festival" in moves(state)


def test_E14_A138_A139_the_round_ends_then_one_more_full_round():
    state = start(4)  # Andreas (0) first; Lisa (1) triggers
    state, _ = play(state, "festival")
    emptying(state, 1)
    state, _ = play(state, "play:fw37", "end")
    played = []
    while not state.over:
        played.append((state.round, state.current))
        state, events = pass_turn(state)
    assert played == [(1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3)]
    assert "game_over" in kinds(events) and G.outcome(state).finished


def test_A138_the_last_seat_of_the_round_triggering_starts_the_final_round_at_once():
    state = start(3)
    state, _ = play(state, "festival", "festival")
    emptying(state, 2)
    state, _ = play(state, "play:fw38", "end")
    assert state.round == 2 and state.current == 0 and state.end_round == 2
    played = []
    while not state.over:
        played.append(state.current)
        state, _ = pass_turn(state)
    assert played == [0, 1, 2]


def test_A140_the_trigger_holds_when_cards_come_back():
    state = emptying(start(), 0)
    give_card(state, 0, "fw41", where="played")
    state, _ = play(state, "play:fw36")
    state, _ = play(state, "activate:fw36")  # its trade tokens: no draw; then a card drawn by a gain effect
    give_card(state, 0, "fw04", where="played")
    state, _ = play(state, "activate:fw04")
    assert state.seats[0].hand and state.fireworks == 0 and state.end_round == 2


def test_AMB2_option_only_the_last_card_played_triggers():
    """AMB-2: by default a hand emptied any way triggers the end; with ``end_trigger=last_card_played`` only
    playing the last card does, so the Editor may not put the last card away (a hand emptied that way would leave a
    game nobody can end), while one of two cards may go."""
    editor_set = ["obj_editor", "obj_zoo", "obj_museum", "obj_university", "obj_tourist"]
    state = start(options={"end_trigger": "empty_hand"}, objectives=editor_set)
    set_hand(state, 0, "fw01")
    ship_tokens(state, 0, card_explore=2)
    state, events = play(state, "editor")  # the only card: returned at once
    assert "end_triggered" in kinds(events)
    state = start(options={"end_trigger": "last_card_played"}, objectives=editor_set)
    set_hand(state, 0, "fw01")
    ship_tokens(state, 0, card_explore=2)
    assert "editor" not in moves(state)
    refused(state, 0, "editor", "anno1800.error.last_card_stays")
    set_hand(state, 0, "fw01", "fw02")
    state, events = play(state, "editor", "return:fw01")
    assert state.seats[0].hand == ["fw02"] and "end_triggered" not in kinds(events)


def test_A24_nothing_carries_over_to_the_next_turn():
    state = start()
    give_card(state, 0, "aei04", where="played")
    state, _ = play(state, "activate:aei04", "festival", "end")  # the extra action is not taken: it lapses
    state, _ = play(state, "festival")
    assert state.current == 0 and state.turn.actions == 1 and kind(state) == "turn"
