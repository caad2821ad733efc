"""The development track (O100-O105): one space per point up to the end, coin spaces for all, citizens for the
first, the level from the stars; Income and the Hospital pay the level."""

from __future__ import annotations

from rules.orleans.data import DEV_CITIZENS, DEV_COINS, DEV_LENGTH, DEV_STARS, level

from .helpers import first, kinds, play, start, tile, to_event
from .test_places import acting


def _library(dev: int, seat: int = 0, state=None):
    state = state or start(2)
    tile(state, seat, "library")
    state.seats[seat].dev = dev
    return acting(state, "library", "knight", "scholar", seat=seat)


def test_O100_one_space_per_point_up_to_the_end():
    state, events = play(_library(3), 0, "act:library")
    assert state.seats[0].dev == 5
    state, events = play(_library(DEV_LENGTH - 1), 0, "act:library")
    assert state.seats[0].dev == DEV_LENGTH
    assert first(events, "development").params["points"] == 1  # the second point is lost


def test_O101_coin_spaces_pay_whoever_reaches_or_passes_them():
    assert DEV_COINS == {7: 3, 12: 4, 25: 5}
    state, events = play(_library(6), 0, "act:library")  # passes 7
    assert state.seats[0].coins == 5 + 3
    state.seats[1].dev = 6
    state, _ = play(acting(state, "scriptorium", seat=1), 1, "act:scriptorium")  # everyone, not only the first
    assert state.seats[1].coins == 5 + 3
    state, _ = play(_library(10), 0, "act:library")  # lands on 12
    assert state.seats[0].coins == 5 + 4


def test_O102_only_the_first_to_a_citizen_space_gains_it():
    assert sorted(DEV_CITIZENS) == [3, 18, 28]  # provisional (orleans-data.md section 4)
    state, events = play(_library(2), 0, "act:library")
    assert state.seats[0].citizens == ["development_1"]
    state.seats[1].dev = 2
    state, events = play(acting(state, "scriptorium", seat=1), 1, "act:scriptorium")
    assert state.seats[1].dev == 3 and state.seats[1].citizens == [] and "citizen_gained" not in kinds(events)


def test_O103_the_level_starts_at_1_and_follows_the_stars():
    assert level(0) == 1 and DEV_STARS == {4: 2, 9: 3, 15: 4, 22: 5, 30: 6}
    assert [level(p) for p in (3, 4, 8, 9, 14, 15, 21, 22, 29, 30)] == [1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    state, events = play(_library(8), 0, "act:library")  # passes the star on 9
    assert first(events, "level_changed").params == {"level": 3}


def test_O104_income_pays_the_development_level():
    state = start(3)
    state.seats[0].dev, state.seats[1].dev, state.seats[2].dev = 0, 9, 22
    state, _ = to_event(state, "income")
    assert [p.coins for p in state.seats] == [5 + 1, 5 + 3, 5 + 5]


def test_O105_the_hospital_pays_the_development_level():
    state = tile(start(2), 0, "hospital")
    state.seats[0].dev = 15
    state = acting(state, "hospital", "boatman", "scholar")
    state, _ = play(state, 0, "act:hospital")
    assert state.seats[0].coins == 5 + 4
