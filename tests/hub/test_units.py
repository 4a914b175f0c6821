"""systemd units and the install script: valid units, real console scripts, a true dry run."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = sorted((ROOT / "systemd").glob("*.service"))
#: Units that run a system command, not the project's: the read-only kiosk's data folder.
HELPERS = {"whist-keep-data.service"}
SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]


def exec_start(unit: Path) -> str:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(unit.read_text())
    return parser["Service"]["ExecStart"]


def test_there_is_a_unit_per_role():
    assert {u.name for u in UNITS} >= {"whist-hub.service"}


@pytest.mark.parametrize("unit", [u for u in UNITS if u.name not in HELPERS],
                         ids=lambda u: u.name)
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


def dry_run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ROOT / "systemd" / "install.sh"), "--dry-run", "--prefix", "/nonexistent/whist",
         *args],
        capture_output=True, text=True, check=False,
    )


@pytest.mark.parametrize("role", ["kiosk", "hall"])
def test_read_only_dry_run_prints_every_step(role):
    out = dry_run("--role", role, "--read-only")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    for line in lines:
        assert line.startswith(("==> ", "would run: ", "would write: ")), line
    keep = "/etc/systemd/system/whist-keep-data.service"
    wanted = [
        f"would run: install -m 0644 {ROOT}/systemd/whist-keep-data.service {keep}",
        "would run: systemctl enable whist-keep-data.service",
        "would run: raspi-config nonint do_overlayfs 0",
    ]
    for line in wanted:
        assert line in lines, out.stdout
    # the Pi 5's step: the running kernel's own initramfs, before the overlay is turned on
    initramfs = [n for n, line in enumerate(lines)
                 if line.startswith("would run: update-initramfs")]
    assert len(initramfs) == 1 and lines[initramfs[0]].endswith(f"-k {os.uname().release}")
    assert initramfs[0] < lines.index("would run: raspi-config nonint do_overlayfs 0")
    if not shutil.which("dpkg-query") or subprocess.run(
        ["dpkg-query", "-W", "overlayroot"], capture_output=True, check=False
    ).returncode:
        assert any("apt-get install" in line and "overlayroot" in line for line in lines)
    assert lines[-1].endswith("(dry run: nothing was changed)")
    # a plain install says nothing of the overlay
    plain = dry_run("--role", role).stdout
    assert "overlay" not in plain and "whist-keep-data" not in plain


def test_the_hub_is_never_read_only():
    out = dry_run("--role", "hub", "--read-only")
    assert out.returncode == 2 and "the hub writes its log" in out.stderr


def test_the_data_folder_unit_adds_no_boot_dependency():
    """No fstab line, no partition, nothing local-fs.target or the boot waits for: a failure
    leaves the kiosk running (docs/install-pi.md, "Power cuts")."""
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((ROOT / "systemd" / "whist-keep-data.service").read_text())
    unit, service, install = parser["Unit"], parser["Service"], parser["Install"]
    assert unit["ConditionPathIsMountPoint"] == "/media/root-ro"  # only under the overlay
    assert "whist-kiosk.service" in unit["Before"]
    assert "Requires" not in unit and "RequiredBy" not in install
    assert install["WantedBy"].split() == ["whist-kiosk.service", "whist-hall.service"]
    assert service["Type"] == "oneshot"
    script = (ROOT / "systemd" / "install.sh").read_text()
    assert "fstab" not in script
