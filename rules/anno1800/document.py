"""The stored form of an Anno 1800 state: pydantic models with the fields of the classes of ``state``.

What is read (a stored game, a test's JSON) is validated by these models, then made into the engine's classes
(``load``); a state is written by reading it into these models (``document``: pydantic reads the attributes), then
dumping them as pydantic does. The JSON is the same as when the state itself was a pydantic model.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rules.anno1800.options import AnnoOptions
from rules.anno1800.state import AnnoState, Player, Purpose, Step, StepKind, Turn
from rules.contract import GameState

_READ = ConfigDict(extra="forbid", from_attributes=True)


class PlayerDocument(BaseModel):
    model_config = _READ

    gold: int = 0
    hand: list[str] = []
    played: list[str] = []
    face_down: list[str] = []
    expeditions: list[str] = []
    old_world: list[str] = []
    new_world: list[str] = []
    buildings: list[str] = []
    printed: list[bool] = []
    work: list[int] = []
    district: list[int] = [0, 0, 0, 0, 0]
    exhausted: list[int] = [0, 0, 0, 0, 0]
    trade_used: int = 0
    explore_used: int = 0
    card_trade: int = 0
    card_explore: int = 0


class StepDocument(BaseModel):
    model_config = _READ

    kind: StepKind
    item: str = ""
    field: str = ""
    purpose: Purpose = ""
    code: str = ""
    partners: str = ""
    count: int = 0
    picked: list[str] = []
    yards: list[int] = [0, 0, 0, 0]
    draws: list[int] = [0, 0]
    removed: bool = False


class TurnDocument(BaseModel):
    model_config = _READ

    actions: int = 1
    taken: int = 0
    traded: list[str] = []
    held: list[str] = []
    used: list[str] = []
    played: list[str] = []
    steps: list[StepDocument] = []


class AnnoDocument(GameState):
    model_config = _READ

    game: Literal["anno1800"] = "anno1800"
    options: AnnoOptions = AnnoOptions()
    first_player: int = 0
    current: int = 0
    round: int = 1
    end_round: int = 0
    fireworks: int = -1
    over: bool = False
    winners: list[int] = []
    objectives: list[str] = []
    farmer_worker: list[str] = []
    artisan_engineer_investor: list[str] = []
    new_world: list[str] = []
    expeditions: list[str] = []
    old_world_tiles: list[str] = []
    new_world_tiles: list[str] = []
    board: dict[str, int] = {}
    supply: list[int] = [0, 0, 0, 0, 0]
    seats: list[PlayerDocument] = []
    turn: TurnDocument = TurnDocument()


# Each document model and the class of the state it stands for.
CLASSES: dict[type[BaseModel], type] = {
    AnnoDocument: AnnoState, PlayerDocument: Player, TurnDocument: Turn, StepDocument: Step,
}
_DOCUMENTS = {cls: model for model, cls in CLASSES.items()}


def document(record: Any) -> BaseModel:
    """The document of a state, or of one of its parts (a player, the turn, a step)."""
    return _DOCUMENTS[type(record)].model_validate(record)


def load(data: Any) -> AnnoState:
    """A state from its document as plain data (a dict), validated."""
    return _made(AnnoDocument.model_validate(data))  # type: ignore[no-any-return]


def load_json(data: str | bytes) -> AnnoState:
    return _made(AnnoDocument.model_validate_json(data))  # type: ignore[no-any-return]


def _made(value: Any) -> Any:
    """A validated document as the state's classes (the lists and dicts pydantic made are fresh: they are kept)."""
    cls = CLASSES.get(type(value))
    if cls is not None:
        return cls(**{name: _made(getattr(value, name)) for name in type(value).model_fields})
    if isinstance(value, list) and value and isinstance(value[0], BaseModel):
        return [_made(v) for v in value]
    return value
