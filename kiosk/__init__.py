"""The Kivy screens: the table kiosk, the leader console and the hall display."""
