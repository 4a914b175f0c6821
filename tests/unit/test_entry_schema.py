"""The entry schema (whist/formats/entry.py): every club game declares what a table enters,
only fields its record reads, in words a screen can fill; the hub publishes it with the rules."""

from __future__ import annotations

import string

import pytest

from whist.events import NightCreated
from whist.formats import Format
from whist.formats.entry import Ask, Confirm, EntrySchema, Page, Text, When, Who
from whist.night import ClubNight, club_rules, club_score
from whist.nightspec import default_night
from whist.protocol import ClubRules, ClubScore, Result, decode, encode

CLUB = Format.club_games()
#: The placeholders a screen fills whatever the game (whist/formats/entry.py's docstring).
ALWAYS = {"deal", "round", "cards", "trump", "trump_line", "name", "left", "so_far"}


def pages_of(schema: EntrySchema) -> list[Page]:
    return [
        *schema.pages,
        *(p.aside for p in schema.pages if p.aside is not None),
    ]


def texts_of(schema: EntrySchema) -> list[Text]:
    found: list[Text] = [*schema.title, *schema.head, *schema.show.last_head]
    for line in (*schema.notes, *schema.short, *schema.heads):
        found += line
    if schema.revokes is not None:
        found += [*schema.revokes.rule, *schema.revokes.said]
    for page in pages_of(schema):
        found += [*page.question, *page.readout, *page.aside_button, *page.short]
    return found


@pytest.mark.parametrize("fmt", CLUB, ids=[f.value for f in CLUB])
def test_a_schema_asks_only_what_the_games_record_reads(fmt: Format) -> None:
    game = fmt.club
    schema = game.entry
    for page in pages_of(schema):
        if page.ask is Ask.GO:
            continue
        keys = [page.key(s) for s in game.seats] if page.each is not None else [page.key()]
        assert set(keys) <= set(game.fields), (page.field, game.fields)
        assert not page.derived or page.derived in game.fields
        for option in page.options:
            assert option.label and option.value
    # who agrees: each partnership, or everyone at once when each plays for themselves
    each_for_oneself = game.parties == game.seats
    assert schema.confirm is (Confirm.EVERYONE if each_for_oneself else Confirm.EACH_SIDE)


@pytest.mark.parametrize("fmt", CLUB, ids=[f.value for f in CLUB])
def test_every_placeholder_is_one_a_screen_fills(fmt: Format) -> None:
    schema = fmt.club.entry
    fields = set(ALWAYS)
    for page in pages_of(schema):
        fields.add(page.field)
        if page.each is not None:
            fields.add(f"{page.field}_none")
            fields.add(f"own_{page.field}")  # what the page's player entered for it
        if page.derived:
            fields.add(page.derived)  # the rest: East-West's tricks
    if schema.revokes is not None:  # each side's revokes, and what one costs
        fields |= {*schema.revokes.fields, "points"}
    conditions: list[When] = [w for t in texts_of(schema) for w in t.when]
    conditions += [w for p in pages_of(schema) for w in p.when]
    for text in texts_of(schema):
        for msgid in (text.msgid, text.plural):
            named = {name for _, name, _, _ in string.Formatter().parse(msgid) if name}
            assert named <= fields, (msgid, named - fields)
        assert not text.plural or text.count in fields
    for when in conditions:
        assert when.field in fields, when


def test_a_page_asked_of_each_player_leaves_the_last_count_to_the_rest() -> None:
    schema = Format.WIDOW.club.entry
    tricks = next(p for p in schema.pages if p.field == "tricks")
    assert tricks.each is Who.TABLE and tricks.rest and tricks.record == "tricks"
    assert tricks.key("2") == "tricks_2"


def test_a_page_applies_given_what_is_entered() -> None:
    schema = Format.SOLO.club.entry
    asked = {
        contract: [p.field for p in schema.pages if p.applies({"contract": contract})]
        for contract in ("pass", "prop", "solo")
    }
    assert asked == {
        "pass": ["contract"],
        "prop": ["contract", "bidder", "partner", "bidder_tricks"],
        "solo": ["contract", "bidder", "bidder_tricks"],
    }


@pytest.mark.parametrize("fmt", CLUB, ids=[f.value for f in CLUB])
def test_the_hub_publishes_the_schema_with_the_rules(fmt: Format) -> None:
    rules = club_rules(default_night(fmt, 1))
    assert rules.entry == fmt.club.entry
    night = ClubNight.replay([NightCreated(default_night(fmt, 1))])
    # on the wire and back: the same schema, its enums and tuples intact
    back = decode(ClubScore, encode(club_score(night, 1)))
    assert back.rules.entry == fmt.club.entry


def test_a_kiosk_of_before_reads_rules_with_the_schema_and_a_hub_of_before_sends_none() -> None:
    """Add, never break: an unknown field is ignored, and the field may be left out."""
    rules = club_rules(default_night("widow", 1))
    data = rules.model_dump(mode="json")
    assert ClubRules.model_validate({k: v for k, v in data.items() if k != "entry"}).entry is None
    assert data["entry"]["pages"][0]["ask"] == "choice"
    # sent without the parts left at their defaults; a reader fills them in again
    assert "rest" not in data["entry"]["pages"][0] and data["entry"]["pages"][1]["rest"] is True
    assert ClubRules.model_validate(data).entry == rules.entry


@pytest.mark.parametrize("fmt", Format.military(), ids=[f.value for f in Format.military()])
def test_a_military_hand_is_one_count_whose_rest_is_the_home_teams(fmt: Format) -> None:
    (page,) = fmt.rules.entry.pages
    assert (page.ask, page.field, page.derived) == (Ask.COUNT, "visitor_tricks", "home_tricks")
    assert {page.field, page.derived} <= set(Result.model_fields)
    assert fmt.rules.entry.confirm is Confirm.EACH_SIDE
