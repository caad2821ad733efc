"""Moves mean what the player said (issue 9, items 1-3): the typed verb restricts the match, a move that is not
legal is explained and never replaced by another, wonders by name offer the card to put under them, partial and
everyday names, names without their article, and every label the bot shows is accepted back, in every locale."""

from __future__ import annotations

import random

import pytest

from bot.core.matching import MoveMatcher
from bot.core.service import Caller, GameService
from bot.core.table import Table
from bot.games import presenter
from bot.i18n import LOCALES, use_locale
from rules.registry import get_game
from tests.core.helpers import ALICE, BOB, CHANNEL, DUEL, load, put_state, started_duel
from tests.duel import helpers as duel
from tests.wonders import helpers as wonders

WONDERS = get_game("wonders")
CAROL = Caller(CHANNEL, "u:carol", "Carol")


@pytest.fixture
def service(store):
    return GameService(store, render=False, seeds=lambda: 5)


async def refused_unchanged(store, reply, *parts: str) -> str:
    stored = await store.load(CHANNEL)
    assert not reply.ok, reply.messages[0].text
    assert [m.audience for m in reply.messages] == ["ephemeral"]
    text = reply.messages[0].text
    for part in parts:
        assert part in text, text
    assert (await store.load(CHANNEL)).version == stored.version
    return text


async def duel_table(service, store, state) -> None:
    await started_duel(service)
    await put_state(store, state)


# --- 1. the verb restricts the match ------------------------------------------------------------------------------


async def test_build_without_the_coins_is_explained_and_never_discards(service, store):
    state = duel.start(put={19: "logging_camp"})
    duel.rich(state, 0, 0)
    await duel_table(service, store, state)
    for text in ("build logging camp", "построить лесозаготовки", "costruisci logging camp", "build:logging_camp"):
        reply = await service.play(ALICE, text)
        await refused_unchanged(store, reply, "cannot afford Logging Camp", "costs 1 coin", "you have 0")
    _v, _t, after = await load(store)
    assert after.discard == [] and after.seats[0].coins == 0


async def test_a_wonder_named_with_its_card_is_explained_when_unaffordable_and_the_card_stays(service, store):
    state = duel.start(put={19: "garrison"})
    duel.own(state, 0, "circus_maximus")
    duel.rich(state, 1, 0)
    await duel_table(service, store, state)
    reply = await service.play(ALICE, "wonder circus maximus with garrison")
    await refused_unchanged(store, reply, "cannot afford Circus Maximus")
    _v, _t, after = await load(store)
    assert "garrison" not in after.discard and after.slots[19] == "garrison"


async def test_a_name_alone_does_not_choose_between_building_and_discarding(service, store):
    state = duel.start(put={19: "logging_camp"})
    duel.rich(state, 0, 0)
    await duel_table(service, store, state)
    reply = await service.play(ALICE, "logging camp")
    await refused_unchanged(store, reply, "cannot afford Logging Camp")
    assert [c.value for c in reply.messages[0].choices] == ["discard:logging_camp"]


async def test_the_verb_chooses_when_the_move_is_legal(service, store):
    state = duel.start(put={19: "logging_camp"})
    await duel_table(service, store, state)
    reply = await service.play(ALICE, "discard logging camp")
    assert reply.ok
    _v, _t, after = await load(store)
    assert after.discard == ["logging_camp"]


async def wonders_state(store):
    stored = await store.load(CHANNEL)
    return WONDERS.load(Table.model_validate_json(stored.doc).state)


async def wonders_table(service, store, state) -> None:
    assert (await service.new(ALICE, "wonders")).ok
    for who in (BOB, CAROL):
        assert (await service.join(who)).ok
    assert (await service.start(ALICE)).ok
    await put_state(store, state)


@pytest.mark.parametrize("text", ["build baths", "построить бани", "costruisci bagni", "build:baths"])
async def test_wonders_build_what_cannot_be_paid_says_what_is_missing(service, store, text):
    state = wonders.start(3, sides="a")
    wonders.hand(state, 0, "baths", "lumber_yard", "stone_pit")
    wonders.supply(state, 1)  # nobody produces stone: Baths cannot be paid at any price
    wonders.supply(state, 2)
    await wonders_table(service, store, state)
    reply = await service.play(ALICE, text)
    await refused_unchanged(store, reply, "Baths", "stone")


async def test_wonders_build_with_several_ways_to_pay_offers_only_the_builds(service, store):
    state = wonders.start(3, sides="a")
    wonders.hand(state, 0, "baths", "lumber_yard", "stone_pit")
    wonders.supply(state, 1, "S")
    wonders.supply(state, 2, "S")
    await wonders_table(service, store, state)
    reply = await service.play(ALICE, "build baths")
    await refused_unchanged(store, reply, "several moves")
    values = [c.value for c in reply.messages[0].choices]
    assert values and all(v.startswith("build:baths") for v in values), values


# --- 2. wonders by name ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["wonder pyramids", "build pyramids", "pyramids", "wonder:pyramids",
                                  "чудо пирамида", "costruisci piramidi"])
async def test_naming_a_wonder_offers_the_card_to_put_under_it(service, store, text):
    state = duel.start(put={18: "press", 19: "altar"})
    duel.rich(state, 30, 0)
    await duel_table(service, store, state)
    reply = await service.play(ALICE, text)
    await refused_unchanged(store, reply, "one more choice")
    values = {c.value for c in reply.messages[0].choices}
    assert "wonder:pyramids:press" in values and values == {
        m.notation for m in DUEL.legal_moves(state, 0) if m.notation.startswith("wonder:pyramids:")}


async def test_a_wonder_with_its_card_is_played(service, store):
    state = duel.start(put={18: "press"})
    duel.rich(state, 30, 0)
    await duel_table(service, store, state)
    assert (await service.play(ALICE, "wonder pyramids press")).ok
    _v, _t, after = await load(store)
    assert after.seats[0].built.get("pyramids") == "press"


# --- 3. partial and everyday names ---------------------------------------------------------------------------


async def test_a_word_of_a_name_finds_the_card_on_offer(service, store):
    state = duel.start(put={19: "clay_pool"})
    duel.rich(state, 30, 0)
    await duel_table(service, store, state)
    reply = await service.play(ALICE, "pool")
    text = await refused_unchanged(store, reply, "several moves")
    assert "Port" not in text
    assert {c.value for c in reply.messages[0].choices} == {"build:clay_pool", "discard:clay_pool"}
    assert (await service.play(ALICE, "build clay")).ok  # the only clay card on offer
    _v, _t, after = await load(store)
    assert "clay_pool" in after.seats[0].city


async def test_reserve_takes_the_only_reserve_on_offer(service, store):
    state = duel.start(put={19: "wood_reserve"})
    duel.rich(state, 30, 0)
    await duel_table(service, store, state)
    assert (await service.play(ALICE, "build reserve")).ok
    _v, _t, after = await load(store)
    assert "wood_reserve" in after.seats[0].city


@pytest.mark.parametrize("text", ["costruisci via appia", "costruisci la via appia", "wonder appian way"])
async def test_names_without_their_article(service, store, text):
    state = duel.start(put={18: "press"})
    duel.own(state, 0, "appian_way")
    duel.rich(state, 30, 0)
    await duel_table(service, store, state)
    reply = await service.play(ALICE, text)
    await refused_unchanged(store, reply, "one more choice")
    assert {c.value for c in reply.messages[0].choices} >= {"wonder:appian_way:press"}


@pytest.mark.parametrize("text", ["Side B", "side b", "Сторона B", "Сторона В", "Lato B", "b"])
async def test_the_side_labels_are_understood(service, store, text):
    state = wonders.start(3, sides=None)
    await wonders_table(service, store, state)
    assert (await service.play(ALICE, text)).ok, text
    assert (await wonders_state(store)).seats[0].order == "side:b"


def _labels_round_trip(game, states, seats_of) -> int:
    pres = presenter(game.name)
    matcher = MoveMatcher(game, pres)
    checked = 0
    for state in states:
        for seat in seats_of(state):
            moves = game.legal_moves(state, seat)
            view = game.view(state, seat)
            shown = {}
            for move in moves:
                for loc in LOCALES:
                    with use_locale(loc):
                        shown.setdefault(move, []).append(pres.move_label(move, view))
            for move in moves:
                for label in shown[move]:
                    found = matcher.match(label, moves, game.decision_actions(state, seat), lambda m: shown[m])
                    same = [m for m in moves if any(label == other for other in shown[m])]
                    if len(same) == 1:
                        assert found.move == move, (label, found)
                    else:
                        assert move in found.candidates, (label, found)
                    checked += 1
    return checked


def _random_states(game, players: int, options: dict, seed: int, every: int = 3):
    chooser = random.Random(seed)
    state = game.setup(players, options, seed=seed)
    step = 0
    while game.active_seats(state):
        if step % every == 0:
            yield state
        seat = chooser.choice(sorted(game.active_seats(state)))
        state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
        step += 1


def test_every_label_of_duel_is_accepted_back_in_every_locale():
    states = [s for seed in (1, 2, 3) for s in _random_states(DUEL, 2, {}, seed)]
    assert _labels_round_trip(DUEL, states, lambda s: sorted(DUEL.active_seats(s))) > 1000


def test_every_label_of_7_wonders_is_accepted_back_in_every_locale():
    states = [s for seed in (3, 4) for s in _random_states(WONDERS, 3, {"armada": True, "sides": "choice"}, seed, 5)]
    assert _labels_round_trip(WONDERS, states, lambda s: sorted(WONDERS.active_seats(s))) > 1000


# --- a long message costs what a short one does, away from the event loop (issue 10, item 5) -----------------


def test_the_words_of_a_message_are_bounded():
    from bot.core.matching import MAX_NAME_WORDS, MAX_WORDS, Vocabulary, _said

    assert len(_said("baths " * 3000)) == MAX_WORDS
    vocabulary = Vocabulary(presenter("duel"))
    assert vocabulary.suggest(tuple(["garisson"] * (MAX_NAME_WORDS + 1))) is None  # no typo search in a speech
    assert vocabulary.suggest(("garisson",)) == ("duel.card", "garrison")


async def test_words_are_matched_in_a_worker_thread_and_notation_at_once(service, store, monkeypatch):
    import threading

    state = duel.start(put={19: "logging_camp"})
    await duel_table(service, store, state)
    threads: list[str] = []
    original = MoveMatcher.match

    def recording(self, text, *args, **kwargs):
        threads.append(threading.current_thread().name)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(MoveMatcher, "match", recording)
    main = threading.current_thread().name
    reply = await service.play(ALICE, "zzqx " * 1200)
    assert not reply.ok and threads[-1] != main
    assert (await service.play(ALICE, "discard:logging_camp")).ok and threads[-1] == main


@pytest.mark.parametrize("text", ["построить глиняная яма", "построить глиняную яму", "построить карьер"])
async def test_an_earlier_name_of_a_card_is_still_understood_as_a_move(service, store, text):
    """Issue 9, item 14: the catalogs' earlier Russian name of Clay Pit («Глиняная яма», now «Карьер») still plays
    it; the printed name does too."""
    state = duel.start(put={19: "clay_pit"})
    duel.rich(state, 10, 0)
    await duel_table(service, store, state)
    reply = await service.play(ALICE, text)
    assert reply.ok, reply.messages[0].text
    _v, _t, after = await load(store)
    assert "clay_pit" in after.seats[0].city


def test_a_notation_is_read_without_the_seats_view_and_words_build_it_once(monkeypatch):
    """Labels need the seat's view; a notation (what buttons send) does not, and that view costs ~0.5 ms in Anno."""
    from bot.core.moves import MoveReader

    game = get_game("duel")
    state = duel.start(put={19: "logging_camp"})
    duel.rich(state, 10, 0)
    built = []
    view = game.view
    monkeypatch.setattr(game, "view", lambda s, seat: built.append(seat) or view(s, seat))
    reader = MoveReader()
    assert reader.resolve_now(game, state, 0, "build:logging_camp").notation == "build:logging_camp"
    assert built == []
    with use_locale("en"):
        assert reader.resolve_now(game, state, 0, "build logging camp").notation == "build:logging_camp"
    assert built == [0]
