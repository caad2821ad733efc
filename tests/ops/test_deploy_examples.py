"""The production example of docs/deploy.md (docs/examples/deploy/) holds together: every setting it names exists,
the env files and the systemd unit make valid settings, the ports of nginx, Prometheus and the unit agree, and
redis-server (and Sentinel) accept the Redis configurations and run with what they promise (skipped without a
redis-server)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis as sync_redis
from pydantic import BaseModel

from bot.run import CLOSE_GRACE
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples" / "deploy"
DEPLOY_DOC = ROOT / "docs" / "deploy.md"
UNIT = EXAMPLES / "boardbot@.service"
INSTANCES = (1, 2, 3)  # the processes of the example
SETTING = re.compile(r"\bBOARDBOT_[A-Z0-9_]*[A-Z0-9]\b")


def setting_names() -> set[str]:
    """Every environment variable ``Settings`` reads."""
    names = set()
    for name, field in Settings.model_fields.items():
        kind = field.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            names |= {f"BOARDBOT_{name.upper()}__{sub.upper()}" for sub in kind.model_fields}
        else:
            names.add(f"BOARDBOT_{name.upper()}")
    return names


def env_lines(path: Path) -> dict[str, str]:
    pairs = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, sep, value = line.partition("=")
            assert sep, f"{path.name}: not NAME=value: {line!r}"
            pairs[key] = value
    return pairs


def unit_lines(instance: int) -> list[tuple[str, str, str]]:
    """(section, key, value) of the unit for process ``instance`` (``%i`` replaced), in order."""
    section, out = "", []
    for raw in UNIT.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, sep, value = line.partition("=")
        assert sep, f"{UNIT.name}: {line!r}"
        out.append((section, key, value.replace("%i", str(instance))))
    return out


def unit_environment(instance: int) -> dict[str, str]:
    env = {}
    for _section, key, value in unit_lines(instance):
        if key == "Environment":
            name, _, setting = value.partition("=")
            env[name] = setting
    return env


def test_every_setting_named_exists():
    known = setting_names()
    files = [*sorted(EXAMPLES.iterdir()), DEPLOY_DOC]
    named = {name: path.name for path in files for name in SETTING.findall(path.read_text())}
    assert named, "the examples name settings"
    unknown = {name: where for name, where in named.items() if name not in known}
    assert not unknown, f"settings that bot/settings.py does not have: {unknown}"


@pytest.mark.parametrize("instance", INSTANCES)
def test_the_env_files_and_the_unit_make_valid_settings(instance, monkeypatch):
    for name in list(os.environ):
        if name.startswith("BOARDBOT_"):
            monkeypatch.delenv(name)
    for name, value in unit_environment(instance).items():
        monkeypatch.setenv(name, value)
    files = [EXAMPLES / Path(value.lstrip("-")).name for _section, key, value in unit_lines(instance)
             if key == "EnvironmentFile"]
    assert files[0].name == "boardbot.env" and all(f.exists() for f in files), files
    settings = Settings(_env_file=tuple(files))
    assert settings.log_format == "json"
    assert settings.metrics_port == 9100 + instance
    assert settings.telegram.webhook_port == 8440 + instance
    assert settings.telegram.token is not None and settings.telegram.webhook_url
    assert settings.telegram.webhook_url.endswith("/" + settings.telegram.webhook_path)
    assert settings.telegram.webhook_secret is not None
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,256}", settings.telegram.webhook_secret.get_secret_value())
    assert settings.embedded_redis is False
    assert settings.discord.token is not None and settings.discord.shard_count == len(INSTANCES)
    assert settings.discord.shard_ids == [instance - 1], "each process runs one Discord shard"


def test_the_unit_stops_gracefully():
    lines = unit_lines(1)
    service = {key: value for section, key, value in lines if section == "Service"}
    assert service["ExecStart"].endswith("/boardbot run")
    assert service["KillSignal"] == "SIGTERM" and service["KillMode"] == "mixed"
    shutdown = Settings(_env_file=EXAMPLES / "boardbot.env").shutdown_timeout
    assert float(service["TimeoutStopSec"]) > shutdown + CLOSE_GRACE


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_accepts_the_unit(tmp_path):
    unit = tmp_path / "boardbot@1.service"
    shutil.copy(UNIT, unit)
    try:
        done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"systemd-analyze does not run here: {exc}")
    problems = [line for line in (done.stdout + done.stderr).splitlines()
                if line.strip() and "is not executable" not in line]  # the bot is not installed in /opt here
    assert not problems, problems


def test_nginx_prometheus_and_the_unit_agree_on_ports():
    nginx = (EXAMPLES / "nginx.conf").read_text()
    code = re.sub(r"#.*", "", nginx)
    assert code.count("{") == code.count("}")
    assert all(line.strip().endswith((";", "{", "}")) for line in code.splitlines() if line.strip())
    upstream = re.search(r"upstream (\w+) \{(.*?)\}", code, re.S)
    assert upstream and f"proxy_pass http://{upstream.group(1)};" in code
    ports = {int(p) for p in re.findall(r"server 127\.0\.0\.1:(\d+)", upstream.group(2))}
    assert ports == {int(unit_environment(i)["BOARDBOT_TELEGRAM__WEBHOOK_PORT"]) for i in INSTANCES}
    path = Settings(_env_file=EXAMPLES / "boardbot.env").telegram.webhook_path
    assert f"location = /{path} {{" in code
    prometheus = (EXAMPLES / "prometheus.yml").read_text()
    assert "metrics_path: /metrics" in prometheus
    targets = {int(p) for p in re.findall(r"- [\w.-]+:(\d+)", prometheus)}
    assert targets == {int(unit_environment(i)["BOARDBOT_METRICS_PORT"]) for i in INSTANCES}
    haproxy = (EXAMPLES / "haproxy.cfg").read_text()
    assert "tcp-check expect string role:master" in haproxy


# --- Redis ---------------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_answering(port: int, proc: subprocess.Popen, timeout: float = 10.0) -> sync_redis.Redis:
    client = sync_redis.Redis(port=port, decode_responses=True, socket_timeout=2)
    deadline = time.monotonic() + timeout
    while True:
        try:
            client.ping()
            return client
        except sync_redis.ConnectionError:
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read() if proc.stdout else ""
                pytest.fail(f"redis-server did not start: {out}")
            time.sleep(0.05)


def stop(proc: subprocess.Popen, client: sync_redis.Redis | None) -> None:
    """SIGTERM, as systemd stops it (Redis flushes its append-only file and exits)."""
    if client is not None:
        client.close()
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


REDIS_SERVER = shutil.which("redis-server")
needs_redis = pytest.mark.skipif(REDIS_SERVER is None, reason="no redis-server on the PATH")


@needs_redis
def test_redis_runs_with_the_example_configuration(tmp_path):
    port = free_port()
    # the file as it is, but on a free loopback port, in a scratch directory, in the foreground
    proc = subprocess.Popen([REDIS_SERVER, str(EXAMPLES / "redis.conf"), "--port", str(port), "--bind", "127.0.0.1",
                             "--dir", str(tmp_path), "--daemonize", "no"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    client = None
    try:
        client = wait_answering(port, proc)
        config = {key: client.config_get(key)[key]
                  for key in ("appendonly", "appendfsync", "maxmemory-policy", "maxmemory", "protected-mode")}
        assert config == {"appendonly": "yes", "appendfsync": "everysec", "maxmemory-policy": "noeviction",
                          "maxmemory": str(2 * 1024**3), "protected-mode": "yes"}
        client.set("bb:{test}:probe", "1")
        assert client.info("persistence")["aof_enabled"] == 1
    finally:
        stop(proc, client)
    assert any(p.name.startswith("appendonly") for p in tmp_path.iterdir()), "the append-only file was written"


@needs_redis
def test_sentinel_accepts_its_configuration(tmp_path):
    primary_port, sentinel_port = free_port(), free_port()
    primary = subprocess.Popen([REDIS_SERVER, "--port", str(primary_port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    primary_client = sentinel = sentinel_client = None
    try:
        primary_client = wait_answering(primary_port, primary)
        conf = (EXAMPLES / "sentinel.conf").read_text()
        conf, found = re.subn(r"sentinel monitor boardbot \S+ \d+ \d+",
                              f"sentinel monitor boardbot 127.0.0.1 {primary_port} 1", conf)
        assert found == 1
        writable = tmp_path / "sentinel.conf"  # Sentinel rewrites its file
        writable.write_text(conf)
        sentinel = subprocess.Popen([REDIS_SERVER, str(writable), "--sentinel", "--port", str(sentinel_port),
                                     "--dir", str(tmp_path)],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        sentinel_client = wait_answering(sentinel_port, sentinel)
        assert sentinel_client.execute_command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", "boardbot") == [
            "127.0.0.1", str(primary_port)]
        master = sentinel_client.execute_command("SENTINEL", "MASTER", "boardbot")
        fields = dict(zip(master[::2], master[1::2])) if isinstance(master, list) else master
        assert fields["down-after-milliseconds"] == "5000" and fields["failover-timeout"] == "60000"
    finally:
        if sentinel is not None:
            stop(sentinel, sentinel_client)
        stop(primary, primary_client)
