"""A night of each club game as a story (issue 29), the apps' side: the table's kiosk, the
leader's console and the hall display, each the real app in its own process under Xvfb
(Kivy makes one window per process), started by tests/ui/test_club_stories_ui.py as
``python -m tests.ui.stories SPEC.json``.

The test holds the hub (the real core behind the MQTT adapter, on a real Mosquitto) and the
bots that tap in the deals that only advance the night; the apps follow what the hub
publishes, and say where they are with small files in a shared folder (``signals``). The
moments the issue names are real taps: the table calls the leader, the console clears the
call and corrects a deal with a reason, the table taps in the deal that wins a game, the
console ends the night while table 2 is still short of its deals.
"""

from __future__ import annotations

import asyncio
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Bound of a wait for another process (the hub, the console, the table): generous, as the
#: suite runs on two busy cores, where a client may even have to reconnect.
WAIT = 90.0

#: A 8-card round of 8-to-1 in which every player bids two and takes two.
EIGHT_EVEN = {"bids": dict.fromkeys("NESW", 2), "tricks": dict.fromkeys("NESW", 2)}


@dataclass(frozen=True)
class Story:
    """One game's night at two tables, 1 (the real kiosk) and 2 (a bot, ended early).

    ``first`` is each table's deal 1 (a bot's), which the console corrects at table 1 with
    ``fix`` (taps on its form: a kid, or ``(row, button)`` of a player's count);
    ``advance`` bot deals follow; then the kiosk taps ``taps``, the deal that wins a game
    (none: the game has no games); then bot deals up to ``length``, when table 1 is done."""

    game: str
    language: str
    first: dict[str, Any]
    fix: tuple[Any, ...]
    length: int
    taps: tuple[str, ...] = ()
    advance: int = 0
    #: the screen of the table's score
    score_screen: str = "club-players"


_PICK = ("club-enter", "pick-1", "key-13", "next")
_AGREE = ("confirm-home", "confirm-visitors")
STORIES = {
    s.game: s
    for s in (
        # NS grand 11 (+5), corrected to 12 (+6); the table's NS grand 13 (+7) wins at 13.
        Story(
            "minnesota",
            "fr",
            {"granded": "NS", "ns_tricks": 11},
            ("tricks-12",),
            3,
            ("club-enter", "pick-0", "key-13", "next", *_AGREE),
            score_screen="club-score",
        ),
        # Hearts, NS 7 (1 point), corrected to 8; the table's 13 in hearts wins the game.
        Story(
            "english",
            "en",
            {"trump": "hearts", "ns_tricks": 7},
            ("tricks-8",),
            3,
            (*_PICK, "pick-0", *_AGREE),
            score_screen="club-score",
        ),
        Story(
            "american",
            "en",
            {"trump": "hearts", "ns_tricks": 7},
            ("tricks-8",),
            3,
            (*_PICK, *_AGREE),
            score_screen="club-score",
        ),
        Story(
            "widow",
            "fr",
            {"widow": "2", "tricks": {"1": 3, "2": 6, "3": 4}},
            ((0, 2), (1, 0)),
            2,
        ),
        Story("solo", "fr", {"contract": "solo", "bidder": "N", "bidder_tricks": 6}, ((0, 0),), 2),
        # The seed's knockout: every deal is a game; the table's 3-4-0-0 is won by seat 2.
        Story(
            "knockout",
            "en",
            {"tricks": {"1": 3, "2": 4, "3": 0, "4": 0}},
            # seat 2 down one, then seat 1 up one: the form holds the tricks to seven
            ((1, 0), (0, 2)),
            3,
            ("club-enter", "key-3", "key-4", "key-0", "confirm-home"),
        ),
        # 21 rounds make a game: the bots play 20, the table taps in the 21st.
        Story(
            "eight-to-one",
            "en",
            EIGHT_EVEN,
            ((0, 5), (1, 3)),
            22,
            (
                "club-enter",
                *("key-1", "key-2", "key-3", "key-1"),
                "choose-0",
                *("key-1", "key-2", "key-3"),
                "confirm-home",
            ),
            advance=19,
        ),
    )
}


def eight_to_one_round(cards: int) -> dict[str, Any]:
    """A round of ``cards`` cards each in which everyone makes the bid: the tricks dealt out
    round the table."""
    tricks = {seat: cards // 4 + (1 if i < cards % 4 else 0) for i, seat in enumerate("NESW")}
    return {"bids": dict(tricks), "tricks": dict(tricks)}


# ---------------------------------------------------------------------------- signals
def _signal(spec: dict[str, Any], name: str) -> None:
    folder = Path(spec["signals"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text("1", encoding="utf-8")


async def _wait_signal(spec: dict[str, Any], name: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not (Path(spec["signals"]) / name).exists():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {name!r} signal within {timeout} s")
        await asyncio.sleep(0.05)


# ---------------------------------------------------------------------------- the table
async def story_kiosk(d: Any) -> None:
    """Table 1: its score after deal 1; the call (a real tap) and the leader's clearing it;
    the leader's correction; the deal that wins a game (real taps); the night's end."""
    from tests.ui.driver import until

    story = STORIES[d.spec["story"]]
    p = d.presenter
    score_vm = "club_score" if story.score_screen == "club-score" else "club_players"

    def score() -> Any:
        return p.club.score if p.club is not None else None

    def dealt() -> int:
        s = score()
        return 0 if s is None or s.last is None else int(s.last.deal)

    def shown() -> Any:
        return getattr(d.app.vm, score_vm)

    def texts() -> dict[str, Any]:
        vm = shown()
        seen = {
            "last": vm.last,
            "end": vm.end,
            "call": vm.call.text,
            "banner": d.app.vm.header.banner,
        }
        if score_vm == "club_score":
            seen["scores"] = [vm.ns_score, vm.ew_score]
            seen["detail"] = [vm.ns_detail, vm.ew_detail]
        else:
            seen["scores"] = [r.score for r in vm.rows if r.visible]
            seen["round"] = vm.round
        return seen

    async def play(record: dict[str, Any] | None = None) -> None:
        """The table's next deal through the kiosk's own desk and outbox (what its confirm
        page sends), for the deals that only advance the night."""
        from whist.protocol import DealRecord

        before = dealt()
        s = score()
        if record is None:
            cards = s.round.cards if s.round is not None else 0
            record = eight_to_one_round(cards) if story.game == "eight-to-one" else story.first
        assert p.club._submit_record(s.deal, DealRecord.model_validate(record))
        p._changed()
        await until(lambda: dealt() == before + 1, f"deal {before + 1} from the hub", WAIT)

    await d.on(story.score_screen, timeout=WAIT)
    await until(lambda: p.hub_online and score() is not None, "the hub's score", WAIT)
    await play(story.first)
    await d.on(story.score_screen)
    await d.shot("k01-score")
    d.note("score", texts())

    await d.tap("call")
    await until(lambda: p.store.call == "listed", "the hub listing the call", WAIT)
    await d.settle()
    await d.shot("k02-called")
    d.note("called", texts())
    _signal(d.spec, "called")

    await until(lambda: p.store.call == "none", "the call cleared", WAIT)
    await d.settle()
    await d.shot("k03-cleared")
    d.note("cleared", texts())
    await until(lambda: score() is not None and score().last.corrected, "the correction", WAIT)
    await d.settle()
    await d.shot("k04-corrected")
    d.note("corrected", texts())

    for _ in range(story.advance):
        await play()
    if story.taps:
        before = dealt()
        await d.on(story.score_screen)
        for kid in story.taps:
            if d.screen == "club-pick" and "choice" not in d.spec.setdefault("seen", {}):
                d.spec["seen"]["choice"] = True
                d.note("choice", [o.text for o in d.app.vm.club_pick.options if o.visible])
            if d.screen == "confirm":
                d.note("confirm", d.app.vm.confirm.outcome)
            await d.tap(kid)
        await until(lambda: dealt() == before + 1, "the tapped deal's score", WAIT)
        await d.on(story.score_screen)
        await d.shot("k05-game-won")
        d.note("won", texts())
        d.note("won_by", score().last.game_won_by)
    while not score().finished:
        await play()

    await until(lambda: score() is not None and score().ended, "the night's end", 4 * WAIT)
    await d.settle()
    await d.shot("k06-ended")
    d.note("ended", texts())


# ---------------------------------------------------------------------------- the leader
async def story_leader(d: Any) -> None:
    """The console: table 1's call on the night's tables, cleared from its deals page; deal 1
    corrected with a reason; once table 1 is done, the night ended (table 2 is short)."""
    from tests.ui.driver import until

    story = STORIES[d.spec["story"]]
    p = d.p
    size = "x".join(str(n) for n in d.size)
    lang = story.language

    async def shot(name: str) -> None:
        await d._shot(f"{lang}-{size}-story-{story.game}-{name}")

    def night_tables() -> list[Any]:
        return list(p.store.night.tables) if p.store.night is not None else []

    await d.on("night", timeout=WAIT)
    await until(
        lambda: p.store.state is not None and p.store.state.calling == [1], "the call", WAIT
    )
    await d.settle()
    await shot("c01-called")
    d.note("calls", d.vm.night.calls if hasattr(d.vm.night, "calls") else "")
    await d.tap("night-table-1")
    await d.on("deals")
    await until(lambda: 1 in p.store.club_deals, "table 1's deals", WAIT)
    await d.settle()
    await d.tap("clear-call")
    await until(lambda: p.store.state.calling == [], "the call cleared", WAIT)

    await d.tap("correct-1")
    await d.on("deal")
    for step in story.fix:
        if isinstance(step, str):
            await d.tap(step)
        else:
            row, button = step
            grid = next(w for w in d.widgets() if getattr(w, "kid_prefix", "") == f"count{row}")
            await d.tap(list(reversed(grid.children))[button].kid)
    await d.tap("reason-0")
    await d.settle()
    await shot("c02-correct")
    d.note("readout", d.vm.deal.readout)
    d.note("reason", d.find("reason-0").text)
    await d.tap("save")
    await d.on("deals")
    await until(
        lambda: "saved" in d.vm.message.text or "enregistr" in d.vm.message.text,
        "the hub's answer",
        WAIT,
    )
    d.note("saved", d.vm.message.text)

    await d.tap("back")
    await d.on("night")

    def done() -> bool:
        tables = night_tables()
        return bool(tables) and any(t.table == 1 and t.finished for t in tables)

    await until(done, "table 1's last deal", 4 * WAIT)
    await d.tap("end-night")
    await d.on("confirm")
    await d.tap("go")
    await until(lambda: p.store.state.finished, "the night's end", WAIT)
    await d.on("night")
    await d.settle()
    await shot("c03-ended")
    d.note("ended", [(t.table, t.status) for t in d.vm.night.tables])


# ---------------------------------------------------------------------------- the hall
async def story_hall(d: Any) -> None:
    """The hall: the night under way once the table has called (1920x1080), and its end."""
    from tests.ui.driver import until

    story = STORIES[d.spec["story"]]
    p = d.p
    size = "x".join(str(n) for n in d.size)
    lang = story.language

    def seen() -> dict[str, Any]:
        return {
            "night": [(r.rank, r.table, r.players, r.wins, r.points) for r in d.vm.night.rows],
            "tables": [(t.table, t.score, t.deals, t.status) for t in d.vm.night.tables],
            "title": d.vm.tournament,
        }

    await d.on("night", timeout=WAIT)
    await _wait_signal(d.spec, "called")
    await until(
        lambda: p.night is not None and sum(t.deals for t in p.night.tables) >= 2,
        "the night's standings",
        WAIT,
    )
    await d.settle()
    await d._shot(f"{lang}-{size}-story-{story.game}-h01-night")
    d.note("night", seen())
    await until(lambda: p.night is not None and p.night.ended, "the night's end", 4 * WAIT)
    p.page = 0
    p._changed()
    await d.settle()
    await d._shot(f"{lang}-{size}-story-{story.game}-h02-final")
    d.note("final", seen())


def main() -> None:
    import json

    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    if spec["app"] == "kiosk":
        from tests.ui import driver

        driver.SCENARIOS["story"] = story_kiosk
        driver.main()
    else:
        from tests.ui import console_driver

        console_driver.SCENARIOS["story"] = story_leader if spec["app"] == "leader" else story_hall
        console_driver.main()


if __name__ == "__main__":
    main()
