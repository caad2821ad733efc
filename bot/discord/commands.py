"""The slash commands: ``/game new|join|leave|start|status|board|hand|log|abort|undo|lang|help``, ``/play`` and
``/rules``.

Names, descriptions, option names and choices are written in English and marked for the catalogs, each kind in
its own message context (see ``translator.py``); Discord shows them in the user's language. The choice of games
is read from the registry when the tree is built (and sent to Discord when the commands are synced).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.actions import Actions
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
