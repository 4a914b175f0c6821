"""The hall from the back row: the military standings measured in their own screenshots.

Run as ``python -m tests.ui.hall_backrow SPEC.json`` (tests/ui/test_hall_backrow.py): the
console driver's hall display, with one more scenario. The hub's messages are given to the
hall's own connection listener (the presenter and the serial scoreboard behind it), the
network taken away, so every picture is exactly the one asked for.

Measuring: a 55-inch 16:9 TV is about 1218 mm wide, so a pixel of a W-pixel-wide picture is
1218 / W mm. In each screenshot the first glyph of a text (a digit or a capital: ``7`` of
``7 · ACES``, ``1`` of ``19``, ``D`` of ``Diamonds``) is found in its widget's box, and the
pixel rows holding its ink are counted: that is the cap height as drawn, antialiasing
included. The trump's suit symbol is measured whole.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.ui import console_driver
from tests.ui.driver import until
from tests.ui.measure import TV_WIDTH_MM, widget_ink

_SEQ: list[int] = []
CAPS_TEAMS = ["ACES", "HEARTS OF OAK", "THE KNAVES", "LES AS DE GASPE", "RED DEER", "MONARCHS"]
#: A name of 40 characters, one word of them 21 long: too long for its cell at full size.
LONG_NAME = "THE MERRY CLUBS OF SAINTE-ANNE-DES-MONTS"


def _standings(
    names: list[str], *, days: int = 1, points: bool = False, start: bool = False, level: int = 1
) -> tuple[Any, ...]:
    """Standings as a hub sends them: each team's day totals add up to its flags, and the
    ranks are the core's (equal scores share a place, whist.tournament._ranked). ``start``:
    before the first hand (Gaspésie: everyone on 0 points, no change yet). ``level``: the
    first teams level on the top score (2: a tie for first)."""
    from whist.protocol import Standings, TeamStanding
    from whist.tournament import _ranked

    count = len(names)
    flags = {t: 30 if t <= level else 30 - t // 2 for t in range(1, count + 1)}
    totals = {t: [12 + t % 5, 18 - t // 2 - t % 5] if days > 1 else [f] for t, f in flags.items()}
    score = {t: (0 if start else 12 - t // 2) if points else flags[t] for t in totals}
    rank = _ranked({t: (-score[t],) for t in totals})
    teams = [
        TeamStanding(
            team=t,
            name=names[(t - 1) % len(names)] if t <= len(names) else f"TEAM {t}",
            flags=flags[t] if not points else 0,
            points=score[t] if points else 0,
            day_totals=[0] if start else totals[t],
            loans=0,
            rank=rank[t],
            change=None if start else (-1) ** t * (t % 3),
        )
        for t in sorted(totals, key=lambda t: (rank[t], t))
    ]
    _SEQ.append(len(_SEQ) + 100)  # each picture newer than the last
    hand = 0 if start else 4
    return (Standings(hand=hand, day=days, teams=teams, seq=_SEQ[-1], change_hand=hand),)


def _state(
    teams: int, trump: str, *, days: int = 1, fmt: str = "alberta", hand: int = 5
) -> Any:
    from whist.formats import Format
    from whist.protocol import State
    from whist.views import format_info

    tables = max(1, teams // 2)
    return State(
        tournament="Provincial final — Red Deer" if fmt == "alberta" else "Finale de Gaspé",
        format=fmt,
        tables=tables,
        hand=hand,
        hands=24,
        day=days,
        days=days,
        phase="playing" if hand else "waiting",
        # the format's answers, as the hub sends them (Gaspésie: French, points, manches)
        rules=format_info(Format(fmt)) if fmt != "alberta" else None,
        trump=trump,
        reported=list(range(1, tables // 2 + 1)),
        missing=list(range(tables // 2 + 1, tables + 1)),
    )


async def _measured(d: Any, name: str, page: int = 0) -> None:
    """``d.shoot(name)``, and every text of the first row measured in each picture.

    ``page`` is shown again after each resize (a window resized in steps may count a page
    of other rows on its way, and the presenter goes back to a page that exists)."""
    from kivy.core.window import Window

    before = d.p.language
    for size, languages in ((d.sizes[0], ("en", "fr")), (d.sizes[1], ("fr",))):
        await d.resize(*size)
        while d.p.page != page:
            d.p.next_page()
        for language in languages:
            if d.p.language != language:
                d.p.set_language(language)
            stem = f"{language}-{size[0]}x{size[1]}-{name}"
            await d._shot(stem)
            png = d.shots / f"{stem}.png"
            mm = TV_WIDTH_MM / Window.width
            found = {}
            for kid, whole in (
                ("hall-name", False),
                ("hall-score", False),
                ("hall-trump", False),
                ("hall-trump-symbol", True),
                ("hall-clock", False),  # the room's clock, where it runs (issue 26)
            ):
                widgets = [
                    w
                    for w in d.widgets()
                    if getattr(w, "kid", "") == kid
                    and w.get_root_window()
                    and w.text
                    and not getattr(w.parent, "head", False)  # not the column titles
                ]
                if not widgets or (kid.startswith("hall-trump") and not d.vm.trump_symbol):
                    continue
                w = max(widgets, key=lambda w: w.to_window(w.x, w.y)[1])  # the first row
                px = widget_ink(png, w, first_glyph=not whole)
                found[kid] = {"px": px, "mm": round(px * mm, 1), "font_px": round(w.font_size)}
            console_driver._report.setdefault("heights", {})[stem] = found
    await d.resize(*d.sizes[0])
    if d.p.language != before:
        d.p.set_language(before)
        await d.settle(2)


async def hall_backrow(d: Any) -> None:
    from hall.board import StandingsTee

    await d.on("connecting", timeout=30)
    tee = d.app.connection.listener
    assert isinstance(tee, StandingsTee), f"the hall listens through {type(tee).__name__}"
    d.app.connection.listener = None  # from here on, only the messages below
    p = d.p

    # Twelve teams are two pages: the app's own clock (hall.toml: page_seconds = 3) turns
    # them, and back again. Then the clock is stopped so that each picture is the one named.
    tee.on_state(_state(12, "none"))
    (standings,) = _standings([*CAPS_TEAMS, *CAPS_TEAMS])
    tee.on_standings(standings)
    await until(lambda: p.pages == 2, "two pages")
    await until(lambda: p.page == 1, "page 2, turned by itself", 8)
    await until(lambda: p.page == 0, "page 1 again, turned by itself", 8)
    for event in d.app._events:
        event.cancel()

    # Three teams: the rows share the whole screen and their text grows.
    tee.on_state(_state(3, "diamonds"))
    (standings,) = _standings(CAPS_TEAMS[:3])
    tee.on_standings(standings)
    await until(lambda: len(d.vm.rows) == 3, "three rows")
    await d.settle()
    await _measured(d, "01-three-teams")
    d.note("three", [p.rows_per_page, p.pages])

    # Twelve teams: a full page, then the second page with the same rows.
    tee.on_state(_state(12, "none"))
    (standings,) = _standings([*CAPS_TEAMS, *CAPS_TEAMS])
    tee.on_standings(standings)
    await until(lambda: p.pages == 2 and p.page == 0, "two pages")
    await d.settle()
    await _measured(d, "02-page-1")
    p.next_page()
    await d.settle()
    await _measured(d, "03-page-2", page=1)
    d.note("twelve", [p.rows_per_page, p.pages])

    # Forty teams over two days: pages turn by themselves (the app's own clock, made fast).
    tee.on_state(_state(40, "hearts", days=2))
    (standings,) = _standings([*CAPS_TEAMS] * 7, days=2)
    tee.on_standings(standings)
    await until(lambda: p.pages > 2, "the pages of forty teams")
    await d.settle()
    await _measured(d, "04-forty-teams")
    d.note("forty", [p.rows_per_page, p.pages])

    # A long name on a full page: wrapped between words and smaller, never cut.
    tee.on_state(_state(12, "spades"))
    (standings,) = _standings([LONG_NAME, *CAPS_TEAMS[1:], *CAPS_TEAMS])
    tee.on_standings(standings)
    await until(lambda: d.vm.rows and LONG_NAME in d.vm.rows[0].name, "the long name")
    await d.settle()
    fitted = {}
    for size in d.sizes:
        await d.resize(*size)
        await d.settle()
        fitted[f"{size[0]}x{size[1]}"] = _long_name(d)
    await _measured(d, "05-long-name")
    d.note("long_name", fitted)

    # Gaspésie: points, and in French a hand is a manche (header, column, first one soon);
    # the room's clock on its own line (issue 26): 20 minutes, 7:40 of them played
    from whist.protocol import Clock

    now = 1_800_000_000.0
    clock = Clock(unit=5, started=now - 460, seconds=1200, now=now, playing=[2, 3])
    tee.on_state(_state(6, "clubs", fmt="gaspesie").model_copy(update={"clock": clock}))
    (standings,) = _standings(CAPS_TEAMS, points=True)
    tee.on_standings(standings)
    await until(lambda: d.vm.rows and d.vm.rows[0].total == "12", "Gaspésie's points")
    await d.settle()
    await _measured(d, "06-gaspesie")
    p.set_language("fr")
    await d.settle()
    d.note("gaspesie_fr", [d.vm.hand, d.vm.head.change, d.vm.clock])
    # before the first manche nobody has a point yet and no manche has a change
    tee.on_state(_state(6, "clubs", fmt="gaspesie", hand=0))
    (standings,) = _standings(CAPS_TEAMS, points=True, start=True)
    tee.on_standings(standings)
    await until(lambda: d.vm.trump_symbol == "", "before the first manche")
    await until(lambda: d.vm.rows and d.vm.rows[0].total == "0", "no points yet")
    await d.settle()
    d.note("gaspesie_first_fr", d.vm.hand)
    await _measured(d, "07-gaspesie-first")

    # A tie for first still open (issue 25, item 4): not "Final standings" but the playoff,
    # who plays where by name, and its trump.
    from whist.protocol import PlayoffNote

    p.set_language("en")
    playoff = PlayoffNote(
        place=1,
        teams=[1, 2],
        names={"1": "RED DEER ACES", "2": "PONOKA HEARTS"},
        next=[1, 2],
        players={"1": ["Ann Smith", "Bob Lee"], "2": ["Cy Roy", "Di Fox"]},
        trump="hearts",
    )
    ended = _state(6, "spades").model_copy(
        update={"finished": True, "phase": "closed", "hand": 24, "playoff": playoff}
    )
    tee.on_state(ended)
    # the two teams level on first place, as the playoff is for them
    (standings,) = _standings(["RED DEER ACES", "PONOKA HEARTS", *CAPS_TEAMS[2:]], level=2)
    tee.on_standings(standings)
    await until(lambda: d.vm.hand == "Playoff for first place", "the playoff")
    await d.settle()
    d.note("playoff", [d.vm.hand, d.vm.progress, d.vm.counts, d.vm.trump_name])
    await _measured(d, "08-playoff")


def _long_name(d: Any) -> dict[str, Any]:
    """The long name's label as drawn: its type, its lines, and whether Kivy's texture of it
    fits its cell with every word whole."""
    (w,) = [
        w
        for w in d.widgets()
        if getattr(w, "kid", "") == "hall-name" and LONG_NAME in getattr(w, "text", "")
    ]
    lines = [" ".join(word.text for word in line.words) for line in w._label._cached_lines]
    return {
        "font_px": round(w.font_size, 1),
        "full_px": round(w.max_font_size, 1),
        "min_px": round(w.min_font_size, 1),
        "fits": w.fits(w.font_size),
        "texture": list(w.texture_size),
        "box": [round(w.width), round(w.height)],
        "lines": lines,
        "text": w.text,
    }


def main() -> None:
    """console_driver.main, with the hall's own page clock (hall.toml's page_seconds)."""
    import asyncio
    import json
    import sys
    import time

    from uikit.app import configure_kivy

    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    configure_kivy(tuple(spec["sizes"][0]))
    from hall.ui import HallApp

    app = HallApp(Path(spec["config"]), config_poll=0.2)
    console_driver.SCENARIOS["hall_backrow"] = hall_backrow
    started = time.monotonic()
    asyncio.run(console_driver._run(app, spec))
    report = console_driver._report
    report["seconds"] = round(time.monotonic() - started, 2)
    print("RESULT " + json.dumps(report), flush=True)
    sys.exit(1 if report.get("error") else 0)


if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    main()
