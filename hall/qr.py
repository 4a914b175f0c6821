# Kivy ships no type information: this file says so itself (see hall/ui.py).
# mypy: disable-error-code="import-untyped"
# mypy: disallow-subclassing-any=False
"""The QR code of the players' phones' page (hub/broker/phones.py) in the hall's header.

The hall reaches the hub at hall.toml's ``host``; the phones' page is on the same machine at
``phones_port`` (``whist-hub serve --phones-port``, 8080 by default; 0 in hall.toml: no code).
The code is drawn from ``segno``'s matrix, one texture pixel a module, scaled without smoothing.

>>> phones_url("192.168.1.10", 8080)
'http://192.168.1.10:8080/'
"""

from __future__ import annotations

from typing import Any

import segno
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import StringProperty
from kivy.uix.widget import Widget

#: Light modules around the code, as the standard asks (4), so a phone finds its edges.
QUIET = 4


def phones_url(host: str, port: int) -> str:
    """The phones' page of the hub at *host*, or '' when the hall shows none (port 0)."""
    if not port:
        return ""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def qr_pixels(url: str) -> tuple[int, bytes]:
    """The code of *url* as a square of ``side`` luminance bytes (0 dark, 255 light), its
    quiet zone included, bottom row first (as a Kivy texture is filled)."""
    matrix = [list(row) for row in segno.make(url, error="m", micro=False).matrix]
    side = len(matrix) + 2 * QUIET
    light = bytes([255]) * side
    rows = [light] * QUIET
    for row in matrix:
        rows.append(
            bytes([255]) * QUIET + bytes(0 if m else 255 for m in row) + bytes([255]) * QUIET
        )
    rows += [light] * QUIET
    return side, b"".join(reversed(rows))


class PhonesQR(Widget):
    """A square QR code of ``url``, as big as the widget's smaller side; nothing when empty."""

    url = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._texture: Texture | None = None
        self.bind(url=self._draw, pos=self._draw, size=self._draw)

    def on_url(self, instance: Any, url: str) -> None:
        self._texture = None
        if url:
            side, pixels = qr_pixels(url)
            texture = Texture.create(size=(side, side), colorfmt="luminance")
            texture.blit_buffer(pixels, colorfmt="luminance", bufferfmt="ubyte")
            texture.mag_filter = "nearest"
            texture.min_filter = "nearest"
            self._texture = texture

    def _draw(self, *args: Any) -> None:
        self.canvas.clear()
        if self._texture is None:
            return
        side = min(self.width, self.height)
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(
                texture=self._texture,
                pos=(self.x + (self.width - side) / 2, self.y + (self.height - side) / 2),
                size=(side, side),
            )
