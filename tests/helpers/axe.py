"""axe-core in the page: the accessibility rules the browser tests hold every screen to."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

__all__ = ["AXE", "axe_rule_violations", "axe_violations"]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core's script, from the npm dev dependency."""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                          nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' '))}))"""
    )
    return list(found)


def axe_rule_violations(page: Page, rule: str) -> list[str]:
    """Where axe-core's rule ``rule`` (of any impact) fails on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    found = page.evaluate(
        """async (rule) => (await axe.run(document, {runOnly: [rule], resultTypes: ['violations']}))
            .violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))""",
        rule,
    )
    return list(found)
