"""Texts of the service that belong to no game: refusals, lobby messages, help."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, translate

# Codes of refusals (raised by the service, or IllegalMove codes common to every game) and their texts.
ERRORS = {
    "error.no_game": N_("There is no game in this channel. Start one with {cmd_new}."),
    "error.game_running": N_("A game of {game} is already running in this channel."),
    "error.unknown_game": N_("I do not know the game “{name}”. Games: {games}."),
    "error.bad_option": N_("Unknown or invalid option “{option}”. Options: {options}."),
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
    "error.move_ambiguous": N_("“{text}” fits several moves; choose one:"),
    "error.unknown_language": N_("Languages: {languages}."),
    "error.cannot_undo": N_(
        "You can only take back your own last move, before anyone else moves and before it revealed a card or "
        "drew anything."
    ),
    "error.replay_needs_setup": N_("A recorded game needs its setup: a seed or a layout."),
    "error.replay_seat_needed": N_("Several players decide at once here: the recorded move must name its seat."),
    "error.private_chat_needed": N_(
        "Before the game can start, {players} must open a private chat with me, so that I can send them what only "
        "they may see."
    ),
    "error.busy": N_("The game changed too often while I was working on your move. Please try again."),
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
    "{cmd_lang} en|ru|it — the channel's language ({cmd_lang} me ru: yours)"
)


class Refusal(Exception):
    """A request the service declines; nothing was changed. ``code`` is a key of ``ERRORS`` or a game's codes."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def error_text(code: str, params: dict[str, Any]) -> str:
    template = ERRORS.get(code)
    if template is None:
        return code
    try:
        return translate(template).format(**params)
    except (KeyError, IndexError):
        return translate(template)
