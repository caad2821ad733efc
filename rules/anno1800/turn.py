"""The order of turns, the actions of a turn, the end trigger, the final round and the end of the game.

Turns go clockwise from the first player; a round ends when every player has had a turn. A turn grants one action
plus the extra actions gained during it (cards, Alonso Graves); free operations come before, between and after the
actions; the player ends the turn once at least one action is taken (``end``). When the active player's hand becomes
empty (spec AMB-2; the option ``end_trigger`` restricts it to playing the last card), that player takes the fireworks
and the end is triggered: the round is played out, then one more full round from the first player (spec §8).
"""

from __future__ import annotations

from rules.anno1800.data import CARDS, RULES
from rules.anno1800.scoring import sheet, winners
from rules.anno1800.state import AnnoState, Turn
from rules.contract import Event


def begin_action(state: AnnoState, seat: int, action: str, events: list[Event]) -> None:
    state.turn.actions -= 1
    state.turn.taken += 1
    events.append(Event("action", {"action": action, "left": state.turn.actions}, seat=seat))


def gain_action(state: AnnoState, seat: int, source: str, events: list[Event]) -> None:
    state.turn.actions += 1
    events.append(Event("extra_action", {"source": source}, seat=seat))


def hand_changed(state: AnnoState, seat: int, events: list[Event], *, played: bool = False) -> None:
    """After the active player's hand lost cards: trigger the end if it is now empty."""
    p = state.seats[seat]
    if p.hand or state.end_round or (not played and state.options.end_trigger == "last_card_played"):
        return
    state.end_round = state.round + 1
    state.fireworks = seat
    events.append(Event("end_triggered", {"round": state.round, "fireworks": RULES["fireworks"]}, seat=seat))


def end_turn(state: AnnoState, events: list[Event]) -> None:
    """Close the current player's turn and open the next one (or end the game)."""
    seat = state.current
    p = state.seats[seat]
    turn = state.turn
    if turn.held:
        events.append(Event("resources_lost", {"resources": list(turn.held)}, seat=seat))
    for card in turn.played:
        # The "return cards" effect lapses with the turn its card was played in (rulebook p.13).
        if CARDS[card].effect == "return_cards" and card not in p.face_down:
            p.face_down.append(card)
            events.append(Event("effect_forfeited", {"card": card}, seat=seat))
    events.append(Event("turn_ended", {}, seat=seat))
    nxt = (seat + 1) % state.players
    if nxt == state.first_player:
        state.round += 1
        if state.end_round and state.round > state.end_round:
            finish(state, events)
            return
        if state.end_round and state.round == state.end_round:
            events.append(Event("final_round", {"round": state.round}))
    state.current = nxt
    state.turn = Turn()
    events.append(Event("turn_started", {"round": state.round}, seat=nxt))


def finish(state: AnnoState, events: list[Event]) -> None:
    state.over = True
    state.turn = Turn(actions=0)
    state.winners = winners(state)
    totals = [sheet(state, s)["total"] for s in range(state.players)]
    events.append(Event("game_over", {"winners": list(state.winners), "totals": totals,
                                      "expeditions": [list(p.expeditions) for p in state.seats]}, reveals=True))
