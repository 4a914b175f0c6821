"""Issue 12's playoff buttons on the real console: the A players' cards entered at the start,
the hand for second place when two teams go on (rules A18), undoing the last tie-break, and
the Gaspésie leader's decision on teams the count-back leaves level (G7)."""

from __future__ import annotations

from typing import Any

from tests.ui.driver import until


async def _one_hand(d: Any, tables: dict[int, int]) -> None:
    """Hand 1 of 1 started, ``tables`` (table: visitor tricks) reported, the hand closed."""
    from tests.ui.console_scenarios import _first_hand, _report  # it registers this one

    p = d.p
    await _first_hand(d)
    for table, tricks in tables.items():
        await _report(d, table, 1, tricks)
    await until(lambda: p.store.state.reported == sorted(tables), "the results")
    await d.tap("close" if d.vm.tables.close.visible else "primary")
    await d.on("confirm")
    await d.tap("go")
    await until(lambda: p.store.state.finished, "play over")


async def _record(d: Any, tricks: int, what: str) -> None:
    p = d.p
    played = len(p.store.ties.current.played)
    await d.tap(f"key-{tricks}")
    await d.tap("tb-record")
    await until(
        lambda: (
            p.store.ties is not None
            and (p.store.ties.current is None or len(p.store.ties.current.played) > played)
        ),
        what,
    )


async def leader_playoffs(d: Any) -> None:
    p = d.p
    await _one_hand(d, {1: 6, 2: 6, 3: 6})  # every team keeps 12 flags: a three-way tie
    await d.on("tables")
    await d.tap("tab-tiebreak")
    await d.on("tiebreak")
    await until(lambda: p.store.ties is not None and p.store.ties.finished, "the ties")
    await d.tap("tb-draws")
    for rank, suit in (("A", "spades"), ("K", "hearts")):
        await d.tap(f"rank-{rank}")
        await d.tap(f"suit-{suit}")
    await d.tap("rank-2")
    await d.settle()
    await d.shoot("50-tiebreak-draws")
    d.note("draws", [d.vm.tiebreak.question, d.vm.tiebreak.start.enabled])
    await d.tap("suit-clubs")
    await d.tap("tb-start")
    await until(
        lambda: p.store.ties is not None and p.store.ties.current is not None, "the playoff"
    )
    await _record(d, 8, "team 1 beats team 2")
    await _record(d, 8, "team 1 beats team 3")
    await until(lambda: p.store.ties.current.for_second, "the hand for second")
    await d.settle()
    await d.shoot("51-tiebreak-second")
    d.note("second", [d.vm.tiebreak.title, d.vm.tiebreak.steps])
    await _record(d, 5, "second place decided")
    await until(lambda: p.store.ties.current is None and p.store.ties.done, "the playoff decided")
    await d.settle()
    d.note("done", d.vm.tiebreak.steps)
    await d.tap("tb-undo")
    await d.on("confirm")
    await d.shoot("52-tiebreak-undo")
    d.note("undo", [d.vm.confirm.title, d.vm.confirm.body, d.vm.confirm.go.text])
    await d.tap("go")
    await until(lambda: p.store.ties is not None and not p.store.ties.done, "the tie-break undone")
    await d.on("tiebreak")
    d.note("undone", d.vm.message.text)


async def leader_decision(d: Any) -> None:
    p = d.p
    await _one_hand(d, {1: 0, 2: 1, 3: 1})  # team 1 first; teams 2 and 3 level, every table in
    await d.on("tables")
    await d.tap("tab-tiebreak")
    await d.on("tiebreak")
    await until(lambda: p.store.ties is not None and p.store.ties.undecided, "the level teams")
    await d.tap("decide-team-1")
    await d.tap("decide-team-0")
    await d.tap("reason-0")
    await d.settle()
    await d.shoot("53-gaspesie-decision")
    d.note("form", [d.vm.tiebreak.question, [b.text for b in d.vm.tiebreak.decide_teams]])
    await d.tap("pd-record")
    await until(lambda: p.store.ties is not None and p.store.ties.decisions, "the decision")
    await d.tap("tab-standings")
    await d.on("standings")
    await until(lambda: any(r.rank.startswith("3") for r in d.vm.standings.rows), "ranks decided")
    await d.settle()
    await d.shoot("54-standings-decision")
    d.note("standings", [(r.rank, r.team, r.name) for r in d.vm.standings.rows])


SCENARIOS = {"leader_playoffs": leader_playoffs, "leader_decision": leader_decision}
