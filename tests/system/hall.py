"""A whole simulated hall for fault tests: a broker, a hub process, kiosks, a leader, a hall
display, and the faults a real hall suffers (hub killed, broker restarted or down for a while,
a kiosk's power cut)."""

from __future__ import annotations

import random
import time
from pathlib import Path

from hub.broker.broker import EmbeddedBroker
from hub.demo.sim import SimKiosk, SimLeader
from hub.service.files import write_spec
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from tests.reference import HandResults
from whist.spec import TournamentSpec

WAIT = 30.0


class SimHall:
    """Everything but the hub runs in this process; the hub is a real ``whist-hub serve``."""

    def __init__(self, spec: TournamentSpec, work: Path, *, resend_every: float = 0.5) -> None:
        self.spec = spec
        self.work = work
        self.resend_every = resend_every
        # a port that stays free through a broker outage (tests/ports.py)
        port = quiet_port()
        self.broker = EmbeddedBroker(work / "broker", spec.tables, port=port, bind="127.0.0.1")
        self.faults: list[str] = []

    # ------------------------------------------------------------------ life cycle
    def start(self) -> SimHall:
        self.broker.start()
        creds = self.broker.credentials
        spec_file = write_spec(self.spec, self.work / "tournament.toml")
        self.hub = HubProcess(
            spec_file,
            self.work / "hub",
            "--broker",
            f"{self.broker.host}:{self.broker.port}",
            "--username",
            creds.hub.username,
            "--password",
            creds.hub.password,
            "--feed-username",
            creds.feed.username,
            "--feed-password",
            creds.feed.password,
        ).start()
        self.leader = SimLeader(
            self.broker.host, self.broker.port, creds.leader.username, creds.leader.password
        )
        self.display = SimLeader(
            self.broker.host, self.broker.port, creds.hall.username, creds.hall.password
        )
        self.kiosks = {t: self._kiosk(t) for t in range(1, self.spec.tables + 1)}
        for c in (self.leader, self.display, *self.kiosks.values()):
            c.start()
        for c in (self.leader, self.display, *self.kiosks.values()):
            assert c.connected.wait(WAIT), "a simulated device could not connect"
        return self

    def _kiosk(self, table: int) -> SimKiosk:
        c = self.broker.credentials.table(table)
        return SimKiosk(
            table,
            self.broker.host,
            self.broker.port,
            c.username,
            c.password,
            resend_every=self.resend_every,
        )

    def stop(self) -> None:
        for c in (self.leader, self.display, *self.kiosks.values()):
            c.stop()
        self.hub.kill()
        self.broker.stop()

    # ------------------------------------------------------------------ faults
    def kill_hub(self) -> None:
        self.faults.append("hub SIGKILL")
        self.hub.kill()
        self.hub.start(WAIT)

    def restart_broker(self) -> None:
        self.faults.append("broker restart")
        self.broker.restart()

    def broker_outage(self, seconds: float) -> None:
        self.faults.append(f"broker down {seconds:g} s")
        self.broker.stop()
        time.sleep(seconds)
        self.broker.start()

    def kill_kiosk(self, table: int) -> None:
        """Power cut: no goodbye (the broker sends the last will); the outbox survives."""
        self.faults.append(f"kiosk {table} killed")
        old = self.kiosks[table]
        old._halt.set()
        old.client.loop_stop()
        sock = old.client.socket()
        if sock is not None:
            sock.close()
        new = self._kiosk(table)
        new.outbox = dict(old.outbox)  # what the real kiosk keeps in SQLite
        new.acks = dict(old.acks)
        self.kiosks[table] = new
        new.start()

    # ------------------------------------------------------------------ play
    def play(self, hand_results: HandResults, fault=None) -> None:
        hand = hand_results.hand
        if hand > 1 and self.spec.day_of(hand) != self.spec.day_of(hand - 1):
            assert self.leader.command("end_day", timeout=WAIT).ok
        reply = self.leader.command("start_hand", trump=hand_results.trump, timeout=WAIT)
        assert reply.ok, reply.error
        ids = {}
        for r in hand_results.results:
            kiosk = self.kiosks[r.table]
            kiosk.wait_assignment(lambda a: a.hand == hand and a.phase == "playing", WAIT)
            ids[r.table] = kiosk.submit(
                r.visitor_tricks, revokes_home=r.revokes_home, revokes_visitors=r.revokes_visitors
            )
        if fault is not None:
            fault()
        for table, result_id in ids.items():
            ack = self.kiosks[table].wait_ack(result_id, 3 * WAIT)
            assert ack.status in ("accepted", "duplicate"), ack
        reply = self.leader.command("close_hand", timeout=WAIT)
        assert reply.ok and reply.data["missing"] == [], reply

    def random_fault(self, rng: random.Random, outage: float):
        kinds = [
            self.kill_hub,
            self.restart_broker,
            lambda: self.kill_kiosk(rng.randint(1, self.spec.tables)),
            lambda: self.broker_outage(outage),
        ]
        return rng.choice(kinds)
