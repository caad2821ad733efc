"""The display names of 7 Wonders and Armada: cards, wonder boards, islands, Shipyard boards, symbols.

Ids are the engine's; names are English here and translated by the catalogs (contexts ``wonders.card``,
``wonders.wonder``, ``wonders.monument``, ``wonders.island``...). Sources, per language
(``shared/rules/names-ru-it.md`` §2-3 and its keys):

- Russian 7 Wonders: the card list and wonder headings of the Russian rulebook of 2011 [RU-RB1], a single source
  (no print of the Russian edition was found); the cities are the place names of its examples.
- Italian 7 Wonders: the second edition (Asmodee Italia, 2020) [IT2-EG, IT2-AF], as the card list of the Asterion
  first edition was not found (its rulebook confirms Mercato and Miniera [IT1-RB]). Where the two disagree (Olympia,
  Halikarnassos) we follow IT2-AF. Our own: Pawnshop and Strategists Guild (not in the second edition) and the
  monuments.
- Armada (cards, islands, Shipyards), Russian and Italian: no edition was found; these are our own. The Russian
  Armada rules [SEED1] keep the English names, which are the English names here.

``ALIASES`` keeps the other names players know: the catalogs' names before the rulebook's were taken, and the other
names the rule look-up has always accepted (older translations, other prints' English).
"""

from __future__ import annotations

from bot.i18n import NP_, pgettext

CARDS = {
    "lumber_yard": NP_("wonders.card", "Lumber Yard"),
    "stone_pit": NP_("wonders.card", "Stone Pit"),
    "clay_pool": NP_("wonders.card", "Clay Pool"),
    "ore_vein": NP_("wonders.card", "Ore Vein"),
    "tree_farm": NP_("wonders.card", "Tree Farm"),
    "excavation": NP_("wonders.card", "Excavation"),
    "clay_pit": NP_("wonders.card", "Clay Pit"),
    "timber_yard": NP_("wonders.card", "Timber Yard"),
    "forest_cave": NP_("wonders.card", "Forest Cave"),
    "mine": NP_("wonders.card", "Mine"),
    "loom": NP_("wonders.card", "Loom"),
    "glassworks": NP_("wonders.card", "Glassworks"),
    "press": NP_("wonders.card", "Press"),
    "pawnshop": NP_("wonders.card", "Pawnshop"),
    "baths": NP_("wonders.card", "Baths"),
    "altar": NP_("wonders.card", "Altar"),
    "theater": NP_("wonders.card", "Theater"),
    "tavern": NP_("wonders.card", "Tavern"),
    "east_trading_post": NP_("wonders.card", "East Trading Post"),
    "west_trading_post": NP_("wonders.card", "West Trading Post"),
    "marketplace": NP_("wonders.card", "Marketplace"),
    "stockade": NP_("wonders.card", "Stockade"),
    "barracks": NP_("wonders.card", "Barracks"),
    "guard_tower": NP_("wonders.card", "Guard Tower"),
    "apothecary": NP_("wonders.card", "Apothecary"),
    "workshop": NP_("wonders.card", "Workshop"),
    "scriptorium": NP_("wonders.card", "Scriptorium"),
    "sawmill": NP_("wonders.card", "Sawmill"),
    "quarry": NP_("wonders.card", "Quarry"),
    "brickyard": NP_("wonders.card", "Brickyard"),
    "foundry": NP_("wonders.card", "Foundry"),
    "aqueduct": NP_("wonders.card", "Aqueduct"),
    "temple": NP_("wonders.card", "Temple"),
    "statue": NP_("wonders.card", "Statue"),
    "courthouse": NP_("wonders.card", "Courthouse"),
    "forum": NP_("wonders.card", "Forum"),
    "caravansery": NP_("wonders.card", "Caravansery"),
    "vineyard": NP_("wonders.card", "Vineyard"),
    "bazar": NP_("wonders.card", "Bazar"),
    "walls": NP_("wonders.card", "Walls"),
    "training_ground": NP_("wonders.card", "Training Ground"),
    "stables": NP_("wonders.card", "Stables"),
    "archery_range": NP_("wonders.card", "Archery Range"),
    "dispensary": NP_("wonders.card", "Dispensary"),
    "laboratory": NP_("wonders.card", "Laboratory"),
    "library": NP_("wonders.card", "Library"),
    "school": NP_("wonders.card", "School"),
    "pantheon": NP_("wonders.card", "Pantheon"),
    "gardens": NP_("wonders.card", "Gardens"),
    "town_hall": NP_("wonders.card", "Town Hall"),
    "palace": NP_("wonders.card", "Palace"),
    "senate": NP_("wonders.card", "Senate"),
    "haven": NP_("wonders.card", "Haven"),
    "lighthouse": NP_("wonders.card", "Lighthouse"),
    "chamber_of_commerce": NP_("wonders.card", "Chamber of Commerce"),
    "arena": NP_("wonders.card", "Arena"),
    "fortifications": NP_("wonders.card", "Fortifications"),
    "circus": NP_("wonders.card", "Circus"),
    "arsenal": NP_("wonders.card", "Arsenal"),
    "siege_workshop": NP_("wonders.card", "Siege Workshop"),
    "lodge": NP_("wonders.card", "Lodge"),
    "observatory": NP_("wonders.card", "Observatory"),
    "university": NP_("wonders.card", "University"),
    "academy": NP_("wonders.card", "Academy"),
    "study": NP_("wonders.card", "Study"),
    "workers_guild": NP_("wonders.card", "Workers Guild"),
    "craftsmens_guild": NP_("wonders.card", "Craftsmens Guild"),
    "traders_guild": NP_("wonders.card", "Traders Guild"),
    "philosophers_guild": NP_("wonders.card", "Philosophers Guild"),
    "spies_guild": NP_("wonders.card", "Spies Guild"),
    "strategists_guild": NP_("wonders.card", "Strategists Guild"),
    "magistrates_guild": NP_("wonders.card", "Magistrates Guild"),
    "shipowners_guild": NP_("wonders.card", "Shipowners Guild"),
    "scientists_guild": NP_("wonders.card", "Scientists Guild"),
    "builders_guild": NP_("wonders.card", "Builders Guild"),
    "dock": NP_("wonders.card", "Dock"),
    "coastal_defenses": NP_("wonders.card", "Coastal Defenses"),
    "shipyard": NP_("wonders.card", "Shipyard"),
    "construction_yard": NP_("wonders.card", "Construction Yard"),
    "pirate_cache": NP_("wonders.card", "Pirate Cache"),
    "eastern_emporium": NP_("wonders.card", "Eastern Emporium"),
    "explorers_office": NP_("wonders.card", "Explorer's Office"),
    "steersmens_academy": NP_("wonders.card", "Steersmen's Academy"),
    "quay": NP_("wonders.card", "Quay"),
    "fortified_port": NP_("wonders.card", "Fortified Port"),
    "dry_dock": NP_("wonders.card", "Dry Dock"),
    "hangar": NP_("wonders.card", "Hangar"),
    "pirate_lair": NP_("wonders.card", "Pirate Lair"),
    "western_emporium": NP_("wonders.card", "Western Emporium"),
    "society_of_navigators": NP_("wonders.card", "Society of Navigators"),
    "map_room": NP_("wonders.card", "Map Room"),
    "jetty": NP_("wonders.card", "Jetty"),
    "coastal_fortifications": NP_("wonders.card", "Coastal Fortifications"),
    "captaincy": NP_("wonders.card", "Captaincy"),
    "naval_ministry": NP_("wonders.card", "Naval Ministry"),
    "pirate_brotherhood": NP_("wonders.card", "Pirate Brotherhood"),
    "customs_office": NP_("wonders.card", "Customs Office"),
    "captains_circle": NP_("wonders.card", "Captain's Circle"),
    "naval_archives": NP_("wonders.card", "Naval Archives"),
}

# Wonder boards are named after their city, as printed on the boards.
WONDERS = {
    "rhodos": NP_("wonders.wonder", "Rhodos"),
    "alexandria": NP_("wonders.wonder", "Alexandria"),
    "ephesos": NP_("wonders.wonder", "Ephesos"),
    "babylon": NP_("wonders.wonder", "Babylon"),
    "olympia": NP_("wonders.wonder", "Olympia"),
    "halikarnassos": NP_("wonders.wonder", "Halikarnassos"),
    "giza": NP_("wonders.wonder", "Gizah"),
}

MONUMENTS = {
    "rhodos": NP_("wonders.monument", "The Colossus of Rhodes"),
    "alexandria": NP_("wonders.monument", "The Lighthouse of Alexandria"),
    "ephesos": NP_("wonders.monument", "The Temple of Artemis in Ephesus"),
    "babylon": NP_("wonders.monument", "The Hanging Gardens of Babylon"),
    "olympia": NP_("wonders.monument", "The Statue of Zeus in Olympia"),
    "halikarnassos": NP_("wonders.monument", "The Mausoleum of Halikarnassos"),
    "giza": NP_("wonders.monument", "The Pyramids of Giza"),
}

ISLANDS = {
    "wild_island": NP_("wonders.island", "Wild Island"),
    "virgin_island": NP_("wonders.island", "Virgin Island"),
    "bronze_island": NP_("wonders.island", "Bronze Island"),
    "windblown_island": NP_("wonders.island", "Windblown Island"),
    "inhabited_island": NP_("wonders.island", "Inhabited Island"),
    "topaz_island": NP_("wonders.island", "Topaz Island"),
    "amber_island": NP_("wonders.island", "Amber Island"),
    "lost_island": NP_("wonders.island", "Lost Island"),
    "foggy_island": NP_("wonders.island", "Foggy Island"),
    "abandoned_harbor": NP_("wonders.island", "Abandoned Harbor"),
    "iron_harbor": NP_("wonders.island", "Iron Harbor"),
    "windy_harbor": NP_("wonders.island", "Windy Harbor"),
    "statues_harbor": NP_("wonders.island", "Statues Harbor"),
    "frothy_harbor": NP_("wonders.island", "Frothy Harbor"),
    "ancient_harbor": NP_("wonders.island", "Ancient Harbor"),
    "wondrous_harbor": NP_("wonders.island", "Wondrous Harbor"),
    "pirate_harbor": NP_("wonders.island", "Pirate Harbor"),
    "forgotten_harbor": NP_("wonders.island", "Forgotten Harbor"),
    "scarlet_archipelago": NP_("wonders.island", "Scarlet Archipelago"),
    "trade_winds_archipelago": NP_("wonders.island", "Trade Winds Archipelago"),
    "sovereign_archipelago": NP_("wonders.island", "Sovereign Archipelago"),
    "stormy_archipelago": NP_("wonders.island", "Stormy Archipelago"),
    "luxurious_archipelago": NP_("wonders.island", "Luxurious Archipelago"),
    "golden_archipelago": NP_("wonders.island", "Golden Archipelago"),
    "emerald_archipelago": NP_("wonders.island", "Emerald Archipelago"),
    "sheltered_archipelago": NP_("wonders.island", "Sheltered Archipelago"),
    "rainbow_archipelago": NP_("wonders.island", "Rainbow Archipelago"),
}

SHIPYARDS = {
    "board_1": NP_("wonders.shipyard", "Shipyard 1"),
    "board_2": NP_("wonders.shipyard", "Shipyard 2"),
    "board_3": NP_("wonders.shipyard", "Shipyard 3"),
    "board_4": NP_("wonders.shipyard", "Shipyard 4"),
    "board_5": NP_("wonders.shipyard", "Shipyard 5"),
    "board_6": NP_("wonders.shipyard", "Shipyard 6"),
    "board_7": NP_("wonders.shipyard", "Shipyard 7"),
    "board_8": NP_("wonders.shipyard", "Shipyard 8"),
}

RESOURCES = {
    "W": NP_("wonders.resource", "wood"),
    "S": NP_("wonders.resource", "stone"),
    "C": NP_("wonders.resource", "clay"),
    "O": NP_("wonders.resource", "ore"),
    "G": NP_("wonders.resource", "glass"),
    "L": NP_("wonders.resource", "loom"),
    "P": NP_("wonders.resource", "papyrus"),
}

SCIENCE = {
    "compass": NP_("wonders.science", "compass"),
    "gear": NP_("wonders.science", "gear"),
    "tablet": NP_("wonders.science", "tablet"),
}

FLEETS = {
    "red": NP_("wonders.fleet", "red fleet"),
    "yellow": NP_("wonders.fleet", "yellow fleet"),
    "blue": NP_("wonders.fleet", "blue fleet"),
    "green": NP_("wonders.fleet", "green fleet"),
}

COLOURS = {
    "brown": NP_("wonders.colour", "raw materials"),
    "grey": NP_("wonders.colour", "manufactured goods"),
    "blue": NP_("wonders.colour", "civilian structures"),
    "yellow": NP_("wonders.colour", "commercial structures"),
    "red": NP_("wonders.colour", "military structures"),
    "green": NP_("wonders.colour", "scientific structures"),
    "purple": NP_("wonders.colour", "guilds"),
}

SCORE_CATEGORIES = {
    "military": NP_("wonders.score", "Military"),
    "treasury": NP_("wonders.score", "Coins"),
    "wonder": NP_("wonders.score", "Wonder"),
    "civilian": NP_("wonders.score", "Civilian structures"),
    "science": NP_("wonders.score", "Scientific structures"),
    "commercial": NP_("wonders.score", "Commercial structures"),
    "guilds": NP_("wonders.score", "Guilds"),
    "naval": NP_("wonders.score", "Naval conflicts"),
    "shipyard": NP_("wonders.score", "Shipyard"),
    "islands": NP_("wonders.score", "Islands"),
    "team": NP_("wonders.score", "Team"),
    "total": NP_("wonders.score", "Total"),
}

# Other names of a subject, in any language, that move matching and the rule look-up accept
# (``Presenter.subject_aliases``). A name that is now another subject's own is nobody's alias, so that it still
# means one thing: our old Clay Pool «Глиняный карьер» is the rulebook's Clay Pit; «Лесопилка» (Sawmill) and
# «Deposito di Legname» (Timber Yard) are no longer taken for the Lumber Yard.
ALIASES = {
    "wonders.card": {
        "lumber_yard": ("Лесоповал",),
        "clay_pool": ("Bacino argilloso",),
        "tree_farm": ("Лесопитомник", "Лесное хозяйство"),
        "excavation": ("Котлован",),
        "clay_pit": ("Карьер", "Глиняная яма"),
        "mine": ("Рудник",),
        "loom": ("Ткацкая мастерская", "Telaio"),
        "glassworks": ("Стекольная мастерская",),
        "press": ("Папирусная мастерская", "Пресс", "Pressa"),
        "pawnshop": ("Monte dei Pegni",),
        "baths": ("Термы", "Terme"),
        "east_trading_post": ("Восточная торговая площадка", "Восточный торговый пост"),
        "west_trading_post": ("Западная торговая площадка", "Западный торговый пост"),
        "barracks": ("Казармы",),
        "guard_tower": ("Сторожевая вышка",),
        "workshop": ("Officina",),
        "quarry": ("Cava",),
        "brickyard": ("Кирпичное производство", "Кирпичный завод"),
        "foundry": ("Литейная", "Литейный двор"),
        "courthouse": ("Суд",),
        "training_ground": ("Тренировочный лагерь", "Плац"),
        "dispensary": ("Лазарет",),
        "haven": ("Порт",),
        "circus": ("Ипподром",),
        "siege_workshop": ("Осадная мастерская",),
        "study": ("Студия", "Кабинет"),
        "philosophers_guild": ("Гильдия философов",),
        "strategists_guild": ("Гильдия тактиков", "Gilda dei Tattici"),
        "magistrates_guild": ("Гильдия магистратов",),
        "dock": ("Pontoon",),
        "quay": ("Ballista", "Причал"),
        "jetty": ("Pier", "Мол"),
        "shipyard": ("Верфь", "Cantiere"),
        "construction_yard": ("Строительный двор",),
        "hangar": ("Ангар",),
        "captaincy": ("Управление порта",),
        "pirate_cache": ("Pirate Hideout",),
        "pirate_lair": ("Pirate's Den",),
        "pirate_brotherhood": ("Pirate Crew",),
        "eastern_emporium": ("Восточное торговое подворье",),
        "western_emporium": ("Западное торговое подворье",),
        "customs_office": ("Port Customs", "Ufficio Doganale"),
        "steersmens_academy": ("Helmsman's Rest", "Академия рулевых"),
        "map_room": ("Cartographers' Office", "Комната карт"),
        "naval_archives": ("Nautical Archives",),
        "explorers_office": ("Cabinet of Explorers", "Контора исследователей"),
        "society_of_navigators": ("Navigation Firm",),
        "captains_circle": ("Circle of Captains",),
    },
    "wonders.monument": {
        "rhodos": ("Колосс",),
        "alexandria": ("Маяк Александрии",),
        "ephesos": ("Храм Артемиды",),
        "babylon": ("Висячие сады Семирамиды", "Висячие сады Вавилона"),
        "olympia": ("Статуя Зевса",),
        "halikarnassos": ("Галикарнасский мавзолей",),
        "giza": ("Пирамида Хеопса", "Пирамиды", "La Piramide di Cheope"),
    },
    "wonders.island": {
        "wild_island": ("Overgrown Island",),
        "virgin_island": ("Девственный остров",),
        "windblown_island": ("Whistling Island",),
        "abandoned_harbor": ("Abandoned Oasis",),
        "iron_harbor": ("Iron Oasis",),
        "windy_harbor": ("Windy Oasis",),
        "statues_harbor": ("Oasis of Statues",),
        "frothy_harbor": ("Stormy Oasis",),
        "ancient_harbor": ("Ancient Oasis",),
        "wondrous_harbor": ("Wonderous Oasis",),
        "pirate_harbor": ("Pirate Oasis",),
        "forgotten_harbor": ("Forgotten Oasis",),
        "trade_winds_archipelago": ("Breezy Archipelago",),
        "sovereign_archipelago": ("Royal Archipelago", "Суверенный архипелаг"),
        "stormy_archipelago": ("Torrential Archipelago",),
        "luxurious_archipelago": ("Lush Archipelago",),
        "sheltered_archipelago": ("Защищённый архипелаг",),
    },
}

TABLES = {
    "wonders.card": CARDS,
    "wonders.wonder": WONDERS,
    "wonders.monument": MONUMENTS,
    "wonders.island": ISLANDS,
    "wonders.shipyard": SHIPYARDS,
    "wonders.resource": RESOURCES,
    "wonders.science": SCIENCE,
    "wonders.fleet": FLEETS,
    "wonders.colour": COLOURS,
    "wonders.score": SCORE_CATEGORIES,
}


def name(context: str, key: str) -> str:
    """The localized name of ``key`` in table ``context`` (e.g. ``name("wonders.card", "baths")``)."""
    return pgettext(context, TABLES[context][key])


def card(key: str) -> str:
    return name("wonders.card", key)


def wonder(key: str) -> str:
    return name("wonders.wonder", key)


def island(key: str) -> str:
    return name("wonders.island", key)


def fleet(key: str) -> str:
    return name("wonders.fleet", key)
