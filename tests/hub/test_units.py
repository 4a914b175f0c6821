"""systemd units and the install script: valid units, real console scripts, a true dry run."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = sorted((ROOT / "systemd").glob("*.service"))
SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]


def exec_start(unit: Path) -> str:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(unit.read_text())
    return parser["Service"]["ExecStart"]


def test_there_is_a_unit_per_role():
    assert {u.name for u in UNITS} >= {"whist-hub.service"}


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_exec_start_is_a_real_console_script(unit):
    command = exec_start(unit).split()[0]
    assert command.startswith("/opt/whist/venv/bin/")
    assert Path(command).name in SCRIPTS, f"{command} is not a console script"
    assert (ROOT / ".venv" / "bin" / Path(command).name).exists()


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_systemd_analyze_verify(unit, tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian package systemd)")
    # The unit as installed, with the venv path pointing at this checkout's venv.
    local = tmp_path / unit.name
    local.write_text(unit.read_text().replace("/opt/whist/venv", str(ROOT / ".venv")))
    out = subprocess.run([analyze, "verify", str(local)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr.strip() == "", out.stderr


def test_hub_unit_is_notify_with_a_watchdog():
    text = (ROOT / "systemd" / "whist-hub.service").read_text()
    for line in (
        "Type=notify",
        "WatchdogSec=",
        "Restart=on-failure",
        "StateDirectory=whist-hub",
        "DynamicUser=yes",
    ):
        assert line in text


def test_hub_unit_security_exposure_is_low():
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    out = subprocess.run(
        [analyze, "security", "--offline=true", str(ROOT / "systemd" / "whist-hub.service")],
        capture_output=True,
        text=True,
    )
    match = re.search(r"Overall exposure level for whist-hub.service: ([\d.]+)", out.stdout)
    assert match, out.stdout + out.stderr
    assert float(match.group(1)) <= 2.0  # docs/install-pi.md gives the figure


@pytest.mark.parametrize("role", ["hub", "kiosk", "hall"])
def test_install_dry_run(role):
    if not (ROOT / "systemd" / f"whist-{role}.service").exists():
        pytest.skip(f"no unit for {role} yet")
    out = subprocess.run(
        [
            str(ROOT / "systemd" / "install.sh"),
            "--role",
            role,
            "--dry-run",
            "--prefix",
            "/nonexistent/whist",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "would run: python3 -m venv /nonexistent/whist/venv" in text
    assert f"would run: /nonexistent/whist/venv/bin/pip install -q --upgrade {ROOT}" in text
    assert f"would write: /etc/systemd/system/whist-{role}.service" in text
    assert f"would run: systemctl enable whist-{role}.service" in text
    assert "dry run: nothing was changed" in text
    assert not Path("/nonexistent/whist").exists()
    # every line is a step, a would-be change, or advice: nothing ran for real
    for line in text.splitlines():
        assert line.startswith(("==> ", "would run: ", "would write: ", "    sudo ")), line


def test_install_refuses_bad_arguments():
    script = str(ROOT / "systemd" / "install.sh")
    out = subprocess.run([script, "--dry-run"], capture_output=True, text=True)
    assert out.returncode == 2 and "--role hub" in out.stderr
    out = subprocess.run([script, "--role", "toaster", "--dry-run"], capture_output=True, text=True)
    assert out.returncode == 2 and "unknown role" in out.stderr
    out = subprocess.run(
        [script, "--role", "hub", "--dry-run", "--source", "/"], capture_output=True, text=True
    )
    assert out.returncode == 2 and "not the project" in out.stderr
