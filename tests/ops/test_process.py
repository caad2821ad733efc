"""``boardbot run`` as operators run it: a process against the fake Telegram, with JSON logs and /healthz and
/metrics on; a command is logged with its channel and game and counted; SIGTERM stops it cleanly (exit 0)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys

import aiohttp

from tests.fakes.telegram_server import TOKEN, FakeTelegram

GROUP, ALICE = -1001, 11


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def until(condition, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.1)


async def test_a_bot_process_logs_json_serves_metrics_and_stops_on_sigterm(redis_url, store, tmp_path):
    fake = FakeTelegram()
    await fake.start()
    fake.add_group(GROUP, "Ops room")
    fake.add_user(ALICE, "Alice", username="alice")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDBOT_")} | {
        "BOARDBOT_REDIS_URL": redis_url, "BOARDBOT_NAMESPACE": store.namespace, "BOARDBOT_EMBEDDED_REDIS": "false",
        "BOARDBOT_RENDER_PROCESSES": "0", "BOARDBOT_LOG_FORMAT": "json", "BOARDBOT_LOG_LEVEL": "DEBUG", "BOARDBOT_METRICS_PORT": str(port),
        "BOARDBOT_TELEGRAM__TOKEN": TOKEN, "BOARDBOT_TELEGRAM__BASE_URL": fake.base_url,
        "BOARDBOT_TELEGRAM__BASE_FILE_URL": fake.base_file_url, "BOARDBOT_TELEGRAM__POLL_TIMEOUT": "1",
        "PYTHONPATH": os.pathsep.join([str(os.getcwd()), env_path] if (env_path := os.environ.get("PYTHONPATH"))
                                      else [str(os.getcwd())]),
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "from bot.cli import main; raise SystemExit(main(['run']))",
        cwd=tmp_path, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as http:
            async def healthy() -> bool:
                try:
                    async with http.get("/healthz") as response:
                        return response.status == 200
                except aiohttp.ClientError:
                    assert proc.returncode is None, "the bot process ended"
                    return False

            async def metrics() -> str:
                async with http.get("/metrics") as response:
                    return await response.text()

            await until(healthy)
            await until(lambda: asyncio.sleep(0, bool(fake.requests("getUpdates"))))
            fake.command(GROUP, ALICE, "/new duel")

            async def answered() -> bool:
                return 'boardbot_commands_total{command="new",outcome="ok"} 1.0' in await metrics()

            await until(answered)
        proc.send_signal(signal.SIGTERM)
        _out, err = await asyncio.wait_for(proc.communicate(), 30)
        assert proc.returncode == 0, err.decode()[-3000:]
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await fake.stop()
    lines = [json.loads(line) for line in err.decode().splitlines() if line.startswith("{")]
    # (Python's own warnings, if any, are the only other lines)
    assert lines and all("Warning" in line for line in err.decode().splitlines() if not line.startswith("{"))
    assert any(line["message"].startswith("serving /healthz") for line in lines)
    assert any(line["message"].startswith("stopping") for line in lines)
    [new] = [line for line in lines if line["logger"] == "bot.ops.instrument" and line.get("command") == "new"]
    assert new["channel"] == f"tg:{GROUP}" and new["game"] and new["outcome"] == "ok", new
