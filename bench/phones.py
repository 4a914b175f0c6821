"""The players' phones beside a hall in full play: do they slow the tables, and how live are they?

Run it as ``bench/phones [--tables 100] [--phones 1000] [--hands 3] [--changes gathered]``.
Prints figures and one SUMMARY line; asserts nothing (docs/performance.md, "Phones").

``--changes`` says what the phones read beside the full Standings (which the hub sends at most
once a second while results stream in): ``gathered`` (the default, as the hub bridges them:
StandingsChanges gathered, at most four a second), ``each`` (the StandingsChanges of every
batch, as the hall display reads them) or ``none`` (the full Standings only).

In one run on this machine: a real hub (``whist-hub serve --broker``) on a real Mosquitto, the
simulated kiosks and the hall subscriber of ``bench/hub_bench.py``, and the phones' broker of
``hub/broker/phones.py`` bridged to that Mosquitto as the hub bridges it. First ``--hands``
hands with no phone, then as many with ``--phones`` anonymous subscribers on the phones' broker,
subscribed as the page subscribes (QoS 0, the public topics): ``--measured`` of them over
WebSockets in a process that notes each message's arrival (one thread, one selector), the rest
silent: they only receive. ``--silent one`` (the default) holds every silent phone's connection
in one process (a bare MQTT client on one selector: the phones' broker still writes to each of
their sockets, but this machine wakes one process for a message, as a hall's machine, whose
phones are devices of their own, wakes none); ``--silent each`` starts a ``mosquitto_sub``
process for each (a thousand processes woken by every message, on the hub's two cores).

* ack p50/p99: a table's result to its Ack, without and with the phones (the phones must not
  slow the tables);
* result→hall p50/p99 and result→phone p50/p99: from a result's publication to the first
  standings message (full, or the changes) that counts it, at the hall subscriber and at every
  measured phone;
* floor: a bare QoS 1 publish→subscribe round trip through the hall's broker plus one durable
  SQLite commit, p99 (bench/hub_bench.py);
* where the time goes: result→the phones' messages as the hall's broker sends them (a
  ``mosquitto_sub`` there: the hub's part), and result→a phone in C (one of the silent phones
  notes its messages' arrival too: the phones' broker's part, without the measured phones'
  Python).

The machine runs the hub, both brokers, the kiosks and the 1,000 phones on its two cores: the
figures with phones include the phones' own cost on those cores, which a hall's phones (each its
own device) never put on the hub's machine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import selectors
import subprocess
import sys
import tempfile
import time
import uuid
from bisect import bisect_left
from collections.abc import Iterable
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bench.hub_bench import (
    PLAY_SECONDS,
    WAIT,
    Hall,
    HubProc,
    Sent,
    mqtt_round_trips,
    pct,
    process_cpu_seconds,
    sqlite_commits,
)
from hub.broker.broker import (
    Credential,
    MosquittoProcess,
    find_executable,
    find_free_port,
    write_anonymous_config,
)
from hub.broker.phones import PhoneBroker, public_names
from hub.demo.sim import SimLeader
from hub.service.files import write_spec
from whist.pattern import default_spec
from whist.protocol import Topics

_SEQ = re.compile(rb'"seq":(\d+)')


# ------------------------------------------------------------------------------ the phones

#: What the phones may read beside the full Standings (``--changes``).
CHANGES = ("gathered", "each", "none")


def phones_read(topics: Topics, changes: str) -> dict[str, str]:
    """The page's topics (``topics.json``) with ``--changes``: the hub's choice, StandingsChanges
    after every batch instead of gathered, or no changes at all."""
    public = public_names(topics)
    if changes == "each":
        public["changes"] = topics.standings_changes
    elif changes == "none":
        del public["changes"]
    return public


class BenchPhoneBroker(PhoneBroker):
    """The hub's phones' broker, bridging what ``--changes`` says."""

    changes = "gathered"

    def public(self) -> dict[str, str]:
        return phones_read(self.topics, self.changes)


def phone_worker(port: int, root: str, changes: str, count: int, out: Path, ready: Path,
                 stop: Path) -> None:
    """``count`` phones in this process: connect, subscribe, note (seq, time) of each standings
    message (full, or changes) until the file *stop* appears; then write every phone's notes to
    *out*."""
    topics = Topics(root)
    read = phones_read(topics, changes)
    wanted = [(t, 0) for t in read.values()]
    noted = {read["standings"], read.get("changes", read["standings"])}
    sel = selectors.DefaultSelector()
    notes: list[list[tuple[int, float]]] = [[] for _ in range(count)]
    clients: list[mqtt.Client] = []
    for i in range(count):
        c = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"phone-{uuid.uuid4().hex[:10]}",
            transport="websockets",
            protocol=mqtt.MQTTv311,
        )
        mine = notes[i]

        def on_message(c: mqtt.Client, u: object, msg: mqtt.MQTTMessage, mine=mine) -> None:
            now = time.perf_counter()
            found = _SEQ.search(msg.payload)
            if found and msg.topic in noted:
                mine.append((int(found.group(1)), now))

        c.on_message = on_message
        c.on_connect = lambda c, u, f, rc, p: c.subscribe(wanted)
        c.connect("127.0.0.1", port, keepalive=60)
        sock = c.socket()
        assert sock is not None
        sel.register(sock, selectors.EVENT_READ, c)
        clients.append(c)
    ready.write_text(str(count))
    last_misc = time.monotonic()
    while not stop.exists():
        for c in clients:
            if c.want_write():
                c.loop_write()
        for key, _ in sel.select(0.05):
            c = key.data
            c.loop_read()
            sock = c.socket()
            while sock is not None and hasattr(sock, "pending") and sock.pending():
                c.loop_read()
        if time.monotonic() - last_misc > 1:
            last_misc = time.monotonic()
            for c in clients:
                c.loop_misc()
    out.write_text(json.dumps(notes))


def _mqtt_string(text: str) -> bytes:
    data = text.encode()
    return len(data).to_bytes(2, "big") + data


def _packet(kind: int, body: bytes) -> bytes:
    """An MQTT 3.1.1 packet: its first byte, its remaining length, its body."""
    length, n = bytearray(), len(body)
    while True:
        n, byte = divmod(n, 128)
        length.append(byte | (0x80 if n else 0))
        if not n:
            return bytes([kind]) + bytes(length) + body


def silent_worker(port: int, filters: list[str], count: int, ready: Path, stop: Path) -> None:
    """``count`` silent phones in this one process: each a TCP connection to the phones'
    broker that connects (clean session, no keep-alive), subscribes to ``filters`` at QoS 0,
    and reads and drops what it is sent, on one selector, until the file *stop* appears."""
    import resource
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 64:  # a thousand sockets: more than the usual 1,024 descriptors
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 256), hard))
    subscribe = _packet(
        0x82, (1).to_bytes(2, "big") + b"".join(_mqtt_string(f) + b"\x00" for f in filters)
    )
    sel = selectors.DefaultSelector()
    heard: dict[socket.socket, int] = {}
    for i in range(count):
        sock = socket.create_connection(("127.0.0.1", port))
        hello = _mqtt_string("MQTT") + bytes([4, 0x02, 0, 0]) + _mqtt_string(f"silent-{i}")
        sock.sendall(_packet(0x10, hello) + subscribe)
        sock.setblocking(False)
        sel.register(sock, selectors.EVENT_READ)
        heard[sock] = 0
    # CONNACK (4 bytes) and SUBACK (4 + one per filter) in: every phone is subscribed
    answered = 4 + 4 + len(filters)
    deadline = time.monotonic() + WAIT
    while not stop.exists():
        for key, _ in sel.select(0.1):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(1 << 16)
            except BlockingIOError:
                continue
            if not data:
                raise SystemExit("bench: the phones' broker closed a silent phone")
            heard[sock] += len(data)
        if heard and not ready.exists():
            if min(heard.values()) >= answered:
                ready.write_text(str(count))
            elif time.monotonic() > deadline:
                raise SystemExit("bench: the silent phones were not all subscribed")
    for sock in heard:
        sock.close()


class Phones:
    """``count`` phones: ``measured`` of them MQTT-over-WebSockets clients in a process of this
    benchmark that note when each standings message arrives, the others ``mosquitto_sub``
    processes (C, on the phones' broker's plain listener) that only receive, so that the
    simulated phones' own cost on this machine stays small beside the brokers' and the hub's."""

    def __init__(self, broker: BenchPhoneBroker, root: str, count: int, measured: int,
                 folder: Path, nice: int = 0, silent: str = "one") -> None:
        self.folder = folder
        # ``nice``: the simulated phones' priority (a hall's phones are devices of their own:
        # at 19 their cost on this machine's two cores comes after the hub's and the brokers')
        first = ["nice", "-n", str(nice)] if nice else []
        self.stop_file = folder / "stop"
        self.out, ready = folder / "phones.json", folder / "ready"
        argv = [sys.executable, "-m", "bench.phones", "--worker", str(broker.phones_port), root,
                broker.changes, str(measured), str(self.out), str(ready), str(self.stop_file)]
        self.worker = subprocess.Popen([*first, *argv])
        sub = str(find_executable("mosquitto_sub"))
        filters = [a for t in broker.public().values() for a in ("-t", t)]
        quiet = max(0, count - measured - 1)
        silent_ready = folder / "silent-ready"
        # the silent phones: one process holding them all (it stops by the stop file), or a
        # mosquitto_sub each (stopped by a signal)
        self.one = (
            subprocess.Popen([
                *first, sys.executable, "-m", "bench.phones", "--silent-worker",
                str(broker.local_port), str(quiet), str(silent_ready), str(self.stop_file),
                *broker.public().values(),
            ])
            if silent == "one" and quiet
            else None
        )
        self.silent = [
            subprocess.Popen([*first, sub, "-h", "127.0.0.1", "-p", str(broker.local_port),
                              "-q", "0", "-i", f"phone-{i}", *filters],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for i in range(quiet if self.one is None else 0)
        ]
        # One of them in C notes each message's arrival too (no Python between it and the
        # phones' broker): how far behind the phones' broker itself is.
        self.c_phone = Probe(broker.local_port, broker.public().values(), folder / "c-phone")
        deadline = time.monotonic() + WAIT
        waits = [ready, *([silent_ready] if self.one is not None else [])]
        while not all(w.exists() for w in waits):
            if time.monotonic() > deadline:
                raise SystemExit("bench: the phones did not connect")
            time.sleep(0.1)

    def cpu_seconds(self) -> float:
        """The simulated phones' own CPU time so far (what real phones spend on their own)."""
        total = process_cpu_seconds(self.worker.pid)
        for p in [*self.silent, *([self.one] if self.one is not None else [])]:
            with contextlib.suppress(OSError, ValueError):
                total += process_cpu_seconds(p.pid)
        return total

    def stop(self) -> list[list[tuple[int, float]]]:
        self.stop_file.write_text("stop")
        self.c_phone.stop()
        for p in self.silent:
            p.terminate()
        for p in [*self.silent, *([self.one] if self.one is not None else [])]:
            p.wait(WAIT)
        self.worker.wait(WAIT)
        return [[(s, t) for s, t in phone] for phone in json.loads(self.out.read_text())]


class Probe:
    """A ``mosquitto_sub`` that notes (seq, time) of each message with a ``seq`` it receives."""

    def __init__(self, port: int, topics: Iterable[str], out: Path) -> None:
        self.out = out
        self.file = out.open("wb")
        self.proc = subprocess.Popen(
            [str(find_executable("mosquitto_sub")), "-h", "127.0.0.1", "-p", str(port), "-q", "0",
             "-F", "%U %p", *(a for t in topics for a in ("-t", t))],
            stdout=self.file, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(WAIT)
        self.file.close()

    def notes(self) -> list[tuple[int, float]]:
        """(seq, time.perf_counter()) of each message, from the wall-clock times it wrote."""
        offset = time.time() - time.perf_counter()
        out = []
        for line in self.out.read_bytes().splitlines():
            found = _SEQ.search(line)
            if found:
                out.append((int(found.group(1)), float(line.split(b" ", 1)[0]) - offset))
        return out


def to_phones(results: list[Sent], notes: list[list[tuple[int, float]]]) -> list[float]:
    """Each result to each phone: the first standings message there that counts it."""
    out: list[float] = []
    for phone in notes:
        ordered = sorted(phone)
        seqs = [s for s, _ in ordered]
        for r in results:
            i = bisect_left(seqs, r.seq)
            if r.seq and i < len(ordered):
                out.append(ordered[i][1] - r.at)
    return out


# ------------------------------------------------------------------------------ the run


def play_hands(leader: SimLeader, hall: Hall, first: int, count: int, rng: random.Random,
               label: str) -> list[Sent]:
    results: list[Sent] = []
    for hand in range(first, first + count):
        assert leader.command("start_hand", timeout=WAIT).ok
        time.sleep(PLAY_SECONDS)  # a hand is played before its results come in
        got = hall.play(hand, rng, spread=1.0)
        acks = [r.ack_at - r.at for r in got if r.ack_at]
        print(f"  {label} hand {hand}: {len(got)} results, ack p99 "
              f"{pct(acks, 99) * 1e3:.1f} ms", flush=True)
        results += got
        leader.command("close_hand", timeout=WAIT)
        time.sleep(0.5)  # the last full standings reach everyone
    return results


def ms(values: list[float], q: float) -> str:
    return f"{pct(values, q) * 1e3:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench/phones", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables in the hall (100)")
    parser.add_argument("--phones", type=int, default=1000, help="phones watching (1000)")
    parser.add_argument("--hands", type=int, default=3, help="hands without, then with (3)")
    parser.add_argument("--measured", type=int, default=20,
                        help="phones that note each message's arrival, over WebSockets (20)")
    parser.add_argument("--changes", choices=CHANGES, default="gathered",
                        help="what the phones read beside the full Standings (gathered)")
    parser.add_argument("--silent", choices=("one", "each"), default="one",
                        help="the silent phones in one process (one) or a mosquitto_sub each")
    parser.add_argument("--broker-nice", type=int, default=0, metavar="N",
                        help="renice the phones' broker to N once started (0: as the hub runs it)")
    parser.add_argument("--phones-nice", type=int, default=0, metavar="N",
                        help="run the simulated phones at this niceness (0; 19: after "
                             "everything else, as if they were devices of their own)")
    args = parser.parse_args()
    rng = random.Random(2026)
    work = Path(tempfile.mkdtemp(prefix="whist-bench-phones-"))
    port = find_free_port()
    topics = Topics("bench")
    print(f"bench: {args.tables} tables, {args.hands} hands without phones then {args.hands} "
          f"with {args.phones} reading the full Standings and changes: {args.changes}; "
          f"data in {work}; load average {os.getloadavg()[0]:.1f}", flush=True)
    with MosquittoProcess(write_anonymous_config(work / "broker", port), port):
        rtt = mqtt_round_trips(port, 300)
        commit = sqlite_commits(work, 300)
        floor_p99 = pct(rtt, 99) + pct(commit, 99)
        spec = default_spec("alberta", args.tables, 2 * args.hands, name="Bench, phones")
        hub = HubProc(write_spec(spec, work / "bench.toml"), work / "hub", port, topics.root)
        hub.start()
        leader = SimLeader("127.0.0.1", port, topics=topics)
        leader.start()
        hall = Hall(port, args.tables, 10, topics)
        hall.start()
        phones_broker = BenchPhoneBroker(work / "phones", main_port=port, port=0,
                                         bind="127.0.0.1", login=Credential("phones", "any"),
                                         topics=topics)
        phones_broker.changes = args.changes
        read = phones_read(topics, args.changes)
        noted = [read["standings"], read.get("changes", read["standings"])]
        hall_probe = Probe(port, noted, work / "hall-probe")  # what the bridge is sent
        try:
            without = play_hands(leader, hall, 1, args.hands, rng, "no phones")
            with phones_broker:
                if args.broker_nice:
                    assert phones_broker.pid is not None
                    os.setpriority(os.PRIO_PROCESS, phones_broker.pid, args.broker_nice)
                phones = Phones(phones_broker, topics.root, args.phones, args.measured, work,
                                args.phones_nice, args.silent)
                time.sleep(1.0)
                assert phones_broker.pid is not None and hub.proc.pid
                cpu0 = (process_cpu_seconds(phones_broker.pid), hub.cpu_seconds(),
                        phones.cpu_seconds())
                with_phones = play_hands(leader, hall, args.hands + 1, args.hands, rng,
                                         f"{args.phones} phones")
                cpu = (process_cpu_seconds(phones_broker.pid) - cpu0[0],
                       hub.cpu_seconds() - cpu0[1], phones.cpu_seconds() - cpu0[2])
                notes = phones.stop()
                c_notes = phones.c_phone.notes()
        finally:
            hall_probe.stop()
            hall.stop()
            leader.stop()
            hub.stop()
    ack0 = [r.ack_at - r.at for r in without if r.ack_at]
    ack1 = [r.ack_at - r.at for r in with_phones if r.ack_at]
    hall0, hall1 = hall.e2e(without), hall.e2e(with_phones)
    phone = to_phones(with_phones, notes)
    c_phone = to_phones(with_phones, [c_notes])
    probe = to_phones(with_phones, [hall_probe.notes()])
    reached = sum(1 for n in notes if n)
    print(f"floor p99 {floor_p99 * 1e3:.1f} ms (MQTT round trip {ms(rtt, 99)}, commit "
          f"{ms(commit, 99)})")
    print(f"without phones: ack p50 {ms(ack0, 50)} p99 {ms(ack0, 99)} ms; result→hall p50 "
          f"{ms(hall0, 50)} p99 {ms(hall0, 99)} ms")
    print(f"with {args.phones} phones ({reached} of {args.measured} measured heard the "
          f"standings): ack p50 {ms(ack1, 50)} p99 {ms(ack1, 99)} ms; result→hall p50 "
          f"{ms(hall1, 50)} p99 {ms(hall1, 99)} ms; "
          f"result→phone p50 {ms(phone, 50)} p99 {ms(phone, 99)} ms ({len(phone)} samples)")
    print(f"with {args.phones} phones: result→the phones' messages on the hall's broker p50 "
          f"{ms(probe, 50)} p99 {ms(probe, 99)} ms; result→a phone in C (mosquitto_sub) p50 "
          f"{ms(c_phone, 50)} p99 {ms(c_phone, 99)} ms")
    print(f"CPU seconds over the {args.hands} hands with phones: phones' broker {cpu[0]:.1f}, "
          f"hub {cpu[1]:.1f}, the simulated phones themselves {cpu[2]:.1f}")
    print(f"SUMMARY phones={args.phones} tables={args.tables} changes={args.changes} "
          f"load={os.getloadavg()[0]:.1f} floor_p99_ms={floor_p99 * 1e3:.1f} "
          f"ack_p99_ms={pct(ack0, 99) * 1e3:.1f}/{pct(ack1, 99) * 1e3:.1f} "
          f"hall_p50_ms={pct(hall1, 50) * 1e3:.1f} hall_p99_ms={pct(hall1, 99) * 1e3:.1f} "
          f"phone_p50_ms={pct(phone, 50) * 1e3:.1f} phone_p99_ms={pct(phone, 99) * 1e3:.1f} "
          f"c_phone_p50_ms={pct(c_phone, 50) * 1e3:.1f} "
          f"c_phone_p99_ms={pct(c_phone, 99) * 1e3:.1f} phones_nice={args.phones_nice} "
          f"silent={args.silent} broker_nice={args.broker_nice}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--silent-worker":
        _, _, p, n, rd, st, *wanted = sys.argv
        silent_worker(int(p), wanted, int(n), Path(rd), Path(st))
    elif len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _, _, p, r, ch, n, o, rd, st = sys.argv
        phone_worker(int(p), r, ch, int(n), Path(o), Path(rd), Path(st))
    else:
        main()
