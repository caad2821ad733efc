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


async def test_what_the_real_platform_refuses():
    """Late answers, the group send limit, a migrated group, forum topics (issue 11)."""
    fake = FakeTelegram()
    await fake.start()
    fake.add_user(USER, "Ann")
    base = f"{fake.base_url}{TOKEN}"
    try:
        async with httpx.AsyncClient() as http:
            # a press must be answered in time, and once
            fake.add_group(-5)
            fake._store(-5, {"reply_markup": {"inline_keyboard": [[{"text": "x", "callback_data": "d"}]]}}, text="b")
            message = fake.sent(-5)[-1]
            query = fake.press(message, USER, "d")["callback_query"]["id"]
            r = await http.post(f"{base}/answerCallbackQuery", json={"callback_query_id": query})
            assert r.json()["ok"]
            r = await http.post(f"{base}/answerCallbackQuery", json={"callback_query_id": query})
            assert r.status_code == 400 and "query is too old" in r.json()["description"]
            fake.answer_timeout = 0.0
            query = fake.press(message, USER, "d")["callback_query"]["id"]
            r = await http.post(f"{base}/answerCallbackQuery", json={"callback_query_id": query})
            assert r.status_code == 400 and "query is too old" in r.json()["description"]
            # the group limit: a request beyond it is told when to try again
            fake.group_limit = (2, 60.0)
            for _ in range(2):
                assert (await http.post(f"{base}/sendMessage", json={"chat_id": -5, "text": "hi"})).json()["ok"]
            r = await http.post(f"{base}/editMessageText", json={"chat_id": -5, "message_id": message.message_id,
                                                                 "text": "edited"})
            assert r.status_code == 429 and 1 <= r.json()["parameters"]["retry_after"] <= 60
            assert (await http.post(f"{base}/sendMessage", json={"chat_id": USER, "text": "hi"})).status_code == 403
            fake.group_limit = None
            # a basic group becomes a supergroup: its old id is refused with the new one; both chats are told
            fake.add_group(-77, basic=True)
            new = fake.migrate(-77, by=USER)
            r = await http.post(f"{base}/sendMessage", json={"chat_id": -77, "text": "hi"})
            assert r.status_code == 400 and r.json()["parameters"] == {"migrate_to_chat_id": new}
            assert (await http.post(f"{base}/sendMessage", json={"chat_id": new, "text": "hi"})).json()["ok"]
            updates = (await http.post(f"{base}/getUpdates", json={"timeout": 0})).json()["result"]
            said = [(u["message"]["chat"]["id"], u["message"].get("migrate_to_chat_id"),
                     u["message"].get("migrate_from_chat_id")) for u in updates if "message" in u]
            assert said == [(-77, new, None), (new, None, -77)]
            # a forum: topics, "General" closed
            fake.add_group(-9, forum=True)
            topic = fake.add_topic(-9, "Duels")
            assert (await http.post(f"{base}/sendMessage", json={"chat_id": -9, "text": "hi"})).json()["ok"]
            fake.close_general(-9)
            r = await http.post(f"{base}/sendMessage", json={"chat_id": -9, "text": "hi"})
            assert r.status_code == 400 and "TOPIC_CLOSED" in r.json()["description"]
            r = await http.post(f"{base}/sendMessage", json={"chat_id": -9, "text": "hi", "message_thread_id": 999})
            assert r.status_code == 400 and "thread not found" in r.json()["description"]
            r = await http.post(f"{base}/sendMessage", json={"chat_id": -9, "text": "hi", "message_thread_id": topic})
            assert r.json()["result"]["message_thread_id"] == topic and fake.sent(-9, topic)[-1].text == "hi"
            update = fake.command(-9, USER, "/new duel", thread=topic)
            assert update["message"]["is_topic_message"] and update["message"]["message_thread_id"] == topic
    finally:
        await fake.stop()
