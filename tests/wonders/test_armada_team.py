"""The Armada team variant (B.17, AR148-AR157): teams of two neighbours, seats (0, 1), (2, 3), (4, 5)."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove
from rules.wonders.data import CARDS, TRACKS
from rules.wonders.scoring import winners

from .helpers import (
    G, coins, finish_age, give, hand, moves, of_kind, others, play, refused, ships, start, supply, to_age, turn,
    view_strings,
)

T = {"armada": True, "teams": True}
NO_WOOD = ["alexandria", "ephesos", "halikarnassos", "babylon", "giza", "rhodos"]


def builds(state, seat, card):
    return [m for m in moves(state, seat) if m.startswith(f"build:{card}") and ":ship" not in m]


def test_AR148_teams_of_two_neighbours_with_4_or_6_players():
    for players in (4, 6):
        state = G.setup(players, T, seed=players)
        for s in range(players):
            ally = state.ally(s)
            assert ally is not None and ally != s and state.ally(ally) == s
            assert ally in (state.left(s), state.right(s))  # allies sit side by side
        assert {s // 2 for s in range(players)} == {p.team for p in G.view(state, None).players}
    for players in (3, 5, 7):
        with pytest.raises(IllegalMove) as caught:
            G.setup(players, T, seed=1)
        assert caught.value.code == "wonders.error.teams_player_count"
    with pytest.raises(IllegalMove) as caught:  # 8 would be a team count, but needs an eighth wonder
        G.setup(8, T, seed=1)
    assert caught.value.code == "error.player_count"


def test_AR151_own_resources_before_buying_even_from_an_ally():
    state = start(4, T, boards=NO_WOOD[:4], hands={1: {0: ["stockade"]}})
    give(state, 0, "lumber_yard")
    give(state, 1, "lumber_yard")  # the ally sells wood too
    give(state, 3, "lumber_yard")
    assert builds(state, 0, "stockade") == ["build:stockade"]
    refused(state, 0, "build:stockade:l2r0", "wonders.error.no_such_plan")
    refused(state, 0, "build:stockade:l0r2", "wonders.error.no_such_plan")


def test_AR152_allies_cannot_lend_coins_nor_exchange_cards():
    state = start(4, T)
    for text in ("lend:3", "give:altar", "trade:altar", "exchange:altar"):
        with pytest.raises(IllegalMove) as caught:
            G.parse_move(text)
        assert caught.value.code == "error.unknown_action"
    for seat in range(4):
        assert {m.split(":")[0] for m in moves(state, seat)} <= {"build", "free", "stage", "discard"}
    coins(state, 10, 0)
    coins(state, 0, 1)
    state, _ = turn(state, *others(state))
    assert state.seats[1].coins == 0 + 3  # an ally's coins move only by its own actions and by trade


def test_AR153_allies_pay_each_other_for_resources():
    state = start(4, T, boards=NO_WOOD[:4], hands={1: {0: ["stockade"]}})
    give(state, 1, "lumber_yard")  # seat 1 = seat 0's left neighbour and ally
    assert builds(state, 0, "stockade") == ["build:stockade:l2r0"]
    refused(state, 0, "build:stockade", "wonders.error.no_such_plan")
    state, events = turn(state, "build:stockade:l2r0", *others(state, 0))
    assert of_kind(events, "traded")[0].params == {"to": 1, "coins": 2, "side": "left"}
    assert state.seats[0].coins == 1 and state.seats[1].coins == 3 + 3 + 2


def test_AR154_no_buying_for_a_card_built_by_chain():
    state = start(4, T, boards=NO_WOOD[:4])
    hand(state, 0, "temple", *state.seats[0].hand[1:])
    give(state, 0, "altar")
    give(state, 1, "lumber_yard", "clay_pool", "glassworks")  # the ally makes all of Temple's cost
    assert builds(state, 0, "temple") == ["build:temple"]
    for plan in ("l2r0", "l4r0", "l6r0"):
        refused(state, 0, f"build:temple:{plan}", "wonders.error.no_such_plan")


def test_AR55_allies_pay_each_others_taxes_and_pirates():
    state = start(4, T, hands={1: {0: ["pirate_cache"]}})
    ships(state, 0, yellow=1)
    ships(state, 1, yellow=3)  # the ally: level 2 at position 3
    state, events = turn(state, "build:pirate_cache", *others(state, 0))
    assert of_kind(events, "pirates")[0].seat == 0
    assert state.seats[1].coins == 3 + 3 - TRACKS.yellow_level[3]
    state.seats[1].ships[1] = 0
    # a tax: seat 0 discards into yellow position 2 (tax 1); its ally at level 0 pays 1
    state, events = turn(state, f"discard:{state.seats[0].hand[0]}:ship", *others(state, 0))
    assert of_kind(events, "tax_levied")[0].params == {"value": 1, "by": [0]}
    lost = {e.seat: e.params["amount"] for e in of_kind(events, "coins_lost")}
    assert lost[1] == 1


def test_AR155_naval_conflicts_stay_individual_between_allies():
    # allies 0 and 1 tie for the weakest, allies 2 and 3 tie for the strongest
    state = start(4, T)
    ships(state, 2, red=2)
    ships(state, 3, red=2)
    state, events = finish_age(state)
    assert of_kind(events, "naval_conflict")[0].params["tokens"] == [-1, -1, 1, 1]
    assert [p.naval for p in state.seats] == [[-1], [-1], [1], [1]]


def test_AR156_arrow_targets_by_seat_whatever_the_teams_seed_example():
    # Paula (seat 1) sits between Gabriel (right, seat 0, her ally) and Romeo (left, seat 2). In Age II Gabriel
    # builds Quay: the invasion token goes to the player left of his left neighbour, Romeo.
    state = to_age(start(6, T, hands={2: {0: ["quay"]}}), 2)
    supply(state, 0, CARDS["quay"].cost)
    state, events = turn(state, "build:quay", *others(state, 0))
    assert of_kind(events, "invasion")[0].params == {"target": 2}
    state, events = finish_age(state)
    pairs = {(e.seat, e.params["other"]): e.params for e in of_kind(events, "land_conflict")}
    assert pairs[(0, 2)]["invasion"] and pairs[(0, 2)]["tokens"] == [3]  # AR100: a single token
    assert pairs[(0, 5)]["tokens"] == [3, 3]  # against the enemy neighbour: doubled
    assert (0, 1) not in pairs


def test_AR157_team_scores_add_up():
    state = start(6, T)
    give(state, 0, "palace")
    give(state, 1, "altar")
    give(state, 4, "pantheon")
    outcome = G.outcome(state)
    for team in (0, 2, 4):
        total = outcome.scores[team]["total"] + outcome.scores[team + 1]["total"]
        assert outcome.scores[team]["team"] == outcome.scores[team + 1]["team"] == total
    assert G.outcome(state).winners == [] and not G.outcome(state).finished


def test_AR157_team_tie_broken_by_combined_coins():
    state = start(4, T)
    give(state, 0, "palace")
    give(state, 2, "palace")
    coins(state, 5, 0, 1)
    coins(state, 4, 2)
    coins(state, 7, 3)
    # totals: team 0 = 8 + 1 + 1 = 10, team 2 = 8 + 1 + 2 = 11 -> team 2 wins
    assert winners(state) == [2, 3]
    coins(state, 3, 3)  # team 2: 8 + 1 + 1 = 10 = team 0; coins 10 vs 7 -> team 0
    assert winners(state) == [0, 1]
    coins(state, 5, 2, 3)  # team 2: 10 points and 10 coins, as team 0: shared
    assert winners(state) == [0, 1, 2, 3]


# --- B.17 "allies may talk freely and show each other their hands" (Armada seed: «показывать друг другу свои карты
# на руке»): a seat's view holds its ally's hand, and nothing else of the ally's hidden information (its secret
# choice before the reveal, W12; its island offer, AR123); an opponent's hand stays hidden (W90).


def _hidden_swap(state, a, b):
    """A copy of ``state`` in which seats a and b swapped their hands (a difference only they can see)."""
    other = state.clone()
    other.seats[a].hand, other.seats[b].hand = other.seats[b].hand, other.seats[a].hand
    return other


def test_B17_W90_an_ally_sees_the_allys_hand_and_no_opponents():
    for players in (4, 6):
        state = start(players, T)
        for seat in range(players):
            view = G.view(state, seat)
            ally = seat ^ 1
            assert view.ally == ally and view.ally_hand == state.seats[ally].hand
            assert view.hand == state.seats[seat].hand
            shown = set(view.hand) | set(view.ally_hand)
            strings = view_strings(view)
            for enemy in (s for s in range(players) if s not in (seat, ally)):
                assert not set(state.seats[enemy].hand) - shown & strings, (seat, enemy)
        spectator = G.view(state, None)
        assert spectator.ally is None and spectator.ally_hand == []


def test_B17_W90_opponents_hands_never_reach_the_view():
    """Perturbing the opponents' hands (two enemies swap theirs) leaves seats 0 and 1's views unchanged; perturbing
    the ally's hand changes it."""
    state = start(6, T)
    before = {seat: G.view(state, seat).model_dump() for seat in (0, 1)}
    for a, b in ((2, 3), (2, 5), (3, 4)):
        other = _hidden_swap(state, a, b)
        assert other.model_dump() != state.model_dump()
        for seat in (0, 1):
            assert G.view(other, seat).model_dump() == before[seat], (seat, a, b)
    changed = _hidden_swap(state, 1, 2)
    assert G.view(changed, 0).ally_hand == state.seats[2].hand != before[0]["ally_hand"]


def test_B17_W12_the_allys_choice_stays_secret_until_the_reveal():
    """The ally shows its hand, not its choice: the view is the same before and after the ally chooses (but for the
    public "has chosen" mark) and whatever it chose; after the reveal the ally's new hand shows."""
    state = start(4, T)
    before = G.view(state, 0).model_dump()
    first, last = state.seats[1].hand[0], state.seats[1].hand[-1]
    chose_first, _ = play(state, (1, f"discard:{first}"))
    chose_last, _ = play(state, (1, f"discard:{last}"))
    for after in (chose_first, chose_last):
        view = G.view(after, 0).model_dump()
        assert view["players"][1]["chosen"]
        view["players"][1]["chosen"] = False
        assert view == before
        assert view["ally_hand"] == state.seats[1].hand  # the chosen card is still among the cards shown
    state, _ = play(chose_first, *((s, f"discard:{chose_first.seats[s].hand[0]}") for s in (0, 2, 3)))
    assert state.turn == 2 and G.view(state, 0).ally_hand == state.seats[1].hand


def test_B17_AR123_the_allys_island_offer_stays_hidden():
    """Only the hand is shown: the islands dealt to the ally in an exploration are not."""
    from rules.wonders.data import ISLAND_LEVELS

    state = start(4, T)
    offer = list(ISLAND_LEVELS[1][:4])
    state.seats[1].offer = offer
    state.seats[1].waiting = "island"
    view = G.view(state, 0)
    assert view.ally_hand == state.seats[1].hand
    assert not set(offer) & view_strings(view)


def test_B17_no_hand_sharing_without_teams():
    for players, options in ((4, {"armada": True}), (6, {"armada": True}), (4, {})):
        state = start(players, options)
        for seat in range(players):
            view = G.view(state, seat)
            assert view.ally is None and view.ally_hand == []
            neighbour = state.seats[seat ^ 1].hand
            assert not set(neighbour) - set(view.hand) & view_strings(view)
