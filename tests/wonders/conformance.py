"""What the contract kit (``tests/contract_kit.py``) needs to know of 7 Wonders that neither its engine nor its
presenter says."""

from __future__ import annotations

from rules.contract import Event


def silent(event: Event) -> bool:
    """The events the presenter leaves untold on purpose: a tax or pirates that found no coin to take (a coin loss
    of nothing)."""
    return event.kind == "coins_lost" and not event.params.get("amount")
