"""No screen, sheet or hub module names a game: it asks the format (ARCHITECTURE.md).

The check walks the syntax tree of every module of the apps and the hub and counts the
places that name one of the nine games: a comparison with a game's name (``name == "solo"``,
``in ("widow", "solo")``), a table keyed by one (``{"knockout": ...}``), a ``match`` case, or
a format's enum member (``Format.SOLO``). ``ALLOWED`` lists what may stay: the command line's
own help text. ``PENDING`` held the debt while it was paid off (issue 22: 58 places in six
files when this test came); it is empty now, and a new place fails the test.

Run ``python tests/test_no_game_names.py`` to list the places.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("hub", "kiosk", "console", "hall", "uikit", "hardware")
GAMES = frozenset({
    "alberta", "gaspesie", "minnesota", "english", "american", "widow", "solo", "knockout",
    "eight-to-one", "eight_to_one",
})
#: Places that may name a game: the command line's help for ``new --hands``.
ALLOWED = {"hub/cli.py": 2}
#: Places still to move into the core; each number may only go down (empty: none left).
PENDING: dict[str, int] = {}


def places(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """Every (file, line, name) where a module of :data:`PACKAGES` names a game."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            where = str(path.relative_to(root))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                constants: list[ast.AST] = []
                if isinstance(node, ast.Compare):
                    for side in (node.left, *node.comparators):
                        constants += list(ast.walk(side))
                elif isinstance(node, ast.Dict):
                    constants += [key for key in node.keys if key is not None]
                elif isinstance(node, ast.match_case):
                    constants += list(ast.walk(node.pattern))
                elif isinstance(node, ast.Attribute) and node.attr.lower() in GAMES:
                    found.append((where, node.lineno, node.attr))
                for c in constants:
                    if (isinstance(c, ast.Constant) and isinstance(c.value, str)
                            and c.value.lower() in GAMES):
                        found.append((where, c.lineno, c.value))
    return sorted(found)


def test_no_module_outside_the_core_names_a_game() -> None:
    counts = Counter(where for where, _line, _name in places())
    expected = Counter({**ALLOWED, **PENDING})
    grown = {f: n for f, n in counts.items() if n > expected.get(f, 0)}
    assert not grown, (
        f"these modules name a game (ask the format instead): {grown}; "
        f"run python {Path(__file__).relative_to(ROOT)} for the lines"
    )
    paid = {f: n for f, n in PENDING.items() if counts.get(f, 0) < n}
    assert not paid, f"fewer places than PENDING says: lower its numbers to {dict(counts)}"


if __name__ == "__main__":
    for row in places(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT):
        print(*row)
