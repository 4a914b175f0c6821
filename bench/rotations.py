"""How often the same people meet in the built-in patterns, before and after the fair
rotations of docs/rules.md (P8, P9): prints figures, asserts nothing (the guarantees are
tested in tests/unit/test_rotations.py).

Run: .venv/bin/python bench/rotations.py

"before" is the pattern as it was until P8 and P9, rebuilt here from its old formulas:
Gaspésie took the captain's partners 2, 3, 1 in turn whatever the number of tables; Alberta
shifted its offsets one step at each new round of the hall.
"""

from whist.formats import Format
from whist.movement import progression
from whist.pattern import Move, default_spec, rotation_figures

GASPESIE_TABLES = (3, 4, 7, 10, 11, 13, 16, 30)
ALBERTA = ((3, 30), (4, 30), (5, 30), (7, 30), (10, 50), (13, 50), (16, 30), (16, 50), (30, 50))


def old_gaspesie(tables: int, manches: int) -> list[Move]:
    travellers = (("1", "3"), ("1", "2"), ("2", "3"))
    return [(travellers[i % 3], k) for i, k in enumerate(progression(manches, tables))]


def old_alberta(tables: int, hands: int) -> list[Move]:
    span = tables - 1
    pairs = (("A", "B"), ("X", "Y"), ("A", "X"), ("B", "Y"), ("A", "Y"), ("B", "X"))
    return [(pairs[i % 6], (i + i // span) % span + 1) for i in range(hands)]


def now(fmt: Format, tables: int, hands: int) -> list[Move]:
    return [(p.travellers, p.offset) for p in default_spec(fmt, tables, hands).pattern]


def main() -> None:
    g = Format.GASPESIE
    print("Gaspésie, 24 manches: most times one foursome meets (repeated meetings in the hall)")
    print("tables  before        after")
    for tables in GASPESIE_TABLES:
        old = rotation_figures(g, tables, old_gaspesie(tables, 24))
        new = rotation_figures(g, tables, now(g, tables, 24))
        print(
            f"{tables:>6}  {old.most_foursome:>2} ({old.foursome_repeats:>4})"
            f"     {new.most_foursome:>2} ({new.foursome_repeats:>4})"
        )
    a = Format.ALBERTA
    print()
    print("Alberta: travelling pairs back at a table they already visited (most visits of one")
    print("pair to one table) / teams at the same host two hands running / most meetings of")
    print("one foursome, either way round; whole hall")
    print("tables hands  before                    after")
    for tables, hands in ALBERTA:
        old = rotation_figures(a, tables, old_alberta(tables, hands))
        new = rotation_figures(a, tables, now(a, tables, hands))
        print(
            f"{tables:>6} {hands:>5}  {old.pair_revisits:>4} ({old.most_pair}) / "
            f"{old.same_host_running:>3} / {old.most_foursome}      "
            f"{new.pair_revisits:>4} ({new.most_pair}) / {new.same_host_running:>3} / "
            f"{new.most_foursome}"
        )


if __name__ == "__main__":
    main()
