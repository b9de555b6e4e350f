"""What the Dice and Dominoes table shows, placed on the canvas: pure data, no drawing.

From top to bottom: a card for each other player (name, chips, the backs of the tiles
they hold, and the two tiles they put out: covered until everyone has chosen, then as
revealed, each with its fate); the dice, the pot and the boneyard in the middle, the
discard pile face up under them; at the bottom the person's choice (the tiles they picked,
each marked face up or face down) above their hand. :func:`build_dice_scene` places it
all for a canvas size; :mod:`web.dice.render` draws it.

Standard library, the engine, :mod:`web.rect` and :mod:`web.tile_drawing` only; no browser imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.dice.hand import DiceRound
from engine.tiles import Tile
from web.dice.controller import DiceController
from web.rect import Rect
from web.tile_drawing import TileSprite

__all__ = ["DiceScene", "DiceSeatCard", "PutOut", "build_dice_scene"]

_PAD = 8.0
_LABEL = 18.0


@dataclass(frozen=True)
class PutOut:
    """A tile put out: as shown (covered, or face up or down) and, after the reveal, its fate."""

    sprite: TileSprite
    face_up: bool
    """Put out face up (an attempt); only known to others after the reveal."""
    fate: str = ""
    """After the reveal: "discarded", "back" (taken back) or "kept" (face down); "" before."""


@dataclass(frozen=True)
class DiceSeatCard:
    """Another player's place at the top: name, chips, status, tiles held, tiles put out."""

    seat: int
    name: str
    rect: Rect
    chips: int
    status: str
    backs: tuple[TileSprite, ...]
    put_out: tuple[PutOut, ...]
    slots: tuple[Rect, ...]
    """Where the tiles put out go (drawn as empty outlines while the player is choosing)."""

    @property
    def label(self) -> str:
        """The card's first line: ``"West · 19 chips"``."""
        return f"{self.name} · {self.chips} chip{'s' * (self.chips != 1)}"


@dataclass(frozen=True)
class DiceScene:
    """The whole dice table at one size."""

    width: float
    height: float
    dice: tuple[int, int]
    dice_rects: tuple[Rect, Rect]
    pot_text: str
    pot_anchor: tuple[float, float]
    boneyard_text: str
    cards: tuple[DiceSeatCard, ...]
    discards: tuple[TileSprite, ...]
    discard_label: tuple[float, float]
    choice: tuple[PutOut, ...]
    """The person's tiles put out (or being chosen), in the slots above the hand."""
    choice_slots: tuple[Rect, ...]
    choice_label: str
    hand: tuple[tuple[Tile, TileSprite], ...]
    hidden_hand: tuple[TileSprite, ...]
    """The backs of the person's tiles while the device is being passed."""
    mine: tuple[tuple[Tile, Rect], ...]
    """Where each chosen tile can be tapped to flip it (while choosing)."""
    caption: str
    """What to do or what happened, in a line (the footer says it too)."""
    banner: str
    """The hand's or the game's result, written across the table when one ends ("" otherwise)."""
    banner_anchor: tuple[float, float]
    person_label: str

    def hit(self, x: float, y: float) -> tuple[str, Tile] | None:
        """What a tap at (x, y) touches: ``("hand", tile)`` or ``("chosen", tile)``, or ``None``."""
        for tile, rect in self.mine:
            if rect.inset(-4).contains(x, y):
                return ("chosen", tile)
        for tile, sprite in self.hand:
            if sprite.rect.inset(-3).contains(x, y):
                return ("hand", tile)
        return None

    def test_data(self) -> dict[str, Any]:
        """Where things are, for end-to-end tests (centres of tiles to tap, what is shown)."""

        def centre(rect: Rect) -> list[float]:
            return [round(rect.x + rect.w / 2, 1), round(rect.y + rect.h / 2, 1)]

        return {
            "dice": list(self.dice),
            "hand": [{"tile": str(tile), "at": centre(sprite.rect)} for tile, sprite in self.hand],
            "chosen": [{"tile": str(tile), "at": centre(rect)} for tile, rect in self.mine],
            "choice": [
                {"face_up": put.face_up, "shown": put.sprite.face_up, "fate": put.fate} for put in self.choice
            ],
            "cards": [
                {
                    "seat": card.seat,
                    "status": card.status,
                    "put_out": [
                        {"shown": put.sprite.face_up, "tile": _shown(put.sprite), "fate": put.fate}
                        for put in card.put_out
                    ],
                    "backs": len(card.backs),
                    "faces": [_shown(sprite) for sprite in card.backs if sprite.face_up],
                }
                for card in self.cards
            ],
            "discards": [f"{sprite.first}-{sprite.second}" for sprite in self.discards],
            "pot": self.pot_text,
            "caption": self.caption,
            "banner": self.banner,
        }


def _shown(sprite: TileSprite) -> str | None:
    return f"{sprite.first}-{sprite.second}" if sprite.face_up else None


def _upright(rect: Rect, tile: Tile | None, face_up: bool = True, **flags: bool) -> TileSprite:
    if tile is None:
        return TileSprite(rect, True, 0, 0, face_up=False)
    return TileSprite(rect, True, tile.high, tile.low, face_up=face_up, **flags)


def _row(count: int, unit: float, centre_x: float, top: float, gap: float = 0.25) -> list[Rect]:
    """``count`` upright tiles of width ``unit`` side by side, centred on ``centre_x``."""
    step = unit * (1 + gap)
    left = centre_x - (count * step - unit * gap) / 2
    return [Rect(left + index * step, top, unit, 2 * unit) for index in range(count)]


def _fates(revealed: DiceRound, index: int) -> dict[Tile, str]:
    outcome = revealed.outcome
    fates = {tile: "discarded" for tile in outcome.discarded[index]}
    fates.update({tile: "back" for tile in outcome.returned[index]})
    return fates


def _revealed_put_out(
    revealed: DiceRound, index: int, slots: Sequence[Rect], own: bool
) -> tuple[PutOut, ...]:
    """A seat's tiles as the reveal shows them: face-up ones with their fate, face-down ones
    covered (the person sees their own face-down tiles)."""
    commitment = revealed.commitments[index]
    fates = _fates(revealed, index)
    shown: list[PutOut] = []
    for slot, tile in zip(slots, commitment.up, strict=False):
        shown.append(PutOut(_upright(slot, tile), True, fates.get(tile, "back")))
    rest = slots[len(commitment.up) :]
    for slot, tile in zip(rest, commitment.down, strict=False):
        shown.append(PutOut(_upright(slot, tile, face_up=own), False, "kept"))
    return tuple(shown)


def build_dice_scene(
    controller: DiceController, width: float, height: float, show_all: bool = False
) -> DiceScene:
    """Place everything the person holding the device may see, for a canvas of this size
    (``show_all``: every player's tiles face up, as a replay shows them)."""
    session = controller.session
    hand = controller.hand
    view = controller.view()
    seats = session.seats_in_hand
    revealed = controller.revealed
    others = [seat for seat in range(session.players) if seat != controller.human_seat]
    order = sorted(others, key=lambda seat: (seat - controller.human_seat) % session.players)

    # The other players' cards along the top.
    card_w = min(240.0, (width - _PAD * (len(order) + 1)) / max(1, len(order)))
    small = max(7.0, min(20.0, card_w / 7, height / 34))
    card_h = _LABEL * 2 + 2 * small * 0.7 + 2 * small + 16
    cards: list[DiceSeatCard] = []
    left = (width - (card_w * len(order) + _PAD * (len(order) - 1))) / 2
    for number, seat in enumerate(order):
        rect = Rect(left + number * (card_w + _PAD), _PAD, card_w, card_h)
        cards.append(_card(controller, seat, rect, small, revealed, show_all))

    # The person's hand and choice at the bottom.
    shown = controller.hand_shown()
    chosen = [picked.tile for picked in controller.picked]
    in_hand = list(shown)
    for tile in chosen:
        if tile in in_hand:
            in_hand.remove(tile)
    count = max(4, len(shown) + 1)
    unit = max(12.0, min(56.0, (width - 2 * _PAD) / (count * 1.25), height / 11))
    hand_top = height - _PAD - 2 * unit
    # Every tile keeps the place it had in the whole hand: a tile picked leaves a gap, so the
    # next tap lands on the tile that was under the finger.
    places = dict(zip(shown, _row(len(shown), unit, width / 2, hand_top), strict=True))
    hand_sprites = tuple(
        (tile, _upright(places[tile], tile, playable=controller.phase == "choose")) for tile in in_hand
    )
    hidden: tuple[TileSprite, ...] = ()
    if controller.hand_hidden and view is not None:
        hidden = tuple(_upright(rect, None) for rect in _row(len(view.hand), unit, width / 2, hand_top))
    choice_top = hand_top - 2 * _LABEL - 2 * unit - 8
    choice_slots = tuple(_row(2, unit, width / 2, choice_top, gap=1.2))
    choice, mine = _person_choice(controller, choice_slots, revealed)

    # The middle: dice, pot, boneyard, the discard pile.
    middle_top = _PAD + card_h + _PAD if cards else _PAD
    middle_bottom = choice_top - _LABEL - 4
    space = max(40.0, middle_bottom - middle_top)
    die = max(24.0, min(80.0, width / 7, space * 0.38))
    dice_top = middle_top + 4
    dice_rects = (
        Rect(width / 2 - die - die * 0.15, dice_top, die, die),
        Rect(width / 2 + die * 0.15, dice_top, die, die),
    )
    pot_anchor = (width / 2, dice_top + die + 14)
    pile_top = pot_anchor[1] + 16
    discards = _pile(hand.discards, width, pile_top, middle_bottom)
    view_count = view.boneyard_count if view is not None else len(hand.boneyard)
    return DiceScene(
        width=width,
        height=height,
        dice=hand.dice,
        dice_rects=dice_rects,
        pot_text=f"Pot {session.pot}",
        pot_anchor=pot_anchor,
        boneyard_text=f"Boneyard {view_count}",
        cards=tuple(cards),
        discards=discards,
        discard_label=(discards[0].rect.x if discards else _PAD, pile_top - 4),
        choice=choice,
        choice_slots=choice_slots,
        choice_label=_choice_label(controller),
        hand=hand_sprites,
        hidden_hand=hidden,
        mine=mine,
        caption=_caption(controller),
        banner=controller.result_banner() if controller.revealed is None else "",
        banner_anchor=(width / 2, max((sprite.rect.bottom for sprite in discards), default=pile_top) + 22),
        person_label=_person_label(controller, seats),
    )


def _card(
    controller: DiceController,
    seat: int,
    rect: Rect,
    small: float,
    revealed: DiceRound | None,
    show_all: bool,
) -> DiceSeatCard:
    session = controller.session
    seats = session.seats_in_hand
    chips = session.chips[seat]
    backs_top = rect.y + _LABEL + 2
    slots_top = backs_top + 2 * small * 0.7 + 6
    slots = tuple(_row(2, small, rect.x + rect.w / 2, slots_top, gap=0.4))
    if seat not in seats:
        return DiceSeatCard(seat, controller.names[seat], rect, chips, "sits out", (), (), ())
    index = seats.index(seat)
    tiles = controller.hand.hands[index]
    held = len(tiles)
    rects = _row(held, small * 0.7, rect.x + rect.w / 2, backs_top)
    backs = tuple(_upright(r, tile if show_all else None) for r, tile in zip(rects, tiles, strict=True))
    put_out: tuple[PutOut, ...] = ()
    if revealed is not None:
        put_out = _revealed_put_out(revealed, index, slots, own=show_all)
        status = _what_became(revealed, index)
    elif controller.hand.is_over:
        status = "won" if index in (controller.hand.winners or ()) else ""
    elif index in controller.hand.committed:  # (who has chosen is public; what, is not)
        count = min(2, held)
        put_out = tuple(PutOut(_upright(slot, None), False) for slot in slots[:count])
        status = "has chosen"
    elif controller.hand.awaiting_rethrow and index in controller.hand.awaiting_rethrow:
        status = "deciding on the dice"
    else:
        status = "choosing…"
    return DiceSeatCard(seat, controller.names[seat], rect, chips, status, backs, put_out, slots)


def _what_became(revealed: DiceRound, index: int) -> str:
    """A revealed seat's round in a few words, for its card."""
    outcome = revealed.outcome
    if index in outcome.out:
        return "is out!"
    if outcome.discarded[index]:
        return "discards " + " ".join(map(str, outcome.discarded[index]))
    if outcome.returned[index]:
        return "takes back " + " ".join(map(str, outcome.returned[index]))
    return "nothing face up"


def _person_choice(
    controller: DiceController, slots: Sequence[Rect], revealed: DiceRound | None
) -> tuple[tuple[PutOut, ...], tuple[tuple[Tile, Rect], ...]]:
    seats = controller.session.seats_in_hand
    seat = controller.human_seat
    if seat not in seats or controller.hand_hidden:
        return (), ()
    index = seats.index(seat)
    if revealed is not None:
        return _revealed_put_out(revealed, index, slots, own=True), ()
    committed = controller.hand.committed.get(index)
    if committed is not None:  # chosen, waiting for the others
        up = [PutOut(_upright(slot, tile), True) for slot, tile in zip(slots, committed.up, strict=False)]
        rest = slots[len(committed.up) :]
        down = [PutOut(_upright(slot, tile), False) for slot, tile in zip(rest, committed.down, strict=False)]
        return tuple(up + down), ()
    shown = tuple(
        PutOut(_upright(slot, picked.tile), picked.face_up)
        for slot, picked in zip(slots, controller.picked, strict=False)
    )
    mine = tuple((picked.tile, slot) for slot, picked in zip(slots, controller.picked, strict=False))
    return shown, mine


def _pile(discards: Sequence[Tile], width: float, top: float, bottom: float) -> tuple[TileSprite, ...]:
    """The discard pile face up in rows across the table, small enough to fit its space."""
    if not discards:
        return ()
    usable = min(width - 2 * _PAD, 720.0)
    unit = 20.0
    while unit > 5:
        per_row = max(1, int((usable + unit * 0.2) // (unit * 1.2)))
        rows = -(-len(discards) // per_row)
        if rows * (2 * unit + 4) <= bottom - top:
            break
        unit -= 1
    per_row = min(len(discards), max(1, int((usable + unit * 0.2) // (unit * 1.2))))
    left = (width - (per_row * unit * 1.2 - unit * 0.2)) / 2
    sprites = []
    for number, tile in enumerate(discards):
        row, column = divmod(number, per_row)
        rect = Rect(left + column * unit * 1.2, top + row * (2 * unit + 4), unit, 2 * unit)
        sprites.append(_upright(rect, tile))
    return tuple(sprites)


def _choice_label(controller: DiceController) -> str:
    if controller.phase == "choose":
        return "Your choice: tap a tile to flip it"
    if controller.revealed is not None:
        return "Your tiles, revealed"
    return ""


def _caption(controller: DiceController) -> str:
    phase = controller.phase
    if phase == "choose":
        reason = controller.put_out_reason()
        return reason or "Ready: put out your tiles."
    if phase == "reveal" and controller.story is not None:
        return controller.story.headline
    if phase == "rethrow":
        return "Your Double Perfect: throw the dice again, or keep them?"
    if phase == "pass":
        return f"Pass the device to {controller.pass_to}."
    if phase in ("hand-over", "session-over"):
        return controller.last_announcement
    return ""


def _person_label(controller: DiceController, seats: Sequence[int]) -> str:
    seat = controller.human_seat
    chips = controller.session.chips[seat]
    name = controller.names[seat]
    out = "" if seat in seats else " · sits out"
    return f"{name} · {chips} chip{'s' * (chips != 1)}{out}"
