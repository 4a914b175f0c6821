"""The leader's console (``whist-leader``): start hands, watch every table, correct, lend,
end the day, break ties, print the sheets.

Same layers as the table kiosk: :mod:`console.screens` holds the behaviour with no Kivy,
one presenter per screen on one store and one router, put together by
:mod:`console.presenter`; :mod:`console.ui` and ``kv/*.kv`` (one per screen) draw it and
forward touches to their screen's presenter;
:mod:`uikit.connection` speaks MQTT and hops every event to the UI thread through a
``post`` callable. The hall display (:mod:`hall`) reuses the configuration, theme,
widgets and connection defined here.
"""
