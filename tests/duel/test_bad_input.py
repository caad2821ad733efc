"""Bad input: every refused move raises IllegalMove with a specific code and leaves the state unchanged."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove, Move

from .helpers import G, built, give, layout, only_slots, own, play, rich, start, to_age


def refused(state, seat, move: str | Move, code: str) -> IllegalMove:
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as err:
        G.apply(state, seat, move if isinstance(move, Move) else Move.parse(move))
    assert err.value.code == code, err.value
    assert state.model_dump_json() == before
    return err.value


@pytest.mark.parametrize(
    "text, code",
    [
        ("build:no_such_card", "duel.error.unknown_card"),
        ("wonder:no_such_wonder:lumber_yard", "duel.error.unknown_wonder"),
        ("wonder:pyramids:no_such_card", "duel.error.unknown_card"),
        ("token:no_such_token", "duel.error.unknown_token"),
        ("draft:lumber_yard", "duel.error.unknown_wonder"),
        ("start:nobody", "duel.error.unknown_who"),
        ("fly:away", "error.unknown_action"),
        ("build", "error.move_arity"),
        ("build:lumber_yard:quarry", "error.move_arity"),
        ("wonder:pyramids", "error.move_arity"),
        ("build:Lumber Yard!", "error.move_syntax"),
        ("", "error.move_syntax"),
    ],
)
def test_unknown_ids_arity_and_syntax(text, code):
    with pytest.raises(IllegalMove) as err:
        G.parse_move(text)
    assert err.value.code == code
    if code != "error.move_syntax":  # the same refusal from apply, given a Move built by hand
        action, *args = text.split(":")
        refused(start(), 0, Move(action, tuple(args)), code)


def test_parse_is_case_insensitive_and_round_trips():
    assert G.parse_move(" BUILD:Lumber_Yard ") == Move("build", ("lumber_yard",))
    assert G.parse_move("wonder:pyramids:tavern").notation == "wonder:pyramids:tavern"


def test_card_not_accessible_same_code_for_every_unavailable_card():
    state = start()
    covered_face_up = state.slots[6]  # row 3
    face_down = state.slots[10]  # row 4
    later_age = state.decks[0][0]
    removed = state.removed[0]
    codes = set()
    for card in (covered_face_up, face_down, later_age, removed):
        for move in (f"build:{card}", f"discard:{card}", f"wonder:pyramids:{card}"):
            err = refused(rich(state), 0, move, "duel.error.card_not_accessible")
            codes.add(err.code)
            assert err.params == {"card": card}
    assert codes == {"duel.error.card_not_accessible"}


def test_card_already_taken_is_not_accessible():
    state = start()
    card = state.slots[19]
    state, _ = play(state, f"discard:{card}")
    refused(state, 1, f"build:{card}", "duel.error.card_not_accessible")


def test_not_your_turn():
    state = start()
    refused(state, 1, f"discard:{state.slots[19]}", "error.not_your_turn")


def test_not_a_player():
    state = start()
    refused(state, 2, f"discard:{state.slots[19]}", "error.not_a_player")


@pytest.mark.parametrize("move", ["token:law", "destroy:quarry", "revive:quarry", "start:me", "draft:pyramids"])
def test_wrong_kind_of_move_during_a_turn(move):
    err = refused(start(), 0, move, "duel.error.wrong_decision")
    assert err.params == {"expected": "turn"}


def test_wrong_kind_of_move_during_a_token_choice():
    state = give(start(put={19: "school"}), 0, "apothecary")
    state, _ = play(state, "build:school")
    assert G.pending(state, 0).kind == "token"
    refused(state, 0, f"discard:{state.slots[18]}", "duel.error.wrong_decision")
    refused(state, 0, "start:me", "duel.error.wrong_decision")
    refused(state, 0, "token:philosophy", "duel.error.token_not_offered")  # set aside, not on the board


def test_wrong_kind_of_move_during_the_draft_and_the_starter_choice():
    state = G.setup(2, {"wonders": "draft"}, layout=layout())
    refused(state, 0, "build:lumber_yard", "duel.error.wrong_decision")
    refused(state, 0, f"draft:{state.wonder_deck[0]}", "duel.error.wonder_not_offered")
    state = only_slots(start(), [19])
    state.pawn = 1
    state, _ = play(state, f"discard:{state.slots[19]}")
    refused(state, 1, f"discard:{state.slots[19]}", "duel.error.wrong_decision")


def test_cannot_afford_a_card():
    state = start(put={19: "pretorium"})
    err = refused(state, 0, "build:pretorium", "duel.error.cannot_afford")
    assert err.params == {"card": "pretorium", "cost": 8, "coins": 7}


def test_cannot_afford_a_wonder():
    state = start()
    state.seats[0].coins = 7
    err = refused(state, 0, f"wonder:pyramids:{state.slots[19]}", "duel.error.cannot_afford_wonder")
    assert err.params == {"wonder": "pyramids", "cost": 8, "coins": 7}


def test_someone_elses_wonder():
    refused(rich(start()), 0, f"wonder:colossus:{start().slots[19]}", "duel.error.not_your_wonder")


def test_an_undrafted_wonder():
    state = rich(start())
    refused(state, 0, f"wonder:{state.undrafted[0]}:{state.slots[19]}", "duel.error.not_your_wonder")


def test_a_wonder_already_built():
    state = built(rich(start()), 0, "pyramids")
    refused(state, 0, f"wonder:pyramids:{state.slots[19]}", "duel.error.wonder_already_built")


def test_D66_an_eighth_wonder():
    state = rich(start())
    built(state, 0, "pyramids", "great_lighthouse", "temple_of_artemis")
    built(state, 1, "circus_maximus", "piraeus", "appian_way", "colossus")
    refused(state, 0, f"wonder:statue_of_zeus:{state.slots[19]}", "duel.error.wonder_limit")


def test_destroy_a_card_that_is_not_a_target():
    state = rich(give(start(), 1, "quarry", "glassworks"))
    give(state, 0, "stone_pit")
    state, _ = play(state, f"wonder:statue_of_zeus:{state.slots[19]}")
    for card in ("glassworks", "stone_pit", "clay_pool"):  # wrong colour, own card, not in the city
        refused(state, 0, f"destroy:{card}", "duel.error.cannot_destroy")


def test_revive_a_card_not_in_the_discard_pile():
    state = rich(start())
    state.discard.append(state.removed.pop())
    own(state, 0, "mausoleum")
    state, _ = play(state, f"wonder:mausoleum:{state.slots[19]}")
    refused(state, 0, "revive:lumber_yard", "duel.error.not_in_discard")


def test_library_token_not_offered():
    state = rich(start())
    own(state, 0, "great_library")
    state, _ = play(state, f"wonder:great_library:{state.slots[19]}")
    not_drawn = state.box_tokens[0]
    refused(state, 0, f"token:{not_drawn}", "duel.error.token_not_offered")
    refused(state, 0, f"token:{state.board_tokens[0]}", "duel.error.token_not_offered")


def test_no_move_after_the_game_ended():
    state = to_age(start(), 3)
    only_slots(state, [19])
    state, _ = play(state, f"discard:{state.slots[19]}")
    assert state.decision == "over"
    for seat in (0, 1):
        refused(state, seat, "discard:lumber_yard", "error.game_over")
        assert G.legal_moves(state, seat) == []


@pytest.mark.parametrize(
    "edit, reason",
    [
        (lambda lay: lay.wonders.__setitem__(0, lay.wonders[1]), "wonders"),
        (lambda lay: lay.ages[0].__setitem__(0, "pretorium"), "age"),
        (lambda lay: lay.ages[2].__setitem__(lay.ages[2].index("palace"), "tacticians_guild"), "guilds"),
        (lambda lay: lay.box_tokens.__setitem__(0, lay.board_tokens[0]), "tokens"),
    ],
)
def test_bad_layouts_are_refused(edit, reason):
    lay = layout()
    edit(lay)
    with pytest.raises(IllegalMove) as err:
        G.setup(2, {"wonders": "draft"}, layout=lay)
    assert err.value.code == "duel.error.bad_layout" and err.value.params["reason"] == reason


def test_preset_layout_must_hold_the_preset_wonders():
    lay = layout(wonders=["sphinx", "great_lighthouse", "temple_of_artemis", "statue_of_zeus",
                          "circus_maximus", "piraeus", "appian_way", "colossus"])
    with pytest.raises(IllegalMove) as err:
        G.setup(2, {"wonders": "preset"}, layout=lay)
    assert err.value.params["reason"] == "preset"
