"""The terminal chat as a new player meets it (issue 9, items 5, 7, 9 and 11): notation is a move, Ctrl-C ends the
program at once and quietly, image files are never overwritten, and the small answers are clear."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.core.service import GameService
from bot.local.chat import LocalChat
from tests.core.helpers import DUEL, load

ROOT = Path(__file__).resolve().parents[2]


async def test_a_line_in_notation_is_a_move_of_the_speaker(store):
    lines: list[str] = []
    chat = LocalChat(GameService(store, render=False, seeds=lambda: 3), channel="local:n", out=lines.append)
    for line in ("/new duel wonders=preset first_player=0", "bob:/join", "/start"):
        await chat.handle(line)
    _v, _t, state = await load(store, "local:n")
    card = next(s.card for s in DUEL.view(state, 0).structure if s.accessible and s.card)
    await chat.handle(f"discard:{card}")
    assert any("alice discards" in line for line in lines), lines[-3:]
    _v, _t, after = await load(store, "local:n")
    assert after.discard == [card]
    await chat.handle("alice: build:nothing_at_all")  # a speaker, then notation
    assert lines[-1].startswith("[only for alice]")


async def test_image_numbers_continue_after_what_is_in_the_folder(store, tmp_path):
    (tmp_path / "0007-board.png").write_bytes(b"earlier game")
    lines: list[str] = []
    chat = LocalChat(GameService(store, seeds=lambda: 3), channel="local:i", images_dir=tmp_path, out=lines.append)
    for line in ("/new duel wonders=preset", "bob: /join", "/start"):
        await chat.handle(line)
    assert (tmp_path / "0007-board.png").read_bytes() == b"earlier game"
    assert (tmp_path / "0008-board.png").read_bytes().startswith(b"\x89PNG")
    second = LocalChat(GameService(store, seeds=lambda: 3), channel="local:i", images_dir=tmp_path,
                       out=lines.append)  # another process writing to the same folder
    await second.handle("/board")
    assert (tmp_path / "0009-board.png").exists() and str(tmp_path / "0009-board.png") in lines[-1]


async def test_an_unknown_command_is_called_unknown(store):
    lines: list[str] = []
    chat = LocalChat(GameService(store, render=False), channel="local:u", out=lines.append)
    await chat.handle("/frobnicate now")
    assert "I do not know the command “/frobnicate”" in lines[-1] and "/new GAME" in lines[-1]


async def test_as_takes_a_short_name_only(store):
    lines: list[str] = []
    chat = LocalChat(GameService(store, render=False), channel="local:a", out=lines.append)
    await chat.handle("/as " + "x" * 5000)
    assert chat.speaker == "alice" and "1 to 32" in lines[-1]
    await chat.handle("/as bob")
    assert chat.speaker == "bob"


async def test_the_language_of_one_run_is_not_remembered(store):
    lines: list[str] = []
    russian = LocalChat(GameService(store, render=False), channel="local:l", locale="ru", out=lines.append)
    await russian.handle("/new duel")
    assert "открывает" in lines[-1] or "стол" in lines[-1], lines[-1]
    english = LocalChat(GameService(store, render=False), channel="local:l", out=lines.append)
    await english.handle("/status")
    assert "waiting for players" in lines[-1], lines[-1]


def test_ctrl_c_ends_the_terminal_chat_at_once_without_a_traceback(redis_url, tmp_path):
    env = {**os.environ, "BOARDBOT_REDIS_URL": redis_url, "BOARDBOT_NAMESPACE": f"bbtest-ctrlc-{os.getpid()}",
           "BOARDBOT_IMAGES_DIR": str(tmp_path)}
    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "bot.cli", "local", "--no-images"], cwd=ROOT, env=env,
                               stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    output = b""

    def read_until(marker: bytes, timeout: float) -> None:
        nonlocal output
        deadline = time.monotonic() + timeout
        while marker not in output and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    output += os.read(master, 4096)
                except OSError:
                    return

    try:
        read_until(b"alice> ", 60)
        assert b"alice> " in output, output
        process.send_signal(signal.SIGINT)
        started = time.monotonic()
        process.wait(timeout=10)
        assert time.monotonic() - started < 5
        read_until(b"\x00", 0.5)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    assert b"Traceback" not in output and b"CancelledError" not in output, output.decode(errors="replace")
    assert process.returncode == 130
