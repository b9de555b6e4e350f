"""The day's deal on the page (see ``docs/puzzles.md``).

- :mod:`web.daily.controller`: the deal of the day, one hand, no moves taken back, no hints.
- :mod:`web.daily.expert`: the same deal played again by the Expert in the person's seat.
- :mod:`web.daily.table`: the deal at the table, and the two results side by side.

Nothing here is imported at boot unless the link asks for the day's deal (``?daily=block``).
"""

__all__ = ["DAILY_CLICKS"]

DAILY_CLICKS = ("daily-review-btn", "daily-expert-btn", "daily-share-btn", "daily-leave-btn")
"""The ids of the day's deal's own buttons in the footer (the app sends their clicks to the table)."""
