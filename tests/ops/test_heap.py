"""``bot.ops.heap.settle``: what a started bot holds leaves the collector's sight; full collections come less often.
Run in a child process, so that this test process keeps its own collector as it was."""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = """
import gc, json
import bot.core.service  # what a bot process imports
from bot.ops import heap

before = len(gc.get_objects())  # what a full collection walks
heap.settle()
after = len(gc.get_objects())
print(json.dumps({"frozen": gc.get_freeze_count(), "threshold": gc.get_threshold(), "before": before, "after": after}))
"""


def test_settle_freezes_the_started_heap_and_spaces_full_collections() -> None:
    from bot.ops.heap import FULL_EVERY

    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, check=True)
    seen = json.loads(done.stdout)
    assert seen["frozen"] > 50_000  # the libraries and the games' data
    assert seen["threshold"][2] == FULL_EVERY > 10
    assert seen["after"] < seen["before"] / 20, seen  # a full collection no longer walks them
