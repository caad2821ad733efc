"""Resource costs written as text in the games' data files: ``"2S C P"`` means two S, one C and one P."""

from __future__ import annotations


def parse_units(text: str, letters: str) -> tuple[int, ...]:
    """Count each resource of ``letters`` (one letter per resource, in index order) in ``text``; "" is nothing."""
    out = [0] * len(letters)
    for part in text.split():
        count, letter = (int(part[:-1]), part[-1]) if len(part) > 1 else (1, part)
        out[letters.index(letter)] += count
    return tuple(out)


def parse_choice(text: str, letters: str) -> tuple[int, ...]:
    """``"GP"`` -> the indices of G and P: one unit of one of these."""
    return tuple(letters.index(letter) for letter in text)
