"""The hall display tests share the console tests' hub link (a real hub core)."""

from tests.console.conftest import hub  # noqa: F401
