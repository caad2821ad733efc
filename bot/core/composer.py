"""Putting the state of a table into messages: the board for the channel, a player's options for that player,
the narration of a move with each private piece of news for its seat alone.

Images are drawn off the event loop; a drawing failure costs the picture, never the message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.core.replies import Choice, Image, Message, Reply
from bot.core.clocks import plays_itself
from bot.core.commands import command_names
from bot.core.history import Logged
from bot.core.seats import duration
from bot.core.table import Table
from bot.games import Presenter, presenter
from bot.i18n import _, use_locale
from bot.render import sheets
from bot.render.pool import RenderPool
from rules.contract import Event, Game, Pending

log = logging.getLogger(__name__)

Renderer = Callable[[Any, list[str]], bytes]
LocaleOf = Callable[[int], Awaitable[str]]  # the locale of a seat's player


class Composer:
    """``pool``: worker processes that draw with the standard renderers (None: a thread of this process draws with
    ``board_renderer`` / ``options_renderer``). ``defer_private``: after a move, answer with the channel's part
    as soon as the board is drawn and let the players' private hands follow (``Reply.later``): the table sees a
    reveal without waiting for every hand to be drawn."""

    def __init__(self, *, render: bool, board_renderer: Renderer, options_renderer: Renderer,
                 pool: RenderPool | None = None, defer_private: bool = False) -> None:
        self.render = render
        self.defer_private = defer_private
        self.renderers = {"board": board_renderer, "options": options_renderer}
        self.pool = pool

    def prompts(self, game: Game, pres: Presenter, state: Any, view: Any, table: Table) -> str:
        """What the deciding seats must do: one line per kind of decision, naming everyone who faces it."""
        by_kind: dict[str, list[Pending]] = {}
        for seat in sorted(game.active_seats(state)):
            pending = game.pending(state, seat)
            if pending is not None:
                by_kind.setdefault(pending.kind, []).append(pending)
        lines = []
        for group in by_kind.values():
            names = list(table.names)
            if len(group) > 1:  # "Ann, Ben, choose ..." in one line
                names[group[0].seat] = ", ".join(table.names[p.seat] for p in group)
            lines.append(pres.prompt(group[0], view, names))
        return "\n".join(lines)

    async def after_move(
        self, locale_of: LocaleOf, table: Table, game: Game, state: Any, seat: int, events: list[Event],
        version: int, channel_locale: str, changed: bool, *, note: str = "", footer: Sequence[str] = (),
        public: bool = True,
    ) -> Reply:
        """The answer to a move: narration (and the board when it changed) for the channel; each private event for
        its seat alone (the asker's own as an ephemeral answer); and, in games with hidden hands, every deciding
        player's new hand after the table moved on; the mover's own next options after a move the channel does not
        hear of. ``note``: who made the move for the seat ("bot": a stand-in);
        ``footer``: lines about the seats (clocks, stand-ins) under the board; ``public``: False for a move the
        channel must not hear of (a secret choice that leaves the same seats deciding)."""
        pres = presenter(table.game)
        reply = Reply(version=version)

        async def board() -> Message:
            with use_locale(channel_locale):
                lines = [t for t in (pres.narrate(e, table.names) for e in events if e.visible_to is None) if t]
                if note == "bot":
                    lines.insert(0, _("The bot plays for {player}:").format(player=table.names[seat]))
                return await self.board_message(table, game, state, channel_locale, narration=lines, image=changed,
                                                footer=footer)

        targets = {s for e in events if e.visible_to is not None for s in e.visible_to}
        if pres.private_hands and changed:
            targets |= set(game.active_seats(state))
        if not public and seat in game.active_seats(state):
            # A step of a decision the channel does not hear of (choosing what to pay with, ...): the mover's next
            # options are the only answer they get, even when the step told nobody anything.
            targets.add(seat)
        # The board and the private hands are drawn at the same time.
        hands = self.hand_tasks(locale_of, table, game, state, targets, events=events, asker=seat)
        reply.messages = [await board()] if public else []
        if self.defer_private:
            reply.later = hands
        else:
            reply.messages += await asyncio.gather(*hands)
        return reply

    async def push_hands(
        self, locale_of: LocaleOf, table: Table, game: Game, state: Any, reply: Reply, seats: set[int] | None = None,
    ) -> None:
        """Every deciding seat's options (or those of ``seats``), each to that player alone, added to ``reply``."""
        reply.messages += await self.hands(locale_of, table, game, state, seats)

    async def hands(
        self, locale_of: LocaleOf, table: Table, game: Game, state: Any, seats: set[int] | None = None,
    ) -> list[Message]:
        """Each deciding seat's options (or those of ``seats``), to that player alone, drawn concurrently."""
        return list(await asyncio.gather(*self.hand_tasks(locale_of, table, game, state, seats)))

    def hand_tasks(
        self, locale_of: LocaleOf, table: Table, game: Game, state: Any, seats: set[int] | None = None,
        *, events: Sequence[Event] = (), asker: int | None = None,
    ) -> list[asyncio.Future[Message]]:
        """Tasks drawing each seat's private news and options, to that player alone (every deciding seat when none
        are named). The asker's own news, when they have nothing to decide, is the ephemeral answer to their
        request."""
        pres = presenter(table.game)
        active = game.active_seats(state)

        async def one(target: int) -> Message:
            player = table.players[target]
            user_loc = await locale_of(target)
            with use_locale(user_loc):
                told = [pres.narrate(e, table.names) for e in events if e.visible_to and target in e.visible_to]
                text = "\n".join(t for t in told if t)
                if target == asker and target not in active:
                    return Message("ephemeral", text, user=player.user, locale=user_loc)
                return await self.options_message(player.user, table, game, state, target, "private", user_loc,
                                                  intro=text)

        return [asyncio.ensure_future(one(t)) for t in sorted(seats if seats is not None else active)
                if not table.players[t].bot]  # a computer player reads the state, not messages

    async def board_message(
        self, table: Table, game: Game, state: Any, locale: str, narration: list[str] | None = None,
        image: bool = True, footer: Sequence[str] = (),
    ) -> Message:
        """The table for the channel: ``narration``, then the game's end or whose turn it is and the ``footer``
        (the seats' clocks and stand-ins, also drawn under the board image)."""
        pres = presenter(table.game)
        view = game.view(state, None)
        lines = list(narration or [])
        mentions: list[str] = []
        sheet = ""
        if table.status == "aborted":
            view = view.model_copy(update={"stopped": True})
            lines.append(_("The game was stopped."))
        elif table.status == "finished":
            outcome = game.outcome(state)
            if not narration:  # after the last move, the narration already told who won
                lines.append(pres.headline(outcome, table.names))
            sheet = pres.score_sheet(outcome, table.names)
        elif table.status == "playing":
            prompt = self.prompts(game, pres, state, view, table)
            if prompt:
                lines.append(prompt)
            mentions = [table.players[s].user for s in sorted(game.active_seats(state))
                        if not plays_itself(table, s)]
            lines += footer
        picture = None
        if image:
            picture = await self.image("board", view, table.names, "board.png",
                                        pres.summary(view, table.names), strip=footer if table.status == "playing"
                                        else ())
        return Message("public", "\n".join(lines), image=picture, mentions=mentions, locale=locale, monospace=sheet)

    async def image(self, kind: str, view: Any, names: list[str], filename: str, alt: str,
                    strip: Sequence[str] = ()) -> Image | None:
        """Draw a ``kind`` ("board" or "options") image off the event loop, with the lines of ``strip`` under it.
        A drawing failure costs the picture, never the answer (the move is already committed by then)."""
        if not self.render:
            return None
        try:
            if self.pool is not None:
                png = await self.pool.render(kind, view, names)
            else:
                png = await asyncio.to_thread(self.renderers[kind], view, names)
            if strip:
                png = await asyncio.to_thread(sheets.with_strip, png, list(strip))
        except Exception:
            log.exception("rendering %s failed", filename)
            return None
        return Image(png, filename, alt=alt)

    async def options_message(
        self, user: str, table: Table, game: Game, state: Any, seat: int, audience: str, locale: str,
        intro: str = "",
    ) -> Message:
        pres = presenter(table.game)
        view = game.view(state, seat)
        lines = [intro] if intro else []
        moves = game.legal_moves(state, seat)
        choices = [Choice(m.notation, pres.move_label(m, view)) for m in moves]
        if moves:
            pending = game.pending(state, seat)
            if pending is not None:
                lines.append(pres.prompt(pending, view, table.names))
            lines += [f"{i}. {c.label}  [{c.value}]" for i, c in enumerate(choices, start=1)]
        else:
            active = sorted(game.active_seats(state))
            lines.append(_("Waiting for {players}.").format(players=", ".join(table.names[s] for s in active)))
        image = await self.image("options", view, table.names, "options.png", "\n".join(lines))
        return Message(audience, "\n".join(lines), user=user, image=image, choices=choices,  # type: ignore[arg-type]
                       locale=locale)

    async def record_message(self, table: Table, game: Game, state: Any, locale: str, moves: Sequence[Logged],
                             platform: str) -> Message:
        """The game's record for the channel when it ends: how long it took, who the bot played for, the score
        sheet as an image (and as a fixed-width table), and how to get the record as a replay file."""
        pres = presenter(table.game)
        outcome = game.outcome(state)
        with use_locale(locale):
            lines = [_("{game} is over: {moves} moves in {time}.").format(
                game=pres.title(), moves=len(moves), time=duration(max(0.0, table.ended - table.started)))]
            helped = [table.names[s] for s in sorted({m.seat for m in moves if m.by == "bot"})
                      if not table.players[s].bot]
            if helped:
                lines.append(_("The bot played for: {players}.").format(players=", ".join(helped)))
            lines.append(_("The whole game as a replay file: {cmd_export} (kept for a week).").format(
                **command_names(platform)))
            picture = None
            if self.render:
                rows = pres.score_rows(outcome)
                try:
                    png = await asyncio.to_thread(sheets.score_sheet, pres.title(), table.names, rows,
                                                  sorted(outcome.winners))
                    picture = Image(png, "scores.png", alt=pres.score_sheet(outcome, table.names))
                except Exception:
                    log.exception("drawing the score sheet failed")
        return Message("public", "\n".join(lines), image=picture, locale=locale)
