"""What each seat said on its last turn, to show at its place: "Pass", "Draws 2", "15!".

Worked out from the hand's public history alone (so a reloaded or replayed table shows the
same): a seat's call-out holds the passes, draws and scores of its latest turn, and goes when
its next turn starts. A tile laid that scores nothing says nothing; the log says everything.
Standard library and the engine only.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.line.events import Drew, Passed, Penalized, Played, Scored

__all__ = ["seat_calls"]


def seat_calls(history: Iterable[object]) -> dict[int, str]:
    """Each seat's call-out, from a hand's public events (seats with nothing to say left out)."""
    words: dict[int, list[str]] = {}
    claimed: dict[int, list[str]] = {}
    """Scores a seat claimed out of its turn (muggins): shown at once, and through its next turn."""
    draws: dict[int, int] = {}
    turn_of: int | None = None
    for event in history:
        if isinstance(event, Played | Drew | Passed):
            seat = event.seat
            if seat != turn_of:  # a new turn: what the seat said last time is old news
                words[seat] = claimed.pop(seat, [])
                draws[seat] = 0
                turn_of = seat
            if isinstance(event, Drew):
                draws[seat] += 1
                said = words[seat]
                said[:] = [word for word in said if not word.startswith("Draws")]
                said.insert(0, "Draws" if draws[seat] == 1 else f"Draws {draws[seat]}")
            elif isinstance(event, Passed):
                words[seat].append("Pass")
        elif isinstance(event, Scored):
            words.setdefault(event.seat, []).append(f"{event.points}!")
            if event.seat != turn_of:
                claimed.setdefault(event.seat, []).append(f"{event.points}!")
        elif isinstance(event, Penalized):
            words.setdefault(event.seat, []).append(f"\N{MINUS SIGN}{event.points}")
    return {seat: " · ".join(said) for seat, said in words.items() if said}
