"""Texts of the service that belong to no game: refusals, lobby messages, help."""

from __future__ import annotations

from typing import Any

from bot.core.commands import command_names
from bot.core.replies import Choice
from bot.i18n import N_, translate
from rules.contract import IllegalMove

# Codes of refusals (raised by the service, or IllegalMove codes common to every game) and their texts.
ERRORS = {
    "error.no_game": N_("There is no game in this channel. Start one with {cmd_new}."),
    "error.game_running": N_("A game of {game} is already running in this channel."),
    "error.unknown_game": N_("I do not know the game “{name}”. Games: {games}."),
    "error.which_game": N_("Which game? {cmd_new} GAME, with GAME one of: {games}."),
    "error.bad_option": N_("Unknown or invalid option “{option}”. Options: {options}."),
    "error.bad_option_value": N_("“{value}” is not a value of the option {option}. Options: {options}."),
    "error.unknown_command": N_("I do not know the command “{command}”."),
    "error.log_count": N_("Give the number of moves as a whole number from 1 to {max}, e.g. {cmd_log} 10."),
    "error.not_in_lobby": N_("The game has already started."),
    "error.not_started": N_(
        "The game has not started yet: players can still {cmd_join}, then the creator types {cmd_start}."
    ),
    "error.game_finished": N_("This game is over. Start a new one with {cmd_new}."),
    "error.already_joined": N_("You are already playing in this game."),
    "error.table_full": N_("The table is full ({count} players)."),
    "error.not_joined": N_("You are not at this table."),
    "error.leave_running": N_("The game is running: you cannot leave it. Its creator can stop it with {cmd_abort}."),
    "error.creator_only": N_("Only the player who created the game ({name}) can do that."),
    "error.player_count": N_("{game} needs {min} to {max} players; there are {count}."),
    "error.player_count_exact": N_("{game} needs exactly {min} players; there are {count}."),
    "error.not_a_player": N_("You are not playing in this game; you can watch it with {cmd_board}."),
    "error.not_your_turn": N_("It is not your turn: waiting for {players}."),
    "error.stale": N_("That button belongs to an older position of the game. Here is the current one."),
    "error.game_over": N_("This game is over. Start a new one with {cmd_new}."),
    "error.move_syntax": N_("I cannot read the move “{text}”."),
    "error.unknown_action": N_("There is no move “{action}” in this game."),
    "error.move_arity": N_("The move “{action}” needs {expected} part(s)."),
    "error.empty_move": N_("Which move? Type {cmd_hand} to see your options."),
    "error.move_not_understood": N_("I did not understand “{text}”. Type {cmd_hand} to see your options."),
    "error.move_suggestion": N_(
        "I did not understand “{text}”. Did you mean {name}? Type {cmd_hand} to see your options."
    ),
    "error.move_unavailable": N_("{name} is not one of your options now. Type {cmd_hand} to see them."),
    "error.no_such_move": N_("None of your options now fits “{text}”. Type {cmd_hand} to see them."),
    "error.move_ambiguous": N_("“{text}” fits several moves; choose one:"),
    "error.move_incomplete": N_("“{text}” needs one more choice; choose one:"),
    "error.move_options": N_("What you can do with it now:"),
    "error.unknown_language": N_("Languages: {languages}."),
    "error.cannot_undo": N_(
        "You can only take back your own last move, before anyone else moves and before it revealed a card or "
        "drew anything."
    ),
    "error.replay_needs_setup": N_("A recorded game needs its setup: a seed or a layout."),
    "error.replay_seat_needed": N_("Several players decide at once here: the recorded move must name its seat."),
    "error.replay_empty": N_(
        "The file is empty: a recorded game is a JSON object with the game, its setup (a seed or a layout) and the "
        "moves."
    ),
    "error.replay_not_json": N_("A recorded game is JSON text, and this is not ({problem})."),
    "error.replay_not_object": N_(
        "A recorded game is a JSON object with the game, its setup (a seed or a layout) and the moves."
    ),
    "error.replay_bad_record": N_("The record's {field} is not valid: {problem}"),
    "error.replay_no_seat": N_("There is no seat {seat} in this game: seats are numbered 0 to {last}."),
    "error.replay_not_active": N_("Seat {seat} has nothing to decide here; deciding now: {active}."),
    "error.replay_over": N_("The game was already over before this move."),
    "error.private_chat_needed": N_(
        "Before the game can start, {players} must open a private chat with me, so that I can send them what only "
        "they may see."
    ),
    "error.busy": N_("The game changed too often while I was working on your move. Please try again."),
    "error.unavailable": N_("The table cannot be reached right now; nothing was changed. Please try again in a moment."),
    "error.unavailable_move": N_(
        "The table did not answer in time, so I cannot tell whether your move was made. Look at the board in a "
        "moment ({cmd_board})."
    ),
    "error.moved_on": N_(
        "The game moved on before your move could be played, so it was not. Type {cmd_hand} to see your options now."
    ),
    "error.repeated": N_("You just sent that: it counts once."),
    "error.bad_table_option": N_("“{value}” is not a value of the option {option}. Values: {values}."),
    "error.bad_reminder": N_("“{value}” is not a reminder delay. Examples: 30m, 6h, 12h, 1d, or off."),
    "error.bad_quiet": N_(
        "“{value}” are not quiet hours. Examples: {cmd_quiet} 22-8 Europe/Rome, {cmd_quiet} 23:30-07:00 UTC, "
        "{cmd_quiet} off."
    ),
    "error.nobody_expired": N_("Nobody's time has run out: there is nothing to decide."),
    "error.not_expired": N_("{player}'s time has not run out."),
    "error.which_player": N_("Whose time? Name one of: {players}."),
    "error.unknown_player": N_("There is no player “{name}” at this table."),
    "error.vote_self": N_("The other players decide about you, not you. Type {cmd_back} to play on."),
    "error.already_voted": N_("You already voted for that."),
    "error.vote_standin": N_("The bot plays for you now: type {cmd_back} to take your seat again first."),
    "error.kicked": N_("You were removed from this game: the bot plays for you until it ends."),
    "error.not_away": N_("You are playing already: the bot is not playing for you."),
    "error.already_away": N_("The bot is already playing for you; type {cmd_back} when you are back."),
    "error.no_record": N_("There is no finished game here to export (a record is kept for a week)."),
    "error.bad_bots": N_("“{value}” computer players: give a number from 0 to {max}."),
    "error.hints_off": N_("Hints are off at this table (a table allows them at its start: {cmd_new} GAME hints=true)."),
}

HELP = N_(
    "Commands:\n"
    "{cmd_new} GAME [option=value ...] — open a table in this channel ({games})\n"
    "{cmd_join}, {cmd_leave} — sit down at the table or leave it before the start\n"
    "{cmd_start} — deal and begin (the creator)\n"
    "{cmd_play} MOVE — make a move: its number, its name or its notation (e.g. build:baths)\n"
    "{cmd_hand} — your options, only for you\n"
    "{cmd_board} — the table for everyone; {cmd_status} — the table as text\n"
    "{cmd_log} — the last moves; {cmd_undo} — take back your last move while it revealed nothing\n"
    "{cmd_abort} — stop the game (the creator)\n"
    "{cmd_rules} GAME QUESTION — what a rule means (GAME may be left out during a game)\n"
    "{cmd_lang} en|ru|it — the channel's language ({cmd_lang} me ru: yours)\n"
    "{cmd_away}, {cmd_back} — let the bot play for you while you are away, and take your seat again\n"
    "{cmd_skip}, {cmd_standin}, {cmd_kick} PLAYER — when a player's time ran out: the bot makes their decision, "
    "plays for them until they are back, or for good (the other players vote)\n"
    "{cmd_reminder} 12h|off — how long a player's turn waits before a reminder (the creator)\n"
    "{cmd_quiet} 22-8 Europe/Rome — your quiet hours (no reminders then); {cmd_quiet} off\n"
    "{cmd_mygames} — the games you play, everywhere on this platform; {cmd_export} — a finished game as a file\n"
    "{cmd_addbot} — seat a computer player (the creator, before the start); {cmd_hint} — the bot's suggestion, "
    "only for you (where the table allows hints)"
)


class Refusal(Exception):
    """A request the service declines; nothing was changed. ``code`` is a key of ``ERRORS`` or a game's codes.

    ``choices``: moves to pick from instead (listed after the text); ``reason``: the engine's refusal of what the
    player named, told before the text (why the move they meant cannot be played)."""

    def __init__(
        self, code: str, *, choices: list[Choice] | None = None, reason: IllegalMove | None = None, **params: Any
    ) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        self.choices = choices or []
        self.reason = reason


def error_text(code: str, params: dict[str, Any]) -> str:
    template = ERRORS.get(code)
    if template is None:
        return code
    try:
        return translate(template).format(**params)
    except (KeyError, IndexError):
        return translate(template)


def whole_number(text: str) -> int | None:
    """``text`` as a whole number of ASCII digits (``"12"``), else None: ``"²"`` and ``"③"`` are digits to
    ``str.isdigit`` but no number to ``int``, and signs and spaces are not digits."""
    return int(text) if text.isascii() and text.isdigit() else None


QUOTE_MAX = 60  # characters of a player's text repeated in an answer


def quote(text: str) -> str:
    """What a player typed, to repeat in an answer: one line, and short (a long message is cut)."""
    line = " ".join(text.split())
    return line if len(line) <= QUOTE_MAX else line[: QUOTE_MAX - 1].rstrip() + "…"


def count_of(text: int | str | None, default: int, most: int) -> int | None:
    """A count as typed (``"10"``), ``default`` when none was given; None unless a whole number from 1 to ``most``
    (``"²"`` is a digit to ``str.isdigit`` but no number)."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return default
    if isinstance(text, str):
        number = whole_number(text.strip())
        if number is None:
            return None
        text = number
    return text if 1 <= text <= most else None


def refusal_text(code: str, params: dict[str, Any], platform: str) -> str:
    """The words of a refusal or an IllegalMove code in the current locale: a game's own codes from its presenter,
    the others from ``ERRORS``, with the commands spelled as on ``platform``."""
    from bot.games import presenters  # the games' presenters import this module's helpers

    known = presenters()
    game_name = code.split(".")[0]
    if game_name in known:
        worded = known[game_name].error(code, params)
        if worded is not None:
            return worded
    values = dict(params)
    if code == "error.player_count":
        if values.get("game") in known:
            values["game"] = known[values["game"]].title()
        if values.get("min") == values.get("max"):
            code = "error.player_count_exact"
    return error_text(code, {**command_names(platform), **values})
