"""``GameService``: where chat commands meet games.

Every command names the channel and the caller. The service loads the channel's table from storage, checks who
may do what (only seated players move, only on their turn; only the creator starts or aborts), asks the engine,
commits the new state with a compare-and-set on the stored version (re-reading and re-validating when another
request got there first), and answers with messages for audiences: the channel, the caller alone, or one player.

Public messages speak the channel's language; what only the caller sees speaks the caller's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core import retelling
from bot.core.caller import Caller, Locales
from bot.core.commands import command_names
from bot.core.commits import READ_BACK_SECONDS, Commits, set_state
from bot.core.composer import Composer, Renderer
from bot.core.history import logged_moves, publicity, replay, undoable
from bot.core.moves import MoveReader
from bot.core import clocks, places
from bot.core.options import parse_table
from bot.core.seats import seat_lines
from bot.core.timing import start_bank
from bot.core.outbox import GRACE, Redelivery, Tell
from bot.core.computer import AI_BUDGET, ComputerCommands
from bot.core.presence import PresenceCommands
from bot.core.records import RecordCommands
from bot.core.timers import TimerCommands
from bot.core.replies import Choice, Message, Reply
from bot.core.table import Player, Table
from bot.core.text import HELP, Refusal, count_of, error_text, quote, refusal_text
from bot.games import presenter
from bot.i18n import DEFAULT_LOCALE, LOCALES, _, normalize_locale, translate, use_locale
from bot.render import pool as render_pool
from rules.contract import Game, IllegalMove, Move
from rules.registry import games, get_game
from rules.rng import new_seed
from storage import GameExists, GameStore, StaleVersion, StorageUnavailable, StoredGame

log = logging.getLogger(__name__)

LOG_DEFAULT = 10
LOG_MAX = 100
REPEAT_SECONDS = 2.0  # the same command from one player again within this time is played once

__all__ = ["Caller", "GameService", "Locales", "LOG_DEFAULT", "LOG_MAX"]


def _default_board_renderer(view: Any, names: list[str]) -> bytes:
    from bot.render import render_board

    return render_board(view, names)


def _default_options_renderer(view: Any, names: list[str]) -> bytes:
    from bot.render import render_options

    return render_options(view, names)


class GameService(PresenceCommands, RecordCommands, TimerCommands, ComputerCommands):
    def __init__(
        self,
        store: GameStore,
        *,
        render: bool = True,
        default_locale: str = DEFAULT_LOCALE,
        board_renderer: Renderer | None = None,
        options_renderer: Renderer | None = None,
        seeds: Callable[[], int] = new_seed,
        clock: Callable[[], float] = time.time,
        render_processes: int = 0,
        defer_private: bool = False,
        read_back: float = READ_BACK_SECONDS,
        grace: float = GRACE,
        ai: str = "ai",
        ai_budget: float = AI_BUDGET,
        ai_processes: int = 0,
    ) -> None:
        """``render_processes``: draw images in that many worker processes (0: in a thread of this process).
        ``defer_private``: answer a move with the channel's part first; the players' private messages follow in
        ``Reply.later`` (adapters call ``await reply.settle()``). ``ai``: the computer player (``rules.players``)
        that fills seats, stands in for players and gives hints; ``ai_budget``: its seconds per decision;
        ``ai_processes``: worker processes it thinks in (0: a thread of this process)."""
        self.store = store
        self.default_locale = normalize_locale(default_locale, DEFAULT_LOCALE) or DEFAULT_LOCALE
        custom = board_renderer is not None or options_renderer is not None
        self.compose = Composer(
            render=render,
            board_renderer=board_renderer or _default_board_renderer,
            options_renderer=options_renderer or _default_options_renderer,
            pool=render_pool.shared(render_processes) if render and render_processes and not custom else None,
            defer_private=defer_private,
        )
        self.seeds = seeds
        self.clock = clock
        self.grace = grace  # seconds a delivery may take before it is made again (``bot.core.outbox``)
        self.counters: Counter[str] = Counter()
        self.commits = Commits(store, self.count, read_back=read_back, grace=grace)
        self.moves = MoveReader()
        self.ai = ai
        self.ai_budget = ai_budget
        self.ai_processes = ai_processes
        self._places: dict[str, str] = {}  # the name of each channel as last remembered by this process

    # --- locales -------------------------------------------------------------------------------------------------
    async def locales(self, caller: Caller) -> Locales:
        """(the caller's locale, the channel's locale). Without Redis, the platform's languages (so that even "the
        table is unavailable" is said in a language the caller reads)."""
        try:
            user_prefs, channel_prefs = await asyncio.gather(
                self.store.get_prefs("user", caller.user), self.store.get_prefs("channel", caller.channel)
            )
        except StorageUnavailable:
            channel = normalize_locale(caller.channel_locale) or self.default_locale
            return Locales(normalize_locale(caller.locale) or channel, channel)
        channel = (
            normalize_locale(channel_prefs.get("locale"))
            or normalize_locale(caller.channel_locale)
            or self.default_locale
        )
        platform_locale = normalize_locale(caller.locale)
        if platform_locale and platform_locale != user_prefs.get("platform_locale"):
            # Remember the language the platform reports, for messages pushed to this user later, when no request
            # of theirs carries it (e.g. their new hand after someone else's move).
            with contextlib.suppress(StorageUnavailable):  # a detail: the command goes on
                await self.store.set_pref("user", caller.user, "platform_locale", platform_locale)
        return Locales(_user_locale(user_prefs, platform_locale, channel), channel)

    # --- the commands ----------------------------------------------------------------------------------------------
    async def help(self, caller: Caller, *, unknown: str | None = None) -> Reply:
        """The commands; ``unknown``: the command the caller typed that does not exist, said first."""
        user, _channel = await self.locales(caller)
        with use_locale(user):
            text = translate(HELP).format(games=self._games_list(), **command_names(caller.platform))
            if unknown is not None:
                text = error_text("error.unknown_command", {"command": quote(unknown)}) + "\n\n" + text
            return Reply([Message("ephemeral", text, user=caller.user, locale=user)], ok=unknown is None,
                         code=None if unknown is None else "error.unknown_command")

    @staticmethod
    def _games_list() -> str:
        """``duel (7 Wonders Duel), wonders (7 Wonders)`` in the current locale."""
        return ", ".join(f"{name} ({presenter(name).title()})" for name in games())

    async def new(self, caller: Caller, game_name: str, options: str | dict[str, Any] | None = None) -> Reply:
        async def run(loc: Locales) -> Reply:
            name = (game_name or "").strip().lower()
            if not name:
                raise Refusal("error.which_game", games=self._games_list())
            if name not in games():
                raise Refusal("error.unknown_game", name=quote(game_name), games=self._games_list())
            game = get_game(name)
            settings, opts = parse_table(game, options)
            stored = await self.store.load(caller.channel)
            if stored is not None:
                old = Table.model_validate_json(stored.doc)
                if old.status in ("lobby", "playing"):
                    with use_locale(loc.user):
                        raise Refusal("error.game_running", game=presenter(old.game).title())
                if old.status == "finished" and old.id:  # its record stays for a while (``export``)
                    with contextlib.suppress(StaleVersion):  # changed meanwhile: creating it is refused below
                        await self.store.archive(caller.channel, stored.version, old.id)
                else:
                    await self.store.delete(caller.channel, stored.version)
            table = Table(
                id=uuid.uuid4().hex[:10], game=name, options=opts, creator=caller.user,
                players=[Player(user=caller.user, name=caller.name)], created=self.clock(), timing=settings.timing,
                hints=settings.hints,
            )
            for _seat in range(settings.bots):
                table.add_bot()
            try:
                version = await self.store.create(
                    caller.channel, table.model_dump_json(exclude_defaults=True), status="lobby", log=self._log_fields(caller, "new")
                )
            except GameExists:
                with use_locale(loc.user):
                    raise Refusal("error.game_running", game=presenter(name).title()) from None
            await self.store.track(caller.user, caller.channel)
            with use_locale(loc.channel):
                text = _("{player} opens a table of {game}. Join with {cmd_join}; {player} starts with {cmd_start}.").format(
                    player=caller.name, game=presenter(name).title(), **command_names(caller.platform)
                )
            return Reply([Message("public", text, locale=loc.channel)], version=version)

        return await self._guarded(caller, run)

    async def join(self, caller: Caller) -> Reply:
        joined: list[str] = []

        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            self._require_lobby(table)
            if table.seat_of(caller.user) is not None:
                raise Refusal("error.already_joined")
            game = get_game(table.game)
            if len(table.players) >= game.max_players:
                raise Refusal("error.table_full", count=game.max_players)
            table.players.append(Player(user=caller.user, name=caller.name))
            joined.append(caller.user)
            with use_locale(loc.channel):
                text = _("{player} joins the table ({count}/{max}).").format(
                    player=caller.name, count=len(table.players), max=game.max_players
                )
            return "join", [Message("public", text, locale=loc.channel)]

        reply = await self._update(caller, change)
        if reply.ok and joined:
            await self.store.track(caller.user, caller.channel)
        return reply

    async def leave(self, caller: Caller) -> Reply:
        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            seat = table.seat_of(caller.user)
            if seat is None:
                raise Refusal("error.not_joined")
            if table.status == "playing":
                raise Refusal("error.leave_running")
            self._require_lobby(table)
            del table.players[seat]
            with use_locale(loc.channel):
                if not table.humans:
                    table.status = "aborted"
                    text = _("{player} leaves; the table is empty and closes.").format(player=caller.name)
                else:
                    if table.creator == caller.user:
                        table.creator = table.humans[0].user
                    text = _("{player} leaves the table.").format(player=caller.name)
            return "leave", [Message("public", text, locale=loc.channel)]

        reply = await self._update(caller, change)
        if reply.ok:
            await self.store.untrack(caller.user, caller.channel)
        return reply

    async def start(self, caller: Caller, *, needs_private_chat: bool = False) -> Reply:
        """Deal and begin. ``needs_private_chat``: a platform without ephemeral messages (Telegram) sends hidden
        information to private chats, so every player must have opened one with the bot first."""
        unreachable: list[str] = []
        if needs_private_chat:
            stored = await self.store.load(caller.channel)
            if stored is not None:
                for player in Table.model_validate_json(stored.doc).humans:
                    if (await self.store.get_prefs("user", player.user)).get("private_chat") != "1":
                        unreachable.append(player.name)

        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            self._require_lobby(table)
            self._require_creator(table, caller)
            if unreachable:
                raise Refusal("error.private_chat_needed", players=", ".join(unreachable))
            game = get_game(table.game)
            seed = self.seeds()
            state = game.setup(len(table.players), table.options, seed=seed)
            table.seed = seed
            set_state(table, state)
            table.status = "playing"
            table.started = self.clock()
            for seat in range(len(table.players)):
                table.time_of(seat).bank = start_bank(table.timing)
            clocks.tick(table, game, state, self.clock())
            with use_locale(loc.channel):
                intro = _("The game of {game} begins: {players}.").format(
                    game=presenter(table.game).title(), players=", ".join(table.names)
                )
            return "start", [Message("public", intro, locale=loc.channel)]

        return await self._update(caller, change, show_board=True)

    async def abort(self, caller: Caller) -> Reply:
        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            if table.status not in ("lobby", "playing"):
                raise Refusal("error.game_finished")
            self._require_creator(table, caller)
            table.status = "aborted"
            with use_locale(loc.channel):
                text = _("{player} stops the game of {game}.").format(
                    player=caller.name, game=presenter(table.game).title()
                )
            return "abort", [Message("public", text, locale=loc.channel)]

        reply = await self._update(caller, change)
        stored = await self.store.load(caller.channel) if reply.ok else None
        if stored is not None:
            await self._untrack(caller.channel, Table.model_validate_json(stored.doc))
        return reply

    async def play(self, caller: Caller, text: str, *, version: int | None = None, game_id: str | None = None) -> Reply:
        """Make a move. ``version`` and ``game_id``: the game and version a button was made for; a button is stale
        once the game is another one, or once the caller's own decision changed since it was made. A typed move is
        made at the version read when it arrived: if the caller's decision changes before it is committed (their
        own button click got there first), it is not played. The same command sent twice by one player within
        ``REPEAT_SECONDS`` is played once."""
        made_at: list[int] = []  # the version the command was made at (a button's, else the first one read)

        async def attempt(loc: Locales) -> Reply:
            stored, table, seat, game, state = await self._seated(caller)
            if game_id is not None and game_id != table.id:
                raise Refusal("error.stale")
            if not made_at:
                made_at.append(version if version is not None else stored.version)
            if table.is_stale(seat, made_at[0], stored.version):
                raise Refusal("error.stale" if version is not None else "error.moved_on")
            player = table.players[seat]
            if player.kicked:
                raise Refusal("error.kicked")
            active = game.active_seats(state)
            if seat not in active:
                raise Refusal("error.not_your_turn", players=", ".join(table.names[s] for s in sorted(active)))
            said = self.moves.matcher(game).key(text)
            now = self.clock()
            if version is None and table.repeated(seat, said, now, REPEAT_SECONDS, stored.version):
                raise Refusal("error.repeated")
            with use_locale(loc.user):
                move = await self.moves.resolve(game, state, seat, text)
            # A button made after the player's last command is a new press, not that command sent twice: a game may
            # offer the same move again at once (Orléans: "done" with the followers, then "done" planning).
            last = table.recent.get(str(seat))
            pressed_anew = version is not None and last is not None and version >= last[2]
            if not pressed_anew and table.repeated(seat, move.notation, now, REPEAT_SECONDS, stored.version):
                raise Refusal("error.repeated")
            if player.standin:  # a player the bot played for who moves again is back
                player.standin = player.away = player.once = False
            return await self._commit_move(caller, loc, stored, table, game, state, seat, move, now, said=said)

        return await self._guarded(caller, lambda loc: self.commits.retrying(lambda: attempt(loc)))

    async def _commit_move(self, caller: Caller, loc: Locales, stored: StoredGame, table: Table, game: Game,
                           state: Any, seat: int, move: Move, now: float, *, said: str | None = None,
                           by: str = "") -> Reply:
        """Apply ``seat``'s ``move`` to the table read at ``stored`` and commit it (``StaleVersion`` when another
        change got there first). ``said``: the words of the player's command (to play a repeated one once);
        ``by``: who made the move for the seat ("bot": a stand-in), marked in the narration and the log."""
        active = game.active_seats(state)
        new_state, events = game.apply(state, seat, move)
        set_state(table, new_state)
        if not game.active_seats(new_state):
            table.status = "finished"
            table.ended = now
        clocks.tick(table, game, new_state, now, mover=seat)
        player = table.players[seat]
        if by == "bot" and player.once and seat not in game.active_seats(new_state):  # the skipped turn is over
            player.standin = player.once = False
        changed, public = publicity(game, active, new_state, events)
        # A secret choice in a simultaneous phase changes only the chooser's decision.
        table.decisions_changed(stored.version + 1, None if changed else [seat])
        if said is not None:
            table.remember_command(seat, (said, move.notation), now, stored.version + 1)
        # The engine is deterministic, so the seat and the notation are the whole record of a move: the narration
        # of the log is rebuilt by replaying from the seed (the stream's ids carry the time).
        entry = {"seat": str(seat), "move": move.notation} | ({"by": by} if by else {})
        new_version = await self.commits.commit(caller.channel, stored.version, table, entry,
                                                tell=self._tell(caller, table, "move"))
        reply = await self.compose.after_move(
            self.seat_locales(caller, table, loc), table, game, new_state, seat, events, new_version, loc.channel,
            changed, note=by, footer=self._footer(table, caller.platform, loc.channel), public=public,
        )
        reply.game_id = table.id
        reply.delivery = new_version
        reply.link_private(places.link(caller.channel))
        if table.status == "finished":
            await self._untrack(caller.channel, table)
            moves = logged_moves(await self.store.log(caller.channel))
            reply.add(await self.compose.record_message(table, game, new_state, loc.channel, moves, caller.platform))
        return reply

    def _footer(self, table: Table, platform: str, locale: str) -> list[str]:
        """The seats' clocks and stand-ins under the board, in ``locale``."""
        with use_locale(locale):
            return seat_lines(table, self.clock(), platform)

    async def undo(self, caller: Caller) -> Reply:
        """Take back the caller's own last move, if it revealed nothing and drew nothing (Board Game Arena's policy:
        never across hidden information or chance). In a simultaneous phase, the caller's secret choice can be taken
        back although others chose after it (their choices do not depend on it); the channel learns only that the
        caller changed their mind. The position before is rebuilt by replaying the log, and the move's log entry
        goes, so that the log holds the moves that stand and nothing else."""

        async def attempt(loc: Locales) -> Reply:
            stored, table, seat, game, state = await self._seated(caller)
            entries = await self.store.log(caller.channel)
            taken = undoable(game, table, logged_moves(entries), seat, state)
            if taken is None:
                raise Refusal("error.cannot_undo")
            set_state(table, taken.state)
            table.decisions_changed(stored.version + 1)
            clocks.tick(table, game, taken.state, self.clock())
            with use_locale(loc.channel):
                if taken.secret:  # what was chosen stays secret
                    text = _("{player} changed their mind.").format(player=caller.name)
                else:
                    text = _("{player} takes back their last move: {move}.").format(
                        player=caller.name,
                        move=presenter(table.game).move_label(taken.move, game.view(taken.before, None)))
            version = await self.commits.commit(caller.channel, stored.version, table, None, drop=taken.entry,
                                         tell=self._tell(caller, table, "undo", [text], loc.channel))
            with use_locale(loc.user):
                label = presenter(table.game).move_label(taken.move, game.view(taken.before, seat))
                mine = Message("ephemeral", _("You took back: {move}.").format(move=label), user=caller.user,
                               locale=loc.user)
            with use_locale(loc.channel):
                board = await self.compose.board_message(table, game, taken.state, loc.channel, narration=[text],
                                                         footer=self._footer(table, caller.platform, loc.channel))
            messages = [board, mine] if taken.secret else [board]
            return Reply(messages, version=version, game_id=table.id, delivery=version)

        return await self._guarded(caller, lambda loc: self.commits.retrying(lambda: attempt(loc)))

    async def hand(self, caller: Caller) -> Reply:
        """The caller's options (only for them), or the public table for a spectator."""

        async def run(loc: Locales) -> Reply:
            stored, table, seat, game, state = await self._seated(caller)
            with use_locale(loc.user):
                message = await self.compose.options_message(caller.user, table, game, state, seat, "ephemeral", loc.user)
            return Reply([message], version=stored.version, game_id=table.id)

        return await self._guarded(caller, run)

    async def board(self, caller: Caller) -> Reply:
        async def run(loc: Locales) -> Reply:
            stored, table = await self._load(caller)
            if table.status == "lobby":
                raise Refusal("error.not_started")
            game = get_game(table.game)
            state = game.load(table.state or {})
            with use_locale(loc.channel):
                message = await self.compose.board_message(table, game, state, loc.channel,
                                                           footer=self._footer(table, caller.platform, loc.channel))
            return Reply([message], version=stored.version, game_id=table.id)

        return await self._guarded(caller, run)

    async def status(self, caller: Caller) -> Reply:
        async def run(loc: Locales) -> Reply:
            stored, table = await self._load(caller)
            sheet = ""
            with use_locale(loc.user):
                pres = presenter(table.game)
                if table.status == "lobby":
                    text = _("{game}: waiting for players ({players}). The creator starts with {cmd_start}.").format(
                        game=pres.title(), players=", ".join(table.names), **command_names(caller.platform)
                    )
                else:
                    game = get_game(table.game)
                    state = game.load(table.state or {})
                    view = game.view(state, None)
                    if table.status == "aborted":
                        view = view.model_copy(update={"stopped": True})
                    text = pres.summary(view, table.names)
                    if table.status == "finished":
                        outcome = game.outcome(state)
                        text += "\n\n" + pres.headline(outcome, table.names)
                        sheet = pres.score_sheet(outcome, table.names)
                    elif table.status == "aborted":
                        text += "\n\n" + _("The game was stopped.")
                    else:
                        text += "\n\n" + self.compose.prompts(game, pres, state, view, table)
                        text += "".join("\n" + line for line in seat_lines(table, self.clock(), caller.platform))
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc.user, monospace=sheet)],
                         version=stored.version, game_id=table.id)

        return await self._guarded(caller, run)

    async def log(self, caller: Caller, count: int | str | None = None) -> Reply:
        """The last ``count`` moves (as typed: a whole number from 1 to ``LOG_MAX``, default ``LOG_DEFAULT``),
        narrated in the caller's language (public events only)."""

        async def run(loc: Locales) -> Reply:
            wanted = count_of(count, LOG_DEFAULT, LOG_MAX)
            if wanted is None:
                raise Refusal("error.log_count", max=LOG_MAX)
            _stored, table = await self._load(caller)
            if table.state is None:
                raise Refusal("error.not_started")
            game = get_game(table.game)
            pres = presenter(table.game)
            moves = logged_moves(await self.store.log(caller.channel))
            lines = []
            with use_locale(loc.user):
                for step in replay(game, table, moves):
                    if step.number > len(moves) - wanted:
                        told = [pres.narrate(e, table.names) for e in step.events if e.visible_to is None]
                        lines.append(f"{step.number}. " + " ".join(t for t in told if t))
                text = "\n".join(lines) if lines else _("No moves yet.")
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc.user)])

        return await self._guarded(caller, run)

    async def lang(self, caller: Caller, code: str, *, personal: bool = False) -> Reply:
        """Set the channel's language (or, with ``personal``, the caller's own)."""

        async def run(loc: Locales) -> Reply:
            chosen = normalize_locale(code.strip())
            if chosen is None:
                raise Refusal("error.unknown_language", languages=", ".join(LOCALES))
            if personal:
                await self.store.set_pref("user", caller.user, "locale", chosen)
            else:
                await self.store.set_pref("channel", caller.channel, "locale", chosen)
            with use_locale(chosen):
                text = _("From now on I speak English here.") if not personal else _("From now on I speak English to you.")
            return Reply([Message("public" if not personal else "ephemeral", text, user=caller.user, locale=chosen)])

        return await self._guarded(caller, run)

    async def rules(self, caller: Caller, game: str, question: str, *, public: bool = False) -> Reply:
        """Answer a question about a game's rules with the sections that explain it best: for the asker alone in
        their language, or (``public``) for the channel in the channel's language."""
        from bot import rulebook

        user, channel = await self.locales(caller)
        locale = channel if public else user
        if rulebook.game_id(game) is None:  # "/rules how does trading work": the channel's game is meant
            stored = await self.store.load(caller.channel)
            if stored is not None:
                game, question = Table.model_validate_json(stored.doc).game, f"{game} {question}".strip()

        def look_up() -> rulebook.Answer:  # in a thread: the first look-up loads the corpus
            picked = rulebook.section(game, question.strip(), locale) if question.strip() else None
            if picked is not None:  # a section chosen from the suggestions: that section alone
                return rulebook.Answer(game=rulebook.game_id(game) or game, question=question, locale=locale,
                                       hits=(picked,))
            return rulebook.answer(game, question, locale)

        found = await asyncio.to_thread(look_up)
        with use_locale(locale):
            text = rulebook.format_answer(found, locale)
        audience = "public" if public else "ephemeral"
        return Reply([Message(audience, text, user=None if public else caller.user, locale=locale)], ok=not found.error,
                     code=found.error)

    async def rule_topics(self, caller: Caller, game: str, prefix: str) -> list[Choice]:
        """Section titles and card names starting like ``prefix`` (autocomplete of a rules question); a choice's
        value is the section id, which ``rules`` accepts as the question."""
        from bot import rulebook

        user, _channel = await self.locales(caller)
        found = await asyncio.to_thread(rulebook.suggest, game, prefix, user)
        return [Choice(section_id, title) for section_id, title in found]

    async def choices(self, caller: Caller) -> tuple[int | None, list[Choice]]:
        """The caller's legal moves as menu entries in their language (for autocomplete and keyboards: no image,
        no refusal); the stored version they belong to. Empty when the caller has nothing to decide."""
        stored = await self.store.load(caller.channel)
        if stored is None:
            return None, []
        table = Table.model_validate_json(stored.doc)
        seat = table.seat_of(caller.user)
        if table.status != "playing" or seat is None:
            return stored.version, []
        game = get_game(table.game)
        state = game.load(table.state or {})
        user, _channel = await self.locales(caller)
        with use_locale(user):
            view = game.view(state, seat)
            pres = presenter(table.game)
            return stored.version, [Choice(m.notation, pres.move_label(m, view)) for m in game.legal_moves(state, seat)]

    async def set_private_chat(self, user: str, reachable: bool) -> None:
        """Remember whether the bot can write to ``user`` privately (they opened a private chat, or it failed)."""
        await self.store.set_pref("user", user, "private_chat", "1" if reachable else None)

    async def can_reach(self, user: str) -> bool:
        return (await self.store.get_prefs("user", user)).get("private_chat") == "1"

    async def first_time(self, token: str) -> bool:
        """True only the first time ``token`` is seen (a platform update delivered twice is applied once)."""
        return await self.store.claim_once(token)

    async def remember(self, channel: str, key: str, value: str | None) -> None:
        """Keep a small platform detail about a channel (e.g. the id of the board message, to edit it in place)."""
        await self.store.set_pref("memo", channel, key, value)

    async def recall(self, channel: str, key: str) -> str | None:
        return (await self.store.get_prefs("memo", channel)).get(key)

    # --- building blocks -----------------------------------------------------------------------------------------
    async def _guarded(self, caller: Caller, run: Callable[[Locales], Awaitable[Reply]]) -> Reply:
        """Run a command; a refusal, an illegal move or a table that Redis cannot reach becomes a clear answer to
        the caller alone."""
        loc = await self.locales(caller)
        if caller.place and self._places.get(caller.channel) != caller.place:
            # The channel's name as the platform shows it now, for messages about its game sent elsewhere.
            with contextlib.suppress(StorageUnavailable):
                await self.remember(caller.channel, "place", caller.place)
                self._places[caller.channel] = caller.place
        try:
            return await run(loc)
        except Refusal as r:
            return self._refusal(caller, loc.user, r.code, r.params, choices=r.choices, reason=r.reason)
        except IllegalMove as e:
            return self._refusal(caller, loc.user, e.code, e.params)
        except StorageUnavailable as e:
            self.count(f"storage.{e.kind}")
            log.warning("storage unavailable for %s: %s", caller.channel, e)
            return self._refusal(caller, loc.user, "error.unavailable", {})

    def count(self, name: str) -> None:
        """Count an event (storage errors, read-backs...) in ``counters``."""
        self.counters[name] += 1

    def _refusal(
        self, caller: Caller, locale: str, code: str, params: dict[str, Any], *, choices: list[Choice] | None = None,
        reason: IllegalMove | None = None,
    ) -> Reply:
        with use_locale(locale):
            text = refusal_text(code, params, caller.platform)
            if reason is not None:
                text = refusal_text(reason.code, reason.params, caller.platform) + "\n" + text
            if choices:
                text += "\n" + "\n".join(f"{f'{c.number}.' if c.number else '•'} {c.label}  [{c.value}]"
                                          for c in choices)
        return Reply([Message("ephemeral", text, user=caller.user, choices=choices or [], locale=locale)], ok=False,
                     code=code)

    def seat_locales(self, caller: Caller, table: Table,
                     known: Locales | None = None) -> Callable[[int], Awaitable[str]]:
        """The locale of each seat's player (their own setting, else the channel's). ``known``: the caller's locales,
        already read for this command (the caller's seat then costs nothing, another seat one read)."""

        async def locale_of(seat: int) -> str:
            player = table.players[seat]
            if known is None:
                return (await self.locales(Caller(caller.channel, player.user, player.name,
                                                  channel_locale=caller.channel_locale)))[0]
            if player.user == caller.user:
                return known.user
            try:
                prefs = await self.store.get_prefs("user", player.user)
            except StorageUnavailable:
                return known.channel
            return _user_locale(prefs, None, known.channel)

        return locale_of

    async def _load(self, caller: Caller) -> tuple[StoredGame, Table]:
        stored = await self.store.load(caller.channel)
        if stored is None:
            raise Refusal("error.no_game")
        table = Table.model_validate_json(stored.doc)
        if table.state is None and table.status != "lobby":  # closed before it began: there is no game
            raise Refusal("error.no_game")
        return stored, table

    async def _seated(self, caller: Caller) -> tuple[StoredGame, Table, int, Game, Any]:
        """The running game of the channel and the caller's seat in it (refused for anyone not seated)."""
        stored, table = await self._load(caller)
        self._require_playing(table)
        seat = table.seat_of(caller.user)
        if seat is None:
            raise Refusal("error.not_a_player")
        game = get_game(table.game)
        return stored, table, seat, game, game.load(table.state or {})

    def _tell(self, caller: Caller, table: Table, op: str, texts: list[str] | None = None,
              locale: str = DEFAULT_LOCALE) -> Tell:
        """What a change must tell (kept in the outbox with it): its words for the channel, except a move's and the
        start's, which are told again from the log."""
        return Tell(op=op, game=table.id, user=caller.user, name=caller.name, locale=caller.locale,
                    channel_locale=caller.channel_locale, platform=caller.platform,
                    texts=[] if op in ("move", "start") else list(texts or []), text_locale=locale,
                    at=self.clock())

    # --- durable delivery ----------------------------------------------------------------------------------------
    async def delivered(self, channel: str, version: int) -> None:
        """The reply of the change that made ``version`` was delivered: forget it (see ``bot.core.outbox``)."""
        try:
            await self.store.delivered(channel, version)
        except StorageUnavailable:  # it will be delivered again: a duplicate rather than a loss
            log.warning("the delivery of %s version %s could not be recorded", channel, version)

    async def redeliveries(self, *, prefix: str = "", grace: float | None = None) -> list[Redelivery]:
        """The replies of changes committed ``grace`` seconds ago or more and never delivered, in the channels
        starting with ``prefix`` that this process claims now (``bot.core.retelling``)."""
        return await retelling.redeliveries(self, prefix=prefix, grace=grace)

    async def _update(
        self,
        caller: Caller,
        change: Callable[[Table, Locales], tuple[str, list[Message]]],
        *,
        show_board: bool = False,
    ) -> Reply:
        """Load, change and commit a table, retrying on a concurrent change."""

        async def attempt(loc: Locales) -> Reply:
            stored, table = await self._load(caller)
            with use_locale(loc.user):
                op, messages = change(table, loc)
            tell = self._tell(caller, table, op, [m.text for m in messages if m.audience == "public"], loc.channel)
            version = await self.commits.commit(caller.channel, stored.version, table, self._log_fields(caller, op), tell=tell)
            reply = Reply(messages, version=version, game_id=table.id, delivery=version)
            if show_board and table.state is not None:
                game = get_game(table.game)
                state = game.load(table.state)
                with use_locale(loc.channel):
                    reply.add(await self.compose.board_message(
                        table, game, state, loc.channel, footer=self._footer(table, caller.platform, loc.channel)))
                if presenter(table.game).private_hands:
                    await self.compose.push_hands(self.seat_locales(caller, table), table, game, state, reply)
            return reply

        return await self._guarded(caller, lambda loc: self.commits.retrying(lambda: attempt(loc)))

    async def _untrack(self, channel: str, table: Table) -> None:
        """The game ended: it is nobody's running game any more (``my_games``)."""
        for player in table.players:
            with contextlib.suppress(StorageUnavailable):  # a detail: the list is checked when it is read
                await self.store.untrack(player.user, channel)

    def _log_fields(self, caller: Caller, op: str) -> dict[str, str]:
        """A lobby change in the log (moves are logged as seat and notation only: see ``play``)."""
        return {"op": op, "user": caller.user}

    def _require_lobby(self, table: Table) -> None:
        if table.status == "playing":
            raise Refusal("error.not_in_lobby")
        if table.status != "lobby":
            raise Refusal("error.game_finished")

    def _require_playing(self, table: Table) -> None:
        if table.status == "lobby":
            raise Refusal("error.not_started")
        if table.status != "playing":
            raise Refusal("error.game_finished")

    def _require_creator(self, table: Table, caller: Caller) -> None:
        if table.creator != caller.user:
            creator = next((p.name for p in table.players if p.user == table.creator), table.creator)
            raise Refusal("error.creator_only", name=creator)


def _user_locale(prefs: dict[str, str], platform_locale: str | None, channel: str) -> str:
    """A user's locale: the one they chose, else the one their platform reports (now, or as last remembered), else
    the channel's."""
    return (
        normalize_locale(prefs.get("locale"))
        or platform_locale
        or normalize_locale(prefs.get("platform_locale"))
        or channel
    )
