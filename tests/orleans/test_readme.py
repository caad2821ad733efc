"""The README's Orléans section works as written: its typed moves mean what it says, its options exist, and the
example record replays to its end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.core.matching import MoveMatcher
from bot.games import presenter
from bot.i18n import LOCALES, use_locale
from rules.replay import load_record, replay
from tests.orleans import helpers as H

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SECTION = README[README.index("### Orléans (`orleans`)"):README.index("## Other commands")]
G = H.G
PRES = presenter("orleans")


def _match(state, seat: int, text: str):
    moves = G.legal_moves(state, seat)
    view = G.view(state, seat)

    def labels(move):
        out = []
        for locale in LOCALES:
            with use_locale(locale):
                out.append(PRES.move_label(move, view))
        return out

    return MoveMatcher(G, PRES).match(text, moves, G.decision_actions(state, seat), labels)


def test_the_options_of_the_section_are_the_games():
    for option in re.findall(r"`(\w+)=", SECTION):
        assert option in G.Options.model_fields, option


@pytest.mark.parametrize("text", ["place farmer on village", "поставить крестьянина на деревню",
                                  "metti il contadino nel villaggio", "Village ← Farmer (own)",
                                  "place:own_farmer:village:farmer"])
def test_a_farmer_on_the_village_as_typed(text):
    state = H.to_planning(H.start(2))
    found = _match(state, 0, text)
    assert found.move is not None and found.move.notation == "place:own_farmer:village:farmer", (text, found)
    H.give(state, 0, "farmer", to="market")  # a neutral farmer too: the player chooses
    found = _match(state, 0, "place farmer on village")
    assert {m.notation for m in found.candidates} == {"place:farmer:village:farmer",
                                                      "place:own_farmer:village:farmer"}


def test_an_action_a_journey_and_a_deed_as_typed():
    state = H.start(2)
    H.put(state, 0, "farm_house", "boatman", "craftsman")
    H.put(state, 0, "wagon", "farmer", "trader", "knight")
    H.put(state, 0, "town_hall", "knight")
    state = H.to_actions(state, 0)
    assert _match(state, 0, "perform farm house").move.notation == "act:farm_house"
    state, _ = H.play(state, 0, "act:wagon")
    assert _match(state, 0, "go to Chartres").move.notation == "go:chartres"
    assert _match(state, 0, "→ Chartres").move.notation == "go:chartres"
    state = H.to_actions(H.calm(state, lambda s: not s.act), 0)
    state, _ = H.play(state, 0, "act:town_hall")
    assert _match(state, 0, "send knight to city wall").move.notation == "deed:knight:city_wall"


def test_the_example_record_replays_to_its_end():
    record = load_record((ROOT / "docs" / "examples" / "orleans-replay.json").read_text(encoding="utf-8"))
    game, final, outcome = replay(record)
    assert game.name == "orleans" and outcome.finished and final.ply == len(record.moves)
    assert "docs/examples/orleans-replay.json" in README
