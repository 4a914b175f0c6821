"""The leader's ``export``, whatever the event: the files written once per state of the log
and language, and the PDF printed in a process of its own."""

from __future__ import annotations

import logging
import subprocess
from collections.abc import Callable
from pathlib import Path

from hub.service.datadir import EXPORTS_DIR
from hub.service.store import EventStore
from whist.errors import ErrorCode, TournamentError
from whist.protocol import ExportData

log = logging.getLogger("whist.hub")

#: What an export wrote: its CSV files, and the sheets (HTML) to print to PDF.
Written = tuple[list[Path], list[Path]]


class Exports:
    """Where exports go, the last one, and the process printing its sheets to PDF."""

    def __init__(self, store: EventStore) -> None:
        self.folder: Path = store.path.parent / EXPORTS_DIR
        #: The process printing the sheets to PDF after the last export (hub/paper/sheets.py).
        self.pdf_job: subprocess.Popen[bytes] | None = None
        #: The last export: (what the log was at, the language) and what it wrote.
        self._last: tuple[tuple[int, str | None], ExportData] | None = None

    def once(
        self, version: int, language: str | None, write: Callable[[Path], Written]
    ) -> ExportData:
        """``write(folder)`` (the CSV files and the sheets' HTML it wrote), then the PDF in
        its own process; unless nothing was logged since the last export in this language
        and its files are all still there: then the same answer at once (issue 23, item 9: a
        leader tapping Export again and again held up every table's Ack for seconds)."""
        key = (version, language)
        last = self._last
        if last is not None and last[0] == key and all(Path(f).is_file() for f in last[1].files):
            return last[1]
        data = self._write(write)
        self._last = (key, data)
        return data

    def _write(self, write: Callable[[Path], Written]) -> ExportData:
        from hub.paper.sheets import start_pdfs

        folder = self.folder
        try:
            files, sheets = write(folder)
        except OSError as exc:
            raise TournamentError(
                f"the files could not be written in {folder}: {exc}", ErrorCode.IO
            ) from exc
        # The PDF copies follow in a process of their own (a minute for a big final): the
        # worker goes on answering the tables. A job still running from before is let be.
        if self.pdf_job is None or self.pdf_job.poll() is not None:
            try:
                self.pdf_job = start_pdfs(sheets)
            except OSError as exc:
                log.warning("the PDF sheets could not be started: %s", exc)
        return ExportData(folder=str(folder), files=[str(p) for p in files + sheets])
