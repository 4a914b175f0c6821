"""The page shown until the hub's first State: connecting, waiting for the hub."""

from __future__ import annotations

from console.screens.base import (
    ScreenPresenter,
)
from console.viewmodel import (
    ConnectingVM,
)


class ConnectingPresenter(ScreenPresenter):
    """The page shown until the hub's first State: connecting, waiting for the hub."""

    def build(self) -> ConnectingVM:
        tr = self.tr
        if not self.store.connected:
            message = tr.t("Connecting to the hub…")
        elif self.store.hub_online is not True:
            message = tr.t("Waiting for the hub to start…")
        else:
            message = tr.t("Waiting for the hub's news…")
        return ConnectingVM(
            title=tr.t("Leader's console"),
            message=message,
            detail=tr.t("Hub address: {address}").format(address=self.console.address)
            if self.console.address
            else "",
        )
