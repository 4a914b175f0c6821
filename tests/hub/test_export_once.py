"""An export with nothing new since the last one is answered at once (issue 23, item 9)."""

from pathlib import Path

from tests.hub.test_core import Harness, result


def test_an_export_with_nothing_new_is_not_written_again(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=3, hands=2)
    hub.command("start_hand")
    hub.result(2, result(2, tricks=10))
    first = hub.command("export")["data"]
    results = tmp_path / "exports" / "results.csv"
    before = results.read_text(encoding="utf-8")
    results.write_text("the leader's own notes\n", encoding="utf-8")
    assert hub.command("export")["data"] == first  # nothing logged since: not rewritten
    assert results.read_text(encoding="utf-8") == "the leader's own notes\n"
    results.unlink()  # a file gone: written again
    assert hub.command("export")["data"] == first
    assert results.read_text(encoding="utf-8") == before
    assert hub.command("export", language="fr")["data"]["files"] == first["files"]
    hub.result(3, result(3, tricks=4))  # a new fact: written again
    hub.command("export")
    assert results.read_text(encoding="utf-8") != before
    if hub.core.pdf_job is not None:
        hub.core.pdf_job.wait(timeout=300)
    assert all(Path(f).is_file() for f in first["files"])
