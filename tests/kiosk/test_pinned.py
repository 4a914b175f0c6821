"""A kiosk that has joined keeps its hub (issue 23, item 3).

With settings, the kiosk connects to the broker they name and, when it is lost, paho
reconnects to that same address (``uikit.client``): nothing listens for announcements. The
network is searched in one place only, ``join_hall``, which the set-up screen starts with the
table and the leader's code, and which keeps a hub only once it has proved it knows that code.
This test reads the source, so that a "find the hub again" added one day fails here first.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from kiosk import provision

ROOT = Path(__file__).resolve().parents[2]
#: What searches the network for hubs, and what starts that search.
SEARCHES = {"discover", "join_hall", "ServiceBrowser", "Zeroconf", "get_service_info"}


def calls(package: str) -> set[tuple[str, str, str]]:
    """(file, enclosing function, name called) for each call of a SEARCHES name."""
    found: set[tuple[str, str, str]] = set()
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def visit(node: ast.AST, where: str, path: Path = path) -> None:
            for child in ast.iter_child_nodes(node):
                inner = where
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    inner = child.name
                if isinstance(child, ast.Call):
                    func = child.func
                    name = func.attr if isinstance(func, ast.Attribute) else getattr(
                        func, "id", "")
                    if name in SEARCHES:
                        found.add((str(path.relative_to(ROOT)), where, name))
                visit(child, inner)

        visit(tree, "<module>")
    return found


def test_the_network_is_searched_only_when_joining_with_the_leaders_code():
    assert calls("kiosk") == {
        ("kiosk/provision.py", "discover", "Zeroconf"),
        ("kiosk/provision.py", "discover", "ServiceBrowser"),
        ("kiosk/provision.py", "add_service", "get_service_info"),
        ("kiosk/provision.py", "join_hall", "discover"),
        ("kiosk/ui.py", "work", "join_hall"),  # the set-up screen's join, table and code typed
    }
    assert calls("uikit") == set()  # the connection every screen app uses
    assert "code" in inspect.signature(provision.join_hall).parameters

