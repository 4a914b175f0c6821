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


def table_rules(first: str, never: str) -> dict[str, set[str]]:
    """The rows of a table of docs/layout.md whose first cell matches ``first``: that cell ->
    what its last cell names (matches of ``never``)."""
    table: dict[str, set[str]] = {}
    for line in RULES_FILE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(first, cells[0]):
            table[cells[0].strip("`")] = set(re.findall(never, cells[2]))
    return table


def hub_rules() -> dict[str, set[str]]:
    """hub's sub-package -> the modules it must never import, read from "Inside the hub"."""
    return table_rules(r"`hub\.\w+`", r"`(hub\.\w+)`")


def imported_modules(source: str, package: str) -> set[str]:
    """Dotted names of every import in ``source`` (a module of ``package``), wherever it
    stands; ``from a import b`` gives ``a`` and ``a.b`` (b may be a module); a relative import
    is made absolute."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


def forbidden(names: set[str], never: set[str]) -> list[str]:
    return sorted(n for n in names if any(n == f or n.startswith(f + ".") for f in never))


def test_the_hub_table_names_every_sub_package():
    found = {f"hub.{d.name}" for d in (ROOT / "hub").iterdir() if (d / "__init__.py").is_file()}
    assert set(hub_rules()) == found
    assert len(found) >= 4


def test_what_the_hub_table_allows_has_no_cycle():
    table = hub_rules()
    allowed = {sub: set(table) - never - {sub} for sub, never in table.items()}
    done: set[str] = set()
    while len(done) < len(allowed):
        ready = {sub for sub, needs in allowed.items() if sub not in done and needs <= done}
        assert ready, f"a cycle among {sorted(set(allowed) - done)}"
        done |= ready


@pytest.mark.parametrize("sub", sorted(hub_rules()))
def test_no_hub_sub_package_imports_what_its_rule_forbids(sub):
    never = hub_rules()[sub]
    offenders = {}
    for path in sorted((ROOT / sub.replace(".", "/")).rglob("*.py")):
        package = ".".join(path.parent.relative_to(ROOT).parts)
        names = imported_modules(path.read_text(encoding="utf-8"), package)
        if forbidden(names, never):
            offenders[str(path.relative_to(ROOT))] = forbidden(names, never)
    assert offenders == {}


def test_the_hub_check_would_catch_each_way_of_importing():
    never = {"hub.service", "hub.cli"}
    for source in (
        "from hub.service.store import EventStore\n",
        "def later():\n    import hub.service.core\n",
        "from hub import service\n",
        "from ..service import store\n",
        "from hub.cli import main\n",
    ):
        assert forbidden(imported_modules(source, "hub.paper"), never), source
    assert forbidden(imported_modules("from hub.paper.sheets import Paper\n", "hub.x"), never) == []


def core_rules() -> dict[str, set[str]]:
    """hub.service's module -> what it must never import, read from "Inside the hub's core"."""
    return table_rules(r"`hub\.service\.\w+`", r"`([\w.]+)`")


def runtime_imports(source: str, package: str) -> set[str]:
    """As :func:`imported_modules`, leaving out imports for type hints only (the body of an
    ``if TYPE_CHECKING:``)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            node.body = [ast.Pass()]
    return imported_modules(ast.unparse(tree), package)


def test_the_core_table_names_every_module_of_the_service():
    found = {f"hub.service.{p.stem}" for p in (ROOT / "hub" / "service").glob("*.py")}
    assert set(core_rules()) == found - {"hub.service.__init__"}


@pytest.mark.parametrize("module", sorted(core_rules()))
def test_no_module_of_the_core_imports_what_its_rule_forbids(module):
    path = ROOT / (module.replace(".", "/") + ".py")
    names = runtime_imports(path.read_text(encoding="utf-8"), "hub.service")
    assert forbidden(names, core_rules()[module]) == []


def test_the_core_check_skips_type_hints_only_and_catches_the_rest():
    hints = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from whist.night import N\n"
    assert forbidden(runtime_imports(hints, "hub.service"), {"whist.night"}) == []
    for source in (
        "from whist.night import ClubNight\n",
        "def later():\n    from .feed import Feed\n",
        "import hub.service.core\n",
    ):
        names = runtime_imports(source, "hub.service")
        assert forbidden(names, {"whist.night", "hub.service.feed", "hub.service.core"}), source


#: What names a kind of event: only the event files (hub/service/files.py, reading and writing
#: them) and the opening of the log (hub/service/kinds.py) may ask which one the hub holds.
KIND_NAMES = {
    "Tournament",
    "ClubNight",
    "TournamentSpec",
    "NightSpec",
    "TournamentCreated",
    "NightCreated",
}


def kind_questions(source: str) -> list[str]:
    """Every ``isinstance(x, K)`` in ``source`` whose K names a kind of event."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "isinstance":
            names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            if names & KIND_NAMES:
                found.append(ast.unparse(node))
    return found


def test_only_the_event_files_and_their_opening_ask_which_kind_of_event_the_hub_holds():
    asked = {
        str(path.relative_to(ROOT)): kind_questions(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "hub" / "service").glob("*.py"))
        if path.name not in ("kinds.py", "files.py")
    }
    assert {path: q for path, q in asked.items() if q} == {}
    assert kind_questions("if isinstance(core, (ClubNight, int)):\n    pass\n")
