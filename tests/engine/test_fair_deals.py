"""Deals anyone can verify: each hand dealt from a seed committed to before the deal, the seed
and salt revealed once the hand is over, and the check that refuses any change to either."""

from __future__ import annotations

import hashlib
import random
import re

import pytest

from engine.errors import NotationError
from engine.fair_deals import DealSeal, commitment, fingerprint, hand_salt, hand_seed
from engine.line.events import Deal
from engine.line.match import Match
from engine.line.notation import read_record, write_record
from engine.line.notation.position import write_position
from engine.line.variants import VARIANTS, make_rules
from engine.line.verify import Verdict, check_deals
from engine.notation.__main__ import main


def played(variant: str, seed: int, moves: int = 3000, **kwargs: object) -> Match:
    """A committed match of ``variant`` played at random for up to ``moves`` moves."""
    match = Match(make_rules(variant), seed, committed=True, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        if match.hand.is_over:
            match.next_hand()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def test_the_commitment_is_the_sha256_of_seed_colon_salt_as_documented() -> None:
    """Anyone can recompute it with a SHA-256 tool: ``printf '%s' "SEED:SALT" | sha256sum``."""
    seed, salt = hand_seed(42, 1), hand_salt(42, 1)
    assert commitment(seed, salt) == hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()
    assert re.fullmatch(r"[0-9a-f]{32}", salt)
    assert 0 <= seed < 2**64
    assert fingerprint(commitment(seed, salt)) == " ".join(
        commitment(seed, salt)[start : start + 4] for start in (0, 4, 8)
    )


def test_every_hand_has_its_own_seed_and_salt() -> None:
    seeds = {hand_seed(7, number) for number in range(1, 200)} | {hand_seed(8, 1)}
    salts = {hand_salt(7, number) for number in range(1, 200)}
    assert len(seeds) == 200
    assert len(salts) == 199


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_finished_hand_of_a_committed_match_verifies(variant: str) -> None:
    match = played(variant, 31)
    checks = check_deals(match)
    finished = [hand.is_over for hand in match.hands]
    assert [check.verdict for check in checks] == [
        Verdict.VERIFIED if over else Verdict.OPEN for over in finished
    ]
    assert all(check.number == number for number, check in enumerate(checks, start=1))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_committed_record_reads_back_to_the_same_text_and_still_verifies(variant: str) -> None:
    match = played(variant, 32, moves=400)
    text = write_record(match)
    again = read_record(text)
    assert write_record(again) == text
    assert again.committed
    assert [check.verdict for check in check_deals(again)] == [check.verdict for check in check_deals(match)]


def test_a_hand_in_play_shows_its_commitment_and_keeps_its_seed_and_salt_back() -> None:
    match = played("draw-2", 5, moves=3)
    assert not match.hand.is_over
    seal = match.seal(1)
    assert seal is not None and seal.holds()
    text = write_record(match)
    assert f'[Commitment "{seal.commitment}"]' in text
    assert str(seal.seed) not in text.split('[Hand "1"]')[1]
    assert seal.salt is not None and seal.salt not in text
    assert [check.verdict for check in check_deals(read_record(text))] == [Verdict.OPEN]


def test_once_the_hand_is_over_the_record_reveals_its_seed_and_salt() -> None:
    match = played("draw-2", 5)
    text = write_record(match)
    for number, hand in enumerate(match.hands, start=1):
        seal = match.seal(number)
        assert seal is not None
        assert (f'[DealSeed "{seal.seed}"]' in text) == hand.is_over
        assert (f'[DealSalt "{seal.salt}"]' in text) == hand.is_over


def test_the_hands_seed_deals_the_hand() -> None:
    """Dealing from the revealed seed alone gives the tiles each seat held."""
    match = played("block", 9)
    seal = match.seal(2)
    assert seal is not None and seal.seed is not None
    assert match.seeded_deal(2, seal.seed).hand.dealt == match.hands[1].dealt
    assert match.seeded_deal(2, seal.seed + 1).hand.dealt != match.hands[1].dealt


def test_a_record_without_the_match_seed_verifies_from_its_own_tags() -> None:
    text = write_record(played("draw", 99))
    without = re.sub(r'\[Seed "-?\d+"\]\n', "", text)
    match = read_record(without)
    assert match.seed is None
    assert write_record(match) == without
    assert {check.verdict for check in check_deals(match)} == {Verdict.VERIFIED}


def changed(text: str, name: str, change: object, count: int = 1) -> str:
    """``text`` with the value of the first ``count`` tags ``name`` changed by ``change``."""
    return re.sub(
        rf'\[{name} "([^"]*)"\]', lambda found: f'[{name} "{change(found.group(1))}"]', text, count=count
    )  # type: ignore[operator]


def other_hex(value: str) -> str:
    return ("1" if value[0] == "0" else "0") + value[1:]


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("DealSeed", lambda value: str(int(value) + 1)),
        ("DealSalt", other_hex),
        ("Commitment", other_hex),
    ],
    ids=["a changed seed", "a changed salt", "a changed commitment"],
)
def test_a_changed_seed_salt_or_commitment_is_refused_naming_the_hand(name: str, change: object) -> None:
    text = write_record(played("draw-2", 12))
    match = read_record(changed(text, name, change))
    checks = check_deals(match)
    assert checks[0].verdict is Verdict.BROKEN
    assert checks[0].said.startswith("Hand 1 does not verify")
    assert {check.verdict for check in checks[1:]} == {Verdict.VERIFIED}


def test_a_seed_and_salt_that_hash_right_but_are_not_the_matchs_are_refused() -> None:
    """A table that dealt from a seed of its choosing could publish a matching commitment only
    by breaking the chain from the match's seed."""
    text = write_record(played("draw-2", 12))
    seal = DealSeal(commitment(123, "ab" * 16), 123, "ab" * 16)
    forged = changed(
        changed(changed(text, "Commitment", lambda _: seal.commitment), "DealSeed", lambda _: 123),
        "DealSalt",
        lambda _: seal.salt,
    )
    checks = check_deals(read_record(forged))
    assert checks[0].verdict is Verdict.BROKEN
    assert "not the one the match's seed gives" in checks[0].said


@pytest.mark.parametrize("variant", ["draw-2", "partnership-block", "cut-throat"])
def test_a_deal_other_than_the_committed_one_is_refused(variant: str) -> None:
    """A match whose first hand was dealt from another seed than its commitment's: the table
    swapped the deal after committing."""
    rules = make_rules(variant)
    other = Match(rules, 777, committed=True).hand
    swapped = played(variant, 3, deals=[Deal(other.dealt, other.stock)])
    checks = check_deals(swapped)
    assert checks[0].verdict is Verdict.BROKEN
    assert "not the ones its seed deals" in checks[0].said or "draw for" in checks[0].said


def test_a_lead_draw_other_than_the_committed_one_is_refused() -> None:
    rules = make_rules("draw-2")
    assert rules.first_opener.name == "HIGH_DRAW"
    honest = Match(rules, 4, committed=True)
    rounds = [tuple(tile for _, tile in draw.draws) for draw in honest.lead_draws]
    swapped_rounds = [tuple(reversed(rounds[-1]))] if len(rounds[-1]) == 2 else rounds
    match = played("draw-2", 4, lead_rounds=swapped_rounds)
    assert match.lead_draws != honest.lead_draws
    assert match.hands[0].is_over
    assert "draw for the lead" in check_deals(match)[0].said


def test_a_hand_from_a_position_has_nothing_to_verify_and_later_hands_do() -> None:
    dealt = played("draw-2", 8, moves=4)
    position = write_position(dealt.hand, tuple(dealt.scores))
    match = Match(dealt.rules, 8, committed=True)
    match.start_from(dealt.hand.start_copy(), dealt.scores, position)
    assert match.seal(1) is None
    assert check_deals(match)[0].verdict is Verdict.UNSEALED


def test_taking_moves_back_keeps_the_commitments() -> None:
    match = played("draw-2", 21)
    again = match.replayed_to(1, 3)
    assert again.committed
    assert again.seal(2) == match.seal(2)
    assert again.hands[1].dealt == match.hands[1].dealt


def test_a_match_not_committed_deals_as_before_and_has_no_seals() -> None:
    rules = make_rules("draw-2")
    plain, committed = Match(rules, 5), Match(rules, 5, committed=True)
    assert plain.seal(1) is None
    assert "Commitment" not in write_record(plain) and "Deals" not in write_record(plain)
    assert plain.hand.dealt == Match(rules, 5).hand.dealt
    assert committed.hand.dealt != plain.hand.dealt
    assert check_deals(plain)[0].verdict is Verdict.UNSEALED


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda text: text.replace('[Deals "committed"]', '[Deals "random"]'), '"committed"'),
        (lambda text: text.replace('[Deals "committed"]\n', ""), '[Deals "committed"]'),
        (lambda text: changed(text, "Commitment", lambda value: value[:-1]), "64 hexadecimal digits"),
        (lambda text: changed(text, "DealSalt", lambda value: value.upper()), "32 hexadecimal digits"),
        (lambda text: changed(text, "DealSeed", lambda _: "12x"), "a whole number"),
        (lambda text: re.sub(r'\[DealSalt "[^"]*"\]\n', "", text, count=1), "[DealSalt"),
        (lambda text: re.sub(r'\[Commitment "[^"]*"\]\n', "", text, count=1), "[Commitment"),
    ],
    ids=[
        "another kind of deal",
        "seals without the tag",
        "a short commitment",
        "capitals",
        "a seed not a number",
        "a seed without its salt",
        "a seed without a commitment",
    ],
)
def test_malformed_seal_tags_are_refused_where_they_are(edit: object, expected: str) -> None:
    text = write_record(played("draw-2", 12))
    with pytest.raises(NotationError) as raised:
        read_record(edit(text))  # type: ignore[operator]
    assert raised.value.line is not None
    assert expected in (raised.value.expected or "")


def test_verify_on_the_command_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Exit 0 and "verified" when every finished hand verifies; else 1, naming the hand."""
    text = write_record(played("draw-2", 12))
    good = tmp_path / "good.txt"
    good.write_text(text, encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{good}: verified:")
    assert "Hand 1 verified" in out

    bad = tmp_path / "bad.txt"
    second = re.findall(r'\[DealSeed "(\d+)"\]', text)
    bad.write_text(
        text.replace(f'[DealSeed "{second[1]}"]', f'[DealSeed "{int(second[1]) + 1}"]'), encoding="utf-8"
    )
    assert main(["verify", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}: NOT verified: hand 2 does not match" in out
    assert "Hand 2 does not verify" in out


def test_verify_says_why_when_there_is_nothing_to_verify(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    plain = tmp_path / "plain.txt"
    plain.write_text(write_record(Match(make_rules("draw-2"), 5)), encoding="utf-8")
    started = tmp_path / "started.txt"
    started.write_text(write_record(played("draw-2", 5, moves=2)), encoding="utf-8")
    assert main(["verify", str(plain)]) == 1
    assert "deals were not committed" in capsys.readouterr().out
    assert main(["verify", str(started)]) == 1
    assert "nothing to verify yet" in capsys.readouterr().out
