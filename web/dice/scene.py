"""What the Dice and Dominoes table shows, placed on the canvas: pure data, no drawing.

Three bands, each measured before anything is placed, so that no text lies on a tile or on
other text at any size:

- along the top, a card for each other player: a name plate (name, chips on its badge, lit
  while they are still choosing), the backs of the tiles they hold beside the two tiles they
  put out (covered until everyone has chosen, then as revealed), and what became of them;
- in the middle, the dice, the pot and the boneyard on a plate, the result of a hand, and the
  discard pile face up;
- at the bottom, the person's choice (the tiles they picked, each with its fate or face)
  and their plate above their hand. Held sideways (a phone, a wide frame) the choice stands
  beside the hand and the middle is one row: dice, plate, pile.

:func:`build_dice_scene` places it all for a canvas size; :mod:`web.dice.render` draws it.

Standard library, the engine, :mod:`web.rect`, :mod:`web.plates`, :mod:`web.text_metrics`
and :mod:`web.tile_drawing` only; no browser imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.dice.hand import DiceRound
from engine.tiles import Tile
from web.dice.controller import DiceController
from web.plates import Plate, fit_plate
from web.rect import Rect
from web.text_metrics import text_width
from web.tile_drawing import PLAYABLE_LIFT, TileSprite

__all__ = [
    "FATE_SIZE",
    "FATE_WORDS",
    "STATUS_SIZE",
    "DiceScene",
    "DiceSeatCard",
    "PutOut",
    "build_dice_scene",
]

_PAD = 8.0
FATE_SIZE = 11.0
"""The size of the words under the person's revealed tiles ("discarded", "taken back")."""
FATE_WORDS = {"discarded": "discarded", "back": "taken back", "kept": "face down"}
STATUS_SIZE = 11.0
"""The size of a card's status line ("has chosen", "discards 5-3")."""
STATUS_PADDING = 5.0
"""The status pill's padding each side of its words."""
_LINE = 16.0
"""The height of a line of words at those sizes."""
_SIDEWAYS = 1.3
"""A canvas this many times wider than it is tall is laid out sideways."""
BANNER_PADDING = 10.0
"""The padding of the result's pill each side of its words."""
_BANNER_H = 26.0
"""The height of the hand's result written on its pill."""
_COMPACT_HEIGHT = 200.0
"""A sideways canvas under this height (a small frame) puts the dice in the top row."""


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
    plate: Plate
    """The name plate: the name, the chips on its badge; lit while the player is choosing."""
    status_at: tuple[float, float]
    """The centre of the status line, under the tiles."""
    status_news: bool = False
    """Whether the status is news, written on a pill ("has chosen", "discards 5-3"), rather
    than a state ("choosing…", "sits out")."""
    status_words: str = ""
    """The status as written: shorter words on a narrow card ("back 3-1" for "takes back 3-1")."""
    status_size: float = STATUS_SIZE
    """The status line's size: smaller on a narrow card, so that it fits."""


@dataclass(frozen=True)
class DiceScene:
    """The whole dice table at one size."""

    width: float
    height: float
    dice: tuple[int, int]
    dice_rects: tuple[Rect, Rect]
    pot_text: str
    pot_plate: Plate
    """The pot and the boneyard, on a plate under the dice (or beside them, held sideways)."""
    cards: tuple[DiceSeatCard, ...]
    discards: tuple[TileSprite, ...]
    discard_label: tuple[float, float]
    """Where "Discards" is written (its left end and middle), just above the pile."""
    choice: tuple[PutOut, ...]
    """The person's tiles put out (or being chosen), in the slots above the hand."""
    choice_slots: tuple[Rect, ...]
    choice_label: str
    choice_label_at: tuple[float, float] | None
    """The centre of the choice's label, or ``None`` where there is no room for it (the
    footer says the same)."""
    fates: tuple[tuple[str, str, float, float], ...]
    """The words under the person's tiles put out: (words, fate, centre x, centre y)."""
    hand: tuple[tuple[Tile, TileSprite], ...]
    hidden_hand: tuple[TileSprite, ...]
    """The backs of the person's tiles while the device is being passed."""
    mine: tuple[tuple[Tile, Rect], ...]
    """Where each chosen tile can be tapped to flip it (while choosing)."""
    caption: str
    """What to do or what happened, in a line (the footer says it too)."""
    banner: str
    """The hand's or the game's result, written across the table when one ends ("" otherwise)."""
    banner_anchor: tuple[float, float] | None
    """Where the result's pill is centred (``None``: it is written on the pot's plate)."""
    banner_size: float
    """The result's size: up to 16 px, smaller if its words are long for the canvas."""
    person_plate: Plate
    """The person's plate above their hand: name, chips on the badge, lit while they choose."""

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
    sideways = width >= _SIDEWAYS * height
    compact = sideways and height < _COMPACT_HEIGHT
    plate_h = _plate_height(width, height)
    others = [seat for seat in range(session.players) if seat != controller.human_seat]
    order = sorted(others, key=lambda seat: (seat - controller.human_seat) % session.players)

    # The other players' cards along the top.
    # (Held sideways in a short frame, the dice and the pot take a cell of that row.)
    cards: list[DiceSeatCard] = []
    cards_bottom = 0.0
    cells = len(order) + compact
    card_w = min(260.0, (width - _PAD * (cells + 1)) / max(1, cells))
    card_h = 0.0
    left = (width - (card_w * cells + _PAD * (cells - 1))) / 2
    if order:
        held = max((len(hand.hands[seats.index(seat)]) for seat in order if seat in seats), default=0)
        small = _card_unit(card_w, held, height / (9.0 if sideways else 16.0))
        card_h = _card_height(small, plate_h)
        for number, seat in enumerate(order):
            rect = Rect(left + number * (card_w + _PAD), _PAD / 2, card_w, card_h)
            cards.append(_card(controller, seat, rect, small, plate_h, revealed, show_all))
        cards_bottom = _PAD / 2 + card_h

    # The person's band at the bottom, then the middle in what is left.
    shown = controller.hand_shown()
    count = max(4, len(shown))
    choice_label = _choice_label(controller)
    label_room = 0.0 if sideways or not choice_label else _LINE
    fate_w = max(text_width(words, FATE_SIZE) for words in (*FATE_WORDS.values(), "face up")) + 8
    unit = _hand_unit(width, height, cards_bottom, count, sideways, plate_h, label_room, fate_w)
    slot_step = max(unit * 2.2, fate_w)
    lift = unit * PLAYABLE_LIFT + 2  # (a tile that may be chosen stands a little proud)
    if sideways:
        band_top = height - _PAD / 2 - (plate_h + lift + 2 * unit + _LINE)
        hand_w = count * unit * 1.25 - unit * 0.25
        choice_w = slot_step + max(unit, fate_w)  # (the words under a tile may be wider than it)
        gap = max(unit, 16.0)
        pile_w = max(0.0, (width - 2 * _PAD - hand_w - choice_w - 2 * gap)) if compact else 0.0
        start = (width - (hand_w + gap + choice_w + (gap + pile_w) * compact)) / 2
        hand_centre = start + hand_w / 2
        hand_top = band_top + plate_h + lift
        choice_centre = start + hand_w + gap + choice_w / 2
        choice_top = hand_top
        plate_left = max(_PAD / 2, start - 4)  # (inside the canvas when the band fills the width)
        plate_area = Rect(plate_left, band_top, max(hand_w + start + 4 - plate_left, 120.0), plate_h)
        plate_align = "left"
        middle_bottom = band_top - 2
    else:
        hand_top = height - _PAD / 2 - 2 * unit
        hand_centre = width / 2
        band_top = hand_top - lift - plate_h
        choice_top = band_top - _LINE - 2 * unit
        choice_centre = width / 2
        plate_area = Rect(_PAD, band_top, width - 2 * _PAD, plate_h)
        plate_align = "centre"
        middle_bottom = choice_top - label_room - 2
    # Every tile keeps the place it had in the whole hand: a tile picked leaves a gap, so the
    # next tap lands on the tile that was under the finger.
    chosen = [picked.tile for picked in controller.picked]
    in_hand = list(shown)
    for tile in chosen:
        if tile in in_hand:
            in_hand.remove(tile)
    places = dict(zip(shown, _row(len(shown), unit, hand_centre, hand_top), strict=True))
    hand_sprites = tuple(
        (tile, _upright(places[tile], tile, playable=controller.phase == "choose")) for tile in in_hand
    )
    hidden: tuple[TileSprite, ...] = ()
    if controller.hand_hidden and view is not None:
        hidden = tuple(_upright(rect, None) for rect in _row(len(view.hand), unit, hand_centre, hand_top))
    choice_slots = tuple(_spaced_row(2, unit, choice_centre, choice_top, slot_step))
    choice, mine = _person_choice(controller, choice_slots, revealed)
    fates = tuple(
        (words, put.fate or ("up" if put.face_up else "down"), slot.x + slot.w / 2, slot.bottom + _LINE / 2)
        for put, slot in zip(choice, choice_slots, strict=False)
        for words in [_fate_words(put)]
    )
    label_at = (width / 2, choice_top - _LINE / 2 - 1) if label_room and choice_label else None
    person_plate = fit_plate(
        plate_area,
        _chips_wordings(controller.names[controller.human_seat], controller.human_seat not in seats),
        session.chips[controller.human_seat],
        lit=controller.phase == "choose",
        align=plate_align,
    )

    # The middle: the dice, the pot and the boneyard, the hand's result, the discard pile.
    middle_top = cards_bottom + _PAD / 2
    space = max(24.0, middle_bottom - middle_top)
    view_count = view.boneyard_count if view is not None else len(hand.boneyard)
    pot_words = (f"Pot {session.pot} · Boneyard {view_count}", f"Pot {session.pot} · Pile {view_count}")
    banner = controller.result_banner() if controller.revealed is None else ""
    if compact:  # the dice and the pot in the last cell of the top row, the pile at the bottom right
        cell = Rect(left + len(order) * (card_w + _PAD), _PAD / 2, card_w, max(card_h, 2 * plate_h + 16))
        die = max(12.0, min(48.0, (cell.h - plate_h - 10), cell.w / 2.6))
        dice_left = cell.x + (cell.w - 2.3 * die) / 2
        dice_top = cell.y + 4
        pot_plate = _pot_plate(Rect(cell.x, dice_top + die + 4, cell.w, plate_h), pot_words, banner)
        banner_anchor = None
        pile_left = choice_centre + choice_w / 2 + gap
        pile_area = Rect(
            pile_left, band_top + _LINE, width - _PAD - pile_left, height - band_top - _LINE - _PAD / 2
        )
    elif sideways:
        die = max(16.0, min(64.0, space * 0.7, width / 9))
        dice_left = width * 0.08
        dice_top = middle_top + (space - die) / 2
        pot_left = dice_left + 2.3 * die + 8
        pot_w = min(220.0, width * 0.3)
        pot_top = middle_top + max(0.0, (space - plate_h) / 2)
        pot_plate = _pot_plate(Rect(pot_left, pot_top, pot_w, plate_h), pot_words, banner)
        banner_anchor = None
        pile_left = pot_left + pot_w + 8
        pile_area = Rect(pile_left, middle_top + _LINE, width - pile_left - _PAD, space - _LINE)
    else:
        die = max(16.0, min(80.0, width / 7, (space - plate_h - _LINE) * 0.42))
        dice_left = width / 2 - die * 1.15
        dice_top = middle_top + 4
        pot_top = dice_top + die + 4
        pot_plate = fit_plate(Rect(_PAD, pot_top, width - 2 * _PAD, plate_h), pot_words, None)
        banner_anchor = (width / 2, pot_top + plate_h + 4 + _BANNER_H / 2)
        below = pot_top + plate_h + (_BANNER_H + 8 if banner else 4.0)
        pile_area = Rect(_PAD, below + _LINE, width - 2 * _PAD, middle_bottom - below - _LINE)
    dice_rects = (
        Rect(dice_left, dice_top, die, die),
        Rect(dice_left + die * 1.3, dice_top, die, die),
    )
    discards = _pile(hand.discards, pile_area)
    return DiceScene(
        width=width,
        height=height,
        dice=hand.dice,
        dice_rects=dice_rects,
        pot_text=f"Pot {session.pot}",
        pot_plate=pot_plate,
        cards=tuple(cards),
        discards=discards,
        discard_label=(discards[0].rect.x if discards else pile_area.x, pile_area.y - _LINE / 2),
        choice=choice,
        choice_slots=choice_slots,
        choice_label=choice_label,
        choice_label_at=label_at,
        fates=fates,
        hand=hand_sprites,
        hidden_hand=hidden,
        mine=mine,
        caption=_caption(controller),
        banner=banner,
        banner_anchor=banner_anchor,
        banner_size=_banner_size(banner, width),
        person_plate=person_plate,
    )


def _pot_plate(area: Rect, pot_words: tuple[str, ...], banner: str) -> Plate:
    """The pot's plate held sideways: the hand's result takes it, lit, when a hand ends (a
    pill as wide as the result would cover the pile)."""
    return fit_plate(area, (banner,) if banner else pot_words, None, lit=bool(banner))


def _banner_size(banner: str, width: float) -> float:
    """The largest size up to 16 px (down to 9) at which the result on its pill fits the canvas."""
    size = float(min(16, int(width / 24)))
    while size > 9 and text_width(banner, size) + 2 * BANNER_PADDING > width - 2 * _PAD:
        size -= 1
    return size


def _plate_height(width: float, height: float) -> float:
    """A plate's strip: larger on larger screens, as on the line table."""
    short = min(width, height)
    return 20.0 if short < 240 else 24.0 if short < 600 else 28.0


def _card_unit(card_w: float, held: int, most: float) -> float:
    """The width of the small tiles on a card: its backs (at 0.7 of it) and its two tiles put
    out side by side in the card's width, and no taller than ``most`` allows."""
    across = held * 0.7 * 1.25 + 2 * 1.4 + 0.6
    return max(6.0, min(22.0, (card_w - 2 * _PAD) / across, most / 2))


def _card_height(small: float, plate_h: float) -> float:
    return _PAD / 2 + plate_h + 4 + 2 * small + 4 + _LINE + _PAD / 2


def _hand_unit(
    width: float,
    height: float,
    top: float,
    count: int,
    sideways: bool,
    plate_h: float,
    label_room: float,
    fate_w: float,
) -> float:
    """The person's tiles' width: as large as the width and the height left under the cards
    allow, leaving the middle at least a third of that height (and room for the dice).
    Sideways, the hand and the choice share one row, the words under a chosen tile
    (``fate_w`` wide) included."""
    free = height - top - _PAD
    if sideways:
        tall = (free * 0.62 - plate_h - _LINE) / 2
        across = min(56.0, tall)
        while across > 10 and _band_width(count, across, fate_w) > width - 2 * _PAD:
            across -= 0.5
    else:
        across = (width - 2 * _PAD) / (count * 1.25)
        tall = (free * 0.6 - 2 * plate_h - _LINE - label_room) / 4
    return max(10.0, min(56.0, across, tall))


def _band_width(count: int, unit: float, fate_w: float) -> float:
    """How wide the sideways band's hand and choice are with tiles of ``unit``."""
    hand_w = count * unit * 1.25 - unit * 0.25
    choice_w = max(unit * 2.2, fate_w) + max(unit, fate_w)
    return hand_w + max(unit, 16.0) + choice_w


def _spaced_row(count: int, unit: float, centre_x: float, top: float, step: float) -> list[Rect]:
    """``count`` upright tiles of width ``unit``, ``step`` apart (left edge to left edge),
    centred on ``centre_x``."""
    left = centre_x - ((count - 1) * step + unit) / 2
    return [Rect(left + index * step, top, unit, 2 * unit) for index in range(count)]


def _fate_words(put: PutOut) -> str:
    if put.fate:
        return FATE_WORDS.get(put.fate, put.fate)
    return "face up" if put.face_up else "face down"


def _chips_wordings(name: str, sits_out: bool) -> tuple[str, ...]:
    """A plate's words for a player of the dice game (the chips are on its badge)."""
    if sits_out:
        return (f"{name} · sits out", f"{name} · out", name)
    return (f"{name} · chips", name)


def _card(
    controller: DiceController,
    seat: int,
    rect: Rect,
    small: float,
    plate_h: float,
    revealed: DiceRound | None,
    show_all: bool,
) -> DiceSeatCard:
    session = controller.session
    seats = session.seats_in_hand
    chips = session.chips[seat]
    name = controller.names[seat]
    tiles_top = rect.y + _PAD / 2 + plate_h + 4
    status_at = (rect.x + rect.w / 2, tiles_top + 2 * small + 4 + _LINE / 2)
    plate_area = Rect(rect.x, rect.y + _PAD / 2, rect.w, plate_h)
    if seat not in seats:
        plate = fit_plate(plate_area, _chips_wordings(name, True), chips)
        words, size = _fit_status("sits out", rect.w)
        return DiceSeatCard(
            seat, name, rect, chips, "sits out", (), (), (), plate, status_at, False, words, size
        )
    index = seats.index(seat)
    tiles = controller.hand.hands[index]
    held = len(tiles)
    backs_w = held * small * 0.7 * 1.25 - small * 0.7 * 0.25
    slots_w = small * 1.4 + small
    gap = small * 0.6
    left = rect.x + (rect.w - (backs_w + gap + slots_w)) / 2
    back_rects = _row(held, small * 0.7, left + backs_w / 2, tiles_top + small * 0.6)
    backs = tuple(_upright(r, tile if show_all else None) for r, tile in zip(back_rects, tiles, strict=True))
    slots = tuple(_spaced_row(2, small, left + backs_w + gap + slots_w / 2, tiles_top, small * 1.4))
    put_out: tuple[PutOut, ...] = ()
    choosing = False
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
        choosing = True
    else:
        status = "choosing…"
        choosing = True
    plate = fit_plate(plate_area, _chips_wordings(name, False), chips, lit=choosing)
    words, size = _fit_status(status, rect.w)
    news = not choosing and status != "nothing face up"
    return DiceSeatCard(
        seat, name, rect, chips, status, backs, put_out, slots, plate, status_at, news, words, size
    )


def _fit_status(status: str, room: float) -> tuple[str, float]:
    """The status line as it fits ``room`` on its pill: the largest size up to
    :data:`STATUS_SIZE` (down to 8 px), in shorter words if need be ("back 3-1", "3-1")."""
    shorter = (
        status.replace("takes back ", "back ")
        .replace("discards ", "drops ")
        .replace("deciding on the dice", "deciding")
    )
    tiles_only = shorter.split(" ", 1)[1] if shorter.startswith(("back ", "drops ")) else shorter
    for words in dict.fromkeys((status, shorter, tiles_only)):
        size = STATUS_SIZE
        while size >= 8:
            if text_width(words, size) + 2 * STATUS_PADDING <= room - 4:
                return words, size
            size -= 1
    return tiles_only, 8.0


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


def _pile(discards: Sequence[Tile], area: Rect) -> tuple[TileSprite, ...]:
    """The discard pile face up in rows across ``area``, small enough to fit it."""
    if not discards or area.h <= 8 or area.w <= 8:
        return ()
    usable = min(area.w, 720.0)
    unit = 20.0
    while unit > 4:
        per_row = max(1, int((usable + unit * 0.2) // (unit * 1.2)))
        rows = -(-len(discards) // per_row)
        if rows * (2 * unit + 4) <= area.h:
            break
        unit -= 1
    per_row = min(len(discards), max(1, int((usable + unit * 0.2) // (unit * 1.2))))
    left = area.x + (area.w - (per_row * unit * 1.2 - unit * 0.2)) / 2
    sprites = []
    for number, tile in enumerate(discards):
        row, column = divmod(number, per_row)
        rect = Rect(left + column * unit * 1.2, area.y + row * (2 * unit + 4), unit, 2 * unit)
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
