"""The renderer reads views and static data only: never a game state, an engine or the registry.

Each game's modules import only that game's view and static data from ``rules``; the shared modules (drawing,
fonts, PNG, icons, the dispatcher) import nothing from ``rules`` at all.
"""

from __future__ import annotations

import ast
from pathlib import Path

from bot.games import bundles

BOT = Path(__file__).resolve().parents[2] / "bot"
RENDER_DIR = BOT / "render"  # what every game's images share
FORBIDDEN_NAMES = {"DuelState", "WondersState", "get_game", "legal_moves", "apply", "build_view", "options_for",
                   "games", "setup", "Pricer", "option_view", "score_sheet"}


def sources():
    """The shared drawing code, then every registered game's images (``bot/games/<game>/render``)."""
    files = sorted(RENDER_DIR.glob("*.py"))
    for game in bundles():
        files += sorted((BOT / "games" / game / "render").glob("*.py"))
    assert files
    return [(f, ast.parse(f.read_text(encoding="utf-8"))) for f in files]


def _game(path: Path) -> str | None:
    """The game whose images ``path`` draws (None: shared code)."""
    return path.parent.parent.name if path.parent.name == "render" and path.parent.parent.parent.name == "games" \
        else None


def _allowed(game: str | None) -> set[str]:
    return {f"rules.{game}.view", f"rules.{game}.data"} if game else set()


def test_every_game_has_its_modules():
    for game in bundles():
        stems = {path.stem for path, _tree in sources() if _game(path) == game}
        assert {"board", "options", "palette", "sprites"} <= stems, game


def test_imports_only_views_and_static_data_from_rules():
    for path, tree in sources():
        allowed = _allowed(_game(path))
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
            if isinstance(node, ast.Name) and (node.id in FORBIDDEN_NAMES or node.id.endswith("State")):
                raise AssertionError(f"{path.name}:{node.lineno} uses {node.id}")
            if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_NAMES | {"state", "seats", "decks", "order",
                                                                                  "offer", "hand_size_of"}:
                raise AssertionError(f"{path.name}:{node.lineno} uses .{node.attr}")
        text = path.read_text(encoding="utf-8")
        for game in bundles():
            for forbidden in ("state", "game", "economy", "effects", "scoring"):
                assert f"rules.{game}.{forbidden}" not in text, (path.name, forbidden)
        assert "rules.registry" not in text, path.name
