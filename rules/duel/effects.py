"""What happens when something is built or taken, and how a turn, an age and the game end.

Order of resolution within a turn (the rulebook says "immediately" and "after the reveal"; the order between is
this engine's convention, as on Board Game Arena): pay; place the card; coins; military, space by space, with
looting (a capital reached ends the game); science (a pair offers a progress token, six symbols end the game);
the wonder's own choice (destroy, Mausoleum, Great Library); the seven-wonder limit; then, once every follow-up
decision is made, face-down cards that became accessible are revealed, and the age ends, the player plays again,
or the turn passes.
"""

from __future__ import annotations

from rules.contract import Event
from rules.duel.data import CAPITAL, CARDS, LOOT_ZONES, MAX_WONDERS_BUILT, TOKENS, WONDERS, Card
from rules.duel.economy import Price
from rules.duel.scoring import civilian_winners
from rules.duel.state import DuelState, FollowUp
from rules.duel.structure import STRUCTURES

SCIENCE_SUPREMACY = 6
URBANISM_CHAIN_COINS = 4
GREAT_LIBRARY_DRAW = 3


def end_game(state: DuelState, victory: str, winners: list[int], events: list[Event]) -> None:
    state.victory = victory  # type: ignore[assignment]
    state.winners = sorted(winners)
    state.decision = "over"
    state.queue = ()
    state.extra_turn = False
    events.append(Event("game_over", {"victory": victory, "winners": state.winners}))


def pay(state: DuelState, seat: int, price: Price, events: list[Event]) -> None:
    state.seats[seat].coins -= price.total
    opponent = state.seats[1 - seat]
    if price.trade and "economy" in opponent.tokens:
        opponent.coins += price.trade
        events.append(Event("economy_income", {"amount": price.trade}, seat=1 - seat))


def gain(state: DuelState, seat: int, amount: int, events: list[Event], reason: str) -> None:
    if amount:
        state.seats[seat].coins += amount
        events.append(Event("coins_gained", {"amount": amount, "reason": reason}, seat=seat))


def lose(state: DuelState, seat: int, amount: int, events: list[Event], reason: str) -> None:
    """The seat loses ``amount`` coins to the bank, or all it has."""
    lost = min(amount, state.seats[seat].coins)
    state.seats[seat].coins -= lost
    events.append(Event("coins_lost", {"amount": lost, "reason": reason}, seat=seat))


def count_colour(state: DuelState, seat: int, colours: tuple[str, ...]) -> int:
    return sum(1 for c in state.seats[seat].city if CARDS[c].colour in colours)


def guild_count(state: DuelState, card: Card) -> int:
    """What a guild counts, in whichever city has the most of it."""
    if card.guild == ("wonders",):
        return max(len(p.built) for p in state.seats)
    if card.guild == ("coins",):
        return max(p.coins for p in state.seats)
    return max(count_colour(state, s, card.guild) for s in (0, 1))


def advance_pawn(state: DuelState, seat: int, shields: int, events: list[Event]) -> None:
    """Move the conflict pawn ``shields`` spaces towards the opponent's capital, space by space, looting each
    token zone it enters; reaching the capital wins the game at once."""
    if not shields:
        return
    step = 1 if seat == 0 else -1
    start = state.pawn
    looting: list[Event] = []
    for _ in range(shields):
        state.pawn += step
        position = abs(state.pawn)
        if (state.pawn > 0) == (step > 0):  # moving outwards, into the half of the player it moves towards
            side = 1 if state.pawn > 0 else 0
            for index, (first_space, coins) in enumerate(LOOT_ZONES):
                if position == first_space and state.loot[side * 2 + index]:
                    state.loot[side * 2 + index] = False
                    lost = min(coins, state.seats[side].coins)
                    state.seats[side].coins -= lost
                    looting.append(Event("looted", {"token": coins, "amount": lost}, seat=side))
        if position == CAPITAL:
            break
    events.append(Event("pawn_moved", {"from": start, "to": state.pawn, "shields": shields}, seat=seat))
    events.extend(looting)
    if abs(state.pawn) == CAPITAL:
        end_game(state, "military", [seat], events)


def science_symbols(state: DuelState, seat: int) -> list[str]:
    player = state.seats[seat]
    symbols = [CARDS[c].science for c in player.city if CARDS[c].science]
    symbols += [TOKENS[t].science for t in player.tokens if TOKENS[t].science]
    return symbols  # type: ignore[return-value]


def check_science_supremacy(state: DuelState, seat: int, events: list[Event]) -> bool:
    if len(set(science_symbols(state, seat))) >= SCIENCE_SUPREMACY:
        end_game(state, "science", [seat], events)
        return True
    return False


def construct(state: DuelState, seat: int, card_id: str, events: list[Event], *, chain: bool) -> None:
    """Place a building in the seat's city and apply its immediate effects (build, or a Mausoleum rebuild)."""
    card = CARDS[card_id]
    player = state.seats[seat]
    player.city.append(card_id)
    coins = card.gain
    if card.gain_per:
        what, per = card.gain_per
        count = len(player.built) if what == "wonder" else count_colour(state, seat, (what,))
        coins += per * count
    if card.is_guild and card.guild not in (("wonders",), ("coins",)):
        coins += guild_count(state, card)
    gain(state, seat, coins, events, card_id)
    if chain and "urbanism" in player.tokens:
        gain(state, seat, URBANISM_CHAIN_COINS, events, "urbanism")
    shields = card.shields + (1 if card.colour == "red" and "strategy" in player.tokens else 0)
    advance_pawn(state, seat, shields, events)
    if state.victory:
        return
    if card.science:
        pair = sum(1 for c in player.city if CARDS[c].science == card.science) == 2
        if check_science_supremacy(state, seat, events):
            return
        if pair:
            events.append(Event("science_pair", {"symbol": card.science}, seat=seat))
            if state.board_tokens:
                state.queue = (FollowUp(kind="token"), *state.queue)


def take_token(state: DuelState, seat: int, token_id: str, events: list[Event], *, hidden: bool = False) -> None:
    """``hidden``: a token of the box (the Great Library's draw): taking it shows everyone a token that was hidden,
    so the move can never be taken back (an undo would tell that it is among the three drawn)."""
    state.seats[seat].tokens.append(token_id)
    events.append(Event("token_taken", {"token": token_id}, seat=seat, reveals=hidden))
    gain(state, seat, TOKENS[token_id].gain, events, token_id)
    if TOKENS[token_id].science:
        check_science_supremacy(state, seat, events)


def destroyable(state: DuelState, seat: int, colour: str) -> list[str]:
    """The opponent's buildings of ``colour`` that ``seat`` may send to the discard pile (Zeus, Circus Maximus)."""
    return [c for c in state.seats[1 - seat].city if CARDS[c].colour == colour]


def build_wonder(state: DuelState, seat: int, wonder_id: str, card_id: str, events: list[Event]) -> None:
    wonder = WONDERS[wonder_id]
    player = state.seats[seat]
    opponent = 1 - seat
    player.built[wonder_id] = card_id
    gain(state, seat, wonder.gain, events, wonder_id)
    if wonder.opponent_loses:
        lose(state, opponent, wonder.opponent_loses, events, wonder_id)
    advance_pawn(state, seat, wonder.shields, events)
    if state.victory:
        return
    if wonder.destroy and destroyable(state, seat, wonder.destroy):
        state.queue += (FollowUp(kind="destroy", colour=wonder.destroy),)
    if wonder.special == "mausoleum" and state.discard:
        state.queue += (FollowUp(kind="mausoleum"),)
    if wonder.special == "great_library" and state.box_tokens:
        state.library_offer = state.box_tokens[:GREAT_LIBRARY_DRAW]
        del state.box_tokens[:GREAT_LIBRARY_DRAW]
        events.append(
            Event("library_drawn", {"tokens": list(state.library_offer)}, seat=seat, visible_to=frozenset({seat}),
                  reveals=True)
        )
        state.queue += (FollowUp(kind="library"),)
    if sum(len(p.built) for p in state.seats) == MAX_WONDERS_BUILT:
        for owner, p in enumerate(state.seats):
            for w in [w for w in p.wonders if w not in p.built]:
                p.wonders.remove(w)
                state.out_wonders.append(w)
                events.append(Event("wonder_removed", {"wonder": w}, seat=owner))
    if wonder.play_again or "theology" in player.tokens:
        state.extra_turn = True


def accessible(state: DuelState) -> list[int]:
    return STRUCTURES[state.age].accessible(state.slots) if state.age else []


def start_age(state: DuelState, age: int, events: list[Event]) -> None:
    structure = STRUCTURES[age]
    state.age = age
    state.slots = list(state.decks.pop(0))
    state.face_up = [s.face_up for s in structure.slots]
    shown = {str(i): c for i, c in enumerate(state.slots) if state.face_up[i]}
    events.append(Event("age_started", {"age": age, "cards": shown}, reveals=True))


def finish_turn(state: DuelState, events: list[Event]) -> None:
    """Called after every decision: moves on once the current turn has no follow-up left."""
    if state.victory or state.queue:
        return
    for i in accessible(state):
        if not state.face_up[i]:
            state.face_up[i] = True
            events.append(Event("card_revealed", {"slot": i, "card": state.slots[i]}, reveals=True))
    if any(state.slots):
        if state.extra_turn:
            state.extra_turn = False
            events.append(Event("play_again", {}, seat=state.current))
        else:
            state.current = 1 - state.current
        state.decision = "turn"
        return
    # The age is over.
    if state.extra_turn:
        state.extra_turn = False
        events.append(Event("play_again_lost", {}, seat=state.current))
    events.append(Event("age_ended", {"age": state.age}))
    if state.age == 3:
        end_game(state, "civilian", civilian_winners(state), events)
        return
    start_age(state, state.age + 1, events)
    if state.pawn:
        chooser = 1 if state.pawn > 0 else 0  # the weaker military: the pawn stands on its half
    else:
        chooser = state.last_taker if state.last_taker is not None else state.current
        if state.options.neutral_start == "last_begins":
            begin_age(state, chooser, events)
            return
    state.current = chooser
    state.decision = "starter"


def begin_age(state: DuelState, starter: int, events: list[Event]) -> None:
    state.current = starter
    state.decision = "turn"
    events.append(Event("age_starter", {"age": state.age}, seat=starter))
