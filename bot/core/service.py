"""``GameService``: where chat commands meet games.

Every command names the channel and the caller. The service loads the channel's table from storage, checks who
may do what (only seated players move, only on their turn; only the creator starts or aborts), asks the engine,
commits the new state with a compare-and-set on the stored version (re-reading and re-validating when another
request got there first), and answers with messages for audiences: the channel, the caller alone, or one player.

Public messages speak the channel's language; what only the caller sees speaks the caller's.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.core.commands import command_names
from bot.core.composer import Composer, Renderer
from bot.core.history import logged_moves, replay
from bot.core.matching import MoveMatcher
from bot.core.replies import Choice, Message, Reply
from bot.core.table import Player, Table
from bot.core.text import HELP, Refusal, error_text
from bot.games import Presenter, presenter
from bot.render import pool as render_pool
from bot.i18n import DEFAULT_LOCALE, LOCALES, _, normalize_locale, translate, use_locale
from rules.contract import Game, IllegalMove, Move
from rules.registry import games, get_game
from rules.rng import new_seed
from storage import GameExists, GameStore, StaleVersion, StoredGame

log = logging.getLogger(__name__)

MAX_RETRIES = 8
LOG_DEFAULT = 10


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking, and where. ``locale`` is the language the platform reports for the user,
    ``channel_locale`` the server's or group's, if the platform knows one."""

    channel: str
    user: str
    name: str
    locale: str | None = None
    channel_locale: str | None = None
    platform: str = "local"  # "discord", "telegram" or "local": how commands are spelled in texts


def _default_board_renderer(view: Any, names: list[str]) -> bytes:
    from bot.render import render_board

    return render_board(view, names)


def _default_options_renderer(view: Any, names: list[str]) -> bytes:
    from bot.render import render_options

    return render_options(view, names)


class GameService:
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
    ) -> None:
        """``render_processes``: draw images in that many worker processes (0: in a thread of this process).
        ``defer_private``: answer a move with the channel's part first; the players' private messages follow in
        ``Reply.later`` (adapters call ``await reply.settle()``)."""
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
        self._matchers: dict[str, MoveMatcher] = {}

    # --- locales -------------------------------------------------------------------------------------------------
    async def locales(self, caller: Caller) -> tuple[str, str]:
        """(the caller's locale, the channel's locale)."""
        user_prefs, channel_prefs = await asyncio.gather(
            self.store.get_prefs("user", caller.user), self.store.get_prefs("channel", caller.channel)
        )
        channel = (
            normalize_locale(channel_prefs.get("locale"))
            or normalize_locale(caller.channel_locale)
            or self.default_locale
        )
        platform_locale = normalize_locale(caller.locale)
        if platform_locale and platform_locale != user_prefs.get("platform_locale"):
            # Remember the language the platform reports, for messages pushed to this user later, when no request
            # of theirs carries it (e.g. their new hand after someone else's move).
            await self.store.set_pref("user", caller.user, "platform_locale", platform_locale)
        user = (
            normalize_locale(user_prefs.get("locale"))
            or platform_locale
            or normalize_locale(user_prefs.get("platform_locale"))
            or channel
        )
        return user, channel

    # --- the commands ----------------------------------------------------------------------------------------------
    async def help(self, caller: Caller) -> Reply:
        user, _channel = await self.locales(caller)
        with use_locale(user):
            names = ", ".join(f"{name} ({presenter(name).title()})" for name in games())
            text = translate(HELP).format(games=names, **command_names(caller.platform))
            return Reply([Message("ephemeral", text, user=caller.user, locale=user)])

    async def new(self, caller: Caller, game_name: str, options: str | dict[str, Any] | None = None) -> Reply:
        async def run(loc: tuple[str, str]) -> Reply:
            name = (game_name or "").strip().lower()
            if name not in games():
                raise Refusal("error.unknown_game", name=game_name, games=", ".join(games()))
            game = get_game(name)
            opts = self._parse_options(game, presenter(name), options)
            stored = await self.store.load(caller.channel)
            if stored is not None:
                old = Table.model_validate_json(stored.doc)
                if old.status in ("lobby", "playing"):
                    with use_locale(loc[0]):
                        raise Refusal("error.game_running", game=presenter(old.game).title())
                await self.store.delete(caller.channel, stored.version)
            table = Table(
                id=uuid.uuid4().hex[:10], game=name, options=opts, creator=caller.user,
                players=[Player(user=caller.user, name=caller.name)], created=self.clock(),
            )
            try:
                version = await self.store.create(
                    caller.channel, table.model_dump_json(exclude_defaults=True), status="lobby", log=self._log_fields(caller, "new")
                )
            except GameExists:
                with use_locale(loc[0]):
                    raise Refusal("error.game_running", game=presenter(name).title()) from None
            with use_locale(loc[1]):
                text = _("{player} opens a table of {game}. Join with {cmd_join}; {player} starts with {cmd_start}.").format(
                    player=caller.name, game=presenter(name).title(), **command_names(caller.platform)
                )
            return Reply([Message("public", text, locale=loc[1])], version=version)

        return await self._guarded(caller, run)

    async def join(self, caller: Caller) -> Reply:
        def change(table: Table, loc: tuple[str, str]) -> tuple[str, list[Message]]:
            self._require_lobby(table)
            if table.seat_of(caller.user) is not None:
                raise Refusal("error.already_joined")
            game = get_game(table.game)
            if len(table.players) >= game.max_players:
                raise Refusal("error.table_full", count=game.max_players)
            table.players.append(Player(user=caller.user, name=caller.name))
            with use_locale(loc[1]):
                text = _("{player} joins the table ({count}/{max}).").format(
                    player=caller.name, count=len(table.players), max=game.max_players
                )
            return "join", [Message("public", text, locale=loc[1])]

        return await self._update(caller, change)

    async def leave(self, caller: Caller) -> Reply:
        def change(table: Table, loc: tuple[str, str]) -> tuple[str, list[Message]]:
            if table.status == "playing":
                raise Refusal("error.leave_running")
            self._require_lobby(table)
            seat = table.seat_of(caller.user)
            if seat is None:
                raise Refusal("error.not_joined")
            del table.players[seat]
            with use_locale(loc[1]):
                if not table.players:
                    table.status = "aborted"
                    text = _("{player} leaves; the table is empty and closes.").format(player=caller.name)
                else:
                    if table.creator == caller.user:
                        table.creator = table.players[0].user
                    text = _("{player} leaves the table.").format(player=caller.name)
            return "leave", [Message("public", text, locale=loc[1])]

        return await self._update(caller, change)

    async def start(self, caller: Caller, *, needs_private_chat: bool = False) -> Reply:
        """Deal and begin. ``needs_private_chat``: a platform without ephemeral messages (Telegram) sends hidden
        information to private chats, so every player must have opened one with the bot first."""
        unreachable: list[str] = []
        if needs_private_chat:
            stored = await self.store.load(caller.channel)
            if stored is not None:
                for player in Table.model_validate_json(stored.doc).players:
                    if (await self.store.get_prefs("user", player.user)).get("private_chat") != "1":
                        unreachable.append(player.name)

        def change(table: Table, loc: tuple[str, str]) -> tuple[str, list[Message]]:
            self._require_lobby(table)
            self._require_creator(table, caller)
            if unreachable:
                raise Refusal("error.private_chat_needed", players=", ".join(unreachable))
            game = get_game(table.game)
            seed = self.seeds()
            state = game.setup(len(table.players), table.options, seed=seed)
            table.seed = seed
            _set_state(table, state)
            table.status = "playing"
            with use_locale(loc[1]):
                intro = _("The game of {game} begins: {players}.").format(
                    game=presenter(table.game).title(), players=", ".join(table.names)
                )
            return "start", [Message("public", intro, locale=loc[1])]

        return await self._update(caller, change, show_board=True)

    async def abort(self, caller: Caller) -> Reply:
        def change(table: Table, loc: tuple[str, str]) -> tuple[str, list[Message]]:
            if table.status not in ("lobby", "playing"):
                raise Refusal("error.game_finished")
            self._require_creator(table, caller)
            table.status = "aborted"
            with use_locale(loc[1]):
                text = _("{player} stops the game of {game}.").format(
                    player=caller.name, game=presenter(table.game).title()
                )
            return "abort", [Message("public", text, locale=loc[1])]

        return await self._update(caller, change)

    async def play(self, caller: Caller, text: str, *, version: int | None = None, game_id: str | None = None) -> Reply:
        """Make a move. ``version`` and ``game_id``: the game and version a button was made for; a button is stale
        once the game is another one, or once the caller's own decision changed since it was made."""

        async def run(loc: tuple[str, str]) -> Reply:
            for _attempt in range(MAX_RETRIES):
                stored, table, seat, game, state = await self._seated(caller)
                if (game_id is not None and game_id != table.id) or (
                    version is not None and table.is_stale(seat, version, stored.version)
                ):
                    raise Refusal("error.stale")
                active = game.active_seats(state)
                if seat not in active:
                    raise Refusal("error.not_your_turn", players=", ".join(table.names[s] for s in sorted(active)))
                with use_locale(loc[0]):
                    move = self._resolve(game, table, state, seat, text)
                new_state, events = game.apply(state, seat, move)
                _set_state(table, new_state)
                if not game.active_seats(new_state):
                    table.status = "finished"
                changed = len(active) == 1 or table.status != "playing" or any(e.reveals for e in events)
                # A secret choice in a simultaneous phase changes only the chooser's decision.
                table.decisions_changed(stored.version + 1, None if changed else [seat])
                # The engine is deterministic, so the seat and the notation are the whole record of a move: the
                # narration of the log is rebuilt by replaying from the seed (the stream's ids carry the time).
                try:
                    new_version = await self._commit(caller, stored, table, {"seat": str(seat), "move": move.notation})
                except StaleVersion:
                    continue
                reply = await self.compose.after_move(
                    self._seat_locales(caller, table), table, game, new_state, seat, events, new_version, loc[1], changed
                )
                reply.game_id = table.id
                return reply
            raise Refusal("error.busy")

        return await self._guarded(caller, run)

    async def undo(self, caller: Caller) -> Reply:
        """Take back the caller's own last move, if it revealed nothing and drew nothing (Board Game Arena's policy:
        never across hidden information or chance). The position before it is rebuilt by replaying the log."""

        async def run(loc: tuple[str, str]) -> Reply:
            for _attempt in range(MAX_RETRIES):
                stored, table, seat, game, state = await self._seated(caller)
                moves = logged_moves(await self.store.log(caller.channel))
                if not moves or moves[-1][0] != seat:
                    raise Refusal("error.cannot_undo")
                *_earlier, last = replay(game, table, moves)
                if any(e.reveals for e in last.events) or last.after != state:
                    raise Refusal("error.cannot_undo")
                _set_state(table, last.before)
                table.decisions_changed(stored.version + 1)
                try:
                    version = await self._commit(caller, stored, table, {"op": "undo", "user": caller.user,
                                                                         "seat": str(seat)})
                except StaleVersion:
                    continue
                with use_locale(loc[1]):
                    text = _("{player} takes back their last move: {move}.").format(
                        player=caller.name, move=presenter(table.game).move_label(last.move, game.view(last.before, seat))
                    )
                    board = await self.compose.board_message(table, game, last.before, loc[1], narration=[text])
                return Reply([board], version=version, game_id=table.id)
            raise Refusal("error.busy")

        return await self._guarded(caller, run)

    async def hand(self, caller: Caller) -> Reply:
        """The caller's options (only for them), or the public table for a spectator."""

        async def run(loc: tuple[str, str]) -> Reply:
            stored, table, seat, game, state = await self._seated(caller)
            with use_locale(loc[0]):
                message = await self.compose.options_message(caller.user, table, game, state, seat, "ephemeral", loc[0])
            return Reply([message], version=stored.version, game_id=table.id)

        return await self._guarded(caller, run)

    async def board(self, caller: Caller) -> Reply:
        async def run(loc: tuple[str, str]) -> Reply:
            stored, table = await self._load(caller)
            if table.status == "lobby":
                raise Refusal("error.not_started")
            game = get_game(table.game)
            state = game.load(table.state or {})
            with use_locale(loc[1]):
                message = await self.compose.board_message(table, game, state, loc[1])
            return Reply([message], version=stored.version, game_id=table.id)

        return await self._guarded(caller, run)

    async def status(self, caller: Caller) -> Reply:
        async def run(loc: tuple[str, str]) -> Reply:
            stored, table = await self._load(caller)
            sheet = ""
            with use_locale(loc[0]):
                pres = presenter(table.game)
                if table.status == "lobby":
                    text = _("{game}: waiting for players ({players}). The creator starts with {cmd_start}.").format(
                        game=pres.title(), players=", ".join(table.names), **command_names(caller.platform)
                    )
                else:
                    game = get_game(table.game)
                    state = game.load(table.state or {})
                    view = game.view(state, None)
                    text = pres.summary(view, table.names)
                    if table.status == "finished":
                        outcome = game.outcome(state)
                        text += "\n\n" + pres.headline(outcome, table.names)
                        sheet = pres.score_sheet(outcome, table.names)
                    elif table.status == "aborted":
                        text += "\n\n" + _("The game was stopped.")
                    else:
                        text += "\n\n" + self.compose.prompts(game, pres, state, view, table)
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc[0], monospace=sheet)],
                         version=stored.version, game_id=table.id)

        return await self._guarded(caller, run)

    async def log(self, caller: Caller, count: int = LOG_DEFAULT) -> Reply:
        """The last moves, narrated in the caller's language (public events only)."""

        async def run(loc: tuple[str, str]) -> Reply:
            _stored, table = await self._load(caller)
            if table.state is None:
                raise Refusal("error.not_started")
            game = get_game(table.game)
            pres = presenter(table.game)
            moves = logged_moves(await self.store.log(caller.channel))
            lines = []
            with use_locale(loc[0]):
                for step in replay(game, table, moves):
                    if step.number > len(moves) - count:
                        told = [pres.narrate(e, table.names) for e in step.events if e.visible_to is None]
                        lines.append(f"{step.number}. " + " ".join(t for t in told if t))
                text = "\n".join(lines) if lines else _("No moves yet.")
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc[0])])

        return await self._guarded(caller, run)

    async def lang(self, caller: Caller, code: str, *, personal: bool = False) -> Reply:
        """Set the channel's language (or, with ``personal``, the caller's own)."""

        async def run(loc: tuple[str, str]) -> Reply:
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
    async def _guarded(self, caller: Caller, run: Callable[[tuple[str, str]], Awaitable[Reply]]) -> Reply:
        """Run a command; a refusal or an illegal move becomes a clear answer to the caller alone."""
        loc = await self.locales(caller)
        try:
            return await run(loc)
        except Refusal as r:
            return self._refusal(caller, loc[0], r.code, r.params, choices=r.params.get("_choices"))
        except IllegalMove as e:
            return self._refusal(caller, loc[0], e.code, e.params, game=e.params.get("game"))

    def _refusal(
        self, caller: Caller, locale: str, code: str, params: dict[str, Any], *, game: str | None = None,
        choices: list[Choice] | None = None,
    ) -> Reply:
        with use_locale(locale):
            text = None
            game_name = code.split(".")[0]
            if game_name in games():
                text = presenter(game_name).error(code, params)
            if text is None:
                values = dict(params)
                if code == "error.player_count":
                    if values.get("game") in games():
                        values["game"] = presenter(values["game"]).title()
                    if values.get("min") == values.get("max"):
                        code = "error.player_count_exact"
                text = error_text(code, {**command_names(caller.platform), **values})
            if choices:
                text += "\n" + "\n".join(f"• {c.label}  [{c.value}]" for c in choices)
        return Reply([Message("ephemeral", text, user=caller.user, choices=choices or [], locale=locale)], ok=False,
                     code=code)

    def _seat_locales(self, caller: Caller, table: Table) -> Callable[[int], Awaitable[str]]:
        """The locale of each seat's player (their own setting, else the channel's)."""

        async def locale_of(seat: int) -> str:
            player = table.players[seat]
            return (await self.locales(Caller(caller.channel, player.user, player.name)))[0]

        return locale_of

    async def _load(self, caller: Caller) -> tuple[StoredGame, Table]:
        stored = await self.store.load(caller.channel)
        if stored is None:
            raise Refusal("error.no_game")
        return stored, Table.model_validate_json(stored.doc)

    async def _seated(self, caller: Caller) -> tuple[StoredGame, Table, int, Game, Any]:
        """The running game of the channel and the caller's seat in it (refused for anyone not seated)."""
        stored, table = await self._load(caller)
        self._require_playing(table)
        seat = table.seat_of(caller.user)
        if seat is None:
            raise Refusal("error.not_a_player")
        game = get_game(table.game)
        return stored, table, seat, game, game.load(table.state or {})

    async def _commit(self, caller: Caller, stored: StoredGame, table: Table, log: dict[str, str]) -> int:
        """Write the table over the version it was read at (``StaleVersion`` if another change got there first)."""
        return await self.store.commit(
            caller.channel, stored.version, table.model_dump_json(exclude_defaults=True), status=table.status, log=log
        )

    async def _update(
        self,
        caller: Caller,
        change: Callable[[Table, tuple[str, str]], tuple[str, list[Message]]],
        *,
        show_board: bool = False,
    ) -> Reply:
        """Load, change and commit a table, retrying on a concurrent change."""

        async def run(loc: tuple[str, str]) -> Reply:
            for _attempt in range(MAX_RETRIES):
                stored, table = await self._load(caller)
                with use_locale(loc[0]):
                    op, messages = change(table, loc)
                try:
                    version = await self._commit(caller, stored, table, self._log_fields(caller, op))
                except StaleVersion:
                    continue
                reply = Reply(messages, version=version, game_id=table.id)
                if show_board and table.state is not None:
                    game = get_game(table.game)
                    state = game.load(table.state)
                    with use_locale(loc[1]):
                        reply.add(await self.compose.board_message(table, game, state, loc[1]))
                    if presenter(table.game).private_hands:
                        await self.compose.push_hands(self._seat_locales(caller, table), table, game, state, reply)
                return reply
            raise Refusal("error.busy")

        return await self._guarded(caller, run)

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

    def _parse_options(self, game: Game, pres: Presenter, raw: str | dict[str, Any] | None) -> dict[str, Any]:
        if isinstance(raw, dict):
            values = dict(raw)
        else:
            values = {}
            for part in (raw or "").replace(",", " ").split():
                key, sep, value = part.partition("=")
                if not sep:
                    raise Refusal("error.bad_option", option=part, options="; ".join(pres.option_labels().values()))
                values[key.strip().lower()] = value.strip().lower()
        try:
            return game.options(values).model_dump(mode="json")
        except ValidationError as e:
            bad = ".".join(str(x) for x in e.errors()[0]["loc"]) if e.errors() else ""
            raise Refusal("error.bad_option", option=bad, options="; ".join(pres.option_labels().values())) from None

    def _matcher(self, game: Game) -> MoveMatcher:
        if game.name not in self._matchers:
            self._matchers[game.name] = MoveMatcher(game, presenter(game.name))
        return self._matchers[game.name]

    def _resolve(self, game: Game, table: Table, state: Any, seat: int, text: str) -> Move:
        moves = game.legal_moves(state, seat)
        if not text.strip():
            raise Refusal("error.empty_move")
        found = self._matcher(game).match(text, moves)
        if found.move is not None:
            return found.move
        if found.notation is not None:
            return found.notation  # not legal now: the engine will say exactly why
        if found.candidates:
            view = game.view(state, seat)
            pres = presenter(game.name)
            choices = [Choice(m.notation, pres.move_label(m, view)) for m in found.candidates]
            raise Refusal("error.move_ambiguous", text=text, _choices=choices)
        if found.unavailable:
            raise Refusal("error.move_unavailable", name=found.unavailable)
        if found.suggestion:
            raise Refusal("error.move_suggestion", text=text, name=found.suggestion)
        raise Refusal("error.move_not_understood", text=text)

def _set_state(table: Table, state: Any) -> None:
    table.state = state.model_dump(mode="json", exclude_defaults=True)
