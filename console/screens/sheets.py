"""Sheets & kiosks: writing the sheets, the join code, the joins, renaming the tournament."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from console.presenter import LeaderPresenter

from pathlib import Path

from console.screens.base import (
    JOINS_LISTED,
    ScreenPresenter,
    clock_time,
)
from console.viewmodel import (
    SheetsVM,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.protocol import (
    Export,
    JoinCodeQuery,
    Joins,
    Rename,
    RenewJoinCode,
)


class SheetsPresenter(ScreenPresenter):
    """Sheets & kiosks: writing the sheets, the join code, the joins, renaming the tournament."""

    def __init__(self, console: LeaderPresenter) -> None:
        super().__init__(console)
        self.name_draft: str = ""  # a new name for the tournament, as the leader types it

    def write_sheets(self) -> None:
        self._intent()
        self._send(Export(id=self._id(), language=self.language))
        self._changed()

    def ask_join_code(self) -> None:
        self._intent()
        self._ask(JoinCodeQuery(id=self._id()))
        self._ask(Joins(id=self._id()))
        self._changed()

    def renew_join_code(self) -> None:
        """A new join code at once (the old one may have been seen): kiosks that have joined
        keep their logins; a kiosk joining now needs the new code."""
        self._intent()
        self._send(RenewJoinCode(id=self._id()))
        self._changed()

    def set_name(self, text: str) -> None:
        self.name_draft = text
        self._changed()

    def rename(self) -> None:
        """Give the tournament the name typed (one typed in the wrong language, say)."""
        name = self.name_draft.strip()
        if not name or self.store.state is None or name == self.store.state.tournament:
            return
        self._intent()
        self._send(Rename(id=self._id(), name=name))
        self._changed()

    def build(self) -> SheetsVM:
        tr = self.tr
        # The folder once, then the files' names: six full paths do not fit a small screen.
        e = self.store.export
        files = f"{e.folder}\n{' · '.join(Path(f).name for f in e.files)}" if e is not None else ""
        if self.store.join is not None and self.store.join.expired:
            code = self.store.join.code
            how = tr.t("This code has expired: make a new one.")
        elif self.store.join is not None:
            code = self.store.join.code
            how = tr.t(
                "On a new kiosk: tap “Join with the leader's code”, type its table number, "
                "then this code."
            )
            if self.store.join.expires:
                how += " " + tr.t("It works until {time}.").format(
                    time=clock_time(float(self.store.join.expires))
                )
        elif self.store.join_refusal is not None:
            code, how = "", self.console.replies.refused_text(self.store.join_refusal)
        else:
            code, how = "", tr.t("Asking the hub…")
        return SheetsVM(
            title=tr.t("Printable sheets and CSV files"),
            what=tr.t(
                "The hub writes them into the “exports” folder of its data folder: the "
                "rotation sheet of every table (the paper fallback), the results by hand, the "
                "standings, and CSV files. The PDF copies follow within a minute: print a "
                ".pdf file, or open an .html file in a web browser."
            ),
            export=ButtonVM(tr.t("Write the sheets now"), role="primary"),
            files=files,
            open_rotation=ButtonVM(tr.t("Open the rotation sheet"))
            if self.rotation_path()
            else HIDDEN,
            join_title=tr.t("Join code for kiosks"),
            code=code,
            join_how=how,
            show_code=ButtonVM(tr.t("Ask the hub again")) if self.store.join is None else HIDDEN,
            renew=ButtonVM(tr.t("New code")) if self.store.join is not None else HIDDEN,
            joins_title=tr.t("Kiosks that joined"),
            joins=self._joins_text(),
            name_title=tr.t("Tournament name"),
            name=self.name_draft,
            name_hint=self.store.state.tournament if self.store.state is not None else "",
            rename=ButtonVM(tr.t("Rename"), enabled=self._renamable())
            if self.store.state is not None and self.store.club is None
            else HIDDEN,
        )

    def _renamable(self) -> bool:
        name = self.name_draft.strip()
        return bool(name) and self.store.state is not None and name != self.store.state.tournament

    def _joins_text(self) -> str:
        tr = self.tr
        if self.store.joins is None:
            return ""
        joined = [j for j in self.store.joins if j.outcome == "joined"][:JOINS_LISTED]
        lines = [
            tr.t("{time} · table {table} · {device} · {address}").format(
                time=clock_time(j.at), table=j.table, device=j.device or "?", address=j.address
            )
            for j in joined
        ] or [tr.t("No kiosk has joined with the code yet.")]
        wrong = [j for j in self.store.joins if j.outcome == "wrong_code"]
        if wrong:
            lines.append(
                tr.nt(
                    "{n} wrong code tried, the last at {time} from {address}.",
                    "{n} wrong codes tried, the last at {time} from {address}.",
                    len(wrong),
                ).format(n=len(wrong), time=clock_time(wrong[0].at), address=wrong[0].address)
            )
        return "\n".join(lines)

    def rotation_path(self) -> str | None:
        """The rotation sheet the hub wrote, if this computer can open it: the PDF (it prints
        as laid out, one landscape page per table per session) once the hub has made it,
        the HTML until then."""
        for path in self.store.export.files if self.store.export is not None else []:
            if str(path).endswith("rotation.html") and self.console.file_exists(str(path)):
                pdf = str(path)[: -len(".html")] + ".pdf"
                return pdf if self.console.file_exists(pdf) else str(path)
        return None
