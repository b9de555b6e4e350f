"""The table in words, for screen readers and anyone who asks: what the read commands say
and how each move is written in the move log. Pure (reads the controller, no browser).
"""

from __future__ import annotations

from engine import PlayerView
from engine.words import and_list
from web.line.controller import Controller

__all__ = ["READS", "ends_sentence", "log_entry", "read"]

READS: dict[str, str] = {
    "tiles": "t",
    "ends": "e",
    "counts": "c",
    "moves": "l",
    "score": "s",
}
"""Each read command and the key that asks for it."""


def ends_sentence(view: PlayerView) -> str:
    """The open ends as a sentence ("Ends are 4 and 3."), or that the table is empty."""
    values = view.layout.values
    if not view.layout.placements:
        return "No tile is laid yet."
    if not values:
        return "No end is open."
    return f"{'End is' if len(values) == 1 else 'Ends are'} {and_list(values)}."


def log_entry(announcement: str, view: PlayerView, line_grew: bool) -> str:
    """A move log line: what was said, and the open ends when the line grew with it."""
    return f"{announcement} {ends_sentence(view)}" if line_grew else announcement


def read(kind: str, controller: Controller, last_moves: list[str], score_line: str) -> str:
    """What the read command ``kind`` (a key of :data:`READS`) says now; ``last_moves`` are
    the move log's newest lines, ``score_line`` the score as the top bar shows it."""
    view = controller.view()
    if kind == "tiles":
        held = controller.hand_shown()
        if not held:
            return "Your tiles are hidden." if controller.hand_hidden else "You hold no tiles."
        playable = [
            str(tile) for tile in held if controller.phase == "human" and tile in controller.playable_tiles()
        ]
        told = f"Your tiles: {and_list(held)}."
        return told + (f" You can play {and_list(playable, 'or')}." if playable else "")
    if kind == "ends":
        laid = view.layout.placements
        last = (
            f" {len(laid)} {'tile' if len(laid) == 1 else 'tiles'} laid, the last {laid[-1].tile}."
            if laid
            else ""
        )
        return ends_sentence(view) + last
    if kind == "counts":
        others = [
            f"{controller.names[seat]} {count}"
            for seat, count in enumerate(view.hand_counts)
            if seat != view.seat
        ]
        yard = f" {view.boneyard_count} in the boneyard." if view.boneyard_count else ""
        faces = [
            f"{controller.names[seat]} holds {and_list(faces_up)}."
            for seat in range(len(view.hand_counts))
            if seat != view.seat and (faces_up := controller.face_up(seat))
        ]
        return f"Tiles held: {and_list(others)}.{yard}" + "".join(f" {said}" for said in faces)
    if kind == "moves":
        return " ".join(last_moves[-5:]) or "No move yet."
    if kind == "score":
        return f"Score: {score_line}."
    raise ValueError(f"no read command {kind!r}")
