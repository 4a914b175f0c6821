"""What the three screen apps share — the table kiosk (:mod:`kiosk`), the leader's console
(:mod:`console`) and the hall display (:mod:`hall`): the theme and fonts, one translation
API and every catalog, widgets, the app's start, settings files and their set-up screen,
and the MQTT connection of the console and the hall.

It imports :mod:`whist`, Kivy and paho-mqtt, never one of the three apps
(tests/test_layout.py holds every rule of the layout).
"""
