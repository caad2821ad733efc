"""Settings from the environment (``BOARDBOT_...``, nested with ``__``) and an optional ``.env`` file."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class DiscordSettings(BaseModel):
    token: SecretStr | None = None  # unset: no Discord bot
    dev_guild_id: int | None = None  # sync commands to this guild only (development)
    sync_commands: bool = True  # register the slash commands at start (globally, or in dev_guild_id)
    api_base: str | None = None  # another REST API base, e.g. a fake Discord on loopback (tests, development)
    gateway_url: str | None = None  # another gateway, e.g. ws://127.0.0.1:PORT/ (tests, development)
    # Shards (several processes, bot.fleet): how many the bot has in all, and which of them this process runs
    # ("0,1", or a JSON list). Unset: Discord's recommended count, every shard in this process. Discord sends a
    # server's events to shard (server id >> 22) % shard_count; every process may send anywhere.
    shard_count: int | None = None
    shard_ids: list[int] | None = None

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        if isinstance(value, str):
            text = value.strip().strip("[]")
            return [int(part) for part in text.split(",") if part.strip()] if text else None
        if isinstance(value, int):
            return [value]
        return value

    @model_validator(mode="after")
    def _shards(self) -> "DiscordSettings":
        if self.shard_count is not None and self.shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("shard_ids needs shard_count")
            if not self.shard_ids or any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"shard_ids must be some of 0..{self.shard_count - 1}, not {self.shard_ids}")
        return self


class TelegramSettings(BaseModel):
    token: SecretStr | None = None  # unset: no Telegram bot
    base_url: str = "https://api.telegram.org/bot"
    base_file_url: str = "https://api.telegram.org/file/bot"
    webhook_url: str | None = None  # set: receive updates by webhook at this public URL instead of polling
    webhook_listen: str = "127.0.0.1"  # where the webhook server listens (behind a TLS reverse proxy)
    webhook_port: int = 8443
    webhook_path: str = "telegram"
    webhook_secret: SecretStr | None = None  # checked in X-Telegram-Bot-Api-Secret-Token
    poll_timeout: float = 30.0  # seconds a getUpdates long poll may wait
    concurrent_updates: int = 64  # updates processed at once
    overall_max_rate: float = 30.0  # requests per second (AIORateLimiter); 0: no limit
    group_max_rate: float = 20.0  # messages per minute in one group (AIORateLimiter); 0: no limit
    # The group limit counted in Redis, across every process of the bot (webhook workers); false: per process.
    shared_group_limit: bool = True
    set_commands: bool = True  # publish the localized command menus at start


def _data_dir() -> Path:
    return Path.home() / ".local" / "share" / "boardbot"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="BOARDBOT_", env_nested_delimiter="__", env_file=".env", extra="ignore"
    )

    redis_url: str = "redis://127.0.0.1:6379/0"
    # Redis Cluster: the URL names one node of a cluster (the client finds the others). Also said by the URL itself,
    # "redis+cluster://host:port" ("rediss+cluster://" with TLS), and found by itself when the node says it runs in
    # cluster mode; true makes it explicit (a node that is not in cluster mode is then refused).
    redis_cluster: bool = False
    namespace: str = "bb"  # prefix of every Redis key
    default_locale: str = "en"
    data_dir: Path = _data_dir()  # the embedded Redis keeps its data here (local play)
    images_dir: Path = Path("out") / "images"  # local play writes its images here
    # The chat bots draw images in worker processes (drawing holds Python's lock, so only processes use every
    # core): how many; 0 draws in a thread of the bot's process. Unset: one per core.
    render_processes: int | None = None
    # The computer player (bots, stand-ins, hints): its seconds of thought per decision, and the worker processes
    # it thinks in (0: a thread of the bot's process).
    ai_budget: float = Field(1.0, gt=0, le=30)
    ai_processes: int = Field(1, ge=0, le=64)
    # Operations (bot.ops, docs/deploy.md): "json" writes the chat bots' log as JSON lines, with the channel and game
    # of the command or timer being handled; "text" is for people.
    log_format: Literal["text", "json"] = "text"
    log_level: str = "INFO"
    metrics_port: int | None = None  # set: serve /healthz and /metrics (Prometheus) on this port; unset: off
    metrics_host: str = "127.0.0.1"  # the address /healthz and /metrics listen on
    shutdown_timeout: float = 10.0  # seconds a stopping process lets the commands in flight finish
    # Seconds a committed change may take to be delivered before any bot process tells it again from the outbox
    # (bot.core.outbox): a process killed between a commit and its message leaves it to the others after this.
    delivery_grace: float = 60.0
    # The chat bots start an embedded Redis when none answers at redis_url (like local play); false in production:
    # no Redis, no bot (the process exits with an error and its supervisor starts it again).
    embedded_redis: bool = True
    discord: DiscordSettings = DiscordSettings()
    telegram: TelegramSettings = TelegramSettings()

    @model_validator(mode="after")
    def _cluster_url(self) -> "Settings":
        """``redis_cluster`` is carried by the URL (``redis+cluster://``), which is what ``storage.connect`` reads."""
        if self.redis_cluster:
            scheme, sep, rest = self.redis_url.partition("://")
            if sep and scheme.lower() in ("redis", "rediss"):
                self.redis_url = f"{scheme.lower()}+cluster://{rest}"
            elif not (sep and scheme.lower().endswith("+cluster")):
                raise ValueError(f"redis_cluster needs a redis:// or rediss:// URL, not {self.redis_url!r}")
        return self
