"""The connecting screen: until the hub's first word about this table."""

from __future__ import annotations

from dataclasses import replace

from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import ConnectingVM, ViewModel


class ConnectingScreen(KioskScreen):
    """Connecting to the leader's computer, then what the table waits for."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr, store = self.tr, self.store
        if not store.connected:
            message = tr.t("Connecting to the leader's computer…")
        elif store.hub_online and self.app.club is not None:
            message = tr.t("Waiting for this table's score…")
        elif store.hub_online:
            message = tr.t("Waiting for this table's assignment…")
        else:
            message = tr.t("Waiting for the leader's computer…")
        address = tr.t("The leader's computer: {address}")
        detail = address.format(address=self.app.address) if self.app.address else ""
        return replace(
            vm,
            connecting=ConnectingVM(
                table=tr.t("Table {n}").format(n=self.app.table),
                message=message,
                detail=detail,
                hint=tr.t("This screen changes by itself."),
            ),
        )
