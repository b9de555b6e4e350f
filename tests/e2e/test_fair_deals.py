"""Deals anyone can verify, in the browser: the fingerprint on the score sheet before play,
the next hand's at the end of a hand, Verify's verdict, the record carrying all three, and
the Fair play words with their page, served with the app."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from engine.line.notation import read_record
from engine.line.verify import Verdict, check_deals
from tests.e2e.table import play_hand_with_buttons
from tests.helpers.browser import OpenApp

GAME = "?variant=draw-2&aidelay=0"  # (no seed: a link that names one deals uncommitted)
FINGERPRINT = r"[0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}"


def test_a_hands_fingerprint_is_shown_before_play_and_its_deal_verifies_after(open_app: OpenApp) -> None:
    page = open_app(GAME).page
    page.click("#score")
    sheet_said = page.locator("#sheet-deal").inner_text()
    first = re.search(FINGERPRINT, sheet_said)
    assert first is not None, sheet_said
    assert "seed" in sheet_said and "shown when the hand ends" in sheet_said
    page.keyboard.press("Escape")

    play_hand_with_buttons(page)
    said = page.locator("#hand-deal-said")
    expect(said).to_contain_text(f"This hand's deal had the fingerprint {first.group(0)} before play.")
    upcoming = re.search(rf"The next hand's fingerprint: ({FINGERPRINT})", said.inner_text())
    assert upcoming is not None
    page.click("#verify-deal-btn")
    expect(said).to_contain_text("Verified: this hand was dealt as fixed before play.")
    expect(said).to_contain_text(f"give the fingerprint {first.group(0)}, and that seed deals")
    expect(said).to_contain_text(f"The next hand's fingerprint: {upcoming.group(1)}.")
    expect(page.locator("#verify-deal-btn")).to_be_hidden()

    record = page.evaluate("localStorage.getItem(JSON.parse(window.dominoesTest.state()).save_key)")
    match = read_record(record)
    assert check_deals(match)[0].verdict is Verdict.VERIFIED
    seal = match.seal(1)
    assert seal is not None and seal.seed is not None
    assert f"Its seed {seal.seed} and salt {seal.salt}" in said.inner_text()

    page.click("#next-hand-btn")
    page.click("#score")
    expect(page.locator("#sheet-deal")).to_contain_text(
        f"Hand 2 was dealt from a seed fixed before the deal, with the fingerprint {upcoming.group(1)}."
    )


def test_a_save_whose_salt_was_changed_is_not_verified(
    open_app: OpenApp, wait_until_ready: Callable[[Page], None]
) -> None:
    """Someone edits the revealed salt in the browser's storage: the restored hand's Verify
    says it does not hash to the commitment made before play."""
    page = open_app(GAME).page
    play_hand_with_buttons(page)
    key = page.evaluate("JSON.parse(window.dominoesTest.state()).save_key")
    record = page.evaluate("(key) => localStorage.getItem(key)", key)
    salt = re.search(r'\[DealSalt "([0-9a-f]{32})"\]', record)
    assert salt is not None
    forged = record.replace(salt.group(1), "0" * 32 if salt.group(1) != "0" * 32 else "1" * 32)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, forged])
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#hand-dialog")).to_be_visible()
    page.click("#verify-deal-btn")
    expect(page.locator("#hand-deal-said")).to_contain_text(
        "Not verified. Hand 1 does not verify: its seed and salt do not hash to its commitment."
    )


def test_the_rules_say_how_the_computer_plays_fair_and_link_to_the_page_that_proves_it(
    open_app: OpenApp,
) -> None:
    page = open_app(GAME).page
    page.click("#rules-btn")
    fair = page.locator(".fair-play")
    expect(fair).to_contain_text("They never see your tiles or the boneyard")
    link = fair.get_by_role("link", name="How the table plays fair")
    with page.context.expect_page() as opened:
        link.click()
    about = opened.value
    about.wait_for_load_state()
    expect(about.locator("h1")).to_have_text("How the table plays fair")
    expect(about.locator("body")).to_contain_text("test_no_bot_peeks_at_hidden_tiles")
    expect(about.locator("body")).to_contain_text("python -m engine.notation verify game.txt")
