"""whist/ must stay pure: no network, GUI, hardware or database library, ever."""

import ast
from pathlib import Path

import whist

#: Libraries of the edges. The AST check also bans the stdlib's own I/O doorways.
EDGE_LIBRARIES = {"paho", "kivy", "gpiozero", "serial", "sqlite3", "tomli_w"}
FORBIDDEN = EDGE_LIBRARIES | {"socket", "subprocess"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_whist_imports_no_io_library():
    package = Path(whist.__file__).parent
    offenders = {
        str(path.relative_to(package)): sorted(imported_roots(path) & FORBIDDEN)
        for path in package.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_purity_check_would_catch_an_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("import paho.mqtt.client as mqtt\nfrom sqlite3 import connect\n")
    assert imported_roots(sneaky) & FORBIDDEN == {"paho", "sqlite3"}


def test_importing_the_core_loads_no_io_library():
    import subprocess
    import sys

    code = (
        "import sys, whist.tournament, whist.views, whist.pattern, whist.bot, whist.protocol\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(EDGE_LIBRARIES)!r})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
