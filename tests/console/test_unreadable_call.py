"""The hub tells the leader that a table sent something unreadable (issue 23): a call from
that table, in the leader's language."""

from __future__ import annotations

from hub.service.batch import Inbound
from tests.console.conftest import console
from tests.console.test_presenter import start

NB = "\u00a0"


def test_a_table_that_sent_something_unreadable_calls_the_leader_in_his_language(hub):
    p = console(hub)
    start(p, hub)
    hub.outbox += hub.core.handle([Inbound("result", 2, b"[" * 3000 + b"]" * 3000)])
    hub.deliver()
    calls = p.view.tables.calls
    assert calls.startswith(f"Calling you: table{NB}2 (sent something unreadable at ")
    at = calls.rsplit(" ", 1)[-1].rstrip(")")
    p.set_language("fr")
    expected = f"On vous appelle{NB}: table{NB}2 (a envoyé un message illisible à {at})"
    assert p.view.tables.calls == expected
