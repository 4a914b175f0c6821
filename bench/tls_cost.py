"""What TLS costs a device of the hall: connecting, and a QoS 1 publish's round trip, TLS
against plain MQTT on the same embedded broker (issue 23, item 4). Prints figures.

    PYTHONPATH=. .venv/bin/python bench/tls_cost.py [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from hub.broker.broker import EmbeddedBroker, find_free_port
from uikit.client import tls_context


def connect(port: int, password: str, ca: Path | None) -> tuple[mqtt.Client, float]:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="table1", protocol=mqtt.MQTTv5)
    if ca is not None:
        client.tls_set_context(tls_context(ca))
    client.username_pw_set("table1", password)
    done = threading.Event()
    client.on_connect = lambda *a: done.set()
    started = time.perf_counter()
    client.connect("127.0.0.1", port)
    client.loop_start()
    assert done.wait(10)
    return client, time.perf_counter() - started


def round_trips(client: mqtt.Client, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        info = client.publish("whist/table/1/status", "online", qos=1, retain=True)
        info.wait_for_publish(10)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    with tempfile.TemporaryDirectory() as tmp:
        broker = EmbeddedBroker(Path(tmp), 2, port=find_free_port(), bind="127.0.0.1")
        with broker:
            password = broker.credentials.table(1).password
            assert broker.tls_port is not None
            for name, port, ca in (
                ("plain", broker.port, None),
                ("TLS", broker.tls_port, broker.ca_path),
            ):
                connects = []
                for _ in range(20):
                    client, seconds = connect(port, password, ca)
                    connects.append(seconds)
                    client.disconnect()
                    client.loop_stop()
                client, _ = connect(port, password, ca)
                times = round_trips(client, rounds)
                client.disconnect()
                client.loop_stop()
                print(
                    f"{name:5}: connect median {1000 * statistics.median(connects):.1f} ms; "
                    f"QoS 1 publish round trip median {1000 * statistics.median(times):.2f} ms, "
                    f"95th {1000 * sorted(times)[int(0.95 * len(times))]:.2f} ms ({rounds} rounds)"
                )


if __name__ == "__main__":
    main()
