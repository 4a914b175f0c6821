"""Every "never imports" rule of docs/layout.md, checked on every module of every package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_FILE = ROOT / "docs" / "layout.md"


def rules() -> dict[str, set[str]]:
    """package -> the roots it must never import, read from the table of docs/layout.md."""
    table: dict[str, set[str]] = {}
    for line in RULES_FILE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not re.fullmatch(r"`\w+`", cells[0]):
            continue
        table[cells[0].strip("`")] = set(re.findall(r"`(\w+)`", cells[2]))
    return table


def imported_roots(source: str) -> set[str]:
    """Top-level names of every absolute import in ``source``, wherever it stands."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def kv_imports(source: str) -> set[str]:
    """``#:import name module`` lines of a .kv file."""
    return {m.split(".")[0] for m in re.findall(r"^#:import\s+\w+\s+([\w.]+)", source, re.M)}


def test_the_table_names_every_package():
    assert set(rules()) == {"whist", "hub", "uikit", "kiosk", "console", "hall", "hardware"}
    for package in rules():
        assert (ROOT / package / "__init__.py").is_file(), package


@pytest.mark.parametrize("package", sorted(rules()))
def test_no_package_imports_what_its_rule_forbids(package):
    never = rules()[package]
    offenders = {}
    for path in sorted((ROOT / package).rglob("*")):
        if path.suffix == ".py":
            found = imported_roots(path.read_text(encoding="utf-8"))
        elif path.suffix == ".kv":
            found = kv_imports(path.read_text(encoding="utf-8"))
        else:
            continue
        if found & never:
            offenders[str(path.relative_to(ROOT))] = sorted(found & never)
    assert offenders == {}


def test_the_check_would_catch_a_hidden_import():
    source = "def later():\n    from console.presenter import LeaderPresenter\n"
    assert "console" in imported_roots(source)
    assert kv_imports("#:import theme console.theme\n") == {"console"}
