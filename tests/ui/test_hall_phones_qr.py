"""The hall display's QR code of the phones' page decodes to the address ``whist-hub serve``
printed (issue 26): a real hub with its phones' broker, the real ``whist-hall`` under Xvfb, its
screenshot read by zbar (Debian's ``zbar-tools``: a decoder of its own, not the encoder's
library, and a well-kept one that reads a photo-like screenshot as a phone's camera would).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hub.broker.broker import Credentials
from hub.service.files import write_spec
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from tests.ui.conftest import ROOT
from tests.ui.test_console_ui import HALL_SHOTS
from whist.pattern import default_spec

ZBARIMG = shutil.which("zbarimg")
pytestmark = pytest.mark.skipif(ZBARIMG is None, reason="zbarimg missing: apt install zbar-tools")


def test_the_halls_qr_code_is_the_printed_phones_address(tmp_path: Path, kivy_env) -> None:
    spec_file = write_spec(default_spec("alberta", 3, 2, name="QR Cup"), tmp_path / "cup.toml")
    port, phones_port = quiet_port(), quiet_port()
    hub = HubProcess(
        spec_file,
        tmp_path / "hub",
        *("--port", str(port), "--bind", "127.0.0.1", "--provision-port", "0"),
        *("--phones-port", str(phones_port)),
    ).start()
    try:
        printed = re.search(r"^Phones: (\S+)$", hub.output, re.M)
        assert printed, hub.output
        hall = Credentials.load_or_create(tmp_path / "hub" / "broker", 3).hall
        config = tmp_path / "hall.toml"
        config.write_text(
            f'host = "127.0.0.1"\nport = {port}\nusername = "{hall.username}"\n'
            f'password = "{hall.password}"\nfullscreen = false\nphones_port = {phones_port}\n',
            encoding="utf-8",
        )
        HALL_SHOTS.mkdir(parents=True, exist_ok=True)
        shot = HALL_SHOTS / "en-1280x720-phones-qr.png"
        done = subprocess.run(
            [sys.executable, "-m", "tests.ui.hall_phones", str(config), str(shot)],
            cwd=ROOT,
            env=kivy_env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
        assert lines, done.stderr[-3000:]
        result = json.loads(lines[-1][len("RESULT ") :])
        assert result["screen"] == "standings"
        assert result["audit"] == [], "\n".join(result["audit"])
    finally:
        hub.terminate()
    assert ZBARIMG is not None
    read = subprocess.run(
        [ZBARIMG, "--quiet", "--raw", "-Sqrcode.enable", str(shot)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert read.stdout.strip().splitlines() == [printed.group(1)], read
