"""How a recorded game may write Duel moves: the rulebook's slot numbers (01..20) and the spec's compact log
notation (§7.2: ``B 07``, ``D 15``, ``W 19 pyramids``, ``PT law``, ``X press``, ``M walls``, ``S opp``)."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove, Move
from rules.duel.structure import STRUCTURES
from rules.registry import get_game

from .helpers import G, clear, start

# §1.3 of the spec: the slots of each structure, numbered left to right, top to bottom; U = face up, D = face down.
SPEC_DIAGRAM = {
    1: ["U01 U02", "D03 D04 D05", "U06 U07 U08 U09", "D10 D11 D12 D13 D14", "U15 U16 U17 U18 U19 U20"],
    2: ["U01 U02 U03 U04 U05 U06", "D07 D08 D09 D10 D11", "U12 U13 U14 U15", "D16 D17 D18", "U19 U20"],
    3: ["U01 U02", "D03 D04 D05", "U06 U07 U08 U09", "D10 D11", "U12 U13 U14 U15", "D16 D17 D18", "U19 U20"],
}


@pytest.mark.parametrize("age", [1, 2, 3])
def test_slot_numbers_are_the_spec_diagrams_numbers(age):
    """Slot number n of the rulebook's diagram is the engine's slot n - 1: same row, same face, left to right."""
    slots = STRUCTURES[age].slots
    for row, line in enumerate(SPEC_DIAGRAM[age], start=1):
        numbers = [int(cell[1:]) for cell in line.split()]
        in_row = [slots[n - 1] for n in numbers]
        assert [s.row for s in in_row] == [row] * len(numbers)
        assert [s.face_up for s in in_row] == [cell[0] == "U" for cell in line.split()]
        assert [s.column for s in in_row] == sorted(s.column for s in in_row)
    assert sum(len(line.split()) for line in SPEC_DIAGRAM[age]) == len(slots) == 20


def test_a_slot_number_stands_for_the_card_dealt_there():
    state = start(age1={14: "lumber_yard", 19: "quarry"})
    assert G.read_record_move(state, 0, "build:15") == Move("build", ("lumber_yard",))
    assert G.read_record_move(state, 0, "discard:20") == Move("discard", ("quarry",))
    assert G.read_record_move(state, 0, "wonder:pyramids:15") == Move("wonder", ("pyramids", "lumber_yard"))
    assert G.read_record_move(state, 0, "build:015") == Move("build", ("lumber_yard",))


def test_the_compact_log_notation_of_the_spec():
    state = start(age1={14: "lumber_yard", 19: "quarry"})
    read = {text: G.read_record_move(state, 0, text).notation for text in
            ["B 15", "b 15", "D 20", "W 15 pyramids", "PT law", "X press", "M walls", "S opp", "S me", "B baths"]}
    assert read == {
        "B 15": "build:lumber_yard", "b 15": "build:lumber_yard", "D 20": "discard:quarry",
        "W 15 pyramids": "wonder:pyramids:lumber_yard", "PT law": "token:law", "X press": "destroy:press",
        "M walls": "revive:walls", "S opp": "start:opponent", "S me": "start:me", "B baths": "build:baths",
    }


def test_notation_reads_as_before():
    state = start()
    assert G.read_record_move(state, 0, "build:baths") == G.parse_move("build:baths")
    assert G.read_record_move(state, 0, " Token : Law ") == Move("token", ("law",))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("build:21", "duel.error.no_such_slot"),
        ("B 00", "duel.error.no_such_slot"),
        ("build:7", "duel.error.slot_covered"),  # row 3, under the bottom rows
        ("D 03", "duel.error.slot_covered"),  # face down: which card it is stays unsaid
        ("build:16", "duel.error.slot_empty"),
        ("Q 15", "error.move_syntax"),
        ("W 15", "error.move_arity"),
        ("B 15 16", "error.move_arity"),
        ("PT chess", "duel.error.unknown_token"),
        ("S them", "duel.error.unknown_who"),
    ],
)
def test_slot_and_compact_errors(text, code):
    state = clear(start(), 15)
    with pytest.raises(IllegalMove) as caught:
        G.read_record_move(state, 0, text)
    assert caught.value.code == code
    if code.startswith("duel.error.slot_"):
        assert caught.value.params == {"slot": int(text.split(":")[-1].split()[-1])}


def test_no_structure_during_the_draft():
    state = G.setup(2, seed=3)
    with pytest.raises(IllegalMove) as caught:
        G.read_record_move(state, state.current, "build:20")
    assert caught.value.code == "duel.error.slot_empty"


def test_other_games_read_recorded_moves_as_notation():
    wonders = get_game("wonders")
    state = wonders.setup(3, seed=1)
    assert wonders.read_record_move(state, 0, "side:a") == wonders.parse_move("side:a")
