"""Joining the hall from the set-up screen: the presenter's steps, and the network part
against the hub's real join service (no window)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest

from hub.broker.broker import Credentials
from hub.broker.joincode import JoinCode
from hub.broker.provision import ProvisionServer
from kiosk import provision
from kiosk.config import KioskConfig, load_config
from kiosk.presenter import SetupPresenter
from kiosk.viewmodel import Screen
from uikit.config import ConfigProblem, Problem


class Joiner:
    def __init__(self):
        self.calls = []

    def __call__(self, table, code, done):
        self.calls.append((table, code, done))


def presenter(joiner=None, language="en"):
    return SetupPresenter(ConfigProblem(Path("/k/kiosk.toml"), []), language=language,
                          joiner=joiner)


def test_without_a_joiner_there_is_no_join_button():
    p = presenter()
    assert not p.view.setup.join.visible
    p.start_join()
    assert p.view.screen is Screen.SETUP


@pytest.mark.parametrize(("language", "ask"), [
    ("en", "Ask the leader for the join code, then tap the green button."),
    ("fr", "Demandez le code à l'arbitre, puis touchez le bouton vert."),
])
def test_a_new_kiosk_asks_for_the_leaders_code_and_shows_no_command(language, ask):
    """Issue 27: a volunteer sees what to ask for and one button; no file, no command line."""
    new = ConfigProblem(Path("/k/kiosk.toml"), [Problem("no_file")])
    setup = SetupPresenter(new, language=language, joiner=Joiner()).view.setup
    assert (setup.how, setup.problems, setup.file, setup.command, setup.then) == (
        ask, "", "", "", "")
    assert setup.join.visible


def test_without_the_join_service_the_settings_file_way_is_shown():
    new = ConfigProblem(Path("/k/kiosk.toml"), [Problem("no_file")])
    setup = SetupPresenter(new, language="en").view.setup
    assert "whist-hub credentials" in setup.command and "kiosk.toml" in setup.file


def test_table_then_code_then_join():
    joiner = Joiner()
    p = presenter(joiner)
    assert p.view.setup.join.visible and p.view.setup.join.text == "Join with the leader's code"
    p.start_join()
    v = p.view.join
    assert p.view.screen is Screen.JOIN and v.prompt == "Table number: _"
    assert not v.next.enabled
    for d in (0, 1, 2):  # a leading zero is dropped
        p.join_key(d)
    assert p.view.join.prompt == "Table number: 12" and p.view.join.next.enabled
    p.join_key(3)
    p.join_key(4)  # three digits at most
    assert p.view.join.prompt == "Table number: 123"
    assert not p.view.join.keys[4].enabled  # full
    p.join_erase()
    p.join_next()
    assert p.view.join.prompt == "Table 12 · code: _ _ _ _ _ _"
    for d in (4, 8, 2, 9, 1):
        p.join_key(d)
    assert not p.view.join.next.enabled
    p.join_key(3)
    assert p.view.join.next.text == "Join" and p.view.join.next.enabled
    p.join_next()
    assert p.view.join.status == "Looking for the leader's computer…"
    assert not p.view.join.cancel.enabled
    ((table, code, done),) = joiner.calls
    assert (table, code) == (12, "482913")
    p.join_cancel()  # no going back while the network works
    assert p.join_step == "working"
    done(None, "")
    assert p.view.join.status == "Joined. This screen is starting…"
    assert not p.view.join.next.visible


@pytest.mark.parametrize(("problem", "detail", "step", "words"), [
    ("wrong_code", "", "code", "Wrong join code"),
    ("too_many", "42", "code", "Too many tries from this screen: wait 42 seconds"),
    ("no_hub", "", "code", "The leader's computer was not found"),
    ("bad_table", "", "table", "This tournament has no table 9."),
    ("unreachable", "", "code", "did not answer"),
    ("cannot_write", "/k: read-only", "code", "could not be saved: /k: read-only"),
])
def test_refusals_say_why_and_go_back_a_step(problem, detail, step, words):
    joiner = Joiner()
    p = presenter(joiner)
    p.start_join()
    p.join_key(9)
    p.join_next()
    for d in "111111":
        p.join_key(int(d))
    p.join_next()
    joiner.calls[0][2](problem, detail)
    assert p.join_step == step and words in p.view.join.status
    assert p.view.join.status_role == "bad" and p.join_code == ""
    p.join_key(1)  # typing again clears the refusal
    assert p.view.join.status_role == "text"


def test_back_steps_out():
    p = presenter(Joiner())
    p.start_join()
    p.join_key(4)
    p.join_next()
    p.join_cancel()
    assert p.join_step == "table"
    p.join_cancel()
    assert p.view.screen is Screen.SETUP


def test_french():
    p = presenter(Joiner(), language="fr")
    p.start_join()
    assert p.view.join.title == "Rejoindre la salle"
    assert p.view.join.prompt == "Numéro de table\u00a0: _"


# --- the network part, against the hub's join service ---------------------------------------

@pytest.fixture
def service(tmp_path):
    creds = Credentials.load_or_create(tmp_path / "broker", 4)
    code = JoinCode.load_or_create(tmp_path / "broker")
    with ProvisionServer(creds, code, broker_port=18830, port=0, bind="127.0.0.1",
                         advertise=False, tournament="Club night") as server:
        yield server, code, creds


def test_join_hall_writes_a_kiosk_toml_the_kiosk_accepts(service, tmp_path):
    server, code, creds = service
    config = tmp_path / "etc" / "kiosk.toml"
    hub = provision.FoundHub("127.0.0.1", server.port)
    reply = provision.join_hall(config, 3, code.code, hub=hub, language="fr")
    assert reply.username == "table3"
    settings = load_config(config)
    assert isinstance(settings, KioskConfig)
    assert (settings.table, settings.host, settings.port) == (3, "127.0.0.1", 18830)
    assert settings.password == creds.table(3).password and settings.language == "fr"
    assert config.stat().st_mode & 0o777 == 0o600
    assert "Table 3 of Club night" in config.read_text()


@pytest.mark.parametrize(("table", "code", "kind"), [
    (3, "000000", "wrong_code"),
    (9, None, "bad_table"),
])
def test_join_refusals(service, tmp_path, table, code, kind):
    server, good, _ = service
    if code == good.code:
        code = "111111"
    with pytest.raises(provision.JoinError) as info:
        provision.request_join(provision.FoundHub("127.0.0.1", server.port), table,
                               code or good.code)
    assert info.value.kind == kind


def test_a_code_renewed_between_the_two_steps_ends_the_join(service, monkeypatch, tmp_path):
    """The old code stops working at once, even halfway through a join: the kiosk is told to
    try again (and then needs the new code)."""
    server, code, _ = service
    check = provision.KioskHandshake.check

    def renew_then_check(self, *args):
        JoinCode.renew(tmp_path / "broker")
        return check(self, *args)

    monkeypatch.setattr(provision.KioskHandshake, "check", renew_then_check)
    with pytest.raises(provision.JoinError) as info:
        provision.request_join(provision.FoundHub("127.0.0.1", server.port), 1, code.code)
    assert info.value.kind == "unreachable" and server.joined == []


def test_nothing_listening(tmp_path):
    from tests.ports import quiet_port

    with pytest.raises(provision.JoinError) as info:
        provision.request_join(provision.FoundHub("127.0.0.1", quiet_port()), 1, "123456",
                               timeout=2)
    assert info.value.kind == "unreachable"


def test_no_hub_found(monkeypatch, tmp_path):
    monkeypatch.setattr(provision, "discover", lambda *a, **k: [])
    with pytest.raises(provision.JoinError) as info:
        provision.join_hall(tmp_path / "kiosk.toml", 1, "123456")
    assert info.value.kind == "no_hub" and not (tmp_path / "kiosk.toml").exists()


def test_a_config_that_cannot_be_written(service, tmp_path):
    server, code, _ = service
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with pytest.raises(provision.JoinError) as info:
        provision.join_hall(blocked / "kiosk.toml", 1, code.code,
                            hub=provision.FoundHub("127.0.0.1", server.port))
    assert info.value.kind == "cannot_write"


def test_discovery_on_the_loopback(service, tmp_path, mdns_service):
    creds = Credentials.load_or_create(tmp_path / "b2", 4)
    code = JoinCode.load_or_create(tmp_path / "b2")
    with ProvisionServer(creds, code, broker_port=1883, port=0, bind="127.0.0.1",
                         interfaces=["127.0.0.1"], tournament="Finals") as server:
        if server._zeroconf is None:
            pytest.skip("no multicast on this machine's loopback")
        hubs = provision.discover(5, interfaces=["127.0.0.1"])
    assert provision.FoundHub("127.0.0.1", server.port, "Finals") in hubs
    assert json.dumps(server.about())  # what GET /v1/hub says is plain JSON


def test_every_hub_heard_is_asked_until_one_takes_the_code(monkeypatch, tmp_path):
    """Two rooms, two hubs: the first heard refuses the code, the second takes it."""
    rooms = []
    with contextlib.ExitStack() as stack:
        for name in ("room1", "room2"):
            creds = Credentials.load_or_create(tmp_path / name, 4)
            code = JoinCode.load_or_create(tmp_path / name)
            server = stack.enter_context(ProvisionServer(
                creds, code, broker_port=18830, port=0, bind="127.0.0.1", advertise=False,
                tournament=name))
            rooms.append((provision.FoundHub("127.0.0.1", server.port, name), code, server))
        (hub1, code1, server1), (hub2, code2, server2) = rooms
        monkeypatch.setattr(provision, "discover", lambda *a, **k: [hub1, hub2])
        reply = provision.join_hall(tmp_path / "kiosk.toml", 2, code2.code)
        assert reply.tournament == "room2" and server2.joined == [(2, "127.0.0.1")]
        assert server1.joined == []
        neither = next(c for c in ("111111", "222222", "333333")
                       if c not in (code1.code, code2.code))
        with pytest.raises(provision.JoinError) as info:
            provision.join_hall(tmp_path / "other.toml", 2, neither)
        assert info.value.kind == "wrong_code"
        with pytest.raises(provision.JoinError) as info:  # the right hub knew the code
            provision.join_hall(tmp_path / "other.toml", 9, code1.code)
        assert info.value.kind == "bad_table"


def test_an_address_the_hub_does_not_listen_on_is_passed_over(service, monkeypatch, tmp_path):
    """A hub's record may list an address it does not answer on: the next one is tried."""
    from tests.ports import quiet_port

    server, code, _ = service
    dead = provision.FoundHub("127.0.0.1", quiet_port())
    monkeypatch.setattr(provision, "discover",
                        lambda *a, **k: [dead, provision.FoundHub("127.0.0.1", server.port)])
    assert provision.join_hall(tmp_path / "kiosk.toml", 1, code.code).username == "table1"
    monkeypatch.setattr(provision, "discover", lambda *a, **k: [dead])
    with pytest.raises(provision.JoinError) as info:
        provision.join_hall(tmp_path / "other.toml", 1, code.code)
    assert info.value.kind == "unreachable"
