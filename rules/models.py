"""Game states as pydantic models, kept fast for engines that copy and change them thousands of times a second:
copies built field by field without validation (``bare``), and field assignment without pydantic's look-up of a
handler (``QuickAssign``; assignments are not validated anyway: ``validate_assignment`` is off)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def bare(model: M, fields: dict[str, Any]) -> M:
    """A model of ``model``'s class holding ``fields`` as they are (no validation, no copy): the caller copies what
    must not be shared."""
    new = model.__class__.__new__(model.__class__)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


class QuickAssign(BaseModel):
    """A model whose fields are assigned directly, as pydantic itself does when assignments are not validated."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in type(self).__pydantic_fields__:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)
