"""The options of an Anno 1800 table, and its layout: everything chance decides at the start, fixed up front.

Both are pydantic models, read from what people type (``/new anno1800 ...``) and from recorded games; the state
(``state``) keeps the options as they are.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class AnnoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # The 5 objective cards: drawn at random among the 15 whose content is known, or the rulebook's first-game set.
    objectives: Literal["random", "first_game"] = "random"
    # Who plays first (the rulebook: the person who most recently travelled abroad): random, or a seat.
    first_player: Literal["random", "0", "1", "2", "3"] = "random"
    # The investor's hire cost: V's transcription ("long", the default) or the pattern of the other tiers ("short").
    investor_hire: Literal["long", "short"] = "long"
    # A gain-cubes effect whose cube can neither draw its card nor pay the deck's gold: that cube is skipped (RU/EN,
    # "partial") or the effect cannot be used at all (IT, "all_or_nothing"); spec AMB-11.
    gain_cubes: Literal["partial", "all_or_nothing"] = "partial"
    # The end of the game: whenever the active player's hand becomes empty (spec AMB-2's recommendation), or only
    # when they play their last card.
    end_trigger: Literal["empty_hand", "last_card_played"] = "empty_hand"
    # A worker alternative of a printed industry is built in addition (RU/IT/EN) or must cover the printed one
    # while the player still has it (the German rulebook); data §2.5.
    alternatives: Literal["in_addition", "cover_printed"] = "in_addition"


class AnnoLayout(BaseModel):
    """Everything chance decides, fixed up front: a seed draws one, a recorded game supplies its own. Decks and
    stacks are listed top first; ``hands`` are the dealt hands, by seat."""

    model_config = ConfigDict(extra="forbid")

    first_player: int
    objectives: list[str]
    hands: list[list[str]]
    farmer_worker: list[str]
    artisan_engineer_investor: list[str]
    new_world: list[str]
    expeditions: list[str]
    old_world_tiles: list[str]
    new_world_tiles: list[str]
