"""The printed sheets as a volunteer gets them: the PDF WeasyPrint makes, rendered to PNG by
PDFium, page by page. One landscape page per table per session, the table and its team on
every page, and no row of a table split across two pages.

The pages are saved in ``screenshots/paper/`` (git-ignored) to look at.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image

from hub.paper.sheets import results_sheet, rotation_sheet, write_pdf, write_sheets
from tests.ui.measure import ink_height
from whist.paper import rotation_pages
from whist.pattern import default_spec
from whist.spec import TournamentSpec, load_spec

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "paper"
DPI = 100  # enough to find every rule of a table (a 1.5 px border)
NAMES = [
    "Marguerite Tremblay",
    "Jean-Claude Bouchard",
    "Eleanor Whitfield",
    "Harold McAllister",
    "Bob",
    "Thérèse Lévesque-Gagnon",
    "Frank",
    "Anne",
]


def named(spec: TournamentSpec) -> TournamentSpec:
    """The spec with players' names (long ones too) and every other team named."""
    data = spec.to_dict()
    for i, team in enumerate(data["teams"]):
        for j, seat in enumerate(team["players"]):
            team["players"][seat] = NAMES[(i * 4 + j) % len(NAMES)]
        if i % 2 == 0:
            team["name"] = f"Les Joyeux Lurons de Sainte-Anne-des-Monts {i + 1}"
    return load_spec(data)


def pages(pdf: Path) -> list[tuple[Image.Image, str]]:
    """Every page of *pdf* as an image, with the text PDFium reads on it."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    for page in doc:
        image = page.render(scale=DPI / 72).to_pil()
        out.append((image, page.get_textpage().get_text_range()))
    doc.close()
    return out


#: The floor for what a player or a verifier reads on paper: capitals of 3 mm (issue 29).
MIN_CAP_MM = 3.0
MEASURE_DPI = 300  # a pixel is 0.085 mm: 12 pt capitals (3.09 mm) are 36 or 37 rows
#: DejaVu's capitals and digits stand 1493 font units high; h, k and l rise to 1556 (a code
#: in lower case, "ns_tricks", is measured by its k and scaled to its capitals).
_CAP_OVER_RISER = 1493 / 1556
#: Measured glyphs: capitals and digits without an overshoot below the line (J, Q) or an
#: accent; the risers of a lower-case word.
_CAPS = set("ABCDEFGHIKLMNOPRSTUVWXYZ0123456789")
_RISERS = set("hkl")


def capitals(pdf: Path, index: int = 0) -> list[tuple[str, float]]:
    """Every word on page ``index`` of ``pdf``, with the height (mm) of its type's capitals as
    printed: the page rendered to PNG at 300 dpi, and the ink of the word's first capital or
    digit (else its first h, k or l) counted in pixel rows by tests/ui/measure.py. A glyph
    is measured once per letter, size and font (the 16 deal numbers' "1"s are one); a glyph
    not drawn where the PDF's text has it (the end of a text cut short at its cell's last
    line) is not measured."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        scale = MEASURE_DPI / 72
        image = page.render(scale=scale).to_pil()
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        font = ctypes.create_string_buffer(128)
        flags = ctypes.c_int()
        measured: dict[tuple[str, float, bytes], float] = {}
        found = []
        for match in re.finditer(r"\S+", text):
            word = match.group()
            at = next((k for k, c in enumerate(word) if c in _CAPS), None)
            if at is None:
                at = next((k for k, c in enumerate(word) if c in _RISERS), None)
            if at is None:
                continue
            i = match.start() + at
            pdfium_c.FPDFText_GetFontInfo(textpage.raw, i, font, 128, ctypes.byref(flags))
            key = (word[at], round(pdfium_c.FPDFText_GetFontSize(textpage.raw, i), 1), font.value)
            if key not in measured:
                left, bottom, right, top = textpage.get_charbox(i)
                box = (left * scale - 3, bottom * scale - 3, right * scale + 3, top * scale + 3)
                rows = ink_height(image, box, first_glyph=True)
                if rows < 0.5 * (top - bottom) * scale:
                    continue  # not drawn: the end of a text cut at its cell's last line
                ratio = 1.0 if word[at] in _CAPS else _CAP_OVER_RISER
                measured[key] = rows * 25.4 / MEASURE_DPI * ratio
            found.append((word, measured[key]))
        return found
    finally:
        doc.close()


def under_floor(pdf: Path, index: int = 0) -> dict[str, float]:
    """The words on the page whose capitals are under 3 mm, and their height."""
    return {w: round(mm, 2) for w, mm in capitals(pdf, index) if mm < MIN_CAP_MM}


def rules(image: Image.Image) -> list[int]:
    """The y of every horizontal rule of the page's table: a line of dark pixels across
    most of the page's width (a row's top or bottom border)."""
    width, height = image.size
    dark = image.convert("L").point(lambda v: 255 if v < 160 else 0)
    ys = []
    for y in range(height):
        line = dark.crop((0, y, width, y + 1))
        if (line.histogram()[255]) > 0.8 * width:
            ys.append(y)
    grouped: list[int] = []
    for y in ys:
        if not grouped or y - grouped[-1] > 2:
            grouped.append(y)
        else:
            grouped[-1] = y
    return grouped


def whole_rows(image: Image.Image) -> int:
    """How many body rows the page's table shows, each closed by rules above and below it;
    fails when a row is cut (a piece of a row is lower than the others)."""
    ys = rules(image)
    assert len(ys) >= 3, f"no table with a header and a row on the page (rules at {ys})"
    body = [b - a for a, b in pairwise(ys[1:])]  # below the header's rule
    tallest = max(body)
    assert all(h >= 0.75 * tallest for h in body), f"a row is cut: row heights {body}"
    bottom = image.convert("L").crop((0, ys[-1] + 3, image.size[0], image.size[1]))
    assert bottom.getextrema()[0] > 200 or _blank_below(bottom), "ink below the last rule"
    return len(body)


def _blank_below(area: Image.Image) -> bool:
    # Only white (no cell's text hanging below the table's last rule).
    return area.point(lambda v: 255 if v < 160 else 0).histogram()[255] == 0


def save(image: Image.Image, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    image.save(SHOTS / name)


@pytest.mark.parametrize(
    ("fmt", "tables", "language", "paper", "expected"),
    [
        ("alberta", 3, "en", "letter", 3 * 2),  # morning and afternoon
        ("alberta", 3, "fr", "a4", 3 * 2),
        ("gaspesie", 3, "fr", "letter", 3),  # 24 manches in one sitting
        # more tables: more pages of the same layout (a page's rows are the session's hands,
        # not the tables); the results sheet below takes 16 tables, a row each
        ("gaspesie", 5, "en", "a4", 5),
    ],
)
def test_one_landscape_page_per_table_per_session_and_no_row_split(
    tmp_path, fmt, tables, language, paper, expected
):
    spec = named(default_spec(fmt, tables))
    # the rotation sheet alone: WeasyPrint's time grows with the pages, and the results sheet
    # (a page a hand) has its own test below; write_sheets' files: the next test
    write_pdf(rotation_sheet(spec, language), tmp_path / "rotation.pdf", paper)
    rendered = pages(tmp_path / "rotation.pdf")
    assert len(rendered) == expected
    views = rotation_pages(spec)
    assert len(views) == expected
    for number, ((image, text), view) in enumerate(zip(rendered, views, strict=True), 1):
        width, height = image.size
        assert width > height, "landscape"
        assert f"Table {view.table} " in text, f"page {number}: no table number"
        if view.team_name.startswith("Les"):  # its own name (cut short if need be)
            assert view.team_name[:20] in text, f"page {number}: no team name"
        else:
            team = {"en": "Team", "fr": "Équipe"}[language]
            assert f"{team} {view.table}" in text, f"page {number}: no team"
        assert whole_rows(image) == len(view.rows), f"page {number}: rows"
        if number in (1, expected):
            save(image, f"rotation-{fmt}-{tables}-{language}-{paper}-{number}.png")
    if tables <= 3:  # what a verifier reads and writes in: capitals of 3 mm (issue 29)
        low = under_floor(tmp_path / "rotation.pdf")
        # (a Gaspésie page of 24 manches has one line of 10 pt a pair: their names at 12 pt
        # are in the list of players above the table; docs/leaders-guide.md)
        # (PDFium reads a pair cut short as "Harster" or "Jean-Clster": a name's first three
        # letters tell it; the names there are 9 or 10 pt, 2.3 mm or more)
        names = {n[:3] for n in NAMES} if fmt == "gaspesie" else set()
        assert {w for w in low if w[:3] not in names} == set(), low
        assert all(mm >= 2.2 for mm in low.values()), low


def test_write_sheets_writes_each_sheet_as_html_and_pdf(tmp_path):
    spec = named(default_spec("alberta", 3, 2))  # the fewest tables and hands
    files = write_sheets(tmp_path, spec, language="fr", paper="a4")
    names = ["rotation.html", "rotation.pdf", "results.html", "results.pdf"]
    assert files == [tmp_path / n for n in names]
    rotation, results = (pages(tmp_path / n) for n in names if n.endswith(".pdf"))
    assert (len(rotation), len(results)) == (len(rotation_pages(spec)), 2)


def test_a_session_longer_than_a_page_shares_pages_each_with_its_table(tmp_path):
    spec = named(default_spec("gaspesie", 3, 40))  # 40 manches in one sitting
    write_pdf(rotation_sheet(spec, "fr"), tmp_path / "rotation.pdf")
    rendered = pages(tmp_path / "rotation.pdf")
    assert len(rendered) == 3 * 2
    for number, (image, text) in enumerate(rendered):
        table = number // 2 + 1
        assert f"Table {table} " in text
        assert ("Manches 1 à 20 sur 40" if number % 2 == 0 else "Manches 21 à 40 sur 40") in text
        assert whole_rows(image) == 20


@pytest.mark.parametrize(("fmt", "language"), [("alberta", "en"), ("gaspesie", "fr")])
def test_the_results_sheet_has_one_page_per_hand_with_team_names(tmp_path, fmt, language):
    spec = named(default_spec(fmt, 16, 2))
    write_pdf(results_sheet(spec, None, language), tmp_path / "results.pdf")  # this sheet alone
    rendered = pages(tmp_path / "results.pdf")
    assert len(rendered) == 2
    notes = {"en": "Notes", "fr": "Notes"}[language]
    for number, (image, text) in enumerate(rendered, 1):
        assert whole_rows(image) == 16
        assert "Les Joyeux Lurons" in text and notes in text
        assert ("Manche" if fmt == "gaspesie" else "Hand") in text
        save(image, f"results-{fmt}-16-{language}-{number}.png")
    assert under_floor(tmp_path / "results.pdf") == {}  # headings of 12 pt, names, notes


def test_a_row_split_across_pages_is_caught(tmp_path):
    """The check above fails on a sheet whose rows may break: tall rows of many lines."""
    tall = "<br>".join(["Marguerite &amp; Jean-Claude"] * 14)
    rows = "".join(f"<tr><td>{n}</td><td>{tall}</td></tr>" for n in range(1, 5))
    html = (
        "<html><head><style>@page { size: landscape; margin: 10mm }"
        "table { width: 100%; border-collapse: collapse; font-size: 12pt }"
        "td, th { border: 1.5px solid #000 }</style></head><body>"
        f"<table><thead><tr><th>Hand</th><th>Names</th></tr></thead><tbody>{rows}"
        "</tbody></table></body></html>"
    )
    write_pdf(html, tmp_path / "split.pdf")
    rendered = pages(tmp_path / "split.pdf")
    assert len(rendered) > 1
    with pytest.raises(AssertionError, match=r"cut|ink"):
        for image, _text in rendered:
            whole_rows(image)


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="apt install zbar-tools")
@pytest.mark.parametrize(("fmt", "language"), [("alberta", "en"), ("gaspesie", "fr")])
def test_each_table_sheet_carries_the_phones_qr_code(tmp_path, fmt, language):
    # The players' phones' page (docs/phones.md), as `whist-hub serve` printed it: read back
    # from the printed page by zbar, as a phone's camera would; the rows keep their page.
    url = "http://192.168.1.10:8080/"
    spec = named(default_spec(fmt, 3))
    write_pdf(rotation_sheet(spec, language, phones_url=url), tmp_path / "rotation.pdf")
    rendered = pages(tmp_path / "rotation.pdf")
    views = rotation_pages(spec)
    assert len(rendered) == len(views)
    image, text = rendered[0]
    words = {"en": "Standings on your phone", "fr": "Le classement sur votre téléphone"}
    assert words[language] in " ".join(text.split())  # on two lines under the code
    assert whole_rows(image) == len(views[0].rows)
    save(image, f"rotation-{fmt}-3-{language}-phones-qr.png")
    doc = pdfium.PdfDocument(tmp_path / "rotation.pdf")
    shot = tmp_path / "page1.png"
    doc[0].render(scale=300 / 72).to_pil().save(shot)  # a phone's camera sees it this sharp
    doc.close()
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sqrcode.enable", str(shot)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert read.stdout.split() == [url], read
