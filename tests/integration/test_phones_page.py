"""The phones' page in a real headless Chromium (Debian's), served by a real ``whist-hub serve``.

One hall per module: a three-table tournament, its hub with its own Mosquitto and the phones'
broker, a leader and a table over plain MQTT. The page loads from the hub alone (nothing else is
reachable: no CDN), shows the standings, follows a result from the changes gathered for the phones
(the full Standings withheld meanwhile), says the connection is lost while the hub restarts and
comes back by itself, in English and in French, on a phone and on a tablet.
Screenshots land in ``screenshots/phones/`` for a person to look at.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.broker.broker import Credentials
from hub.demo.sim import SimLeader
from hub.service.files import write_spec
from tests.integration.conftest import TOPICS, mqtt_client, require_mosquitto
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from tests.ui.console_scenarios import _result
from whist.nightspec import LengthSpec, default_night
from whist.pattern import default_spec
from whist.protocol import encode
from whist.spec import TournamentSpec

require_mosquitto()
sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip(
        "Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True
    )

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TABLES = 3
#: Bound of every wait on the page, in milliseconds (a busy machine; never a timing assertion).
WAIT_MS = 15_000
SHOTS = Path(__file__).parents[2] / "screenshots" / "phones"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}


class Hall:
    def __init__(self, folder: Path, spec: TournamentSpec | None = None) -> None:
        # 20 minutes a hand on the room's clock (issue 26)
        spring = default_spec("alberta", TABLES, 2, name="Spring Cup")
        spec_file = write_spec(
            spec or spring.model_copy(update={"minutes": 20}), folder / "cup.toml"
        )
        self.data = folder / "hub"
        self.port = quiet_port()
        self.hub = HubProcess(
            spec_file,
            self.data,
            *("--port", str(self.port), "--bind", "127.0.0.1", "--provision-port", "0"),
            *("--phones-port", str(quiet_port())),
        ).start()
        found = re.search(r"Phones: (http://\S+)", self.hub.output)
        assert found, self.hub.output
        self.url = found.group(1)
        creds = Credentials.load_or_create(self.data / "broker", TABLES)
        self.creds = creds
        leader = creds.leader
        self.leader = SimLeader("127.0.0.1", self.port, leader.username, leader.password)
        self.leader.start()
        assert self.leader.connected.wait(WAIT_MS / 1000)

    def table_reports(self, table: int, hand: int, visitor_tricks: int) -> float:
        """The table's result through a kiosk's login; returns when it was published."""
        c = self.creds.table(table)
        kiosk = mqtt_client("127.0.0.1", self.port, c.username, c.password)
        try:
            kiosk.subscribe_acked(TOPICS.ack(table))
            result = _result(hand, table, visitor_tricks)
            published = time.perf_counter()
            kiosk.publish_acked(TOPICS.result(table), encode(result))
            assert b'"accepted"' in kiosk.expect(TOPICS.ack(table)).payload
        finally:
            kiosk.close()
        return published


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    h = Hall(tmp_path_factory.mktemp("phones-hall"))
    try:
        yield h
    finally:
        h.leader.stop()
        if h.hub.proc is not None and h.hub.proc.poll() is None:
            h.hub.terminate()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield b
        finally:
            b.close()


class Withhold:
    """Between the phones' broker and the page (Playwright's WebSocket route): while ``on``,
    the full Standings are dropped, so a score the page then moves can only have come from the
    changes gathered for the phones, not from the next full Standings."""

    def __init__(self, topic: str) -> None:
        self.topic = topic.encode()
        self.on = False

    def route(self, ws) -> None:
        server = ws.connect_to_server()  # the page's own packets go through untouched
        buffer = bytearray()

        def from_server(message: str | bytes) -> None:
            if isinstance(message, str):
                ws.send(message)
                return
            buffer.extend(message)  # MQTT packets, whole or in parts
            out = bytearray()
            while (packet := _next_packet(buffer)) is not None:
                if not (self.on and _publish_topic(packet) == self.topic):
                    out += packet
            if out:
                ws.send(bytes(out))

        server.on_message(from_server)


def _next_packet(buffer: bytearray) -> bytes | None:
    """The first whole MQTT packet in *buffer*, taken out of it; None until one is whole."""
    length, shift, i = 0, 0, 1
    while True:
        if i >= len(buffer):
            return None
        length |= (buffer[i] & 0x7F) << shift
        shift += 7
        i += 1
        if not buffer[i - 1] & 0x80:
            break
    if len(buffer) < i + length:
        return None
    packet = bytes(buffer[: i + length])
    del buffer[: i + length]
    return packet


def _publish_topic(packet: bytes) -> bytes | None:
    """The topic of an MQTT 3.1.1 PUBLISH packet (None for any other packet)."""
    if packet[0] >> 4 != 3:
        return None
    i = 1
    while packet[i] & 0x80:
        i += 1
    size = int.from_bytes(packet[i + 1 : i + 3], "big")
    return packet[i + 3 : i + 3 + size]


def page_for(browser, hall: Hall, locale: str, viewport: dict[str, int], withhold=None):
    context = browser.new_context(locale=locale, viewport=viewport, device_scale_factor=1)
    # Only the hub answers: any other address the page asked for (a CDN) would fail the test.
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url))
    page = context.new_page()
    if withhold is not None:
        page.route_web_socket(re.compile(".*"), withhold.route)
    page.goto(hall.url, timeout=WAIT_MS)
    return context, page, asked


def follows_a_result(page, hall: Hall, withhold: Withhold, table: int) -> None:
    """Table *table* reports hand 1; its team's score moves on the page, from the changes (the
    full Standings are withheld meanwhile)."""
    before = row_score(page, table)
    withhold.on = True
    try:
        sent = hall.table_reports(table, hand=1, visitor_tricks=9)
        page.wait_for_function(
            "([sel, old]) => { const e = document.querySelector(sel);"
            " return e && e.innerText !== old; }",
            arg=[f'li[data-key="team:{table}"] .score', before],
            timeout=WAIT_MS,
        )
        # A figure for the reader (never asserted: a busy machine is not a failure).
        print(f"result to the phone's page: {(time.perf_counter() - sent) * 1e3:.0f} ms")
        assert page.evaluate("document.body.dataset.source") == "changes"
        assert page.locator("#rows.unranked").count() == 1  # the ranks are the hub's, older
    finally:
        withhold.on = False


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def row_score(page, team: int) -> str:
    return page.locator(f'li[data-key="team:{team}"] .score').inner_text()


def test_the_page_shows_the_standings_and_follows_a_result(hall: Hall, browser) -> None:
    withhold = Withhold(TOPICS.standings)
    context, page, asked = page_for(browser, hall, "en-CA", PHONE, withhold)
    try:
        page.locator("#rows li").nth(TABLES - 1).wait_for(timeout=WAIT_MS)
        assert page.locator("#rows li").count() == TABLES
        # every team on its 12 flags: one place, shared, read "1=" as on the hall
        ranks = page.locator("#rows li .rank")
        assert [ranks.nth(i).inner_text() for i in range(TABLES)] == ["1="] * TABLES
        assert page.locator("#title").inner_text() == "Spring Cup"
        assert page.locator("#hand").inner_text() == "Before the first hand"
        assert page.locator("#pick").inner_text() == "Tap your team to follow it."
        # My team, picked once, remembered by the phone.
        page.locator('li[data-key="team:2"]').click()
        assert "mine" in page.locator('li[data-key="team:2"]').get_attribute("class")
        assert page.locator("#following").inner_text().startswith("You follow: 2")

        hall.leader.command("start_hand", trump="hearts")
        page.get_by_text("Hand 1 of 2").wait_for(timeout=WAIT_MS)
        assert page.locator("#trump").inner_text() == "Trump: ♥ Hearts"
        # the room's clock, from the hub's times (issue 26)
        page.get_by_text(re.compile(r"^About (19|20) minutes left$")).wait_for(timeout=WAIT_MS)
        follows_a_result(page, hall, withhold, 1)
        page.get_by_text("Hand 1 of 2 · Results in: 1 of 3").wait_for(timeout=WAIT_MS)
        shot(page, "en-390x844-changes")  # new scores, the ranks dimmed until the hub's

        page.reload()
        page.locator('li[data-key="team:2"].mine').wait_for(timeout=WAIT_MS)
        page.locator("#rows:not(.unranked) li").nth(TABLES - 1).wait_for(timeout=WAIT_MS)
        shot(page, "en-390x844")
        # (MQTT.js runs its keep-alive timer in a worker made from a blob of its own.)
        assert [u for u in asked if not u.removeprefix("blob:").startswith(hall.url)] == []
    finally:
        context.close()


def test_the_page_says_the_connection_is_lost_and_comes_back(hall: Hall, browser) -> None:
    context, page, _ = page_for(browser, hall, "en-CA", PHONE)
    try:
        page.locator("#rows li").nth(TABLES - 1).wait_for(timeout=WAIT_MS)
        hall.hub.terminate()
        page.get_by_text("Connection lost. Reconnecting…").wait_for(timeout=WAIT_MS)
        assert page.locator("#rows li").count() == TABLES  # the last standings stay on show
        shot(page, "lost-390x844")
        hall.hub.start()
        page.locator("#banner:empty").wait_for(state="attached", timeout=WAIT_MS)
        page.locator("#rows li").nth(TABLES - 1).wait_for(timeout=WAIT_MS)
    finally:
        context.close()


def test_the_page_speaks_french_on_a_french_tablet(hall: Hall, browser) -> None:
    withhold = Withhold(TOPICS.standings)
    context, page, _ = page_for(browser, hall, "fr-CA", TABLET, withhold)
    try:
        page.locator("#rows li").nth(TABLES - 1).wait_for(timeout=WAIT_MS)
        page.get_by_text("Main 1 sur 2").wait_for(timeout=WAIT_MS)
        follows_a_result(page, hall, withhold, 2)
        page.get_by_text("Main 1 sur 2 · Résultats reçus : 2 sur 3").wait_for(timeout=WAIT_MS)
        shot(page, "fr-768x1024-changes")
        page.reload()
        page.locator("#rows:not(.unranked) li").nth(TABLES - 1).wait_for(timeout=WAIT_MS)
        assert page.locator("#trump").inner_text() == "Atout : ♥ Cœur"
        assert re.fullmatch(r"Il reste environ \d+\sminutes", page.locator("#clock").inner_text())
        assert page.locator("html").get_attribute("lang") == "fr"
        assert "Drapeaux" in page.locator("#rows").inner_text()
        shot(page, "fr-768x1024")
    finally:
        context.close()


def test_the_vendored_client_keeps_its_licence() -> None:
    www = Path(__file__).parents[2] / "hub" / "broker" / "www"
    assert "MIT License" in (www / "mqtt-LICENSE.md").read_text(encoding="utf-8")


def test_a_club_night_on_a_phone(tmp_path: Path, browser) -> None:
    spec = default_night("minnesota", 2, length=LengthSpec(unit="open"))
    hub = HubProcess(
        write_spec(spec, tmp_path / "night.toml"),
        tmp_path / "hub",
        *("--port", str(quiet_port()), "--bind", "127.0.0.1", "--provision-port", "0"),
        *("--phones-port", str(quiet_port())),
    ).start()
    try:
        found = re.search(r"Phones: (http://\S+)", hub.output)
        assert found, hub.output
        context = browser.new_context(locale="fr-CA", viewport=PHONE)
        try:
            page = context.new_page()
            page.goto(found.group(1), timeout=WAIT_MS)
            page.get_by_text("Touchez votre table pour la suivre.").wait_for(timeout=WAIT_MS)
            rows = page.locator("#rows li")
            assert rows.count() >= 2
            rows.first.click()
            page.get_by_text("Vous suivez : Table").wait_for(timeout=WAIT_MS)
            shot(page, "club-fr-390x844")
        finally:
            context.close()
    finally:
        hub.terminate()


def test_a_level_team_placed_by_the_count_back_says_so(tmp_path: Path, browser) -> None:
    """Gaspésie: after two manches every team is on 2 points, and the count-back places them
    (rules G6). Each row says what placed it, as the hall does."""
    hall = Hall(tmp_path, default_spec("gaspesie", TABLES, 2, name="Coupe de Gaspé"))
    context = None
    try:
        for hand, won in ((1, (7, 6, 7)), (2, (6, 7, 7))):
            assert hall.leader.command("start_hand", trump="hearts").ok
            for table, visitors in enumerate(won, start=1):
                hall.table_reports(table, hand, visitors)
            assert hall.leader.command("close_hand").ok
        context, page, _ = page_for(browser, hall, "fr-CA", PHONE)
        rows = page.locator("#rows li")
        rows.filter(has_text="départagée à rebours").nth(TABLES - 1).wait_for(timeout=WAIT_MS)
        ranks = page.locator("#rows li .rank")
        assert [ranks.nth(i).inner_text() for i in range(TABLES)] == ["1", "2", "3"]
        shot(page, "placed-fr-390x844")
    finally:
        if context is not None:
            context.close()
        hall.leader.stop()
        hall.hub.terminate()
