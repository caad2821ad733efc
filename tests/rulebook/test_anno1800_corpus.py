"""The rule look-up of Anno 1800 before the game is registered: its corpus (``bot/games/anno1800/corpus.toml`` and
the card sections of ``bot/games/anno1800/rulebook.py``) loaded directly and asked the questions of
``eval_anno1800.toml`` through the same machinery as the registered games (``bot.rulebook.answer``).

Until ``bot.games`` registers Anno 1800, ``anno1800`` is put into the look-up's game list for the duration of each
test only (``anno``) and every cache is cleared before and after. Once the game is registered, add it to the tables of
``test_rulebook.py`` (SPECS, CHECKLISTS, SEEDS, DATA, SOME_REF), which then run all these checks too, and delete this
module.

Run with ``-s`` to see top-1 / top-3.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import bot.rulebook as rulebook
from bot.rulebook import corpus, index
from bot.rulebook import text as tx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LANGS = ("en", "ru", "it")
GAME = "anno1800"
SPEC, DATA, SEEDS = "anno1800.md", "anno1800-data.md", ("000_01ed2fa4b6540fe2.txt", "004_20b8e322e501b7fa.txt")


def _clear() -> None:
    for cached in (corpus.sections, index.game_index, tx.normalize, tx.stem):
        cached.cache_clear()


@pytest.fixture
def anno(monkeypatch):
    """The look-up with Anno 1800 among its games (registered or not), caches cleared before and after."""
    from bot.games.anno1800 import rulebook as anno_rulebook

    registered = GAME in corpus.games()
    if not registered:
        real_games, real_source = corpus.games, corpus.source

        def games() -> tuple[str, ...]:
            return (*real_games(), GAME)

        def source(game: str):
            return anno_rulebook.SOURCE if game == GAME else real_source(game)

        for module in (corpus, rulebook):
            monkeypatch.setattr(module, "games", games)
            monkeypatch.setattr(module, "source", source)
    _clear()
    yield corpus.sections(GAME)
    _clear()


def _shared() -> Path | None:
    for base in (ROOT.parent / "shared", ROOT / "shared", Path("/work/shared")):
        if (base / "rules").is_dir():
            return base
    return None


def cases() -> list[dict]:
    with (HERE / f"eval_{GAME}.toml").open("rb") as f:
        return tomllib.load(f)["case"]


def test_the_evaluation_set_has_40_questions_per_language_with_known_answers(anno):
    known = {s.id for s in anno}
    for lang in LANGS:
        questions = [c[lang] for c in cases()]
        assert len(questions) >= 40, (lang, len(questions))
        assert len(set(questions)) == len(questions), "duplicate questions"
    for c in cases():
        assert set(c["ids"]) <= known, (c["ids"], set(c["ids"]) - known)


@pytest.mark.parametrize("lang", LANGS)
def test_top3_accuracy_is_at_least_90_percent(anno, lang):
    top1 = top3 = 0
    misses = []
    data = cases()
    for c in data:
        a = rulebook.answer(GAME, c[lang], lang, limit=3)
        ids = [h.id for h in a.hits]
        top1 += bool(ids) and ids[0] in c["ids"]
        if set(ids) & set(c["ids"]):
            top3 += 1
        else:
            misses.append((c[lang], c["ids"], ids))
    n = len(data)
    print(f"\n{GAME} {lang}: {n} questions, top-1 {top1 / n:.1%}, top-3 {top3 / n:.1%}")
    assert top3 / n >= 0.90, f"{GAME}/{lang}: top-1 {top1 / n:.1%}, top-3 {top3 / n:.1%}; misses: {misses}"


def test_every_checklist_id_of_the_specification_is_referenced_by_a_section(anno):
    shared = _shared()
    wanted = {f"A{i}" for i in range(1, 162)}
    if shared is not None:
        text = (shared / "rules" / SPEC).read_text(encoding="utf-8")
        wanted = set(re.findall(r"^- (A\d+): ", text, re.M)) or wanted
    referenced = {r for s in anno for r in s.refs}
    assert wanted - referenced == set()
    assert referenced - wanted == set(), "a section cites an id the specification does not have"


def test_a_checklist_id_finds_its_section(anno):
    a = rulebook.answer(GAME, "A36", "en")
    assert a.ok and all("A36" in h.refs for h in a.hits)


def test_every_section_is_complete_in_three_languages(anno):
    ids = [s.id for s in anno]
    assert len(ids) == len(set(ids))
    for s in anno:
        for lang in LANGS:
            assert s.title[lang].strip() and s.text[lang].strip(), (s.id, lang)
            assert not re.search(r"\{\w+:\w+\}", s.text[lang] + s.title[lang]), (s.id, lang)
            assert "**" not in s.text[lang] and "__" not in s.text[lang], (s.id, lang)
        assert s.text["ru"] != s.text["en"] and s.text["it"] != s.text["en"], s.id
    assert len([s for s in anno if s.kind == "rule"]) >= 45
    assert len(anno) > 100


def _windows(text: str, n: int) -> set[tuple[str, ...]]:
    ws = re.findall(r"\w+", text.lower())
    return {tuple(ws[i : i + n]) for i in range(len(ws) - n + 1)}


def test_the_corpus_does_not_copy_sentences_from_the_specification_or_the_rulebooks(anno):
    shared = _shared()
    if shared is None:
        pytest.skip("shared/ is not beside the repository")
    sources = [(shared / "rules" / name).read_text(encoding="utf-8") for name in (SPEC, DATA)]
    sources += [(shared / "seeds" / s).read_text(encoding="utf-8") for s in SEEDS if (shared / "seeds" / s).exists()]
    copied = set().union(*(_windows(t, 10) for t in sources))
    for s in anno:
        if s.kind != "rule":
            continue
        for lang in LANGS:
            same = _windows(s.text[lang], 10) & copied
            assert not same, (s.id, lang, [" ".join(w) for w in same][:3])


@pytest.mark.parametrize(("lang", "question", "expected"), [
    ("en", "Arhant", "objective.aarhant"), ("ru", "Аархант", "objective.aarhant"),
    ("en", "Pyrphorier", "objective.pyrphorian"), ("it", "Der Redakteur", "objective.editor"),
    ("en", "Edvard Good", "objective.edvard_goode"), ("ru", "Эдвард Гуд", "objective.edvard_goode"),
    ("it", "Universita", "objective.university"), ("ru", "Торговый корабль 2", "ship.trade_ship_2"),
])
def test_an_objective_or_a_ship_is_found_by_its_name(anno, lang, question, expected):
    a = rulebook.answer(GAME, question, lang)
    assert a.ok and expected in [h.id for h in a.hits][:2], [h.id for h in a.hits]


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_matches_an_off_topic_question(anno, lang):
    for question in {"en": ["how do I bake a cake", "who won the world cup in 2018", "tell me a joke"],
                     "ru": ["как приготовить борщ", "расскажи анекдот", "как дела"],
                     "it": ["come si cucina la carbonara", "raccontami una barzelletta", "come stai"]}[lang]:
        a = rulebook.answer(GAME, question, lang)
        assert a.nothing and not a.hits, (question, [h.id for h in a.hits])


def test_the_fixture_adds_anno1800_to_the_look_up_only(anno):
    """The fixture adds Anno 1800 for its own tests only: the shared tests see the registered games."""
    assert GAME in corpus.games()


def test_after_the_fixture_the_registered_games_are_unchanged():
    from bot.games import bundles

    assert tuple(corpus.games()) == tuple(bundles())
