"""The Telegram adapter's own texts (marked for extraction; translated when used, in the locale of their reader)."""

from __future__ import annotations

from bot.i18n import N_, NP_

# The command menu: (command, description). Telegram localizes descriptions only (set_my_commands per language).
GROUP_COMMANDS = [
    ("new", NP_("telegram command", "Open a table: /new GAME [option=value ...]")),
    ("join", NP_("telegram command", "Sit down at the table")),
    ("leave", NP_("telegram command", "Leave the table before the start")),
    ("startgame", NP_("telegram command", "Deal and begin (the creator)")),
    ("board", NP_("telegram command", "Show the board")),
    ("hand", NP_("telegram command", "Your options, sent to you privately")),
    ("play", NP_("telegram command", "Make a move: /play MOVE")),
    ("status", NP_("telegram command", "The game as text, sent to you privately")),
    ("log", NP_("telegram command", "The last moves: /log [how many]")),
    ("undo", NP_("telegram command", "Take back your last move")),
    ("abort", NP_("telegram command", "Stop the game (the creator)")),
    ("lang", NP_("telegram command", "Language of the group: /lang en|ru|it (/lang me ru: yours)")),
    ("rules", NP_("telegram command", "Ask about the rules: /rules GAME question")),
    ("away", NP_("telegram command", "Let the bot play for you until you are back")),
    ("back", NP_("telegram command", "Take your seat back from the bot")),
    ("skip", NP_("telegram command", "Vote: the bot makes the move of a player out of time: /skip [player]")),
    ("standin", NP_("telegram command", "Vote: the bot plays for a player out of time: /standin [player]")),
    ("kick", NP_("telegram command", "Vote: remove a player out of time: /kick [player]")),
    ("reminder", NP_("telegram command", "When players are reminded: /reminder 12h|1d|off (the creator)")),
    ("quiet", NP_("telegram command", "Your quiet hours: /quiet 22-8 Europe/Rome, or off")),
    ("mygames", NP_("telegram command", "Your games, sent to you privately")),
    ("export", NP_("telegram command", "The finished game as a replay file, sent to you privately")),
    ("addbot", NP_("telegram command", "Seat a computer player (the creator, before the start)")),
    ("hint", NP_("telegram command", "The move the bot would make in your place, sent to you privately")),
    ("help", NP_("telegram command", "The commands")),
]
PRIVATE_COMMANDS = [
    ("start", NP_("telegram command", "Receive your cards and moves here")),
    ("mygames", NP_("telegram command", "Your games and where they are played")),
    ("quiet", NP_("telegram command", "Your quiet hours: /quiet 22-8 Europe/Rome, or off")),
    ("lang", NP_("telegram command", "Your language: /lang en|ru|it")),
    ("rules", NP_("telegram command", "Ask about the rules: /rules GAME question")),
    ("help", NP_("telegram command", "The commands")),
]

# Buttons.
BUTTON_OPTIONS = NP_("telegram button", "🂠 My options")
BUTTON_JOIN = NP_("telegram button", "Join")
BUTTON_PRIVATE_CHAT = NP_("telegram button", "Open the private chat")
BUTTON_GO_TO_GAME = NP_("telegram button", "Go to the game")

# Answers and notices.
GROUP_ONLY = N_("This command works in a group where a game is played: add me to a group and type it there.")
NO_ARGUMENTS = N_("/{command} takes no arguments.")
PRIVATE_CHAT_PLEASE = N_(
    "{players}: please open a private chat with me (the button below) so that I can send you what only you may see."
)
UNREACHABLE_NOTICE = N_(
    "{player}, I cannot write to you privately. Please open the private chat with me again (the button below)."
)
ALERT_OPEN_PRIVATE_CHAT = N_(
    "I cannot write to you privately. Open the chat with me (the button in the group, or search for @{bot}) and "
    "press Start."
)
SENT_PRIVATELY = N_("Sent to you in our private chat.")
WELCOME = N_(
    "Hello! I will send you here what only you may see in your games: your cards and your moves. Games are played in "
    "groups: add me to one and type /new there."
)
WELCOME_GAME = N_("Thank you! From now on I send you here what only you may see in the game of that group.")
FAILED = N_("Something went wrong on my side. Please try again.")
