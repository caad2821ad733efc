"""The shared contract kit (``tests/contract_kit.py``) run on the Anno 1800 engine before it is registered.

``tests/test_contract.py`` runs the kit for every registered game, over every option value and several seeds. Anno
is not registered yet (its bot package does not exist), and its random games are long (two to three thousand small
decisions each), so here the kit plays two seeds (it checks that they deal differently) of two tables: 2 players
with the default options, and 4 players with every option changed from its default (3 players are played by
``test_properties``). The language checks (narration, refusal texts) wait for the presenter.

Rules named: A116 (views show nothing a seat cannot see: another hand, another player's expedition cards, the order
of any deck or stack, re-drawn by ``determinize``), A17 and A18 (every seat that must decide has a legal move: a
turn can always hold a festival), A135 to A139 (random games end, with winners).
"""

from __future__ import annotations

import pytest

from rules.anno1800.game import AnnoGame
from tests import contract_kit as kit

SUBJECT = kit.Subject(AnnoGame(), "anno1800")
_OPTIONS = (("alternatives", "cover_printed"), ("end_trigger", "last_card_played"), ("gain_cubes", "all_or_nothing"),
            ("investor_hire", "short"), ("objectives", "first_game"))
TABLES = (kit.Table(2, (), 4), kit.Table(2, (), 5), kit.Table(4, _OPTIONS, 1), kit.Table(4, _OPTIONS, 2))


@pytest.fixture(autouse=True, scope="module")
def few_tables():
    real = kit.tables

    def tables(sub):
        return TABLES if sub is SUBJECT else real(sub)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kit, "tables", tables)
        yield


def test_A135_A139_random_games_end_with_winners_and_keep_every_invariant():
    kit.check_games(SUBJECT)


def test_states_and_views_round_trip_through_json():
    kit.check_json(SUBJECT)


def test_the_same_seed_and_moves_give_the_same_states():
    kit.check_determinism(SUBJECT)


def test_a_recorded_game_replays_to_the_same_state():
    kit.check_replay(SUBJECT)


def test_A17_A18_legal_moves_and_apply_agree():
    kit.check_moves_and_apply_agree(SUBJECT)


def test_A116_views_show_nothing_a_seat_cannot_see():
    assert kit.supports_determinize(SUBJECT)
    kit.check_views_hide(SUBJECT)
