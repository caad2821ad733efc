"""Issue 12, item 1: shared code names no game. The platform-neutral core, the adapters, the shared drawing and
rule look-up code, the CLI and the bench find games through the registries; a game's name appears in them only in
comments and docstrings (looked at as Python tokens: names and strings that are not docstrings)."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ["bot/core", "bot/discord", "bot/telegram", "bot/local", "bot/render", "bot/rulebook", "bot/i18n",
          "bot/ops", "bot/cli.py", "bot/run.py", "bot/bench.py", "storage", "rules/contract.py", "rules/players.py",
          "rules/search.py", "rules/arena.py", "rules/replay.py", "rules/registry.py"]
GAMES = ("duel", "wonders", "orleans", "anno1800", "armada")


def _files() -> list[Path]:
    out: list[Path] = []
    for entry in SHARED:
        path = ROOT / entry
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


def _docstring_lines(source: str) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                lines.add(first.lineno)
    return lines


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path: Path):
    source = path.read_text(encoding="utf-8")
    docstrings = _docstring_lines(source)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT or (token.type == tokenize.STRING and token.start[0] in docstrings):
            continue
        if token.type in (tokenize.NAME, tokenize.STRING):
            text = token.string.lower()
            words = {w for w in "".join(c if c.isalnum() else " " for c in text).split()}
            hits = words & set(GAMES)
            if hits:
                found.append(f"{token.start[0]}: {token.string[:60]}")
    assert found == [], found
