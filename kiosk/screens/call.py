"""Calling the leader (issue 25, item 13): the players say why (a misdeal, a revoke
question, something else), then confirm; only then does the call go out. The page opens
over whatever was on show, which comes back as it was (a result half tapped in included)."""

from __future__ import annotations

from dataclasses import replace

from kiosk.i18n import N_
from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import ButtonVM, CallVM, Screen, ViewModel
from whist.protocol.messages import CallTopic

#: The reasons offered, in their order on the page, with their words (msgids).
TOPICS: tuple[tuple[CallTopic, str], ...] = (
    ("misdeal", N_("Misdeal")),
    ("revoke", N_("A revoke question")),
    ("other", N_("Something else")),
)

#: Calling with no connection: the offline band says it instead (one line).
WAVE = N_("No connection: wave to the leader.")


class CallScreen(KioskScreen):
    """Why the players call; nothing goes out before "Call the leader now"."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr = self.tr
        chosen = self.router.call_topic
        reasons = tuple(
            ButtonVM(tr.t(words), role="selected" if topic == chosen else "normal")
            for topic, words in TOPICS
        )
        return replace(
            vm,
            call=CallVM(
                title=tr.t("Why call the leader?"),
                note=tr.t("Tap the reason, then “Call the leader now”.")
                if chosen is None
                else tr.t("The leader comes to this table."),
                reasons=reasons,
                back=ButtonVM(tr.t("Back")),
                send=ButtonVM(
                    tr.t("Call the leader now"),
                    role="call" if chosen is not None else "disabled",
                    enabled=chosen is not None,
                ),
            ),
        )

    def open(self) -> None:
        """From any screen with the call button (the leader not called yet)."""
        r = self.router
        if r.mode is not Screen.CALL and self.store.call == "none":
            r.call_from, r.mode, r.call_topic = r.mode, Screen.CALL, None

    def choose(self, index: int) -> None:
        if 0 <= index < len(TOPICS):
            self.router.call_topic = TOPICS[index][0]

    def step(self, delta: int) -> None:
        """A button pad's + and -: the next or previous reason."""
        topics = [topic for topic, _ in TOPICS]
        now = self.router.call_topic
        at = topics.index(now) + delta if now is not None else 0 if delta > 0 else -1
        self.router.call_topic = topics[at % len(topics)]

    def send(self) -> None:
        r = self.router
        topic = r.call_topic
        if topic is None:
            return
        if self.app.link.call_leader(topic=topic):
            self.store.call = "sent"
        else:
            r.notice = WAVE
        self.back()

    def back(self) -> None:
        r = self.router
        r.mode, r.call_from, r.call_topic = r.call_from, None, None
        r.take_queued_move()

    long_back = back
