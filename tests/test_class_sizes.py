"""No god objects in the apps (issue 22): every class of the hub, the three screen apps, the
UI kit and the hardware stays under 600 lines — one presenter per screen, not one per app."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("hub", "kiosk", "console", "hall", "uikit", "hardware")
MOST_LINES = 600


def class_sizes(source: str) -> dict[str, int]:
    """Each class of ``source`` (nested ones too) and its length in lines, decorators and
    docstring included."""
    sizes = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            assert node.end_lineno is not None
            sizes[node.name] = node.end_lineno - first + 1
    return sizes


def test_no_class_in_the_apps_is_over_600_lines():
    too_big = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for name, lines in class_sizes(path.read_text(encoding="utf-8")).items():
                if lines > MOST_LINES:
                    too_big[f"{path.relative_to(ROOT)}:{name}"] = lines
    assert too_big == {}


def test_the_size_check_counts_a_class_from_its_decorator_to_its_last_line():
    body = "".join(f"    x{i} = {i}\n" for i in range(MOST_LINES))
    sizes = class_sizes(f"@dataclass\nclass Big:\n{body}\nclass Small:\n    pass\n")
    assert sizes == {"Big": MOST_LINES + 2, "Small": 2}
    assert sizes["Big"] > MOST_LINES
