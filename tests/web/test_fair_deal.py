"""What the table says about its committed deals: the fingerprint in play, the next hand's at
the end of a hand, and Verify's verdict, refusing a save whose seed was changed."""

from __future__ import annotations

import re

from engine.fair_deals import fingerprint
from engine.line.match import Match
from tests.helpers.controllers import play_to_hand_end
from web.fair_deal import ended_words, in_play_words, verified_words
from web.line.controller import Controller, Settings


def test_a_new_match_shows_its_first_hands_fingerprint_before_play() -> None:
    controller = Controller(Settings.for_variant("draw-2", level="greedy"), seed=17)
    seal = controller.match.seal(1)
    assert seal is not None
    said = in_play_words(controller.match)
    assert fingerprint(seal.commitment) in said
    assert str(seal.seed) not in said and str(seal.salt) not in said


def test_the_end_of_a_hand_shows_the_next_hands_fingerprint_before_its_deal() -> None:
    controller = Controller(Settings.for_variant("draw-2", level="greedy"), seed=17)
    play_to_hand_end(controller)
    next_seal = controller.match.seal(2)
    assert next_seal is not None
    said = ended_words(controller.match)
    assert f"The next hand's fingerprint: {fingerprint(next_seal.commitment)}." in said
    controller.next_hand()
    assert controller.match.seal(2) == next_seal
    assert fingerprint(next_seal.commitment) in in_play_words(controller.match)


def test_verify_says_the_deal_is_the_one_committed_to() -> None:
    controller = Controller(Settings.for_variant("all-fives", level="greedy"), seed=3)
    play_to_hand_end(controller)
    said = verified_words(controller.match)
    seal = controller.match.seal(1)
    assert seal is not None
    assert said.startswith("Verified: ")
    assert f"Its seed {seal.seed} and salt {seal.salt}" in said
    next_seal = controller.match.seal(2)
    assert next_seal is not None
    assert said.endswith(f"The next hand's fingerprint: {fingerprint(next_seal.commitment)}."), (
        "kept after Verify"
    )


def test_a_restored_save_whose_seed_was_changed_is_not_verified() -> None:
    controller = Controller(Settings.for_variant("draw-2", level="greedy"), seed=17)
    play_to_hand_end(controller)
    text = re.sub(
        r'\[DealSeed "(\d+)"\]', lambda found: f'[DealSeed "{int(found.group(1)) + 1}"]', controller.save()
    )
    restored = Controller.restore(text)
    said = verified_words(restored.match)
    assert said.startswith("Not verified. Hand 1 does not verify")


def test_the_days_deal_is_not_committed_and_says_nothing() -> None:
    """A hand with no commitment (a daily deal, a position) has no fingerprint line."""
    settings = Settings.for_variant("draw-2")
    plain = Controller.over(settings, Match(settings.rules(), 5))
    assert in_play_words(plain.match) == ""
    assert ended_words(plain.match) == ""
