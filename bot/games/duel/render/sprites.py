"""7 Wonders Duel sprites: resource and science icons, card faces and backs, wonders, progress tokens.

Everything is drawn from the game's static, public data (``rules.duel.data``) and the display names
(``bot.games.duel.names``); sprites carrying words take the locale as an argument so that each locale gets its own
cached copy. Nothing here sees a game state or a view.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from bot.games.duel import names as names
from bot.i18n import pgettext
from bot.render import draw as D
from bot.render import icons
from bot.render.draw import INK, PAPER, WHITE, Sketch, hex_rgb
from bot.render.fonts import font
from rules.duel.data import CARDS, RESOURCES, TOKENS, WONDERS

CARD_W, CARD_H = 148, 208
BAND_H = 46
RADIUS = 10

COLOURS = icons.CARD_COLOURS

BACKS = {
    "1": hex_rgb("#b86b1f"),
    "2": hex_rgb("#2a6f97"),
    "3": hex_rgb("#8e2f4f"),
    "guild": hex_rgb("#3c1f4d"),
}

RESOURCE_KINDS = {"W": "wood", "C": "clay", "S": "stone", "G": "glass", "P": "papyrus"}
RESOURCE_COLOURS = {letter: icons.RESOURCE_KINDS[kind] for letter, kind in RESOURCE_KINDS.items()}

SCIENCE_INK = hex_rgb("#1e5e3a")
TOKEN_GREEN = hex_rgb("#2f8f58")
SAND = hex_rgb("#e9d9b4")
WONDER_GOLD = icons.WONDER_GOLD


colour_letter = icons.colour_letter


ROMAN = {1: "I", 2: "II", 3: "III"}


# --- icons -------------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def resource(letter: str, size: int, locale: str) -> Image.Image:
    """A resource: its own shape and colour, with its (localized) letter."""
    return icons.resource(RESOURCE_KINDS[letter], size, names.name("duel.resource.letter", letter))


def _science_glyph(sk: Sketch, sym: str, s: float, ink, bg) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)

    w = s * 0.075
    if sym == "globe":
        sk.ellipse((s * 0.2, s * 0.2, s * 0.8, s * 0.8), outline=ink, width=w)
        sk.ellipse((s * 0.37, s * 0.2, s * 0.63, s * 0.8), outline=ink, width=w * 0.8)
        sk.line([P(0.22, 0.5), P(0.78, 0.5)], fill=ink, width=w * 0.8)
    elif sym == "sundial":
        sk.pieslice((s * 0.16, s * 0.26, s * 0.84, s * 0.94), 180, 360, fill=ink)
        for a in (200, 230, 260, 290, 320):
            t = math.radians(a)
            sk.line([P(0.5, 0.6), P(0.5 + 0.3 * math.cos(t), 0.6 + 0.3 * math.sin(t))], fill=bg, width=w * 0.5)
        sk.rect((s * 0.14, s * 0.6, s * 0.86, s * 0.7), fill=ink)
        sk.polygon([P(0.5, 0.16), P(0.62, 0.6), P(0.5, 0.6)], fill=ink)
    elif sym == "mortar":
        sk.pieslice((s * 0.16, s * 0.2, s * 0.84, s * 0.84), 0, 180, fill=ink)
        sk.line([P(0.44, 0.5), P(0.76, 0.14)], fill=ink, width=s * 0.11)
        sk.rect((s * 0.36, s * 0.78, s * 0.64, s * 0.88), fill=ink)
        sk.line([P(0.14, 0.52), P(0.86, 0.52)], fill=ink, width=w * 0.8)
    elif sym == "wheel":
        sk.ellipse((s * 0.18, s * 0.18, s * 0.82, s * 0.82), outline=ink, width=w * 1.1)
        for k in range(6):
            t = math.radians(k * 60 + 30)
            sk.line([P(0.5, 0.5), P(0.5 + 0.3 * math.cos(t), 0.5 + 0.3 * math.sin(t))], fill=ink, width=w * 0.7)
        sk.ellipse((s * 0.41, s * 0.41, s * 0.59, s * 0.59), fill=ink)
    elif sym == "quill":

        sk.polygon(D.leaf(s * 0.56, s * 0.42, s * 0.66, s * 0.28, math.radians(-55)), fill=ink)
        sk.line([P(0.42, 0.62), P(0.66, 0.25)], fill=bg, width=w * 0.5)
        sk.line([P(0.2, 0.86), P(0.44, 0.6)], fill=ink, width=w * 0.9)
    elif sym == "plumb":
        sk.line([P(0.3, 0.14), P(0.7, 0.14)], fill=ink, width=w)
        sk.line([P(0.5, 0.14), P(0.5, 0.44)], fill=ink, width=w * 0.7)
        sk.ellipse((s * 0.35, s * 0.38, s * 0.65, s * 0.66), fill=ink)
        sk.polygon([P(0.36, 0.56), P(0.64, 0.56), P(0.5, 0.88)], fill=ink)
    elif sym == "law":
        sk.line([P(0.5, 0.16), P(0.5, 0.8)], fill=ink, width=w)
        sk.line([P(0.32, 0.82), P(0.68, 0.82)], fill=ink, width=w)
        sk.line([P(0.16, 0.28), P(0.84, 0.28)], fill=ink, width=w)
        for x in (0.22, 0.78):
            sk.line([P(x, 0.28), P(x - 0.1, 0.56)], fill=ink, width=w * 0.45)
            sk.line([P(x, 0.28), P(x + 0.1, 0.56)], fill=ink, width=w * 0.45)
            sk.pieslice((s * (x - 0.15), s * 0.42, s * (x + 0.15), s * 0.7), 0, 180, fill=ink)


@functools.lru_cache(maxsize=64)
def science(sym: str, size: int, ring=None) -> Image.Image:
    """A science symbol on a light disc (``ring``: an extra outline colour, e.g. to mark a pair)."""
    sk = Sketch(size, size)
    edge = ring or SCIENCE_INK
    sk.ellipse((0, 0, size, size), fill=edge)
    inset = size * (0.1 if ring else 0.06)
    sk.ellipse((inset, inset, size - inset, size - inset), fill=PAPER)
    _science_glyph(sk, sym, size, SCIENCE_INK, PAPER)
    return sk.image()


def mini_card(colour: str, size: int, locale: str) -> Image.Image:
    """A small card of a colour with its letter (for 'per card of this colour')."""
    return icons.mini_card(COLOURS[colour], size, colour_letter(colour))


pyramid = icons.pyramid


def discard_pile(size: int) -> Image.Image:
    """A few cards fanned face down: the discard pile."""
    return icons.discard_pile(size, BACKS["1"])


@functools.lru_cache(maxsize=8)
def destroy_mark(colour: str, size: int, locale: str) -> Image.Image:
    """'Destroy a card of this colour': the card with a red cross over its corner."""
    card = mini_card(colour, size, locale)
    img = Image.new("RGBA", (round(card.width + size * 0.35), size), (0, 0, 0, 0))
    D.paste(img, card, (0, 0))
    D.paste(img, D.halo(D.cross(round(size * 0.55), D.RED), WHITE, 2), (img.width + 2, img.height + 2), "rb")
    return img


@functools.lru_cache(maxsize=64)
def token_icon(tid: str, size: int) -> Image.Image:
    """A progress token: a green disc with a pictogram."""
    sk = Sketch(size, size)
    sk.ellipse((0, 0, size, size), fill=D.darker(TOKEN_GREEN, 0.6))
    sk.ellipse((size * 0.06, size * 0.06, size * 0.94, size * 0.94), fill=TOKEN_GREEN)
    s = size
    ink = WHITE
    if tid == "agriculture":  # a wheat ear

        sk.line([(s * 0.5, s * 0.86), (s * 0.5, s * 0.2)], fill=ink, width=s * 0.05)
        for k in range(4):
            y = s * (0.3 + k * 0.13)
            sk.polygon(D.leaf(s * 0.41, y, s * 0.2, s * 0.1, math.radians(-50)), fill=ink)
            sk.polygon(D.leaf(s * 0.59, y, s * 0.2, s * 0.1, math.radians(-130)), fill=ink)
        sk.polygon(D.leaf(s * 0.5, s * 0.18, s * 0.18, s * 0.1, math.radians(90)), fill=ink)
    elif tid in ("architecture", "theology"):
        dx = -0.1 if tid == "theology" else 0.0
        sk.polygon([(s * (0.5 + dx), s * 0.2), (s * (0.82 + dx), s * 0.76), (s * (0.18 + dx), s * 0.76)], fill=ink)
        for y in (0.45, 0.61):
            half = (y - 0.2) / 0.56 * 0.32
            sk.line([(s * (0.5 + dx - half), s * y), (s * (0.5 + dx + half), s * y)], fill=TOKEN_GREEN,
                    width=s * 0.04, round_caps=False)
    elif tid == "masonry":
        for r, y in enumerate((0.28, 0.46, 0.64)):
            off = 0.0 if r % 2 == 0 else 0.1
            for x in (0.2 - off, 0.42 - off, 0.64 - off):
                x0, x1 = max(0.18, x), min(0.82, x + 0.2)
                sk.rect((s * x0, s * y, s * x1, s * (y + 0.15)), radius=s * 0.02, fill=ink)
    elif tid == "mathematics":  # a pair of compasses
        sk.ellipse((s * 0.43, s * 0.16, s * 0.57, s * 0.3), fill=ink)
        sk.line([(s * 0.5, s * 0.24), (s * 0.28, s * 0.84)], fill=ink, width=s * 0.07)
        sk.line([(s * 0.5, s * 0.24), (s * 0.72, s * 0.84)], fill=ink, width=s * 0.07)
        sk.arc((s * 0.22, s * 0.3, s * 0.78, s * 0.86), 30, 150, fill=ink, width=s * 0.04)
    elif tid == "law":
        _science_glyph(sk, "law", s, ink, TOKEN_GREEN)
    elif tid == "urbanism":  # a house
        sk.polygon([(s * 0.5, s * 0.18), (s * 0.84, s * 0.48), (s * 0.16, s * 0.48)], fill=ink)
        sk.rect((s * 0.26, s * 0.46, s * 0.74, s * 0.8), fill=ink)
        sk.rect((s * 0.44, s * 0.58, s * 0.56, s * 0.8), fill=TOKEN_GREEN)
    img = sk.image()
    if tid == "economy":
        D.paste(img, D.coin(round(s * 0.56), ""), (s / 2, s / 2), "mm")
    elif tid == "philosophy":
        D.paste(img, D.laurel(round(s * 0.8), "7"), (s / 2, s / 2), "mm")
    elif tid == "strategy":
        D.paste(img, D.shield(round(s * 0.6)), (s / 2, s / 2), "mm")
    elif tid == "theology":
        D.paste(img, D.halo(D.again(round(s * 0.4), WHITE), TOKEN_GREEN, 2), (s * 0.72, s * 0.34), "mm")
    return img


# --- card effects and costs ---------------------------------------------------------------------------------------


def _slash(size: int, fill=INK) -> Image.Image:
    return D.label("/", round(size * 0.7), fill, True)


def card_effect(cid: str, size: int, locale: str, ink=INK) -> list[Image.Image]:
    """The sprites of a card's effect, in reading order."""
    card = CARDS[cid]
    out: list[Image.Image] = []
    for r, n in zip(RESOURCES, card.produces):
        out += [resource(r, size, locale)] * n
    if card.choice:
        for k, r in enumerate(card.choice):
            if k:
                out.append(_slash(size, ink))
            out.append(resource(RESOURCES[r], round(size * 0.85), locale))
    if card.fixed_price:
        for r in card.fixed_price:
            out.append(resource(RESOURCES[r], round(size * 0.8), locale))
        out.append(D.label("=", round(size * 0.6), ink, True))
        out.append(D.coin(round(size * 0.8), "1"))
    if card.shields:
        out += [D.shield(size)] * card.shields
    if card.science:
        out.append(science(card.science, size))
    if card.gain:
        out.append(D.coin(size, str(card.gain)))
    if card.gain_per:
        what, n = card.gain_per
        out.append(D.coin(round(size * 0.85), str(n)))
        out.append(_slash(size, ink))
        out.append(pyramid(round(size * 0.85)) if what == "wonder" else mini_card(what, round(size * 0.85), locale))
    if card.guild:
        if card.guild == ("wonders",):
            out += [D.laurel(size, "2"), _slash(size, ink), pyramid(round(size * 0.85))]
        elif card.guild == ("coins",):
            out += [D.laurel(size, "1"), _slash(size, ink), D.coin(round(size * 0.85), "3")]
        else:
            out += [D.laurel(size, "1"), D.coin(round(size * 0.8), "1"), _slash(size, ink)]
            out += [mini_card(c, round(size * 0.8), locale) for c in card.guild]
    if card.vp and not card.guild:
        out.append(D.laurel(size, str(card.vp)))
    return out


def cost_sprites(units: tuple[int, ...], coins: int, size: int, locale: str) -> list[Image.Image]:
    return icons.cost_sprites(units, coins, size, RESOURCES, lambda r, px: resource(r, px, locale))


# --- cards ---------------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def card_face(cid: str, locale: str) -> Image.Image:
    """A face-up age card: colour band with the effect, name, cost, chain symbols. The top ``BAND_H + 48`` px carry
    what matters, since on the table the next row covers the rest."""
    card = CARDS[cid]
    colour = COLOURS[card.colour]
    w, h = CARD_W, CARD_H
    sk = Sketch(w, h)
    sk.rect((0, 0, w, h), RADIUS, fill=D.darker(colour, 0.55))
    sk.rect((2, 2, w - 2, h - 2), RADIUS - 2, fill=PAPER)
    sk.rect((2, 2, w - 2, BAND_H), RADIUS - 2, fill=colour)
    sk.rect((2, BAND_H - 10, w - 2, BAND_H), 0, fill=colour)
    # the colour letter in the corner
    sk.ellipse((5, 5, 25, 25), fill=D.darker(colour, 0.6))
    img = sk.image()
    d = ImageDraw.Draw(img)
    d.text((15, 15.5), colour_letter(card.colour), font=font(13, True), fill=WHITE, anchor="mm")
    band_ink = D.ink_on(colour)
    effect = D.fit_row(card_effect(cid, 32, locale, band_ink), w - 34, gap=2)
    D.paste(img, effect, ((w + 24) / 2, BAND_H / 2 + 1), "mm")
    # name
    D.fitted(d, (w / 2, BAND_H + 13), names.card(cid), w - 10, 16, INK, True, "mm", min_size=11)
    # cost (resources and coins); nothing for a free card
    cost = cost_sprites(card.cost, card.coins, 24, locale)
    if cost:
        D.paste(img, D.fit_row(cost, w - 12, gap=2), (w / 2, BAND_H + 38), "mm")
    y = BAND_H + 62
    if card.chain_in:
        _chain_pill(img, card.chain_in, y, incoming=True)
        y += 26
    if card.chain_out:
        _chain_pill(img, card.chain_out, y, incoming=False, fill=D.darker(colour, 0.8))
    return img


def _chain_pill(img: Image.Image, sym: str, y: float, incoming: bool, fill=None) -> None:
    w = img.width
    bg = fill or hex_rgb("#e8e2d2")
    ink = D.ink_on(bg)
    icon = D.link(16, ink)
    text, size = D.fit(names.name("duel.chain", sym), w - 52, 13, True, 10)
    tw = font(size, True).getlength(text)
    pill_w = round(min(w - 12, tw + 38))
    pill = D.rounded(pill_w, 22, 11, bg, D.darker(bg, 0.7), 1).copy()
    pd = ImageDraw.Draw(pill)
    if incoming:  # link first: "free if you own this symbol"
        D.paste(pill, icon, (6, 11), "lm")
        pd.text((26, 11.5), text, font=font(size, True), fill=ink, anchor="lm")
    else:  # arrow, then link: "gives this symbol"
        D.paste(pill, D.triangle(10, ink, "right"), (5, 11), "lm")
        D.paste(pill, icon, (15, 11), "lm")
        pd.text((34, 11.5), text, font=font(size, True), fill=ink, anchor="lm")
    D.paste(img, pill, (w / 2, y), "mt")


@functools.lru_cache(maxsize=16)
def card_back(back: str, locale: str) -> Image.Image:
    """A face-down card: the age (I, II, III) or the guild back."""
    fill = BACKS[back]
    w, h = CARD_W, CARD_H
    sk = Sketch(w, h)
    edge = WONDER_GOLD if back == "guild" else D.darker(fill, 0.55)
    sk.rect((0, 0, w, h), RADIUS, fill=edge)
    sk.rect((3, 3, w - 3, h - 3), RADIUS - 2, fill=fill)
    stripe = D.lighter(fill, 0.1)
    for k in range(-h, w, 18):
        sk.line([(k, h), (k + h, 0)], fill=stripe, width=5, round_caps=False)
    sk.rect((0, 0, w, h), RADIUS, outline=edge, width=3)
    sk.ellipse((w / 2 - 34, 12, w / 2 + 34, 80), fill=D.darker(fill, 0.7), outline=D.lighter(fill, 0.35), width=2)
    img = sk.image()
    d = ImageDraw.Draw(img)
    if back == "guild":
        D.paste(img, mini_card("purple", 40, locale), (w / 2, 46), "mm")
        D.fitted(d, (w / 2, 96), pgettext("duel.render", "Guild"), w - 16, 20, WONDER_GOLD, True, "mm", 12)
    else:
        d.text((w / 2, 47), ROMAN[int(back)], font=font(34, True), fill=WHITE, anchor="mm")
    return img


@functools.lru_cache(maxsize=4)
def highlight(w: int, h: int, colour=(255, 214, 64)) -> Image.Image:
    """The frame of an accessible card (drawn around it, 4 px outside)."""
    pad = 5
    sk = Sketch(w + 2 * pad, h + 2 * pad)
    sk.rect((0, 0, w + 2 * pad, h + 2 * pad), RADIUS + pad, outline=colour, width=5)
    return sk.image()


# --- wonders and tokens -----------------------------------------------------------------------------------------------


def wonder_effect(wid: str, size: int, locale: str) -> list[Image.Image]:
    wonder = WONDERS[wid]
    out: list[Image.Image] = []
    if wonder.gain:
        out.append(D.coin(size, str(wonder.gain)))
    if wonder.opponent_loses:
        out.append(D.coin(size, f"-{wonder.opponent_loses}", fill=hex_rgb("#e8a0a0")))
    if wonder.shields:
        out += [D.shield(size)] * wonder.shields
    if wonder.destroy:
        out.append(destroy_mark(wonder.destroy, size, locale))
    for k, r in enumerate(wonder.choice):
        if k:
            out.append(_slash(size))
        out.append(resource(RESOURCES[r], round(size * 0.85), locale))
    if wonder.special == "mausoleum":
        out.append(discard_pile(size))
    elif wonder.special == "great_library":
        out += [token_icon("law", round(size * 0.7)), D.label("3→1", round(size * 0.45), INK, True)]
    if wonder.play_again:
        out.append(D.again(size))
    if wonder.vp:
        out.append(D.laurel(size, str(wonder.vp)))
    return out


WONDER_W, WONDER_H = 300, 132


@functools.lru_cache(maxsize=64)
def wonder_card(wid: str, locale: str) -> Image.Image:
    """A wonder as a wide card: name, effect, cost."""
    w, h = WONDER_W, WONDER_H
    sk = Sketch(w, h)
    sk.rect((0, 0, w, h), 12, fill=D.darker(WONDER_GOLD, 0.55))
    sk.rect((2, 2, w - 2, h - 2), 10, fill=SAND)
    sk.rect((2, 2, w - 2, 40), 10, fill=WONDER_GOLD)
    sk.rect((2, 30, w - 2, 40), 0, fill=WONDER_GOLD)
    img = sk.image()
    d = ImageDraw.Draw(img)
    D.paste(img, pyramid(28, SAND), (8, 21), "lm")
    D.fitted(d, (42, 21), names.wonder(wid), w - 50, 20, INK, True, "lm", 12)
    effect = D.fit_row(wonder_effect(wid, 36, locale), w - 20, gap=4)
    D.paste(img, effect, (w / 2, 64), "mm")
    cost = D.fit_row(cost_sprites(WONDERS[wid].cost, 0, 28, locale), w - 20, gap=2)
    D.paste(img, cost, (w / 2, 108), "mm")
    return img


@functools.lru_cache(maxsize=128)
def token_tile(tid: str, size: int, width: int, locale: str, fill=INK) -> Image.Image:
    """A token icon with its name below."""
    name_size = 15
    lines = D.wrap(names.token(tid), width, name_size, True, 2)
    h = size + 4 + 18 * len(lines)
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    D.paste(img, token_icon(tid, size), (width / 2, 0), "mt")
    d = ImageDraw.Draw(img)
    for k, line in enumerate(lines):
        text, s = D.fit(line, width, name_size, True, 11)
        d.text((width / 2, size + 4 + 18 * k), text, font=font(s, True), fill=fill, anchor="mt")
    return img


def token_effect(tid: str) -> str:
    """A short description of a progress token (for the options image)."""
    texts = {
        "agriculture": pgettext("duel.render", "+6 coins, 4 VP"),
        "architecture": pgettext("duel.render", "Wonders cost 2 resources less"),
        "economy": pgettext("duel.render", "Your opponent's trade money comes to you"),
        "law": pgettext("duel.render", "A science symbol (scales)"),
        "masonry": pgettext("duel.render", "Blue cards cost 2 resources less"),
        "mathematics": pgettext("duel.render", "3 VP per progress token"),
        "philosophy": pgettext("duel.render", "7 VP"),
        "strategy": pgettext("duel.render", "+1 shield on each new red card"),
        "theology": pgettext("duel.render", "Your wonders give another turn"),
        "urbanism": pgettext("duel.render", "+6 coins; +4 coins per chain build"),
    }
    assert set(texts) == set(TOKENS)
    return texts[tid]
