"""What waits for a group's limit is told together, as the group would have seen it message by message (the merging
rules of ``bot.telegram.lines``; the whole path is in ``test_group_limit``)."""

from __future__ import annotations

import asyncio

from bot.core.replies import Image, Message
from bot.telegram.lines import Lines, Post, merged

BOARD_1, BOARD_2 = Image(b"1", "board.png"), Image(b"2", "board.png")


def game(text: str, *, image: Image | None = None, mentions: tuple[str, ...] = (), quiet: bool = False,
         channel: str = "tg:-1") -> Post:
    return Post(channel, Message("public", text, image=image, mentions=list(mentions)), quiet=quiet)


def test_moves_are_told_in_order_with_the_newest_board_and_turn():
    both = merged(game("A builds.\nB, your turn.", image=BOARD_1, mentions=("b",)),
                  game("B builds.\nA, your turn.", image=BOARD_2, mentions=("a",)))
    assert both is not None and not both.quiet
    assert both.message.text == "A builds.\nB, your turn.\nB builds.\nA, your turn."
    assert both.message.image == BOARD_2 and both.message.mentions == ["a"]


def test_a_quiet_change_replaces_the_words_it_would_have_edited():
    first = game("A has chosen.\nB, C: choose.", mentions=("b", "c"))
    then = game("B has chosen.\nC: choose.", mentions=("c",), quiet=True)
    both = merged(first, then)
    assert both is not None and both.message.text == then.message.text and not both.quiet
    # after a board, the quiet words join its caption (the board is not edited)
    both = merged(game("Revealed.\nA, B, C: choose.", image=BOARD_1, mentions=("a", "b", "c")), then)
    assert both is not None and both.message.image == BOARD_1 and both.message.text.endswith(then.message.text)


def test_what_must_stay_apart_stays_apart():
    # an edit of the older narration, then a new message
    assert merged(game("A has chosen.", quiet=True), game("Revealed.", image=BOARD_1)) is None
    # two topics of one forum
    assert merged(game("x", channel="tg:-1:5"), game("y", channel="tg:-1:6")) is None
    # the adapter's own messages
    assert merged(Post("tg:-1", pieces=["hi"]), game("y")) is None


async def test_a_line_sends_one_at_a_time_and_merges_what_waits():
    sent: list[str] = []
    release = asyncio.Event()

    async def send(post: Post) -> str:
        sent.append(post.message.text if post.message else "|".join(post.pieces))
        if len(sent) == 1:
            await release.wait()  # the first request waits for the group's limit
        return f"#{len(sent)}"

    lines = Lines(send)
    posts = [asyncio.ensure_future(lines.post(-1, game("one")))]
    await asyncio.sleep(0.01)  # it is being sent; the others wait
    posts += [asyncio.ensure_future(lines.post(-1, p)) for p in (
        game("two"), game("three"), Post("tg:-1", pieces=["notice"]), game("four"))]
    await asyncio.sleep(0.01)
    release.set()
    results = await asyncio.gather(*posts)
    assert sent == ["one", "two\nthree", "notice", "four"]
    assert results == ["#1", "#2", "#2", "#3", "#4"]
