"""Settings from the environment (``BOARDBOT_...``, nested with ``__``) and an optional ``.env`` file."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class DiscordSettings(BaseModel):
    token: SecretStr | None = None  # unset: no Discord bot
    dev_guild_id: int | None = None  # sync commands to this guild only (development)


class TelegramSettings(BaseModel):
    token: SecretStr | None = None  # unset: no Telegram bot
    base_url: str = "https://api.telegram.org/bot"
    webhook_url: str | None = None


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
    discord: DiscordSettings = DiscordSettings()
    telegram: TelegramSettings = TelegramSettings()
