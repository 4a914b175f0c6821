"""A club night's sheets on the paper asked for, names whole (issue 29, item 10): ``--paper
letter`` prints on Letter (279.4 mm wide, not A4's 297), and an 8-to-1 sheet never breaks a
name inside a word ("Marg-aret"): it makes the name smaller instead. The PDF is WeasyPrint's,
read back by PDFium."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from hub.paper.clubsheets import club_sheet, write_club_sheets
from whist.nightspec import default_night, load_night

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


def test_an_eight_to_one_sheet_never_breaks_a_name_inside_a_word():
    for language in ("en", "fr"):
        html = club_sheet(night("eight-to-one"), language)
        names = re.findall(r'<span class="nm"[^>]*>(.*?)</span>', html)
        assert names, "the players' names under the headings"
        for shown in names:
            # a line ends only at the name's own hyphen or space: put back, it is the name
            whole = shown.replace("-<br>", "-").replace("<br>", " ")
            assert whole in {"Marguerite", "Bartholomew", "Jean-Claude", "Thérèse"}, shown
