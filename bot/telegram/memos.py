"""What the adapter remembers about a group's channel with the service (``GameService.remember``): small platform
details, kept and moved with the channel (``GameStore.move_channel``)."""

from __future__ import annotations

TURN = "turn"  # the game, and who had to decide in it after its last change (see ``Delivery.push_turn``)
NARRATION = "narration_message"  # the id of the group's latest narration of whose turn it is (a quiet change edits it)
NAME = "name:"  # + user key: how to mention a player (``@username`` or their name)
MOVED = "moved_to"  # in the channel of a group that became a supergroup: the channel it is now
