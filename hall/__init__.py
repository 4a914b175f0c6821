"""The hall display (``whist-hall``): live standings on a TV, read from 5 m.

Teams ranked by flags (or points) with the change in the last hand and per-day totals; the
hand in play, its trump and a progress bar of the tables that have reported. It pages by
itself when the teams do not fit, says so when the hub is offline, and applies
StandingsChanges between full Standings so it moves as soon as a table reports.

It reuses the leader console's configuration, theme, widgets and connection
(:mod:`console`); its texts have their own gettext domain, ``hall``.
"""
