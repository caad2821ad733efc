"""The display names of 7 Wonders Duel's cards, wonders, tokens and symbols.

Ids are the engine's; names are English here and translated by the catalogs (contexts ``duel.card``,
``duel.wonder``, ``duel.token``...). Sources, per language (``shared/rules/names-ru-it.md`` §1 and its keys):

- Russian: the printed Russian cards [NIK-IMG] for the 73 age and guild cards, confirmed by the card lists of two
  Russian Duel programs [NIK-DATA, ARA] (and of a third [MIR] for Age I); the wonders and progress tokens are the
  names those programs agree on [NIK-DATA, TSREF, ARA].
- Italian: no official edition's names were found; these are our own.

``ALIASES`` keeps the other names players know: the catalogs' names before the printed cards were read, and the
names of the Russian rulebook translation of the seed (``shared/seeds/002``).
"""

from __future__ import annotations

from bot.i18n import NP_

CARDS = {
    # Age I
    "lumber_yard": NP_("duel.card", "Lumber Yard"),
    "logging_camp": NP_("duel.card", "Logging Camp"),
    "clay_pool": NP_("duel.card", "Clay Pool"),
    "clay_pit": NP_("duel.card", "Clay Pit"),
    "quarry": NP_("duel.card", "Quarry"),
    "stone_pit": NP_("duel.card", "Stone Pit"),
    "glassworks": NP_("duel.card", "Glassworks"),
    "press": NP_("duel.card", "Press"),
    "guard_tower": NP_("duel.card", "Guard Tower"),
    "stable": NP_("duel.card", "Stable"),
    "garrison": NP_("duel.card", "Garrison"),
    "palisade": NP_("duel.card", "Palisade"),
    "workshop": NP_("duel.card", "Workshop"),
    "apothecary": NP_("duel.card", "Apothecary"),
    "scriptorium": NP_("duel.card", "Scriptorium"),
    "pharmacist": NP_("duel.card", "Pharmacist"),
    "theater": NP_("duel.card", "Theater"),
    "altar": NP_("duel.card", "Altar"),
    "baths": NP_("duel.card", "Baths"),
    "stone_reserve": NP_("duel.card", "Stone Reserve"),
    "clay_reserve": NP_("duel.card", "Clay Reserve"),
    "wood_reserve": NP_("duel.card", "Wood Reserve"),
    "tavern": NP_("duel.card", "Tavern"),
    # Age II
    "sawmill": NP_("duel.card", "Sawmill"),
    "brickyard": NP_("duel.card", "Brickyard"),
    "shelf_quarry": NP_("duel.card", "Shelf Quarry"),
    "glass_blower": NP_("duel.card", "Glass-Blower"),
    "drying_room": NP_("duel.card", "Drying Room"),
    "walls": NP_("duel.card", "Walls"),
    "horse_breeders": NP_("duel.card", "Horse Breeders"),
    "barracks": NP_("duel.card", "Barracks"),
    "archery_range": NP_("duel.card", "Archery Range"),
    "parade_ground": NP_("duel.card", "Parade Ground"),
    "library": NP_("duel.card", "Library"),
    "dispensary": NP_("duel.card", "Dispensary"),
    "school": NP_("duel.card", "School"),
    "laboratory": NP_("duel.card", "Laboratory"),
    "courthouse": NP_("duel.card", "Courthouse"),
    "statue": NP_("duel.card", "Statue"),
    "temple": NP_("duel.card", "Temple"),
    "aqueduct": NP_("duel.card", "Aqueduct"),
    "rostrum": NP_("duel.card", "Rostrum"),
    "forum": NP_("duel.card", "Forum"),
    "caravansery": NP_("duel.card", "Caravansery"),
    "customs_house": NP_("duel.card", "Customs House"),
    "brewery": NP_("duel.card", "Brewery"),
    # Age III
    "arsenal": NP_("duel.card", "Arsenal"),
    "pretorium": NP_("duel.card", "Pretorium"),
    "fortifications": NP_("duel.card", "Fortifications"),
    "siege_workshop": NP_("duel.card", "Siege Workshop"),
    "circus": NP_("duel.card", "Circus"),
    "academy": NP_("duel.card", "Academy"),
    "study": NP_("duel.card", "Study"),
    "university": NP_("duel.card", "University"),
    "observatory": NP_("duel.card", "Observatory"),
    "palace": NP_("duel.card", "Palace"),
    "town_hall": NP_("duel.card", "Town Hall"),
    "obelisk": NP_("duel.card", "Obelisk"),
    "gardens": NP_("duel.card", "Gardens"),
    "pantheon": NP_("duel.card", "Pantheon"),
    "senate": NP_("duel.card", "Senate"),
    "chamber_of_commerce": NP_("duel.card", "Chamber of Commerce"),
    "port": NP_("duel.card", "Port"),
    "armory": NP_("duel.card", "Armory"),
    "lighthouse": NP_("duel.card", "Lighthouse"),
    "arena": NP_("duel.card", "Arena"),
    # Guilds
    "builders_guild": NP_("duel.card", "Builders Guild"),
    "moneylenders_guild": NP_("duel.card", "Moneylenders Guild"),
    "scientists_guild": NP_("duel.card", "Scientists Guild"),
    "shipowners_guild": NP_("duel.card", "Shipowners Guild"),
    "merchants_guild": NP_("duel.card", "Merchants Guild"),
    "magistrates_guild": NP_("duel.card", "Magistrates Guild"),
    "tacticians_guild": NP_("duel.card", "Tacticians Guild"),
}

WONDERS = {
    "appian_way": NP_("duel.wonder", "The Appian Way"),
    "circus_maximus": NP_("duel.wonder", "Circus Maximus"),
    "colossus": NP_("duel.wonder", "The Colossus"),
    "great_library": NP_("duel.wonder", "The Great Library"),
    "great_lighthouse": NP_("duel.wonder", "The Great Lighthouse"),
    "hanging_gardens": NP_("duel.wonder", "The Hanging Gardens"),
    "mausoleum": NP_("duel.wonder", "The Mausoleum"),
    "piraeus": NP_("duel.wonder", "Piraeus"),
    "pyramids": NP_("duel.wonder", "The Pyramids"),
    "sphinx": NP_("duel.wonder", "The Sphinx"),
    "statue_of_zeus": NP_("duel.wonder", "The Statue of Zeus"),
    "temple_of_artemis": NP_("duel.wonder", "The Temple of Artemis"),
}

TOKENS = {
    "agriculture": NP_("duel.token", "Agriculture"),
    "architecture": NP_("duel.token", "Architecture"),
    "economy": NP_("duel.token", "Economy"),
    "law": NP_("duel.token", "Law"),
    "masonry": NP_("duel.token", "Masonry"),
    "mathematics": NP_("duel.token", "Mathematics"),
    "philosophy": NP_("duel.token", "Philosophy"),
    "strategy": NP_("duel.token", "Strategy"),
    "theology": NP_("duel.token", "Theology"),
    "urbanism": NP_("duel.token", "Urbanism"),
}

SCIENCE = {
    "globe": NP_("duel.science", "Globe"),
    "sundial": NP_("duel.science", "Sundial"),
    "mortar": NP_("duel.science", "Mortar"),
    "wheel": NP_("duel.science", "Wheel"),
    "quill": NP_("duel.science", "Quill"),
    "plumb": NP_("duel.science", "Plumb line"),
    "law": NP_("duel.science", "Law"),
}

RESOURCES = {
    "W": NP_("duel.resource", "wood"),
    "C": NP_("duel.resource", "clay"),
    "S": NP_("duel.resource", "stone"),
    "G": NP_("duel.resource", "glass"),
    "P": NP_("duel.resource", "papyrus"),
}

# One-letter abbreviations drawn on cards and in short cost texts.
RESOURCE_LETTERS = {
    "W": NP_("duel.resource.letter", "W"),
    "C": NP_("duel.resource.letter", "C"),
    "S": NP_("duel.resource.letter", "S"),
    "G": NP_("duel.resource.letter", "G"),
    "P": NP_("duel.resource.letter", "P"),
}

COLOURS = {
    "brown": NP_("duel.colour", "raw materials"),
    "grey": NP_("duel.colour", "manufactured goods"),
    "blue": NP_("duel.colour", "civilian buildings"),
    "green": NP_("duel.colour", "scientific buildings"),
    "yellow": NP_("duel.colour", "commercial buildings"),
    "red": NP_("duel.colour", "military buildings"),
    "purple": NP_("duel.colour", "guilds"),
}

CHAINS = {
    "horseshoe": NP_("duel.chain", "Horseshoe"),
    "sword": NP_("duel.chain", "Sword"),
    "tower": NP_("duel.chain", "Tower"),
    "target": NP_("duel.chain", "Target"),
    "helmet": NP_("duel.chain", "Helmet"),
    "book": NP_("duel.chain", "Book"),
    "gear": NP_("duel.chain", "Gear"),
    "lyre": NP_("duel.chain", "Lyre"),
    "lamp": NP_("duel.chain", "Lamp"),
    "mask": NP_("duel.chain", "Mask"),
    "pillar": NP_("duel.chain", "Pillar"),
    "moon": NP_("duel.chain", "Moon"),
    "sun": NP_("duel.chain", "Sun"),
    "drop": NP_("duel.chain", "Drop"),
    "temple_front": NP_("duel.chain", "Temple"),
    "amphora": NP_("duel.chain", "Amphora"),
    "barrel": NP_("duel.chain", "Barrel"),
}

SCORE_CATEGORIES = {
    "civilian": NP_("duel.score", "Civilian buildings"),
    "science": NP_("duel.score", "Scientific buildings"),
    "commercial": NP_("duel.score", "Commercial buildings"),
    "guilds": NP_("duel.score", "Guilds"),
    "wonders": NP_("duel.score", "Wonders"),
    "progress": NP_("duel.score", "Progress tokens"),
    "treasury": NP_("duel.score", "Coins"),
    "military": NP_("duel.score", "Military"),
    "total": NP_("duel.score", "Total"),
}

# Other names of a card, wonder or token, in any language, that move matching and the rule look-up accept
# (``Presenter.subject_aliases``): the catalogs' earlier names and the seed rulebook's. A name that is now another
# subject's own is nobody's alias, so that it still means one thing: the seed's Garrison «Казармы» is the printed
# Barracks, its Shelf Quarry «Каменоломня» the printed Quarry, and our old Quarry «Добыча камня» the Shelf Quarry.
ALIASES = {
    "duel.card": {
        "logging_camp": ("Лесозаготовка",),
        "clay_pit": ("Глиняная яма",),
        "stable": ("Конюшни",),  # seed
        "stone_reserve": ("Склад камня",),  # seed
        "wood_reserve": ("Склад дерева",),  # seed
        "horse_breeders": ("Коневоды",),  # seed
        "barracks": ("Бараки",),
        "parade_ground": ("Плац",),
        "study": ("Кабинет",),
        "tacticians_guild": ("Гильдия тактиков",),  # seed
    },
    # the seed's names of the wonders, without the place
    "duel.wonder": {
        "colossus": ("Колосс",),
        "hanging_gardens": ("Висячие сады",),
        "mausoleum": ("Галикарнасский мавзолей",),
        "pyramids": ("Пирамиды",),
        "sphinx": ("Сфинкс",),
        "statue_of_zeus": ("Статуя Зевса",),
        "temple_of_artemis": ("Храм Артемиды",),
    },
}

TABLES = {
    "duel.card": CARDS,
    "duel.wonder": WONDERS,
    "duel.token": TOKENS,
    "duel.science": SCIENCE,
    "duel.resource": RESOURCES,
    "duel.resource.letter": RESOURCE_LETTERS,
    "duel.colour": COLOURS,
    "duel.chain": CHAINS,
    "duel.score": SCORE_CATEGORIES,
}


def name(context: str, key: str) -> str:
    """The localized name of ``key`` in table ``context`` (e.g. ``name("duel.card", "baths")``)."""
    from bot.i18n import pgettext

    return pgettext(context, TABLES[context][key])


def card(key: str) -> str:
    return name("duel.card", key)


def wonder(key: str) -> str:
    return name("duel.wonder", key)


def token(key: str) -> str:
    return name("duel.token", key)
