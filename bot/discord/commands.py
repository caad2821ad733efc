"""The slash commands: ``/game new|join|leave|start|status|board|hand|log|abort|undo|lang|help``, the commands of
asynchronous play (``/game reminder|quiet|away|back|skip|standin|kick|mygames|export``), ``/play`` and ``/rules``.

Names, descriptions, option names and choices are written in English and marked for the catalogs, each kind in
its own message context (see ``translator.py``); Discord shows them in the user's language. The choice of games
is read from the registry when the tree is built (and sent to Discord when the commands are synced).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.actions import Actions
from bot.discord.ids import player_named
from bot.discord.translator import game_title
from bot.games import presenters
from bot.i18n import DEFAULT_LOCALE, LOCALES, NP_
from rules.registry import games

LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "it": "Italiano"}  # each in its own language
LOG_MAX = 50


def playable_games() -> list[str]:
    """The games that can be played here: known to the rules and given words by a presenter."""
    return [name for name in games() if name in presenters()]


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=locale_str(game_title(name, DEFAULT_LOCALE), game=name), value=name)
            for name in playable_games()][:25]


def language_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=LANGUAGE_NAMES.get(code, code), value=code) for code in LOCALES]


def build_tree(client: discord.Client, actions: Actions) -> app_commands.CommandTree:
    tree = app_commands.CommandTree(client)
    service = actions.service
    group = app_commands.Group(
        name=locale_str(NP_("discord.command", "game")),
        description=locale_str(NP_("discord.description", "Board games played in this channel")),
    )

    @group.command(
        name=locale_str(NP_("discord.command", "new")),
        description=locale_str(NP_("discord.description", "Open a table for a game in this channel")),
    )
    @app_commands.rename(game=locale_str(NP_("discord.option", "game")),
                         options=locale_str(NP_("discord.option", "options")))
    @app_commands.describe(
        game=locale_str(NP_("discord.description", "Which game")),
        options=locale_str(NP_("discord.description", "The game's options as key=value (suggested as you type)")),
    )
    @app_commands.choices(game=game_choices())
    async def new(interaction: discord.Interaction, game: str, options: str | None = None) -> None:
        await actions.command(interaction, lambda caller: service.new(caller, game, options or ""))

    @new.autocomplete("options")
    async def new_options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await actions.complete_options(interaction, current)

    @group.command(name=locale_str(NP_("discord.command", "join")),
                   description=locale_str(NP_("discord.description", "Sit down at the table")))
    async def join(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.join)

    @group.command(name=locale_str(NP_("discord.command", "leave")),
                   description=locale_str(NP_("discord.description", "Leave the table before the game starts")))
    async def leave(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.leave)

    @group.command(name=locale_str(NP_("discord.command", "start")),
                   description=locale_str(NP_("discord.description", "Deal and begin (the table's creator)")))
    async def start(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.start)

    @group.command(name=locale_str(NP_("discord.command", "status")),
                   description=locale_str(NP_("discord.description", "The game as text, only for you")))
    async def status(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.status)

    @group.command(name=locale_str(NP_("discord.command", "board")),
                   description=locale_str(NP_("discord.description", "Show the board to everyone")))
    async def board(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.board)

    @group.command(name=locale_str(NP_("discord.command", "hand")),
                   description=locale_str(NP_("discord.description", "Your options, only for you")))
    async def hand(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.hand)

    @group.command(name=locale_str(NP_("discord.command", "log")),
                   description=locale_str(NP_("discord.description", "The last moves, only for you")))
    @app_commands.rename(count=locale_str(NP_("discord.option", "count")))
    @app_commands.describe(count=locale_str(NP_("discord.description", "How many moves (10 if not given)")))
    async def log(interaction: discord.Interaction, count: app_commands.Range[int, 1, LOG_MAX] = 10) -> None:
        await actions.command(interaction, lambda caller: service.log(caller, count))

    @group.command(name=locale_str(NP_("discord.command", "abort")),
                   description=locale_str(NP_("discord.description", "Stop the game (the table's creator)")))
    async def abort(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.abort)

    @group.command(name=locale_str(NP_("discord.command", "undo")),
                   description=locale_str(NP_("discord.description",
                                              "Take back your last move, while it revealed nothing")))
    async def undo(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.undo)

    @group.command(name=locale_str(NP_("discord.command", "lang")),
                   description=locale_str(NP_("discord.description",
                                              "The language I speak in this channel, or to you")))
    @app_commands.rename(language=locale_str(NP_("discord.option", "language")),
                         only_me=locale_str(NP_("discord.option", "only_me")))
    @app_commands.describe(
        language=locale_str(NP_("discord.description", "The language")),
        only_me=locale_str(NP_("discord.description", "Only for you, not for the whole channel")),
    )
    @app_commands.choices(language=language_choices())
    async def lang(interaction: discord.Interaction, language: str, only_me: bool = False) -> None:
        await actions.command(interaction, lambda caller: service.lang(caller, language, personal=only_me),
                              anywhere=only_me)

    @group.command(name=locale_str(NP_("discord.command", "help")),
                   description=locale_str(NP_("discord.description", "How to play with me")))
    async def help_(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.help, anywhere=True)

    add_async_commands(group, actions)
    tree.add_command(group)

    @tree.command(name=locale_str(NP_("discord.command", "play")),
                  description=locale_str(NP_("discord.description", "Make a move in this channel's game")))
    @app_commands.rename(move=locale_str(NP_("discord.option", "move")))
    @app_commands.describe(move=locale_str(NP_("discord.description",
                                               "Your move: pick it from the list, or type its name or number")))
    async def play(interaction: discord.Interaction, move: str) -> None:
        await actions.command(interaction, lambda caller: service.play(caller, move))

    @play.autocomplete("move")
    async def play_move(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await actions.complete_move(interaction, current)

    @tree.command(name=locale_str(NP_("discord.command", "rules")),
                  description=locale_str(NP_("discord.description",
                                             "Ask a question about a game's rules (only you see the answer)")))
    @app_commands.rename(game=locale_str(NP_("discord.option", "game")),
                         question=locale_str(NP_("discord.option", "question")))
    @app_commands.describe(
        game=locale_str(NP_("discord.description", "Which game")),
        question=locale_str(NP_("discord.description",
                                "Your question, or a topic or card suggested as you type")),
    )
    @app_commands.choices(game=game_choices())
    async def rules(interaction: discord.Interaction, game: str, question: str) -> None:
        # Ephemeral, in the asker's language; works anywhere, a DM included (it needs no game in the channel).
        await actions.command(interaction, lambda caller: service.rules(caller, game, question), anywhere=True)

    @rules.autocomplete("question")
    async def rules_question(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await actions.complete_rules_topic(interaction, current)

    return tree


def add_async_commands(group: app_commands.Group, actions: Actions) -> None:
    """The ``/game`` subcommands of asynchronous play: the table's reminders, a player's quiet hours, playing
    through the bot while away, the table's decisions about a player whose time ran out, a player's games and a
    finished game's record."""
    service = actions.service

    @group.command(name=locale_str(NP_("discord.command", "reminder")),
                   description=locale_str(NP_("discord.description",
                                              "When players are reminded of their turn (the table's creator sets it)")))
    @app_commands.rename(value=locale_str(NP_("discord.option", "delay")))
    @app_commands.describe(value=locale_str(NP_("discord.description",
                                                "After how long: 6h, 1d, 30m, or off (empty: show it)")))
    async def reminder(interaction: discord.Interaction, value: str | None = None) -> None:
        await actions.command(interaction, lambda caller: service.reminder(caller, value or ""))

    @group.command(name=locale_str(NP_("discord.command", "quiet")),
                   description=locale_str(NP_("discord.description",
                                              "Your quiet hours: no reminders then (empty: show them)")))
    @app_commands.rename(hours=locale_str(NP_("discord.option", "hours")),
                         zone=locale_str(NP_("discord.option", "zone")))
    @app_commands.describe(
        hours=locale_str(NP_("discord.description", "From-to, e.g. 22-8 or 22:30-7:15, or off")),
        zone=locale_str(NP_("discord.description", "Your time zone, e.g. Europe/Rome (UTC if not given)")),
    )
    async def quiet(interaction: discord.Interaction, hours: str | None = None, zone: str | None = None) -> None:
        value = " ".join(part.strip() for part in (hours, zone) if part and part.strip())
        await actions.command(interaction, lambda caller: service.quiet(caller, value), anywhere=True)

    @group.command(name=locale_str(NP_("discord.command", "away")),
                   description=locale_str(NP_("discord.description", "The bot plays for you until you are back")))
    async def away(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.away)

    @group.command(name=locale_str(NP_("discord.command", "back")),
                   description=locale_str(NP_("discord.description", "Take your seat back from the bot")))
    async def back(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.back)

    player_description = locale_str(NP_("discord.description",
                                        "The player whose time ran out (a name or a mention; empty: the only one)"))

    @group.command(name=locale_str(NP_("discord.command", "skip")),
                   description=locale_str(NP_("discord.description",
                                              "Vote: the bot makes the current decision of a player out of time")))
    @app_commands.rename(player=locale_str(NP_("discord.option", "player")))
    @app_commands.describe(player=player_description)
    async def skip(interaction: discord.Interaction, player: str | None = None) -> None:
        await actions.command(interaction, lambda caller: service.vote(caller, "skip", player_named(player or "")))

    @group.command(name=locale_str(NP_("discord.command", "standin")),
                   description=locale_str(NP_("discord.description",
                                              "Vote: the bot plays for a player out of time until they are back")))
    @app_commands.rename(player=locale_str(NP_("discord.option", "player")))
    @app_commands.describe(player=player_description)
    async def standin(interaction: discord.Interaction, player: str | None = None) -> None:
        await actions.command(interaction,
                              lambda caller: service.vote(caller, "standin", player_named(player or "")))

    @group.command(name=locale_str(NP_("discord.command", "kick")),
                   description=locale_str(NP_("discord.description",
                                              "Vote: remove a player out of time; the bot plays for them to the end")))
    @app_commands.rename(player=locale_str(NP_("discord.option", "player")))
    @app_commands.describe(player=player_description)
    async def kick(interaction: discord.Interaction, player: str | None = None) -> None:
        await actions.command(interaction, lambda caller: service.vote(caller, "kick", player_named(player or "")))

    @group.command(name=locale_str(NP_("discord.command", "mygames")),
                   description=locale_str(NP_("discord.description",
                                              "The games you play on Discord, with links, only for you")))
    async def mygames(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.my_games, anywhere=True)

    @group.command(name=locale_str(NP_("discord.command", "export")),
                   description=locale_str(NP_("discord.description",
                                              "This channel's finished game as a replay file, only for you")))
    async def export(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.export)

    @group.command(name=locale_str(NP_("discord.command", "addbot")),
                   description=locale_str(NP_("discord.description",
                                              "Seat a computer player at the table (the creator, before the start)")))
    async def addbot(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.add_bot)

    @group.command(name=locale_str(NP_("discord.command", "hint")),
                   description=locale_str(NP_("discord.description",
                                              "The move the bot would make in your place, only for you")))
    async def hint(interaction: discord.Interaction) -> None:
        await actions.command(interaction, service.hint)
