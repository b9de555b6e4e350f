"""Whether an open dialog fits the viewport and shows its main button without scrolling."""

from __future__ import annotations

from playwright.sync_api import Page

__all__ = ["dialog_problems", "in_view"]

_FITS = """(dialogSelector) => {
    const dialog = document.querySelector(dialogSelector);
    const box = dialog.getBoundingClientRect();
    const problems = [];
    const [width, height] = [innerWidth, innerHeight];
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5)
        problems.push(`${dialogSelector} reaches past the viewport: ${JSON.stringify(box)}`);
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(dialog).overflowY);
    if (dialog.scrollHeight > dialog.clientHeight + 1 && !scrolls)
        problems.push(`${dialogSelector} is taller than its room and does not scroll`);
    return problems;
}"""


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the viewport and not covered (its centre is its own)."""
    return bool(
        page.locator(selector).first.evaluate(
            """(element) => {
                const box = element.getBoundingClientRect();
                if (box.width === 0 || box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth)
                    return false;
                const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                return hit === element || element.contains(hit);
            }"""
        )
    )


def dialog_problems(page: Page, dialog: str, button: str) -> list[str]:
    """What is wrong with the open ``dialog``: past the viewport, taller than its room without
    scrolling, or its main ``button`` out of view (each said in a line)."""
    problems: list[str] = page.evaluate(_FITS, dialog)
    if not in_view(page, button):
        problems.append(f"{dialog}'s main button {button} is not in view")
    return problems
