"""The fake Bot API itself: the three request encodings, private chats that refuse, edits, limits."""

from __future__ import annotations

import io
import json

import httpx
from PIL import Image

from tests.fakes.telegram_server import TOKEN, FakeTelegram

USER = 42


def png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buf, "PNG")
    return buf.getvalue()


async def test_json_form_and_multipart_requests():
    fake = FakeTelegram()
    await fake.start()
    fake.add_user(USER, "Ann")
    base = f"{fake.base_url}{TOKEN}"
    try:
        async with httpx.AsyncClient() as http:
            r = await http.post(f"{base}/sendMessage", json={"chat_id": -5, "text": "<b>hi</b> &amp; bye",
                                                             "parse_mode": "HTML"})
            assert r.json()["ok"] and fake.sent(-5)[-1].text == "hi & bye"
            r = await http.post(f"{base}/sendMessage", data={
                "chat_id": "-5", "text": "123", "reply_markup": json.dumps(
                    {"inline_keyboard": [[{"text": "x", "callback_data": "d"}]]})})
            assert r.json()["ok"] and fake.sent(-5)[-1].text == "123" and fake.sent(-5)[-1].button("d")
            r = await http.post(f"{base}/sendPhoto", data={"chat_id": "-5", "caption": "board"},
                                files={"photo": ("board.png", png(), "image/png")})
            photo = fake.sent(-5)[-1]
            assert r.json()["ok"] and photo.photo == png() and photo.text == "board"
            # editMessageMedia with an attach:// part
            other = Image.new("RGB", (4, 4), "blue")
            buf = io.BytesIO()
            other.save(buf, "PNG")
            media = {"type": "photo", "media": "attach://new", "caption": "board 2"}
            r = await http.post(f"{base}/editMessageMedia", data={
                "chat_id": "-5", "message_id": str(photo.message_id), "media": json.dumps(media)},
                files={"new": ("b.png", buf.getvalue(), "image/png")})
            assert r.json()["ok"] and photo.photo == buf.getvalue() and photo.edits == 1
            # the same again: not modified
            r = await http.post(f"{base}/editMessageMedia", data={
                "chat_id": "-5", "message_id": str(photo.message_id), "media": json.dumps(media)},
                files={"new": ("b.png", buf.getvalue(), "image/png")})
            assert r.status_code == 400 and "not modified" in r.json()["description"]
            # a private chat refuses until the user starts the bot
            r = await http.post(f"{base}/sendMessage", json={"chat_id": USER, "text": "psst"})
            assert r.status_code == 403 and "can't initiate conversation" in r.json()["description"]
            fake.command(USER, USER, "/start")
            r = await http.post(f"{base}/sendMessage", json={"chat_id": USER, "text": "psst"})
            assert r.json()["ok"]
            fake.block(USER)
            r = await http.post(f"{base}/sendMessage", json={"chat_id": USER, "text": "psst"})
            assert r.status_code == 403 and "blocked" in r.json()["description"]
            # limits
            r = await http.post(f"{base}/sendMessage", json={"chat_id": -5, "text": "x", "reply_markup": {
                "inline_keyboard": [[{"text": "x", "callback_data": "d" * 65}]]}})
            assert r.status_code == 400
            r = await http.post(f"{base}/answerCallbackQuery", json={"callback_query_id": "1", "text": "x" * 201})
            assert r.status_code == 400
            r = await http.post(f"{base}/sendMessage", json={"chat_id": -5, "text": "<div>x</div>",
                                                             "parse_mode": "HTML"})
            assert r.status_code == 400 and "parse entities" in r.json()["description"]
            r = await http.post(f"{fake.base_url}wrong/getMe")
            assert r.status_code == 401
    finally:
        await fake.stop()
