"""Issue 13 on the real console: French throughout (a manche, plural forms), entering a
missing result, the reason's hint, renaming the tournament, the name in the header."""

from __future__ import annotations

from typing import Any

from tests.ui.driver import until

NEW_NAME = "Whist militaire de la Baie-des-Chaleurs — finale régionale"


async def leader_french(d: Any) -> None:
    from tests.ui.console_scenarios import _first_hand, _report  # it registers this one

    p = d.p
    await _first_hand(d, "manche 1")
    await _report(d, 1, 1, 8)
    await until(lambda: p.store.state.reported == [1], "table 1")
    await d.settle()
    d.note("one_in", [d.vm.tables.phase, d.vm.header.tournament])
    await d.shoot("40-one-table-in")
    # The leader opens the next manche early: the count says how many tables are missing,
    # in the Gaspésie words (ngettext with the context "manche").
    p.start.open_start()
    await d.on("start")
    await d.settle()
    d.note("start_early", d.vm.start.warning)
    await d.shoot("45-start-early")
    p.back()
    await d.on("tables")
    # Table 2 never reports: the leader enters its result from the paper sheet.
    await d.tap("tile-2")
    await d.on("table")
    await until(lambda: (1, 2) in p.store.results, "the results")
    await d.settle()
    d.note("enter_button", d.vm.table.correct.text)
    await d.tap("correct")
    await d.on("correct")
    p.correct.set_reason("")  # the empty field shows its hint
    await d.settle()
    d.note("enter", [d.vm.correct.title, d.vm.correct.reason_hint, d.vm.correct.save.text])
    await d.shoot("41-enter-result")
    await d.tap("key-6")
    await d.tap("reason-1")
    await d.tap("save")
    await d.on("table")
    await until(lambda: "leader" in d.vm.table.result or "arbitre" in d.vm.table.result, "entered")
    await until(lambda: d.vm.table.history != "", "the history")
    await d.settle()
    d.note("entered", [d.vm.table.result, d.vm.table.history])
    await d.shoot("42-entered-by-the-leader")
    await d.tap("back")
    await d.on("tables")
    # The name was typed in the wrong language: the leader renames the tournament.
    await d.tap("tab-sheets")
    await d.on("sheets")
    d.find("tournament-name").text = NEW_NAME
    await d.settle()
    await d.shoot("43-rename")
    await d.tap("rename")
    await until(lambda: p.store.state.tournament == NEW_NAME, "the new name")
    await until(lambda: NEW_NAME in d.vm.message.text, "the hub's answer")
    d.note("renamed", [d.vm.header.tournament, d.vm.message.text])
    await d.tap("tab-tables")
    await d.on("tables")
    await d.settle()
    await d.shoot("44-renamed")


SCENARIOS = {"leader_french": leader_french}
