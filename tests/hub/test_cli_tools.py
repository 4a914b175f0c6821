"""``whist-hub credentials`` and ``whist-hub export`` on a hub's data folder."""

import csv
import json
import random

import pytest
from click.testing import CliRunner

from hub.broker.broker import Credentials
from hub.cli import main
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.datadir import BROKER_DIR, DB_FILE
from hub.service.serve import parse_broker
from hub.service.store import EventStore
from whist.pattern import default_spec


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


@pytest.fixture
def data(tmp_path):
    """A data folder after one hand: two results, one corrected."""
    store = EventStore(tmp_path / DB_FILE)
    core = HubCore(store, default_spec("alberta", 3, 2, name="Club night"), rng=random.Random(1))

    def send(kind, table, body):
        core.handle([Inbound(kind, table, json.dumps({"v": 1, **body}).encode())])

    send("command", None, {"id": "c1", "op": "start_hand"})
    for table, tricks in ((1, 10), (2, 4)):
        send(
            "result",
            table,
            {
                "id": f"r{table}",
                "hand": 1,
                "table": table,
                "visitor_tricks": tricks,
                "home_tricks": 13 - tricks,
                "revokes": {"home": 0, "visitors": 0},
            },
        )
    send(
        "command",
        None,
        {
            "id": "c2",
            "op": "correct",
            "hand": 1,
            "table": 2,
            "visitor_tricks": 7,
            "home_tricks": 6,
            "revokes": {"home": 0, "visitors": 0},
            "reason": "recount",
        },
    )
    store.close()
    Credentials.load_or_create(tmp_path / BROKER_DIR, 3)
    return tmp_path


def test_export_csv(data):
    code, text = run("export", data, "--csv")
    assert code == 0, text
    with (data / "exports" / "results.csv").open(encoding="utf-8") as f:
        results = list(csv.DictReader(f))
    assert [(r["table"], r["visitor_tricks"], r["flags_to_visitors"]) for r in results] == [
        ("1", "10", "2"),
        ("2", "7", "1"),
    ]
    assert results[1]["corrections"] == "recount" and results[0]["trump"] == "spades"
    with (data / "exports" / "standings.csv").open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["rank", "team", "name", "flags", "day 1", "loans"]
    assert rows[1] == ["1", "3", "Team 3", "14", "14", "0"]
    assert sum(int(r[3]) for r in rows[1:]) == 36


def test_export_elsewhere(data, tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    code, text = run("export", data, "--csv", "--out", out)
    assert code == 0 and f"Wrote {out / 'results.csv'}" in text


def test_export_needs_a_data_folder(tmp_path):
    code, text = run("export", tmp_path, "--csv")
    assert code == 2 and "holds no tournament" in text


def test_credentials_for_one_table(data):
    code, text = run("credentials", data, "--table", 2, "--host", "192.168.1.10")
    assert code == 0, text
    assert 'username = "table2"' in text and 'host = "192.168.1.10"' in text
    password = Credentials.load_or_create(data / BROKER_DIR, 3).table(2).password
    assert f'password = "{password}"' in text


def test_credentials_for_everyone(data):
    code, text = run("credentials", data, "--host", "10.0.0.2")
    assert code == 0
    assert text.count("# Military Whist kiosk for table") == 3
    assert "# leader console" in text and "# hall display" in text


def test_credentials_refuses_a_missing_table(data):
    code, text = run("credentials", data, "--table", 9)
    assert code == 2 and "there is no table 9" in text


def test_credentials_before_the_hub_ever_ran(tmp_path):
    EventStore(tmp_path / DB_FILE).close()
    store = EventStore(tmp_path / DB_FILE)
    HubCore(store, default_spec("alberta", 3, 2))
    store.close()
    code, text = run("credentials", tmp_path)
    assert code == 2 and "run whist-hub serve" in text


@pytest.mark.parametrize("bad", ["localhost", "host:", ":1883", "host:99999", "host:abc"])
def test_broker_address_must_be_host_port(bad):
    with pytest.raises(ValueError, match="HOST:PORT"):
        parse_broker(bad)


def test_broker_address_forms():
    assert parse_broker("192.168.1.10:1883") == ("192.168.1.10", 1883)
    assert parse_broker("[::1]:1884") == ("::1", 1884)


def test_serve_refuses_bad_options(tmp_path):
    spec = tmp_path / "t.toml"
    run("new", "--format", "alberta", "--tables", 3, "--out", spec)
    code, text = run("serve", spec, "--data", tmp_path / "d", "--broker", "nowhere")
    assert code == 2 and "HOST:PORT" in text
    code, text = run("serve", spec, "--data", tmp_path / "d", "--username", "x")
    assert code == 2 and "go with --broker" in text
    code, text = run("serve", tmp_path / "missing.toml", "--data", tmp_path / "d")
    assert code == 2 and "no such file" in text


def test_credentials_use_the_port_the_broker_listens_on(data):
    (data / BROKER_DIR / "mosquitto.conf").write_text("listener 18830 0.0.0.0\n")
    code, text = run("credentials", data, "--table", 1, "--host", "h")
    assert code == 0 and "port = 18830" in text
    code, text = run("credentials", data, "--table", 1, "--host", "h", "--port", 1999)
    assert "port = 1999" in text


def test_join_code_command(data):
    code, first = run("join-code", data)
    assert code == 0 and first.strip().isdigit() and len(first.strip()) == 6
    assert run("join-code", data)[1] == first
    code, renewed = run("join-code", data, "--renew")
    assert code == 0 and run("join-code", data)[1] == renewed


def test_an_expired_join_code_is_said_not_replaced(data):
    (data / BROKER_DIR).mkdir(exist_ok=True)
    (data / BROKER_DIR / "join-code").write_text('{"code": "482913", "expires": 1.0}')
    code, text = run("join-code", data)
    assert code == 0 and text.startswith("482913\n") and "This code has expired" in text
    assert "482913" in (data / BROKER_DIR / "join-code").read_text()
