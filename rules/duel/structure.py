"""The three age card structures: where each of the 20 slots lies, which slots cover it, which are dealt face up.

Geometry: each age is a list of rows from the far (top) row to the near (bottom) row; each row lists the column of
its cards in half-card units. A card at (row r, column c) is covered by the cards still present at (r+1, c-1) and
(r+1, c+1). Odd rows are dealt face up, even rows face down. Slots are numbered 0..19 left to right, top to bottom;
the rulebook's diagrams number the same places 01..20, which recorded games may use (``rules.duel.notation``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

_ROWS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    1: ((5, 7), (4, 6, 8), (3, 5, 7, 9), (2, 4, 6, 8, 10), (1, 3, 5, 7, 9, 11)),
    2: ((1, 3, 5, 7, 9, 11), (2, 4, 6, 8, 10), (3, 5, 7, 9), (4, 6, 8), (5, 7)),
    3: ((5, 7), (4, 6, 8), (3, 5, 7, 9), (4, 8), (3, 5, 7, 9), (4, 6, 8), (5, 7)),
}


@dataclass(frozen=True, slots=True)
class Slot:
    index: int
    row: int  # 1-based, from the top
    column: int  # half-card units
    face_up: bool
    covered_by: tuple[int, ...]  # slot indices


@dataclass(frozen=True, slots=True)
class Structure:
    age: int
    rows: int
    slots: tuple[Slot, ...]
    # (slot, first cover, second cover) of every slot, a missing cover written as the slot past the last: the
    # look-up table of ``accessible``, which legal moves and the end of every turn ask.
    covers: tuple[tuple[int, int, int], ...] = ()

    def accessible(self, present: list[bool] | list[str | None]) -> list[int]:
        """Slots holding a card that no remaining card covers."""
        p = [*present, None]
        return [i for i, a, b in self.covers if p[i] and not p[a] and not p[b]]


def _build(age: int) -> Structure:
    rows = _ROWS[age]
    places: list[tuple[int, int]] = [(r + 1, c) for r, row in enumerate(rows) for c in row]
    index = {place: i for i, place in enumerate(places)}
    slots = tuple(
        Slot(
            index=i,
            row=r,
            column=c,
            face_up=r % 2 == 1,
            covered_by=tuple(index[p] for p in ((r + 1, c - 1), (r + 1, c + 1)) if p in index),
        )
        for i, (r, c) in enumerate(places)
    )
    end = len(slots)
    covers = tuple((s.index, *(s.covered_by + (end, end))[:2]) for s in slots)
    return Structure(age=age, rows=len(rows), slots=slots, covers=covers)  # type: ignore[arg-type]


STRUCTURES: Final[dict[int, Structure]] = {age: _build(age) for age in (1, 2, 3)}
SLOTS_PER_AGE: Final = 20
