"""A gallery of the table's screens at every size it is used at, to page through.

    python -m tests.e2e.screens [OUT_DIR]     (default: screens/; needs a built dist/)

Writes one PNG per screen and size and an ``index.html`` that shows them, a screen to a
row and its sizes side by side: the tables of each kind of game (a line game of two, three,
four and five players, a cross, the dice table, Mexican Train for two, four and eight and
Chicken Foot for four) at the start, the middle, late and at the end of a hand or round, the end of a match, New game, puzzles (open-hand for two and for partners,
hidden-hand, a move missed and explained, the Puzzles dialog) and the day's deal over, the
replay viewer, the pass-and-play screens,
and the edge screens (the loading screen and its failure message, a browser too old for the
table, the sandboxed frame's message, a table embedded with storage blocked, a hostile link's
message, a damaged save's message, the offer of a new version, the Game dialog with an import
error, the statistics, an embedded replay). The sizes: a phone held upright and sideways, a tablet
both ways, a desktop, and 640x480 and 400x300 embedded frames (the tables only).

Each table screen is also checked as the tests check it (``tests.helpers.boxes``): the
problems found are listed in the index and printed. Not a test: a person looks at them.
``README.md``'s two pictures are ``table-phone`` and ``table-desktop`` from here
(``--readme`` writes them into ``docs/``).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import threading
from html import escape
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from buildtools.chromium import CHROMIUM_ARGS, find_chromium
from buildtools.dist import ensure_built
from buildtools.paths import DIST
from buildtools.server import make_server
from engine.line.notation import write_record
from engine.line.selfplay import bot_match
from tests.e2e.hosts import host_page
from tests.e2e.table import (
    VIEWPORTS,
    choose_dice_tiles,
    click_canvas,
    make_train_move_with_buttons,
    play_hand_with_buttons,
    play_the_days_deal,
    play_to_the_match_end,
    settle,
    state,
)
from tests.helpers.boxes import problems as problems_of
from tests.helpers.storage import EMPTY_LOCAL_STORAGE, FILL_LOCAL_STORAGE
from web.links.share import record_fragment

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1440, 900)}
"""The sizes of the edge screens."""

TABLES = (
    ("partnership-block", 4, 7),
    ("draw-2", 2, 7),
    ("all-fives", 3, 7),
    ("double-nine-cross", 5, 7),
    ("cross", 4, 7),
)
"""(rule set, players, seed) of each line table shown."""

TRAIN_TABLES = (
    ("mexican-train", 2, 5),
    ("mexican-train", 4, 5),
    ("mexican-train", 8, 5),
    ("chicken-foot", 4, 5),
)
"""(game, players, seed) of each train table shown."""

TRAIN_PHASES = (("start", 0), ("middle", 5), ("late", 8), ("round-end", 600))
"""Each phase of a train game's first round shown, with the person's turns played to reach
it from the one before (the round's end shows its score sheet)."""

PHASES = (("start", 0), ("middle", 3), ("late", 4), ("end", 400))
"""Each phase of a hand shown, with the turns played to reach it from the one before."""

READY = "['ready', 'error'].includes(document.body.dataset.appState)"


def _serve(directory: Path, overlays: dict[str, Path] | None = None) -> str:
    server = make_server(directory, "127.0.0.1", 0, overlays=overlays or {})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.url


def _wait_frame(page: Page, app_url: str) -> None:
    page.wait_for_function("document.querySelector('iframe')?.contentWindow")
    for _ in range(600):
        frames = [f for f in page.frames if f.url.startswith(app_url)]
        if frames and frames[0].evaluate(f"() => Boolean(document.body) && {READY}"):
            return
        page.wait_for_timeout(100)  # polling a cross-origin frame from outside: no event to await
    raise RuntimeError("the embedded table never finished booting")


def main(out: Path) -> None:
    """Write every screen at every size into ``out``, and its index."""
    ensure_built()
    out.mkdir(parents=True, exist_ok=True)
    app_url = _serve(DIST)
    problems = _table_gallery(app_url, out)
    _edge_screens(app_url, out)
    _write_index(out, problems)
    print(f"wrote {len(list(out.glob('*.png')))} screenshots and index.html to {out}")
    for name, found in problems.items():
        for problem in found:
            print(f"{name}: {problem}")


def _edge_screens(app_url: str, out: Path) -> None:
    """The edge screens, the records' and the shared device's, at phone, tablet and desktop."""
    failing = Path(tempfile.mkdtemp()) / "boot.js"
    failing.write_text("Promise.reject(new Error('a layer failed while loading'));\n")
    failing_url = _serve(DIST, {"/boot.js": failing})
    too_old = Path(tempfile.mkdtemp()) / "index.html"  # a browser without BroadcastChannel
    too_old.write_text(
        (DIST / "index.html")
        .read_text()
        .replace("<head>", "<head><script>delete window.BroadcastChannel;</script>", 1)
    )
    too_old_url = _serve(DIST, {"/old.html": too_old}) + "old.html"
    damaged = json.dumps({"settings": {"variant": "block", "players": 3, "target": 50}, "record": "cut"})
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_ARGS))
        for size, (width, height) in SIZES.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, service_workers="block"
            )
            page = context.new_page()

            # Mid-download on a slow connection (about 16 Mbit/s): the bar and the megabytes.
            network = context.new_cdp_session(page)
            network.send("Network.enable")
            network.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": 40,
                    "downloadThroughput": 2_000_000,
                    "uploadThroughput": 500_000,
                },
            )
            page.goto(app_url + "?aidelay=0", wait_until="commit")
            page.wait_for_function("window.dominoesBoot?.download?.done > 2e6", timeout=60_000)
            page.screenshot(path=out / f"loading-{size}.png")
            network.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )
            page.wait_for_function(READY)

            page.goto(failing_url)
            page.wait_for_function(READY)
            page.click("#loading-details summary")
            page.screenshot(path=out / f"boot-failure-{size}.png")

            page.goto(too_old_url)
            page.wait_for_function(READY)
            page.click("#loading-details summary")
            page.screenshot(path=out / f"too-old-browser-{size}.png")

            page.goto(
                host_page(app_url + "index.html?variant=block", "sandbox='allow-scripts'", full_size=True)
            )
            page.frame_locator("iframe").locator("body[data-app-state='error']").wait_for()
            page.screenshot(path=out / f"sandboxed-frame-{size}.png")

            cdp = context.new_cdp_session(page)
            cdp.send("Network.setCookieControls", {"enableThirdPartyCookieRestriction": True})
            page.goto(host_page(app_url + "index.html?variant=block&players=4&aidelay=0", full_size=True))
            _wait_frame(page, app_url)
            page.screenshot(path=out / f"storage-blocked-{size}.png")
            cdp.send("Network.setCookieControls", {"enableThirdPartyCookieRestriction": False})

            page.goto(
                app_url + "?variant=%3Cb%3Ebold%3C/b%3E" + "x" * 300 + "&seed=%C2%B2&players=9&aidelay=0"
            )
            page.wait_for_function(READY)
            page.screenshot(path=out / f"hostile-link-{size}.png")

            page.evaluate("(text) => localStorage.setItem('dominoes.save', text)", damaged)
            page.goto(app_url + "?aidelay=0")
            page.wait_for_function(READY)
            page.screenshot(path=out / f"damaged-save-{size}.png")

            # The offer of a new version (shown as boot.js shows it when one is waiting).
            page.goto(app_url + "?variant=draw-2&seed=5&aidelay=0")
            page.wait_for_function(READY)
            page.evaluate("document.getElementById('update').hidden = false")
            page.screenshot(path=out / f"update-ready-{size}.png")

            # Storage full: a move the table had no room for, told with what a reload brings back.
            page.evaluate("localStorage.clear()")
            page.goto(app_url + "?variant=block&players=4&seed=5&aidelay=0")
            page.wait_for_function(READY)
            page.evaluate(FILL_LOCAL_STORAGE, 0)
            for _ in range(30):
                if page.locator("#notice-download").is_visible():
                    break
                _tap_my_move(page, settle(page))
            _painted(page)
            page.screenshot(path=out / f"storage-full-{size}.png")
            page.evaluate(EMPTY_LOCAL_STORAGE)

            # Another tab takes the table as a move is made here (its news not yet come).
            page.evaluate(
                "(key) => localStorage.setItem('dominoes.holder:' + key, 'another tab')",
                state(page)["save_key"],
            )
            page.locator("#notice-close").click()
            _tap_my_move(page, settle(page))
            page.locator("#elsewhere-unsaved").wait_for()
            page.screenshot(path=out / f"elsewhere-{size}.png")
            page.evaluate("localStorage.clear()")
            _record_screens(page, app_url, out, size)
            _shared_device_screens(page, app_url, out, size)
            context.close()
        browser.close()


def _table_gallery(app_url: str, out: Path) -> dict[str, list[str]]:
    """The tables at every size of :data:`tests.e2e.table.VIEWPORTS` (the frames embedded);
    what the box checks found, by screen."""
    problems: dict[str, list[str]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_ARGS))
        for size, (width, height) in VIEWPORTS.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, service_workers="block"
            )
            page = context.new_page()
            embed = "&embed=1" if size.startswith("frame") else ""
            for variant, players, seed in TABLES:
                page.goto(f"{app_url}?variant={variant}&players={players}&seed={seed}&aidelay=0{embed}")
                page.wait_for_function(READY)
                for phase, turns in PHASES:
                    name = f"{variant}-{players}-{phase}"
                    problems[f"{name}-{size}"] = _shot_table(page, turns, out / f"{name}-{size}.png")
            for variant, players, seed in TRAIN_TABLES:
                page.goto(f"{app_url}?variant={variant}&players={players}&seed={seed}&aidelay=0{embed}")
                page.wait_for_function(READY)
                for phase, turns in TRAIN_PHASES:
                    name = f"{variant}-{players}-{phase}"
                    problems[f"{name}-{size}"] = _shot_table(page, turns, out / f"{name}-{size}.png")
            page.goto(f"{app_url}?variant=dice&players=3&seed=7&aidelay=0{embed}")
            page.wait_for_function(READY)
            problems[f"dice-choice-{size}"] = _shot_table(page, 0, out / f"dice-choice-{size}.png")
            choose_dice_tiles(page)
            page.click("#dice-put-out")
            page.wait_for_function("JSON.parse(window.dominoesTest.state()).phase === 'reveal'")
            problems[f"dice-reveal-{size}"] = _shot_table(page, 0, out / f"dice-reveal-{size}.png")
            page.goto(f"{app_url}?variant=block&players=4&seed=7&aidelay=0{embed}")
            page.wait_for_function(READY)
            _shot_table(page, 0, out / f"table-{size}.png")
            page.click("#new-game-btn")
            page.wait_for_selector("#new-game-dialog[open]")
            page.screenshot(path=out / f"new-game-{size}.png")
            page.click("#ng-cancel")
            _match_end(page, app_url, embed, out / f"match-end-{size}.png")
            problems.update(_puzzle_screens(page, app_url, embed, size, out))
            context.close()
        browser.close()
    return problems


PUZZLES = (
    ("puzzle-open", "block-2-0002"),
    ("puzzle-partners", "partnership-block-4-0001"),
    ("puzzle-hidden", "block-2-h001"),
)
"""(screen, puzzle id) of each puzzle shown at the table."""


def _puzzle_screens(page: Page, app_url: str, embed: str, size: str, out: Path) -> dict[str, list[str]]:
    """Puzzles at the table (open-hand for two and for partners, hidden-hand, a move missed
    and explained), the Puzzles dialog and the day's deal over; what the box checks find."""
    problems: dict[str, list[str]] = {}
    seated = "window.dominoesTest && (JSON.parse(window.dominoesTest.state()).puzzle || {}).id === '{}'"
    for name, puzzle_id in PUZZLES:
        page.goto(f"{app_url}?puzzle={puzzle_id}&aidelay=0{embed}")
        page.wait_for_function(seated.replace("{}", puzzle_id))
        problems[f"{name}-{size}"] = _shot_table(page, 0, out / f"{name}-{size}.png")
    page.goto(f"{app_url}?puzzle=block-2-0002&aidelay=0{embed}")
    page.wait_for_function(seated.replace("{}", "block-2-0002"))
    now = settle(page)
    wrong = next(move for move in now["legal"] if move != now["puzzle"]["next"])
    spot = next(tile for tile in now["scene"]["hand"] if tile["tile"] == wrong.split("@")[0])
    click_canvas(page, spot["x"], spot["y"])
    page.wait_for_function("!document.getElementById('challenge-said').textContent.startsWith('Working')")
    problems[f"puzzle-missed-{size}"] = _shot_table(page, 0, out / f"puzzle-missed-{size}.png")
    if not embed:
        page.evaluate("document.getElementById('game-puzzles-btn').click()")
        page.wait_for_function("document.getElementById('puzzles-variant').options.length > 2")
        page.screenshot(path=out / f"puzzles-dialog-{size}.png")
    page.goto(f"{app_url}?daily=all-fives&aidelay=0{embed}")
    page.wait_for_function(READY)
    play_the_days_deal(page, _tap_my_move)
    problems[f"daily-deal-over-{size}"] = _shot_table(page, 0, out / f"daily-deal-over-{size}.png")
    return problems


def _painted(page: Page) -> None:
    """Wait until the table is still and a frame has been painted since: the app draws in
    animation frames, after the change a test waits for (the shared turn's tiles were once
    caught still face down)."""
    page.wait_for_function("document.body.dataset.moving !== 'true'")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def _shot_table(page: Page, turns: int, path: Path) -> list[str]:
    """Play ``turns`` turns of the person (the first playable tile, else draw or pass), write
    the table once still, and say what the box checks find on it."""
    for _ in range(turns):
        current = settle(page)
        if current["phase"] in ("hand-over", "match-over"):
            break
        if current.get("game") == "dice":
            break
        if current.get("game") == "trains":
            make_train_move_with_buttons(page, current)
            continue
        _tap_my_move(page, current)
    _painted(page)
    page.screenshot(path=path)
    scene = state(page)["scene"]
    if "boxes" not in scene:
        return []
    return problems_of(scene["boxes"], scene["drawn"]["width"], scene["drawn"]["height"])


def _tap_my_move(page: Page, current: dict[str, Any]) -> None:
    """The person's move by taps on the table, as most players make it: the first playable
    tile (then its first lit end if it asks), else the boneyard, else Pass."""
    scene = current["scene"]
    playable = [tile for tile in scene["hand"] if tile["playable"]]
    if playable:
        click_canvas(page, playable[0]["x"], playable[0]["y"])
        targets = state(page)["scene"]["targets"]
        if state(page)["selected"] is not None and targets:
            click_canvas(page, targets[0]["x"], targets[0]["y"])
    elif "draw" in current["legal"]:
        click_canvas(page, scene["boneyard"]["x"], scene["boneyard"]["y"])
    else:
        page.click("#pass-btn")


def _match_end(page: Page, app_url: str, embed: str, path: Path) -> None:
    """A whole Two-Hand Draw match played by taps to its end, and its moment."""
    page.goto(f"{app_url}?variant=draw-2&seed=2024&level=greedy&aidelay=0{embed}")
    page.wait_for_function(READY)
    play_to_the_match_end(page, _tap_my_move)
    page.wait_for_timeout(2500)  # (the cup and the confetti settle: a still picture)
    page.screenshot(path=path)


def _write_index(out: Path, problems: dict[str, list[str]]) -> None:
    """``index.html``: a row per screen, its sizes side by side, each picture a link to itself
    at full size, with what the box checks found under it."""
    names: dict[str, list[Path]] = {}
    sizes = [*VIEWPORTS, *(size for size in SIZES if size not in VIEWPORTS)]
    for png in sorted(out.glob("*.png")):
        size = next((size for size in sizes if png.stem.endswith(f"-{size}")), "")
        names.setdefault(png.stem.removesuffix(f"-{size}"), []).append(png)
    rows = []
    for name, pictures in names.items():
        pictures.sort(
            key=lambda png: next((i for i, size in enumerate(sizes) if png.stem.endswith(size)), 99)
        )
        cells = []
        for png in pictures:
            found = problems.get(png.stem, [])
            said = "".join(f"<li>{escape(problem)}</li>" for problem in found)
            cells.append(
                f'<figure><a href="{png.name}"><img src="{png.name}" loading="lazy" alt="{escape(png.stem)}"></a>'
                f"<figcaption>{escape(png.stem.removeprefix(name + '-'))}"
                f"{f'<ul class=found>{said}</ul>' if said else ''}</figcaption></figure>"
            )
        rows.append(
            f'<section id="{escape(name)}"><h2>{escape(name)}</h2><div>{"".join(cells)}</div></section>'
        )
    toc = " · ".join(f'<a href="#{escape(name)}">{escape(name)}</a>' for name in names)
    total = sum(len(found) for found in problems.values())
    (out / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>Dominoes: every screen</title>"
        "<style>body{font:14px system-ui;margin:1rem}section div{display:flex;gap:1rem;overflow-x:auto;"
        "align-items:flex-start}img{max-height:360px;border:1px solid #aaa}figure{margin:0}"
        ".found{color:#a00}</style>"
        f"<h1>Every screen at every size</h1><p>{total} problems found by the box checks.</p>"
        f"<p>{toc}</p>{''.join(rows)}"
    )


def _record_screens(page: Page, app_url: str, out: Path, size: str) -> None:
    """The Game dialog (with an import error), the replay viewer, statistics, an embedded replay."""
    page.goto(app_url + "?variant=all-fives&seed=3&aidelay=0")
    page.wait_for_function(READY)
    play_hand_with_buttons(page)
    _painted(page)
    page.screenshot(path=out / f"hand-over-{size}.png")
    page.click("#hand-replay-btn")
    page.keyboard.press("End")
    page.screenshot(path=out / f"replay-{size}.png")
    page.click("#replay-close")
    page.click("#game-btn")
    page.fill("#import-text", '[Variant "draw-2"]\n[Hand "1"]\n[Tiles0 "6-x"]')
    page.click("#import-replay-btn")
    page.screenshot(path=out / f"game-dialog-{size}.png")
    page.click("#stats-btn")
    page.screenshot(path=out / f"statistics-{size}.png")
    record = write_record(bot_match("partnership-block", 4, 7, ["greedy"] * 4, 1))
    page.goto(app_url + f"?embed=1&compact=1&theme=light&hand=1&move=9{record_fragment(record)}")
    page.wait_for_function(READY)
    page.screenshot(path=out / f"embedded-replay-{size}.png")


def _shared_device_screens(page: Page, app_url: str, out: Path, size: str) -> None:
    """Pass and play: New game with a person at West, the privacy screen, West's turn."""
    page.goto(app_url + "?variant=partnership-block&level=human,greedy,greedy&seed=3&aidelay=0")
    page.wait_for_function(READY)
    page.wait_for_function("document.body.dataset.phase === 'pass'")
    page.screenshot(path=out / f"pass-screen-{size}.png")
    page.click("#pass-new-game-btn")
    page.screenshot(path=out / f"new-game-people-{size}.png")
    page.click("#ng-cancel")
    page.click("#pass-ready-btn")
    page.wait_for_function("document.body.dataset.phase === 'human'")
    _painted(page)
    page.screenshot(path=out / f"shared-turn-{size}.png")


README_PICTURES = {"table-phone.png": "screenshot-phone.png", "table-desktop.png": "screenshot-desktop.png"}
"""The gallery's pictures the README shows, and their names in ``docs/``."""


def copy_readme_pictures(out: Path, docs: Path) -> None:
    """Copy the README's pictures from a gallery written to ``out`` into ``docs``."""
    for source, target in README_PICTURES.items():
        shutil.copyfile(out / source, docs / target)


if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if argument != "--readme"]
    gallery = Path(arguments[0] if arguments else "screens")
    main(gallery)
    if "--readme" in sys.argv:
        copy_readme_pictures(gallery, Path(__file__).resolve().parents[2] / "docs")
