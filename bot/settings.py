"""Settings from the environment (``BOARDBOT_...``, nested with ``__``) and an optional ``.env`` file."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class DiscordSettings(BaseModel):
    token: SecretStr | None = None  # unset: no Discord bot
    dev_guild_id: int | None = None  # sync commands to this guild only (development)
    sync_commands: bool = True  # register the slash commands at start (globally, or in dev_guild_id)
    api_base: str | None = None  # another REST API base, e.g. a fake Discord on loopback (tests, development)
    gateway_url: str | None = None  # another gateway, e.g. ws://127.0.0.1:PORT/ (tests, development)


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
    set_commands: bool = True  # publish the localized command menus at start


def _data_dir() -> Path:
    return Path.home() / ".local" / "share" / "boardbot"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="BOARDBOT_", env_nested_delimiter="__", env_file=".env", extra="ignore"
    )

    redis_url: str = "redis://127.0.0.1:6379/0"
    namespace: str = "bb"  # prefix of every Redis key
    default_locale: str = "en"
    data_dir: Path = _data_dir()  # the embedded Redis keeps its data here (local play)
    images_dir: Path = Path("out") / "images"  # local play writes its images here
    # The chat bots draw images in worker processes (drawing holds Python's lock, so only processes use every
    # core): how many; 0 draws in a thread of the bot's process. Unset: one per core.
    render_processes: int | None = None
    discord: DiscordSettings = DiscordSettings()
    telegram: TelegramSettings = TelegramSettings()
