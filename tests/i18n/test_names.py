"""The names players see on their own cards, and the other names they may still type (issue 9, item 14).

The Russian names of 7 Wonders Duel are the printed Russian cards'; 7 Wonders follows the Russian rulebook of 2011
and the Italian second edition (``shared/rules/names-ru-it.md``). The names the catalogs gave before and the names
of the seed rulebook stay as aliases (``Presenter.subject_aliases``), which move matching and the rule look-up
accept, except where the name now belongs to another card: «Казармы» was our Garrison and is the printed Barracks.
"""

from __future__ import annotations

import pytest

from bot.games import presenter
from bot.games.duel import names as duel_names
from bot.games.wonders import names as wonders_names
from bot.i18n import LOCALES, use_locale
from bot.rulebook import answer
from bot.rulebook import text as tx
from bot.rulebook.names import alternatives

GAMES = ("duel", "wonders")
MODULES = {"duel": duel_names, "wonders": wonders_names}
# The tables of names a player may type or ask about, per game, and the kind of their rule-book sections.
KINDS = {
    "duel": {"duel.card": "card", "duel.wonder": "wonder", "duel.token": "token"},
    "wonders": {"wonders.card": "card", "wonders.monument": "wonder", "wonders.wonder": "wonder",
                "wonders.island": "island"},
}


def _thing(game: str, table: str, key: str) -> str:
    """What a name stands for: a wonder board's monument and its city are one thing (its rule-book section)."""
    return f"{KINDS[game][table]}.{key}"


def _forms(name: str) -> set[tuple[str, ...]]:
    """The ways a typed name is recognised: its words, their stems in each language, and the words without their
    last two letters (inflected: «Казармы», «казарм»)."""
    words = tuple(tx.words(name))
    cut = tuple(w[: max(4, len(w) - 2)] for w in words)
    return {words, cut} | {tuple(tx.stem(w, lang) for w in words) for lang in LOCALES}


def _current_names(game: str) -> dict[str, set[str]]:
    """thing -> its names in every locale, as the catalogs give them now."""
    p = presenter(game)
    out: dict[str, set[str]] = {}
    for table in KINDS[game]:
        for key in MODULES[game].TABLES[table]:
            for locale in LOCALES:
                with use_locale(locale):
                    out.setdefault(_thing(game, table, key), set()).add(p.subject_name(table, key))
    return out


def _aliases(game: str) -> dict[tuple[str, str], list[str]]:
    p = presenter(game)
    return {(table, key): p.subject_aliases(table, key)
            for table in KINDS[game] for key in MODULES[game].TABLES[table]}


def _owners(game: str, name: str) -> set[str]:
    """Every thing of ``game`` that a player typing ``name`` could mean: by its current name or by an alias."""
    forms = _forms(name)
    found = {thing for thing, names in _current_names(game).items() if any(_forms(n) & forms for n in names)}
    found |= {_thing(game, table, key) for (table, key), aliases in _aliases(game).items()
              if any(_forms(a) & forms for a in aliases)}
    return found


# ------------------------------------------------------------------------------------------- official names
# 7 Wonders, Russian: the 2011 rulebook's card list (RU-RB1); Italian: the second edition (IT2-EG, IT2-AF).
WONDERS_NAMES = {
    "ru": {
        ("wonders.card", "lumber_yard"): "Склад пиломатериалов",
        ("wonders.card", "clay_pool"): "Залежи глины",
        ("wonders.card", "clay_pit"): "Глиняный карьер",
        ("wonders.card", "barracks"): "Бараки",
        ("wonders.card", "east_trading_post"): "Восточная фактория",
        ("wonders.card", "haven"): "Гавань",
        ("wonders.card", "circus"): "Цирк",
        ("wonders.card", "study"): "Научный центр",
        ("wonders.card", "philosophers_guild"): "Гильдия мыслителей",
        ("wonders.monument", "babylon"): "Висячие сады в Вавилоне",
        ("wonders.monument", "giza"): "Пирамиды Гизы",
    },
    "it": {
        ("wonders.card", "lumber_yard"): "Cantiere d'Abbattimento",
        ("wonders.card", "forest_cave"): "Giacimento",
        ("wonders.card", "timber_yard"): "Deposito di Legname",
        ("wonders.card", "workshop"): "Opificio",
        ("wonders.card", "quarry"): "Tagliapietre",
        ("wonders.card", "marketplace"): "Mercato",
        ("wonders.card", "mine"): "Miniera",
        ("wonders.card", "training_ground"): "Zona d'Addestramento",
        ("wonders.card", "lodge"): "Loggia",
        ("wonders.card", "siege_workshop"): "Opificio d'Assedio",
        ("wonders.card", "shipowners_guild"): "Gilda degli Armatori",
        ("wonders.wonder", "rhodos"): "Rodi",
        ("wonders.wonder", "babylon"): "Babilonia",
    },
}


@pytest.mark.parametrize("locale", sorted(WONDERS_NAMES))
def test_7_wonders_names_follow_the_published_editions(locale):
    p = presenter("wonders")
    with use_locale(locale):
        found = {subject: p.subject_name(*subject) for subject in WONDERS_NAMES[locale]}
    assert found == WONDERS_NAMES[locale]


# ------------------------------------------------------------------------------------------------- aliases
# The names before issue 9 (the catalogs, the seed rulebook seeds/002 for Duel in Russian, and the list the rule
# look-up shipped for 7 Wonders), as (table, id, name).
OLD_NAMES = {
    "duel": [
        ("duel.card", "logging_camp", "Лесозаготовка"), ("duel.card", "clay_pit", "Глиняная яма"),
        ("duel.card", "quarry", "Добыча камня"), ("duel.card", "stable", "Конюшни"),
        ("duel.card", "garrison", "Казармы"), ("duel.card", "stone_reserve", "Склад камня"),
        ("duel.card", "wood_reserve", "Склад дерева"), ("duel.card", "shelf_quarry", "Каменоломня"),
        ("duel.card", "horse_breeders", "Коневоды"), ("duel.card", "barracks", "Бараки"),
        ("duel.card", "parade_ground", "Плац"), ("duel.card", "study", "Кабинет"),
        ("duel.card", "tacticians_guild", "Гильдия тактиков"), ("duel.wonder", "colossus", "Колосс"),
        ("duel.wonder", "hanging_gardens", "Висячие сады"), ("duel.wonder", "mausoleum", "Галикарнасский мавзолей"),
        ("duel.wonder", "pyramids", "Пирамиды"), ("duel.wonder", "sphinx", "Сфинкс"),
        ("duel.wonder", "statue_of_zeus", "Статуя Зевса"), ("duel.wonder", "temple_of_artemis", "Храм Артемиды"),
    ],
    "wonders": [
        ("wonders.card", "lumber_yard", "Лесоповал"), ("wonders.card", "clay_pool", "Глиняный карьер"),
        ("wonders.card", "tree_farm", "Лесопитомник"), ("wonders.card", "clay_pit", "Карьер"),
        ("wonders.card", "loom", "Ткацкая мастерская"), ("wonders.card", "glassworks", "Стекольная мастерская"),
        ("wonders.card", "press", "Папирусная мастерская"),
        ("wonders.card", "east_trading_post", "Восточная торговая площадка"),
        ("wonders.card", "west_trading_post", "Западная торговая площадка"), ("wonders.card", "barracks", "Казармы"),
        ("wonders.card", "guard_tower", "Сторожевая вышка"), ("wonders.card", "brickyard", "Кирпичное производство"),
        ("wonders.card", "foundry", "Литейная"), ("wonders.card", "courthouse", "Суд"),
        ("wonders.card", "training_ground", "Тренировочный лагерь"), ("wonders.card", "dispensary", "Лазарет"),
        ("wonders.card", "haven", "Порт"), ("wonders.card", "circus", "Ипподром"),
        ("wonders.card", "siege_workshop", "Осадная мастерская"), ("wonders.card", "study", "Студия"),
        ("wonders.card", "philosophers_guild", "Гильдия философов"),
        ("wonders.monument", "babylon", "Висячие сады Семирамиды"), ("wonders.card", "lumber_yard", "Лесопилка"),
        ("wonders.card", "lumber_yard", "Deposito di Legname"), ("wonders.card", "clay_pool", "Bacino argilloso"),
        ("wonders.card", "tree_farm", "Лесное хозяйство"), ("wonders.card", "excavation", "Котлован"),
        ("wonders.card", "clay_pit", "Глиняная яма"), ("wonders.card", "mine", "Рудник"),
        ("wonders.card", "loom", "Ткацкий станок"), ("wonders.card", "loom", "Telaio"),
        ("wonders.card", "press", "Пресс"), ("wonders.card", "press", "Pressa"),
        ("wonders.card", "pawnshop", "Monte dei Pegni"), ("wonders.card", "baths", "Термы"),
        ("wonders.card", "baths", "Terme"), ("wonders.card", "east_trading_post", "Восточный торговый пост"),
        ("wonders.card", "west_trading_post", "Западный торговый пост"),
        ("wonders.card", "guard_tower", "Сторожевая башня"), ("wonders.card", "workshop", "Officina"),
        ("wonders.card", "quarry", "Cava"), ("wonders.card", "brickyard", "Кирпичный завод"),
        ("wonders.card", "foundry", "Литейный двор"), ("wonders.card", "training_ground", "Плац"),
        ("wonders.card", "haven", "Гавань"), ("wonders.card", "circus", "Цирк"), ("wonders.card", "study", "Кабинет"),
        ("wonders.card", "traders_guild", "Traders' Guild"),
        ("wonders.card", "strategists_guild", "Гильдия тактиков"),
        ("wonders.card", "strategists_guild", "Gilda dei Tattici"),
        ("wonders.card", "magistrates_guild", "Гильдия магистратов"), ("wonders.card", "dock", "Pontoon"),
        ("wonders.card", "quay", "Ballista"), ("wonders.card", "quay", "Причал"), ("wonders.card", "jetty", "Pier"),
        ("wonders.card", "jetty", "Мол"), ("wonders.card", "shipyard", "Верфь"),
        ("wonders.card", "shipyard", "Cantiere"), ("wonders.card", "construction_yard", "Строительный двор"),
        ("wonders.card", "hangar", "Ангар"), ("wonders.card", "captaincy", "Управление порта"),
        ("wonders.card", "pirate_cache", "Pirate Hideout"), ("wonders.card", "pirate_lair", "Pirate's Den"),
        ("wonders.card", "pirate_brotherhood", "Pirate Crew"),
        ("wonders.card", "eastern_emporium", "Восточное торговое подворье"),
        ("wonders.card", "western_emporium", "Западное торговое подворье"),
        ("wonders.card", "customs_office", "Port Customs"), ("wonders.card", "customs_office", "Ufficio Doganale"),
        ("wonders.card", "steersmens_academy", "Helmsman's Rest"),
        ("wonders.card", "steersmens_academy", "Академия рулевых"),
        ("wonders.card", "map_room", "Cartographers' Office"), ("wonders.card", "map_room", "Комната карт"),
        ("wonders.card", "naval_archives", "Nautical Archives"),
        ("wonders.card", "explorers_office", "Cabinet of Explorers"),
        ("wonders.card", "explorers_office", "Контора исследователей"),
        ("wonders.card", "society_of_navigators", "Navigation Firm"),
        ("wonders.card", "captains_circle", "Circle of Captains"), ("wonders.monument", "rhodos", "Колосс"),
        ("wonders.monument", "alexandria", "Маяк Александрии"), ("wonders.monument", "ephesos", "Храм Артемиды"),
        ("wonders.monument", "babylon", "Висячие сады Вавилона"), ("wonders.monument", "olympia", "Статуя Зевса"),
        ("wonders.monument", "halikarnassos", "Галикарнасский мавзолей"),
        ("wonders.monument", "giza", "Пирамида Хеопса"), ("wonders.monument", "giza", "Пирамиды"),
        ("wonders.monument", "giza", "La Piramide di Cheope"), ("wonders.island", "wild_island", "Overgrown Island"),
        ("wonders.island", "virgin_island", "Девственный остров"),
        ("wonders.island", "windblown_island", "Whistling Island"),
        ("wonders.island", "abandoned_harbor", "Abandoned Oasis"), ("wonders.island", "iron_harbor", "Iron Oasis"),
        ("wonders.island", "windy_harbor", "Windy Oasis"), ("wonders.island", "statues_harbor", "Oasis of Statues"),
        ("wonders.island", "frothy_harbor", "Stormy Oasis"), ("wonders.island", "ancient_harbor", "Ancient Oasis"),
        ("wonders.island", "wondrous_harbor", "Wonderous Oasis"), ("wonders.island", "pirate_harbor", "Pirate Oasis"),
        ("wonders.island", "forgotten_harbor", "Forgotten Oasis"),
        ("wonders.island", "trade_winds_archipelago", "Breezy Archipelago"),
        ("wonders.island", "sovereign_archipelago", "Royal Archipelago"),
        ("wonders.island", "sovereign_archipelago", "Суверенный архипелаг"),
        ("wonders.island", "stormy_archipelago", "Torrential Archipelago"),
        ("wonders.island", "luxurious_archipelago", "Lush Archipelago"),
        ("wonders.island", "sheltered_archipelago", "Защищённый архипелаг"),
    ],
}

# Old names that are now another thing's own name: they lead to that thing, and are nobody's alias.
MOVED = {
    ("duel", "Казармы"): "card.barracks",  # the seed's and our Garrison: the printed Barracks
    ("duel", "Каменоломня"): "card.quarry",  # the seed's and our Shelf Quarry: the printed Quarry
    ("duel", "Добыча камня"): "card.shelf_quarry",  # our Quarry: the printed Shelf Quarry
    ("wonders", "Глиняный карьер"): "card.clay_pit",  # our Clay Pool: the rulebook's Clay Pit
    ("wonders", "Лесопилка"): "card.sawmill",  # an old alternative of Lumber Yard, the name of Sawmill
    ("wonders", "Deposito di Legname"): "card.timber_yard",  # ditto, the Italian Timber Yard
}


@pytest.mark.parametrize("game", GAMES)
def test_every_old_name_leads_to_exactly_one_thing_the_right_one(game):
    p = presenter(game)
    wrong = {}
    for table, key, old in OLD_NAMES[game]:
        meant = MOVED.get((game, old), _thing(game, table, key))
        if _owners(game, old) != {meant}:
            wrong[old] = (meant, sorted(_owners(game, old)))
        # kept: still a name of that thing (spelt as now), or one of its aliases
        current = {_written(_name_in(p, table, key, locale)) for locale in LOCALES}
        if (game, old) not in MOVED and _written(old) not in current and old not in p.subject_aliases(table, key):
            wrong[old] = f"not an alias of {table}/{key}"
    assert wrong == {}


def _name_in(p, table: str, key: str, locale: str) -> str:
    with use_locale(locale):
        return p.subject_name(table, key)


def _written(name: str) -> str:
    """A name as the look-up reads it: case, accents, ё and punctuation aside ("Traders' Guild" is "Traders Guild")."""
    return " ".join(tx.words(name))


@pytest.mark.parametrize("game", GAMES)
def test_no_alias_is_the_name_or_alias_of_another_thing(game):
    """An alias that is (or inflects like) another thing's name or alias would make a typed name ambiguous."""
    clashes = {}
    for (table, key), aliases in _aliases(game).items():
        own = _thing(game, table, key)
        for alias in aliases:
            if _owners(game, alias) != {own}:
                clashes[alias] = (own, sorted(_owners(game, alias)))
    assert clashes == {}


@pytest.mark.parametrize("game", GAMES)
def test_aliases_are_other_names_than_the_current_ones(game):
    p = presenter(game)
    same = []
    for (table, key), aliases in _aliases(game).items():
        current = {_written(_name_in(p, table, key, locale)) for locale in LOCALES}
        same += [(table, key, a) for a in aliases if _written(a) in current]
    assert same == []


def test_an_unknown_subject_has_no_alias():
    assert presenter("duel").subject_aliases("duel.card", "no_such_card") == []
    assert presenter("wonders").subject_aliases("wonders.fleet", "red") == []


@pytest.mark.parametrize("game", GAMES)
def test_the_rule_look_up_knows_every_alias_and_answers_it_with_its_thing(game):
    wrong = {}
    for (table, key), aliases in _aliases(game).items():
        kind = KINDS[game][table]
        for alias in aliases:
            if alias not in alternatives(game, kind, key):
                wrong[alias] = "not an alternative"
                continue
            lang = "ru" if tx.is_cyrillic(alias) else "en"
            hits = [h.id for h in answer(game, alias, lang, limit=1).hits]
            if hits != [f"{kind}.{key}"]:
                wrong[alias] = (f"{kind}.{key}", hits)
    assert wrong == {}


LOOK_UPS = [
    ("duel", "казармы", "card.barracks"),
    ("duel", "гарнизон", "card.garrison"),
    ("duel", "каменоломня", "card.quarry"),
    ("duel", "добыча камня", "card.shelf_quarry"),
    ("duel", "карьер", "card.clay_pit"),
    ("duel", "гильдия тактиков", "card.tacticians_guild"),
    ("duel", "колосс", "wonder.colossus"),
    ("wonders", "глиняный карьер", "card.clay_pit"),
    ("wonders", "карьер", "card.clay_pit"),
    ("wonders", "лесопилка", "card.sawmill"),
]


@pytest.mark.parametrize(("game", "question", "section"), LOOK_UPS, ids=[f"{g}-{s}" for g, _, s in LOOK_UPS])
def test_the_rule_look_up_answers_new_old_and_moved_names_with_the_right_card(game, question, section):
    """A name that moved to another card finds that card; the card that lost it is found by its new name."""
    assert [h.id for h in answer(game, question, "ru", limit=1).hits] == [section]
