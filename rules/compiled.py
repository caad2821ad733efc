"""Engines compiled to C with mypyc, used only when they were built from exactly the sources on disk.

The hot modules of an engine (``GROUPS``) are plain, typed Python. ``boardbot compile`` (run by ``./dev``) compiles each
group with mypyc into ``build/compiled/<group>/`` (``BOARDBOT_COMPILED_DIR`` to put them elsewhere), with a
manifest of what they were built from: the interpreter's extension suffix and a hash of every source of the group.
``install`` (called by ``rules/__init__``) puts a finder first on ``sys.meta_path`` that loads a group's compiled
modules when its manifest matches this interpreter and every source as it is now, and otherwise leaves the plain
modules to the usual import. A group is used whole or not at all: its compiled modules call one another directly
in C, so one module edited since the build could not be swapped in alone.

Without a C compiler or mypy the build says so and the engines run as plain Python: the same games, slower
(``tests/rules/test_compiled.py`` plays games both ways). ``BOARDBOT_COMPILED=0`` turns the finder off.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Sequence

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent  # the directory holding the ``rules`` package
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]

# The modules of each group (a game): those that run at every move (menus, payments, carrying moves out), and for
# Anno 1800 the computer players' rating (``strategy``), in which its search spends most of its time. A group's
# modules may import plain ones (pydantic models, the contract).
GROUPS: dict[str, tuple[str, ...]] = {
    "anno1800": tuple(f"rules.anno1800.{m}" for m in (
        "build", "cards", "context", "data", "decisions", "effects", "explore", "islands", "market", "pay", "payment",
        "people", "scoring", "state", "strategy", "turn")),
    "duel": tuple(f"rules.duel.{m}" for m in (
        "data", "decisions", "economy", "effects", "notation", "scoring", "structure")),
    "wonders": tuple(f"rules.wonders.{m}" for m in (
        "data", "decisions", "economy", "effects", "orders", "scoring", "strategy", "trade", "worth")),
}


def _library(group: str) -> str:
    """mypyc's name for the group: its modules' code is in the shared library ``<name>__mypyc``."""
    return f"boardbot_{group}"


# Every module the finder serves (the group's, and its shared library), with its group.
_GROUP_OF = {module: group for group, modules in GROUPS.items() for module in (*modules, f"{_library(group)}__mypyc")}


def directory() -> Path:
    """Where the compiled groups are kept."""
    return Path(os.environ.get("BOARDBOT_COMPILED_DIR") or ROOT / "build" / "compiled")


def enabled() -> bool:
    return os.environ.get("BOARDBOT_COMPILED", "1").strip().lower() not in ("0", "false", "no", "off")


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def fingerprint(group: str) -> dict:
    """What a build of ``group`` depends on: the interpreter (by its extension suffix) and the group's sources."""
    return {
        "suffix": SUFFIX,
        "sources": {m: hashlib.sha256(source(m).read_bytes()).hexdigest() for m in GROUPS[group]},
    }


def _manifest_path(group: str) -> Path:
    return directory() / group / "manifest.json"


def _manifest(group: str) -> dict | None:
    try:
        return json.loads(_manifest_path(group).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def state(group: str) -> str:
    """``compiled`` when the group's compiled modules may be used; else why not: ``off``, ``not built``,
    ``out of date`` (sources or interpreter changed since the build)."""
    return _checked(group)[0]


def _checked(group: str) -> tuple[str, dict | None]:
    """``state``, and the manifest when it is ``compiled``."""
    if not enabled():
        return "off", None
    manifest = _manifest(group)
    if manifest is None:
        return "not built", None
    try:
        current = fingerprint(group)
    except OSError:
        return "not built", None
    if {k: manifest.get(k) for k in current} != current:
        return "out of date", None
    return "compiled", manifest


def in_use(group: str) -> bool:
    """Whether the group's modules, once imported, are the compiled ones."""
    modules = [sys.modules.get(m) for m in GROUPS[group]]
    return all(_is_extension(m) for m in modules)


def engine(game: str) -> str:
    """How ``game``'s engine runs, once imported: ``compiled``, or ``plain`` and why (``state``); ``plain`` for a
    game without compiled modules."""
    if game not in GROUPS:
        return "plain"
    if in_use(game):
        return "compiled"
    found = state(game)
    return f"plain ({found})" if found != "compiled" else "plain (imported before the finder)"


def _is_extension(module: ModuleType | None) -> bool:
    return module is not None and str(getattr(module, "__file__", "")).endswith(SUFFIX)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of the groups whose build matches (``state``), decided once per group."""

    def __init__(self) -> None:
        self._files: dict[str, dict[str, Path] | None] = {}  # by group: module name -> its extension file

    def _group_files(self, group: str) -> dict[str, Path] | None:
        if group not in self._files:
            found, manifest = _checked(group)
            files = None
            if manifest is not None:
                files = {name: directory() / group / rel for name, rel in manifest.get("files", {}).items()}
            elif found == "out of date":
                log.warning("The compiled %s engine is out of date (its sources changed since it was built): it "
                            "runs as plain Python until `./dev setup` (or `boardbot compile`) compiles it "
                            "again.", group)
            self._files[group] = files
        return self._files[group]

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        group = _GROUP_OF.get(fullname)
        if group is None:
            return None
        files = self._group_files(group)
        file = files.get(fullname) if files else None
        if file is None or not file.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, file)


_finder = _Finder()


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if enabled() and _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)


# --- building -----------------------------------------------------------------------------------------------------
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
paths, group, target = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
setup(name=group, ext_modules=mypycify(paths, group_name=group, target_dir=target),
      script_args=["build_ext", "--build-lib", sys.argv[4], "--build-temp", sys.argv[5]])
"""


def build(group: str, *, force: bool = False) -> str:
    """Compile ``group`` unless its build is up to date; returns what happened (``up to date``, ``built``), or
    raises ``BuildError`` with the compiler's last lines."""
    if not force and state(group) == "compiled":
        return "up to date"
    before = fingerprint(group)
    paths = [str(source(m).relative_to(ROOT)) for m in GROUPS[group]]
    with tempfile.TemporaryDirectory(prefix=f"boardbot-{group}-") as tmp:
        work = Path(tmp)
        env = dict(os.environ, MYPY_CACHE_DIR=str(work / "mypy_cache"), BOARDBOT_COMPILED="0")
        done = subprocess.run(
            [sys.executable, "-c", _SETUP, ",".join(paths), _library(group), str(work / "c"), str(work / "lib"),
             str(work / "temp")],
            cwd=ROOT, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise BuildError(f"compiling {group} failed:\n{tail}")
        lib = work / "lib"
        files = {_module_name(f.relative_to(lib)): str(f.relative_to(lib)) for f in lib.rglob("*" + SUFFIX)}
        if fingerprint(group) != before:
            raise BuildError(f"the sources of {group} changed while it was compiled: build it again")
        target = directory() / group
        staged = directory() / f".{group}.new"
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(lib, staged)
        (staged / "manifest.json").write_text(json.dumps(dict(before, files=files), indent=1), encoding="utf-8")
        shutil.rmtree(target, ignore_errors=True)
        staged.rename(target)
    return "built"


def _module_name(relative: Path) -> str:
    parts = list(relative.parts)
    parts[-1] = parts[-1][: -len(SUFFIX)]
    return ".".join(parts)


class BuildError(Exception):
    pass
