"""``whist-hub``: the leader's command line (see docs/leaders-guide.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from hub.files import read_spec, write_spec
from whist.errors import WhistError
from whist.formats import Format
from whist.pattern import DEFAULT_HANDS, default_spec


def _fail(message: str) -> None:
    click.echo(f"whist-hub: {message}", err=True)
    sys.exit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="military-whist")
def main() -> None:
    """Run a Military Whist tournament: tournament files, the hub, exports."""


@main.command()
@click.option(
    "--format",
    "format_",
    required=True,
    type=click.Choice([f.value for f in Format]),
    help="alberta: flags (Alberta 55 Plus); gaspesie: points (whist militaire, Gaspésie).",
)
@click.option("--tables", required=True, type=click.IntRange(3, 500), help="Number of tables.")
@click.option(
    "--hands",
    type=click.IntRange(1, 200),
    default=None,
    help=f"Hands to play (default: alberta {DEFAULT_HANDS[Format.ALBERTA]}, "
    f"gaspesie {DEFAULT_HANDS[Format.GASPESIE]}). Alberta 50 = two days (30 + 20).",
)
@click.option("--name", default=None, help="Tournament name shown on every screen.")
@click.option(
    "--leader-trump",
    is_flag=True,
    help="Leave every trump to the leader (announced at each hand) instead of a fixed cycle.",
)
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Tournament file to write (TOML).",
)
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
def new(
    format_: str,
    tables: int,
    hands: int | None,
    name: str | None,
    leader_trump: bool,
    out: Path,
    force: bool,
) -> None:
    """Write a new tournament file with a balanced pattern."""
    if out.exists() and not force:
        _fail(f"{out} already exists (use --force to overwrite it)")
    try:
        spec = default_spec(format_, tables, hands, name=name, leader_chooses_trump=leader_trump)
    except (WhistError, ValueError) as exc:
        _fail(str(exc))
    write_spec(spec, out)
    days = " + ".join(str(d.hands) for d in spec.days)
    click.echo(
        f"Wrote {out}: {spec.name}; {spec.format.value}, {spec.tables} tables, "
        f"{spec.hands} hands ({len(spec.days)} day{'s' if len(spec.days) > 1 else ''}: {days})."
    )
    click.echo(f"Edit team and player names in it, then check it with: whist-hub schedule {out}")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the whole pattern as JSON: one array of Assignments per hand.",
)
def schedule(file: Path, as_json: bool) -> None:
    """Check a tournament file and print its pattern of play."""
    from whist.views import schedule as build

    try:
        spec = read_spec(file)
    except WhistError as exc:
        _fail(str(exc))
    hands = build(spec)
    if as_json:
        payload = [[a.model_dump(mode="json") for a in hand] for hand in hands]
        click.echo(json.dumps(payload, ensure_ascii=False))
        return
    click.echo(f"{spec.name}: {spec.format.value}, {spec.tables} tables, {spec.hands} hands")
    for plan in spec.pattern:
        if plan.hand == 1 or spec.day_of(plan.hand) != spec.day_of(plan.hand - 1):
            click.echo(f"Day {spec.day_of(plan.hand)}")
        trump = "leader's choice" if plan.leader_chooses_trump else plan.trump
        first = hands[plan.hand - 1][0]
        click.echo(
            f"  hand {plan.hand:>3}: {' & '.join(plan.travellers)} travel {plan.offset} "
            f"table{'s' if plan.offset > 1 else ''} ahead (team 1 to table {first.away.table});"
            f" trump {trump}"
        )


if __name__ == "__main__":  # pragma: no cover
    main()
