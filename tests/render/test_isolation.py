"""The renderer reads views and static data only: never a game state, an engine or the registry."""

from __future__ import annotations

import ast
from pathlib import Path

RENDER_DIR = Path(__file__).resolve().parents[2] / "bot" / "render"
ALLOWED_RULES_MODULES = {"rules.duel.view", "rules.duel.data"}
FORBIDDEN_NAMES = {"DuelState", "get_game", "legal_moves", "apply", "build_view", "options_for", "games", "setup"}


def sources():
    files = sorted(RENDER_DIR.glob("*.py"))
    assert files
    return [(f, ast.parse(f.read_text(encoding="utf-8"))) for f in files]


def test_imports_only_views_and_static_data_from_rules():
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            for module in modules:
                if module == "rules" or module.startswith("rules."):
                    assert module in ALLOWED_RULES_MODULES, f"{path.name} imports {module}"
                assert module not in {"storage"} and not module.startswith("storage."), path.name


def test_never_touches_a_state_or_an_engine():
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
                raise AssertionError(f"{path.name}:{node.lineno} uses {node.id}")
            if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_NAMES | {"state", "seats", "decks"}:
                raise AssertionError(f"{path.name}:{node.lineno} uses .{node.attr}")
        text = path.read_text(encoding="utf-8")
        assert "rules.duel.state" not in text and "rules.registry" not in text, path.name
