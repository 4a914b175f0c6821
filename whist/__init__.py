"""The game of Military Whist, pure: cards, formats, movements, patterns, the tournament.

Nothing in this package does I/O or imports a network, GUI, hardware or database library;
``tests/unit/test_purity.py`` fails if it does. The hub, kiosks and hardware adapters only
translate between the world and the events defined here.
"""
