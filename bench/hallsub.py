"""The benchmark's hall display, in a process of its own: ``python -m bench.hallsub PORT ROOT``.

A hall display is a machine of its own; in the benchmark's process its MQTT thread waited for
the interpreter behind the simulated kiosks' ten threads, and that wait was counted in the
hub's e2e (issue 28, docs/performance.md). Here it only reads: it subscribes to the Standings
and the StandingsChanges, says ``ready`` on its standard output once the broker has granted
the subscription, then writes one line per message, ``full|changes SEQ TIME`` (TIME from
``time.perf_counter()``, the same clock as the benchmark's on this machine), until its
standard input closes.
"""

from __future__ import annotations

import re
import sys
import threading
import time
import uuid

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from hub.broker.net import no_delay
from whist.protocol import Topics

#: A standings message's seq, read without decoding it (bench/hub_bench.py's hall too).
SEQ = re.compile(rb'"seq":(\d+)')


def main() -> int:
    port, root = int(sys.argv[1]), sys.argv[2]
    topics = Topics(root)
    out = sys.stdout
    lock = threading.Lock()

    def say(line: str) -> None:
        with lock:
            out.write(line + "\n")
            out.flush()

    def on_connect(c: mqtt.Client, *args: object) -> None:
        no_delay(c)
        c.subscribe([(topics.standings, 1), (topics.standings_changes, 1)])

    def on_subscribe(*args: object) -> None:
        say("ready")

    def on_message(c: mqtt.Client, u: object, msg: mqtt.MQTTMessage) -> None:
        now = time.perf_counter()
        match = SEQ.search(msg.payload)
        if match:
            kind = "full" if msg.topic == topics.standings else "changes"
            say(f"{kind} {int(match.group(1))} {now!r}")

    client = mqtt.Client(
        CallbackAPIVersion.VERSION2,
        client_id=f"bench-hall-{uuid.uuid4().hex[:6]}",
        protocol=mqtt.MQTTv5,
    )
    client.on_connect = on_connect
    client.on_subscribe = on_subscribe
    client.on_message = on_message
    client.connect("127.0.0.1", port, keepalive=30)
    client.loop_start()
    sys.stdin.read()  # until the benchmark closes it
    client.disconnect()
    client.loop_stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
