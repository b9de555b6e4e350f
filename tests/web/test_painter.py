"""The recording canvas: what web/line/render.py draws reaches paint.js as a compact list of operations."""

from __future__ import annotations

import json
from pathlib import Path

from web.line.controller import Controller, Settings
from web.line.render import draw_scene
from web.line.scene import build_scene
from web.painter import Painter, SpriteBook


def test_a_property_set_to_the_value_it_holds_records_nothing() -> None:
    painter = Painter()
    painter.fillStyle = "#fff"
    painter.fillStyle = "#fff"
    painter.lineWidth = 2
    painter.fillStyle = "#000"
    assert painter.operations == [
        ["=", "fillStyle", "#fff"],
        ["=", "lineWidth", 2],
        ["=", "fillStyle", "#000"],
    ]
    assert painter.fillStyle == "#000"


def test_calls_are_recorded_in_order_with_numbers_rounded_to_hundredths() -> None:
    painter = Painter()
    painter.beginPath()
    painter.roundRect(1.23456, 2, 3.999, 4, 0.5)
    painter.setLineDash([6, 4.333])
    painter.fillText("East", 10.0, 20.126)
    assert json.loads(painter.json()) == [
        ["beginPath"],
        ["roundRect", 1.23, 2, 4.0, 4, 0.5],
        ["setLineDash", [6, 4.33]],
        ["fillText", "East", 10.0, 20.13],
    ]


def test_a_table_is_drawn_with_only_the_operations_paint_js_knows() -> None:
    controller = Controller(Settings.for_variant("draw-2"), seed=3)
    painter = Painter()
    draw_scene(painter, build_scene(controller, 900, 600))
    source = Path("web/paint.js").read_text(encoding="utf-8")
    methods = {op[0] for op in painter.operations if op[0] != "="}
    properties = {op[1] for op in painter.operations if op[0] == "="}
    assert methods and properties
    for name in methods | properties:
        assert f'"{name}"' in source, f"paint.js does not know {name}"


class _Window:
    def __init__(self) -> None:
        self.painted: list[tuple[object, str]] = []

    def dominoesPaint(self, ctx: object, text: str) -> None:
        self.painted.append((ctx, text))


def test_a_recording_reaches_the_browser_in_one_call() -> None:
    painter = Painter()
    painter.fillRect(0, 0, 10, 10)
    window, ctx = _Window(), object()
    painter.play_on(window, ctx)
    assert window.painted == [(ctx, '[["fillRect",0,0,10,10]]')]


def _square(picture: Painter) -> None:
    picture.fillStyle = "#fff"
    picture.fillRect(0, 0, 10, 10)


def test_a_sprite_is_drawn_once_and_copied_after_that_at_device_pixels() -> None:
    book = SpriteBook()
    first = Painter(2, book)
    first.sprite("square", 3.3, 4, 10, 10, _square)
    assert first.operations == [
        ["defineSprite", "square", 20, 20, 2, [["=", "fillStyle", "#fff"], ["fillRect", 0, 0, 10, 10]]],
        ["drawSprite", "square", 7, 8],
    ]
    again = Painter(2, book)
    again.sprite("square", 5, 5, 10, 10, _square)
    assert again.operations == [["drawSprite", "square", 10, 10]]


def test_the_book_forgets_the_least_recently_used_sprites_beyond_its_pixels() -> None:
    book = SpriteBook(capacity=1200)
    painter = Painter(1, book)
    for key in ("a", "b", "c"):
        painter.sprite(key, 0, 0, 20, 20, _square)  # 400 px each
    painter.sprite("a", 0, 0, 20, 20, _square)  # a is used again: b is now the oldest
    painter.sprite("d", 0, 0, 20, 20, _square)
    forgotten = [op[1] for op in painter.operations if op[0] == "forgetSprite"]
    assert forgotten == ["b"]
    assert "b" not in book and len(book) == 3
    assert book.pixels == 1200


def test_a_frame_after_the_first_only_copies_its_tiles() -> None:
    controller = Controller(Settings.for_variant("draw-2"), seed=3)
    scene = build_scene(controller, 900, 600)
    book = SpriteBook()
    first, second = Painter(1, book), Painter(1, book)
    draw_scene(first, scene)
    draw_scene(second, scene)
    defined = [op for op in first.operations if op[0] == "defineSprite"]
    assert len(defined) == len({op[1] for op in defined}) == 8  # 7 faces in hand, 1 back

    assert not [op for op in second.operations if op[0] == "defineSprite"]
    assert len(second.json()) < len(first.json()) / 2


def test_faces_of_one_size_share_one_body_picture() -> None:
    """A face's shadow, ivory and bevel are drawn once for its size and way up, and each
    face's picture copies them: a frame whose tiles all change size stays short."""
    controller = Controller(Settings.for_variant("draw-2"), seed=3)
    painter = Painter(1, SpriteBook())
    draw_scene(painter, build_scene(controller, 900, 600))
    faces = [op for op in painter.operations if op[0] == "defineSprite" and op[1].startswith("face")]
    assert len(faces) == 7
    bodies = [inner for face in faces for inner in face[5] if inner[0] == "defineSprite"]
    assert [body[1].split()[0] for body in bodies] == ["body"]  # the first face defines it
    for face in faces:
        assert face[5].count(["drawSprite", bodies[0][1], 0, 0]) == 1
        assert len([op for op in face[5] if op[0] == "pips"]) == 2  # one for each half


def test_a_recording_may_define_only_so_many_new_sprites_and_the_next_defines_the_rest() -> None:
    book = SpriteBook()
    Painter(1, book).sprite("held", 0, 0, 10, 10, _square)
    limited = Painter(1, book, new_sprites_at_most=2)
    for key in ("held", "a", "b", "c"):  # (a sprite the browser holds does not count)
        limited.sprite(key, 0, 0, 10, 10, _square)
    assert (limited.sprites_defined, limited.sprites_left_out) == (2, 1)
    assert "c" not in book and "a" in book and "b" in book
    window, ctx = _Window(), object()
    limited.play_sprites_on(window, ctx)
    played = json.loads(window.painted[0][1])
    assert [op[:2] for op in played] == [["defineSprite", "a"], ["defineSprite", "b"]]  # nothing drawn
    rest = Painter(1, book, new_sprites_at_most=2)
    for key in ("held", "a", "b", "c"):
        rest.sprite(key, 0, 0, 10, 10, _square)
    assert (rest.sprites_defined, rest.sprites_left_out) == (1, 0)
