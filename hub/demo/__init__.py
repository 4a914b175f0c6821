"""The demo: a hub served with simulated kiosks and leader, and optionally real screens.

May import ``hub.service``, ``hub.broker`` and ``hub.paper``."""
