"""The real install path (issue 27): the release kit a Pi installs from.

``scripts/release`` builds the wheel and sdist with ``python -m build`` and a kit folder (the
wheel, ``install.sh``, the units). The wheel is installed into a fresh virtual environment
outside the checkout and run from there, so a file the package forgets (a catalog, a ``.kv``,
the font) fails here and not on a Pi in a hall.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.integration.conftest import require_mosquitto

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = ("whist", "hub", "kiosk", "console", "hall", "uikit", "hardware")
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
WHEEL = f"military_whist-{VERSION}-py3-none-any.whl"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [str(ROOT / "scripts" / "release"), str(out)], capture_output=True, text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"whist-kit-{VERSION}" in done.stdout
    return out


def test_the_release_builds_a_wheel_an_sdist_and_a_kit(dist: Path) -> None:
    kit = dist / f"whist-kit-{VERSION}"
    assert (dist / WHEEL).is_file()
    assert (dist / f"military_whist-{VERSION}.tar.gz").is_file()
    assert (dist / f"whist-kit-{VERSION}.tar.gz").is_file()
    assert sorted(p.name for p in kit.iterdir()) == sorted(
        [WHEEL, "install.sh", "whist-hall.service", "whist-hub.service", "whist-keep-data.service",
         "whist-kiosk.service"]
    )


def test_the_wheel_holds_every_file_the_apps_read(dist: Path) -> None:
    """Every file git tracks in a package, of a kind the apps read at run time, is in the
    wheel (a new kind of file must be added to package-data in pyproject.toml)."""
    shipped = set(zipfile.ZipFile(dist / WHEEL).namelist())
    tracked = subprocess.run(
        ["git", "ls-files", *PACKAGES], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    needed = [
        p
        for p in tracked
        if Path(p).suffix in {".py", ".kv", ".mo", ".ttf", ".toml", ".html", ".js", ".css"}
    ]
    assert needed and any(p.endswith(".mo") for p in needed)
    assert [p for p in needed if p not in shipped] == []
    assert not any(name.startswith("tests/") for name in shipped)


def test_the_kit_installs_from_its_own_wheel(dist: Path) -> None:
    kit = dist / f"whist-kit-{VERSION}"
    out = subprocess.run(
        ["bash", str(kit / "install.sh"), "--role", "kiosk", "--dry-run",
         "--prefix", "/nonexistent/whist"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert f"pip install -q --upgrade {kit / WHEEL}[pi]" in out.stdout
    assert "would write: /etc/systemd/system/whist-kiosk.service" in out.stdout
    lone = dist / "lone"
    lone.mkdir()
    (lone / "install.sh").write_bytes((kit / "install.sh").read_bytes())
    out = subprocess.run(
        ["bash", str(lone / "install.sh"), "--role", "hub", "--dry-run"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 2 and "no software to install" in out.stderr


def test_the_installed_wheel_plays_a_demo_outside_the_checkout(
    dist: Path, tmp_path: Path
) -> None:
    require_mosquitto()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    # The libraries come from the test's own environment (no download in the suite), the
    # project only from the wheel: the checkout is on no path of the new environment.
    purelib = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = Path(subprocess.run(
        [str(venv / "bin" / "python"), "-c", purelib], capture_output=True, text=True, check=True
    ).stdout.strip())
    (site / "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    with zipfile.ZipFile(dist / WHEEL) as wheel:
        wheel.extractall(site)
    env = {
        k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}
    } | {"WHIST_MDNS_SERVICE": "_whist-rel-test._tcp.local."}
    python = str(venv / "bin" / "python")
    where = subprocess.run(
        [python, "-c", "import hub, kiosk.config, uikit.i18n; print(hub.__file__)"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )
    assert where.returncode == 0, where.stderr
    assert where.stdout.startswith(str(site)), where.stdout
    demo = subprocess.run(
        [python, "-m", "hub.cli", "demo", "--format", "gaspesie", "--tables", "3",
         "--hands", "2", "--pace", "0", "--no-screens", "--data", str(tmp_path / "data")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240,
    )
    assert demo.returncode == 0, demo.stdout[-2000:] + demo.stderr[-2000:]
    assert "Final standings" in demo.stdout or "Classement final" in demo.stdout, demo.stdout
    # The French catalogs came with the wheel: the Gaspésie demo speaks French.
    assert "Équipe" in demo.stdout
