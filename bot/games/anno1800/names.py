"""The display names of Anno 1800: resources (goods), population levels, buildings (industries, shipyards, ships),
population and expedition cards, Old and New World islands, fields, objectives, decks, tokens, actions and the
score pad.

Ids are the engine's (``rules/anno1800/data``); names are English here and translated by the catalogs, one message
context per kind (``anno1800.resource``, ``anno1800.tier``, ``anno1800.objective``...). Sources, per language (the
glossary of ``shared/rules/anno1800.md`` §13):

- English: the published English names (KOSMOS 2020).
- Russian: the Zvezda edition, the seed rulebook ``shared/seeds/000``: «фермер», «рабочий», «ремесленник»,
  «инженер», «инвестор», «доски», «кирпич», «уголь», «товары», «пушка», «велосипед», «паровая машина»,
  «жетон торговли», «жетон исследования», «остров Старого Света», the objective names (§13.4).
- Italian: the Italian edition, the seed rulebook ``shared/seeds/004``: «contadino», «operaio», «artigiano»,
  «ingegnere», «investitore», «assi», «mattoni», «merci», «cannone», «biciclo», «gettone commercio», «carta
  missione», the objective names (§13.4).

The rulebooks name only some of the 44 resources (glossary §13.3): the others (grain, potatoes as a good, pigs,
bread, schnapps, sausages, canned food, work clothes, spectacles, pocket watches, sewing machines, fur coats,
dynamite, chocolate, steam motors, light bulbs, heavy weapons, coffee beans, cocoa, caoutchouc, champagne, brass,
coffee, cotton) are our faithful translations, marked ``# ours`` below, until checked against a printed card.

Population cards, expedition cards and island tiles carry no printed name: they are named by their deck and number
("Farmer/worker card 12", "Old World island 3"), built from one template per kind (``GENERATED``). Industries are
named by what they make and who works there ("Timber (workers)"), ships and shipyards by their strength.

``ALIASES`` keeps the other names players use, in any language: the rulebooks' other words (planks, crates, cannons,
bicycle, «доски», «кирпичи», «велосипед», «tavole», «casse»), and the names the Italian text leaves in German.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules.anno1800.data import BUILDINGS, CARDS, EXPEDITIONS, NEW_WORLD_TILES, OBJECTIVES, OLD_WORLD_TILES

from bot.i18n import NP_, pgettext

RESOURCES = {
    "timber": NP_("anno1800.resource", "Timber"),
    "grain": NP_("anno1800.resource", "Grain"),  # ours (ru, it)
    "potatoes": NP_("anno1800.resource", "Potatoes"),  # ours (ru, it): the rulebooks name the potato farm
    "pigs": NP_("anno1800.resource", "Pigs"),  # ours
    "wool": NP_("anno1800.resource", "Wool"),  # ours
    "coal": NP_("anno1800.resource", "Coal"),
    "bricks": NP_("anno1800.resource", "Bricks"),
    "goods": NP_("anno1800.resource", "Goods"),
    "steel_beams": NP_("anno1800.resource", "Steel beams"),
    "sails": NP_("anno1800.resource", "Sails"),
    "beer": NP_("anno1800.resource", "Beer"),
    "bread": NP_("anno1800.resource", "Bread"),  # ours
    "schnapps": NP_("anno1800.resource", "Schnapps"),  # ours
    "glass": NP_("anno1800.resource", "Glass"),
    "sausages": NP_("anno1800.resource", "Sausages"),  # ours
    "soap": NP_("anno1800.resource", "Soap"),
    "canned_food": NP_("anno1800.resource", "Canned food"),  # ours
    "work_clothes": NP_("anno1800.resource", "Work clothes"),  # ours
    "cotton_fabric": NP_("anno1800.resource", "Cotton fabric"),
    "brass": NP_("anno1800.resource", "Brass"),  # ours (the rulebooks name it in a note only)
    "windows": NP_("anno1800.resource", "Windows"),
    "champagne": NP_("anno1800.resource", "Champagne"),  # ours (a note only)
    "spectacles": NP_("anno1800.resource", "Spectacles"),  # ours
    "pocket_watches": NP_("anno1800.resource", "Pocket watches"),  # ours
    "sewing_machines": NP_("anno1800.resource", "Sewing machines"),  # ours
    "coffee": NP_("anno1800.resource", "Coffee"),  # ours
    "fur_coats": NP_("anno1800.resource", "Fur coats"),  # ours
    "dynamite": NP_("anno1800.resource", "Dynamite"),  # ours
    "weapons": NP_("anno1800.resource", "Weapons"),
    "rum": NP_("anno1800.resource", "Rum"),
    "cigars": NP_("anno1800.resource", "Cigars"),
    "chocolate": NP_("anno1800.resource", "Chocolate"),  # ours
    "steam_motors": NP_("anno1800.resource", "Steam motors"),  # ours
    "steam_carriages": NP_("anno1800.resource", "Steam carriages"),
    "high_wheelers": NP_("anno1800.resource", "High-wheelers"),
    "light_bulbs": NP_("anno1800.resource", "Light bulbs"),  # ours
    "gramophones": NP_("anno1800.resource", "Gramophones"),
    "heavy_weapons": NP_("anno1800.resource", "Heavy weapons"),  # ours
    "cotton": NP_("anno1800.resource", "Cotton"),  # ours
    "sugar_cane": NP_("anno1800.resource", "Sugar cane"),
    "tobacco": NP_("anno1800.resource", "Tobacco"),
    "coffee_beans": NP_("anno1800.resource", "Coffee beans"),  # ours
    "cocoa": NP_("anno1800.resource", "Cocoa"),  # ours
    "caoutchouc": NP_("anno1800.resource", "Caoutchouc"),  # ours
}

TIERS = {
    "farmer": NP_("anno1800.tier", "Farmer"),
    "worker": NP_("anno1800.tier", "Worker"),
    "artisan": NP_("anno1800.tier", "Artisan"),
    "engineer": NP_("anno1800.tier", "Engineer"),
    "investor": NP_("anno1800.tier", "Investor"),
}

# The population levels in the plural, for counts ("Farmers 3") and industries ("Timber (workers)").
TIERS_PLURAL = {
    "farmer": NP_("anno1800.tiers", "Farmers"),
    "worker": NP_("anno1800.tiers", "Workers"),
    "artisan": NP_("anno1800.tiers", "Artisans"),
    "engineer": NP_("anno1800.tiers", "Engineers"),
    "investor": NP_("anno1800.tiers", "Investors"),
}

DECKS = {
    "farmer_worker": NP_("anno1800.deck", "Farmer/worker cards"),
    "artisan_engineer_investor": NP_("anno1800.deck", "Artisan/engineer/investor cards"),
    "new_world": NP_("anno1800.deck", "New World cards"),
    "expeditions": NP_("anno1800.deck", "Expedition cards"),
}

OBJECTIVES_NAMES = {
    "obj_alonso_graves": NP_("anno1800.objective", "Alonso Graves"),
    "obj_aarhant": NP_("anno1800.objective", "Aarhant"),
    "obj_editor": NP_("anno1800.objective", "The Editor"),
    "obj_beryl_omara": NP_("anno1800.objective", "Beryl O'Mara"),
    "obj_edvard_goode": NP_("anno1800.objective", "Edvard Goode"),
    "obj_carl_leonard_von_malching": NP_("anno1800.objective", "Carl Leonard von Malching"),
    "obj_eli_bleakworth": NP_("anno1800.objective", "Eli Bleakworth"),
    "obj_the_queen": NP_("anno1800.objective", "The Queen"),
    "obj_willie_wibblesock": NP_("anno1800.objective", "Willie Wibblesock"),
    "obj_princess_qing": NP_("anno1800.objective", "Princess Qing"),
    "obj_hannah_goode": NP_("anno1800.objective", "Hannah Goode"),
    "obj_university": NP_("anno1800.objective", "University"),
    "obj_worlds_fair": NP_("anno1800.objective", "World's Fair"),
    "obj_madame_kahina": NP_("anno1800.objective", "Madame Kahina"),
    "obj_tourist": NP_("anno1800.objective", "The Tourist"),
    "obj_zoo": NP_("anno1800.objective", "Zoo"),
    "obj_museum": NP_("anno1800.objective", "Museum"),
    "obj_bente_jorgensen": NP_("anno1800.objective", "Bente Jorgensen"),
    "obj_isabel_sarmento": NP_("anno1800.objective", "Isabel Sarmento"),
    "obj_pyrphorian": NP_("anno1800.objective", "Pyrphorian"),
}

# The actions of a turn and the free operations (the turn's menu, the narration of ``action``).
ACTIONS = {
    "build": NP_("anno1800.action", "Build"),
    "play": NP_("anno1800.action", "Play a population card"),
    "swap": NP_("anno1800.action", "Swap population cards"),
    "hire": NP_("anno1800.action", "Increase the workforce"),
    "upgrade": NP_("anno1800.action", "Upgrade population"),
    "old_world": NP_("anno1800.action", "Open up the Old World"),
    "new_world": NP_("anno1800.action", "Explore the New World"),
    "expedition": NP_("anno1800.action", "Take expedition cards"),
    "festival": NP_("anno1800.action", "Celebrate a festival"),
    "activate": NP_("anno1800.action", "Activate a played card"),
    "shift": NP_("anno1800.action", "Shift end"),
    "alonso": NP_("anno1800.action", "Alonso Graves — an extra action"),  # our words (the effect, not a name)
    "aarhant": NP_("anno1800.action", "Aarhant — gold for exploration"),  # our words
    "editor": NP_("anno1800.action", "The Editor — return a card"),  # our words
    "end": NP_("anno1800.action", "End the turn"),
}

TOKENS = {
    "trade": NP_("anno1800.token", "Trade token"),
    "exploration": NP_("anno1800.token", "Exploration token"),
    "fireworks": NP_("anno1800.token", "Fireworks token"),
    "first_player": NP_("anno1800.token", "First player token"),
    "gold": NP_("anno1800.token", "Gold"),
}

FIELD_KINDS = {
    "inland": NP_("anno1800.field_kind", "land"),
    "coast": NP_("anno1800.field_kind", "coast"),
    "sea": NP_("anno1800.field_kind", "sea"),
}

# Where a cube stands (besides a field's workplace).
PLACES = {
    "home": NP_("anno1800.place", "Residential district"),
    "exhausted": NP_("anno1800.place", "Exhausted area"),
}

SCORE_CATEGORIES = {
    "farmer_worker": NP_("anno1800.score", "Farmer/worker cards"),
    "artisan_engineer_investor": NP_("anno1800.score", "Artisan/engineer/investor cards"),
    "new_world": NP_("anno1800.score", "New World cards"),
    "expeditions": NP_("anno1800.score", "Expeditions"),
    "gold": NP_("anno1800.score", "Gold"),
    "fireworks": NP_("anno1800.score", "Fireworks"),
    **{oid: msg for oid, msg in OBJECTIVES_NAMES.items()},  # an objective's row is named as its card
    "total": NP_("anno1800.score", "Total"),
}

# --- names built from one template per kind -----------------------------------------------------------------------
_TEMPLATES = {
    "industry": NP_("anno1800.building", "{resource} ({tiers})"),
    "shipyard": NP_("anno1800.building", "Shipyard {strength}"),
    "trade": NP_("anno1800.building", "Trade ship {strength}"),
    "exploration": NP_("anno1800.building", "Exploration ship {strength}"),
    "farmer_worker": NP_("anno1800.card", "Farmer/worker card {n}"),
    "artisan_engineer_investor": NP_("anno1800.card", "Artisan/engineer/investor card {n}"),
    "new_world": NP_("anno1800.card", "New World card {n}"),
    "expedition": NP_("anno1800.expedition", "Expedition card {n}"),
    "old_world": NP_("anno1800.island", "Old World island {n}"),
    "new_world_island": NP_("anno1800.island", "New World island {n}"),
    "home": NP_("anno1800.island", "Home island"),
    "field": NP_("anno1800.field", "{island}, field {n}"),
}


def _number(key: str) -> int:
    m = re.search(r"(\d+)$", key)
    return int(m.group(1)) if m else 0


def _template(context: str, kind: str) -> str:
    return pgettext(context, _TEMPLATES[kind])


def _building(key: str) -> str:
    b = BUILDINGS[key]
    if b.kind == "industry":
        from rules.anno1800.data import RESOURCES as IDS
        from rules.anno1800.data import TIERS as TIER_IDS

        return _template("anno1800.building", "industry").format(
            resource=resource(IDS[b.resource]), tiers=name("anno1800.tiers", TIER_IDS[b.tier]).lower())
    kind = "shipyard" if b.kind == "shipyard" else b.fleet
    return _template("anno1800.building", kind).format(strength=b.strength)


def _card(key: str) -> str:
    return _template("anno1800.card", CARDS[key].deck).format(n=_number(key))


def _expedition(key: str) -> str:
    return _template("anno1800.expedition", "expedition").format(n=_number(key))


def _island(key: str) -> str:
    if key == "home":
        return _template("anno1800.island", "home")
    kind = "old_world" if key in OLD_WORLD_TILES else "new_world_island"
    return _template("anno1800.island", kind).format(n=_number(key))


def _field(key: str) -> str:
    tile, _, n = key.rpartition("_")
    return _template("anno1800.field", "field").format(island=_island(tile), n=n)


# Generated tables: every id, and the function that names it.
BUILDING_IDS = {b: "" for b in BUILDINGS}
CARD_IDS = {c: "" for c in CARDS}
EXPEDITION_IDS = {e: "" for e in EXPEDITIONS}
ISLAND_IDS = {"home": "", **{t: "" for t in OLD_WORLD_TILES}, **{t: "" for t in NEW_WORLD_TILES}}
FIELD_IDS = {f"home_{i}": "" for i in range(1, 21)} | {f"{t}_{i}": "" for t in OLD_WORLD_TILES for i in range(1, 7)}

GENERATED: dict[str, Callable[[str], str]] = {
    "anno1800.building": _building,
    "anno1800.card": _card,
    "anno1800.expedition": _expedition,
    "anno1800.island": _island,
    "anno1800.field": _field,
}

ALIASES = {
    "anno1800.resource": {
        "timber": ("planks", "wood", "доска", "древесина", "tavole", "legno", "assi di legno"),
        "bricks": ("brick", "кирпичи", "mattone"),
        "goods": ("crates", "товар", "casse"),
        "steel_beams": ("steel", "стальная балка", "сталь", "acciaio"),
        "weapons": ("cannons", "cannon", "пушка", "оружие", "cannone", "armi"),
        "high_wheelers": ("penny-farthings", "bicycles", "велосипед", "biciclo", "biciclette"),
        "steam_carriages": ("паровая машина", "carrozza a vapore"),
        "windows": ("окно", "finestra"),
        "sugar_cane": ("zucchero di canna",),
        "potatoes": ("картофельная ферма", "campo di patate"),
    },
    "anno1800.tier": {
        "farmer": ("peasant", "agricoltore", "крестьянин"),
        "artisan": ("craftsman", "мастер"),
        "worker": ("lavoratore",),
    },
    "anno1800.objective": {
        "obj_editor": ("Editor", "Der Redakteur", "Redattore"),
        "obj_beryl_omara": ("Beryl OMara", "Beryl O Mara"),
        "obj_carl_leonard_von_malching": ("Карл Леонард фон Мальчинг",),
        "obj_eli_bleakworth": ("Eli Bleakwort",),
        "obj_the_queen": ("Queen", "Die Königin", "Regina"),
        "obj_willie_wibblesock": ("Вилли Вибблсок",),
        "obj_princess_qing": ("Prinzessin Qing", "Principessa Qing"),
        "obj_university": ("Universität",),
        "obj_worlds_fair": ("Worlds Fair", "Weltausstellung"),
        "obj_tourist": ("Visitor", "The Visitor", "Die Besucherin", "Visitatrice"),
        "obj_pyrphorian": ("Pyrphorier", "Пирфорианец"),
        "obj_isabel_sarmento": ("Isabel Sarmiento",),
    },
}

TABLES: dict[str, dict[str, str]] = {
    "anno1800.resource": RESOURCES,
    "anno1800.tier": TIERS,
    "anno1800.tiers": TIERS_PLURAL,
    "anno1800.deck": DECKS,
    "anno1800.objective": OBJECTIVES_NAMES,
    "anno1800.action": ACTIONS,
    "anno1800.token": TOKENS,
    "anno1800.field_kind": FIELD_KINDS,
    "anno1800.place": PLACES,
    "anno1800.score": SCORE_CATEGORIES,
    "anno1800.building": BUILDING_IDS,
    "anno1800.card": CARD_IDS,
    "anno1800.expedition": EXPEDITION_IDS,
    "anno1800.island": ISLAND_IDS,
    "anno1800.field": FIELD_IDS,
}

assert set(OBJECTIVES_NAMES) == set(OBJECTIVES)


def name(context: str, key: str) -> str:
    """The localized name of ``key`` in table ``context`` (e.g. ``name("anno1800.resource", "timber")``)."""
    fn = GENERATED.get(context)
    if fn is not None:
        if key not in TABLES[context]:
            raise KeyError(key)
        return fn(key)
    if context == "anno1800.score" and key in OBJECTIVES_NAMES:
        return pgettext("anno1800.objective", OBJECTIVES_NAMES[key])
    return pgettext(context, TABLES[context][key])


def resource(key: str) -> str:
    return name("anno1800.resource", key)


def tier(key: str) -> str:
    return name("anno1800.tier", key)


def tiers(key: str) -> str:
    return name("anno1800.tiers", key)


def building(key: str) -> str:
    return name("anno1800.building", key)


def card(key: str) -> str:
    return name("anno1800.card", key)


def objective(key: str) -> str:
    return name("anno1800.objective", key)


def island(key: str) -> str:
    return name("anno1800.island", key)


def field(key: str) -> str:
    return name("anno1800.field", key)


def place(key: str) -> str:
    """A cube's place: the residential district, the exhausted area or a field's workplace."""
    return name("anno1800.place", key) if key in PLACES else field(key)


def deck(key: str) -> str:
    return name("anno1800.deck", key)
