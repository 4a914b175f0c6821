"""What the hub prints and exports: score sheets (PDF), a club night's sheets, CSV exports.

Imports nothing else of ``hub``."""
