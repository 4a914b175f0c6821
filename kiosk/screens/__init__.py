"""The table kiosk's screens: one presenter per screen, on one store and one router."""
