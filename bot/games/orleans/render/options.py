"""The private options image of Orléans: what ``view.seat`` may do now, drawn from that seat's view only.

On top, what is to be decided; then the seat's own board (its placements of a secret planning phase included: the
view gives them to their owner only); then the options, numbered 1..n in the order of ``view.options`` (the
number a player types or taps). Planning options, the largest menu (up to ~55), are grouped by place, one line
per place: a follower token per option, with the slot it stands in for when it is not its own kind and the tower
mark when it comes from the Gunpowder Tower; taking a placement back and "done" are lines of their own. Every other
decision is a numbered list of the moves' labels.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.orleans import names as N
from bot.games.orleans.presenter import label_of
from bot.games.orleans.render import board as B
from bot.games.orleans.render import sprites as S
from bot.i18n import NP_, pgettext
from bot.render import draw as D
from bot.render import icons
from bot.render.draw import INK, hex_rgb
from rules.orleans.view import OrleansView

WIDTH = B.WIDTH
MARGIN = B.MARGIN
ROW_H = 42
BADGE = 32
GROUP_W = 200

_TITLES = {
    "exclude": NP_("orleans.render", "Remove a place tile, or none"),
    "draw": NP_("orleans.render", "Draw followers from your bag"),
    "retrieve": NP_("orleans.render", "Bring followers back to your market"),
    "plan": NP_("orleans.render", "Place your followers"),
    "action": NP_("orleans.render", "Perform an action, or pass"),
    "village": NP_("orleans.render", "The Village: which follower?"),
    "tile": NP_("orleans.render", "Choose a place tile"),
    "route": NP_("orleans.render", "Where does your merchant go?"),
    "good": NP_("orleans.render", "Take a good, or nothing"),
    "deed": NP_("orleans.render", "Send a follower to a beneficial deed"),
    "canal": NP_("orleans.render", "Canalisation: your reward"),
    "pharmacy": NP_("orleans.render", "The Pharmacy: how many coins?"),
    "bath": NP_("orleans.render", "The Bathhouse: keep one follower"),
    "tech": NP_("orleans.render", "Place technology tiles"),
    "sacristy": NP_("orleans.render", "Use the Sacristy?"),
    "harvest": NP_("orleans.render", "Harvest: which food?"),
    "torture": NP_("orleans.render", "Give up one item per missing coin"),
}
_WAITING = NP_("orleans.render", "Waiting for {names}")
_NOTHING = NP_("orleans.render", "Nothing to decide now")


def title(view: OrleansView, names: Sequence[str]) -> str:
    if view.options:
        return pgettext("orleans.render", _TITLES.get(view.decision, _NOTHING))
    waiting = [B.player_name(names, s) for s in view.waiting if s != view.seat]
    if waiting and view.outcome is None and not view.stopped:
        return pgettext("orleans.render", _WAITING).format(names=", ".join(waiting))
    return pgettext("orleans.render", _NOTHING)


def _plan_groups(view: OrleansView) -> list[tuple[str, list[tuple[int, str]]]]:
    """The planning options by place, in menu order: (place, [(number, notation)]); "" for the others."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for n, move in enumerate(view.options, start=1):
        parts = move.split(":")
        key = parts[2] if parts[0] == "place" else ""  # taking back and "done" are lines of their own
        groups.setdefault(key, []).append((n, move))
    return list(groups.items())


def _chip(n: int, move: str, colour: tuple[int, int, int]) -> Image.Image:
    """A planning option: its number and the follower, with the slot it stands in for and the tower mark."""
    parts = move.split(":")
    sprites = [icons.index_badge(n, colour, BADGE)]
    if parts[0] == "place":
        f, slot = parts[1], parts[3]
        sprites.append(S.token(f, 30, colour))
        if slot in S.KIND_COLOURS and S.kind_of(f) != slot:
            sprites.append(D.label("→", B.SMALL, INK, True))
            sprites.append(S.empty_slot(slot, 24))
        if len(parts) > 4:
            sprites.append(D.label("♜", B.TEXT, INK, True))
    return D.row(sprites, gap=3)


def _plan_height(view: OrleansView) -> int:
    h = 0
    for key, options in _plan_groups(view):
        if key == "":
            h += ROW_H * len(options)
            continue
        x, rows = 0, 1
        for n, move in options:
            w = _chip_width(move)
            if x + w > WIDTH - 2 * MARGIN - GROUP_W - 24 and x:
                rows += 1
                x = 0
            x += w + 10
        h += rows * ROW_H + 6
    return h


def _chip_width(move: str) -> int:
    parts = move.split(":")
    w = BADGE + 3 + 30
    if parts[0] == "place" and parts[3] in S.KIND_COLOURS and S.kind_of(parts[1]) != parts[3]:
        w += 3 + 12 + 3 + 24
    if parts[0] == "place" and len(parts) > 4:
        w += 3 + 20
    return w


def _draw_plan(img: Image.Image, d: ImageDraw.ImageDraw, view: OrleansView, colour, top: int) -> int:
    y = top
    x0 = MARGIN + 14
    for key, options in _plan_groups(view):
        if key == "":
            for n, move in options:
                _row(img, d, view, n, move, colour, y)
                y += ROW_H
            continue
        head = N.place(key)
        B.fitted(img, (x0, y + ROW_H / 2), head, GROUP_W - 10, B.TEXT, INK, True, "lm")
        x = x0 + GROUP_W
        for n, move in options:
            chip = _chip(n, move, colour)
            if x + chip.width > WIDTH - MARGIN - 10 and x > x0 + GROUP_W:
                x = x0 + GROUP_W
                y += ROW_H
            D.paste(img, chip, (x, y + (ROW_H - chip.height) / 2))
            x += chip.width + 10
        y += ROW_H + 6
        d.line((x0, y - 3, WIDTH - MARGIN - 14, y - 3), fill=B.CELL_EDGE, width=1)
    return y


def _row(img: Image.Image, d: ImageDraw.ImageDraw, view: OrleansView, n: int, move: str, colour, y: int) -> None:
    x = MARGIN + 14
    D.paste(img, icons.index_badge(n, colour, BADGE), (x, y + (ROW_H - BADGE) / 2))
    x += BADGE + 10
    lead = _lead(move, colour)
    if lead is not None:
        D.paste(img, lead, (x, y + (ROW_H - lead.height) / 2))
        x += lead.width + 8
    B.fitted(img, (x, y + ROW_H / 2 + 1), label_of(move, view), WIDTH - MARGIN - 14 - x, B.TEXT, INK, False, "lm")


def _lead(move: str, colour) -> Image.Image | None:
    """A picture before an option's label: the follower, the good, the tile."""
    parts = move.split(":")
    action, args = parts[0], parts[1:]
    if action in ("tower", "village", "keep", "deed") and args and args[0] in N.FOLLOWERS:
        return S.token(args[0], 30, colour)
    if action in ("retrieve", "unplace"):
        return S.token(args[1], 30, colour)
    if action in ("take", "food") and args[0] in S.GOOD_COLOURS:
        return S.good(args[0], 26)
    if action == "give" and args[0] == "good":
        return S.good(args[1], 26)
    if action == "tech" or (action == "give" and args[0] == "tech"):
        return S.tech_tile(28)
    if action == "give" and args[0] == "station":
        return S.station(28, colour)
    return None


def options_image(view: OrleansView, names: Sequence[str]) -> Image.Image:
    seat = view.seat
    me = view.players[seat] if seat is not None and seat < len(view.players) else None
    colour = B.seat_colour(seat) if seat is not None else hex_rgb("#555555")
    plan = view.decision == "plan" and view.options
    options_h = (_plan_height(view) if plan else ROW_H * len(view.options)) + (20 if view.options else 0)
    board_h = B.player_height(me, True) + 10 if me is not None else 0
    height = MARGIN + 64 + 10 + board_h + options_h + MARGIN
    img = icons.background(WIDTH, height, B.BG).copy()
    d = ImageDraw.Draw(img)
    B.panel(img, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + 64))
    D.paste(img, D.rounded(12, 44, 5, colour), (MARGIN + 8, MARGIN + 10))
    B.fitted(img, (MARGIN + 30, MARGIN + 32), title(view, names), WIDTH - 2 * MARGIN - 44, 24, INK, True, "lm")
    y = MARGIN + 64 + 10
    if me is not None:
        y = B.draw_player(img, d, view, me, B.player_name(names, me.seat), y, every=True) + 10
    if view.options:
        B.panel(img, (MARGIN, y, WIDTH - MARGIN, y + options_h))
        y += 10
        if plan:
            _draw_plan(img, d, view, colour, y)
        else:
            for n, move in enumerate(view.options, start=1):
                _row(img, d, view, n, move, colour, y)
                y += ROW_H
    return img
