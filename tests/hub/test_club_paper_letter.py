"""A club night's sheets on the paper asked for, names whole (issue 29, item 10): ``--paper
letter`` prints on Letter (279.4 mm wide, not A4's 297), and an 8-to-1 sheet never breaks a
name inside a word ("Marg-aret"): it makes the name smaller instead. The PDF is WeasyPrint's,
read back by PDFium."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from hub.paper import clubsheets
from hub.paper.clubsheets import club_grid, club_sheet, write_club_sheets
from whist.formats import Format
from whist.nightspec import default_night, load_night
from whist.paper import club_sheet_pages

MM_PER_PT = 25.4 / 72


def night(game: str):
    data = default_night(game, 1).to_dict()
    names = ["Marguerite", "Bartholomew", "Jean-Claude", "Thérèse Lévesque"]
    data["seating"][0]["players"] = dict(zip(data["seating"][0]["players"], names, strict=False))
    return load_night(data)


@pytest.mark.parametrize(("paper", "width", "height"), [("letter", 279.4, 215.9)])
def test_the_pdf_is_on_the_paper_asked_for(tmp_path, paper, width, height):
    pdf = write_club_sheets(tmp_path, night("eight-to-one"), "fr", paper=paper)[-1]
    doc = pdfium.PdfDocument(pdf)
    try:
        sizes = {tuple(round(x * MM_PER_PT, 1) for x in page.get_size()) for page in doc}
        text = doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    assert sizes == {(width, height)}
    for name in ("Marguerite", "Bartholomew"):
        assert name in text  # whole, never "Margue-" over "rite"


@pytest.mark.parametrize("game", ["eight-to-one", "solo", "widow", "knockout"])
def test_a_name_under_a_heading_is_never_broken_inside_a_word(game):
    """A player's name under a seat's column is whole, or on two lines at its own hyphen
    or space; where the names do not all fit at the headings' size (8-to-1's thirteen
    columns), none is printed there and the seat's letter stands alone: the players' line
    above the grid names every seat."""
    for language in ("en", "fr"):
        spec = night(game)
        html = club_sheet(spec, language)
        names = re.findall(r'<span class="nm">(.*?)</span>', html)
        for shown in names:
            # a line ends only at the name's own hyphen or space: put back, it is the name
            whole = shown.replace("-<br>", "-").replace("<br>", " ")
            assert whole in {"Marguerite", "Bartholomew", "Jean-Claude", "Thérèse"}, shown
        page = club_sheet_pages(spec)[0]
        fits = club_grid(page, language).names
        assert bool(names) == any(fits)
        if game == "widow":  # three players: their names fit over their columns
            assert names
        who = html.split('<p class="who">')[1].split("</p>")[0]
        assert all(p.name in who for p in page.players if p.name)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", [f.value for f in Format.club_games()])
def test_every_grid_fits_the_narrower_paper_with_every_heading_at_12_pt(game, language):
    """Every game's grid, with all the seats it can have (a Knockout table of seven), fits
    the width of Letter less its margins with every heading, code and name at 12 pt: no
    column squeezed below what it holds (which would clip it)."""
    data = default_night(game, 1).to_dict()
    seats = Format(game).club.seats
    long = ["Bartholomew", "Jean-Claude", "Marguerite", "Thérèse", "Maximilien", "Gwendolyn"]
    data["seating"][0]["players"] = {s: long[i % len(long)] for i, s in enumerate(seats)}
    page = club_sheet_pages(load_night(data))[0]
    grid = club_grid(page, language)
    assert grid.fits, [round(w, 1) for w in grid.widths]
    assert round(sum(grid.widths), 1) == round(clubsheets._TABLE_MM, 1)
