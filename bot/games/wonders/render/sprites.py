"""7 Wonders (and Armada) sprites: resources, science symbols, conflict tokens, effects of cards, wonder stages and
islands, card faces and pills, and the Shipyard tracks.

Drawn from static public data (``rules.wonders.data``) and the display names (``bot.games.wonders.names``); sprites
carrying words take the locale as an argument so that each locale gets its own cached copy. Nothing here sees a
game state or a view.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from bot.games.wonders import names as names
from bot.i18n import pgettext
from bot.render import draw as D
from bot.render import icons
from bot.render.draw import INK, PAPER, WHITE, Sketch, hex_rgb
from bot.render.fonts import font
from rules.wonders.data import CARDS, FLEETS, ISLANDS, RESOURCES, TRACKS, WONDERS, Stage

COLOURS = icons.CARD_COLOURS
FLEET_COLOURS = {f: COLOURS[f] for f in FLEETS}
RESOURCE_KINDS = {"W": "wood", "S": "stone", "C": "clay", "O": "ore", "G": "glass", "L": "loom", "P": "papyrus"}
NAVY = hex_rgb("#1f4e79")
SCIENCE_INK = hex_rgb("#1e5e3a")
ISLAND_SEA = hex_rgb("#2b8a9e")
ISLAND_SAND = hex_rgb("#f0d9a0")
ISLAND_GREEN = hex_rgb("#3f9a4a")
DEFEAT = hex_rgb("#4d4d4d")
ROMAN = {0: "0", 1: "I", 2: "II", 3: "III"}
SCIENCE_SYMBOLS = ("compass", "gear", "tablet")


colour_letter = icons.colour_letter


def resource_letter(letter: str) -> str:
    """The letter drawn on a resource icon."""
    letters = {
        # TRANSLATORS: one-letter mark of wood, drawn on its icon
        "W": pgettext("wonders.resource.letter", "W"),
        # TRANSLATORS: one-letter mark of stone
        "S": pgettext("wonders.resource.letter", "S"),
        # TRANSLATORS: one-letter mark of clay
        "C": pgettext("wonders.resource.letter", "C"),
        # TRANSLATORS: one-letter mark of ore
        "O": pgettext("wonders.resource.letter", "O"),
        # TRANSLATORS: one-letter mark of glass
        "G": pgettext("wonders.resource.letter", "G"),
        # TRANSLATORS: one-letter mark of loom (cloth)
        "L": pgettext("wonders.resource.letter", "L"),
        # TRANSLATORS: one-letter mark of papyrus
        "P": pgettext("wonders.resource.letter", "P"),
    }
    return letters[letter]


def side_letter(side: str) -> str:
    # TRANSLATORS: the side of a wonder board, "A" or "B", as printed on the board
    return pgettext("wonders.render", "A") if side == "a" else pgettext("wonders.render", "B")


# --- small icons --------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=512)
def resource(letter: str, size: int, locale: str) -> Image.Image:
    """A resource (W S C O G L P): its own shape and colour, with its (localized) letter."""
    return icons.resource(RESOURCE_KINDS[letter], size, resource_letter(letter))


def mini_card(colour: str, size: int, locale: str) -> Image.Image:
    return icons.mini_card(COLOURS[colour], size, colour_letter(colour))


def slash(size: int, fill=INK) -> Image.Image:
    return D.label("/", round(size * 0.7), fill, True)


@functools.lru_cache(maxsize=64)
def science(sym: str, size: int) -> Image.Image:
    """A science symbol on a light disc: compass, gear, tablet; "any" (one of choice), "most" (one more of the
    most numerous)."""
    sk = Sketch(size, size)
    s = size
    ink = SCIENCE_INK
    sk.ellipse((0, 0, s, s), fill=ink)
    sk.ellipse((s * 0.07, s * 0.07, s * 0.93, s * 0.93), fill=PAPER)

    def P(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)

    w = s * 0.08
    if sym == "compass":  # a pair of compasses
        sk.ellipse((s * 0.42, s * 0.16, s * 0.58, s * 0.32), fill=ink)
        sk.line([P(0.5, 0.26), P(0.3, 0.82)], fill=ink, width=w)
        sk.line([P(0.5, 0.26), P(0.7, 0.82)], fill=ink, width=w)
        sk.line([P(0.37, 0.6), P(0.63, 0.6)], fill=ink, width=w * 0.6)
    elif sym == "gear":
        c = s / 2
        for k in range(8):
            x, y = icons.polar(c, c, s * 0.3, k * 45)
            sk.rect((x - s * 0.07, y - s * 0.07, x + s * 0.07, y + s * 0.07), radius=s * 0.02, fill=ink)
        sk.ellipse((s * 0.24, s * 0.24, s * 0.76, s * 0.76), fill=ink)
        sk.ellipse((s * 0.4, s * 0.4, s * 0.6, s * 0.6), fill=PAPER)
    elif sym == "tablet":  # a stone tablet with lines of writing
        sk.rect((s * 0.27, s * 0.18, s * 0.73, s * 0.84), radius=s * 0.08, fill=ink)
        for y in (0.33, 0.46, 0.59, 0.72):
            sk.line([P(0.36, y), P(0.64, y)], fill=PAPER, width=w * 0.55, round_caps=False)
    img = sk.image()
    if sym == "any":
        ImageDraw.Draw(img).text((s / 2, s / 2 + 1), "?", font=font(round(s * 0.62), True), fill=ink, anchor="mm")
    elif sym == "most":
        ImageDraw.Draw(img).text((s / 2, s / 2 + 1), "★", font=font(round(s * 0.6), True), fill=ink, anchor="mm")
    return img


@functools.lru_cache(maxsize=64)
def naval_shield(size: int, value: str = "") -> Image.Image:
    """A naval shield: a navy shield with an anchor (or a number)."""
    img = D.shield(size, NAVY).copy()
    w, h = img.size
    mark = value or "⚓"
    ts = round(size * (0.5 if value else 0.46))
    ImageDraw.Draw(img).text((w / 2, h * 0.44), mark, font=font(ts, True), fill=WHITE, anchor="mm",
                             stroke_width=1 if value else 0, stroke_fill=D.darker(NAVY, 0.5))
    return img


def land_shield(size: int, value: str = "") -> Image.Image:
    return D.shield(size, D.RED, value)


def token(value: int, size: int, naval: bool = False) -> Image.Image:
    """A conflict token: a victory (red land, blue naval) with its points, or a defeat (dark)."""
    text = f"+{value}" if value > 0 else f"−{-value}"
    if value < 0:
        return icons.disc_label(text, size, DEFEAT, WHITE)
    return icons.disc_label(text, size, NAVY if naval else D.RED, WHITE)


@functools.lru_cache(maxsize=32)
def island_icon(size: int, level: int = 0) -> Image.Image:
    """An island: sand and a palm on a sea disc, with its level (I, II, III) if given."""
    sk = Sketch(size, size)
    s = size
    sk.ellipse((0, 0, s, s), fill=D.darker(ISLAND_SEA, 0.7))
    sk.ellipse((s * 0.06, s * 0.06, s * 0.94, s * 0.94), fill=ISLAND_SEA)
    sk.ellipse((s * 0.16, s * 0.56, s * 0.84, s * 0.86), fill=ISLAND_SAND)
    sk.line([(s * 0.48, s * 0.66), (s * 0.54, s * 0.3)], fill=hex_rgb("#7a5230"), width=s * 0.07)
    for dx in (-1, 1):
        sk.polygon(D.leaf(s * (0.54 + dx * 0.14), s * 0.3, s * 0.34, s * 0.13, 0.35 * dx), fill=ISLAND_GREEN)
    img = sk.image()
    if level:
        D.paste(img, icons.disc_label(ROMAN[level], round(s * 0.46), WHITE, INK, INK), (s, s), "rb")
    return img


@functools.lru_cache(maxsize=32)
def commercial_level_icon(size: int, level: str = "") -> Image.Image:
    """The Commercial Level: a yellow pennant with the level."""
    fill = COLOURS["yellow"]
    sk = Sketch(size, size)
    s = size
    sk.line([(s * 0.18, s * 0.06), (s * 0.18, s * 0.96)], fill=INK, width=s * 0.09)
    sk.polygon([(s * 0.22, s * 0.08), (s * 0.96, s * 0.3), (s * 0.22, s * 0.56)], fill=D.darker(fill, 0.6))
    sk.polygon([(s * 0.27, s * 0.14), (s * 0.84, s * 0.31), (s * 0.27, s * 0.48)], fill=fill)
    img = sk.image()
    if level:
        ImageDraw.Draw(img).text((s * 0.45, s * 0.32), level, font=font(round(s * 0.34), True), fill=INK,
                                 anchor="mm")
    return img


@functools.lru_cache(maxsize=16)
def pirate_flag(size: int) -> Image.Image:
    sk = Sketch(size, size)
    s = size
    sk.line([(s * 0.14, s * 0.06), (s * 0.14, s * 0.96)], fill=hex_rgb("#7a5230"), width=s * 0.09)
    sk.rect((s * 0.2, s * 0.08, s * 0.96, s * 0.62), radius=s * 0.05, fill=INK)
    img = sk.image()
    ImageDraw.Draw(img).text((s * 0.58, s * 0.36), "☠", font=font(round(s * 0.46)), fill=WHITE, anchor="mm")
    return img


def arrows(direction: str, size: int, fill=INK) -> Image.Image:
    """Who an effect reaches: ◀ right/left neighbour, ◀▶ both, ◀◀ / ▶▶ two seats away."""
    text = {"left": "◀", "right": "▶", "both": "◀▶", "far_left": "◀◀", "far_right": "▶▶"}[direction]
    return D.label(text, round(size * 0.5), fill, True)


def any_ship(size: int) -> Image.Image:
    """A free advance of a ship of one's choice."""
    return icons.ship(size, WHITE, INK)


# --- effects ----------------------------------------------------------------------------------------------------


def _per(what: str, size: int, locale: str) -> Image.Image:
    if what == "stage":
        return icons.pyramid(size)
    if what == "defeat":
        return token(-1, size)
    return mini_card(what, size, locale)


def stage_effect(stage: Stage, size: int, locale: str) -> list[Image.Image]:
    """The sprites of a wonder stage's effect."""
    out: list[Image.Image] = []
    if stage.shields:
        out.append(land_shield(size, str(stage.shields) if stage.shields > 1 else ""))
    if stage.gain:
        out.append(D.coin(size, str(stage.gain)))
    for k, r in enumerate(stage.choice):
        if k:
            out.append(slash(round(size * 0.8)))
        out.append(resource(RESOURCES[r], round(size * 0.72 if len(stage.choice) > 3 else size * 0.85), locale))
    if stage.science:
        out.append(science(stage.science, size))
    special = stage.special
    if special == "free_build":  # once per age, a structure for free
        out += [mini_card("grey", size, locale), D.coin(round(size * 0.8), "0")]
    elif special == "raw_discount":
        out += [arrows("both", size), D.coin(round(size * 0.8), "1"), mini_card("brown", round(size * 0.85), locale)]
    elif special == "copy_guild":
        out += [D.label("⇄", round(size * 0.6), INK, True), mini_card("purple", size, locale)]
    elif special == "revive":
        out.append(icons.discard_pile(size))
    elif special == "play_last":
        out += [mini_card("grey", round(size * 0.85), locale), D.again(size)]
    if stage.vp:
        out.append(D.laurel(size, str(stage.vp)))
    return out


def card_effect(cid: str, size: int, locale: str, ink=INK) -> list[Image.Image]:
    """The sprites of a card's effect, in reading order."""
    card = CARDS[cid]
    out: list[Image.Image] = []
    for r, n in zip(RESOURCES, card.produces):
        out += [resource(r, size, locale)] * n
    for k, r in enumerate(card.choice):
        if k:
            out.append(slash(size, ink))
        out.append(resource(RESOURCES[r], round(size * 0.85), locale))
    if card.discount:
        side, kind = {"raw_right": ("right", "brown"), "raw_left": ("left", "brown"),
                      "goods_both": ("both", "grey")}[card.discount]
        out += [arrows(side, size, ink), mini_card(kind, round(size * 0.85), locale), D.label("=", round(size * 0.6),
                                                                                              ink, True),
                D.coin(round(size * 0.8), "1")]
    if card.shields:
        out.append(land_shield(size, str(card.shields) if card.shields > 1 else ""))
    if card.invasion:
        out.append(arrows("far_right" if card.invasion == "right" else "far_left", size, ink))
    if card.naval:
        out.append(naval_shield(size, str(card.naval) if card.naval > 1 else ""))
    if card.science:
        out.append(science(card.science, size))
    if card.gain:
        out.append(D.coin(size, str(card.gain)))
    if card.gain_per:
        what, coins, scope = card.gain_per
        if scope == "all":
            out.append(arrows("both", size, ink))
        out += [D.coin(round(size * 0.85), str(coins)), slash(size, ink), _per(what, round(size * 0.85), locale)]
    if card.vp_per:
        what, vp = card.vp_per
        out += [D.laurel(round(size * 0.85), str(vp)), slash(size, ink), _per(what, round(size * 0.85), locale)]
    if card.guild:
        whats, vp, scope = card.guild
        out.append(D.laurel(round(size * 0.85), str(vp)))
        out.append(slash(size, ink))
        out += [_per(w, round(size * 0.8), locale) for w in whats]
        if scope in ("neighbours", "all"):
            out.append(arrows("both", size, ink))
    if card.advance:
        out.append(any_ship(size))
    if card.pirates:
        out.append(pirate_flag(size))
    if card.emporium:
        far = "far_right" if card.emporium == "right" else "far_left"
        out += [arrows(far, size, ink), D.coin(round(size * 0.8), "1")]
        if card.emporium == "left":
            out.append(D.label("×2", round(size * 0.5), ink, True))
    if card.island_draw:
        out.append(island_icon(size, card.island_draw))
    if card.vp_per_level:
        out += [D.laurel(round(size * 0.85), str(card.vp_per_level)), slash(size, ink),
                commercial_level_icon(round(size * 0.9))]
    if card.vp and not card.guild:
        out.append(D.laurel(size, str(card.vp)))
    return out


def island_effect(iid: str, size: int, locale: str) -> list[Image.Image]:
    island = ISLANDS[iid]
    out: list[Image.Image] = []
    for k, r in enumerate(island.choice):
        if k:
            out.append(slash(size))
        out.append(resource(RESOURCES[r], round(size * 0.85), locale))
    if island.shields:
        out.append(land_shield(size, str(island.shields) if island.shields > 1 else ""))
    if island.naval:
        out.append(naval_shield(size, str(island.naval) if island.naval > 1 else ""))
    if island.advance is not None:
        out.append(icons.ship(size, FLEET_COLOURS[FLEETS[island.advance]]))
    if island.advance_different:
        out += [any_ship(size)] * island.advance_different
    special = island.special
    if special == "lost":  # the wonder's Naval Construction is free, on any track
        out += [icons.pyramid(size), any_ship(size), D.coin(round(size * 0.8), "0")]
    elif special == "foggy":  # immune to taxes and pirates
        out += [D.label("≠", round(size * 0.6), INK, True), pirate_flag(size)]
    elif special == "ancient":  # Naval Constructions cost one resource less
        out += [any_ship(size), D.label("−1", round(size * 0.5), INK, True)]
    elif special == "wondrous":  # +1 coin per Naval Construction
        out += [any_ship(size), D.coin(round(size * 0.8), "1")]
    elif special == "forgotten":  # may stay out of Naval Conflicts
        out += [naval_shield(size), D.label("?", round(size * 0.6), INK, True)]
    if island.pirates:
        out.append(pirate_flag(size))
    if island.science:
        out.append(science(island.science, size))
    if island.vp_per_level:
        out += [D.laurel(round(size * 0.85), str(island.vp_per_level)), slash(size),
                commercial_level_icon(round(size * 0.9))]
    if island.vp_per_island:
        out += [D.laurel(round(size * 0.85), str(island.vp_per_island)), slash(size), island_icon(round(size * 0.85))]
    if island.rainbow:
        out += [D.laurel(round(size * 0.85), "1"), slash(size)]
        out += [mini_card(c, round(size * 0.6), locale) for c in ("blue", "yellow", "red", "green")]
    if island.vp:
        out.append(D.laurel(size, str(island.vp)))
    return out


def cost_sprites(units: tuple[int, ...], coins: int, size: int, locale: str) -> list[Image.Image]:
    return icons.cost_sprites(units, coins, size, RESOURCES, lambda r, px: resource(r, px, locale))


# --- cards ----------------------------------------------------------------------------------------------------------

CARD_W, CARD_H = 176, 132
BAND_H = 44


@functools.lru_cache(maxsize=256)
def card_face(cid: str, locale: str, muted: bool = False) -> Image.Image:
    """A face-up card for the hand: the colour band with its letter and effect, the name, the cost and the chains
    (what builds it for free). ``muted``: greyed (the card cannot be built)."""
    card = CARDS[cid]
    colour = COLOURS[card.colour]
    if muted:
        colour = D.lighter(colour, 0.45)
    w, h = CARD_W, CARD_H
    sk = Sketch(w, h)
    sk.rect((0, 0, w, h), 10, fill=D.darker(colour, 0.55))
    sk.rect((2, 2, w - 2, h - 2), 8, fill=PAPER)
    sk.rect((2, 2, w - 2, BAND_H), 8, fill=colour)
    sk.rect((2, BAND_H - 10, w - 2, BAND_H), 0, fill=colour)
    sk.ellipse((5, 5, 27, 27), fill=D.darker(colour, 0.6))
    img = sk.image()
    d = ImageDraw.Draw(img)
    d.text((16, 16.5), colour_letter(card.colour), font=font(14, True), fill=WHITE, anchor="mm")
    effect = D.fit_row(card_effect(cid, 30, locale, D.ink_on(colour)), w - 40, gap=2)
    D.paste(img, effect, ((w + 28) / 2, BAND_H / 2 + 1), "mm")
    lines = D.wrap(names.card(cid), w - 12, 16, True, 2)
    y = BAND_H + 14
    for k, line in enumerate(lines):
        D.fitted(d, (w / 2, y + 19 * k), line, w - 10, 16, INK, True, "mm", 11)
    y += 19 * len(lines) + 4
    cost = cost_sprites(card.cost, card.coins, 22, locale)
    if cost:
        D.paste(img, D.fit_row(cost, w - 12, gap=2), (w / 2, y + 8), "mm")
    else:
        D.fitted(d, (w / 2, y + 8), pgettext("wonders.render", "no cost"), w - 12, 13, D.MUTED, False, "mm", 10)
    if card.chain_from:
        chain = " / ".join(names.card(c) for c in card.chain_from)
        pill = _chain_pill(chain, w - 12)
        D.paste(img, pill, (w / 2, h - 5), "mb")
    if muted:
        veil = Image.new("RGBA", img.size, PAPER + (110,))
        veil.putalpha(Image.eval(img.getchannel("A"), lambda a: a * 110 // 255))
        img.alpha_composite(veil)
    return img


@functools.lru_cache(maxsize=256)
def _chain_pill(text: str, max_w: int) -> Image.Image:
    bg = hex_rgb("#e8e2d2")
    text, size = D.fit(text, max_w - 30, 12, True, 9)
    tw = font(size, True).getlength(text)
    w = round(min(max_w, tw + 30))
    pill = D.rounded(w, 20, 10, bg, D.darker(bg, 0.7), 1).copy()
    D.paste(pill, D.link(15, INK), (5, 10), "lm")
    ImageDraw.Draw(pill).text((24, 10.5), text, font=font(size, True), fill=INK, anchor="lm")
    return pill


PILL_H = 24


@functools.lru_cache(maxsize=512)
def city_pill(cid: str, locale: str) -> Image.Image:
    """A built card on the table: brown and grey ones by what they make, the others by name."""
    card = CARDS[cid]
    fill = COLOURS[card.colour]
    h = PILL_H
    if card.colour in ("brown", "grey"):
        icons_ = card_effect(cid, 18, locale, D.ink_on(fill))
        content = D.row(icons_, gap=1)
        w = content.width + 10
        img = D.rounded(w, h, 6, fill, D.darker(fill, 0.55), 1.5).copy()
        D.paste(img, content, (w / 2, h / 2), "mm")
        return img
    return icons.card_pill(fill, "", names.card(cid), 0, h, 13)


@functools.lru_cache(maxsize=128)
def colour_chip(colour: str, count: int, locale: str) -> Image.Image:
    """The count of a colour in a city: its letter and the number, on the colour."""
    fill = D.darker(COLOURS[colour], 0.8)
    ink = D.ink_on(fill)
    h = PILL_H
    img = D.rounded(40, h, 6, fill, D.darker(fill, 0.5), 1.5).copy()
    d = ImageDraw.Draw(img)
    d.text((11, h / 2 + 1), colour_letter(colour), font=font(12, True), fill=ink, anchor="mm")
    d.text((29, h / 2 + 1), str(count), font=font(16, True), fill=ink, anchor="mm")
    return img


@functools.lru_cache(maxsize=64)
def island_pill(iid: str, locale: str, width: int = 0) -> Image.Image:
    """A kept island on the table: its level, name and effect."""
    h = 26
    effect = D.row(island_effect(iid, 18, locale), gap=1)
    name_text = names.island(iid)
    f = font(13, True)
    natural = round(f.getlength(name_text)) + effect.width + 46
    w = width or natural
    img = D.rounded(w, h, 8, hex_rgb("#d8eef0"), D.darker(ISLAND_SEA, 0.8), 1.5).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, island_icon(22, ISLANDS[iid].level), (3, h / 2), "lm")
    D.paste(img, effect, (w - 5, h / 2), "rm")
    D.fitted(d, (29, h / 2 + 1), name_text, w - 40 - effect.width, 13, INK, True, "lm", 9)
    return img


@functools.lru_cache(maxsize=64)
def island_card(iid: str, locale: str) -> Image.Image:
    """An island offered to the player: level, name, effect."""
    w, h = 250, 112
    img = D.rounded(w, h, 12, hex_rgb("#d8eef0"), D.darker(ISLAND_SEA, 0.7), 3).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, island_icon(40, ISLANDS[iid].level), (10, 10))
    lines = D.wrap(names.island(iid), w - 66, 17, True, 2)
    for k, line in enumerate(lines):
        D.fitted(d, (58, 22 + 20 * k + (10 if len(lines) == 1 else 0)), line, w - 66, 17, INK, True, "lm", 11)
    effect = D.fit_row(island_effect(iid, 32, locale), w - 20, gap=3)
    D.paste(img, effect, (w / 2, 84), "mm")
    return img


# --- wonders -------------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=512)
def stage_box(board: str, side: str, index: int, built: bool, w: int, h: int, locale: str) -> Image.Image:
    """A wonder stage: its effect; gold with a check when built."""
    stage = WONDERS[board].stages(side)[index]
    fill = hex_rgb("#f4dc92") if built else WHITE
    edge = D.darker(icons.WONDER_GOLD, 0.6) if built else hex_rgb("#c9bfa8")
    img = D.rounded(w, h, 8, fill, edge, 2 if built else 1.5).copy()
    effect = D.fit_row(stage_effect(stage, h - 14, locale), w - (24 if built else 10), gap=1)
    D.paste(img, effect, ((w - (14 if built else 0)) / 2, h / 2), "mm")
    if built:
        D.paste(img, D.check(18), (w - 3, h / 2), "rm")
    return img


@functools.lru_cache(maxsize=128)
def stage_card(board: str, side: str, index: int, w: int, locale: str) -> Image.Image:
    """A wonder stage with its cost (for the side choice): the cost above, the effect below."""
    stage = WONDERS[board].stages(side)[index]
    h = 84
    img = D.rounded(w, h, 10, WHITE, hex_rgb("#c9bfa8"), 1.5).copy()
    cost = D.fit_row(cost_sprites(stage.cost, 0, 22, locale), w - 10, gap=1)
    D.paste(img, cost, (w / 2, 18), "mm")
    ImageDraw.Draw(img).line((8, 34, w - 8, 34), fill=hex_rgb("#d8cfbb"), width=1)
    effect = D.fit_row(stage_effect(stage, 32, locale), w - 10, gap=2)
    D.paste(img, effect, (w / 2, 60), "mm")
    return img


# --- the Shipyard --------------------------------------------------------------------------------------------------

CELL_W, CELL_H = 30, 24


def _space_text(fleet: str, pos: int) -> str:
    """What a Shipyard space gives, in a few characters (the same on every board)."""
    t = TRACKS
    if pos == 0:
        return ""
    if fleet == "red":
        return str(t.red_naval[pos]) if t.red_naval[pos] else ""
    if fleet == "yellow":
        return str(t.yellow_level[pos]) if t.yellow_level[pos] else ""
    if fleet == "blue":
        return str(t.blue_vp[pos]) if t.blue_vp[pos] else ""
    return ROMAN[t.green_explore[pos]] if t.green_explore[pos] else ""


def fleet_mark(fleet: str, size: int) -> Image.Image:
    """What a fleet's track is about, so the tracks are told apart without their colours: naval shields (red),
    commercial level (yellow), points (blue), islands (green)."""
    if fleet == "red":
        return naval_shield(size)
    if fleet == "yellow":
        return commercial_level_icon(size)
    if fleet == "blue":
        return D.laurel(size)
    return island_icon(size)


TRACK_LEAD, TRACK_TRAIL = 26, 24


@functools.lru_cache(maxsize=64)
def _track_base(fleet: str, wonder: bool) -> Image.Image:
    """One empty track: the fleet's mark, the start space and six spaces with what they give, then a pyramid if it
    is the track of the wonder's Naval Constructions."""
    colour = FLEET_COLOURS[fleet]
    w, h = TRACK_LEAD + 7 * CELL_W + TRACK_TRAIL, CELL_H
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    D.paste(img, fleet_mark(fleet, 22), (TRACK_LEAD / 2 - 1, h / 2), "mm")
    sk = Sketch(7 * CELL_W, h)
    sk.rect((0, 0, 7 * CELL_W, h), 6, fill=icons.WONDER_GOLD if wonder else D.darker(colour, 0.6))
    for pos in range(7):
        x0 = pos * CELL_W
        fill = D.lighter(colour, 0.78) if pos else D.lighter(colour, 0.55)
        sk.rect((x0 + 1.5, 1.5, x0 + CELL_W - 1.5, h - 1.5), 4, fill=fill)
    track = sk.image()
    d = ImageDraw.Draw(track)
    for pos in range(1, 7):
        value = _space_text(fleet, pos)
        if value:
            d.text((pos * CELL_W + CELL_W / 2, h / 2 + 1), value, font=font(12, True), fill=D.darker(colour, 0.5),
                   anchor="mm")
    D.paste(img, track, (TRACK_LEAD, 0))
    if wonder:
        D.paste(img, icons.pyramid(20), (w - 1, h / 2), "rm")
    return img


@functools.lru_cache(maxsize=1024)
def shipyard(ships: tuple[int, int, int, int], wonder_track: str | None) -> Image.Image:
    """The four tracks (red, yellow, blue, green) with each ship on its space; the wonder's track has a pyramid on
    its start space."""
    gap = 3
    rows = [_track_base(f, f == wonder_track) for f in FLEETS]
    w = rows[0].width
    img = Image.new("RGBA", (w, len(rows) * (CELL_H + gap) - gap), (0, 0, 0, 0))
    lead = TRACK_LEAD
    for k, (fleet, base) in enumerate(zip(FLEETS, rows)):
        y = k * (CELL_H + gap)
        img.alpha_composite(base, (0, y))
        pos = max(0, min(6, ships[k]))
        x = lead + pos * CELL_W
        if pos:
            D.paste(img, D.rounded(CELL_W - 1, CELL_H + 2, 5, None, INK, 2), (x, y - 1))
        D.paste(img, icons.ship(22, FLEET_COLOURS[fleet], INK), (x + CELL_W / 2, y + CELL_H / 2 - 1), "mm")
    return img
