"""The renderer reads views and static data only: never a game state, an engine or the registry.

Each game's modules import only that game's view and static data from ``rules``; the shared modules (drawing,
fonts, PNG, icons, the dispatcher) import nothing from ``rules`` at all.
"""

from __future__ import annotations

import ast
from pathlib import Path

RENDER_DIR = Path(__file__).resolve().parents[2] / "bot" / "render"
ALLOWED_RULES_MODULES = {
    "duel": {"rules.duel.view", "rules.duel.data"},
    "wonders": {"rules.wonders.view", "rules.wonders.data"},
}
FORBIDDEN_NAMES = {"DuelState", "WondersState", "get_game", "legal_moves", "apply", "build_view", "options_for",
                   "games", "setup", "Pricer", "option_view", "score_sheet"}


def sources():
    files = sorted(RENDER_DIR.glob("*.py"))
    assert files
    return [(f, ast.parse(f.read_text(encoding="utf-8"))) for f in files]


def _game(path: Path) -> str | None:
    stem = path.stem
    for game in ALLOWED_RULES_MODULES:
        if stem == game or stem.startswith(game + "_"):
            return game
    return None


def test_every_game_has_its_modules():
    stems = {path.stem for path, _tree in sources()}
    assert {"duel", "duel_options", "duel_palette", "wonders", "wonders_options", "wonders_palette"} <= stems


def test_imports_only_views_and_static_data_from_rules():
    for path, tree in sources():
        allowed = ALLOWED_RULES_MODULES.get(_game(path) or "", set())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            for module in modules:
                if module == "rules" or module.startswith("rules."):
                    assert module in allowed, f"{path.name} imports {module}"
                assert module not in {"storage"} and not module.startswith("storage."), path.name


def test_never_touches_a_state_or_an_engine():
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
                raise AssertionError(f"{path.name}:{node.lineno} uses {node.id}")
            if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_NAMES | {"state", "seats", "decks", "order",
                                                                                  "offer", "hand_size_of"}:
                raise AssertionError(f"{path.name}:{node.lineno} uses .{node.attr}")
        text = path.read_text(encoding="utf-8")
        for forbidden in ("rules.duel.state", "rules.wonders.state", "rules.wonders.game", "rules.wonders.economy",
                          "rules.wonders.effects", "rules.wonders.scoring", "rules.registry"):
            assert forbidden not in text, (path.name, forbidden)
