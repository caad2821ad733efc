"""The tables the words and narration will be written from: every event kind, refusal code and decision kind the
engine produces is documented (``eventlog``, ``errors``, ``decisions``), and nothing documented is dead."""

from __future__ import annotations

import random
import re
import typing
from pathlib import Path

from rules.orleans import decisions, errors, eventlog
from rules.orleans.decisions import DECISIONS
from rules.orleans.state import Decision

from .helpers import G
from .smart import smart_move

SOURCE = Path(decisions.__file__).parent


def _first_column(doc: str) -> set[str]:
    return set(re.findall(r"^([a-z_]+)\s{2,}", doc, re.M))


def _emitted_kinds() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in SOURCE.glob("*.py"))
    return set(re.findall(r'(?:public|private|_event)\((?:\s*state,)?\s*"([a-z_]+)"', text))


def test_every_event_kind_is_documented_and_every_documented_one_is_emitted():
    documented = _first_column(eventlog.__doc__ or "") - {"kind"}
    assert _emitted_kinds() == documented


def test_games_emit_only_documented_events():
    documented = _first_column(eventlog.__doc__ or "")
    seen: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(4):
            state = G.setup(players, seed=seed)
            rng = random.Random(seed)
            while G.active_seats(state):
                seat = rng.choice(sorted(G.active_seats(state)))
                state, events = G.apply(state, seat, smart_move(state, seat, rng))
                seen |= {e.kind for e in events}
    assert seen <= documented
    assert {"acted", "plans_revealed", "round_started", "game_over"} <= seen


def test_every_refusal_code_is_documented_and_raised_somewhere():
    text = "\n".join(p.read_text(encoding="utf-8") for p in SOURCE.glob("*.py") if p.name != "errors.py")
    raised = set(re.findall(r'refusal\(\s*"([a-z_]+)"', text))
    raised |= set(re.findall(r'"orleans\.error\.([a-z_]+)"', text))
    raised |= set(re.findall(r'_arg\(\s*"([a-z_]+)"', text))  # the notation's unknown_<kind> codes
    documented = _first_column(errors.__doc__ or "") - {"code"}
    assert raised == documented, (raised - documented, documented - raised)


def test_every_decision_kind_has_its_record_and_its_line_in_the_table():
    kinds = set(typing.get_args(Decision)) - {""}
    assert kinds == set(DECISIONS)
    documented = _first_column(decisions.__doc__ or "") - {"kind"}
    assert documented == kinds
    for kind, record in DECISIONS.items():
        assert record.actions and set(record.actions) == set(record.plays)
