"""The table counts its own flags at a day's end (docs/rules.md, A19), with no Kivy.

:class:`CountDesk` is the counting half of :class:`kiosk.presenter.TablePresenter`. Once the
hub's :class:`~whist.protocol.TableView` carries a ``count`` (a day has ended), the waiting
screen asks the players to count their flags in fives; they type the number on a ten-key
pad, confirm it, and it goes to the durable outbox as a :class:`~whist.protocol.FlagCount`
until the hub's Ack. Whether the count agrees is the hub's word (``TableView.count.status``):
the desk only says it, and never shows the hub's own number.

>>> from kiosk.i18n import translator
>>> from whist.protocol import Ack, CountAtTable
>>> class Link:
...     def submit_count(self, count): return True
>>> desk = CountDesk(5, link=Link(), new_id=lambda: "k-1")
>>> for d in (1, 1):
...     desk.digit(d)
>>> desk.next(), desk.send(1).flags
(True, 11)
>>> desk.on_ack(Ack(id="k-1", status="accepted", day=1), None)  # not refused
False
>>> desk.line(translator("en"), CountAtTable(day=1, counted=11, status="differs"))
'Counted: 11 flags — the leader has been told it differs.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from kiosk.i18n import Translator
from kiosk.viewmodel import ButtonVM, CountConfirmVM, JoinVM
from whist.enums import AckStatus, CountStatus
from whist.protocol import Ack, CountAtTable, FlagCount

#: Digits a count may have (a table holds at most 12 times the tables' flags: hundreds at most).
MAX_DIGITS = 3


class CountLink(Protocol):
    def submit_count(self, count: FlagCount) -> bool: ...


class CountDesk:
    """What the players typed, the count waiting for the hub's Ack, and its words."""

    def __init__(
        self,
        table: int,
        *,
        link: CountLink,
        new_id: Callable[[], str],
        pending: Sequence[FlagCount] = (),
    ) -> None:
        self.table = table
        self.link = link
        self._new_id = new_id
        self.typed = ""
        self.pending: dict[str, FlagCount] = {c.id: c for c in pending}

    # ------------------------------------------------------------------ typing
    def start(self) -> None:
        self.typed = ""

    def digit(self, d: int) -> None:
        if 0 <= d <= 9 and len(self.typed) < MAX_DIGITS:
            self.typed = (self.typed + str(d)).lstrip("0") or "0"

    def erase(self) -> None:
        self.typed = self.typed[:-1]

    def next(self) -> bool:
        """Whether there is a number to confirm."""
        return bool(self.typed)

    def send(self, day: int) -> FlagCount:
        """The typed count, stored in the outbox and sent (raises OutboxError when it could
        not be stored: then nothing was sent)."""
        count = FlagCount(id=self._new_id(), table=self.table, day=day, flags=int(self.typed))
        self.link.submit_count(count)
        self.pending[count.id] = count
        self.typed = ""
        return count

    def on_ack(self, ack: Ack, report: object) -> bool | None:
        """The hub answered a count: None when the Ack is not about one; else whether the hub
        refused it."""
        count = self.pending.pop(ack.id, None)
        if count is None and not isinstance(report, FlagCount):
            return None
        return ack.status == AckStatus.REJECTED

    # ------------------------------------------------------------------ words
    def waiting(self, day: int) -> FlagCount | None:
        """The newest count of ``day`` sent and not answered yet."""
        sent = [c for c in self.pending.values() if c.day == day]
        return sent[-1] if sent else None

    def line(self, tr: Translator, count: CountAtTable, *, short: bool = False) -> str:
        """The waiting screen's sentence about the count (empty: nothing to say); ``short``:
        its compact wording, where there is one."""
        sent = self.waiting(count.day)
        if sent is not None:
            return tr.nt(
                "Counted: {n} flag — sending it to the leader…",
                "Counted: {n} flags — sending it to the leader…",
                sent.flags,
            ).format(n=sent.flags)
        if count.counted is None:
            # every flag on the table, lent ones too: not the score, which leaves them out (A6)
            if short:
                return tr.t("Count every flag, lent ones too, in fives.")
            return tr.t("Count every flag on this table, lent ones too, in fives.")
        if count.status == CountStatus.AGREES and count.accepted:  # the leader's word (issue 25)
            return tr.nt(
                "Counted: {n} flag — accepted by the leader: {reason}.",
                "Counted: {n} flags — accepted by the leader: {reason}.",
                count.counted,
            ).format(n=count.counted, reason=tr.t(count.accepted))
        if count.status == CountStatus.AGREES:
            return tr.nt(
                "Counted: {n} flag — it agrees.", "Counted: {n} flags — it agrees.", count.counted
            ).format(n=count.counted)
        return tr.nt(
            "Counted: {n} flag — the leader has been told it differs.",
            "Counted: {n} flags — the leader has been told it differs.",
            count.counted,
        ).format(n=count.counted)

    def button(self, tr: Translator, count: CountAtTable | None) -> ButtonVM:
        """The waiting screen's button: count, or count again (hidden when there is none)."""
        if count is None:
            return ButtonVM(visible=False, enabled=False)
        if count.counted is None and self.waiting(count.day) is None:
            return ButtonVM(tr.t("Count the flags"), role="primary")
        return ButtonVM(tr.t("Count again"))

    def page(self, tr: Translator) -> JoinVM:
        typed = self.typed
        readout = tr.nt("{n} flag", "{n} flags", int(typed)).format(n=typed) if typed else "—"
        keys = JoinVM().keys
        full = len(typed) >= MAX_DIGITS
        return JoinVM(
            title=tr.t("How many flags are on this table?"),
            value=readout,
            keys=tuple(replace(k, enabled=not full) for k in keys),
            cancel=ButtonVM(tr.t("Back")),
            erase=ButtonVM(tr.t("Erase"), enabled=bool(typed)),
            next=ButtonVM(tr.t("Next"), role="primary", enabled=bool(typed)),
        )

    def confirm(self, tr: Translator) -> CountConfirmVM:
        n = int(self.typed or 0)
        return CountConfirmVM(
            title=tr.t("Is this right?"),
            number=str(n),
            words=tr.nt("flag on this table", "flags on this table", n),
            note=tr.t("The leader is told at once if it differs."),
            change=ButtonVM(tr.t("Change")),
            send=ButtonVM(tr.t("Yes, send it"), role="primary"),
        )

