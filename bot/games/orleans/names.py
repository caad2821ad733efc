"""The display names of Orléans: followers, places (the player board's and the place tiles), goods, cities, beneficial
deeds, events (hour-glass tiles), tracks, citizens, phases and the score pad.

Ids are the engine's (``rules/orleans/data``); names are English here and translated by the catalogs, one message
context per kind (``orleans.follower``, ``orleans.place``, ``orleans.good``, ``orleans.city``, ``orleans.deed``,
``orleans.event``...). Sources, per language (``shared/rules/orleans.md`` §8, the glossary):

- English: the published English names (the specification's §3 and ``orleans-data.md``: Farm House, Sacristy,
  Shipping Line, Trading Day, Harvest...); the deeds without their "Building the..." ("City Wall").
- Russian: the GaGa Games edition (2017), the seed rulebook ``shared/seeds/003``: «фермер», «моряк», «Ферма»,
  «Сторожевая башня», «Доки», «Засуха», «фактория»... The rulebook names no deed but Canalisation
  («канализация»): the other seven deed names are our own.
- Italian: the Cranio Creations edition where public descriptions of it give the word («aiutante» for a follower,
  «stazione commerciale», «opere benefiche», «tessera luogo», «tessera clessidra», «cittadino», the goods);
  elsewhere the glossary's Italian, which it marks as unsure (places, tiles, deeds, events): those are ours until
  checked against the Italian rulebook. Cities keep their French names in Italian, as on the board.

``ALIASES`` keeps the other names players use, in any language: the English printing's other words (Chapel, Docks,
Drought, Market Day), the everyday Russian words (крестьянин for a farmer, «пороховая башня»), and the names
without accents (Orleans, Chateauroux). Move matching and the rule look-up accept them.
"""

from __future__ import annotations

from bot.i18n import NP_, pgettext

FOLLOWERS = {
    "farmer": NP_("orleans.follower", "Farmer"),
    "boatman": NP_("orleans.follower", "Boatman"),
    "craftsman": NP_("orleans.follower", "Craftsman"),
    "trader": NP_("orleans.follower", "Trader"),
    "knight": NP_("orleans.follower", "Knight"),
    "scholar": NP_("orleans.follower", "Scholar"),
    "monk": NP_("orleans.follower", "Monk"),
    # TRANSLATORS: a player-coloured follower (one of the four a player starts with): never lost, never on a deed.
    "own_farmer": NP_("orleans.follower", "Farmer (own)"),
    "own_boatman": NP_("orleans.follower", "Boatman (own)"),
    "own_craftsman": NP_("orleans.follower", "Craftsman (own)"),
    "own_trader": NP_("orleans.follower", "Trader (own)"),
}

# The followers in the plural, for counts ("3 farmers" is written "Farmers: 3" in every language).
FOLLOWERS_PLURAL = {
    "farmer": NP_("orleans.followers", "Farmers"),
    "boatman": NP_("orleans.followers", "Boatmen"),
    "craftsman": NP_("orleans.followers", "Craftsmen"),
    "trader": NP_("orleans.followers", "Traders"),
    "knight": NP_("orleans.followers", "Knights"),
    "scholar": NP_("orleans.followers", "Scholars"),
    "monk": NP_("orleans.followers", "Monks"),
}

PLACES = {
    # the player board
    "farm_house": NP_("orleans.place", "Farm House"),
    "village": NP_("orleans.place", "Village"),
    "university": NP_("orleans.place", "University"),
    "castle": NP_("orleans.place", "Castle"),
    "monastery": NP_("orleans.place", "Monastery"),
    "ship": NP_("orleans.place", "Ship"),
    "wagon": NP_("orleans.place", "Wagon"),
    "guildhall": NP_("orleans.place", "Guildhall"),
    "scriptorium": NP_("orleans.place", "Scriptorium"),
    "town_hall": NP_("orleans.place", "Town Hall"),
    # stack I
    "hayrick": NP_("orleans.place", "Hayrick"),
    "cheese_factory": NP_("orleans.place", "Cheese Factory"),
    "winery": NP_("orleans.place", "Winery"),
    "wool_manufacturer": NP_("orleans.place", "Wool Manufacturer"),
    "tailor_shop": NP_("orleans.place", "Tailor Shop"),
    "brewery": NP_("orleans.place", "Brewery"),
    "windmill": NP_("orleans.place", "Windmill"),
    "library": NP_("orleans.place", "Library"),
    "hospital": NP_("orleans.place", "Hospital"),
    "sacristy": NP_("orleans.place", "Sacristy"),
    "herb_garden": NP_("orleans.place", "Herb Garden"),
    "bathhouse": NP_("orleans.place", "Bathhouse"),
    # stack II
    "shipping_line": NP_("orleans.place", "Shipping Line"),
    "cellar": NP_("orleans.place", "Cellar"),
    "office": NP_("orleans.place", "Office"),
    "laboratory": NP_("orleans.place", "Laboratory"),
    "school": NP_("orleans.place", "School"),
    "horse_wagon": NP_("orleans.place", "Horse Wagon"),
    "pharmacy": NP_("orleans.place", "Pharmacy"),
    "gunpowder_tower": NP_("orleans.place", "Gunpowder Tower"),
}

GOODS = {
    "grain": NP_("orleans.good", "Grain"),
    "cheese": NP_("orleans.good", "Cheese"),
    "wine": NP_("orleans.good", "Wine"),
    "wool": NP_("orleans.good", "Wool"),
    "brocade": NP_("orleans.good", "Brocade"),
}

CITIES = {
    "orleans": NP_("orleans.city", "Orléans"),
    "chartres": NP_("orleans.city", "Chartres"),
    "etampes": NP_("orleans.city", "Étampes"),
    "le_mans": NP_("orleans.city", "Le Mans"),
    "chateaudun": NP_("orleans.city", "Châteaudun"),
    "montargis": NP_("orleans.city", "Montargis"),
    "vendome": NP_("orleans.city", "Vendôme"),
    "blois": NP_("orleans.city", "Blois"),
    "briare": NP_("orleans.city", "Briare"),
    "tours": NP_("orleans.city", "Tours"),
    "chinon": NP_("orleans.city", "Chinon"),
    "montrichard": NP_("orleans.city", "Montrichard"),
    "vierzon": NP_("orleans.city", "Vierzon"),
    "loches": NP_("orleans.city", "Loches"),
    "bourges": NP_("orleans.city", "Bourges"),
    "sancerre": NP_("orleans.city", "Sancerre"),
    "chatellerault": NP_("orleans.city", "Châtellerault"),
    "le_blanc": NP_("orleans.city", "Le Blanc"),
    "chateauroux": NP_("orleans.city", "Châteauroux"),
    "nevers": NP_("orleans.city", "Nevers"),
    "argenton": NP_("orleans.city", "Argenton"),
    "la_chatre": NP_("orleans.city", "La Châtre"),
    "saint_amand": NP_("orleans.city", "Saint-Amand"),
}

DEEDS = {
    "city_wall": NP_("orleans.deed", "City Wall"),
    "papal_conclave": NP_("orleans.deed", "Papal Conclave"),
    "defeating_plague": NP_("orleans.deed", "Defeating the Plague"),
    "astronomy": NP_("orleans.deed", "Astronomy"),
    "boatmens_guild": NP_("orleans.deed", "Boatmen's Guild"),
    "cathedral": NP_("orleans.deed", "Cathedral"),
    "peace_treaty": NP_("orleans.deed", "Peace Treaty"),
    "canalisation": NP_("orleans.deed", "Canalisation"),
}

EVENTS = {
    "pilgrimage": NP_("orleans.event", "Pilgrimage"),
    "taxes": NP_("orleans.event", "Taxes"),
    "income": NP_("orleans.event", "Income"),
    "market_day": NP_("orleans.event", "Trading Day"),
    "harvest": NP_("orleans.event", "Harvest"),
    "plague": NP_("orleans.event", "Plague"),
}

# What each event does, in a few words (the narration of a round's start, the board's event box).
EVENT_EFFECTS = {
    "pilgrimage": NP_("orleans.event.effect", "no monk may be taken this round"),
    "taxes": NP_("orleans.event.effect", "at the end of the round pay 1 coin per 3 goods"),
    "income": NP_("orleans.event.effect", "at the end of the round gain coins equal to your development level"),
    "market_day": NP_("orleans.event.effect", "at the end of the round gain 1 coin per trading station built"),
    "harvest": NP_("orleans.event.effect", "at the end of the round give 1 food (grain, cheese or wine) or pay 5 coins"),
    "plague": NP_("orleans.event.effect", "at the end of the round lose a follower drawn from your bag"),
}

TRACKS = {
    "farmer": NP_("orleans.track", "Farmer track"),
    "boatman": NP_("orleans.track", "Boatman track"),
    "craftsman": NP_("orleans.track", "Craftsman track"),
    "trader": NP_("orleans.track", "Trader track"),
    "knight": NP_("orleans.track", "Knight track"),
    "scholar": NP_("orleans.track", "Scholar track"),
    "development": NP_("orleans.track", "Development track"),
}

# The 14 citizen tiles: one per deed (id = the deed's), two on character tracks, three on the development track and
# the most-trading-stations one.
CITIZENS = {
    "city_wall": NP_("orleans.citizen", "City Wall"),
    "papal_conclave": NP_("orleans.citizen", "Papal Conclave"),
    "defeating_plague": NP_("orleans.citizen", "Defeating the Plague"),
    "astronomy": NP_("orleans.citizen", "Astronomy"),
    "boatmens_guild": NP_("orleans.citizen", "Boatmen's Guild"),
    "cathedral": NP_("orleans.citizen", "Cathedral"),
    "peace_treaty": NP_("orleans.citizen", "Peace Treaty"),
    "canalisation": NP_("orleans.citizen", "Canalisation"),
    "boatman_track": NP_("orleans.citizen", "end of the boatman track"),
    "knight_track": NP_("orleans.citizen", "knight track"),
    "development_1": NP_("orleans.citizen", "development track, space 3"),
    "development_2": NP_("orleans.citizen", "development track, space 18"),
    "development_3": NP_("orleans.citizen", "development track, space 28"),
    "stations": NP_("orleans.citizen", "most trading stations"),
}

# Slot types that are not a follower kind.
SLOTS = {
    "neutral": NP_("orleans.slot", "any neutral follower"),
    "any": NP_("orleans.slot", "any follower"),
}

PHASES = {
    "exclude": NP_("orleans.phase", "Tile exclusion"),
    "census": NP_("orleans.phase", "Census"),
    "followers": NP_("orleans.phase", "Followers"),
    "planning": NP_("orleans.phase", "Planning"),
    "actions": NP_("orleans.phase", "Actions"),
    "event": NP_("orleans.phase", "Event"),
    "over": NP_("orleans.phase", "Game over"),
}

SCORE_CATEGORIES = {
    "coins": NP_("orleans.score", "Coins"),
    "goods": NP_("orleans.score", "Goods"),
    "development": NP_("orleans.score", "Level × (stations + citizens)"),
    "total": NP_("orleans.score", "Total"),
}

# Why coins changed hands (``coins_gained`` / ``coins_paid``), besides places, events and tracks.
REASONS = {
    "census": NP_("orleans.reason", "census"),
    "development": NP_("orleans.reason", "development track"),
    "deed": NP_("orleans.reason", "beneficial deed"),
    "boatman": NP_("orleans.reason", "boatman track"),
    "taxes": NP_("orleans.reason", "Taxes"),
    "harvest": NP_("orleans.reason", "Harvest"),
    "pharmacy": NP_("orleans.reason", "Pharmacy"),
    "income": NP_("orleans.reason", "Income"),
    "market_day": NP_("orleans.reason", "Trading Day"),
}

ALIASES = {
    "orleans.follower": {
        "farmer": ("peasant", "крестьянин", "земледелец", "agricoltore"),
        "boatman": ("sailor", "bargeman", "матрос", "лодочник", "battelliere", "marinaio"),
        "craftsman": ("artisan", "мастер", "operaio"),
        "trader": ("merchant", "купец", "mercante"),
        "knight": ("cavalier",),
        "scholar": ("ученый", "academic", "professore", "accademico", "erudito"),
        "monk": ("frate",),
        "own_farmer": ("own farmer", "coloured farmer", "my farmer", "свой фермер", "мой фермер", "цветной фермер",
                       "contadino proprio", "mio contadino"),
        "own_boatman": ("own boatman", "coloured boatman", "my boatman", "свой моряк", "мой моряк", "цветной моряк",
                        "barcaiolo proprio", "mio barcaiolo"),
        "own_craftsman": ("own craftsman", "coloured craftsman", "my craftsman", "свой ремесленник",
                          "мой ремесленник", "цветной ремесленник", "artigiano proprio", "mio artigiano"),
        "own_trader": ("own trader", "coloured trader", "my trader", "свой торговец", "мой торговец",
                       "цветной торговец", "commerciante proprio", "mio commerciante"),
    },
    "orleans.place": {
        "farm_house": ("Farmhouse", "Farm", "Фермерский дом", "Casa colonica"),
        "guildhall": ("Guild Hall", "Guild", "Дом гильдии", "Sede della gilda"),
        "scriptorium": ("Scrittorio",),
        "town_hall": ("City Hall", "Comune"),
        "winery": ("Vineyard", "Винодельня", "Cantina vinicola"),
        "wool_manufacturer": ("Wool Mill", "Шерстяная мануфактура"),
        "tailor_shop": ("Tailor", "Портной", "Sarto"),
        "windmill": ("Mill", "Mulino"),
        "sacristy": ("Chapel", "Сакристия", "Cappella"),
        "herb_garden": ("Garden", "Сад", "Orto delle erbe"),
        "bathhouse": ("Bath House", "Baths", "Бани", "Terme"),
        "shipping_line": ("Docks", "Судоходная линия", "Moli"),
        "cellar": ("Wine Cellar", "Погреб"),
        "horse_wagon": ("Horse Cart", "Карета", "Carrozza"),
        "gunpowder_tower": ("Watchtower", "Пороховая башня", "Torre di guardia"),
        "hayrick": ("Haystack", "Pagliaio"),
    },
    "orleans.event": {
        "market_day": ("Market Day", "Ярмарка", "Giorno del mercato"),
        "harvest": ("Drought", "Урожай", "Siccità"),
        "taxes": ("Tax", "Налог", "Tassa"),
        "income": ("Entrate",),
    },
    "orleans.city": {
        "orleans": ("Orleans",),
        "etampes": ("Etampes",),
        "chateaudun": ("Chateaudun",),
        "vendome": ("Vendome",),
        "chatellerault": ("Chatellerault",),
        "chateauroux": ("Chateauroux",),
        "la_chatre": ("La Chatre",),
        "argenton": ("Argenton-sur-Creuse", "Аржантон-сюр-Крёз"),
        "saint_amand": ("Saint-Amand-Montrond", "St-Amand", "Сен-Аман-Монрон"),
    },
    "orleans.deed": {
        "city_wall": ("Building the City Wall", "Стена", "Mura"),
        "boatmens_guild": ("Founding the Boatmen's Guild", "Гильдия лодочников"),
        "cathedral": ("Building the Cathedral", "Кафедральный собор", "Duomo"),
        "canalisation": ("Canalization", "Fognature"),
        "defeating_plague": ("Победа над эпидемией", "Sconfitta della peste"),
    },
}

TABLES = {
    "orleans.follower": FOLLOWERS,
    "orleans.followers": FOLLOWERS_PLURAL,
    "orleans.place": PLACES,
    "orleans.good": GOODS,
    "orleans.city": CITIES,
    "orleans.deed": DEEDS,
    "orleans.event": EVENTS,
    "orleans.event.effect": EVENT_EFFECTS,
    "orleans.track": TRACKS,
    "orleans.citizen": CITIZENS,
    "orleans.slot": SLOTS,
    "orleans.phase": PHASES,
    "orleans.score": SCORE_CATEGORIES,
    "orleans.reason": REASONS,
}


def name(context: str, key: str) -> str:
    """The localized name of ``key`` in table ``context`` (e.g. ``name("orleans.place", "farm_house")``)."""
    return pgettext(context, TABLES[context][key])


def follower(key: str) -> str:
    return name("orleans.follower", key)


def place(key: str) -> str:
    return name("orleans.place", key)


def good(key: str) -> str:
    return name("orleans.good", key)


def city(key: str) -> str:
    return name("orleans.city", key)


def deed(key: str) -> str:
    return name("orleans.deed", key)


def event(key: str) -> str:
    return name("orleans.event", key)


def slot(key: str) -> str:
    """A slot type: a follower kind's name, or "any (neutral) follower"."""
    return name("orleans.slot", key) if key in SLOTS else follower(key)
