"""Trees on the board: a layout that branches at spinners (the cross, the spinner of the fives
games, every double of double-nine cross), laid out by the search described below.

:func:`web.line.geometry.layout_tree` draws any layout with it (a plain line goes to the snake
of :func:`web.line.geometry.layout_line` instead): :func:`tree_nodes` checks the tree and
orders its tiles and open ends, :func:`tree_drawing` lays them out in cells, and
:func:`drawing_box` and :func:`in_units` turn the drawing into tile units.

Standard library only (no DOM, no engine).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from web.plane import MIN_LEGIBLE_UNIT, OPPOSITE, Box, Rect, board_margin, fit_unit, snap_unit

__all__ = ["TreeTile", "drawing_box", "end_key", "in_units", "tree_drawing", "tree_nodes"]


# --- trees: spinners and branches ----------------------------------------------------------
#
# A tree is laid out in *cells* (half tile units, so every edge falls on a whole number), one
# node at a time: each tile, and a target for each open end (shaped like a tile). A node
# attaches at the midpoint of one edge of its parent. A non-double goes straight on or turns
# left or right, its inner half always on the square just beyond that edge; a double always
# goes straight on, crosswise. When a node is laid, the cells its later neighbours need first
# are reserved: the square beyond each edge where a later node attaches and, for a later
# double (it can only go straight on), its whole box and the squares beyond its own edges. So
# no chain is ever shut in at its start.
#
# Each chain winds like the line's snake: along a row, one tile across at the row's end, back
# along the next row; the first tile (or target) of a branch leaves straight out where it
# can, and the tiles on an opening double always do (so a cross looks like one). Among the free places for a node, those that do not lengthen the drawing's
# scale-setting side (its width or its height, relative to the board's) come first, in that
# order, then the one that lengthens it least. The drawing starts as a *window* of the board's
# proportions around the opening tile, so chains turn about where the board would end. A dead
# end (a node with no free place) undoes the latest node in its way (conflict-directed
# backjumping) and tries that node's next place. Runs differ in their window, in the way the
# opening tile's arms step when they turn (clockwise or anticlockwise), and in the laying
# order (breadth first, or each subtree whole, the largest first); the drawing that can be
# drawn largest wins. Where tiles reach their largest size there is room to spare: if arms
# (the chains on the opening tile and across spinners) lie against each other there, the run
# is tried again winding *outward*: after the tile across a row's end, a chain runs on along
# the edge of its window instead of back towards the middle, where the snake of a line would
# curl it into the next arm round. Among the largest drawings, the one whose arms touch least
# wins, then the one with fewest corners.

_CLOCKWISE = ("E", "S", "W", "N")
_CELL_STEP: dict[str, tuple[int, int]] = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}

_IBox = tuple[int, int, int, int]
"""x0, y0, x1, y1 in cells (half tile units), the opening tile centred on (0, 0)."""

_Rows = tuple[tuple[int, int], ...]
"""Cells as (row, bit mask of the row's cells)."""

_WINDOW_FILLS = (0.9, 0.7, 0.5)
"""The windows tried below the cap: how much of each one the tiles and targets would cover."""

_RETRIES_PER_NODE = 2
"""Places a run may try per node beyond the first before it gives its window up."""

_RESCUE_RETRIES_PER_NODE = 40
"""The same for a second round of runs, if no run of the first round got through."""

_EFFORT = 1000
"""Places the runs for one drawing may try in all, unless none has got through yet or the
best drawing so far is smaller than `MIN_LEGIBLE_UNIT`; then every run is tried.

It bounds the time a drawing takes, however large the tree: a drawing of 45 tiles and their
ends takes about 15 ms on CPython. Trying more runs gains little (0.3 % of unit on average
for 2.5 times the effort, measured on random double-nine and double-twelve hands).
"""

_TIDY_SLACK = 0.03
"""A drawing this much smaller than the largest one still wins if its arms touch less, or as
little and it has fewer corners."""


def _rotate(side: str, quarter_turns: int) -> str:
    """`side` turned clockwise by `quarter_turns` right angles."""
    return _CLOCKWISE[(_CLOCKWISE.index(side) + quarter_turns) % 4]


def _quarter_turns(start: str, end: str) -> int:
    """How many clockwise right angles turn `start` into `end`."""
    return (_CLOCKWISE.index(end) - _CLOCKWISE.index(start)) % 4


def _cell_box(x: int, y: int, heading: str, length: int, breadth: int) -> _IBox:
    """The box from edge midpoint (x, y), `length` cells along `heading` and `breadth` across."""
    dx, dy = _CELL_STEP[heading]
    ex, ey = x + dx * length, y + dy * length
    half_x, half_y = abs(dy) * breadth // 2, abs(dx) * breadth // 2
    return (min(x, ex) - half_x, min(y, ey) - half_y, max(x, ex) + half_x, max(y, ey) + half_y)


def _cover(a: _IBox, b: _IBox) -> _IBox:
    """The smallest box holding both."""
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def in_units(box: _IBox) -> Box:
    """A box in cells as a box in tile units."""
    return (box[0] / 2, box[1] / 2, box[2] / 2, box[3] / 2)


@dataclass(frozen=True)
class TreeTile:
    """A laid tile of a layout tree: a line of play that may branch at spinners.

    `id` names the tile (the scene passes the engine's placement index). `parent` is the id
    of the tile it touches (None for the opening tile) and `side` the side of the parent it
    lies against: "E" or "W" of the opening tile ("N" or "S" too if that is a spinner); of any
    other tile, the side that tile was itself laid on (the line goes on) or, if it is a
    spinner, one of the two sides across it. Sides are named as the engine names them: as if
    every arm ran straight, whatever turns the drawing makes.

    `inner` is the value touching the parent and `outer` the value facing away (for the
    opening tile: its west and its east value). `spinner` marks a double that may be played
    on from its crosswise sides too.
    """

    id: int
    parent: int | None
    side: str
    inner: int
    outer: int
    spinner: bool = False

    @property
    def is_double(self) -> bool:
        """Whether both halves show the same value."""
        return self.inner == self.outer


def end_key(tile_id: int, side: str) -> str:
    """How `LineLayout.ends` names the open end on `side` of tile `tile_id`: e.g. "3N".

    The same text as the engine's ``str(End(3, Side.NORTH))``.
    """
    return f"{tile_id}{side}"


class _Node(NamedTuple):
    """Something to lay: a tile of the tree, or the target of an open end (`tile` is None)."""

    tile: TreeTile | None
    key: str  # the tile id, or the end's key
    parent: int  # index of the node it touches; -1 for the opening tile
    side: str  # the side of the parent it lies against ("E" for the opening tile)
    double: bool
    branch: bool  # it starts a chain (on the opening tile, or across a spinner): it leaves straight if it can
    children: tuple[tuple[str, int], ...]  # (side, index) of the nodes laid against it


def _sides(tile: TreeTile, line: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The sides of `tile` along its line and across it where later tiles may attach.

    `line` is the direction its arm runs (None for the opening tile).
    """
    along = ("E", "W") if line is None else (line,)
    axis = line or "E"
    across = (_rotate(axis, -1), _rotate(axis, 1)) if tile.spinner and tile.is_double else ()
    return along, across


def tree_nodes(tiles: Sequence[TreeTile], ends: Sequence[tuple[int, str]]) -> list[_Node]:
    """The tiles (in the given order) then the ends as nodes; ValueError if not a proper tree."""
    index: dict[int, int] = {}
    lines: list[str | None] = []
    taken: dict[tuple[int, str], int] = {}
    raw: list[tuple[TreeTile | None, str, int, str, bool]] = []

    def attach(parent_id: int | None, side: str, what: str) -> tuple[int, bool]:
        if parent_id is None or parent_id not in index:
            raise ValueError(f"{what} lies against tile {parent_id}, which is not laid before it")
        parent = index[parent_id]
        along, across = _sides(tiles[parent], lines[parent])
        if side not in along + across:
            raise ValueError(f"{what}: tile {parent_id} has no side {side!r} to play on")
        if (parent, side) in taken:
            raise ValueError(f"{what}: side {side} of tile {parent_id} is taken twice")
        taken[(parent, side)] = len(raw)
        return parent, parent == 0 or side in across

    for position, tile in enumerate(tiles):
        if tile.id in index:
            raise ValueError(f"tile {tile.id} is laid twice")
        if position == 0:
            if tile.parent is not None:
                raise ValueError(f"the opening tile {tile.id} cannot lie against tile {tile.parent}")
            raw.append((tile, str(tile.id), -1, "E", False))
            lines.append(None)
        else:
            parent, branch = attach(tile.parent, tile.side, f"tile {tile.id}")
            raw.append((tile, str(tile.id), parent, tile.side, branch))
            lines.append(tile.side)
        index[tile.id] = position
    for tile_id, side in ends:
        key = end_key(tile_id, side)
        parent, branch = attach(tile_id, side, f"end {key}")
        raw.append((None, key, parent, side, branch))
    children: list[list[tuple[str, int]]] = [[] for _ in raw]
    for (parent, side), child in sorted(taken.items(), key=lambda item: item[1]):
        children[parent].append((side, child))
    return [
        _Node(tile, key, parent, side, tile is not None and tile.is_double, branch, tuple(children[i]))
        for i, (tile, key, parent, side, branch) in enumerate(raw)
    ]


def _arms(nodes: Sequence[_Node]) -> list[int]:
    """The arm each node belongs to: the index of the node that starts its chain (on the
    opening tile, or across a spinner), 0 for the opening tile."""
    arms = [0] * len(nodes)
    for i, node in enumerate(nodes[1:], start=1):
        arms[i] = i if node.branch else arms[node.parent]
    return arms


def _subtree_sizes(nodes: Sequence[_Node]) -> list[int]:
    """How many nodes hang on each node, itself included."""
    sizes = [1] * len(nodes)
    for i in range(len(nodes) - 1, 0, -1):
        sizes[nodes[i].parent] += sizes[i]
    return sizes


def _laying_order(nodes: Sequence[_Node], largest_first: bool) -> list[int]:
    """An order to lay the nodes in (node indices), each after the one it lies against.

    Breadth first: the tiles next to the opening tile, then those one further, and so on
    (ties in play order), so that what branches near the middle claims its room before the
    long chains wind past it. Largest first: each subtree whole, the larger ones first.
    """
    if not largest_first:
        order = [0]
        for i in order:
            order.extend(child for _, child in nodes[i].children)
        return order
    sizes = _subtree_sizes(nodes)
    order = []
    stack = [0]
    while stack:
        i = stack.pop()
        order.append(i)
        stack.extend(sorted((child for _, child in nodes[i].children), key=lambda c: (sizes[c], -c)))
    return order


def _reordered(nodes: Sequence[_Node], order: Sequence[int]) -> list[_Node]:
    """The nodes in `order` (old indices), re-indexed."""
    new = {old: k for k, old in enumerate(order)}
    return [
        nodes[old]._replace(
            parent=new[nodes[old].parent] if nodes[old].parent >= 0 else -1,
            children=tuple(sorted(((side, new[c]) for side, c in nodes[old].children), key=lambda sc: sc[1])),
        )
        for old in order
    ]


class _Front(NamedTuple):
    """Where a later node attaches to a laid one, and the cells reserved for it."""

    child: int
    x: int
    y: int
    heading: str
    rows: _Rows


class _Option(NamedTuple):
    """One way to lay a node: its box, its direction, how its chain winds on, its fronts."""

    box: _IBox
    heading: str  # the direction it travels from its inner to its outer half
    run: str  # the direction of its chain's current row
    advance: str  # where its chain steps when it turns out of a row
    fronts: tuple[_Front, ...]
    extent: _IBox  # the box holding it and every cell it reserves
    rows: _Rows  # its box


class _Strategy(NamedTuple):
    """How chains prefer to wind, and in which order the nodes are laid."""

    pinwheel: int  # the opening tile's arms step clockwise (1) or anticlockwise (-1) when they turn
    largest_first: bool  # the laying order: each subtree whole, the largest first (else breadth first)
    outward: bool = False  # after the tile across a row's end, go on along the edge rather than back


_STRATEGIES = (_Strategy(1, False), _Strategy(-1, False), _Strategy(1, True), _Strategy(-1, True))
"""The strategies of a search, each winding like the snake; a drawing in which arms touch is
tried again winding outward."""


class _Shapes:
    """The geometry of one tree's nodes (boxes, fronts, ways to go), memoised across runs."""

    def __init__(self, nodes: Sequence[_Node]) -> None:
        self.nodes = nodes
        self.shift = 4 * len(nodes) + 16  # no cell lies further left of the opening tile than this
        self._ways: dict[tuple[int, int, int, str, str, str, bool], tuple[_Option, ...]] = {}

    def rows(self, boxes: Sequence[_IBox]) -> _Rows:
        """The cells of `boxes` (which must not overlap) as row masks."""
        masks: dict[int, int] = {}
        for x0, y0, x1, y1 in boxes:
            mask = ((1 << (x1 - x0)) - 1) << (x0 + self.shift)
            for y in range(y0, y1):
                masks[y] = masks.get(y, 0) | mask
        return tuple(masks.items())

    def _front_boxes(self, i: int, box: _IBox, heading: str) -> tuple[tuple[_Front, ...], tuple[_IBox, ...]]:
        """The fronts of node `i` laid as `box`, and every box they reserve.

        A later non-double needs the square beyond the edge; a later double its whole box
        and, beyond it, what its own later nodes need.
        """
        node = self.nodes[i]
        turns = _quarter_turns("E" if node.parent < 0 else node.side, heading)
        cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        half_w, half_h = (box[2] - box[0]) // 2, (box[3] - box[1]) // 2
        fronts: list[_Front] = []
        every: list[_IBox] = []
        for side, child in node.children:
            direction = _rotate(side, turns)
            dx, dy = _CELL_STEP[direction]
            x, y = cx + dx * half_w, cy + dy * half_h
            if self.nodes[child].double:
                child_box = _cell_box(x, y, direction, 2, 4)
                boxes = (child_box, *self._front_boxes(child, child_box, direction)[1])
            else:
                boxes = (_cell_box(x, y, direction, 2, 2),)
            fronts.append(_Front(child, x, y, direction, self.rows(boxes)))
            every.extend(boxes)
        return tuple(fronts), tuple(every)

    def option(self, i: int, box: _IBox, heading: str, run: str, advance: str) -> _Option:
        """Node `i` laid as `box`, heading `heading`, with the cells it reserves."""
        fronts, reserved = self._front_boxes(i, box, heading)
        extent = box
        for other in reserved:
            extent = _cover(extent, other)
        return _Option(box, heading, run, advance, fronts, extent, self.rows((box,)))

    def ways(
        self, i: int, x: int, y: int, heading: str, run: str, advance: str, outward: bool
    ) -> tuple[_Option, ...]:
        """The ways node `i` may go from edge midpoint (x, y), in winding order.

        `run` and `advance` say how its chain winds. A double goes straight on. Any other
        tile along a row goes on, else turns the way the snake steps, else the other way; a
        tile after the one across a row's end turns back along the next row, else goes on,
        else turns the old way. Winding `outward`, that tile goes on first (along the edge of
        the room it has, away from the middle), then back, then the old way.
        """
        key = (i, x, y, heading, run, advance, outward)
        found = self._ways.get(key)
        if found is None:
            found = self._ways[key] = self._compute_ways(i, x, y, heading, run, advance, outward)
        return found

    def _compute_ways(
        self, i: int, x: int, y: int, heading: str, run: str, advance: str, outward: bool
    ) -> tuple[_Option, ...]:
        along_row = heading in (run, OPPOSITE[run])
        if self.nodes[i].double:
            box = _cell_box(x, y, heading, 2, 4)
            if along_row:
                return (self.option(i, box, heading, heading, advance),)
            return (self.option(i, box, heading, run, heading),)
        ways: tuple[tuple[str, str, str], ...]  # (direction, run after it, advance after it)
        if along_row:
            aside = OPPOSITE[advance]
            ways = ((heading, heading, advance), (advance, heading, advance), (aside, heading, aside))
        else:
            back = OPPOSITE[run]
            ways = ((back, back, heading), (heading, run, heading), (run, run, heading))
            if outward:
                ways = (ways[1], ways[0], ways[2])
        dx, dy = _CELL_STEP[heading]
        options = []
        for direction, new_run, new_advance in ways:
            if direction == heading:
                box = _cell_box(x, y, heading, 4, 2)
            else:
                nx, ny = _CELL_STEP[direction]
                box = _cell_box(x + dx - nx, y + dy - ny, direction, 4, 2)
            options.append(self.option(i, box, direction, new_run, new_advance))
        return tuple(options)


class _TreeRun:
    """One depth-first run laying every node of a tree, starting from `window` (cells)."""

    def __init__(
        self, shapes: _Shapes, window: _IBox, scale: tuple[float, float], strategy: _Strategy
    ) -> None:
        self.shapes = shapes
        self.nodes = shapes.nodes
        self.scale_x, self.scale_y = scale  # 1 / the board's free width and height
        self.strategy = strategy
        self.bounds: list[_IBox] = [window]  # the drawing's box after each node laid
        self.laid: list[_Option | None] = [None] * len(self.nodes)
        self.reserved_for: dict[int, _Rows] = {}
        self.cells: dict[int, int] = {}  # row -> bit mask of its cells taken or reserved
        self.owners: dict[int, list[tuple[int, int]]] = {}  # row -> (cells, node), in laying order
        self.tries = 0  # places tried by the last `run`

    # --- cells ---

    def _free(self, rows: _Rows) -> bool:
        cells = self.cells
        return not any(cells.get(y, 0) & mask for y, mask in rows)

    def _fill(self, rows: _Rows, owner: int = -1) -> None:
        """Take the cells; `owner` is the node laying them (not given when a reservation returns)."""
        cells = self.cells
        for y, mask in rows:
            cells[y] = cells.get(y, 0) | mask
            if owner >= 0:
                self.owners.setdefault(y, []).append((mask, owner))

    def _clear(self, rows: _Rows, owned: bool = False) -> None:
        """Free the cells (`owned`: they go with the node that laid them last)."""
        cells = self.cells
        for y, mask in rows:
            cells[y] &= ~mask
            if owned:
                self.owners[y].pop()

    # --- choosing ---

    def _scale(self, box: _IBox) -> float:
        """How large a drawing of box `box` is for the board (the larger, the smaller the unit)."""
        return max((box[2] - box[0]) * self.scale_x, (box[3] - box[1]) * self.scale_y)

    def _options(self, i: int) -> list[_Option]:
        """Every way to lay node `i`, best first."""
        node = self.nodes[i]
        if node.parent < 0:
            box = (-1, -2, 1, 2) if node.double else (-2, -1, 2, 1)
            return [self.shapes.option(i, box, "E", "E", "S")]
        parent = self.laid[node.parent]
        assert parent is not None
        x, y, heading = next((f.x, f.y, f.heading) for f in parent.fronts if f.child == i)
        if not node.branch:
            run, advance = parent.run, parent.advance
        elif node.parent == 0:
            run, advance = heading, _rotate(heading, self.strategy.pinwheel)
        else:
            run, advance = heading, parent.heading  # a branch steps the way its spinner's line runs
        options = self.shapes.ways(i, x, y, heading, run, advance, self.strategy.outward)
        if node.parent == 0 and node.tile is not None and self.nodes[0].double:
            options = options[:1]  # the cross: a tile on the opening double leaves it straight
        bounds = self.bounds[-1]
        rank = [
            (not (node.branch and option.heading == heading), self._scale(_cover(bounds, option.extent)), k)
            for k, option in enumerate(options)
        ]
        return [options[k] for _, _, k in sorted(rank)]

    # --- laying ---

    def _lay(self, i: int, option: _Option) -> bool:
        """Lay node `i` as `option`, if its cells and those it reserves are free."""
        own = self.reserved_for.get(i)
        if own is not None:
            self._clear(own)
        if self._free(option.rows) and all(self._free(front.rows) for front in option.fronts):
            self._fill(option.rows, i)
            for front in option.fronts:
                self._fill(front.rows, i)
                self.reserved_for[front.child] = front.rows
            self.laid[i] = option
            self.bounds.append(_cover(self.bounds[-1], option.extent))
            return True
        if own is not None:
            self._fill(own)
        return False

    def _undo(self, i: int) -> None:
        """Take the last laid node, `i`, back up."""
        laid = self.laid[i]
        assert laid is not None
        for front in reversed(laid.fronts):
            self._clear(front.rows, owned=True)
            del self.reserved_for[front.child]
        self._clear(laid.rows, owned=True)
        own = self.reserved_for.get(i)
        if own is not None:
            self._fill(own)
        self.bounds.pop()
        self.laid[i] = None

    def _in_the_way(self, option: _Option) -> set[int]:
        """The laid nodes whose tiles or reservations take cells `option` needs."""
        found: set[int] = set()
        for rows in (option.rows, *(front.rows for front in option.fronts)):
            for y, mask in rows:
                found.update(j for taken, j in self.owners.get(y, ()) if taken & mask)
        return found

    def run(self, retries_per_node: int = _RETRIES_PER_NODE) -> list[_Option] | None:
        """Lay every node; None if dead ends cost more than `retries_per_node` tries a node."""
        n = len(self.nodes)
        budget = (1 + retries_per_node) * n
        self.tries = 0
        options: list[list[_Option]] = [[] for _ in range(n)]
        tried = [0] * n
        conflicts: list[set[int]] = [set() for _ in range(n)]
        i = 0
        while i < n:
            if not options[i]:
                options[i] = self._options(i)
            while tried[i] < len(options[i]):
                tried[i] += 1
                self.tries += 1
                budget -= 1
                if self._lay(i, options[i][tried[i] - 1]):
                    break
            else:  # a dead end: back to the latest node in the way (or the parent)
                for option in options[i]:
                    conflicts[i] |= self._in_the_way(option)
                culprits = {j for j in conflicts[i] if j < i} | {self.nodes[i].parent}
                culprits.discard(-1)
                if budget <= 0 or not culprits:
                    return None
                back = max(culprits)
                conflicts[back] |= culprits - {back}
                for k in range(i, back, -1):
                    if self.laid[k] is not None:
                        self._undo(k)
                    options[k], tried[k], conflicts[k] = [], 0, set()
                self._undo(back)
                i = back
                continue
            i += 1
        return [option for option in self.laid if option is not None]

    def force(self) -> list[_Option]:
        """Lay every node its first way whether it is free or not (the very last resort)."""
        for i in range(len(self.nodes)):
            option = self._options(i)[0]
            self.laid[i] = option
            self.bounds.append(_cover(self.bounds[-1], option.extent))
        return [option for option in self.laid if option is not None]


def _window(width: int, height: int) -> _IBox:
    """A window of `width` x `height` cells centred on the opening tile."""
    x0, y0 = -(width // 2), -(height // 2)
    return (min(x0, -2), min(y0, -2), max(x0 + width, 2), max(y0 + height, 2))


def _corners(nodes: Sequence[_Node], laid: Sequence[_Option]) -> int:
    """How many tiles and targets of a drawing turn a corner."""
    count = 0
    for i, node in enumerate(nodes[1:], start=1):
        heading = next(front.heading for front in laid[node.parent].fronts if front.child == i)
        count += laid[i].heading != heading
    return count


def _contacts(nodes: Sequence[_Node], laid: Sequence[_Option]) -> int:
    """How many cell edges of a drawing lie between two arms (chains that start at the opening
    tile or across a spinner, see :func:`_arms`), besides where each arm starts against its
    spinner: 0 when every arm keeps clear of the others; arms curled into each other have many."""
    shift = 4 * len(nodes) + 16
    by_arm: dict[int, dict[int, int]] = {}
    every: dict[int, int] = {}
    for arm, option in zip(_arms(nodes), laid, strict=True):
        x0, y0, x1, y1 = option.box
        mask = ((1 << (x1 - x0)) - 1) << (x0 + shift)
        rows = by_arm.setdefault(arm, {})
        for y in range(y0, y1):
            rows[y] = rows.get(y, 0) | mask
            every[y] = every.get(y, 0) | mask
    count = 0
    for rows in by_arm.values():
        for y, mask in rows.items():
            beside = every[y] & ~mask
            below = every.get(y + 1, 0) & ~rows.get(y + 1, 0)
            count += ((mask << 1) & beside).bit_count() + (mask & below).bit_count()
    for node, option in zip(nodes, laid, strict=True):
        if node.branch:
            count -= _shared_edge(option.box, laid[node.parent].box)
    return count


def _shared_edge(a: _IBox, b: _IBox) -> int:
    """How many cell edges two boxes that do not overlap share."""
    if a[2] == b[0] or b[2] == a[0]:
        return max(0, min(a[3], b[3]) - max(a[1], b[1]))
    if a[3] == b[1] or b[3] == a[1]:
        return max(0, min(a[2], b[2]) - max(a[0], b[0]))
    return 0


def drawing_box(laid: Sequence[_Option]) -> _IBox:
    """The box holding every tile and target of a drawing."""
    box = laid[0].box
    for option in laid[1:]:
        box = _cover(box, option.box)
    return box


def _in_node_order(laid: Sequence[_Option], order: Sequence[int]) -> list[_Option]:
    """A drawing laid in `order` (node indices), rearranged in the nodes' own order."""
    placed = list(laid)
    for position, index in enumerate(order):
        placed[index] = laid[position]
    return placed


def tree_drawing(nodes: Sequence[_Node], board: Rect, max_unit: float) -> list[_Option]:
    """Where each node goes (in cells), for the drawing of the tree that is largest on `board`.

    Runs go from the tightest window to the loosest, each with every strategy: the board at
    the cap, then windows the tiles and targets would fill to `_WINDOW_FILLS`. The search
    stops at a drawing at the cap, when `_EFFORT` is spent (on a legible drawing), or when
    the windows left are too loose to beat the best drawing so far (at the cap, a drawing
    whose arms touch is tried again winding outward first). Drawings within `_TIDY_SLACK` of
    the largest (and legible if it is) compete on their arms touching least, then on having
    fewer corners. If no run gets through
    (dead ends beyond its budget), runs are tried again with a much larger budget until one
    does; if none does, every node takes its first way, free or not, so that the app still
    draws something (never seen in the tests).
    """
    margin = board_margin(board)
    free_w, free_h = max(board.w - 2 * margin, 1.0), max(board.h - 2 * margin, 1.0)
    scale = (1 / free_w, 1 / free_h)
    cap = snap_unit(max_unit)
    covered = 2.0 * len(nodes)  # square units of tiles and targets
    window_units = sorted(
        {cap, *(min(cap, math.sqrt(free_w * free_h * f / covered)) for f in _WINDOW_FILLS)}, reverse=True
    )
    orders = {largest: _laying_order(nodes, largest) for largest in (False, True)}
    shapes = {largest: _Shapes(_reordered(nodes, order)) for largest, order in orders.items()}
    found: list[
        tuple[float, int, int, list[_Option]]
    ] = []  # (unit, contacts, corners, drawing in node order)
    effort = [_EFFORT]

    def attempt(window_unit: float, strategy: _Strategy, retries: int) -> float | None:
        tree = shapes[strategy.largest_first]
        width, height = int(2 * free_w / window_unit), int(2 * free_h / window_unit)
        run = _TreeRun(tree, _window(width, height), scale, strategy)
        laid = run.run(retries)
        effort[0] -= run.tries
        if laid is None:
            return None
        unit = fit_unit(in_units(drawing_box(laid)), board, max_unit)
        drawing = _in_node_order(laid, orders[strategy.largest_first])
        found.append((unit, _contacts(nodes, drawing), _corners(tree.nodes, laid), drawing))
        return unit

    legible = min(MIN_LEGIBLE_UNIT, cap)
    for window_unit, strategy in itertools.product(window_units, _STRATEGIES):
        best = max((unit for unit, *_ in found), default=0.0)
        if found and window_unit < best * (1 - _TIDY_SLACK):
            break  # the windows left are too loose to do better
        if effort[0] <= 0 and (not found or best >= legible):
            break  # effort spent (if the best drawing is not legible, every run is tried)
        unit = attempt(window_unit, strategy, _RETRIES_PER_NODE)
        if unit is not None and unit >= cap:  # tiles can grow no larger: there is room to spare
            if found[-1][1] > 0:  # arms touch: wind outward, along the edges of the room
                attempt(window_unit, strategy._replace(outward=True), _RETRIES_PER_NODE)
            break
    if not found:
        for window_unit, strategy in itertools.product(window_units, _STRATEGIES):
            if attempt(window_unit, strategy, _RESCUE_RETRIES_PER_NODE) is not None:
                break
        else:
            forced = _TreeRun(shapes[False], (0, 0, 0, 0), scale, _STRATEGIES[0]).force()
            return _in_node_order(forced, orders[False])
    largest = max(unit for unit, *_ in found)
    near = [  # among the largest drawings, the one whose arms touch least, then the tidiest
        (contacts, corners, -unit, k)
        for k, (unit, contacts, corners, _) in enumerate(found)
        if unit >= max(largest * (1 - _TIDY_SLACK), min(largest, legible))  # never below legible for it
    ]
    return found[min(near)[-1]][3]
