"""The catalogs: complete in Russian and Italian, in step with the code, placeholders and plurals right."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.core.text import ERRORS
from bot.games.duel import names as duel_names
from bot.games.duel import presenter as duel_text
from bot.games.wonders import presenter as wonders_text
from bot.i18n import LOCALES, ngettext, pgettext, use_locale
from bot.i18n.catalog import extract, missing, read

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def keys(catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def test_the_template_and_every_catalog_hold_exactly_the_messages_of_the_code():
    code = keys(extract())
    assert code, "no messages extracted"
    with (ROOT / "locales" / "boardbot.pot").open("rb") as f:
        from babel.messages.pofile import read_po

        template = keys(read_po(f))
    assert template == code, "run ./dev catalogs: the template is out of date"
    for locale in LOCALES:
        assert keys(read(locale)) == code, f"{locale} catalog out of date"


@pytest.mark.parametrize("locale", ["ru", "it"])
def test_every_message_has_a_translation(locale):
    assert missing(locale) == []


@pytest.mark.parametrize("locale", ["ru", "it"])
def test_translations_keep_the_placeholders(locale):
    for message in read(locale):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        for string in strings:
            found = set(PLACEHOLDER.findall(string))
            # a plural form may leave out the number it is chosen by ("одна монета")
            assert found <= wanted and wanted - found <= {"n"}, (message.id, string)


def test_russian_has_three_plural_forms_and_italian_two():
    with use_locale("ru"):
        forms = {n: ngettext("{n} coin", "{n} coins", n).format(n=n) for n in (1, 2, 5, 21, 22, 25, 11)}
    assert len({forms[1].split()[1], forms[2].split()[1], forms[5].split()[1]}) == 3
    assert forms[21].split()[1] == forms[1].split()[1] and forms[11].split()[1] == forms[5].split()[1]
    with use_locale("it"):
        assert ngettext("{n} coin", "{n} coins", 1).format(n=1) != ngettext("{n} coin", "{n} coins", 2).format(n=2)


# The names printed on the Russian cards (shared/rules/names-ru-it.md §1: NIK-IMG, with NIK-DATA, TSREF and ARA).
RUSSIAN_NAMES = {
    ("duel.card", "lumber_yard"): "Лесоповал",
    ("duel.card", "stone_pit"): "Каменный карьер",
    ("duel.card", "logging_camp"): "Лесозаготовки",
    ("duel.card", "clay_pit"): "Карьер",
    ("duel.card", "quarry"): "Каменоломня",
    ("duel.card", "stable"): "Конюшня",
    ("duel.card", "garrison"): "Гарнизон",
    ("duel.card", "palisade"): "Частокол",
    ("duel.card", "apothecary"): "Аптека",
    ("duel.card", "scriptorium"): "Скрипторий",
    ("duel.card", "baths"): "Бани",
    ("duel.card", "clay_reserve"): "Склад глины",
    ("duel.card", "stone_reserve"): "Склад камней",
    ("duel.card", "wood_reserve"): "Склад древесины",
    ("duel.card", "tavern"): "Таверна",
    ("duel.card", "shelf_quarry"): "Добыча камня",
    ("duel.card", "horse_breeders"): "Коневодство",
    ("duel.card", "barracks"): "Казармы",
    ("duel.card", "parade_ground"): "Площадь",
    ("duel.card", "archery_range"): "Стрельбище",
    ("duel.card", "aqueduct"): "Акведук",
    ("duel.card", "caravansery"): "Караван-сарай",
    ("duel.card", "customs_house"): "Таможня",
    ("duel.card", "fortifications"): "Укрепления",
    ("duel.card", "study"): "Студия",
    ("duel.card", "arena"): "Арена",
    ("duel.card", "builders_guild"): "Гильдия строителей",
    ("duel.card", "moneylenders_guild"): "Гильдия ростовщиков",
    ("duel.card", "shipowners_guild"): "Гильдия судовладельцев",
    ("duel.card", "merchants_guild"): "Гильдия торговцев",
    ("duel.card", "magistrates_guild"): "Гильдия судей",
    ("duel.card", "tacticians_guild"): "Гильдия стратегов",
    ("duel.wonder", "appian_way"): "Аппиева дорога",
    ("duel.wonder", "circus_maximus"): "Большой цирк",
    ("duel.wonder", "colossus"): "Колосс Родосский",
    ("duel.wonder", "great_library"): "Александрийская библиотека",
    ("duel.wonder", "great_lighthouse"): "Александрийский маяк",
    ("duel.wonder", "hanging_gardens"): "Висячие сады Семирамиды",
    ("duel.wonder", "mausoleum"): "Мавзолей в Галикарнасе",
    ("duel.wonder", "piraeus"): "Пирей",
    ("duel.wonder", "pyramids"): "Пирамида Хеопса",
    ("duel.wonder", "sphinx"): "Большой сфинкс",
    ("duel.wonder", "statue_of_zeus"): "Статуя Зевса в Олимпии",
    ("duel.wonder", "temple_of_artemis"): "Храм Артемиды в Эфесе",
    ("duel.token", "agriculture"): "Земледелие",
    ("duel.token", "architecture"): "Архитектура",
    ("duel.token", "economy"): "Экономика",
    ("duel.token", "law"): "Закон",
    ("duel.token", "masonry"): "Каменная кладка",
    ("duel.token", "mathematics"): "Математика",
    ("duel.token", "philosophy"): "Философия",
    ("duel.token", "strategy"): "Стратегия",
    ("duel.token", "theology"): "Теология",
    ("duel.token", "urbanism"): "Урбанизм",
}

def test_game_terms_follow_the_editions():
    """The glossary's terms: Epoca/эпоха for an age, Meraviglia/чудо for a wonder, segnalino Progresso."""
    from rules.contract import Event, Pending

    presenter = duel_text.DuelPresenter()
    names = ["A", "B"]
    expected = {"it": ("Epoca", "Meraviglia", "Progresso"), "ru": ("Эпоха", "чудо", "жетон прогресса")}
    for locale, (age, wonder, token) in expected.items():
        with use_locale(locale):
            assert age in presenter.narrate(Event("age_started", {"age": 2, "cards": {}}), names)
            assert wonder in presenter.prompt(Pending(0, "draft"), None, names)
            assert token in presenter.prompt(Pending(0, "token"), None, names)


@pytest.mark.parametrize(("subject", "expected"), sorted(RUSSIAN_NAMES.items()))
def test_russian_duel_names_are_the_printed_cards(subject, expected):
    with use_locale("ru"):
        assert duel_names.name(*subject) == expected


def test_every_name_is_distinct_in_each_language():
    for locale in LOCALES:
        with use_locale(locale):
            for table in ("duel.card", "duel.wonder", "duel.token"):
                names = [duel_names.name(table, k) for k in duel_names.TABLES[table]]
                assert len(set(names)) == len(names), (locale, table)


def _codes_in(path: Path, call: str) -> set[str]:
    found = set()
    for file in path.rglob("*.py"):
        found |= _codes_in_file(file, call)
    return found


def _codes_in_file(file: Path, call: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == call and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
    return found


def test_every_refusal_and_illegal_move_has_a_text():
    """The codes raised by the contract's own modules, the service, and every registered game's engine (found
    through the registry), each worded by the core's texts or by that game's presenter."""
    from bot.games import presenters
    from rules.registry import games

    codes = _codes_in(ROOT / "bot", "Refusal")
    for module in (ROOT / "rules").glob("*.py"):
        codes |= _codes_in_file(module, "IllegalMove")
    for name in games():
        codes |= _codes_in(ROOT / "rules" / name, "IllegalMove")
    # codes built from an id kind in the Duel parser
    codes |= {f"duel.error.unknown_{kind}" for kind in ("card", "wonder", "token", "who")}
    codes |= {f"wonders.error.unknown_{kind}" for kind in ("island", "advance", "side", "naval")}
    assert codes
    unworded = {code for code in codes if code not in ERRORS
                and not any(p.error(code, {}) for p in presenters().values())}
    assert sorted(unworded) == []


def test_names_have_distinct_contexts_from_ui_words():
    with use_locale("ru"):
        assert pgettext("duel.card", "Library") != "" and pgettext("duel.token", "Law") == "Закон"


@pytest.mark.parametrize("locale", LOCALES)
def test_rare_wonders_events_are_narrated(locale):
    """Events that random games seldom produce still have words (and never crash the narration)."""
    from rules.contract import Event

    presenter = wonders_text.WondersPresenter()
    names = ["A", "B", "C"]
    with use_locale(locale):
        for event in (Event("advance_lost", {"fleet": None}, 0), Event("advance_lost", {"fleet": "red"}, 0),
                      Event("revive_nothing", {}, 1), Event("exploration_empty", {"level": 3}, 2)):
            assert presenter.narrate(event, names)
