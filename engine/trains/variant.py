"""Mexican Train and Chicken Foot in the catalogue: what the app lists and explains of them
(name, group, summary, the rules panel's paragraphs, player counts and options, with the
defaults of ``shared/RULES.md``)."""

from __future__ import annotations

from engine.game import Option
from engine.trains.game import TrainGame
from engine.trains.rules import CHICKEN_FOOT, MEXICAN_TRAIN

__all__ = ["CHICKEN_FOOT_GAME", "MEXICAN_TRAIN_GAME", "TRAIN_GAMES", "TRAIN_GROUP"]

TRAIN_GROUP = "Train games"
"""The new-game dialog's group for the train family."""

_SOURCE = "shared/RULES.md, The train family (house rules vary; the common ones are options)"


def _double_blank(default: str) -> Option:
    return Option(
        "double-blank",
        "Double-blank left in hand",
        "What the 0-0 counts when it is left in a hand at the end of a round.",
        (("0", "Counts 0"), ("50", "Counts 50")),
        default,
        explains=(
            ("0", "The 0-0 left in a hand counts nothing, like its pips."),
            ("50", "The 0-0 left in a hand counts 50 points: get rid of it early."),
        ),
    )


MEXICAN_TRAIN_GAME = TrainGame(
    id=MEXICAN_TRAIN,
    name="Mexican Train",
    group=TRAIN_GROUP,
    source=_SOURCE,
    summary="Everyone builds a train from the engine; the Mexican train is for all. Doubles must be answered.",
    rules_text=(
        "Double-twelve set, 2 to 8 players (double-nine: 2 to 6). Thirteen rounds: the first "
        "round's engine is the 12-12, each later round the next lower double, down to the 0-0. "
        "The engine lies in the hub; 2 to 4 players are dealt 15 tiles, 5 or 6 players 12, 7 "
        "or 8 players 10 (double-nine: 10, 8). The rest is the boneyard.",
        "Everyone has a train of their own that starts at the hub with a tile matching the "
        "engine. The Mexican train, which anyone may start and extend, starts there too. Only "
        "you may play on your own train, unless it carries a marker.",
        "On your turn lay one tile: on your train, on the Mexican train, or on any train with "
        "a marker. If you cannot, draw one tile and lay it if it fits; if it does not, pass: a "
        "marker goes on your train, and anyone may play on it until you lay a tile on it again.",
        "Lay a double and you must answer it at once with a tile on it (drawing one if you "
        "must). A double left unanswered stays open and marks your train: every player in turn "
        "must answer it, and play nowhere else, drawing one tile if they cannot.",
        "The round ends when a player lays their last tile, or when the boneyard is empty and "
        "nobody can play. Everyone scores the pips left in their hand; after the last round the "
        "lowest total wins.",
    ),
    player_counts=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options=(
        Option(
            "set",
            "Domino set",
            "The set played with: its highest double is the first round's engine.",
            (("12", "Double-twelve (91 tiles)"), ("9", "Double-nine (55 tiles)")),
            "12",
            players=(2, 3, 4, 5, 6),
            explains=(
                ("12", "Double-twelve: thirteen rounds, from the 12-12 engine down to the 0-0."),
                ("9", "Double-nine: ten rounds, from the 9-9 engine down to the 0-0; fewer tiles each."),
            ),
        ),
        Option(
            "rounds",
            "Rounds",
            "How many rounds are played.",
            (("full", "Every double"), ("short", "Short game")),
            "full",
            explains=(
                ("full", "One round for every double of the set, down to the 0-0."),
                ("short", "A shorter game: double-twelve down to the 6-6, double-nine down to the 5-5."),
            ),
        ),
        Option(
            "opening-run",
            "Opening run",
            "On each player's first turn of a round they may lay a run of tiles on their own train.",
            (("off", "Off"), ("on", "On")),
            "off",
            explains=(
                ("off", "Every turn lays one tile (and the answer to a double)."),
                (
                    "on",
                    "On your first turn of a round you may lay as many tiles in a row on your own train as fit.",
                ),
            ),
        ),
        _double_blank("0"),
    ),
)
"""Mexican Train as the app lists it: options ``set``, ``rounds``, ``opening-run``, ``double-blank``."""


CHICKEN_FOOT_GAME = TrainGame(
    id=CHICKEN_FOOT,
    name="Chicken Foot",
    group=TRAIN_GROUP,
    source=_SOURCE,
    summary="Four arms from the centre double; every later double grows a three-toed chicken foot.",
    rules_text=(
        "Double-nine set, 2 to 8 players (or double-twelve). Ten rounds: the first round's "
        "centre double is the 9-9, each later round the next lower double, down to the 0-0. "
        "Tiles each with double-nine: 2 players 15, 3: 13, 4: 10, 5: 8, 6: 7, 7: 6, 8: 5. The "
        "rest is the chicken yard.",
        "The centre double must first get four tiles matching it, one on each side, before "
        "anything is played elsewhere.",
        "Any later double is laid across an open end and becomes a chicken foot: the next three "
        "tiles played, by whoever is to play, go on it as its three toes, matching its number, "
        "before anything is played elsewhere.",
        "On your turn lay one tile on any open end. If you cannot, draw one tile and lay it if it "
        "fits; else pass.",
        "The round ends when a player lays their last tile, or when the yard is empty and nobody "
        "can play. Everyone scores the pips left in hand (the 0-0 counts 50); after the last "
        "round the lowest total wins.",
    ),
    player_counts=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options=(
        Option(
            "set",
            "Domino set",
            "The set played with: its highest double is the first round's centre double.",
            (("9", "Double-nine (55 tiles)"), ("12", "Double-twelve (91 tiles)")),
            "9",
            explains=(
                ("9", "Double-nine: ten rounds, from the 9-9 down to the 0-0."),
                ("12", "Double-twelve: thirteen rounds, from the 12-12 down to the 0-0; more tiles each."),
            ),
        ),
        _double_blank("50"),
    ),
)
"""Chicken Foot as the app lists it: options ``set``, ``double-blank``."""

TRAIN_GAMES = {game.id: game for game in (MEXICAN_TRAIN_GAME, CHICKEN_FOOT_GAME)}
"""The train family's games by id, in the order the new-game dialog lists them."""
