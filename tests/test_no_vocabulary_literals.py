"""No module outside the core compares a phase, a status, a unit or an outcome's reason with
a bare string: it names the member of ``whist.enums`` (``v.phase == Phase.PLAYING``).

The check walks the syntax tree of every module of the apps and the hub and finds each
comparison (``==``, ``!=``, ``in``, ``not in``) or ``match`` of a field that holds one of these
words (``phase``, ``status``, ``unit``, ``wins``, ``why``…) with a string among that field's
words (``"playing"``, ``"accepted"``, ``"flags"``…). ``PENDING`` lists the places left in
modules another change was rewriting at the time (issue 22); each number may only go down,
and a new place fails the test.

Run ``python tests/test_no_vocabulary_literals.py`` to list the places.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

from whist.enums import AckStatus, CountStatus, OutcomeReason, Phase, Unit

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("hub", "kiosk", "console", "hall", "uikit", "hardware")
_UNITS = frozenset(Unit)
#: A field's name (an attribute or a variable) and the words it holds.
WORDS: dict[str, frozenset[str]] = {
    "phase": frozenset(Phase),
    "status": frozenset(AckStatus) | frozenset(CountStatus),
    "why": frozenset(OutcomeReason),
    **dict.fromkeys(("unit", "wins", "night_unit", "length", "lengths", "ranks_by"), _UNITS),
}
#: Places still to change, in modules being rewritten by another change (issue 22); the lead
#: empties it after the merge.
PENDING: dict[str, int] = {}


def _field(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript):  # ranks_by[-1]
        return _field(node.value)
    return None


def _strings(node: ast.AST) -> list[ast.Constant]:
    return [
        c for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)
    ]


def _found_in(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
        elif isinstance(node, ast.Match):
            sides = [node.subject, *(case.pattern for case in node.cases)]
        else:
            continue
        for side in sides:
            words = WORDS.get(_field(side) or "")
            if words is None:
                continue
            for other in sides:
                if other is not side:
                    found += [(c.lineno, c.value) for c in _strings(other) if c.value in words]
    return found


def places(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """Every (file, line, word) where a module of :data:`PACKAGES` compares a field of
    :data:`WORDS` with a bare string."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            where = str(path.relative_to(root))
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [(where, line, word) for line, word in _found_in(tree)]
    return sorted(set(found))


def test_no_module_outside_the_core_compares_a_phase_status_unit_or_reason_string() -> None:
    counts = Counter(where for where, _line, _word in places())
    grown = {f: n for f, n in counts.items() if n > PENDING.get(f, 0)}
    assert not grown, (
        f"these modules compare a bare string where whist.enums has a member: {grown}; "
        f"run python {Path(__file__).relative_to(ROOT)} for the lines"
    )
    paid = {f: n for f, n in PENDING.items() if counts.get(f, 0) < n}
    assert not paid, f"fewer places than PENDING says: lower its numbers to {dict(counts)}"


def test_the_check_finds_what_it_looks_for() -> None:
    # the check itself: each kind of place is found, a member and another field are not
    source = """
if v.phase == "playing" or ack.status in ("accepted", "duplicate"): pass
if rules.unit != "flags" and "games" in game.lengths and ranks_by[-1] == "tricks": pass
match o.why:
    case "fault": pass
if v.phase == Phase.PLAYING or self.step == "revokes" or op == "deals": pass
"""
    found = _found_in(ast.parse(source))
    assert sorted(word for _line, word in found) == [
        "accepted", "duplicate", "fault", "flags", "games", "playing", "tricks",
    ]  # fmt: skip


if __name__ == "__main__":
    for row in places(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT):
        print(*row)
